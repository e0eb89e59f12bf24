"""The report's figures (paper Figures 7, 9, 10, 11, 12): the numbers each one shows
(:data:`FigureData`, gathered from the runs by :mod:`~.figures`) and matplotlib drawing them as
PNG (``Figure`` on an Agg canvas, no pyplot), gathered by :class:`Figures` and drawn when the
report writes them. The margins are measured, not solved: :func:`_fit` sizes each margin and
gap from the extents of the texts that fall in it (tick labels, axis labels, titles), as
matplotlib's renderer lays them out, and places the axes once (a layout engine would lay out
every artist of the figure again, two fifths of drawing it). (Drawing them in a process of
their own while the tables are computed was tried: on a loaded two-core machine it cost 3-20%
more wall time and 10% more CPU.)"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib.util
import io
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
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

    fig = Figure(figsize=(width, height), dpi=DPI)
    FigureCanvasAgg(fig)
    return fig


#: Space kept around the texts at the figure's edges and between panels, in inches.
_PAD = 0.06


def _extent(renderer: Any, text: str, style: Any) -> tuple[float, float]:
    """The width and height, in pixels, of the box of ``text`` drawn as the matplotlib ``Text``
    ``style`` draws (its font and rotation): the line laid out by the renderer, then turned."""
    if not text or not style.get_visible():
        return 0.0, 0.0
    width, height, _ = renderer.get_text_width_height_descent(text, style.get_fontproperties(), ismath=False)
    angle = math.radians(style.get_rotation())
    cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
    return width * cos + height * sin, width * sin + height * cos


def _tick_labels(axis: Any, renderer: Any, side: str) -> list[tuple[float, float, float]]:
    """``(position, width, height)`` of each major tick label of ``axis`` in its view, sized by
    :func:`_extent` from the locator's ticks and the formatter's texts (as a draw formats them,
    without updating the ticks twice); none where ``side`` (``labelleft``, ``labelbottom``) is
    off."""
    if not axis.get_tick_params().get(side, True):
        return []
    low, high = sorted(axis.get_view_interval())
    locs = list(axis.get_majorticklocs())
    texts = axis.get_major_formatter().format_ticks(locs)  # all of them: a fixed list goes by index
    style = axis.majorTicks[0].label1
    shown = [(x, t) for x, t in zip(locs, texts, strict=True) if low <= x <= high]
    return [(x, *_extent(renderer, t, style)) for x, t in shown]


def _needs(ax: Any, renderer: Any) -> tuple[float, float, float, float]:
    """The room, in pixels, that the texts of ``ax`` take outside it: left, bottom, top, and
    how far its x tick labels reach left of the axes (labels rotated and aligned right)."""
    ticks = _tick_labels(ax.yaxis, renderer, "labelleft")
    pad = renderer.points_to_pixels(7.0)  # the tick's length and its label's pad (3.5 + 3.5 pt)
    left = max((w for _, w, _ in ticks), default=0.0) + pad
    if ax.get_ylabel():
        left += _extent(renderer, ax.get_ylabel(), ax.yaxis.label)[0] + renderer.points_to_pixels(4.0)
    labels = _tick_labels(ax.xaxis, renderer, "labelbottom")
    bottom = max((h for _, _, h in labels), default=0.0) + pad
    if ax.get_xlabel():
        bottom += _extent(renderer, ax.get_xlabel(), ax.xaxis.label)[1] + renderer.points_to_pixels(4.0)
    top = _extent(renderer, ax.get_title(), ax.title)[1]
    top += renderer.points_to_pixels(6.0) if top else 0.0
    reach = 0.0
    (x0, x1), width = ax.get_xlim(), ax.get_position().width * ax.figure.bbox.width
    if labels and ax.xaxis.majorTicks[0].label1.get_horizontalalignment() == "right" and x1 != x0:
        reach = max(w - (x - x0) / (x1 - x0) * width for x, w, _ in labels)
    return left, bottom, top, reach


def _fit(fig: Any, grid: Any, right: float = 0.0) -> None:
    """Margins and gaps of ``fig`` for the axes ``grid`` (rows x columns, as ``subplots`` gives
    them) sized to the texts around each axes (:func:`_needs`); ``right``: inches kept at the
    right edge (a colorbar's labels)."""
    rows = [list(np.atleast_1d(row)) for row in np.atleast_2d(np.asarray(grid, dtype=object))]
    renderer = fig.canvas.get_renderer()
    needs = [[_needs(ax, renderer) for ax in row] for row in rows]
    dpi, (width, height) = fig.dpi, fig.get_size_inches()
    left = max(n[0] for row in needs for n in row[:1]) / dpi + _PAD
    gap_x = max((n[0] for row in needs for n in row[1:]), default=0.0) / dpi + 2 * _PAD
    bottom = max(n[1] for n in needs[-1]) / dpi + _PAD
    top = max(n[2] for n in needs[0]) / dpi + _PAD
    below = [max(n[1] for n in row) for row in needs[:-1]]  # each row's labels under it
    above = [max(n[2] for n in row) for row in needs[1:]]  # each next row's titles
    gap_y = max(map(sum, zip(below, above, strict=True)), default=0.0) / dpi + 2 * _PAD
    cols, n_rows = len(rows[0]), len(rows)
    left = max(left, max(n[3] for row in needs for n in row[:1]) / dpi + _PAD)
    span_x = max(width - left - right - _PAD - (cols - 1) * gap_x, 0.1 * width)
    span_y = max(height - top - bottom - (n_rows - 1) * gap_y, 0.1 * height)
    fig.subplots_adjust(
        left=left / width,
        right=1 - (right + _PAD) / width,
        bottom=bottom / height,
        top=1 - top / height,
        wspace=gap_x / (span_x / cols),
        hspace=gap_y / (span_y / n_rows),
    )


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
    _fit(fig, ax)
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
    bar = fig.colorbar(image, ax=ax, label="ACC")
    renderer = fig.canvas.get_renderer()
    ticks = max((w for _, w, _ in _tick_labels(bar.ax.yaxis, renderer, "labelright")), default=0.0)
    label = _extent(renderer, bar.ax.get_ylabel(), bar.ax.yaxis.label)[0]
    _fit(fig, ax, right=(ticks + label + renderer.points_to_pixels(11.0)) / fig.dpi)
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
    _fit(fig, [[bars, trend]])
    return fig


def score_histograms(data: Histograms) -> Any:
    n = len(data.panels)
    cols = min(n, 4)
    rows = math.ceil(n / cols)
    fig = _figure(3.2 * cols, 2.6 * rows)
    grid = fig.subplots(rows, cols, sharey=True, squeeze=False)
    axes = grid.ravel()
    for ax, panel in zip(axes, data.panels, strict=False):
        ax.bar(range(11), panel.values, color="#4c72b0")
        ax.axvline(data.threshold - 0.5, color="grey", linestyle="--", linewidth=1)
        ax.set_title(panel.label, fontsize=9)
        ax.set_xticks(range(0, 11, 2))
        ax.set_xlabel("judge score")
    axes[0].set_ylabel("share of answers")
    for ax in axes[n:]:
        ax.set_visible(False)
    _fit(fig, grid)
    return fig


def domain_figure(data: DomainFigure) -> Any:
    n = len(data.panels)
    fig = _figure(max(6.0, 1.1 * len(data.domains) + 2), 3.2 * n)
    grid = fig.subplots(n, 1, squeeze=False)
    axes = grid.ravel()
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
    _fit(fig, grid)
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


def numbers(data: FigureData) -> dict[str, Any]:
    """The numbers of ``data`` as JSON values (NaN as null, tuples as lists), with its kind:
    what :class:`Figures` writes beside each PNG."""
    return {"figure": type(data).__name__, "data": _json_plain(dataclasses.asdict(data))}


def _json_plain(value: Any) -> Any:
    if isinstance(value, float):
        return None if math.isnan(value) else value
    if isinstance(value, dict):
        return {k: _json_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_plain(v) for v in value]
    return value


@functools.cache
def drawn_by() -> str:
    """What a PNG depends on besides its numbers, as a digest: matplotlib's version (its
    ``_version.py`` and ``__init__.py``, read without importing it) and this module's code."""
    digest = hashlib.sha256(Path(__file__).read_bytes())
    spec = importlib.util.find_spec("matplotlib")
    package = Path(spec.origin).parent if spec and spec.origin else None
    for name in ("_version.py", "__init__.py"):
        if package is not None and (package / name).is_file():
            digest.update((package / name).read_bytes())
    return digest.hexdigest()


def _drawn_before(folder: Path, name: str, record: dict[str, Any]) -> bytes | None:
    """The PNG ``name`` in ``folder`` when the JSON beside it says it was drawn from the same
    numbers (``record``) by the same code and matplotlib, and it is still the file drawn then
    (its SHA-256); else None."""
    try:
        before = json.loads((folder / f"{name}.json").read_bytes())
        png_bytes = (folder / f"{name}.png").read_bytes()
    except (OSError, ValueError):
        return None
    if not isinstance(before, dict) or {k: before.get(k) for k in record} != record:
        return None
    drawn = before.get("drawn")
    if drawn != {"by": drawn_by(), "png_sha256": hashlib.sha256(png_bytes).hexdigest()}:
        return None
    return png_bytes


class Figures:
    """The report's figures by name: :meth:`draw` takes a figure's numbers, :meth:`pngs` draws
    them all with matplotlib (or takes the PNG of an earlier report that drew the same numbers,
    see :meth:`pngs`). A context manager, like the report's other resources."""

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

    def pngs(self, folder: Path | None = None) -> dict[str, bytes]:
        """The PNG of each figure, by name, in the order they were given. With ``folder`` (where
        :meth:`write` wrote an earlier report's figures), a figure whose ``NAME.json`` there
        holds the same numbers, drawn by the same code and matplotlib, with ``NAME.png`` still
        the file drawn then, is taken from there: matplotlib is not imported when none needs
        drawing."""
        drawn = {}
        for name, data in self._data.items():
            before = _drawn_before(folder, name, numbers(data)) if folder is not None else None
            drawn[name] = png(data) if before is None else before
        return drawn

    def write(self, folder: Path, drawn: dict[str, bytes]) -> list[Path]:
        """The PNGs ``drawn`` (of :meth:`pngs`) written into ``folder`` as ``NAME.png``, each with
        ``NAME.json`` beside it: its numbers (:func:`numbers`), and what drew it (for
        :meth:`pngs` to take it again); the PNGs' paths."""
        paths = []
        for name, png_bytes in drawn.items():
            record = numbers(self._data[name])
            record["drawn"] = {"by": drawn_by(), "png_sha256": hashlib.sha256(png_bytes).hexdigest()}
            path = folder / f"{name}.png"
            path.write_bytes(png_bytes)
            (folder / f"{name}.json").write_text(json.dumps(record) + "\n", encoding="utf-8")
            paths.append(path)
        return paths
