"""How precisely a reader reads a value off a chart: the tolerance every later stage shares.

The content stage places a text claim inside or well outside this tolerance (a claim that
matches the chart, or one that does not); question generation gives every read value this
tolerance; validation checks answers against it. :mod:`generation.questions.phrasing`
re-exports these names.
"""

from __future__ import annotations

import math

from generation.charts.band_labels import band_labels, banded
from generation.charts.line_labels import line_labels, several_lines
from generation.charts.panel_labels import panel_labels
from generation.charts.registry import HORIZONTAL_TYPES, chart_type, types_in
from generation.charts.scale import nice_step as nice_step
from synthdocbench_tasks.schema import Chart, DataPoint

#: How far off a figure read from a printed data label may be: 1% of it. A difference of two
#: printed figures is known exactly, so it gets this share of itself, not of its operands.
LABEL_SLACK = 0.01

#: Types whose marks sit on top of each other: a layer is the gap between two readings.
STACKED_TYPES: tuple[str, ...] = types_in("stacked")


def read_tolerance(chart: Chart) -> tuple[float, float]:
    """(abs_tol, rel_tol) for a value read off this chart.

    Printed data labels: 1% relative. Read against an axis: 5% relative, or a tenth of the
    axis tick step, whichever is larger (so small values near zero stay readable); twice
    that for a layer of a stacked chart (the difference of two readings).
    """
    if printed(chart):
        return 0.0, LABEL_SLACK
    return axis_read_tolerance(chart)


def axis_read_tolerance(chart: Chart) -> tuple[float, float]:
    """(abs_tol, rel_tol) for a value read off this chart's axis, whether or not it prints its
    values (what a reader of the same chart without labels allows: see :func:`read_tolerance`)."""
    axis = chart.axes.x if chart.chartType in HORIZONTAL_TYPES else chart.axes.y
    values = [p.value for p in chart.data]
    if axis.range and len(axis.range) == 2:
        span = abs(axis.range[1] - axis.range[0])
    else:
        span = max([*values, 0.0]) - min([*values, 0.0])
    factor = 2 if chart.chartType in STACKED_TYPES else 1
    return round(0.1 * factor * nice_step(span), 10), 0.05 * factor


def printed(chart: Chart) -> bool:
    """Whether ``chart`` prints its values beside its marks (a reader reads them exactly)."""
    return chart.visualProperties.valueReading == "data_labels"


def effective_tol(value: float, abs_tol: float, rel_tol: float) -> float:
    return max(abs_tol, rel_tol * abs(value))


def value_tolerance(chart: Chart, value: float) -> float:
    """The absolute tolerance of ``value`` read off ``chart``."""
    abs_tol, rel_tol = read_tolerance(chart)
    return effective_tol(value, abs_tol, rel_tol)


def axis_tolerance(chart: Chart, value: float) -> float:
    """The absolute tolerance of ``value`` read off ``chart``'s axis (:func:`axis_read_tolerance`)."""
    abs_tol, rel_tol = axis_read_tolerance(chart)
    return effective_tol(value, abs_tol, rel_tol)


def colour_keyed(chart: Chart, point: DataPoint) -> bool:
    """Whether the colour is the only way to find ``point``'s series: the series is keyed by colour
    in a legend, not named on an axis or beside its marks (a slope chart, a pie's slice labels),
    nor by the pointer of a highlight (a "▼ name" callout, a line's "◀ name" label), which would
    answer a hop asking the reader to find the series by its colour."""
    vp = chart.visualProperties
    keyed = vp.hasLegend and point.category is not None and point.category in vp.colorMap
    return keyed and point.category not in vp.highlightedItems


#: A stacked bar prints a segment's value inside it only where the segment spans at least this
#: share of the value axis (its highlighted segments, outlined, at least the second): 6% of a
#: plot 170-300 px tall is 10-18 px, room for a line of label text; a thinner segment's label
#: would print over its neighbours. charts.js and the matplotlib drawer label exactly the
#: segments :func:`value_printed` names (``layout.chart_spec`` passes it on), and questions
#: ask no other value of a labelled chart as precisely as a label gives it.
MIN_SEGMENT_SHARE = (0.08, 0.11)


def own_figure(chart: Chart) -> bool:
    """Whether ``chart``'s printed values are planned for a figure of its own (a labelled stacked
    area: :func:`band_labels` plans for the smallest such slot, ``band_labels.LABEL_SLOT_PX``; a
    grid of panels, whose labels beside a panel's points and years under its axis need a share of a
    whole row, labelled or not; a
    labelled multi-line chart: :func:`line_labels` plans for the same slot), so the document's
    layout never draws it beside another figure, in a smaller slot."""
    if chart_type(chart.chartType).panels:
        return True  # its panels' year ticks (panel_labels.year_ticks) are planned for that slot too
    return printed(chart) and (banded(chart) or several_lines(chart))


def value_printed(chart: Chart, point: DataPoint) -> bool:
    """Whether ``chart`` prints ``point``'s value beside or inside its mark (:func:`printed`), which
    a stacked bar does only for a segment of at least :data:`MIN_SEGMENT_SHARE` of its axis, and a
    stacked area only where :func:`band_labels` finds its label room, a grid of panels only where
    :func:`panel_labels` does and a multi-line chart only where :func:`line_labels` does."""
    if not printed(chart):
        return False
    if banded(chart):
        return (point.label, point.category or "") in band_labels(chart, _stack_domain(chart))
    if chart_type(chart.chartType).panels:
        return (point.label, point.category or "") in panel_labels(chart)
    if several_lines(chart):
        return (point.label, point.category or "") in line_labels(chart)
    if "stacked" not in chart_type(chart.chartType).families:
        return True
    highlighted = set(chart.visualProperties.highlightedItems)
    share = MIN_SEGMENT_SHARE[bool({point.label, point.category} & highlighted)]
    return abs(point.value) >= share * _stack_axis_top(chart)


def _stack_axis_top(chart: Chart) -> float:
    """The top of a stacked bar's value axis as charts.js draws it: the tallest stack plus 8%,
    rounded up to D3's ``nice()`` tick step (or the axis' own range)."""
    lo, hi = _stack_domain(chart)
    return abs(hi - lo)


def _stack_domain(chart: Chart) -> tuple[float, float]:
    """A stacked chart's value axis as charts.js draws it: zero to the tallest stack plus 8%,
    rounded up to D3's ``nice()`` tick step (or the axis' own range)."""
    axis = chart.axes.y
    if axis.range and len(axis.range) == 2:
        return axis.range[0], axis.range[1]
    totals: dict[str, float] = {}
    for p in chart.data:
        totals[p.label] = totals.get(p.label, 0.0) + p.value
    top = max([*totals.values(), 0.0]) * 1.08 or 1.0
    step = nice_step(top, 10)
    return 0.0, math.ceil(top / step) * step
