"""Layout: plan -> self-contained HTML (no browser needed)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generation.charts.band_labels import LABEL_SLOT_PX
from generation.charts.d3 import D3NotFoundError, charts_script, find_d3
from generation.charts.mpl_common import ChartRenderError
from generation.charts.reading import own_figure
from generation.charts.registry import CHART_TYPE_NAMES
from generation.document.layout import (
    MAX_CHARTS_PER_BLOCK,
    LayoutError,
    chart_slots,
    plan_with_renderer,
    render_html,
)
from generation.plan.doc_plan import ChartBlock, ParagraphBlock
from synthdocbench_tasks.schema import ARCHETYPES
from tests.generation.sample_plan import sample_chart, sample_plan


@pytest.fixture(scope="module")
def d3_js() -> str:
    """A stand-in for d3.min.js: layout only inlines it (the browser tier renders the real one)."""
    return '/* d3 stand-in */ var d3 = {version: "test"};' + " " * 200


def test_supported_types_match_charts_js() -> None:
    drawn = set(re.findall(r"SUPPORTED\.(\w+) =", charts_script()))
    assert drawn == set(CHART_TYPE_NAMES)


def test_html_is_self_contained_and_links_every_object(d3_js: str) -> None:
    plan = sample_plan(["bar", "line", "pie"], archetype="academic")
    html = render_html(plan, d3_js)
    assert d3_js[:200] in html  # D3 inlined, not referenced
    assert not re.search(r"<script[^>]+src=|<link\b|@import|url\(\s*['\"]?https?:", html)
    for chart in plan.manifest.charts:
        assert f'<a class="block-link figure-link slot-full" href="#{chart.vizId}">' in html
        assert f'id="{chart.vizId}"' in html
        assert f"Figure {chart.figure_number}.</span> {chart.title}" in html
    for table in plan.manifest.tables:
        assert f'href="#{table.table_id}"' in html and f'id="{table.table_id}"' in html
    for fact in plan.manifest.text_facts:
        assert (
            f'<a class="fact-link" href="#{fact.fact_id}">'
            f'<span class="fact" id="{fact.fact_id}">{fact.sentence}</span>' in html
        )
    assert "window.__chartsDone = true" in html
    assert '<html lang="en" class="arch-academic renderer-d3">' in html


def test_archetypes_get_distinct_styles(d3_js: str) -> None:
    academic = render_html(sample_plan(["bar"], archetype="academic"), d3_js)
    dashboard = render_html(sample_plan(["bar"], archetype="dashboard"), d3_js)
    assert '--body-font: "Liberation Serif"' in academic.split("</style>")[0]
    assert '--body-font: "Lato"' in dashboard.split("</style>")[0]
    assert 'class="callout kpi-strip"' in dashboard and "Academic (Table 16)" not in dashboard
    assert 'class="callout kpi-strip"' not in academic and "abstract-box" in academic


@pytest.mark.parametrize("archetype", ["dashboard", "academic"])
def test_consecutive_charts_are_grouped_up_to_table16_maximum(d3_js: str, archetype: str) -> None:
    plan = sample_plan([], archetype=archetype, sections=1, with_table=False)
    charts = [sample_chart("bar", index=i + 1, section_id="s1") for i in range(5)]
    plan.manifest.charts = charts
    plan.sections[0].blocks.extend(ChartBlock(viz_id=c.vizId) for c in charts)
    html = render_html(plan, d3_js)
    sizes = [int(n) for n in re.findall(r'<div class="viz-block count-(\d) ', html)]
    cap = MAX_CHARTS_PER_BLOCK[archetype]
    assert sum(sizes) == 5 and max(sizes) == cap


@pytest.mark.parametrize("archetype", ARCHETYPES)
def test_a_labelled_stacked_area_gets_a_figure_of_its_own_at_least_as_large_as_its_labels_need(
    archetype: str,
) -> None:
    """Every order of labelled stacked areas (``reading.own_figure``) among other charts, with and
    without a paragraph between them (where figures share rows, a chart after one paragraph
    joins the block above): each stacked area is alone in its block, in a slot at least
    ``band_labels.LABEL_SLOT_PX``, and the other charts still share blocks up to Table 16's cap.
    main's layout drew 352 of these 960 stacked areas in a smaller slot (half, or magazine's
    second full one)."""
    width, height = LABEL_SLOT_PX
    for order in range(1, 32):
        kinds = ["stacked_area" if order >> k & 1 else "bar" for k in range(5)]
        for gap in (False, True):
            plan = sample_plan([], archetype=archetype, sections=1, with_table=False)
            charts = [
                sample_chart(t, index=i + 1, section_id="s1", data_labels=True) for i, t in enumerate(kinds)
            ]
            plan.manifest.charts = charts
            for c in charts:
                if gap:
                    plan.sections[0].blocks.append(ParagraphBlock(text="Between the figures."))
                plan.sections[0].blocks.append(ChartBlock(viz_id=c.vizId))
            slots = chart_slots(plan)
            assert set(slots) == {c.vizId for c in charts}
            for c in charts:
                if own_figure(c):
                    assert slots[c.vizId].width >= width and slots[c.vizId].height >= height, (kinds, gap)
            html = render_html(plan, "")  # matplotlib is not asked for: d3 draws in the page
            sizes = [int(n) for n in re.findall(r'<div class="viz-block count-(\d) ', html)]
            bars = kinds.count("bar")
            assert sum(sizes) == 5 and sizes.count(1) >= kinds.count("stacked_area"), (kinds, gap, sizes)
            if not gap and bars >= 2 and MAX_CHARTS_PER_BLOCK[archetype] > 1 and "bar,bar" in ",".join(kinds):
                assert max(sizes) > 1, (kinds, sizes)


def test_chart_json_cannot_break_out_of_its_script(d3_js: str) -> None:
    plan = sample_plan(["bar"])
    plan.manifest.charts[0].data[0].label = "</script><b>x"
    html = render_html(plan, d3_js)
    assert "</script><b>x" not in html and "\\u003c/script\\u003e\\u003cb\\u003ex" in html


def test_fact_sentence_missing_from_paragraph_is_a_clear_error(d3_js: str) -> None:
    plan = sample_plan(["bar"])
    plan.manifest.text_facts[0].sentence = "A sentence that the prose never states."
    with pytest.raises(
        LayoutError, match=r"sdb-0-00000: the sentence of fact 'fact-s1-1' does not occur verbatim"
    ):
        render_html(plan, d3_js)


def test_unsupported_chart_type_and_unplaced_chart_are_clear_errors(d3_js: str) -> None:
    plan = sample_plan(["bar"])
    plan.manifest.charts[0].chartType = "sankey"
    if "sankey" not in CHART_TYPE_NAMES:
        with pytest.raises(LayoutError, match=r"type 'sankey', which charts\.js cannot draw"):
            render_html(plan, d3_js)
    # matplotlib draws every type, and checks the type's data conventions (a sankey needs its ends)
    with pytest.raises(ChartRenderError, match=r"viz-s1-1: cannot draw sankey .* lacks metadata 'source'"):
        render_html(plan_with_renderer(plan, "matplotlib"), d3_js)
    plan = sample_plan(["bar"])
    plan.sections[0].blocks = [b for b in plan.sections[0].blocks if not isinstance(b, ChartBlock)]
    with pytest.raises(LayoutError, match="placed in no section"):
        render_html(plan, d3_js)


@pytest.mark.browser
def test_find_d3_finds_the_npm_install() -> None:
    assert find_d3().name == "d3.min.js"


def test_find_d3_walks_up_and_reports_missing(tmp_path: Path) -> None:
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    target = tmp_path / "node_modules" / "d3" / "dist" / "d3.min.js"
    target.parent.mkdir(parents=True)
    target.write_text("/* d3 */", encoding="utf-8")
    assert find_d3(cwd=nested) == target.resolve()
    with pytest.raises(D3NotFoundError, match=r"D3.js not found at .*: pass the path of d3.min.js to --d3"):
        find_d3(tmp_path / "missing.js")


def test_matplotlib_plan_embeds_svg_without_d3_and_mismatched_renderers_are_errors(d3_js: str) -> None:
    plan = plan_with_renderer(sample_plan(["bar", "line"], archetype="magazine"), "matplotlib")
    html = render_html(plan, d3_js)
    assert d3_js[:200] not in html and 'id="chart-specs"' not in html
    assert "window.__chartsDone = true" in html
    for chart in plan.manifest.charts:
        assert f'<figure class="figure type-{chart.chartType}" id="{chart.vizId}">' in html
        assert f'id="mpl-{chart.vizId}-svg"' in html
        assert f"Figure {chart.figure_number}.</span> {chart.title}" in html
    plan.manifest.charts[0].renderer = "d3"
    with pytest.raises(
        LayoutError, match=r"chart viz-s1-1 says renderer 'd3' but the document says 'matplotlib'"
    ):
        render_html(plan, d3_js)
    with pytest.raises(ValueError, match="unknown renderer 'vega'"):
        plan_with_renderer(plan, "vega")
