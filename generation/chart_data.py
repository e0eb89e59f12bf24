"""Numbers of a document: chart metadata (paper Table 17), table cells and the number registry.

Every number a document prints is drawn through one :class:`NumberRegistry`, so no two
marks, cells or sentences share a number string: a value a chart draws is then never
written in the prose or the tables. Values are rounded to the decimals the chart displays,
and a value with ``d`` decimals always has a non-zero last decimal, so the display
precision of a chart is recoverable from its data (:func:`chart_decimals`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np

from generation.topics import Metric, Topic, in_text
from synthdocbench_tasks.schema import Axes, Axis, Chart, DataPoint, Insight, Table, VisualProperties

#: Chart types this stage can fill with data (a subset of schema.CHART_TYPES).
SUPPORTED_CHART_TYPES: tuple[str, ...] = (
    "bar",
    "horizontal_bar",
    "lollipop",
    "grouped_bar",
    "stacked_bar",
    "line",
    "multi_line",
    "area",
    "pie",
    "donut",
    "scatter",
)
#: Types whose x axis is time and whose series have a direction (trend claims).
LINE_FAMILY: tuple[str, ...] = ("line", "multi_line", "area")
MULTI_SERIES: tuple[str, ...] = ("grouped_bar", "stacked_bar", "multi_line")

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

_NUMBER = re.compile(r"\d+(?:\.\d+)?")


class NumberSpaceExhaustedError(RuntimeError):
    """No unused number is left in a range; widen the metric's range or use more decimals."""


def canonical_number(text: str) -> str:
    """``"40.0"``, ``"40"`` and ``"040"`` all become ``"40"``; ``"4.20"`` becomes ``"4.2"``."""
    value = float(text)
    out = f"{value:.6f}".rstrip("0").rstrip(".")
    return out if out not in ("", "-0") else "0"


def numbers_in(text: str) -> set[str]:
    """Canonical forms of every number written in ``text`` (digits, optionally one decimal point)."""
    return {canonical_number(m) for m in _NUMBER.findall(text)}


def value_text(value: float, decimals: int) -> str:
    """A value as a chart, table or sentence prints it."""
    return f"{value:.{decimals}f}"


def decimals_of(value: float) -> int:
    text = canonical_number(repr(value))
    return len(text.split(".")[1]) if "." in text else 0


def chart_decimals(chart: Chart) -> int:
    """The decimals a chart displays: every value is drawn with exactly this precision."""
    return max(decimals_of(dp.value) for dp in chart.data)


def quantity(text: str, unit: str) -> str:
    """``"4.2"`` with ``"%"`` is ``"4.2%"``; with ``"billion USD"`` it is ``"4.2 billion USD"``."""
    return f"{text}%" if unit == "%" else f"{text} {unit}"


class NumberRegistry:
    """Number strings already printed somewhere in one document."""

    def __init__(self) -> None:
        self._used: set[str] = set()

    def reserve(self, text: str) -> None:
        self._used.add(canonical_number(text))

    def used(self, text: str) -> bool:
        return canonical_number(text) in self._used

    def acceptable(self, value: float, decimals: int) -> bool:
        """Unused, and shows exactly ``decimals`` decimals (no trailing zero)."""
        text = value_text(value, decimals)
        if decimals > 0 and text.endswith("0"):
            return False
        return not self.used(text)

    def take(self, value: float, decimals: int) -> float:
        text = value_text(value, decimals)
        self.reserve(text)
        return float(text)

    def snapshot(self) -> frozenset[str]:
        return frozenset(self._used)

    def restore(self, snapshot: frozenset[str]) -> None:
        self._used = set(snapshot)

    def draw(self, rng: np.random.Generator, low: float, high: float, decimals: int) -> float:
        """A fresh value uniform in ``[low, high]``, rounded to ``decimals``, and reserve it."""
        for _ in range(400):
            value = round(float(rng.uniform(low, high)), decimals)
            if low <= value <= high and value > 0 and self.acceptable(value, decimals):
                return self.take(value, decimals)
        raise NumberSpaceExhaustedError(
            f"no unused {decimals}-decimal number left in [{low}, {high}]; "
            "widen the metric range in generation/topics.py"
        )

    def draw_flexible(
        self, rng: np.random.Generator, low: float, high: float, decimals: int
    ) -> tuple[float, int]:
        """Like :meth:`draw`, adding up to two decimals when the range is crowded: (value, decimals)."""
        for extra in range(3):
            try:
                return self.draw(rng, low, high, decimals + extra), decimals + extra
            except NumberSpaceExhaustedError:
                if extra == 2:
                    raise
        raise AssertionError("unreachable")

    def draw_column(
        self, rng: np.random.Generator, low: float, high: float, decimals: int, n: int
    ) -> tuple[list[float], int]:
        """``n`` fresh values shown with one precision, adding decimals when the range is crowded."""
        before = self.snapshot()
        for extra in range(3):
            try:
                return [self.draw(rng, low, high, decimals + extra) for _ in range(n)], decimals + extra
            except NumberSpaceExhaustedError:
                self.restore(before)
                if extra == 2:
                    raise
        raise AssertionError("unreachable")

    def draw_near(
        self, rng: np.random.Generator, target: float, spread: float, low: float, high: float, decimals: int
    ) -> float:
        """A fresh value near ``target`` (within ``spread``, clipped to the range)."""
        return self.draw(rng, max(low, target - spread), min(high, target + spread), decimals)


@dataclass
class ChartSpec:
    """A chart plus what the prose needs to talk about it."""

    chart: Chart
    metric: Metric
    decimals: int
    #: What a data point's label and category name: an entity, a year or a part of a mix.
    label_role: Literal["entity", "year", "part"]
    series_role: Literal["entity", "year", "part"] | None = None
    year: str | None = None
    subject: str | None = None
    #: (metric name, entity, year) triples the chart draws; facts and tables avoid them.
    covered: set[tuple[str, str, str]] = field(default_factory=set)

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


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _pick(rng: np.random.Generator, items: Sequence[str], n: int) -> list[str]:
    order = rng.permutation(len(items))[:n]
    return [items[int(i)] for i in order]


def _recent_year(rng: np.random.Generator, topic: Topic) -> str:
    first, last = topic.years
    return str(int(rng.integers(max(first, last - 5), last + 1)))


def series_direction(values: Sequence[float]) -> Literal["rose", "fell", "was broadly flat"] | None:
    """Direction a reader sees in a series, or None when it is not clear-cut."""
    arr = np.asarray(values, dtype=float)
    mean = float(np.mean(np.abs(arr)))
    if len(arr) < 3 or mean == 0:
        return None
    change = (arr[-1] - arr[0]) / mean
    slope = float(np.polyfit(np.arange(len(arr)), arr, 1)[0])
    if change >= 0.10 and slope > 0:
        return "rose"
    if change <= -0.10 and slope < 0:
        return "fell"
    if abs(change) <= 0.04 and (arr.max() - arr.min()) / mean <= 0.08:
        return "was broadly flat"
    return None


def _series(
    rng: np.random.Generator, registry: NumberRegistry, metric: Metric, n: int, direction: str
) -> list[float]:
    """A time series of ``n`` fresh values with the requested direction."""
    span = metric.high - metric.low
    step = 10.0**-metric.decimals
    for _ in range(60):
        if direction == "was broadly flat":
            level = float(rng.uniform(metric.low + 0.3 * span, metric.high - 0.1 * span))
            targets = np.full(n, level)
            spread = max(0.03 * level, 2 * step)
        else:
            lo = float(rng.uniform(metric.low, metric.low + 0.35 * span))
            hi = float(rng.uniform(metric.low + 0.6 * span, metric.high))
            start, end = (lo, hi) if direction == "rose" else (hi, lo)
            targets = np.linspace(start, end, n)
            spread = max(0.04 * (hi - lo), 2 * step)
        trial = NumberRegistry()
        trial._used = set(registry._used)
        try:
            values = [
                trial.draw_near(rng, float(t), spread, metric.low, metric.high, metric.decimals)
                for t in targets
            ]
        except NumberSpaceExhaustedError:
            continue
        if series_direction(values) == direction:
            for v in values:
                registry.take(v, metric.decimals)
            return values
    raise NumberSpaceExhaustedError(f"could not draw a series that {direction} for {metric.name}")


def _directions(metric: Metric, rng: np.random.Generator, n: int, n_points: int) -> list[str]:
    # A flat series needs room for n_points distinct values inside a band of +-3% of its level.
    lowest_level = metric.low + 0.3 * (metric.high - metric.low)
    flat_ok = 0.06 * lowest_level / 10.0**-metric.decimals >= 2.5 * n_points
    options = ["rose", "fell", "was broadly flat"] if flat_ok else ["rose", "fell"]
    weights = np.array([0.45, 0.35, 0.2][: len(options)])
    return [options[int(rng.choice(len(options), p=weights / weights.sum()))] for _ in range(n)]


def _highlights(rng: np.random.Generator, labels: list[str]) -> list[str]:
    k = int(rng.choice(3, p=[0.4, 0.4, 0.2]))
    return _pick(rng, labels, min(k, len(labels)))


def _fmt(value: float, decimals: int, unit: str) -> str:
    return quantity(value_text(value, decimals), unit)


def _who(dp: DataPoint) -> str:
    return f"{dp.label} ({dp.category})" if dp.category else dp.label


def _who_labels(dp: DataPoint) -> list[str]:
    return [dp.label, dp.category] if dp.category else [dp.label]


def compute_insights(chart_type: str, data: list[DataPoint], decimals: int, unit: str) -> list[Insight]:
    """Typed facts derived from the data (Table 17 ``insights``)."""
    out: list[Insight] = []
    top = max(data, key=lambda d: d.value)
    bottom = min(data, key=lambda d: d.value)
    out.append(
        Insight(
            type="maximum",
            text=f"{_who(top)} has the highest value, {_fmt(top.value, decimals, unit)}.",
            labels=_who_labels(top),
            value=top.value,
        )
    )
    out.append(
        Insight(
            type="minimum",
            text=f"{_who(bottom)} has the lowest value, {_fmt(bottom.value, decimals, unit)}.",
            labels=_who_labels(bottom),
            value=bottom.value,
        )
    )
    gap = round(top.value - bottom.value, decimals)
    out.append(
        Insight(
            type="gap",
            text=f"The gap between {_who(top)} and {_who(bottom)} is {_fmt(gap, decimals, unit)}.",
            labels=_who_labels(top) + _who_labels(bottom),
            value=gap,
        )
    )
    ranked = sorted(data, key=lambda d: -d.value)
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
    if chart_type in LINE_FAMILY:
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
    if chart_type in ("pie", "donut"):
        out.append(
            Insight(
                type="proportion",
                text=f"{top.label} is the largest share, {_fmt(top.value, decimals, unit)} of the total.",
                labels=[top.label],
                value=top.value,
            )
        )
    if chart_type == "stacked_bar":
        totals: dict[str, float] = {}
        for d in data:
            totals[d.label] = totals.get(d.label, 0.0) + d.value
        share = round(100 * top.value / totals[top.label], 1)
        out.append(
            Insight(
                type="proportion",
                text=f"{top.category} makes up {share}% of the {top.label} stack.",
                labels=_who_labels(top),
                value=share,
            )
        )
    if chart_type not in MULTI_SERIES and chart_type not in LINE_FAMILY and len(data) >= 5:
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


def _visual(
    rng: np.random.Generator,
    chart_type: str,
    keys: list[str],
    by_series: bool,
    sort_order: Literal["none", "ascending", "descending"],
    highlighted: list[str],
) -> VisualProperties:
    if by_series or chart_type in ("pie", "donut"):
        offset = int(rng.integers(len(PALETTE)))
        colour_map = {k: PALETTE[(offset + i) % len(PALETTE)] for i, k in enumerate(keys)}
        encoding = "categorical: one colour per series" if by_series else "categorical: one colour per slice"
    else:
        colour_map = {k: (ACCENT_COLOUR if k in highlighted else BASE_COLOUR) for k in keys}
        encoding = "single hue; highlighted items in an accent colour" if highlighted else "single hue"
    if chart_type in ("pie", "donut"):
        reading: Literal["data_labels", "axis"] = "data_labels"
    elif chart_type == "scatter":
        reading = "axis"
    else:
        reading = "data_labels" if rng.random() < 0.5 else "axis"
    return VisualProperties(
        colorEncoding=encoding,
        colorMap=colour_map,
        sortOrder=sort_order,
        hasLegend=by_series,
        hasGridlines=chart_type not in ("pie", "donut") and bool(rng.random() < 0.7),
        highlightedItems=highlighted,
        annotationCount=len(highlighted),
        valueReading=reading,
    )


def _source_context(rng: np.random.Generator, topic: Topic, slot: ChartSlot) -> str:
    source = topic.sources[int(rng.integers(len(topic.sources)))]
    where = f"Section {slot.section_number} ({slot.section_title})"
    return f"Values compiled from {source}, as discussed in {where}."


def build_chart(
    rng: np.random.Generator,
    chart_type: str,
    topic: Topic,
    metric: Metric,
    slot: ChartSlot,
    registry: NumberRegistry,
) -> ChartSpec:
    """Fill one chart of ``chart_type`` with fresh, topic-plausible data.

    When the metric's number space is crowded by earlier charts, the chart is drawn with
    one more decimal (twice at most) rather than reusing a number.
    """
    if chart_type not in SUPPORTED_CHART_TYPES:
        raise ValueError(
            f"chart type {chart_type!r} has no data builder; choose from {', '.join(SUPPORTED_CHART_TYPES)}"
        )
    before = registry.snapshot()
    for extra in range(3):
        try:
            return _build_chart(rng, chart_type, topic, metric, slot, registry, extra)
        except NumberSpaceExhaustedError:
            registry.restore(before)
            if extra == 2:
                raise
    raise AssertionError("unreachable")


def _build_chart(
    rng: np.random.Generator,
    chart_type: str,
    topic: Topic,
    metric: Metric,
    slot: ChartSlot,
    registry: NumberRegistry,
    extra: int,
) -> ChartSpec:
    metric = replace(metric, decimals=metric.decimals + extra)
    d = metric.decimals
    unit = metric.unit_label
    kind = topic.entity_kind
    if chart_type in ("bar", "horizontal_bar", "lollipop"):
        year = _recent_year(rng, topic)
        labels = _pick(rng, topic.entities, int(rng.integers(4, 9)))
        data = [DataPoint(label=lab, value=registry.draw(rng, metric.low, metric.high, d)) for lab in labels]
        sort: Literal["none", "ascending", "descending"] = ("none", "descending", "ascending")[
            int(rng.choice(3, p=[0.4, 0.4, 0.2]))
        ]
        if sort != "none":
            data.sort(key=lambda p: p.value, reverse=sort == "descending")
        labels = [p.label for p in data]
        value_axis = Axis(label=_cap(metric.name), type="linear", unit=unit)
        cat_axis = Axis(label=_cap(kind), type="categorical")
        axes = (
            Axes(x=value_axis, y=cat_axis)
            if chart_type == "horizontal_bar"
            else Axes(x=cat_axis, y=value_axis)
        )
        highlighted = _highlights(rng, labels)
        spec = ChartSpec(
            chart=_chart(
                chart_type,
                f"{_cap(metric.name)} by {kind}, {year}",
                axes,
                data,
                d,
                unit,
                slot,
                _visual(rng, chart_type, labels, False, sort, highlighted),
                topic,
                rng,
            ),
            metric=metric,
            decimals=d,
            label_role="entity",
            year=year,
        )
        spec.covered = {(metric.name, lab, year) for lab in labels}
        return spec
    if chart_type == "grouped_bar":
        first, last = topic.years
        years = sorted(_pick(rng, [str(y) for y in range(first, last + 1)], int(rng.integers(2, 4))))
        labels = _pick(rng, topic.entities, int(rng.integers(3, 7)))
        data = [
            DataPoint(label=lab, value=registry.draw(rng, metric.low, metric.high, d), category=y)
            for lab in labels
            for y in years
        ]
        axes = Axes(
            x=Axis(label=_cap(kind), type="categorical"),
            y=Axis(label=_cap(metric.name), type="linear", unit=unit),
        )
        highlighted = _highlights(rng, labels)
        years_text = ", ".join(years[:-1]) + f" and {years[-1]}"
        spec = ChartSpec(
            chart=_chart(
                chart_type,
                f"{_cap(metric.name)} by {kind}, {years_text}",
                axes,
                data,
                d,
                unit,
                slot,
                _visual(rng, chart_type, years, True, "none", highlighted),
                topic,
                rng,
            ),
            metric=metric,
            decimals=d,
            label_role="entity",
            series_role="year",
        )
        spec.covered = {(metric.name, p.label, p.category or "") for p in data}
        return spec
    if chart_type == "stacked_bar":
        mix = topic.mix
        m = replace(mix.metric, decimals=mix.metric.decimals + extra)
        year = _recent_year(rng, topic)
        parts = _pick(rng, mix.parts, int(rng.integers(3, 5)))
        labels = _pick(rng, topic.entities, int(rng.integers(3, 7)))
        data = [
            DataPoint(label=lab, value=registry.draw(rng, m.low, m.high / 2, m.decimals), category=part)
            for lab in labels
            for part in parts
        ]
        axes = Axes(
            x=Axis(label=_cap(kind), type="categorical"),
            y=Axis(label=_cap(m.name), type="linear", unit=m.unit_label),
        )
        highlighted = _highlights(rng, labels)
        title = f"{_cap(mix.name)} by {mix.part_kind} and {kind}, {year}"
        spec = ChartSpec(
            chart=_chart(
                chart_type,
                title,
                axes,
                data,
                m.decimals,
                m.unit_label,
                slot,
                _visual(rng, chart_type, parts, True, "none", highlighted),
                topic,
                rng,
            ),
            metric=m,
            decimals=m.decimals,
            label_role="entity",
            series_role="part",
            year=year,
        )
        spec.covered = {(m.name, lab, year) for lab in labels}
        return spec
    if chart_type in ("line", "area", "multi_line"):
        first, last = topic.years
        n = int(rng.integers(6, min(11, last - first + 2)))
        start = int(rng.integers(first, last - n + 2))
        years = [str(start + i) for i in range(n)]
        if chart_type == "multi_line":
            series = _pick(rng, topic.entities, int(rng.integers(2, 5)))
            directions = _directions(metric, rng, len(series), n)
            data = []
            for s, direction in zip(series, directions, strict=True):
                values = _series(rng, registry, metric, n, direction)
                data += [DataPoint(label=y, value=v, category=s) for y, v in zip(years, values, strict=True)]
            keys, subject, title_place = series, None, f"selected {topic.entity_kind_plural}"
        else:
            subject = topic.entities[int(rng.integers(len(topic.entities)))]
            values = _series(rng, registry, metric, n, _directions(metric, rng, 1, n)[0])
            data = [DataPoint(label=y, value=v) for y, v in zip(years, values, strict=True)]
            keys, title_place = years, in_text(topic, subject)
        axes = Axes(
            x=Axis(label="Year", type="time"), y=Axis(label=_cap(metric.name), type="linear", unit=unit)
        )
        highlighted = _highlights(rng, years) if chart_type != "multi_line" else _highlights(rng, keys)[:1]
        title = f"{_cap(metric.name)} in {title_place}, {years[0]}–{years[-1]}"
        spec = ChartSpec(
            chart=_chart(
                chart_type,
                title,
                axes,
                data,
                d,
                unit,
                slot,
                _visual(rng, chart_type, keys, chart_type == "multi_line", "none", highlighted),
                topic,
                rng,
            ),
            metric=metric,
            decimals=d,
            label_role="year",
            series_role="entity" if chart_type == "multi_line" else None,
            subject=subject,
        )
        spec.covered = {(metric.name, p.category or subject or "", p.label) for p in data}
        return spec
    if chart_type in ("pie", "donut"):
        mix = topic.mix
        share = Metric(name=f"share of {mix.name}", unit="%", low=1, high=99, decimals=1)
        year = _recent_year(rng, topic)
        subject = topic.entities[int(rng.integers(len(topic.entities)))]
        parts = _pick(rng, mix.parts, int(rng.integers(3, min(6, len(mix.parts)) + 1)))
        tenths = _shares(rng, registry, len(parts))
        data = [DataPoint(label=p, value=t / 10) for p, t in zip(parts, tenths, strict=True)]
        for p in data:
            registry.take(p.value, 1)
        data.sort(key=lambda p: -p.value)
        labels = [p.label for p in data]
        axes = Axes(
            x=Axis(label=_cap(mix.part_kind), type="none"),
            y=Axis(label=f"Share of {mix.name}", type="none", unit="%"),
        )
        highlighted = _highlights(rng, labels)[:1]
        title = f"{_cap(mix.name)} by {mix.part_kind} in {in_text(topic, subject)}, {year}"
        spec = ChartSpec(
            chart=_chart(
                chart_type,
                title,
                axes,
                data,
                1,
                "%",
                slot,
                _visual(rng, chart_type, labels, False, "descending", highlighted),
                topic,
                rng,
            ),
            metric=share,
            decimals=1,
            label_role="part",
            year=year,
            subject=subject,
        )
        spec.covered = {(share.name, subject, year)}
        return spec
    # scatter: one point per entity, x and y two different metrics of the same year.
    others = [m for m in topic.metrics if m.name != metric.name]
    x_metric = others[int(rng.integers(len(others)))]
    x_metric = replace(x_metric, decimals=x_metric.decimals + extra)
    year = _recent_year(rng, topic)
    labels = _pick(rng, topic.entities, int(rng.integers(6, 11)))
    data = []
    for lab in labels:
        x = registry.draw(rng, x_metric.low, x_metric.high, x_metric.decimals)
        y = registry.draw(rng, metric.low, metric.high, d)
        data.append(DataPoint(label=lab, value=y, metadata={"x": value_text(x, x_metric.decimals)}))
    axes = Axes(
        x=Axis(label=_cap(x_metric.name), type="linear", unit=x_metric.unit_label),
        y=Axis(label=_cap(metric.name), type="linear", unit=unit),
    )
    highlighted = _highlights(rng, labels)
    title = f"{_cap(metric.name)} against {x_metric.name} by {kind}, {year}"
    spec = ChartSpec(
        chart=_chart(
            chart_type,
            title,
            axes,
            data,
            d,
            unit,
            slot,
            _visual(rng, chart_type, labels, False, "none", highlighted),
            topic,
            rng,
        ),
        metric=metric,
        decimals=d,
        label_role="entity",
        year=year,
    )
    spec.covered = {(metric.name, lab, year) for lab in labels} | {
        (x_metric.name, lab, year) for lab in labels
    }
    return spec


def _shares(rng: np.random.Generator, registry: NumberRegistry, n: int) -> list[int]:
    """``n`` distinct shares in tenths of a percent that sum to exactly 1000."""
    for _ in range(400):
        raw = rng.dirichlet(np.full(n, 2.0)) * 1000
        tenths = [round(float(x)) for x in raw[:-1]]
        tenths.append(1000 - sum(tenths))
        if min(tenths) < 25 or len(set(tenths)) != n:
            continue
        if all(registry.acceptable(t / 10, 1) for t in tenths):
            return tenths
    raise NumberSpaceExhaustedError(f"could not draw {n} fresh shares that sum to 100")


def _chart(
    chart_type: str,
    title: str,
    axes: Axes,
    data: list[DataPoint],
    decimals: int,
    unit: str,
    slot: ChartSlot,
    visual: VisualProperties,
    topic: Topic,
    rng: np.random.Generator,
) -> Chart:
    return Chart(
        vizId=slot.viz_id,
        chartType=chart_type,
        title=title,
        axes=axes,
        data=data,
        insights=compute_insights(chart_type, data, decimals, unit),
        visualProperties=visual,
        sourceContext=_source_context(rng, topic, slot),
        section_id=slot.section_id,
        index=slot.index,
        figure_number=slot.index,
    )


def mark_phrase(spec: ChartSpec, point: DataPoint, topic: Topic) -> str:
    """What one mark measures, in words: ``"installed solar capacity in Vietnam in 2021"``."""
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
    topic: Topic,
    table_id: str,
    index: int,
    section_id: str,
    registry: NumberRegistry,
    covered: set[tuple[str, str, str]],
) -> tuple[Table, set[tuple[str, str, str]]]:
    """A table of 3–6 columns and 4–8 rows whose cells no chart draws; returns it and its triples."""
    wanted_metrics = int(rng.integers(2, 6))
    first, last = topic.years
    years = [str(y) for y in range(first, last + 1)]
    for attempt in range(80):
        # Fewer columns when the document's charts already cover much of the topic.
        n_metrics = max(2, wanted_metrics - attempt // 20)
        metrics = [topic.metrics[int(i)] for i in rng.permutation(len(topic.metrics))[:n_metrics]]
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
    cells: list[list[str]] = []
    for m in metrics:
        column, decimals = registry.draw_column(rng, m.low, m.high, m.decimals, len(rows_entities))
        cells.append([value_text(v, decimals) for v in column])
    rows = [[e] + [column[r] for column in cells] for r, e in enumerate(rows_entities)]
    title = f"Selected indicators by {topic.entity_kind}, {year}"
    table = Table(
        table_id=table_id, title=title, section_id=section_id, index=index, columns=columns, rows=rows
    )
    return table, {(m.name, e, year) for m in metrics for e in rows_entities}
