"""Which values a labelled stacked area prints inside its bands: one rule, which the question
planner (``reading.value_printed``), charts.js (the spec's ``printed``) and the matplotlib drawer
all read.

A label is printed where it fits at the smallest size the chart is drawn at. A labelled stacked
area is drawn in a figure of its own (``reading.own_figure``, which the document's layout obeys),
so that is the smallest slot any layout gives one figure (:data:`LABEL_SLOT_PX`) less the frame's
margins (:func:`band_frame`, which charts.js draws with and checks its plot against). A larger plot
only gives a label more room, its text keeping its size, so a label that fits there fits on every
page. It fits when its box, at the widths below, stays inside its own band (a margin clear of
both edges) over its whole width, and clear of the labels of its band already placed (a year's
neighbours; the first and last years are placed first, then the others in order); since bands do
not overlap, no two labels do.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

from generation.charts.registry import chart_type
from generation.charts.spec import chart_decimals
from synthdocbench_tasks.schema import Chart

#: The smallest slot (width, height in px) any archetype draws a figure of its own in (a block of
#: one: ``archetypes.figure_slots``; a test keeps this the smallest there). Two figures side by side
#: get half of it, where a stacked area's labels of neighbouring years print over each other.
LABEL_SLOT_PX = (644, 320)
#: charts.js' frame for a stacked area, in px: its left margin with a two-row axis title, the
#: right margin (room for the bands' names: per character of the longest, within these bounds),
#: the top margin, and the legend's rows (each key's width per character of its name).
FRAME_LEFT, FRAME_TOP = 76, 14
RIGHT_BASE, RIGHT_PER_CHAR, RIGHT_MIN, RIGHT_MAX = 22.0, 6.6, 90.0, 170.0
LEGEND_FIRST_ROW, LEGEND_ROW, LEGEND_KEY, LEGEND_PER_CHAR, LEGEND_LEFT = 24, 16, 22.0, 6.4, 64
#: the bottom margin under rotated year ticks: a base plus this share of the longest tick, whose
#: width is taken at most :data:`TICK_CHAR_PX` a character (10.5 px text, the monospace archetype)
BOTTOM_BASE, BOTTOM_SHARE, BOTTOM_MIN, TICK_CHAR_PX = 40.0, 0.58, 44.0, 6.6
#: A label's box: 10 px bold text at most this wide per character ('%' wider), 5 px either side of
#: its middle; it keeps this far from its band's edges (more beside a highlighted band, whose
#: outline eats into its neighbours) and from the label before it.
LABEL_CHAR_PX, PERCENT_PX, LABEL_HALF_PX, LABEL_PAD_PX = 6.2, 9.0, 5.0, 2.0
EDGE_PX, HIGHLIGHT_EDGE_PX, LABEL_GAP_PX = 1.0, 3.0, 3.0
#: d3.scalePoint's outer padding (in steps) of the years axis
X_PADDING = 0.3


@dataclass(frozen=True)
class BandFrame:
    """The margins (px) charts.js draws a stacked area with, and the smallest plot they leave."""

    right: float
    plot_width: float
    plot_height: float

    def spec(self) -> dict[str, float]:
        """As the chart spec's ``bandFrame`` (charts.js draws with ``right``, checks the plot)."""
        return {"right": self.right, "plotWidth": self.plot_width, "plotHeight": self.plot_height}


def banded(chart: Chart) -> bool:
    """Whether ``chart`` stacks bands over the years (a stacked area): :func:`band_labels` decides
    which of its values print."""
    return {"stacked", "temporal"} <= set(chart_type(chart.chartType).families)


def _order(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def band_frame(chart: Chart) -> BandFrame:
    """The frame of ``chart`` (a stacked area) in the smallest slot, as charts.js lays it out."""
    series = _order([p.category or "" for p in chart.data])
    years = _order([p.label for p in chart.data])
    width, height = LABEL_SLOT_PX
    right = min(RIGHT_MAX, max(RIGHT_MIN, RIGHT_BASE + RIGHT_PER_CHAR * max(len(s) for s in series)))
    top = FRAME_TOP
    if chart.visualProperties.hasLegend:
        x, rows = 0.0, 1
        for s in series:
            w = LEGEND_KEY + LEGEND_PER_CHAR * len(s)
            if x + w > width - LEGEND_LEFT - right and x > 0:
                x, rows = 0.0, rows + 1
            x += w
        top += LEGEND_FIRST_ROW + LEGEND_ROW * (rows - 1)
    bottom = max(BOTTOM_MIN, BOTTOM_BASE + BOTTOM_SHARE * TICK_CHAR_PX * max(len(y) for y in years))
    return BandFrame(right, width - FRAME_LEFT - right, height - top - bottom)


def band_labels(chart: Chart, domain: tuple[float, float]) -> frozenset[tuple[str, str]]:
    """(year, series) of every value ``chart`` (a labelled stacked area whose value axis spans
    ``domain``) prints inside its band."""
    frame = band_frame(chart)
    unit = chart.axes.y.unit or ""
    key = (
        tuple((p.label, p.category or "", p.value) for p in chart.data),
        tuple(chart.visualProperties.highlightedItems),
        chart_decimals(chart),
        unit == "%",
        (frame.plot_width, frame.plot_height),
        domain,
    )
    return _fitting(*key)


@lru_cache(maxsize=4096)
def _fitting(
    data: tuple[tuple[str, str, float], ...],
    highlighted: tuple[str, ...],
    decimals: int,
    percent: bool,
    plot: tuple[float, float],
    domain: tuple[float, float],
) -> frozenset[tuple[str, str]]:
    years = _order([d[0] for d in data])
    series = _order([d[1] for d in data])
    value = {(d[0], d[1]): d[2] for d in data}
    width, height = plot
    lo, hi = domain
    step = width / max(1.0, len(years) - 1 + 2 * X_PADDING)
    xs = [step * (X_PADDING + k) for k in range(len(years))]

    def y(v: float) -> float:
        return height * (1 - (v - lo) / ((hi - lo) or 1.0))

    edge = HIGHLIGHT_EDGE_PX if set(highlighted) & set(series) else EDGE_PX
    out: set[tuple[str, str]] = set()
    base = [0.0] * len(years)
    for s in series:
        vals = [value.get((yr, s), 0.0) for yr in years]
        lower = [y(b) for b in base]
        upper = [y(b + v) for b, v in zip(base, vals, strict=True)]
        taken: list[tuple[float, float]] = []  # the labels printed in this band (left, right)
        last = len(vals) - 1
        for k in dict.fromkeys([0, last, *range(1, last)]):  # the ends first: a band's first and last
            text = f"{vals[k]:.{decimals}f}" + ("%" if percent else "")
            w = LABEL_CHAR_PX * len(text) + (PERCENT_PX - LABEL_CHAR_PX) * percent + LABEL_PAD_PX
            left = xs[k] + 2 if k == 0 else xs[k] - 2 - w if k == last else xs[k] - w / 2
            clear = all(left >= b + LABEL_GAP_PX or left + w + LABEL_GAP_PX <= a for a, b in taken)
            if clear and _inside(xs, lower, upper, (left, left + w), (lower[k] + upper[k]) / 2, edge):
                out.add((years[k], s))
                taken.append((left, left + w))
        base = [b + v for b, v in zip(base, vals, strict=True)]
    return frozenset(out)


def _inside(
    xs: list[float],
    lower: list[float],
    upper: list[float],
    span: tuple[float, float],
    mid: float,
    edge: float,
) -> bool:
    """Whether a label box ``span`` wide about ``mid`` stays ``edge`` px inside the band whose
    edges run through (``xs``, ``upper``) and (``xs``, ``lower``) (px, y down) over its width:
    the edges are straight between years, so the box's ends and the years inside it decide."""
    a, b = span
    if a < xs[0] - 1e-9 or b > xs[-1] + 1e-9:
        return False
    for x in (a, b, *(x for x in xs if a < x < b)):
        j = min(max(bisect_right(xs, x) - 1, 0), len(xs) - 2)
        t = (x - xs[j]) / (xs[j + 1] - xs[j])
        top = upper[j] + t * (upper[j + 1] - upper[j])
        bottom = lower[j] + t * (lower[j + 1] - lower[j])
        if mid - LABEL_HALF_PX < top + edge or mid + LABEL_HALF_PX > bottom - edge:
            return False
    return True
