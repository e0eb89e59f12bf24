"""Write the question files under ``tests/judge/data/`` that the offline judge's labelled
answers (``offline_labelled.yaml``, ``offline_heldout*.yaml``, ``offline_labelled_v2.yaml``) are
written against.

The questions come from the real generator without rendering (content plan, then
``make_questions``): the first question of every (category, level) pair the run holds, in
generation order. The held-out set comes from another seed and was labelled without tuning the judge on it.
A new labelling round adds its file to ``SETS`` and writes it::

    PYTHONPATH=$PWD python -m tests.judge.make_offline_questions          # write missing files
    PYTHONPATH=$PWD python -m tests.judge.make_offline_questions --check  # exit 1 if one is missing

Every file is FROZEN once written: its answers were labelled against these exact questions
(the held-out sets v3, seed 9173, v4, seed 9561, v5, seed 9613, v6, seed 9787, v7, seed 9851,
v8, seed 9949, v9, seed 9833, v10, seed 8743, v11, seed 7359, v12, seed 5813, v13, seed 6637,
v14, seed 7591, v15, seed 6353, v16, seed 3817, v17, seed 1361, v18, seed 4719, v19, seed
3467, v20, seed 3623, v21, seed 4753, v22, seed 4789, v23, seed 4731, v24, seed 4741, v25,
seed 4758, v26, seed 4709, v27, seed 4779, v28, seed 4783, v29, seed 7235, v30, seed 7679,
v31, seed 8135, v32, seed 8468, v33, seed 8579, v34, seed 8691, v35, seed 8802, v36, seed
8913, v37, seed 7802, v38, seed 6913, v39, seed 7024, v40, seed 4417, v41, seed 5529, v42, seed
6151, and v43, seed 7263, from the rubric alone before any judge ran on them; the tuning sets,
seeds 11, 23 and 9629, before the judge was tuned on them), so a generator change must never
rewrite one (a rebuild of ``offline_questions.json`` no longer gives the labelled file since
reference numbers print with their chart's decimals).
The script writes a file only when it is missing, and ``--check`` exits 1 when one is missing;
``tests/judge/test_offline_heldout_v3.py``, ``..._v4.py``, ``..._v5.py``, ``..._v6.py``,
``..._v7.py``, ``..._v8.py``, ``..._v9.py``, ``..._v10.py``, ``..._v11.py``, ``..._v12.py``,
``..._v13.py``, ``..._v14.py``, ``..._v15.py``, ``..._v16.py``, ``..._v17.py``, ``..._v18.py``,
``..._v19.py``, ``..._v20.py``, ``..._v21.py``, ``..._v22.py``, ``..._v23.py``, ``..._v24.py``,
``..._v25.py``, ``..._v26.py``, ``..._v27.py``, ``..._v28.py``, ``..._v29.py``, ``..._v30.py``,
``..._v31.py``, ``..._v32.py``, ``..._v33.py``, ``..._v34.py``, ``..._v35.py``, ``..._v36.py``,
``..._v37.py``, ``..._v38.py``, ``..._v39.py``, ``..._v40.py``, ``..._v41.py``, ``..._v42.py`` and
``..._v43.py`` pin their SHA-256.
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
    "offline_heldout_v5_questions.json": (9613, 30),
    "offline_heldout_v6_questions.json": (9787, 30),
    "offline_heldout_v7_questions.json": (9851, 30),
    "offline_heldout_v8_questions.json": (9949, 30),
    "offline_heldout_v9_questions.json": (9833, 30),
    "offline_heldout_v10_questions.json": (8743, 30),
    "offline_heldout_v11_questions.json": (7359, 30),
    "offline_heldout_v12_questions.json": (5813, 30),
    "offline_heldout_v13_questions.json": (6637, 30),
    "offline_heldout_v14_questions.json": (7591, 30),
    "offline_heldout_v15_questions.json": (6353, 30),
    "offline_heldout_v16_questions.json": (3817, 30),
    "offline_heldout_v17_questions.json": (1361, 30),
    "offline_heldout_v18_questions.json": (4719, 30),
    "offline_heldout_v19_questions.json": (3467, 30),
    "offline_heldout_v20_questions.json": (3623, 30),
    "offline_heldout_v21_questions.json": (4753, 30),
    "offline_heldout_v22_questions.json": (4789, 30),
    "offline_heldout_v23_questions.json": (4731, 30),
    "offline_heldout_v24_questions.json": (4741, 30),
    "offline_heldout_v25_questions.json": (4758, 30),
    "offline_heldout_v26_questions.json": (4709, 30),
    "offline_heldout_v27_questions.json": (4779, 30),
    "offline_heldout_v28_questions.json": (4783, 30),
    "offline_heldout_v29_questions.json": (7235, 30),
    "offline_heldout_v30_questions.json": (7679, 30),
    "offline_heldout_v31_questions.json": (8135, 30),
    "offline_heldout_v32_questions.json": (8468, 30),
    "offline_heldout_v33_questions.json": (8579, 30),
    "offline_heldout_v34_questions.json": (8691, 30),
    "offline_heldout_v35_questions.json": (8802, 30),
    "offline_heldout_v36_questions.json": (8913, 30),
    "offline_heldout_v37_questions.json": (7802, 30),
    "offline_heldout_v38_questions.json": (6913, 30),
    "offline_heldout_v39_questions.json": (7024, 30),
    "offline_heldout_v40_questions.json": (4417, 30),
    "offline_heldout_v41_questions.json": (5529, 30),
    "offline_heldout_v42_questions.json": (6151, 30),
    "offline_heldout_v43_questions.json": (7263, 30),
    "offline_labelled_v2_questions.json": (9629, 30),
}
#: files written once and never rebuilt: every labelled set's questions (held-out digests pinned by tests)
FROZEN = frozenset(SETS)
#: file name -> total questions: after one per pair, second questions of pairs (in generation
#: order) are added until the total is reached (seed 9173 holds 41 of the 45 pairs)
TOTALS: dict[str, int] = {
    "offline_heldout_v3_questions.json": 48,
    "offline_heldout_v4_questions.json": 48,
    "offline_heldout_v5_questions.json": 48,
    "offline_heldout_v6_questions.json": 48,
    "offline_heldout_v7_questions.json": 48,
    "offline_heldout_v8_questions.json": 48,
    "offline_heldout_v9_questions.json": 48,
    "offline_heldout_v10_questions.json": 48,
    "offline_heldout_v11_questions.json": 48,
    "offline_heldout_v12_questions.json": 48,
    "offline_heldout_v13_questions.json": 48,
    "offline_heldout_v14_questions.json": 48,
    "offline_heldout_v15_questions.json": 48,
    "offline_heldout_v16_questions.json": 48,
    "offline_heldout_v17_questions.json": 44,
    "offline_heldout_v18_questions.json": 44,
    "offline_heldout_v19_questions.json": 44,
    "offline_heldout_v20_questions.json": 44,
    "offline_heldout_v21_questions.json": 44,
    "offline_heldout_v22_questions.json": 44,
    "offline_heldout_v23_questions.json": 44,
    "offline_heldout_v24_questions.json": 44,
    "offline_heldout_v25_questions.json": 44,
    "offline_heldout_v26_questions.json": 44,
    "offline_heldout_v27_questions.json": 44,
    "offline_heldout_v28_questions.json": 44,
    "offline_heldout_v29_questions.json": 44,
    "offline_heldout_v30_questions.json": 44,
    "offline_heldout_v31_questions.json": 44,
    "offline_heldout_v32_questions.json": 44,
    "offline_heldout_v33_questions.json": 44,
    "offline_heldout_v34_questions.json": 44,
    "offline_heldout_v35_questions.json": 44,
    "offline_heldout_v36_questions.json": 44,
    "offline_heldout_v37_questions.json": 44,
    "offline_heldout_v38_questions.json": 44,
    "offline_heldout_v39_questions.json": 44,
    "offline_heldout_v40_questions.json": 44,
    "offline_heldout_v41_questions.json": 44,
    "offline_heldout_v42_questions.json": 44,
    "offline_heldout_v43_questions.json": 44,
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
    parser.add_argument("--check", action="store_true", help="exit 1 when a file is missing")
    parser.add_argument("names", nargs="*", help=f"only these files, of {', '.join(SETS)} (default: all)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.names) - set(SETS))
    if unknown:
        parser.error(f"unknown question file {unknown[0]!r}")
    missing = 0
    for name, (seed, n_docs) in SETS.items():
        if args.names and name not in args.names:
            continue
        path = DATA / name
        if path.exists():
            print(f"{path} is frozen: kept as it is (its answers were labelled against it)")
        elif args.check:
            print(
                f"{path} is missing: write it with python -m tests.judge.make_offline_questions",
                file=sys.stderr,
            )
            missing += 1
        else:
            text = render(seed, n_docs, TOTALS.get(name, 0))
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path} ({text.count('question_id')} questions)")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
