"""What the matplotlib drawers share: the chart style, the drawing context of one chart, and the
helpers for axes, ticks, legends, labels (placed so they never collide), highlights and ink.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from generation.charts.data import value_text
from generation.charts.scale import MIN_SPAN_SHARE
from synthdocbench_tasks.schema import Axis, Chart, DataPoint

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


#: Tableau 10, the palette a chart falls back on when neither its colorMap nor a style names one.
DEFAULT_PALETTE: tuple[str, ...] = (
    "#4e79a7",
    "#f28e2b",
    "#e15759",
    "#76b7b2",
    "#59a14f",
    "#edc948",
    "#b07aa1",
    "#ff9da7",
    "#9c755f",
    "#bab0ac",
)


INK = "#222222"


GRID = "#d9dde3"


HIGHLIGHT_EDGE = "#111111"


ANNOTATION = "#b3001b"


_GENERIC = frozenset({"serif", "sans-serif", "monospace"})


_PT_PER_PX = 0.75  # SVG user units are points; the page lays charts out in CSS px (96 per inch)


class ChartRenderError(ValueError):
    """A chart whose metadata cannot be drawn; the message names the chart."""


@dataclass(frozen=True)
class ChartStyle:
    """How charts look in one document: font stack (local font names), palette, text size in px."""

    font_family: tuple[str, ...] = ("DejaVu Sans",)
    palette: tuple[str, ...] = DEFAULT_PALETTE
    font_px: float = 10.5


@dataclass
class _Ctx:
    """What every drawing function needs besides the figure."""

    chart: Chart
    style: ChartStyle
    width_px: float
    decimals: int = 0
    unit: str = ""
    highlighted: set[str] = field(default_factory=set)

    @property
    def vp(self) -> Any:
        return self.chart.visualProperties

    @property
    def labels_on(self) -> bool:
        return bool(self.chart.visualProperties.valueReading == "data_labels")

    def fmt(self, value: float) -> str:
        """A data label exactly as the manifest records the value (display precision, "%" kept)."""
        text = value_text(value, self.decimals)
        return f"{text}%" if self.unit == "%" else text

    def series_color(self, key: str, i: int) -> str:
        colour = self.vp.colorMap.get(key)
        return str(colour) if colour else self.style.palette[i % len(self.style.palette)]

    def item_color(self, label: str, i: int) -> str:
        """The colour of a single-series mark, by the same rule as charts.js."""
        cmap = self.vp.colorMap
        if label in cmap:
            return str(cmap[label])
        if str(self.vp.colorEncoding).startswith("categor"):
            return self.series_color(label, i)
        return str(next(iter(cmap.values()))) if cmap else self.style.palette[0]

    def is_hl(self, *keys: str | None) -> bool:
        return any(k is not None and k in self.highlighted for k in keys)


#: Where a label on a plate may move, as multiples of its (width, height), nearest first: above,
#: below, beside, then further out (charts.js' ``tidy`` tries the same spots).
_TRIES: tuple[tuple[float, float], ...] = (
    (0, 0),
    (0, 1),
    (0, -1),
    (0.6, 0),
    (-0.6, 0),
    (0.6, 1),
    (-0.6, 1),
    (0.6, -1),
    (-0.6, -1),
    (0, 2),
    (0, -2),
    (-0.6, 2),
    (-0.6, -2),
    (0, 3),
    (0, -3),
    (0.6, 2),
    (0.6, -2),
    (-1.1, 0),
    (1.1, 0),
)


_GAP_PX = 2.0  # side by side, two labels need a gap ("69.1%" and "72.1%" abutting read as one)


def _collide(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] + _GAP_PX and b[0] < a[2] + _GAP_PX and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _marker_boxes(fig: Figure) -> list[tuple[float, float, float, float]]:
    """A small box (display px) round each data marker of the figure's axes: a moved label's
    plate must not hide a point (the legibility check's ``covers``)."""
    from matplotlib.collections import PathCollection

    half = 1.5 * fig.dpi / 72.0
    centres: list[Any] = []
    for ax in fig.axes:
        for line in ax.get_lines():
            if line.get_visible() and str(line.get_marker()) not in ("None", "none", "", " "):
                centres.extend(line.get_transform().transform(line.get_xydata()))
        for coll in ax.collections:
            offsets = np.asarray(coll.get_offsets())
            if isinstance(coll, PathCollection) and coll.get_visible() and len(offsets):
                centres.extend(coll.get_offset_transform().transform(offsets))
    return [(float(x) - half, float(y) - half, float(x) + half, float(y) + half) for x, y in centres]


def _tidy(fig: Figure) -> None:
    """Move labels on a paper plate (data labels and names beside their marks) to the first
    free spot near their mark, so that no two texts of the chart overprint.

    The layout is computed once and then frozen, so moving a label moves nothing else. Labels
    printed inside a mark (no plate; their ink is chosen for the mark's fill) and axis, legend
    and title texts stay where they are; a label that fits nowhere stays put (validation then
    rejects questions about it).
    """
    from matplotlib.text import Annotation, Text

    fig.draw_without_rendering()
    fig.set_layout_engine("none")
    frame = fig.bbox
    texts = [
        t
        for t in fig.findobj(lambda a: isinstance(a, Text))
        if isinstance(t, Text) and t.get_visible() and t.get_text().strip()
    ]

    def box(t: Text) -> tuple[float, float, float, float]:
        e = t.get_window_extent()
        return (e.x0, e.y0, e.x1, e.y1)

    movable = [
        t
        for t in texts
        if isinstance(t, Annotation) and t.get_bbox_patch() is not None and t.anncoords == "offset points"
    ]
    placed = [box(t) for t in texts if t not in movable]
    dots = _marker_boxes(fig)
    to_pt = 72.0 / fig.dpi
    for label in movable:
        ox, oy = label.xyann
        x0, y0, x1, y1 = box(label)
        w, h = x1 - x0, y1 - y0
        for fx, fy in _TRIES:
            dx, dy = fx * w + (2 if fx > 0 else -2 if fx < 0 else 0), fy * h
            at = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
            inside = at[0] >= frame.x0 and at[2] <= frame.x1 and at[1] >= frame.y0 and at[3] <= frame.y1
            clear = not any(_collide(at, p) for p in placed) and not any(_overlap(at, d) for d in dots)
            if inside and clear:
                label.xyann = (ox + dx * to_pt, oy + dy * to_pt)
                break
        placed.append(box(label))


def _t(text: str) -> str:
    """Text matplotlib must print literally (a ``$`` pair would otherwise start mathtext)."""
    return text.replace("$", r"\$")


def _wrap(text: str, width_px: float, font_px: float) -> str:
    per_line = max(12, int(width_px / (font_px * 0.55)))
    return "\n".join(textwrap.wrap(text, per_line)) if len(text) > per_line else text


def _axis_title(axis: Axis) -> str:
    if not axis.label:
        return ""
    if axis.unit and axis.unit not in axis.label:
        return f"{axis.label} ({axis.unit})"
    return axis.label


def _value_axis_of(chart: Chart) -> Axis:
    """The value axis: ``y`` unless only ``x`` is linear (a diverging chart's values run along x)."""
    axes = chart.axes
    return axes.x if axes.x.type == "linear" and axes.y.type != "linear" else axes.y


def _value_title(chart: Chart) -> str:
    return _axis_title(_value_axis_of(chart))


def _category_title(chart: Chart) -> str:
    axes = chart.axes
    axis = axes.y if axes.x.type == "linear" and axes.y.type != "linear" else axes.x
    return _axis_title(axis)


def _num(v: float, _pos: object = None) -> str:
    """Tick numbers like D3's ``d3.format(",")``: thousands separators, no trailing zeros."""
    if abs(v - round(v)) < 1e-9:
        return f"{round(v):,}"
    return f"{v:,.6f}".rstrip("0").rstrip(".")


def _uniq(values: list[str]) -> list[str]:
    return list(dict.fromkeys(values))


def _meta(d: DataPoint, key: str) -> float:
    if key not in d.metadata:
        raise KeyError(f"data point {d.label!r} lacks metadata {key!r}")
    return float(d.metadata[key])


def _sorted(ctx: _Ctx, data: list[DataPoint]) -> list[DataPoint]:
    order = ctx.vp.sortOrder
    if order == "ascending":
        return sorted(data, key=lambda d: d.value)
    if order == "descending":
        return sorted(data, key=lambda d: -d.value)
    return list(data)


def _group_order(ctx: _Ctx) -> list[str]:
    labels = _uniq([d.label for d in ctx.chart.data])
    order = ctx.vp.sortOrder
    if order == "none":
        return labels
    total: dict[str, float] = {}
    for d in ctx.chart.data:
        total[d.label] = total.get(d.label, 0.0) + d.value
    return sorted(labels, key=lambda k: total[k] if order == "ascending" else -total[k])


def _series(ctx: _Ctx) -> list[str]:
    return _uniq([d.category or "" for d in ctx.chart.data])


def _lookup(ctx: _Ctx) -> dict[tuple[str, str], DataPoint]:
    return {(d.label, d.category or ""): d for d in ctx.chart.data}


def _value_axis(ax: Axes, which: str) -> None:
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    axis = ax.yaxis if which == "y" else ax.xaxis
    axis.set_major_locator(MaxNLocator(nbins=6))
    axis.set_major_formatter(FuncFormatter(_num))


def _min_span(ax: Axes) -> None:
    """Widen the y axis about its middle to :data:`MIN_SPAN_SHARE` of its magnitude (never below
    zero when it does not reach below zero); call it once everything is drawn."""
    lo, hi = ax.get_ylim()
    need = MIN_SPAN_SHARE * max(abs(lo), abs(hi))
    if hi - lo >= need:
        return
    start = max(0.0, (lo + hi - need) / 2) if lo >= 0 else (lo + hi - need) / 2
    ax.set_ylim(start, start + max(need, hi - start))


def _floor_at_zero(ax: Axes, which: str, values: list[float]) -> None:
    """A value axis of non-negative ``values`` stops its margin below them at zero (charts.js'
    ``valueDomain``): no negative tick under tourist arrivals; call it once they are drawn."""
    lo, _ = ax.get_ylim() if which == "y" else ax.get_xlim()
    if values and min(values) >= 0 and lo < 0:
        if which == "y":
            ax.set_ylim(bottom=0.0)
        else:
            ax.set_xlim(left=0.0)


def _grid(ctx: _Ctx, ax: Axes, which: str) -> None:
    if ctx.vp.hasGridlines:
        ax.grid(True, axis=which, color=GRID, linewidth=0.8)  # type: ignore[arg-type]
        ax.set_axisbelow(True)


def _crowded(ctx: _Ctx, labels: list[str], slots: int) -> bool:
    longest = max((len(s) for s in labels), default=0)
    return longest * ctx.style.font_px * 0.6 + 6 > ctx.width_px * 0.85 / max(1, slots)


def _category_ticks(ctx: _Ctx, ax: Axes, labels: list[str], *, horizontal: bool = False) -> None:
    positions = list(range(len(labels)))
    if horizontal:
        ax.set_yticks(positions, [_t(s) for s in labels])
        return
    ax.set_xticks(positions, [_t(s) for s in labels])
    if _crowded(ctx, labels, len(labels)):
        ax.tick_params(axis="x", labelrotation=35)
        for tick in ax.get_xticklabels():
            tick.set_horizontalalignment("right")
            tick.set_rotation_mode("anchor")


def _legend(ctx: _Ctx, fig: Figure, keys: list[str], colors: list[str], marker: str = "s") -> None:
    from matplotlib.lines import Line2D

    keys_shown = [k for k in keys if k]
    if not ctx.vp.hasLegend or not keys_shown:
        return
    handles = [
        Line2D([], [], linestyle="none", marker=marker, markersize=8, color=c, label=_t(k))
        for k, c in zip(keys, colors, strict=True)
        if k
    ]
    longest = max(len(k) for k in keys_shown)
    per_row = max(1, int(ctx.width_px / (ctx.style.font_px * 0.62 * longest + 34)))
    fig.legend(handles=handles, loc="outside lower center", ncols=min(len(handles), per_row))


#: A paper-coloured plate behind labels placed beside marks, so lines and marks under them
#: do not cut their contrast (charts.js draws the same plates).
_PLATE = {"facecolor": "#ffffff", "alpha": 0.85, "edgecolor": "none", "pad": 0.6}


_SOLID_PLATE = {**_PLATE, "alpha": 1.0}


def _offset_text(ax: Axes, text: str, xy: tuple[float, float], **kwargs: Any) -> None:
    """Text placed ``xytext`` points away from a data point, drawn even outside the axes, on a
    plate and above every mark (a later mark must not cover an earlier mark's label). Red
    callout ink gets an opaque plate: it keeps 4.5:1 only against paper."""
    kwargs.setdefault("bbox", _SOLID_PLATE if kwargs.get("color") == ANNOTATION else _PLATE)
    kwargs.setdefault("zorder", 6)
    ax.annotate(text, xy, textcoords="offset points", annotation_clip=False, **kwargs)


def _annotate(ctx: _Ctx, ax: Axes, x: float, y: float, label: str, *, side: str = "above") -> None:
    """The highlighted item's callout: a red marker and its name, like charts.js draws it."""
    if side == "above":
        _offset_text(
            ax,
            _t(f"▼ {label}"),
            (x, y),
            xytext=(0, 14),
            ha="center",
            va="bottom",
            color=ANNOTATION,
            fontweight="bold",
        )
    else:
        _offset_text(
            ax,
            _t(f"◀ {label}"),
            (x, y),
            xytext=(8 if not ctx.labels_on else 44, 0),
            ha="left",
            va="center",
            color=ANNOTATION,
            fontweight="bold",
        )


def _small(ctx: _Ctx) -> float:
    return _at_least(ctx.style.font_px * _PT_PER_PX * 0.9)


#: No chart text under this size in the PDF (generation.validate.legibility checks 7 pt).
MIN_TEXT_PT = 7.2


def _at_least(size: float) -> float:
    return max(MIN_TEXT_PT, size)


def _ink_on(colour: Any, alpha: float = 1.0) -> str:
    """Black or white text on a fill (blended on white paper at ``alpha``), whichever contrasts
    more by WCAG: always at least 4.58:1."""
    from matplotlib.colors import to_rgb

    rgb = [alpha * c + (1 - alpha) for c in to_rgb(colour)]
    lum = sum(
        w * (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
        for w, c in zip((0.2126, 0.7152, 0.0722), rgb, strict=True)
    )
    return "#ffffff" if 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 else "#000000"


#: Sankey nodes that name no category of the colour map (the targets), as charts.js draws them.
TARGET_NODE = "#666666"


def _unit_note(ctx: _Ctx, ax: Axes) -> None:
    """An axis-less chart (treemap, sankey) prints what its sizes measure and the unit below the
    drawing, as charts.js does: no ticks, no frame, the value title as a left-aligned x label."""
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_xlabel(_t(_value_title(ctx.chart)), loc="left")


def _frame(fig: Figure, ctx: _Ctx) -> Axes:
    ax = fig.add_subplot()
    ax.set_facecolor("none")
    return ax


def _highlight(artist: Any) -> None:
    artist.set_edgecolor(HIGHLIGHT_EDGE)
    artist.set_linewidth(1.8)


def _outline_under(ax: Axes, x: float, bottom: float, width: float, height: float) -> None:
    """The outline of a highlighted stack (or stacked segment), under the bars and twice the
    highlight's width: their fills cover its inner half, so none loses any of its fill (charts.js'
    ``outlineUnder``, ``generation.charts.outline``)."""
    from matplotlib.patches import Rectangle

    ax.add_patch(
        Rectangle((x, bottom), width, height, fill=False, edgecolor=HIGHLIGHT_EDGE, linewidth=3.6, zorder=0.9)
    )
