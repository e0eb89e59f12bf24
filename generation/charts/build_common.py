"""What the data builders share: the build context of one chart (``_Build``: its topic, fact
table, numbers and draws) and small helpers for years, listings, sorting, directions and highlights.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from generation.charts.insights import compute_insights
from generation.charts.registry import HORIZONTAL_TYPES, NO_GRID_TYPES, value_reading_options
from generation.charts.spec import (
    ACCENT_COLOUR,
    BASE_COLOUR,
    HEAT_HIGH,
    HEAT_LOW,
    NEGATIVE_COLOUR,
    PALETTE,
    POSITIVE_COLOUR,
    TARGET_COLOUR,
    ChartSlot,
    ChartSpec,
    ColourMode,
    Role,
    SortOrder,
)
from generation.world.numbers import (
    NumberRegistry,
    value_text,
)
from generation.world.table import FactTable
from generation.world.topics import Metric, Topic
from synthdocbench_tasks.schema import (
    Axes,
    Axis,
    Chart,
    DataPoint,
    VisualProperties,
)


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


def _highlights(rng: np.random.Generator, labels: list[str]) -> list[str]:
    k = int(rng.choice(3, p=[0.4, 0.4, 0.2]))
    return _pick(rng, labels, min(k, len(labels)))


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
        """The report's topic over the years the chart's metric exists in (its ``since`` on)."""
        return self.world.topic_of(self.metric)

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
            value_stock=m.stock,
            value_trend=m.trend,
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


def _full_precision(values: Sequence[float], decimals: int) -> bool:
    """Every value prints its last decimal: a change of 10.0 would print as the number 10, which the
    report may write elsewhere (a section or figure number)."""
    return decimals == 0 or not any(value_text(abs(v), decimals).endswith("0") for v in values)


def _distinct(values: Sequence[float], decimals: int) -> bool:
    """Values that print as different numbers, at least one showing its last decimal."""
    texts = [value_text(abs(v), decimals) for v in values]
    shows_precision = decimals == 0 or any(not t.endswith("0") for t in texts)
    return len(set(texts)) == len(texts) and shows_precision and all(v != 0 for v in values)
