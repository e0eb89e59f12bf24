"""The judge26 round (issue 25): the operating point of the passes the judge is unsure of.

An offline-only run scores an uncertain answer by its best reading; on the held-out sets those
readings carried most false passes. The risky-pass model (:func:`judge.certainty_model.risky_pass`)
estimates the chance that an uncertain pass is wrong; at or above its fitted threshold the pass is
scored as a fail offline and stays uncertain (a cascade hands it to its LLM judge). The threshold
(``scripts/fit_certainty.py``'s ``_risky_threshold``) is the operating point at which the fitting
sets v13-v25 keep their pooled false passes at 3% or less with each set's agreement at 90% or
more. On main (offline-claims-v24) no pass is ever scored as a fail for its risk.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from judge import JudgeItem, OfflineJudge, certainty_coefficients, certainty_model
from scripts import fit_certainty
from tests.judge import offline_cases_judge19 as cases


class TestStoredModel:
    def test_the_coefficients_fit_the_feature_list(self) -> None:
        assert len(certainty_coefficients.RISKY_WEIGHTS) == len(certainty_model.RISKY_NAMES)
        assert 0 < certainty_coefficients.RISKY_THRESHOLD < 1.0  # the fit found an operating point

    def test_the_features_join_the_pass_models_and_the_doubts(self) -> None:
        reading = certainty_model.Reading(8, False, ("it hedges",), 2, 1, 1, (465.0,))
        args = ("It is 465, maybe 470, because of the cap.", "Q?", "It was 465.")
        x = certainty_model.risky_features(*args, reading)
        assert len(x) == len(certainty_model.RISKY_NAMES)
        assert x[: len(certainty_model.PASS_NAMES)] == certainty_model.pass_features(*args, reading)
        assert x[certainty_model.RISKY_NAMES.index("doubt: it hedges")] == 1.0
        assert x[certainty_model.RISKY_NAMES.index("contradicted")] == 1.0


class TestRiskyPass:
    @pytest.mark.parametrize(("score", "settled"), list(itertools.product(range(11), (False, True))))
    def test_only_uncertain_passes_are_failed(
        self, score: int, settled: bool, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """With a model that finds every pass risky, only a pass the rules leave uncertain (or the
        pass model demoted) is failed for its risk."""
        monkeypatch.setattr(certainty_coefficients, "RISKY_BIAS", 9.0)
        reading = certainty_model.Reading(score, settled, (), 1, 1, 0, (1.0,))
        for answer in ("Yes.", "It is 1.", "它是 1。", "**1** (= 1.0), because of it; final answer: 1"):
            for demoted in (None, 0.5):
                risk = certainty_model.risky_pass(answer, "What was it?", "It was 1.", reading, demoted)
                uncertain = not settled or demoted is not None
                assert (risk is not None) == (uncertain and score >= certainty_model.PASS)

    def test_a_threshold_of_one_fails_nothing(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(certainty_coefficients, "RISKY_BIAS", 9.0)
        monkeypatch.setattr(certainty_coefficients, "RISKY_THRESHOLD", 1.0)
        reading = certainty_model.Reading(10, False, (), 1, 1, 0, (1.0,))
        assert certainty_model.risky_pass("It is 1.", "What was it?", "It was 1.", reading, None) is None

    @pytest.mark.slow
    def test_a_risky_pass_is_failed_uncertain_and_says_so(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """On generated answers: every uncertain pass becomes an uncertain fail with the reason in
        its judgement; certain verdicts and fails do not move."""
        judge = OfflineJudge()
        items = [
            JudgeItem(q["question"], q["reference"], a, q["answer_values"])
            for q, a, _ in cases.cases("side_than")
        ]
        items += [
            JudgeItem(i.question, i.reference, i.candidate + " Perhaps; not sure.", i.answer_values)
            for i in items
        ]
        before = [judge.score(item) for item in items]
        monkeypatch.setattr(certainty_coefficients, "RISKY_BIAS", 9.0)
        moved = 0
        for item, old in zip(items, before, strict=True):
            new = judge.score(item)
            if old.score >= certainty_model.PASS and not old.certain:
                assert new.score == certainty_model.PASS - 1 and not new.certain
                assert "scored as a fail offline" in new.judgement
                moved += 1
            else:
                assert new == old
        assert moved >= 5


def _row(name: str, label: int, got: int, certain: bool = False) -> fit_certainty.Judged:
    return fit_certainty.Judged(name, label, got, certain, certain, False, (0.0,), (0.0,))


class TestOperatingPoint:
    """``_risky_threshold`` on rows built by hand: what it picks, and when it picks nothing."""

    model = fit_certainty.Model((0.0,), 0.0, 0.0)

    def _sets(self, wrong: int, right: int, wrong_first: bool = True) -> tuple[list, list]:
        """100 certain verdicts of v13 (40 label-fails) and uncertain passes, ``wrong`` of them
        label-fails, ranked by a chance above (``wrong_first``) or below the right ones'."""
        rows = [_row("v13", 9, 9, True) for _ in range(60)] + [_row("v13", 1, 1, True) for _ in range(40)]
        ranked = []
        for k in range(wrong + right):
            is_wrong = k < wrong if wrong_first else k >= right
            rows.append(_row("v13", 1 if is_wrong else 9, 8))
            ranked.append((rows[-1], 0.9 - k / 100))
        return rows, ranked

    def test_it_fails_the_riskiest_passes_until_false_passes_are_three_percent(self) -> None:
        rows, ranked = self._sets(4, 6)
        threshold = fit_certainty._risky_threshold(self.model, rows, ranked)
        failed = [r for r, c in ranked if c >= threshold]
        assert len(failed) == 3 and all(r.label < 6 for r in failed)  # 1 of 44 false passes left

    def test_it_keeps_each_sets_agreement(self) -> None:
        """Where failing the wrong passes would take a set under 90% agreement, the point with the
        fewest false passes above it is taken."""
        rows, ranked = self._sets(10, 14, wrong_first=False)
        assert fit_certainty._risky_threshold(self.model, rows, ranked) == 1.0
        rows, ranked = self._sets(10, 2, wrong_first=False)  # two right passes failed on the way
        threshold = fit_certainty._risky_threshold(self.model, rows, ranked)
        assert sum(c >= threshold for _, c in ranked) == 11  # 1 of 50 false passes left

    def test_no_lean_where_false_passes_are_within(self) -> None:
        rows, ranked = self._sets(1, 6)
        assert fit_certainty._risky_threshold(self.model, rows, ranked) == 1.0  # 1 of 41

    def test_no_operating_set_no_threshold(self) -> None:
        rows, ranked = self._sets(4, 6)
        other = [dataclasses.replace(r, set="v3") for r in rows]
        ranked_other = [(dataclasses.replace(r, set="v3"), c) for r, c in ranked]
        assert fit_certainty._risky_threshold(self.model, other, ranked_other) == 1.0
