"""Extreme years need the chart (issue peaks47): the year a series peaks, or its highest or lowest
mark, is never asked of a metric with a known real direction (its extreme sits at the end that
direction gives), and lands at the chart's first or last year about as often as a uniform answer
would (2 of n years), neither far more (answering the last year would score) nor never.

Year extremes are a few questions per hundred documents, too few to count in whole runs: the
builders that ask them (trend L2, value L2, comparison L5) each draft many slots on every
planned document instead, each slot from a fresh context and stream.
"""

from __future__ import annotations

import numpy as np
import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.chart import BUILDERS
from generation.questions.common import Context
from generation.questions.extreme_years import end_chance
from generation.questions.shape_measures import is_extreme, place_name, year_place
from synthdocbench_tasks.schema import Difficulty
from tests.generation.questions.planned import PAPER

pytestmark = pytest.mark.slow

SEED, N_DOCS, TRIES = 2647, 40, 30
#: The builders (and levels) whose makers ask a chart's extreme mark.
SLOTS: tuple[tuple[str, Difficulty], ...] = (
    ("trend_pattern", "L2"),
    ("value_reading", "L2"),
    ("comparison", "L5"),
)


@pytest.fixture(scope="module")
def places() -> list[tuple[str, float, bool]]:
    """(first / interior / last, 2 / n of the chart's n years, on a metric with a known direction)
    of every extreme-year answer drafted."""
    config = load_config(PAPER, seed=SEED, n_docs=N_DOCS)
    out = []
    for index in range(N_DOCS):
        ctx = Context.of(plan_document(config, index).manifest)
        for k in range(TRIES):
            for b, (category, level) in enumerate(SLOTS):
                draft = BUILDERS[category](ctx.fork(), level, np.random.default_rng([SEED, index, k, b]))
                chart = draft.charts[0] if draft and draft.charts else None
                found = year_place(chart, draft.answer_values) if draft and chart else None
                if draft and chart and found and is_extreme(draft.data_refs(), found[0], chart):
                    out.append((place_name(*found), 2 / found[1], chart.value_trend != "any"))
    return out


def test_no_extreme_year_is_asked_of_a_metric_with_a_known_direction(
    places: list[tuple[str, float, bool]],
) -> None:
    """On main eed7d40: 29 of 317 (the peak of download speeds, at the last year)."""
    directed = sum(directed for _, _, directed in places)
    assert len(places) >= 60, len(places)
    assert directed == 0, (directed, len(places))


def test_extreme_years_land_at_the_ends_about_as_often_as_uniform_answers(
    places: list[tuple[str, float, bool]],
) -> None:
    """On main eed7d40: 281 of 317 at an end (119 first, 162 last) against 98.4 uniform;
    now 53 of 142 (28, 25) against 45.5."""
    ends = sum(where != "interior" for where, _, _ in places)
    uniform = sum(share for _, share, _ in places)
    firsts = sum(where == "first" for where, _, _ in places)
    assert 0.65 * uniform <= ends <= 1.45 * uniform, (ends, uniform, len(places))
    assert firsts >= 0.2 * ends, (firsts, ends)  # both ends, not only the last year


@pytest.mark.parametrize(("end_years", "interior_years"), [(6, 6), (3, 8), (9, 4), (4, 5)])
def test_the_end_chance_asks_the_end_as_often_as_uniform_answers(end_years: int, interior_years: int) -> None:
    p = end_chance(end_years, interior_years)
    assert 0 < p < 1
    assert p * 2 / end_years + (1 - p) * 2 / interior_years == pytest.approx(p)
