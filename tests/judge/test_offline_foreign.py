"""The judge4 round's error classes on generated questions (issue 25): answers in other
languages (scale words, 万/亿, verdict and direction words), wrong units or scales of the same
kind, and a read value said of another year of the reference.

The answers come from :mod:`tests.judge.offline_cases_foreign`, built from the frozen question
snapshots of seeds 11 and 23 (not the judge4 round's tuning set). A failing answer must fail;
a passing one in another language must pass or be uncertain, never a certain fail.
"""

from __future__ import annotations

import pytest

from judge import JudgeItem, OfflineJudge
from tests.judge import offline_cases_foreign as cases

MIN_QUESTIONS = 3
MIN_ANSWERS = 6
FOREIGN = frozenset({"foreign_scales", "foreign_verdicts"})


@pytest.mark.parametrize("name", sorted(cases.CLASSES))
def test_the_judge_gets_every_answer_of_the_class_right(name: str) -> None:
    judge = OfflineJudge()
    rows = list(cases.cases(name))
    assert len({q["question_id"] for q, _, _ in rows}) >= MIN_QUESTIONS and len(rows) >= MIN_ANSWERS
    wrong = []
    for q, answer, ok in rows:
        verdict = judge.score(JudgeItem(q["question"], q["reference"], answer, q["answer_values"]))
        right = (verdict.score >= 6) == ok or (ok and name in FOREIGN and not verdict.certain)
        if not right:
            wrong.append(
                f"{q['question_id']} (should {'pass' if ok else 'fail'}, got {verdict.score}): {answer!r}"
            )
    assert wrong == []


@pytest.mark.parametrize("name", sorted(FOREIGN))
def test_foreign_answers_are_read_not_failed(name: str) -> None:
    """Most right answers in another language are read to a pass (the rest are uncertain), and
    none is a certain fail."""
    judge = OfflineJudge()
    good = [(q, a) for q, a, ok in cases.cases(name) if ok]
    verdicts = [judge.score(JudgeItem(q["question"], q["reference"], a, q["answer_values"])) for q, a in good]
    assert sum(v.score >= 6 for v in verdicts) >= 0.8 * len(verdicts)
    assert not any(v.certain and v.score < 6 for v in verdicts)


def test_a_value_said_of_another_year_is_a_contradiction() -> None:
    judge = OfflineJudge()
    for q, answer, _ in cases.cases("wrong_year"):
        verdict = judge.score(JudgeItem(q["question"], q["reference"], answer, q["answer_values"]))
        assert "contradicted" in verdict.judgement and verdict.score <= 3, (answer, verdict.judgement)


def test_a_foreign_answer_read_in_full_is_certain_unless_it_negates() -> None:
    """Every fact read and none unread: as sure as an English answer; a negation of its own
    language ("nicht", "不", "ません") keeps it uncertain, since the table binds no negation."""
    judge = OfflineJudge()
    rows = [(q, a) for q, a, ok in cases.cases("foreign_scales") if ok]
    verdicts = [judge.score(JudgeItem(q["question"], q["reference"], a, q["answer_values"])) for q, a in rows]
    assert any(v.certain and v.score == 10 for v in verdicts)
    matches = [
        q
        for q in cases.questions()
        if [v["text"] for v in q["answer_values"] if v["kind"] == "label"] == ["matches"]
    ]
    assert matches
    for q in matches:
        values = " ".join(cases._comma(n["text"]) for n in cases.numbers(q))
        for answer in (
            f"Werte: {values}. Die Reihe bestätigt den Text nicht.",
            f"{values}：本文と一致するとは言えません",
        ):
            verdict = judge.score(JudgeItem(q["question"], q["reference"], answer, q["answer_values"]))
            assert not (verdict.certain and verdict.score >= 6), (answer, verdict.judgement)
