"""Legends and axis-less charts name the value dimension and its unit (issue 24, point 5).

A heatmap's colour legend names the values ("Output (units)"), not its row dimension; treemaps,
funnels and sankeys, which have no value axis, print what their sizes measure and the unit.
Checked on the PDF, for both renderers."""

from __future__ import annotations

import pymupdf
import pytest

from generation.document.render import Renderer
from tests.generation.all_types import type_chart
from tests.generation.chart_docs import RENDERERS, print_charts, region_rect

pytestmark = pytest.mark.browser

TYPES = ("heatmap", "treemap", "funnel", "sankey")


@pytest.mark.parametrize("drawn_by", RENDERERS)
@pytest.mark.parametrize("data_labels", [False, True])
def test_value_title_with_unit_is_printed(renderer: Renderer, drawn_by: str, data_labels: bool) -> None:
    charts = []
    for i, chart_type in enumerate(TYPES):
        chart = type_chart(chart_type, i + 1, data_labels=data_labels)
        chart.visualProperties.hasLegend = True
        chart.axes.y.label, chart.axes.y.unit = "Energy supplied", "terawatt hours"
        charts.append(chart)
    pdf, manifest = print_charts(renderer, charts, drawn_by)
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        for chart in manifest.charts:
            region = chart.regions[0]
            page = doc[region.page - 1]
            text = " ".join(page.get_text("text", clip=region_rect(page, region)).split())
            assert "Energy supplied (terawatt hours)" in text, (chart.chartType, text)
