"""Per-document text density: a word range (``words:``) fits its words to the page target.

With ``words`` set, each document draws its word count from its own stream and the content
stage picks the body text density that makes those words fill the page target; layout
scales the body text by it. Without ``words``, plans, targets and HTML are as before.
"""

from __future__ import annotations

from typing import Any

import pymupdf
import pytest

from generation.charts.d3 import load_d3
from generation.document.content import plan_document
from generation.document.layout import density_css, render_html
from generation.document.targets import DENSITY_RANGE, PAGE_MODELS, document_targets, draw_real, text_density
from generation.plan.config import GenerationConfig, WordRange
from generation.plan.rng import stage_rng

WORDS = WordRange(min=17400, mode=20400, max=25100)
BASE: dict[str, Any] = {
    "seed": 5,
    "min_pages": 40,
    "max_pages": 60,
    "min_charts": 10,
    "max_charts": 14,
    "chart_types": ["bar", "line", "pie", "grouped_bar", "scatter"],
}

#: Layout only inlines D3; the unit tier needs no `npm install`.
D3_STAND_IN = "/* d3 stand-in */"


def test_word_range_is_validated() -> None:
    with pytest.raises(ValueError, match=r"words\.mode"):
        GenerationConfig.model_validate({"words": {"min": 100, "mode": 50, "max": 200}})
    with pytest.raises(ValueError, match=r"larger than words\.max"):
        GenerationConfig.model_validate({"words": {"min": 300, "max": 200}})


def test_unset_words_changes_nothing() -> None:
    config = GenerationConfig(**BASE)
    assert "words" not in config.model_dump(mode="json")
    for index in range(3):
        plan = plan_document(config, index)
        assert plan.density == 1.0
        assert "density" not in document_targets(config, index).as_json()
    assert density_css(1.0) == ""


@pytest.mark.slow
def test_words_only_change_the_prose_and_density() -> None:
    plain, dense = GenerationConfig(**BASE), GenerationConfig(**BASE, words=WORDS)
    for index in range(3):
        a, b = document_targets(plain, index), document_targets(dense, index)
        assert (a.archetype, a.target_pages, a.n_charts, a.n_tables) == (
            b.archetype,
            b.target_pages,
            b.n_charts,
            b.n_tables,
        )
        pa, pb = plan_document(plain, index), plan_document(dense, index)
        assert pa.manifest.charts == pb.manifest.charts
        assert pa.manifest.tables == pb.manifest.tables


@pytest.mark.parametrize("index", range(6))
def test_planned_words_lie_in_range_and_density_is_recorded(index: int) -> None:
    config = GenerationConfig(**BASE, words=WORDS)
    target = document_targets(config, index)
    plan = plan_document(config, index)
    low, high = DENSITY_RANGE
    assert target.density is not None and low <= target.density <= high
    assert plan.density == target.density
    assert target.as_json()["density"] == target.density
    if low < target.density < high:  # not clipped: the drawn words are the target
        assert WORDS.min <= target.words <= WORDS.max
        assert 0.9 * WORDS.min <= plan.manifest.word_count <= 1.05 * WORDS.max


def test_text_density_fits_the_page_model() -> None:
    model = PAGE_MODELS["academic"]
    density, words = text_density(20000, 50, 12, 3, "academic", 10)
    text_pages = 50 - model.overhead - 12 * model.chart_pages - 3 * model.table_pages
    assert words == 20000
    assert words * density**2 / model.words_per_page == pytest.approx(text_pages, rel=1e-3)
    # Too few pages for the words: clipped, and the words shrink so the page target holds.
    density, words = text_density(25000, 24, 30, 4, "academic", 10)
    assert density == DENSITY_RANGE[0] and words < 25000
    density, words = text_density(17400, 91, 5, 2, "dashboard", 10)
    assert density == DENSITY_RANGE[1] and words > 17400


def test_draw_real_is_one_draw_in_range() -> None:
    values = [draw_real(stage_rng(3, "w", i), 17400, 25100, 20400) for i in range(2000)]
    assert min(values) >= 17400 and max(values) <= 25100
    assert 20500 <= sum(values) / len(values) <= 21400  # triangular mean 20,967
    rng1, rng2 = stage_rng(1, "u"), stage_rng(1, "u")
    draw_real(rng1, 5, 6, None)
    draw_real(rng2, 5, 600, 300)
    assert rng1.random() == rng2.random()


def test_density_scales_only_the_body_text() -> None:
    config = GenerationConfig(**BASE, words=WORDS)
    plan = plan_document(config, 0)
    assert plan.density != 1.0
    html = render_html(plan, D3_STAND_IN)
    assert f"--density: {plan.density:g};" in html
    assert "font-size: calc(var(--body-size) * var(--density))" in html
    plan.density = 1.0
    assert "--density" not in render_html(plan, D3_STAND_IN)


@pytest.mark.browser
def test_rendered_document_hits_its_page_target_at_another_density() -> None:
    from generation.document.render import Renderer

    config = GenerationConfig(
        seed=5,
        target_pages=14,
        min_charts=5,
        max_charts=5,
        chart_types=["bar", "line", "pie"],
        archetypes=["academic"],
        words=WordRange(min=7500, max=7500),
    )
    plan = plan_document(config, 0)
    assert plan.density < 0.95
    with Renderer() as renderer:
        pdf = renderer.render_pdf(render_html(plan, load_d3(None)), name=plan.manifest.doc_id).pdf
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        pages = doc.page_count
    assert 0.8 * 14 <= pages <= 1.2 * 14
