"""One test per error class of the offline judge (issue 25), on generated questions.

The answers are built by :mod:`tests.judge.offline_cases` from the reference and facts of the
frozen question snapshots (seeds 11 and 23): each class applies to several questions and
phrasings, and none knows a question. A case is right when the judge's pass/fail (score >= 6)
is the careful grader's; answers in another language must pass or be marked uncertain.
"""

from __future__ import annotations

import pytest

from judge import JudgeItem, OfflineJudge
from tests.judge import offline_cases
from tests.judge.error_classes import UNSURE_CLASSES, best_reading

#: The fewest questions and answers a class must be tried on to count as general.
MIN_QUESTIONS = 5
MIN_ANSWERS = 6


@pytest.mark.parametrize("name", sorted(offline_cases.CLASSES))
def test_the_judge_gets_every_answer_of_the_class_right(name: str) -> None:
    judge = OfflineJudge()
    rows = list(offline_cases.cases(name))
    asked = {q["question_id"] for q, _, _ in rows}
    assert len(asked) >= MIN_QUESTIONS and len(rows) >= MIN_ANSWERS, (name, len(asked), len(rows))
    assert any(ok for *_, ok in rows) or any(not ok for *_, ok in rows)
    wrong = []
    for q, answer, ok in rows:
        verdict = judge.score(JudgeItem(q["question"], q["reference"], answer, q["answer_values"]))
        score = best_reading(q, answer)[0] if ok and name in UNSURE_CLASSES else verdict.score
        right = (score >= 6) == ok or (name in offline_cases.FOREIGN_CLASSES and not verdict.certain)
        if not right:
            wrong.append(
                f"{q['question_id']} (should {'pass' if ok else 'fail'}, got {verdict.score}): {answer!r}"
            )
    assert wrong == []


@pytest.mark.parametrize(
    ("name", "failing"),
    [("scaled", True), ("converted", True), ("concluded", True), ("hedged", True), ("wrong_period", True)],
)
def test_classes_hold_both_verdicts_or_the_failing_one(name: str, failing: bool) -> None:
    """A class that tests rejection has failing answers (and the unit classes passing ones too)."""
    verdicts = {ok for *_, ok in offline_cases.cases(name)}
    assert (False in verdicts) == failing
    if name in ("scaled", "converted", "concluded"):
        assert True in verdicts


def test_a_wrong_year_bound_to_the_value_is_a_contradiction_not_a_missing_fact() -> None:
    judge = OfflineJudge()
    for q, answer, _ in offline_cases.cases("wrong_period"):
        verdict = judge.score(JudgeItem(q["question"], q["reference"], answer, q["answer_values"]))
        assert "contradicted" in verdict.judgement and verdict.score <= 3, (answer, verdict.judgement)
