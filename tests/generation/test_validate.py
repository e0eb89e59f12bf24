"""Validation rules: each rejects a crafted bad question; the leak check runs on a real PDF."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pymupdf
import pytest

from generation.config import GenerationConfig
from generation.phrasing import fmt_num
from generation.questions import make_questions
from generation.questions_chart import value_reading
from generation.questions_common import Context
from generation.validate import RULES, validate_questions
from synthdocbench_tasks.schema import DocumentManifest, Question, Region, make_position
from tests.generation.manifest_fixture import CHART_BOX, PAGE_COUNT, build_manifest

Placed = tuple[int, float, float, str]


def _pdf(texts: Sequence[Placed] = (), pages: int = PAGE_COUNT) -> bytes:
    """A real PDF with ``pages`` A4 pages and text at (page, x, y) in 0..1000 page units."""
    doc = pymupdf.open()
    for _ in range(pages):
        doc.new_page(width=595, height=842)
    for page, x, y, text in texts:
        p = doc[page - 1]
        p.insert_text((x / 1000 * p.rect.width, y / 1000 * p.rect.height), text, fontsize=11)
    data = doc.tobytes()
    doc.close()
    return data


@pytest.fixture(scope="module")
def manifest() -> DocumentManifest:
    return build_manifest()


@pytest.fixture(scope="module")
def questions(manifest: DocumentManifest) -> list[Question]:
    return make_questions(manifest, GenerationConfig(seed=3, questions_per_subset=4))


def _rules(manifest: DocumentManifest, q: Question, pdf: bytes | None = None) -> set[str]:
    result = validate_questions(manifest, [q], pdf or _pdf())
    assert bool(result.accepted) != bool(result.rejected)
    assert all(r.question_id == q.question_id and r.rule in RULES and r.detail for r in result.rejected)
    return {r.rule for r in result.rejected}


def _pick(questions: list[Question], **match: object) -> Question:
    return next(q for q in questions if all(getattr(q, k) == v for k, v in match.items()))


def test_generated_questions_are_accepted(manifest: DocumentManifest, questions: list[Question]) -> None:
    result = validate_questions(manifest, questions, _pdf())
    assert result.rejected == []
    assert result.accepted == questions


def test_reference_rule(manifest: DocumentManifest, questions: list[Question]) -> None:
    chart_q = _pick(questions, subset="chart")
    assert _rules(manifest, chart_q.model_copy(update={"chart_index": 42})) == {"reference", "numeric"}
    assert "reference" in _rules(manifest, chart_q.model_copy(update={"chart_title": "Some other chart"}))
    bad_point = chart_q.required_data_points[0].model_copy(update={"value": 1234.5})
    bad = chart_q.model_copy(update={"required_data_points": [bad_point, *chart_q.required_data_points[1:]]})
    assert "reference" in _rules(manifest, bad)
    multi = _pick(questions, subset="complex")
    text = ["A sentence the document never printed.", *multi.required_facts_text[1:]]
    assert _rules(manifest, multi.model_copy(update={"required_facts_text": text})) == {"reference"}
    assert "reference" in _rules(manifest, multi.model_copy(update={"required_facts": [999]}))
    single_source = multi.model_copy(
        update={
            "required_facts": multi.required_facts[:1],
            "required_facts_text": multi.required_facts_text[:1],
            "fact_sources": multi.fact_sources[:1],
        }
    )
    if single_source.chart_index is None:
        assert "reference" in _rules(manifest, single_source)


def test_numeric_rule_reports_the_mismatch(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = next(q for q in questions if any(v.kind == "number" for v in q.answer_values))
    values = [
        v.model_copy(update={"value": (v.value or 0.0) + 0.7}) if v.kind == "number" else v
        for v in q.answer_values
    ]
    result = validate_questions(manifest, [q.model_copy(update={"answer_values": values})], _pdf())
    numeric = [r for r in result.rejected if r.rule == "numeric"]
    assert numeric and "does not follow from the evidence; nearest is" in numeric[0].detail


def test_answer_length_and_values_in_answer(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = _pick(questions, subset="chart")
    assert {"answer_length", "answer_values_in_answer"} <= _rules(
        manifest, q.model_copy(update={"answer": "Yes."})
    )
    number = next(v for v in q.answer_values if v.kind == "number")
    stripped = q.answer.replace(number.text, "an unstated amount")
    assert _rules(manifest, q.model_copy(update={"answer": stripped})) == {"answer_values_in_answer"}


def test_overlap_and_answer_in_question(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = _pick(questions, subset="cross_modal")
    parrot = f"{q.question} {q.answer}"
    assert "overlap" in _rules(manifest, q.model_copy(update={"answer": parrot}))
    number = next(v for v in q.answer_values if v.kind == "number")
    leaky = f"{q.question} (Hint: it is {number.text}.)"
    assert _rules(manifest, q.model_copy(update={"question": leaky})) == {"answer_in_question"}


def test_difficulty_must_match_reasoning_steps(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = _pick(questions, subset="complex")
    assert _rules(manifest, q.model_copy(update={"reasoning": q.reasoning[:1]})) == {"difficulty_steps"}
    long = [*q.reasoning, "Check again.", "And again.", "Once more.", "Done."]
    assert _rules(manifest, q.model_copy(update={"reasoning": long})) == {"difficulty_steps"}


def test_evidence_pages_and_document_identity(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = _pick(questions, subset="complex")
    far = [*q.evidence, Region(page=PAGE_COUNT + 5, bbox=[0, 0, 10, 10])]
    assert _rules(manifest, q.model_copy(update={"evidence": far})) == {"evidence_pages"}
    assert _rules(manifest, q, _pdf(pages=PAGE_COUNT - 10)) == {"evidence_pages"} or not q.evidence
    assert "schema" in _rules(manifest, q.model_copy(update={"doc_id": "sdb-7-99999"}))


def test_unreadable_pdf_is_one_clear_line(manifest: DocumentManifest, questions: list[Question]) -> None:
    with pytest.raises(ValueError, match="cannot be opened") as info:
        validate_questions(manifest, questions, b"not a pdf")
    assert "\n" not in str(info.value)


def test_leak_check_on_a_real_pdf(manifest: DocumentManifest) -> None:
    draft = value_reading(Context.of(manifest), "L1", np.random.default_rng(2))
    assert draft is not None
    chart, point = draft.charts[0], draft.points[0]
    [region] = chart.regions
    q = Question(
        question_id="sdb-7-00001-chart-01",
        doc_id=manifest.doc_id,
        subset="chart",
        question_type="chart_reading",
        category=draft.category,
        difficulty=draft.difficulty,
        question=draft.question,
        answer=draft.answer,
        answer_values=draft.answer_values,
        reasoning=draft.reasoning,
        chart_index=chart.index,
        chart_title=chart.title,
        chart_type=chart.chartType,
        required_data_points=draft.data_refs(),
        evidence=chart.regions,
        position=make_position(chart.index, 6, "chart"),
    )
    drawn = fmt_num(point.value) + ("%" if chart.axes.y.unit == "%" else "")
    x_in = (CHART_BOX[0] + CHART_BOX[2]) / 2
    y_in = (CHART_BOX[1] + CHART_BOX[3]) / 2
    other_page = region.page + 2 if region.page + 2 <= PAGE_COUNT else region.page - 2
    inside: list[Placed] = [(region.page, x_in, y_in, drawn), (region.page, 100, 150, "Body text about it.")]
    # the value drawn as the chart's data label, a page number and a "Figure N" reference are fine
    harmless: list[Placed] = [
        (other_page, 500, 960, fmt_num(point.value)),
        (other_page, 100, 200, f"see Figure {fmt_num(point.value)}"),
    ]
    assert _rules(manifest, q, _pdf(inside + harmless)) == set()
    # the same value written in the body text of another page, or on the chart's page outside it, leaks
    for page, y in ((other_page, 400), (region.page, 150)):
        leak: list[Placed] = [(page, 100, y, f"In that year it reached {drawn}, a record.")]
        result = validate_questions(manifest, [q], _pdf(inside + leak))
        assert [r.rule for r in result.rejected] == ["text_leak"]
        assert f"page {page}" in result.rejected[0].detail


def test_leak_check_only_applies_to_chart_questions(
    manifest: DocumentManifest, questions: list[Question]
) -> None:
    q = _pick(questions, subset="cross_modal")
    text = [(1, 100, 400, f"Value {fmt_num(p.value)} here.") for p in q.required_data_points]
    assert _rules(manifest, q, _pdf(text)) == set()
