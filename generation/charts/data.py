"""Numbers of a document: chart metadata (paper Table 17), table cells and the number registry.

Every number a document prints is drawn through one :class:`NumberRegistry`, so no two
marks, cells or sentences share a number string: a value a chart draws is then never
written in the prose or the tables. Values are rounded to the decimals the chart displays,
and a value with ``d`` decimals always has a non-zero last decimal, so the display
precision of a chart is recoverable from its data (:func:`chart_decimals`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from generation.charts.build_common import _Build, _cap, _pick
from generation.charts.data_bars import _diverging, _single_bars, _stacked_bar, _year_series
from generation.charts.data_dist import _box, _heatmap, _histogram
from generation.charts.data_lines import _lines, _scatter, _slope, _stacked_area
from generation.charts.data_parts import _bullet, _funnel, _pie, _sankey, _treemap, _waterfall
from generation.charts.names import in_sentence
from generation.charts.registry import CHART_TYPE_NAMES
from generation.charts.spec import ChartSlot, ChartSpec
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
    number_strings_in as number_strings_in,
)
from generation.world.numbers import (
    value_text as value_text,
)
from generation.world.table import FactTable
from generation.world.topics import Metric, Topic, in_text
from synthdocbench_tasks.schema import (
    DataPoint,
    Table,
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
            f"chart type {chart_type!r} has no data builder; choose from {', '.join(CHART_TYPE_NAMES)}"
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
        # "{source_in}": an entity as its world writes it in a sentence, any other label as a
        # sentence reads it ("jobs held from public services")
        fields |= {
            f"{k}_in": in_text(topic, v) if v in topic.entities else in_sentence(v, topic)
            for k, v in list(fields.items())
        }
        return template.format(**fields)
    roles = {spec.label_role: point.label}
    if spec.series_role and point.category:
        roles[spec.series_role] = point.category
    entity = roles.get("entity", spec.subject)
    year = roles.get("year", spec.year)
    part = roles.get("part")
    name = spec.metric.name
    if part and spec.chart.chartType in ("pie", "donut"):  # "the energy share", "the Africa share"
        what = f"the {in_sentence(part, topic)} share of {name.removeprefix('share of ')}"
    elif part:
        what = part_of(part, name, topic)
    else:
        what = name
    where = f" in {in_text(topic, entity)}" if entity else ""
    when = f" in {year}" if year else ""
    return f"{what}{where}{when}"


def part_of(part: str, metric: str, topic: Topic) -> str:
    """One part of a metric's mix, in words: ``"the agriculture part of jobs held"`` (not "jobs held
    (Agriculture)", a label no text writes)."""
    return f"the {in_sentence(part, topic)} part of {metric}"


class _EntityFullError(NumberSpaceExhaustedError):
    def __init__(self, entity: str, cause: NumberSpaceExhaustedError) -> None:
        super().__init__(f"{entity}: {cause}")
        self.entity = entity


def _cells(world: FactTable, metrics: list[Metric], entities: list[str], year: str) -> list[list[str]]:
    """The table's printed values, column by column; an entity whose range of a metric is used up
    (a small entity's narrow capped range in a crowded report) raises :class:`_EntityFullError`."""
    out = []
    for m in metrics:
        column = []
        for e in entities:
            try:
                column.append(value_text(world.value(m.name, e, year), m.decimals))
            except NumberSpaceExhaustedError as error:
                raise _EntityFullError(e, error) from error
        out.append(column)
    return out


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
    full: set[str] = set()  # entities a metric's range has no unused number left for
    for attempt in range(80):
        # Fewer columns when the document's charts already cover much of the topic.
        n_metrics = max(2, wanted_metrics - attempt // 20)
        metrics = [world.metrics[int(i)] for i in rng.permutation(len(world.metrics))[:n_metrics]]
        year = years[int(rng.integers(len(years)))]
        metrics = [m for m in metrics if m.exists(year)]  # no 5G coverage before 2019
        if len(metrics) < 2:
            continue
        rows_entities = [
            e
            for e in _pick(rng, topic.entities, len(topic.entities))
            if e not in full and all((m.name, e, year) not in covered for m in metrics)
        ][: int(rng.integers(4, 9))]
        if len(rows_entities) < 4:
            continue
        try:
            cells = _cells(world, metrics, rows_entities, year)
            break
        except _EntityFullError as error:
            full.add(error.entity)
    else:
        raise NumberSpaceExhaustedError(
            f"every year of {topic.key} is already charted; cannot build {table_id} (use fewer charts)"
        )
    columns = [_cap(topic.entity_kind)] + [f"{_cap(m.name)} ({m.unit_label})" for m in metrics]
    rows = [[e] + [column[r] for column in cells] for r, e in enumerate(rows_entities)]
    title = f"Selected indicators by {topic.entity_kind}, {year}"
    table = Table(
        table_id=table_id, title=title, section_id=section_id, index=index, columns=columns, rows=rows
    )
    return table, {(m.name, e, year) for m in metrics for e in rows_entities}
