"""Questions chained to the report's dated events (``generation.questions.event_measures``), over
40 planned paper-config documents: each event a question chains to a chart's value concerns the
chart's place or the series read (audit43 C3). On main 083b918 these documents gave 63 of 71
such questions chaining an event about another entity (58 such questions here, none)."""

from __future__ import annotations

import pytest

from generation.questions.event_measures import event_anchor, event_counts
from tests.generation.questions.planned import planned_run, question_pairs

pytestmark = pytest.mark.slow

SEED, N_DOCS = 41, 40


def test_no_question_chains_an_event_about_another_entity() -> None:
    pairs = question_pairs(planned_run(SEED, N_DOCS))
    counts = event_counts(pairs)
    chained = sum(v for k, v in counts.items() if k.startswith("event_elsewhere/of "))
    assert chained >= 45, counts  # events still carry questions of each kind (49 since world51)
    elsewhere = [q.question_id for m, q in pairs if event_anchor(m, q) == "elsewhere"]
    assert elsewhere == []
