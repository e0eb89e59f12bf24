"""Text facts anchored in the charts and the fact table: claims about a chart's values and trends
(what cross-modal questions pair with the chart) and metric sentences.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from generation.charts.colours import colour_of
from generation.charts.data import NumberRegistry, NumberSpaceExhaustedError, mark_measure, value_text
from generation.charts.insights import series_direction
from generation.charts.reading import colour_keyed, value_tolerance
from generation.charts.spec import LINE_FAMILY, ChartSpec, quantity
from generation.document.prose import ProseWriter
from generation.document.sections import SectionFact, pick_index, spread
from generation.world.table import FactTable
from generation.world.topics import Topic, in_text
from synthdocbench_tasks.schema import Chart, DataPoint

_CLAIM_RELATIONS = ("target", "forecast", "earlier estimate", "threshold")


#: Claims about the fact table drawn for the prose (more than a report's paragraphs can state).
DATA_CLAIMS = 500


#: Where a text claim sits from the value it is about, in reading tolerances of its chart
#: (:func:`generation.charts.reading.value_tolerance`). A claim that matches states the value
#: rounded one decimal coarser (an integer to a multiple of 5), within 0.8 tolerances and never
#: the value as printed; one that does not is off by 1.6-3.2 tolerances and is rounded the same
#: way, so the two kinds print alike in the text and a false claim is only just outside what a
#: reading allows: the size of a discrepancy does not give the verdict away (a miss on a chart
#: with printed labels is nearer its mark, relatively, than many a match on one read off its
#: axis). Questions call a claim matched within 1 tolerance and contradicted from 1.5 on, so no
#: reading error turns one into the other.
MATCH_TOLS = 0.8
#: How far (in tolerances) a match on a chart read off its axis drifts before rounding: as far,
#: relatively, as a miss on a chart with printed labels.
MATCH_DRIFT = (0.45, 0.8)
MISS_TOLS = (1.6, 3.2)


def claim_step(decimals: int) -> tuple[float, int]:
    """(rounding step, printed decimals) of a claim about values printed with ``decimals``."""
    if decimals <= 0:
        return 5.0, 0
    return 10.0 ** -(decimals - 1), decimals - 1


def _claimed_value(
    rng: np.random.Generator,
    chart: Chart,
    value: float,
    matches: bool,
    decimals: int,
    registry: NumberRegistry,
    above: bool = True,
) -> tuple[float, int] | None:
    """(claimed value, printed decimals) that matches ``value`` or misses it, fresh in the
    registry, or None when this value allows no such claim. A match on a chart with printed
    labels only rounds the label; on a chart read off its axis it may also sit up to half a
    tolerance away (what a reader of the axis cannot tell apart)."""
    tol = value_tolerance(chart, value)
    labelled = chart.visualProperties.valueReading == "data_labels"
    step, shown = claim_step(decimals)
    for _ in range(1 if matches and labelled else 40):
        sign = 1 if rng.random() < 0.5 else -1
        if matches:
            target = value if labelled else value + float(rng.uniform(*MATCH_DRIFT)) * tol * sign
        else:
            target = value + float(rng.uniform(*MISS_TOLS)) * tol * (1 if above else -1)
        claimed = round(round(target / step) * step, shown)
        gap = abs(claimed - value)
        if matches:
            ok = 0 < gap <= MATCH_TOLS * tol and value_text(claimed, shown) != value_text(value, decimals)
        else:
            # a miss is never the value rounded to the claim's precision (0.04 against a
            # mark labelled 0.041 reads as the same figure, however many tolerances apart)
            ok = MISS_TOLS[0] * tol <= gap <= MISS_TOLS[1] * tol and gap <= 0.5 * abs(value)
            ok = ok and value_text(claimed, shown) != value_text(value, shown)
        if ok and claimed > 0 and registry.acceptable(claimed, shown):
            return registry.take(claimed, shown), shown
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
    """4-6 claims about chart marks, each in a section two or more away from its chart. The
    verdict comes first, alternating from a drawn start (match, miss, match...); then a mark
    that allows a claim with that verdict, on the next chart in a drawn order."""
    facts: list[SectionFact] = []
    wanted = int(rng.integers(4, 7))
    rng.random()  # (the start was drawn; a miss now always comes first, see below)
    # a miss first: claims the chart contradicts serve two kinds of question (a verdict, and on
    # which side or how far off the chart is), so a report holds at least as many as matches
    matches = False
    above = bool(rng.random() < 0.5)  # misses alternate above and below their mark, too
    order = [int(i) for i in rng.permutation(len(specs))]
    # first two charts whose marks a reader finds by colour (a legend), else one with named colours
    order = _colour_first(order, lambda i: _named(specs[i].chart), 1)
    order = _colour_first(order, lambda i: _coloured(specs[i].chart), 3)
    for first, i in enumerate(order):
        if len(facts) >= wanted:
            break
        spec = specs[int(i)]
        chart = spec.chart
        home = section_of[chart.section_id]
        eligible = [s for s in range(n_sections) if abs(s - home) >= 2]
        if not eligible:
            continue
        marks = [int(j) for j in rng.permutation(len(chart.data))]
        if first < 3:  # the first claims are on marks a reader finds by their colour, when there are some
            named = {j for j, p in enumerate(chart.data) if colour_of(chart, p) is not None}
            keyed = {j for j, p in enumerate(chart.data) if _keyed(chart, p)}
            marks = _colour_first(_colour_first(marks, named.__contains__), keyed.__contains__)
        for j in marks:
            point = chart.data[int(j)]
            found = _claimed_value(rng, chart, point.value, matches, spec.decimals, registry, above)
            if found is None:
                continue
            claimed, shown = found
            if spec.metric.unit == "%" and claimed >= 100:
                continue
            relation = _CLAIM_RELATIONS[int(rng.integers(len(_CLAIM_RELATIONS)))]
            actor = topic.actors[int(rng.integers(len(topic.actors)))]
            claimed_text = value_text(claimed, shown)
            sentence = writer.claim_fact(
                relation, actor, mark_measure(spec, point, topic), quantity(claimed_text, spec.unit)
            )
            values = {"kind": "chart_claim", "viz_id": chart.vizId, "label": point.label}
            if point.category:  # the mark is named by label and series (grouped, stacked, heatmap ...)
                values["series"] = point.category
            values.update(claimed_value=claimed_text, unit=spec.unit, relation=relation)
            facts.append(SectionFact(eligible[pick_index(rng, len(eligible))], sentence, values))
            above = above if matches else not above
            matches = not matches
            break
    return facts


def _keyed(chart: Chart, point: DataPoint) -> bool:
    """A mark a reader finds only by its colour (a legend series) and whose colour has a name."""
    return colour_keyed(chart, point) and colour_of(chart, point) is not None


def _named(chart: Chart) -> bool:
    """True when some mark of ``chart`` has a colour a reader can name."""
    return any(colour_of(chart, p) is not None for p in chart.data)


def _coloured(chart: Chart) -> bool:
    """True when some mark of ``chart`` is found by a colour a reader can name."""
    return any(_keyed(chart, p) for p in chart.data)


def _colour_first(order: list[int], coloured: Callable[[int], bool], count: int = 1) -> list[int]:
    """``order`` with its first ``count`` coloured items moved to the front (evidence for colour
    questions: two of them take both verdicts)."""
    found = [i for i in order if coloured(i)][:count]
    return [*found, *(i for i in order if i not in found)]


_WRONG: dict[str, tuple[str, ...]] = {
    "rose": ("fell",),
    "fell": ("rose",),
    "was broadly flat": ("rose", "fell"),
}


def trend_claims(
    rng: np.random.Generator,
    writer: ProseWriter,
    specs: list[ChartSpec],
    n_sections: int,
    section_of: dict[str, int],
) -> list[SectionFact]:
    """2-3 statements of how a line chart's series moved, each in a section two or more away
    from its chart. Verdicts alternate from a drawn start: a true statement gives the series'
    direction, a false one the opposite (a rise or a fall for a flat series)."""
    candidates: list[tuple[ChartSpec, str | None]] = []
    for spec in specs:
        if spec.chart.chartType not in LINE_FAMILY:
            continue
        for series in dict.fromkeys(p.category for p in spec.chart.data):
            candidates.append((spec, series))
    facts: list[SectionFact] = []
    order = [int(i) for i in rng.permutation(len(candidates))]
    matches = bool(rng.random() < 0.5)

    def coloured(i: int) -> bool:
        spec, series = candidates[i]
        return any(_keyed(spec.chart, p) for p in spec.chart.data if p.category == series)

    for i in _colour_first(order, coloured, 2)[: int(rng.integers(2, 4))]:
        spec, series = candidates[int(i)]
        points = [p for p in spec.chart.data if p.category == series]
        actual = series_direction([p.value for p in points])
        home = section_of[spec.chart.section_id]
        eligible = [s for s in range(n_sections) if abs(s - home) >= 2]
        if actual is None or not eligible:
            continue
        wrong = _WRONG[actual]
        direction = actual if matches else wrong[pick_index(rng, len(wrong))]
        matches = not matches
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
