"""What the outline of a highlighted stacked bar covers of its segments' fills: one model of the
outline charts.js and the matplotlib drawer draw, which the outline measure
(``bench/chart_marks.py``) counts over planned charts and the rendering tests hold both renderers to.

A highlighted stack (or a highlighted series' segment) is outlined as a whole: one rectangle
around it, drawn under the segments and twice :data:`HIGHLIGHT_STROKE_PX` wide, so the segments'
fills cover its inner half and its outer half shows. No segment loses any of its fill to the
outline, however thin (before, each segment was stroked on its own edges, half the stroke over
its fill at its top and bottom, and a segment thinner than the stroke showed none).
"""

from __future__ import annotations

from generation.charts.registry import chart_type
from synthdocbench_tasks.schema import Chart

#: The outline's visible width (px): half of charts.js' ``outlineUnder`` stroke (matplotlib's
#: ``_outline_under``: 1.8 of its 3.6 pt).
HIGHLIGHT_STROKE_PX = 2.2
#: The shortest plot a stacked bar is drawn in (px; the narrowest slot's plot, as
#: ``reading.MIN_SEGMENT_SHARE`` takes it).
SHORTEST_PLOT_PX = 170.0


def outlined(chart: Chart) -> bool:
    """Whether ``chart`` is a stacked bar with a highlighted stack or series (an outline)."""
    families = chart_type(chart.chartType).families
    if "stacked" not in families or "temporal" in families:  # a stacked area's bands are not bars
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
        out[(p.label, p.category or "")] = (height, height)  # the outline lies under every fill
    return out
