"""Running an error class of a judge round on its generated answers (tests of the judge5 to
judge8 rounds): each answer of the class gets the verdict its case says."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from judge import JudgeItem, Judgement, OfflineJudge

#: (question snapshot, answer, whether it should pass) of one error class
Row = tuple[dict[str, Any], str, bool]


def put(text: str, m: re.Match[str], words: str) -> str:
    """``text`` with ``words`` in place of the match ``m`` (a phrase spliced into a reference)."""
    return text[: m.start()] + words + text[m.end() :]


def verdict(q: dict[str, Any], answer: str) -> Judgement:
    """The offline judge's verdict on ``answer`` to snapshot question ``q``."""
    return OfflineJudge().score(JudgeItem(q["question"], q["reference"], answer, q["answer_values"]))


def best_reading(q: dict[str, Any], answer: str) -> tuple[int, bool]:
    """(score, certain): the verdict's score where it is certain or a pass; where the judge is
    unsure of a pass it scored as a fail for its risk (judge26), the best reading's score, which
    a cascade's LLM judge is handed."""
    item = JudgeItem(q["question"], q["reference"], answer, q["answer_values"])
    got, reading = OfflineJudge().score(item), OfflineJudge().reading(item)
    if got.certain or reading is None or "scored as a fail offline" not in got.judgement:
        return got.score, got.certain
    return reading.score, False


def promised_errors(rows: Iterable[Row]) -> list[str]:
    """What the judge26 operating point promises of a class the offline judge is unsure of: a
    right answer is never a certain fail and its best reading passes (a cascade hands it on); a
    wrong one fails."""
    wrong = []
    for q, answer, ok in rows:
        score = best_reading(q, answer)[0] if ok else verdict(q, answer).score
        if (score >= 6) != ok:
            wrong.append(f"{q['question_id']} (should {'pass' if ok else 'fail'}, got {score}): {answer!r}")
    return wrong


def wrong_verdicts(rows: Iterable[Row]) -> list[str]:
    """One line for each answer whose pass or fail is not the one its case gives."""
    wrong = []
    for q, answer, ok in rows:
        score = verdict(q, answer).score
        if (score >= 6) != ok:
            wrong.append(f"{q['question_id']} (should {'pass' if ok else 'fail'}, got {score}): {answer!r}")
    return wrong


def unit_class_errors(rows: Iterable[Row]) -> list[str]:
    """One line for each wrong form that passes and each right form failed with certainty (a right
    form may fail uncertain: the cascade hands it to the LLM judge)."""
    wrong = []
    for q, answer, ok in rows:
        got = verdict(q, answer)
        if (got.score >= 6) if not ok else (got.score < 6 and got.certain):
            wrong.append(f"{q['question_id']} (got {got.score}, certain {got.certain}): {answer!r}")
    return wrong


def certain_pass_errors(rows: Iterable[Row]) -> list[str]:
    """One line for each wrong form the judge passes with certainty, and each right form it fails
    (a wrong form may pass uncertain: the cascade hands it to the LLM judge)."""
    wrong = []
    for q, answer, ok in rows:
        got = verdict(q, answer)
        if (got.score >= 6 and got.certain) if not ok else got.score < 6:
            wrong.append(f"{q['question_id']} (got {got.score}, certain {got.certain}): {answer!r}")
    return wrong


#: classes whose right forms the offline judge is unsure of since the judge26 operating point
#: (a right answer beside a withdrawn value, a list or a foreign word): its best reading passes
#: and no right form is a certain fail (:func:`promised_errors`); the judge28 round decided each
UNSURE_CLASSES = frozenset(
    {
        "corrected",
        "item_list_last_line",
        "last_statement",
        "retracted",
        "cause_of_change",
        "foreign_negation",
        "short_correction",
        "target_side",
        "yaml_verdict",
        "retraction_in_words",
        "inline_list_shifted",
        "other_event_order",
        "final_line",
    }
)


def assert_class_right(name: str, rows: list[Row], least: tuple[int, int]) -> None:
    """The class ``name`` is tried on at least ``least`` (questions, answers), holds right and
    wrong forms, and the judge gives every answer the verdict its case says (for
    :data:`UNSURE_CLASSES`, what :func:`promised_errors` asks)."""
    asked = {q["question_id"] for q, _, _ in rows}
    assert len(asked) >= least[0] and len(rows) >= least[1], (name, len(asked), len(rows))
    assert any(ok for _, _, ok in rows) and any(not ok for _, _, ok in rows), "right and wrong forms"
    assert (promised_errors(rows) if name in UNSURE_CLASSES else wrong_verdicts(rows)) == []


def first_questions(rows: Iterable[Row], most: int = 40) -> list[Row]:
    """The rows of a class's first ``most`` questions (by id): a class is tried on at most that many."""
    rows = list(rows)
    asked = set(sorted({str(q["question_id"]) for q, _, _ in rows})[:most])
    return [(q, answer, ok) for q, answer, ok in rows if q["question_id"] in asked]
