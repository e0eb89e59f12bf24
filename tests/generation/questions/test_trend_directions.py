"""Direction questions need the chart (issue trend45): none is asked of a metric whose real
direction is known (download speeds rise, battery prices fall: ``Chart.value_trend``), and over a
run the answers rise, fall and stay flat in near-equal shares, so neither world knowledge nor a
run's majority answer gives them. Counted over many planned documents of the paper config."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.build import make_questions
from generation.questions.chart_common import ordered_series
from generation.questions.trend_measures import trend_counts
from synthdocbench_tasks.schema import DocumentManifest, Question

pytestmark = pytest.mark.slow

N_DOCS = 300  # compare_representations asks a direction ~25 times per 100 reports: 300 keep chance small
#: Most of the direction answers one direction may hold, pooled (and per category, where a
#: category's few dozen answers leave more room to chance).
MAX_SHARE = {None: 0.45, "trend_pattern": 0.5, "compare_representations": 0.55}
#: Least share of the answers "broadly flat" holds (a real share, not a token one). 0.18 since
#: questions56 set each subset's level cycle apart (build.LEVEL_SHIFTS), which moves which reports
#: ask trend L2 here: flat 19.9% pooled, 19.0% of trend_pattern (up 41-42%, down 39%).
MIN_FLAT = 0.18


@pytest.fixture(scope="module")
def pairs() -> list[tuple[DocumentManifest, Question]]:
    config = load_config(Path("configs/paper.yaml"), seed=1877, n_docs=N_DOCS)
    out: list[tuple[DocumentManifest, Question]] = []
    for index in range(N_DOCS):
        manifest = plan_document(config, index).manifest
        out += [(manifest, q) for q in make_questions(manifest, config)]
    return out


def test_no_direction_is_asked_of_a_metric_with_a_known_direction(
    pairs: list[tuple[DocumentManifest, Question]],
) -> None:
    manifests = {m.doc_id: m for m, _ in pairs}.values()
    directed = sum(bool(ordered_series(c)) and c.value_trend != "any" for m in manifests for c in m.charts)
    counts = trend_counts(pairs)
    assert directed >= 50, directed  # the run has such charts to ask about
    assert counts[("asked",)] >= 60, counts
    assert counts[("directed",)] == 0, counts


def _shares(counts: Counter[tuple[str, ...]], category: str | None) -> dict[str, float]:
    found: Counter[str] = Counter()
    for (cat, _, move), n in ((k, n) for k, n in counts.items() if len(k) == 3):
        if category in (None, cat):
            found[move] += n
    total = sum(found.values())
    assert total >= 20, (category, found)
    return {m: found[m] / total for m in ("up", "down", "flat")}


@pytest.mark.parametrize("category", [None, "trend_pattern", "compare_representations"])
def test_rises_falls_and_flat_stretches_are_answered_in_near_equal_shares(
    pairs: list[tuple[DocumentManifest, Question]], category: str | None
) -> None:
    shares = _shares(trend_counts(pairs), category)
    assert max(shares.values()) <= MAX_SHARE[category], (category, shares)
    assert shares["flat"] >= MIN_FLAT, (category, shares)
