"""How a plan-only run mixes its chart types (review57 item 10): each type's share, the top
three's share and the repeats per report (``generation.plan.chart_mix_measures``), and the
questions per subset with their level shares.

Usage: ``python bench/chart_mix.py --config configs/paper.yaml --seed 6248 --n-docs 200``
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
from generation.plan.chart_mix_measures import ChartMixCounts, add_report, render
from generation.questions.build import make_questions


def main() -> None:
    args, config = plan_run((__doc__ or "").splitlines()[0])
    counts = ChartMixCounts()
    levels: Counter[tuple[str, str]] = Counter()
    for plan in plans(config, args.n_docs):
        add_report(counts, plan.manifest)
        questions = make_questions(plan.manifest, config, Counter())
        levels.update((q.subset, q.difficulty) for q in questions)
    print("\n".join(render(counts)))
    print("\n".join(level_share_lines(levels)))


if __name__ == "__main__":
    main()
