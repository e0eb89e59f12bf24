"""What the outline of a highlighted stacked bar covers of its segments' fills: one model of the
outline charts.js and the matplotlib drawer draw, which the outline measure
(``bench/chart_marks.py``) counts over planned charts and the rendering tests hold both renderers to.

Each highlighted segment of a stacked bar is stroked on its own edges, :data:`HIGHLIGHT_STROKE_PX`
wide and centred on them: half the stroke lies over the segment's fill at its top and at its
bottom, so a segment thinner than the stroke shows no fill at all.
"""

from __future__ import annotations

from generation.charts.registry import chart_type
from synthdocbench_tasks.schema import Chart

#: The outline's width (px): charts.js' ``finishHighlight``; matplotlib's 1.8 pt at its dpi.
HIGHLIGHT_STROKE_PX = 2.2
#: The shortest plot a stacked bar is drawn in (px; the narrowest slot's plot, as
#: ``reading.MIN_SEGMENT_SHARE`` takes it).
SHORTEST_PLOT_PX = 170.0


def outlined(chart: Chart) -> bool:
    """Whether ``chart`` is a stacked bar with a highlighted stack or series (an outline)."""
    if "stacked" not in chart_type(chart.chartType).families or chart.chartType != "stacked_bar":
        return False
    keys = {p.label for p in chart.data} | {p.category for p in chart.data}
    return bool(keys & set(chart.visualProperties.highlightedItems))


def segment_fills(chart: Chart) -> dict[tuple[str, str], tuple[float, float]]:
    """Each segment (label, series) of an outlined stacked bar (:func:`outlined`) that an outline
    touches: its height and the height of its fill the outline leaves visible, in px of the
    shortest plot."""
    highlighted = set(chart.visualProperties.highlightedItems)
    totals: dict[str, float] = {}
    for p in chart.data:
        totals[p.label] = totals.get(p.label, 0.0) + abs(p.value)
    px_per_unit = SHORTEST_PLOT_PX / ((max(totals.values(), default=0.0) * 1.08) or 1.0)
    out: dict[tuple[str, str], tuple[float, float]] = {}
    for p in chart.data:
        if not {p.label, p.category} & highlighted:
            continue
        height = abs(p.value) * px_per_unit
        out[(p.label, p.category or "")] = (height, max(0.0, height - HIGHLIGHT_STROKE_PX))
    return out
