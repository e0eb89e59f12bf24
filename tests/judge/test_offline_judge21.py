"""The judge21 round (issue 25): scale, percent and direction words of other languages, and a
value bound to a year the item does not name.

- ``count_scaled``: a count written with a scale word of another language ("8,49 тыс.",
  "1,6 Mio.", "0,2 mln") is that scale: the right one passes, the other fails; the count with
  its noun and no scale word ("15.79 people" for 15.79 thousand people) fails, written out in
  full ("15,790 people") it passes;
- ``percent_word``: "percent" in another language ("37,99 procent") is a percentage: for hours,
  days or beds it fails;
- ``target_side``: "beats" states a side, and so does a reach denied in English or another
  language ("does not reach the marker", "no alcanza", "erreicht … nicht", "не достигает",
  "達していません", "falls 4.52 pp short"): the wrong side fails;
- ``period_moved``: a change bound to a period that ends in a year the item does not name
  ("from 2010 to 2017" for 2010 to 2016) fails;
- ``figures_swapped``: the chart's value and the text's figure the reference sets against each
  other, said the other way round ("the chart puts it at 0.6 against an earlier estimate of
  1.19" where the chart has 1.19), fail, asked facts or not;
- answers in another language that bind a number to a scale abbreviation, or state the asked
  side in words, the judge does not read are uncertain.

The answers come from :mod:`tests.judge.offline_cases_judge21`, built from the frozen question
snapshots up to v20 (questions only). On offline-claims-v19 (main at 7871178) ``count_scaled``
gives 106 of 320 answers the wrong verdict, ``percent_word`` 116 of 200, ``target_side`` 53 of
117, ``period_moved`` 3 of 30 (the older judge read a period the reference writes "from 2012 to
2014"; it missed one whose ends the reference dates apart, "in 2010 to … in 2016") and
``figures_swapped`` 22 of 44; on it 9 of the 10 unread-scale answers and 2 of the 8 unread-side
answers of ``TestUnreadBinding`` are certain.
"""

from __future__ import annotations

import pytest

from judge import JudgeItem, OfflineJudge
from judge.offline_unread import UNREAD_BINDING
from tests.judge import offline_cases_judge21 as cases
from tests.judge.error_classes import assert_class_right, first_questions


class TestCountScaled:
    @pytest.mark.slow
    def test_a_scale_word_of_another_language_is_that_scale(self) -> None:
        """320 answers on 40 generated questions with a count under a scale word."""
        assert_class_right("count_scaled", first_questions(cases.cases("count_scaled"), 40), (40, 320))


class TestPercentWord:
    @pytest.mark.slow
    def test_percent_in_another_language_is_no_other_unit(self) -> None:
        """200 answers on 40 generated questions asking for hours, days, nights or beds."""
        assert_class_right("percent_word", first_questions(cases.cases("percent_word"), 40), (40, 200))


class TestTargetSide:
    @pytest.mark.slow
    def test_a_reach_denied_is_the_side_short_of_the_target(self) -> None:
        """117 answers on 13 generated bullet-chart and "higher or lower?" questions."""
        assert_class_right("target_side", first_questions(cases.cases("target_side"), 40), (13, 117))


class TestPeriodMoved:
    @pytest.mark.slow
    def test_a_change_over_a_period_the_item_does_not_name_fails(self) -> None:
        """30 answers on 6 generated questions whose reference dates the two ends of a change."""
        assert_class_right("period_moved", first_questions(cases.cases("period_moved"), 40), (6, 30))


class TestFiguresSwapped:
    @pytest.mark.slow
    def test_the_chart_value_and_the_text_figure_swapped_fail(self) -> None:
        """44 answers on 22 generated questions whose reference sets a chart value against a
        text figure, neither of them an asked fact."""
        assert_class_right("figures_swapped", first_questions(cases.cases("figures_swapped"), 40), (22, 44))


class TestUnreadBinding:
    def test_a_foreign_answer_with_an_unread_scale_or_side_is_uncertain(self) -> None:
        """A scale abbreviation the tables lack ("хил.", Bulgarian thousand) or the side said in
        unglossed words ("queda atrás") leaves an otherwise fully read foreign answer uncertain;
        the same answers with words the judge reads stay certain."""
        judge = OfflineJudge()
        counts = [q for q in cases.questions() if cases._judge20.count_asked(q) is not None][:10]
        assert len(counts) == 10
        for q in counts:
            fact = cases._judge20._numbers(q)[-1]
            said = cases._judge20._stated(q, fact)
            assert said is not None
            scale, noun = fact["unit"].split()
            for word, sure in (("хил.", False), ("тыс." if scale == "thousand" else "млн", True)):
                answer = q["reference"].replace(said, f"{cases._comma(fact['text'])} {word} {noun}")
                answer = f"Согласно графику: {answer}"
                verdict = judge.score(JudgeItem(q["question"], q["reference"], answer, q["answer_values"]))
                assert (UNREAD_BINDING not in verdict.judgement) is sure, (answer, verdict.judgement)
                assert sure or verdict.certain is False, (answer, verdict.judgement)
        sides = [q for q in cases.questions() if cases.target_asked(q) is not None][:8]
        assert len(sides) == 8
        for q in sides:
            values = "; ".join(f"{f['text']}" for f in cases._judge20._numbers(q))
            answer = f"Según el gráfico: {values}; la barra queda atrás del objetivo."
            verdict = judge.score(JudgeItem(q["question"], q["reference"], answer, q["answer_values"]))
            assert verdict.certain is False and UNREAD_BINDING in verdict.judgement, (
                answer,
                verdict.judgement,
            )
