"""Issue 25 error classes fixed in the judge3 round, each on several questions and phrasings:
alternatives offered for a label's slot, a rise stated as a fall, an entity bound to another
of the question's years, shares written as fractions and scaled unit abbreviations, readings
listed on the way to a result, and which doubts leave a fail certain."""

from __future__ import annotations

from typing import Any

import pytest

from judge import JudgeItem, OfflineJudge

PASS = 6


def _label(text: str, *aliases: str) -> dict[str, Any]:
    return {"kind": "label", "text": text, "aliases": list(aliases)}


def _number(value: float, unit: str | None, rel_tol: float = 0.01) -> dict[str, Any]:
    return {"kind": "number", "text": f"{value:g}", "value": value, "unit": unit, "rel_tol": rel_tol}


def _verdict(question: str, reference: str, answer: str, facts: list[dict[str, Any]]) -> Any:
    return OfflineJudge().score(JudgeItem(question, reference, answer, facts))


COMPARE = [
    (
        "Which is larger, the value of Sweden or the value of France, and by how much?",
        "France leads by 0.70 percentage points (2.92% versus 2.22%).",
        [_label("France"), _number(0.7, "pp", 0.05)],
        ("France", "Sweden", "0.70 pp"),
    ),
    (
        "Which is higher in 2021, Chile or Peru, and by how much?",
        "Peru is higher, by 4.1 million tonnes.",
        [_label("Peru"), _number(4.1, "million tonnes", 0.05)],
        ("Peru", "Chile", "4.1 million tonnes"),
    ),
    (
        "Which country leads in 2019, Kenya or Ghana, and by how much?",
        "Kenya leads, by 12 km².",
        [_label("Kenya"), _number(12, "km²", 0.05)],
        ("Kenya", "Ghana", "12 km²"),
    ),
]


@pytest.mark.parametrize(("question", "reference", "facts", "names"), COMPARE)
@pytest.mark.parametrize(
    "template",
    [
        "Either {right} or {other} is larger; the gap is about {gap}.",
        "It is {right} or {other}; the gap is {gap}.",
        "{other} or {right} leads, by {gap}.",
        "{right}, or perhaps {other}, by {gap}.",
    ],
)
def test_alternatives_for_a_label_slot_fail_and_are_certain(
    question: str, reference: str, facts: list[dict[str, Any]], names: tuple[str, str, str], template: str
) -> None:
    right, other, gap = names
    verdict = _verdict(question, reference, template.format(right=right, other=other, gap=gap), facts)
    assert verdict.score < PASS and verdict.certain, verdict.judgement
    clean = _verdict(question, reference, f"{right} is larger, by {gap}.", facts)
    assert clean.score >= PASS, clean.judgement


@pytest.mark.parametrize(
    ("question", "reference", "value", "unit"),
    [
        ("By how many percentage points did it change from 2008 to 2015?", "A change of 5.7 pp.", 5.7, "pp"),
        (
            "How much did output change between 2010 and 2013?",
            "It rose by 3.3 million tonnes.",
            3.3,
            "million tonnes",
        ),
        (
            "What was the change in the index from 2016 to 2020?",
            "The change was 12 index points.",
            12,
            "index points",
        ),
    ],
)
def test_a_rise_stated_as_a_fall_fails(question: str, reference: str, value: float, unit: str) -> None:
    facts = [_number(value, unit, 0.02)]
    for wrong in (f"It fell by {value:g} {unit}.", f"Readings first. So it dropped {value:g} {unit}."):
        assert _verdict(question, reference, wrong, facts).score < PASS, wrong
    for right in (f"It rose by {value:g} {unit}.", f"A change of {value:g} {unit}."):
        assert _verdict(question, reference, right, facts).score >= PASS, right


@pytest.mark.parametrize(
    ("question", "reference", "entity", "wrong_year"),
    [
        ("Which is larger: Belgium's rate in 2020, or Greece's in 2016? By how much?",
         "Belgium's 2020 figure is higher, by 1.80 percentage points.", "Belgium", "2016"),
        ("Which is higher: Kenya's output in 2012, or Peru's in 2018? By how much?",
         "Kenya's 2012 figure is higher, by 1.80 percentage points.", "Kenya", "2018"),
    ],
)  # fmt: skip
def test_an_entity_bound_to_another_year_of_the_question_fails(
    question: str, reference: str, entity: str, wrong_year: str
) -> None:
    facts = [_label(entity), _number(1.8, "pp", 0.02)]
    assert (
        _verdict(
            question, reference, f"{entity}'s {wrong_year} figure is larger, by 1.80 points.", facts
        ).score
        < PASS
    )
    assert _verdict(question, reference, f"{entity} is larger, by 1.80 points.", facts).score >= PASS


@pytest.mark.parametrize(
    ("answer", "fact"),
    [
        ("It went up by 0.057 as a fraction of cover.", _number(5.7, "pp", 0.05)),
        ("The gap is 0.074 in share terms.", _number(7.4, "pp", 0.05)),
        ("About 0.312 of all staff.", _number(31.2, "%", 0.02)),
        ("It reaches 7.72 Mha.", _number(7.72, "million hectares")),
        ("It reaches 3.1 Mha.", _number(3.1, "million hectares")),
    ],
)
def test_fractions_and_scaled_unit_abbreviations_read_as_the_fact(answer: str, fact: dict[str, Any]) -> None:
    verdict = _verdict(
        "What value does the chart show?", f"It shows {fact['text']} {fact['unit']}.", answer, [fact]
    )
    assert verdict.score >= PASS, verdict.judgement


@pytest.mark.parametrize(
    ("readings", "result"),
    [("62, 55, 44, 40 and 34", "47.0"), ("10, 12, 14, 16, 18 and 20", "15.0"), ("3, 5, 7, 9 and 11", "7.0")],
)
def test_readings_listed_before_a_stated_result_are_no_spray(readings: str, result: str) -> None:
    fact = _number(float(result), "index points", 0.01)
    answer = f"The marks read roughly {readings} index points; their mean is {result} index points."
    verdict = _verdict(
        "What is the average of all marks plotted?", f"The mean is {result} index points.", answer, [fact]
    )
    assert "sprays" not in verdict.judgement, verdict.judgement


def test_a_label_alone_does_not_answer_a_question_that_asks_its_value() -> None:
    facts = [_label("Healthy"), _number(91, "km²")]
    for question in (
        "Which item is highlighted, and what value does it show?",
        "What does the chart show for Healthy, and how large is it?",
        "Which series is highlighted? Quote its value.",
    ):
        for answer in ("Healthy.", "Healthy " * 500):
            assert _verdict(question, "Healthy, at 91 km².", answer, facts).score < PASS, question
        assert _verdict(question, "Healthy, at 91 km².", "Healthy, at 91 km².", facts).score >= PASS
