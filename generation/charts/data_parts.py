"""Data builders of parts and flows: pies and donuts, treemaps, waterfalls, funnels, bullets and
sankeys.
"""

from __future__ import annotations

import itertools

from generation.charts.build_common import (
    _Build,
    _cap,
    _count,
    _distinct,
    _full_precision,
    _highlights,
    _pick,
    _recent_year,
    _year_run,
)
from generation.charts.spec import ChartSpec
from generation.world.numbers import (
    NumberSpaceExhaustedError,
    value_text,
)
from generation.world.table import share_metric
from generation.world.topics import Metric, funnel_of, in_text
from synthdocbench_tasks.schema import (
    Axes,
    Axis,
    DataPoint,
)

#: How a waterfall's title starts: its marks are a level, then the changes of one quantity.
CHANGE_TITLE = "Year-on-year change in "


def _mix_chart(
    b: _Build, data: list[DataPoint], metric: Metric, subject: str, year: str, value_label: str
) -> ChartSpec:
    """pie, donut, treemap: the parts of the topic's mix for one entity and year, largest first,
    one colour per part; ``value_label`` names what a part's value is (a share, an amount)."""
    mix = b.topic.mix
    data.sort(key=lambda p: -p.value)
    labels = [p.label for p in data]
    axes = Axes(
        x=Axis(label=_cap(mix.part_kind), type="none"),
        y=Axis(label=value_label, type="none", unit=metric.unit_label),
    )
    visual = b.visual(
        labels, "categorical", _highlights(b.rng, labels)[:1], sort_order="descending", what=mix.part_kind
    )
    title = f"{_cap(mix.by_parts)} in {in_text(b.topic, subject)}, {year}"
    return b.spec(
        title,
        axes,
        data,
        visual,
        metric=metric,
        label_role="part",
        year=year,
        subject=subject,
        covered={(metric.name, subject, year)},
    )


def _pie(b: _Build) -> ChartSpec:
    """Every part's share of the topic's mix for one entity and year (they add up to 100%)."""
    mix = b.topic.mix
    share = share_metric(b.topic)
    for _ in range(12):
        year = _recent_year(b.rng, b.topic)
        subject = b.subject()
        before = b.world.snapshot()
        shares = b.world.shares(subject, year)
        if _distinct(list(shares.values()), 1) and min(shares.values()) >= 2.5:
            break
        b.world.restore(before)
    else:
        raise NumberSpaceExhaustedError(f"no entity and year whose {mix.name} shares print apart")
    data = [DataPoint(label=p, value=v) for p, v in shares.items()]
    return _mix_chart(b, data, share, subject, year, f"Share of {mix.name}")


def _treemap(b: _Build) -> ChartSpec:
    """The topic's mix for one entity, one tile per part (areas proportional to values)."""
    mix = b.topic.mix
    m = b.world.part_metric()
    year = _recent_year(b.rng, b.topic)
    subject = b.subject()
    parts = _pick(b.rng, mix.parts, _count(b.rng, 4, 7, len(mix.parts)))
    data = [DataPoint(label=p, value=b.world.value(m.name, subject, year, p)) for p in parts]
    return _mix_chart(b, data, m, subject, year, _cap(mix.name))


def _waterfall(b: _Build) -> ChartSpec:
    """A starting level, then the signed change of each following year, for one entity."""
    d = b.metric.decimals
    for _ in range(40):
        years = _year_run(b.rng, b.topic, 5, 8)
        subject = b.subject()
        levels = b.world.preview(b.metric.name, subject, years)
        changes = [round(x1 - x0, d) for x0, x1 in itertools.pairwise(levels)]
        if _distinct([levels[0], *changes], d):
            before = b.world.snapshot()
            level = b.value(subject, years[0])
            steps = [
                b.world.change(b.metric.name, subject, y0, y1, y1) for y0, y1 in itertools.pairwise(years)
            ]
            if _distinct([level, *steps], d) and _full_precision(steps, d):
                break
            b.world.restore(before)
    else:
        raise NumberSpaceExhaustedError(f"no run of years whose changes in {b.metric.name} print apart")
    data = [DataPoint(label=f"{years[0]} level", value=level)]
    data += [DataPoint(label=y, value=v) for y, v in zip(years[1:], steps, strict=True)]
    labels = [p.label for p in data]
    axes = Axes(x=Axis(label="Year", type="categorical"), y=b.value_axis())
    visual = b.visual(labels, "single", _highlights(b.rng, labels[1:])[:1])
    place = in_text(b.topic, subject)
    title = f"{CHANGE_TITLE}{b.metric.name} in {place}, {years[0]}–{years[-1]}"
    templates = {
        labels[0]: f"{b.metric.name} in {place} in {years[0]}",
        "*": f"the change in {b.metric.name} in {place} in {{label}}",
    }
    covered = {(b.metric.name, subject, years[0])}
    return b.spec(
        title,
        axes,
        data,
        visual,
        label_role="year",
        subject=subject,
        covered=covered,
        mark_templates=templates,
    )


def _funnel(b: _Build) -> ChartSpec:
    """How many items of the topic's own pipeline reach each stage, in one entity and year."""
    funnel = funnel_of(b.topic)
    counts = Metric(
        name=f"number of {funnel.noun}",
        unit=funnel.unit,
        low=13,
        high=990,
        decimals=0,
        scale=funnel.scale,
        kind="count",
        kind_given=True,
    )
    year = _recent_year(b.rng, b.topic)
    subject = b.subject()
    stages = list(funnel.stages)
    if b.rng.random() < 0.4:
        stages.pop(int(b.rng.integers(1, len(stages) - 1)))
    values = [b.draw(400, counts.high, counts)]
    for _ in stages[1:]:
        values.append(b.draw(max(counts.low, 0.45 * values[-1]), 0.85 * values[-1], counts))
    data = [DataPoint(label=stage, value=v) for stage, v in zip(stages, values, strict=True)]
    labels = [p.label for p in data]
    axes = Axes(
        x=Axis(label="Stage", type="none"),
        y=Axis(label=_cap(funnel.noun), type="none", unit=counts.unit_label),
    )
    visual = b.visual(labels, "single", _highlights(b.rng, labels)[:1], sort_order="descending")
    place = in_text(b.topic, subject)
    title = f"{_cap(funnel.noun)} in {place} by stage, {year}"
    template = f"the number of {funnel.noun} at the '{{label}}' stage in {place} in {year}"
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


def _bullet(b: _Build) -> ChartSpec:
    """Each entity's actual value against its target (a marker), over grey qualitative bands."""
    year = _recent_year(b.rng, b.topic)
    low, high = b.metric.low, b.metric.high
    data = []
    for e in b.entities(3, 6):
        actual = b.value(e, year)
        target = b.draw(max(low, 0.75 * actual), min(high, 1.3 * actual))
        data.append(
            DataPoint(label=e, value=actual, metadata={"target": value_text(target, b.metric.decimals)})
        )
    labels = [p.label for p in data]
    axes = Axes(x=b.value_axis(), y=b.kind_axis())
    visual = b.visual(labels, "single", _highlights(b.rng, labels)[:1], legend=True)
    title = f"{_cap(b.metric.name)} against target by {b.kind}, {year}"
    covered = {(b.metric.name, lab, year) for lab in labels}
    return b.spec(title, axes, data, visual, label_role="entity", year=year, covered=covered)


def _sankey(b: _Build) -> ChartSpec:
    """Flows of the topic's mix from its parts (left) to entities (right), one year: the flow
    from part P to entity E is E's value of P in the fact table."""
    mix = b.topic.mix
    m = b.world.part_metric()
    year = _recent_year(b.rng, b.topic)
    sources = _pick(b.rng, mix.parts, _count(b.rng, 2, 4, len(mix.parts)))
    targets = b.entities(2, 4)
    pairs = [(s, t) for s in sources for t in targets]
    for s, t in [pairs[int(i)] for i in b.rng.permutation(len(pairs))[: int(b.rng.integers(0, 3))]]:
        rest = [p for p in pairs if p != (s, t)]
        if any(p[0] == s for p in rest) and any(p[1] == t for p in rest):
            pairs = rest
    data = [
        DataPoint(
            label=f"{s} → {t}",
            value=b.world.value(m.name, t, year, s),
            metadata={"source": s, "target": t},
        )
        for s, t in pairs
    ]
    axes = Axes(
        x=Axis(label=_cap(mix.part_kind), type="none"),
        y=Axis(label=_cap(m.name), type="none", unit=m.unit_label),  # what the band widths measure
    )
    visual = b.visual(
        sources, "categorical", _highlights(b.rng, [p.label for p in data])[:1], what=mix.part_kind
    )
    title = f"{_cap(mix.whole)} flows from {mix.part_kind} to {b.kind}, {year}"
    template = f"{mix.metric.name} from {{source_in}} in {{target_in}} in {year}"
    covered = {(m.name, t, year) for t in targets}
    return b.spec(
        title,
        axes,
        data,
        visual,
        metric=m,
        label_role="part",
        year=year,
        covered=covered,
        mark_templates={"*": template},
    )
