"""Data builders of the bar family: single bars, grouped and stacked bars, diverging bars."""

from __future__ import annotations

from generation.charts.build_common import (
    _Build,
    _cap,
    _count,
    _distinct,
    _full_precision,
    _highlights,
    _listing,
    _pick,
    _recent_year,
    _sort,
    _year_pair,
    _year_set,
)
from generation.charts.spec import ChartSpec
from generation.world.numbers import (
    NumberSpaceExhaustedError,
    value_text,
)
from generation.world.table import change_metric
from synthdocbench_tasks.schema import (
    Axes,
    Axis,
    DataPoint,
)


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
    title = f"{_cap(mix.by_parts)} and {b.kind}, {year}"
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
    # A change like 10.0 prints as the number 10, which the report may write elsewhere: left out
    # while four marks remain.
    precise = [p for p in data if _full_precision([p.value], m.decimals)]
    data = precise if len(precise) >= 4 else data
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
