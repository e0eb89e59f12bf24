"""Text facts anchored in the charts and the fact table: claims about a chart's values and trends
(what cross-modal questions pair with the chart) and metric sentences.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from generation.charts.colours import colour_of
from generation.charts.data import NumberRegistry, NumberSpaceExhaustedError, mark_measure, value_text
from generation.charts.insights import series_direction
from generation.charts.spec import LINE_FAMILY, ChartSpec, quantity
from generation.document.prose import ProseWriter
from generation.document.sections import SectionFact, pick_index, spread
from generation.world.table import FactTable
from generation.world.topics import Topic, in_text
from synthdocbench_tasks.schema import (
    Chart,
)

_CLAIM_RELATIONS = ("target", "forecast", "earlier estimate", "threshold")


#: Claims about the fact table drawn for the prose (more than a report's paragraphs can state).
DATA_CLAIMS = 500


def _claimed_value(
    rng: np.random.Generator, value: float, decimals: int, registry: NumberRegistry
) -> float | None:
    """A value 8–35% away from ``value``, fresh in the registry, or None when none is found."""
    for _ in range(200):
        factor = 1 + float(rng.uniform(0.08, 0.35)) * (1 if rng.random() < 0.5 else -1)
        claimed = round(value * factor, decimals)
        ratio = abs(claimed - value) / abs(value)
        if claimed > 0 and 0.08 <= ratio <= 0.35 and registry.acceptable(claimed, decimals):
            return registry.take(claimed, decimals)
    return None


def chart_claims(
    rng: np.random.Generator,
    writer: ProseWriter,
    topic: Topic,
    specs: list[ChartSpec],
    n_sections: int,
    section_of: dict[str, int],
    registry: NumberRegistry,
) -> list[SectionFact]:
    facts: list[SectionFact] = []
    wanted = int(rng.integers(3, 6))
    order = _colour_first([int(i) for i in rng.permutation(len(specs))], lambda i: _coloured(specs[i].chart))
    for first, i in enumerate(order):
        if len(facts) >= wanted:
            break
        spec = specs[int(i)]
        chart = spec.chart
        home = section_of[chart.section_id]
        eligible = [s for s in range(n_sections) if abs(s - home) >= 2]
        marks = [int(j) for j in rng.permutation(len(chart.data))]
        if first == 0:  # the first claim is on a mark a reader can find by its colour, when one exists
            named = {j for j, p in enumerate(chart.data) if colour_of(chart, p) is not None}
            marks = _colour_first(marks, named.__contains__)
        for j in marks:
            point = chart.data[int(j)]
            claimed = _claimed_value(rng, point.value, spec.decimals, registry)
            if claimed is None:
                continue
            if spec.metric.unit == "%" and claimed >= 100:
                continue
            relation = _CLAIM_RELATIONS[int(rng.integers(len(_CLAIM_RELATIONS)))]
            actor = topic.actors[int(rng.integers(len(topic.actors)))]
            claimed_text = value_text(claimed, spec.decimals)
            sentence = writer.claim_fact(
                relation, actor, mark_measure(spec, point, topic), quantity(claimed_text, spec.unit)
            )
            values = {"kind": "chart_claim", "viz_id": chart.vizId, "label": point.label}
            if point.category:  # the mark is named by label and series (grouped, stacked, heatmap ...)
                values["series"] = point.category
            values.update(claimed_value=claimed_text, unit=spec.unit, relation=relation)
            facts.append(SectionFact(eligible[pick_index(rng, len(eligible))], sentence, values))
            break
    return facts


def _coloured(chart: Chart) -> bool:
    """True when some mark of ``chart`` has a colour a reader can name (:mod:`generation.charts.colours`)."""
    return any(colour_of(chart, p) is not None for p in chart.data)


def _colour_first(order: list[int], coloured: Callable[[int], bool]) -> list[int]:
    """``order`` with its first coloured item moved to the front (evidence for colour questions)."""
    found = next((i for i in order if coloured(i)), None)
    return order if found is None else [found, *(i for i in order if i != found)]


def trend_claims(
    rng: np.random.Generator,
    writer: ProseWriter,
    specs: list[ChartSpec],
    n_sections: int,
    section_of: dict[str, int],
) -> list[SectionFact]:
    candidates: list[tuple[ChartSpec, str | None]] = []
    for spec in specs:
        if spec.chart.chartType not in LINE_FAMILY:
            continue
        for series in dict.fromkeys(p.category for p in spec.chart.data):
            candidates.append((spec, series))
    facts: list[SectionFact] = []
    order = [int(i) for i in rng.permutation(len(candidates))]

    def coloured(i: int) -> bool:
        spec, series = candidates[i]
        return any(colour_of(spec.chart, p) is not None for p in spec.chart.data if p.category == series)

    for i in _colour_first(order, coloured)[: int(rng.integers(2, 4))]:
        spec, series = candidates[int(i)]
        points = [p for p in spec.chart.data if p.category == series]
        direction = series_direction([p.value for p in points])
        if direction is None:
            continue
        home = section_of[spec.chart.section_id]
        eligible = [s for s in range(n_sections) if s != home]
        phrase = f"{spec.metric.name} in {in_text(writer.topic, series or spec.subject or '')}"
        start, end = points[0].label, points[-1].label
        values = {"kind": "trend_claim", "viz_id": spec.chart.vizId}
        if series:
            values["series"] = series
        values.update(direction=direction, start=start, end=end)
        facts.append(
            SectionFact(
                eligible[pick_index(rng, len(eligible))],
                writer.trend_fact(phrase, direction, start, end),
                values,
            )
        )
    return facts


def free_triple(
    rng: np.random.Generator, topic: Topic, covered: set[tuple[str, str, str]]
) -> tuple[int, str, str]:
    """A (metric index, entity, year) that no chart, table or earlier fact reports."""
    first, last = topic.years
    for _ in range(500):
        m = int(rng.integers(len(topic.metrics)))
        entity = topic.entities[int(rng.integers(len(topic.entities)))]
        year = str(int(rng.integers(first, last + 1)))
        if (topic.metrics[m].name, entity, year) not in covered:
            covered.add((topic.metrics[m].name, entity, year))
            return m, entity, year
    raise NumberSpaceExhaustedError(f"every metric, entity and year of {topic.key} is already reported")


def metric_text_facts(
    rng: np.random.Generator,
    writer: ProseWriter,
    world: FactTable,
    n_sections: int,
    covered: set[tuple[str, str, str]],
) -> list[SectionFact]:
    n = int(rng.integers(4, 7))
    facts: list[SectionFact] = []
    for s in spread(rng, n, n_sections):
        m, entity, year = free_triple(rng, world.topic, covered)
        metric = world.metrics[m]
        text = value_text(world.value(metric.name, entity, year), metric.decimals)
        sentence = writer.metric_fact(entity, metric.name, year, quantity(text, metric.unit_label))
        values = {
            "kind": "metric",
            "entity": entity,
            "metric": metric.name,
            "year": year,
            "value": text,
            "unit": metric.unit_label,
        }
        facts.append(SectionFact(s, sentence, values))
    return facts
