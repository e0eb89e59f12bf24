"""``crossmodal_measures.asks_no_more``: a level that repeats a lower one with a part left out."""

from __future__ import annotations

import pytest

from generation.questions.crossmodal_measures import asks_no_more
from synthdocbench_tasks.schema import AnswerValue
from tests.generation.questions.planned import planned_run, question_pairs


@pytest.mark.slow
def test_a_level_that_repeats_a_lower_one_is_counted() -> None:
    questions = [q for _, q in question_pairs(planned_run(7, 15))]
    within, asked = asks_no_more(questions, "verify_with_chart", "L4", "L2")
    # verify L4 reads two marks for a derived claim (crossmodal_change): none asks only what L2 does
    assert asked >= 3 and within == 0, (within, asked)
    l2 = [q for q in questions if q.category == "verify_with_chart" and q.difficulty == "L2"]
    assert l2
    # an L4 that asked what an L2 of its verdict asks, one mark and the same parts, is counted
    again = [q.model_copy(update={"difficulty": "L4"}) for q in l2]
    assert asks_no_more(l2 + again, "verify_with_chart", "L4", "L2") == (len(again), len(again))
    colour = AnswerValue(kind="label", text="teal")
    more = [q.model_copy(update={"answer_values": [*q.answer_values, colour]}) for q in again]
    assert asks_no_more(l2 + more, "verify_with_chart", "L4", "L2") == (0, len(more))
