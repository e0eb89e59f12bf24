"""What the offline judge knows of an item besides its facts: the question and reference
read, the words and numbers they explain, the entities each fact is paired with, and names,
years and colours foreign to them."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from judge import certainty, claims, entity_names
from judge.base import JudgeItem
from judge.claims import Span
from judge.numbers import SCALES, FoundNumber, find_numbers
from judge.offline_facts import (
    _FLOAT_SLACK,
    _Fact,
    _fact_spans,
    _is_entity,
    _label_spans,
    _Text,
)
from judge.quantities import is_unit_word

Partner = tuple[str, object]


@dataclass
class _Context:
    """What the question and reference say, for telling claims about the asked thing from others."""

    question: _Text
    reference: _Text
    facts: list[_Fact]
    known_words: set[str]
    known_numbers: list[float]
    anchors: list[set[str]]
    segment_mates: list[set[int]]
    related: list[set[int]]
    fact_words: set[str]
    partners: list[Partner | None]
    distractors: list[str]
    memo: dict[str, Any] = field(default_factory=dict)  # readings of the item other modules keep

    @classmethod
    def of(cls, item: JudgeItem, facts: list[_Fact]) -> _Context:
        question, reference = _Text.of(item.question), _Text.of(item.reference)
        raw_q, raw_r = claims.fold(item.question), claims.fold(item.reference)
        known_words = claims.words(raw_q) | claims.words(raw_r)
        for f in facts:
            known_words |= f.surface_words()
        known_numbers = [r for t in (_Text.of(raw_q), _Text.of(raw_r)) for n in t.numbers for r in n.readings]
        known_numbers += [r for n in find_numbers(raw_q) + find_numbers(raw_r) for r in n.readings]
        spans = [_fact_spans(f, reference) for f in facts]
        segments = [{reference.piece(reference.segments, s) for s in sp} for sp in spans]
        anchors = _anchors(facts, reference, segments)
        _question_anchors(facts, question, anchors, segments)
        mates = [
            {j for j in range(len(facts)) if j != i and segments[i] & segments[j] and _is_entity(facts[j])}
            for i in range(len(facts))
        ]
        related = [
            {j for j in range(len(facts)) if segments[i] & segments[j]} | {i} for i in range(len(facts))
        ]
        fact_words = set().union(*(f.surface_words() for f in facts))
        ctx = cls(
            question,
            reference,
            facts,
            known_words,
            known_numbers,
            anchors,
            mates,
            related,
            fact_words,
            [],
            [],
        )
        ctx.partners = [
            _partner(ctx, f, reference, sp[0]) if sp else None for f, sp in zip(facts, spans, strict=True)
        ]
        ctx.distractors = _distractors(question, facts)
        return ctx

    def foreign(self, text: _Text) -> bool:
        """The answer is read as another language (before its words were glossed) or ``text`` is."""
        return bool(self.memo.get("foreign")) or certainty.language_doubt(text.text) is not None

    def explained(self, found: FoundNumber) -> bool:
        for r in found.readings:
            if any(abs(r - k) <= _FLOAT_SLACK * max(1.0, abs(k)) for k in self.known_numbers):
                return True
            for f in self.facts:
                if f.kind == "number" and any(abs(r - t) <= tol for t, tol in f.targets):
                    return True
        return False


def _anchors(facts: list[_Fact], reference: _Text, segments: list[set[tuple[int, int]]]) -> list[set[str]]:
    """For each fact, the words of its reference segments that no segment of an unrelated fact has."""
    words = [
        set().union(*(claims.content_words(reference.text[a:b]) for a, b in seg)) if seg else set()
        for seg in segments
    ]
    out = []
    for i, f in enumerate(facts):
        others: set[str] = set()
        for j in range(len(facts)):
            if j != i and not (segments[i] & segments[j]):
                others |= words[j]
        mine = words[i] - others - f.surface_words() - _SOURCES  # "chart" and "text" tie nothing to one fact
        out.append({w for w in mine if not claims.is_polar(w)})
    return out


#: The two sources an item compares (``claims.words`` folds figure, graph, report, prose into these).
_SOURCES = frozenset({"chart", "text"})


def _question_anchors(
    facts: list[_Fact], question: _Text, anchors: list[set[str]], segments: list[set[tuple[int, int]]]
) -> None:
    """Entities the reference names without context ("The first was X; the second, Y") take their
    context from the question's parts, in order ("who reacted negatively to A, and who ... B")."""
    entities = [i for i, f in enumerate(facts) if _is_entity(f)]
    if len(entities) < 2 or any(anchors[i] for i in entities):
        return
    parts = [p for p in re.split(r",?\s+and\s+(?=who|which|what|how|when)|;|\?", question.text) if p.strip()]
    if len(parts) != len(entities):
        return
    words = [claims.content_words(p) for p in parts]
    for k, i in enumerate(entities):
        others = set().union(*(w for n, w in enumerate(words) if n != k))
        anchors[i] = words[k] - others - facts[i].surface_words()
        segments[i] = {(-1 - k, -1 - k)}  # each part is its own claim


def _partners_in(ctx: _Context, fact: _Fact, text: _Text, span: Span) -> list[tuple[int, Partner]]:
    """(distance, partner) for every entity label and colour in the clause of ``span``; a clause
    joined to its neighbour by a colon ("Customs administrations: positive") counts as one."""
    a, b = text.piece(text.clauses, span)
    if text.text[b : b + 1] == ":":
        b = text.piece(text.clauses, Span(b + 1, b + 1))[1]
    if a > 0 and text.text[a - 1 : a] == ":":
        a = text.piece(text.clauses, Span(a - 2, a - 2))[0] if a >= 2 else 0
    out: list[tuple[int, Partner]] = []
    for j, other in enumerate(ctx.facts):
        if other is fact or not _is_entity(other):
            continue
        for s in _label_spans(other, text):
            if a <= s.start < b:
                out.append((min(abs(s.start - span.end), abs(span.start - s.end)), ("fact", j)))
    if not fact.colour:
        for m in claims.COLOUR.finditer(text.text, a, b):
            out.append(
                (min(abs(m.start() - span.end), abs(span.start - m.end())), ("colour", m.group(0).lower()))
            )
    return out


def _partner(ctx: _Context, fact: _Fact, reference: _Text, span: Span) -> Partner | None:
    """The entity or colour the reference states ``fact`` next to, in the same clause."""
    if fact.kind == "number":
        return None
    found = _partners_in(ctx, fact, reference, span)
    return min(found, key=lambda p: p[0])[1] if found else None


def _distractors(question: _Text, facts: list[_Fact]) -> list[str]:
    """Names the question offers that no fact is: the other options of a "which" question."""
    if not re.search(r"\b(?:which|who|or)\b", question.text, re.IGNORECASE):
        return []
    fact_words = set().union(*(f.surface_words() for f in facts)) if facts else set()
    out = []
    names = [name for name, _ in claims.proper_names(question.text)]
    for name in [*names, *_EITHER.findall(question.text)]:
        name = re.sub(r"['’]s?$", "", name)  # "Greece's" offers Greece
        if name.lower().startswith("figure") or claims.words(name) & fact_words or name in out:
            continue
        out.append(name)
    return out


#: judge16: the first of two options after a colon or a dash ("…: Haiti or Barbados"), which
#: the name reader skips as a word opening a clause
_EITHER = re.compile(r"[:—–]\s+([A-Z][A-Za-z'’\-]+(?:\s+[A-Z][A-Za-z'’\-]+)*)(?=,?\s+or\s+[A-Z])")


def _foreign(ctx: _Context, clause: str) -> str | None:
    """A year or a name in ``clause`` that neither the question nor the reference mentions."""
    for m in claims.YEAR.finditer(clause):
        if m.group(0) not in ctx.known_words:
            return m.group(0)
    for name, span in claims.proper_names(clause):
        if _ARTICLE_FIRST.match(name):  # "Im Jahr 2013": a German article and a common noun
            continue
        if _unknown_name(ctx, name) and not is_unit_word(name) and not _common_noun(clause[: span.start]):
            return name
    return None


#: judge12: what stands before a capitalised common noun of German, no name: a German article
#: or preposition ("in diesem Jahr", "Im Jahr") or a number that is no year ("4,6 Prozentpunkte")
_NOUN_BEFORE = re.compile(
    r"(?:\b(?:im|diesem|dieser|dieses|dem|der|des|einem|einer|eines|zum|zur|beim|vom)"
    r"|(?<![\d.,])(?!(?:19|20)\d\d\b)\d+[.,]\d+)\s*$",
    re.IGNORECASE,
)


#: judge15: a capitalised German article or preposition opening a "name" ("Im Jahr", "Der Wert")
_ARTICLE_FIRST = re.compile(r"(?:Im|Dem|Der|Die|Das|Den|Des|Ein|Eine|Einem|Einer|Zum|Zur|Beim|Vom)\s+\w")


def _common_noun(before: str) -> bool:
    return bool(_NOUN_BEFORE.search(before))


def _unknown_name(ctx: _Context, name: str) -> bool:
    """Most words of ``name`` are in neither the question, the reference nor the facts."""
    words = claims.words(name)
    unknown = {w for w in words - ctx.known_words if not _cognate(w, ctx.known_words)}
    return len(unknown) * 2 > len(words)


def _cognate(word: str, known: set[str]) -> bool:
    """``word`` is another language's spelling of a known word ("Agricultura" for Agriculture,
    "Brasil" for Brazil), or a scale or unit word ("Tausend", "Milliarden"): no foreign name."""
    if word in SCALES or is_unit_word(word):
        return True
    if len(word) < 5:
        return False
    return any(
        abs(len(k) - len(word)) <= 3 and difflib.SequenceMatcher(None, word, k).ratio() >= _COGNATE
        for k in known
    )


_COGNATE = 0.8


#: a title or axis label the answer quotes ("the chart 'Programme participants by year,
#: 2010–2018'", "on the 'Number of farms' axis"): two or more words in quotes
_QUOTED = re.compile(
    r"\"[^\"\n]{3,160}\"|“[^”\n]{3,160}”|‘[^’\n]{3,160}’|«[^»\n]{3,160}»|„[^“”\n]{3,160}[“”]"
    r"|(?<!\w)'[^'\n]{3,160}'(?!\w)"
)


def unquoted(text: str) -> str:
    """``text`` with the titles and labels it quotes (two or more words) blanked out, offsets
    kept (judge15): a misquoted title names no entity or year the answer binds a value to."""
    return _QUOTED.sub(lambda m: " " * len(m.group(0)) if len(m.group(0).split()) >= 2 else m.group(0), text)


def clause_unquoted(text: _Text, span: Span) -> str:
    """The clause of ``span`` with quoted titles blanked out (:func:`unquoted`)."""
    return unquoted(text.text)[slice(*text.piece(text.clauses, span))]


def _foreign_year(ctx: _Context, span: Span, text: _Text) -> str | None:
    """A year the question and reference do not have, in the clause of ``span`` or in a short
    opening phrase of its segment ("In 2020, Malaysia was higher"); quoted titles aside."""
    places = [clause_unquoted(text, span)]
    sa, _ = text.piece(text.segments, span)
    ca, cb = text.piece(text.clauses, Span(sa, sa))
    if len(text.text[ca:cb].split()) <= 3:
        places.append(unquoted(text.text)[ca:cb])
    for place in places:
        for year in claims.YEAR.findall(place):
            if year not in ctx.known_words:
                return str(year)
    return None


def _foreign_names(ctx: _Context, text: _Text) -> list[str]:
    if ctx.foreign(text):
        # capitalised nouns of another language are no names (the verdict is uncertain), but a
        # country's name is, and so is a name in Latin letters in an answer in another script
        names = [n for n in entity_names.named(text.text).values() if _unknown_name(ctx, n)]
        if _OTHER_SCRIPT.search(text.text):
            names += [n for n in _foreign_names_in(ctx, text) if n not in names and not is_unit_word(n)]
        return names
    return _foreign_names_in(ctx, text)


#: letters of the other scripts the judge reads (Cyrillic, Arabic, Devanagari, kana, CJK, Hangul)
_OTHER_SCRIPT = re.compile("[\u0400-\u04ff\u0600-\u06ff\u0900-\u097f\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")


def _foreign_names_in(ctx: _Context, text: _Text) -> list[str]:
    return [
        n
        for n, s in claims.proper_names(text.text)
        if not claims.words(n) <= ctx.known_words and not text.negated(s) and not is_unit_word(n)
    ]  # judge29: a unit word is no name ("25.9 Stunden")


def _foreign_colours(ctx: _Context, text: _Text) -> list[str]:
    out = []
    for m in claims.COLOUR.finditer(text.text):
        if not claims.words(m.group(0)) <= ctx.known_words and not text.negated(Span(m.start(), m.end())):
            out.append(m.group(0).lower())
    return out
