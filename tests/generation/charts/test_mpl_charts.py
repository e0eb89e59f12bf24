"""The matplotlib renderer (rendering-familiarity control): every chart type, real SVG, real PDFs."""

from __future__ import annotations

import html as html_lib
import re
import xml.etree.ElementTree as ET

import pymupdf
import pytest

from generation.charts.d3 import load_d3
from generation.charts.data import value_text
from generation.charts.mpl import render_chart_svg
from generation.charts.mpl_common import ChartRenderError, ChartStyle
from generation.charts.reading import value_printed
from generation.charts.registry import CHART_TYPE_NAMES, drawn_by
from generation.charts.spec import chart_decimals
from generation.document.content import plan_document
from generation.document.layout import plan_with_renderer, render_html
from generation.document.regions import measure_regions
from generation.document.render import Renderer
from generation.plan.config import GenerationConfig
from generation.plan.doc_plan import ChartBlock, DocumentPlan
from generation.questions.build import make_questions
from generation.validate.rules import validate_questions
from synthdocbench_tasks.schema import CHART_TYPES, Chart, DocumentManifest
from tests.generation.all_types import drawn_labels, type_chart
from tests.generation.sample_plan import sample_plan

_SVG_NS = "{http://www.w3.org/2000/svg}"


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return ["".join(t.itertext()) for t in root.iter(f"{_SVG_NS}text")]


def _printed(chart: Chart) -> list[str]:
    decimals = chart_decimals(chart)
    unit = chart.axes.y.unit or ""
    return [value_text(d.value, decimals) + ("%" if unit == "%" else "") for d in chart.data]


def test_matplotlib_draws_every_schema_chart_type() -> None:
    assert drawn_by("matplotlib") == CHART_TYPES


@pytest.mark.parametrize("chart_type", CHART_TYPES)
def test_each_type_renders_svg_with_title_labels_and_values(chart_type: str) -> None:
    for data_labels in (False, True):
        chart = type_chart(chart_type, 3, data_labels=data_labels)
        svg = render_chart_svg(chart, 620, 340)
        texts = _texts(svg)  # parses: well-formed XML
        joined = " ".join(texts)
        assert chart.title in " ".join(joined.split()), f"{chart_type}: title missing"
        missing = sorted(label for label in drawn_labels(chart) if label not in joined)
        assert not missing, f"{chart_type}: labels not drawn as text: {missing}"
        words = {w.strip("():,") for t in texts for w in t.split()}
        printed = [v for v in _printed(chart) if v in words]
        if data_labels:  # the values it prints (a stacked area's bands without room print none)
            shown = [v for v, d in zip(_printed(chart), chart.data, strict=True) if value_printed(chart, d)]
            assert shown and [v for v in shown if v not in words] == [], f"{chart_type}: data labels missing"
        else:
            assert printed == [], f"{chart_type}: values printed although read against the axis"


@pytest.mark.parametrize("chart_type", CHART_TYPES)
def test_svg_text_is_real_text_ids_are_prefixed_and_references_resolve(chart_type: str) -> None:
    chart = type_chart(chart_type, 4)
    svg = render_chart_svg(chart, 500, 300)
    prefix = f"mpl-{chart.vizId}-"
    assert svg.startswith("<svg ") and "<?xml" not in svg and "<metadata" not in svg
    assert 'width="100%" height="100%"' in svg and re.search(r'viewBox="0 0 375(\.0+)? 225(\.0+)?"', svg)
    # svg.fonttype none: glyphs are not outlined paths (those would carry font-named ids)
    assert not re.search(r'id="[^"]*(DejaVu|Lato|glyph)', svg)
    ids = re.findall(r'\bid="([^"]+)"', svg)
    assert ids and all(i.startswith(prefix) for i in ids) and len(ids) == len(set(ids))
    refs = re.findall(r'(?:url\(#|href="#)([^)"]+)', svg)
    assert set(refs) <= set(ids)


def test_colours_come_from_the_colour_map() -> None:
    for chart_type in CHART_TYPES:
        if chart_type == "sankey":  # its colorMap names source nodes; checked by name below
            continue
        chart = type_chart(chart_type, 5)
        svg = render_chart_svg(chart, 620, 340).lower()
        for colour in set(chart.visualProperties.colorMap.values()):
            assert colour.lower() in svg, f"{chart_type}: colour {colour} of the colorMap not used"


def test_legend_gridlines_and_highlight_follow_visual_properties() -> None:
    chart = type_chart("grouped_bar", 6)
    with_all = _texts(render_chart_svg(chart, 620, 340))
    assert {"Public sector", "Private sector"} <= set(with_all)  # legend entries
    chart.visualProperties.hasLegend = False
    assert "Public sector" not in _texts(render_chart_svg(chart, 620, 340))
    bar = type_chart("bar", 7)
    grid_on = render_chart_svg(bar, 620, 340)
    bar.visualProperties.hasGridlines = False
    grid_off = render_chart_svg(bar, 620, 340)
    assert grid_on.count("#d9dde3") > grid_off.count("#d9dde3") == 0
    highlighted = bar.visualProperties.highlightedItems[0]
    assert f"▼ {highlighted}" in _texts(grid_on)
    bar.visualProperties.highlightedItems = []
    assert not any(t.startswith("▼") for t in _texts(render_chart_svg(bar, 620, 340)))


def test_output_is_deterministic_and_text_is_literal() -> None:
    chart = type_chart("scatter", 8)
    chart.data[0].label = "R&D <core> costs $5 and $6"
    style = ChartStyle(font_family=("Lato", "DejaVu Sans"), palette=("#123456",))
    first = render_chart_svg(chart, 600, 320, style)
    assert first == render_chart_svg(chart, 600, 320, style)
    assert "R&D <core> costs $5 and $6" in " ".join(_texts(first))  # escaped, no mathtext
    assert "font-family: 'Lato', 'DejaVu Sans'" in html_lib.unescape(first)
    other = chart.model_copy(update={"vizId": "viz-other-1"})
    ids_a = set(re.findall(r'\bid="([^"]+)"', first))
    ids_b = set(re.findall(r'\bid="([^"]+)"', render_chart_svg(other, 600, 320, style)))
    assert not ids_a & ids_b


def test_bad_chart_data_is_a_clear_error() -> None:
    chart = type_chart("box", 9)
    del chart.data[0].metadata["q1"]
    with pytest.raises(ChartRenderError, match=r"viz-s1-9: cannot draw box .* lacks metadata 'q1'"):
        render_chart_svg(chart, 500, 300)


# ---------------------------------------------------------------- documents in real Chromium


def _region_text(doc: pymupdf.Document, chart: Chart) -> str:
    parts = []
    for r in chart.regions:
        page = doc[r.page - 1]
        w, h = page.rect.width, page.rect.height
        x1, y1, x2, y2 = r.bbox
        parts.append(
            page.get_textbox(pymupdf.Rect(x1 * w / 1000, y1 * h / 1000, x2 * w / 1000, y2 * h / 1000))
        )
    return " ".join(" ".join(parts).split())


@pytest.mark.browser
def test_all_types_document_prints_with_titles_and_labels_in_regions(renderer: Renderer) -> None:
    plan = sample_plan([], archetype="dashboard", sections=1, with_table=False)
    charts = [type_chart(t, i + 1, data_labels=i % 2 == 1) for i, t in enumerate(CHART_TYPES)]
    plan.manifest.charts = charts
    plan.sections[0].blocks.extend(ChartBlock(viz_id=c.vizId) for c in charts)
    plan = plan_with_renderer(plan, "matplotlib")
    html = render_html(plan, "")
    assert "d3.min" not in html and "chart-specs" not in html and html.count("<svg ") >= len(charts)
    result = renderer.render_pdf(html, name=plan.manifest.doc_id)
    assert result.blocked_requests == [] and result.console_errors == []
    pdf, measured = measure_regions(result.pdf, plan.manifest)  # raises unless every title is in its region
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        for chart in measured.charts:
            text = _region_text(doc, chart)
            assert chart.title in text, chart.chartType
            missing = sorted(label for label in drawn_labels(chart) if label not in text)
            assert not missing, f"{chart.chartType}: not extractable from the PDF: {missing}"
            if chart.visualProperties.valueReading == "data_labels":
                words = {w.strip("():,") for w in text.split()}
                # the values it prints: reading.value_printed, which charts.js and the planner read too
                shown = {
                    v for v, d in zip(_printed(chart), chart.data, strict=True) if value_printed(chart, d)
                }
                assert shown <= words, chart.chartType


def _d3_plan(seed: int) -> tuple[GenerationConfig, DocumentPlan]:
    config = GenerationConfig(
        seed=seed,
        min_pages=5,
        max_pages=6,
        min_charts=5,
        max_charts=6,
        chart_types=list(CHART_TYPE_NAMES),
    )
    return config, plan_document(config, 0)


def _comparable(manifest: DocumentManifest, config: GenerationConfig) -> list[dict[str, object]]:
    return [q.model_dump(mode="json", exclude={"evidence"}) for q in make_questions(manifest, config)]


@pytest.mark.browser
def test_same_plan_with_either_renderer_gives_the_same_questions(renderer: Renderer) -> None:
    config, d3_plan = _d3_plan(11)
    mpl_plan = plan_with_renderer(d3_plan, "matplotlib")
    # The content stage's renderer switch gives exactly the same plan.
    mpl_config = config.model_copy(update={"renderer": "matplotlib"})
    assert plan_document(mpl_config, 0).model_dump() == mpl_plan.model_dump()
    assert {c.renderer for c in mpl_plan.manifest.charts} == {"matplotlib"}

    outputs = {}
    for name, plan in (("d3", d3_plan), ("matplotlib", mpl_plan)):
        html = render_html(plan, load_d3())
        result = renderer.render_pdf(html, name=f"{plan.manifest.doc_id}-{name}")
        assert result.console_errors == [] and result.blocked_requests == []
        outputs[name] = (html, *measure_regions(result.pdf, plan.manifest))
    mpl_html, mpl_pdf, mpl_manifest = outputs["matplotlib"]
    _, d3_pdf, d3_manifest = outputs["d3"]
    assert mpl_html.count('data-renderer="matplotlib"') == len(mpl_plan.manifest.charts)
    with pymupdf.open(stream=mpl_pdf, filetype="pdf") as doc:
        assert (doc[0].rect.width, doc[0].rect.height) == pytest.approx((595.9, 842.9), abs=1)  # A4
        for chart in mpl_manifest.charts:
            assert chart.regions and chart.title in _region_text(doc, chart)
    mpl_config = config.model_copy(update={"renderer": "matplotlib"})
    questions = _comparable(mpl_manifest, mpl_config)
    assert questions and questions == _comparable(d3_manifest, config)
    # Validation on the PDF may only differ by the text-leak rule: another chart's tick label
    # can coincide with a value a question asks for, and tick labels depend on the library.
    validated = [
        validate_questions(m, make_questions(m, config), pdf)
        for m, pdf in ((d3_manifest, d3_pdf), (mpl_manifest, mpl_pdf))
    ]
    accepted = [{q.question_id for q in v.accepted} for v in validated]
    assert accepted[0] and accepted[1]
    differing = accepted[0] ^ accepted[1]
    rules = {r.rule for v in validated for r in v.rejected if r.question_id in differing}
    assert rules <= {"text_leak"}, rules
    # Same plan, same bytes: the whole HTML with every inline SVG.
    assert render_html(mpl_plan, "") == mpl_html


@pytest.mark.browser
@pytest.mark.parametrize("reading", ["data_labels", "axis"])
def test_values_printed_iff_data_labels_in_the_pdf(renderer: Renderer, reading: str) -> None:
    plan = sample_plan([], sections=1, with_table=False)
    chart = type_chart("bar", 1, data_labels=reading == "data_labels")
    for dp, value in zip(chart.data, (37.3, 52.7, 61.9, 44.1, 28.6, 71.2), strict=False):
        dp.value = value
    plan.manifest.charts = [chart]
    plan.sections[0].blocks.append(ChartBlock(viz_id=chart.vizId))
    plan = plan_with_renderer(plan, "matplotlib")
    pdf, manifest = measure_regions(
        renderer.render_pdf(render_html(plan, ""), name="labels").pdf, plan.manifest
    )
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        text = _region_text(doc, manifest.charts[0])
    printed = [v for v in ("37.3", "52.7", "61.9", "44.1", "28.6", "71.2") if v in text]
    if reading == "data_labels":
        assert len(printed) == 6
    else:
        assert printed == [] and "Output (units)" in text
