"""judge11: certainty gates, shapes of answers the judge reads less reliably.

Each gate leaves the score alone and only marks the verdict uncertain (a cascade then hands the
answer to an LLM judge). A pass is doubted when the answer writes a unit next to the asked value
that the item never writes (``106.3 ms`` for Mbps, ``429 km²`` for districts), binds an asked
value to another entity of the item than the reference does (two role-bearing names swapped),
or says the value moved in the direction opposite to the reference's. A fail is doubted when
what contradicts an asked value is that value rounded more coarsely (a judgement call of
tolerance, not a wrong reading), or when the name it is failed for is a spelling variant of an
asked label (``Educación`` for Education). The gates were measured on every labelled set up to
v11, fitting each set out in turn (docs/protocol.md, "The judge11 round").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from judge import claims
from judge.quantities import is_unit_word, unit_of_word

OTHER_UNIT_AT_VALUE = "a unit the item never writes is written with an asked value"
SWAPPED_BINDING = "an asked value is bound to another of the item's entities than in the reference"
OPPOSITE_DIRECTION = "it says the value moved the other way than the reference"
COARSER_ROUNDING = "a value is failed for being the asked value rounded more coarsely"
NAME_VARIANT = "a label is failed for a name spelled like the asked one"

_NUM = re.compile(r"(?<![\w.])[-−]?\d[\d,]*(?:\.\d+)?")
_WORD_AFTER = re.compile(r"\s?([^\W\d_]+[²³]?)")
#: unit abbreviations :func:`is_unit_word` lacks: rates, times, electrical and SI-prefixed units
_ABBREVIATION = re.compile(r"[kmgtµ]?(?:s|bps|b/s|hz|b|wh|w|j|v|pa|l|g|m|m²|m³|km²|km³)", re.IGNORECASE)
_NAME = re.compile(r"\b[A-Z][\w'’&.-]*(?:\s+[A-Z][\w'’&.-]*)*")
_GENERIC_NAME = ("The", "Figure", "In", "At", "Table", "Chart")
_UP, _DOWN = claims.UP, claims.DOWN
#: "from A to B": the gap after "from" holds no "to" ("from then to 2020, it rose from 79 to 92"
#: reads 79 and 92, not 2020 and 92).
_FROM_TO = re.compile(
    r"\bfrom\s+(?:(?!\bto\b)[^\d−-]){0,20}([-−]?\d[\d,]*(?:\.\d+)?)[^.;]{0,60}?\bto\s+[^\d−-]{0,20}"
    r"([-−]?\d[\d,]*(?:\.\d+)?)"
)
_FROM = re.compile(r"\bfrom\b")
#: "put it down (mainly) to the port concession": the idiom credits a cause, it moves nothing.
_DOWN_TO_CAUSE = re.compile(
    r"\bdown\s+(?:\w+ly\s+)?to\s+(?:the|a|an|its|their|his|her|this|that|these|those)\b", re.IGNORECASE
)
#: words that may order two items ("Serbia is lower than Bosnia"): a move only beside a reference's
#: "from A to B"
_COMPARATIVES = frozenset(
    {"higher", "larger", "greater", "above", "more", "lower", "smaller", "less", "below"}
)
#: "more carefully", "less closely": a manner, no move
_MANNER = re.compile(r"\b(?:more|less)\s+\w+ly\b", re.IGNORECASE)
_SAID_INSTEAD = re.compile(r"says '([-−]?\d[\d.,]*)[^']*' instead")
_CAPITALISED = re.compile(r"\b[A-Z][^\W\d_]+")
_MIN_PREFIX = 4


def _value(text: str) -> float | None:
    try:
        return float(text.replace(",", "").replace("−", "-"))
    except ValueError:
        return None


def _at(value: float, target: float, tolerance: float = 0.0) -> bool:
    return abs(abs(value) - abs(target)) <= max(0.01 * abs(target), tolerance) + 1e-9


def _values_at(text: str, target: float, tolerance: float = 0.0) -> list[re.Match[str]]:
    return [
        m for m in _NUM.finditer(text) if (v := _value(m.group(0))) is not None and _at(v, target, tolerance)
    ]


def other_unit_at_value(answer: str, known: str, targets: Sequence[tuple[float, float]]) -> bool:
    """A unit word the item (``known``: question, reference, the facts' units) never writes
    follows a number at an asked value (``targets``: value, tolerance)."""
    words = {w.lower() for w in re.findall(r"[^\W\d_]+[²³]?", known)}
    units = {unit_of_word(w) for w in words} - {None}  # judge29: "12.43 h" where the item writes hours
    for target, tolerance in targets:
        for m in _values_at(answer, target, tolerance):
            unit = _WORD_AFTER.match(answer, m.end())
            if unit is None or unit.group(1).lower() in words or unit_of_word(unit.group(1)) in units:
                continue
            if is_unit_word(unit.group(1)) or _ABBREVIATION.fullmatch(unit.group(1)):
                return True
    return False


def _bound_name(text: str, target: float, names: set[str]) -> str | None:
    """The item's name nearest before the first statement of ``target`` in its clause."""
    for m in _values_at(text, target):
        clause = re.split(r"[.;:!?\n]", text[max(0, m.start() - 60) : m.start()])[-1]
        at = {name: clause.rfind(name) for name in names}
        best = max(at, key=lambda name: at[name], default=None)
        return best if best is not None and at[best] >= 0 else None
    return None


def swapped_binding(answer: str, question: str, reference: str, targets: Sequence[float]) -> bool:
    """An asked value (not a year) is bound in the answer to another of the names the question
    and the reference share than the reference binds it to."""
    names = {
        n
        for n in _NAME.findall(reference)
        if n in question and len(n) > 2 and not n.startswith(_GENERIC_NAME)
    }
    if len(names) < 2:
        return False
    for target in targets:
        if target.is_integer() and 1900 <= target <= 2100:
            continue
        mine, theirs = _bound_name(answer, target, names), _bound_name(reference, target, names)
        if mine and theirs and mine != theirs:
            return True
    return False


def _direction(text: str, dropped: frozenset[str] = frozenset()) -> int:
    """Which way ``text``'s words move (1, -1; 0: neither or both), ``dropped`` words aside."""
    text = _MANNER.sub(" ", _DOWN_TO_CAUSE.sub(" ", text))
    up = any(m.group(0).lower() not in dropped for m in _UP.finditer(text))
    down = any(m.group(0).lower() not in dropped for m in _DOWN.finditer(text))
    return 0 if up == down else (1 if up else -1)


def opposite_direction(answer: str, reference: str) -> bool:
    """The answer moves one way only, the reference (by its "from A to B", else by its words, no
    comparative) the other. The values come first: a reference's words may be its events' ("Croatia
    raised its deposit rate …; Portugal moved from 5.79% to 5.47%"), and an answer restating them
    says nothing of the value by them (the reference's words against its own move are left out of
    the answer's); a pair with a year in it ("from 2015 to 2019", "from 2016 up to then … from 108
    kt to 231") is a period, no move of the value. Comparatives ("Serbia is lower than Bosnia")
    count only beside a reference's move: they may order two items."""
    way = moved(reference)
    meant = way or _direction(reference, _COMPARATIVES)
    if not meant:
        return False
    against = _UP if meant < 0 else _DOWN
    events = frozenset(m.group(0).lower() for m in against.finditer(reference))
    said = _direction(answer, events if way else events | _COMPARATIVES)
    return said != 0 and said != meant


#: judge29: a multiple of an earlier level ("0.636 times its 2010 level"): below one a fall
_MULTIPLE = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:times|×)\s+(?:its|the|their|that)\s+(?:[\w–-]+\s+){0,3}?(?:level|value)\b",
    re.IGNORECASE,
)


def moved(text: str) -> int:
    """Which way the first "from A to B" of ``text`` that is no period (no year in it) moves
    (1, -1; 0: none); without one, which way a multiple of an earlier level moves."""
    for start in (m.start() for m in _FROM.finditer(text)):
        m = _FROM_TO.match(text, start)
        if m is None:
            continue
        a, b = (_value(x) or 0.0 for x in m.groups())
        if not any(v.is_integer() and 1900 <= v <= 2100 for v in (a, b)):
            return (b > a) - (b < a)
    multiple = _MULTIPLE.search(text)
    factor = float(multiple.group(1)) if multiple else 1.0
    return (factor > 1) - (factor < 1)


def coarser_rounding(whys: Sequence[str], targets: Sequence[float]) -> bool:
    """A contradiction of an asked value quotes that value rounded to fewer digits."""
    for why in whys:
        for m in _SAID_INSTEAD.finditer(why):
            said = _value(m.group(1).rstrip(".,"))
            if said is not None and any(
                said != t and any(round(t, k) == said for k in range(-3, 4)) for t in targets
            ):
                return True
    return False


def name_variant(whys: Sequence[str], labels: Sequence[str]) -> bool:
    """A fact is contradicted with a name that begins like an asked label (another spelling or
    language: "names Educaci instead", "'3.4' is given for Uganión")."""
    for why in whys:
        for name in _CAPITALISED.findall(why):
            if len(name) >= _MIN_PREFIX and any(
                label[:_MIN_PREFIX].lower() == name[:_MIN_PREFIX].lower() and name not in label.split()
                for label in labels
            ):
                return True
    return False


def gate_doubts(
    answer: str,
    item: tuple[str, str, str],
    facts: tuple[Sequence[tuple[float, float]], Sequence[str]],
    whys: Sequence[str],
    passes: bool,
) -> list[str]:
    """The gates' doubts on ``answer`` to the item ``(question, reference, the facts' units)``
    with asked ``facts`` ((value, tolerance) pairs, labels) and the verdicts' reasons ``whys``:
    pass gates for a pass, fail gates for a fail."""
    question, reference, units = item
    asked, labels = facts
    targets = [value for value, _ in asked]
    out = []
    if passes:
        if other_unit_at_value(answer, f"{question} {reference} {units}", asked):
            out.append(OTHER_UNIT_AT_VALUE)
        if swapped_binding(answer, question, reference, targets):
            out.append(SWAPPED_BINDING)
        if opposite_direction(answer, reference):
            out.append(OPPOSITE_DIRECTION)
        return out
    if coarser_rounding(whys, targets):
        out.append(COARSER_ROUNDING)
    if name_variant(whys, labels):
        out.append(NAME_VARIANT)
    return out
