"""One world per report: the fact table is plausible for each metric kind, deterministic, and
every chart, table and prose figure of a generated report shows its values."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest

from generation.charts.data import build_chart
from generation.charts.insights import series_direction
from generation.charts.registry import CHART_TYPE_NAMES
from generation.charts.spec import ChartSlot
from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.validate.consistency import (
    chart_values,
    consistency,
    shown_values,
    topic_of,
    world_mismatches,
)
from generation.world.numbers import NumberRegistry
from generation.world.table import FactTable, largest_remainder, world_decimals
from generation.world.topics import all_topics, funnel_of, infer_kind, topic_by_key
from synthdocbench_tasks.schema import DataPoint, DocumentManifest

PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"
N_DOCS = 6


@pytest.fixture(scope="module")
def manifests() -> list[DocumentManifest]:
    config = load_config(PAPER)
    return [plan_document(config, index).manifest for index in range(N_DOCS)]


def _slot() -> ChartSlot:
    return ChartSlot(viz_id="viz-2-1", section_id="s2", section_number=2, section_title="Trends", index=1)


def test_every_value_that_shares_metric_entity_and_period_agrees(manifests: list[DocumentManifest]) -> None:
    pairs = 0
    for m in manifests:
        result = consistency(m)
        assert result.agreeing == result.pairs, result.examples
        assert world_mismatches(m) == []
        pairs += result.pairs
    assert pairs >= 20, "the documents show some facts more than once"


def test_every_shown_value_is_a_fact_of_the_recorded_table(manifests: list[DocumentManifest]) -> None:
    for m in manifests:
        table = {(f.metric.lower(), f.entity, f.period, f.part): f.value for f in m.world.facts}
        shown = shown_values(m)
        assert shown and all(table[s.key] == s.value for s in shown)
        assert {k.name for k in m.world.metrics} >= {f.metric for f in m.world.facts}
        # every chart's metrics and entities belong to the report's topic
        topic = topic_of(m)
        assert topic is not None
        names = {x.name.lower() for x in (*topic.metrics, topic.mix.metric)}
        names |= {
            f"share of {topic.mix.name}".lower(),
            *(f"change in {x.name.lower()}" for x in topic.metrics),
        }
        assert {s.key[0] for s in shown} <= names
        assert {s.key[1] for s in shown} <= set(topic.entities)


def test_values_are_plausible_for_their_kind(manifests: list[DocumentManifest]) -> None:
    for m in manifests:
        kinds = {k.name: k for k in m.world.metrics}
        parts: dict[tuple[str, str, str], float] = defaultdict(float)
        for f in m.world.facts:
            metric = kinds[f.metric]
            if f.metric.startswith("change in "):
                continue
            assert f.value >= 0, f
            if metric.kind == "share":
                assert 0 < f.value < 100, f
            if metric.kind == "count" and metric.decimals == 0:
                assert f.value == int(f.value), f
            if f.part and metric.kind == "share":  # the shares of one mix
                parts[(f.metric, f.entity, f.period)] += f.value
        for whole, total in parts.items():
            assert total == pytest.approx(100.0), whole
        for chart in m.charts:
            if chart.chartType in ("pie", "donut"):
                assert sum(p.value for p in chart.data) == pytest.approx(100.0)


def test_series_are_trends_with_bounded_noise() -> None:
    """Consecutive years never jump by more than the trend step plus twice the noise bound."""
    for topic in all_topics():
        table = FactTable(topic, 5, "sdb-5-00000", NumberRegistry())
        for metric in table.metrics:
            entity = topic.entities[0]
            latent = table.preview(metric.name, entity, table.years)
            span = metric.high - metric.low
            assert all(metric.low <= v <= metric.high for v in latent)
            moves = np.diff(latent)
            trend = np.sign(latent[-1] - latent[0])
            # a move against the trend is noise: bounded (no "720 -> 482 -> 148 -> 551" series)
            against = [abs(d) for d in moves if np.sign(d) == -trend]
            assert max(against, default=0.0) <= 0.1 * span, (topic.key, metric.name, latent)
            # a series is flat when the table draws it so (FLAT_SHARE of those without a direction)
            flat = table.is_flat(metric.name, entity)
            expected = ("was broadly flat",) if flat else ("rose", "fell")
            assert series_direction(latent) in expected, (topic.key, metric.name)


def test_the_table_is_deterministic_and_independent_of_the_order_of_questions() -> None:
    topic = topic_by_key("ev-batteries")
    a = FactTable(topic, 1, "sdb-1-00003", NumberRegistry())
    b = FactTable(topic, 1, "sdb-1-00003", NumberRegistry())
    metric = topic.metrics[1].name
    assert a.value(metric, "China", "2020") == b.value(metric, "China", "2020")
    assert a.preview(metric, "Norway", ["2015"]) == b.preview(metric, "Norway", ["2015"])
    other = FactTable(topic, 2, "sdb-2-00003", NumberRegistry())
    assert other.preview(metric, "Norway", ["2015"]) != a.preview(metric, "Norway", ["2015"])
    # a value is fixed once: asking again, from any chart, gives the same number
    assert a.value(metric, "China", "2020") == a.value(metric, "China", "2020")
    assert a.as_world().facts[0].value == a.value(metric, "China", "2020")


def test_two_facts_never_print_the_same_number() -> None:
    topic = topic_by_key("eurozone-inflation")
    table = FactTable(topic, 0, "sdb-0-00009", NumberRegistry())
    shown = [
        table.value(m.name, e, y) for m in table.metrics for e in topic.entities[:4] for y in table.years[:6]
    ]
    texts = [f"{v:.6f}".rstrip("0").rstrip(".") for v in shown]
    assert len(set(texts)) == len(texts)


def test_abandoned_chart_leaves_the_table_unchanged() -> None:
    table = FactTable(topic_by_key("coral-reefs"), 0, "sdb-0-00001", NumberRegistry())
    before = table.snapshot()
    table.value(table.metrics[0].name, "Great Barrier Reef", "2015")
    table.restore(before)
    assert table.as_world().facts == [] and not table.registry.snapshot()


def test_unknown_metric_or_year_is_one_clear_error() -> None:
    table = FactTable(topic_by_key("coral-reefs"), 0, "sdb-0-00001", NumberRegistry())
    with pytest.raises(KeyError, match="is not a metric of coral-reefs"):
        table.value("GDP", "Great Barrier Reef", "2015")
    with pytest.raises(KeyError, match="outside coral-reefs's years"):
        table.value(table.metrics[0].name, "Great Barrier Reef", "1900")


def test_charts_of_one_table_agree_across_types() -> None:
    """Every chart type drawn from one table states each fact it shares with another identically."""
    topic = topic_by_key("tb-control")
    table = FactTable(topic, 3, "sdb-3-00004", NumberRegistry())
    seen: dict[tuple[str, str, str, str], float] = {}
    rng = np.random.default_rng(3)
    for k, chart_type in enumerate(CHART_TYPE_NAMES * 2):
        try:
            spec = build_chart(rng, chart_type, table, topic.metrics[k % 5], _slot())
        except Exception as exc:
            assert "NumberSpaceExhausted" in type(exc).__name__
            continue
        for s in chart_values(spec.chart, topic):
            assert seen.setdefault(s.key, s.value) == s.value, (chart_type, s.key)
    assert len(seen) > 200


def test_consistency_finds_a_contradiction() -> None:
    config = load_config(PAPER)
    m = plan_document(config, 0).manifest
    chart = next(c for c in m.charts if c.chartType in ("bar", "grouped_bar", "heatmap", "multi_line"))
    clone = chart.model_copy(deep=True)
    clone.vizId, clone.index, clone.figure_number = "viz-copy", 99, 99
    clone.data = [DataPoint(label=p.label, value=p.value + 1, category=p.category) for p in clone.data]
    hostile = m.model_copy(update={"charts": [*m.charts, clone]})
    result = consistency(hostile)
    assert (
        result.pairs > result.agreeing
        and result.examples
        and "Figure 99" in result.line() + " ".join(result.examples)
    )
    assert world_mismatches(hostile)
    # a manifest of an unknown topic shows nothing it can check, and says so by counting nothing
    assert consistency(m.model_copy(update={"topic": "An unknown report"})).pairs == 0


def test_metric_kinds_and_topic_funnels() -> None:
    assert infer_kind("unemployment rate", "%", 1) == "rate"
    assert infer_kind("renewable share of electricity", "%", 1) == "share"
    assert infer_kind("logistics performance score", "index points", 1) == "index"
    assert infer_kind("recorded security incidents", "incidents", 0) == "count"
    assert infer_kind("TB incidence", "cases per hundred thousand people", 0) == "rate"
    assert infer_kind("installed solar capacity", "GW", 1) == "level"
    for topic in all_topics():
        funnel = funnel_of(topic)
        assert len(funnel.stages) >= 4 and funnel.noun
        for metric in topic.metrics:
            if metric.kind == "count" and not metric.scale:
                assert world_decimals(metric) == 0
    assert len({funnel_of(t).noun for t in all_topics()}) >= len(all_topics()) - 2


def test_funnels_follow_the_topic_not_the_domain() -> None:
    """An EV report's funnel is about battery plants, not the technology domain's AI projects."""
    topic = topic_by_key("ev-batteries")
    table = FactTable(topic, 0, "sdb-0-00002", NumberRegistry())
    spec = build_chart(np.random.default_rng(0), "funnel", table, topic.metrics[0], _slot())
    assert funnel_of(topic).noun in spec.chart.title.lower() and "AI" not in spec.chart.title
    assert spec.chart.data[0].label == funnel_of(topic).stages[0]


def test_largest_remainder_sums_exactly() -> None:
    for values in ([1.0, 1.0, 1.0], [3.3, 7.1, 0.2, 9.9], [5.0]):
        tenths = largest_remainder(values)
        assert sum(tenths) == 1000 and all(t >= 0 for t in tenths)
