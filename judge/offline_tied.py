"""Statements tied to something else: a label or year said in a clause with words the
reference ties to another fact (:func:`_misbound`; the entity or colour the reference pairs a
fact with, too), and a value or entity said of another year than the reference binds it to
(:func:`_other_period`). Split from :mod:`judge.offline_checks`."""

from __future__ import annotations

import re

from judge import claims
from judge.claims import Span
from judge.offline_context import _Context, _partners_in
from judge.offline_facts import _Fact, _fact_spans, _is_entity, _Text

#: the words that open a span and lead to its other end, in the languages the judge reads
_SPAN_FROM = "from|between|over|von|zwischen|de|du|des|desde|entre|da|dal|dalla|dai|van|tussen|с|от|между"
_SPAN_TO = "to|and|bis|auf|nach|und|à|au|et|a|al|hasta|y|para|e|tot|naar|en|до|по|и"


def _ends_a_span(ctx: _Context, fact: _Fact, clause: str) -> bool:
    """The year is one end of a span whose other end is another asked year ("from 7.31% in 2012
    to 8.57% in 2014" for the years 2012 and 2014): the span is what the question asks, and the
    values the clause names are the change over it."""
    mine = fact.text.strip()
    for other in (f.text.strip() for f in ctx.facts if _is_year(f) and f is not fact):
        a, b = sorted((mine, other))
        if re.search(
            rf"(?i)\b(?:{_SPAN_FROM})\b[^;]*\b{a}\b[^;]*(?:\b(?:{_SPAN_TO})\b|→|–|-)[^;]*\b{b}\b", clause
        ):
            return True
    return False


def _slot(fact: _Fact) -> str:
    """What kind of slot a fact fills: a year (a date of an event), a read or computed value, or
    a label. Only the words of another fact of the same kind bind a year or label elsewhere: a
    reading dated by the asked year ("about 16.6 thousand in 2019") and the cause of a change
    said with the entity that changed ("Bangladesh's fall, which the report puts down to the port
    concession") name the value the year or label belongs to, not another year or label."""
    if _is_year(fact):
        return "year"
    return "number" if fact.kind == "number" else "label"


def _misbound(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> bool:
    """The clause carries words the reference ties to another fact and none of this fact's,
    or the entity (or colour) next to it is not the one the reference pairs it with."""
    clause = text.clause(span)
    every = claims.words(clause)
    own = ctx.anchors[fact.index]
    value = fact.kind == "number" and not _is_year(fact)  # a value is bound by its own checks (roles)
    # "below the average", "rose to 2016": a side or direction names what it compares with
    compares = fact.pole is not None and fact.pole[0] in ("side", "direction", "verdict")
    # an answer in another language writes an entity's context in its own words
    translated = ctx.foreign(text) and _is_entity(fact)
    if own and not own & every and not value and not compares and not translated:
        a, b = text.piece(text.clauses, span)
        here = {
            j
            for j, f in enumerate(ctx.facts)
            if j != fact.index and any(a <= s.start < b for s in _fact_spans(f, text))
        }
        unrelated = [
            ctx.anchors[j]
            for j in range(len(ctx.facts))
            if j not in ctx.related[fact.index]
            and not ctx.related[j] & here
            and _slot(ctx.facts[j]) == _slot(fact)
        ]
        foreign = set().union(*unrelated) & (every - ctx.fact_words)
        if _is_year(fact):  # "from 2011 to 2016": the other end of a period is no other fact's
            foreign = {w for w in foreign if not claims.YEAR.fullmatch(w)}
        if foreign and not (_is_year(fact) and _ends_a_span(ctx, fact, clause)):
            return True
    mates = ctx.segment_mates[fact.index]
    if mates and (_is_entity(fact) or fact.pole is not None):
        beside = {p for _, p in _partners_in(ctx, fact, text, span) if p[0] == "fact"}
        if beside and not beside & {("fact", j) for j in mates}:
            return True
    partner = ctx.partners[fact.index]
    if partner is not None:
        near = [(d, p) for d, p in _partners_in(ctx, fact, text, span) if p[0] == partner[0]]
        if near and partner not in [p for _, p in near]:
            return True
        if near and min(near, key=lambda p: p[0])[1] != partner:
            best = min(d for d, p in near if p == partner)
            if best > min(d for d, _ in near):
                return True
    return False


#: "36 km² in 2012": the year a reference writes right after a value is the value's own
_YEAR_AFTER = re.compile(
    r"(?:(?:[^\d;,.()]|(?<=[a-z])[23](?!\d)){0,24}?\bin\s+|\s*\(\s*)((?:19|20)\d\d)\b(?!\s*[-–—]\s*\d)"
)


def _other_period(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> str | None:
    """A year of the question or reference next to ``fact`` that is not the one the reference
    binds it to ("Belgium's 2016 figure" where the reference has Belgium in 2020); for a read
    value, a year of the reference in its clause (else its sentence) where the reference binds
    it to others only ("in 2023 the chart shows 0.06" where the reference has 0.06 in 2021): a
    wrong period."""
    value = fact.kind == "number" and not fact.derived and not _is_year(fact)
    if not value and (not _is_entity(fact) or _is_year_text(fact.text)):
        return None

    def place(t: _Text, s: Span) -> str:
        clause = t.clause(s)
        if not value or claims.YEAR.search(clause):
            return clause
        return t.text[slice(*t.piece(t.sentences, s))]

    bound: set[str] = set()
    for s in _fact_spans(fact, ctx.reference):
        own = _YEAR_AFTER.match(ctx.reference.text, s.end) if value else None
        bound |= {own.group(1)} if own else set(claims.YEAR.findall(place(ctx.reference, s)))
    if not bound:
        return None
    own = _YEAR_AFTER.match(text.text, span.end) if value else None
    if own is not None:  # "from 53.3% in 2011": the year written right after the value is its own
        return own.group(1) if own.group(1) not in bound and own.group(1) in ctx.known_words else None
    said = set(claims.YEAR.findall(place(text, span)))
    if value:
        if said & ctx.known_words:  # a year the reference never names is read as foreign elsewhere
            said &= ctx.known_words
        if bound & set(claims.YEAR.findall(text.text[slice(*text.piece(text.sentences, span))])):
            return None  # the answer's sentence has the value's own year too
    return min(said) if said and not said & bound else None


def _is_year_text(text: str) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d\d", text.strip()))


def _is_year(fact: _Fact) -> bool:
    value = fact.targets[0][0] if fact.targets else 0.0
    return fact.kind == "number" and not fact.unit and value == int(value) and 1900 <= value <= 2100
