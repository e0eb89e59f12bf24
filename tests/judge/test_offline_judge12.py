"""The judge12 round's generic fixes (issue 25), on generated questions: hedges whose
alternatives carry decimals or signs leave the slot open; a gap "above the mean by G" and one
statistic verb for two values are no misbound statistic; inline LaTeX math drops its dollars; a
value in words keeps its "minus"; a bare comparative answers a "higher or lower?" question; a
count of plain nouns in km² is in another unit; German common nouns are no foreign names; a side
or comparative taken back at once ("lower — sorry, higher") is no conflict; and an
uncertain pass whose last sentence gives the asked statistic a value the item does not have
leans to a fail offline (and stays uncertain).

The answers come from :mod:`tests.judge.offline_cases_judge12`, built from the frozen question
snapshots (questions only). Every class fails on offline-claims-v11 (main before this round).
"""

from __future__ import annotations

import pytest

from judge import certainty, offline_lean
from tests.judge import offline_cases_judge12 as cases
from tests.judge.error_classes import assert_class_right, first_questions, verdict

#: class -> (questions, answers) it is tried on at least; 40 questions at most
MINIMUM = {
    "hedged_decimals": (30, 90),
    "gap_from_mean": (8, 16),
    "two_averages": (4, 8),
    "latex_math": (30, 60),
    "minus_in_words": (30, 60),
    "bare_comparative": (5, 10),
    "count_in_area": (8, 16),
    "german_nouns": (30, 60),
    "last_statement": (30, 60),
    "retracted": (30, 60),
}
_MOST = 40


def _rows(name: str) -> list[tuple[dict[str, object], str, bool]]:
    return first_questions(cases.cases(name), _MOST)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MINIMUM))
def test_the_judge_gets_every_answer_of_the_class_right(name: str) -> None:
    if name == "german_nouns":  # right forms only: a German noun must cost nothing
        rows = _rows(name)
        assert len({q["question_id"] for q, _, _ in rows}) >= MINIMUM[name][0]
        assert [a for q, a, _ in rows if verdict(q, a).score < 6] == []
        return
    assert_class_right(name, _rows(name), MINIMUM[name])


@pytest.mark.slow
def test_a_leaned_pass_is_scored_just_below_the_mark_and_stays_uncertain() -> None:
    leaned = []
    for q, answer, ok in _rows("last_statement"):
        v = verdict(q, answer)
        if not ok and certainty.LAST_STATEMENT_MISSTATES in v.judgement:
            leaned.append(v)
    assert leaned and all(v.score == 5 and not v.certain for v in leaned)


@pytest.mark.parametrize(
    ("score", "doubts", "leaned"),
    [
        (10, [certainty.LAST_STATEMENT_MISSTATES], 5),
        (7, ["it hedges", certainty.LAST_STATEMENT_MISSTATES], 5),
        (10, ["it hedges"], 10),
        (10, [certainty.SWAPPED], 10),
        (3, [certainty.LAST_STATEMENT_MISSTATES], 3),
        (10, [], 10),
    ],
)
def test_only_a_lean_fail_doubt_caps_a_pass(score: int, doubts: list[str], leaned: int) -> None:
    assert certainty.leaned(score, doubts) == leaned


@pytest.mark.parametrize(
    ("answer", "misstates"),
    [
        ("Median ≈ 106, upper quartile ≈ 121. The value of the median is 121 Mbps.", True),
        ("Values 25.8, 26.3, 26.2. Average: 25.43 days.", True),
        ("Median ≈ 106. The value of the median is 106.3 Mbps.", False),
        ("Target 1.27 million, chart 1.82 million; the gap is 550 thousand.", False),  # another scale word
        ("Sum = 30.7, mean = 30.7 / 10 = 3.07%.", False),  # an operand, not the mean
        ("The change is 1.90 — no, I transposed digits: 17.68 - 16.59 = 1.09 thousand units.", False),
    ],
)
def test_the_lean_doubt_reads_the_last_sentence(answer: str, misstates: bool) -> None:
    question = "What is the median, average, gap or change?"
    reference = "The chart puts it at 106.3 Mbps, 26.10 days, 0.55 million, 3.07% and 1.09 thousand units."
    values = [106.3, 26.1, 0.55, 3.07, 1.09]
    assert offline_lean.last_statement_misstates(answer, question, reference, values) is misstates
