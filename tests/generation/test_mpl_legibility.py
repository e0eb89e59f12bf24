"""Legibility of the matplotlib renderer's charts, checked on real PDFs printed by Chromium (issue 11.3).

The same four checks as the charts.js document of ``test_legibility.py`` (contrast, overlap,
clipped, small), on a document of every chart type drawn by ``generation/mpl_charts.py``,
with and without data labels; and the cases its legibility pass fixes, one by one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from generation.chart_data import chart_decimals, value_text
from generation.chart_types import CHART_TYPE_NAMES
from generation.layout import plan_with_renderer, render_html
from generation.legibility import CHECKS, DocumentLegibility, check_document
from generation.mpl_charts import render_chart_svg
from generation.plan import ChartBlock
from generation.regions import measure_regions
from generation.render import Renderer
from synthdocbench_tasks.schema import Chart, DataPoint, DocumentManifest
from tests.generation.all_types import type_chart
from tests.generation.sample_plan import sample_plan

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def renderer() -> Iterator[Renderer]:
    with Renderer() as r:
        yield r


def _print(renderer: Renderer, charts: list[Chart]) -> tuple[bytes, DocumentManifest]:
    """A real document of ``charts`` drawn by matplotlib, printed by Chromium, regions measured."""
    plan = sample_plan([], archetype="dashboard", sections=1, with_table=False)
    for k, chart in enumerate(charts):
        chart.vizId, chart.index, chart.figure_number = f"viz-s1-{k + 1}", k + 1, k + 1
    plan.manifest.charts = charts
    plan.sections[0].blocks.extend(ChartBlock(viz_id=c.vizId) for c in charts)
    plan = plan_with_renderer(plan, "matplotlib")
    result = renderer.render_pdf(render_html(plan, ""), name=plan.manifest.doc_id)
    assert result.console_errors == [] and result.blocked_requests == []
    return measure_regions(result.pdf, plan.manifest)


def _failing(found: DocumentLegibility, check: str) -> list[str]:
    return [f"{f.chart_type}: {f.text!r} {f.detail}" for f in found.findings if f.check == check]


@pytest.fixture(scope="module")
def all_types(renderer: Renderer) -> tuple[DocumentManifest, DocumentLegibility]:
    charts = [
        type_chart(t, i + 1, data_labels=dl) for dl in (False, True) for i, t in enumerate(CHART_TYPE_NAMES)
    ]
    pdf, manifest = _print(renderer, charts)
    return manifest, check_document(manifest, pdf)


@pytest.mark.parametrize("check", CHECKS)
def test_every_matplotlib_chart_type_passes_each_check_on_the_pdf(
    all_types: tuple[DocumentManifest, DocumentLegibility], check: str
) -> None:
    manifest, found = all_types
    assert {c.chartType for c in manifest.charts} == set(CHART_TYPE_NAMES)
    assert {c.renderer for c in manifest.charts} == {"matplotlib"}
    for chart in manifest.charts:
        assert found.charts[chart.vizId].words, f"{chart.chartType}: no text found in its region"
    assert _failing(found, check) == []


def _chart(chart_type: str, data: list[DataPoint], **vp: object) -> Chart:
    chart = type_chart(chart_type, 1, data_labels=True)
    props = chart.visualProperties.model_copy(update=vp) if vp else chart.visualProperties
    return chart.model_copy(update={"data": data, "visualProperties": props})


def _series(labels: tuple[str, ...], values: dict[str, tuple[float, ...]]) -> list[DataPoint]:
    return [
        DataPoint(label=a, value=v, category=s)
        for s, row in values.items()
        for a, v in zip(labels, row, strict=True)
    ]


def test_close_values_are_moved_apart_not_overprinted(renderer: Renderer) -> None:
    """Two series meeting at one point ("739" and "749" read as "73949" when printed over each
    other), on a radar, a slope chart and a multi-line chart."""
    radar = _series(
        ("Access", "Cost", "Quality", "Speed", "Reach"),
        {"Public": (739.0, 520.0, 610.0, 300.0, 450.0), "Private": (749.0, 515.0, 200.0, 640.0, 455.0)},
    )
    slope = _series(("2019", "2023"), {"North": (29.7, 41.5), "South": (29.4, 18.2), "East": (35.1, 41.1)})
    years = ("2019", "2020", "2021", "2022")
    lines = _series(years, {"A": (73.3, 80.1, 82.5, 90.2), "B": (74.7, 60.4, 55.3, 50.9)})
    charts = [_chart("radar", radar), _chart("slope", slope), _chart("multi_line", lines)]
    pdf, manifest = _print(renderer, charts)
    found = check_document(manifest, pdf)
    assert _failing(found, "overlap") == [] and _failing(found, "clipped") == []
    # Every value is still printed in its own chart.
    for chart in manifest.charts:
        words = {w.text for w in found.charts[chart.vizId].words}
        printed = {value_text(p.value, chart_decimals(chart)) for p in chart.data}
        assert printed <= words, (chart.chartType, sorted(printed - words))


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
    chart = _chart("bubble", data, highlightedItems=["Southport"], annotationCount=1)
    pdf, manifest = _print(renderer, [chart])
    found = check_document(manifest, pdf)
    assert _failing(found, "contrast") == [] and _failing(found, "overlap") == []


def test_a_label_with_no_free_spot_stays_put_and_the_svg_is_deterministic() -> None:
    """A chart too small for its labels: the pass gives up without an error, and twice the
    same chart gives the same bytes."""
    slope = _series(("2019", "2023"), {f"S{k}": (30.0 + k * 0.1, 40.0 + k * 0.1) for k in range(12)})
    chart = _chart("slope", slope)
    first = render_chart_svg(chart, 180, 120)
    assert first == render_chart_svg(chart, 180, 120)
    assert len(re.findall(r"<text\b", first)) >= len(slope)
    assert 'style="font-variant-ligatures: none"' in first.split(">", 1)[0]
