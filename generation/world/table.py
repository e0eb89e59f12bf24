"""The report's fact table: one value per (metric, entity, period[, part of a mix]).

Every chart, table, metric card and prose figure of a document reads its numbers here, so
the same metric, entity and year shows the same value everywhere in the report.

Each (metric, entity[, part]) has a latent yearly series drawn from its own stream
(``stage_rng(seed, "world.series", doc_id, metric, entity, part)``), so a series does not
depend on which chart asks for it first: a trend from a start to an end value (geometric
for levels and counts, linear for rates, shares and indices), bent by a random shape, plus
bounded noise, clipped to the metric's range. The trend goes the metric's known way (a theme's
``trend``: up for 5G coverage, down for battery prices); without one it rises 60% of the time,
and :data:`FLAT_SHARE` of the series stay flat. :data:`TURN_SHARE` of the others turn in
interior years: a cycle on their trend (peaks and troughs inside a chart's years), for a metric of
known direction a small one that keeps its way over any four years. A metric with a first year
(``since``) has no value before it. A value is fixed the first time the report shows it:
rounded to the metric's decimals and, when that number string is already taken by another fact,
moved to the nearest free one (a step or two of the last decimal), so two different facts
never print the same number (see :mod:`generation.world.numbers`).

A topic of the topic space (:mod:`generation.world.space`) bounds each series by its entity's
own range (extensive metrics scale with the entity), and a part of its mix is a drifting
fraction of the entity's whole (``stage_rng(seed, "world.mix", ...)``), so parts never exceed
their whole. Shares of a mix are the parts' values over their sum, in tenths that add up to exactly 100.
Values a chart derives (a change between two years) are recorded with :meth:`FactTable.record`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from generation.plan.rng import stage_rng
from generation.world.numbers import NumberRegistry, NumberSpaceExhaustedError, value_text
from generation.world.ranges import SCALE_FACTOR, SHOCK_SPREAD, shock_reach
from generation.world.space import Limits, limits_of
from generation.world.topics import Metric, Topic
from synthdocbench_tasks.schema import World, WorldFact, WorldMetric

#: (metric name, entity, period, part); part is "" outside a mix.
Key = tuple[str, str, str, str]

#: Fewest distinct number strings a metric's range must hold at its decimals; a metric with
#: fewer gets one more decimal (counts of whole things excepted), so facts rarely need nudging.
MIN_NUMBER_SPACE = 300
#: Bounded noise around the trend: relative for levels and counts, a share of the range otherwise.
RELATIVE_NOISE = 0.02
ABSOLUTE_NOISE = 0.012
#: Share of the series of a metric without a known direction that stay flat: the trend moves at
#: most FLAT_MOVE of its start over the years (within a trend question's 4% flat band, noise aside).
#: A quarter, so that "broadly flat" is as common an answer to a direction question as a rise or
#: a fall (questions take the three in turn, ``chart_trend.trend_pattern``).
FLAT_SHARE = 0.25
FLAT_MOVE = 0.01
#: A flat series' noise, relative for every kind (a share's absolute noise would not stay flat).
FLAT_NOISE = 0.006
#: Largest printed step (one unit of the last decimal) of a flat series, relative to its level.
FLAT_STEP = 0.004
#: Share of the moving series of five or more years that turn in interior years (:func:`_turning_path`):
#: without it nearly every series ran one way from its first year to its last (1524 of 2490
#: strictly monotone, seed 2411), so a peak or an extreme was a chart's first or last year and a
#: text event's year decided nothing. Real series have turning points (a boom and its bust, a
#: recession's dip); two in five of the series that move is a visible share that leaves most
#: series' trend readable.
TURN_SHARE = 0.4
#: A turning series' cycle: its length in years (a chart shows a run of 4 to 8 years, so most
#: show a turn) and its size as a share of the series' whole start-to-end move, for a metric
#: without a known direction and for one with (a dip that never outweighs its way, see DIP_LIMIT).
CYCLE_YEARS = (5.0, 9.0)
CYCLE_SIZE = {False: (0.12, 0.3), True: (0.04, 0.1)}
#: A series of a metric with a known direction never falls back more than DIP_LIMIT of its
#: value between two years three or more apart (it still goes its known way over any four years);
#: one whose cycle would is drawn without it.
DIP_LIMIT = 0.03
#: A part of a composed topic's mix stays below this fraction of its whole (room for rounding).
WHOLE_MARGIN = 0.92
#: A mix's parts stay between these fractions of the mix metric's maximum (visible in a stack).
PART_RANGE = (0.1, 0.5)


def world_decimals(metric: Metric) -> int:
    """Decimals the report prints ``metric`` with: its own, plus one when its range is crowded."""
    d = metric.decimals
    whole_count = metric.kind == "count" and not metric.scale
    capacity = (metric.high - metric.low) * 10**d * (0.9 if d else 1.0)
    return d + 1 if capacity < MIN_NUMBER_SPACE and not whole_count else d


def share_metric(topic: Topic) -> Metric:
    """The share of each part in the topic's mix, in %."""
    return Metric(
        name=f"share of {topic.mix.name}", unit="%", low=1, high=99, decimals=1, kind="share", kind_given=True
    )


def change_metric(metric: Metric) -> Metric:
    """The change of ``metric`` between two periods; changes of percentages are in percentage points."""
    unit = "percentage points" if metric.unit == "%" else metric.unit
    return replace(
        metric,
        name=f"change in {metric.name}",
        unit=unit,
        scale="" if unit != metric.unit else metric.scale,
        kind="rate" if metric.unit == "%" else metric.kind,
        kind_given=True,
        stock=False,  # a change between two dates is a flow, even of a stock
    )


def largest_remainder(values: list[float], total: int = 1000) -> list[int]:
    """Integers proportional to ``values`` that add up to exactly ``total``."""
    raw = np.asarray(values, dtype=float) / float(sum(values)) * total
    out = np.floor(raw).astype(int)
    for i in np.argsort(-(raw - out), kind="stable")[: total - int(out.sum())]:
        out[int(i)] += 1
    return [int(x) for x in out]


#: The share of its range a series' trend moves over the years.
MOVE = (0.2, 0.5)


def _move(rng: np.random.Generator, stratum: tuple[int, int] | None) -> float:
    """A draw in :data:`MOVE`; with ``(k, n)``, in its k-th of n equal parts (one draw either
    way), so the n entities of a report that all move one known way move by different amounts
    (measles coverage fell 17 points in every country of one report)."""
    if stratum is None:
        return float(rng.uniform(*MOVE))
    k, n = stratum
    return MOVE[0] + (MOVE[1] - MOVE[0]) * (k + float(rng.random())) / n


def _trend_ends(
    rng: np.random.Generator, trend: str, low: float, high: float, stratum: tuple[int, int] | None = None
) -> tuple[float, float]:
    """A series' start and end: a clear trend moving a fifth to a half of the range over the
    years (:func:`_move`), the way a metric of known direction moves (``trend`` "up" or "down"),
    else up 60% of the time, kept 3% inside the range."""
    span = high - low
    if trend != "any":
        move = _move(rng, stratum) * span
        if trend == "up":
            start = float(rng.uniform(low + 0.05 * span, high - 0.03 * span - move))
            return start, start + move
        start = float(rng.uniform(low + 0.03 * span + move, high - 0.05 * span))
        return start, start - move
    start = float(rng.uniform(low + 0.05 * span, high - 0.05 * span))
    sign = 1.0 if rng.random() < 0.6 else -1.0
    end = start + sign * float(rng.uniform(0.2, 0.5)) * span
    if not low + 0.03 * span <= end <= high - 0.03 * span:
        end = start - sign * float(rng.uniform(0.2, 0.5)) * span
    return start, float(np.clip(end, low + 0.03 * span, high - 0.03 * span))


def _launch_ends(
    rng: np.random.Generator, trend: str, low: float, high: float, stratum: tuple[int, int] | None = None
) -> tuple[float, float]:
    """The start and end of a metric that begins in the report's period (``since``): it starts
    3-15% of its range from the end it moves away from (5G coverage of 78% in 2019, its first
    year, was no launch) and moves a fifth to a half of the range (:func:`_move`)."""
    span = high - low
    start, move = float(rng.uniform(0.03, 0.15)) * span, _move(rng, stratum) * span
    return (low + start, low + start + move) if trend == "up" else (high - start, high - start - move)


def _turning_path(rng: np.random.Generator, n: int, directed: bool) -> np.ndarray:
    """A series' progress from its start (0) to its end (1) over ``n`` years: its power-curve
    trend plus a cycle of :data:`CYCLE_YEARS` (booms and busts, a recession's dip and its
    recovery) of :data:`CYCLE_SIZE` of the whole move, less where the metric has a known
    direction, the cycle's line from its first to its last value taken off so the ends stay."""
    t = np.linspace(0.0, 1.0, n)
    years = float(rng.uniform(*CYCLE_YEARS))
    size = float(rng.uniform(*CYCLE_SIZE[directed]))
    phase = float(rng.uniform(0.0, 2 * np.pi))
    wave = np.sin(2 * np.pi * t * (n - 1) / years + phase)
    wave -= wave[0] + (wave[-1] - wave[0]) * t
    return np.asarray(t ** float(rng.uniform(0.6, 1.6)) + size * wave)


def _holds_direction(values: np.ndarray, sign: float) -> bool:
    """Whether ``values`` never move against ``sign`` by more than :data:`DIP_LIMIT` of the
    earlier value between two years three or more apart."""
    for gap in range(3, len(values)):
        change = (values[gap:] - values[:-gap]) / np.abs(values[:-gap])
        if np.any(sign * change < -DIP_LIMIT):
            return False
    return True


@dataclass(frozen=True)
class _Snapshot:
    registry: frozenset[str]
    values: dict[Key, float]


class FactTable:
    """Entities x metrics x years of one report, materialised as the report shows them."""

    def __init__(self, topic: Topic, seed: int, doc_id: str, registry: NumberRegistry) -> None:
        self.topic = topic
        self.registry = registry
        self._seed = seed
        self._doc_id = doc_id
        base = (*topic.metrics, topic.mix.metric)
        self._metrics: dict[str, Metric] = {m.name: replace(m, decimals=world_decimals(m)) for m in base}
        self._derived: dict[str, Metric] = {}
        self._values: dict[Key, float] = {}
        self._latent: dict[tuple[str, str, str], np.ndarray] = {}
        self._flat: set[tuple[str, str, str]] = set()
        self._limits = limits_of(topic)
        first, last = topic.years
        self.years: list[str] = [str(y) for y in range(first, last + 1)]

    # --- metrics -------------------------------------------------------------------------

    def metric(self, name: str) -> Metric:
        """A metric of the table, with the decimals the report prints it with."""
        found = self._metrics.get(name) or self._derived.get(name)
        if found is None:
            raise KeyError(f"{name!r} is not a metric of {self.topic.key}")
        return found

    @property
    def metrics(self) -> list[Metric]:
        """The topic's metrics (not the mix), with report decimals, in topic order."""
        return [self._metrics[m.name] for m in self.topic.metrics]

    @property
    def mix_metric(self) -> Metric:
        return self._metrics[self.topic.mix.metric.name]

    def part_metric(self) -> Metric:
        """The mix metric limited to the range one part of the mix spans."""
        m = self.mix_metric
        lo, hi = PART_RANGE
        return replace(m, low=max(m.low, round(lo * m.high, m.decimals)), high=round(hi * m.high, m.decimals))

    # --- values --------------------------------------------------------------------------

    def bounds(self, metric: Metric, entity: str) -> tuple[float, float]:
        """The plausible range of ``metric`` for ``entity``: its own for a composed topic's
        metric (:mod:`generation.world.space`), else the metric's range."""
        ranges = self._limits.ranges.get(metric.name, {}) if self._limits else {}
        return ranges.get(entity, (metric.low, metric.high))

    def band(self, metric: Metric, entity: str) -> tuple[float, float]:
        """Where a series of ``metric`` for ``entity`` is drawn: its plausible band, inside
        :meth:`bounds` (which widens a narrow band only so its values can all print differently)."""
        bands = self._limits.bands.get(metric.name, {}) if self._limits else {}
        return bands.get(entity) or self.bounds(metric, entity)

    def _mix_weights(self, entity: str) -> np.ndarray:
        """Each part's fraction of the whole per year (rows: parts, columns: years), summing to 1."""
        parts = self.topic.mix.parts
        rng = stage_rng(self._seed, "world.mix", self._doc_id, self.mix_metric.name, entity)
        start = rng.uniform(0.4, 1.6, len(parts))
        end = start * rng.uniform(0.7, 1.4, len(parts))
        raw = start[:, None] + (end - start)[:, None] * np.linspace(0.0, 1.0, len(self.years))[None, :]
        return np.asarray(raw / raw.sum(axis=0, keepdims=True))

    def _series(self, metric: Metric, entity: str, part: str) -> np.ndarray:
        key = (metric.name, entity, part)
        if key not in self._latent and part and self._limits is not None:
            # A part of a composed topic's mix is a fraction of its entity's whole.
            whole = self._series(self.mix_metric, entity, "")
            weight = self._mix_weights(entity)[self.topic.mix.parts.index(part)]
            self._latent[key] = whole * weight
        limits = self._limits
        rate = limits.of_population.get(metric.name, "") if limits is not None and not part else ""
        if key not in self._latent and limits is not None and rate in self._metrics:
            self._latent[key] = self._of_population(metric, entity, rate, limits)
        if key not in self._latent:
            rng = stage_rng(self._seed, "world.series", self._doc_id, metric.name, entity, part)
            low, high = (metric.low, metric.high) if part else self.band(metric, entity)
            span = high - low
            n = len(self.years)
            stratum = self._stratum(metric, entity, part)
            start, end = _trend_ends(rng, metric.trend, low, high, stratum)
            launch = self._launch(metric)
            if launch is not None:
                start, end = _launch_ends(rng, metric.trend, low, high, stratum)
            # the mix's whole and parts keep a clear trend: a part of a flat whole drifts by its weight
            mixed = bool(part) or metric.name == self.mix_metric.name
            # and a flat series needs a printed step well below its level (rounding would tilt it)
            fine = 10.0**-metric.decimals <= FLAT_STEP * start
            flat = (
                metric.trend == "any"
                and not (mixed or metric.shock)
                and fine
                and self._drawn_flat(metric.name, entity, part)
            )
            if flat:
                self._flat.add(key)
                end = start * (1 + float(rng.uniform(-FLAT_MOVE, FLAT_MOVE)))
            before = launch or 0
            progress = np.clip((np.arange(n) - before) / max(n - 1 - before, 1), 0.0, 1.0)
            shape = progress ** float(rng.uniform(0.6, 1.6))
            noisy = self._path(rng, metric, (start, end), shape, flat, span)
            if not flat and n >= 5 and launch is None and not metric.shock:
                noisy = self._turned(key, metric, (start, end), noisy, (low, high))
            down, up = shock_reach(metric.shock)
            self._latent[key] = np.clip(noisy * self._shock(metric, key), low * down, high * up)
        return self._latent[key]

    def _stratum(self, metric: Metric, entity: str, part: str) -> tuple[int, int] | None:
        """(k, n): the part of :data:`MOVE` the entity's series of a metric of known direction
        moves by, one of n for the topic's n entities in an order drawn per metric; None for
        other series (a metric without a direction already moves either way)."""
        if part or metric.trend == "any" or entity not in self.topic.entities:
            return None
        n = len(self.topic.entities)
        order = stage_rng(self._seed, "world.strata", self._doc_id, metric.name).permutation(n)
        return int(order[self.topic.entities.index(entity)]), n

    def _shock(self, metric: Metric, key: tuple[str, str, str]) -> np.ndarray:
        """Per year, the factor of its trend the theme's shock puts a series at (1 outside the
        shock's years): the theme's factor to a power drawn per series in :data:`SHOCK_SPREAD`
        (from a stream of its own), so the entities of one report take one shock to different
        depths."""
        factors = np.ones(len(self.years))
        if metric.shock:
            power = float(stage_rng(self._seed, "world.shock", self._doc_id, *key).uniform(*SHOCK_SPREAD))
            for year, factor in metric.shock:
                if str(year) in self.years:
                    factors[self.years.index(str(year))] = factor**power
        return factors

    def _launch(self, metric: Metric) -> int | None:
        """How many of the report's years come before ``metric`` begins (a theme's ``since`` and
        a known direction: 5G coverage from 2019), 0 when the report starts that year; ``None``
        for a metric that exists all along or begins before the report."""
        if metric.since is None or metric.trend == "any" or str(metric.since) not in self.years:
            return None
        return self.years.index(str(metric.since))

    def _of_population(self, metric: Metric, entity: str, rate: str, limits: Limits) -> np.ndarray:
        """A count that is ``rate`` of its entity's population (a theme's ``of_population``):
        the report's series of that rate times the entity's people, so the employed people of an
        age group agree with its employment rate (flat when the rate is)."""
        share = self._series(self._metrics[rate], entity, "")
        if (rate, entity, "") in self._flat:
            self._flat.add((metric.name, entity, ""))
        people = limits.attributes[entity]["population"] / SCALE_FACTOR[metric.scale]
        return np.clip(share / 100 * people, *self.bounds(metric, entity))

    @staticmethod
    def _path(
        rng: np.random.Generator,
        metric: Metric,
        ends: tuple[float, float],
        shape: np.ndarray,
        flat: bool,
        span: float,
    ) -> np.ndarray:
        """The series from ``ends[0]`` to ``ends[1]`` along ``shape`` (0 to 1), with its noise."""
        start, end = ends
        n = len(shape)
        if flat or metric.kind in ("level", "count", "intensive"):  # positive magnitudes move by factors
            noise = FLAT_NOISE if flat else RELATIVE_NOISE
            return np.asarray(start * (end / start) ** shape * (1 + rng.uniform(-noise, noise, n)))
        trend = start + (end - start) * shape
        return np.asarray(trend + rng.uniform(-ABSOLUTE_NOISE, ABSOLUTE_NOISE, n) * span)

    def _turned(
        self,
        key: tuple[str, str, str],
        metric: Metric,
        ends: tuple[float, float],
        drawn: np.ndarray,
        bounds: tuple[float, float],
    ) -> np.ndarray:
        """``drawn``, or for :data:`TURN_SHARE` of the series one that turns in interior years
        (:func:`_turning_path`, from a stream of its own so the other draws keep theirs) that
        stays 3% inside ``bounds`` and, with a known direction, holds it (:func:`_holds_direction`)."""
        rng = stage_rng(self._seed, "world.turn", self._doc_id, *key)
        if rng.random() >= TURN_SHARE:
            return drawn
        directed = metric.trend != "any"
        low, high = bounds
        turned = self._path(rng, metric, ends, _turning_path(rng, len(drawn), directed), False, high - low)
        margin = 0.03 * (high - low)
        if not (low + margin <= turned.min() and turned.max() <= high - margin):
            return drawn
        if directed and not _holds_direction(turned, 1.0 if metric.trend == "up" else -1.0):
            return drawn
        return turned

    def years_of(self, metric_name: str) -> list[str]:
        """The report's years in which ``metric_name`` exists (from its ``since`` on)."""
        metric = self.metric(metric_name)
        return [y for y in self.years if metric.exists(y)]

    def topic_of(self, metric: Metric) -> Topic:
        """The topic over the years ``metric`` exists in: what a chart of it draws its years from."""
        first, last = self.topic.years
        if metric.since is None or metric.since <= first:
            return self.topic
        return replace(self.topic, years=(metric.since, last))

    def is_flat(self, metric_name: str, entity: str, part: str = "") -> bool:
        """Whether the (already drawn) series of (metric, entity[, part]) was drawn flat."""
        return (metric_name, entity, part) in self._flat

    def _drawn_flat(self, metric_name: str, entity: str, part: str) -> bool:
        """Whether a series of a metric without a known direction stays flat (drawn from a stream
        of its own, so the other series keep theirs)."""
        rng = stage_rng(self._seed, "world.flat", self._doc_id, metric_name, entity, part)
        return bool(rng.random() < FLAT_SHARE)

    def value(self, metric_name: str, entity: str, year: str, part: str = "") -> float:
        """The value the report shows for (metric, entity, year[, part]), fixed on first use;
        a year before the metric exists raises :class:`NumberSpaceExhaustedError` (no such fact)."""
        key: Key = (metric_name, entity, year, part)
        if key in self._values:
            return self._values[key]
        metric = self.part_metric() if part else self.metric(metric_name)
        if not metric.exists(year):
            raise NumberSpaceExhaustedError(f"{metric_name} does not exist before {metric.since}")
        if year not in self.years:
            raise KeyError(f"{year} is outside {self.topic.key}'s years {self.years[0]}-{self.years[-1]}")
        latent = float(self._series(metric, entity, part)[self.years.index(year)])
        low, high = (metric.low, metric.high) if part else self.bounds(metric, entity)
        if part and self._limits is not None:
            whole = float(self._series(self.mix_metric, entity, "")[self.years.index(year)])
            low, high = 10.0**-metric.decimals, WHOLE_MARGIN * whole
        value = self.registry.nearest(latent, metric.decimals, low, high)
        self._values[key] = value
        return value

    def preview(self, metric_name: str, entity: str, years: list[str], part: str = "") -> list[float]:
        """The latent (unrounded) values, to choose what to show without fixing anything."""
        metric = self.part_metric() if part else self.metric(metric_name)
        latent = self._series(metric, entity, part)
        return [float(latent[self.years.index(y)]) for y in years]

    def series(self, metric_name: str, entity: str, years: list[str], part: str = "") -> list[float]:
        return [self.value(metric_name, entity, y, part) for y in years]

    def shares(self, entity: str, year: str) -> dict[str, float]:
        """Every part's share of the mix for one entity and year (tenths of a %, summing to 100)."""
        parts = list(self.topic.mix.parts)
        values = [self.value(self.mix_metric.name, entity, year, p) for p in parts]
        tenths = largest_remainder(values)
        metric = share_metric(self.topic)
        out = {}
        for part, t in zip(parts, tenths, strict=True):
            out[part] = self.record(metric, entity, year, t / 10, part)
        return out

    def change(self, metric_name: str, entity: str, y0: str, y1: str, period: str | None = None) -> float:
        """``value(y1) - value(y0)``, recorded as the change metric's fact for the period."""
        metric = self.metric(metric_name)
        diff = round(
            self.value(metric_name, entity, y1) - self.value(metric_name, entity, y0), metric.decimals
        )
        return self.record(change_metric(metric), entity, period or f"{y0}–{y1}", diff)

    def record(self, metric: Metric, entity: str, period: str, value: float, part: str = "") -> float:
        """Record a value a chart derives from the table; its number string is reserved."""
        key: Key = (metric.name, entity, period, part)
        if key in self._values:
            if self._values[key] != value:
                raise ValueError(f"{key} is already {self._values[key]}, not {value}")
            return value
        if metric.name not in self._metrics:
            self._derived.setdefault(metric.name, metric)
        self.registry.reserve(value_text(abs(value), metric.decimals))
        self._values[key] = value
        return value

    def free(self, metric_name: str, entity: str, year: str) -> bool:
        """True when the report has not shown (metric, entity, year) yet."""
        return (metric_name, entity, year, "") not in self._values

    # --- transactions --------------------------------------------------------------------

    def snapshot(self) -> _Snapshot:
        return _Snapshot(self.registry.snapshot(), dict(self._values))

    def restore(self, snapshot: _Snapshot) -> None:
        """Forget every value fixed since ``snapshot`` (a chart build that was abandoned)."""
        self.registry.restore(snapshot.registry)
        self._values = dict(snapshot.values)

    # --- export --------------------------------------------------------------------------

    def as_world(self) -> World:
        """The table as the manifest records it: its metrics and every value the report fixed."""
        metrics = [*self._metrics.values(), *self._derived.values()]
        return World(
            metrics=[
                WorldMetric(name=m.name, unit=m.unit_label, kind=m.kind, decimals=m.decimals, stock=m.stock)
                for m in metrics
            ],
            facts=[
                WorldFact(metric=k[0], entity=k[1], period=k[2], part=k[3], value=v)
                for k, v in sorted(self._values.items())
            ],
        )


__all__ = [
    "FactTable",
    "Key",
    "NumberSpaceExhaustedError",
    "change_metric",
    "largest_remainder",
    "share_metric",
    "world_decimals",
]
