"""The second chart renderer: matplotlib -> inline SVG, drawn server-side from Table 17 metadata.

It exists for the paper's open question on rendering familiarity (§5): the same chart
(same data, colours from ``colorMap``, legend, gridlines, highlighted items and data
labels as ``visualProperties`` say, same title) drawn by a library other than D3, so a
model's scores can be compared across renderers with everything else held fixed.

``render_chart_svg(chart, width, height, style)`` returns an ``<svg>`` element ready to
inline in HTML: text stays text (``svg.fonttype = none``, so it is extractable from the
PDF), every id is prefixed with ``mpl-<vizId>-`` (many charts share one page), and the
output is byte-identical for the same inputs (fixed hash salt, no date, no metadata).
Every type of :data:`generation.charts.registry.REGISTRY` is drawn, following the data
conventions of ``docs/data-layout.md``. matplotlib is imported inside functions (Agg).
"""

from __future__ import annotations

import io
import math
import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from generation.charts.data import chart_decimals, value_text
from generation.charts.registry import CHART_TYPE_NAMES
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


# ---------------------------------------------------------------- public API


def render_chart_svg(
    chart: Chart,
    width_px: float,
    height_px: float,
    style: ChartStyle | None = None,
    *,
    show_title: bool = True,
) -> str:
    """``chart`` drawn by matplotlib as an inline ``<svg>`` element filling ``width_px`` x ``height_px``.

    The SVG scales to its container (``width``/``height`` 100%, ``viewBox`` in points),
    so at the given CSS size its text has ``style.font_px``. Raises :class:`ChartRenderError`
    for a type without a drawer or data that break the type's conventions.
    """
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure

    style = style or ChartStyle()
    if chart.chartType not in DRAWERS:
        raise ChartRenderError(f"{chart.vizId}: chart type {chart.chartType!r} has no matplotlib drawing")
    ctx = _Ctx(
        chart=chart,
        style=style,
        width_px=width_px,
        decimals=chart_decimals(chart),
        unit=_value_axis_of(chart).unit or "",
        highlighted=set(chart.visualProperties.highlightedItems),
    )
    prefix = f"mpl-{chart.vizId}-"
    fonts = list(available_fonts(style.font_family))
    pt = _at_least(style.font_px * _PT_PER_PX)
    rc: dict[str, Any] = {
        "svg.fonttype": "none",
        "svg.hashsalt": chart.vizId,
        "svg.id": f"{prefix}svg",
        "font.family": fonts,
        "font.size": pt,
        "axes.titlesize": pt * 1.12,
        "axes.labelsize": pt,
        "axes.labelweight": "bold",
        "axes.edgecolor": "#555555",
        "axes.labelcolor": "#333333",
        "text.color": INK,
        "xtick.color": "#555555",
        "ytick.color": "#555555",
        "xtick.labelcolor": INK,
        "ytick.labelcolor": INK,
        "xtick.labelsize": pt,
        "ytick.labelsize": pt,
        "legend.fontsize": pt,
        "legend.frameon": False,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "figure.dpi": 72,
        "savefig.dpi": 72,
        "path.simplify": False,
        "axes.unicode_minus": False,
    }
    with matplotlib.rc_context(rc):  # type: ignore[arg-type]  # keys are checked by matplotlib
        from matplotlib.layout_engine import ConstrainedLayoutEngine

        engine = ConstrainedLayoutEngine(w_pad=4 / 72, h_pad=4 / 72, wspace=0.04, hspace=0.04)
        fig = Figure(figsize=(width_px / 96, height_px / 96), layout=engine, facecolor="none")
        if show_title:
            fig.suptitle(
                _t(_wrap(chart.title, width_px, style.font_px * 1.25)),
                fontweight="bold",
                fontsize=pt * 1.25,
            )
        try:
            DRAWERS[chart.chartType](fig, ctx)
        except (KeyError, ValueError, ZeroDivisionError) as exc:
            raise ChartRenderError(
                f"{chart.vizId}: cannot draw {chart.chartType} from its data: {exc}; see docs/data-layout.md"
            ) from exc
        _tidy(fig)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None}, transparent=True)
    return _inline_svg(buf.getvalue(), prefix, chart.title)


@cache
def available_fonts(stack: tuple[str, ...]) -> tuple[str, ...]:
    """The families of ``stack`` that matplotlib can measure (others would only log warnings).

    Generic names are dropped; DejaVu Sans, which matplotlib ships, closes the list.
    """
    from matplotlib import font_manager

    manager = font_manager.fontManager
    known = {f.name for f in manager.ttflist}
    if any(f not in known and f not in _GENERIC for f in stack):
        # matplotlib's font cache predates fonts installed later: add the system's new files.
        seen = {f.fname for f in manager.ttflist}
        for path in sorted(font_manager.findSystemFonts()):
            if path not in seen:
                try:
                    manager.addfont(path)
                except (OSError, RuntimeError, ValueError):
                    continue
        known = {f.name for f in manager.ttflist}
    found = [f for f in stack if f in known]
    return tuple(dict.fromkeys([*found, "DejaVu Sans"]))


# ---------------------------------------------------------------- SVG post-processing

_ID = re.compile(r'\bid="([^"]+)"')


def _inline_svg(svg: str, prefix: str, title: str) -> str:
    """Drop the XML prologue and metadata, prefix every id, make the root scale to its box."""
    start = svg.index("<svg")
    svg = svg[start:]
    svg = re.sub(r"\s*<metadata>.*?</metadata>", "", svg, flags=re.S)
    ids = set(_ID.findall(svg))
    svg = _ID.sub(
        lambda m: f'id="{m.group(1) if m.group(1).startswith(prefix) else prefix + m.group(1)}"', svg
    )

    def ref(m: re.Match[str]) -> str:
        name = m.group(2)
        return f"{m.group(1)}{prefix + name if name in ids else name}"

    svg = re.sub(r'(url\(#|href="#)([^)"]+)', ref, svg)
    head_end = svg.index(">")
    head = svg[:head_end]
    head = re.sub(r'\swidth="[^"]*"', ' width="100%"', head, count=1)
    head = re.sub(r'\sheight="[^"]*"', ' height="100%"', head, count=1)
    label = title.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    head += f' class="chart-svg-mpl" role="img" aria-label="{label}" preserveAspectRatio="xMidYMid meet"'
    # No ligatures: Chromium would print "tt" or "ti" as one glyph that the text layer splits
    # into a wide glyph and a zero-width one, which reads as two overprinted words.
    head += ' style="font-variant-ligatures: none"'
    return (head + svg[head_end:]).strip() + "\n"


# ---------------------------------------------------------------- legibility pass


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
    to_pt = 72.0 / fig.dpi
    for label in movable:
        ox, oy = label.xyann
        x0, y0, x1, y1 = box(label)
        w, h = x1 - x0, y1 - y0
        for fx, fy in _TRIES:
            dx, dy = fx * w + (2 if fx > 0 else -2 if fx < 0 else 0), fy * h
            at = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
            inside = at[0] >= frame.x0 and at[2] <= frame.x1 and at[1] >= frame.y0 and at[3] <= frame.y1
            if inside and not any(_collide(at, p) for p in placed):
                label.xyann = (ox + dx * to_pt, oy + dy * to_pt)
                break
        placed.append(box(label))


# ---------------------------------------------------------------- shared helpers


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


def _frame(fig: Figure, ctx: _Ctx) -> Axes:
    ax = fig.add_subplot()
    ax.set_facecolor("none")
    return ax


def _highlight(artist: Any) -> None:
    artist.set_edgecolor(HIGHLIGHT_EDGE)
    artist.set_linewidth(1.8)


# ---------------------------------------------------------------- vertical bars


def _draw_vbars(fig: Figure, ctx: _Ctx, variant: str) -> None:
    data = list(ctx.chart.data) if variant in ("waterfall", "histogram") else _sorted(ctx, ctx.chart.data)
    labels = [d.label for d in data]
    ax = _frame(fig, ctx)
    starts = [0.0] * len(data)
    ends = [d.value for d in data]
    if variant == "waterfall":
        run = 0.0
        starts, ends = [], []
        for d in data:
            starts.append(run)
            run += d.value
            ends.append(run)
    width = 0.98 if variant == "histogram" else 0.75
    _grid(ctx, ax, "y")
    for i, d in enumerate(data):
        lo, hi = min(starts[i], ends[i]), max(starts[i], ends[i])
        color = ctx.item_color(d.label, i)
        if variant == "waterfall":
            # a starting level, then increases and decreases, coloured by role from the colorMap
            key = "increase" if d.value >= 0 else "decrease"
            if i == 0 and "level" in ctx.vp.colorMap:
                key = "level"
            color = ctx.series_color(key, 0 if key == "level" else 4 if d.value >= 0 else 2)
        (bar,) = ax.bar(i, hi - lo, bottom=lo, width=width, color=color)
        hl = ctx.is_hl(d.label)
        if hl:
            _highlight(bar)
        if ctx.labels_on:
            above = d.value >= 0 or variant == "waterfall"
            _offset_text(
                ax,
                ctx.fmt(d.value),
                (i, hi if above else lo),
                xytext=(0, 3 if above else -3),
                ha="center",
                va="bottom" if above else "top",
                fontweight="bold",
            )
        if hl:
            _annotate(ctx, ax, i, hi, d.label)
        if variant == "waterfall" and i + 1 < len(data):
            ax.plot([i + width / 2, i + 1 - width / 2], [ends[i], ends[i]], color="#888888", linewidth=0.8)
    if min(starts + ends) >= 0:
        ax.set_ylim(bottom=0)
    ax.axhline(0, color="#555555", linewidth=0.8)
    ax.margins(y=0.12)
    _category_ticks(ctx, ax, labels)
    _value_axis(ax, "y")
    ax.set_xlabel(_t(_category_title(ctx.chart)))
    ax.set_ylabel(_t(_value_title(ctx.chart)))


# ---------------------------------------------------------------- horizontal bars


def _draw_hbars(fig: Figure, ctx: _Ctx, variant: str) -> None:
    data = _sorted(ctx, ctx.chart.data)
    labels = [d.label for d in data]
    ax = _frame(fig, ctx)
    _grid(ctx, ax, "x")
    for i, d in enumerate(data):
        color = ctx.item_color(d.label, i)
        if variant == "lollipop":
            ax.plot([0, d.value], [i, i], color=color, linewidth=1.6)
            (mark,) = ax.plot([d.value], [i], marker="o", markersize=9, color=color, linestyle="none")
            if ctx.is_hl(d.label):
                mark.set_markeredgecolor(HIGHLIGHT_EDGE)
                mark.set_markeredgewidth(1.8)
        else:
            (bar,) = ax.barh(i, d.value, height=0.72, color=color)
            if ctx.is_hl(d.label):
                _highlight(bar)
        if ctx.labels_on:
            _offset_text(
                ax,
                ctx.fmt(d.value),
                (d.value, i),
                xytext=(8 if variant == "lollipop" else 3, 0),
                va="center",
                ha="left" if d.value >= 0 else "right",
                fontweight="bold",
            )
        if ctx.is_hl(d.label):
            _annotate(ctx, ax, d.value, i, d.label, side="right")
    ax.axvline(0, color="#555555", linewidth=0.8)
    ax.invert_yaxis()
    ax.margins(x=0.15)
    _category_ticks(ctx, ax, labels, horizontal=True)
    _value_axis(ax, "x")
    ax.set_xlabel(_t(_value_title(ctx.chart)))


def _draw_funnel(fig: Figure, ctx: _Ctx) -> None:
    """Stages top to bottom, each bar centred and as wide as its value."""
    data = list(ctx.chart.data)
    ax = _frame(fig, ctx)
    top = max(d.value for d in data)
    for i, d in enumerate(data):
        (bar,) = ax.barh(i, d.value, left=-d.value / 2, height=0.8, color=ctx.item_color(d.label, i))
        if ctx.is_hl(d.label):
            _highlight(bar)
            _annotate(ctx, ax, d.value / 2, i, d.label, side="right")
        if ctx.labels_on:
            inside = d.value > top * 0.25
            ax.annotate(
                ctx.fmt(d.value),
                (0 if inside else d.value / 2, i),
                xytext=(0 if inside else 4, 0),
                textcoords="offset points",
                ha="center" if inside else "left",
                va="center",
                fontweight="bold",
                color=_ink_on(ctx.item_color(d.label, i)) if inside else INK,
            )
    ax.set_xlim(-top * 0.62, top * 0.62)
    ax.invert_yaxis()
    _category_ticks(ctx, ax, [d.label for d in data], horizontal=True)
    if ctx.labels_on:
        ax.set_xticks([])
        ax.spines["bottom"].set_visible(False)
    else:  # read the width against a symmetric axis
        from matplotlib.ticker import FuncFormatter, MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(nbins=6, symmetric=True))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: _num(abs(2 * v))))
        ax.set_xlabel(_t(_value_title(ctx.chart) + " (bar width)"))
        _grid(ctx, ax, "x")
    ax.spines["left"].set_visible(False)
    ax.tick_params(axis="y", length=0)


def _draw_diverging(fig: Figure, ctx: _Ctx) -> None:
    """Rows of signed bars from a zero line; several series stack away from zero by sign."""
    rows = _group_order(ctx)
    series = _series(ctx)
    get = _lookup(ctx)
    ax = _frame(fig, ctx)
    _grid(ctx, ax, "x")
    colors = [ctx.series_color(s, i) for i, s in enumerate(series)]
    for r, row in enumerate(rows):
        pos = neg = 0.0
        for si, s in enumerate(series):
            d = get.get((row, s))
            if d is None:
                continue
            left = pos if d.value >= 0 else neg + d.value
            (bar,) = ax.barh(
                r,
                d.value if d.value >= 0 else -d.value,
                left=left,
                height=0.66,
                color=ctx.vp.colorMap.get(row) or colors[si],
            )
            bar.set_edgecolor("#ffffff")
            bar.set_linewidth(0.5)
            if ctx.is_hl(row, s):
                _highlight(bar)
            if ctx.labels_on:
                ax.text(
                    left + abs(d.value) / 2,
                    r,
                    ctx.fmt(d.value),
                    ha="center",
                    va="center",
                    fontsize=_small(ctx),
                    fontweight="bold",
                    color=_ink_on(ctx.vp.colorMap.get(row) or colors[si]),
                )
            if d.value >= 0:
                pos += d.value
            else:
                neg += d.value
        if ctx.is_hl(row):
            _annotate(ctx, ax, pos, r, row, side="right")
    ax.axvline(0, color="#333333", linewidth=1.0)
    ax.invert_yaxis()
    ax.margins(x=0.12)
    _category_ticks(ctx, ax, rows, horizontal=True)
    _value_axis(ax, "x")
    ax.set_xlabel(_t(_value_title(ctx.chart)))
    if len(series) > 1:
        _legend(ctx, fig, series, colors)


# ---------------------------------------------------------------- grouped / stacked bars


def _draw_grouped(fig: Figure, ctx: _Ctx, stacked: bool) -> None:
    groups = _group_order(ctx)
    series = _series(ctx)
    get = _lookup(ctx)
    ax = _frame(fig, ctx)
    _grid(ctx, ax, "y")
    colors = [ctx.series_color(s, i) for i, s in enumerate(series)]
    band = 0.8
    inner = band / max(1, len(series))
    for g, group in enumerate(groups):
        base = 0.0
        for si, s in enumerate(series):
            d = get.get((group, s))
            if d is None:
                continue
            if stacked:
                (bar,) = ax.bar(g, d.value, bottom=base, width=band, color=colors[si])
                bar.set_edgecolor("#ffffff")
                bar.set_linewidth(0.5)
                if ctx.labels_on:
                    ax.text(
                        g,
                        base + d.value / 2,
                        ctx.fmt(d.value),
                        ha="center",
                        va="center",
                        fontweight="bold",
                        fontsize=_small(ctx),
                        color=_ink_on(colors[si]),
                    )
                base += d.value
            else:
                x = g - band / 2 + inner * (si + 0.5)
                (bar,) = ax.bar(x, d.value, width=inner * 0.92, color=colors[si])
                if ctx.labels_on:
                    _offset_text(
                        ax,
                        ctx.fmt(d.value),
                        (x, max(0.0, d.value)),
                        xytext=(0, 2),
                        ha="center",
                        va="bottom",
                        fontsize=_small(ctx),
                        fontweight="bold",
                    )
            if ctx.is_hl(group, s):
                _highlight(bar)
        if ctx.is_hl(group):
            values = [get[(group, s)].value for s in series if (group, s) in get]
            top = base if stacked else max(values, default=0.0)
            _annotate(ctx, ax, g, top, group)
    ax.set_ylim(bottom=min(0.0, *(d.value for d in ctx.chart.data)))
    ax.margins(y=0.14)
    _category_ticks(ctx, ax, groups)
    _value_axis(ax, "y")
    ax.set_xlabel(_t(_category_title(ctx.chart)))
    ax.set_ylabel(_t(_value_title(ctx.chart)))
    _legend(ctx, fig, series, colors)


def _draw_dumbbell(fig: Figure, ctx: _Ctx) -> None:
    rows = _group_order(ctx)
    series = _series(ctx)
    ax = _frame(fig, ctx)
    _grid(ctx, ax, "x")
    colors = [ctx.series_color(s, i) for i, s in enumerate(series)]
    for r, row in enumerate(rows):
        pts = [d for d in ctx.chart.data if d.label == row]
        vals = [d.value for d in pts]
        ax.plot([min(vals), max(vals)], [r, r], color="#999999", linewidth=2.4, zorder=1)
        for d in pts:
            si = series.index(d.category or "")
            hl = ctx.is_hl(row)
            ax.plot(
                [d.value],
                [r],
                marker="o",
                markersize=9,
                color=colors[si],
                markeredgecolor=HIGHLIGHT_EDGE if hl else colors[si],
                markeredgewidth=1.8 if hl else 0.5,
                linestyle="none",
                zorder=2,
            )
            if ctx.labels_on:
                # Close values would overprint above the dots: the lower one goes left of
                # its dot, the higher one right of its dot.
                low = len(pts) > 1 and d is min(pts, key=lambda p: p.value)
                _offset_text(
                    ax,
                    ctx.fmt(d.value),
                    (d.value, r),
                    xytext=(-8 if low else 8, 0),
                    ha="right" if low else "left",
                    va="center",
                    fontsize=_small(ctx),
                )
        if ctx.is_hl(row):
            _annotate(ctx, ax, max(vals), r, row, side="right")
    ax.invert_yaxis()
    ax.margins(x=0.1, y=0.12)
    _category_ticks(ctx, ax, rows, horizontal=True)
    _value_axis(ax, "x")
    ax.set_xlabel(_t(_value_title(ctx.chart)))
    _legend(ctx, fig, series, colors, marker="o")


# ---------------------------------------------------------------- lines and areas


def _draw_lines(fig: Figure, ctx: _Ctx, kind: str) -> None:
    multi = kind in ("multi_line", "stacked_area")
    xs = _uniq([d.label for d in ctx.chart.data])
    series = _series(ctx) if multi else [""]
    get = _lookup(ctx)
    ax = _frame(fig, ctx)
    _grid(ctx, ax, "y")
    colors = [ctx.series_color(s, i) if multi else ctx.item_color("", 0) for i, s in enumerate(series)]
    xi = {x: i for i, x in enumerate(xs)}
    if kind == "stacked_area":
        base = [0.0] * len(xs)
        for si, s in enumerate(series):
            vals = [get[(x, s)].value if (x, s) in get else 0.0 for x in xs]
            top = [b + v for b, v in zip(base, vals, strict=True)]
            poly = ax.fill_between(range(len(xs)), base, top, color=colors[si], alpha=0.85, linewidth=0)
            if ctx.is_hl(s):
                _highlight(poly)
            if ctx.labels_on:
                for i, v in enumerate(vals):
                    ax.text(
                        i,
                        base[i] + v / 2,
                        ctx.fmt(v),
                        # the first and last labels sit inside the band, not centred on its edge
                        ha="left" if i == 0 else "right" if i == len(vals) - 1 else "center",
                        va="center",
                        fontsize=_small(ctx),
                        color=_ink_on(colors[si], 0.85),
                        fontweight="bold",
                    )
            if not ctx.vp.hasLegend:
                _offset_text(
                    ax,
                    _t(s),
                    (len(xs) - 1, (base[-1] + top[-1]) / 2),
                    xytext=(8, 0),
                    va="center",
                    color=ANNOTATION if ctx.is_hl(s) else INK,
                )
            base = top
        ax.set_ylim(bottom=0)
    else:
        for si, s in enumerate(series):
            pts = [d for d in ctx.chart.data if not multi or (d.category or "") == s]
            px = [xi[d.label] for d in pts]
            py = [d.value for d in pts]
            color = colors[si]
            if kind == "area":
                ax.fill_between(px, 0, py, color=color, alpha=0.25, linewidth=0)
            width = 3.2 if multi and ctx.is_hl(s) else 1.7
            ax.plot(px, py, color=color, linewidth=width, marker="o" if multi else "none", markersize=4.5)
            for k, d in enumerate(pts):
                if not multi:  # single-series points take their own colorMap entry (highlight colour)
                    ax.plot(
                        [xi[d.label]], [d.value], marker="o", markersize=5, color=ctx.item_color(d.label, k)
                    )
                if ctx.labels_on:
                    _offset_text(
                        ax,
                        ctx.fmt(d.value),
                        (xi[d.label], d.value),
                        xytext=(0, 5),
                        ha="center",
                        va="bottom",
                        fontsize=_small(ctx),
                    )
                if not multi and ctx.is_hl(d.label):
                    ax.plot(
                        [xi[d.label]],
                        [d.value],
                        marker="o",
                        markersize=9,
                        color=ctx.item_color(d.label, k),
                        markeredgecolor=HIGHLIGHT_EDGE,
                        markeredgewidth=1.6,
                    )
                    _annotate(ctx, ax, xi[d.label], d.value, d.label)
            if multi and pts and (not ctx.vp.hasLegend or ctx.is_hl(s)):
                _offset_text(
                    ax,
                    _t(s),
                    (px[-1], py[-1]),
                    xytext=(8, 0),
                    va="center",
                    color=ANNOTATION if ctx.is_hl(s) else INK,
                    fontweight="bold" if ctx.is_hl(s) else "normal",
                )
        if kind == "area":
            ax.set_ylim(bottom=min(0.0, *(d.value for d in ctx.chart.data)))
    ax.margins(x=0.06, y=0.12)
    _category_ticks(ctx, ax, xs)
    _value_axis(ax, "y")
    ax.set_xlabel(_t(_category_title(ctx.chart)))
    ax.set_ylabel(_t(_value_title(ctx.chart)))
    if multi:
        _legend(ctx, fig, series, colors)


def _draw_slope(fig: Figure, ctx: _Ctx) -> None:
    """One line per series between the x items (usually two years), names at the right end."""
    xs = _uniq([d.label for d in ctx.chart.data])
    series = _series(ctx)
    get = _lookup(ctx)
    ax = _frame(fig, ctx)
    _grid(ctx, ax, "y")
    colors = [ctx.series_color(s, i) for i, s in enumerate(series)]
    for si, s in enumerate(series):
        pts = [(i, get[(x, s)].value) for i, x in enumerate(xs) if (x, s) in get]
        if not pts:
            continue
        hl = ctx.is_hl(s)
        ax.plot(
            [p[0] for p in pts],
            [p[1] for p in pts],
            color=colors[si],
            linewidth=3.0 if hl else 1.7,
            marker="o",
            markersize=5,
        )
        for i, v in pts:
            if ctx.labels_on:
                _offset_text(
                    ax,
                    ctx.fmt(v),
                    (i, v),
                    xytext=(-6 if i == 0 else 6, 0),
                    ha="right" if i == 0 else "left",
                    va="center",
                    fontsize=_small(ctx),
                )
        last_i, last_v = pts[-1]
        _offset_text(
            ax,
            _t(s),
            (last_i, last_v),
            xytext=(40 if ctx.labels_on else 8, 0),
            va="center",
            # series names in ink (a light series colour on paper can fall below 4.5:1)
            color=ANNOTATION if hl else INK,
            fontweight="bold" if hl else "normal",
        )
    ax.set_xlim(-0.3, len(xs) - 1 + 0.3)
    _category_ticks(ctx, ax, xs)
    _value_axis(ax, "y")
    ax.set_ylabel(_t(_value_title(ctx.chart)))
    ax.margins(y=0.1)
    _legend(ctx, fig, series, colors, marker="o")


def _draw_sparklines(fig: Figure, ctx: _Ctx) -> None:
    """Small multiples of one line per panel, each panel titled with its name."""
    from matplotlib.ticker import MaxNLocator

    panels = _series(ctx)
    xs = _uniq([d.label for d in ctx.chart.data])
    get = _lookup(ctx)
    cols = min(len(panels), 3 if ctx.width_px >= 420 else 2)
    rows = math.ceil(len(panels) / cols)
    axes = fig.subplots(rows, cols, squeeze=False)
    for k, ax in enumerate(axes.flat):
        if k >= len(panels):
            ax.set_visible(False)
            continue
        p = panels[k]
        pts = [(i, get[(x, p)].value) for i, x in enumerate(xs) if (x, p) in get]
        color = ctx.series_color(p, k)
        ax.set_facecolor("none")
        ax.plot([q[0] for q in pts], [q[1] for q in pts], color=color, linewidth=1.5)
        hl = ctx.is_hl(p)
        ax.set_title(_t(p), fontsize=_small(ctx) * 1.08, color=ANNOTATION if hl else INK, loc="left")
        if hl:
            for side in ("left", "bottom"):
                ax.spines[side].set_color(HIGHLIGHT_EDGE)
                ax.spines[side].set_linewidth(1.8)
        if ctx.labels_on:
            for i, v in pts:
                _offset_text(
                    ax,
                    ctx.fmt(v),
                    (i, v),
                    xytext=(0, 3),
                    ha="center",
                    va="bottom",
                    fontsize=_at_least(_small(ctx) * 0.85),
                )
        ax.set_xticks([0, len(xs) - 1], [_t(xs[0]), _t(xs[-1])])
        ax.yaxis.set_major_locator(MaxNLocator(nbins=3))
        from matplotlib.ticker import FuncFormatter

        ax.yaxis.set_major_formatter(FuncFormatter(_num))
        ax.tick_params(labelsize=_at_least(_small(ctx) * 0.9))
        ax.margins(x=0.08, y=0.25)
        _grid(ctx, ax, "y")


# ---------------------------------------------------------------- scatter, bubble


def _draw_scatter(fig: Figure, ctx: _Ctx, bubble: bool) -> None:
    data = ctx.chart.data
    groups = [g for g in _uniq([d.category or "" for d in data]) if g]
    ax = _frame(fig, ctx)
    _grid(ctx, ax, "both")
    xs = [_meta(d, "x") for d in data]
    sizes = [_meta(d, "size") if bubble else 1.0 for d in data]
    biggest = max(sizes) or 1.0
    for i, d in enumerate(data):
        gi = groups.index(d.category) if d.category in groups else -1
        color = ctx.series_color(d.category or "", gi) if gi >= 0 else ctx.item_color(d.label, i)
        radius = max(3.0, 26 * math.sqrt(sizes[i] / biggest)) if bubble else 5.0  # px
        hl = ctx.is_hl(d.label)
        ax.scatter(
            [xs[i]],
            [d.value],
            s=(2 * radius * _PT_PER_PX) ** 2,
            color=color,
            alpha=0.6 if bubble else 0.9,
            edgecolors=HIGHLIGHT_EDGE if hl else "none",
            linewidths=1.8 if hl else 0,
            zorder=3,
        )
        text = f"{d.label} ({ctx.fmt(d.value)})" if ctx.labels_on else d.label
        _offset_text(
            ax,
            _t(text),
            (xs[i], d.value),
            xytext=(radius * _PT_PER_PX + 3, 0),
            va="center",
            fontsize=_small(ctx),
            color=ANNOTATION if hl else INK,
            fontweight="bold" if hl else "normal",
        )
    ax.margins(0.12)
    _value_axis(ax, "x")
    _value_axis(ax, "y")
    ax.set_xlabel(_t(_category_title(ctx.chart)))
    ax.set_ylabel(_t(_value_title(ctx.chart)))
    _legend(ctx, fig, groups, [ctx.series_color(g, i) for i, g in enumerate(groups)], marker="o")


# ---------------------------------------------------------------- pie, donut, treemap


def _draw_pie(fig: Figure, ctx: _Ctx, donut: bool) -> None:
    data = _sorted(ctx, ctx.chart.data)
    ax = _frame(fig, ctx)
    colors = [ctx.series_color(d.label, i) for i, d in enumerate(data)]
    explode = [0.06 if ctx.is_hl(d.label) else 0.0 for d in data]
    wedges, _texts = ax.pie(
        [d.value for d in data],
        colors=colors,
        startangle=90,
        counterclock=False,
        explode=explode,
        wedgeprops={"width": 0.45 if donut else 1.0, "edgecolor": "#ffffff", "linewidth": 1.0},
    )
    for i, (w, d) in enumerate(zip(wedges, data, strict=True)):
        hl = ctx.is_hl(d.label)
        if hl:
            w.set_edgecolor(HIGHLIGHT_EDGE)
            w.set_linewidth(1.8)
        parts = []
        if not ctx.vp.hasLegend or hl:
            parts.append(d.label)
        if ctx.labels_on:
            parts.append(ctx.fmt(d.value))
        if not parts:
            continue
        angle = math.radians((w.theta1 + w.theta2) / 2)
        r = 1.12 + explode[i]
        x, y = r * math.cos(angle), r * math.sin(angle)
        ax.text(
            x,
            y,
            _t(": ".join(parts)),
            ha="left" if x >= 0 else "right",
            va="center",
            color=ANNOTATION if hl else INK,
            fontweight="bold" if hl else "normal",
        )
    ax.set_aspect("equal")
    ax.set_xlim(-1.25, 1.25)
    ax.set_ylim(-1.2, 1.2)
    ax.axis("off")
    _legend(ctx, fig, [d.label for d in data], colors)


def _worst_ratio(row: list[float], short: float) -> float:
    """The worst aspect ratio of tiles of areas ``row`` laid along a side of length ``short``."""
    total = sum(row)
    return max(max(short * short * v / (total * total), (total * total) / (short * short * v)) for v in row)


def _squarify(values: list[float], x: float, y: float, w: float, h: float) -> list[tuple[float, ...]]:
    """Rectangles (x, y, w, h) tiling the box with areas proportional to ``values`` (sorted descending)."""
    total = sum(values)
    if total <= 0:
        raise ValueError("treemap values must be positive")
    scaled = [v * w * h / total for v in values]
    rects: list[tuple[float, ...]] = []
    i = 0
    while i < len(scaled):
        short = min(w, h)
        row = [scaled[i]]
        j = i + 1
        while j < len(scaled) and _worst_ratio([*row, scaled[j]], short) <= _worst_ratio(row, short):
            row.append(scaled[j])
            j += 1
        s = sum(row)
        if w >= h:  # a column on the left
            cw = s / h
            cy = y
            for v in row:
                rects.append((x, cy, cw, v / cw))
                cy += v / cw
            x, w = x + cw, w - cw
        else:  # a row at the top
            rh = s / w
            cx = x
            for v in row:
                rects.append((cx, y, v / rh, rh))
                cx += v / rh
            y, h = y + rh, h - rh
        i = j
    return rects


def _draw_treemap(fig: Figure, ctx: _Ctx) -> None:
    from matplotlib.patches import Rectangle

    data = sorted(ctx.chart.data, key=lambda d: -d.value)
    ax = _frame(fig, ctx)
    aspect = 1.6
    rects = _squarify([d.value for d in data], 0.0, 0.0, aspect, 1.0)
    for i, (d, (x, y, w, h)) in enumerate(zip(data, rects, strict=True)):
        hl = ctx.is_hl(d.label)
        ax.add_patch(
            Rectangle(
                (x, y),
                w,
                h,
                facecolor=ctx.item_color(d.label, i)
                if d.label in ctx.vp.colorMap
                else ctx.series_color(d.label, i),
                edgecolor=HIGHLIGHT_EDGE if hl else "#ffffff",
                linewidth=2.0 if hl else 1.2,
            )
        )
        text = f"{d.label}\n{ctx.fmt(d.value)}" if ctx.labels_on else d.label
        ax.text(
            x + 0.012,
            y + 0.02,
            _t(text),
            ha="left",
            va="top",
            color=_ink_on(
                ctx.item_color(d.label, i) if d.label in ctx.vp.colorMap else ctx.series_color(d.label, i)
            ),
            fontsize=_small(ctx),
            fontweight="bold",
            clip_on=False,
            zorder=5,
        )
    ax.set_xlim(0, aspect)
    ax.set_ylim(1, 0)
    ax.axis("off")


# ---------------------------------------------------------------- heatmap, box, radar, bullet


def _draw_heatmap(fig: Figure, ctx: _Ctx) -> None:
    import numpy as np
    from matplotlib import colormaps

    cols = _uniq([d.label for d in ctx.chart.data])
    rows = _uniq([d.category or "" for d in ctx.chart.data])
    get = _lookup(ctx)
    grid = np.full((len(rows), len(cols)), np.nan)
    for (label, cat), d in get.items():
        grid[rows.index(cat), cols.index(label)] = d.value
    lo, hi = float(np.nanmin(grid)), float(np.nanmax(grid))
    ax = _frame(fig, ctx)
    from matplotlib.colors import Colormap

    scale = ctx.vp.colorMap
    cmap: Colormap
    if "low" in scale and "high" in scale:  # the sequential encoding the colorMap names
        from matplotlib.colors import LinearSegmentedColormap

        cmap, vmin = LinearSegmentedColormap.from_list("sequential", [scale["low"], scale["high"]]), lo
    else:
        cmap, vmin = colormaps["Blues"], lo - (hi - lo) * 0.15
    image = ax.pcolormesh(  # vector cells (imshow would embed a bitmap in the SVG)
        np.arange(len(cols) + 1) - 0.5,
        np.arange(len(rows) + 1) - 0.5,
        np.ma.masked_invalid(grid),
        cmap=cmap,
        vmin=vmin,
        vmax=hi,
        edgecolors="#ffffff",
        linewidth=1.0,
    )
    ax.set_xlim(-0.5, len(cols) - 0.5)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    for (label, cat), d in get.items():
        r, c = rows.index(cat), cols.index(label)
        if ctx.is_hl(label, cat):
            from matplotlib.patches import Rectangle

            ax.add_patch(
                Rectangle((c - 0.5, r - 0.5), 1, 1, fill=False, edgecolor=HIGHLIGHT_EDGE, linewidth=2.2)
            )
        if ctx.labels_on:
            ax.text(
                c,
                r,
                ctx.fmt(d.value),
                ha="center",
                va="center",
                fontsize=_small(ctx),
                color=_ink_on(cmap((d.value - vmin) / ((hi - vmin) or 1.0))),
            )
    _category_ticks(ctx, ax, cols)
    _category_ticks(ctx, ax, rows, horizontal=True)
    for side in ("left", "bottom"):
        ax.spines[side].set_visible(False)
    ax.tick_params(length=0)
    if ctx.vp.hasLegend or not ctx.labels_on:  # a colour scale to read values against
        bar = fig.colorbar(image, ax=ax, shrink=0.9, pad=0.02)
        from matplotlib.ticker import FuncFormatter

        bar.ax.yaxis.set_major_formatter(FuncFormatter(_num))
        bar.set_label(_t(_value_title(ctx.chart)))


def _draw_box(fig: Figure, ctx: _Ctx) -> None:
    data = _sorted(ctx, ctx.chart.data)
    stats = [
        {
            "med": d.value,
            "q1": _meta(d, "q1"),
            "q3": _meta(d, "q3"),
            "whislo": _meta(d, "min"),
            "whishi": _meta(d, "max"),
            "label": _t(d.label),
        }
        for d in data
    ]
    ax = _frame(fig, ctx)
    _grid(ctx, ax, "y")
    parts = ax.bxp(stats, positions=list(range(len(data))), showfliers=False, patch_artist=True, widths=0.55)
    for i, (box, d) in enumerate(zip(parts["boxes"], data, strict=True)):
        box.set_facecolor(ctx.item_color(d.label, i))
        box.set_alpha(0.85)
        if ctx.is_hl(d.label):
            _highlight(box)
            _annotate(ctx, ax, i, _meta(d, "max"), d.label)
        if ctx.labels_on:
            _offset_text(
                ax,
                ctx.fmt(d.value),
                (i + 0.29, d.value),
                xytext=(3, 0),
                va="center",
                fontsize=_small(ctx),
                fontweight="bold",
            )
    for median in parts["medians"]:
        median.set_color("#111111")
        median.set_linewidth(1.6)
    ax.margins(y=0.12)
    _category_ticks(ctx, ax, [d.label for d in data])
    _value_axis(ax, "y")
    ax.set_xlabel(_t(_category_title(ctx.chart)))
    ax.set_ylabel(_t(_value_title(ctx.chart)))


def _draw_radar(fig: Figure, ctx: _Ctx) -> None:
    axes_names = _uniq([d.label for d in ctx.chart.data])
    series = _series(ctx)
    get = _lookup(ctx)
    n = len(axes_names)
    if n < 3:
        raise ValueError("a radar chart needs at least three axes")
    ax: Any = fig.add_subplot(projection="polar")  # a PolarAxes
    ax.set_facecolor("none")
    angles = [2 * math.pi * k / n for k in range(n)]
    ax.set_theta_offset(math.pi / 2)
    ax.set_theta_direction(-1)
    colors = [ctx.series_color(s, i) for i, s in enumerate(series)]
    top = max(d.value for d in ctx.chart.data)
    for si, s in enumerate(series):
        vals = [get[(a, s)].value if (a, s) in get else 0.0 for a in axes_names]
        hl = ctx.is_hl(s)
        ax.plot([*angles, angles[0]], [*vals, vals[0]], color=colors[si], linewidth=3.0 if hl else 1.6)
        ax.fill([*angles, angles[0]], [*vals, vals[0]], color=colors[si], alpha=0.15)
        if ctx.labels_on:
            for a, v in zip(angles, vals, strict=True):
                _offset_text(  # on a plate, so the legibility pass may move it off a close value
                    ax,
                    ctx.fmt(v),
                    (a, v + top * 0.06),
                    xytext=(0, 0),
                    ha="center",
                    va="center",
                    fontsize=_at_least(_small(ctx) * 0.9),
                )
    ax.set_xticks(angles, [_t(a) for a in axes_names])
    for label, name in zip(ax.get_xticklabels(), axes_names, strict=True):
        if ctx.is_hl(name):
            label.set_color(ANNOTATION)
            label.set_fontweight("bold")
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(nbins=4))
    ax.yaxis.set_major_formatter(FuncFormatter(_num))
    ax.set_ylim(0, top * 1.12)
    ax.tick_params(axis="y", labelsize=_at_least(_small(ctx) * 0.9))
    ax.grid(ctx.vp.hasGridlines, color=GRID, linewidth=0.8)
    ax.spines["polar"].set_color("#999999")
    _legend(ctx, fig, series, colors)


def _draw_bullet(fig: Figure, ctx: _Ctx) -> None:
    data = _sorted(ctx, ctx.chart.data)
    targets = [_meta(d, "target") for d in data]
    top = max(max(d.value for d in data), max(targets)) * 1.15
    target_colour = str(ctx.vp.colorMap.get("target", "#111111"))
    ax = _frame(fig, ctx)
    _grid(ctx, ax, "x")
    for i, (d, target) in enumerate(zip(data, targets, strict=True)):
        for frac, shade in ((1.0, "#eeeeee"), (0.75, "#dddddd"), (0.5, "#cccccc")):
            ax.barh(i, top * frac, height=0.7, color=shade, zorder=1)
        (bar,) = ax.barh(i, d.value, height=0.28, color=ctx.item_color(d.label, i), zorder=2)
        ax.plot([target, target], [i - 0.27, i + 0.27], color=target_colour, linewidth=2.4, zorder=3)
        if ctx.is_hl(d.label):
            _highlight(bar)
            _annotate(ctx, ax, top, i, d.label, side="right")
        if ctx.labels_on:
            ax.annotate(
                ctx.fmt(d.value),
                (d.value, i),
                xytext=(3, 9),
                textcoords="offset points",
                ha="left",
                va="center",
                fontsize=_small(ctx),
                fontweight="bold",
                zorder=4,
            )
    ax.set_xlim(0, top)
    ax.invert_yaxis()
    _category_ticks(ctx, ax, [d.label for d in data], horizontal=True)
    _value_axis(ax, "x")
    ax.set_xlabel(_t(_value_title(ctx.chart) + " (bar: actual, tick: target)"))
    _legend(ctx, fig, ["Actual", "Target"], [ctx.item_color(data[0].label, 0), target_colour])


# ---------------------------------------------------------------- sankey


def _draw_sankey(fig: Figure, ctx: _Ctx) -> None:
    """Nodes in columns by depth, flows as bands whose width is the flow."""
    from matplotlib.patches import PathPatch, Rectangle
    from matplotlib.path import Path

    flows = [(d.metadata.get("source") or "", d.metadata.get("target") or "", d) for d in ctx.chart.data]
    for source, target, d in flows:
        if not source or not target:
            raise KeyError(f"flow {d.label!r} lacks metadata 'source' or 'target'")
    nodes = _uniq([n for s, t, _ in flows for n in (s, t)])
    depth = dict.fromkeys(nodes, 0)
    for _ in range(len(nodes)):
        for s, t, _d in flows:
            depth[t] = max(depth[t], depth[s] + 1)
    if any(depth[t] <= depth[s] for s, t, _ in flows):
        raise ValueError("sankey flows must not form a cycle")
    levels = max(depth.values()) + 1
    inflow = {n: sum(d.value for s, t, d in flows if t == n) for n in nodes}
    outflow = {n: sum(d.value for s, t, d in flows if s == n) for n in nodes}
    size = {n: max(inflow[n], outflow[n]) for n in nodes}
    columns = [[n for n in nodes if depth[n] == k] for k in range(levels)]
    gap = 0.04
    scale = min((1 - gap * (len(col) - 1)) / sum(size[n] for n in col) for col in columns)
    node_w = 0.025
    xpos = {n: depth[n] * (1 - node_w) / max(1, levels - 1) for n in nodes}
    ypos: dict[str, float] = {}
    for col in columns:
        used = sum(size[n] for n in col) * scale + gap * (len(col) - 1)
        y = (1 - used) / 2
        for n in col:
            ypos[n] = y
            y += size[n] * scale + gap
    ax = _frame(fig, ctx)
    out_off = {n: ypos[n] for n in nodes}
    in_off = {n: ypos[n] for n in nodes}
    colors = {n: ctx.series_color(n, i) for i, n in enumerate(nodes)}
    for source, target, d in flows:
        h = d.value * scale
        x0, x1 = xpos[source] + node_w, xpos[target]
        y0, y1 = out_off[source], in_off[target]
        out_off[source] += h
        in_off[target] += h
        xm = (x0 + x1) / 2
        verts = [
            (x0, y0),
            (xm, y0),
            (xm, y1),
            (x1, y1),
            (x1, y1 + h),
            (xm, y1 + h),
            (xm, y0 + h),
            (x0, y0 + h),
            (x0, y0),
        ]
        codes = [Path.MOVETO, *[Path.CURVE4] * 3, Path.LINETO, *[Path.CURVE4] * 3, Path.CLOSEPOLY]
        hl = ctx.is_hl(d.label, source, target)
        ax.add_patch(
            PathPatch(
                Path(verts, codes),
                facecolor=colors[source],
                alpha=0.45 if not hl else 0.75,
                edgecolor=HIGHLIGHT_EDGE if ctx.is_hl(d.label) else "none",
                linewidth=1.6,
            )
        )
        if ctx.labels_on:
            _offset_text(  # on a plate: flows cross, and translucent flows pile up dark
                ax,
                ctx.fmt(d.value),
                (xm, (y0 + y1) / 2 + h / 2),
                xytext=(0, 0),
                ha="center",
                va="center",
                fontsize=_small(ctx),
                fontweight="bold",
            )
    for n in nodes:
        ax.add_patch(Rectangle((xpos[n], ypos[n]), node_w, size[n] * scale, facecolor=colors[n]))
        last = depth[n] == levels - 1
        ax.text(
            xpos[n] - 0.008 if last else xpos[n] + node_w + 0.008,
            ypos[n] + size[n] * scale / 2,
            _t(n),
            ha="right" if last else "left",
            va="center",
            color=ANNOTATION if ctx.is_hl(n) else INK,
            fontweight="bold",
            zorder=5,
            bbox={"facecolor": "#ffffff", "alpha": 0.75, "edgecolor": "none", "pad": 1.0},
        )
    ax.set_xlim(-0.01, 1.01)
    ax.set_ylim(1.01, -0.01)
    ax.axis("off")


#: One drawing function per chart type of :data:`generation.charts.registry.REGISTRY`.
DRAWERS: dict[str, Callable[[Figure, _Ctx], None]] = {
    "bar": lambda f, c: _draw_vbars(f, c, "bar"),
    "histogram": lambda f, c: _draw_vbars(f, c, "histogram"),
    "waterfall": lambda f, c: _draw_vbars(f, c, "waterfall"),
    "horizontal_bar": lambda f, c: _draw_hbars(f, c, "bar"),
    "lollipop": lambda f, c: _draw_hbars(f, c, "lollipop"),
    "funnel": _draw_funnel,
    "diverging_bar": _draw_diverging,
    "grouped_bar": lambda f, c: _draw_grouped(f, c, False),
    "stacked_bar": lambda f, c: _draw_grouped(f, c, True),
    "dumbbell": _draw_dumbbell,
    "line": lambda f, c: _draw_lines(f, c, "line"),
    "area": lambda f, c: _draw_lines(f, c, "area"),
    "multi_line": lambda f, c: _draw_lines(f, c, "multi_line"),
    "stacked_area": lambda f, c: _draw_lines(f, c, "stacked_area"),
    "slope": _draw_slope,
    "sparkline_grid": _draw_sparklines,
    "scatter": lambda f, c: _draw_scatter(f, c, False),
    "bubble": lambda f, c: _draw_scatter(f, c, True),
    "pie": lambda f, c: _draw_pie(f, c, False),
    "donut": lambda f, c: _draw_pie(f, c, True),
    "treemap": _draw_treemap,
    "heatmap": _draw_heatmap,
    "box": _draw_box,
    "radar": _draw_radar,
    "bullet": _draw_bullet,
    "sankey": _draw_sankey,
}

#: The chart types the matplotlib renderer draws: every type of the registry (a test checks it).
MPL_CHART_TYPES: tuple[str, ...] = tuple(t for t in CHART_TYPE_NAMES if t in DRAWERS)
