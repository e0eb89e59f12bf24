"""The chart-type registry: one record per chart type; every list of types is derived from it.

A record says everything the rest of the generator decides by type: the families it belongs to
(which questions, insights and operations make sense on it), which axis carries its values, how
its values may be read, whether a value can be read off its axis, whether it may draw gridlines,
which renderers draw it, how the one-world check reads it, which prose templates mention it, how
a reader names one of its marks and which visual channels a question may ask about. Outside the
data builders and drawers no module compares against a type name.

Three tables hold the code of a type, each keyed by the type's name:

- the data builder, ``generation.charts.data.DATA_BUILDERS`` (builders in ``data_*.py``);
- the D3 drawer, ``SUPPORTED.<name>`` in charts.js (``generation/charts/assets/charts_*.js``, joined
  in ``d3.CHARTS_JS_PARTS`` order; it takes the value axis from the spec that
  :func:`generation.document.layout.chart_spec` writes, so it keeps no list);
- the matplotlib drawer, ``generation.charts.mpl.DRAWERS`` (drawers in ``mpl_*.py``).

Adding a type is: its name in ``synthdocbench_tasks.schema.CHART_TYPES`` (the schema
validates manifests and may not import the generator), a record here, a builder and the
two drawers (docs/data-layout.md, "Chart types").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from synthdocbench_tasks.schema import Chart

Family = Literal["temporal", "line", "multi_series", "stacked", "additive", "share_of_total", "whole"]
Reading = Literal["data_labels", "axis"]
Renderer = Literal["d3", "matplotlib"]
Channel = Literal["target_marker", "whiskers", "size", "colour_scale", "bins"]

#: What each channel is (the question builders that ask about one check ``ChartType.has``).
CHANNELS: dict[Channel, str] = {
    "target_marker": "a thin marker across each bar shows the measure's target",
    "whiskers": "whiskers end at each group's minimum and maximum",
    "size": "the area of each point encodes a third metric",
    "colour_scale": "cell colour encodes the value on a sequential scale",
    "bins": "the bars are counts of ranges of one variable",
}
RENDERERS: tuple[Renderer, ...] = ("d3", "matplotlib")

#: What each family means (the test checks the records against these and against built charts).
FAMILIES: dict[Family, str] = {
    "temporal": "the x axis is ordered time; every series has a direction recorded as a trend",
    "line": "a temporal type drawn as lines through the years; every series moves clearly",
    "multi_series": "every mark belongs to a series (its category): a series name, year, part or panel",
    "stacked": "marks sit on top of each other, so a layer is the gap between two readings",
    "additive": "the marks add up to a meaningful total (a sum may be asked)",
    "share_of_total": "a mark's share of the total of all marks may be asked",
    "whole": "the marks are the parts of one whole or changes adding up to a net: they sum whatever the kind",
}

_BOTH: tuple[Reading, ...] = ("data_labels", "axis")
_LABELS: tuple[Reading, ...] = ("data_labels",)
_AXIS: tuple[Reading, ...] = ("axis",)


@dataclass(frozen=True)
class ChartType:
    """One chart type and everything the generator decides by type."""

    name: str
    families: frozenset[Family] = frozenset()
    #: The axis that carries the value scale and unit: ``"x"`` for horizontal layouts.
    value_axis: Literal["x", "y"] = "y"
    #: How its values may be read, in the order the builder draws from.
    readings: tuple[Reading, ...] = _BOTH
    #: Whether a value can be read off a value axis; if not, numbers are asked only when labelled.
    axis_readable: bool = True
    #: Whether the chart may draw gridlines (types without a value axis to grid may not).
    gridlines: bool = True
    #: How the one-world check reads the facts it shows (a reader of
    #: ``generation.validate.consistency.READERS``); None: it states no fact another chart shares.
    world_reader: str | None = field(kw_only=True)
    #: Which renderers draw it (a drawer in charts.js's ``SUPPORTED`` table, in ``mpl.DRAWERS``).
    renderers: frozenset[Renderer] = frozenset(RENDERERS)
    #: The prose's templates for a sentence that mentions the figure (``chart_mentions`` of
    #: ``document/data/prose.yaml``).
    mention: str = "generic"
    #: Whether the mention names the x axis's metric (a scatter of one metric against another).
    mention_x_metric: bool = False
    #: Whether what the chart compares, for a sentence that mentions it, is its series (a
    #: multi-line chart's lines) rather than its labels.
    mention_series: bool = False
    #: How a reader names one of its marks, a format of ``label``, ``category``, ``source`` and
    #: ``target`` (None: by its label, category and year); ``mark_fallback`` when a field is missing.
    mark: str | None = None
    mark_fallback: str | None = None
    #: What one mark of a multi-series chart is called beside its series and label ("the Health
    #: segment for Peru"), where ``mark`` gives no format.
    mark_noun: str = "mark"
    #: Visual channels beyond position a question may ask about (``CHANNELS``).
    channels: frozenset[Channel] = frozenset()
    #: How a reader names the kind of chart in a sentence (None: "<name> chart").
    noun: str | None = None
    #: Where the marks of several series at one label are drawn on one line (a dumbbell row, a
    #: radar spoke, a slope's year column): (the dot's drawn diameter, the value axis's length from
    #: the data's least to its greatest value (a radar: from zero) at a full-width slot, and at a
    #: half-width slot), px, measured on charts.js' drawings (the least over the archetypes); two such
    #: marks whose centres are closer than the diameter overlap and a reader cannot tell which is
    #: whose. None: the type draws one series' mark per position (or bars side by side).
    one_position_px: tuple[float, float, float] | None = None
    #: Whether that value axis starts at zero (a radar's centre) rather than at the data's least.
    one_position_from_zero: bool = False
    #: Whether the type draws one small panel per series (a sparkline grid): a panel gets a share of
    #: the figure, so its printed values fit only in a figure of its own (``reading.own_figure``).
    panels: bool = False

    @property
    def overlap_share(self) -> float:
        """The share of the value axis's span under which two marks at one label overlap, in the
        smallest slot the type is drawn in (half-width: such a chart shares a figure row)."""
        return self.overlap_share_at("half")

    def overlap_share_at(self, slot: str) -> float:
        """:attr:`overlap_share` in a slot of this kind (``archetypes.FigureSlot.kind``)."""
        if not self.one_position_px:
            return 0.0
        diameter, full, half = self.one_position_px
        return diameter / (half if slot == "half" else full)

    @property
    def reader_noun(self) -> str:
        """``bar chart``, ``box plot``, ``Sankey diagram``..."""
        return self.noun or self.name.replace("_", " ") + " chart"

    def has(self, channel: Channel) -> bool:
        return channel in self.channels

    @property
    def horizontal(self) -> bool:
        return self.value_axis == "x"

    def member(self, family: Family) -> bool:
        return family in self.families


def _type(name: str, *families: Family, **fields: Any) -> ChartType:
    return ChartType(name, frozenset(families), **fields)


def _unaxed(name: str, *families: Family, **fields: Any) -> ChartType:
    """A type without a value axis: read from data labels only, drawn without gridlines."""
    return ChartType(
        name, frozenset(families), readings=_LABELS, axis_readable=False, gridlines=False, **fields
    )


#: Every chart type, in the order of ``synthdocbench_tasks.schema.CHART_TYPES`` (read-only).
REGISTRY: Mapping[str, ChartType] = MappingProxyType(
    {
        t.name: t
        for t in (
            _type("bar", "additive", "share_of_total", world_reader="entity_year", mention="single"),
            _type(
                "horizontal_bar",
                "additive",
                "share_of_total",
                value_axis="x",
                world_reader="entity_year",
                mention="single",
                noun="bar chart",
            ),
            _type(
                "grouped_bar",
                "multi_series",
                "additive",
                world_reader="label_category",
                mention="grouped_bar",
                mark_noun="bar",
            ),
            _type(
                "stacked_bar",
                "multi_series",
                "stacked",
                "additive",
                world_reader="stacked_parts",
                mention="stacked_bar",
                mark_noun="segment",
            ),
            _type("diverging_bar", "multi_series", "whole", value_axis="x", world_reader="changes"),
            _type("line", "temporal", "line", world_reader="subject_years", mention="line"),
            _type(
                "multi_line",
                "temporal",
                "line",
                "multi_series",
                world_reader="series_years",
                mention="multi_line",
                mention_series=True,
                noun="line chart",
            ),
            _type("area", "temporal", "line", world_reader="subject_years", mention="line"),
            _type("stacked_area", "temporal", "multi_series", "stacked", world_reader="stacked_years"),
            _type(
                "scatter",
                readings=_AXIS,
                world_reader="points",
                mention="scatter",
                mention_x_metric=True,
                noun="scatter plot",
            ),
            _type(
                "bubble",
                readings=_AXIS,
                world_reader="points",
                channels=frozenset({"size"}),
                noun="bubble chart",
            ),
            _unaxed("pie", "share_of_total", "whole", world_reader="shares_of_subject", mention="pie"),
            _unaxed("donut", "share_of_total", "whole", world_reader="shares_of_subject", mention="pie"),
            _type(
                "histogram",
                "additive",
                world_reader=None,
                mark="the {label} bin",
                channels=frozenset({"bins"}),
                noun="histogram",
            ),
            _type(
                "box",
                world_reader=None,
                mark="the median of {label}",
                channels=frozenset({"whiskers"}),
                noun="box plot",
            ),
            _unaxed(
                "heatmap",
                "multi_series",
                world_reader="cells_by_title",
                mark="the cell for {category} and {label}",
                channels=frozenset({"colour_scale"}),
                noun="heatmap",
            ),
            _type(
                "radar",
                "multi_series",
                world_reader="label_category",
                mark_noun="point",
                one_position_px=(6.0, 112.0, 80.0),
                one_position_from_zero=True,
            ),
            _type("waterfall", "whole", world_reader="level_then_changes", mark="the {label} step"),
            _unaxed("treemap", "additive", "share_of_total", world_reader="parts_of_subject", noun="treemap"),
            _unaxed(
                "sankey",
                world_reader="flows",
                mark="the flow from {source} to {target}",
                mark_fallback="the flow {label}",
                noun="Sankey diagram",
            ),
            _unaxed("funnel", world_reader=None),
            _type(
                "bullet",
                value_axis="x",
                world_reader="entity_year",
                mark="the {label} bar",
                channels=frozenset({"target_marker"}),
            ),
            _type(
                "dumbbell",
                "multi_series",
                value_axis="x",
                world_reader="label_category",
                mark_noun="dot",
                one_position_px=(12.0, 444.0, 175.0),
            ),
            _type("lollipop", "additive", "share_of_total", world_reader="entity_year", mention="single"),
            _type(
                "slope",
                "temporal",
                "multi_series",
                world_reader="series_years",
                one_position_px=(7.0, 209.0, 177.0),
            ),
            _type(
                "sparkline_grid",
                "temporal",
                "line",
                "multi_series",
                axis_readable=False,
                world_reader="series_years",
                noun="grid of small line charts",
                panels=True,
            ),
        )
    }
)

#: Every chart type name, in registry order.
CHART_TYPE_NAMES: tuple[str, ...] = tuple(REGISTRY)


def chart_type(name: str) -> ChartType:
    """The record of ``name``; a clear error for a name the registry lacks."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown chart type {name!r}; choose from {', '.join(CHART_TYPE_NAMES)}") from None


def types_where(test: Callable[[ChartType], bool]) -> tuple[str, ...]:
    """Names of the types whose record passes ``test``, in registry order."""
    return tuple(t.name for t in REGISTRY.values() if test(t))


def types_in(family: Family) -> tuple[str, ...]:
    """Names of the types of ``family``, in registry order."""
    return types_where(lambda t: family in t.families)


#: Types drawn with the value axis horizontal: ``axes.x`` carries the value scale and unit.
HORIZONTAL_TYPES: tuple[str, ...] = types_where(lambda t: t.horizontal)
#: Types whose values are read from data labels only (no value axis is drawn).
LABELLED_TYPES: tuple[str, ...] = types_where(lambda t: t.readings == _LABELS)
#: Types read against their axes only (points are labelled with their names).
AXIS_READ_TYPES: tuple[str, ...] = types_where(lambda t: t.readings == _AXIS)
#: Types whose marks have no value axis to read against: numbers are asked only when labelled.
LABEL_ONLY_TYPES: tuple[str, ...] = types_where(lambda t: not t.axis_readable)
#: Types drawn without gridlines.
NO_GRID_TYPES: tuple[str, ...] = types_where(lambda t: not t.gridlines)


def drawn_by(renderer: str) -> tuple[str, ...]:
    """The chart types ``renderer`` draws, in registry order."""
    if renderer not in RENDERERS:
        raise ValueError(f"unknown renderer {renderer!r}; use one of {', '.join(RENDERERS)}")
    return types_where(lambda t: renderer in t.renderers)


def holds_two_measures(chart: Chart) -> bool:
    """Each mark carries more than one measure (a scatter's x and y, a bubble's size too): a
    question names the one it asks."""
    return chart_type(chart.chartType).world_reader == "points"


def level_then_changes(chart: Chart) -> bool:
    """A waterfall: its first mark is a level, the others are changes."""
    return chart_type(chart.chartType).world_reader == "level_then_changes"


def parts_of_one_whole(chart: Chart) -> bool:
    """Its marks are shares of one whole (a pie): a share of a percentage chart is its own value."""
    record = chart_type(chart.chartType)
    return record.member("whole") and record.member("share_of_total")


def value_reading_options(name: str) -> tuple[Reading, ...]:
    """How values of chart type ``name`` may be read: labels only, axis only, or either."""
    return chart_type(name).readings
