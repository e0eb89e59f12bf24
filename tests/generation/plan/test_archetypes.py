"""The six layout archetypes of Table 16: planned documents print to A4 with intact regions.

Documents come from the real content stage (so its callout blocks are what gets laid out)
and are printed by real Chromium; features are checked in the HTML, fonts in the PDF.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pymupdf
import pytest
from markupsafe import escape

from generation.charts.d3 import load_d3
from generation.charts.registry import CHART_TYPE_NAMES
from generation.document.content import plan_document
from generation.document.layout import (
    MAX_CHARTS_PER_BLOCK,
    callout_items,
    plan_with_renderer,
    render_html,
)
from generation.document.regions import measure_regions
from generation.document.render import CONTENT_WIDTH_PX, Renderer
from generation.plan.archetypes import STYLES, figure_slots, slot_kinds, style_of
from generation.plan.config import GenerationConfig
from generation.plan.doc_plan import CalloutBlock, ChartBlock, DocumentPlan, ParagraphBlock
from synthdocbench_tasks.schema import ARCHETYPES
from tests.generation.sample_plan import sample_chart, sample_plan

#: What each archetype must show in its HTML (Table 16 auxiliary components).
FEATURES: dict[str, tuple[str, ...]] = {
    "magazine": ('class="hero-overlay"', '<p class="lead">', 'class="callout pull-quote"'),
    "dashboard": ('class="callout kpi-strip"', 'class="kpi-value"', 'class="callout metric-cards"'),
    "academic": ('class="callout abstract abstract-box"', '<div class="callout-title">Abstract</div>'),
    "editorial": ('class="chapter-marker">Chapter 1<', 'class="progress-cue"', 'class="callout block-quote"'),
    "infographic": ('class="icon-strip"', 'class="callout timeline timeline-band"', "data-callouts"),
    "brutalist": ('class="stamp-label fig-stamp"', 'class="callout metric-cards"'),
}
#: The font the body text of each archetype must be printed in (PDF font name prefix).
BODY_FONT = {
    "magazine": "Caladea",
    "dashboard": "Lato",
    "academic": "LiberationSerif",
    "editorial": "DejaVuSerif",
    "infographic": "Roboto",
    "brutalist": "JetBrainsMono",
}

#: Layout only inlines D3; the unit tier needs no `npm install`.
D3_STAND_IN = "/* d3 stand-in */"


def test_one_style_per_archetype_with_table16_maxima() -> None:
    assert tuple(STYLES) == ARCHETYPES
    assert MAX_CHARTS_PER_BLOCK == {
        "magazine": 3,
        "dashboard": 4,
        "academic": 2,
        "editorial": 2,
        "infographic": 4,
        "brutalist": 2,
    }
    moods = {s.mood for s in STYLES.values()}
    assert moods == {"editorial", "technical", "scholarly", "narrative", "bold", "raw/monospace"}
    assert all("monospace" in s.body_font for s in STYLES.values() if s.name == "brutalist")


def test_slot_kinds_follow_table16_placement() -> None:
    assert slot_kinds("hero", 3) == ["hero", "half", "half"]
    assert slot_kinds("hero", 2) == ["hero", "full"]
    assert slot_kinds("grid", 4) == ["half"] * 4
    assert slot_kinds("grid", 3) == ["half", "half", "full"]
    assert slot_kinds("inline", 2) == ["half", "half"]
    for placement in ("breakout", "stack", "bleed"):
        assert slot_kinds(placement, 2) == ["full", "full"]
    hero, half, _ = figure_slots(style_of("magazine"), 3, CONTENT_WIDTH_PX)
    assert hero.width > 2 * half.width and hero.height > half.height


def test_callout_formats_of_the_content_stage_are_parsed() -> None:
    cards = CalloutBlock(style="metric_cards", items=["28.4 GW | Installed solar capacity, Laos, 2019", "7"])
    assert callout_items(cards) == [("28.4 GW", "Installed solar capacity, Laos, 2019"), ("7", "")]
    timeline = CalloutBlock(style="timeline", items=["2014 | Chile cut tariffs"])
    assert callout_items(timeline) == [("2014", "Chile cut tariffs")]
    quote = CalloutBlock(style="block_quote", items=["Prices will fall.", "— The ministry"])
    assert callout_items(quote) == [("Prices will fall.", "— The ministry")]
    assert callout_items(CalloutBlock(style="abstract", items=["One text."])) == [("One text.", "")]


def _planned(archetype: str) -> DocumentPlan:
    config = GenerationConfig(
        seed=5,
        archetypes=[archetype],
        min_pages=5,
        max_pages=6,
        min_charts=4,
        max_charts=5,
        chart_types=list(CHART_TYPE_NAMES),
    )
    plan = plan_document(config, 0)
    assert plan.manifest.archetype == archetype
    return plan


def _fonts_installed() -> bool:
    if shutil.which("fc-list") is None:
        return False
    names = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True, check=False).stdout
    return all(font in names for font in ("Caladea", "Lato", "Roboto", "JetBrains Mono"))


@pytest.mark.browser
@pytest.mark.parametrize("renderer_name", ["d3", "matplotlib"])
@pytest.mark.parametrize("archetype", ARCHETYPES)
def test_planned_document_prints_to_a4_with_regions_and_features(
    renderer: Renderer, archetype: str, renderer_name: str
) -> None:
    plan = plan_with_renderer(_planned(archetype), renderer_name)
    html = render_html(plan, load_d3())
    assert html == render_html(plan, load_d3())  # deterministic
    assert f'<html lang="en" class="arch-{archetype} renderer-{renderer_name}">' in html
    for feature in FEATURES[archetype]:
        assert feature in html, f"{archetype}: {feature} missing"
    root = html.split("</style>")[0]
    body_fonts = STYLES[archetype].body_font
    assert f'--body-font: "{body_fonts[0]}"' in root
    for block in (b for sp in plan.sections for b in sp.blocks if isinstance(b, CalloutBlock)):
        for first, second in callout_items(block):  # every callout the content stage emitted is shown
            # as the template writes them: jinja2 escapes &, <, >, " and ' ("a Steelmaker's Works")
            assert str(escape(first)) in html and str(escape(second)) in html

    result = renderer.render_pdf(html, name=f"{archetype}-{renderer_name}")
    assert result.blocked_requests == [] and result.console_errors == []
    pdf, measured = measure_regions(result.pdf, plan.manifest)  # every title inside its region
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        assert doc.page_count >= 3
        assert all(
            (p.rect.width, p.rect.height) == pytest.approx((595.9, 842.9), abs=1) for p in doc
        )  # A4 portrait
        kinds = {f[2] for p in doc for f in p.get_fonts()}
        assert "Type3" not in kinds, "a CFF OpenType font was embedded as Type 3; use TrueType fonts"
        for chart in measured.charts:
            assert chart.regions
            region = chart.regions[0]
            page = doc[region.page - 1]
            w, h = page.rect.width, page.rect.height
            x1, y1, x2, y2 = region.bbox
            box = pymupdf.Rect(x1 * w / 1000 - 2, y1 * h / 1000 - 2, x2 * w / 1000 + 2, y2 * h / 1000 + 2)
            hits = page.search_for(chart.title)
            assert hits and any(box.contains(hit) for hit in hits), chart.vizId
        if _fonts_installed():
            fact = measured.text_facts[0]
            page = doc[fact.regions[0].page - 1]
            spans = [
                s["font"]
                for b in page.get_text("dict")["blocks"]
                for line in b.get("lines", [])
                for s in line["spans"]
                if fact.sentence.split()[1] in s["text"]
            ]
            assert spans and any(f.replace(" ", "").startswith(BODY_FONT[archetype]) for f in spans), spans


def _chart_run_plan(archetype: str, n: int) -> DocumentPlan:
    plan = sample_plan([], archetype=archetype, sections=1, with_table=False)
    charts = [sample_chart("bar", index=i + 1, section_id="s1") for i in range(n)]
    plan.manifest.charts = charts
    plan.sections[0].blocks.extend(ChartBlock(viz_id=c.vizId) for c in charts)
    return plan_with_renderer(plan, "matplotlib")


@pytest.mark.browser
@pytest.mark.parametrize("archetype", ARCHETYPES)
def test_chart_blocks_take_table16_slots_at_the_sizes_drawn(renderer: Renderer, archetype: str) -> None:
    """A run of charts fills blocks up to the maximum; in Chromium each figure is as wide as planned."""
    style = style_of(archetype)
    cap = style.max_charts_per_block
    plan = _chart_run_plan(archetype, cap + 1)
    html = render_html(plan, "")
    sizes = [int(n) for n in re.findall(r'<div class="viz-block count-(\d)', html)]
    assert sizes == [cap, 1]
    kinds = re.findall(r'class="block-link figure-link slot-(\w+)"', html)
    assert kinds == slot_kinds(style.placement, cap) + slot_kinds(style.placement, 1)
    slots = figure_slots(style, cap, CONTENT_WIDTH_PX) + figure_slots(style, 1, CONTENT_WIDTH_PX)
    pdf, measured = measure_regions(renderer.render_pdf(html, name=archetype).pdf, plan.manifest)
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        page_w = doc[0].rect.width
    frame = 2 * (style.figure_pad_x + style.figure_border)
    for chart, slot in zip(measured.charts, slots, strict=True):
        x1, _, x2, _ = chart.regions[0].bbox
        width_px = (x2 - x1) / 1000 * page_w / 0.75
        assert width_px == pytest.approx(slot.width + frame, abs=2.5), (archetype, chart.vizId, slot)


@pytest.mark.parametrize("archetype", ["dashboard", "editorial"])
def test_a_chart_one_paragraph_after_a_figure_joins_it_only_where_figures_share_rows(archetype: str) -> None:
    plan = sample_plan([], archetype=archetype, sections=1, with_table=False)
    charts = [sample_chart("bar", index=i + 1, section_id="s1") for i in range(2)]
    plan.manifest.charts = charts
    plan.sections[0].blocks += [
        ChartBlock(viz_id=charts[0].vizId),
        ParagraphBlock(text="Figure 2 shows the second indicator."),
        ChartBlock(viz_id=charts[1].vizId),
    ]
    html = render_html(plan, D3_STAND_IN)
    sizes = [int(n) for n in re.findall(r'<div class="viz-block count-(\d)', html)]
    if archetype == "dashboard":
        assert sizes == [2]
        assert html.index("Figure 2 shows the second") < html.index(f'id="{charts[0].vizId}"')
    else:
        assert sizes == [1, 1]
        assert html.index(f'id="{charts[0].vizId}"') < html.index("Figure 2 shows the second")
