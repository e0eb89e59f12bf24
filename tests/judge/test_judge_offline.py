"""The offline judge: structured answer facts checked in hand-written answers."""

from __future__ import annotations

import json
from typing import Any

import pytest

from judge import Judge, JudgeInputError, JudgeItem, OfflineJudge

Q = "What was the revenue in 2021?"


def num(value: float, text: str | None = None, **extra: Any) -> dict[str, Any]:
    return {"kind": "number", "text": text or str(value), "value": value, **extra}


def label(text: str, *aliases: str) -> dict[str, Any]:
    return {"kind": "label", "text": text, "aliases": list(aliases)}


def score(candidate: str, *facts: dict[str, Any]) -> int:
    return OfflineJudge().score(JudgeItem(Q, "reference", candidate, list(facts))).score


def test_is_a_judge_and_names_itself() -> None:
    judge = OfflineJudge()
    assert isinstance(judge, Judge)
    result = judge.score(JudgeItem(Q, "It was 42.", "It was 42.", [num(42)]))
    assert (result.score, result.valid, result.cached) == (10, True, False)
    assert (result.judge, result.prompt_version) == ("offline:offline-claims-v34", "claims-v34")
    assert result.judgement == "matched 1/1: 42"
    assert json.loads(json.dumps(result.to_dict()))["judge"] == "offline:offline-claims-v34"


@pytest.mark.parametrize(
    ("candidate", "fact", "expected"),
    [
        ("Revenue was 42 units.", num(42), 10),
        ("Revenue was 42.4 units.", num(42, abs_tol=0.5), 10),
        ("Revenue was 43 units.", num(42, abs_tol=0.5), 0),
        ("Revenue was 41.2 units.", num(42, rel_tol=0.02), 10),  # 2% of 42 = 0.84
        ("Revenue was 40.9 units.", num(42, rel_tol=0.02), 0),
        ("Revenue was 12,345 units.", num(12345), 10),
        ("Revenue was 1,234,567.5 units.", num(1234567.5), 10),
        ("Revenue was 12,346 units.", num(12345), 0),
        ("Revenue reached $4.2 billion.", num(4.2e9, "$4.2 billion"), 10),
        ("Revenue reached $4.2 billion.", num(4.2, "$4.2 billion", unit="billion USD"), 10),
        ("Revenue reached 4,200 million.", num(4.2, "$4.2 billion", unit="billion USD"), 10),
        ("Revenue reached $3.1M.", num(3_100_000), 10),
        ("The share fell to 35%.", num(35, unit="%"), 10),
        ("The share fell to 35 percent.", num(0.35), 10),
        ("The share fell to 36%.", num(35, unit="%"), 0),
        ("The margin was -3.5 points.", num(-3.5), 10),
        ("The margin was −3.5 points.", num(-3.5), 10),
        ("The margin was 3.5 points.", num(-3.5), 0),
        ("Between 2019-2020 it grew.", num(-2020), 0),
        ("It cost €1,250.", num(1250), 10),
    ],
)
def test_numbers(candidate: str, fact: dict[str, Any], expected: int) -> None:
    assert score(candidate, fact) == expected


@pytest.mark.parametrize(
    ("candidate", "expected"),
    [
        ("The largest segment is north america.", 10),
        ("The largest segment is NA.", 10),
        ("The largest segment is the U.S. and Canada region.", 10),
        ("The largest segment is NAFTA.", 0),  # "NA" inside a word does not count
        ("The largest segment is Europe.", 0),
    ],
)
def test_labels_match_case_insensitively_on_word_boundaries(candidate: str, expected: int) -> None:
    assert score(candidate, label("North America", "NA", "U.S. and Canada")) == expected


@pytest.mark.parametrize(
    "candidate", ["Not found in the document.", "  not found in the document", "", "  \n"]
)
def test_abstention_and_empty_score_zero(candidate: str) -> None:
    result = OfflineJudge().score(JudgeItem(Q, "ref", candidate, [num(42)]))
    assert (result.score, result.valid) == (0, True)
    assert "abstains" in result.judgement or "empty" in result.judgement


def test_partial_credit_rounds_half_up_and_lists_what_matched() -> None:
    facts = [num(42, "42"), label("Paris"), num(7.5, "7.5%"), label("Berlin")]
    item = JudgeItem(Q, "ref", "Paris had 42 stores, up 7.5%.", facts)
    result, reading = OfflineJudge().score(item), OfflineJudge().reading(item)
    # 3/4 -> 7.5 -> 8: the best reading's score (the risky-pass model, refitted each round, may
    # score this uncertain pass as a fail offline: judge27's refit puts it at 12.2%, its threshold)
    assert reading is not None and reading.score == 8
    assert result.score in (8, 5)
    assert result.judgement.startswith(
        "matched 3/4: 42, Paris, 7.5%; missing: Berlin; uncertain: a label is not found (a paraphrase?)"
    )
    assert not result.certain
    two_of_four = OfflineJudge().score(JudgeItem(Q, "ref", "Paris had 42 stores.", facts))
    assert two_of_four.score == 5
    one_of_three = OfflineJudge().score(JudgeItem(Q, "ref", "Paris.", facts[:3]))
    assert one_of_three.score == 3


def test_no_answer_values_is_unscored_not_wrong() -> None:
    result = OfflineJudge().score(JudgeItem(Q, "ref", "42"))
    assert (result.score, result.valid) == (-1, False)
    assert "no answer_values" in result.judgement


@pytest.mark.parametrize(
    ("fact", "message"),
    [
        ({"kind": "number", "text": "42"}, "answer_values[0] ('42') is a number without a finite 'value'"),
        ({"kind": "date", "text": "2021"}, "has kind 'date': use 'number' or 'label'"),
        ({"kind": "label", "text": " "}, "is a label with no text"),
        (num(42, rel_tol=-1), "has rel_tol=-1: use a number >= 0"),
        ("42", "answer_values[0] is a str, not a dict"),
    ],
)
def test_malformed_answer_values_raise_one_clear_line(fact: Any, message: str) -> None:
    with pytest.raises(JudgeInputError, match=r"^[^\n]+$") as info:
        OfflineJudge().score(JudgeItem(Q, "ref", "42", [fact]))
    assert message in str(info.value)


def test_score_many_keeps_order() -> None:
    items = [JudgeItem(Q, "ref", f"It was {n}.", [num(3)]) for n in (3, 4, 3, 5)]
    assert [j.score for j in OfflineJudge().score_many(items, concurrency=3)] == [10, 0, 10, 0]
    with pytest.raises(ValueError, match="concurrency must be a positive integer"):
        OfflineJudge().score_many(items, concurrency=0)
