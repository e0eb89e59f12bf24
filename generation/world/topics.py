"""The built-in topic bank: subjects, metrics, entities and vocabulary the content stage draws on.

Every topic carries everything the offline generator needs to write a plausible report:
metrics with units and typical ranges, a composition ("mix") for share charts, the
entities a chart compares, the institutions that act and react in the prose, event
phrases for timelines, and topic words for the sentence templates; each topic also has its
own pipeline for a funnel chart. Metric ranges stay below 1,000 (a scale word such as
"billion" carries the magnitude) so numbers are written without thousands separators, and
units contain no digits.

The bank is package data, ``generation/world/data/topics.json`` (``topics``: one record per topic
in the order the generator draws from; ``funnels``: topic key -> pipeline), read once on
first use with :mod:`importlib.resources`. A metric record gives ``name``, ``unit``, ``low``
and ``high`` (whole numbers stay whole), and ``decimals`` (default 1), ``scale`` (default
none) and ``kind`` (default: :func:`infer_kind`) where they differ. A file that does not
fit raises :class:`TopicBankError` with one line naming the field.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from synthdocbench_tasks.schema import MetricKind

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

DOMAINS: tuple[str, ...] = (
    "geopolitics",
    "economics",
    "environmental science",
    "technology",
    "health",
    "energy",
    "society",
    "agriculture",
    "transport",
    "education",
    "finance",
    "tourism",
    "public finance",
    "labour",
    "business",
    "industry",
    "consumer markets",
    "public policy",
)


@dataclass(frozen=True)
class Metric:
    """A quantity a chart, table or sentence can report."""

    name: str
    unit: str
    low: float
    high: float
    decimals: int = 1
    #: Magnitude word written before the unit, e.g. "billion" in "billion USD".
    scale: str = ""
    #: What the metric measures (:data:`~synthdocbench_tasks.schema.MetricKind`); inferred
    #: from the name and unit by :func:`infer_kind` when not given.
    kind: MetricKind = field(default="level")
    kind_given: bool = field(default=False, repr=False, compare=False)
    #: A stock stands at each date (installed capacity, people without sanitation): its values
    #: add up across entities but not over years, unlike a flow (investment, exports).
    stock: bool = field(default=False, repr=False)  # out of repr: the bank's records predate it
    #: The metric's known real direction over the years (the theme's ``trend``): "up" (5G
    #: coverage, download speeds), "down" (battery prices) or "any"; its series moves that way.
    trend: Literal["up", "down", "any"] = field(default="any", repr=False)
    #: The first year the metric exists (the theme's ``since``: 5G coverage from 2019); no chart
    #: draws it earlier.
    since: int | None = field(default=None, repr=False)
    #: The shock the theme's premise names (its ``shock``): (year, factor of the trend) pairs,
    #: tourist arrivals at 0.3 of their trend in 2020; each entity's series takes them.
    shock: tuple[tuple[int, float], ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        if not self.kind_given:
            object.__setattr__(self, "kind", infer_kind(self.name, self.unit, self.decimals))

    @property
    def unit_label(self) -> str:
        return f"{self.scale} {self.unit}".strip()

    def exists(self, year: str | int) -> bool:
        """True when the metric exists in ``year`` (from its ``since`` on)."""
        return self.since is None or int(year) >= self.since


#: Words that make a percentage a rate (a ratio per period or a rate of use), not a share of a whole.
_RATE_WORDS = ("growth", "inflation", "rate", "yield", "tariff", "factor", "gain", "ratio")
#: Units of whole things: a metric in one of them is a count.
_COUNT_UNITS = frozenset({"incidents", "voyages", "points", "dwellings", "people", "wafers", "requests"})


def infer_kind(name: str, unit: str, decimals: int) -> MetricKind:
    """The kind of a metric from its name and unit: ``%`` is a share unless the name says rate or
    growth; ``index points`` and scores are indices; per-population ratios are rates; whole
    things (incidents, dwellings, days counted whole) are counts; anything else is a level."""
    low = name.lower()
    if unit == "%":
        return "rate" if any(w in low for w in _RATE_WORDS) else "share"
    if unit == "index points" or "score" in low:
        return "index"
    if "per hundred" in unit or "per thousand" in low:
        return "rate"
    if unit in _COUNT_UNITS or (unit == "days" and decimals == 0):
        return "count"
    return "level"


@dataclass(frozen=True)
class Mix:
    """A whole split into parts (electricity by source, spending by item) for share charts."""

    name: str
    part_kind: str
    parts: tuple[str, ...]
    metric: Metric

    @property
    def whole(self) -> str:
        """The whole without its split: "sales" for "sales by channel"."""
        return self.name.removesuffix(f" by {self.part_kind}")

    @property
    def by_parts(self) -> str:
        """The whole split by its part kind, each said once: "sales by channel", "land cover by
        type" (for parts of kind "land cover type")."""
        return f"{self.whole} by {self.part_kind.removeprefix(self.whole + ' ')}"


@dataclass(frozen=True)
class Topic:
    key: str
    title: str
    #: Short noun phrase used inside sentences ("the energy transition in Southeast Asia").
    phrase: str
    domain: str
    entity_kind: str
    entity_kind_plural: str
    entities: tuple[str, ...]
    actors: tuple[str, ...]
    metrics: tuple[Metric, ...]
    mix: Mix
    years: tuple[int, int]
    events: tuple[str, ...]
    subjects: tuple[str, ...]
    concepts: tuple[str, ...]
    drivers: tuple[str, ...]
    risks: tuple[str, ...]
    sources: tuple[str, ...]
    #: The topic's own pipeline for a funnel chart when it carries one (composed topics of
    #: :mod:`generation.world.space`); bank topics look theirs up in the bank file.
    funnel: Funnel | None = field(default=None, repr=False)
    #: Events that answer the shock of the topic's premise (the theme's ``after_shock``:
    #: "reopened borders to leisure travellers"): dated only after its first year; and causes
    #: that presuppose it ("pent-up travel demand"), which :attr:`drivers` leaves out.
    after_shock: tuple[str, ...] = field(default=(), repr=False)


def shock_year(topic: Topic) -> int | None:
    """The first year of the shock the topic's premise names (its metrics' ``shock``), if any."""
    return min((y for m in (*topic.metrics, topic.mix.metric) for y, _ in m.shock), default=None)


def may_happen(topic: Topic, event: str, year: str) -> bool:
    """False for an event that answers the topic's shock dated in or before the shock's first
    year (borders reopened before they closed), or in a topic without the shock."""
    first = shock_year(topic)
    return event not in topic.after_shock or (first is not None and int(year) > first)


def events_for_years(topic: Topic, events: list[str], years: list[str]) -> list[str]:
    """``events`` in an order whose k-th event may happen in ``years[k]`` (:func:`may_happen`),
    each year taking the first that may, the rest after in their order: an order without an
    event that answers a shock stays as it is."""
    left, out = list(events), []
    for year in years:
        pick = next((e for e in left if may_happen(topic, e, year)), None)
        if pick is None:
            break
        left.remove(pick)
        out.append(pick)
    return out + left


#: Topic-conditioned archetype preference (Appendix L.2); weights need not sum to one.
ARCHETYPE_PREFERENCE: dict[str, dict[str, float]] = {
    "geopolitics": {
        "editorial": 0.35,
        "magazine": 0.25,
        "academic": 0.2,
        "brutalist": 0.1,
        "infographic": 0.05,
        "dashboard": 0.05,
    },
    "economics": {
        "dashboard": 0.35,
        "academic": 0.25,
        "editorial": 0.15,
        "infographic": 0.1,
        "magazine": 0.1,
        "brutalist": 0.05,
    },
    "environmental science": {
        "infographic": 0.3,
        "academic": 0.3,
        "magazine": 0.2,
        "editorial": 0.1,
        "dashboard": 0.05,
        "brutalist": 0.05,
    },
    "technology": {
        "dashboard": 0.3,
        "brutalist": 0.25,
        "magazine": 0.2,
        "infographic": 0.15,
        "academic": 0.05,
        "editorial": 0.05,
    },
    "health": {
        "academic": 0.4,
        "infographic": 0.2,
        "dashboard": 0.15,
        "editorial": 0.15,
        "magazine": 0.05,
        "brutalist": 0.05,
    },
    "energy": {
        "dashboard": 0.3,
        "infographic": 0.3,
        "academic": 0.15,
        "magazine": 0.15,
        "editorial": 0.05,
        "brutalist": 0.05,
    },
    "society": {
        "editorial": 0.3,
        "magazine": 0.3,
        "infographic": 0.15,
        "brutalist": 0.1,
        "academic": 0.1,
        "dashboard": 0.05,
    },
}
#: Domains of the topic space beyond the bank's share the preference of a domain like them.
_PREFERENCE_LIKE: dict[str, str] = {
    "agriculture": "environmental science",
    "transport": "energy",
    "education": "health",
    "finance": "economics",
    "tourism": "society",
    "public finance": "economics",
    "labour": "society",
    "business": "technology",
    "industry": "energy",
    "consumer markets": "technology",
    "public policy": "geopolitics",
}
ARCHETYPE_PREFERENCE.update({d: ARCHETYPE_PREFERENCE[like] for d, like in _PREFERENCE_LIKE.items()})

#: Probability that the archetype follows the topic's preference rather than a uniform draw.
TOPIC_CONDITIONED_PROBABILITY = 0.6


#: Names that take a definite article inside a sentence ("in the Philippines").
_WITH_ARTICLE = frozenset(
    {
        "Philippines",
        "United States",
        "United Kingdom",
        "Netherlands",
        "European Union",
        "Great Barrier Reef",
        "Coral Triangle",
        "Andaman Sea",
        "Red Sea",
        "Maldives",
        "Chagos",
        "Czech Republic",
        "Dominican Republic",
        "Central African Republic",
        "United Arab Emirates",
        "Bahamas",
        "Gambia",
        "Solomon Islands",
        "Marshall Islands",
        "Middle East",
        "Americas",
    }
)


@functools.cache
def _bare_name(names: frozenset[str]) -> re.Pattern[str]:
    """Any of ``names`` where it stands without its article."""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(r"(?<![Tt]he )(?<![\w'])(" + alternatives + r")\b")


def with_article(name: str) -> str:
    """``name`` as it reads inside a sentence: ``the Philippines``, ``Chile``."""
    return f"the {name}" if name in _WITH_ARTICLE else name


def articled(text: str, also: tuple[str, ...] = ()) -> str:
    """``text`` with "the" put before every name that takes one and stands without it ("what
    does the chart give for the United Kingdom?"), "The" where the name opens a sentence;
    ``also``: the report's own such names (its rivers: "the Danube", never "Danube rose")."""

    def article(match: re.Match[str]) -> str:
        before = text[: match.start()].rstrip()
        return ("The " if not before or before[-1] in ".!?" else "the ") + match.group(1)

    return _bare_name(_WITH_ARTICLE | frozenset(also)).sub(article, text)


def named_with_article(topic: Topic) -> tuple[str, ...]:
    """The topic's entities that take "the" in running text (rivers: "the Nile")."""
    return tuple(topic.entities) if topic.entity_kind == "basin" else ()


def in_text(topic: Topic, entity: str) -> str:
    """How an entity reads inside a sentence: ``"the Philippines"``, ``"the Nile basin"``, ``"retail"``."""
    if topic.entity_kind == "basin":
        return f"the {entity} basin"
    if topic.entity_kind == "sector":
        return entity.lower()
    if topic.entity_kind == "product" and entity:  # "units sold in the market for smartphones"
        return f"the market for {entity[:1].lower() + entity[1:] if entity[1:2].islower() else entity}"
    if topic.entity_kind == "programme":
        return f"the {entity} programme"
    if topic.entity_kind == "age group":  # reads after "in" as well as on its own
        return f"the {entity.lower()} age group"
    return with_article(entity)


def all_topics() -> tuple[Topic, ...]:
    return _bank().topics


def topic_by_key(key: str) -> Topic:
    topics = all_topics()
    for topic in topics:
        if topic.key == key:
            return topic
    known = ", ".join(t.key for t in topics)
    raise KeyError(f"unknown topic {key!r}; choose one of {known}")


def choose_topic(rng: np.random.Generator) -> Topic:
    topics = all_topics()
    return topics[int(rng.integers(len(topics)))]


def choose_archetype(rng: np.random.Generator, domain: str, allowed: list[str]) -> str:
    """Topic-conditioned with probability 0.6, else uniform; always one of ``allowed``."""
    if not allowed:
        raise ValueError("no archetypes to choose from; set config.archetypes to at least one archetype")
    conditioned = rng.random() < TOPIC_CONDITIONED_PROBABILITY
    preference = ARCHETYPE_PREFERENCE.get(domain, {})
    weights = np.array([preference.get(a, 0.0) for a in allowed], dtype=float)
    if conditioned and weights.sum() > 0:
        return allowed[int(rng.choice(len(allowed), p=weights / weights.sum()))]
    return allowed[int(rng.integers(len(allowed)))]


@dataclass(frozen=True)
class Funnel:
    """A pipeline of the topic that things pass through stage by stage (a funnel chart)."""

    #: What moves through it ("grid connection requests") and its unit ("requests").
    noun: str
    unit: str
    scale: str
    stages: tuple[str, ...]


def funnel_of(topic: Topic) -> Funnel:
    """The topic's own pipeline for a funnel chart."""
    funnel = topic.funnel or _bank().funnels.get(topic.key)
    if funnel is None:
        raise KeyError(
            f"topic {topic.key!r} has no funnel in generation/data/{DATA_FILE}; add one to 'funnels'"
        )
    return funnel


# --- the data file ---------------------------------------------------------------------------

DATA_FILE = "topics.json"


class TopicBankError(ValueError):
    """The topic bank file cannot be used: one line naming the file, the field and what to do."""


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _MetricRecord(_Record):
    name: str = Field(min_length=1)
    unit: str
    low: int | float
    high: int | float
    decimals: int = Field(default=1, ge=0)
    scale: str = ""
    kind: MetricKind | None = None

    def build(self) -> Metric:
        base = Metric(self.name, self.unit, self.low, self.high, self.decimals, self.scale)
        if self.kind is None:
            return base
        return Metric(self.name, self.unit, self.low, self.high, self.decimals, self.scale, self.kind, True)


class _MixRecord(_Record):
    name: str
    part_kind: str
    parts: list[str] = Field(min_length=2)
    metric: _MetricRecord


class _TopicRecord(_Record):
    key: str = Field(min_length=1)
    title: str
    phrase: str
    domain: str
    entity_kind: str
    entity_kind_plural: str
    entities: list[str] = Field(min_length=2)
    actors: list[str] = Field(min_length=1)
    metrics: list[_MetricRecord] = Field(min_length=1)
    mix: _MixRecord
    years: list[int] = Field(min_length=2, max_length=2)
    events: list[str]
    subjects: list[str]
    concepts: list[str]
    drivers: list[str]
    risks: list[str]
    sources: list[str]

    def build(self) -> Topic:
        mix = self.mix
        return Topic(
            key=self.key,
            title=self.title,
            phrase=self.phrase,
            domain=self.domain,
            entity_kind=self.entity_kind,
            entity_kind_plural=self.entity_kind_plural,
            entities=tuple(self.entities),
            actors=tuple(self.actors),
            metrics=tuple(m.build() for m in self.metrics),
            mix=Mix(mix.name, mix.part_kind, tuple(mix.parts), mix.metric.build()),
            years=(self.years[0], self.years[1]),
            events=tuple(self.events),
            subjects=tuple(self.subjects),
            concepts=tuple(self.concepts),
            drivers=tuple(self.drivers),
            risks=tuple(self.risks),
            sources=tuple(self.sources),
        )


class _FunnelRecord(_Record):
    noun: str
    unit: str
    scale: str = ""
    stages: list[str] = Field(min_length=2)


class _BankRecord(_Record):
    topics: list[_TopicRecord] = Field(min_length=1)
    funnels: dict[str, _FunnelRecord]

    @model_validator(mode="after")
    def _consistent(self) -> _BankRecord:
        keys = [t.key for t in self.topics]
        twice = sorted({k for k in keys if keys.count(k) > 1})
        if twice:
            raise ValueError(f"topic key {twice[0]!r} is used more than once")
        for t in self.topics:
            if t.domain not in DOMAINS:
                raise ValueError(
                    f"topic {t.key!r} has domain {t.domain!r}; expected one of {', '.join(DOMAINS)}"
                )
            if t.key not in self.funnels:
                raise ValueError(f"topic {t.key!r} has no entry in 'funnels'")
        return self


@dataclass(frozen=True)
class TopicBank:
    """The topics in drawing order and each topic's funnel."""

    topics: tuple[Topic, ...]
    funnels: dict[str, Funnel]


def load_bank(source: Traversable | Path) -> TopicBank:
    """Read a topic bank file (see the module docstring); :class:`TopicBankError` if it does not fit."""
    fix = "fix the file or reinstall synthdocbench"
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TopicBankError(f"{source}: cannot be read ({exc}); {fix}") from None
    try:
        record = _BankRecord.model_validate_json(text)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(part) for part in err["loc"])
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        raise TopicBankError(f"{source}: {where + ': ' if where else ''}{err['msg']}{more}; {fix}") from None
    funnels = {k: Funnel(f.noun, f.unit, f.scale, tuple(f.stages)) for k, f in record.funnels.items()}
    return TopicBank(tuple(t.build() for t in record.topics), funnels)


@functools.cache
def _bank() -> TopicBank:
    """The packaged bank, read on first use."""
    return load_bank(resources.files("generation.world") / "data" / DATA_FILE)
