"""How often a stated cause's credited period ends in its chart's last year, against a uniform draw.

Usage: ``python bench/cause_periods.py --config configs/paper.yaml --seed 4197 --n-docs 200``

A question that reads the period a cause is credited with ("between 2014 and 2024") is answered
without the text when the period ends in the chart's last year more often than chance says
(``generation.questions.event_measures.period_end`` counts it per question). This script reads
the planned documents' cause facts themselves, so a bias of the period drawing
(``generation.document.events._period``) shows apart from the questions' choice: cause facts
whose period ends in the chart's last year, what a uniform draw of periods of three or more years
gives (``2 / (n - 1)`` for ``n`` years), and what a uniform draw among the periods with a clear
mover (``events._mover``, the periods the drawing accepts) gives.

world53 (200 plan-only documents each): seed 4197, 151 of 537 cause periods end in the chart's
last year, uniform 158.8, uniform among clear-mover periods 156.3; seed 4416, 161 of 545, 163.3,
161.9. The drawing is uniform; the questions' ``period_ends_last`` (``bench/question_measures.py``)
was 67 of 262 (uniform 76.7) on 4197 and 63 of 263 (uniform 79.5) on 4416: below uniform, maybe
where the builders redraw a credited period that spans the whole series (not measured apart).
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace
from typing import cast

_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._plans import manifests, plan_run
from generation.charts.spec import ChartSpec
from generation.document.events import _mover
from synthdocbench_tasks.schema import Chart, DocumentManifest


def _years(chart: Chart) -> list[str]:
    labels = list(dict.fromkeys(p.label for p in chart.data))
    return labels if len(labels) >= 3 and all(lb.isdigit() for lb in labels) else []


def cause_period_ends(manifest: DocumentManifest) -> list[tuple[bool, float, float]]:
    """Per cause fact on a chart of years: (its period ends in the chart's last year, the uniform
    share of periods ending there, that share among the periods with a clear mover)."""
    charts = {c.vizId: c for c in manifest.charts}
    out = []
    for fact in manifest.text_facts:
        v = fact.values
        chart = charts.get(v.get("viz_id", "")) if v.get("kind") == "cause" else None
        years = _years(chart) if chart is not None else []
        if chart is None or not years:
            continue
        periods = [(a, b) for i, a in enumerate(years) for b in years[i + 2 :]]
        spec = cast(ChartSpec, SimpleNamespace(chart=chart))  # _mover reads only the chart's points
        moving = [(a, b) for a, b in periods if _mover(spec, a, b) is not None]
        last = sum(b == years[-1] for _, b in moving) / len(moving) if moving else 0.0
        out.append((v.get("end") == years[-1], 2 / (len(years) - 1), last))
    return out


def main() -> None:
    args, config = plan_run((__doc__ or "").splitlines()[0])
    read = [r for m in manifests(config, args.n_docs) for r in cause_period_ends(m)]
    ends, uniform, moving = (sum(r[i] for r in read) for i in range(3))
    print(f"{args.config} seed {args.seed}, {args.n_docs} documents, plan only")
    print(f"  cause periods ending in their chart's last year: {ends} of {len(read)}")
    print(f"  under a uniform draw of periods: {uniform:.1f}; among periods with a clear mover: {moving:.1f}")


if __name__ == "__main__":
    main()
