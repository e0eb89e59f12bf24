"""The judge6 round's error classes (issue 25), on generated questions: numbers written as
words, in English and German.

The answers come from :mod:`tests.judge.offline_cases_judge6`, built from the frozen question
snapshots (questions only). Every class fails on offline-claims-v5 (main before this round).
"""

from __future__ import annotations

import pytest

from judge import JudgeItem, OfflineJudge
from tests.judge import offline_cases_judge6 as cases

#: the fewest questions and answers a class is tried on
MIN_QUESTIONS: dict[str, int] = {"value_left_out": 2, "shortened": 1}
MIN_ANSWERS = 4


def _verdict(q: dict[str, object], answer: str):  # type: ignore[no-untyped-def]
    return OfflineJudge().score(JudgeItem(q["question"], q["reference"], answer, q["answer_values"]))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(cases.CLASSES))
def test_the_judge_gets_every_answer_of_the_class_right(name: str) -> None:
    rows = list(cases.cases(name))
    asked = {q["question_id"] for q, _, _ in rows}
    enough = len(asked) >= MIN_QUESTIONS.get(name, 3) and len(rows) >= MIN_ANSWERS
    assert enough, (name, len(asked), len(rows))
    wrong = []
    for q, answer, ok in rows:
        verdict = _verdict(q, answer)
        if (verdict.score >= 6) != ok:
            should = "pass" if ok else "fail"
            wrong.append(f"{q['question_id']} (should {should}, got {verdict.score}): {answer!r}")
    assert wrong == []
