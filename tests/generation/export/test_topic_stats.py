"""``synthdocbench stats``' topic line: distinct titles, domains and plausibility violations."""

from __future__ import annotations

from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.export.topic_stats import TopicTally
from generation.plan.config import load_config

PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"


@pytest.mark.slow
def test_the_topic_line_counts_titles_domains_and_violations() -> None:
    config = load_config(PAPER, seed=2)
    tally = TopicTally()
    manifests = [plan_document(config, i).manifest for i in range(3)]
    for m in manifests:
        tally.add(m)
    domains = len({m.domain for m in manifests})
    assert tally.line() == (
        f"topics: 3 distinct titles in 3 documents (most repeated 1), {domains} domains; "
        "plausibility violations: 0 (none)"
    )
    broken = manifests[0].model_copy(deep=True)
    fact = next(f for f in broken.world.facts if not f.part)
    fact.value *= 1000
    tally.add(broken)
    assert "most repeated 2" in tally.line() and "plausibility violations: 0" not in tally.line()
