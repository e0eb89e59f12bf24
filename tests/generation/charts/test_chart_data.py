"""Chart metadata is valid Table 17, consistent with its data, and drawn from fresh numbers."""

from __future__ import annotations

import re

import numpy as np
import pytest

from generation.charts.data import (
    NumberRegistry,
    NumberSpaceExhaustedError,
    build_chart,
    build_table,
    canonical_number,
    mark_measure,
    number_strings_in,
    value_text,
)
from generation.charts.insights import series_direction
from generation.charts.names import common_noun, in_sentence
from generation.charts.registry import (
    CHART_TYPE_NAMES,
    HORIZONTAL_TYPES,
    LABELLED_TYPES,
    NO_GRID_TYPES,
    value_reading_options,
)
from generation.charts.spec import (
    LINE_FAMILY,
    MULTI_SERIES,
    NEGATIVE_COLOUR,
    POSITIVE_COLOUR,
    TREND_TYPES,
    ChartSlot,
    chart_decimals,
)
from generation.plan.rng import stage_rng
from generation.world.space import topic_for
from generation.world.table import FactTable
from generation.world.topics import all_topics, topic_by_key
from synthdocbench_tasks.schema import CHART_TYPES, Chart

HEX = re.compile(r"^#[0-9A-F]{6}$")


def _slot(index: int = 3) -> ChartSlot:
    return ChartSlot(
        viz_id=f"viz-4-{index}", section_id="s4", section_number=4, section_title="Patterns", index=index
    )


#: Types whose legend is drawn: a series legend, the bullet's actual/target key, the
#: heatmap's colour key or the bubble's size key. Slope and sparkline panels are labelled directly.
LEGEND_TYPES = {"grouped_bar", "stacked_bar", "multi_line", "stacked_area", "radar", "dumbbell"} | {
    "bullet",
    "heatmap",
    "bubble",
}


def _expected_colour_keys(chart: Chart) -> set[str]:
    labels = {p.label for p in chart.data}
    kind = chart.chartType
    if kind == "heatmap":
        return {"low", "high"}
    if kind == "waterfall":
        return {"level", "increase", "decrease"}
    if kind == "sankey":
        return {p.metadata["source"] for p in chart.data}
    if kind == "bullet":
        return labels | {"target"}
    if kind in MULTI_SERIES and kind != "diverging_bar":
        return {p.category or "" for p in chart.data}
    return labels


def _check_type_specifics(chart: Chart) -> None:
    kind = chart.chartType
    values = [p.value for p in chart.data]
    vp = chart.visualProperties
    if kind in ("pie", "donut"):
        assert sum(values) == pytest.approx(100.0)
    if kind in ("scatter", "bubble"):
        assert all(float(p.metadata["x"]) > 0 for p in chart.data) and chart.axes.x.type == "linear"
        assert ("size" in chart.data[0].metadata) == (kind == "bubble")
    if kind == "histogram":
        for a, b in zip(chart.data, chart.data[1:], strict=False):
            assert (
                a.metadata["hi"] == b.metadata["lo"] and a.label == f"{a.metadata['lo']}–{a.metadata['hi']}"
            )
        assert all(v == int(v) and v > 12 for v in values)
    if kind == "box":
        for p in chart.data:
            m = p.metadata
            assert float(m["min"]) < float(m["q1"]) < p.value < float(m["q3"]) < float(m["max"])
    if kind == "sankey":
        assert all(p.label == f"{p.metadata['source']} → {p.metadata['target']}" for p in chart.data)
    if kind == "bullet":
        assert all(float(p.metadata["target"]) > 0 for p in chart.data)
    if kind == "funnel":
        assert values == sorted(values, reverse=True) and vp.sortOrder == "descending"
    if kind == "waterfall":
        assert chart.data[0].label.endswith(" level") and chart.data[0].value > 0
        assert any(v < 0 for v in values[1:]) or any(v > 0 for v in values[1:])
    if kind == "diverging_bar":
        assert any(v < 0 for v in values) and any(v > 0 for v in values)
        assert all(
            vp.colorMap[p.label] == (NEGATIVE_COLOUR if p.value < 0 else POSITIVE_COLOUR) for p in chart.data
        )
    if kind == "slope":
        for series in {p.category for p in chart.data}:
            pair = [p.value for p in chart.data if p.category == series]
            assert len(pair) == 2 and series_direction(pair) in ("rose", "fell")
    if kind in HORIZONTAL_TYPES:
        assert chart.axes.x.type == "linear" and chart.axes.y.type == "categorical"
    if kind in LINE_FAMILY:
        assert chart.axes.x.type == "time"
    if kind in TREND_TYPES:
        trends = [i for i in chart.insights if i.type == "trend"]
        for series in {p.category for p in chart.data}:
            direction = series_direction([p.value for p in chart.data if p.category == series])
            if kind in LINE_FAMILY:
                assert direction is not None, "every generated line series has a clear direction"
            if direction is not None:
                assert any(direction in t.text for t in trends)
    if kind in MULTI_SERIES:
        assert all(p.category for p in chart.data)
    else:
        assert all(p.category is None for p in chart.data)


@pytest.mark.parametrize("chart_type", CHART_TYPE_NAMES)
@pytest.mark.parametrize("topic_key", ["energy-transition-sea", "ageing-care", "river-basins"])
def test_every_type_builds_a_valid_consistent_chart(chart_type: str, topic_key: str) -> None:
    topic = topic_by_key(topic_key)
    registry = NumberRegistry()
    world = FactTable(topic, 0, "test-doc", registry)
    for seed in range(3):
        rng = stage_rng(seed, "test-chart", chart_type, topic_key)
        spec = build_chart(rng, chart_type, world, topic.metrics[seed], _slot())
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
        assert set(vp.colorMap) == _expected_colour_keys(chart)
        assert all(HEX.match(c) for c in vp.colorMap.values())
        assert vp.hasLegend == (chart_type in LEGEND_TYPES)
        assert vp.valueReading in value_reading_options(chart_type)
        assert not (vp.hasGridlines and chart_type in NO_GRID_TYPES)
        assert len(vp.highlightedItems) <= 2 and vp.annotationCount == len(vp.highlightedItems)
        assert set(vp.highlightedItems) <= {p.label for p in chart.data} | {p.category for p in chart.data}
        by_type = {i.type: i for i in chart.insights}
        ranked = chart.data[1:] if chart_type == "waterfall" else chart.data
        top = max(ranked, key=lambda p: p.value)
        bottom = min(ranked, key=lambda p: p.value)
        assert by_type["maximum"].labels[0] == top.label and by_type["maximum"].value == top.value
        assert by_type["minimum"].labels[0] == bottom.label and by_type["minimum"].value == bottom.value
        assert by_type["gap"].value == pytest.approx(top.value - bottom.value)
        if chart_type in ("pie", "donut", "treemap", "sankey", "funnel", "histogram", "stacked_bar"):
            assert 0 < (by_type["proportion"].value or 0) <= 100
        _check_type_specifics(chart)
        # Every drawn number is in the registry, so no later chart, cell or sentence repeats it.
        assert all(registry.used(value_text(abs(v), d)) for v in values)
        if chart_type not in ("sankey", "histogram"):  # their metadata are names and bin edges
            assert all(registry.used(v) for p in chart.data for v in p.metadata.values())
        # The prose can name every mark.
        assert all(mark_measure(spec, p, topic) for p in chart.data)


def test_value_reading_rules_cover_both_readings() -> None:
    topic = topic_by_key("tb-control")
    seen: dict[str, set[str]] = {}
    for chart_type in CHART_TYPE_NAMES:
        for s in range(8):
            spec = build_chart(
                stage_rng(s, "vr", chart_type), chart_type, topic, topic.metrics[0], _slot(), NumberRegistry()
            )
            seen.setdefault(chart_type, set()).add(spec.chart.visualProperties.valueReading)
    for chart_type, readings in seen.items():
        assert readings == set(value_reading_options(chart_type)), chart_type
    assert {t for t, r in seen.items() if r == {"data_labels"}} == set(LABELLED_TYPES)


def test_mark_phrases_name_what_a_special_mark_measures() -> None:
    topic = topic_by_key("energy-transition-sea")
    registry = NumberRegistry()
    metric = topic.metrics[1]
    waterfall = build_chart(stage_rng(1, "mp"), "waterfall", topic, metric, _slot(), registry)
    first, step = waterfall.chart.data[0], waterfall.chart.data[1]
    assert mark_measure(waterfall, first, topic).startswith(metric.name)
    assert mark_measure(waterfall, step, topic).startswith(f"the change in {metric.name}")
    assert mark_measure(waterfall, step, topic).endswith(f"in {step.label}")
    sankey = build_chart(stage_rng(1, "mp"), "sankey", topic, metric, _slot(), registry)
    flow = sankey.chart.data[0]
    phrase = mark_measure(sankey, flow, topic)
    # a source is a part of the mix, a common noun inside a sentence ("from hydro")
    assert f"from {in_sentence(flow.metadata['source'], topic)} in" in phrase
    assert flow.metadata["target"] in phrase
    histogram = build_chart(stage_rng(1, "mp"), "histogram", topic, metric, _slot(), registry)
    band = histogram.chart.data[0]
    assert f"between {band.metadata['lo']} and {band.metadata['hi']}" in mark_measure(histogram, band, topic)


def test_pie_parts_keep_their_capitals_unless_common_nouns() -> None:
    """A pie's or donut's part is lower-cased in the sentence naming its share ("the energy share of
    the export basket") only where it is a common noun (``names.common_noun``): a place keeps its
    capitals ("the Africa share of tourist arrivals", "the DSL share"), over the pies of the first
    60 topics of the topic space."""
    seen = {True: 0, False: 0}
    for index in range(60):
        topic = topic_for(0, index)
        spec = build_chart(
            stage_rng(index, "pie-parts"), "pie", topic, topic.metrics[0], _slot(), NumberRegistry()
        )
        for point in spec.chart.data:
            common = common_noun(point.label, topic)
            named = point.label.lower() if common else point.label
            assert f"the {named} share of" in mark_measure(spec, point, topic), (topic.key, point.label)
            seen[common] += 1
    assert seen[True] > 0 and seen[False] > 0, seen


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


def test_value_reading_varies_between_line_charts() -> None:
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
    assert number_strings_in("In 2021 it was 4.20% and Figure 3, not 14.25") == {"2021", "4.2", "3", "14.25"}


def test_series_direction() -> None:
    assert series_direction([1, 2, 3, 4]) == "rose"
    assert series_direction([10, 8, 9, 5]) == "fell"
    assert series_direction([50, 50.5, 49.8, 50.2]) == "was broadly flat"
    assert series_direction([10, 20, 5, 11]) is None


def test_mark_phrase_names_metric_place_and_year() -> None:
    topic = topic_by_key("energy-transition-sea")
    spec = build_chart(stage_rng(0, "mp"), "grouped_bar", topic, topic.metrics[1], _slot(), NumberRegistry())
    point = spec.chart.data[0]
    phrase = mark_measure(spec, point, topic)
    assert phrase.startswith(topic.metrics[1].name) and str(point.category) in phrase
    assert point.label in phrase


def test_unsupported_type_is_one_clear_error() -> None:
    topic = all_topics()[0]
    with pytest.raises(ValueError, match="has no data builder; choose from"):
        build_chart(stage_rng(0, "x"), "nonesuch", topic, topic.metrics[0], _slot(), NumberRegistry())


def test_table_cells_are_fresh_and_avoid_charted_triples() -> None:
    topic = topic_by_key("latam-trade")
    world = FactTable(topic, 0, "test-doc", NumberRegistry())
    spec = build_chart(stage_rng(0, "tb"), "bar", world, topic.metrics[0], _slot())
    table, triples = build_table(stage_rng(0, "tb2"), world, "table-1", 1, "s2", set(spec.covered))
    assert 3 <= len(table.columns) <= 6 and 4 <= len(table.rows) <= 8
    assert all(len(row) == len(table.columns) for row in table.rows)
    cells = [c for row in table.rows for c in row[1:]]
    assert len(set(cells)) == len(cells)
    chart_numbers = {canonical_number(str(p.value)) for p in spec.chart.data}
    assert not chart_numbers & {canonical_number(c) for c in cells}
    assert not triples & spec.covered


def test_every_schema_type_has_a_builder() -> None:
    assert set(CHART_TYPE_NAMES) == set(CHART_TYPES)


def test_a_table_leaves_out_an_entity_whose_ranges_are_used_up() -> None:
    """A small entity's narrow range can run out of unused numbers in a crowded report (seed
    7717, document 14 of the paper run); the table is built without that entity's row instead."""
    topic = topic_for(7717, 14)  # graduates in small economies: ranges sized by the entity
    probe = FactTable(topic, 0, "probe", NumberRegistry())
    sized = [m for m in probe.metrics if len({probe.bounds(m, e) for e in topic.entities}) > 1]
    full = min(topic.entities, key=lambda e: sum(probe.bounds(m, e)[1] for m in sized))
    labels = {f"({m.unit_label})" for m in sized}
    seen_sized = 0
    for seed in range(16):
        world = FactTable(topic, seed, "test-doc", NumberRegistry())
        for metric in sized:
            low, high = world.bounds(metric, full)
            step = 10.0**-metric.decimals
            for k in range(round((high - low) / step) + 1):
                world.registry.reserve(value_text(low + k * step, metric.decimals))
        table, _ = build_table(stage_rng(seed, "tb-full"), world, "table-1", 1, "s2", set())
        has_sized = any(c.endswith(tuple(labels)) for c in table.columns[1:])
        seen_sized += has_sized
        assert len(table.rows) >= 4 and not (has_sized and full in [row[0] for row in table.rows])
        cells = [c for row in table.rows for c in row[1:]]
        assert len(set(cells)) == len(cells)
    assert seen_sized >= 4
