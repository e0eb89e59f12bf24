"""The judge34 round (issue 25): a correction "Not X but Y" is no denial; v34 joins the fitting
sets; uncertain passes stay uncertain.

- ``not_but``: an answer opening with "Not X but Y" ("Not 2.88 but 1.92: …") asserts Y;
  offline-claims-v32 read every answer opening with "Not" as denying the whole claim and scored
  it 0 with certainty (v29, v30, v33 and v34 not_but_contrast).

The round measured, leave-one-set-out, a calibrated promotion of uncertain passes to certain
(the risky-pass model's low tail, its threshold picked on the other sets): on v27-v34 it made
2 passes a set certain at a 1% budget of wrong promotions and about 35 a set at 3%, with 1 of
17 and 19 of 278 of them label-fails, so certain false passes would rise well over issue 25's
1% (docs/protocol.md, the judge34 round). Passes are still never promoted; these tests hold
that, and that v34 is one of ``scripts/fit_certainty.py``'s sets.
"""

from __future__ import annotations

import pytest

from judge import JudgeItem, OfflineJudge, certainty_coefficients, certainty_model
from scripts import fit_certainty
from tests.judge import offline_cases_judge19 as cases
from tests.judge import offline_cases_judge34 as judge34
from tests.judge.error_classes import first_questions, unit_class_errors
from tests.judge.labelled_sets import DATA


@pytest.mark.slow
def test_an_opening_correction_asserts_what_follows_its_but() -> None:
    rows = first_questions(judge34.cases("not_but"), 40)
    assert len({q["question_id"] for q, _, _ in rows}) >= 30, len(rows)
    assert [r for r in rows if r[2]] and [r for r in rows if not r[2]]
    assert unit_class_errors(rows) == []


def test_v34_is_a_fitting_set() -> None:
    questions, answers = fit_certainty.SETS["v34"]
    assert (DATA / questions).is_file() and (DATA / answers).is_file()
    assert "v34" not in fit_certainty.OPERATING_SETS  # the operating point stays fitted on v13-v26


@pytest.mark.parametrize("score", range(certainty_model.PASS, 11))
def test_a_model_that_trusts_every_verdict_promotes_no_pass(
    score: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(certainty_coefficients, "FAIL_BIAS", -50.0)
    doubts = ("it sets values out as a list of labels",)
    reading = certainty_model.Reading(score, False, doubts, 2, 2, 0, (1.0,))
    assert certainty_model.promoted("A: 1. B: 2.", "What were they?", "A was 1, B 2.", reading) is None


@pytest.mark.slow
def test_generated_uncertain_passes_stay_uncertain(monkeypatch: pytest.MonkeyPatch) -> None:
    """On generated answers with a hedge added, with a fail model that trusts every verdict: no
    uncertain pass becomes certain, and no verdict's score moves."""
    judge = OfflineJudge()
    items = [
        JudgeItem(q["question"], q["reference"], f"{a} Perhaps; not sure.", q["answer_values"])
        for q, a, _ in cases.cases("side_than")
    ]
    before = [judge.score(item) for item in items]
    monkeypatch.setattr(certainty_coefficients, "FAIL_BIAS", -50.0)
    after = [judge.score(item) for item in items]
    passes = [(b, a) for b, a in zip(before, after, strict=True) if b.score >= certainty_model.PASS]
    assert [b for b, _ in passes if not b.certain], "no uncertain pass generated"
    assert all(a.score == b.score for b, a in zip(before, after, strict=True))
    assert all(a.certain == b.certain for b, a in passes)
