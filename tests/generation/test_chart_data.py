"""Chart metadata is valid Table 17, consistent with its data, and drawn from fresh numbers."""

from __future__ import annotations

import re

import numpy as np
import pytest

from generation.chart_data import (
    LINE_FAMILY,
    MULTI_SERIES,
    SUPPORTED_CHART_TYPES,
    ChartSlot,
    NumberRegistry,
    NumberSpaceExhaustedError,
    build_chart,
    build_table,
    canonical_number,
    chart_decimals,
    mark_phrase,
    numbers_in,
    series_direction,
    value_text,
)
from generation.rng import stage_rng
from generation.topics import all_topics, topic_by_key
from synthdocbench_tasks.schema import Chart

HEX = re.compile(r"^#[0-9A-F]{6}$")


def _slot(index: int = 3) -> ChartSlot:
    return ChartSlot(
        viz_id=f"viz-4-{index}", section_id="s4", section_number=4, section_title="Patterns", index=index
    )


@pytest.mark.parametrize("chart_type", SUPPORTED_CHART_TYPES)
@pytest.mark.parametrize("topic_key", ["energy-transition-sea", "ageing-care", "river-basins"])
def test_every_type_builds_a_valid_consistent_chart(chart_type: str, topic_key: str) -> None:
    topic = topic_by_key(topic_key)
    registry = NumberRegistry()
    for seed in range(3):
        rng = stage_rng(seed, "test-chart", chart_type, topic_key)
        spec = build_chart(rng, chart_type, topic, topic.metrics[seed], _slot(), registry)
        chart = Chart.model_validate(spec.chart.model_dump())
        assert (
            chart.chartType == chart_type and chart.vizId == "viz-4-3" and chart.figure_number == chart.index
        )
        values = [p.value for p in chart.data]
        assert len(set(values)) == len(values), "marks of one chart share a value"
        d = chart_decimals(chart)
        assert d == spec.decimals
        assert all(float(value_text(v, d)) == v for v in values), "values are rounded to the display"
        vp = chart.visualProperties
        keys = (
            {p.category for p in chart.data} if chart_type in MULTI_SERIES else {p.label for p in chart.data}
        )
        assert set(vp.colorMap) == keys and all(HEX.match(c) for c in vp.colorMap.values())
        assert vp.hasLegend == (chart_type in MULTI_SERIES)
        assert len(vp.highlightedItems) <= 2 and vp.annotationCount == len(vp.highlightedItems)
        assert set(vp.highlightedItems) <= {p.label for p in chart.data} | {p.category for p in chart.data}
        by_type = {i.type: i for i in chart.insights}
        top = max(chart.data, key=lambda p: p.value)
        bottom = min(chart.data, key=lambda p: p.value)
        assert by_type["maximum"].labels[0] == top.label and by_type["maximum"].value == top.value
        assert by_type["minimum"].labels[0] == bottom.label and by_type["minimum"].value == bottom.value
        assert by_type["gap"].value == pytest.approx(top.value - bottom.value)
        if chart_type in ("pie", "donut"):
            assert sum(values) == pytest.approx(100.0) and vp.valueReading == "data_labels"
            assert "proportion" in by_type
        if chart_type == "scatter":
            assert all(float(p.metadata["x"]) > 0 for p in chart.data) and chart.axes.x.type == "linear"
        if chart_type in LINE_FAMILY:
            assert chart.axes.x.type == "time"
            trends = [i for i in chart.insights if i.type == "trend"]
            assert trends, "every generated series has a clear direction"
            for series in {p.category for p in chart.data}:
                direction = series_direction([p.value for p in chart.data if p.category == series])
                assert direction is not None
                assert any(direction in t.text for t in trends)
        if chart_type in ("grouped_bar", "stacked_bar", "multi_line"):
            assert all(p.category for p in chart.data)
        # Every drawn value is in the registry, so later draws cannot repeat it.
        assert all(registry.used(value_text(v, d)) for v in values)


def test_sort_order_matches_data_order() -> None:
    topic = topic_by_key("eurozone-inflation")
    seen = set()
    for seed in range(30):
        spec = build_chart(stage_rng(seed, "sort"), "bar", topic, topic.metrics[0], _slot(), NumberRegistry())
        order = spec.chart.visualProperties.sortOrder
        values = [p.value for p in spec.chart.data]
        seen.add(order)
        if order == "descending":
            assert values == sorted(values, reverse=True)
        if order == "ascending":
            assert values == sorted(values)
    assert seen == {"none", "ascending", "descending"}


def test_value_reading_varies_between_charts() -> None:
    topic = topic_by_key("coral-reefs")
    readings = {
        build_chart(
            stage_rng(s, "vr"), "line", topic, topic.metrics[0], _slot(), NumberRegistry()
        ).chart.visualProperties.valueReading
        for s in range(20)
    }
    assert readings == {"data_labels", "axis"}


def test_registry_never_reuses_or_returns_reserved_numbers() -> None:
    registry = NumberRegistry()
    for n in range(2, 13):
        registry.reserve(str(n))
    rng = np.random.default_rng(0)
    drawn = [registry.draw(rng, 1, 20, 0) for _ in range(9)]
    assert sorted(drawn) == [1, 13, 14, 15, 16, 17, 18, 19, 20]
    with pytest.raises(NumberSpaceExhaustedError, match="no unused 0-decimal number left in"):
        registry.draw(rng, 1, 20, 0)
    values, decimals = registry.draw_column(rng, 1, 20, 0, 3)
    assert decimals == 1 and all(not value_text(v, 1).endswith("0") for v in values)


def test_number_helpers() -> None:
    assert canonical_number("40.0") == canonical_number("40") == "40"
    assert canonical_number("4.20") == "4.2"
    assert numbers_in("In 2021 it was 4.20% and Figure 3, not 14.25") == {"2021", "4.2", "3", "14.25"}


def test_series_direction() -> None:
    assert series_direction([1, 2, 3, 4]) == "rose"
    assert series_direction([10, 8, 9, 5]) == "fell"
    assert series_direction([50, 50.5, 49.8, 50.2]) == "was broadly flat"
    assert series_direction([10, 20, 5, 11]) is None


def test_mark_phrase_names_metric_place_and_year() -> None:
    topic = topic_by_key("energy-transition-sea")
    spec = build_chart(stage_rng(0, "mp"), "grouped_bar", topic, topic.metrics[1], _slot(), NumberRegistry())
    point = spec.chart.data[0]
    phrase = mark_phrase(spec, point, topic)
    assert phrase.startswith(topic.metrics[1].name) and point.category in phrase
    assert point.label in phrase


def test_unsupported_type_is_one_clear_error() -> None:
    topic = all_topics()[0]
    with pytest.raises(ValueError, match="has no data builder; choose from"):
        build_chart(stage_rng(0, "x"), "sankey", topic, topic.metrics[0], _slot(), NumberRegistry())


def test_table_cells_are_fresh_and_avoid_charted_triples() -> None:
    topic = topic_by_key("latam-trade")
    registry = NumberRegistry()
    spec = build_chart(stage_rng(0, "tb"), "bar", topic, topic.metrics[0], _slot(), registry)
    table, triples = build_table(stage_rng(0, "tb2"), topic, "table-1", 1, "s2", registry, set(spec.covered))
    assert 3 <= len(table.columns) <= 6 and 4 <= len(table.rows) <= 8
    assert all(len(row) == len(table.columns) for row in table.rows)
    cells = [c for row in table.rows for c in row[1:]]
    assert len(set(cells)) == len(cells)
    chart_numbers = {canonical_number(str(p.value)) for p in spec.chart.data}
    assert not chart_numbers & {canonical_number(c) for c in cells}
    assert not triples & spec.covered
