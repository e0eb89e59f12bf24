"""The offline judge on the tuning set ``offline_labelled_v2`` (issue 25, judge4 round).

``data/offline_labelled_v2_questions.json`` holds 48 questions the generator made from seed 9629
(no other test uses it; one per category and level the run holds, then second questions up to
48; rebuilt by ``make_offline_questions``, not frozen); ``data/offline_labelled_v2.yaml`` holds
305 answers concentrated on what held-out set v4 found the judge weakest at: answers in German,
Japanese, Spanish, French, Chinese, Korean and Portuguese (decimal commas, full-width digits,
万/億/억 numbers, foreign scale, unit, verdict and direction words), a wrong period or year bound
to the value, wrong units and scale words, correct conversions, hedges, coarse rounding and
partial answers. They were labelled from the question, the reference and the paper's rubric
alone (Table 6, pass = 6) before the judge ran on them.

First run, offline-claims-v3 as on main at ec30ba7, before any change: pass/fail agreement
65.2%, false passes 17.5% of label-fails (6.6% of all), false fails 45.0% of label-passes,
mean absolute score difference 3.14; certain on 47.9% of answers, at 80.8% agreement and 18.3%
false passes. The judge4 round (offline-claims-v4) was tuned on it, so the figures asserted
below are **tuned-set** figures, an upper bound; the judge's quality is what a held-out set
measures. Tuned: 97.7% agreement, 1.8% false passes of label-fails; certain on 86.2% of
answers at 98.9% / 1.1% (an answer in another language is certain only when every fact was
read and it negates nothing in its language).

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider tests/judge/test_offline_labelled_v2.py
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.judge import labelled_sets as ls
from tests.judge import make_offline_questions
from tests.judge.labelled_sets import DATA, PASS, Row

pytestmark = pytest.mark.slow  # rebuilds the snapshot (generation) and judges 305 answers

QUESTIONS = "offline_labelled_v2_questions.json"
ANSWERS = "offline_labelled_v2.yaml"
#: what the tuned judge reaches here (the test fails when a change loses it)
MIN_AGREEMENT = 0.95
MAX_FALSE_PASS = 0.02
MIN_AGREEMENT_CERTAIN = 0.97
MAX_FALSE_PASS_CERTAIN = 0.015


@pytest.fixture(scope="module")
def judged() -> list[Row]:
    return ls.judged(ls.labelled(QUESTIONS, ANSWERS))


def test_questions_are_a_frozen_snapshot_of_their_seed() -> None:
    """Written by ``make_offline_questions.render(9629, 30, 48)`` and frozen since: the answers
    were labelled against these exact questions, so a generator change must not rewrite them."""
    seed, docs = make_offline_questions.SETS[QUESTIONS]
    assert (seed, docs) == (9629, 30) and QUESTIONS in make_offline_questions.FROZEN
    data = json.loads((DATA / QUESTIONS).read_text(encoding="utf-8"))
    assert (data["seed"], data["n_docs"], len(data["questions"])) == (9629, 30, 48)


def test_set_is_large_and_concentrated_on_the_weak_classes() -> None:
    rows = ls.labelled(QUESTIONS, ANSWERS)
    assert len(rows) >= 250 and {q["question_id"] for q, *_ in rows} == set(ls.questions(QUESTIONS))
    styles = Counter(style for _, _, style, _ in rows)
    for style in ("german", "japanese", "spanish", "french", "chinese", "korean", "portuguese"):
        assert styles[style] >= 10, style
    for style in (
        "wrong_period",
        "wrong_unit",
        "wrong_scale",
        "converted",
        "hedged",
        "rounded",
        "partial_detail",
    ):
        assert styles[style] >= 10, style
    passing = sum(score >= PASS for _, score, _, _ in rows)
    assert 0.3 < passing / len(rows) < 0.7


def test_prints_and_holds_the_tuned_figures(judged: list[Row]) -> None:
    ls.print_figures("tuning set offline_labelled_v2", judged)
    overall = ls.figures(judged)
    assert overall.agreement >= MIN_AGREEMENT, overall.line()
    assert overall.false_pass <= MAX_FALSE_PASS, overall.line()
    certain = ls.figures([r for r in judged if r.certain])
    assert certain.agreement >= MIN_AGREEMENT_CERTAIN, certain.line()
    assert certain.false_pass <= MAX_FALSE_PASS_CERTAIN, certain.line()


def test_foreign_answers_are_never_a_certain_fail_when_they_are_right(judged: list[Row]) -> None:
    foreign = {"german", "japanese", "spanish", "french", "chinese", "korean", "portuguese"}
    bad = [r for r in judged if r.style in foreign and r.label >= PASS and r.certain and r.got < PASS]
    assert bad == []
