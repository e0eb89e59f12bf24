"""Sentences that read the report's own fact table, and the check that they say what it holds.

Filler prose (:mod:`generation.document.prose`) names no figure; these sentences do. Each is a
:class:`Claim` about values of the report's :class:`~generation.world.table.FactTable`:

- ``value``: one value, printed ("In 2019, chip output in Japan stood at 41.2 million wafers.");
- ``change``: the direction between two years, with or without both values;
- ``compare``: which of two entities is higher in a year;
- ``rank``: which of three entities is highest or lowest in a year, always said as "of the
  three" and naming all three: a superlative without that qualifier is read (and checked)
  over every entity the fact table holds for the metric and year;
- ``ratio``: a rounded ratio between two entities of a level or count ("about twice").

Claims only use (metric, entity, year) triples that no chart, table, metric card or other
fact of the report shows: a chart-reading question asks for a plotted value or ordering,
and the text must not give it away (DESIGN: ``text_leak``). The values are fixed in the
table when a claim is drawn, so the manifest's ``world`` holds every value a sentence
interprets, and :func:`check_sentence` can verify a sentence against it.

In every template the first entity named is the claim's subject (the higher, the highest,
the one whose value changed); :func:`check_sentence` relies on that order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from generation.document.change_words import DOWN_WORDS, UP_WORDS, is_flat
from generation.world.grammar import fill_agreement, is_plural, singular_of, with_the
from generation.world.numbers import NumberSpaceExhaustedError, value_text
from generation.world.ranges import SCALES
from generation.world.table import FactTable
from generation.world.topics import Metric, Topic, in_text
from synthdocbench_tasks.schema import World

#: Years per metric whose free values the claims draw on.
YEARS_PER_METRIC = 5
#: Entities per (metric, year) whose values are fixed for claims.
ENTITIES_PER_YEAR = 7
#: Most of the claims that print a number (the others interpret values without printing them).
MAX_PRINTING_SHARE = 0.2

#: Rounded ratios a sentence may state: (low, high, phrase); a ratio outside every band is not stated.
RATIO_PHRASES: tuple[tuple[float, float, str], ...] = (
    (1.4, 1.6, "about one and a half times"),
    (1.8, 2.2, "about twice"),
    (2.7, 3.3, "about three times"),
    (3.6, 4.4, "about four times"),
    (0.45, 0.55, "about half"),
    (0.31, 0.35, "about a third of"),
    (0.23, 0.27, "about a quarter of"),
)
#: Kinds whose ratios mean something (a rate twice another rate is a comparison of levels, not shown).
RATIO_KINDS = frozenset({"level", "count", "intensive"})


@dataclass(frozen=True)
class Claim:
    """One statement about the fact table; ``template`` names its list in the bank's ``data``."""

    template: str
    metric: Metric
    #: subject first
    entities: tuple[str, ...]
    #: ``(year,)`` or ``(start, end)``
    periods: tuple[str, ...]
    #: the table's values, parallel to ``entities`` (one year) or to ``periods`` (a change)
    values: tuple[float, ...]
    ratio: str = ""

    @property
    def prints_numbers(self) -> bool:
        return self.template in ("value", "change_values_up", "change_values_down")


def ratio_phrase(ratio: float) -> str | None:
    """The rounded wording of ``ratio`` ("about twice"), or None when it falls in no band."""
    for low, high, phrase in RATIO_PHRASES:
        if low <= ratio <= high:
            return phrase
    return None


def amount(value: float, metric: Metric) -> str:
    """A value with its unit as a sentence prints it: ``41.2%``, ``3.1 billion USD``, ``1 week``,
    ``460 thousand people`` (:func:`printed_amount`)."""
    if metric.unit == "%":
        return f"{value_text(value, metric.decimals)}%"
    text, unit = printed_amount(value, metric.decimals, metric.unit_label)
    if text == "1" and unit.partition(" ")[0] not in SCALES:
        unit = singular_of(unit)
    return f"{text} {unit}"


def printed_amount(value: float, decimals: int, unit: str) -> tuple[str, str]:
    """(number, unit) of a value as a sentence prints it: a value under one before a scale word
    steps down a scale, as a reader writes it (0.46 million people -> 460 thousand people, 0.32
    billion USD -> 320 million USD, 0.5 thousand dwellings -> 500 dwellings), the same value to
    the same precision; any other value as the table prints it."""
    text = value_text(value, decimals)
    scale, _, rest = unit.partition(" ")
    if scale not in SCALES[1:] or not rest or not 0 < abs(float(text)) < 1:
        return text, unit
    lower = SCALES[SCALES.index(scale) - 1]
    return value_text(float(text) * 1000, max(0, decimals - 3)), f"{lower} {rest}".strip()


def _free_values(
    rng: np.random.Generator, world: FactTable, covered: set[tuple[str, str, str]]
) -> dict[tuple[str, str], dict[str, float]]:
    """Fix values of triples nothing else in the report shows: (metric, year) -> entity -> value."""
    topic = world.topic
    pool: dict[tuple[str, str], dict[str, float]] = {}
    for metric in world.metrics:
        years = world.years_of(metric.name)
        picks = sorted(int(i) for i in rng.permutation(len(years))[:YEARS_PER_METRIC])
        for yi in picks:
            year = years[yi]
            chosen: dict[str, float] = {}
            for i in rng.permutation(len(topic.entities)):
                entity = topic.entities[int(i)]
                if len(chosen) >= ENTITIES_PER_YEAR:
                    break
                if (metric.name, entity, year) in covered or not world.free(metric.name, entity, year):
                    continue
                snapshot = world.snapshot()
                try:
                    chosen[entity] = world.value(metric.name, entity, year)
                except NumberSpaceExhaustedError:
                    world.restore(snapshot)
                    continue
                covered.add((metric.name, entity, year))
            if chosen:
                pool[(metric.name, year)] = chosen
    return pool


def build_claims(
    rng: np.random.Generator, world: FactTable, covered: set[tuple[str, str, str]], wanted: int
) -> list[Claim]:
    """Up to ``wanted`` distinct claims about values of ``world`` that are not in ``covered``.

    A change is stated only between two values that are not flat
    (:func:`generation.document.change_words.is_flat`). The triples used are fixed in the table
    and added to ``covered``. At most
    :data:`MAX_PRINTING_SHARE` of the claims print a value; the rest interpret values
    (direction, order, rounded ratio) without printing them.
    """
    pool = _free_values(rng, world, covered)
    quiet: list[Claim] = []
    printing: list[Claim] = []
    for (name, year), by_entity in pool.items():
        metric = world.metric(name)
        entities = list(by_entity)
        for e in entities:
            printing.append(Claim("value", metric, (e,), (year,), (by_entity[e],)))
        for a, b in combinations(entities, 2):
            hi, lo = (a, b) if by_entity[a] > by_entity[b] else (b, a)
            if rng.random() < 0.5:
                quiet.append(
                    Claim("compare_higher", metric, (hi, lo), (year,), (by_entity[hi], by_entity[lo]))
                )
            else:
                quiet.append(
                    Claim("compare_lower", metric, (lo, hi), (year,), (by_entity[lo], by_entity[hi]))
                )
            if metric.kind in RATIO_KINDS and by_entity[lo] > 0:
                first, second = (hi, lo) if rng.random() < 0.5 else (lo, hi)
                phrase = ratio_phrase(by_entity[first] / by_entity[second])
                if phrase:
                    values = (by_entity[first], by_entity[second])
                    quiet.append(Claim("ratio", metric, (first, second), (year,), values, phrase))
        for k in range(len(entities) - 2):
            group = entities[k : k + 3]
            ordered = sorted(group, key=lambda e: by_entity[e])
            top = rng.random() < 0.5
            subject = ordered[-1] if top else ordered[0]
            rest = [e for e in group if e != subject]
            trio = (subject, *rest)
            quiet.append(
                Claim(
                    "rank_highest" if top else "rank_lowest",
                    metric,
                    trio,
                    (year,),
                    tuple(by_entity[e] for e in trio),
                )
            )
    for metric in world.metrics:
        years = sorted(y for (name, y) in pool if name == metric.name)
        for start, end in combinations(years, 2):
            both = [e for e in pool[(metric.name, start)] if e in pool[(metric.name, end)]]
            for e in both:
                v0, v1 = pool[(metric.name, start)][e], pool[(metric.name, end)][e]
                if is_flat((v0, v1)):  # a rise or fall of 0.1% is no rise or fall to a reader
                    continue
                way = "up" if v1 > v0 else "down"
                target = printing if rng.random() < 0.3 else quiet
                kind = f"change_values_{way}" if target is printing else f"change_{way}"
                target.append(Claim(kind, metric, (e,), (start, end), (v0, v1)))
    quiet = [quiet[int(i)] for i in rng.permutation(len(quiet))]
    printing = [c for c in printing if not any(map(world.registry.used, _stepped(c)))]
    printing = [printing[int(i)] for i in rng.permutation(len(printing))]
    n_printing = min(len(printing), int(wanted * MAX_PRINTING_SHARE))
    for claim in printing[:n_printing]:  # a number printed a scale lower is a number of the report
        for text in _stepped(claim):
            world.registry.reserve(text)
    chosen = quiet[: wanted - n_printing] + printing[:n_printing]
    return [chosen[int(i)] for i in rng.permutation(len(chosen))]


def _stepped(claim: Claim) -> list[str]:
    """The numbers ``claim`` prints a scale lower than the table (:func:`printed_amount`): each
    must be one no other figure of the report prints ("320 million USD" beside a chart's 320)."""
    unit, decimals = claim.metric.unit_label, claim.metric.decimals
    printed = (printed_amount(v, decimals, unit)[0] for v in claim.values)
    return [p for v, p in zip(claim.values, printed, strict=True) if p != value_text(v, decimals)]


def measure(metric: str) -> str:
    """What a degree word ("the highest", "the lower") can qualify: the metric's name, or "figure
    for" it when it names a count of things ("the highest figure for households with fixed
    broadband", "the lowest figure for employed people"; never "the highest households")."""
    return f"figure for {with_the(metric)}" if is_plural(metric) else metric


def claim_slots(claim: Claim, topic: Topic) -> dict[str, str]:
    """The template slots of ``claim`` (capitalised forms for sentence starts included)."""
    names = [in_text(topic, e) for e in claim.entities] + ["", "", ""]
    slots = {
        "metric": claim.metric.name,
        "the_metric": with_the(claim.metric.name),
        "measure": measure(claim.metric.name),
        "entity": names[0],
        "other": names[1],
        "third": names[2],
        "kinds": topic.entity_kind_plural,
        "ratio": claim.ratio,
    }
    if len(claim.periods) == 2:
        slots.update(start=claim.periods[0], end=claim.periods[1])
        slots.update(q0=amount(claim.values[0], claim.metric), q1=amount(claim.values[1], claim.metric))
    else:
        slots.update(year=claim.periods[0], q=amount(claim.values[0], claim.metric))
    slots.update({k[:1].upper() + k[1:]: v[:1].upper() + v[1:] for k, v in list(slots.items())})
    return slots


def render_claim(template: str, claim: Claim, topic: Topic) -> str:
    """``template`` (from the bank's ``data``) filled with ``claim``."""
    slots = claim_slots(claim, topic)
    text = fill_agreement(template, slots).format(**slots)
    return text[:1].upper() + text[1:]


# --- checking a sentence against the fact table ---------------------------------------------

_NUMBER = re.compile(r"(?<![\w.])[-−]?\d+(?:\.\d+)?(?!\w|\.\d)")
_YEAR = re.compile(r"(?<![\w.])(?:19|20)\d\d(?!\w|\.\d)")
#: A cross-reference ("Figure 4", "Table 2", "Annex B"); the word "figure" in "a figure of 4.2" is none.
REFERENCE = re.compile(r"\b(?:Figure|Fig\.|Table|Section|Chapter|Page|Box|Annex)\s+(?:\d+|[A-Z]\b)")
_UP, _DOWN = UP_WORDS, DOWN_WORDS
_HIGHER = frozenset(["higher", "ahead", "exceeded", "above"])
_LOWER = frozenset(["lower", "trailed", "behind", "below"])
_HIGHEST = ("highest", "ranked first", "largest")
_LOWEST = ("lowest", "ranked last", "smallest")
#: Words that limit a superlative to the entities a sentence names ("of the three ... A, B and C").
AMONG_NAMED = ("of the three", "of these three", "among the three")
#: Where one sentence ends and the next begins: ., ! or ? (and a closing quote or bracket), space,
#: then a capital, digit, opening quote or bracket.
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’)]?\s+(?=[A-Z0-9“\"(‘])")


#: Abbreviations inside entity names ("Micronesia, Fed. Sts.", "St. Lucia"): no sentence ends there.
_NAME_ABBREVIATION = re.compile(r"\b(?:Fed|Sts|St|Is)\.$")


def split_sentences(text: str) -> list[str]:
    """The sentences of a plain-text paragraph (empty pieces dropped)."""
    out: list[str] = []
    for piece in _SENTENCE_END.split(text):
        if out and _NAME_ABBREVIATION.search(out[-1]):
            out[-1] += " " + piece
        elif piece.strip():
            out.append(piece)
    return out


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


def _find(names: list[str], text: str) -> list[tuple[int, str]]:
    """Non-overlapping occurrences of ``names`` in ``text`` (case-insensitive, longest first)."""
    low = text.lower()
    taken = [False] * len(low)
    found: list[tuple[int, str]] = []
    for name in sorted(names, key=len, reverse=True):
        for m in re.finditer(rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])", low):
            if not any(taken[m.start() : m.end()]):
                taken[m.start() : m.end()] = [True] * (m.end() - m.start())
                found.append((m.start(), name))
    return sorted(found)


def _without_units(sentence: str, world: World) -> str:
    """``sentence`` without the units printed after its numbers ("46.1 thousand dwellings" ->
    "46.1"), so a unit that is also a metric's name is not read as the metric."""
    printed = {u for m in world.metrics if m.unit and m.unit != "%" for u in (m.unit, _scale_lower(m.unit))}
    units = sorted(printed - {""}, key=len, reverse=True)
    if not units:
        return sentence
    pattern = "|".join(re.escape(u) for u in units)
    return re.sub(rf"(\d)\s+(?:{pattern})(?![\w-])", r"\1", sentence)


def _scale_lower(unit: str) -> str:
    """``unit`` a scale lower, as :func:`printed_amount` prints a value under one ("" if none)."""
    return printed_amount(0.5, 3, unit)[1] if unit.partition(" ")[0] in SCALES[1:] else ""


def _printed_numbers(value: float, decimals: int, unit: str) -> set[str]:
    """The number strings a sentence may print for ``value``: the table's, or a scale lower."""
    return {value_text(value, decimals), printed_amount(value, decimals, unit)[0]}


def _cue_text(text: str, names: list[str]) -> tuple[str, str]:
    """(whole, claim): ``text`` lower-cased with ``names`` (the metric and entities) blanked out,
    and its part from the first name on.

    Cue words are read outside the names ("groundwater decline" is a metric, not a fall) and
    only from the first name on: what comes before is a lead-in naming a source or an actor
    ("As higher education statistics show, ..."), whose words say nothing about the values.
    "Of the three" and ratio phrases are read in the whole sentence.
    """
    low = text.lower()
    starts: list[int] = []
    for name in sorted(names, key=len, reverse=True):
        pattern = rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])"
        starts += [m.start() for m in re.finditer(pattern, low)]
        low = re.sub(pattern, lambda m: " " * len(m.group(0)), low)
    return low, low[min(starts, default=0) :]


@dataclass(frozen=True)
class Verdict:
    """What :func:`check_sentence` found: ``claim`` False when the sentence states nothing checkable."""

    claim: bool
    true: bool
    reason: str = ""


def check_sentence(sentence: str, world: World) -> Verdict:
    """Whether ``sentence`` states or interprets values of ``world``, and whether they are right.

    A sentence makes a claim when it names a metric of the table and an entity with values
    for it, and prints a number other than a year, or uses a word of change (two years),
    of order or of ratio (one year). Numbers must be values of the named metric for a named
    entity (and named year); a change is read from the earlier to the later year; the order
    and ratio words are read with the first-named entity as the subject.
    """
    metric_names = [m.name for m in world.metrics]
    found_metric = _find(metric_names, _without_units(sentence, world))
    if not found_metric:
        return Verdict(False, False)
    name = found_metric[0][1]
    metric = world.metric(name)
    decimals = metric.decimals if metric is not None else 1
    unit = metric.unit if metric is not None else ""
    values = {(f.entity, f.period): f.value for f in world.facts if f.metric == name and not f.part}
    entity_names = sorted({f.entity for f in world.facts})
    entities = [e for _, e in _find(entity_names, sentence)]
    entities = list(dict.fromkeys(entities))
    if not entities:
        return Verdict(False, False)
    text = REFERENCE.sub(" ", sentence)
    years = [m.group(0) for m in _YEAR.finditer(text)]
    numbers = [
        m.group(0).replace("−", "-") for m in _NUMBER.finditer(text) if not _YEAR.fullmatch(m.group(0))
    ]
    whole, low = _cue_text(text, [name, *entities])
    words = _words(low)
    checks: list[tuple[bool, str]] = []
    for n in numbers:
        periods = years or sorted({p for _, p in values})
        ok = any(
            (e, p) in values and n in _printed_numbers(values[(e, p)], decimals, unit)
            for e in entities
            for p in periods
        )
        checks.append((ok, f"{n} is no value of {name} for {entities} in {years or 'any year'}"))
    if len(years) >= 2 and words & (_UP | _DOWN):
        start, end = min(years[:2]), max(years[:2])
        v0, v1 = values.get((entities[0], start)), values.get((entities[0], end))
        if v0 is None or v1 is None:
            checks.append((False, f"{name} of {entities[0]} in {start} or {end} is not in the table"))
        else:
            up = bool(words & _UP) and not (words & _DOWN)
            down = bool(words & _DOWN) and not (words & _UP)
            ok = (up and v1 > v0) or (down and v1 < v0)
            checks.append((ok, f"{name} of {entities[0]} went from {v0} in {start} to {v1} in {end}"))
    elif len(years) == 1:
        year = years[0]
        vals = [values.get((e, year)) for e in entities]
        rank = next((w for w in (*_HIGHEST, *_LOWEST) if w in low), None)
        ratio = next((p for _, _, p in sorted(RATIO_PHRASES, key=lambda r: -len(r[2])) if p in whole), None)
        if rank:
            checks.append(_rank_check(rank, whole, name, year, entities, values))
        elif ratio and len(entities) >= 2:
            if vals[0] is None or vals[1] is None or vals[1] == 0:
                checks.append((False, f"{name} in {year} is not in the table for {entities[:2]}"))
            else:
                ok = ratio_phrase(vals[0] / vals[1]) == ratio
                checks.append((ok, f"{entities[0]}/{entities[1]} is {vals[0] / vals[1]:.2f}, not {ratio}"))
        elif len(entities) >= 2 and words & (_HIGHER | _LOWER):
            if vals[0] is None or vals[1] is None:
                checks.append((False, f"{name} in {year} is not in the table for {entities[:2]}"))
            else:
                higher = bool(words & _HIGHER) and not (words & _LOWER)
                lower = bool(words & _LOWER) and not (words & _HIGHER)
                ok = (higher and vals[0] > vals[1]) or (lower and vals[0] < vals[1])
                checks.append((ok, f"{name} in {year}: {entities[0]} {vals[0]}, {entities[1]} {vals[1]}"))
    if not checks:
        return Verdict(False, False)
    failed = [reason for ok, reason in checks if not ok]
    return Verdict(True, not failed, "; ".join(failed))


def _rank_check(
    rank: str, low: str, name: str, year: str, entities: list[str], values: dict[tuple[str, str], float]
) -> tuple[bool, str]:
    """A superlative: among the three named when the sentence says so ("of the three"), else
    over every entity the table holds for ``name`` in ``year``."""
    highest = rank in _HIGHEST
    if any(q in low for q in AMONG_NAMED) and len(entities) >= 3:
        group = {e: values.get((e, year)) for e in entities}
        where = f"of {entities}"
    else:
        group = {e: v for (e, p), v in values.items() if p == year}
        where = f"of all {len(group)} entities with {name}"
    known = {e: v for e, v in group.items() if v is not None}
    if entities[0] not in known or len(known) != len(group):
        return False, f"{name} in {year} is not in the table for all of {entities}"
    best = max(known.values()) if highest else min(known.values())
    return known[entities[0]] == best, f"{entities[0]} is not the {rank} {where} in {year}"


@dataclass(frozen=True)
class Reading:
    """What a sentence asserts about order or direction, whatever the table holds."""

    metric: str
    #: ``(a, b)`` pairs: a is above b in ``period``
    above: tuple[tuple[str, str], ...] = ()
    #: the entity said to be the top (or bottom) of every entity, or ""
    top: str = ""
    bottom: str = ""
    #: ``(entity, +1 | -1)``: the direction of a change over ``period``
    change: tuple[str, int] | None = None
    period: str = ""


def named_in(sentence: str, world: World) -> tuple[str, list[str], list[str], str, str] | None:
    """(metric, entities, years, whole, claim) of a sentence naming a metric and an entity of
    ``world`` (None when it names none): its first metric, its entities and years in order, and
    :func:`_cue_text`'s two texts (cross-references taken out), where words of change are read."""
    found_metric = _find([m.name for m in world.metrics], _without_units(sentence, world))
    if not found_metric:
        return None
    name = found_metric[0][1]
    entities = list(dict.fromkeys(e for _, e in _find(sorted({f.entity for f in world.facts}), sentence)))
    if not entities:
        return None
    text = REFERENCE.sub(" ", sentence)
    years = [m.group(0) for m in _YEAR.finditer(text)]
    whole, low = _cue_text(text, [name, *entities])
    return name, entities, years, whole, low


def read_sentence(sentence: str, world: World) -> Reading | None:
    """The order or direction ``sentence`` asserts (None when it asserts none), read the way
    :func:`check_sentence` reads it, for :func:`cross_contradictions`."""
    named = named_in(sentence, world)
    if named is None:
        return None
    name, entities, years, whole, low = named
    words = _words(low)
    if len(years) >= 2 and words & (_UP | _DOWN) and not (words & _UP and words & _DOWN):
        period = f"{min(years[:2])}-{max(years[:2])}"
        return Reading(name, change=(entities[0], 1 if words & _UP else -1), period=period)
    if len(years) != 1:
        return None
    rank = next((w for w in (*_HIGHEST, *_LOWEST) if w in low), None)
    first, rest = entities[0], entities[1:]
    if rank:
        among = any(q in whole for q in AMONG_NAMED) and len(entities) >= 3
        if rank in _HIGHEST:
            pairs = tuple((first, e) for e in rest)
            return Reading(name, above=pairs, top="" if among else first, period=years[0])
        pairs = tuple((e, first) for e in rest)
        return Reading(name, above=pairs, bottom="" if among else first, period=years[0])
    if rest and words & (_HIGHER | _LOWER) and not (words & _HIGHER and words & _LOWER):
        pair = (first, rest[0]) if words & _HIGHER else (rest[0], first)
        return Reading(name, above=(pair,), period=years[0])
    return None


def cross_contradictions(sentences: Sequence[str], world: World) -> list[str]:
    """Pairs of ``sentences`` that cannot both be true, whatever the table holds: A above B and
    B above A, two different tops (or bottoms) of one metric and year, a top below another
    entity, a rise and a fall of one series over one period. One reason per conflicting pair."""
    above: dict[tuple[str, str, str, str], str] = {}
    tops: dict[tuple[str, str, str], tuple[str, str]] = {}
    changes: dict[tuple[str, str, str], tuple[int, str]] = {}
    out: list[str] = []
    for sentence in sentences:
        r = read_sentence(sentence, world)
        if r is None:
            continue
        if r.change is not None:
            key3 = (r.metric, r.change[0], r.period)
            seen = changes.setdefault(key3, (r.change[1], sentence))
            if seen[0] != r.change[1]:
                out.append(f"{seen[1]!r} and {sentence!r} give {r.change[0]} opposite directions")
            continue
        for a, b in r.above:
            earlier = above.get((r.metric, r.period, b, a))
            if earlier is not None:
                out.append(f"{earlier!r} and {sentence!r} order {a} and {b} both ways")
            above.setdefault((r.metric, r.period, a, b), sentence)
        for end, who in (("top", r.top), ("bottom", r.bottom)):
            if not who:
                continue
            seen_top = tops.setdefault((r.metric, r.period, end), (who, sentence))
            if seen_top[0] != who:
                out.append(f"{seen_top[1]!r} and {sentence!r} name two {end}s of {r.metric} in {r.period}")
    for (metric, period, end), (who, sentence) in tops.items():
        for (m, p, a, b), other in above.items():
            beaten = (end == "top" and b == who) or (end == "bottom" and a == who)
            if m == metric and p == period and beaten and other != sentence:
                out.append(f"{sentence!r} and {other!r} disagree on the {end} of {metric} in {period}")
    return out


def contradictions(text: str, world: World, *, exempt: Sequence[str] = ()) -> list[str]:
    """Why sentences of ``text`` misstate ``world``: :func:`check_sentence`'s reason for every
    sentence that makes a claim about the table and gets it wrong, in order.

    The sentences in ``exempt`` (text facts: an actor's target or forecast differs from the
    table on purpose) are taken out before the rest is split into sentences.
    """
    for sentence in exempt:
        text = text.replace(sentence, "\n")
    reasons: list[str] = []
    for piece in text.split("\n"):
        for sentence in split_sentences(piece):
            verdict = check_sentence(sentence.strip(), world)
            if verdict.claim and not verdict.true:
                reasons.append(verdict.reason)
    return reasons


__all__ = [
    "REFERENCE",
    "Claim",
    "Verdict",
    "amount",
    "build_claims",
    "check_sentence",
    "claim_slots",
    "contradictions",
    "cross_contradictions",
    "ratio_phrase",
    "read_sentence",
    "render_claim",
    "split_sentences",
]
