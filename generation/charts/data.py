"""Numbers of a document: chart metadata (paper Table 17), table cells and the number registry.

Every number a document prints is drawn through one :class:`NumberRegistry`, so no two
marks, cells or sentences share a number string: a value a chart draws is then never
written in the prose or the tables. Values are rounded to the decimals the chart displays,
and a value with ``d`` decimals always has a non-zero last decimal, so the display
precision of a chart is recoverable from its data (:func:`chart_decimals`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from generation.charts.registry import CHART_TYPE_NAMES, types_in
from generation.charts.registry import HORIZONTAL_TYPES as HORIZONTAL_TYPES
from generation.charts.registry import LABELLED_TYPES as LABELLED_TYPES
from generation.charts.registry import NO_GRID_TYPES as NO_GRID_TYPES
from generation.charts.registry import value_reading_options as value_reading_options
from generation.world.numbers import (
    NumberRegistry as NumberRegistry,
)
from generation.world.numbers import (
    NumberSpaceExhaustedError as NumberSpaceExhaustedError,
)
from generation.world.numbers import (
    canonical_number as canonical_number,
)
from generation.world.numbers import (
    exact_decimals,
)
from generation.world.numbers import (
    number_strings_in as number_strings_in,
)
from generation.world.numbers import (
    value_text as value_text,
)
from generation.world.table import FactTable, change_metric, share_metric
from generation.world.topics import Metric, Topic, funnel_of, in_text
from synthdocbench_tasks.schema import (
    Axes,
    Axis,
    Chart,
    DataPoint,
    Insight,
    Table,
    VisualProperties,
)

#: Chart types this stage can fill with data: every type of the registry (one builder each).
SUPPORTED_CHART_TYPES: tuple[str, ...] = CHART_TYPE_NAMES
#: Types whose x axis is time and whose every series has a clear direction (trend claims).
LINE_FAMILY: tuple[str, ...] = types_in("line")
#: Types whose series carry a direction recorded as a trend insight.
TREND_TYPES: tuple[str, ...] = types_in("temporal")
#: Types whose every mark has a series (``category``): the series name, year, part or panel.
MULTI_SERIES: tuple[str, ...] = types_in("multi_series")

PALETTE: tuple[str, ...] = (
    "#1F77B4",
    "#FF7F0E",
    "#2CA02C",
    "#9467BD",
    "#8C564B",
    "#17BECF",
    "#BCBD22",
    "#E377C2",
    "#7F7F7F",
    "#393B79",
)
BASE_COLOUR = "#4C72B0"
ACCENT_COLOUR = "#DD4F2A"
POSITIVE_COLOUR = "#2A9D5C"
NEGATIVE_COLOUR = "#C23B3B"
TARGET_COLOUR = "#222222"
HEAT_LOW = "#EAF2FB"
HEAT_HIGH = "#08457E"


def chart_decimals(chart: Chart) -> int:
    """The decimals a chart displays: every value is drawn with exactly this precision."""
    return max(exact_decimals(dp.value) for dp in chart.data)


def quantity(text: str, unit: str) -> str:
    """``"4.2"`` with ``"%"`` is ``"4.2%"``; with ``"billion USD"`` it is ``"4.2 billion USD"``."""
    return f"{text}%" if unit == "%" else f"{text} {unit}"


SortOrder = Literal["none", "ascending", "descending"]
Role = Literal["entity", "year", "part"]
ColourMode = Literal["categorical", "single", "sign", "sequential"]


@dataclass
class ChartSpec:
    """A chart plus what the prose needs to talk about it."""

    chart: Chart
    metric: Metric
    decimals: int
    #: What a data point's label and category name: an entity, a year or a part of a mix.
    label_role: Role
    series_role: Role | None = None
    year: str | None = None
    subject: str | None = None
    #: (metric name, entity, year) triples the chart draws; facts and tables avoid them.
    covered: set[tuple[str, str, str]] = field(default_factory=set)
    #: How a mark reads in a sentence where the roles alone would misname it (a waterfall
    #: step, a histogram bin, a sankey flow): label -> template, ``"*"`` for any label.
    #: Fields: ``label``, ``category``, every metadata key, and ``<field>_in`` (in-sentence form).
    mark_templates: dict[str, str] = field(default_factory=dict)

    @property
    def unit(self) -> str:
        return self.metric.unit_label


@dataclass(frozen=True)
class ChartSlot:
    """Where a chart goes: its id, section and order in the document."""

    viz_id: str
    section_id: str
    section_number: int
    section_title: str
    index: int


def value_axis(chart: Chart) -> Axis:
    """The axis that carries the value scale and unit (x for horizontal layouts, else y)."""
    return chart.axes.x if chart.chartType in HORIZONTAL_TYPES else chart.axes.y


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _pick(rng: np.random.Generator, items: Sequence[str], n: int) -> list[str]:
    order = rng.permutation(len(items))[:n]
    return [items[int(i)] for i in order]


def _count(rng: np.random.Generator, low: int, high: int, available: int) -> int:
    """An item count in ``[low, high]`` capped by what is available."""
    return min(available, int(rng.integers(low, high + 1)))


def _recent_year(rng: np.random.Generator, topic: Topic) -> str:
    first, last = topic.years
    return str(int(rng.integers(max(first, last - 5), last + 1)))


def _year_run(rng: np.random.Generator, topic: Topic, low: int, high: int) -> list[str]:
    """Consecutive years, ``low`` to ``high`` of them, inside the topic's span."""
    first, last = topic.years
    n = int(rng.integers(low, min(high, last - first + 1) + 1))
    start = int(rng.integers(first, last - n + 2))
    return [str(start + i) for i in range(n)]


def _year_pair(rng: np.random.Generator, topic: Topic) -> tuple[str, str]:
    """Two years at least three apart, earlier first."""
    first, last = topic.years
    start = int(rng.integers(first, last - 2))
    return str(start), str(int(rng.integers(start + 3, last + 1)))


def _year_set(rng: np.random.Generator, topic: Topic, low: int, high: int) -> list[str]:
    first, last = topic.years
    return sorted(_pick(rng, [str(y) for y in range(first, last + 1)], int(rng.integers(low, high + 1))))


def _listing(items: Sequence[str]) -> str:
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else items[0]


def _sort(rng: np.random.Generator, data: list[DataPoint]) -> SortOrder:
    """Sort single-series marks in place by a random order (none, descending, ascending)."""
    order: SortOrder = ("none", "descending", "ascending")[int(rng.choice(3, p=[0.4, 0.4, 0.2]))]
    if order != "none":
        data.sort(key=lambda p: p.value, reverse=order == "descending")
    return order


def series_direction(values: Sequence[float]) -> Literal["rose", "fell", "was broadly flat"] | None:
    """Direction a reader sees in a series, or None when it is not clear-cut.

    Two points (a slope chart) are judged by their change alone.
    """
    arr = np.asarray(values, dtype=float)
    mean = float(np.mean(np.abs(arr))) if len(arr) else 0.0
    if len(arr) < 2 or mean == 0:
        return None
    change = (arr[-1] - arr[0]) / mean
    if len(arr) == 2:
        if abs(change) >= 0.10:
            return "rose" if change > 0 else "fell"
        return "was broadly flat" if abs(change) <= 0.04 else None
    slope = float(np.polyfit(np.arange(len(arr)), arr, 1)[0])
    if change >= 0.10 and slope > 0:
        return "rose"
    if change <= -0.10 and slope < 0:
        return "fell"
    if abs(change) <= 0.04 and (arr.max() - arr.min()) / mean <= 0.08:
        return "was broadly flat"
    return None


def _highlights(rng: np.random.Generator, labels: list[str]) -> list[str]:
    k = int(rng.choice(3, p=[0.4, 0.4, 0.2]))
    return _pick(rng, labels, min(k, len(labels)))


# --- insights ---------------------------------------------------------------------------


def _fmt(value: float, decimals: int, unit: str) -> str:
    return quantity(value_text(value, decimals), unit)


def _who(dp: DataPoint) -> str:
    return f"{dp.label} ({dp.category})" if dp.category else dp.label


def _who_labels(dp: DataPoint) -> list[str]:
    return [dp.label, dp.category] if dp.category else [dp.label]


def _share_insight(part: DataPoint, total: float, whole: str) -> Insight:
    share = round(100 * part.value / total, 1)
    return Insight(
        type="proportion",
        text=f"{_who(part)} makes up {share}% of {whole}.",
        labels=_who_labels(part),
        value=share,
    )


def _trend_insights(chart_type: str, data: list[DataPoint], decimals: int) -> list[Insight]:
    out: list[Insight] = []
    for series in dict.fromkeys(d.category for d in data):
        points = [d for d in data if d.category == series]
        direction = series_direction([d.value for d in points])
        if direction is None:
            continue
        name = series or "The series"
        change = round(points[-1].value - points[0].value, decimals)
        out.append(
            Insight(
                type="trend",
                text=f"{name} {direction} between {points[0].label} and {points[-1].label}.",
                labels=[series] if series else [],
                value=change,
            )
        )
    return out


def _proportion_insights(chart_type: str, data: list[DataPoint], decimals: int, unit: str) -> list[Insight]:
    top = max(data, key=lambda d: d.value)
    if chart_type in ("pie", "donut"):
        return [
            Insight(
                type="proportion",
                text=f"{top.label} is the largest share, {_fmt(top.value, decimals, unit)} of the total.",
                labels=[top.label],
                value=top.value,
            )
        ]
    if chart_type in ("treemap", "histogram"):
        return [_share_insight(top, sum(d.value for d in data), "the total")]
    if chart_type == "sankey":
        source = top.metadata["source"]
        outflow = sum(d.value for d in data if d.metadata["source"] == source)
        return [_share_insight(top, outflow, f"all flows from {source}")]
    if chart_type in ("stacked_bar", "stacked_area"):
        stack = sum(d.value for d in data if d.label == top.label)
        return [_share_insight(top, stack, f"the {top.label} stack")]
    if chart_type == "funnel":
        rate = round(100 * data[-1].value / data[0].value, 1)
        return [
            Insight(
                type="proportion",
                text=f"{rate}% of the {data[0].label} stage reach the {data[-1].label} stage.",
                labels=[data[0].label, data[-1].label],
                value=rate,
            )
        ]
    return []


def compute_insights(chart_type: str, data: list[DataPoint], decimals: int, unit: str) -> list[Insight]:
    """Typed facts derived from the data (Table 17 ``insights``).

    Maximum, minimum, gap and comparison rank the marks (a waterfall ranks its steps, not
    its starting level); trends, proportions, outliers and target attainment where the
    type has them.
    """
    ranked_marks = data[1:] if chart_type == "waterfall" else data
    ranked = sorted(ranked_marks, key=lambda d: -d.value)
    top, bottom = ranked[0], ranked[-1]
    out = [
        Insight(
            type="maximum",
            text=f"{_who(top)} has the highest value, {_fmt(top.value, decimals, unit)}.",
            labels=_who_labels(top),
            value=top.value,
        ),
        Insight(
            type="minimum",
            text=f"{_who(bottom)} has the lowest value, {_fmt(bottom.value, decimals, unit)}.",
            labels=_who_labels(bottom),
            value=bottom.value,
        ),
    ]
    gap = round(top.value - bottom.value, decimals)
    out.append(
        Insight(
            type="gap",
            text=f"The gap between {_who(top)} and {_who(bottom)} is {_fmt(gap, decimals, unit)}.",
            labels=_who_labels(top) + _who_labels(bottom),
            value=gap,
        )
    )
    if len(ranked) >= 2:
        a, b = ranked[0], ranked[1]
        diff = round(a.value - b.value, decimals)
        out.append(
            Insight(
                type="comparison",
                text=f"{_who(a)} exceeds the runner-up {_who(b)} by {_fmt(diff, decimals, unit)}.",
                labels=_who_labels(a) + _who_labels(b),
                value=diff,
            )
        )
    if chart_type in TREND_TYPES:
        out += _trend_insights(chart_type, data, decimals)
    if chart_type == "waterfall":
        net = round(sum(d.value for d in data[1:]), decimals)
        word = "rose" if net > 0 else "fell"
        out.append(
            Insight(
                type="trend",
                text=f"Over the steps from {data[1].label} to {data[-1].label} the level {word} by "
                f"{_fmt(abs(net), decimals, unit)}.",
                labels=[data[1].label, data[-1].label],
                value=net,
            )
        )
    if chart_type == "bullet":
        met = [d for d in data if d.value >= float(d.metadata["target"])]
        out.append(
            Insight(
                type="comparison",
                text=f"{len(met)} of {len(data)} items reach their target.",
                labels=[d.label for d in met],
                value=float(len(met)),
            )
        )
    out += _proportion_insights(chart_type, data, decimals, unit)
    if chart_type not in MULTI_SERIES and chart_type != "waterfall" and len(data) >= 5:
        values = np.array([d.value for d in data])
        std = float(values.std())
        if std > 0:
            z = (values - values.mean()) / std
            i = int(np.argmax(np.abs(z)))
            if abs(z[i]) >= 2.0:
                out.append(
                    Insight(
                        type="outlier",
                        text=f"{data[i].label} stands apart from the other items.",
                        labels=[data[i].label],
                        value=data[i].value,
                    )
                )
    return out


# --- one builder per chart family ---------------------------------------------------------


@dataclass
class _Build:
    """What every data builder works with: the report's fact table and the chart's metric
    (with the decimals the report prints it with)."""

    rng: np.random.Generator
    chart_type: str
    world: FactTable
    metric: Metric
    slot: ChartSlot

    @property
    def topic(self) -> Topic:
        return self.world.topic

    @property
    def registry(self) -> NumberRegistry:
        return self.world.registry

    @property
    def kind(self) -> str:
        return self.topic.entity_kind

    def draw(self, low: float, high: float, metric: Metric | None = None) -> float:
        """A fresh number that is no fact of the table (a target, a quartile, a count in a bin)."""
        return self.registry.draw(self.rng, low, high, (metric or self.metric).decimals)

    def value(self, entity: str, year: str, metric: Metric | None = None) -> float:
        return self.world.value((metric or self.metric).name, entity, year)

    def entities(self, low: int, high: int) -> list[str]:
        return _pick(self.rng, self.topic.entities, _count(self.rng, low, high, len(self.topic.entities)))

    def subject(self) -> str:
        return self.topic.entities[int(self.rng.integers(len(self.topic.entities)))]

    def value_axis(self, metric: Metric | None = None, label: str | None = None) -> Axis:
        m = metric or self.metric
        return Axis(label=label or _cap(m.name), type="linear", unit=m.unit_label)

    def kind_axis(self) -> Axis:
        return Axis(label=_cap(self.kind), type="categorical")

    def entity_axes(self) -> Axes:
        """Entities on one axis, the metric on the other (the value axis is x for horizontal types)."""
        if self.chart_type in HORIZONTAL_TYPES:
            return Axes(x=self.value_axis(), y=self.kind_axis())
        return Axes(x=self.kind_axis(), y=self.value_axis())

    def visual(
        self,
        keys: list[str],
        mode: ColourMode,
        highlighted: list[str],
        *,
        sort_order: SortOrder = "none",
        legend: bool = False,
        negative: frozenset[str] = frozenset(),
        what: str = "series",
    ) -> VisualProperties:
        """Table 17 ``visualProperties``; the value reading follows :func:`value_reading_options`."""
        rng = self.rng
        if mode == "categorical":
            offset = int(rng.integers(len(PALETTE)))
            colour_map = {k: PALETTE[(offset + i) % len(PALETTE)] for i, k in enumerate(keys)}
            encoding = f"categorical: one colour per {what}"
        elif mode == "sign":
            colour_map = {k: NEGATIVE_COLOUR if k in negative else POSITIVE_COLOUR for k in keys}
            encoding = "diverging: increases and decreases in two colours"
        elif mode == "sequential":
            colour_map = {"low": HEAT_LOW, "high": HEAT_HIGH}
            encoding = "sequential: darker cells hold larger values"
        else:
            colour_map = {k: (ACCENT_COLOUR if k in highlighted else BASE_COLOUR) for k in keys}
            encoding = "single hue; highlighted items in an accent colour" if highlighted else "single hue"
        if self.chart_type == "bullet":
            colour_map["target"] = TARGET_COLOUR
        if self.chart_type == "waterfall":
            colour_map = {"level": BASE_COLOUR, "increase": POSITIVE_COLOUR, "decrease": NEGATIVE_COLOUR}
            encoding = "by role: starting level, increases and decreases"
        options = value_reading_options(self.chart_type)
        reading = options[0] if len(options) == 1 else options[int(rng.random() < 0.5)]
        return VisualProperties(
            colorEncoding=encoding,
            colorMap=colour_map,
            sortOrder=sort_order,
            hasLegend=legend,
            hasGridlines=self.chart_type not in NO_GRID_TYPES and bool(rng.random() < 0.7),
            highlightedItems=highlighted,
            annotationCount=len(highlighted),
            valueReading=reading,
        )

    def spec(
        self,
        title: str,
        axes: Axes,
        data: list[DataPoint],
        visual: VisualProperties,
        *,
        label_role: Role,
        metric: Metric | None = None,
        series_role: Role | None = None,
        year: str | None = None,
        subject: str | None = None,
        covered: set[tuple[str, str, str]] | None = None,
        mark_templates: dict[str, str] | None = None,
    ) -> ChartSpec:
        m = metric or self.metric
        source = self.topic.sources[int(self.rng.integers(len(self.topic.sources)))]
        where = f"Section {self.slot.section_number} ({self.slot.section_title})"
        chart = Chart(
            vizId=self.slot.viz_id,
            chartType=self.chart_type,
            title=title,
            axes=axes,
            data=data,
            insights=compute_insights(self.chart_type, data, m.decimals, m.unit_label),
            visualProperties=visual,
            sourceContext=f"Values compiled from {source}, as discussed in {where}.",
            section_id=self.slot.section_id,
            index=self.slot.index,
            figure_number=self.slot.index,
            value_kind=m.kind,
        )
        return ChartSpec(
            chart=chart,
            metric=m,
            decimals=m.decimals,
            label_role=label_role,
            series_role=series_role,
            year=year,
            subject=subject,
            covered=covered if covered is not None else set(),
            mark_templates=mark_templates or {},
        )


def _distinct(values: Sequence[float], decimals: int) -> bool:
    """Values that print as different numbers, at least one showing its last decimal."""
    texts = [value_text(abs(v), decimals) for v in values]
    shows_precision = decimals == 0 or any(not t.endswith("0") for t in texts)
    return len(set(texts)) == len(texts) and shows_precision and all(v != 0 for v in values)


def _single_bars(b: _Build) -> ChartSpec:
    """bar, horizontal_bar, lollipop: one metric across entities in one year."""
    year = _recent_year(b.rng, b.topic)
    data = [DataPoint(label=e, value=b.value(e, year)) for e in b.entities(4, 8)]
    sort = _sort(b.rng, data)
    labels = [p.label for p in data]
    axes = b.entity_axes()
    visual = b.visual(labels, "single", _highlights(b.rng, labels), sort_order=sort)
    title = f"{_cap(b.metric.name)} by {b.kind}, {year}"
    covered = {(b.metric.name, lab, year) for lab in labels}
    return b.spec(title, axes, data, visual, label_role="entity", year=year, covered=covered)


def _year_series(b: _Build, n_years: tuple[int, int], n_series: tuple[int, int]) -> ChartSpec:
    """grouped_bar, radar, dumbbell: one metric across entities, one series per year."""
    if b.chart_type == "dumbbell":
        years = list(_year_pair(b.rng, b.topic))
    else:
        years = _year_set(b.rng, b.topic, *n_years)
    labels = b.entities(*n_series)
    data = [DataPoint(label=lab, value=b.value(lab, y), category=y) for lab in labels for y in years]
    axes = b.entity_axes()
    visual = b.visual(years, "categorical", _highlights(b.rng, labels), legend=True, what="year")
    title = f"{_cap(b.metric.name)} by {b.kind}, {_listing(years)}"
    covered = {(b.metric.name, p.label, p.category or "") for p in data}
    return b.spec(title, axes, data, visual, label_role="entity", series_role="year", covered=covered)


def _stacked_bar(b: _Build) -> ChartSpec:
    mix = b.topic.mix
    m = b.world.part_metric()
    year = _recent_year(b.rng, b.topic)
    parts = _pick(b.rng, mix.parts, _count(b.rng, 3, 4, len(mix.parts)))
    labels = b.entities(3, 6)
    data = [
        DataPoint(label=lab, value=b.world.value(m.name, lab, year, part), category=part)
        for lab in labels
        for part in parts
    ]
    axes = Axes(x=b.kind_axis(), y=b.value_axis(m))
    visual = b.visual(parts, "categorical", _highlights(b.rng, labels), legend=True, what=mix.part_kind)
    title = f"{_cap(mix.name)} by {mix.part_kind} and {b.kind}, {year}"
    covered = {(m.name, lab, year) for lab in labels}
    return b.spec(
        title,
        axes,
        data,
        visual,
        metric=m,
        label_role="entity",
        series_role="part",
        year=year,
        covered=covered,
    )


def _diverging(b: _Build) -> ChartSpec:
    """Signed change of a metric per entity between two years (both signs shown)."""
    m = change_metric(b.metric)
    for _ in range(12):
        y0, y1 = _year_pair(b.rng, b.topic)
        period = f"{y0}–{y1}"
        changes: dict[str, float] = {}
        for e in _pick(b.rng, b.topic.entities, len(b.topic.entities)):
            start, end = b.world.preview(b.metric.name, e, [y0, y1])
            diff = round(end - start, m.decimals)
            if _distinct([*changes.values(), diff], m.decimals) or (diff != 0 and not changes):
                changes[e] = diff
        signs = {v > 0 for v in changes.values()}
        wanted = _count(b.rng, 5, 9, len(changes))
        if len(changes) >= 5 and signs == {True, False}:
            break
    else:
        raise NumberSpaceExhaustedError(f"no two years in which {b.metric.name} both rose and fell")
    pos = [e for e, v in changes.items() if v > 0]
    neg = [e for e, v in changes.items() if v < 0]
    chosen = [neg[0], pos[0], *[e for e in changes if e not in (neg[0], pos[0])][: wanted - 2]]
    # Fixing the values may move them a step from the latent ones; the drawn changes must still differ.
    data = [
        DataPoint(label=e, value=b.world.change(b.metric.name, e, y0, y1), category=period)
        for e in _pick(b.rng, chosen, len(chosen))
    ]
    kept: dict[str, DataPoint] = {}
    for p in data:  # one mark per printed number
        kept.setdefault(value_text(abs(p.value), m.decimals), p)
    data = [p for p in kept.values() if p.value != 0]
    if len(data) < 4 or not _distinct([p.value for p in data], m.decimals):
        raise NumberSpaceExhaustedError(f"changes in {b.metric.name} print alike")
    if {p.value > 0 for p in data} != {True, False}:
        raise NumberSpaceExhaustedError(f"no two years in which {b.metric.name} both rose and fell")
    negative = frozenset(p.label for p in data if p.value < 0)
    sort = _sort(b.rng, data)
    labels = [p.label for p in data]
    axes = Axes(x=Axis(label=_cap(m.name), type="linear", unit=m.unit_label), y=b.kind_axis())
    visual = b.visual(labels, "sign", _highlights(b.rng, labels), sort_order=sort, negative=negative)
    title = f"Change in {b.metric.name} by {b.kind}, {period}"
    template = f"the change in {b.metric.name} in {{label_in}} between {y0} and {y1}"
    return b.spec(title, axes, data, visual, metric=m, label_role="entity", mark_templates={"*": template})


def _clear_series(
    b: _Build, metric: Metric, entities: list[str], n: int, count: int, part: str = ""
) -> tuple[list[str], list[str]]:
    """Consecutive years and ``count`` entities whose series over them has a clear direction."""
    first, last = b.topic.years
    for attempt in range(30):
        n = min(max(4, n - attempt // 10), last - first + 1)
        start = int(b.rng.integers(first, last - n + 2))
        years = [str(start + i) for i in range(n)]
        clear = [
            e for e in entities if series_direction(b.world.preview(metric.name, e, years, part)) is not None
        ]
        if len(clear) >= count:
            return years, clear[:count]
    raise NumberSpaceExhaustedError(f"no run of {n} years in which {metric.name} moves clearly")


def _lines(b: _Build) -> ChartSpec:
    """line, area (one entity), multi_line, sparkline_grid (one series or panel per entity)."""
    n = int(b.rng.integers(6, 11))
    pool = _pick(b.rng, b.topic.entities, len(b.topic.entities))
    if b.chart_type in MULTI_SERIES:
        wanted = _count(b.rng, 2, 4, 10) if b.chart_type == "multi_line" else _count(b.rng, 4, 6, 10)
        years, series = _clear_series(b, b.metric, pool, n, wanted)
        data: list[DataPoint] = []
        for s in series:
            values = b.world.series(b.metric.name, s, years)
            data += [DataPoint(label=y, value=v, category=s) for y, v in zip(years, values, strict=True)]
        subject, place = None, f"selected {b.topic.entity_kind_plural}"
        if b.chart_type == "multi_line":
            visual = b.visual(series, "categorical", _highlights(b.rng, series)[:1], legend=True, what=b.kind)
        else:
            visual = b.visual(series, "single", _highlights(b.rng, series)[:1])
    else:
        years, (subject,) = _clear_series(b, b.metric, pool, n, 1)
        values = b.world.series(b.metric.name, subject, years)
        data = [DataPoint(label=y, value=v) for y, v in zip(years, values, strict=True)]
        place = in_text(b.topic, subject)
        visual = b.visual(years, "single", _highlights(b.rng, years))
    axes = Axes(x=Axis(label="Year", type="time"), y=b.value_axis())
    title = f"{_cap(b.metric.name)} in {place}, {years[0]}–{years[-1]}"
    covered = {(b.metric.name, p.category or subject or "", p.label) for p in data}
    return b.spec(
        title,
        axes,
        data,
        visual,
        label_role="year",
        series_role="entity" if b.chart_type in MULTI_SERIES else None,
        subject=subject,
        covered=covered,
    )


def _stacked_area(b: _Build) -> ChartSpec:
    """The parts of the topic's mix over consecutive years, for one entity."""
    mix = b.topic.mix
    m = b.world.part_metric()
    subject = b.subject()
    parts = _pick(b.rng, mix.parts, _count(b.rng, 3, 4, len(mix.parts)))
    n = int(b.rng.integers(6, 10))
    first, last = b.topic.years
    start = int(b.rng.integers(first, last - min(n, last - first + 1) + 2))
    years = [str(start + i) for i in range(min(n, last - first + 1))]
    data: list[DataPoint] = []
    for part in parts:
        values = b.world.series(m.name, subject, years, part)
        data += [DataPoint(label=y, value=v, category=part) for y, v in zip(years, values, strict=True)]
    axes = Axes(x=Axis(label="Year", type="time"), y=b.value_axis(m))
    visual = b.visual(parts, "categorical", _highlights(b.rng, parts)[:1], legend=True, what=mix.part_kind)
    title = f"{_cap(mix.name)} by {mix.part_kind} in {in_text(b.topic, subject)}, {years[0]}–{years[-1]}"
    covered = {(m.name, subject, y) for y in years}
    return b.spec(
        title,
        axes,
        data,
        visual,
        metric=m,
        label_role="year",
        series_role="part",
        subject=subject,
        covered=covered,
    )


def _mix_chart(
    b: _Build, data: list[DataPoint], metric: Metric, subject: str, year: str, value_label: str
) -> ChartSpec:
    """pie, donut, treemap: the parts of the topic's mix for one entity and year, largest first,
    one colour per part; ``value_label`` names what a part's value is (a share, an amount)."""
    mix = b.topic.mix
    data.sort(key=lambda p: -p.value)
    labels = [p.label for p in data]
    axes = Axes(
        x=Axis(label=_cap(mix.part_kind), type="none"),
        y=Axis(label=value_label, type="none", unit=metric.unit_label),
    )
    visual = b.visual(
        labels, "categorical", _highlights(b.rng, labels)[:1], sort_order="descending", what=mix.part_kind
    )
    title = f"{_cap(mix.name)} by {mix.part_kind} in {in_text(b.topic, subject)}, {year}"
    return b.spec(
        title,
        axes,
        data,
        visual,
        metric=metric,
        label_role="part",
        year=year,
        subject=subject,
        covered={(metric.name, subject, year)},
    )


def _pie(b: _Build) -> ChartSpec:
    """Every part's share of the topic's mix for one entity and year (they add up to 100%)."""
    mix = b.topic.mix
    share = share_metric(b.topic)
    for _ in range(12):
        year = _recent_year(b.rng, b.topic)
        subject = b.subject()
        before = b.world.snapshot()
        shares = b.world.shares(subject, year)
        if _distinct(list(shares.values()), 1) and min(shares.values()) >= 2.5:
            break
        b.world.restore(before)
    else:
        raise NumberSpaceExhaustedError(f"no entity and year whose {mix.name} shares print apart")
    data = [DataPoint(label=p, value=v) for p, v in shares.items()]
    return _mix_chart(b, data, share, subject, year, f"Share of {mix.name}")


def _treemap(b: _Build) -> ChartSpec:
    """The topic's mix for one entity, one tile per part (areas proportional to values)."""
    mix = b.topic.mix
    m = b.world.part_metric()
    year = _recent_year(b.rng, b.topic)
    subject = b.subject()
    parts = _pick(b.rng, mix.parts, _count(b.rng, 4, 7, len(mix.parts)))
    data = [DataPoint(label=p, value=b.world.value(m.name, subject, year, p)) for p in parts]
    return _mix_chart(b, data, m, subject, year, _cap(mix.name))


def _scatter(b: _Build) -> ChartSpec:
    """scatter and bubble: one point per entity, x and y (and size) different metrics of one year."""
    others = [m for m in b.world.metrics if m.name != b.metric.name]
    order = b.rng.permutation(len(others))
    x_metric = others[int(order[0])]
    size_metric = others[int(order[1])] if b.chart_type == "bubble" else None
    year = _recent_year(b.rng, b.topic)
    labels = b.entities(6, 10)
    data = []
    for lab in labels:
        meta = {"x": value_text(b.value(lab, year, x_metric), x_metric.decimals)}
        y = b.value(lab, year)
        if size_metric is not None:
            meta["size"] = value_text(b.value(lab, year, size_metric), size_metric.decimals)
        data.append(DataPoint(label=lab, value=y, metadata=meta))
    axes = Axes(x=b.value_axis(x_metric), y=b.value_axis())
    visual = b.visual(labels, "single", _highlights(b.rng, labels), legend=size_metric is not None)
    title = f"{_cap(b.metric.name)} against {x_metric.name} by {b.kind}, {year}"
    metrics = [b.metric, x_metric]
    if size_metric is not None:
        title = f"{_cap(b.metric.name)} against {x_metric.name}, sized by {size_metric.name}, {year}"
        metrics.append(size_metric)
    covered = {(m.name, lab, year) for m in metrics for lab in labels}
    return b.spec(title, axes, data, visual, label_role="entity", year=year, covered=covered)


#: What a histogram or box plot counts inside one entity of each kind.
_SUBUNITS: dict[str, str] = {
    "country": "districts",
    "state": "regions",
    "economy": "regions",
    "reef region": "survey sites",
    "basin": "sub-catchments",
    "sector": "firms",
    "city": "neighbourhoods",
    "education system": "schools",
    "market": "firms",
}


def _subunits(topic: Topic) -> str:
    return _SUBUNITS.get(topic.entity_kind, "local areas")


def _nice_width(raw: float) -> float:
    """The 1-2-2.5-5 x 10^k step at or above ``raw``."""
    power = 10.0 ** np.floor(np.log10(raw))
    for factor in (1.0, 2.0, 2.5, 5.0, 10.0):
        if factor * power >= raw:
            return float(round(factor * power, 6))
    raise AssertionError("unreachable")


def _count_near(b: _Build, target: float, counts: Metric) -> float:
    """A fresh whole count near ``target``, looking further out when the numbers near it are taken."""
    spread = max(6.0, 0.2 * target)
    for widen in (1, 2, 4, 8):
        try:
            return b.registry.draw_near(b.rng, target, widen * spread, counts.low, counts.high, 0)
        except NumberSpaceExhaustedError:
            continue
    return b.registry.draw(b.rng, counts.low, counts.high, 0)


def _histogram(b: _Build) -> ChartSpec:
    """How many sub-units of one entity fall into each band of a metric: a bell around the
    entity's own value in the fact table."""
    units = _subunits(b.topic)
    counts = Metric(
        name=f"number of {units}", unit=units, low=13, high=400, decimals=0, kind="count", kind_given=True
    )
    year = _recent_year(b.rng, b.topic)
    subject = b.subject()
    n_bins = int(b.rng.integers(6, 10))
    width = _nice_width((b.metric.high - b.metric.low) / n_bins)
    start = float(np.floor(b.metric.low / width) * width)
    wd = exact_decimals(width)
    centre = (b.world.preview(b.metric.name, subject, [year])[0] - start) / width - 0.5
    mu = float(np.clip(centre + b.rng.uniform(-0.5, 0.5), 0.5, n_bins - 1.5))
    sigma = float(b.rng.uniform(1.0, 2.2))
    peak = float(b.rng.uniform(60, 160))
    data = []
    for i in range(n_bins):
        lo, hi = value_text(start + i * width, wd), value_text(start + (i + 1) * width, wd)
        target = 13 + peak * float(np.exp(-0.5 * ((i - mu) / sigma) ** 2))
        count = _count_near(b, target, counts)
        data.append(DataPoint(label=f"{lo}–{hi}", value=count, metadata={"lo": lo, "hi": hi}))
    labels = [p.label for p in data]
    axes = Axes(
        x=Axis(label=_cap(b.metric.name), type="categorical", unit=b.metric.unit_label),
        y=Axis(label=f"Number of {units}", type="linear", unit=units),
    )
    visual = b.visual(labels, "single", _highlights(b.rng, labels)[:1])
    title = f"Distribution of {b.metric.name} across {units} in {in_text(b.topic, subject)}, {year}"
    template = (
        f"the number of {units} in {in_text(b.topic, subject)} with {b.metric.name} "
        f"between {{lo}} and {{hi}} ({b.metric.unit_label}) in {year}"
    )
    return b.spec(
        title,
        axes,
        data,
        visual,
        metric=counts,
        label_role="part",
        year=year,
        subject=subject,
        mark_templates={"*": template},
    )


def _box(b: _Build) -> ChartSpec:
    """Five-number summaries of a metric across each entity's sub-units; the median is the
    entity's own value in the fact table."""
    units = _subunits(b.topic)
    year = _recent_year(b.rng, b.topic)
    low, high = b.metric.low, b.metric.high
    span = high - low
    step = 10.0**-b.metric.decimals
    d = b.metric.decimals
    data: list[DataPoint] = []
    wanted = _count(b.rng, 4, 6, len(b.topic.entities))
    for e in _pick(b.rng, b.topic.entities, len(b.topic.entities)):
        if len(data) == wanted:
            break
        median_latent = b.world.preview(b.metric.name, e, [year])[0]
        spread = float(b.rng.uniform(0.12, 0.3)) * span
        lo, hi = max(low, median_latent - spread), min(high, median_latent + spread)
        if median_latent - lo < 0.04 * span or hi - median_latent < 0.04 * span:
            continue
        before = b.world.snapshot()
        try:
            median = b.value(e, year)
            lowest, q1 = sorted(b.draw(lo, median - step) for _ in range(2))
            q3, highest = sorted(b.draw(median + step, hi) for _ in range(2))
        except NumberSpaceExhaustedError:
            b.world.restore(before)
            continue
        if not lowest < q1 < median < q3 < highest:
            b.world.restore(before)
            continue
        meta = {k: value_text(v, d) for k, v in (("min", lowest), ("q1", q1), ("q3", q3), ("max", highest))}
        data.append(DataPoint(label=e, value=median, metadata=meta))
    if len(data) < 4:
        raise NumberSpaceExhaustedError(f"too few entities with room for a spread of {b.metric.name}")
    labels = [p.label for p in data]
    axes = Axes(x=b.kind_axis(), y=b.value_axis())
    visual = b.visual(labels, "single", _highlights(b.rng, labels)[:1])
    title = f"Spread of {b.metric.name} across {units} by {b.kind}, {year}"
    template = f"the median {b.metric.name} across {units} in {{label_in}} in {year}"
    covered = {(b.metric.name, lab, year) for lab in labels}
    return b.spec(
        title,
        axes,
        data,
        visual,
        label_role="entity",
        year=year,
        covered=covered,
        mark_templates={"*": template},
    )


def _heatmap(b: _Build) -> ChartSpec:
    """A metric by entity (rows) and consecutive years (columns)."""
    years = _year_run(b.rng, b.topic, 4, 7)
    rows = b.entities(3, 6)
    data = [DataPoint(label=y, value=b.value(r, y), category=r) for r in rows for y in years]
    axes = Axes(
        x=Axis(label="Year", type="categorical"),
        y=Axis(label=_cap(b.kind), type="categorical", unit=b.metric.unit_label),
    )
    visual = b.visual(rows, "sequential", _highlights(b.rng, rows)[:1], legend=True)
    title = f"{_cap(b.metric.name)} by {b.kind} and year, {years[0]}–{years[-1]}"
    covered = {(b.metric.name, p.category or "", p.label) for p in data}
    return b.spec(title, axes, data, visual, label_role="year", series_role="entity", covered=covered)


def _slope(b: _Build) -> ChartSpec:
    """Each entity's value in two years, joined by a line; every line clearly rises or falls."""
    first, last = b.topic.years
    wanted = _count(b.rng, 4, 7, len(b.topic.entities))
    pool = _pick(b.rng, b.topic.entities, len(b.topic.entities))
    best: tuple[str, str, list[str]] = ("", "", [])
    for _ in range(12):
        third = max(1, (last - first) // 3)
        y0 = str(int(b.rng.integers(first, first + third + 1)))
        y1 = str(int(b.rng.integers(last - third, last + 1)))
        clear = [
            e
            for e in pool
            if series_direction(b.world.preview(b.metric.name, e, [y0, y1])) in ("rose", "fell")
        ]
        if len(clear) > len(best[2]):
            best = (y0, y1, clear)
        if len(clear) >= wanted:
            break
    y0, y1, clear = best
    series: list[str] = []
    for e in clear:  # fix values only for the entities the chart shows
        if len(series) < wanted and series_direction([b.value(e, y0), b.value(e, y1)]) in ("rose", "fell"):
            series.append(e)
    if len(series) < 4:
        raise NumberSpaceExhaustedError(f"too few entities whose {b.metric.name} clearly changes")
    data = []
    for s in series:
        data += [
            DataPoint(label=y0, value=b.value(s, y0), category=s),
            DataPoint(label=y1, value=b.value(s, y1), category=s),
        ]
    axes = Axes(x=Axis(label="Year", type="categorical"), y=b.value_axis())
    visual = b.visual(series, "categorical", _highlights(b.rng, series)[:1], what=b.kind)
    title = f"{_cap(b.metric.name)} by {b.kind}, {y0} and {y1}"
    covered = {(b.metric.name, p.category or "", p.label) for p in data}
    return b.spec(title, axes, data, visual, label_role="year", series_role="entity", covered=covered)


def _waterfall(b: _Build) -> ChartSpec:
    """A starting level, then the signed change of each following year, for one entity."""
    d = b.metric.decimals
    for _ in range(40):
        years = _year_run(b.rng, b.topic, 5, 8)
        subject = b.subject()
        levels = b.world.preview(b.metric.name, subject, years)
        changes = [round(x1 - x0, d) for x0, x1 in itertools.pairwise(levels)]
        if _distinct([levels[0], *changes], d):
            before = b.world.snapshot()
            level = b.value(subject, years[0])
            steps = [
                b.world.change(b.metric.name, subject, y0, y1, y1) for y0, y1 in itertools.pairwise(years)
            ]
            if _distinct([level, *steps], d):
                break
            b.world.restore(before)
    else:
        raise NumberSpaceExhaustedError(f"no run of years whose changes in {b.metric.name} print apart")
    data = [DataPoint(label=f"{years[0]} level", value=level)]
    data += [DataPoint(label=y, value=v) for y, v in zip(years[1:], steps, strict=True)]
    labels = [p.label for p in data]
    axes = Axes(x=Axis(label="Year", type="categorical"), y=b.value_axis())
    visual = b.visual(labels, "single", _highlights(b.rng, labels[1:])[:1])
    place = in_text(b.topic, subject)
    title = f"Year-on-year change in {b.metric.name} in {place}, {years[0]}–{years[-1]}"
    templates = {
        labels[0]: f"{b.metric.name} in {place} in {years[0]}",
        "*": f"the change in {b.metric.name} in {place} in {{label}}",
    }
    covered = {(b.metric.name, subject, years[0])}
    return b.spec(
        title,
        axes,
        data,
        visual,
        label_role="year",
        subject=subject,
        covered=covered,
        mark_templates=templates,
    )


def _funnel(b: _Build) -> ChartSpec:
    """How many items of the topic's own pipeline reach each stage, in one entity and year."""
    funnel = funnel_of(b.topic)
    counts = Metric(
        name=f"number of {funnel.noun}",
        unit=funnel.unit,
        low=13,
        high=990,
        decimals=0,
        scale=funnel.scale,
        kind="count",
        kind_given=True,
    )
    year = _recent_year(b.rng, b.topic)
    subject = b.subject()
    stages = list(funnel.stages)
    if b.rng.random() < 0.4:
        stages.pop(int(b.rng.integers(1, len(stages) - 1)))
    values = [b.draw(400, counts.high, counts)]
    for _ in stages[1:]:
        values.append(b.draw(max(counts.low, 0.45 * values[-1]), 0.85 * values[-1], counts))
    data = [DataPoint(label=stage, value=v) for stage, v in zip(stages, values, strict=True)]
    labels = [p.label for p in data]
    axes = Axes(
        x=Axis(label="Stage", type="none"),
        y=Axis(label=_cap(funnel.noun), type="none", unit=counts.unit_label),
    )
    visual = b.visual(labels, "single", _highlights(b.rng, labels)[:1], sort_order="descending")
    place = in_text(b.topic, subject)
    title = f"{_cap(funnel.noun)} in {place} by stage, {year}"
    template = f"the number of {funnel.noun} at the '{{label}}' stage in {place} in {year}"
    return b.spec(
        title,
        axes,
        data,
        visual,
        metric=counts,
        label_role="part",
        year=year,
        subject=subject,
        mark_templates={"*": template},
    )


def _bullet(b: _Build) -> ChartSpec:
    """Each entity's actual value against its target (a marker), over grey qualitative bands."""
    year = _recent_year(b.rng, b.topic)
    low, high = b.metric.low, b.metric.high
    data = []
    for e in b.entities(3, 6):
        actual = b.value(e, year)
        target = b.draw(max(low, 0.75 * actual), min(high, 1.3 * actual))
        data.append(
            DataPoint(label=e, value=actual, metadata={"target": value_text(target, b.metric.decimals)})
        )
    labels = [p.label for p in data]
    axes = Axes(x=b.value_axis(), y=b.kind_axis())
    visual = b.visual(labels, "single", _highlights(b.rng, labels)[:1], legend=True)
    title = f"{_cap(b.metric.name)} against target by {b.kind}, {year}"
    covered = {(b.metric.name, lab, year) for lab in labels}
    return b.spec(title, axes, data, visual, label_role="entity", year=year, covered=covered)


def _sankey(b: _Build) -> ChartSpec:
    """Flows of the topic's mix from its parts (left) to entities (right), one year: the flow
    from part P to entity E is E's value of P in the fact table."""
    mix = b.topic.mix
    m = b.world.part_metric()
    year = _recent_year(b.rng, b.topic)
    sources = _pick(b.rng, mix.parts, _count(b.rng, 2, 4, len(mix.parts)))
    targets = b.entities(2, 4)
    pairs = [(s, t) for s in sources for t in targets]
    for s, t in [pairs[int(i)] for i in b.rng.permutation(len(pairs))[: int(b.rng.integers(0, 3))]]:
        rest = [p for p in pairs if p != (s, t)]
        if any(p[0] == s for p in rest) and any(p[1] == t for p in rest):
            pairs = rest
    data = [
        DataPoint(
            label=f"{s} → {t}",
            value=b.world.value(m.name, t, year, s),
            metadata={"source": s, "target": t},
        )
        for s, t in pairs
    ]
    axes = Axes(
        x=Axis(label=_cap(mix.part_kind), type="none"),
        y=Axis(label=_cap(b.kind), type="none", unit=m.unit_label),
    )
    visual = b.visual(
        sources, "categorical", _highlights(b.rng, [p.label for p in data])[:1], what=mix.part_kind
    )
    title = f"{_cap(mix.name)} flows from {mix.part_kind} to {b.kind}, {year}"
    template = f"{mix.metric.name} from {{source}} in {{target_in}} in {year}"
    covered = {(m.name, t, year) for t in targets}
    return b.spec(
        title,
        axes,
        data,
        visual,
        metric=m,
        label_role="part",
        year=year,
        covered=covered,
        mark_templates={"*": template},
    )


#: One data builder per chart type of :data:`generation.charts.registry.REGISTRY`.
DATA_BUILDERS: dict[str, Callable[[_Build], ChartSpec]] = {
    "bar": _single_bars,
    "horizontal_bar": _single_bars,
    "lollipop": _single_bars,
    "grouped_bar": lambda b: _year_series(b, (2, 3), (3, 6)),
    "radar": lambda b: _year_series(b, (2, 3), (5, 8)),
    "dumbbell": lambda b: _year_series(b, (2, 2), (4, 8)),
    "stacked_bar": _stacked_bar,
    "diverging_bar": _diverging,
    "line": _lines,
    "area": _lines,
    "multi_line": _lines,
    "sparkline_grid": _lines,
    "stacked_area": _stacked_area,
    "pie": _pie,
    "donut": _pie,
    "treemap": _treemap,
    "scatter": _scatter,
    "bubble": _scatter,
    "histogram": _histogram,
    "box": _box,
    "heatmap": _heatmap,
    "slope": _slope,
    "waterfall": _waterfall,
    "funnel": _funnel,
    "bullet": _bullet,
    "sankey": _sankey,
}


def build_chart(
    rng: np.random.Generator,
    chart_type: str,
    world: FactTable | Topic,
    metric: Metric,
    slot: ChartSlot,
    registry: NumberRegistry | None = None,
) -> ChartSpec:
    """Fill one chart of ``chart_type`` with the report's facts about ``metric``.

    ``world`` is the report's fact table; given a bare topic (a chart outside any report, as in
    renderer tests), a table of that topic is made on ``registry``. A chart that cannot be drawn
    from the table (no run of years that moves clearly, number space used up) raises
    :class:`NumberSpaceExhaustedError` and leaves the table as it was.
    """
    if isinstance(world, Topic):
        world = FactTable(world, 0, "standalone", registry or NumberRegistry())
    builder = DATA_BUILDERS.get(chart_type)
    if builder is None:
        raise ValueError(
            f"chart type {chart_type!r} has no data builder; choose from {', '.join(SUPPORTED_CHART_TYPES)}"
        )
    before = world.snapshot()
    try:
        return builder(_Build(rng, chart_type, world, world.metric(metric.name), slot))
    except NumberSpaceExhaustedError:
        world.restore(before)
        raise


def mark_measure(spec: ChartSpec, point: DataPoint, topic: Topic) -> str:
    """What one mark measures, in words: ``"installed solar capacity in Vietnam in 2021"``.

    (How a question names a mark, ``"the 2021 value"``, is :func:`generation.questions.phrasing.mark_phrase`.)
    """
    template = spec.mark_templates.get(point.label, spec.mark_templates.get("*"))
    if template is not None:
        fields = {"label": point.label, "category": point.category or "", **point.metadata}
        fields |= {f"{k}_in": in_text(topic, v) for k, v in list(fields.items())}
        return template.format(**fields)
    roles = {spec.label_role: point.label}
    if spec.series_role and point.category:
        roles[spec.series_role] = point.category
    entity = roles.get("entity", spec.subject)
    year = roles.get("year", spec.year)
    part = roles.get("part")
    name = spec.metric.name
    if part and spec.chart.chartType in ("pie", "donut"):
        what = f"the {part.lower()} share of {name.removeprefix('share of ')}"
    elif part:
        what = f"{name} ({part})"
    else:
        what = name
    where = f" in {in_text(topic, entity)}" if entity else ""
    when = f" in {year}" if year else ""
    return f"{what}{where}{when}"


def build_table(
    rng: np.random.Generator,
    world: FactTable,
    table_id: str,
    index: int,
    section_id: str,
    covered: set[tuple[str, str, str]],
) -> tuple[Table, set[tuple[str, str, str]]]:
    """A table of 3–6 columns and 4–8 rows of facts no chart draws; returns it and its triples."""
    topic = world.topic
    wanted_metrics = int(rng.integers(2, 6))
    years = world.years
    for attempt in range(80):
        # Fewer columns when the document's charts already cover much of the topic.
        n_metrics = max(2, wanted_metrics - attempt // 20)
        metrics = [world.metrics[int(i)] for i in rng.permutation(len(world.metrics))[:n_metrics]]
        year = years[int(rng.integers(len(years)))]
        rows_entities = [
            e
            for e in _pick(rng, topic.entities, len(topic.entities))
            if all((m.name, e, year) not in covered for m in metrics)
        ][: int(rng.integers(4, 9))]
        if len(rows_entities) >= 4:
            break
    else:
        raise NumberSpaceExhaustedError(
            f"every year of {topic.key} is already charted; cannot build {table_id} (use fewer charts)"
        )
    columns = [_cap(topic.entity_kind)] + [f"{_cap(m.name)} ({m.unit_label})" for m in metrics]
    cells = [[value_text(world.value(m.name, e, year), m.decimals) for e in rows_entities] for m in metrics]
    rows = [[e] + [column[r] for column in cells] for r, e in enumerate(rows_entities)]
    title = f"Selected indicators by {topic.entity_kind}, {year}"
    table = Table(
        table_id=table_id, title=title, section_id=section_id, index=index, columns=columns, rows=rows
    )
    return table, {(m.name, e, year) for m in metrics for e in rows_entities}
