"""Series turn (issue peaks46): a share of the world's moving series peak or dip in interior
years, so the charts' series are not nearly all monotone with their extremes at the two ends,
while a metric of known direction still goes its way over any four years, flat series stay
flat and every value stays inside its entity's range."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.shape_measures import MIN_YEARS, extremes_at_ends, is_monotone, year_series
from generation.validate.plausibility import AGAINST_FRACTION
from generation.world import space
from generation.world.numbers import NumberRegistry
from generation.world.table import TURN_SHARE, FactTable

pytestmark = pytest.mark.slow

N_DOCS = 60


def _worlds() -> list[FactTable]:
    """Fact tables of every 5th topic of the space, over its periods in turn, three seeds each."""
    out = []
    for i in range(0, len(space.pairs()), 5):
        topic = space.compose(i, space.PERIODS[i % len(space.PERIODS)])
        out += [FactTable(topic, seed, f"doc-{seed}", NumberRegistry()) for seed in (31, 37, 43)]
    return out


@pytest.fixture(scope="module")
def worlds() -> list[FactTable]:
    return _worlds()


def _turns(s: np.ndarray) -> bool:
    """Whether ``s`` moves against its first-to-last direction by more than a tenth of that
    move between two years two or more apart (noise alone reaches a few hundredths)."""
    move = s[-1] - s[0]
    back = [np.sign(move) * (s[gap:] - s[:-gap]) for gap in range(2, len(s))]
    return bool(min(b.min() for b in back) < -0.1 * abs(move))


def test_a_share_of_the_moving_series_turn_in_interior_years(worlds: list[FactTable]) -> None:
    """On e1f1103's generator 18 of 10164 such series turn, now 3344 (0.33)."""
    turned = moving = 0
    for world in worlds:
        for m in (m for m in world.metrics if m.trend == "any"):
            for entity in world.topic.entities:
                s = np.array(world.preview(m.name, entity, world.years))
                if world.is_flat(m.name, entity) or len(s) < 5:
                    continue
                moving += 1
                turned += _turns(s)
    assert moving >= 3000, moving
    assert 0.6 * TURN_SHARE <= turned / moving <= 1.1 * TURN_SHARE, (turned, moving)


def test_a_metric_with_a_known_direction_never_turns_back_over_four_years(worlds: list[FactTable]) -> None:
    """Between any two years three or more apart a directed series moves its way or falls back
    less than the plausibility measure's AGAINST_FRACTION; some of them do dip (and recover):
    a fall of 2% from one year to the next in 30 of 1617 on e1f1103's generator, now 209."""
    dipped = checked = 0
    for world in worlds:
        for m in (m for m in world.metrics if m.trend != "any"):
            sign = 1.0 if m.trend == "up" else -1.0
            for entity in world.topic.entities:
                s = np.array(world.preview(m.name, entity, world.years_of(m.name)))
                for gap in range(3, len(s)):
                    change = sign * (s[gap:] - s[:-gap]) / np.abs(s[:-gap])
                    assert change.min() > -AGAINST_FRACTION, (world.topic.key, m.name, entity, s)
                checked += 1
                dipped += bool((sign * np.diff(s) < -0.02 * np.abs(s[:-1])).any())
    assert checked >= 300 and dipped >= 0.08 * checked, (dipped, checked)


def test_turning_keeps_values_inside_their_bounds(worlds: list[FactTable]) -> None:
    for world in worlds:
        for m in world.metrics:
            for entity in world.topic.entities:
                low, high = world.bounds(m, entity)
                s = world.preview(m.name, entity, world.years)
                assert low <= min(s) and max(s) <= high, (world.topic.key, m.name, entity)


@pytest.fixture(scope="module")
def chart_series() -> list[list[float]]:
    config = load_config(Path("configs/paper.yaml"), seed=2467, n_docs=N_DOCS)
    return [
        s
        for index in range(N_DOCS)
        for c in plan_document(config, index).manifest.charts
        for s in year_series(c)
        if len(s) >= MIN_YEARS
    ]


def test_fewer_charted_series_are_monotone_with_their_extremes_at_the_ends(
    chart_series: list[list[float]],
) -> None:
    """On e1f1103's generator these 60 documents chart 751 series of 4+ years, 461 (0.61) strictly
    monotone and 531 (0.71) with their maximum and minimum at the two ends; now 763, 320 (0.42)
    and 406 (0.53)."""
    n = len(chart_series)
    monotone = sum(is_monotone(s) for s in chart_series)
    ends = sum(extremes_at_ends(s) for s in chart_series)
    assert n >= 500, n
    assert monotone / n <= 0.52, (monotone, n)
    assert ends / n <= 0.63, (ends, n)
