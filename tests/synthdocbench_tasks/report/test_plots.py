"""The report's figures drawn by matplotlib: whole PNGs of the expected sizes, in the order
given, and a figure that cannot be drawn raises matplotlib's own error."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from synthdocbench_tasks.report import plots
from synthdocbench_tasks.report.plots import (
    DomainFigure,
    Figures,
    Heatmap,
    Histograms,
    PositionFigure,
    Series,
    SubsetBars,
)

NAMES = ["org/alpha", "a <b> & c"]
FIGURES: dict[str, plots.FigureData] = {
    "bars": SubsetBars(NAMES, [Series("Chart", [0.5, math.nan], [(0.4, 0.6), (math.nan, math.nan)])], 6),
    "heatmap": Heatmap(["value_reading", "trend"], NAMES, [[0.25, math.nan], [1.0, 0.0]], [1]),
    "position": PositionFigure(
        ["Early", "Middle", "Late"],
        [Series(n, [0.5, math.nan, 0.25]) for n in NAMES],
        [([0.1, 0.5], [1.0, 0.0]), ([], [])],
        [[1 - g for g in plots.FIT_GRID], None],
    ),
    "histograms": Histograms([Series(n, [1 / 11] * 11) for n in [*NAMES, "c", "d", "e"]], 6),
    "domains": DomainFigure(["health & medicine"], [(n, [Series("Chart", [0.5])], [0.5]) for n in NAMES]),
}


def _size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        image.load()
        return image.size


def test_figures_are_drawn_as_whole_pngs_in_order() -> None:
    with Figures() as drawing:
        for name, data in FIGURES.items():
            drawing.draw(name, data)
        drawn = drawing.pngs()
    assert list(drawn) == list(FIGURES)
    for name, data in FIGURES.items():
        assert drawn[name] == plots.png(data), name
    assert _size(drawn["bars"]) == (720, 480)  # 6 x 4 in at 120 DPI
    assert _size(drawn["histograms"]) == (4 * 384, 2 * 312)  # five panels: two rows of four
    assert _size(drawn["domains"]) == (720, 2 * 384)  # a panel per model


def test_a_figure_that_cannot_be_drawn_raises_its_error() -> None:
    broken = SubsetBars(NAMES, [Series("Chart", [0.5, 0.5], [(0.4, 0.6)])], 6)  # one interval short
    with Figures() as drawing:
        drawing.draw("fine", FIGURES["bars"])
        drawing.draw("broken", broken)
        with pytest.raises(ValueError):
            drawing.pngs()
