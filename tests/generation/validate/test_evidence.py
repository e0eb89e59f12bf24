"""The evidence-unit rules of complex questions (validate/evidence.py), one test per rule, on
questions generated from the hand-built manifest and then broken by hand."""

from __future__ import annotations

import pytest

from generation.plan.config import GenerationConfig
from generation.questions.build import make_questions
from generation.validate.evidence import RULES as EVIDENCE_RULES
from generation.validate.evidence import check_evidence
from generation.validate.pdf_words import Word
from generation.validate.rules import RULES, check_question
from synthdocbench_tasks.schema import DocumentManifest, EvidenceUnit, Question
from tests.generation.manifest_fixture import PAGE_COUNT, build_manifest


@pytest.fixture(scope="module")
def manifest() -> DocumentManifest:
    return build_manifest()


@pytest.fixture(scope="module")
def complex_questions(manifest: DocumentManifest) -> list[Question]:
    out = [
        q
        for seed in range(8)  # the fixture's six charts carry complex questions in some seeds only
        for q in make_questions(manifest, GenerationConfig(seed=seed, questions_per_subset=5))
        if q.subset == "complex"
    ]
    assert {q.difficulty for q in out} == {"L1", "L2", "L3", "L4", "L5"}
    return out


def _rules(manifest: DocumentManifest, q: Question, words: list[Word] | None = None) -> set[str]:
    return {rule for rule, _ in check_evidence(manifest, q, words or [])}


def _pick(questions: list[Question], **match: object) -> Question:
    return next(q for q in questions if all(getattr(q, k) == v for k, v in match.items()))


def test_generated_complex_questions_pass_every_evidence_rule(
    manifest: DocumentManifest, complex_questions: list[Question]
) -> None:
    assert set(EVIDENCE_RULES) <= set(RULES)
    for q in complex_questions:
        assert check_question(manifest, q, PAGE_COUNT, []) == [], q.question
        units = q.evidence_units or []
        assert 2 <= len(units) <= 4 and any(u.kind == "chart" for u in units)
        assert len({u.section_id for u in units}) >= 2


def test_evidence_units_rule(manifest: DocumentManifest, complex_questions: list[Question]) -> None:
    q = _pick(complex_questions, difficulty="L2")
    units = q.evidence_units or []
    chart = next(u for u in units if u.kind == "chart")
    texts = [u for u in units if u.kind == "text"]
    cases = {
        "no trace": None,
        "one unit": [chart],
        "five units": (units * 5)[:5],  # five whatever the picked question holds (2 to 4)
        "no chart": texts,
        "wrong section": [u.model_copy(update={"section_id": "s8"}) for u in units],
        "unknown ref": [*texts, EvidenceUnit(kind="chart", ref="viz-99", section_id="s1")],
    }
    for name, broken in cases.items():
        assert "evidence_units" in _rules(manifest, q.model_copy(update={"evidence_units": broken})), name
    one_section = [u.model_copy(update={"section_id": chart.section_id}) for u in units]
    details = [d for r, d in check_evidence(manifest, q.model_copy(update={"evidence_units": one_section}))]
    assert any("every evidence unit is in section" in d for d in details)


def test_restated_unit_rule(manifest: DocumentManifest, complex_questions: list[Question]) -> None:
    timeline = next(  # a timeline question that does not name its first event's year
        q
        for q in complex_questions
        if q.category == "historical_timeline"
        and manifest.text_facts[q.required_facts[0]].values.get("year", "") not in q.question
    )
    year = manifest.text_facts[timeline.required_facts[0]].values["year"]
    restated = timeline.model_copy(update={"question": f"{timeline.question} (It happened in {year}.)"})
    assert _rules(manifest, restated) == {"restated_unit"}
    impact = _pick(complex_questions, category="impact_reception")
    rec = next(
        manifest.text_facts[i]
        for i in impact.required_facts
        if manifest.text_facts[i].values["kind"] == "reception"
    )
    told = f"{impact.question} We know {rec.values['actor']} was {rec.values['stance']} about it."
    assert "restated_unit" in _rules(manifest, impact.model_copy(update={"question": told}))
    value = impact.required_data_points[-1].value
    shown = impact.model_copy(update={"question": f"{impact.question} The chart reads {value:g}."})
    assert "restated_unit" in _rules(manifest, shown)


def test_level_operation_rule(manifest: DocumentManifest, complex_questions: list[Question]) -> None:
    compare = _pick(complex_questions, difficulty="L2")
    assert "level_operation" in _rules(manifest, compare.model_copy(update={"difficulty": "L1"}))
    assert "level_operation" in _rules(manifest, compare.model_copy(update={"difficulty": "L3"}))
    read = _pick(complex_questions, difficulty="L1")
    assert "level_operation" in _rules(manifest, read.model_copy(update={"difficulty": "L2"}))
    no_cause = next(
        q
        for q in complex_questions
        if not any(manifest.text_facts[i].values["kind"] == "cause" for i in q.required_facts)
    )
    assert "level_operation" in _rules(manifest, no_cause.model_copy(update={"difficulty": "L4"}))
    colour = _pick(complex_questions, difficulty="L5")
    plain = colour.question.replace("blue", "").replace("colour", "").replace("orange", "")
    assert "level_operation" in _rules(manifest, colour.model_copy(update={"question": plain}))
    series = next(r.label.split(" (")[-1].rstrip(")") for r in colour.required_data_points if "(" in r.label)
    named = colour.model_copy(update={"question": f"{colour.question} (It is {series}.)"})
    assert "level_operation" in _rules(manifest, named)


def test_category_evidence_rule(manifest: DocumentManifest, complex_questions: list[Question]) -> None:
    # (technical L1 until complex55, which asks none: a look-up computes nothing)
    technical = _pick(complex_questions, category="technical_quantitative", difficulty="L2")
    assert _rules(manifest, technical.model_copy(update={"category": "impact_reception"})) == {
        "category_evidence"
    }
    # a timeline needs two dated units in different sections: one event and a chart read in its section
    timeline = _pick(complex_questions, category="historical_timeline")
    one = manifest.model_copy(deep=True)
    chart = next(c for c in one.charts if c.index == timeline.chart_index)
    for i in timeline.required_facts:
        one.text_facts[i].section_id = chart.section_id
    units = [u.model_copy(update={"section_id": chart.section_id}) for u in timeline.evidence_units or []]
    rules = _rules(one, timeline.model_copy(update={"evidence_units": units}))
    assert "category_evidence" in rules


def _word(text: str, x: float, y: float, page: int) -> Word:
    return Word(page=page, x=x, y=y, text=text, alone=False, previous="at")


def test_chart_needed_rule(manifest: DocumentManifest, complex_questions: list[Question]) -> None:
    q = next(q for q in complex_questions if len(q.required_data_points) >= 2)
    chart = next(c for c in manifest.charts if c.index == q.chart_index)
    [region] = chart.regions
    inside = [
        _word(
            f"{r.value:g}",
            (region.bbox[0] + region.bbox[2]) / 2,
            (region.bbox[1] + region.bbox[3]) / 2,
            region.page,
        )
        for r in q.required_data_points
    ]
    assert "chart_needed" not in _rules(manifest, q, inside)
    outside = [_word(w.text, 500.0, 999.0, PAGE_COUNT) for w in inside]
    assert _rules(manifest, q, outside) == {"chart_needed"}
    some = [*inside, outside[0]]
    assert "chart_needed" not in _rules(manifest, q, some)  # one value is only in the chart
