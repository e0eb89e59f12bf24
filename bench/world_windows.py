"""What a plan-only run's years and entity sets give away (review57): year answers at a chart's
ends, report windows, shared entity sets, titles without "the" (``generation.world.window_measures``),
and the questions per subset with their level shares.

Usage: ``python bench/world_windows.py --config configs/paper.yaml --seed 4764 --n-docs 200``
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._plans import level_share_lines, plan_run, plans
from generation.questions.build import make_questions
from generation.world.window_measures import WindowCounts, add_report, render


def main() -> None:
    args, config = plan_run((__doc__ or "").splitlines()[0])
    counts = WindowCounts()
    levels: Counter[tuple[str, str]] = Counter()
    for plan in plans(config, args.n_docs):
        questions = make_questions(plan.manifest, config, Counter())
        add_report(counts, plan.manifest, questions)
        levels.update((q.subset, q.difficulty) for q in questions)
    print("\n".join(render(counts)))
    print("\n".join(level_share_lines(levels)))


if __name__ == "__main__":
    main()
