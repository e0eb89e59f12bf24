"""How the questions of a run spread over chart types and levels (review57, points 2 and 3).

A chart type asked far more often than it is drawn makes the benchmark a test of that type; one
asked far less leaves its readers untested. :func:`type_counts` tallies, per chart type, the charts
the reports draw and the questions of each subset whose chart is of that type; :func:`render_types`
prints each type's share of charts next to its share of each subset's questions and their ratio
(1.0: asked as often as drawn). :func:`level_counts` tallies the levels per subset and the reports
holding no question of a level; :func:`render_levels` prints them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from synthdocbench_tasks.schema import DIFFICULTIES, SUBSETS, DocumentManifest, Question

#: The key under which :func:`type_counts` counts charts (not a subset's name).
CHARTS = "charts"


def type_counts(reports: Iterable[tuple[DocumentManifest, Sequence[Question]]]) -> dict[str, Counter[str]]:
    """``{"charts": type -> charts drawn, subset -> type -> questions whose chart is of that type}``
    (a question without a chart counts nowhere)."""
    out: dict[str, Counter[str]] = {CHARTS: Counter(), **{s: Counter() for s in SUBSETS}}
    for manifest, questions in reports:
        out[CHARTS].update(c.chartType for c in manifest.charts)
        for q in questions:
            if q.chart_type:
                out[q.subset][q.chart_type] += 1
    return out


def over_asked(counts: dict[str, Counter[str]], subset: str) -> float:
    """The largest ratio of a type's share of ``subset``'s questions to its share of charts."""
    charts, asked = counts[CHARTS], counts[subset]
    n_charts, n_asked = sum(charts.values()), sum(asked.values())
    if not n_charts or not n_asked:
        return 0.0
    return max((asked[t] / n_asked) / (charts[t] / n_charts) for t in charts)


def render_types(counts: dict[str, Counter[str]]) -> list[str]:
    """One line per chart type (most drawn first): its charts, then per subset its questions and
    the ratio of shares; then each subset's largest ratio."""
    charts = counts[CHARTS]
    n_charts = sum(charts.values()) or 1
    totals = {s: sum(counts[s].values()) or 1 for s in SUBSETS}
    lines = ["questions per chart type against charts per type (spread_measures): n (share / chart share)"]
    for kind, n in charts.most_common():
        share = n / n_charts
        said = ", ".join(
            f"{s} {counts[s][kind]} ({counts[s][kind] / totals[s] / share:.2f})" for s in SUBSETS
        )
        lines.append(f"  {kind}: charts {n} ({share:.1%}); {said}")
    lines.append("  largest ratio: " + ", ".join(f"{s} {over_asked(counts, s):.2f}" for s in SUBSETS))
    return lines


def level_counts(reports: Iterable[tuple[DocumentManifest, Sequence[Question]]]) -> dict[str, Counter[str]]:
    """Per subset: questions per level, and ``"no <level>"``, the reports with no question of that
    level in the subset; under ``"report"``, the reports with no question of a level at all."""
    out: dict[str, Counter[str]] = {s: Counter() for s in (*SUBSETS, "report")}
    for _, questions in reports:
        for subset in SUBSETS:
            levels = Counter(q.difficulty for q in questions if q.subset == subset)
            out[subset].update(levels)
            out[subset].update(f"no {lv}" for lv in DIFFICULTIES if not levels[lv])
        held = {q.difficulty for q in questions}
        out["report"].update(f"no {lv}" for lv in DIFFICULTIES if lv not in held)
    return out


def render_levels(counts: dict[str, Counter[str]]) -> list[str]:
    lines = ["levels per subset (spread_measures): questions (share); reports with none of the level"]
    for subset in SUBSETS:
        cell = counts[subset]
        n = sum(cell[lv] for lv in DIFFICULTIES) or 1
        said = ", ".join(f"{lv} {cell[lv]} ({cell[lv] / n:.0%})" for lv in DIFFICULTIES)
        lacking = ", ".join(f"{lv} {cell['no ' + lv]}" for lv in DIFFICULTIES)
        lines.append(f"  {subset}: {said}; reports lacking {lacking}")
    lacking = ", ".join(f"{lv} {counts['report']['no ' + lv]}" for lv in DIFFICULTIES)
    lines.append(f"  reports with no question of the level in any subset: {lacking}")
    return lines
