"""The report's figures drawn by matplotlib in a process of their own: the same PNGs as drawn
here, an error there is an error here, and the process never outlives the report."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from PIL import Image

from synthdocbench_tasks.report import plots
from synthdocbench_tasks.report.plots import (
    DomainFigure,
    FigureProcess,
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


def test_the_process_draws_what_matplotlib_draws_here(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # it imports this package from where this process did, whatever PYTHONPATH and the folder say
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.chdir(tmp_path)
    with FigureProcess() as drawing:
        for name, data in FIGURES.items():
            drawing.draw(name, data)
        drawn = drawing.pngs()
    assert list(drawn) == list(FIGURES)
    for name, data in FIGURES.items():
        assert drawn[name] == plots.png(data), name
    assert _size(drawn["bars"]) == (720, 480)  # 6 x 4 in at 120 DPI
    assert _size(drawn["histograms"]) == (4 * 384, 2 * 312)  # five panels: two rows of four
    assert _size(drawn["domains"]) == (720, 2 * 384)  # a panel per model


def test_a_figure_that_fails_there_fails_here_with_its_error() -> None:
    broken = SubsetBars(NAMES, [Series("Chart", [0.5, 0.5], [(0.4, 0.6)])], 6)  # one interval short
    with FigureProcess() as drawing:
        drawing.draw("fine", FIGURES["bars"])
        drawing.draw("broken", broken)
        drawing.draw("never drawn", FIGURES["heatmap"])
        with pytest.raises(RuntimeError, match=r"(?s)drawing the report's figures failed.*ValueError"):
            drawing.pngs()


def test_the_process_stops_with_the_report() -> None:
    drawing = FigureProcess()
    with pytest.raises(KeyError), drawing:
        drawing.draw("bars", FIGURES["bars"])
        raise KeyError("the report failed")  # before it asked for the figures
    assert drawing._proc.returncode is not None  # stopped and waited for
    with FigureProcess() as idle:
        pass
    assert idle._proc.returncode is not None
