"""A verb after a name agrees with the name's number (``agreement_measures``): "the nitrogen
oxide emissions in Bangladesh were broadly flat", "Compare: Households are larger", "where do
zero-dose children in Poland in 2017 stand"."""

from __future__ import annotations

import pytest

from generation.questions.agreement_measures import agreement_counts, disagreements
from tests.generation.questions.planned import planned_run, question_pairs

#: 80 documents; the generator before its templates went through ``grammar.said_of`` (main at
#: eed7d40) wrote 9 question or answer texts (of 1,426) and 3 reasoning steps here whose verb
#: disagreed
SEED = 7
N_DOCS = 80


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "The days with unhealthy air in Argentina was broadly flat.",
            ["The days with unhealthy air in Argentina was"],
        ),
        ("The days with unhealthy air in Argentina were broadly flat.", []),
        ("Compare: Households is larger.", ["Households is"]),
        ("Where does zero-dose children in Poland in 2017 stand on the chart?", ["does zero-dose children"]),
        ("Where do zero-dose children in Poland in 2017 stand on the chart?", []),
        ("The share of households was 4%.", []),  # the subject is "the share"
        ("By what factor does the households segment exceed the other?", []),  # "the segment" is
        ("Germany were higher.", ["Germany were"]),
        ("Germany was higher; did Germany rise?", []),
    ],
)
def test_disagreements_are_found_where_the_name_is_the_subject(text: str, found: list[str]) -> None:
    assert (
        disagreements(
            text,
            ["days with unhealthy air", "Households", "zero-dose children", "Germany"],
            ["Argentina", "Poland"],
        )
        == found
    )


@pytest.mark.slow
def test_no_question_answer_or_step_has_a_verb_that_disagrees_with_its_name() -> None:
    counts = agreement_counts(question_pairs(planned_run(SEED, N_DOCS)))
    assert counts["texts"] >= 1000 and counts["steps"] >= 1500, counts
    assert counts["wrong"] == 0 and counts["reasoning"] == 0, counts
