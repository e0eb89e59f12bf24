"""The judge33 round (issue 25: bindings and a certainty signal that hold beyond the styles a
round read), on v32-v33's certain false passes.

- ``fall_after``: a rise stated with a fall word after its number and unit ("0.3 billion USD
  減少しました", "0.3십억 달러 감소했습니다", glossed "… fell"; "a 0.3 billion USD drop"):
  offline-claims-v31 looked for a fall word only before the number;
- ``accounting_negative``: a positive share written as an accounting negative ("(10.62)%",
  "(10.62) %, a loss"): the brackets were read as an aside;
- ``sentence_items``: "Label: value." items after another sentence ("Brown: Mozambique. Research
  councils: favourable. Rectors' conferences: critical."): the list reader did not split them,
  so a view was not bound to its group;
- ``ahead_named``: under "which comes out ahead, A or B?", "which puts B ahead" names the other
  one: "ahead" was no cue of the question, and a name with "and" in it was cut at "and";
- ``off_precise`` (a certainty signal, no rule): a value within a wide tolerance but 4% off,
  written to a decimal without a hedge, is no certain pass.

The answers come from :mod:`tests.judge.offline_cases_judge33` (the frozen question snapshots up
to v33, questions only). A wrong form must fail (``off_precise``: be no certain pass); a right
form must be no certain fail (``off_precise``: no fail).
"""

from __future__ import annotations

import pytest

from tests.judge import offline_cases_judge33 as cases
from tests.judge.error_classes import certain_pass_errors, first_questions, unit_class_errors


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "least_questions"),
    [("fall_after", 15), ("accounting_negative", 30), ("sentence_items", 30), ("ahead_named", 2)],
)
def test_a_value_a_view_and_a_winner_are_bound_to_the_asked_slot(name: str, least_questions: int) -> None:
    rows = first_questions(cases.cases(name), 40)
    assert len({q["question_id"] for q, _, _ in rows}) >= least_questions, len(rows)
    assert [r for r in rows if r[2]] and [r for r in rows if not r[2]]
    assert unit_class_errors(rows) == []


@pytest.mark.slow
def test_a_precise_value_off_the_asked_one_is_no_certain_pass() -> None:
    rows = first_questions(cases.cases("off_precise"), 40)
    assert len({q["question_id"] for q, _, _ in rows}) >= 30, len(rows)
    assert [r for r in rows if r[2]] and [r for r in rows if not r[2]]
    assert certain_pass_errors(rows) == []
