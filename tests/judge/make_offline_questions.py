"""Rebuild ``tests/judge/data/offline_questions.json``: the generated questions the offline
judge's labelled answers (``offline_labelled.yaml``) are written against.

The questions come from the real generator without rendering (content plan, then
``make_questions``): the first question of every (category, level) pair the run holds, in
generation order. Same seed and document count, same file, byte for byte::

    PYTHONPATH=$PWD python -m tests.judge.make_offline_questions          # rewrite the file
    PYTHONPATH=$PWD python -m tests.judge.make_offline_questions --check  # exit 1 if it is stale
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from generation.config import GenerationConfig
from generation.content import plan_document
from generation.questions import make_questions

SEED = 11
N_DOCS = 45
PATH = Path(__file__).parent / "data" / "offline_questions.json"


def snapshot(seed: int = SEED, n_docs: int = N_DOCS) -> list[dict[str, Any]]:
    """One question per (category, difficulty) pair, as the judge sees it."""
    config = GenerationConfig(seed=seed, n_docs=n_docs)
    seen: set[tuple[str, str]] = set()
    out: list[dict[str, Any]] = []
    for index in range(n_docs):
        for q in make_questions(plan_document(config, index).manifest, config):
            if (q.category, q.difficulty) in seen:
                continue
            seen.add((q.category, q.difficulty))
            out.append(
                {
                    "question_id": q.question_id,
                    "subset": q.subset,
                    "category": q.category,
                    "difficulty": q.difficulty,
                    "chart_type": q.chart_type,
                    "question": q.question,
                    "reference": q.answer,
                    "answer_values": [v.model_dump() for v in q.answer_values],
                }
            )
    return sorted(out, key=lambda r: (r["subset"], r["category"], r["difficulty"]))


def render(rows: list[dict[str, Any]]) -> str:
    return (
        json.dumps({"seed": SEED, "n_docs": N_DOCS, "questions": rows}, indent=1, ensure_ascii=False) + "\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the file differs from a rebuild")
    args = parser.parse_args(argv)
    text = render(snapshot())
    if args.check:
        if not PATH.exists() or PATH.read_text(encoding="utf-8") != text:
            print(
                f"{PATH} is stale: rebuild it with python -m tests.judge.make_offline_questions",
                file=sys.stderr,
            )
            return 1
        return 0
    PATH.write_text(text, encoding="utf-8")
    print(f"wrote {PATH} ({text.count('question_id')} questions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
