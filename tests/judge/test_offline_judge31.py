"""The judge31 round (issue 25, point 1: roles, entities and units bound to the asked slot).

- ``share_for_count``: a count written as a share of a whole ("333 basis points", "333‰",
  "333 percentage points" for 333 districts) is in another unit; offline-claims-v29 read basis
  points and per mille as no unit a count could refuse and passed them with certainty.

The answers come from :mod:`tests.judge.offline_cases_judge31` (the frozen question snapshots up
to v29, questions only). A wrong form must fail; a right form must be no certain fail.
"""

from __future__ import annotations

import pytest

from tests.judge import offline_cases_judge31 as cases
from tests.judge.error_classes import Row, first_questions, verdict


def class_errors(rows: list[Row]) -> list[str]:
    """One line for each wrong form that passes and each right form failed with certainty."""
    out = []
    for q, answer, ok in rows:
        got = verdict(q, answer)
        if (got.score >= 6) if not ok else (got.score < 6 and got.certain):
            out.append(f"{q['question_id']} (got {got.score}, certain {got.certain}): {answer!r}")
    return out


@pytest.mark.slow
def test_a_count_in_a_share_of_a_whole_is_no_match() -> None:
    rows = first_questions(cases.cases("share_for_count"), 40)
    assert len({q["question_id"] for q, _, _ in rows}) >= 30 and len(rows) >= 200, len(rows)
    assert class_errors(rows) == []
