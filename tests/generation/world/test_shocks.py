"""A theme whose premise is a shock draws it (a metric's ``shock``): tourist arrivals collapse in
2020 in a report on tourism's recovery, chip lead times stretch in 2021 after the shortage, each
entity of a report to its own depth, inside the ranges the plausibility rule reads."""

from __future__ import annotations

import math

import pytest

from generation.world import space
from generation.world.numbers import NumberRegistry
from generation.world.table import FactTable

SEEDS = (1, 2)
#: A shock at most this factor of the trend (or its inverse, above it) always shows.
DEEP = 0.6


def _shocked() -> list[tuple[int, str, dict[int, float]]]:
    """(pair index, metric, shock) of every pairing whose theme has a metric with a shock."""
    out = []
    for i, pair in enumerate(space.pairs()):
        for rec in [*pair.theme["metrics"], pair.theme["mix"]["metric"]]:
            if rec.get("shock"):
                out.append((i, rec["name"], rec["shock"]))
    return out


def test_the_tourism_and_chip_themes_name_their_shocks() -> None:
    named = {(space.pairs()[i].theme["key"], name) for i, name, _ in _shocked()}
    assert ("tourism-recovery", "international tourist arrivals") in named
    assert ("semiconductors", "average chip lead time") in named


@pytest.mark.parametrize("seed", SEEDS)
def test_every_series_of_a_shocked_metric_shows_its_shock_in_the_first_year(seed: int) -> None:
    """Before: 'Tourism Recovery in South America' drew no 2020 collapse (the series of a
    shocked metric moved by its trend and noise alone into the shock's first year). Every
    pairing, every period holding the year and the one before, every entity: the move into the
    year goes at least halfway (log scale) to the theme's factor, and the entities of one report
    take it to different depths. A mild shock (tourism's share of employment at 0.7 of trend) is
    within a year's trend and noise of the year before for a few series (7 of 6,305 on seed 1).
    """
    checked, missed, alike, deep = 0, [], 0, 0
    for i, name, shock in _shocked():
        year = min(shock)
        for period in space.PERIODS:
            topic = space.compose(i, period)
            table = FactTable(topic, seed, f"shock-{topic.key}", NumberRegistry())
            if name not in {m.name for m in (*topic.metrics, topic.mix.metric)}:
                continue
            if str(year - 1) not in table.years or str(year) not in table.years:
                continue
            moves = []
            for entity in topic.entities:
                before, during = table.preview(name, entity, [str(year - 1), str(year)])
                moves.append(math.log(during / before) / math.log(shock[year]))
                checked += 1
                if moves[-1] < 0.5:
                    missed.append((topic.key, name, entity, before, during))
                    deep += min(shock[year], 1 / shock[year]) <= DEEP
            alike += max(moves) - min(moves) < 0.1
    assert checked >= 1000 and deep == 0 and len(missed) <= 0.005 * checked, (
        checked,
        len(missed),
        missed[:3],
    )
    assert alike == 0


@pytest.mark.parametrize("seed", SEEDS)
def test_a_shocked_series_stays_inside_the_range_the_plausibility_rule_reads(seed: int) -> None:
    checked = 0
    for i, name, _ in _shocked()[::3]:
        topic = space.compose(i, space.PERIODS[-1])
        limits = space.limits_of(topic)
        assert limits is not None
        table = FactTable(topic, seed, f"range-{topic.key}", NumberRegistry())
        for entity in topic.entities:
            lo, hi = limits.ranges[name][entity]
            values = table.preview(name, entity, table.years)
            assert all(lo <= v <= hi for v in values), (topic.key, name, entity, values, (lo, hi))
            checked += len(values)
    assert checked >= 1000


def test_a_shock_that_is_no_mapping_of_years_to_factors_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    theme = dict(space.themes()[0])
    theme["metrics"] = [{"name": "arrivals", "unit": "people", "low": 1, "high": 9, "shock": {2020: -1}}]
    monkeypatch.setattr(space, "_read", lambda name: {"themes": [theme]} if name == "themes.yaml" else {})
    space.themes.cache_clear()
    try:
        with pytest.raises(space.TopicSpaceError, match=r"has shock .*; map years from") as raised:
            space.themes()
        assert "\n" not in str(raised.value)
    finally:
        monkeypatch.undo()
        space.themes.cache_clear()
