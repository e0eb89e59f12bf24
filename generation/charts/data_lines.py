"""Data builders of series over time and of point clouds: lines, stacked areas, slopes, scatter and
bubble plots.
"""

from __future__ import annotations

from generation.charts.build_common import _Build, _cap, _count, _highlights, _pick, _recent_year
from generation.charts.insights import series_direction
from generation.charts.spec import MULTI_SERIES, ChartSpec
from generation.world.numbers import (
    NumberSpaceExhaustedError,
    value_text,
)
from generation.world.topics import Metric, in_text
from synthdocbench_tasks.schema import (
    Axes,
    Axis,
    DataPoint,
)


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
    title = f"{_cap(mix.by_parts)} in {in_text(b.topic, subject)}, {years[0]}–{years[-1]}"
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
