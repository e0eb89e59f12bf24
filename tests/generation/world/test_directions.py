"""Metrics of known direction and first year (a theme's ``trend`` and ``since``): every series
of such a metric moves its known way, no value exists before its first year, no chart draws one,
metrics without a direction have a quarter of flat series."""

from __future__ import annotations

import numpy as np
import pytest

from generation.charts.data import build_chart
from generation.charts.registry import CHART_TYPE_NAMES
from generation.charts.spec import ChartSlot
from generation.validate.plausibility import AGAINST_FRACTION
from generation.world import space
from generation.world.numbers import NumberRegistry, NumberSpaceExhaustedError
from generation.world.table import FLAT_SHARE, FactTable
from generation.world.topics import Topic

SEEDS = (1, 2, 3)


def _directed_topics() -> list[Topic]:
    """Every composed topic over the last period with a metric of known direction or first year."""
    out = []
    for i, pair in enumerate(space.pairs()):
        if any("trend" in r or "since" in r for r in pair.theme["metrics"]):
            out.append(space.compose(i, space.PERIODS[-1]))
    return out


def test_the_themes_mark_directions_and_first_years() -> None:
    records = [r for t in space.themes() for r in t["metrics"]]
    trends = {r["name"]: r["trend"] for r in records if "trend" in r}
    assert trends["median mobile download speed"] == "up"
    assert trends["battery pack price"] == "down"
    assert {r["name"]: r["since"] for r in records if "since" in r}[
        "fifth-generation mobile coverage"
    ] == 2019
    assert len(trends) >= 20


@pytest.mark.slow
def test_every_series_of_a_metric_with_a_known_direction_moves_that_way() -> None:
    topics = _directed_topics()
    checked = 0
    for topic in topics:
        for seed in SEEDS:
            world = FactTable(topic, seed, f"doc-{seed}", NumberRegistry())
            for m in (m for m in world.metrics if m.trend != "any"):
                years = world.years_of(m.name)
                for entity in topic.entities:
                    first, last = world.preview(m.name, entity, [years[0], years[-1]])
                    change = (last - first) / first
                    assert (change > AGAINST_FRACTION) if m.trend == "up" else (change < -AGAINST_FRACTION), (
                        topic.key,
                        m.name,
                        entity,
                        first,
                        last,
                    )
                    checked += 1
    assert len(topics) >= 30 and checked >= 1000


def _flat_series(topic_indices: range, seeds: range) -> tuple[int, int]:
    """Series of metrics without a direction whose first and last values are within 4%, of all."""
    flat = total = 0
    for i in topic_indices:
        topic = space.compose(i, space.PERIODS[-1])
        for seed in seeds:
            world = FactTable(topic, seed, "doc", NumberRegistry())
            for m in (m for m in world.metrics if m.trend == "any"):
                for entity in topic.entities:
                    first, last = world.preview(m.name, entity, [world.years[0], world.years[-1]])
                    flat += abs(last - first) / ((abs(first) + abs(last)) / 2) <= 0.04
                    total += 1
    return flat, total


def test_some_series_of_metrics_without_a_direction_stay_flat() -> None:
    flat, total = _flat_series(range(1), range(40))
    assert 0.5 * FLAT_SHARE <= flat / total <= 1.5 * FLAT_SHARE, (flat, total)


def test_a_quarter_of_the_series_of_metrics_without_a_direction_stay_flat() -> None:
    """Enough flat series that "broadly flat" is as common an answer as a rise or a fall."""
    flat, total = _flat_series(range(0, len(space.pairs()), 7), range(6))
    assert total >= 1000 and flat / total >= 0.2, (flat, total)


def _since_topics() -> list[tuple[int, Topic]]:
    return [
        (i, space.compose(i, period))
        for i, pair in enumerate(space.pairs())
        if any("since" in r for r in pair.theme["metrics"])
        for period in space.PERIODS
    ]


def test_a_metric_with_a_first_year_is_reported_only_where_the_period_holds_enough_of_it() -> None:
    for i, topic in _since_topics():
        names = {m.name for m in topic.metrics}
        for r in space.pairs()[i].theme["metrics"]:
            if "since" in r:
                assert (r["name"] in names) == (topic.years[1] - r["since"] + 1 >= space.MIN_SINCE_YEARS)


@pytest.mark.slow
def test_no_value_and_no_chart_before_a_metric_exists() -> None:
    drawn = 0
    for _, topic in _since_topics():
        for m in (m for m in topic.metrics if m.since is not None):
            world = FactTable(topic, 5, "doc", NumberRegistry())
            assert world.years_of(m.name)[0] == str(max(m.since, topic.years[0]))
            if m.since > topic.years[0]:
                with pytest.raises(NumberSpaceExhaustedError):
                    world.value(m.name, topic.entities[0], str(m.since - 1))
            for k, chart_type in enumerate(CHART_TYPE_NAMES):
                slot = ChartSlot(
                    viz_id=f"viz-1-{k}", section_id="s1", section_number=1, section_title="S", index=1
                )
                try:
                    spec = build_chart(np.random.default_rng(k), chart_type, world, m, slot)
                except NumberSpaceExhaustedError:
                    continue
                years = [int(p.label) for p in spec.chart.data if p.label.isdigit() and len(p.label) == 4]
                years += [
                    int(y)
                    for y in spec.chart.title.replace("–", " ").replace(",", " ").split()
                    if y.isdigit()
                ]
                assert all(y >= m.since for y in years if 1990 < y < 2100), (
                    topic.key,
                    chart_type,
                    spec.chart.title,
                )
                drawn += 1
            facts = world.as_world().facts
            assert all(int(f.period) >= m.since for f in facts if f.metric == m.name and f.period.isdigit())
    assert drawn >= 100
