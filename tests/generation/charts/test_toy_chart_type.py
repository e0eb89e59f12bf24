"""A new chart type is its registry record, a builder and two drawers: everything else sees it.

A toy type ("pareto": bar data, bar drawers) is added to a temporary registry; generation,
questions, the one-world check and the legibility check must all take it up, and documents
that do not draw it must come out byte-identical to those planned without it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from types import MappingProxyType

import pytest

from generation.charts import data as chart_data
from generation.charts import mpl as mpl_charts
from generation.charts import registry
from generation.document.content import plan_document
from generation.document.layout import render_html
from generation.document.regions import measure_document
from generation.document.render import Renderer
from generation.plan.config import GenerationConfig
from generation.questions.build import make_questions
from generation.validate.consistency import chart_values, topic_of, world_mismatches
from generation.validate.legibility import check_document
from synthdocbench_tasks import schema

TOY = "pareto"
N_DOCS = 8


@pytest.fixture
def toy_type(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    record = dataclasses.replace(registry.REGISTRY["bar"], name=TOY, renderers=frozenset({"matplotlib"}))
    monkeypatch.setattr(registry, "REGISTRY", MappingProxyType({**registry.REGISTRY, TOY: record}))
    monkeypatch.setattr(schema, "CHART_TYPES", (*schema.CHART_TYPES, TOY))
    monkeypatch.setitem(chart_data.DATA_BUILDERS, TOY, chart_data.DATA_BUILDERS["bar"])
    monkeypatch.setitem(mpl_charts.DRAWERS, TOY, mpl_charts.DRAWERS["bar"])
    yield TOY


def _config() -> GenerationConfig:
    return GenerationConfig(seed=41, n_docs=N_DOCS, renderer="matplotlib")


@pytest.mark.slow
def test_documents_that_do_not_draw_a_new_type_are_unchanged(toy_type: str) -> None:
    with_toy = [plan_document(_config(), i) for i in range(N_DOCS)]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(
            registry, "REGISTRY", MappingProxyType({k: v for k, v in registry.REGISTRY.items() if k != TOY})
        )
        without = [plan_document(_config(), i) for i in range(N_DOCS)]
    drawing = [p for p in with_toy if any(c.chartType == TOY for c in p.manifest.charts)]
    assert drawing, "the toy type is drawn somewhere"
    assert len(drawing) < N_DOCS, "and not everywhere"
    for a, b in zip(with_toy, without, strict=True):
        if a not in drawing:
            assert a.model_dump_json() == b.model_dump_json(), a.manifest.doc_id


@pytest.mark.slow
def test_generation_questions_and_the_one_world_check_see_a_new_type(toy_type: str) -> None:
    plans = [plan_document(_config(), i) for i in range(3 * N_DOCS)]  # chart reading fills last
    toy_charts = [(p, c) for p in plans for c in p.manifest.charts if c.chartType == TOY]
    assert toy_charts
    toy_ids = {(p.manifest.doc_id, c.vizId) for p, c in toy_charts}
    asked = [
        q
        for p in plans
        for q in make_questions(p.manifest, _config())
        if q.chart_type == TOY or any((q.doc_id, u.ref) in toy_ids for u in q.evidence_units)
    ]  # chart reading fills last now, so the toy chart may be asked through complex/cross-modal units
    assert asked, "questions are asked about the new type"
    for plan, chart in toy_charts:
        topic = topic_of(plan.manifest)
        assert topic is not None
        assert chart_values(chart, topic), f"{chart.vizId}: the one-world check reads the new type"
        assert world_mismatches(plan.manifest) == []


@pytest.mark.browser
def test_the_legibility_check_sees_a_new_type(toy_type: str) -> None:
    plan = next(
        p
        for p in (plan_document(_config(), i) for i in range(N_DOCS))
        if any(c.chartType == TOY for c in p.manifest.charts)
    )
    with Renderer() as renderer:
        pdf = renderer.render_pdf(render_html(plan, ""), name=plan.manifest.doc_id).pdf
    measured = measure_document(pdf, plan.manifest)
    legibility = check_document(measured.manifest, pdf)
    toy_ids = {c.vizId for c in measured.manifest.charts if c.chartType == TOY}
    assert toy_ids <= set(legibility.charts)
    assert all(legibility.charts[v].words for v in toy_ids), "its printed words are checked"
