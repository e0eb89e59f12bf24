"""The judge17 round's fixes (issue 25), on generated questions: the mechanisms behind held-out
set v16's false passes and certain errors.

- ``mismatch_verdict``: "a mismatch" is the verdict "contradicts" (beside "in line with" it
  contradicts a match);
- ``short_correction``: a correction ("— correction:", "— no, that is …;") takes back the value
  before it however short the answer;
- ``named_against_sign``: a change named right after as a move the other way ("−4.6 index points
  — an increase") contradicts it;
- ``multiple_denied``: a multiple ("nearly doubled", "halved") that the change's ends deny;
- ``colour_winner``: the colour an either-or question's reference puts below, said to be higher;
- ``reason_reversed``: a verdict whose own reason says the other way of the same item;
- ``data_units``: data rates keep their case ("MB/s" is megabytes, "Mbit/s" megabits);
- ``hours_minutes``: a value in hours written as hours and minutes alone ("9 h 24 min", "9h24");
- ``dutch_negation``: "de grafiek bevestigt het niet", "die Grafik bestätigt es nicht" contradict.

The answers come from :mod:`tests.judge.offline_cases_judge17`, built from the frozen question
snapshots up to v16 (questions only). Every class fails on offline-claims-v15.
"""

from __future__ import annotations

import pytest

from judge.conclusion import corrected
from judge.offline_facts import _Text
from judge.quantities import _pint_unit
from tests.judge import offline_cases_judge17 as cases
from tests.judge.error_classes import assert_class_right, first_questions

#: class -> (questions, answers) it is tried on at least; 40 questions at most
MINIMUM = {
    "mismatch_verdict": (30, 80),
    "short_correction": (40, 160),
    "named_against_sign": (40, 160),
    "multiple_denied": (40, 160),
    "colour_winner": (10, 80),
    "reason_reversed": (40, 160),
    "data_units": (7, 36),
    "hours_minutes": (26, 115),
    "dutch_negation": (40, 80),
}
_MOST = 40


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MINIMUM))
def test_the_judge_gets_every_answer_of_the_class_right(name: str) -> None:
    assert_class_right(name, first_questions(cases.cases(name), _MOST), MINIMUM[name])


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Average 62.89% — correction: 61.9% once 2016 is included.", " 61.9% once 2016 is included."),
        ("The mean is 58.8% — no, that is the 2023 value; it is 62.89%.", " the 2023 value; it is 62.89%."),
        ("No, that is below the forecast.", "No, that is below the forecast."),  # no value before it
    ],
)
def test_a_correction_after_a_value_withdraws_it_however_short(text: str, kept: str) -> None:
    assert corrected(text) == kept


@pytest.mark.parametrize(
    ("unit", "name"),
    [
        ("Mbps", "megabit / second"),
        ("Mbit/s", "megabit / second"),
        ("MB/s", "megabyte / second"),
        ("mbps", "megabit / second"),
        ("GB", "gigabyte"),
        ("kg", "kilogram"),  # other units as before
        ("MW", "megawatt"),
    ],
)
def test_data_units_keep_their_case(unit: str, name: str) -> None:
    assert str(_pint_unit(unit)) == name


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("It takes 9 h 24 min.", [9.4]),
        ("9h24 against 9h10", [9.4, 9 + 10 / 60]),
        ("a change of -2 hours and 27 minutes", [-2.45]),
        ("a change of −0 h 30 min", [-0.5]),
        ("11.9 hours (11 h 90 min)", [11.9, 11.0, 90.0]),  # no duration: read as written
        ("at 9 h, 24 people", [9.0, 24.0]),
    ],
)
def test_hours_and_minutes_are_one_number_of_hours(text: str, hours: list[float]) -> None:
    assert [n.readings[0] for n in _Text.of(text).numbers] == pytest.approx(hours)
