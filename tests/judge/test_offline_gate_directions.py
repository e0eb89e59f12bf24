"""The opposite-direction gate (``judge.offline_gates.opposite_direction``) on phrasings the
generator's own references use: a reference must not read as moving against itself (two did,
and the judge26 operating point then failed them: ``test_reference_answers``)."""

from __future__ import annotations

import pytest

from judge.offline_gates import opposite_direction

#: (reference, an answer that says the other way): "from then to YEAR" before the readings, and
#: "put X down to a cause", which credits a cause and moves nothing.
CASES = [
    (
        "Greece tightened vehicle emission standards in 2012; from then to 2020, Greece rose, "
        "from 79 stations to 92 stations.",
        "From then to 2020 the number of stations in Greece fell.",
    ),
    (
        "That happened in 2019; rail freight operators put the course of the score from then to 2023 "
        "down mainly to the single customs window; over those years the score moved from 58.4 index "
        "points to 68.8 index points, a change of 10.4 index points.",
        "It dropped over those years, from 68.8 to 58.4 index points.",
    ),
    (
        "The highlighted year is 2019; from 2016 up to then the plotted indicator rose, from 108 kt "
        "to 231 kt.",
        "From 2016 to 2019 the indicator fell.",
    ),
    (
        "Analysts put the decline down to the new tariff; from 2015 to 2019 exports went from 41.2 "
        "to 33.9 billion USD.",
        "Exports increased between 2015 and 2019.",
    ),
]


@pytest.mark.parametrize(("reference", "other_way"), CASES)
def test_a_reference_does_not_move_against_itself(reference: str, other_way: str) -> None:
    assert not opposite_direction(reference, reference)
    assert opposite_direction(other_way, reference)


def test_down_to_a_number_is_still_a_direction() -> None:
    reference = "Between 2016 and 2021 the rate rose from 4.1% to 6.3%."
    assert opposite_direction("The rate went down to 4.1% by 2021.", reference)
    assert not opposite_direction("The rate went up to 6.3% by 2021.", reference)
