"""The judge6 round's error classes (issue 25), on generated questions: numbers written as
words, in English and German.

The answers come from :mod:`tests.judge.offline_cases_judge6`, built from the frozen question
snapshots (questions only). Every class fails on offline-claims-v5 (main before this round).
"""

from __future__ import annotations

import pytest

from tests.judge import offline_cases_judge6 as cases
from tests.judge.error_classes import wrong_verdicts

#: the fewest questions and answers a class is tried on
MIN_QUESTIONS: dict[str, int] = {"value_left_out": 2, "shortened": 1}
MIN_ANSWERS = 4


@pytest.mark.parametrize("name", sorted(cases.CLASSES))
def test_the_judge_gets_every_answer_of_the_class_right(name: str) -> None:
    rows = list(cases.cases(name))
    asked = {q["question_id"] for q, _, _ in rows}
    enough = len(asked) >= MIN_QUESTIONS.get(name, 3) and len(rows) >= MIN_ANSWERS
    assert enough, (name, len(asked), len(rows))
    assert wrong_verdicts(rows) == []
