"""``certain`` on the offline judge's verdicts: false exactly where it cannot read the answer
confidently (another language, a hedge, a paraphrase, nothing committed, conflicting
readings), on generated questions; an uncertain answer is still scored by its best reading."""

from __future__ import annotations

from typing import Any

import pytest

from judge import JudgeItem, Judgement, OfflineJudge
from tests.judge import offline_cases

QUESTIONS = offline_cases.questions()


def _verdict(q: dict[str, Any], answer: str) -> Judgement:
    return OfflineJudge().score(JudgeItem(q["question"], q["reference"], answer, q["answer_values"]))


def _with_numbers(n: int = 1) -> list[dict[str, Any]]:
    return [q for q in QUESTIONS if len(offline_cases.numbers(q)) == n and len(q["answer_values"]) <= 2]


def test_references_are_scored_with_certainty() -> None:
    for q in QUESTIONS:
        verdict = _verdict(q, q["reference"])
        assert verdict.score == 10 and verdict.certain, (q["question_id"], verdict.judgement)
        assert verdict.to_dict()["certain"] is True


@pytest.mark.parametrize(
    "phrase",
    ["Probably {ref}", "I think {ref}", "{ref} It is hard to tell, though."],
)
def test_hedged_answers_are_uncertain(phrase: str) -> None:
    for q in QUESTIONS[:20]:
        verdict = _verdict(q, phrase.format(ref=q["reference"]))
        assert not verdict.certain and "hedges" in verdict.judgement, q["question_id"]


def test_answers_in_another_language_are_uncertain_unless_read_in_full() -> None:
    """A foreign answer is read for its numbers, never failed as foreign; it is certain only
    when every fact was read (offline-claims-v4), else uncertain."""
    rows = list(offline_cases.cases("foreign"))
    assert len({q["question_id"] for q, _, _ in rows}) >= 5
    for q, answer, _ in rows:
        verdict = _verdict(q, answer)
        assert not verdict.certain or verdict.score == 10, (answer, verdict.judgement)
        assert verdict.score >= 5, (answer, verdict.judgement)  # the number is read, not failed as foreign
    assert any(not _verdict(q, a).certain for q, a, _ in rows)


def test_a_number_said_in_words_is_uncertain() -> None:
    for q in _with_numbers()[:8]:
        verdict = _verdict(q, "It is roughly twice as large as the other one.")
        assert not verdict.certain and "writes none" in verdict.judgement, q["question_id"]


def test_a_missing_label_in_a_confident_answer_is_uncertain() -> None:
    qs = [q for q in QUESTIONS if offline_cases.labels(q) and not offline_cases.numbers(q)]
    assert len(qs) >= 5
    for q in qs:
        verdict = _verdict(q, "Each of the groups reacted in its own way to the reform, as the text says.")
        assert not verdict.certain, q["question_id"]


def test_a_list_of_readings_without_a_conclusion_commits_to_nothing() -> None:
    for q in _with_numbers()[:8]:
        value = float(offline_cases.numbers(q)[0]["value"])
        readings = ", ".join(f"{2010 + i}: {value * (0.6 + 0.1 * i):.1f}" for i in range(6))
        verdict = _verdict(q, f"{readings}; one of these is the answer.")
        assert verdict.score < 6 and not verdict.certain, (q["question_id"], verdict.judgement)


def test_a_clean_wrong_answer_is_a_certain_fail() -> None:
    for q in _with_numbers()[:8]:
        wrong = offline_cases.wrong_reference(q)
        if wrong is None:
            continue
        verdict = _verdict(q, wrong)
        assert verdict.score < 6 and verdict.certain, (q["question_id"], verdict.judgement)


def test_the_facts_own_units_are_not_another_unit() -> None:
    """A placeholder reference writes no unit: the unit the facts are written in ("7.5%",
    "billion USD") is the item's, and only a unit none of them writes is "another unit"."""
    facts = [
        {"kind": "number", "text": "7.5%", "value": 7.5},
        {"kind": "number", "text": "4.2", "value": 4.2, "unit": "billion USD"},
    ]
    judge = OfflineJudge()
    same = judge.score(JudgeItem("What changed?", "ref", "Sales rose 7.5% to 4.2 billion USD.", facts))
    assert same.certain and same.score == 10, same.judgement
    other = judge.score(JudgeItem("What changed?", "ref", "Sales rose 7.5 weeks to 4.2 billion USD.", facts))
    assert "a unit or scale other than the reference's" in other.judgement and not other.certain


def test_a_unit_phrase_with_per_is_english() -> None:
    """ "per" is also Italian: an English answer repeating "USD per kWh" was read as foreign and
    its wrong country went unnoticed (a generated complex answer of seed 11)."""
    from judge.certainty import language_doubt

    text = "From 2007 to 2012, Nigeria gained most, 64 USD per kWh (265 USD per kWh to 329 USD per kWh)."
    assert language_doubt(text) is None
    assert language_doubt("Il valore per il 2020 è 42 secondo il grafico.") == "not written in English"
