"""The report's figures drawn by matplotlib: whole PNGs of the expected sizes, in the order
given, a figure that cannot be drawn raises matplotlib's own error; each PNG is written with its
numbers beside it, and taken again (not drawn) when an earlier report drew the same numbers."""

from __future__ import annotations

import hashlib
import io
import json
import math
from pathlib import Path

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


def _write(folder: Path, figures: dict[str, plots.FigureData]) -> dict[str, bytes]:
    with Figures() as drawing:
        for name, data in figures.items():
            drawing.draw(name, data)
        drawn = drawing.pngs(folder)
        drawing.write(folder, drawn)
    return drawn


def test_each_png_is_written_with_its_numbers_beside_it(tmp_path: Path) -> None:
    drawn = _write(tmp_path, FIGURES)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        f"{name}.{ext}" for name in FIGURES for ext in ("json", "png")
    )
    for name, data in FIGURES.items():
        assert (tmp_path / f"{name}.png").read_bytes() == drawn[name] == plots.png(data)
    bars = json.loads((tmp_path / "bars.json").read_text(encoding="utf-8"))  # standard JSON: no NaN
    assert bars["figure"] == "SubsetBars" and bars["data"] == {
        "models": NAMES,
        "subsets": [{"label": "Chart", "values": [0.5, None], "intervals": [[0.4, 0.6], [None, None]]}],
        "threshold": 6,
    }
    assert bars["drawn"]["png_sha256"] == hashlib.sha256(drawn["bars"]).hexdigest()


def test_a_figure_drawn_before_from_the_same_numbers_is_taken_not_drawn(tmp_path: Path) -> None:
    drawn = _write(tmp_path, FIGURES)
    # A PNG no drawing makes, recorded as the one drawn for these numbers: taken as it is.
    (tmp_path / "bars.png").write_bytes(b"taken")
    record = json.loads((tmp_path / "bars.json").read_text(encoding="utf-8"))
    record["drawn"]["png_sha256"] = hashlib.sha256(b"taken").hexdigest()
    (tmp_path / "bars.json").write_text(json.dumps(record), encoding="utf-8")
    (tmp_path / "heatmap.png").write_bytes(b"edited")  # not the file drawn then: drawn again
    changed = dict(FIGURES, position=FIGURES["histograms"])  # other numbers: drawn again
    again = _write(tmp_path, changed)
    assert again["bars"] == b"taken" and (tmp_path / "bars.png").read_bytes() == b"taken"
    assert again["heatmap"] == drawn["heatmap"] == (tmp_path / "heatmap.png").read_bytes()
    assert again["position"] == drawn["histograms"] != drawn["position"]
    assert again["domains"] == drawn["domains"]
    (tmp_path / "domains.json").write_text("{not json", encoding="utf-8")  # unreadable: drawn again
    assert _write(tmp_path, FIGURES)["domains"] == drawn["domains"]
