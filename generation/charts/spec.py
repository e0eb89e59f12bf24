"""What a chart data builder returns (``ChartSpec``) and asks for (``ChartSlot``), with the palette
and the type groups builders share.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from generation.charts.palette import CATEGORY_PALETTE, RESERVED
from generation.charts.registry import (
    HORIZONTAL_TYPES,
    types_in,
)
from generation.world.numbers import (
    exact_decimals,
)
from generation.world.topics import Metric
from synthdocbench_tasks.schema import (
    Axis,
    Chart,
)

#: Chart types this stage can fill with data: every type of the registry (one builder each).


#: Types whose x axis is time and whose every series has a clear direction (trend claims).
LINE_FAMILY: tuple[str, ...] = types_in("line")


#: Types whose series carry a direction recorded as a trend insight.
TREND_TYPES: tuple[str, ...] = types_in("temporal")


#: Types whose every mark has a series (``category``): the series name, year, part or panel.
MULTI_SERIES: tuple[str, ...] = types_in("multi_series")


#: The category palette (one named, distinguishable colour per category; generation.charts.palette).
PALETTE: tuple[str, ...] = CATEGORY_PALETTE


#: Every mark of a single-hue chart: a neutral grey no category is drawn in.
BASE_COLOUR = RESERVED["base"]


#: A highlighted mark of a single-hue chart (reserved: no category is drawn in it).
ACCENT_COLOUR = RESERVED["highlight"]


POSITIVE_COLOUR = "#2A9D5C"


NEGATIVE_COLOUR = "#C23B3B"


TARGET_COLOUR = RESERVED["target"]


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
