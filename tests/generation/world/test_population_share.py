"""A count that is a rate of its entity's population (a theme's ``of_population``): the employed
people of an age group are its employment rate times its people, in every report of the theme."""

from __future__ import annotations

from typing import Any

import pytest

from generation.world import space
from generation.world.numbers import NumberRegistry
from generation.world.table import FactTable

SEEDS = (1, 2, 3)
#: The count agrees with its rate within the rounding and the number registry's moves (a value
#: already printed moves to the nearest free number string).
TOLERANCE = 0.05


def _linked_topics() -> list[tuple[space.Topic, str, str]]:
    """(topic, count metric, rate metric) of every pair whose theme has an ``of_population`` link."""
    out = []
    for i, pair in enumerate(space.pairs()):
        records = [*pair.theme["metrics"], pair.theme["mix"]["metric"]]
        for r in records:
            if r.get("of_population"):
                out.append((space.compose(i, space.PERIODS[-1]), r["name"], r["of_population"]))
    return out


def test_the_labour_theme_links_its_people_counts_to_its_employment_rate() -> None:
    linked = {(t.key.split("@")[0], count, rate) for t, count, rate in _linked_topics()}
    assert ("labour-age", "employed people", "employment rate") in linked
    assert ("labour-age", "jobs held", "employment rate") in linked


@pytest.mark.parametrize("seed", SEEDS)
def test_people_counts_are_their_rate_of_the_population(seed: int) -> None:
    """Before: 1.5-4.5 million employed per 50 million people put an age group's employed at 3-9%
    of its people beside an employment rate of 18-86% (Indonesia's 35-44s: 2.2 million employed
    of 34.6 million, employment rate 47.7-77.1%, seed 5167)."""
    topics = _linked_topics()
    checked = 0
    for topic, count, rate in topics:
        limits = space.limits_of(topic)
        assert limits is not None
        table = FactTable(topic, seed, f"share-{topic.key}", NumberRegistry())
        scale = space.SCALE_FACTOR[table.metric(count).scale]
        for entity in topic.entities:
            people = limits.attributes[entity]["population"]
            for year in table.years[::3]:
                stated = table.value(rate, entity, year)
                share = 100 * table.value(count, entity, year) * scale / people
                # the cap (80% of the people) bounds a rate above it
                assert share == pytest.approx(min(stated, 80.0), rel=TOLERANCE), (topic.title, entity, year)
                checked += 1
    assert len({t.key for t, _, _ in topics}) >= 20 and checked >= 1000


def test_a_link_to_no_rate_of_its_theme_is_refused_with_one_line() -> None:
    theme: dict[str, Any] = {
        "metrics": [{"name": "employment rate", "unit": "hours", "low": 1, "high": 2}],
        "mix": {"metric": {"name": "jobs", "unit": "people", "per": "population", "of_population": "x"}},
    }
    with pytest.raises(space.TopicSpaceError, match="of_population 'x'; name a '%' metric of its theme"):
        space._population_shares("themes.yaml", theme)
