"""The judge22 round (issue 25): cause and support, two final answers and taken-back values,
number forms.

- ``stance_reason``: a stance given with a reason of the other sense ("reacted positively,
  calling it a setback for the sector") fails; with a reason of its own sense it passes;
- ``verdict_reason``: "they agree" given with a reason that sets the chart's direction against
  the text's ("the chart shows it rising while the text says it fell") fails;
- ``wrong_path``: the path an answer gives for its value, with an end misread ("6.15% → 5.12%"
  for 6.15% to 6.12%), fails however right the verdict and value;
- ``two_finals``: two final answers that name two things for one slot fail, whichever is last;
- ``struck_through``: a value struck through (``~~42~~ 45``, ``<del>``, ``<s>``) is taken back,
  and the one left is scored;
- ``accounting_negative``: a fall in accounting parentheses ("a change of (0.03) percentage
  points", "(84.1)%") is a fall;
- ``transposed``: the value with two digits swapped ("84.40" for 84.04) fails, however close;
- ``reach_denied``: a reach denied negates the reach, not the values ("34.3% does not meet the
  target of 41.8%" states both);
- ``cause_undone``: the credited factor said undone ("because the platform was abandoned", "the
  repeal of the tax") is another cause;
- ``chart_direction``: a verdict whose reason gives the chart the other direction than the
  reference ("No, because it shows the rate climbing" where it fell) fails.

The answers come from :mod:`tests.judge.offline_cases_judge22`, built from the frozen question
snapshots up to v21 (questions only). How many of each class offline-claims-v20 (main at
ad537f2, its ``judge/`` with these cases) gets wrong is in each test's docstring.
"""

from __future__ import annotations

import pytest

from tests.judge import offline_cases_judge22 as cases
from tests.judge.error_classes import assert_class_right, first_questions


class TestStanceReason:
    @pytest.mark.slow
    def test_a_stance_with_a_reason_of_the_other_sense_fails(self) -> None:
        """120 answers on 40 generated questions with a positive or negative stance (80 wrong
        on offline-claims-v20)."""
        assert_class_right("stance_reason", first_questions(cases.cases("stance_reason"), 40), (40, 120))


class TestVerdictReason:
    @pytest.mark.slow
    def test_an_agreement_whose_reason_sets_the_sides_apart_fails(self) -> None:
        """108 answers on 36 generated "does the chart match the text?" questions (44 wrong on
        offline-claims-v20)."""
        assert_class_right("verdict_reason", first_questions(cases.cases("verdict_reason"), 40), (36, 108))


class TestWrongPath:
    @pytest.mark.slow
    def test_a_path_with_a_misread_end_fails(self) -> None:
        """160 answers on 40 generated questions whose reference gives a path (56 wrong on
        offline-claims-v20)."""
        assert_class_right("wrong_path", first_questions(cases.cases("wrong_path"), 40), (40, 160))


class TestTwoFinals:
    @pytest.mark.slow
    def test_two_final_answers_for_one_slot_fail(self) -> None:
        """160 answers on 40 generated questions with a named label (40 wrong on
        offline-claims-v20)."""
        assert_class_right("two_finals", first_questions(cases.cases("two_finals"), 40), (40, 160))


class TestStruckThrough:
    @pytest.mark.slow
    def test_a_struck_value_is_taken_back(self) -> None:
        """240 answers on 40 generated questions (94 wrong on offline-claims-v20)."""
        assert_class_right("struck_through", first_questions(cases.cases("struck_through"), 40), (40, 240))


class TestAccountingNegative:
    @pytest.mark.slow
    def test_a_fall_in_accounting_parentheses_is_a_fall(self) -> None:
        """122 answers on 40 generated questions with a fall (27 wrong on offline-claims-v20)."""
        assert_class_right(
            "accounting_negative", first_questions(cases.cases("accounting_negative"), 40), (40, 122)
        )


class TestTransposed:
    @pytest.mark.slow
    def test_a_value_with_two_digits_swapped_fails(self) -> None:
        """80 answers on 40 generated questions (8 wrong on offline-claims-v20)."""
        assert_class_right("transposed", first_questions(cases.cases("transposed"), 40), (40, 80))


class TestReachDenied:
    @pytest.mark.slow
    def test_a_reach_denied_negates_no_value(self) -> None:
        """80 answers on 16 generated questions with a value below a target, forecast or
        estimate (32 wrong on offline-claims-v20)."""
        assert_class_right("reach_denied", first_questions(cases.cases("reach_denied"), 40), (16, 80))


class TestCauseUndone:
    @pytest.mark.slow
    def test_the_credited_factor_said_undone_is_another_cause(self) -> None:
        """160 answers on 40 generated questions whose reference credits a factor (120 wrong on
        offline-claims-v20)."""
        assert_class_right("cause_undone", first_questions(cases.cases("cause_undone"), 40), (40, 160))


class TestChartDirection:
    @pytest.mark.slow
    def test_a_verdict_whose_reason_turns_the_chart_round_fails(self) -> None:
        """51 answers on 17 generated verdict questions whose reference says which way the chart
        moved (28 wrong on offline-claims-v20)."""
        assert_class_right("chart_direction", first_questions(cases.cases("chart_direction"), 40), (17, 51))
