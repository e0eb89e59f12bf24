"""The range each entity of a report is given for a metric of its theme (:func:`compose_metric`):
an extensive metric's range scales with the entity (its population, area or size against the
reference, ×/÷ :data:`EXTENSIVE_BAND`), a capped one stays under its cap, the scale word and
decimals are chosen so every value prints below 1,000 and each range holds enough number strings
(widened, :func:`roomier`, where it does not), and a shock's years reach past the band
(:func:`shock_reach`). :mod:`generation.world.space` composes topics from these ranges."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from generation.world.entities import REFERENCE, Entity
from generation.world.topics import Metric

#: An extensive metric's range for one entity: its scaled centre (the geometric middle of the
#: theme's ``low``/``high`` at the reference size) divided and multiplied by this.
EXTENSIVE_BAND = 1.8
#: Fewest distinct number strings the narrowest entity range must hold at the chosen decimals.
MIN_ENTITY_SPACE = 80
#: An entity whose plausible band of a scaled metric holds fewer number strings than this at the
#: metric's decimals (up to three, added until the narrowest band holds ENTITY_SLOTS) is left out
#: of its setting, the smallest first while enough remain: widening its band to ENTITY_SLOTS would
#: put its values far outside what its size allows (up to 27x below a small economy's band).
CROWDED_BELOW = 60
#: A band is never widened below a third of its low end (a band at its cap widens only downwards).
WIDEN_LIMIT = 3.0
#: Number strings a scaled metric's entity range is widened to hold (geometrically about its
#: middle, under its cap): a report prints hundreds of numbers and no two alike, so a range of ~150
#: strings at a scaled metric's 3 decimals could run out (1 of 60 paper documents of seed 9931
#: failed so). An intensive metric's range is never widened: 0.6-4.2% of GDP widened to hold 250
#: strings at one decimal became 0.1-25.1% (``table.world_decimals`` prints one more decimal).
ENTITY_SLOTS = 250
#: Exponents of a theme's shock factors an entity's series takes (drawn per series): entities
#: of one report take the shock to different depths (arrivals at 0.3 of trend: 0.22-0.43).
SHOCK_SPREAD = (0.7, 1.3)
#: Scale words a value prints with, and each one's factor.
SCALES = ("", "thousand", "million", "billion", "trillion")
SCALE_FACTOR = {s: 1000.0**i for i, s in enumerate(SCALES)}


@dataclass(frozen=True)
class Composed:
    metric: Metric
    ranges: dict[str, tuple[float, float]]
    cap: tuple[str, float] | None
    scaled: bool
    #: each entity's range before it was widened (its plausible band)
    bands: dict[str, tuple[float, float]]

    def crowded(self) -> str | None:
        """The entity whose plausible band holds too few number strings at the metric's decimals
        (widening it far past its band would make its values implausible)."""
        step = 10.0**-self.metric.decimals
        name, (lo, hi) = min(self.bands.items(), key=lambda kv: kv[1][1] - kv[1][0])
        return None if (hi - lo) / step >= CROWDED_BELOW or not self.scaled else name


def shock_reach(shock: tuple[tuple[int, float], ...]) -> tuple[float, float]:
    """The factors by which a shock may move a series below and above its band, the deepest
    spread of :data:`SHOCK_SPREAD` taken (1, 1 without a shock)."""
    factors = [f ** SHOCK_SPREAD[1] for _, f in shock]
    return min([1.0, *factors]), max([1.0, *factors])


def compose_metric(rec: dict[str, Any], ents: tuple[Entity, ...]) -> Composed:
    low, high = float(rec["low"]), float(rec["high"])
    scale = rec.get("scale", "")
    decimals = int(rec.get("decimals", 1))
    per, cap = rec.get("per"), rec.get("cap")
    raw: dict[str, tuple[float, float]] = {}
    ceilings: dict[str, float] = {}
    for e in ents:
        if per and rec.get("of_population"):  # a rate of the population: the rate's whole range
            lo, hi = low * e.population / REFERENCE[per], high * e.population / REFERENCE[per]
        elif per:
            centre = (low * high) ** 0.5 * e.attribute(per) / REFERENCE[per]
            lo, hi = centre / EXTENSIVE_BAND, centre * EXTENSIVE_BAND
        else:
            lo, hi = low, high
        if cap:
            limit = e.attribute(cap) / (SCALE_FACTOR[scale] * float(rec.get("cap_unit", 1.0)))
            hi = min(hi, 0.8 * limit)
            lo = min(lo, 0.3 * hi)
            # the cap, in plain units (the scale may change below): a band under its cap widens
            # both ways, one at its cap only downwards
            ceilings[e.name] = 0.8 * limit * SCALE_FACTOR[scale]
        raw[e.name] = (lo, hi)
    top = max(hi for _, hi in raw.values())
    while top >= 990 and scale != SCALES[-1]:
        scale = SCALES[SCALES.index(scale) + 1]
        raw = {k: (lo / 1000, hi / 1000) for k, (lo, hi) in raw.items()}
        top /= 1000
    while top < 0.9 and scale != "":
        scale = SCALES[SCALES.index(scale) - 1]
        raw = {k: (lo * 1000, hi * 1000) for k, (lo, hi) in raw.items()}
        top *= 1000
    narrowest = min(hi - lo for lo, hi in raw.values())
    if scale:
        decimals = max(
            decimals, 1 if decimals == 0 and narrowest * 10**decimals < MIN_ENTITY_SPACE else decimals
        )
        while narrowest * 10**decimals < (ENTITY_SLOTS if per or cap else MIN_ENTITY_SPACE) and decimals < 3:
            decimals += 1  # a scaled metric prints more decimals before its bands are widened
    ranges = {k: (round(lo, decimals) or 10.0**-decimals, round(hi, decimals)) for k, (lo, hi) in raw.items()}
    bands = ranges
    if per or cap:  # an intensive metric keeps the theme's range: crowding adds a decimal instead
        ranges = {
            k: roomier(lo, hi, decimals, ceilings[k] / SCALE_FACTOR[scale] if k in ceilings else None)
            for k, (lo, hi) in ranges.items()
        }
    shock = tuple(sorted((int(y), float(f)) for y, f in rec.get("shock", {}).items()))
    if shock:  # a shock moves a series past its band, in the years the premise names
        down, up = shock_reach(shock)
        ranges = {
            k: (round(lo * down, decimals) or 10.0**-decimals, round(hi * up, decimals))
            for k, (lo, hi) in ranges.items()
        }
    lows, highs = [r[0] for r in ranges.values()], [r[1] for r in ranges.values()]
    kwargs: dict[str, Any] = {
        "shock": shock,
        "decimals": decimals,
        "scale": scale,
        "stock": bool(rec.get("stock", False)),
        "trend": rec.get("trend", "any"),
        "since": rec.get("since"),
    }
    metric = Metric(rec["name"], rec["unit"], min(lows), max(highs), **kwargs)
    if "kind" in rec:
        metric = Metric(
            rec["name"], rec["unit"], min(lows), max(highs), **kwargs, kind=rec["kind"], kind_given=True
        )
    cap_rule = (cap, SCALE_FACTOR[scale] * float(rec.get("cap_unit", 1.0))) if cap else None
    return Composed(metric, ranges, cap_rule, bool(per or cap), bands)


def roomier(lo: float, hi: float, decimals: int, ceiling: float | None) -> tuple[float, float]:
    """``[lo, hi]`` widened by one factor both ways until it holds :data:`ENTITY_SLOTS` number
    strings at ``decimals``; never above ``ceiling`` (the cap), never below ``lo`` /
    :data:`WIDEN_LIMIT` and never to zero."""
    step = 10.0**-decimals
    need = ENTITY_SLOTS * step
    if hi - lo >= need:
        return lo, hi
    hi = max(hi, lo + step)
    k = (need + math.sqrt(need * need + 4 * hi * lo)) / (2 * hi)  # hi*k - lo/k == need
    top = hi * k if ceiling is None else max(hi, min(hi * k, ceiling))
    bottom = max(step, top - need) if top < hi * k else lo / k
    # never far below the band: a band at its cap (a country's whole land area) holds fewer strings
    bottom = max(bottom, lo / WIDEN_LIMIT)
    return round(max(step, bottom), decimals), round(top, decimals)
