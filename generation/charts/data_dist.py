"""Data builders of distributions and grids: histograms, boxes and heatmaps.

A histogram or box plot across the parts of an entity (its districts, firms, schools) of an
additive metric (a level or count: subscriptions, capacity, budgets) draws each part at the
part's scale: the entity's value divided among a plausible number of parts (:data:`PARTS`), so
the parts add up to about the entity's total, and the value axis says what one part holds
("Installed solar capacity per district"). An intensive metric (a rate, share, average) is
drawn at the entity's own level, which is where its parts' values lie.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from generation.charts.build_common import _Build, _cap, _count, _highlights, _pick, _recent_year, _year_run
from generation.charts.spec import ChartSpec
from generation.world.numbers import (
    NumberSpaceExhaustedError,
    exact_decimals,
    value_text,
)
from generation.world.space import SCALES
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


#: How many parts an entity is split into, for a distribution of an additive metric across them.
PARTS = (30, 300)
#: What a histogram's bins count: parts of one entity, a few to a few hundred per bin.
_PART_COUNTS = (13, 400)


def _subunits(topic: Topic) -> str:
    return _SUBUNITS.get(topic.entity_kind, "local areas")


def _additive(metric: Metric) -> bool:
    """A level or count adds up across an entity's parts (a rate, share or average does not)."""
    return metric.kind in ("level", "count")


def _per_part(b: _Build, smallest: float, largest: float) -> tuple[Metric, float]:
    """The chart's metric per part of an entity, for parts of ``smallest`` to ``largest`` (in the
    metric's unit), and the factor from the metric's unit to it: its name says "per district",
    its scale word keeps every value below 1,000 and, where that allows, the smallest at 1 or
    more, and it prints the smallest with three significant digits."""
    scale, factor = b.metric.scale, 1.0
    while largest * factor >= 990 and scale != SCALES[-1]:
        scale, factor = SCALES[SCALES.index(scale) + 1], factor / 1000
    while smallest * factor < 1 and largest * factor < 0.99 and scale != SCALES[0]:
        scale, factor = SCALES[SCALES.index(scale) - 1], factor * 1000
    decimals = int(min(3, max(0, 2 - math.floor(math.log10(smallest * factor)))))
    unit = _subunits(b.topic).removesuffix("s")
    metric = replace(
        b.metric,
        name=f"{b.metric.name} per {unit}",
        scale=scale,
        decimals=decimals,
        low=10.0**-decimals,
        high=float(100 * largest * factor),
        trend="any",
        since=None,
    )
    return metric, factor


def _nearest_nice(raw: float) -> float:
    """The 1-2-2.5-5 x 10^k step nearest ``raw`` on a log scale."""
    power = 10.0 ** math.floor(math.log10(raw))
    steps: list[float] = [f * power for f in (1.0, 2.0, 2.5, 5.0, 10.0)]
    best = min(steps, key=lambda step: abs(math.log(step / raw)))
    return round(best, 12)


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


def _bell(mu: float, sigma: float, peak: float, n_bins: int) -> list[float]:
    """How many parts each bin holds, about: a bell of ``peak`` at bin ``mu`` over a floor."""
    return [_PART_COUNTS[0] + peak * float(np.exp(-0.5 * ((i - mu) / sigma) ** 2)) for i in range(n_bins)]


def _nice_below(raw: float) -> float:
    """The 1-2-2.5-5 x 10^k step at or below ``raw``."""
    power = 10.0 ** math.floor(math.log10(raw))
    return round(max(f * power for f in (1.0, 2.0, 2.5, 5.0) if f * power <= raw), 12)


def _bins(b: _Build, own: float, n_bins: int) -> tuple[float, float]:
    """An intensive histogram's (bin width, first bin's start): the entity's own value, where the
    bell peaks, falls into a bin drawn uniformly, the bins narrowed where the metric's bounds leave
    too little room on one side (no bin below zero for a metric that cannot be negative, none above
    100 for a percentage). Bins laid from the metric's low bound put the mode where entities'
    values cluster, mid-chart and never at an end: "which band holds the most?" was guessable."""
    width = _nice_width((b.metric.high - b.metric.low) / n_bins)
    k = int(b.rng.integers(0, n_bins))  # the bin the mode is to fall into
    floor = 0.0 if b.metric.low >= 0 else -math.inf
    ceiling = 100.0 if b.metric.unit == "%" and b.metric.high <= 100 else math.inf
    if (math.floor(own / width) - k) * width < floor and own > 0:
        width = _nice_below(own / (k + 0.5))
    if (math.floor(own / width) - k + n_bins) * width > ceiling > own:
        width = min(width, _nice_below((ceiling - own) / (n_bins - k)))
    return width, max(floor, (math.floor(own / width) - k) * width)


def _histogram(b: _Build) -> ChartSpec:
    """How many sub-units of one entity fall into each band of a metric: a bell around the
    entity's own value in the fact table (intensive), or bins from zero at the part's scale whose
    parts add up to about the entity's value (additive)."""
    units = _subunits(b.topic)
    low, high = _PART_COUNTS
    counts = Metric(
        name=f"number of {units}", unit=units, low=low, high=high, decimals=0, kind="count", kind_given=True
    )
    year = _recent_year(b.rng, b.topic)
    subject = b.subject()
    n_bins = int(b.rng.integers(6, 10))
    own = b.world.preview(b.metric.name, subject, [year])[0]
    metric = b.metric
    if _additive(b.metric):
        targets = _bell(  # the mode may be the first bin: parts are often mostly small
            float(b.rng.uniform(-0.5, n_bins / 2)),
            float(b.rng.uniform(1.0, 2.2)),
            float(b.rng.uniform(60, 160)),
            n_bins,
        )
        parts = sum(targets)
        mean_bin = sum((i + 0.5) * t for i, t in enumerate(targets)) / parts
        metric, factor = _per_part(b, own / parts, 1.5 * n_bins * own / parts / mean_bin)
        width, start = _nearest_nice(own * factor / parts / mean_bin), 0.0
    else:
        width, start = _bins(b, own, n_bins)
        centre = (own - start) / width - 0.5
        mu = float(np.clip(centre + b.rng.uniform(-0.5, 0.5), 0.0, n_bins - 1.0))
        targets = _bell(mu, float(b.rng.uniform(1.0, 2.2)), float(b.rng.uniform(60, 160)), n_bins)
    wd = exact_decimals(width)
    data = []
    for i in range(n_bins + 1):  # a count never prints as a bin bound of its own chart
        b.registry.reserve(value_text(start + i * width, wd))
    for i in range(n_bins):
        lo, hi = value_text(start + i * width, wd), value_text(start + (i + 1) * width, wd)
        count = _count_near(b, targets[i], counts)
        data.append(DataPoint(label=f"{lo}–{hi}", value=count, metadata={"lo": lo, "hi": hi}))
    labels = [p.label for p in data]
    axes = Axes(
        x=Axis(label=_cap(metric.name), type="categorical", unit=metric.unit_label),
        y=Axis(label=f"Number of {units}", type="linear", unit=units),
    )
    visual = b.visual(labels, "single", _highlights(b.rng, labels)[:1])
    title = f"Distribution of {b.metric.name} across {units} in {in_text(b.topic, subject)}, {year}"
    template = (
        f"the number of {units} in {in_text(b.topic, subject)} with {metric.name} "
        f"between {{lo}} and {{hi}} ({metric.unit_label}) in {year}"
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
    """Five-number summaries of a metric across each entity's sub-units: the median is the
    entity's own value in the fact table (intensive), or a part's share of it (additive)."""
    if _additive(b.metric):
        return _part_box(b)
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
    covered = {(b.metric.name, p.label, year) for p in data}
    return _box_spec(b, data, year, b.metric, covered)


def _part_box(b: _Build) -> ChartSpec:
    """A box per entity of an additive metric across its parts: each entity is split into a number
    of parts drawn from :data:`PARTS` and its median part holds 60-90% of the mean part (a
    right-skewed spread: a few large parts hold much of the total)."""
    year = _recent_year(b.rng, b.topic)
    wanted = _count(b.rng, 4, 6, len(b.topic.entities))
    typical = {
        e: b.world.preview(b.metric.name, e, [year])[0]
        / float(b.rng.integers(*PARTS))
        * float(b.rng.uniform(0.6, 0.9))
        for e in _pick(b.rng, b.topic.entities, len(b.topic.entities))
    }
    # the smallest value drawn is a tenth of the smallest median; the largest four times the largest
    metric, factor = _per_part(b, 0.1 * min(typical.values()), 4 * max(typical.values()))
    d = metric.decimals
    data: list[DataPoint] = []
    for e, part in typical.items():
        if len(data) == wanted:
            break
        median = part * factor
        fences = [
            median * float(b.rng.uniform(*r)) for r in ((0.1, 0.4), (0.55, 0.85), (1.2, 1.6), (2.2, 4.0))
        ]
        before = b.registry.snapshot()
        try:
            values = [
                b.registry.draw_near(b.rng, v, max(0.03 * v, 3 * 10.0**-d), 10.0**-d, math.inf, d)
                for v in (median, *fences)
            ]
        except NumberSpaceExhaustedError:
            b.registry.restore(before)
            continue
        mid, lowest, q1, q3, highest = values
        if not lowest < q1 < mid < q3 < highest:
            b.registry.restore(before)
            continue
        meta = {k: value_text(v, d) for k, v in (("min", lowest), ("q1", q1), ("q3", q3), ("max", highest))}
        data.append(DataPoint(label=e, value=mid, metadata=meta))
    return _box_spec(b, data, year, metric, set())


def _box_spec(
    b: _Build, data: list[DataPoint], year: str, metric: Metric, covered: set[tuple[str, str, str]]
) -> ChartSpec:
    if len(data) < 4:
        raise NumberSpaceExhaustedError(f"too few entities with room for a spread of {b.metric.name}")
    units = _subunits(b.topic)
    labels = [p.label for p in data]
    axes = Axes(x=b.kind_axis(), y=b.value_axis(metric))
    visual = b.visual(labels, "single", _highlights(b.rng, labels)[:1])
    title = f"Spread of {b.metric.name} across {units} by {b.kind}, {year}"
    template = f"the median {metric.name} across {units} in {{label_in}} in {year}"
    return b.spec(
        title,
        axes,
        data,
        visual,
        metric=metric,
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
