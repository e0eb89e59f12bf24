"""PNG figures of the report (``--figures png``): matplotlib on an Agg canvas, no pyplot
global state, drawing the numbers of :mod:`~.figures`."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from .figures import (
    FIT_GRID,
    DomainFigure,
    FigureData,
    Heatmap,
    Histograms,
    PositionFigure,
    SubsetBars,
)

DPI = 120


def _figure(width: float, height: float) -> Any:
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def subset_bars(data: SubsetBars) -> Any:
    fig = _figure(max(6.0, 1.2 * len(data.models) + 3), 4.0)
    ax = fig.add_subplot()
    width = 0.8 / len(data.subsets)
    x = np.arange(len(data.models))
    for i, s in enumerate(data.subsets):
        vals = np.array(s.values)
        err = np.array([[v - lo, hi - v] for v, (lo, hi) in zip(s.values, s.intervals, strict=True)]).T
        ax.bar(
            x + (i - 1) * width,
            np.nan_to_num(vals),
            width,
            yerr=np.nan_to_num(err),
            capsize=2,
            label=s.label,
        )
    ax.set_xticks(x, data.models, rotation=20, ha="right")
    ax.set_ylim(0, 1.05)
    ax.set_ylabel(f"ACC (score ≥ {data.threshold:g})")
    ax.legend()
    return fig


def category_heatmap(data: Heatmap) -> Any:
    import matplotlib

    values = np.array(data.values, dtype=float).reshape(len(data.rows), len(data.models))
    fig = _figure(max(5.0, 1.1 * len(data.models) + 3), 0.45 * len(data.rows) + 1.8)
    ax = fig.add_subplot()
    image = ax.imshow(
        np.ma.masked_invalid(values), cmap=matplotlib.colormaps["RdYlGn"], vmin=0, vmax=1, aspect="auto"
    )
    ax.set_xticks(range(len(data.models)), data.models, rotation=20, ha="right")
    ax.set_yticks(range(len(data.rows)), data.rows)
    for i in range(len(data.rows)):
        for j in range(len(data.models)):
            if not math.isnan(values[i, j]):
                ax.text(j, i, f"{values[i, j]:.2f}", ha="center", va="center", fontsize=8)
    for i in data.breaks:
        ax.axhline(i - 0.5, color="black", linewidth=1.5)
    fig.colorbar(image, ax=ax, label="ACC")
    return fig


def position_figure(data: PositionFigure) -> Any:
    fig = _figure(11.0, 4.0)
    bars, trend = fig.subplots(1, 2)
    width = 0.8 / max(1, len(data.bars))
    for i, (series, (x, y), fit) in enumerate(zip(data.bars, data.points, data.fits, strict=True)):
        offset = (i - (len(data.bars) - 1) / 2) * width
        bars.bar(np.arange(3) + offset, np.nan_to_num(series.values), width, label=series.label)
        line = trend.plot(x, y, "o", label=series.label)
        if fit is not None:
            trend.plot(FIT_GRID, fit, "-", color=line[0].get_color(), alpha=0.7)
    bars.set_xticks(range(3), data.buckets)
    bars.set_ylim(0, 1.05)
    bars.set_ylabel("Chart-reading ACC")
    bars.set_title("By position bucket")
    trend.set_xlim(0, 1)
    trend.set_ylim(-0.05, 1.05)
    trend.set_xlabel("Relative evidence position p = k/K")
    trend.set_title("Binned ACC (dots) and logistic fit (lines)")
    bars.legend(fontsize=8)
    return fig


def score_histograms(data: Histograms) -> Any:
    n = len(data.panels)
    cols = min(n, 4)
    rows = math.ceil(n / cols)
    fig = _figure(3.2 * cols, 2.6 * rows)
    axes = np.atleast_1d(fig.subplots(rows, cols, sharey=True)).ravel()
    for ax, panel in zip(axes, data.panels, strict=False):
        ax.bar(range(11), panel.values, color="#4c72b0")
        ax.axvline(data.threshold - 0.5, color="grey", linestyle="--", linewidth=1)
        ax.set_title(panel.label, fontsize=9)
        ax.set_xticks(range(0, 11, 2))
        ax.set_xlabel("judge score")
    axes[0].set_ylabel("share of answers")
    for ax in axes[n:]:
        ax.set_visible(False)
    return fig


def domain_figure(data: DomainFigure) -> Any:
    n = len(data.panels)
    fig = _figure(max(6.0, 1.1 * len(data.domains) + 2), 3.2 * n)
    axes = np.atleast_1d(fig.subplots(n, 1, squeeze=False)).ravel()
    x = np.arange(len(data.domains))
    for ax, (label, series, overall) in zip(axes, data.panels, strict=True):
        width = 0.8 / len(series)
        for i, s in enumerate(series):
            ax.bar(x + (i - 1) * width, np.nan_to_num(s.values), width, label=s.label)
        ax.plot(x, overall, "kD", label="overall")
        ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
        ax.set_xticks(x, data.domains, rotation=20, ha="right")
        ax.set_ylim(0, 1.05)
        ax.set_title(label, fontsize=10)
        ax.set_ylabel("ACC")
    axes[0].legend(fontsize=8, ncols=4)
    return fig


_DRAW: dict[type, Callable[[Any], Any]] = {
    SubsetBars: subset_bars,
    Heatmap: category_heatmap,
    PositionFigure: position_figure,
    Histograms: score_histograms,
    DomainFigure: domain_figure,
}


def write_png(data: FigureData, path: Path) -> Path:
    """``data`` drawn by matplotlib, saved as a PNG at ``path``."""
    _DRAW[type(data)](data).savefig(path, dpi=DPI)
    return path
