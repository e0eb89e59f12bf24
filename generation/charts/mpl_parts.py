"""matplotlib drawers of parts, grids and flows: pies and donuts, treemaps, heatmaps, boxes,
radars, bullets and sankeys.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure
from generation.charts.mpl_common import (
    ANNOTATION,
    GRID,
    HIGHLIGHT_EDGE,
    INK,
    TARGET_NODE,
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
    _num,
    _offset_text,
    _series,
    _small,
    _sorted,
    _t,
    _uniq,
    _unit_note,
    _value_axis,
    _value_title,
)
from synthdocbench_tasks.schema import DataPoint


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
    _unit_note(ctx, ax)


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
    _floor_at_zero(ax, "y", [v for d in data for v in (d.value, _meta(d, "min"), _meta(d, "max"))])
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


@dataclass(frozen=True)
class _SankeyLayout:
    """Where a sankey's nodes go: columns by depth, heights by the larger of in- and outflow."""

    flows: list[tuple[str, str, DataPoint]]
    nodes: list[str]
    depth: dict[str, int]
    levels: int
    size: dict[str, float]
    scale: float
    xpos: dict[str, float]
    ypos: dict[str, float]
    node_w: float = 0.025


def _sankey_layout(ctx: _Ctx) -> _SankeyLayout:
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
    return _SankeyLayout(flows, nodes, depth, levels, size, scale, xpos, ypos, node_w)


def _draw_sankey(fig: Figure, ctx: _Ctx) -> None:
    """Nodes in columns by depth, flows as bands whose width is the flow."""
    from matplotlib.patches import PathPatch, Rectangle
    from matplotlib.path import Path

    lay = _sankey_layout(ctx)
    flows, nodes, depth, levels, size = lay.flows, lay.nodes, lay.depth, lay.levels, lay.size
    scale, xpos, ypos, node_w = lay.scale, lay.xpos, lay.ypos, lay.node_w
    ax = _frame(fig, ctx)
    out_off = {n: ypos[n] for n in nodes}
    in_off = {n: ypos[n] for n in nodes}
    # Flows take their source's colour; nodes outside the colour map (the targets) a neutral grey,
    # as charts.js draws them, so no entity gets a colour of its own in one chart only.
    cmap = ctx.vp.colorMap
    colors = {
        n: ctx.series_color(n, i) if n in cmap or not cmap else TARGET_NODE for i, n in enumerate(nodes)
    }
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
    _unit_note(ctx, ax)
