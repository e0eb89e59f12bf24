"""Reading forms reference answers use (issue 25; the reference-answer tests of seed 11).

A negative gap stated as its size after "falls short … by" is that gap, and no drift of the
last statement; "X lost most" does not name who "rose furthest"; "X is lower" names X the
smaller where the question asks which is larger, also where X's name holds an "and" (Trinidad
and Tobago) that splits its clause. The wrong forms beside them still fail.
"""

from __future__ import annotations

import pytest

from judge import JudgeItem, build_judge

_GAP = [
    {"kind": "label", "text": "target", "aliases": ["goal"]},
    {"kind": "number", "text": "41.7", "value": 41.7, "unit": "days", "abs_tol": 0.5, "rel_tol": 0.05},
    {"kind": "number", "text": "50.2", "value": 50.2, "unit": "days", "abs_tol": 0.5, "rel_tol": 0.05},
    {"kind": "number", "text": "-8.5", "value": -8.5, "unit": "days", "abs_tol": 1.5, "rel_tol": 0.0},
]
_GAP_Q = "What does the marker in Figure 2 stand for, and how far is Chile from it in 2021?"
_GAP_REF = (
    "The marker is the target, 50.2 days; Chile reaches 41.7 days, "
    "so it falls short of the target by 8.5 days."
)

_SWING = [
    {"kind": "label", "text": "Peru"},
    {"kind": "number", "text": "30.1", "value": 30.1, "unit": "pp", "abs_tol": 3.0, "rel_tol": 0.0},
]
_SWING_Q = (
    "Over the years the report ties to the tariff change, which series in Figure 4 rose furthest, and "
    "how wide is the swing between its change and that of the series that dropped furthest?"
)
_SWING_REF = (
    "From 2015 to 2018, Peru gained most, 12.4 percentage points (40.2% to 52.6%), while Ghana lost "
    "most, 17.7 percentage points (61.0% to 43.3%): a swing of 30.1 percentage points."
)


def _score(question: str, reference: str, answer: str, values: list[dict[str, object]]) -> int:
    judge = build_judge("offline")
    assert judge is not None
    return judge.score(JudgeItem(question, reference, answer, values)).score


@pytest.mark.parametrize(
    "answer",
    [
        _GAP_REF,
        "The target is 50.2 days. Chile is at 41.7 days, 8.5 days short of it.",
        "Target (50.2 days); Chile 41.7 days, so it falls short of the target by 8.5 days.",
    ],
)
def test_a_shortfall_stated_as_its_size_is_the_negative_gap(answer: str) -> None:
    judge = build_judge("offline")
    assert judge is not None
    verdict = judge.score(JudgeItem(_GAP_Q, _GAP_REF, answer, _GAP))
    assert verdict.score == 10, verdict.judgement
    assert "last statement" not in verdict.judgement


@pytest.mark.parametrize(
    "answer",
    [
        "The target is 50.2 days; Chile reaches 41.7 days, so it exceeds the target by 8.5 days.",
        "The target is 50.2 days; Chile reaches 41.7 days, so it falls short of the target by 3.1 days.",
    ],
)
def test_a_gap_with_the_wrong_side_or_size_still_fails(answer: str) -> None:
    assert _score(_GAP_Q, _GAP_REF, answer, _GAP) < 6


@pytest.mark.parametrize(
    "answer",
    [
        _SWING_REF,
        "Ghana lost most (17.7 points) and Peru gained most (12.4 points); the swing is 30.1 points.",
    ],
)
def test_who_lost_most_does_not_name_who_rose_furthest(answer: str) -> None:
    assert _score(_SWING_Q, _SWING_REF, answer, _SWING) == 10


@pytest.mark.parametrize(
    "answer",
    [
        "Ghana rose furthest; the swing between it and Peru is 30.1 percentage points.",
        "Ghana gained most, while Peru lost most: a swing of 30.1 percentage points.",
    ],
)
def test_the_wrong_winner_still_fails(answer: str) -> None:
    assert _score(_SWING_Q, _SWING_REF, answer, _SWING) < 6


_LARGER_Q = (
    "In the bullet chart of Figure 6, which is larger, the actual value of Serbia or of Bosnia and "
    "Herzegovina, and by how much?"
)
_LARGER_REF = (
    "The actual value of Bosnia and Herzegovina is higher, at 61.4% against 52.8%: "
    "a gap of 8.6 percentage points."
)
_LARGER = [
    {"kind": "label", "text": "Bosnia and Herzegovina"},
    {"kind": "number", "text": "8.6", "value": 8.6, "unit": "pp", "abs_tol": 0.5, "rel_tol": 0.0},
]


@pytest.mark.parametrize(
    "answer",
    [
        "The actual value of Bosnia and Herzegovina is lower, at 61.4% against 52.8%: a gap of 8.6 points.",
        "Bosnia and Herzegovina comes out smaller, by 8.6 points.",
    ],
)
def test_the_winner_said_on_the_other_side_fails(answer: str) -> None:
    assert _score(_LARGER_Q, _LARGER_REF, answer, _LARGER) < 6


@pytest.mark.parametrize(
    "answer",
    [
        _LARGER_REF,
        "Serbia is lower than Bosnia and Herzegovina, by 8.6 points.",
        "Bosnia and Herzegovina leads. Serbia comes out lower, by 8.6 points.",
        "Bosnia and Herzegovina's actual value is larger, by 8.6 pp.",
    ],
)
def test_the_winner_said_on_the_asked_side_passes(answer: str) -> None:
    assert _score(_LARGER_Q, _LARGER_REF, answer, _LARGER) == 10
