"""Legibility of the matplotlib renderer's charts, checked on real PDFs printed by Chromium (issue 11.3).

The all-types document of ``generation/charts/mpl.py`` (every chart type, with and without
data labels) passes the same checks (contrast, overlap, clipped, small, covers) in
``test_legibility.py``, parametrized over both renderers; here are the cases the matplotlib
legibility pass fixes, one by one.
"""

from __future__ import annotations

import re

import pytest

from generation.charts.data import value_text
from generation.charts.mpl import render_chart_svg
from generation.charts.reading import value_printed
from generation.charts.spec import chart_decimals
from generation.document.render import Renderer
from generation.validate.legibility import check_document
from synthdocbench_tasks.schema import DataPoint
from tests.generation.chart_docs import failing, labelled_chart, print_charts, series_points

pytestmark = pytest.mark.browser


def test_close_values_are_moved_apart_not_overprinted(renderer: Renderer) -> None:
    """Two series meeting at one point ("739" and "749" read as "73949" when printed over each
    other), on a radar, a slope chart and a multi-line chart."""
    radar = series_points(
        ("Access", "Cost", "Quality", "Speed", "Reach"),
        {"Public": (739.0, 520.0, 610.0, 300.0, 450.0), "Private": (749.0, 515.0, 200.0, 640.0, 455.0)},
    )
    slope = series_points(
        ("2019", "2023"), {"North": (29.7, 41.5), "South": (29.4, 18.2), "East": (35.1, 41.1)}
    )
    years = ("2019", "2020", "2021", "2022")
    lines = series_points(years, {"A": (73.3, 80.1, 82.5, 90.2), "B": (74.7, 60.4, 55.3, 50.9)})
    charts = [labelled_chart(t, d) for t, d in (("radar", radar), ("slope", slope), ("multi_line", lines))]
    pdf, manifest = print_charts(renderer, charts, "matplotlib")
    found = check_document(manifest, pdf)
    assert failing(found, "overlap") == [] and failing(found, "clipped") == []
    # Every value the chart plans to print (``reading.value_printed``: a multi-line chart leaves out
    # a label it has no room for by its own dot, here 73.3 beside 74.7) is still printed, and at
    # least one of each close pair.
    for chart in manifest.charts:
        words = {w.text for w in found.charts[chart.vizId].words}
        printed = {value_text(p.value, chart_decimals(chart)) for p in chart.data if value_printed(chart, p)}
        assert printed <= words, (chart.chartType, sorted(printed - words))
        assert {"739", "749"} & words or chart.chartType != "radar"
        assert {"73.3", "74.7"} & words or chart.chartType != "multi_line"


def test_highlighted_name_keeps_contrast_over_the_next_mark(renderer: Renderer) -> None:
    """A red point name beside a bubble that a later, larger bubble covers: labels are drawn
    above every mark, and red ink gets an opaque plate."""
    data = [
        DataPoint(label=name, value=v, metadata={"x": str(x), "size": str(size)})
        for name, v, x, size in (
            ("Southport", 40.0, 10.0, 5.0),
            ("Northgate", 41.0, 11.5, 90.0),
            ("Eastfield", 20.0, 30.0, 40.0),
        )
    ]
    chart = labelled_chart("bubble", data, highlightedItems=["Southport"], annotationCount=1)
    pdf, manifest = print_charts(renderer, [chart], "matplotlib")
    found = check_document(manifest, pdf)
    assert failing(found, "contrast") == [] and failing(found, "overlap") == []


def test_a_label_with_no_free_spot_stays_put_and_the_svg_is_deterministic() -> None:
    """A chart too small for its labels: the pass gives up without an error, and twice the
    same chart gives the same bytes."""
    slope = series_points(("2019", "2023"), {f"S{k}": (30.0 + k * 0.1, 40.0 + k * 0.1) for k in range(12)})
    chart = labelled_chart("slope", slope)
    first = render_chart_svg(chart, 180, 120)
    assert first == render_chart_svg(chart, 180, 120)
    assert len(re.findall(r"<text\b", first)) >= len(slope)
    assert 'style="font-variant-ligatures: none"' in first.split(">", 1)[0]
