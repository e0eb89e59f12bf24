"""The judge32 round (issue 25, point 1: values, units, sides and colours bound to the asked
slot), on v29-v31's certain false passes.

- ``k_for_count``: a count under the SI prefix k ("32.93 k branches" for 32.93 branches);
  offline-claims-v30 read "k" as a scale only of a scaled fact and passed the count;
- ``key_unit_scale``: a "unit:" line naming another scale than the value's ("0.182 / unit:
  billion wafers" for 0.182 million wafers); the line was read only for a fact with a currency,
  a physical unit or a share;
- ``colour_last``: a colour read right in a tool call and then answered as another ("call:
  read_series(color='olive') … Kenya is drawn in magenta"); the first clean mention counted;
- ``bold_items``: two groups' views as bold items ("**statistics offices: favourable**,
  **fiscal council: critical**"): the list reader did not split items that open with "**";
- ``csv_rows``: a CSV row's year and value ("year,value / 2013,12.1 million m³"): the comma cut
  the row's clause, so the value was not bound to its year;
- ``figure_side_swapped``: the chart's reading given alone as the text's figure ("it matches;
  the forecast is 3.56%"); offline-claims-v30 flagged only both figures swapped;
- ``pronoun_sides``: "It is 1.13 percentage points below it" under "How far is A from B?":
  no side word named either side, so no side was read;
- ``gap_side``: a reference ending on the gap of its figures ("…, a gap of 3.6 percentage
  points") gave the gap the text's side, so its two figures were not read and no side checked;
- ``foreign_fall``: a rise written with a fall verb of another language ("sank der Anteil um
  0,42", "cayó 0,42", "a baissé de 0,42").

The answers come from :mod:`tests.judge.offline_cases_judge32` (the frozen question snapshots up
to v31, questions only). A wrong form must fail; a right form must be no certain fail.
"""

from __future__ import annotations

import pytest

from tests.judge import offline_cases_judge32 as cases
from tests.judge.error_classes import first_questions, unit_class_errors


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "least_questions"),
    [
        ("k_for_count", 30),
        ("key_unit_scale", 30),
        ("colour_last", 30),
        ("bold_items", 30),
        ("csv_rows", 30),
    ],
)
def test_a_value_is_bound_to_its_unit_label_and_colour(name: str, least_questions: int) -> None:
    rows = first_questions(cases.cases(name), 40)
    assert len({q["question_id"] for q, _, _ in rows}) >= least_questions, len(rows)
    assert [r for r in rows if r[2]] and [r for r in rows if not r[2]]
    assert unit_class_errors(rows) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "least_questions"),
    [("figure_side_swapped", 15), ("pronoun_sides", 1), ("gap_side", 5), ("foreign_fall", 15)],
)
def test_a_side_or_a_direction_is_bound_to_its_figures(name: str, least_questions: int) -> None:
    """Every generated question of each form (the pronoun form has one in the snapshots to v31)."""
    rows = list(cases.cases(name))
    assert len({q["question_id"] for q, _, _ in rows}) >= least_questions, len(rows)
    assert [r for r in rows if r[2]] and [r for r in rows if not r[2]]
    assert unit_class_errors(rows) == []
