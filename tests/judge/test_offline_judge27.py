"""The judge27 round (issue 25): a verdict is certain only when every claim beyond the asked slot
was bound and checked (:mod:`judge.offline_unchecked`).

- ``respectively_swapped``: two values of one unit with their roles in a "respectively" list
  after them ("105.2 and 236.1 days, the maximum and minimum respectively"): the judge does not
  pair such a list, so the swapped form is no certain pass;
- ``foreign_swapped``: the two values in Arabic or Hebrew (scripts the gloss table has no word
  of), swapped: the judge reads the numbers, not the words that say which is which, so no
  certain pass;
- ``reason_reversed``: the item's reason stated as what the change brought about ("the change
  led the authorities to bring in the cap") where the reference's own causal wording is one the
  judge does not read: no certain pass;
- ``vulgar_fraction``: a value written with a vulgar fraction ("18⅕", "14 ¼") is read as its
  value (judge27 reads them; offline-claims-v25 read "18⅕" as 18 and 5).

The answers come from :mod:`tests.judge.offline_cases_judge27` (the frozen question snapshots up
to v26, questions only). Right forms may be left uncertain, never failed with certainty. How many
wrong forms offline-claims-v25 passes with certainty (and right forms it fails with certainty)
is in each test's comment.
"""

from __future__ import annotations

import pytest

from tests.judge import offline_cases_judge27 as cases
from tests.judge.error_classes import Row, assert_class_right, first_questions, verdict


def certain_errors(rows: list[Row]) -> list[str]:
    """One line for each wrong form passed with certainty and each right form failed with certainty."""
    out = []
    for q, answer, ok in rows:
        got = verdict(q, answer)
        if got.certain and (got.score >= 6) != ok:
            out.append(f"{q['question_id']} (got {got.score}, certain): {answer!r}")
    return out


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "least"),
    [
        ("respectively_swapped", (8, 32)),  # 14 of 20 wrong certain passes, 14 of 20 right certain fails
        ("foreign_swapped", (30, 180)),  # 24 of 120 wrong certain passes
        ("reason_reversed", (30, 90)),  # 3 of 120 wrong certain passes
    ],
)
def test_an_unchecked_claim_is_no_certain_verdict(name: str, least: tuple[int, int]) -> None:
    rows = first_questions(cases.cases(name), 40)
    assert len({q["question_id"] for q, _, _ in rows}) >= least[0] and len(rows) >= least[1], len(rows)
    assert [r for r in rows if not r[2]], "wrong forms"
    assert certain_errors(rows) == []


@pytest.mark.slow
def test_a_vulgar_fraction_is_read_as_its_value() -> None:
    """``vulgar_fraction`` on the first 40 generated questions it applies to: the reference with
    a value written "18⅕" or "14 ¼" passes, with another whole number fails (77 of 120 verdicts
    wrong on offline-claims-v25, which read "18⅕" as 18 and 5)."""
    assert_class_right("vulgar_fraction", first_questions(cases.cases("vulgar_fraction"), 40), (40, 120))
