"""The chart-type registry: one record per chart type; every list of types is derived from it.

A record says what the rest of the generator needs to know about a type: the families it
belongs to (which questions, insights and operations make sense on it), which axis carries
its values, how its values may be read (data labels, the axis, or either), whether a reader
can read a value off its axis at all, and whether it may draw gridlines.

Three tables hold the code of a type, each keyed by the type's name:

- the data builder, ``generation.charts.data.DATA_BUILDERS``;
- the D3 drawer, ``SUPPORTED.<name>`` in ``generation/charts/assets/charts.js`` (it takes the value
  axis from the spec that :func:`generation.document.layout.chart_spec` writes, so it keeps no list);
- the matplotlib drawer, ``generation.charts.mpl.DRAWERS``.

Adding a type is: its name in ``synthdocbench_tasks.schema.CHART_TYPES`` (the schema
validates manifests and may not import the generator), a record here, a builder and the
two drawers. ``tests/generation/charts/test_chart_registry.py`` checks all three tables and the
families against this registry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

Family = Literal["temporal", "line", "multi_series", "stacked", "additive", "share_of_total", "whole"]
Reading = Literal["data_labels", "axis"]

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

    @property
    def horizontal(self) -> bool:
        return self.value_axis == "x"

    def member(self, family: Family) -> bool:
        return family in self.families


def _type(
    name: str,
    *families: Family,
    value_axis: Literal["x", "y"] = "y",
    readings: tuple[Reading, ...] = _BOTH,
    axis_readable: bool = True,
) -> ChartType:
    return ChartType(name, frozenset(families), value_axis, readings, axis_readable)


def _unaxed(name: str, *families: Family) -> ChartType:
    """A type without a value axis: read from data labels only, drawn without gridlines."""
    return ChartType(name, frozenset(families), readings=_LABELS, axis_readable=False, gridlines=False)


#: Every chart type, in the order of ``synthdocbench_tasks.schema.CHART_TYPES`` (read-only).
REGISTRY: Mapping[str, ChartType] = MappingProxyType(
    {
        t.name: t
        for t in (
            _type("bar", "additive", "share_of_total"),
            _type("horizontal_bar", "additive", "share_of_total", value_axis="x"),
            _type("grouped_bar", "multi_series", "additive"),
            _type("stacked_bar", "multi_series", "stacked", "additive"),
            _type("diverging_bar", "multi_series", "whole", value_axis="x"),
            _type("line", "temporal", "line"),
            _type("multi_line", "temporal", "line", "multi_series"),
            _type("area", "temporal", "line"),
            _type("stacked_area", "temporal", "multi_series", "stacked"),
            _type("scatter", readings=_AXIS),
            _type("bubble", readings=_AXIS),
            _unaxed("pie", "share_of_total", "whole"),
            _unaxed("donut", "share_of_total", "whole"),
            _type("histogram", "additive"),
            _type("box"),
            _unaxed("heatmap", "multi_series"),
            _type("radar", "multi_series"),
            _type("waterfall", "whole"),
            _unaxed("treemap", "additive", "share_of_total"),
            _unaxed("sankey"),
            _unaxed("funnel"),
            _type("bullet", value_axis="x"),
            _type("dumbbell", "multi_series", value_axis="x"),
            _type("lollipop", "additive", "share_of_total"),
            _type("slope", "temporal", "multi_series"),
            _type("sparkline_grid", "temporal", "line", "multi_series", axis_readable=False),
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


def value_reading_options(name: str) -> tuple[Reading, ...]:
    """How values of chart type ``name`` may be read: labels only, axis only, or either."""
    return chart_type(name).readings
