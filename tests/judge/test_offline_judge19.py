"""The judge19 round (issue 25): a pass model beside the fail model, and two mechanisms.

- ``side_than``: in a "higher or lower?" question against a base (an average, a target), "it is
  lower than the average" states the item's side; the wrong side fails, said first or as a final
  answer after the right one (two conflicting answers), the right one passes;
- ``verdict_hedged``: a verdict that offers another reading beside it ("it might match; it could
  also be a bit off", "it may equally be", "it could just as well be") leaves the slot open: fails;
- the pass model (:func:`judge.certainty_model.demoted`): a pass the rules are sure of whose
  features make it likely wrong becomes uncertain (handed to a cascade's LLM judge), never a
  fail; its coefficients and threshold are what ``scripts/fit_certainty.py`` fits
  (``test_offline_judge18``'s ``--check`` test covers both models).

The answers of ``side_than`` come from :mod:`tests.judge.offline_cases_judge19`, built from the
frozen question snapshots up to v18 (questions only). On offline-claims-v17 ``side_than`` gives 24
of 48 answers the wrong verdict and ``verdict_hedged`` 120 of 200; the pass-model tests need
``certainty_model.demoted``, which it lacks.
"""

from __future__ import annotations

import itertools

import pytest

from judge import JudgeItem, OfflineJudge, certainty_coefficients, certainty_model
from scripts import fit_certainty
from tests.judge import offline_cases_judge19 as cases
from tests.judge.error_classes import assert_class_right, first_questions


class TestSideThan:
    @pytest.mark.slow
    def test_the_side_said_with_than_is_read(self) -> None:
        """48 answers on 8 generated "higher or lower?" questions."""
        assert_class_right("side_than", first_questions(cases.cases("side_than"), 40), (8, 48))


class TestVerdictHedged:
    @pytest.mark.slow
    def test_a_verdict_with_the_other_offered_fails(self) -> None:
        """200 answers on 40 generated verify questions: "it could also be a bit off" fails."""
        assert_class_right("verdict_hedged", first_questions(cases.cases("verdict_hedged"), 40), (40, 200))


def _right_answers() -> list[JudgeItem]:
    return [
        JudgeItem(q["question"], q["reference"], answer, q["answer_values"])
        for q, answer, passes in cases.cases("side_than")
        if passes
    ]


class TestPassModel:
    def test_the_stored_coefficients_fit_the_feature_list(self) -> None:
        assert len(certainty_coefficients.PASS_WEIGHTS) == len(certainty_model.PASS_NAMES)
        assert 0 < certainty_coefficients.PASS_THRESHOLD <= 1.0

    @pytest.mark.parametrize(("score", "settled"), list(itertools.product(range(11), (False, True))))
    def test_only_sure_passes_are_ever_demoted(
        self, score: int, settled: bool, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """With a model that finds every pass risky, only a pass the rules are sure of is demoted."""
        monkeypatch.setattr(certainty_coefficients, "PASS_BIAS", 9.0)
        monkeypatch.setattr(certainty_coefficients, "PASS_THRESHOLD", 0.5)
        reading = certainty_model.Reading(score, settled, (), 1, 1, 0, (1.0,))
        for answer in ("Yes.", "It is 1.", "它是 1。", "**1** (= 1.0), because of it; final answer: 1"):
            risk = certainty_model.demoted(answer, "What was it?", "It was 1.", reading)
            assert (risk is not None) == (settled and score >= certainty_model.PASS)

    def test_a_demoted_pass_keeps_its_score_and_says_so(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A sure pass the model finds risky stays a pass, uncertain, and says why."""
        judge = OfflineJudge()
        items = _right_answers()
        before = [judge.score(item) for item in items]
        assert sum(v.certain for v in before) >= 10
        monkeypatch.setattr(certainty_coefficients, "PASS_BIAS", 9.0)
        monkeypatch.setattr(certainty_coefficients, "PASS_THRESHOLD", 0.5)
        for item, old in zip(items, before, strict=True):
            new = judge.score(item)
            assert new.score == old.score >= certainty_model.PASS
            assert not new.certain
            assert ("uncertain all the same" in new.judgement) == old.certain

    def test_the_features_are_deterministic(self) -> None:
        reading = certainty_model.Reading(10, True, (), 2, 2, 0, (465.0, 313.0))
        args = ("It is **465** (= 0.465 thousand), lower because of it. Final answer: 313.", "Q?", "R 465.")
        assert certainty_model.pass_features(*args, reading) == certainty_model.pass_features(*args, reading)
        assert (
            certainty_model.pass_features(*args, reading)[certainty_model.PASS_NAMES.index("conversion")] == 1
        )

    def test_the_threshold_needs_support_from_wrong_sure_passes(self) -> None:
        """The threshold is the lowest chance above which >= 10% (and >= 3) of the fitting sets'
        sure passes are wrong; without that support it is 1.0: nothing is demoted."""

        def row(risk: float, wrong: bool) -> fit_certainty.Judged:
            return fit_certainty.Judged("s", 0 if wrong else 10, 10, True, True, False, (risk,), (risk,))

        model = fit_certainty.Model((0.0,), 0.0, 0.0, (10.0,), -5.0)
        safe = [row(k / 100, False) for k in range(100)]
        assert fit_certainty._pass_threshold(model, safe) == 1.0
        risky = [*safe, row(0.9, True), row(0.95, True), row(0.99, True)]
        threshold = fit_certainty._pass_threshold(model, risky)
        assert threshold < 1.0
        fitted = fit_certainty.Model((0.0,), 0.0, 0.0, (10.0,), -5.0, threshold)
        demoted = [r for r in risky if fitted.demotes(r)]
        assert len(demoted) >= 3 and sum(r.wrong for r in demoted) >= 0.1 * len(demoted)
        assert all(fitted.certain(r) != fitted.demotes(r) for r in risky)
