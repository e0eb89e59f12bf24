"""Rendering in real headless Chromium: charts drawn, text extractable, network blocked."""

from __future__ import annotations

import re
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pymupdf
import pytest

from generation.charts.d3 import load_d3
from generation.charts.data import NumberRegistry, build_chart, value_text
from generation.charts.reading import nice_step, value_printed
from generation.charts.registry import CHART_TYPE_NAMES, value_reading_options
from generation.charts.registry import CHART_TYPE_NAMES as DATA_TYPES
from generation.charts.spec import ChartSlot, chart_decimals, value_axis
from generation.document.content import plan_document
from generation.document.layout import render_html
from generation.document.regions import measure_regions
from generation.document.render import BrowserLaunchError, Renderer, RenderError
from generation.plan.config import GenerationConfig
from generation.plan.doc_plan import ChartBlock, DocumentPlan
from generation.plan.rng import stage_rng
from generation.world.topics import topic_by_key
from synthdocbench_tasks.schema import CHART_TYPES, Chart, Region
from tests.generation.chart_docs import region_rect
from tests.generation.sample_plan import sample_chart, sample_plan

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def d3_js() -> str:
    return load_d3()


def _region_text(pdf: bytes, region: Region) -> str:
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        page = doc[region.page - 1]
        return str(page.get_textbox(region_rect(page, region)))


def test_every_supported_chart_type_draws_svg_text(renderer: Renderer, d3_js: str) -> None:
    plan = sample_plan(list(CHART_TYPE_NAMES), archetype="dashboard", sections=4)
    result = renderer.render_pdf(render_html(plan, d3_js), name=plan.manifest.doc_id)
    assert result.console_errors == [] and result.blocked_requests == []
    pdf, manifest = measure_regions(result.pdf, plan.manifest)
    drawn = {c.chartType for c in manifest.charts}
    assert drawn == set(CHART_TYPE_NAMES)
    for chart in manifest.charts:
        text = " ".join(_region_text(pdf, r) for r in chart.regions)
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
    text = _region_text(pdf, region)
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


# --- every chart type, built by chart_data and drawn by charts.js ---------------------------

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _built_plan(flip: bool) -> DocumentPlan:
    """One document with a chart of every type, built from topic data (two metrics, two seeds).

    With ``flip`` every type that allows both readings gets the other one, so the two
    documents together draw each such type with and without data labels.
    """
    plan = sample_plan([], sections=1, with_table=False, archetype="academic")
    registry = NumberRegistry()
    charts: list[Chart] = []
    for i, chart_type in enumerate(DATA_TYPES):
        topic = topic_by_key(("energy-transition-sea", "urban-housing")[i % 2])
        slot = ChartSlot(f"viz-1-{i + 1}", "s1", 1, "Section heading 1", i + 1)
        rng = stage_rng(int(flip), "render-test", chart_type)
        chart = build_chart(rng, chart_type, topic, topic.metrics[i % 5], slot, registry).chart
        vp = chart.visualProperties
        if flip and len(value_reading_options(chart_type)) > 1:
            vp.valueReading = "axis" if vp.valueReading == "data_labels" else "data_labels"
        charts.append(chart)
    plan.manifest.charts = charts
    plan.sections[0].blocks.extend(ChartBlock(viz_id=c.vizId) for c in charts)
    return plan


def _squeezed(text: str) -> str:
    """Text without whitespace: a caption may wrap anywhere, even after a dash."""
    return re.sub(r"\s+", "", text)


def _printed(chart: Chart, value: float) -> str:
    text = value_text(value, chart_decimals(chart))
    return f"{text}%" if value_axis(chart).unit == "%" else text


def _distinctive(chart: Chart, text: str) -> bool:
    """A number no axis tick prints: it has decimals or is not a multiple of five, and is no
    multiple of the tick step of the chart's values (with zero or without: a flat series' axis
    zooms in, and its ticks then print numbers like its values, 40.2 to 40.8)."""
    values = [d.value for d in chart.data]
    spans = (max(values) - min(values), max([*values, 0.0]) - min([*values, 0.0]))
    steps = {nice_step(span * 1.16, 6) for span in spans if span > 0}
    on_tick = any(abs(float(text) / s - round(float(text) / s)) < 1e-6 for s in steps)
    return not on_tick and ("." in text or int(text) % 5 != 0)


@pytest.mark.parametrize("flip", [False, True])
def test_every_type_draws_title_labels_and_values_iff_data_labels(
    renderer: Renderer, d3_js: str, flip: bool
) -> None:
    plan = _built_plan(flip)
    result = renderer.render_pdf(render_html(plan, d3_js), name=f"all-types-{flip}")
    assert result.console_errors == [] and result.blocked_requests == []
    pdf, manifest = measure_regions(result.pdf, plan.manifest)
    assert {c.chartType for c in manifest.charts} == set(CHART_TYPES)
    axis_read = checked = 0
    for chart in manifest.charts:
        text = " ".join(_region_text(pdf, r) for r in chart.regions)
        flat = text.replace("\n", " ")
        assert _squeezed(chart.title) in _squeezed(text), f"{chart.chartType}: title missing"
        names = {d.label for d in chart.data} | {d.category for d in chart.data if d.category}
        names |= {d.metadata[k] for d in chart.data for k in ("source", "target") if k in d.metadata}
        found = {n for n in names if n in flat}
        assert len(found) >= min(3, len(names)), f"{chart.chartType}: labels missing from {flat!r}"
        printed = [_printed(chart, d.value) for d in chart.data]
        tokens = set(_NUMBER.findall(text.replace("−", "-")))
        if chart.visualProperties.valueReading == "data_labels":
            # the values its renderer prints: reading.value_printed, which the question planner reads
            labelled = [_printed(chart, d.value) for d in chart.data if value_printed(chart, d)]
            missing = [p for p in labelled if p not in flat]
            assert not missing, f"{chart.chartType}: data labels {missing} not printed"
        else:
            distinct = [p.rstrip("%") for p in printed if _distinctive(chart, p.rstrip("%").lstrip("-"))]
            axis_read, checked = axis_read + 1, checked + bool(distinct)
            leaked = [p for p in distinct if p in tokens]
            assert not leaked, f"{chart.chartType}: values {leaked} printed on an axis-read chart"
    # a chart whose every value sits on a tick step has none to check; most have
    assert checked >= 0.8 * axis_read, (checked, axis_read)


_DOM_FACTS = """() => Array.from(document.querySelectorAll('.chart[data-viz]')).map((el) => ({
  id: el.getAttribute('data-viz'),
  legends: el.querySelectorAll('.legend').length,
  grids: el.querySelectorAll('.grid').length,
  labels: el.querySelectorAll('.data-label').length,
  notes: Array.from(el.querySelectorAll('.annotation'))
    .filter((a) => !a.parentElement.closest('.annotation')).length,
  highlighted: el.querySelectorAll('.highlight').length,
}))"""


def _dom_facts(html: str) -> list[dict[str, Any]]:
    """What charts.js drew, counted in the live DOM of a real Chromium."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = shutil.which("chromium")
        browser = pw.chromium.launch(executable_path=chromium) if chromium else pw.chromium.launch()
        try:
            page = browser.new_page(viewport={"width": 680, "height": 1000})
            page.route("**/*", lambda route: route.abort())
            page.set_content(html, wait_until="load")
            page.wait_for_function("() => window.__chartsDone === true || !!window.__chartsError")
            assert page.evaluate("() => window.__chartsError || null") is None
            facts: list[dict[str, Any]] = page.evaluate(_DOM_FACTS)
            return facts
        finally:
            browser.close()


def test_drawing_honours_visual_properties(d3_js: str) -> None:
    plans = [_built_plan(False), _built_plan(True)]
    # Playwright's sync API allows one instance per thread; the module's renderer holds this one.
    with ThreadPoolExecutor(1) as pool:
        facts = [pool.submit(_dom_facts, render_html(p, d3_js)).result() for p in plans]
    for plan, drawn in zip(plans, facts, strict=True):
        by_id = {f["id"]: f for f in drawn}
        for chart in plan.manifest.charts:
            f, vp, kind = by_id[chart.vizId], chart.visualProperties, chart.chartType
            assert (f["legends"] > 0) == vp.hasLegend, f"{kind}: legend drawn iff recorded"
            assert (f["grids"] > 0) == vp.hasGridlines, f"{kind}: gridlines drawn iff recorded"
            assert f["notes"] == vp.annotationCount, f"{kind}: one annotation per highlighted item"
            assert (f["highlighted"] > 0) == bool(vp.highlightedItems), f"{kind}: highlighted marks"
            expected = (
                sum(value_printed(chart, d) for d in chart.data) if vp.valueReading == "data_labels" else 0
            )
            assert f["labels"] == expected, f"{kind}: {f['labels']} data labels, expected {expected}"


@pytest.mark.parametrize("chart_type", CHART_TYPES)
def test_a_document_planned_with_one_chart_type_renders(
    renderer: Renderer, d3_js: str, chart_type: str
) -> None:
    config = GenerationConfig(chart_types=[chart_type], min_pages=4, max_pages=4, min_charts=2, max_charts=2)
    plan = plan_document(config, 0)
    assert {c.chartType for c in plan.manifest.charts} == {chart_type}
    result = renderer.render_pdf(render_html(plan, d3_js), name=plan.manifest.doc_id)
    assert result.console_errors == [] and result.blocked_requests == []
    pdf, manifest = measure_regions(result.pdf, plan.manifest)
    for chart in manifest.charts:
        assert chart.regions, f"{chart.vizId} was not located on the PDF"
        text = " ".join(_region_text(pdf, r) for r in chart.regions)
        assert _squeezed(chart.title) in _squeezed(text)
