"""Plausibility of a report's fact table: every value within what its entity allows.

The bounds come from the topic's :class:`~generation.world.space.Limits` (a topic composed by
:mod:`generation.world.space`; a manifest names it by its title). One function per bound, each
returning one line per violation:

- ``range``: a value lies in its entity's range (extensive metrics scale with the entity,
  intensive ones keep the theme's range);
- ``cap``: a count is at most the entity's population, an extent at most its area;
- ``shares``: the shares of one whole add up to 100 in every period (at most 100 when only some
  parts are shown), and no share exceeds 100;
- ``parts``: a part of a mix is at most its whole, and the parts together are at most the whole.

:func:`manifest_problems` is the ``plausibility`` rule of :mod:`generation.validate.rules`: a
question on a report whose fact table breaks a bound is rejected.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from typing import Any

import numpy as np

from generation.charts.registry import types_where
from generation.world.entities import LANDLOCKED, countries
from generation.world.regions import coast_parts, fits, named_places
from generation.world.space import Limits, limits_of, themes, topic_by_title
from generation.world.topics import Metric
from synthdocbench_tasks.schema import Chart, DocumentManifest, World, WorldFact

#: Rounding allowed when adding printed shares (tenths) or comparing printed values.
SHARE_TOLERANCE = 0.051
_EPS = 1e-9
#: Parts printed with d decimals may add up to a little more than their whole: each part may sit
#: this many steps of the last decimal from its exact fraction (rounding and keeping numbers apart).
PART_STEPS = 3


def range_problems(world: World, limits: Limits) -> list[str]:
    out = []
    for f in world.facts:
        bounds = limits.ranges.get(f.metric, {}).get(f.entity)
        if f.part or bounds is None:
            continue
        low, high = bounds
        if not low - _EPS <= f.value <= high + _EPS:
            out.append(f"range: {_where(f)} is {f.value}, outside {f.entity}'s {low}–{high}")
    return out


def cap_problems(world: World, limits: Limits) -> list[str]:
    out = []
    for f in world.facts:
        cap = limits.caps.get(f.metric)
        attrs = limits.attributes.get(f.entity)
        if cap is None or attrs is None:
            continue
        attribute, per_unit = cap
        if f.value * per_unit > attrs[attribute] * (1 + _EPS):
            out.append(
                f"cap: {_where(f)} is {f.value} ({f.value * per_unit:.0f}), above {f.entity}'s "
                f"{attribute} of {attrs[attribute]:.0f}"
            )
    return out


def share_problems(world: World, limits: Limits) -> list[str]:
    kinds = {m.name: m.kind for m in world.metrics}
    sums: dict[tuple[str, str, str], list[WorldFact]] = defaultdict(list)
    out = []
    for f in world.facts:
        if kinds.get(f.metric) != "share":
            continue
        if f.value > 100 + _EPS:
            out.append(f"shares: {_where(f)} is {f.value}%, above 100")
        if f.part:
            sums[(f.metric, f.entity, f.period)].append(f)
    for (metric, entity, period), facts in sorted(sums.items()):
        total = sum(f.value for f in facts)
        complete = {f.part for f in facts} >= set(limits.parts)
        if (complete and abs(total - 100) > SHARE_TOLERANCE) or total > 100 + SHARE_TOLERANCE:
            parts = "all parts" if complete else f"{len(facts)} parts"
            out.append(f"shares: {metric} of {entity} in {period} add up to {total:.1f}% over {parts}")
    return out


def part_problems(world: World, limits: Limits) -> list[str]:
    wholes = {
        (f.entity, f.period): f.value for f in world.facts if f.metric == limits.mix_metric and not f.part
    }
    parts: dict[tuple[str, str], list[WorldFact]] = defaultdict(list)
    for f in world.facts:
        if f.metric == limits.mix_metric and f.part:
            parts[(f.entity, f.period)].append(f)
    metric = next((m for m in world.metrics if m.name == limits.mix_metric), None)
    step = 10.0 ** -(metric.decimals if metric else 0)
    out = []
    for key, facts in sorted(parts.items()):
        whole = wholes.get(key)
        if whole is None:
            continue
        out += [f"parts: {_where(f)} is {f.value}, above its whole {whole}" for f in facts if f.value > whole]
        total = sum(f.value for f in facts)
        if total > whole + PART_STEPS * step * len(facts) + _EPS:
            out.append(
                f"parts: {limits.mix_metric} of {key[0]} in {key[1]}: parts add up to {total:.6g} > {whole}"
            )
    return out


def world_problems(world: World, limits: Limits) -> list[str]:
    """Every bound the fact table breaks, one line each (empty when plausible)."""
    return [
        *range_problems(world, limits),
        *cap_problems(world, limits),
        *share_problems(world, limits),
        *part_problems(world, limits),
    ]


def manifest_problems(manifest: DocumentManifest) -> list[str]:
    """:func:`world_problems` of a manifest's fact table; empty for a topic outside the space."""
    topic = topic_by_title(manifest.topic)
    limits = limits_of(topic) if topic is not None else None
    return [] if limits is None else world_problems(manifest.world, limits)


def _where(f: WorldFact) -> str:
    part = f" ({f.part})" if f.part else ""
    return f"{f.metric}{part} of {f.entity} in {f.period}"


# --- measures (printed by bench/world_plausibility.py; not rules) -------------------------------

#: A box or histogram of an additive metric across an entity's parts implies a total this many
#: times its entity's band (top) or more: a part drawn at the entity's own scale.
PART_SCALE_LIMIT = 2.0
#: A trend series drawn against its metric's known direction by more than this fraction.
AGAINST_FRACTION = 0.05
_SCALE_FACTOR = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
#: Distributions across an entity's parts: histograms (bins) and box plots (whiskers).
_BINNED = types_where(lambda t: "bins" in t.channels)
_WHISKERED = types_where(lambda t: "whiskers" in t.channels)
_DIST_TITLE = re.compile(r"^(?:Distribution|Spread) of (.+?) across ")


def _scale_of(unit: str) -> float:
    return _SCALE_FACTOR.get(unit.split(" ", 1)[0], 1.0)


def _metrics_of(title: str) -> dict[str, Metric]:
    """The metrics of the composed topic ``title`` (its latest period holds every one)."""
    topic = topic_by_title(title)
    return {m.name: m for m in topic.metrics} if topic is not None else {}


def part_scale_ratio(chart: Chart, metric: Metric, entities: tuple[str, ...], limits: Limits) -> float:
    """The total a histogram or box plot of the additive ``metric`` across an entity's parts
    implies, over the entity's plausible top (0 when no entity is found). A histogram implies the
    sum of bin midpoint x count; a box plot at least half its parts at the median, and a part holds
    at most a tenth of its entity (an entity has ten parts or more), so ten times the median."""
    if chart.chartType in _BINNED:
        title = chart.title.lower()  # a title may write an entity in lower case ("in education")
        entity = next((e for e in sorted(entities, key=len, reverse=True) if e.lower() in title), "")
        unit = chart.axes.x.unit or ""
        bins = [[float(x.replace(",", "")) for x in p.label.split("–")] for p in chart.data]
        total = sum((lo + hi) / 2 * p.value for (lo, hi), p in zip(bins, chart.data, strict=True))
        implied = {entity: total} if entity else {}
    else:
        unit = chart.axes.y.unit or ""
        implied = {p.label: 10 * p.value for p in chart.data}
    factor = _scale_of(unit) / _scale_of(metric.unit_label)
    return max((v * factor / limits.ranges[metric.name][e][1] for e, v in implied.items()), default=0.0)


def part_scale_ratios(manifest: DocumentManifest) -> list[tuple[str, float]]:
    """(chart id, :func:`part_scale_ratio`) of each histogram and box plot of an additive (level
    or count) metric across an entity's parts; above :data:`PART_SCALE_LIMIT`, the parts are
    drawn at the entity's scale."""
    topic = topic_by_title(manifest.topic)
    limits = limits_of(topic) if topic is not None else None
    if topic is None or limits is None:
        return []
    metrics = _metrics_of(manifest.topic)
    out = []
    for chart in manifest.charts:
        found = _DIST_TITLE.match(chart.title) if chart.chartType in (*_BINNED, *_WHISKERED) else None
        metric = metrics.get(found.group(1)) if found else None
        if metric is not None and metric.kind in ("level", "count"):
            out.append((chart.vizId, part_scale_ratio(chart, metric, topic.entities, limits)))
    return out


def direction_breaks(manifest: DocumentManifest) -> tuple[list[str], int, list[str], int, int]:
    """The fact table read against its metrics' known direction and first year (a theme's
    ``trend`` and ``since``): (series against their direction, series of a metric with a
    direction, facts before their metric's first year, facts of metrics with a first year,
    series of metrics without a direction that stay flat). A series is one (metric, entity)'s
    yearly facts spanning four years or more; it breaks its direction when its last value is
    more than :data:`AGAINST_FRACTION` of its first the wrong way; it is flat when its last
    value is within 4% of its first."""
    metrics = _metrics_of(manifest.topic)
    series: dict[tuple[str, str], list[tuple[int, float]]] = defaultdict(list)
    early, dated = [], 0
    for f in manifest.world.facts:
        metric = metrics.get(f.metric)
        if metric is None or f.part or not f.period.isdigit():
            continue
        series[(f.metric, f.entity)].append((int(f.period), f.value))
        if metric.since is not None:
            dated += 1
            if int(f.period) < metric.since:
                early.append(f"{_where(f)} is before {metric.since}")
    against, directed, flat = [], 0, 0
    for (name, entity), points in sorted(series.items()):
        points.sort()
        (y0, first), (y1, last) = points[0], points[-1]
        if y1 - y0 < 3 or not first:
            continue
        change = (last - first) / abs(first)
        trend = metrics[name].trend
        if trend == "any":
            flat += abs(change) <= 0.04
            continue
        directed += 1
        if (change < -AGAINST_FRACTION) if trend == "up" else (change > AGAINST_FRACTION):
            against.append(f"{name} of {entity}: {first:g} in {y0}, {last:g} in {y1} (known {trend})")
    return against, directed, early, dated, flat


def _theme_of(title: str) -> dict[str, Any] | None:
    """The theme record of the composed topic ``title`` (``None`` outside the topic space)."""
    topic = topic_by_title(title)
    key = topic.key.split("@", 1)[0] if topic is not None else None
    return next((t for t in themes() if t["key"] == key), None)


def unfit_entities(manifest: DocumentManifest) -> tuple[list[str], int]:
    """A report's countries read against what its theme needs of them (a theme's ``needs``:
    long-term care of the over-eighties needs an ageing population): (countries that do not
    fit, countries of a theme with a need)."""
    theme = _theme_of(manifest.topic)
    if theme is None or theme.get("needs") is None:
        return [], 0
    by_name = {c.name: c.entity() for c in countries()}
    ents = [by_name[name] for name in sorted({f.entity for f in manifest.world.facts}) if name in by_name]
    out = [f"{e.name} in {manifest.topic!r} (needs {theme['needs']})" for e in ents if not fits(theme, e)]
    return out, len(ents)


def place_breaks(manifest: DocumentManifest) -> tuple[list[str], int]:
    """A report's countries read against the place its title names ("across the Asia-Pacific":
    Asia and Oceania): (countries outside it, countries of a title that names a place)."""
    topic = topic_by_title(manifest.topic)
    places = named_places(manifest.topic)
    if not places or topic is None or topic.entity_kind != "country":
        return [], 0  # reef regions and basins may share a country's name (the Maldives)
    by_name = {c.name: c for c in countries()}
    ents = [by_name[name] for name in sorted({f.entity for f in manifest.world.facts}) if name in by_name]
    out = [f"{c.name} in {manifest.topic!r}" for c in ents if not c.groups & places]
    return out, len(ents)


def shock_breaks(manifest: DocumentManifest) -> tuple[list[str], int, int, int]:
    """A report whose theme's premise is a shock (a metric's ``shock``: tourist arrivals at 0.3
    of their trend in 2020) read against it: each (metric, entity) series that holds the shock's
    first year and the year before shows it when its move between them goes at least halfway to
    the factor (on a log scale). (series that do not, such series, 1 when the report has such
    series and none shows a shock, 1 when it has such series)."""
    theme = _theme_of(manifest.topic)
    records = [*theme["metrics"], theme["mix"]["metric"]] if theme is not None else []
    shocks = {r["name"]: r["shock"] for r in records if r.get("shock")}
    values = {(f.metric, f.entity, f.period): f.value for f in manifest.world.facts if not f.part}
    out, counted = [], 0
    for (name, entity, period), value in sorted(values.items()):
        shock = shocks.get(name, {})
        year = min(shock, default=0)
        before = values.get((name, entity, str(year - 1)))
        if period != str(year) or not before:
            continue
        counted += 1
        if math.log(value / before) / math.log(shock[year]) < 0.5:
            moved = f"{before:g} in {year - 1}, {value:g} in {year}"
            out.append(f"{name} of {entity}: {moved} (shock x{shock[year]:g})")
    return out, counted, int(counted > 0 and len(out) == counted), int(counted > 0)


def coast_breaks(manifest: DocumentManifest) -> tuple[list[str], int]:
    """A report's countries read against the metrics that need a sea coast (a theme metric's
    ``coast: true``: port container throughput): (landlocked countries given such a metric,
    countries given one)."""
    theme, topic = _theme_of(manifest.topic), topic_by_title(manifest.topic)
    if theme is None or topic is None or topic.entity_kind != "country":
        return [], 0  # reef regions and basins may share a country's name
    coastal = {r["name"] for r in [*theme["metrics"], theme["mix"]["metric"]] if r.get("coast")}
    parts, mix = set(coast_parts(theme)), theme["mix"]["metric"]["name"]
    landlocked = {c.name for c in countries() if LANDLOCKED in c.tags}
    given = sorted(
        {
            (f.entity, f.metric if f.metric in coastal else f"{f.metric} ({f.part})")
            for f in manifest.world.facts
            if f.metric in coastal or (f.metric == mix and f.part in parts)
        }
    )
    out = [f"{metric} of {entity} (landlocked)" for entity, metric in given if entity in landlocked]
    return out, len(given)


def _sentences(texts: list[str]) -> list[str]:
    return [s for text in texts for s in re.split(r"(?<=[.!?])\s+", text) if s]


def shock_cause_breaks(manifest: DocumentManifest, texts: list[str]) -> tuple[list[str], int]:
    """A report's sentences (``texts``: its paragraphs, headings and callouts) that cite a cause
    presupposing its theme's shock (a driver among the theme's ``after_shock``: "pent-up travel
    demand"): (those in a report without the shock, or without a year or with one before the
    shock's first year, such sentences)."""
    theme = _theme_of(manifest.topic)
    if theme is None:
        return [], 0
    causes = set(theme.get("after_shock", [])) & set(theme["drivers"])
    records = [*theme["metrics"], theme["mix"]["metric"]]
    first = min((int(y) for r in records for y in r.get("shock", {})), default=None)
    out, cited = [], 0
    for sentence in _sentences(texts):
        for cause in causes:
            if cause.lower() not in sentence.lower():
                continue
            cited += 1
            years = [int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", sentence)]
            if first is None or not years or min(years) < first:
                out.append(f"{cause!r} (shock {first}): {sentence[:90]}")
    return out, cited


def shock_event_breaks(manifest: DocumentManifest) -> tuple[list[str], int]:
    """A report's events that answer its theme's shock (the theme's ``after_shock``: "reopened
    borders to leisure travellers") read against the shock's first year: (such events dated in
    or before it, such events)."""
    theme = _theme_of(manifest.topic)
    bound = set(theme.get("after_shock", [])) if theme is not None else set()
    records = [*theme["metrics"], theme["mix"]["metric"]] if theme is not None else []
    year = min((int(y) for r in records for y in r.get("shock", {})), default=None)
    events = [
        (t.values["year"], t.values["event"])
        for t in manifest.text_facts
        if t.values.get("kind") == "event" and t.values.get("event") in bound
    ]
    out = [f"{event!r} in {when} (shock {year})" for when, event in events if year and int(when) <= year]
    return out, len(events)


#: Entities of one report whose changes over the same years all lie within this fraction of
#: their median, one way, move alike (measles coverage falling 17 points in every country).
ALIKE_FRACTION = 0.2


def alike_moves(manifest: DocumentManifest) -> tuple[list[str], int]:
    """Metrics of a report whose series of four or more entities over the same first and last
    year all change by about the same amount the same way (within :data:`ALIKE_FRACTION` of their
    median): (such metrics, metrics with four or more such entities)."""
    series: dict[str, dict[str, dict[str, float]]] = defaultdict(lambda: defaultdict(dict))
    for f in manifest.world.facts:
        if not f.part and f.period.isdigit():
            series[f.metric][f.entity][f.period] = f.value
    out, counted = [], 0
    for metric, by_entity in sorted(series.items()):
        spans = Counter((min(s), max(s)) for s in by_entity.values() if len(s) >= 2)
        if not spans:
            continue
        (first, last), n = spans.most_common(1)[0]
        if n < 4 or int(last) - int(first) < 3:
            continue
        counted += 1
        changes = [s[last] - s[first] for s in by_entity.values() if first in s and last in s]
        mid = float(np.median(changes))
        if mid and all(abs(c - mid) <= ALIKE_FRACTION * abs(mid) for c in changes):
            moved = f"{min(changes):g} to {max(changes):g} ({first}-{last})"
            out.append(f"{metric}: {len(changes)} entities change by {moved}")
    return out, counted


def _population_links(title: str) -> dict[str, dict[str, Any]]:
    """count metric -> the theme record of the rate it is of its entity's population (a theme's
    ``of_population``), for the composed topic ``title``."""
    theme = _theme_of(title)
    if theme is None:
        return {}
    records = {r["name"]: r for r in [*theme["metrics"], theme["mix"]["metric"]]}
    return {n: records[r["of_population"]] for n, r in records.items() if r.get("of_population")}


def population_share_breaks(manifest: DocumentManifest) -> tuple[list[str], int, list[str], int]:
    """A count of people that is a rate of its entity's population (``of_population``: employed
    people and the employment rate) read as that rate: (facts whose share of the population lies
    outside the rate's theme range, such facts, facts more than twice off the report's own rate
    of the same entity and year, such pairs)."""
    links = _population_links(manifest.topic)
    topic = topic_by_title(manifest.topic)
    limits = limits_of(topic) if topic is not None else None
    if not links or limits is None:
        return [], 0, [], 0
    units = {m.name: m.unit for m in manifest.world.metrics}
    rates = {(f.metric, f.entity, f.period): f.value for f in manifest.world.facts if not f.part}
    outside, paired = [], []
    counted = compared = 0
    for f in manifest.world.facts:
        rate = links.get(f.metric)
        people = limits.attributes.get(f.entity, {}).get("population")
        if rate is None or f.part or not people:
            continue
        counted += 1
        share = 100 * f.value * _scale_of(units[f.metric]) / people
        if not float(rate["low"]) <= share <= float(rate["high"]):
            bounds = f"{rate['name']} {rate['low']}–{rate['high']}%"
            outside.append(f"{_where(f)} is {share:.1f}% of its population ({bounds})")
        stated = rates.get((rate["name"], f.entity, f.period))
        if stated:
            compared += 1
            if not 0.5 <= share / stated <= 2.0:
                paired.append(f"{_where(f)} is {share:.1f}% of its population, {rate['name']} {stated}%")
    return outside, counted, paired, compared


#: A metric that begins in its first year (a theme's ``since``: 5G coverage from 2019) starts
#: within this fraction of its range from the end it moves away from.
LAUNCH_SHARE = 0.25


def launch_levels(manifest: DocumentManifest) -> tuple[list[str], int]:
    """Facts of a metric with a first year (``since``) and a known direction, in that first year:
    (those further than :data:`LAUNCH_SHARE` of the metric's range from the end it moves away
    from, such facts). 5G coverage at 78% in 2019, its launch year, is no launch."""
    metrics = _metrics_of(manifest.topic)
    out, counted = [], 0
    for f in manifest.world.facts:
        metric = metrics.get(f.metric)
        if metric is None or f.part or metric.since is None or f.period != str(metric.since):
            continue
        if metric.trend == "any":
            continue
        counted += 1
        position = (f.value - metric.low) / (metric.high - metric.low)
        if (position if metric.trend == "up" else 1 - position) > LAUNCH_SHARE:
            out.append(f"{_where(f)} is {f.value:g}, its range {metric.low:g}–{metric.high:g} (first year)")
    return out, counted
