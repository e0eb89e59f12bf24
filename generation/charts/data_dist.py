"""Data builders of distributions and grids: histograms, boxes and heatmaps."""

from __future__ import annotations

import numpy as np

from generation.charts.build_common import _Build, _cap, _count, _highlights, _pick, _recent_year, _year_run
from generation.charts.spec import ChartSpec
from generation.world.numbers import (
    NumberSpaceExhaustedError,
    exact_decimals,
    value_text,
)
from generation.world.topics import Metric, Topic, in_text
from synthdocbench_tasks.schema import (
    Axes,
    Axis,
    DataPoint,
)

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
    for i in range(n_bins + 1):  # a count never prints as a bin bound of its own chart
        b.registry.reserve(value_text(start + i * width, wd))
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
        # The value axis names the values (the colour legend prints it): rows are entities.
        y=Axis(label=_cap(b.metric.name), type="categorical", unit=b.metric.unit_label),
    )
    visual = b.visual(rows, "sequential", _highlights(b.rng, rows)[:1], legend=True)
    title = f"{_cap(b.metric.name)} by {b.kind} and year, {years[0]}–{years[-1]}"
    covered = {(b.metric.name, p.category or "", p.label) for p in data}
    return b.spec(title, axes, data, visual, label_role="year", series_role="entity", covered=covered)
