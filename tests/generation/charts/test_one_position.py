"""The registry's ``one_position_px`` axis lengths are those charts.js draws (the least over the
archetypes), in full-width and half-width slots, read back from the printed PDF.

A dumbbell row and a slope's first column are drawn with the data's least and greatest values, a
radar's first spoke with zero and its greatest: the distance between their two dots is the axis'
length the overlap check reads.
"""

from __future__ import annotations

import pymupdf
import pytest

from generation.charts.registry import REGISTRY
from generation.document.render import Renderer
from generation.validate.marks import marker_centres
from synthdocbench_tasks.schema import Chart, DataPoint
from tests.generation.all_types import type_chart
from tests.generation.chart_docs import print_charts, region_rect, series_points

pytestmark = pytest.mark.browser

#: (archetype, charts in one block): a block of one is drawn full-width (magazine: a hero), two
#: side by side in dashboard and academic are drawn in half-width slots.
LAYOUTS = {
    "full": [(a, 1) for a in ("dashboard", "academic", "editorial", "infographic", "brutalist")],
    "half": [("dashboard", 2), ("academic", 2)],
}
PT_TO_PX = 4 / 3


def _chart(chart_type: str) -> Chart:
    """A chart whose two dots on one line span its value axis (a radar: from zero)."""
    if chart_type == "dumbbell":
        data = [
            DataPoint(label=r, value=v, category=s)
            for r, a, b in (("A", 10.0, 90.0), ("B", 30.0, 70.0))
            for s, v in (("2015", a), ("2023", b))
        ]
    elif chart_type == "slope":
        data = series_points(("2015", "2023"), {"A": (10.0, 90.0), "B": (90.0, 10.0)})
    else:
        spokes = ("Access", "Cost", "Quality", "Speed", "Reach")
        data = series_points(
            spokes, {"P": (100.0, 50.0, 50.0, 50.0, 50.0), "Q": (0.0, 25.0, 25.0, 25.0, 25.0)}
        )
    return type_chart(chart_type, 1).model_copy(update={"data": data})


def _gap_px(chart_type: str, centres: list[tuple[float, float]]) -> float:
    """The distance (px) between the two dots the chart draws on one line."""
    if chart_type == "dumbbell":  # the first row: its two dots share a y
        top = min(y for _, y in centres)
        row = sorted(x for x, y in centres if abs(y - top) < 1)
        return (row[-1] - row[0]) * PT_TO_PX
    if chart_type == "slope":  # the first column: its two dots share an x
        left = min(x for x, _ in centres)
        col = sorted(y for x, y in centres if abs(x - left) < 1)
        return (col[-1] - col[0]) * PT_TO_PX
    top = min(centres, key=lambda c: c[1])  # P's first spoke at 100, Q's at 0 (the centre) below it
    below = [c for c in centres if abs(c[0] - top[0]) < 1 and c is not top]
    return (max(y for _, y in below) - top[1]) * PT_TO_PX


@pytest.mark.parametrize("chart_type", ["dumbbell", "slope", "radar"])
def test_one_position_axis_lengths_are_the_least_drawn(renderer: Renderer, chart_type: str) -> None:
    _, *lengths = REGISTRY[chart_type].one_position_px or (0.0, 0.0, 0.0)
    for (slot, layouts), recorded in zip(LAYOUTS.items(), lengths, strict=True):
        drawn = []
        for archetype, n in layouts:
            charts = [_chart(chart_type) for _ in range(n)]
            pdf, manifest = print_charts(renderer, charts, "d3", archetype=archetype)
            with pymupdf.open(stream=pdf, filetype="pdf") as doc:
                for chart in manifest.charts:
                    region = chart.regions[0]
                    page = doc[region.page - 1]
                    drawn.append(_gap_px(chart_type, marker_centres(page, region_rect(page, region))))
        assert recorded == pytest.approx(min(drawn), rel=0.03), (slot, drawn)
