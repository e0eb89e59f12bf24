"""The judge18 round (issue 25): when the offline judge is sure, and two mechanisms.

- ``reading_denied``: a verdict answer that negates the charted reading its verdict rests on
  ("Figure 9 does not show 16.1%, in line with the text's 16%, so the chart matches it") fails,
  scored value or not (the generator asks no charted value of verify L3/L4 since verify45);
- one list of direction words for every rule that reads one (``judge.claims.UP``/``DOWN``);
- the certainty model (:mod:`judge.certainty_model`): uncertain fails it finds unlikely wrong (and
  with no doubt that could hide a right answer) are
  made certain and say so; passes never are; its stored coefficients are what
  ``scripts/fit_certainty.py`` fits.

The answers of ``reading_denied`` come from :mod:`tests.judge.offline_cases_judge18`, built from
the frozen question snapshots up to v17 (questions only). Each test fails on offline-claims-v16.
"""

from __future__ import annotations

import itertools

import pytest

from judge import (
    JudgeItem,
    Judgement,
    OfflineJudge,
    certainty_coefficients,
    certainty_model,
    claims,
    offline_gates,
    offline_senses,
)
from tests.judge import labelled_sets as ls
from tests.judge import offline_cases_judge18 as cases
from tests.judge.error_classes import assert_class_right, first_questions


@pytest.mark.slow
def test_a_verdict_that_negates_its_own_reading_fails() -> None:
    """75 answers on 15 generated verify questions: the reading negated fails, stated passes."""
    assert_class_right("reading_denied", first_questions(cases.cases("reading_denied"), 40), (15, 75))


def test_one_list_of_direction_words() -> None:
    """The sense checks and the certainty gates read a direction from the same words."""
    assert offline_senses._UP is offline_gates._UP is claims.UP
    assert offline_senses._DOWN is offline_gates._DOWN is claims.DOWN
    for word in ("rose", "went up", "increased", "higher", "climbed", "gained", "improved"):
        assert claims.UP.search(word) and not claims.DOWN.search(word), word
    for word in ("fell", "went down", "decreased", "lower", "shrank", "dropped", "worsened"):
        assert claims.DOWN.search(word) and not claims.UP.search(word), word


def test_the_stored_coefficients_fit_the_feature_list() -> None:
    assert len(certainty_coefficients.FAIL_WEIGHTS) == len(certainty_model.NAMES)
    assert 0 < certainty_coefficients.FAIL_THRESHOLD < 0.5


@pytest.mark.parametrize(("score", "settled"), list(itertools.product(range(11), (False, True))))
def test_only_uncertain_fails_are_ever_promoted(score: int, settled: bool) -> None:
    """A pass or a settled verdict keeps the rules' certainty, whatever its features."""
    reading = certainty_model.Reading(score, settled, (), 1, 0, 1, (1.0,))
    for answer in ("No.", "It is 3.", "它是 3。", "Fell (= 2.1 respectively) in 2031, not 4."):
        chance = certainty_model.promoted(answer, "What was it?", "It was 1.", reading)
        assert chance is None or (score < certainty_model.PASS and not settled)


@pytest.fixture(scope="module")
def v5_verdicts() -> list[tuple[JudgeItem, Judgement]]:
    judge = OfflineJudge()
    items = [
        JudgeItem(q["question"], q["reference"], text, q["answer_values"])
        for q, _, _, text in ls.labelled("offline_heldout_v5_questions.json", "offline_heldout_v5.yaml")
    ]
    return [(item, judge.score(item)) for item in items]


@pytest.mark.slow
def test_promoted_fails_say_so_and_are_deterministic(v5_verdicts: list[tuple[JudgeItem, Judgement]]) -> None:
    """On v5 (tuning material) the model makes some uncertain fails certain; each says why,
    and scoring it again gives the same verdict, word for word."""
    judge = OfflineJudge()
    promoted = [(i, v) for i, v in v5_verdicts if "certain all the same" in v.judgement]
    assert len(promoted) >= 5
    for item, verdict in promoted:
        assert verdict.certain and verdict.score < certainty_model.PASS
        assert judge.score(item) == verdict
    for item, verdict in v5_verdicts:
        reading = judge.reading(item)
        if reading is not None and verdict.score >= certainty_model.PASS and verdict.certain:
            assert reading.settled  # a pass is never promoted (judge19's pass model may demote one)


@pytest.mark.slow
def test_the_stored_coefficients_are_what_the_script_fits() -> None:
    """``scripts/fit_certainty.py --check``: a rule change that moves the readings needs a refit."""
    from scripts.fit_certainty import main

    assert main(["--check"]) == 0
