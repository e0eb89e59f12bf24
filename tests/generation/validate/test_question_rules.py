"""Issue 23's question rules reject each defect on hand-made questions (one test per rule)."""

from __future__ import annotations

from collections import Counter

import pytest

from generation.plan.config import GenerationConfig
from generation.questions.build import make_questions
from generation.questions.elsewhere import readings
from generation.questions.measures import unbalanced, verdict_balance
from generation.validate.question_rules import (
    RULES,
    labelled_elsewhere_rule,
    level_operation,
    restated_claim,
    set_problems,
    text_given_problems,
)
from generation.validate.rules import RULES as ALL_RULES
from generation.validate.rules import check_question
from synthdocbench_tasks.schema import AnswerValue, Chart, DocumentManifest, Question, World, WorldFact
from tests.generation.manifest_fixture import PAGE_COUNT, build_manifest


@pytest.fixture(scope="module")
def manifest() -> DocumentManifest:
    return build_manifest()


@pytest.fixture(scope="module")
def questions(manifest: DocumentManifest) -> list[Question]:
    out: list[Question] = []
    # seeds past 5 only append: the first question of a kind stays that of seeds 0-5 where they
    # hold one (since questions55 a legend-colour chart L5 comes first at seed 9)
    for seed in range(10):
        out += make_questions(manifest, GenerationConfig(seed=seed, questions_per_subset=4))
    return out


def _one(questions: list[Question], **want: object) -> Question:
    for q in questions:
        if all(getattr(q, k) == v for k, v in want.items()):
            return q
    raise AssertionError(f"no generated question with {want}")


def _citing(manifest: DocumentManifest, questions: list[Question], kind: str) -> Question:
    for q in questions:
        if q.subset == "cross_modal" and any(
            manifest.text_facts[i].values["kind"] == kind for i in q.required_facts
        ):
            return q
    raise AssertionError(f"no cross-modal question cites a {kind}")


def test_the_rules_are_in_the_rule_table(manifest: DocumentManifest, questions: list[Question]) -> None:
    assert set(RULES) <= set(ALL_RULES)
    for q in questions:  # every generated question passes them
        rules = {rule for rule, _ in check_question(manifest, q, PAGE_COUNT, [])}
        assert not rules & set(RULES), q.question


def test_a_restated_claim_value_is_rejected(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = _citing(manifest, questions, "chart_claim")
    assert restated_claim(manifest, q) == []
    claim = manifest.text_facts[next(i for i in q.required_facts)].values["claimed_value"]
    told = q.model_copy(update={"question": f"The text gives {claim}. {q.question}"})
    assert any("claimed value" in p for p in restated_claim(manifest, told))
    assert "restated_claim" in {r for r, _ in check_question(manifest, told, PAGE_COUNT, [])}
    # a number that names the claim's mark (a bin "40–50") is no claimed value
    label = q.required_data_points[0].model_copy(update={"label": f"{claim}–99"})
    named = told.model_copy(update={"required_data_points": [label]})
    assert not any("claimed value" in p for p in restated_claim(manifest, named))


def test_a_restated_claim_direction_is_rejected(
    manifest: DocumentManifest, questions: list[Question]
) -> None:
    q = _citing(manifest, questions, "trend_claim")
    assert restated_claim(manifest, q) == []
    told = q.model_copy(update={"question": "The report says the series rose. " + q.question})
    assert any("direction" in p for p in restated_claim(manifest, told))


def test_a_restated_comparison_is_rejected(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = _citing(manifest, questions, "chart_claim")
    told = q.model_copy(update={"question": "The chart lies below the text's figure. " + q.question})
    assert any("comparison" in p for p in restated_claim(manifest, told))
    asked = q.model_copy(update={"question": "Is the charted value above or below the text's figure?"})
    assert not any("comparison" in p for p in restated_claim(manifest, asked))


def test_a_claim_subject_with_a_comparison_word_states_nothing(
    manifest: DocumentManifest, questions: list[Question]
) -> None:
    """A question names the claim's subject as its sentence does (a compare question names the
    measure with the series): "the population exposed above the guideline" is a name, not a side."""
    q = _citing(manifest, questions, "chart_claim")
    i = q.required_facts[0]
    subject = "population exposed above the guideline in Zambia"
    facts = list(manifest.text_facts)
    facts[i] = facts[i].model_copy(update={"values": {**facts[i].values, "subject": subject}})
    named = manifest.model_copy(update={"text_facts": facts})
    asked = q.model_copy(
        update={"question": f"Does the chart bear out the text's forecast for the {subject}?"}
    )
    assert restated_claim(named, asked) == []
    told = asked.model_copy(update={"question": asked.question + " The chart lies above it."})
    assert any("comparison" in p for p in restated_claim(named, told))


def test_l3_must_sum_or_average(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = _one(questions, subset="chart", difficulty="L3")
    assert level_operation(manifest, q, manifest.charts[q.chart_index - 1]) == []
    pair = next(x for x in questions if x.subset == "chart" and x.difficulty == "L2" and x.derivations)
    relabelled = pair.model_copy(update={"difficulty": "L3"})
    chart = manifest.charts[pair.chart_index - 1]
    assert any("sum or mean" in p for p in level_operation(manifest, relabelled, chart))


def test_l1_reads_one_element(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = next(
        x
        for x in questions
        if x.subset == "chart" and x.difficulty == "L2" and len(x.required_data_points) >= 2
    )
    relabelled = q.model_copy(update={"difficulty": "L1"})
    assert any("L1 reads one element" in p for p in level_operation(manifest, relabelled, None))


def test_l4_joins_text_and_chart(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = _one(questions, subset="chart", difficulty="L1")
    relabelled = q.model_copy(update={"difficulty": "L4"})
    assert level_operation(manifest, relabelled, None) == ["L4 joins a text fact with a chart element"]


def test_l5_colour_needs_a_legend_series(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = next(
        x
        for x in questions
        if x.subset == "chart"
        and x.difficulty == "L5"
        and "colour" in x.question.lower()
        and manifest.charts[x.chart_index - 1].visualProperties.hasLegend  # not a highlight colour
    )
    chart = manifest.charts[q.chart_index - 1]
    assert level_operation(manifest, q, chart) == []
    # the same chart with its series named beside the lines (no legend): the colour is not needed
    labelled = chart.model_copy(
        update={"visualProperties": chart.visualProperties.model_copy(update={"hasLegend": False})}
    )
    assert any("labels directly" in p for p in level_operation(manifest, q, labelled))
    plain = q.model_copy(update={"question": "What is the value at 2022?"})
    assert any("names none" in p for p in level_operation(manifest, plain, chart))


def _labelling(chart: Chart, value: float | None, reading: str) -> Chart:
    """``chart`` read by ``reading``, its first mark at ``value`` (unchanged with None)."""
    first = chart.data[0] if value is None else chart.data[0].model_copy(update={"value": value})
    visual = chart.visualProperties.model_copy(update={"valueReading": reading})
    return chart.model_copy(update={"data": [first, *chart.data[1:]], "visualProperties": visual})


def test_a_reading_another_chart_labels_is_rejected(
    manifest: DocumentManifest, questions: list[Question]
) -> None:
    """A mark's value read off the axis that another chart prints as a data label (one fact of the
    report's table on two charts) is rejected; not where that chart reads it off its axis, nor
    where the question's own chart labels it, nor where the number is no fact of the table."""
    q = next(q for q in questions if any(r.off_axis and r.key == "value" for r in readings(manifest, q)))
    r = next(r for r in readings(manifest, q) if r.off_axis and r.key == "value")
    assert labelled_elsewhere_rule(manifest, q) == []
    other = next(c for c in manifest.charts if c.vizId != r.chart.vizId)

    # the value is a fact of the report's table (a hand-built manifest has no table)
    world = World(facts=[WorldFact(metric="m", entity=r.mark, period="2020", value=r.value)])

    def with_charts(**changed: Chart) -> DocumentManifest:
        charts = [changed.get(c.vizId, c) for c in manifest.charts]
        return manifest.model_copy(update={"charts": charts, "world": world})

    twice = with_charts(**{other.vizId: _labelling(other, r.value, "data_labels")})
    found = labelled_elsewhere_rule(twice, q)
    assert len(found) == 1 and other.vizId in found[0] and r.mark in found[0]
    no_fact = twice.model_copy(update={"world": World()})
    assert labelled_elsewhere_rule(no_fact, q) == []
    assert labelled_elsewhere_rule(with_charts(**{other.vizId: _labelling(other, r.value, "axis")}), q) == []
    own = _labelling(r.chart, None, "data_labels")
    both = with_charts(**{other.vizId: _labelling(other, r.value, "data_labels"), r.chart.vizId: own})
    assert not any(r.mark in p for p in labelled_elsewhere_rule(both, q))


def _stating(manifest: DocumentManifest, q: Question, index: int, **values: str) -> DocumentManifest:
    """``manifest`` with the text fact ``q`` cites ``index``-th holding ``values``."""
    facts = list(manifest.text_facts)
    i = q.required_facts[index]
    facts[i] = facts[i].model_copy(update={"values": {**facts[i].values, **values}})
    return manifest.model_copy(update={"text_facts": facts})


def test_a_reading_the_text_gives_is_rejected(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = next(
        x for x in questions if x.category == "integrate_sources" and x.difficulty in ("L1", "L2", "L4", "L5")
    )
    assert text_given_problems(manifest, q) == []
    reading = next(v for v in q.answer_values if v.kind == "number" and v.rel_tol + v.abs_tol > 0)
    assert reading.value is not None
    # the text states a figure within the reading's tolerance: the figure passes as the reading
    near = f"{reading.value * (1 + 0.5 * reading.rel_tol) + 0.5 * reading.abs_tol:.6f}"
    told = _stating(manifest, q, 0, claimed_value=near)
    assert any(p.startswith(f"the reading {reading.text} ") for p in text_given_problems(told, q))
    # a verify question too: it asks the charted value only of a claim the chart contradicts (audit45)
    verify = q.model_copy(update={"category": "verify_with_chart"})
    assert any(p.startswith(f"the reading {reading.text} ") for p in text_given_problems(told, verify))


def test_a_share_of_about_100_is_rejected(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = next(x for x in questions if x.category == "integrate_sources" and x.difficulty == "L4")
    share = q.answer_values[-1]
    assert text_given_problems(manifest, q) == []
    near = share.model_copy(update={"value": 100.0 + 0.5 * share.abs_tol, "text": "100"})
    asked = q.model_copy(update={"answer_values": [*q.answer_values[:-1], near]})
    assert any("100% within its tolerance" in p for p in text_given_problems(manifest, asked))


def test_a_whole_span_period_left_to_the_text_is_rejected(
    manifest: DocumentManifest, questions: list[Question]
) -> None:
    cited = _citing(manifest, questions, "trend_claim")
    q = cited.model_copy(
        update={"question": "What mean does the chart give over the period the text covers?"}
    )
    fact = manifest.text_facts[q.required_facts[0]].values
    chart = next(c for c in manifest.charts if c.vizId == fact["viz_id"])
    labels = [p.label for p in chart.data if p.category == (fact.get("series") or None)]
    assert len(labels) >= 4
    stretch = _stating(manifest, q, 0, start=labels[0], end=labels[-2])
    assert text_given_problems(stretch, q) == []
    whole = _stating(manifest, q, 0, start=labels[0], end=labels[-1])
    assert any("whole span" in p for p in text_given_problems(whole, q))
    printed = q.model_copy(update={"question": f"{q.question} ({labels[0]} to {labels[-1]})"})
    assert text_given_problems(whole, printed) == []  # the question gives the period itself


def test_shared_evidence_sets_are_rejected(manifest: DocumentManifest, questions: list[Question]) -> None:
    report = make_questions(manifest, GenerationConfig(seed=0, questions_per_subset=4))
    assert set_problems(manifest, report) == {}
    copy = report[0].model_copy(update={"question_id": report[0].question_id + "-copy"})
    found = set_problems(manifest, [*report, copy])
    assert [rule for rule, _ in found[copy.question_id]][:1] == ["shared_evidence"]
    assert report[0].question_id not in found


def test_a_third_question_on_one_chart_is_rejected(
    manifest: DocumentManifest, questions: list[Question]
) -> None:
    on_chart = [q for q in questions if q.chart_index == 3][:3]
    distinct = [
        q.model_copy(update={"question_id": f"q{k}", "required_facts": [k + 20], "derivations": []})
        for k, q in enumerate(on_chart)
    ]
    found = set_problems(manifest, distinct)
    assert list(found) == ["q2"] and found["q2"][0][0] == "chart_load"


def test_verdict_balance_bound() -> None:
    def q(verdict: str) -> Question:
        base = Question.model_construct(category="verify_with_chart")
        return base.model_copy(update={"answer_values": [AnswerValue(kind="label", text=verdict)]})

    even = [q("matches"), q("contradicts")] * 5
    assert verdict_balance(even) == {"verify_with_chart": Counter(matches=5, contradicts=5)}
    assert unbalanced(verdict_balance(even)) == []
    skewed = even + [q("matches")] * 2
    assert unbalanced(verdict_balance(skewed)) == [
        "verify_with_chart: matches is 7 of 12 verdicts (58% > 55%)"
    ]


def test_a_complex_period_on_the_whole_span_is_rejected(
    manifest: DocumentManifest, questions: list[Question]
) -> None:
    """A credited period that is its series' whole span makes a complex question's change the
    chart's first-to-last change (an L3's mean the whole series' mean): the text step decides
    nothing. (The fixture's impact L2 went with complex54's L4-first slots; its L3 reads the same
    credited period; since complex55 refuses L3 means one reading answers, the first of L3, L2 and L1.)"""
    impact = [q for q in questions if (q.subset, q.category) == ("complex", "impact_reception")]
    q = next(q for level in ("L3", "L2", "L1") for q in impact if q.difficulty == level)
    assert text_given_problems(manifest, q) == []
    kinds = [manifest.text_facts[i].values["kind"] for i in q.required_facts]
    cause = kinds.index("cause")
    fact = manifest.text_facts[q.required_facts[cause]].values
    chart = next(c for c in manifest.charts if c.vizId == fact["viz_id"])
    labels = [p.label for p in chart.data if p.category == (fact.get("series") or None)]
    assert (fact["start"], fact["end"]) != (labels[0], labels[-1])
    whole = _stating(manifest, q, cause, start=labels[0], end=labels[-1])
    assert any("whole span" in p for p in text_given_problems(whole, q))
