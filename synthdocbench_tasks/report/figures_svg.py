"""SVG figures of the report (the default): the numbers of :mod:`~.figures` drawn with
:mod:`~.svg`, laid out as :mod:`~.figures_png` lays them out (sizes in inches x 100 px)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .figures import (
    FIT_GRID,
    DomainFigure,
    FigureData,
    Heatmap,
    Histograms,
    PositionFigure,
    Series,
    SubsetBars,
    finite,
)
from .svg import (
    FONT_SIZE,
    RDYLGN,
    TAB10,
    Axes,
    Canvas,
    colour,
    legend,
    nice_ticks,
    rotated_height,
    text_width,
    tick_labels,
)

#: Space left of an axes for its tick labels (up to "0.25") and its label.
LEFT = 62.0
ACC_TICKS = nice_ticks(0.0, 1.0)
TURN = 20.0  # degrees the category labels under an axes are turned


def _grouped_bars(ax: Axes, series: Sequence[Series], slots: int, errors: bool = False) -> None:
    """One bar per series at each of ``slots`` positions, side by side, in the colour cycle."""
    width = 0.8 / max(1, len(series))
    for i, s in enumerate(series):
        offset = (i - (len(series) - 1) / 2) * width
        for k in range(slots):
            err = s.intervals[k] if errors and s.intervals else None
            ax.bar(k + offset, width, finite(s.values[k]), TAB10[i % len(TAB10)], err)


def _acc_axes(canvas: Canvas, box: tuple[float, float, float, float], slots: int, label: str) -> Axes:
    ax = Axes(canvas, *box, xlim=(-0.6, slots - 0.4), ylim=(0.0, 1.05))
    ax.frame()
    ax.yticks(ACC_TICKS)
    ax.ylabel(label, LEFT - 14)
    return ax


def subset_bars(data: SubsetBars) -> Canvas:
    n = len(data.models)
    below = rotated_height(data.models, TURN) + 18
    canvas = Canvas(max(600.0, 120.0 * n + 300), 400.0)
    ax = _acc_axes(
        canvas,
        (LEFT, 40.0, canvas.width - LEFT - 15, canvas.height - 40 - below),
        n,
        f"ACC (score ≥ {data.threshold:g})",
    )
    _grouped_bars(ax, data.subsets, n, errors=True)
    ax.xticks(list(range(n)), data.models, rotate=TURN)
    legend(canvas, LEFT, 18, [(s.label, TAB10[i], "bar") for i, s in enumerate(data.subsets)])
    return canvas


def category_heatmap(data: Heatmap) -> Canvas:
    cell_w, cell_h = 110.0, 45.0
    left = max((text_width(r) for r in data.rows), default=0.0) + 16
    below = rotated_height(data.models, TURN) + 16
    width, height = cell_w * len(data.models), cell_h * len(data.rows)
    canvas = Canvas(left + width + 90, 20 + height + below)
    ax = Axes(
        canvas,
        left,
        20.0,
        width,
        height,
        xlim=(-0.5, len(data.models) - 0.5),
        ylim=(len(data.rows) - 0.5, -0.5),
    )
    for i, row in enumerate(data.values):
        for j, value in enumerate(row):
            if not math.isnan(value):
                canvas.rect(ax.px(j - 0.5), ax.py(i - 0.5), cell_w, cell_h, colour(value))
                canvas.text(ax.px(j), ax.py(i), f"{value:.2f}", size=FONT_SIZE - 2)
    for i in data.breaks:
        canvas.line(ax.x, ax.py(i - 0.5), ax.x + width, ax.py(i - 0.5), width=1.5)
    ax.frame()
    ax.yticks(list(range(len(data.rows))), data.rows)
    ax.xticks(list(range(len(data.models))), data.models, rotate=TURN)
    _colour_bar(canvas, left + width + 16, 20.0, height)
    return canvas


def _colour_bar(canvas: Canvas, x: float, y: float, height: float) -> None:
    stops = "".join(
        f'<stop offset="{i / (len(RDYLGN) - 1):.1f}" stop-color="{c}"/>'
        for i, c in enumerate(reversed(RDYLGN))
    )
    canvas.parts.append(
        f'<defs><linearGradient id="acc" x1="0" y1="0" x2="0" y2="1">{stops}</linearGradient></defs>'
    )
    bar = Axes(canvas, x, y, 14.0, height, xlim=(0.0, 1.0), ylim=(0.0, 1.0))
    canvas.rect(x, y, 14.0, height, "url(#acc)")
    bar.frame()
    for value in ACC_TICKS:
        canvas.line(x + 14, bar.py(value), x + 18, bar.py(value), width=0.8)
        canvas.text(x + 21, bar.py(value), f"{value:.1f}", anchor="start")
    canvas.text(x + 60, y + height / 2, "ACC", rotate=-90)


def position_figure(data: PositionFigure) -> Canvas:
    canvas = Canvas(1100.0, 400.0)
    top, panel_h, panel_w = 60.0, 290.0, 450.0
    bars = _acc_axes(canvas, (LEFT, top, panel_w, panel_h), len(data.buckets), "Chart-reading ACC")
    _grouped_bars(bars, data.bars, len(data.buckets))
    bars.xticks(list(range(len(data.buckets))), data.buckets)
    bars.title("By position bucket")
    trend = Axes(canvas, LEFT + panel_w + 90, top, panel_w, panel_h, xlim=(0.0, 1.0), ylim=(-0.05, 1.05))
    trend.frame()
    trend.yticks(ACC_TICKS)
    trend.xticks(nice_ticks(0.0, 1.0))
    trend.xlabel("Relative evidence position p = k/K", 32)
    trend.title("Binned ACC (dots) and logistic fit (lines)")
    for i, ((xs, ys), fit) in enumerate(zip(data.points, data.fits, strict=True)):
        fill = TAB10[i % len(TAB10)]
        for x, y in zip(xs, ys, strict=True):
            if not math.isnan(y):
                canvas.marker(trend.px(x), trend.py(y), fill)
        if fit is not None:
            canvas.polyline([(trend.px(g), trend.py(p)) for g, p in zip(FIT_GRID, fit, strict=True)], fill)
    legend(canvas, LEFT, 18, [(s.label, TAB10[i % len(TAB10)], "bar") for i, s in enumerate(data.bars)])
    return canvas


def score_histograms(data: Histograms) -> Canvas:
    n = len(data.panels)
    cols = min(n, 4)
    rows = math.ceil(n / cols)
    panel_w, panel_h = 320.0, 260.0
    canvas = Canvas(panel_w * cols + 20, panel_h * rows)
    peak = max((v for p in data.panels for v in p.values), default=0.0) or 1.0
    ticks = nice_ticks(0.0, peak * 1.05)
    left = max(text_width(label) for label in tick_labels(ticks)) + 34
    for k, panel in enumerate(data.panels):
        x0, y0 = (k % cols) * panel_w, (k // cols) * panel_h
        box = (x0 + left, y0 + 28, panel_w - left - 10, panel_h - 78)
        ax = Axes(canvas, *box, xlim=(-0.8, 10.8), ylim=(0.0, peak * 1.05))
        for score, share in enumerate(panel.values):
            ax.bar(score, 0.8, share, "#4c72b0")
        ax.vline(data.threshold - 0.5)
        ax.frame()
        ax.yticks(ticks)
        ax.xticks(list(range(0, 11, 2)))
        ax.xlabel("judge score", 32)
        ax.title(panel.label, size=FONT_SIZE - 1)
        if k % cols == 0:
            ax.ylabel("share of answers", left - 12)
    return canvas


def domain_figure(data: DomainFigure) -> Canvas:
    n_domains = len(data.domains)
    below = rotated_height(data.domains, TURN) + 16
    panel_h = 320.0
    canvas = Canvas(max(600.0, 110.0 * n_domains + 200), 40 + panel_h * len(data.panels))
    for k, (label, series, overall) in enumerate(data.panels):
        top = 40 + k * panel_h + 24
        ax = _acc_axes(canvas, (LEFT, top, canvas.width - LEFT - 15, panel_h - 24 - below), n_domains, "ACC")
        _grouped_bars(ax, series, n_domains)
        for d, value in enumerate(overall):
            if not math.isnan(value):
                canvas.marker(ax.px(d), ax.py(value), "#000", "diamond")
        ax.hline(0.5)
        ax.xticks(list(range(n_domains)), data.domains, rotate=TURN)
        ax.title(label, size=FONT_SIZE)
    first = data.panels[0][1] if data.panels else []
    entries = [(s.label, TAB10[i], "bar") for i, s in enumerate(first)] + [("overall", "#000", "diamond")]
    legend(canvas, LEFT, 16, entries)
    return canvas


_DRAW: dict[type, Callable[[Any], Canvas]] = {
    SubsetBars: subset_bars,
    Heatmap: category_heatmap,
    PositionFigure: position_figure,
    Histograms: score_histograms,
    DomainFigure: domain_figure,
}


def write_svg(data: FigureData, path: Path, title: str) -> Path:
    """``data`` drawn as SVG, written to ``path`` (``title``: the SVG's title)."""
    path.write_text(_DRAW[type(data)](data).svg(title), encoding="utf-8")
    return path
