"""Extreme items need the chart (blind53): a chart drawn sorted by value (``sortOrder``) puts
its highest and lowest items at its two ends, so value L2 never asks the extreme item of one.

Value L2 asks a few item extremes per hundred documents, so its builder drafts many slots on
every planned document (as ``test_extreme_years`` does), and the counter of
``generation.questions.sorted_measures`` reads each drafted question.
"""

from __future__ import annotations

import numpy as np
import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.build import draft_to_question
from generation.questions.chart import BUILDERS
from generation.questions.common import Context
from generation.questions.sorted_measures import Counts, render, sorted_end_counts
from synthdocbench_tasks.schema import DocumentManifest, Question
from tests.generation.questions.planned import PAPER

pytestmark = pytest.mark.slow

SEED, N_DOCS, TRIES = 5021, 30, 12


def _drafted(manifest: DocumentManifest, index: int) -> list[Question]:
    ctx = Context.of(manifest)
    out = []
    for k in range(TRIES):
        draft = BUILDERS["value_reading"](ctx.fork(), "L2", np.random.default_rng([SEED, index, k]))
        if draft is not None:
            out.append(draft_to_question(ctx, "chart", k, draft))
    return out


@pytest.fixture(scope="module")
def counts() -> Counts:
    config = load_config(PAPER, seed=SEED, n_docs=N_DOCS)
    manifests = [plan_document(config, i).manifest for i in range(N_DOCS)]
    return sorted_end_counts((m, q) for i, m in enumerate(manifests) for q in _drafted(m, i))


def test_no_extreme_item_is_asked_of_a_chart_drawn_sorted(counts: Counts) -> None:
    """On main b164a16: 100 drafted extremes on sorted charts, all 100 at an end (87 of 213 on
    the others)."""
    on = counts.get(("value_reading", "L2", True), [0, 0])
    off = counts.get(("value_reading", "L2", False), [0, 0])
    assert off[0] >= 40, counts  # item extremes are still asked, of unsorted charts
    assert on[0] == 0, (on, off)
    assert off[1] < off[0], off  # an unsorted chart's extreme is not always at an end


def test_the_counter_prints_each_cell(counts: Counts) -> None:
    lines = render(counts)
    assert any(line.startswith("  value_reading L2: sorted ") for line in lines), lines
