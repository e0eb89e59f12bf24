"""Rebuild ``tests/judge/data/offline_questions.json`` and ``offline_heldout_questions.json``:
the generated questions the offline judge's labelled answers (``offline_labelled.yaml``,
``offline_heldout.yaml``) are written against.

The questions come from the real generator without rendering (content plan, then
``make_questions``): the first question of every (category, level) pair the run holds, in
generation order. The held-out set comes from another seed and was labelled without tuning the judge on it.
Same seed and document count, same file, byte for byte::

    PYTHONPATH=$PWD python -m tests.judge.make_offline_questions          # rewrite the file
    PYTHONPATH=$PWD python -m tests.judge.make_offline_questions --check  # exit 1 if it is stale
    PYTHONPATH=$PWD python -m tests.judge.make_offline_questions offline_heldout_v3_questions.json  # one file

``offline_heldout_v3_questions.json`` (seed 9173) and ``offline_heldout_v4_questions.json`` (seed
9561, issue 25) are FROZEN: its answers were labelled
from the rubric alone before any judge change, so a generator change must never rewrite it. The
script writes a frozen file only when it is missing, and ``--check`` does not compare it with a
rebuild; ``tests/judge/test_offline_heldout_v3.py`` and ``..._v4.py`` pin their SHA-256 instead.
``offline_labelled_v2_questions.json`` (seed 9629, 48 questions) is a tuning set (issue 25, judge4
round), not frozen: ``--check`` compares it with a rebuild like the older tuned sets.
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
    "offline_heldout_v3_questions.json": (9173, 30),
    "offline_heldout_v4_questions.json": (9561, 30),
    "offline_labelled_v2_questions.json": (9629, 30),
}
#: files written once and never rebuilt (their digests are pinned by a test)
FROZEN = frozenset({"offline_heldout_v3_questions.json", "offline_heldout_v4_questions.json"})
#: file name -> total questions: after one per pair, second questions of pairs (in generation
#: order) are added until the total is reached (seed 9173 holds 41 of the 45 pairs)
TOTALS: dict[str, int] = {
    "offline_heldout_v3_questions.json": 48,
    "offline_heldout_v4_questions.json": 48,
    "offline_labelled_v2_questions.json": 48,
}


def snapshot(seed: int, n_docs: int, total: int = 0) -> list[dict[str, Any]]:
    """One question per (category, difficulty) pair, as the judge sees it; then, up to ``total``
    questions, the second question of each pair in generation order."""
    config = GenerationConfig(seed=seed, n_docs=n_docs)
    seen: dict[tuple[str, str], int] = {}
    firsts: list[Any] = []
    seconds: list[Any] = []
    for index in range(n_docs):
        for q in make_questions(plan_document(config, index).manifest, config):
            count = seen.get((q.category, q.difficulty), 0)
            seen[(q.category, q.difficulty)] = count + 1
            if count == 0:
                firsts.append(q)
            elif count == 1:
                seconds.append(q)
    out = [
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
        for q in firsts + seconds[: max(0, total - len(firsts))]
    ]
    return sorted(out, key=lambda r: (r["subset"], r["category"], r["difficulty"]))


def render(seed: int, n_docs: int, total: int = 0) -> str:
    """The file's text for one set."""
    rows = snapshot(seed, n_docs, total)
    return (
        json.dumps({"seed": seed, "n_docs": n_docs, "questions": rows}, indent=1, ensure_ascii=False) + "\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the file differs from a rebuild")
    parser.add_argument("names", nargs="*", help=f"only these files, of {', '.join(SETS)} (default: all)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.names) - set(SETS))
    if unknown:
        parser.error(f"unknown question file {unknown[0]!r}")
    stale = 0
    for name, (seed, n_docs) in SETS.items():
        if args.names and name not in args.names:
            continue
        path = DATA / name
        if name in FROZEN and (args.check or path.exists()):
            print(f"{path} is frozen: kept as it is (its digest is pinned by a test)")
            continue
        text = render(seed, n_docs, TOTALS.get(name, 0))
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
