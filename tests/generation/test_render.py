"""Rendering in real headless Chromium: charts drawn, text extractable, network blocked."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pymupdf
import pytest

from generation.d3 import load_d3
from generation.layout import SUPPORTED_CHART_TYPES, render_html
from generation.plan import ChartBlock
from generation.regions import measure_regions
from generation.render import BrowserLaunchError, Renderer, RenderError
from tests.generation.sample_plan import sample_chart, sample_plan


@pytest.fixture(scope="module")
def renderer() -> Iterator[Renderer]:
    with Renderer() as r:
        yield r


@pytest.fixture(scope="module")
def d3_js() -> str:
    return load_d3()


def _region_text(pdf: bytes, page: int, bbox: list[float]) -> str:
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        p = doc[page - 1]
        w, h = p.rect.width, p.rect.height
        rect = pymupdf.Rect(bbox[0] * w / 1000, bbox[1] * h / 1000, bbox[2] * w / 1000, bbox[3] * h / 1000)
        return str(p.get_textbox(rect))


def test_every_supported_chart_type_draws_svg_text(renderer: Renderer, d3_js: str) -> None:
    plan = sample_plan(list(SUPPORTED_CHART_TYPES), archetype="dashboard", sections=4)
    result = renderer.render_pdf(render_html(plan, d3_js), name=plan.manifest.doc_id)
    assert result.console_errors == [] and result.blocked_requests == []
    pdf, manifest = measure_regions(result.pdf, plan.manifest)
    drawn = {c.chartType for c in manifest.charts}
    assert drawn == set(SUPPORTED_CHART_TYPES)
    for chart in manifest.charts:
        text = " ".join(_region_text(pdf, r.page, r.bbox) for r in chart.regions)
        labels = {d.label for d in chart.data} | {d.category for d in chart.data if d.category}
        # axis ticks, legends or point names are real PDF text inside the figure
        assert any(label in text for label in labels), f"{chart.chartType}: no chart text in {text!r}"
        assert chart.title in text.replace("\n", " ")


@pytest.mark.parametrize("reading", ["data_labels", "axis"])
def test_values_printed_iff_data_labels(renderer: Renderer, d3_js: str, reading: str) -> None:
    plan = sample_plan([], sections=1, with_table=False)
    chart = sample_chart("bar", index=1, section_id="s1", data_labels=reading == "data_labels")
    for dp, value in zip(chart.data, (37.3, 52.7, 61.9, 44.1, 28.6, 71.2), strict=False):
        dp.value = value
    plan.manifest.charts = [chart]
    plan.sections[0].blocks.append(ChartBlock(viz_id=chart.vizId))
    result = renderer.render_pdf(render_html(plan, d3_js), name="labels")
    pdf, manifest = measure_regions(result.pdf, plan.manifest)
    region = manifest.charts[0].regions[0]
    text = _region_text(pdf, region.page, region.bbox)
    printed = [v for v in ("37.3", "52.7", "61.9", "44.1", "28.6", "71.2") if v in text]
    if reading == "data_labels":
        assert len(printed) == 6
    else:
        assert printed == [] and "Output (units)" in text  # read against a labelled axis


def test_external_requests_are_blocked_and_recorded(renderer: Renderer) -> None:
    html = (
        "<html><body><img src='https://example.com/pixel.png'>"
        "<script>window.__chartsDone = true;</script></body></html>"
    )
    result = renderer.render_pdf(html, name="net")
    assert result.blocked_requests == ["https://example.com/pixel.png"]
    assert result.pdf.startswith(b"%PDF")


def test_script_error_names_the_document(renderer: Renderer) -> None:
    html = "<html><body><script>undefinedFunction();</script></body></html>"
    with pytest.raises(RenderError, match=r"^doc-x: (page script error|charts were not drawn)"):
        renderer.render_pdf(html, name="doc-x")


def test_chart_drawing_error_is_reported(renderer: Renderer, d3_js: str) -> None:
    plan = sample_plan(["bar"])
    html = render_html(plan, d3_js).replace('"chartType":"bar"', '"chartType":"nonesuch"')
    with pytest.raises(RenderError, match=r"sdb-0-00000: page script error: charts.js: chart type nonesuch"):
        renderer.render_pdf(html, name="sdb-0-00000")


def _launch(path: Path) -> str:
    try:
        with Renderer(executable_path=path):
            return "started"
    except BrowserLaunchError as exc:
        return str(exc)


def test_missing_browser_is_one_clear_line(tmp_path: Path) -> None:
    # Playwright's sync API allows one instance per thread: launch from a fresh thread.
    with ThreadPoolExecutor(1) as pool:
        message = pool.submit(_launch, tmp_path / "no-chromium").result()
    assert "\n" not in message and "cannot start Chromium at" in message
