"""``crossmodal_measures.asks_no_more``: a level that repeats a lower one with a part left out."""

from __future__ import annotations

import pytest

from generation.questions.crossmodal_measures import asks_no_more
from synthdocbench_tasks.schema import AnswerValue
from tests.generation.questions.planned import planned_run, question_pairs


@pytest.mark.slow
def test_verify_l4_counted_as_asking_no_more_than_l2_until_it_asks_another_part() -> None:
    questions = [q for _, q in question_pairs(planned_run(7, 15))]
    within, asked = asks_no_more(questions, "verify_with_chart", "L4", "L2")
    # open (docs/questions.md): verify L4 asks the verdict and a miss's side, L2 those and the value
    assert asked >= 3 and within == asked, (within, asked)
    colour = AnswerValue(kind="label", text="teal")
    more = [
        q.model_copy(update={"answer_values": [*q.answer_values, colour]}) if q.difficulty == "L4" else q
        for q in questions
    ]
    assert asks_no_more(more, "verify_with_chart", "L4", "L2") == (0, asked)
