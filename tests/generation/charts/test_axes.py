"""The controlled axes are independent: length, evidence depth, modality mix and archetype.

Changing one axis keeps what the others control: same topic, chart data and facts at another
length; the same evidence charts (same data) at another depth; the same charts and facts in
another archetype. One test renders in Chromium to check target vs measured pages.
"""

from __future__ import annotations

from typing import Any

import pymupdf
import pytest

from generation.charts.d3 import load_d3
from generation.document.content import plan_document
from generation.document.layout import render_html
from generation.document.render import Renderer
from generation.document.sections import chart_order, evidence_chart_indices, evidence_window
from generation.document.targets import document_targets, draw_count, mix_counts
from generation.plan.config import GenerationConfig, ModalityMix
from generation.plan.doc_plan import DocumentPlan
from generation.plan.rng import stage_rng
from synthdocbench_tasks.schema import make_position

#: Chart types every renderer state draws (other types are covered by the chart tests).
BASE = {
    "seed": 21,
    "min_charts": 12,
    "max_charts": 12,
    "chart_types": ["bar", "line", "pie", "grouped_bar", "scatter"],
}


def _charts(plan: DocumentPlan) -> list[dict[str, Any]]:
    return [c.model_dump(mode="json") for c in plan.manifest.charts]


def _chart_content(plan: DocumentPlan) -> list[tuple[str, str, str]]:
    """What a chart shows, independent of where it sits: type, title and data."""
    return sorted((c.chartType, c.title, repr(c.data)) for c in plan.manifest.charts)


def _facts(plan: DocumentPlan) -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
    return [(f.fact_id, f.sentence, tuple(sorted(f.values.items()))) for f in plan.manifest.text_facts]


@pytest.mark.parametrize(
    "index",
    [
        pytest.param(
            0,
            marks=pytest.mark.xfail(
                strict=True,
                reason="known regression, open in issue 24: this 25-page report states 9,814 words against a "
                "target of 8,135 (+21%, the bound is +15%); the fixed text (facts, callouts) of the new "
                "topic space and paragraph plans no longer fits the shortest reports",
            ),
        ),
        1,
        2,
    ],
)
def test_length_changes_only_the_prose(index: int) -> None:
    plans = [plan_document(GenerationConfig(**BASE, target_pages=p), index) for p in (25, 50, 75)]
    first = plans[0]
    for plan in plans[1:]:
        assert (
            plan.manifest.topic == first.manifest.topic
            and plan.manifest.archetype == first.manifest.archetype
        )
        assert [s.title for s in plan.manifest.sections] == [s.title for s in first.manifest.sections]
        assert _charts(plan) == _charts(first)
        assert plan.manifest.tables == first.manifest.tables
        assert _facts(plan) == _facts(first)
    words = [p.manifest.word_count for p in plans]
    assert words[0] < words[1] < words[2]
    for pages, plan in zip((25, 50, 75), plans, strict=True):
        target = document_targets(GenerationConfig(**BASE, target_pages=pages), index)
        assert target.target_pages == pages
        assert 0.9 * target.words <= plan.manifest.word_count <= 1.15 * target.words


@pytest.mark.parametrize("index", [0, 3])
def test_depth_moves_the_evidence_charts_but_keeps_their_data(index: int) -> None:
    plans = {}
    for depth in ("early", "middle", "late"):
        config = GenerationConfig(**BASE, target_pages=40, evidence_depth=depth, evidence_charts=2)
        plan = plan_document(config, index)
        k_of = evidence_chart_indices(config, len(plan.manifest.charts))
        assert len(k_of) == 2
        for k in k_of:
            assert make_position(k, len(plan.manifest.charts), "chart").bucket == depth
        plans[depth] = (plan, [plan.manifest.charts[k - 1] for k in k_of])
    reference = [(c.chartType, c.title, c.data) for c in plans["early"][1]]
    indices = set()
    for plan, evidence in plans.values():
        assert [(c.chartType, c.title, c.data) for c in evidence] == reference
        assert _chart_content(plan) == _chart_content(plans["early"][0])
        assert plan.manifest.topic == plans["early"][0].manifest.topic
        assert plan.manifest.tables == plans["early"][0].manifest.tables
        assert {f.sentence for f in plan.manifest.text_facts} == {
            f.sentence for f in plans["early"][0].manifest.text_facts
        }
        indices.add(tuple(c.index for c in evidence))
    assert len(indices) == 3
    # Spread (no depth) puts the same charts first.
    spread = plan_document(GenerationConfig(**BASE, target_pages=40), index)
    assert [(c.chartType, c.title, c.data) for c in spread.manifest.charts[:2]] == reference


def test_exact_depth_and_window_edges() -> None:
    assert evidence_window(16, None, 2) == []
    assert evidence_window(16, 0.0, 2) == [1, 2]
    assert evidence_window(16, 1.0, 2) == [15, 16]
    assert evidence_window(16, 0.5, 3) == [7, 8, 9]
    assert evidence_window(3, 0.5, 5) == [1, 2, 3]
    assert chart_order(5, 1.0, 2) == [4, 5, 1, 2, 3]
    assert chart_order(5, None, 2) == [1, 2, 3, 4, 5]
    config = GenerationConfig(**BASE, evidence_depth=0.25, evidence_charts=1)
    assert evidence_chart_indices(config, 12) == [3]
    assert plan_document(config, 0).manifest.charts[2].index == 3


def test_archetype_changes_layout_not_content() -> None:
    plans = [
        plan_document(GenerationConfig(**BASE, target_pages=30, archetypes=[a]), 1)
        for a in ("magazine", "academic")
    ]
    a, b = plans
    assert (a.manifest.archetype, b.manifest.archetype) == ("magazine", "academic")
    assert a.manifest.topic == b.manifest.topic
    assert _charts(a) == _charts(b) and a.manifest.tables == b.manifest.tables
    assert _facts(a) == _facts(b)


@pytest.mark.slow
def test_modality_mix_sets_the_shares() -> None:
    heavy = GenerationConfig(
        seed=21, target_pages=50, modality_mix=ModalityMix(charts=0.25, tables=0.05, text=0.7)
    )
    light = heavy.model_copy(update={"modality_mix": ModalityMix(charts=0.05, tables=0.02, text=0.93)})
    for index in range(3):
        h, lt = plan_document(heavy, index), plan_document(light, index)
        assert h.manifest.topic == lt.manifest.topic and h.manifest.archetype == lt.manifest.archetype
        assert (len(h.manifest.charts), len(h.manifest.tables)) == mix_counts(
            50, heavy.modality_mix, h.manifest.archetype
        )  # type: ignore[arg-type]
        assert len(h.manifest.charts) >= 4 * len(lt.manifest.charts)
        assert h.manifest.word_count < 0.8 * lt.manifest.word_count


def test_count_draws_are_deterministic_and_use_one_draw() -> None:
    a = [draw_count(stage_rng(1, "t", i), 24, 91, 38) for i in range(2000)]
    assert a == [draw_count(stage_rng(1, "t", i), 24, 91, 38) for i in range(2000)]
    assert min(a) <= 26 and max(a) >= 86 and min(a) >= 24 and max(a) <= 91 and 49 <= sum(a) / len(a) <= 53
    rng1, rng2 = stage_rng(1, "u"), stage_rng(1, "u")
    draw_count(rng1, 5, 6, None)
    draw_count(rng2, 5, 600, 300)
    assert rng1.random() == rng2.random()


@pytest.mark.browser
def test_measured_pages_follow_the_target() -> None:
    d3_js = load_d3(None)
    measured = []
    with Renderer() as renderer:
        for pages in (16, 40):
            plan = plan_document(GenerationConfig(**BASE, target_pages=pages), 2)
            pdf = renderer.render_pdf(render_html(plan, d3_js), name=plan.manifest.doc_id).pdf
            with pymupdf.open(stream=pdf, filetype="pdf") as doc:
                measured.append(doc.page_count)
    assert 0.8 * 16 <= measured[0] <= 1.2 * 16
    assert 0.8 * 40 <= measured[1] <= 1.2 * 40
