"""The topic space: themes x settings x periods, composed from data files.

A *theme* (``data/themes.yaml``, ``data/themes_more.yaml``) is what a report is about: its
title and phrase with a ``{where}`` slot, its domain, its metrics (unit, kind, decimals and a
plausible range), its mix, funnel and vocabulary, and the settings it fits. A *setting*
(``data/settings.yaml``) is where: an entity set (countries of a grouping, sectors, firms,
sites, age groups of a country, ...) and the words that complete the title. A *period* is the
report's own run of years (:func:`period_for`). :func:`topic_for` composes the topic of document
``index`` of a run: the run's (theme, setting) pairs in a seeded order, drawn without
replacement, so the first :func:`space_size` documents of a run all have different titles.

Values are plausible for their entity (:class:`Limits`): a metric with ``per: population``
(``area``, ``size``) is extensive, its ``low``/``high`` are the range of an entity of the
reference size (:data:`~generation.world.entities.REFERENCE`) and each entity's range scales
with its attribute; a metric without ``per`` is intensive and keeps one range. ``cap:
population`` (``area``) bounds a metric by the entity's population (area): ``cap_unit`` is the
attribute's units per unit of the metric (0.01 km² per hectare). The scale word and decimals
are chosen so every value prints below 1,000 and each entity's range holds enough numbers.
Entities more than :data:`MAX_RATIO` times smaller than the largest on an attribute the theme
scales by are left out, so a report does not put a city-state beside a continent-sized country.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
from dataclasses import dataclass
from importlib import resources
from typing import Any

import numpy as np
import yaml

from generation.plan.rng import doc_id_for, stable_digest, stage_rng
from generation.plan.yaml_data import load_yaml
from generation.world.entities import (
    LANDLOCKED,
    REFERENCE,
    SIZE_CLASSES,
    Entity,
    countries,
    faker_names,
    group,
    size_classes,
)
from generation.world.ranges import SCALE_FACTOR, compose_metric
from generation.world.ranges import SCALES as SCALES  # re-exported: generation/charts/data_dist.py
from generation.world.regions import coast_parts, fits, needs, needs_coast
from generation.world.topics import Funnel, Mix, Topic, with_article
from synthdocbench_tasks.schema import METRIC_KINDS

#: Sample periods: the bounds a theme's ``since`` and ``shock`` years are checked against, and the
#: periods the tests compose every pairing over. A report's own period is drawn (:func:`period_for`).
PERIODS: tuple[tuple[int, int], ...] = ((2006, 2020), (2008, 2022), (2010, 2024), (2011, 2025))
#: A report's last year is drawn from these (the latest data year last), its length in years
#: from :data:`WINDOW_YEARS`, its first year no earlier than :data:`EARLIEST_YEAR`: four fixed
#: 15-year periods put every report's last year at 2020, 2022, 2024 or 2025 (review57).
LAST_YEARS: tuple[int, int] = (2016, 2025)
WINDOW_YEARS: tuple[int, int] = (10, 20)
EARLIEST_YEAR = 2000
#: Years a report of a shocked theme holds before the shock's first year (a trend to fall from).
YEARS_BEFORE_SHOCK = 4
#: A metric's known real direction (a theme's ``trend``): its series moves that way.
TRENDS: tuple[str, ...] = ("up", "down", "any")
#: Fewest years of a report's period a metric with a first year (``since``) must exist in to be
#: reported: its charts draw only years from ``since`` on, and a chart runs up to six years.
MIN_SINCE_YEARS = 6
#: Largest ratio between the biggest and smallest entity of a report on a scaled attribute.
MAX_RATIO = 40.0
MAX_ENTITIES = 10
#: How many of a grouping's most populous members a report's entities are drawn from.
POOL_ENTITIES = 15
MIN_ENTITIES = 7  # fewer entities give too few claims for a long report
_THEME_FILES = ("themes.yaml", "themes_more.yaml")
SETTINGS_FILE = "settings.yaml"


class TopicSpaceError(ValueError):
    """A theme or setting file does not fit: one line naming the file and the field."""


@dataclass(frozen=True)
class Limits:
    """What is plausible in one topic's fact table (read by the plausibility rule)."""

    #: metric name -> entity -> (low, high) in the metric's printed unit: where its values may lie
    #: (a scaled metric's band widened to hold :data:`~generation.world.ranges.ENTITY_SLOTS` number strings).
    ranges: dict[str, dict[str, tuple[float, float]]]
    #: metric name -> (entity attribute, attribute units per unit of the metric incl. its scale).
    caps: dict[str, tuple[str, float]]
    #: entity -> attribute -> value.
    attributes: dict[str, dict[str, float]]
    mix_metric: str
    parts: tuple[str, ...]
    #: metric name -> entity -> its plausible band (the range before widening): where its series
    #: are drawn; the widening is room for distinct number strings only (a value spills into it
    #: when the band's strings are taken), else a small entity's values sat up to 2.7x its band.
    bands: dict[str, dict[str, tuple[float, float]]] = dataclasses.field(default_factory=dict)
    #: count metric -> the rate of its entity's population it is (a theme's ``of_population``).
    of_population: dict[str, str] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class _Setting:
    key: str
    kind: str
    plural: str
    where: str
    entities: tuple[Entity, ...]
    family: str
    #: every member, the most populous first (a grouping's entities are its first
    #: :data:`MAX_ENTITIES`); a theme with a need draws its entities from those that fit
    members: tuple[Entity, ...] = ()


# --- reading the data -----------------------------------------------------------------------


def _read(name: str) -> dict[str, Any]:
    source = resources.files("generation.world") / "data" / name
    try:
        data = load_yaml(source.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise TopicSpaceError(f"generation/world/data/{name}: cannot be read ({exc})") from None
    if not isinstance(data, dict):
        raise TopicSpaceError(f"generation/world/data/{name}: expected a mapping at the top")
    return data


@functools.cache
def themes() -> tuple[dict[str, Any], ...]:
    out: list[dict[str, Any]] = []
    for name in _THEME_FILES:
        for theme in _read(name).get("themes", []):
            for field in ("key", "title", "phrase", "domain", "settings", "metrics", "mix", "funnel"):
                if field not in theme:
                    raise TopicSpaceError(f"generation/world/data/{name}: theme lacks {field!r}")
            for metric in [*theme["metrics"], theme["mix"].get("metric", {})]:
                _check_metric(name, metric)
            _population_shares(name, theme)
            stray = sorted(set(theme.get("after_shock", [])) - {*theme.get("events", []), *theme["drivers"]})
            stray += sorted(set(coast_parts(theme)) - set(theme["mix"]["parts"]))
            if stray:
                raise TopicSpaceError(
                    f"generation/world/data/{name}: theme {theme['key']!r} has after_shock or coast_parts "
                    f"{stray[0]!r}, which is none of its events, drivers or mix parts; list it there"
                )
            if theme.get("needs") is not None and theme["needs"] not in needs():
                raise TopicSpaceError(
                    f"generation/world/data/{name}: theme {theme['key']!r} has needs {theme['needs']!r}; "
                    f"use one of {', '.join(needs())} (settings.yaml 'needs')"
                )
            out.append(theme)
    keys = [t["key"] for t in out]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise TopicSpaceError(f"theme key {twice[0]!r} is used more than once")
    return tuple(out)


def _check_metric(name: str, metric: dict[str, Any]) -> None:
    """A metric's ``kind`` is a known kind, its ``stock`` a yes or no (a typo would silently
    decide which sums its questions may ask), its ``trend`` one of :data:`TRENDS`, its
    ``since`` a year the latest period holds :data:`MIN_SINCE_YEARS` of and its ``shock`` a
    mapping of years to positive factors of its trend (tourist arrivals at 0.3 in 2020)."""
    kind, stock = metric.get("kind"), metric.get("stock", False)
    if kind is not None and kind not in METRIC_KINDS:
        raise TopicSpaceError(
            f"generation/world/data/{name}: metric {metric.get('name')!r} has kind {kind!r}; "
            f"use one of {', '.join(METRIC_KINDS)}"
        )
    if metric.get("trend", "any") not in TRENDS:
        raise TopicSpaceError(
            f"generation/world/data/{name}: metric {metric.get('name')!r} has trend "
            f"{metric.get('trend')!r}; use one of {', '.join(TRENDS)}"
        )
    since = metric.get("since")
    latest = PERIODS[-1][1] - MIN_SINCE_YEARS + 1  # the latest period reports every metric
    if since is not None and (not isinstance(since, int) or not PERIODS[0][0] < since <= latest):
        raise TopicSpaceError(
            f"generation/world/data/{name}: metric {metric.get('name')!r} has since {since!r}; "
            f"use a year from {PERIODS[0][0] + 1} to {latest}"
        )
    shock = metric.get("shock", {})
    first, last = PERIODS[0][0], PERIODS[-1][1]
    if not isinstance(shock, dict) or not all(
        isinstance(y, int) and first < y <= last and isinstance(f, int | float) and f > 0
        for y, f in shock.items()
    ):
        raise TopicSpaceError(
            f"generation/world/data/{name}: metric {metric.get('name')!r} has shock {shock!r}; "
            f"map years from {first + 1} to {last} to positive factors of the trend"
        )
    if not isinstance(stock, bool):
        raise TopicSpaceError(
            f"generation/world/data/{name}: metric {metric.get('name')!r} has stock {stock!r}; "
            "use true or false"
        )


def _population_shares(name: str, theme: dict[str, Any]) -> None:
    """A count that is a rate of its entity's population (``of_population``: a ``%`` metric of
    its theme) takes that rate's range, in people of an entity of the reference population: an
    own range of 1.5-4.5 million employed per 50 million people put an age group's employed
    people at 3-9% of its people beside an employment rate of 18-86%."""
    rates = {r["name"]: r for r in theme["metrics"]}
    for metric in [*theme["metrics"], theme["mix"].get("metric", {})]:
        link = metric.get("of_population")
        if link is None:
            continue
        rate = rates.get(link)
        if rate is None or rate.get("unit") != "%" or metric.get("per") != "population":
            raise TopicSpaceError(
                f"generation/world/data/{name}: metric {metric.get('name')!r} has of_population "
                f"{link!r}; name a '%' metric of its theme and give it per: population"
            )
        people = REFERENCE["population"] / 100 / SCALE_FACTOR[metric.get("scale", "")]
        metric["low"], metric["high"] = float(rate["low"]) * people, float(rate["high"]) * people


def _family(record: dict[str, Any]) -> str:
    kind = record["kind"]
    if kind == "country" and "group" in record:
        return "countries"
    if "family" in record:
        return str(record["family"])
    families = {"sector": "sectors", "firm": "firms", "site": "sites", "age group": "age-groups"}
    return families.get(kind, record["key"])


@functools.cache
def settings() -> tuple[_Setting, ...]:
    out: list[_Setting] = []
    by_name = {c.name: c for c in countries()}
    for rec in _read(SETTINGS_FILE).get("settings", []):
        kind, key = rec["kind"], rec["key"]
        plural = rec.get("plural", rec.get("entity_kind_plural", f"{kind}s"))
        family = _family(rec)
        if kind == "country":
            members = group(rec["group"]) if "group" in rec else [by_name[n] for n in rec["members"]]
            ranked = tuple(c.entity() for c in sorted(members, key=lambda c: -c.population))
            kind = rec.get("entity_kind", "country")
            plural = rec.get("entity_kind_plural", "countries")
            where = rec.get("where", "")
            out.append(_Setting(key, kind, plural, where, ranked[:MAX_ENTITIES], family, ranked))
        elif kind in ("firm", "site"):
            names = faker_names(key, int(rec.get("count", 8)), kind)
            classes = size_classes(key, len(names))
            ents = tuple(
                Entity(n, kind, size=SIZE_CLASSES[c], size_class=c)
                for n, c in zip(names, classes, strict=True)
            )
            out.append(_Setting(key, kind, plural, rec["where"], ents, family))
        elif "per_country" in rec:
            for name in rec["per_country"]:
                country = by_name[name]
                sub = f"{key}-{country.iso3.lower()}"
                if kind == "age group":
                    widths = rec.get("widths", [10] * len(rec["members"]))
                    ents = tuple(
                        Entity(m, kind, population=country.population * w / 80)
                        for m, w in zip(rec["members"], widths, strict=True)
                    )
                else:
                    names = _per_country(rec, sub)
                    classes = size_classes(sub, len(names))
                    ents = tuple(
                        Entity(m, kind, population=country.population, size=SIZE_CLASSES[c], size_class=c)
                        for m, c in zip(names, classes, strict=True)
                    )
                where = rec["where"].format(country=with_article(name))  # "in the United States"
                out.append(_Setting(sub, kind, plural, where, ents, family))
        else:
            ents = tuple(Entity(m, kind) for m in rec["members"])
            out.append(_Setting(key, kind, plural, rec.get("where", ""), ents, family))
    return tuple(out)


def _per_country(record: dict[str, Any], key: str) -> list[str]:
    """The members of per-country setting ``key``: ``draw`` of the record's members drawn for that
    country (in the record's order), or all of them: every country's electronics market had the
    same eight products and every country the same eight programmes (review57)."""
    members = list(record["members"])
    n = int(record.get("draw", len(members)))
    if n >= len(members):
        return members
    rng = np.random.default_rng(stable_digest("members", key))
    return [members[k] for k in sorted(int(i) for i in rng.choice(len(members), n, replace=False))]


# --- composing a topic ----------------------------------------------------------------------


def _scaled_by(theme: dict[str, Any]) -> set[str]:
    records = [*theme["metrics"], theme["mix"]["metric"]]
    return {r["per"] for r in records if "per" in r} | {r["cap"] for r in records if "cap" in r}


def _entities(
    theme: dict[str, Any], setting: _Setting, coast: bool = True, pool: int = POOL_ENTITIES
) -> tuple[Entity, ...]:
    """The setting's entities the theme reports on: those that fit its need (with ``coast``, and
    have the sea coast a metric of it needs; the most populous first), within :data:`MAX_RATIO`
    of the largest on every attribute it scales by."""
    ents = list(setting.entities)
    if setting.members:  # a grouping: its most populous members that fit, a subset drawn below
        ents = list(setting.members)
    if theme.get("needs") is not None or needs_coast(theme):
        ents = [e for e in ents if fits(theme, e, coast)]
        if not ents:
            return ()
    if setting.members:
        ents = ents[:pool]
    for attr in sorted(_scaled_by(theme) - {"size"}):
        if setting.kind not in ("country", "state", "age group", "product", "programme"):
            return ()
        top = max(e.attribute(attr) for e in ents)
        ents = [e for e in ents if e.attribute(attr) * MAX_RATIO >= top]
    return _drawn(theme, setting, ents) if setting.members else tuple(ents)


def _drawn(theme: dict[str, Any], setting: _Setting, pool: list[Entity]) -> tuple[Entity, ...]:
    """:data:`MAX_ENTITIES` of a grouping's ``pool`` (most populous first, kept in that order),
    drawn per (theme, setting): every theme on "OECD Economies" reported on its ten most populous
    members, so reports of one place shared their entities (review57)."""
    if len(pool) <= MAX_ENTITIES:
        return tuple(pool)
    rng = np.random.default_rng(stable_digest("entities", theme["key"], setting.key))
    chosen = sorted(int(k) for k in rng.choice(len(pool), MAX_ENTITIES, replace=False))
    return tuple(pool[k] for k in chosen)


def _roomy(theme: dict[str, Any], ents: tuple[Entity, ...]) -> tuple[Entity, ...]:
    """``ents`` less the smallest entities whose ranges would be too crowded to print."""
    records = [*theme["metrics"], theme["mix"]["metric"]]
    while len(ents) >= MIN_ENTITIES:
        crowded = next((c for c in (compose_metric(r, ents).crowded() for r in records) if c), None)
        if crowded is None:
            return ents
        ents = tuple(e for e in ents if e.name != crowded)
    return ents


@dataclass(frozen=True, eq=False)
class _Pair:
    theme: dict[str, Any]
    setting: _Setting
    entities: tuple[Entity, ...]

    @property
    def title(self) -> str:
        return _fill(self.theme["title"], self.setting)


def _fill(template: str, setting: _Setting) -> str:
    return " ".join(template.format(where=setting.where).split())


@functools.cache
def pairs() -> tuple[_Pair, ...]:
    """Every (theme, setting) the data allows, in data order."""
    out: list[_Pair] = []
    for theme in themes():
        for setting in settings():
            if setting.family not in theme["settings"] and setting.key not in theme["settings"]:
                continue
            ents = _roomy(theme, _entities(theme, setting))
            if len(ents) < MIN_ENTITIES:  # a drawn subset too crowded to print: the most populous
                ents = _roomy(theme, _entities(theme, setting, pool=MAX_ENTITIES))
            if len(ents) < MIN_ENTITIES and needs_coast(theme):  # too few coasts: compose drops the metric
                ents = _roomy(theme, _entities(theme, setting, coast=False, pool=MAX_ENTITIES))
            whole_set = setting.kind != "country" and len(ents) == len(setting.entities) >= 5
            if len(ents) >= MIN_ENTITIES or whole_set:
                out.append(_Pair(theme, setting, ents))
    titles = [p.title for p in out]
    twice = sorted({t for t in titles if titles.count(t) > 1})
    if twice:
        raise TopicSpaceError(f"two (theme, setting) pairs give the title {twice[0]!r}")
    return tuple(out)


def space_size() -> int:
    return len(pairs())


def domains() -> tuple[str, ...]:
    return tuple(sorted({t["domain"] for t in themes()}))


def _run_order(seed: int) -> np.ndarray:
    digest = hashlib.sha256(f"topic-space\x1f{seed}".encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "big")).permutation(space_size())


@functools.cache
def _order(seed: int) -> tuple[int, ...]:
    return tuple(int(i) for i in _run_order(seed))


def topic_for(seed: int, index: int) -> Topic:
    """The topic of document ``index`` of a run with ``seed``: no title repeats within the
    first :func:`space_size` documents; its period is the report's own (:func:`period_for`)."""
    order = _order(seed)
    i = order[index % len(order)]
    return compose(i, period_for(seed, index, pairs()[i].theme))


def period_for(seed: int, index: int, theme: dict[str, Any]) -> tuple[int, int]:
    """The (first, last) year of document ``index``, drawn from the report's own stream: the
    last year uniformly in :data:`LAST_YEARS`, the length uniformly in :data:`WINDOW_YEARS`
    (first year no earlier than :data:`EARLIEST_YEAR`). A theme whose premise is a shock holds
    every year of it and :data:`YEARS_BEFORE_SHOCK` years before it."""
    rng = stage_rng(seed, "world.period", doc_id_for(seed, index))
    shock = sorted({y for r in [*theme["metrics"], theme["mix"]["metric"]] for y in r.get("shock", {})})
    last_low = max(LAST_YEARS[0], shock[-1] if shock else LAST_YEARS[0])
    last = int(rng.integers(last_low, LAST_YEARS[1] + 1))
    longest = min(WINDOW_YEARS[1], last - EARLIEST_YEAR + 1)
    shortest = max(WINDOW_YEARS[0], last - shock[0] + YEARS_BEFORE_SHOCK + 1 if shock else 0)
    years = int(rng.integers(shortest, max(shortest, longest) + 1))
    return last - years + 1, last


@functools.cache
def compose(i: int, period: tuple[int, int]) -> Topic:
    """The topic of pair ``i`` of :func:`pairs` over ``period``."""
    pair = pairs()[i]
    theme, setting, ents = pair.theme, pair.setting, pair.entities
    # a metric that exists for too little of the period (5G coverage before 2019) is left out
    records = [r for r in theme["metrics"] if r.get("since", period[0]) <= period[1] - MIN_SINCE_YEARS + 1]
    # nor is a metric or a mix part that needs a sea coast when a country has none (too few coasts
    # to leave it out: coastal shipping in the inland freight of the Visegrad states)
    landlocked = any(LANDLOCKED in e.tags for e in ents)
    records = [r for r in records if not (r.get("coast") and landlocked)]
    parts = tuple(p for p in theme["mix"]["parts"] if not (landlocked and p in coast_parts(theme)))
    composed = [compose_metric(r, ents) for r in records]
    mix_rec = theme["mix"]
    mix_metric = compose_metric(mix_rec["metric"], ents)
    key = f"{theme['key']}@{setting.key}@{period[0]}-{period[1]}"
    topic = Topic(
        key=key,
        title=pair.title,
        phrase=_fill(theme["phrase"], setting),
        domain=theme["domain"],
        entity_kind=setting.kind,
        entity_kind_plural=setting.plural,
        entities=tuple(e.name for e in ents),
        actors=tuple(theme["actors"]),
        metrics=tuple(c.metric for c in composed),
        mix=Mix(mix_rec["name"], mix_rec["part_kind"], parts, mix_metric.metric),
        years=period,
        events=tuple(theme["events"]),
        after_shock=tuple(theme.get("after_shock", ())),
        subjects=tuple(theme["subjects"]),
        concepts=tuple(theme["concepts"]),
        # a driver that presupposes the shock ("pent-up travel demand") is no undated cause
        drivers=tuple(d for d in theme["drivers"] if d not in theme.get("after_shock", ())),
        risks=tuple(theme["risks"]),
        sources=tuple(theme["sources"]),
        funnel=Funnel(
            theme["funnel"]["noun"],
            theme["funnel"]["unit"],
            theme["funnel"].get("scale", ""),
            tuple(theme["funnel"]["stages"]),
        ),
    )
    all_composed = [*(compose_metric(r, ents) for r in theme["metrics"]), mix_metric]
    records = [*theme["metrics"], mix_rec["metric"]]
    _LIMITS[key.rsplit("@", 1)[0] + "@"] = Limits(
        ranges={c.metric.name: c.ranges for c in all_composed},
        caps={c.metric.name: c.cap for c in all_composed if c.cap is not None},
        attributes={e.name: {"population": e.population, "area": e.area, "size": e.size} for e in ents},
        mix_metric=mix_metric.metric.name,
        parts=parts,
        bands={c.metric.name: c.bands for c in all_composed},
        of_population={r["name"]: r["of_population"] for r in records if "of_population" in r},
    )
    return topic


_LIMITS: dict[str, Limits] = {}


def limits_of(topic: Topic) -> Limits | None:
    """The plausibility limits of a composed topic; ``None`` for a topic of the fixed bank."""
    if topic.key not in _LIMITS and topic.key.count("@") == 2:
        topic_by_title(topic.title)
    return _LIMITS.get(topic.key.rsplit("@", 1)[0] + "@")


@functools.cache
def _by_title() -> dict[str, int]:
    return {p.title: i for i, p in enumerate(pairs())}


def topic_by_title(title: str, years: tuple[int, int] = PERIODS[-1]) -> Topic | None:
    """The composed topic with ``title`` (a manifest's ``topic``), or ``None``; limits do not
    depend on the period, and the latest period (the default) holds every metric of the theme
    (one with a first year is left out of a period that holds too few of its years)."""
    i = _by_title().get(title)
    return None if i is None else compose(i, years)
