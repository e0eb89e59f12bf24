"""The offline judge's checks of one fact in an answer: each statement's problem (negated,
misbound, foreign, a rival or hedged alternative), a wrong unit or year, pole and winner
conflicts, and the fact's verdict."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from judge import claims
from judge import offline_binding as binding
from judge import offline_roles as roles
from judge import offline_winner as winners
from judge.claims import Span
from judge.numbers import FoundNumber
from judge.offline_context import (
    _Context,
    _foreign,
    _foreign_colours,
    _foreign_names,
    _foreign_year,
    _unknown_name,
    clause_unquoted,
)
from judge.offline_conversions import restating
from judge.offline_facts import (
    _FALL_CUE,
    _Fact,
    _fact_spans,
    _is_entity,
    _label_spans,
    _number_hits,
    _rounding_slack,
    _Text,
    half_digit,
    pp_as_share,
    transposed,
)
from judge.offline_poles import (
    _CONNECTOR,
    _change_pair,
    _colour_conflict,
    _distractor_wins,
    _pole_conflict,
    _wrong_winner,
    last_colour_other,
    stance_turned,
)
from judge.offline_tied import _is_year, _misbound, _other_period
from judge.quantities import bound_readings, prefix_mismatch, readings_for, stated_unit

_MAX_STATEMENTS = 64  # statements of one fact examined


def _rounds_known(ctx: _Context, found: FoundNumber, text: _Text) -> bool:
    """``found`` is marked approximate and rounds a number the reference knows ("at about 72%"
    for 72.1%): that number, no rival."""
    slack = _rounding_slack(found, text)
    return bool(slack) and any(abs(found.readings[0] - k) <= slack for k in ctx.known_numbers)


def _rival_number(ctx: _Context, fact: _Fact, found: FoundNumber, text: _Text) -> FoundNumber | None:
    """An unexplained number offered as an alternative to ``found``: "815 or 790", "810-830",
    "between 810 and 830", or another figure in the fact's unit in the same sentence."""
    i = text.numbers.index(found)
    same = restating(text)  # judge16: "5.58 hours (5 hours and 35 minutes)" is one amount
    for j in (i - 1, i + 1):
        if not 0 <= j < len(text.numbers):
            continue
        other = text.numbers[j]
        if other.start in same:
            continue
        a, b = (other, found) if j < i else (found, other)
        m = _CONNECTOR.match(text.text[a.end : b.start])
        if not m:
            continue
        link = m.group("link").lower()
        lead = text.text[max(0, a.start - 12) : a.start]
        if link == "and" and not re.search(r"\bbetween\s*\S?\s*$", lead, re.IGNORECASE):
            continue
        if link == "to" and re.search(r"\bfrom\s*\S?\s*$", lead, re.IGNORECASE):
            continue
        if link == "," and not re.search(
            r"\bor\b", text.clause(Span(b.start, b.end)) + text.text[b.end : b.end + 40]
        ):
            continue
        if _number_hits(fact, text, [other]) or ctx.explained(other) or _states_a_fact(ctx, other, text):
            continue
        return other
    if fact.unit and not re.search(r"=\s*$", text.text[max(0, found.start - 4) : found.start]):
        # a result after "=" is what the figures before it give, not a rival of them
        sa, sb = text.piece(text.sentences, Span(found.start, found.end))
        for k, other in enumerate(text.numbers):
            if (
                other is found
                or other.start in same
                or not sa <= other.start < sb
                or ctx.explained(other)
                or _rounds_known(ctx, other, text)
                or _change_pair(text, i, k)
            ):
                continue
            if _number_hits(fact, text, [other]) or not _same_unit(fact.unit, other, text):
                continue
            if _near_other_fact(ctx, fact, other):
                continue
            clause = text.clause(Span(other.start, other.end))
            if (
                claims.YEAR.search(clause)
                or claims.proper_names(clause)
                or text.negated(Span(other.start, other.end))
            ):
                continue
            if abs(other.readings[0] - fact.targets[0][0]) <= 0.5 * abs(fact.targets[0][0]):
                return other
    return None


#: A cue that offers another value for the same slot ("though it might be 45", "or possibly 45").
_ALTERNATIVE_CUE = re.compile(
    r"\b(?:though|although|but|or|and)\s+(?:it\s+|this\s+|that\s+)?(?:might|may|could)\s+(?:also\s+|well\s+)?be\b"
    r"|\b(?:or\s+(?:possibly|perhaps|maybe)|possibly|perhaps|maybe|alternatively)\b",
    re.IGNORECASE,
)
#: A cue after a value that offers it as a possibility too ("but 45 is also possible").
_POSSIBLE_AFTER = re.compile(
    r"^\s*(?:[%°\w²/.-]+\s+){0,3}(?:is|are|would\s+be|seems|looks)\s+(?:also\s+|equally\s+|just\s+as\s+)?"
    r"(?:possible|plausible|likely|conceivable|an\s+option)\b",
    re.IGNORECASE,
)


def _alternative(ctx: _Context, fact: _Fact, text: _Text) -> str | None:
    """Another value offered for ``fact`` after a hedge cue: an unknown number in its unit, or
    for an entity an unknown name."""
    if fact.kind == "number":
        for found in text.numbers:
            if ctx.explained(found) or not readings_for(fact.quantity, found, text.text):
                continue
            if _POSSIBLE_AFTER.match(text.text[found.end : found.end + 60]):
                return found.text
    for cue in _ALTERNATIVE_CUE.finditer(text.text):
        after = text.text[cue.end() : cue.end() + 40]
        if fact.kind == "number":
            for found in text.numbers:
                near = cue.end() <= found.start < cue.end() + 30
                if near and not ctx.explained(found) and readings_for(fact.quantity, found, text.text):
                    return found.text
        elif _is_entity(fact):
            for name, _ in claims.proper_names(after):
                if _unknown_name(ctx, name):
                    return name
    return None


_OR_AFTER = re.compile(
    r"^\s*,?\s*or\s+(?:(?:perhaps|possibly|maybe|rather|else)\s+)?(?:the\s+)?([^\W\d_][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
)
_OR_BEFORE = re.compile(r"([^\W\d_][\w'’-]*)\s*,?\s+or\s+(?:(?:perhaps|possibly|maybe)\s+)?(?:the\s+)?$")


def _or_rival(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> str | None:
    """Another candidate for a label's slot offered with "or" ("Education or Finance", "up
    or down", "either France or Sweden"): the question's other option, a name or colour the
    question and reference lack, or another pole of the label's family."""
    if fact.kind != "label" or re.search(r"\bor\b", ctx.reference.text):
        return None
    after = _OR_AFTER.match(text.text[span.end : span.end + 60])
    before = _OR_BEFORE.search(text.text[max(0, span.start - 60) : span.start])
    for m in (after, before):
        if m is None:
            continue
        word = m.group(1)
        if claims.words(word) & claims.words(fact.text):
            continue
        if any(claims.words(word) <= claims.words(d) for d in ctx.distractors):
            return word
        if fact.pole is not None:
            family, pole = fact.pole
            if any(
                claims.pole_pattern(family, other, strong_only=False).fullmatch(word)
                for other in claims.POLES[family]
                if other != pole
            ):
                return word
        elif (word[:1].isupper() and _unknown_name(ctx, word)) or (
            fact.colour and claims.COLOUR.fullmatch(word)
        ):
            return word
    return None


def _states_a_fact(ctx: _Context, found: FoundNumber, text: _Text) -> bool:
    """``found`` states some number fact (in a unit converted into the fact's)."""
    return any(f.kind == "number" and _number_hits(f, text, [found]) for f in ctx.facts)


def _restated_as_share(fact: _Fact, text: _Text) -> FoundNumber | None:
    """The asked change in points, written as a relative change or a share of something."""
    if fact.kind != "number" or not fact.targets or fact.quantity.share != "pp":
        return None
    value, tol = fact.targets[0]
    for found in text.numbers:
        if abs(abs(found.readings[0]) - abs(value)) <= tol and pp_as_share(fact, found, text):
            return found
    return None


def _gap_of_asked(ctx: _Context, fact: _Fact, found: FoundNumber) -> bool:
    """``found``, with no scale word of its own, is the gap of two asked values in the fact's unit,
    to its written digits, and the fact is no such gap ("47.9% … 23.7%; so the gap is about
    24.20 points"): their difference, no misunit of the level ("10 billion USD below" for 10.0
    million, or "0.48 days" for an asked gap of 0.48 hours, still is one)."""
    if found.scale_word:
        return False
    values = [
        f.targets[0][0]
        for f in ctx.facts
        if f.kind == "number" and f.targets and f.unit == fact.unit and not _is_year(f)
    ]
    said, near = abs(found.readings[0]), half_digit(found) / found.scale + 1e-9 * abs(found.readings[0])
    gaps = [abs(a - b) for i, a in enumerate(values) for b in values[i + 1 :]]
    own = abs(fact.targets[0][0])
    return any(abs(said - g) <= near for g in gaps) and not any(abs(own - g) <= near for g in gaps)


def _misunit(ctx: _Context, fact: _Fact, text: _Text) -> FoundNumber | None:
    """A number with the fact's digits written in a unit or scale the fact's cannot be
    (``5.3 billion tonnes`` for 5.3 million, ``947 km²`` for 947 kg per hectare), stating no
    other fact nor the gap of two asked values: the asked value, bound to the wrong unit."""
    if fact.kind != "number" or not fact.targets:
        return None
    value, tol = fact.targets[0]
    for found in text.numbers:
        if abs(abs(found.readings[0]) - abs(value)) > tol or _states_a_fact(ctx, found, text):
            continue
        if _gap_of_asked(ctx, fact, found):
            continue
        bound, exact = bound_readings(fact.quantity, found, text.text)
        if not exact and prefix_mismatch(fact.unit, found, text.text):
            return found  # "534 kgCO₂" for 534 gCO₂
        if not bound or (
            exact and not _number_hits(fact, text, [found]) and abs(abs(bound[0]) - abs(value)) > tol
        ):
            return found  # no reading, or one converted from a unit or scale that is not the fact's
        if fact.quantity.scaled and found.scale_word and found.scale != fact.quantity.scale:
            return found
        said = stated_unit(found, text.text).physical
        if (
            said is not None
            and fact.quantity.physical not in (None, said)
            and not _number_hits(fact, text, [found])
        ):
            return found  # "101 hectares" for 101 km²
    return None


def _wrong_value(ctx: _Context, fact: _Fact, text: _Text) -> FoundNumber | None:
    """A number the answer states in the fact's own unit (a bare one for a fact without a unit)
    that is no value the question, reference or facts know: the asked value, stated wrongly
    (a contradiction, not a missing fact)."""
    if fact.kind != "number" or not fact.targets or _is_year(fact):
        return None
    for found in text.numbers:
        value = found.readings[0]
        if transposed(fact.text, found.text) and not text.negated(Span(found.start, found.end)):
            return found  # judge22: "13.46" for 13.64 is the value misread, not another value
        if not math.isfinite(value) or ctx.explained(found) or _near_other_fact(ctx, fact, found):
            continue
        if _states_a_fact(ctx, found, text) or (
            value.is_integer() and 1900 <= value <= 2100 and not found.percent
        ):
            continue
        said = stated_unit(found, text.text)
        if fact.quantity.share == "pct" and not fact.derived and said.share == "pp":
            continue  # "0.3 points below it" is a gap, no level in percent
        written = not said.bare or bool(found.scale_word)
        if fact.unit and not (
            _same_unit(fact.unit, found, text) or (written and readings_for(fact.quantity, found, text.text))
        ):
            continue
        if not fact.unit and (found.percent or written):
            continue
        if text.negated(Span(found.start, found.end)):
            continue
        return found
    return None


def _reference_other(ctx: _Context, fact: _Fact, found: FoundNumber) -> bool:
    """``found`` is, digit for digit, a number the reference writes for something other than
    ``fact`` (its printed value is another)."""
    try:
        printed = float(fact.text.replace(",", ""))
    except ValueError:
        return False
    r = found.readings[0]
    if abs(abs(r) - abs(printed)) <= 1e-9 * max(1.0, abs(printed)):
        return False  # a negative fact's magnitude ("falls short by 6.3" for -6.3) is its own
    return any(abs(r - n.readings[0]) <= 1e-9 * max(1.0, abs(r)) for n in ctx.reference.numbers)


def _nearer_other(ctx: _Context, fact: _Fact, found: FoundNumber) -> bool:
    """``found`` lies within tolerance of another number fact whose value it is nearer to than
    ``fact``'s (19% is the text's 19, not a reading of the chart's 18.9)."""
    r = found.readings[0]
    mine = abs(r - fact.targets[0][0])
    for f in ctx.facts:
        if f is fact or f.kind != "number" or not f.targets:
            continue
        value, tol = f.targets[0]
        if abs(r - value) < mine and abs(r - value) <= tol:
            return True
    return False


def _near_other_fact(ctx: _Context, fact: _Fact, found: FoundNumber) -> bool:
    """``found`` is a rounded statement of another number fact (42% for 41.8%): within half a
    unit of its last written digit, or a little more (15.7 is no rounding of 14.99)."""
    digits = re.sub(r"[^\d.,]", "", found.text.split()[0] if found.text.split() else "").replace(",", ".")
    place = 10.0 ** -len(digits.rsplit(".", 1)[1]) if "." in digits else 1.0
    for f in ctx.facts:
        if f is fact or f.kind != "number":
            continue
        for r in found.readings:
            for t, tol in f.targets:
                if abs(r - t) <= max(
                    tol, place / 2 * abs(r / found.readings[0] if found.readings[0] else 1), 0.012 * abs(t)
                ):
                    return True
    return False


def _same_unit(unit: str, found: FoundNumber, text: _Text) -> bool:
    if "%" in unit:
        return "%" in found.text or "percent" in found.text.lower()
    first = unit.split()[0].lower() if unit.split() else ""
    after = text.text[found.end : found.end + len(first) + 2].lower()
    return bool(first) and bool(re.match(rf"\s*{re.escape(first)}\b", after))


_FALL_BEFORE = re.compile(
    r"(?:\b(?:fell|falls?|fallen|dropped|drops?|declined?|declines|decreased?|decreases|shrank|down"
    # judge35: other fall verbs, and a comma before "by" ("dipped, by 0.6 pp")
    r"|dipped|dips|slipped|slid|sank|eased|contracted|shrunk|went\s+down|edged\s+down|ticked\s+down"
    # judge32: the fall verbs of the languages the judge reads numbers in ("cayó 0,42", "a baissé de")
    r"|cayó|bajó|disminuyó|baissé|diminué|chuté|calato|sceso|diminuito|caiu|diminuiu|daalde|gedaald"
    r"|gesunken|gefallen)\s*"
    r"(?:,?\s*(?:by|de|di|en|um|van|met|на)\s+|了\s*)?"
    # judge32: a German verb before its subject ("sank der Anteil um 0,42 Prozentpunkte")
    r"|\b(?:sank|sanken|sinkt|fiel|fielen|fällt|fell|dropped|declined|decreased)\s+(?:\w+\s+){0,3}?um\s+)"
    r"(?:(?:about|roughly|around|some|nearly|almost)\s+|~\s?)?$",
    re.IGNORECASE,
)
_RISE_BEFORE = re.compile(
    r"\b(?:rose|rises|risen|grew|grows|increased|increases|climbed|gained|went\s+up|up"
    r"|jumped|surged|soared|edged\s+up|ticked\s+up)\s*(?:,?\s*by\s+)?"
    r"(?:(?:about|roughly|around|some|nearly|almost)\s+|~\s?)?$",
    re.IGNORECASE,
)
#: judge33: a fall word after the number and its unit words ("3億ドル減少しました", glossed
#: "3億ドル fell"; "0.3 billion USD decrease"): verb-final languages and noun phrases state it after
_FALL_AFTER = re.compile(
    r"((?:\s*[^\W\d_]+){0,3}?)\s*(?:fell|decreased?|declined?|dropped|drop|fall)\b(?!\s+(?:by|of|from|to)\b)",
    re.IGNORECASE,
)
_UNIT_WORDS = frozenset(("percent", "per", "cent", "percentage", "point", "points", "pp", "pts"))


def _fall_after(fact: _Fact, span: Span, text: _Text) -> bool:
    """A fall word right after a computed change, only its unit's words (or another script's)
    between (a level followed by one is where a fall ended: "54.4%로 하락했습니다")."""
    m = _FALL_AFTER.match(text.text[span.end : span.end + 48])
    if m is None or _is_year(fact) or not fact.derived:
        return False
    unit = claims.words(fact.unit) | _UNIT_WORDS | {"thousand", "million", "billion", "trillion"}
    return all(w.lower() in unit or not w.isascii() for w in re.findall(r"[^\W\d_]+", m.group(1)))


#: judge33: an accounting negative, the number alone in brackets before its unit or a word of loss
_ACCOUNTING_CLOSE = re.compile(
    r"\)\s*(?:%|[^\W\d_]*\s*[^\W\d_.;]*[,:]?\s*(?:i\.e\.\s*|that\s+is\s*)?(?:an?\s+)?"
    r"(?:\w+\s+)?(?:loss|losses|decline|deficit|negative|drop|fall|decrease|shortfall)\b)",
    re.IGNORECASE,
)


def _accounting_negative(span: Span, text: _Text) -> bool:
    """``span`` is a number written as an accounting negative: "(10.62)%", "(32.93) branches, i.e.
    a decline"; a value in brackets after its label ("Brazil (32.93)", "(28.1%)") is none."""
    bare = re.fullmatch(r"[\d.,]+", text.text[span.start : span.end])
    if text.text[max(0, span.start - 1) : span.start] != "(" or not bare:
        return False
    return bool(_ACCOUNTING_CLOSE.match(text.text, span.end))


_CHANGE = re.compile(r"\bchang(?:e|es|ed)\b|\b(?:rose|rise|grew|increased?|up)\b", re.IGNORECASE)


_TO_AFTER = re.compile(r"\s*(?:%|[^\W\d_]{1,12})?\s*(?:to|a|à|para|naar|tot|auf|bis|al|до)\s+[-−]?\d")


def _stated_as_fall(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> bool:
    """A rise (a positive change the reference states without a fall) written as a fall:
    "fell by 5.7" for a change of +5.7."""
    if (
        fact.kind != "number"
        or fact.negative
        or not (
            _FALL_BEFORE.search(text.text[max(0, span.start - 40) : span.start])
            or _fall_after(fact, span, text)
        )
        or _TO_AFTER.match(text.text, span.end)  # "cae de 470 a 258": the start of a from-to
    ):
        return False
    clauses = [ctx.reference.clause(s) for s in _fact_spans(fact, ctx.reference)]
    if not clauses or any(_FALL_CUE.search(c) for c in clauses):
        return False
    return bool(_CHANGE.search(ctx.question.text) or any(_CHANGE.search(c) for c in clauses))


def _problem(
    ctx: _Context, fact: _Fact, span: Span, found: FoundNumber | None, text: _Text, ref_negated: bool
) -> str | None:
    """Why this statement of ``fact`` is not a claim of it, or None."""
    said = text.text[span.start : span.end].strip()
    if not ref_negated and text.negated(span):
        return f"'{said}' is negated"
    if _misbound(ctx, fact, span, text):
        return f"'{said}' is tied to something else"
    year = _foreign_year(ctx, span, text)
    named = fact.kind == "number" and not ctx.foreign(text)  # no names read in other languages
    foreign = year or (_foreign(ctx, clause_unquoted(text, span)) if named else None)
    if foreign is not None:
        return f"'{said}' is given for {foreign}"
    if _stated_as_fall(ctx, fact, span, text):
        return f"'{said}' is stated as a fall"
    if fact.kind == "number" and not fact.negative and _accounting_negative(span, text):
        return f"'({said})' is written as a negative"  # judge33: "(10.62)%, a loss margin"
    if fact.kind == "number" and fact.negative and text.text[max(0, span.start - 1) : span.start] == "+":
        return f"'+{said}' is stated as a rise"  # "+2.90 pp" for a change of -2.90
    if (
        fact.kind == "number"
        and fact.negative
        and _RISE_BEFORE.search(text.text[max(0, span.start - 40) : span.start])
    ):
        return f"'{said}' is written as a rise"  # judge10: "loss rose by 4.099" for a change of -4.099
    period = _other_period(ctx, fact, span, text)
    if period is not None:
        return f"'{said}' is given for {period}"
    period = binding.period_misbound(ctx, fact, span, text)
    if period is not None:
        return f"'{said}' is given for {period}"
    statistic = binding.statistic_misbound(ctx, fact, span, text)
    if statistic is not None:
        return f"'{said}' is given as {statistic}"
    series = binding.series_misbound(ctx, fact, span, text)
    if series is not None:
        return f"'{said}' is given for {series}"
    side = roles.role_misbound(ctx, fact, span, text)
    if side is not None:
        return f"'{said}' is given for the {side}"
    entity = roles.entity_misbound(ctx, fact, span, text)
    if entity is not None:
        return f"'{said}' is given for {entity}"
    if found is not None:
        rival = _rival_number(ctx, fact, found, text)
        if rival is not None:
            return f"'{said}' is offered with {rival.text}"
    if _wrong_winner(ctx, fact, span, text):
        return f"'{said}' is said to be the lower one"
    colour = _colour_conflict(ctx, fact, span, text)
    if colour is not None:
        return f"'{said}' is offered with {colour}"
    return None


@dataclass
class _Verdict:
    hit: bool = False
    why: str = ""
    conflict: bool = False  # a clean statement and a problematic one of the same fact
    soft: bool = False  # a wrong value for the fact: partial credit, no floor (not the contradiction cap)


def _check(ctx: _Context, fact: _Fact, text: _Text) -> _Verdict:
    if fact.kind == "number":
        occurrences: list[tuple[Span, FoundNumber | None]] = [
            (span, found) for found, span in _number_hits(fact, text)
        ]
        own = [(s, n) for s, n in occurrences if n is None or not _nearer_other(ctx, fact, n)]
        occurrences = own or occurrences  # 19% is the text's 19, not a reading of the chart's 18.9
        # 520 written where the reference has the text's 520 is that 520, not a reading of 534
        occurrences = [
            (s, n)
            for s, n in occurrences
            if n is None or _rounding_slack(n, text) or not _reference_other(ctx, fact, n)
        ]
    else:
        occurrences = [(span, None) for span in _label_spans(fact, text)]
    occurrences = occurrences[:_MAX_STATEMENTS]
    ref_negated = any(ctx.reference.negated(s) for s in _fact_spans(fact, ctx.reference))
    problems = [_problem(ctx, fact, span, found, text, ref_negated) for span, found in occurrences]
    clean = any(p is None for p in problems)
    stance = bool(fact.pole and fact.pole[0] == "stance")
    conflict = (stance_turned(ctx, fact, text) if clean and stance else None) or (
        None if clean and stance else _pole_conflict(ctx, fact, text)
    )
    if conflict is not None:
        return _Verdict(False, f"also says '{conflict}'")
    winner = _distractor_wins(ctx, fact, text) or winners.winner_conflict(ctx, fact, text)
    if winner is not None:
        return _Verdict(False, f"{winner} is said to be higher")
    listed = winners.no_pick(ctx, fact, text)
    if listed is not None:
        return _Verdict(False, f"listed with {listed}, none picked")
    negated = [
        p
        for p in problems
        if p is not None and p.endswith(("is negated", "is stated as a fall", "is stated as a rise"))
    ]
    if negated:
        return _Verdict(False, negated[0])
    relative = _restated_as_share(fact, text)
    if relative is not None:
        return _Verdict(False, f"'{relative.text}' is a share of something, no points")
    if any(p is None for p in problems):
        for (span, _), p in zip(occurrences, problems, strict=True):
            rival = _or_rival(ctx, fact, span, text) if p is None else None
            if rival is not None:
                return _Verdict(False, f"offered with the alternative '{rival}'")
        alternative = _alternative(ctx, fact, text) or last_colour_other(ctx, fact, text)
        if alternative is not None:
            return _Verdict(False, f"offered with the alternative '{alternative}'")
        misunit = _misunit(ctx, fact, text) if fact.kind == "number" and fact.unit else None
        if misunit is not None and stated_unit(misunit, text.text).physical is not None:
            # "0.40 points below, i.e. about 0.4 years behind": the value restated in a unit it cannot be
            return _Verdict(False, f"also says '{misunit.text}' in another unit")
        return _Verdict(True, "", conflict=any(p is not None for p in problems))
    if problems:
        return _Verdict(False, str(problems[0]))
    misunit = _misunit(ctx, fact, text)
    if misunit is not None:
        return _Verdict(False, f"'{misunit.text}' is in another unit or scale")
    if _is_year(fact):
        years = [
            y for y in claims.YEAR.findall(text.text) if y not in claims.YEAR.findall(ctx.reference.text)
        ]
        if years:
            return _Verdict(False, f"says {years[0]} instead")
    if _is_entity(fact):
        names = _foreign_names(ctx, text)
        if names:
            return _Verdict(False, f"names {names[0]} instead")
    if fact.colour:
        colours = _foreign_colours(ctx, text)
        if colours:
            return _Verdict(False, f"names {colours[0]} instead")
    return _Verdict(False, "")
