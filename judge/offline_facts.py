"""The offline judge's facts (``answer_values`` read and checked) and the answer text read
for claims: its clauses, segments, sentences and numbers, and where each fact is stated."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from judge import claims
from judge.claims import Span
from judge.errors import JudgeInputError
from judge.numbers import SCALES, FoundNumber, find_numbers
from judge.quantities import UnitOf, bound_readings, fact_unit, prefix_mismatch

_FLOAT_SLACK = 1e-9  # so 4.2 * 1e9 == 4.2e9 despite binary floating point


_MAX_RELATIVE_TOLERANCE = 0.10  # no stored tolerance is wider than this share of the value


#: A LaTeX command: dropped (``\\boxed``, ``\\text``), or the character it escapes (``\\%``).
_LATEX_COMMAND = re.compile(r"\\(?:[A-Za-z]+|[%$&#_{}])")


def _unlatex(m: re.Match[str]) -> str:
    word = m.group(0)[1:]
    return " " if word.isalpha() else word


#: A whole number that names a figure, table, page or step ("Figure 1") is no value ("chart
#: 8.79" is).
_LABEL_NUMBER = re.compile(r"\b(?:figure|fig\.|table|page|p\.|chart|section|step|panel)\s*$", re.IGNORECASE)


_FALL_CUE = re.compile(
    r"\b(?:fell|fall|falls|fallen|falling|decrease[sd]?|decreasing|declined?|declines|declining|dropped|drops?"
    r"|lower|down|below|less|reduction|reduced|loss|lost|shrank|contracted|short|shortened|shorter|narrowed"
    # judge35: the fall words of the languages the judge reads numbers in ("una caída de 0,100")
    r"|caída|cayó|bajó|descenso|disminución|disminuyó|baisse|baissé|diminution|diminué|recul|chuté"
    r"|calo|calato|sceso|diminuito|queda|caiu|diminuiu|Rückgang|gesunken|gefallen|daling|gedaald)\b",
    re.IGNORECASE,
)


def _where(index: int, fact: Mapping[str, Any]) -> str:
    return f"answer_values[{index}] ({fact.get('text', '?')!r})"


@dataclass
class _Fact:
    index: int
    kind: str
    text: str
    targets: list[tuple[float, float]] = field(default_factory=list)  # (value, tolerance)
    negative: bool = False
    names: list[str] = field(default_factory=list)
    pole: tuple[str, str] | None = None
    colour: bool = False
    unit: str = ""
    other_units: set[str] = field(default_factory=set)  # words of the other facts' units (not %)
    period: str = ""  # the period a rate is given per in the reference ("year" in "1.3 pp a year")
    derived: bool = False  # computed from read values (a gap, a change, a ratio): the asked result
    quantity: UnitOf = field(default_factory=UnitOf)  # its unit, read
    pivot: float | None = None  # a computed share or ratio's side of it is part of the value (100%, 1x)
    #: judge21: whole numbers the question states that are not this fact's value ("(4 marks)"
    #: for a mean of 4.15): an answer repeating one restates the question, no reading of the fact
    asked_counts: frozenset[str] = frozenset()

    def surface_words(self) -> set[str]:
        out = claims.words(self.text)
        for name in self.names:
            out |= claims.words(name)
        return out


def asked_counts(question: str, fact: _Fact) -> frozenset[str]:
    """The whole numbers ``question`` states (no years) that no target of ``fact`` equals."""
    out = set()
    for found in find_numbers(question):
        value = found.readings[0]
        if (
            re.fullmatch(r"\d+", found.text)
            and not 1900 <= value <= 2100
            and value not in [t for t, _ in fact.targets]
        ):
            out.add(found.text)
    return frozenset(out)


def _number_fact(index: int, fact: Mapping[str, Any]) -> _Fact:
    value = fact.get("value")
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise JudgeInputError(
            f"{_where(index, fact)} is a number without a finite 'value' (got {value!r}): "
            "give every number fact a numeric value"
        )
    tolerances = []
    for key in ("abs_tol", "rel_tol"):
        tol = fact.get(key) or 0.0
        if isinstance(tol, bool) or not isinstance(tol, (int, float)) or not math.isfinite(tol) or tol < 0:
            raise JudgeInputError(f"{_where(index, fact)} has {key}={tol!r}: use a number >= 0")
        tolerances.append(float(tol))
    abs_tol, rel_tol = tolerances
    expected = [float(value)]
    unit = str(fact.get("unit") or "").lower()
    for word in re.findall(r"[a-z]+", unit):
        if len(word) > 1 and word in SCALES:
            expected.append(float(value) * SCALES[word])
            break
    if "%" in unit or "percent" in unit:
        expected.append(float(value) / 100)
    targets = []
    cap = _tolerance_cap(float(value), str(fact.get("text", value)))
    printed = _printing_gap(float(value), str(fact.get("text", value)))
    for target in expected:
        scale = abs(target / value) if value else 1.0
        # the reference's own printing of the value always matches (0.06 printed for 0.064)
        tol = max(min(max(abs_tol * scale, rel_tol * abs(target)), cap * scale), printed * scale * 1.0001)
        targets.append((target, max(tol, _FLOAT_SLACK * max(1.0, abs(target)))))
    return _Fact(
        index,
        "number",
        str(fact.get("text", value)),
        targets,
        negative=float(value) < 0,
        unit=str(fact.get("unit") or ""),
        derived=abs_tol > 0 and rel_tol == 0,
        quantity=fact_unit(str(fact.get("unit") or "")),
    )


def _printing_gap(value: float, text: str) -> float:
    """How far the fact's printed text lies from its exact value (0 when it does not parse)."""
    try:
        return abs(float(text.replace(",", "")) - value)
    except ValueError:
        return 0.0


def _tolerance_cap(value: float, text: str) -> float:
    """The widest tolerance a stated value may have: a tenth of it, or half a unit of its last
    printed digit when that is wider (a computed gap may carry a wide stored tolerance, but
    "approximately X" 15-20% off is wrong)."""
    decimals = len(text.split(".")[1]) if "." in text and text.split(".")[1].isdigit() else 0
    return max(_MAX_RELATIVE_TOLERANCE * abs(value), 0.5 * 10.0**-decimals)


def _label_fact(index: int, fact: Mapping[str, Any]) -> _Fact:
    raw = [fact.get("text"), *(fact.get("aliases") or [])]
    given = [n for n in raw if isinstance(n, str) and n.strip()]
    if not given:
        raise JudgeInputError(f"{_where(index, fact)} is a label with no text: give it 'text' or 'aliases'")
    names: list[str] = []
    for name in given:
        key = claims.fold(name).strip().lower()
        if key in claims.LOOSE_ALIASES:
            continue  # handled as its precise phrase by the pole, or dropped
        names.append(name)
    pole = claims.pole_of(given)
    text = str(fact.get("text") or given[0])
    colour = bool(claims.COLOUR.fullmatch(claims.fold(text).strip()))
    return _Fact(index, "label", text, names=names, pole=pole, colour=colour)


def _parse_fact(index: int, fact: Any) -> _Fact:
    if not isinstance(fact, Mapping):
        got = type(fact).__name__
        raise JudgeInputError(f"answer_values[{index}] is a {got}, not a dict: pass plain dicts")
    kind = fact.get("kind")
    if kind == "number":
        return _number_fact(index, fact)
    if kind == "label":
        return _label_fact(index, fact)
    raise JudgeInputError(f"{_where(index, fact)} has kind {kind!r}: use 'number' or 'label'")


@dataclass
class _Text:
    text: str
    clauses: list[tuple[int, int]]
    segments: list[tuple[int, int]]
    sentences: list[tuple[int, int]]
    numbers: list[FoundNumber]
    spans: dict[int, list[Span]] = field(default_factory=dict)  # fact index -> its statements

    @classmethod
    def of(cls, text: str) -> _Text:
        folded = claims.drop_titles(claims.fold(text))
        return cls(
            folded,
            claims.clause_bounds(folded),
            claims.segment_bounds(folded),
            claims.sentence_bounds(folded),
            _durations(
                folded,
                [
                    n
                    for n in find_numbers(folded)
                    if not (_LABEL_NUMBER.search(folded[max(0, n.start - 12) : n.start]) and n.text.isdigit())
                ],
            ),
        )

    def piece(self, bounds: list[tuple[int, int]], span: Span) -> tuple[int, int]:
        return claims.clause_of(bounds, span.start)

    def clause(self, span: Span) -> str:
        a, b = self.piece(self.clauses, span)
        return self.text[a:b]

    def negated(self, span: Span) -> bool:
        return claims.is_negated(self.text, self.clauses, span)


def transposed(fact_text: str, said: str) -> bool:
    """judge22: ``said`` writes the fact's printed digits in another order ("63.1" for 61.3,
    "4.72" for 4.27): a misreading, however close the two values lie (a fact's tolerance may
    span both)."""
    head = said.split()[0] if said.split() else ""
    if not re.fullmatch(r"[-−+]?\d[\d.,]*%?", head):
        return False  # "6억 510만": digits of a number in parts are no printing of one
    want, got = (re.sub(r"\D", "", t).lstrip("0") for t in (fact_text, head))
    return len(want) >= 3 and want != got and sorted(want) == sorted(got)


def _number_hits(
    fact: _Fact, text: _Text, numbers: Sequence[FoundNumber] | None = None
) -> list[tuple[FoundNumber, Span]]:
    out = []
    for found in text.numbers if numbers is None else numbers:
        if found.text in fact.asked_counts or transposed(fact.text, found.text):
            continue
        span = Span(found.start, found.end)
        bound, exact = bound_readings(fact.quantity, found, text.text)
        readings = list(bound)
        sentence = text.text[slice(*text.piece(text.sentences, span))]
        if fact.negative and all(r >= 0 for r in readings) and _FALL_CUE.search(sentence):
            readings += [-r for r in readings]
        readings = _per_period(fact, found, text, readings)
        slack = _rounding_slack(found, text) / max(
            abs(found.readings[-1] if found.scale > 1 else found.readings[0]), 1e-12
        )
        if exact and readings and not math.isclose(readings[0], found.readings[0], rel_tol=1e-9):
            # converted from another unit ("1.643 weeks" for 11.5 nights): rounded where it was written
            slack = max(slack, half_digit(found) / max(abs(found.readings[0]), 1e-12))
        # a converted reading is in the fact's own unit: only its own target (never the scaled
        # one), and so is a number written with a percent sign ("0.998%" is no 99.8%)
        if fact.derived and (
            _OPERAND.search(text.text[found.end : found.end + 4])
            or _AFTER_OPERATOR.search(text.text[max(0, found.start - 12) : found.start])
        ):
            continue  # "59 / 58.9 × 100 = 100.2%": an operand is no computed result
        targets = fact.targets[:1] if exact or (found.percent and _percentish(fact.unit)) else fact.targets
        if not exact and fact.unit and prefix_mismatch(fact.unit, found, text.text):
            continue  # "534 kgCO₂" is no 534 gCO₂
        if any(
            abs(r - t)
            <= max(_pivot_tolerance(fact, t, tol), min(slack * abs(r), _max_rounding(found) * abs(t)))
            and _same_side(fact, r, t)
            for r in readings
            for t, tol in targets
        ) and _unit_fits(fact, found, text):
            out.append((found, span))
    return out


#: judge17: an hours-and-minutes duration ("9 h 24 min", "9 hours and 24 minutes", "9h24")
HOURS_MINUTES = re.compile(
    r"[-−+]?(?P<h>\d{1,3})\s?(?:h|hrs?|hours?)\.?,?\s?(?:and\s+)?(?P<m>[0-5]?\d)\s?(?:min(?:ute)?s?|m)\b"
    r"|[-−+]?(?P<h2>\d{1,2})h(?P<m2>[0-5]\d)\b",
    re.IGNORECASE,
)


def _durations(text: str, numbers: list[FoundNumber]) -> list[FoundNumber]:
    """``numbers`` with each hours-and-minutes duration read as one number of hours ("9 h 24
    min" is 9.4, its minutes no number of their own); minutes of 60 or more are left as two
    numbers (:mod:`judge.offline_conversions` reads "11 h 90 min" as a wrong restatement)."""
    out: list[FoundNumber] = []
    end = -1
    for n in numbers:
        if n.start < end:
            continue  # the minutes of a duration
        m = HOURS_MINUTES.match(text, n.start)
        if m is None or n.scale_word or n.percent:
            out.append(n)
            continue
        hours = int(m["h"] or m["h2"]) + int(m["m"] or m["m2"]) / 60
        value = -hours if m.group(0)[0] in "-−" else hours  # "-0 h 23 min" too
        out.append(replace(n, text=m.group(0), readings=(value,), end=m.end()))
        end = m.end()
    return out


def _pivot_tolerance(fact: _Fact, target: float, tol: float) -> float:
    """A share of a target or a ratio is read off its pivot (100%, 1×): its tolerance is at most
    a tenth of its distance from the pivot (101.1% is no 101.8%: 1.1 points over, not 1.8)."""
    if fact.pivot is None or target != fact.targets[0][0]:
        return tol
    return min(tol, max(abs(target - fact.pivot) / 10, 10.0 ** -_decimals(fact.text) / 2))


def _decimals(text: str) -> int:
    return len(text.rsplit(".", 1)[1]) if "." in text else 0


def _same_side(fact: _Fact, reading: float, target: float) -> bool:
    """A reading of a computed share of a target or a ratio lies on the value's side of its
    pivot (99.6% of a target for 100.4% says it falls short: wrong, however close)."""
    if fact.pivot is None or target != fact.targets[0][0]:
        return True
    return (reading - fact.pivot) * (target - fact.pivot) > 0 or reading == fact.pivot


#: "99.8% of the target", "1.33 times": a computed share of something, or a ratio
_SHARE_OF = r"\s*(?:%|percent|per\s+cent)\s+of\b"
_TIMES = r"\s*(?:times|x|×)\b"


def pivot_of(fact: _Fact, reference: str) -> float | None:
    """The pivot of a computed fact the reference states as a share of something (100) or as a
    ratio (1), or None."""
    if fact.kind != "number" or not fact.derived:
        return None
    at = rf"(?<![\d.,]){re.escape(fact.text)}"
    if re.search(at + _SHARE_OF, reference, re.IGNORECASE):
        return 100.0
    if re.search(at + _TIMES, reference, re.IGNORECASE):
        return 1.0
    return None


#: An arithmetic operator or "=" right after a number: the number is an operand.
_OPERAND = re.compile(r"^\s*(?:=|(?:[×÷/x+]|\*(?!\*))\s*\d)")
#: A number right after "+", "×", "÷" or "/" is an operand too ("10.38 + 9.98 + 9.83 = 58.46")
_AFTER_OPERATOR = re.compile(r"\d\s*%?\s*(?:[×÷/+]|\*(?!\*))\s*$")


#: How many of each period a year holds: a rate per month is twelve times as much a year.
PER_YEAR = {"day": 365.0, "week": 52.0, "month": 12.0, "quarter": 4.0, "year": 1.0, "decade": 0.1}
_PERIOD_WORDS = {"daily": "day", "weekly": "week", "monthly": "month", "quarterly": "quarter",
                 "annual": "year", "annually": "year", "yearly": "year"}  # fmt: skip
_PERIOD = re.compile(
    r"\b(?:a|per|each|every)\s+(day|week|month|quarter|year|decade)\b|/\s*(day|week|month|quarter|year|yr)\b"
    r"|\b(daily|weekly|monthly|quarterly|annual|annually|yearly)\b",
    re.IGNORECASE,
)


def period_of(text: str) -> str:
    """The period a rate in ``text`` is given per ("a year", "per month", "annual"), or ""."""
    m = _PERIOD.search(text)
    if m is None:
        return ""
    word = next(g for g in m.groups() if g).lower()
    return "year" if word == "yr" else _PERIOD_WORDS.get(word, word)


def _per_period(fact: _Fact, found: FoundNumber, text: _Text, readings: list[float]) -> list[float]:
    """``readings`` of a rate written per another period than the fact's, converted into it
    ("0.11 pp a month" is 1.32 pp a year)."""
    if not fact.period:
        return readings
    said = period_of(text.text[found.end : found.end + 40].split(".")[0].split(";")[0])
    if not said or said == fact.period:
        return readings
    factor = PER_YEAR[said] / PER_YEAR[fact.period]
    return [r * factor for r in readings]


_APPROX_BEFORE = re.compile(
    r"(?:~|≈|\b(?:about|approximately|approx\.?|roughly|around|nearly|almost|essentially|practically|virtually|some|circa|ca\.))\s*[$€£]?$",
    re.IGNORECASE,
)
#: A rounded value ("~90" for 91, "about 42%" for 41.8) is within half its last digit of the
#: value, and never more than this share of it off; written with two or more significant digits
#: ("about 1.1 million" for 1.14, "about 150 days" for 152) the next share (judge7: the labelled
#: sets pass such roundings and fail one-digit ones: "about 7 million" for 7.1, "around 800").
_MAX_ROUNDING = 0.012
_MAX_ROUNDING_TWO_DIGITS = 0.04


def _max_rounding(found: FoundNumber) -> float:
    digits = re.sub(r"[^\d]", "", found.text.split()[0] if found.text.split() else "").lstrip("0")
    if "." not in found.text and "," not in found.text:
        digits = digits.rstrip("0")
    return _MAX_ROUNDING_TWO_DIGITS if len(digits) >= 2 else _MAX_ROUNDING


def _rounding_slack(found: FoundNumber, text: _Text) -> float:
    """Half the last written digit of a number marked as approximate (0 for an exact one)."""
    if not _APPROX_BEFORE.search(text.text[max(0, found.start - 16) : found.start]):
        return 0.0
    return half_digit(found)


def half_digit(found: FoundNumber) -> float:
    """Half the last written digit of ``found`` (in its scale)."""
    digits = re.sub(r"[^\d.,]", "", found.text.split()[0]).replace(",", ".")
    if "." in digits:
        place = 10.0 ** -len(digits.rsplit(".", 1)[1])
    else:
        place = 10.0 ** (len(digits) - len(digits.rstrip("0"))) if digits.strip("0") else 1.0
    return place / 2 * found.scale


#: How far a rounded value may lie from the fact and still be a doubt, not a plain error.
_ROUGH = 0.04


def roughly_stated(fact: _Fact, text: _Text) -> bool:
    """A number marked approximate and rounded to its last written digit ("about 1.1 million"
    for 1.14) that misses ``fact``'s tolerance by less than a few percent: coarse rounding a
    grader may accept."""
    if fact.kind != "number" or not fact.targets:
        return False
    for found in text.numbers:
        slack = _rounding_slack(found, text) / max(
            abs(found.readings[-1] if found.scale > 1 else found.readings[0]), 1e-12
        )
        if not slack:
            continue
        bound, exact = bound_readings(fact.quantity, found, text.text)
        targets = fact.targets[:1] if exact else fact.targets
        if any(abs(r - t) <= min(slack * abs(r), _ROUGH * abs(t)) for r in bound for t, _ in targets):
            return True
    return False


def _percentish(unit: str) -> bool:
    return "%" in unit or unit.strip().lower() in ("pp", "percentage points", "points", "percent")


def _unit_fits(fact: _Fact, found: FoundNumber, text: _Text) -> bool:
    """A number written with a percent sign is no amount in another unit, and a number followed
    by another fact's unit is not a percentage."""
    percent = "%" in found.text or "percent" in found.text.lower()
    if fact.unit and not _percentish(fact.unit):
        return not percent
    if _percentish(fact.unit) and not percent:
        after = re.match(r"\s*([A-Za-z€$£]+)", text.text[found.end : found.end + 20])
        return not (after and after.group(1).lower() in fact.other_units)
    return not (percent and pp_as_share(fact, found, text))


def pp_as_share(fact: _Fact, found: FoundNumber, text: _Text) -> bool:
    """A change in percentage points written as a share of something ("2.43% of the target")
    or called relative ("a relative change of −2.54%"): another quantity than the points."""
    if fact.quantity.share != "pp" or not ("%" in found.text or "percent" in found.text.lower()):
        return False
    if _SHARE_OF_SOMETHING.match(text.text[found.end : found.end + 40]):
        return True
    start, _ = text.piece(text.clauses, Span(found.start, found.end))
    return bool(_RELATIVE.search(text.text[start : found.start]))


_SHARE_OF_SOMETHING = re.compile(r"\s*(?:%|percent|per\s+cent)?\s*of\s+(?:the|its|their|a)\b", re.IGNORECASE)
_RELATIVE = re.compile(r"\brelative\b|\bproportional\b|\bin\s+relative\s+terms\b", re.IGNORECASE)


def _label_spans(fact: _Fact, text: _Text) -> list[Span]:
    spans: list[Span] = []
    for name in fact.names:
        spans += claims.find_all(claims.phrase_pattern(name), text.text)
        bare = re.sub(r"^(?:the|a|an)\s+(?=\S+\s)", "", name.strip(), flags=re.IGNORECASE)
        if bare != name.strip():  # "payment-by-results contracts" for "the payment-by-results contracts"
            spans += claims.find_all(claims.phrase_pattern(bare), text.text)
    if fact.pole is not None:
        family, pole = fact.pole
        spans += claims.find_all(claims.pole_pattern(family, pole, strong_only=False), text.text)
        if family == "side":
            spans += [s for p, s in claims.side_claims(text.text, text.clauses) if p == pole]
    spans.sort(key=lambda s: (s.start, -s.end))
    out: list[Span] = []
    for s in spans:
        if out and s.start < out[-1].end:
            continue
        out.append(s)
    return out


def _fact_spans(fact: _Fact, text: _Text) -> list[Span]:
    if fact.index not in text.spans:
        if fact.kind == "number":
            text.spans[fact.index] = [span for _, span in _number_hits(fact, text)]
        else:
            text.spans[fact.index] = _label_spans(fact, text)
    return text.spans[fact.index]


def _is_entity(fact: _Fact) -> bool:
    return fact.kind == "label" and fact.pole is None and not fact.colour
