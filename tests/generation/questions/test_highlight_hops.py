"""An L5 hop a chart's highlight answers (questions52).

A highlighted item is named on its chart (a "▼ name" callout, a line's "◀ name" label), so an L5
question asking the reader to find a series by its colour is answered by the pointer's wording
where the chart highlights that series (``cue_measures.named_by_highlight``); and a chart drawn
sorted by value puts its highlighted mark where a reader of the values alone guesses it (value
L5's highlight question is not asked of one, as value L2's extremes are not).

L5 asks few such questions per document, so every chart-reading builder drafts many L5 slots on
every planned document (as ``test_sorted_measures`` does), complex L5 too, and the counters read each draft.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.build import draft_to_question
from generation.questions.chart import BUILDERS as CHART_BUILDERS
from generation.questions.common import Builder, Context
from generation.questions.complex import BUILDERS as COMPLEX_BUILDERS
from generation.questions.cue_measures import highlight_named_counts
from synthdocbench_tasks.schema import DocumentManifest, Question
from tests.generation.questions.planned import PAPER

pytestmark = pytest.mark.slow

SEED, N_DOCS, TRIES = 1319, 30, 8
#: Every builder with an L5 that may find a series by its colour: chart reading and complex.
BUILDERS: dict[str, Builder] = {**CHART_BUILDERS, **COMPLEX_BUILDERS}


def _drafted(manifest: DocumentManifest, index: int) -> list[Question]:
    ctx = Context.of(manifest)
    out = []
    for n, category in enumerate(BUILDERS):
        for k in range(TRIES):
            rng = np.random.default_rng([SEED, index, n, k])
            draft = BUILDERS[category](ctx.fork(), "L5", rng)
            if draft is not None:
                subset = "chart" if category in CHART_BUILDERS else "complex"
                out.append(draft_to_question(ctx, subset, k, draft))
    return out


@pytest.fixture(scope="module")
def drafted() -> list[tuple[DocumentManifest, Question]]:
    config = load_config(PAPER, seed=SEED, n_docs=N_DOCS)
    manifests = [plan_document(config, i).manifest for i in range(N_DOCS)]
    return [(m, q) for i, m in enumerate(manifests) for q in _drafted(m, i)]


def test_no_colour_hop_asks_for_a_series_the_highlight_names(drafted: list) -> None:
    """On main 3a2a05e: 191 of 917 drafted L5 questions asking a series by its colour ask one their
    chart highlights (comparison 52, trend 60, impact 44, technical 31, value 4)."""
    counts = highlight_named_counts(drafted)
    asked = sum(n for k, n in counts.items() if k.endswith("/of"))
    named = sum(n for k, n in counts.items() if not k.endswith("/of"))
    assert asked >= 100, counts  # series are still asked by colour
    assert named == 0, counts


def _sorted(manifest: DocumentManifest, q: Question) -> bool | None:
    """Whether a value L5 highlight question's chart is drawn sorted by value; None for others."""
    if q.category != "value_reading" or "highlight" not in q.question.lower():
        return None
    chart = next(c for c in manifest.charts if c.index == q.chart_index)
    return chart.visualProperties.sortOrder != "none"


def test_no_highlight_is_asked_of_a_chart_drawn_sorted(drafted: list) -> None:
    """On main 3a2a05e: 42 drafted value L5 highlight questions on sorted charts (63 on others)."""
    found = Counter(_sorted(m, q) for m, q in drafted)
    assert found[False] >= 40, found  # highlights are still asked, of unsorted charts
    assert found[True] == 0, found
