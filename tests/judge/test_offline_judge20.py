"""The judge20 round (issue 25): a restatement is a claim, and so is the direction of a cause.

- ``count_restated``: a count under a scale word restated unscaled beside it ("0.007 million
  people (= 700 people)", ", i.e. 70,000 people") must be the same amount: a wrong restatement
  fails, the right one passes;
- ``percent_restated``: a percentage beside its fraction ("78.7% (= 0.787)", "0.787 (= 78.7%)")
  passes, one a tenth of it ("0.787 (= 7.87%)") fails;
- ``cause_direction``: a factor the reference credits with a change, said as the cause passes;
  said as the effect ("the change prompted it", "it was a response to the change") fails; said
  as both in one clause the pass is uncertain.

The answers come from :mod:`tests.judge.offline_cases_judge20`, built from the frozen question
snapshots up to v19 (questions only). On offline-claims-v18 (merge48, 36944b1) ``count_restated``
gives 78 of 160 answers the wrong verdict, ``percent_restated`` 80 of 160 and
``cause_direction`` 112 of 196.
"""

from __future__ import annotations

import pytest

from judge import JudgeItem, OfflineJudge
from judge.offline_causes import UNTOLD
from tests.judge import offline_cases_judge20 as cases
from tests.judge.error_classes import assert_class_right, first_questions


class TestCountRestated:
    @pytest.mark.slow
    def test_a_count_restated_as_another_amount_fails(self) -> None:
        """160 answers on 40 generated questions with a count under a scale word."""
        assert_class_right("count_restated", first_questions(cases.cases("count_restated"), 40), (40, 160))


class TestPercentRestated:
    @pytest.mark.slow
    def test_a_percentage_restated_as_another_fraction_fails(self) -> None:
        """160 answers on 40 generated questions with a percentage."""
        assert_class_right(
            "percent_restated", first_questions(cases.cases("percent_restated"), 40), (40, 160)
        )


class TestCauseDirection:
    @pytest.mark.slow
    def test_a_cause_said_as_the_effect_fails(self) -> None:
        """196 answers on 28 generated questions whose reference credits a factor."""
        assert_class_right("cause_direction", first_questions(cases.cases("cause_direction"), 40), (25, 175))

    def test_a_cause_said_both_ways_is_uncertain(self) -> None:
        """The factor before "drove" and after "prompted" in one clause: no direction to tell."""
        judge = OfflineJudge()
        asked = [q for q in cases.questions() if cases.cause_asked(q) is not None][:10]
        assert len(asked) == 10
        for q in asked:
            right = next(a for a, ok in cases.cause_direction(q) if ok)
            values = right.split(". ")[0]
            factor = next(f["text"] for f in q["answer_values"] if f["kind"] == "label")
            both = f"{values}. {factor.capitalize()} drove the change, and the change prompted {factor}."
            verdict = judge.score(JudgeItem(q["question"], q["reference"], both, q["answer_values"]))
            assert verdict.certain is False and UNTOLD in verdict.judgement, (both, verdict.judgement)
            sure = judge.score(JudgeItem(q["question"], q["reference"], right, q["answer_values"]))
            assert sure.score >= 6 and UNTOLD not in sure.judgement
