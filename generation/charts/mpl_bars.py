"""matplotlib drawers of the bar family: vertical and horizontal bars, lollipops, histograms,
waterfalls, funnels, diverging, grouped and stacked bars, dumbbells.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.figure import Figure
from generation.charts.mpl_common import (
    HIGHLIGHT_EDGE,
    INK,
    _annotate,
    _category_ticks,
    _category_title,
    _Ctx,
    _frame,
    _grid,
    _group_order,
    _highlight,
    _ink_on,
    _legend,
    _lookup,
    _num,
    _offset_text,
    _outline_under,
    _series,
    _small,
    _sorted,
    _t,
    _value_axis,
    _value_title,
)
from generation.charts.reading import value_printed


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
        ax.set_xlabel(_t(_value_title(ctx.chart)), loc="left")  # what the widths measure, and the unit
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
                if ctx.is_hl(s) and not ctx.is_hl(group):
                    _outline_under(ax, g - band / 2, base, band, d.value)
                if ctx.labels_on and value_printed(ctx.chart, d):
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
            if not stacked and ctx.is_hl(group, s):
                _highlight(bar)
        if stacked and ctx.is_hl(group):
            _outline_under(ax, g - band / 2, 0.0, band, base)
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
