"""Rebuild ``tests/judge/data/offline_questions.json`` and ``offline_heldout_questions.json``:
the generated questions the offline judge's labelled answers (``offline_labelled.yaml``,
``offline_heldout.yaml``) are written against.

The questions come from the real generator without rendering (content plan, then
``make_questions``): the first question of every (category, level) pair the run holds, in
generation order. The held-out set comes from another seed and was labelled without tuning the judge on it.
Same seed and document count, same file, byte for byte::

    PYTHONPATH=$PWD python -m tests.judge.make_offline_questions          # rewrite the file
    PYTHONPATH=$PWD python -m tests.judge.make_offline_questions --check  # exit 1 if it is stale
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from generation.document.content import plan_document
from generation.plan.config import GenerationConfig
from generation.questions.build import make_questions

DATA = Path(__file__).parent / "data"
#: file name -> (seed, documents)
SETS: dict[str, tuple[int, int]] = {
    "offline_questions.json": (11, 45),
    "offline_heldout_questions.json": (23, 30),
}


def snapshot(seed: int, n_docs: int) -> list[dict[str, Any]]:
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


def render(seed: int, n_docs: int) -> str:
    """The file's text for one set."""
    rows = snapshot(seed, n_docs)
    return (
        json.dumps({"seed": seed, "n_docs": n_docs, "questions": rows}, indent=1, ensure_ascii=False) + "\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the file differs from a rebuild")
    args = parser.parse_args(argv)
    stale = 0
    for name, (seed, n_docs) in SETS.items():
        path, text = DATA / name, render(seed, n_docs)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(
                    f"{path} is stale: rebuild it with python -m tests.judge.make_offline_questions",
                    file=sys.stderr,
                )
                stale += 1
            continue
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path} ({text.count('question_id')} questions)")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
