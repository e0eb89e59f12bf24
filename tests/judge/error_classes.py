"""Running an error class of a judge round on its generated answers (tests of the judge5,
judge6 and judge7 rounds): each answer of the class gets the verdict its case says."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from judge import JudgeItem, Judgement, OfflineJudge

#: (question snapshot, answer, whether it should pass) of one error class
Row = tuple[dict[str, Any], str, bool]


def verdict(q: dict[str, Any], answer: str) -> Judgement:
    """The offline judge's verdict on ``answer`` to snapshot question ``q``."""
    return OfflineJudge().score(JudgeItem(q["question"], q["reference"], answer, q["answer_values"]))


def wrong_verdicts(rows: Iterable[Row]) -> list[str]:
    """One line for each answer whose pass or fail is not the one its case gives."""
    wrong = []
    for q, answer, ok in rows:
        score = verdict(q, answer).score
        if (score >= 6) != ok:
            wrong.append(f"{q['question_id']} (should {'pass' if ok else 'fail'}, got {score}): {answer!r}")
    return wrong
