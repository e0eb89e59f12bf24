"""Extreme years need the chart (issue peaks47): the year a series peaks, or its highest or lowest
mark, is never asked of a metric with a known real direction (its extreme sits at the end that
direction gives), and lands at the chart's first or last year about as often as a uniform answer
would (2 of n years), neither far more (answering the last year would score) nor never.

Year extremes are a few questions per hundred documents, too few to count in whole runs: the
builders that ask them (trend L2, value L2, comparison L5) each draft many slots on every
planned document instead (``generation.questions.extreme_measures``).
"""

from __future__ import annotations

import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.extreme_measures import Placed, drafted_places
from generation.questions.extreme_years import end_chance
from tests.generation.questions.planned import PAPER

pytestmark = pytest.mark.slow

SEED, N_DOCS, TRIES = 2647, 40, 30


@pytest.fixture(scope="module")
def places() -> list[Placed]:
    config = load_config(PAPER, seed=SEED, n_docs=N_DOCS)
    return [
        p for i in range(N_DOCS) for p in drafted_places(plan_document(config, i).manifest, SEED, i, TRIES)
    ]


def test_no_extreme_year_is_asked_of_a_metric_with_a_known_direction(
    places: list[Placed],
) -> None:
    """On main eed7d40: 29 of 317 (the peak of download speeds, at the last year)."""
    directed = sum(p.directed for p in places)
    assert len(places) >= 60, len(places)
    assert directed == 0, (directed, len(places))


def test_extreme_years_land_at_the_ends_about_as_often_as_uniform_answers(
    places: list[Placed],
) -> None:
    """On main eed7d40: 281 of 317 at an end (119 first, 162 last) against 98.4 uniform;
    now 53 of 142 (28, 25) against 45.5."""
    ends = sum(p.place != "interior" for p in places)
    uniform = sum(p.uniform for p in places)
    firsts = sum(p.place == "first" for p in places)
    assert 0.65 * uniform <= ends <= 1.45 * uniform, (ends, uniform, len(places))
    assert firsts >= 0.2 * ends, (firsts, ends)  # both ends, not only the last year


@pytest.mark.parametrize(("end_years", "interior_years"), [(6, 6), (3, 8), (9, 4), (4, 5)])
def test_the_end_chance_asks_the_end_as_often_as_uniform_answers(end_years: int, interior_years: int) -> None:
    p = end_chance(end_years, interior_years)
    assert 0 < p < 1
    assert p * 2 / end_years + (1 - p) * 2 / interior_years == pytest.approx(p)
