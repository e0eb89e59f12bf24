"""Which values a labelled multi-line chart prints above its dots: one rule, which the question
planner (``reading.value_printed``), charts.js (the spec's ``printed``) and the matplotlib drawer all
read.

Several series share one plot, so where two lines run close a label drawn above its dot sits as
near another series' dot as its own, or over that dot's label; moved aside it reads as that
series' value (the legibility check's ``misplaced``), a row off as no dot's (``astray``). So, as
:mod:`generation.charts.panel_labels` does for a sparkline grid's panels, a value prints only where
its label, drawn centred above its dot, clears the labels already placed (the highlighted series
first, then the others in legend order; each series' first and last years first), every other dot,
and stays nearer its own dot than any other. It is planned for the smallest plot the chart is drawn
in: a labelled multi-line chart gets a figure of its own (``reading.own_figure``), whose smallest
slot is ``band_labels.LABEL_SLOT_PX``, less charts.js' frame at its widest (``band_labels.
band_frame``). A larger plot only moves the dots apart, the labels keeping their size, so a label
that clears its neighbours there clears them on every page.
"""

from __future__ import annotations

from functools import lru_cache

from generation.charts.band_labels import LABEL_CHAR_PX, PERCENT_PX, X_PADDING, band_frame
from generation.charts.panel_labels import (
    ASCENT_PX,
    DESCENT_PX,
    DIGITS_PX,
    GAP_PX,
    NEARER_PX,
    Box,
    box_gap,
    boxes_meet,
)
from generation.charts.registry import chart_type
from generation.charts.scale import panel_domain
from generation.charts.spec import chart_decimals
from synthdocbench_tasks.schema import Chart

#: charts.js draws a line's label with its baseline this far above its dot (``y(d.value) - 7``); a
#: label keeps this far from another dot's centre (its 3.2 px disc and 1 px more).
LIFT_PX, DOT_PX = 7.0, 3.2 + 1.0

Point = tuple[float, float]


def several_lines(chart: Chart) -> bool:
    """Whether ``chart`` draws several series' lines in one plot (a multi-line chart):
    :func:`line_labels` decides which of its values print."""
    kind = chart_type(chart.chartType)
    return kind.member("line") and kind.member("multi_series") and not kind.panels


def line_labels(chart: Chart) -> frozenset[tuple[str, str]]:
    """(year, series) of every value ``chart`` (a labelled multi-line chart) prints above its dot."""
    frame = band_frame(chart)
    return _fitting(
        tuple((p.label, p.category or "", p.value) for p in chart.data),
        tuple(chart.visualProperties.highlightedItems),
        chart_decimals(chart),
        (chart.axes.y.unit or "") == "%",
        panel_domain(chart),
        (frame.plot_width, frame.plot_height),
    )


@lru_cache(maxsize=4096)
def _fitting(
    data: tuple[tuple[str, str, float], ...],
    highlighted: tuple[str, ...],
    decimals: int,
    percent: bool,
    domain: tuple[float, float],
    plot: tuple[float, float],
) -> frozenset[tuple[str, str]]:
    years = list(dict.fromkeys(d[0] for d in data))
    series = list(dict.fromkeys(d[1] for d in data))
    series.sort(key=lambda s: s not in highlighted)  # stable: the highlighted first, then in order
    width, height = plot
    step = width / max(1.0, len(years) - 1 + 2 * X_PADDING)
    lo, hi = domain
    dots = {
        (yr, s): (step * (X_PADDING + years.index(yr)), height * (1 - (v - lo) / ((hi - lo) or 1.0)))
        for yr, s, v in data
    }
    text = {(yr, s): f"{v:.{decimals}f}" + ("%" if percent else "") for yr, s, v in data}
    placed: list[Box] = []
    out: set[tuple[str, str]] = set()
    for s in series:
        own = [yr for yr in years if (yr, s) in dots]
        for yr in dict.fromkeys([own[0], own[-1], *own[1:-1]] if own else []):
            key = (yr, s)
            chars = text[key]
            w = LABEL_CHAR_PX * len(chars) + (PERCENT_PX - LABEL_CHAR_PX) * chars.endswith("%")
            x, y = dots[key]
            box = (x - w / 2, y - LIFT_PX - ASCENT_PX, x + w / 2, y - LIFT_PX + DESCENT_PX)
            if _fits(box, key, dots, placed):
                out.add(key)
                placed.append(box)
    return frozenset(out)


def _fits(box: Box, key: tuple[str, str], dots: dict[tuple[str, str], Point], placed: list[Box]) -> bool:
    """Whether ``box`` (the label of the dot ``key``) clears the labels ``placed`` and every other
    dot, and its digits sit nearer its own dot than any other."""
    if any(boxes_meet(box, t, GAP_PX) for t in placed):
        return False
    others = [d for k, d in dots.items() if k != key]
    if any(boxes_meet(box, (cx, cy, cx, cy), DOT_PX) for cx, cy in others):
        return False
    glyphs = (box[0], box[3] - DESCENT_PX - DIGITS_PX, box[2], box[3] - DESCENT_PX)
    mine = box_gap(glyphs, dots[key])
    return all(box_gap(glyphs, d) > mine + NEARER_PX for d in others)
