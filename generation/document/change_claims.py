"""Text claims of a derived figure: how one series of a time chart changed between two of its
years, as a multiple of the earlier year's level ("An earlier estimate by the ministry placed rail
freight in Chile in 2020 at 1.38 times its 2016 level"): the claims verify L4 asks (Table 13's
L4: chart and text, infer).

Judging one needs two readings of the chart and their ratio: no single mark bears it out or
refutes it. Its verdict is :func:`change_verdict`, the separation of
:func:`generation.document.claims.claim_verdict` applied to the ratio, whose reading tolerance is
the ratio times the two marks' relative axis tolerances summed (about 10% of it: a ratio, unlike
a difference of two levels, is pinned by any two readings).
"""

from __future__ import annotations

import numpy as np

from generation.charts.data import NumberRegistry, part_of, value_text
from generation.charts.reading import axis_tolerance, printed, value_printed
from generation.charts.registry import LABEL_ONLY_TYPES
from generation.charts.spec import TREND_TYPES, ChartSpec
from generation.document.claims import (
    MATCH_SHARE,
    MISS_FLOOR,
    MISS_MARGIN,
    STATED_RELATIONS,
)
from generation.document.prose import ProseWriter
from generation.document.sections import SectionFact, pick_index
from generation.world.topics import in_text
from synthdocbench_tasks.schema import Chart, DataPoint

#: A report holds up to this many change claims, as many the chart matches as it contradicts.
PER_REPORT = 4
#: The fewest years between a claim's two marks.
MIN_YEARS = 2
#: A claim's ratio is printed with this many decimals ("1.38 times").
DECIMALS = 2
#: The true ratio of a claim's two marks lies this far from 1 or more (by its logarithm): a claim
#: of about 1.0 times would be a claim of no change.
MIN_LOG_RATIO = 0.15
#: A miss states a ratio at most this share of the charted one away (as a mark's miss is).
MAX_MISS_SHARE = 0.5


def change_tolerance(chart: Chart, start: float, end: float) -> float:
    """The reading tolerance of ``end / start`` read off ``chart``'s axis."""
    rel = axis_tolerance(chart, start) / abs(start) + axis_tolerance(chart, end) / abs(end)
    return abs(end / start) * rel


def change_verdict(chart: Chart, start: float, end: float, claimed: float) -> bool | None:
    """Whether a claimed ratio ``claimed`` of ``end`` to ``start`` matches it (True: within its
    reading tolerance and :data:`MATCH_SHARE` of it), contradicts it (False: off by
    ``max(MISS_MARGIN`` tolerances, :data:`MISS_FLOOR` of it``)``) or lies between (None)."""
    ratio = abs(end / start)
    off, tol = abs(claimed - ratio), change_tolerance(chart, start, end)
    if off >= max(MISS_MARGIN * tol, MISS_FLOOR * ratio) * (1 - 1e-9):
        return False
    return True if off <= min(tol, MATCH_SHARE * ratio) else None


def change_claims(
    rng: np.random.Generator,
    writer: ProseWriter,
    specs: list[ChartSpec],
    n_sections: int,
    section_of: dict[str, int],
    registry: NumberRegistry,
    claimed: list[SectionFact],
) -> list[SectionFact]:
    """:data:`PER_REPORT` claims of one year of a time chart's series as a multiple of an earlier
    year's, each on its own chart where the report has enough (else two on one, about other
    marks) and in a section two or more away from it: verdicts alternate
    from a drawn start; a miss states the ratio of another pair of marks of the report, off its
    own by at most :data:`MAX_MISS_SHARE`."""
    taken = {(f.values["viz_id"], f.values["label"], f.values.get("series")) for f in _marks(claimed)}
    candidates = [
        (spec, pair)
        for spec in specs
        if spec.chart.chartType in TREND_TYPES
        and any(abs(s - section_of[spec.chart.section_id]) >= 2 for s in range(n_sections))
        for pair in _pairs(spec, taken)
    ]
    matches = bool(rng.random() < 0.5)
    # a miss states the ratio of another pair of the report: misses and matches claim ratios of
    # one distribution (misses 2-3 tolerances off their ratio sat further from 1 than matches:
    # on fresh seed 6577, how far a claim sat from 1 told 73% of verify L4's verdicts)
    pool = [b.value / a.value for _, (a, b) in candidates]
    facts: list[SectionFact] = []
    used: dict[str, set[str]] = {}  # chart -> the marks its claims are about
    # charts no other claim is about first: the questions on those fill a chart (two questions)
    busy = {f.values.get("viz_id") for f in claimed}
    order = sorted(
        (int(i) for i in rng.permutation(len(candidates))), key=lambda i: candidates[i][0].chart.vizId in busy
    )
    # each on its own chart first; then a second claim on a chart, about other marks (a report
    # with one time chart still holds a claim of each verdict)
    for per_chart in (1, 2):
        for i in order:
            spec, (first, last) = candidates[i]
            marks = used.get(spec.chart.vizId, set())
            if len(marks) >= 2 * per_chart or {_key(first), _key(last)} & marks:
                continue
            found = _claimed(rng, spec, first.value, last.value, matches, pool, registry)
            if found is None:
                continue
            used[spec.chart.vizId] = marks | {_key(first), _key(last)}
            home = section_of[spec.chart.section_id]
            eligible = [s for s in range(n_sections) if abs(s - home) >= 2]
            sentence, values = _fact(rng, writer, spec, first, last, found)
            facts.append(SectionFact(eligible[pick_index(rng, len(eligible))], sentence, values))
            matches = not matches
            if len(facts) == PER_REPORT:
                return facts
    return facts


def _key(p: DataPoint) -> str:
    return f"{p.category}|{p.label}"


def _marks(facts: list[SectionFact]) -> list[SectionFact]:
    """The facts that state a value of one chart mark (the chart claims)."""
    return [f for f in facts if f.values.get("kind") == "chart_claim"]


def _pairs(spec: ChartSpec, taken: set[tuple[str, str, str | None]]) -> list[tuple[DataPoint, DataPoint]]:
    """(earlier, later) positive marks of one series that a reader can read (on a chart with an
    axis or printing them) and no other claim states (``taken``), :data:`MIN_YEARS` or more years
    apart, whose ratio is :data:`MIN_LOG_RATIO` or more from 1."""
    chart = spec.chart
    if not printed(chart) and chart.chartType in LABEL_ONLY_TYPES:
        return []
    out = []
    for series in dict.fromkeys(p.category for p in chart.data):
        points = [
            p
            for p in chart.data
            if p.category == series
            and p.label.isdigit()
            and p.value > 0
            and (chart.vizId, p.label, p.category) not in taken
            and (not printed(chart) or value_printed(chart, p))
        ]
        for i, a in enumerate(points):
            out += [
                (a, b)
                for b in points[i + 1 :]
                if int(b.label) - int(a.label) >= MIN_YEARS
                and abs(np.log(b.value / a.value)) >= MIN_LOG_RATIO
            ]
    return out


def _claimed(
    rng: np.random.Generator,
    spec: ChartSpec,
    start: float,
    end: float,
    matches: bool,
    pool: list[float],
    registry: NumberRegistry,
) -> tuple[float, int] | None:
    """(claimed ratio, printed decimals) with this verdict, fresh in the registry: a match the
    ratio itself, a miss one of ``pool`` (the report's other ratios) the verdict calls a miss and
    within :data:`MAX_MISS_SHARE` of the ratio."""
    ratio = end / start
    for _ in range(1 if matches else 20):
        claimed = round(ratio if matches else pool[int(rng.integers(len(pool)))], DECIMALS)
        if claimed <= 0 or change_verdict(spec.chart, start, end, claimed) is not matches:
            continue
        if abs(claimed - ratio) > MAX_MISS_SHARE * abs(ratio):
            continue
        if registry.acceptable(claimed, DECIMALS):
            return registry.take(claimed, DECIMALS), DECIMALS
    return None


def _fact(
    rng: np.random.Generator,
    writer: ProseWriter,
    spec: ChartSpec,
    first: DataPoint,
    last: DataPoint,
    found: tuple[float, int],
) -> tuple[str, dict[str, str]]:
    """The claim's sentence and values."""
    relation = STATED_RELATIONS[int(rng.integers(len(STATED_RELATIONS)))]
    actor = writer.topic.actors[int(rng.integers(len(writer.topic.actors)))]
    subject = _series_name(spec, first, writer)
    said = f"{value_text(*found)} times its {first.label} level"
    values = {"kind": "change_claim", "viz_id": spec.chart.vizId, "start": first.label, "end": last.label}
    if first.category:
        values["series"] = first.category
    values.update(claimed_value=value_text(*found), relation=relation, subject=subject)
    return writer.claim_fact(relation, actor, f"{subject} in {last.label}", said), values


def _series_name(spec: ChartSpec, point: DataPoint, writer: ProseWriter) -> str:
    """The series of ``point`` in words: ``"tax revenue in Kenya"``, or for a part of a mix
    ``"the business and law part of graduates in each field in Iran"`` (not "graduates in each
    field in Business and law", a part read as a place)."""
    topic, name = writer.topic, spec.metric.name
    if point.category and spec.series_role == "part":
        where = f" in {in_text(topic, spec.subject)}" if spec.subject else ""
        return f"{part_of(point.category, name, topic)}{where}"
    series = in_text(topic, point.category or spec.subject or "")
    return f"{name} in {series}" if series else name
