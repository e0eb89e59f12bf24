"""matplotlib drawers of the line family: lines, areas, stacked areas, slopes, sparkline grids,
scatter and bubble plots.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
from generation.charts.mpl_common import (
    _PT_PER_PX,
    ANNOTATION,
    HIGHLIGHT_EDGE,
    INK,
    _annotate,
    _at_least,
    _category_ticks,
    _category_title,
    _Ctx,
    _floor_at_zero,
    _frame,
    _grid,
    _highlight,
    _ink_on,
    _legend,
    _lookup,
    _meta,
    _min_span,
    _num,
    _offset_text,
    _series,
    _small,
    _t,
    _uniq,
    _value_axis,
    _value_title,
)
from generation.charts.panel_labels import panel_columns, year_ticks
from generation.charts.reading import value_printed


def _stacked_bands(ctx: _Ctx, ax: Axes, xs: list[str], series: list[str], colors: list[str]) -> None:
    """The bands of a stacked area, each on the one below, labelled inside."""
    get = _lookup(ctx)
    base = [0.0] * len(xs)
    for si, s in enumerate(series):
        vals = [get[(x, s)].value if (x, s) in get else 0.0 for x in xs]
        top = [b + v for b, v in zip(base, vals, strict=True)]
        poly = ax.fill_between(range(len(xs)), base, top, color=colors[si], alpha=0.85, linewidth=0)
        if ctx.is_hl(s):
            _highlight(poly)
        if ctx.labels_on:
            for i, v in enumerate(vals):
                if (xs[i], s) not in get or not value_printed(ctx.chart, get[(xs[i], s)]):
                    continue  # no room for its label (band_labels, which charts.js follows too)
                first, last = i == 0, i == len(vals) - 1
                ax.annotate(
                    ctx.fmt(v),
                    (i, base[i] + v / 2),
                    # the first and last labels sit inside the band, clear of its edge and the axis
                    xytext=(3 if first else -3 if last else 0, 0),
                    textcoords="offset points",
                    ha="left" if first else "right" if last else "center",
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


def _line_series(ctx: _Ctx, ax: Axes, kind: str, xs: list[str], series: list[str], colors: list[str]) -> None:
    """One line per series (one for a single-series line or area), with markers and labels."""
    multi = kind in ("multi_line", "stacked_area")
    xi = {x: i for i, x in enumerate(xs)}
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
                ax.plot([xi[d.label]], [d.value], marker="o", markersize=5, color=ctx.item_color(d.label, k))
            if ctx.labels_on and value_printed(ctx.chart, d):  # a multi-line chart's: line_labels
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


def _draw_lines(fig: Figure, ctx: _Ctx, kind: str) -> None:
    multi = kind in ("multi_line", "stacked_area")
    xs = _uniq([d.label for d in ctx.chart.data])
    series = _series(ctx) if multi else [""]
    ax = _frame(fig, ctx)
    _grid(ctx, ax, "y")
    colors = [ctx.series_color(s, i) if multi else ctx.item_color("", 0) for i, s in enumerate(series)]
    if kind == "stacked_area":
        _stacked_bands(ctx, ax, xs, series, colors)
    else:
        _line_series(ctx, ax, kind, xs, series, colors)
    ax.margins(x=0.06, y=0.12)
    _floor_at_zero(ax, "y", [d.value for d in ctx.chart.data])
    _min_span(ax)
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
    _floor_at_zero(ax, "y", [d.value for d in ctx.chart.data])
    _legend(ctx, fig, series, colors, marker="o")


def _draw_sparklines(fig: Figure, ctx: _Ctx) -> None:
    """Small multiples of one line per panel, each panel titled with its name."""
    from matplotlib.ticker import MaxNLocator

    panels = _series(ctx)
    xs = _uniq([d.label for d in ctx.chart.data])
    get = _lookup(ctx)
    ticks = year_ticks(ctx.chart)  # the years named under each panel, as charts.js names them
    cols = min(len(panels), panel_columns(len(panels)))
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
                if not value_printed(ctx.chart, get[(xs[i], p)]):
                    continue  # no room for its label (panel_labels, which charts.js follows too)
                _offset_text(
                    ax,
                    ctx.fmt(v),
                    (i, v),
                    xytext=(0, 3),
                    ha="center",
                    va="bottom",
                    fontsize=_at_least(_small(ctx) * 0.85),
                )
        ax.set_xticks([xs.index(y) for y in ticks], [_t(y) for y in ticks])
        ax.yaxis.set_major_locator(MaxNLocator(nbins=3))
        from matplotlib.ticker import FuncFormatter

        ax.yaxis.set_major_formatter(FuncFormatter(_num))
        ax.tick_params(labelsize=_at_least(_small(ctx) * 0.9))
        ax.margins(x=0.08, y=0.25)
        _floor_at_zero(ax, "y", [q[1] for q in pts])
        _grid(ctx, ax, "y")


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
    _floor_at_zero(ax, "x", xs)
    _floor_at_zero(ax, "y", [d.value for d in data])
    _value_axis(ax, "x")
    _value_axis(ax, "y")
    ax.set_xlabel(_t(_category_title(ctx.chart)))
    ax.set_ylabel(_t(_value_title(ctx.chart)))
    _legend(ctx, fig, groups, [ctx.series_color(g, i) for i, g in enumerate(groups)], marker="o")
