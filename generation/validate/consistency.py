"""Does a report show one value per (metric, entity, period[, part])?

:func:`shown_values` reads every number a finished manifest shows with the fact it states,
from the charts' types, titles, axes and labels, the tables' headers and the prose facts;
it needs nothing the generator recorded about its own world, so it measures manifests of
any generator version alike. :func:`consistency` pairs the values that state the same fact
and counts how many agree exactly. Box plots (a median across sub-units) and charts of
counts the report defines for one chart only (histogram bins, funnel stages) state no
shared fact and are left out.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations

from generation.charts.registry import chart_type
from generation.world.space import topic_by_title
from generation.world.topics import Topic, all_topics, in_text
from synthdocbench_tasks.schema import Chart, DocumentManifest

#: (metric, entity, period, part); names compared in lower case.
FactKey = tuple[str, str, str, str]

_YEAR_AT_END = re.compile(r",\s*((?:19|20)\d\d)$")
_TABLE_COLUMN = re.compile(r"^(.*) \((.*)\)$")


@dataclass(frozen=True)
class Shown:
    """One number the report shows and the fact it states."""

    key: FactKey
    value: float
    where: str


def topic_of(manifest: DocumentManifest) -> Topic | None:
    found = topic_by_title(manifest.topic)
    return found or next((t for t in all_topics() if t.title == manifest.topic), None)


def _key(metric: str, entity: str, period: str, part: str = "") -> FactKey:
    return (metric.lower(), entity, period, part)


def _subject(topic: Topic, title: str) -> str | None:
    """The entity a single-entity chart's title names ("... in the Philippines, 2012–2019")."""
    found = [e for e in topic.entities if f" in {in_text(topic, e)}," in title]
    return max(found, key=len) if found else None


def _value_metric(chart: Chart) -> str:
    axis = chart.axes.x if chart_type(chart.chartType).horizontal else chart.axes.y
    return axis.label


@dataclass(frozen=True)
class _Reading:
    """What a reader of one chart has to work with."""

    chart: Chart
    topic: Topic
    metric: str  # the value axis's label
    year: str  # the year at the end of the title, or ""

    def subject(self) -> str | None:
        return _subject(self.topic, self.chart.title)


def _entity_year(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    if r.year:
        for p in r.chart.data:
            yield _key(r.metric, p.label, r.year), p.value


def _label_category(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    for p in r.chart.data:
        yield _key(r.metric, p.label, p.category or ""), p.value


def _series_years(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    for p in r.chart.data:
        yield _key(r.chart.axes.y.label, p.category or "", p.label), p.value


def _cells_by_title(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    metric = r.chart.title.split(" by ")[0]
    for p in r.chart.data:
        yield _key(metric, p.category or "", p.label), p.value


def _subject_years(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    subject = r.subject()
    if subject:
        for p in r.chart.data:
            yield _key(r.metric, subject, p.label), p.value


def _points(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    if not r.year:
        return
    chart = r.chart
    x_metric = chart.axes.x.label
    size = chart.title.split(", sized by ")[1].rsplit(",", 1)[0] if ", sized by " in chart.title else None
    for p in chart.data:
        yield _key(r.metric, p.label, r.year), p.value
        yield _key(x_metric, p.label, r.year), float(p.metadata["x"])
        if size and "size" in p.metadata:
            yield _key(size, p.label, r.year), float(p.metadata["size"])


def _stacked_parts(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    if r.year:
        for p in r.chart.data:
            yield _key(r.topic.mix.metric.name, p.label, r.year, p.category or ""), p.value


def _stacked_years(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    subject = r.subject()
    if subject:
        for p in r.chart.data:
            yield _key(r.topic.mix.metric.name, subject, p.label, p.category or ""), p.value


def _parts_of_subject(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    subject = r.subject()
    if r.year and subject:
        for p in r.chart.data:
            yield _key(r.topic.mix.metric.name, subject, r.year, p.label), p.value


def _flows(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    if r.year:
        for p in r.chart.data:
            yield _key(r.topic.mix.metric.name, p.metadata["target"], r.year, p.metadata["source"]), p.value


def _shares_of_subject(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    subject = r.subject()
    if r.year and subject:
        for p in r.chart.data:
            yield _key(f"share of {r.topic.mix.name}", subject, r.year, p.label), p.value


def _changes(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    base = r.chart.title.removeprefix("Change in ").split(" by ")[0]
    for p in r.chart.data:
        yield _key(f"change in {base}", p.label, p.category or ""), p.value


def _level_then_changes(r: _Reading) -> Iterator[tuple[FactKey, float]]:
    subject = r.subject()
    if not subject:
        return
    base = r.chart.title.removeprefix("Year-on-year change in ").rsplit(" in ", 1)[0]
    first = r.chart.data[0]
    yield _key(base, subject, first.label.removesuffix(" level")), first.value
    for p in r.chart.data[1:]:
        yield _key(f"change in {base}", subject, p.label), p.value


#: The one-world check's readers, by the name a chart type's record gives (``ChartType.world_reader``).
READERS: dict[str, Callable[[_Reading], Iterator[tuple[FactKey, float]]]] = {
    "entity_year": _entity_year,
    "label_category": _label_category,
    "series_years": _series_years,
    "cells_by_title": _cells_by_title,
    "subject_years": _subject_years,
    "points": _points,
    "stacked_parts": _stacked_parts,
    "stacked_years": _stacked_years,
    "parts_of_subject": _parts_of_subject,
    "flows": _flows,
    "shares_of_subject": _shares_of_subject,
    "changes": _changes,
    "level_then_changes": _level_then_changes,
}


def chart_values(chart: Chart, topic: Topic) -> list[Shown]:
    """The facts one chart shows, read by its type's reader (none for types that state no
    shared fact: their record's ``world_reader`` is None)."""
    record = chart_type(chart.chartType)
    if record.world_reader is None:
        return []
    year_match = _YEAR_AT_END.search(chart.title)
    reading = _Reading(chart, topic, _value_metric(chart), year_match.group(1) if year_match else "")
    where = f"Figure {chart.figure_number} ({chart.chartType})"
    return [Shown(key, value, where) for key, value in READERS[record.world_reader](reading)]


def shown_values(manifest: DocumentManifest) -> list[Shown]:
    """Every number the report shows with the fact it states: charts, tables and prose facts."""
    topic = topic_of(manifest)
    if topic is None:
        return []
    out: list[Shown] = []
    for chart in manifest.charts:
        out += chart_values(chart, topic)
    for table in manifest.tables:
        year_match = _YEAR_AT_END.search(table.title)
        if not year_match:
            continue
        for c, column in enumerate(table.columns[1:], start=1):
            m = _TABLE_COLUMN.match(column)
            if not m:
                continue
            for row in table.rows:
                try:
                    value = float(row[c])
                except ValueError:
                    continue
                out.append(
                    Shown(_key(m.group(1), row[0], year_match.group(1)), value, f"Table {table.index}")
                )
    for fact in manifest.text_facts:
        v = fact.values
        if v.get("kind") == "metric":
            out.append(Shown(_key(v["metric"], v["entity"], v["year"]), float(v["value"]), fact.fact_id))
    return out


@dataclass
class Consistency:
    """Pairs of shown values that state the same fact, and how many of them agree."""

    values: int = 0
    pairs: int = 0
    agreeing: int = 0
    #: pairs whose values differ by more than 5% of the larger one
    far_apart: int = 0
    examples: list[str] = field(default_factory=list)

    def add(self, other: Consistency) -> None:
        self.values += other.values
        self.pairs += other.pairs
        self.agreeing += other.agreeing
        self.far_apart += other.far_apart
        self.examples += other.examples[: max(0, 5 - len(self.examples))]

    @property
    def rate(self) -> float:
        """Share of pairs that agree exactly (1.0 when nothing is shown twice)."""
        return self.agreeing / self.pairs if self.pairs else 1.0

    def line(self) -> str:
        return (
            f"{self.pairs} pairs of values that share metric, entity and period: "
            f"{self.agreeing} agree exactly ({self.rate:.1%}), {self.far_apart} differ by more than 5%"
        )


def consistency(manifest: DocumentManifest) -> Consistency:
    """Every pair of shown values that state the same fact, checked for exact agreement."""
    by_key: dict[FactKey, list[Shown]] = defaultdict(list)
    shown = shown_values(manifest)
    for s in shown:
        by_key[s.key].append(s)
    out = Consistency(values=len(shown))
    for key, group in sorted(by_key.items()):
        for a, b in combinations(group, 2):
            out.pairs += 1
            if a.value == b.value:
                out.agreeing += 1
                continue
            if abs(a.value - b.value) > 0.05 * max(abs(a.value), abs(b.value)):
                out.far_apart += 1
            if len(out.examples) < 5:
                out.examples.append(
                    f"{manifest.doc_id} {' / '.join(k for k in key if k)}: {a.value} in {a.where}, "
                    f"{b.value} in {b.where}"
                )
    return out


def world_mismatches(manifest: DocumentManifest) -> list[str]:
    """Shown values that differ from the manifest's recorded fact table (schema 1.1 on)."""
    table = {(f.metric.lower(), f.entity, f.period, f.part): f.value for f in manifest.world.facts}
    if not table:
        return []
    return [
        f"{s.where}: {' / '.join(k for k in s.key if k)} is {s.value}, the fact table says {table[s.key]}"
        for s in shown_values(manifest)
        if s.key in table and table[s.key] != s.value
    ]
