"""The SVG kit of the report's figures: colours as matplotlib's, ticks, and the figures it
draws as well-formed SVG with their numbers in place."""

from __future__ import annotations

import math
from pathlib import Path
from xml.etree import ElementTree

import matplotlib
import pytest

from synthdocbench_tasks.report import svg
from synthdocbench_tasks.report.figures import DomainFigure, Heatmap, Histograms, Series, SubsetBars
from synthdocbench_tasks.report.figures_svg import write_svg

NS = "{http://www.w3.org/2000/svg}"


def test_the_colour_map_is_matplotlibs_rdylgn() -> None:
    reference = matplotlib.colormaps["RdYlGn"]
    for i in range(101):
        value = i / 100
        got = svg.colour(value)
        want = [round(c * 255) for c in reference(value)[:3]]
        assert all(abs(int(got[k : k + 2], 16) - w) <= 3 for k, w in zip((1, 3, 5), want, strict=True)), value
    assert svg.colour(-1.0) == svg.RDYLGN[0] and svg.colour(2.0) == svg.RDYLGN[-1]
    tab10 = tuple(matplotlib.colors.to_hex(c) for c in matplotlib.colormaps["tab10"].colors)
    assert tab10 == svg.TAB10


@pytest.mark.parametrize(
    ("lo", "hi", "ticks", "labels"),
    [
        (0.0, 1.0, [0.0, 0.2, 0.4, 0.6, 0.8, 1.0], ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]),
        (0.0, 0.105, [0.0, 0.02, 0.04, 0.06, 0.08, 0.1], ["0.00", "0.02", "0.04", "0.06", "0.08", "0.10"]),
        (0.0, 10.0, [0.0, 2.0, 4.0, 6.0, 8.0, 10.0], ["0", "2", "4", "6", "8", "10"]),
        (-0.05, 1.05, [0.0, 0.2, 0.4, 0.6, 0.8, 1.0], ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]),
        (0.0, 37.0, [0, 10, 20, 30], ["0", "10", "20", "30"]),
    ],
)
def test_ticks_are_round_and_labelled_alike(
    lo: float, hi: float, ticks: list[float], labels: list[str]
) -> None:
    got = svg.nice_ticks(lo, hi)
    assert got == pytest.approx(ticks) and svg.tick_labels(got) == labels
    assert svg.nice_ticks(3.0, 3.0) == [3.0]


def _texts(path: Path) -> list[str]:
    root = ElementTree.parse(path).getroot()
    assert root.tag == f"{NS}svg" and root.find(f"{NS}title") is not None
    return [t.text or "" for t in root.iter(f"{NS}text")]


def test_figures_are_well_formed_with_their_numbers_and_names_escaped(tmp_path: Path) -> None:
    names = ["a <b> & c", "org/model"]
    bars = SubsetBars(
        names,
        [Series("Chart", [0.5, math.nan], [(0.4, 0.6), (math.nan, math.nan)])],
        6,
    )
    assert set(names) | {"Chart", "ACC (score ≥ 6)"} <= set(
        _texts(write_svg(bars, tmp_path / "b.svg", "t & u"))
    )
    heat = Heatmap(["value_reading", "trend"], names, [[0.25, math.nan], [1.0, 0.0]], [1])
    heat_texts = _texts(write_svg(heat, tmp_path / "h.svg", "heat"))
    assert [t for t in heat_texts if t in ("0.25", "1.00", "0.00")] == ["0.25", "1.00", "0.00"]
    assert "nan" not in " ".join(heat_texts)
    histograms = Histograms([Series(n, [1 / 11] * 11) for n in [*names, "c", "d", "e"]], 6)
    root = ElementTree.parse(write_svg(histograms, tmp_path / "s.svg", "s")).getroot()
    assert float(root.get("height", "0")) == 2 * 260  # five panels: two rows of four
    domains = DomainFigure(["health & medicine"], [(n, [Series("Chart", [0.5])], [0.5]) for n in names])
    assert "health & medicine" in _texts(write_svg(domains, tmp_path / "d.svg", "d"))
    assert write_svg(bars, tmp_path / "again.svg", "t & u").read_bytes() == (tmp_path / "b.svg").read_bytes()
