"""The judge23 round (issue 25): assertions the judge cannot bind, and causes said backwards.

- ``misquoted_title``: a right answer that quotes the chart's title with a word or year the
  item does not use is no certain pass (labellers part on what it costs: 2 on v22, 7-9 on
  v13-v21); quoted as the item gives it, with either quote mark or dash, it passes;
- ``unbound_claim``: a right answer that quotes a source, axis label or footnote in words the
  item never uses is no certain pass: the judge cannot check the claim;
- ``effect_made_possible``: the credited factor put on the effect side of "made … possible",
  "enabled", "paved the way for", "gave rise to" fails; on the cause side it passes;
- ``rival_cause``: a right answer that also credits another factor as the cause ("the change
  was the work of …", "the main reason, though, was …") is no certain pass.

The answers come from :mod:`tests.judge.offline_cases_judge23`, built from the frozen question
snapshots up to v22 (questions only). How many of each class offline-claims-v21 (main at
3a2a05e, its ``judge/`` with these cases) gets wrong is in each test's docstring.
"""

from __future__ import annotations

import pytest

from tests.judge import offline_cases_judge23 as cases
from tests.judge.error_classes import assert_class_right, certain_pass_errors, first_questions


class TestMisquotedTitle:
    @pytest.mark.slow
    def test_a_right_answer_quoting_the_title_wrongly_is_no_certain_pass(self) -> None:
        """160 answers on 40 generated questions that quote a chart's title (40 certain passes on
        offline-claims-v21)."""
        rows = first_questions(cases.cases("misquoted_title"), 40)
        assert len({q["question_id"] for q, _, _ in rows}) >= 40 and len(rows) >= 160
        assert certain_pass_errors(rows) == []


class TestUnboundClaim:
    @pytest.mark.slow
    def test_a_quote_the_item_never_uses_is_no_certain_pass(self) -> None:
        """120 answers on 40 generated questions (120 certain passes on offline-claims-v21)."""
        rows = first_questions(cases.cases("unbound_claim"), 40)
        assert len({q["question_id"] for q, _, _ in rows}) >= 40 and len(rows) >= 120
        assert certain_pass_errors(rows) == []


class TestEffectMadePossible:
    @pytest.mark.slow
    def test_the_factor_made_possible_by_the_change_fails(self) -> None:
        """240 answers on 40 generated questions whose reference credits a factor (160 wrong on
        offline-claims-v21)."""
        assert_class_right(
            "effect_made_possible", first_questions(cases.cases("effect_made_possible"), 40), (40, 240)
        )


class TestRivalCause:
    @pytest.mark.slow
    def test_another_factor_credited_too_is_no_certain_pass(self) -> None:
        """160 answers on 40 generated questions whose reference credits a factor (40 certain
        passes on offline-claims-v21)."""
        rows = first_questions(cases.cases("rival_cause"), 40)
        assert len({q["question_id"] for q, _, _ in rows}) >= 40 and len(rows) >= 160
        assert [r for r in rows if not r[2]] and certain_pass_errors(rows) == []
