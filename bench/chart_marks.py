"""Two chart-reading defects of the charts54 review, counted over planned charts (nothing rendered).

    PYTHONPATH=$PWD python bench/chart_marks.py --config configs/paper.yaml --seed S --n-docs 200

1. Highlighted stacked bars: the segments an outline touches (``generation.charts.outline``),
   those under 5% of the tallest stack, and those whose fill the outline covers in the shortest
   plot (none of it left, or less than half of it).
2. Sparkline grids: the years under each panel's x axis (``panel_labels.year_ticks``): points
   on a year without a tick, the farthest a point sits from the nearest tick (in years), and the
   questions on a grid asking a year with no tick (interior: neither first nor last).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._plans import plan_run, plans
from generation.charts.outline import outlined, segment_fills
from generation.charts.panel_labels import year_ticks
from generation.questions.build import make_questions
from synthdocbench_tasks.schema import Chart, Question


def outline_counts(chart: Chart, counts: Counter[str]) -> None:
    """Add ``chart``'s outlined segments to ``counts``."""
    if not outlined(chart):
        return
    counts["outlined charts"] += 1
    top = max(_stack_totals(chart).values(), default=0.0) or 1.0
    value = {(p.label, p.category or ""): abs(p.value) for p in chart.data}
    for key, (height, visible) in segment_fills(chart).items():
        counts["outlined segments"] += 1
        counts["under 5% of the tallest stack"] += value[key] < 0.05 * top
        counts["fill covered entirely (< 0.5 px left)"] += visible < 0.5
        counts["fill covered more than half"] += visible < height / 2


def _stack_totals(chart: Chart) -> dict[str, float]:
    totals: dict[str, float] = {}
    for p in chart.data:
        totals[p.label] = totals.get(p.label, 0.0) + abs(p.value)
    return totals


def tick_counts(chart: Chart, questions: list[Question], counts: Counter[str]) -> None:
    """Add ``chart``'s years and the questions asking them to ``counts`` (a sparkline grid)."""
    years = list(dict.fromkeys(p.label for p in chart.data))
    ticked = [years.index(y) for y in year_ticks(chart)]
    counts["grids"] += 1
    for k, year in enumerate(years):
        panels = sum(1 for p in chart.data if p.label == year)
        counts["points"] += panels
        counts["points on a year without a tick"] += panels * (k not in ticked)
    farthest = max(min(abs(k - t) for t in ticked) for k in range(len(years)))
    counts[f"grids whose farthest year from a tick is {farthest} away"] += 1
    for q in questions:
        if q.chart_title != chart.title or q.chart_type != "sparkline_grid":
            continue
        asked = {r.label.split(" (")[0] for r in q.required_data_points}
        counts["questions on grids"] += 1
        named = {years[t] for t in ticked}
        counts["questions asking a year without a tick"] += any(y in years and y not in named for y in asked)


def main() -> None:
    args, config = plan_run((__doc__ or "").splitlines()[0])
    outlines: Counter[str] = Counter()
    ticks: Counter[str] = Counter()
    for plan in plans(config, args.n_docs):
        made = make_questions(plan.manifest, config)
        for chart in plan.manifest.charts:
            outline_counts(chart, outlines)
            if chart.chartType == "sparkline_grid":
                tick_counts(chart, made, ticks)
    print(f"{args.config} seed {args.seed}, {args.n_docs} documents, plan only")
    for name, counts in (("highlighted stacked bars", outlines), ("sparkline grids", ticks)):
        print(name)
        for key, n in sorted(counts.items()):
            print(f"  {key}: {n}")


if __name__ == "__main__":
    main()
