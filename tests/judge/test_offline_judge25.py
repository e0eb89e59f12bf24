"""The judge25 round (issue 25): claims beside the asked slot, and values read with their marks.

- ``currency_sign``: a value in US dollars with another currency's sign after it ("0.193 €M",
  "0.193 M€") fails; with "US$" or "USD" it passes;
- ``abbreviated_year``: a year cut to two digits ("('11)", "FY'11") is that year: the right one
  passes, a wrong one fails;
- ``ratio_sides``: a ratio's value with its two sides the other way round ("B is about 2.17 times
  A" for "A is about 2.17 times B") fails;
- ``colour_verdict_flip``: the values read right and the other colour named the larger ("the
  brown one holds the larger value") fails;
- ``lowest_named``: for a question that asks which is the lowest, the label said to be the lowest
  passes ("Iran's median is the lowest, at …" failed as "the lower one") and said to be the
  highest fails;
- ``extra_claim``: a right answer that adds a claim the item never states (a rank among all the
  items, a year it never names, two things at the same time) is no certain pass.

The answers come from :mod:`tests.judge.offline_cases_judge25`, built from the frozen question
snapshots up to v24 (questions only). How many of each class offline-claims-v23 (main at
bb5cc82, its ``judge/`` with these cases) gets wrong is in each test's comment.
"""

from __future__ import annotations

import pytest

from tests.judge import offline_cases_judge25 as cases
from tests.judge.error_classes import assert_class_right, certain_pass_errors, first_questions


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "least"),
    [
        ("currency_sign", (40, 200)),  # 120 wrong on offline-claims-v23
        ("abbreviated_year", (30, 120)),  # 64 wrong
        ("ratio_sides", (15, 60)),  # 2 wrong
        ("colour_verdict_flip", (3, 9)),  # 6 wrong
        ("lowest_named", (8, 32)),  # 30 wrong
    ],
)
def test_a_claim_read_with_its_marks_gets_its_verdict(name: str, least: tuple[int, int]) -> None:
    """Each class on the first 40 generated questions it applies to: right forms pass, wrong
    forms fail."""
    assert_class_right(name, first_questions(cases.cases(name), 40), least)


@pytest.mark.slow
def test_a_claim_beyond_the_item_is_no_certain_pass() -> None:
    """``extra_claim`` on the first 40 generated questions it applies to (119 certain passes of
    160 wrong forms on offline-claims-v23): no certain pass among the forms with a claim the
    judge cannot check, and the right forms pass."""
    rows = first_questions(cases.cases("extra_claim"), 40)
    assert len({q["question_id"] for q, _, _ in rows}) >= 40 and len(rows) >= 200
    assert [r for r in rows if not r[2]] and certain_pass_errors(rows) == []
