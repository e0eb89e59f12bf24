"""Extreme items on charts drawn sorted by value (blind53).

A bar chart drawn sorted by value (``visualProperties.sortOrder``) puts its highest and lowest
items at its two ends, so "which item is the highest?" is answered by the first or last item the
chart lists, without reading a mark: the fixed "first" / "last" strategies of ``guess_measures``
flagged value L2 item above chance. :func:`sorted_end_counts` counts, per (category, level) and
whether the chart is drawn sorted, the questions answering one of the chart's items and those
whose item sits at an end of the chart's order; ``bench/question_measures.py`` prints them.

A histogram's most-populated bin is what its trend L2 item question asks; :func:`mode_end_counts`
counts the histograms whose modal bin is the first or last bin, against the ``2 / n`` a uniform
mode has (blind54 found none at an end: the bell's centre was kept half a bin inside).
"""

from __future__ import annotations

from collections.abc import Iterable

from generation.charts.registry import chart_type
from generation.questions.phrasing import is_year
from synthdocbench_tasks.schema import DocumentManifest, Question

#: (category, level, drawn sorted) -> [item answers, at an end of the chart's items]
Counts = dict[tuple[str, str, bool], list[int]]


def item_at_end(manifest: DocumentManifest, q: Question) -> tuple[bool, bool] | None:
    """(chart drawn sorted, answer at an end of its items) for a question whose answer names one
    of three or more non-year items of its chart; None for any other question."""
    chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
    if chart is None:
        return None
    items = [x for x in dict.fromkeys(p.label for p in chart.data) if not is_year(x)]
    right = next((v.text for v in q.answer_values if v.kind == "label" and v.text in items), None)
    if right is None or len(items) < 3:
        return None
    return chart.visualProperties.sortOrder != "none", right in (items[0], items[-1])


def sorted_end_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counts:
    """Per (category, level, sorted): [item answers, of them at an end of the chart's items]."""
    out: Counts = {}
    for m, q in pairs:
        found = item_at_end(m, q)
        if found is not None:
            cell = out.setdefault((q.category, q.difficulty, found[0]), [0, 0])
            cell[0] += 1
            cell[1] += found[1]
    return out


def mode_end_counts(manifests: Iterable[DocumentManifest]) -> tuple[int, int, float]:
    """(histograms with one modal bin, of them with the mode at an end, the count uniform modes
    would give)."""
    charts = [c for m in manifests for c in m.charts if "bins" in chart_type(c.chartType).channels]
    charts = [c for c in charts if len(c.data) > 2]
    values = [[p.value for p in c.data] for c in charts]
    single = [v for v in values if v.count(max(v)) == 1]
    ends = sum(v.index(max(v)) in (0, len(v) - 1) for v in single)
    return len(single), ends, sum(2 / len(v) for v in single)


def render(counts: Counts) -> list[str]:
    """One line per (category, level): item answers at an end on sorted charts, then on others."""
    head = "item answers at an end of their chart's items, charts drawn sorted by value vs others"
    lines = [f"\n{head} (sorted_measures)"]
    for category, level in sorted({(c, lv) for c, lv, _ in counts}):
        on = counts.get((category, level, True), [0, 0])
        off = counts.get((category, level, False), [0, 0])
        lines.append(f"  {category} {level}: sorted {on[1]} of {on[0]}; others {off[1]} of {off[0]}")
    return lines
