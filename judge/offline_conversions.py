"""A value restated in another unit or scale must be the same amount (judge16 round,
``offline-claims-v15``).

"0.485 billion USD (= 48.5 million USD)", "17.89 billion tonne-km, which is 1,789 million
tonne-km", "9.17 hours (i.e. 9 h 17 min)": the answer commits to two amounts for one slot, and
one of them is wrong, so the fact it states is contradicted, however right the other is. A
restatement is a number with a unit or scale word that follows a number with a unit, joined by
an opening bracket ("(", "(=", "(≈", "(i.e.") or by ", which is", ", i.e.", ", that is", ", or",
and closes its clause (a bracket that holds one amount, not "(from A to B)"). The two are
compared when both are amounts of one kind (one currency, one physical dimension converted with
``pint``, counts under scale words, and since judge20 shares and counts of one named thing)
written in another unit or scale; they agree when they
differ by at most the rounding of their written digits (2% more when the restatement is
marked approximate, never for hours and minutes). An hours-and-minutes duration ("9 h 17
min") is read as one amount.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from judge.numbers import CJK_SCALES, FoundNumber
from judge.offline_facts import _Fact, _number_hits, _Text
from judge.quantities import _fraction, _registry, stated_unit

if TYPE_CHECKING:
    from judge.offline_checks import _Verdict

#: what joins a value to its restatement ("(", "(= ", "(≈ ", ", which is ", ", i.e. ", ", or ")
_JOIN = re.compile(
    r"\s*(?:\(\s*(?P<paren>=|≈|~|i\.\s?e\.,?|that\s+is,?|or|about|roughly|approx(?:imately|\.)?|around)?"
    r"|,?\s*(?:(?:which\s+is|that\s+is|or)\b,?|i\.\s?e\.,?))\s*"
    r"(?P<approx>about|roughly|approximately|around|nearly|almost|some|~|≈)?\s*$",
    re.IGNORECASE,
)
#: the unit words between a value and what joins it to its restatement ("USD", "tonne-km")
_UNIT_WORDS = re.compile(r"[^\d().,;:!?=≈~]{0,30}")
#: an hours-and-minutes duration ("9 h 17 min", "9 hours and 17 minutes", "9h17"); a sign on
#: either part makes it negative ("-0 h 23 min", "0 h -23 min": 23 minutes less)
_DURATION = re.compile(
    r"(?P<hs>[-−])?(?P<h>\d{1,4})\s*(?:h|hrs?|hours?)\.?\s*(?:and\s+)?(?P<ms>[-−])?(?P<m>\d{1,2})"
    r"\s*(?:min(?:ute)?s?|m|')?(?![\w.,]*\d)",
    re.IGNORECASE,
)
_APPROX_SHARE = 0.02  # how far an approximate restatement may lie from the value it restates


@dataclass(frozen=True)
class _Amount:
    """A stated amount in base units, its rounding, and what it is an amount of."""

    value: float
    rounding: float
    kind: str  # a currency code, a pint dimensionality, or "count"
    unit: str  # the unit and scale as written (a restatement writes another)
    factor: float = 1.0  # one of its unit, unscaled, in base units (what a bare restatement takes)
    word: str = ""  # judge20: the word after a count ("people" of "0.007 million people")


def _place(found: FoundNumber) -> float:
    """Half the last written digit of ``found``, unscaled ("1,789" → 0.5, "888,000" → 500)."""
    body = re.sub(r"[^\d.,]", "", found.text.split()[0] if found.text.split() else found.text)
    value = abs(found.readings[0])
    decimals = re.search(r"[.,](\d+)$", body)
    if decimals and not (len(decimals.group(1)) == 3 and float(value).is_integer()):
        return 10.0 ** -len(decimals.group(1)) / 2
    digits = re.sub(r"\D", "", body)
    zeros = len(digits) - len(digits.rstrip("0")) if digits.strip("0") else 0
    return 10.0**zeros / 2


#: judge20: a share in base units: one percent, per mille, percentage point, basis point
_SHARE_BASE = {
    "pct": ("share", 100.0),
    "pm": ("share", 1000.0),
    "pp": ("points", 100.0),
    "bp": ("points", 1e4),
}
_WORD_AFTER = re.compile(r"\s*([^\W\d_][\w-]*)")


def _word_after(found: FoundNumber, text: str) -> str:
    m = _WORD_AFTER.match(text, found.end)
    return m.group(1).lower() if m else ""


def amount_of(found: FoundNumber, text: str, inherit: _Amount | None = None) -> _Amount | None:
    """``found`` as an amount, or None when it has no unit (and no scale word to take
    ``inherit``'s kind with). judge20: a share (percent, per mille, points, basis points, or a
    bare fraction restating a percent) and a count of a named thing ("0.007 million people",
    restated "700 people": the same word after it) are amounts too."""
    unit = stated_unit(found, text)
    value = found.readings[0] / found.scale if found.scale_word in CJK_SCALES else found.readings[0]
    rounding = _place(found)
    label = f"{found.scale_word}|{unit.currency}|{unit.physical}|{unit.share}"
    if unit.share is not None:
        kind, base = _SHARE_BASE[unit.share]
        return _Amount(value / base, rounding / base, kind, label)
    word = _word_after(found, text)
    if unit.noun:
        return _Amount(value * unit.scale, rounding * unit.scale, f"count:{word}", label, word=word)
    if inherit is not None and unit.bare and not unit.scaled:
        if inherit.kind == "share" and _fraction(found):  # "78.7% (= 0.787)"
            return _Amount(value, rounding, "share", "fraction")
        if inherit.kind.startswith("count") and word and word == inherit.word:  # "(= 700 people)"
            return _Amount(value, rounding, inherit.kind, "unscaled", word=word)
    if unit.physical is not None:
        q = _registry().Quantity(value * unit.scale, unit.physical).to_base_units()
        factor = _registry().Quantity(1.0, unit.physical).to_base_units().magnitude
        return _Amount(q.magnitude, rounding * unit.scale * factor, str(q.dimensionality), label, factor)
    if unit.currency is not None:
        return _Amount(value * unit.scale, rounding * unit.scale, unit.currency, label)
    if unit.scaled and inherit is not None:  # "(= 485 million)": in the unit of the value it restates
        step = unit.scale * inherit.factor
        return _Amount(value * step, rounding * step, inherit.kind, label, inherit.factor)
    if unit.scaled:
        return _Amount(value * unit.scale, rounding * unit.scale, "count", label, word=word)
    return None


def _points_as_percent(first: _Amount, second: _Amount, join: re.Match[str], after: str) -> bool:
    """judge35: percentage points restated as percent with "(= …)" and nothing after it ("12.5
    pp (= 12.5%)" is the same amount, "(= 1.25%)" another); a percent after points with other
    words is a relative change ("(about 7.5% in relative terms)"), no restatement."""
    return first.kind == "points" and second.kind == "share" and join["paren"] == "=" and after == ")"


def _first_amount(a: FoundNumber, b: FoundNumber, text: str) -> _Amount | None:
    """The amount of ``a``, the value a restatement ``b`` follows: a bare fraction before a
    percent ("0.787 (= 78.7%)") is a share."""
    first = amount_of(a, text)
    if first is None and b.percent and _fraction(a):
        return _Amount(a.readings[0], _place(a), "share", "fraction")
    return first


def _duration(text: str, at: int) -> tuple[float, float, int] | None:
    """An hours-and-minutes duration starting at ``at``: its value in seconds, its rounding, its end."""
    m = _DURATION.match(text, at)
    if m is None:
        return None
    seconds = int(m["h"]) * 3600 + int(m["m"]) * 60
    return (-seconds if m["hs"] or m["ms"] else seconds), 30.0, m.end()


#: words that make the number after "which is" a difference or a part, no restatement ("27
#: million USD above the target", "12 million of it")
_RELATION = re.compile(
    r"\b(?:above|below|over|under|more|less|than|higher|lower|short|ahead|behind|up|down|of|from|to|per"
    r"|gap|difference|change|increase|decrease|rise|fall|drop|growth|a\s+year|each)\b",
    re.IGNORECASE,
)


def _closes(text: str, at: int, paren: bool) -> bool:
    """The restatement ending at ``at`` closes its bracket or clause with nothing but its unit
    words (it holds one amount, and no difference or part of it)."""
    rest = text[at : at + 40]
    m = re.match(r"[^\d()]{0,30}\)", rest) if paren else re.match(r"[^\d()]{0,30}?(?:[.;,)]|$)", rest)
    return m is not None and not _RELATION.search(m.group(0))


def _pairs(text: _Text) -> list[tuple[FoundNumber, int, int, bool]]:
    """Each value with a restatement: the value, where the restatement starts and ends, and
    whether the two are the same amount."""
    out = []
    for a, b in itertools.pairwise(text.numbers):
        first = _first_amount(a, b, text.text)
        if first is None:
            continue
        gap = text.text[a.end : b.start]
        join = _JOIN.search(gap)
        if join is None or not _UNIT_WORDS.fullmatch(gap[: join.start()]):
            continue
        paren = "(" in join.group(0)
        duration = _duration(text.text, b.start) if first.kind == "[time]" else None
        if duration is not None:
            second: _Amount | None = _Amount(duration[0], duration[1], first.kind, "h min")
            end = duration[2]
        else:
            second = amount_of(b, text.text, first)
            end = b.end
        if second is None or second.unit == first.unit:
            continue
        after = text.text[end : end + 1]
        if second.kind != first.kind and not _points_as_percent(first, second, join, after):
            continue
        if not _closes(text.text, end, paren):
            continue
        slack = first.rounding + second.rounding + 1e-9 * abs(first.value)
        approx = join["approx"] or (paren and join["paren"] in ("≈", "~", "about", "roughly", "around"))
        if approx and duration is None:  # hours and minutes are written to the minute
            slack = max(slack, _APPROX_SHARE * abs(first.value))
        out.append((a, b.start, end, abs(abs(first.value) - abs(second.value)) <= slack))
    return out


def restating(text: _Text) -> set[int]:
    """Where the numbers of ``text`` that restate the value before them as the same amount
    start ("5 hours and 35 minutes" after "5.58 hours"): no rival of that value."""
    spans = [(start, end) for _, start, end, same in _pairs(text) if same]
    return {n.start for n in text.numbers for a, b in spans if a <= n.start < b}


def misrestated(text: _Text) -> str | None:
    """The first restatement in ``text`` that is another amount than the value it restates."""
    pairs = [(start, end) for _, start, end, same in _pairs(text) if not same]
    return text.text[pairs[0][0] : pairs[0][1]].strip() if pairs else None


def misconverted(facts: list[_Fact], verdicts: list[_Verdict], text: _Text) -> list[_Verdict]:
    """``verdicts`` with a contradiction where a fact's stated value is restated as another
    amount (see the module docstring)."""
    pairs = [(a, start, end) for a, start, end, same in _pairs(text) if not same]
    if not pairs:
        return verdicts
    out = list(verdicts)
    for i, (fact, verdict) in enumerate(zip(facts, verdicts, strict=True)):
        if fact.kind != "number" or not verdict.hit:
            continue
        for a, start, end in pairs:
            restated = [n for n in text.numbers if start <= n.start < end]
            if _number_hits(fact, text, [a, *restated]):
                said = text.text[start:end].strip()
                out[i] = replace(
                    verdict, hit=False, why=f"is restated as '{said}', another amount", conflict=False
                )
                break
    return out
