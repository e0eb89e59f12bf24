"""Which values a labelled grid of panels (a sparkline grid) prints above its points: one rule,
which the question planner (``reading.value_printed``), charts.js (the spec's ``printed``) and the
matplotlib drawer all read.

A panel's label sits centred above its point. Where a ten-year panel is narrow, the label of one
year runs over the next year's point or label; moved aside, it sits nearer another point than its
own and is read as that year's value (the legibility check's ``misplaced``). So, as
:mod:`generation.charts.band_labels` does for a stacked area's bands, a value prints only where its
label, at its drawn spot, in every slot a figure of its own is drawn in (the narrowest width,
every archetype's height; the panel's title on one row or two), stays clear of the labels of its
panel already placed (the first and last years first, then the others in order), of every other
point of its panel and of the panel's title and value axis, and nearer its own point than any other.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from generation.charts.band_labels import LABEL_CHAR_PX, LABEL_SLOT_PX, PERCENT_PX, TICK_CHAR_PX
from generation.charts.scale import nice_step, panel_domain
from generation.charts.spec import chart_decimals
from generation.plan.archetypes import STYLES
from synthdocbench_tasks.schema import Chart

#: charts.js' frame around the grid and each panel's margins (px; the top one row higher where a
#: panel title wraps), and d3.scalePoint's padding of the years axis.
FRAME_X, FRAME_Y = 12, 26
PANEL_LEFT, PANEL_RIGHT, PANEL_TOP, PANEL_BOTTOM, TITLE_ROW = 40, 14, 18, 16, 11
X_PADDING = 0.15
#: A label: 10 px text whose baseline sits this far above its point; its box runs from
#: :data:`ASCENT_PX` above the baseline to :data:`DESCENT_PX` below it (as the browser measures it),
#: its digits' glyphs :data:`DIGITS_PX` above it (as validate reads the PDF: nearest marker).
LIFT_PX, ASCENT_PX, DESCENT_PX, DIGITS_PX = 5.0, 9.5, 2.5, 7.5
#: A label keeps this far from another label, a point's drawn disc and the title; it must be nearer
#: its own point than any other by this margin (validate reads a label as another point's only where
#: that point is nearer by more than ``marks.TIE_PT``).
GAP_PX, DOT_PX, NEARER_PX = 3.0, 2.2 + 1.0, 0.5
#: The panel title's bold 11 px text, per character (the widest archetype font); the y axis' three
#: tick labels, which end this far left of the plot, at most this wide, half this tall.
TITLE_CHAR_PX, TICK_END_PX, TICK_WIDTH_PX, TICK_HALF_PX = 7.0, 9.0, 34.0, 6.0

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def _slot_heights() -> tuple[int, ...]:
    """The heights of every archetype's slot for a figure of its own (hero or full)."""
    return tuple(
        sorted({s.hero_height if s.placement == "hero" else s.chart_height for s in STYLES.values()})
    )


@dataclass(frozen=True)
class _Panel:
    """One panel's plot at one slot: the years' x, the value scale, the title's box."""

    xs: tuple[float, ...]
    height: float
    right: float
    domain: tuple[float, float]
    title: Box

    def obstacles(self) -> list[Box]:
        """The panel's title and its value axis' tick labels (``ticks(3)``)."""
        lo, hi = self.domain
        step = nice_step(hi - lo, 3)
        ticks = [k * step for k in range(math.ceil(lo / step - 1e-9), math.floor(hi / step + 1e-9) + 1)]
        left = (-TICK_END_PX - TICK_WIDTH_PX, -TICK_END_PX)
        return [
            self.title,
            *((left[0], self.y(t) - TICK_HALF_PX, left[1], self.y(t) + TICK_HALF_PX) for t in ticks),
        ]

    def y(self, v: float) -> float:
        lo, hi = self.domain
        return self.height * (1 - (v - lo) / ((hi - lo) or 1.0))


def panel_columns(n_panels: int) -> int:
    """How many columns a grid of ``n_panels`` panels has (charts.js and matplotlib alike)."""
    return 2 if n_panels <= 4 else 3


def _panels(n_panels: int, n_years: int, domain: tuple[float, float], title_px: float) -> list[_Panel]:
    """A panel's plot in each slot a figure of its own is drawn in, its title on one row or two."""
    cols = panel_columns(n_panels)
    rows = math.ceil(n_panels / cols)
    width = LABEL_SLOT_PX[0]
    out = []
    for height in _slot_heights():
        cw, ch = (width - FRAME_X) / cols, (height - FRAME_Y) / rows
        span = cw - PANEL_LEFT - PANEL_RIGHT
        step = span / max(1.0, n_years - 1 + 2 * X_PADDING)
        xs = tuple(step * (X_PADDING + k) for k in range(n_years))
        title_w = min(title_px, cw - PANEL_LEFT - 4)
        for wrapped in (0, 1):
            top = PANEL_TOP + TITLE_ROW * wrapped
            title = (0.0, -6 - ASCENT_PX - TITLE_ROW * wrapped - 2, title_w, -6 + DESCENT_PX)
            out.append(_Panel(xs, ch - top - PANEL_BOTTOM, span + PANEL_RIGHT, domain, title))
    return out


def panel_labels(chart: Chart) -> frozenset[tuple[str, str]]:
    """(year, panel) of every value ``chart`` (a labelled grid of panels) prints above its point."""
    return _fitting(
        tuple((p.label, p.category or "", p.value) for p in chart.data),
        tuple(chart.visualProperties.highlightedItems),
        chart_decimals(chart),
        (chart.axes.y.unit or "") == "%",
        panel_domain(chart),
    )


@lru_cache(maxsize=4096)
def _fitting(
    data: tuple[tuple[str, str, float], ...],
    highlighted: tuple[str, ...],
    decimals: int,
    percent: bool,
    domain: tuple[float, float],
) -> frozenset[tuple[str, str]]:
    years = list(dict.fromkeys(d[0] for d in data))
    panels = list(dict.fromkeys(d[1] for d in data))
    value = {(d[0], d[1]): d[2] for d in data}
    out: set[tuple[str, str]] = set()
    for p in panels:
        name = ("▶ " if p in highlighted else "") + p
        plots = _panels(len(panels), len(years), domain, TITLE_CHAR_PX * len(name))
        ks = [k for k, yr in enumerate(years) if (yr, p) in value]
        placed: list[list[Box]] = [[] for _ in plots]
        for k in dict.fromkeys([ks[0], ks[-1], *ks[1:-1]] if ks else []):
            v = value[(years[k], p)]
            text = f"{v:.{decimals}f}" + ("%" if percent else "")
            w = LABEL_CHAR_PX * len(text) + (PERCENT_PX - LABEL_CHAR_PX) * percent
            boxes = [_box(plot, k, v, w) for plot in plots]
            if all(
                _fits(plot, box, k, [(j, value[(years[j], p)]) for j in ks], taken)
                for plot, box, taken in zip(plots, boxes, placed, strict=True)
            ):
                out.add((years[k], p))
                for box, taken in zip(boxes, placed, strict=True):
                    taken.append(box)
    return frozenset(out)


def _box(plot: _Panel, k: int, v: float, w: float) -> Box:
    x, base = plot.xs[k], plot.y(v) - LIFT_PX
    return (x - w / 2, base - ASCENT_PX, x + w / 2, base + DESCENT_PX)


def _fits(plot: _Panel, box: Box, k: int, points: list[tuple[int, float]], taken: list[Box]) -> bool:
    """Whether ``box`` (the label of point ``k``) stays inside its panel, clear of the labels
    ``taken``, the title, every point, and nearer its own point than any other."""
    x0, _, x1, y1 = box
    if x0 < -PANEL_LEFT or x1 > plot.right or y1 > plot.height:
        return False
    if any(boxes_meet(box, t, GAP_PX) for t in [*taken, *plot.obstacles()]):
        return False
    dots = {j: (plot.xs[j], plot.y(v)) for j, v in points}
    if any(boxes_meet(box, (cx, cy, cx, cy), DOT_PX) for j, (cx, cy) in dots.items() if j != k):
        return False
    glyphs = (x0, box[3] - DESCENT_PX - DIGITS_PX, x1, box[3] - DESCENT_PX)
    own = box_gap(glyphs, dots[k])
    return all(box_gap(glyphs, d) > own + NEARER_PX for j, d in dots.items() if j != k)


def boxes_meet(a: Box, b: Box, gap: float) -> bool:
    """Whether boxes ``a`` and ``b`` come within ``gap`` of each other."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def box_gap(box: Box, p: tuple[float, float]) -> float:
    """How far the point ``p`` lies outside ``box`` (0 inside it)."""
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


#: A year under a panel's x axis keeps this far (px) from the next one named there; named at most
#: every :data:`MOST_STEP` years, no year is more than one from a named one (found without counting).
YEAR_GAP_PX, MOST_STEP = 6.0, 3


def year_ticks(chart: Chart) -> tuple[str, ...]:
    """The years a grid of panels names under each panel's x axis (charts.js reads them as the
    spec's ``xTicks``; the matplotlib drawer calls this): every ``step`` years from the first, the
    least step (1 to 3) whose names fit side by side in the narrowest panel (a grid of panels is
    drawn in a figure of its own, ``reading.own_figure``: at least :data:`LABEL_SLOT_PX` wide),
    preferring the next step where it names the last year too and is at most :data:`MOST_STEP`."""
    years = list(dict.fromkeys(p.label for p in chart.data))
    n = len(years)
    if n <= 2:
        return tuple(years)
    cols = panel_columns(len({p.category or "" for p in chart.data}))
    span = (LABEL_SLOT_PX[0] - FRAME_X) / cols - PANEL_LEFT - PANEL_RIGHT
    pitch = span / (n - 1 + 2 * X_PADDING)
    room = TICK_CHAR_PX * max(len(y) for y in years) + YEAR_GAP_PX
    fitting = [s for s in range(1, n) if s * pitch >= room] or [n - 1]
    ending = [s for s in fitting if (n - 1) % s == 0 and s <= MOST_STEP]
    step = ending[0] if ending and ending[0] <= fitting[0] + 1 else fitting[0]
    return tuple(years[k] for k in range(0, n, step))
