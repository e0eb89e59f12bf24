"""The report's figures (paper Figures 7, 9, 10, 11, 12): the numbers each one shows
(:data:`FigureData`, gathered from the runs by :mod:`~.figures`) and matplotlib drawing them as
PNG (``Figure`` on an Agg canvas, no pyplot), gathered by :class:`Figures` and drawn when the
report writes them. (Drawing them in a process of their own while the tables are computed was
tried: on a loaded two-core machine it cost 3-20% more wall time and 10% more CPU.)"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

import numpy as np

DPI = 120
#: The relative positions the logistic fits of Figure 10 are drawn at.
FIT_GRID = tuple(i / 100 for i in range(101))


@dataclass(frozen=True)
class Series:
    """One model's values in a figure: ``values`` (NaN where undefined) and, where drawn,
    their intervals ``(lo, hi)``."""

    label: str
    values: list[float]
    intervals: list[tuple[float, float]] = field(default_factory=list)


@dataclass(frozen=True)
class SubsetBars:
    """Figure 12: ACC per subset (one bar group per model) with question-level CIs."""

    models: list[str]
    subsets: list[Series]  # per subset: one value per model
    threshold: float


@dataclass(frozen=True)
class Heatmap:
    """Figure 7: ACC of categories (rows, grouped by subset) by models (columns)."""

    rows: list[str]
    models: list[str]
    values: list[list[float]]  # [row][model], NaN where a model has no answer
    breaks: list[int]  # row indices where the subset changes


@dataclass(frozen=True)
class PositionFigure:
    """Figure 10: chart-reading ACC by position bucket (bars) and by relative position
    (binned means as dots, logistic fits as lines where they converged)."""

    buckets: list[str]
    bars: list[Series]  # per model: one value per bucket
    points: list[tuple[list[float], list[float]]]  # per model: bin centres, binned ACC
    fits: list[list[float] | None]  # per model: the fit at FIT_GRID


@dataclass(frozen=True)
class Histograms:
    """Figure 9: the share of each judge score 0..10 per model."""

    panels: list[Series]  # per model: 11 shares
    threshold: float


@dataclass(frozen=True)
class DomainFigure:
    """Figure 11: per model, ACC per domain by subset, and overall per domain."""

    domains: list[str]
    panels: list[tuple[str, list[Series], list[float]]]  # model, per subset by domain, overall


FigureData = SubsetBars | Heatmap | PositionFigure | Histograms | DomainFigure


def _figure(width: float, height: float) -> Any:
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


def png(data: FigureData) -> bytes:
    """``data`` drawn by matplotlib, as a PNG at :data:`DPI`."""
    buffer = io.BytesIO()
    _DRAW[type(data)](data).savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue()


class Figures:
    """The report's figures by name: :meth:`draw` takes a figure's numbers, :meth:`pngs` draws
    them all with matplotlib. A context manager, like the report's other resources."""

    def __init__(self) -> None:
        self._data: dict[str, FigureData] = {}

    def __enter__(self) -> Figures:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._data.clear()

    def draw(self, name: str, data: FigureData) -> None:
        """Have ``data`` drawn, as the PNG ``name`` of :meth:`pngs`."""
        self._data[name] = data

    def pngs(self) -> dict[str, bytes]:
        """The PNG of each figure, by name, in the order they were given."""
        return {name: png(data) for name, data in self._data.items()}
