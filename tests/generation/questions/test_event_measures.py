"""Questions chained to the report's dated events (``generation.questions.event_measures``), over
40 planned paper-config documents: each event a question chains to a chart's value concerns the
chart's place or the series read (audit43 C3). On main 083b918 these documents gave 63 of 71
such questions chaining an event about another entity (58 such questions here, none)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.build import make_questions
from generation.questions.event_measures import event_anchor, event_counts

pytestmark = pytest.mark.slow

PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"
SEED, N_DOCS = 41, 40


def test_no_question_chains_an_event_about_another_entity() -> None:
    config = load_config(PAPER, seed=SEED, n_docs=N_DOCS)
    pairs = []
    for i in range(N_DOCS):
        m = plan_document(config, i).manifest
        pairs += [(m, q) for q in make_questions(m, config)]
    counts = event_counts(pairs)
    chained = sum(v for k, v in counts.items() if k.startswith("event_elsewhere/of "))
    assert chained >= 50, counts  # events still carry questions of each kind
    elsewhere = [q.question_id for m, q in pairs if event_anchor(m, q) == "elsewhere"]
    assert elsewhere == []
