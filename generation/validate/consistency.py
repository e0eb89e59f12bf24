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
from dataclasses import dataclass, field
from itertools import combinations

from generation.charts.registry import HORIZONTAL_TYPES
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
    return next((t for t in all_topics() if t.title == manifest.topic), None)


def _key(metric: str, entity: str, period: str, part: str = "") -> FactKey:
    return (metric.lower(), entity, period, part)


def _subject(topic: Topic, title: str) -> str | None:
    """The entity a single-entity chart's title names ("... in the Philippines, 2012–2019")."""
    found = [e for e in topic.entities if f" in {in_text(topic, e)}," in title]
    return max(found, key=len) if found else None


def _value_metric(chart: Chart) -> str:
    axis = chart.axes.x if chart.chartType in HORIZONTAL_TYPES else chart.axes.y
    return axis.label


def chart_values(chart: Chart, topic: Topic) -> list[Shown]:
    """The facts one chart shows (empty for types that state no shared fact)."""
    t = chart.chartType
    where = f"Figure {chart.figure_number} ({t})"
    year_match = _YEAR_AT_END.search(chart.title)
    year = year_match.group(1) if year_match else ""
    metric = _value_metric(chart)
    mix = topic.mix
    out: list[Shown] = []

    def add(key: FactKey, value: float) -> None:
        out.append(Shown(key, value, where))

    if t in ("bar", "horizontal_bar", "lollipop", "bullet") and year:
        for p in chart.data:
            add(_key(metric, p.label, year), p.value)
    elif t in ("grouped_bar", "radar", "dumbbell"):
        for p in chart.data:
            add(_key(metric, p.label, p.category or ""), p.value)
    elif t in ("multi_line", "sparkline_grid", "heatmap", "slope"):
        metric = chart.axes.y.label if t != "heatmap" else chart.title.split(" by ")[0]
        for p in chart.data:
            add(_key(metric, p.category or "", p.label), p.value)
    elif t in ("line", "area"):
        subject = _subject(topic, chart.title)
        for p in chart.data:
            if subject:
                add(_key(metric, subject, p.label), p.value)
    elif t in ("scatter", "bubble") and year:
        x_metric = chart.axes.x.label
        size = chart.title.split(", sized by ")[1].rsplit(",", 1)[0] if ", sized by " in chart.title else None
        for p in chart.data:
            add(_key(metric, p.label, year), p.value)
            add(_key(x_metric, p.label, year), float(p.metadata["x"]))
            if size and "size" in p.metadata:
                add(_key(size, p.label, year), float(p.metadata["size"]))
    elif t == "stacked_bar" and year:
        for p in chart.data:
            add(_key(mix.metric.name, p.label, year, p.category or ""), p.value)
    elif t == "stacked_area":
        subject = _subject(topic, chart.title)
        for p in chart.data:
            if subject:
                add(_key(mix.metric.name, subject, p.label, p.category or ""), p.value)
    elif t == "treemap" and year:
        subject = _subject(topic, chart.title)
        for p in chart.data:
            if subject:
                add(_key(mix.metric.name, subject, year, p.label), p.value)
    elif t == "sankey" and year:
        for p in chart.data:
            add(_key(mix.metric.name, p.metadata["target"], year, p.metadata["source"]), p.value)
    elif t in ("pie", "donut") and year:
        subject = _subject(topic, chart.title)
        for p in chart.data:
            if subject:
                add(_key(f"share of {mix.name}", subject, year, p.label), p.value)
    elif t == "diverging_bar":
        base = chart.title.removeprefix("Change in ").split(" by ")[0]
        for p in chart.data:
            add(_key(f"change in {base}", p.label, p.category or ""), p.value)
    elif t == "waterfall":
        subject = _subject(topic, chart.title)
        base = chart.title.removeprefix("Year-on-year change in ").rsplit(" in ", 1)[0]
        if subject:
            first = chart.data[0]
            add(_key(base, subject, first.label.removesuffix(" level")), first.value)
            for p in chart.data[1:]:
                add(_key(f"change in {base}", subject, p.label), p.value)
    return out


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
