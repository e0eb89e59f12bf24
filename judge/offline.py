"""A deterministic judge that needs no model: it checks the claims an answer makes about the
structured answer facts.

Each fact is looked for in the answer, and every place it is stated is read as a claim:

* **number**: a stated number within ``max(abs_tol, rel_tol * |value|)`` of ``value``, read with
  its scale word (``4.2 billion``, ``$3.1M``), a unit's scale (4.2 with unit "billion USD"
  matches 4,200 million), a percentage as a fraction either way, and a negative change
  written as a fall ("fell by 79" for -79).
* **label**: the text or a precise alias on word boundaries (loose aliases such as "more",
  "less", "short" count only as "more than", "less than", "short of"; "both" never). A label
  that is a polar word (rose / fell / flat, above / below, matches / contradicts, positive /
  negative / mixed) also matches its pole's other words.

A fact is **contradicted** when a statement of it is negated in its clause ("not", "n't",
"never", "rather than", a list after "is not:"), or every statement is bound to something
else (its clause names a year or a name that neither the question nor the reference has; it
carries words the reference ties to another fact and none of its own; the entity or colour
next to it is not the one the reference pairs it with) or offered next to a rival value
("815 or 790", "between 810 and 830", another figure in its unit); when the question's other
option is said to be higher; or when an opposite pole is stated ("rose" and "fell"). A number
in another unit is no statement of it (``27 million USD`` is not a percentage). The answer
also contradicts the reference when it only states the opposite of the reference's direction
(rose / above / matches) or of its "from A to B". The answer scores 0 when it is empty,
abstains, denies the whole claim ("It is not true that ..."), or sprays numbers, names or
colours.

Otherwise the score is ``round(10 * matched / total)`` (half up). A contradiction caps it at 3
(and at half the matched share); a missing computed result (a gap, change, ratio: a number
fact with an absolute tolerance only) caps it at 5; with every label and the computed result
right (or only years missing) it is at least 7; and a confident answer with every label right
to a question that asks for no number ("How did X develop?" - "It fell.") scores at least 6.
Measured agreement with rubric labels: ``tests/judge/test_offline_labelled.py``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge import certainty, claims, conclusion
from judge.base import JudgeItem, Judgement, score_concurrently
from judge.choices import spec_forms
from judge.claims import Span
from judge.errors import JudgeInputError
from judge.numbers import SCALES, FoundNumber, find_numbers
from judge.parse import UNSCORED
from judge.quantities import UnitOf, fact_unit, readings_for

#: The version of the offline judge's rules (scores of two versions are not comparable).
OFFLINE_VERSION = "offline-claims-v3"
#: How records name the offline judge (``backend:model``).
OFFLINE_JUDGE_NAME = f"offline:{OFFLINE_VERSION}"
OFFLINE_PROMPT_VERSION = "claims-v3"
ABSTENTION = "not found in the document"

_FLOAT_SLACK = 1e-9  # so 4.2 * 1e9 == 4.2e9 despite binary floating point
_SPRAY_NUMBERS = 10  # unexplained numbers that make an answer a spray
_SPRAY_NAMES = 5  # names foreign to the question and reference that make an answer a spray
_SPRAY_COLOURS = 3
_CONTRADICTED_CAP = 3
_MISSING_DERIVED_CAP = 5
_CORE_NUMBER_FLOOR = 7
_CORE_FLOOR = 6
_MAX_CHARS = 20_000  # claims are read in the last this many characters of a longer answer
_MAX_STATEMENTS = 64  # statements of one fact examined
_MAX_RELATIVE_TOLERANCE = 0.10  # no stored tolerance is wider than this share of the value
_CONNECTOR = re.compile(
    r"^\s*(?:%|[A-Za-z²³/][\w²³/]*(?:\s+[A-Za-z²³/][\w²³/]*){0,3})?\s*"
    r"(?P<link>,?\s*or(?:\s+(?:possibly|perhaps|maybe|by))?|,|to|->|→|-|–|—|/|and|~)\s*(?:about\s+|around\s+|perhaps\s+|maybe\s+)?$",
    re.IGNORECASE,
)
_NUMERIC_ASK = re.compile(
    r"\bhow\s+(?:much|many|far|high|large|big)\b|\bwhat\s+(?:[\w-]+\s+){0,3}(?:value|values|level|figure|"
    r"percentage|change|gap|difference|result|rate|share|number|target|threshold|forecast|estimate)\b"
    r"|\bby\s+how\s+much\b|\bwhich\s+years?\b|\bwhen\b|\bwhat\s+years?\b|\bhow\s+high\b|\bwhat\s+values?\b"
    r"|\bcite\b.*\bvalues?\b|\bvalues?\s+does\b|\bmargin\b|\bquantify\b|\bby\s+what\b"
    r"|\bwhat\s+does\s+.*\b(?:report|record|give)\b|\bwhat\s+is\s+the\s+(?:highest|lowest|largest|smallest)\b",
    re.IGNORECASE,
)
_LABEL_ASK = re.compile(
    r"\bhow\s+did\b.*\b(?:develop|move|change|evolve|trend)|\bwho\b"
    r"|\bwhich\s+(?:one|is|was|were|colour|color|item|series|came|country|of|identifies|represents)\b"
    r"|\b(?:does|do|is|are|did)\b.*\b(?:bear|agree|consistent|match|above|below|exceed|fall\s+short)"
    r"|\bwhat\s+does\s+the\s+\w+\s+(?:line|series|bar|mark|segment)\s+show|\b(?:what|which)\s+direction\b",
    re.IGNORECASE,
)
_HEDGE = re.compile(
    r"\b(?:probably|possibly|perhaps|maybe|might|seems?|likely|unclear|not\s+sure|hard\s+to\s+tell|i\s+think"
    r"|appears?\s+to)\b",
    re.IGNORECASE,
)
#: A LaTeX command: dropped (``\\boxed``, ``\\text``), or the character it escapes (``\\%``).
_LATEX_COMMAND = re.compile(r"\\(?:[A-Za-z]+|[%$&#_{}])")


def _unlatex(m: re.Match[str]) -> str:
    word = m.group(0)[1:]
    return " " if word.isalpha() else word


#: A number that names a figure, table, page or step ("Figure 1") is no value.
_LABEL_NUMBER = re.compile(r"\b(?:figure|fig\.|table|page|p\.|chart|section|step|panel)\s*$", re.IGNORECASE)
_FALL_CUE = re.compile(
    r"\b(?:fell|fall|falls|fallen|falling|decrease[sd]?|decreasing|declined?|declines|declining|dropped|drops?"
    r"|lower|down|below|less|reduction|reduced|loss|lost|shrank|contracted|short)\b",
    re.IGNORECASE,
)


def _where(index: int, fact: Mapping[str, Any]) -> str:
    return f"answer_values[{index}] ({fact.get('text', '?')!r})"


# --- the facts, checked -------------------------------------------------------------------


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
    derived: bool = False  # computed from read values (a gap, a change, a ratio): the asked result
    quantity: UnitOf = field(default_factory=UnitOf)  # its unit, read

    def surface_words(self) -> set[str]:
        out = claims.words(self.text)
        for name in self.names:
            out |= claims.words(name)
        return out


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
    for target in expected:
        scale = abs(target / value) if value else 1.0
        tol = min(max(abs_tol * scale, rel_tol * abs(target)), cap * scale)
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


# --- one text read for claims ---------------------------------------------------------------


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
            [
                n
                for n in find_numbers(folded)
                if not _LABEL_NUMBER.search(folded[max(0, n.start - 12) : n.start])
            ],
        )

    def piece(self, bounds: list[tuple[int, int]], span: Span) -> tuple[int, int]:
        return claims.clause_of(bounds, span.start)

    def clause(self, span: Span) -> str:
        a, b = self.piece(self.clauses, span)
        return self.text[a:b]

    def negated(self, span: Span) -> bool:
        return claims.is_negated(self.text, self.clauses, span)


def _number_hits(
    fact: _Fact, text: _Text, numbers: Sequence[FoundNumber] | None = None
) -> list[tuple[FoundNumber, Span]]:
    out = []
    for found in text.numbers if numbers is None else numbers:
        span = Span(found.start, found.end)
        readings = list(readings_for(fact.quantity, found, text.text))
        if fact.negative and all(r >= 0 for r in readings) and _FALL_CUE.search(text.clause(span)):
            readings += [-r for r in readings]
        if any(abs(r - t) <= tol for r in readings for t, tol in fact.targets) and _unit_fits(
            fact, found, text
        ):
            out.append((found, span))
    return out


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
    return True


def _label_spans(fact: _Fact, text: _Text) -> list[Span]:
    spans: list[Span] = []
    for name in fact.names:
        spans += claims.find_all(claims.phrase_pattern(name), text.text)
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
        out.append({w for w in words[i] - others - f.surface_words() if not claims.is_polar(w)})
    return out


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
    for name, _ in claims.proper_names(question.text):
        if name.lower().startswith("figure") or claims.words(name) & fact_words:
            continue
        out.append(name)
    return out


# --- claims about one fact ------------------------------------------------------------------


def _foreign(ctx: _Context, clause: str) -> str | None:
    """A year or a name in ``clause`` that neither the question nor the reference mentions."""
    for m in claims.YEAR.finditer(clause):
        if m.group(0) not in ctx.known_words:
            return m.group(0)
    for name, _ in claims.proper_names(clause):
        if _unknown_name(ctx, name):
            return name
    return None


def _unknown_name(ctx: _Context, name: str) -> bool:
    """Most words of ``name`` are in neither the question, the reference nor the facts."""
    words = claims.words(name)
    return len(words - ctx.known_words) * 2 > len(words)


def _foreign_year(ctx: _Context, span: Span, text: _Text) -> str | None:
    """A year the question and reference do not have, in the clause of ``span`` or in a short
    opening phrase of its segment ("In 2020, Malaysia was higher")."""
    places = [text.clause(span)]
    sa, _ = text.piece(text.segments, span)
    ca, cb = text.piece(text.clauses, Span(sa, sa))
    if len(text.text[ca:cb].split()) <= 3:
        places.append(text.text[ca:cb])
    for place in places:
        for year in claims.YEAR.findall(place):
            if year not in ctx.known_words:
                return str(year)
    return None


def _foreign_names(ctx: _Context, text: _Text) -> list[str]:
    if certainty.language_doubt(text.text):
        return []  # capitalised nouns of another language are no names (the verdict is uncertain)
    return _foreign_names_in(ctx, text)


def _foreign_names_in(ctx: _Context, text: _Text) -> list[str]:
    return [
        n
        for n, s in claims.proper_names(text.text)
        if not claims.words(n) <= ctx.known_words and not text.negated(s)
    ]


def _foreign_colours(ctx: _Context, text: _Text) -> list[str]:
    out = []
    for m in claims.COLOUR.finditer(text.text):
        if not claims.words(m.group(0)) <= ctx.known_words and not text.negated(Span(m.start(), m.end())):
            out.append(m.group(0).lower())
    return out


def _rival_number(ctx: _Context, fact: _Fact, found: FoundNumber, text: _Text) -> FoundNumber | None:
    """An unexplained number offered as an alternative to ``found``: "815 or 790", "810-830",
    "between 810 and 830", or another figure in the fact's unit in the same sentence."""
    i = text.numbers.index(found)
    for j in (i - 1, i + 1):
        if not 0 <= j < len(text.numbers):
            continue
        other = text.numbers[j]
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
    if fact.unit:
        sa, sb = text.piece(text.sentences, Span(found.start, found.end))
        for k, other in enumerate(text.numbers):
            if (
                other is found
                or not sa <= other.start < sb
                or ctx.explained(other)
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
    r"|\b(?:or\s+(?:possibly|perhaps|maybe)|possibly|alternatively)\b",
    re.IGNORECASE,
)


def _alternative(ctx: _Context, fact: _Fact, text: _Text) -> str | None:
    """Another value offered for ``fact`` after a hedge cue: an unknown number in its unit, or
    for an entity an unknown name."""
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


def _states_a_fact(ctx: _Context, found: FoundNumber, text: _Text) -> bool:
    """``found`` states some number fact (in a unit converted into the fact's)."""
    return any(f.kind == "number" and _number_hits(f, text, [found]) for f in ctx.facts)


def _misunit(ctx: _Context, fact: _Fact, text: _Text) -> FoundNumber | None:
    """A number with the fact's digits written in a unit or scale the fact's cannot be
    (``5.3 billion tonnes`` for 5.3 million, ``947 km²`` for 947 kg per hectare), stating no
    other fact: the asked value, bound to the wrong unit."""
    if fact.kind != "number" or not fact.targets:
        return None
    value, tol = fact.targets[0]
    for found in text.numbers:
        if abs(abs(found.readings[0]) - abs(value)) > tol or _states_a_fact(ctx, found, text):
            continue
        if not readings_for(fact.quantity, found, text.text):
            return found
        if fact.quantity.scaled and found.scale_word and found.scale != fact.quantity.scale:
            return found
    return None


def _change_pair(text: _Text, i: int, k: int) -> bool:
    """Numbers ``i`` and ``k`` are the two ends of a change ("from 833 to 520")."""
    if abs(i - k) != 1:
        return False
    a, b = text.numbers[min(i, k)], text.numbers[max(i, k)]
    m = _CONNECTOR.match(text.text[a.end : b.start])
    lead = text.text[max(0, a.start - 12) : a.start]
    if m and m.group("link") in ("→", "->"):
        return True
    return bool(
        m and m.group("link").lower() in ("to", "-", "–", "—") and re.search(r"\bfrom\s*\S?\s*$", lead, re.I)
    )


def _changes(facts: list[_Fact], text: _Text) -> set[tuple[int, int]]:
    """(start fact, end fact) of every "from A to B" the text states."""
    out = set()
    for i in range(len(text.numbers) - 1):
        if not _change_pair(text, i, i + 1):
            continue
        a, b = text.numbers[i], text.numbers[i + 1]
        starts = [f.index for f in facts if f.kind == "number" and _number_hits(f, text, [a])]
        ends = [f.index for f in facts if f.kind == "number" and _number_hits(f, text, [b])]
        out |= {(x, y) for x in starts for y in ends if x != y}
    return out


def _near_other_fact(ctx: _Context, fact: _Fact, found: FoundNumber) -> bool:
    """``found`` is a rounded statement of another number fact (42% for 41.8%)."""
    for f in ctx.facts:
        if f is fact or f.kind != "number":
            continue
        if any(abs(r - t) <= max(tol, 0.05 * abs(t)) for r in found.readings for t, tol in f.targets):
            return True
    return False


def _same_unit(unit: str, found: FoundNumber, text: _Text) -> bool:
    if "%" in unit:
        return "%" in found.text or "percent" in found.text.lower()
    first = unit.split()[0].lower() if unit.split() else ""
    after = text.text[found.end : found.end + len(first) + 2].lower()
    return bool(first) and bool(re.match(rf"\s*{re.escape(first)}\b", after))


def _misbound(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> bool:
    """The clause carries words the reference ties to another fact and none of this fact's,
    or the entity (or colour) next to it is not the one the reference pairs it with."""
    clause = text.clause(span)
    every = claims.words(clause)
    own = ctx.anchors[fact.index]
    if own and not own & every:
        a, b = text.piece(text.clauses, span)
        here = {
            j
            for j, f in enumerate(ctx.facts)
            if j != fact.index and any(a <= s.start < b for s in _fact_spans(f, text))
        }
        unrelated = [
            ctx.anchors[j]
            for j in range(len(ctx.facts))
            if j not in ctx.related[fact.index] and not ctx.related[j] & here
        ]
        if set().union(*unrelated) & (every - ctx.fact_words):
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


def _wrong_winner(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> bool:
    """The clause says this label is the lower one ("Uganda trails", "higher than Uganda")."""
    if not _is_entity(fact) or not ctx.distractors:
        return False
    a, b = text.piece(text.clauses, span)
    clause = text.text[a:b]
    flip = bool(claims.NEGATOR.search(clause))
    here = span.start - a
    high = claims.HIGH_CUE.search(clause)
    if high and high.start() < here and re.search(r"\bthan\s*$", clause[high.end() : here]) and not flip:
        return True
    low = claims.LOW_CUE.search(clause)
    return bool(low and low.start() > here and not flip)


def _distractor_wins(ctx: _Context, fact: _Fact, text: _Text) -> str | None:
    if not _is_entity(fact) or not ctx.distractors:
        return None
    mine = claims.phrase_pattern(fact.text)
    for name in ctx.distractors:
        for span in claims.find_all(claims.phrase_pattern(name), text.text):
            a, b = text.piece(text.clauses, span)
            clause = text.text[a:b]
            high = claims.HIGH_CUE.search(clause, span.end - a)
            if not high or claims.NEGATOR.search(clause) or re.search(r"\bor\b", clause):
                continue
            if not mine.search(clause[: high.start()]):
                return name
    return None


def _pole_conflict(ctx: _Context, fact: _Fact, text: _Text) -> str | None:
    if fact.pole is None:
        return None
    family, pole = fact.pole
    own_spans = claims.find_all(claims.pole_pattern(family, pole, strong_only=False), text.text)
    for other in claims.POLES[family]:
        if other == pole:
            continue
        strong = claims.pole_pattern(family, other, strong_only=True)
        if strong.search(ctx.reference.text):
            continue  # the reference uses both poles (several facts of one family)
        for span in claims.find_all(strong, text.text):
            if any(s.start <= span.start < s.end or span.start <= s.start < span.end for s in own_spans):
                continue
            if not text.negated(span):
                return text.text[span.start : span.end]
    if family == "side":
        for said, span in claims.side_claims(text.text, text.clauses):
            if said != pole:
                return text.clause(span).strip()
    return None


def _colour_conflict(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> str | None:
    if not fact.colour:
        return None
    for m in claims.COLOUR.finditer(text.clause(span)):
        word = m.group(0).lower()
        if not claims.words(word) <= ctx.known_words and not claims.words(word) <= claims.words(fact.text):
            return word
    return None


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
    named = fact.kind == "number" and not certainty.language_doubt(
        text.text
    )  # no names read in other languages
    foreign = year or (_foreign(ctx, text.clause(span)) if named else None)
    if foreign is not None:
        return f"'{said}' is given for {foreign}"
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


def _check(ctx: _Context, fact: _Fact, text: _Text) -> _Verdict:
    if fact.kind == "number":
        occurrences: list[tuple[Span, FoundNumber | None]] = [
            (span, found) for found, span in _number_hits(fact, text)
        ]
    else:
        occurrences = [(span, None) for span in _label_spans(fact, text)]
    occurrences = occurrences[:_MAX_STATEMENTS]
    ref_negated = any(ctx.reference.negated(s) for s in _fact_spans(fact, ctx.reference))
    problems = [_problem(ctx, fact, span, found, text, ref_negated) for span, found in occurrences]
    clean = any(p is None for p in problems)
    conflict = None if clean and fact.pole and fact.pole[0] == "stance" else _pole_conflict(ctx, fact, text)
    if conflict is not None:
        return _Verdict(False, f"also says '{conflict}'")
    winner = _distractor_wins(ctx, fact, text)
    if winner is not None:
        return _Verdict(False, f"{winner} is said to be higher")
    negated = [p for p in problems if p is not None and p.endswith("is negated")]
    if negated:
        return _Verdict(False, negated[0])
    if any(p is None for p in problems):
        alternative = _alternative(ctx, fact, text)
        if alternative is not None:
            return _Verdict(False, f"offered with the alternative '{alternative}'")
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


def _reversed(ctx: _Context, text: _Text) -> str | None:
    """The reference says one way (rose, above, matches; from A to B) and the answer only says
    the other."""
    stated = _changes(ctx.facts, ctx.reference)
    for x, y in _changes(ctx.facts, text):
        if (y, x) in stated and (x, y) not in stated:
            return f"from {ctx.facts[x].text} to {ctx.facts[y].text}"
    for family in ("direction", "side", "verdict"):
        poles = claims.POLES[family]
        said = [
            p
            for p in poles
            if any(
                not ctx.reference.negated(s)
                for s in claims.find_all(claims.pole_pattern(family, p, strong_only=True), ctx.reference.text)
            )
        ]
        if len(said) != 1:
            continue
        spans = claims.find_all(claims.pole_pattern(family, said[0], strong_only=False), text.text)
        mine = [s for s in spans if not text.negated(s)]
        if mine:
            continue
        if spans:
            return "not " + text.text[spans[0].start : spans[0].end]
        for other in poles:
            if other == said[0]:
                continue
            for s in claims.find_all(claims.pole_pattern(family, other, strong_only=True), text.text):
                if not text.negated(s):
                    return text.text[s.start : s.end]
    return None


def _spray(ctx: _Context, text: _Text) -> str | None:
    unexplained = [n for n in text.numbers if not ctx.explained(n)]
    asked = sum(1 for f in ctx.facts if f.kind == "number")
    if len(unexplained) >= _SPRAY_NUMBERS or (len(unexplained) >= 6 and len(unexplained) > 3 * max(asked, 1)):
        return f"{len(unexplained)} numbers the question does not call for"
    names = {name.lower() for name in _foreign_names(ctx, text)}
    if len(names) >= _SPRAY_NAMES:
        return f"{len(names)} names the question does not call for"
    colours = set(_foreign_colours(ctx, text))
    if any(f.colour for f in ctx.facts) and len(colours) >= _SPRAY_COLOURS:
        return f"{len(colours)} colours the question does not call for"
    return None


def _is_year(fact: _Fact) -> bool:
    value = fact.targets[0][0] if fact.targets else 0.0
    return fact.kind == "number" and not fact.unit and value == int(value) and 1900 <= value <= 2100


def _first_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]


def _score(ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], hedged: bool) -> int:
    """The rubric's number for these verdicts (see the module docstring)."""
    hit = [v.hit for v in verdicts]
    share = sum(hit) / len(facts)
    score = math.floor(10 * share + 0.5)
    if any(not v.hit and v.why for v in verdicts):
        return min(score, _CONTRADICTED_CAP, math.floor(5 * share + 0.5))
    if all(hit):
        return 10
    derived = [h for f, h in zip(facts, hit, strict=True) if f.derived]
    labels = [h for f, h in zip(facts, hit, strict=True) if f.kind == "label"]
    if derived and not all(derived):
        return min(score, _MISSING_DERIVED_CAP)
    if all(labels) and any(hit) and not hedged:
        missing = [f for f, h in zip(facts, hit, strict=True) if not h]
        non_year_hit = any(h and not _is_year(f) for f, h in zip(facts, hit, strict=True))
        if derived or (non_year_hit and all(_is_year(f) for f in missing)):
            score = max(score, _CORE_NUMBER_FLOOR)
        asks = ctx.question.text
        if labels and _LABEL_ASK.search(asks) and not _NUMERIC_ASK.search(asks):
            score = max(score, _CORE_FLOOR)
    return score


def _assess(ctx: _Context, facts: list[_Fact], text: _Text) -> tuple[list[_Fact], list[_Verdict]]:
    """Each fact's verdict in ``text``, and the reference's direction when only its opposite is said."""
    verdicts = [_check(ctx, f, text) for f in facts]
    flipped = _reversed(ctx, text)
    if flipped is not None and all(v.why == "" or v.hit for v in verdicts):
        verdicts.append(_Verdict(False, f"says '{flipped}' where the reference says the opposite"))
        facts = [*facts, _Fact(len(facts), "label", "the reference's direction")]
    return facts, verdicts


def _assess_committed(
    ctx: _Context, facts: list[_Fact], text: _Text, tail: _Text, parts: conclusion.Split | None
) -> tuple[list[_Fact], list[_Verdict], bool]:
    """The verdicts of the answer's conclusion (:mod:`judge.conclusion`), facts it leaves
    unsaid taken from the reasoning's clean statements; False when the answer commits to
    nothing it can be scored on (then the whole answer's verdicts, or none for a bare list).
    A number the conclusion states in a fact's unit that is no known value answers that fact wrongly."""
    if parts is None:
        return (*_assess(ctx, facts, text), True)
    scored, said = _assess(ctx, facts, tail)
    for i, v in enumerate(said):
        fact = scored[i]
        if v.hit or v.why or fact.kind != "number":
            continue
        other = [
            n for n in tail.numbers if not ctx.explained(n) and readings_for(fact.quantity, n, tail.text)
        ]
        if other and not _is_year(fact):
            said[i] = _Verdict(False, f"the conclusion says '{other[0].text}'")
    if not any(v.hit or v.why for v in said):
        if parts.kind == "readings":
            return scored, said, False
        return (*_assess(ctx, facts, text), False)
    _, before = _assess(ctx, facts, _Text.of(parts.reasoning))
    merged = [
        v if v.hit or v.why or i >= len(before) or not before[i].hit else before[i]
        for i, v in enumerate(said)
    ]
    return scored, merged, True


class OfflineJudge:
    """Scores a candidate's claims against ``JudgeItem.answer_values``; deterministic and free."""

    name: str = OFFLINE_JUDGE_NAME
    prompt_version: str = OFFLINE_PROMPT_VERSION

    def _judgement(self, score: int, text: str, valid: bool = True, certain: bool = True) -> Judgement:
        return Judgement(
            score=score,
            judgement=text,
            judge=self.name,
            prompt_version=self.prompt_version,
            valid=valid,
            certain=certain and valid,
        )

    def score(self, item: JudgeItem) -> Judgement:
        raw: Sequence[Any] = item.answer_values
        if not raw:
            return self._judgement(
                UNSCORED,
                "unscored: the item has no answer_values to check; use an LLM judge "
                f"({spec_forms(offline=False, none=False)}) for it",
                valid=False,
            )
        # Check the facts first so a malformed one is reported even for an empty answer.
        facts = [_parse_fact(i, fact) for i, fact in enumerate(raw)]
        for f in facts:
            if _percentish(f.unit):
                f.other_units = {w.lower() for g in facts if not _percentish(g.unit) for w in g.unit.split()}
        candidate = claims.fold(_LATEX_COMMAND.sub(_unlatex, item.candidate))
        if not candidate.strip():
            return self._judgement(0, "empty answer")
        if " ".join(candidate.lower().split()).strip(" \t\"'“”.!").startswith(ABSTENTION) or claims.abstains(
            _first_sentence(candidate)
        ):
            return self._judgement(0, "the answer abstains ('Not found in the document.')")
        ctx = _Context.of(item, facts)
        if claims.denies_all(candidate) and not claims.denies_all(item.reference):
            return self._judgement(0, "the answer denies the claim")
        text = _Text.of(candidate)
        if len(text.text) > _MAX_CHARS:
            text = _Text.of(text.text[-_MAX_CHARS:])
        parts = conclusion.split(text.text)
        tail = _Text.of(parts.conclusion) if parts is not None else text
        spray = _spray(ctx, tail)
        if spray is not None:
            return self._judgement(0, f"the answer sprays guesses ({spray})")
        facts, verdicts, committed = _assess_committed(ctx, facts, text, tail, parts)
        matched = [f.text for f, v in zip(facts, verdicts, strict=True) if v.hit]
        wrong = [f"{f.text} ({v.why})" for f, v in zip(facts, verdicts, strict=True) if not v.hit and v.why]
        missing_facts = [f for f, v in zip(facts, verdicts, strict=True) if not v.hit and not v.why]
        missing = [f.text for f in missing_facts]
        hedged = any(m.group(0).lower() not in ctx.reference.text.lower() for m in _HEDGE.finditer(candidate))
        score = _score(ctx, facts, verdicts, hedged)
        doubts = certainty.doubts(
            candidate,
            hedged=hedged,
            committed=committed,
            missing_labels=sum(1 for f in missing_facts if f.kind == "label"),
            conflicting=sum(1 for v in verdicts if v.conflict),
            numbers_missing_without_numbers=any(f.kind == "number" for f in missing_facts)
            and not text.numbers,
        )
        text_out = f"matched {len(matched)}/{len(facts)}"
        if matched:
            text_out += f": {', '.join(matched)}"
        if wrong:
            text_out += f"; contradicted: {', '.join(wrong)}"
        if missing:
            text_out += f"; missing: {', '.join(missing)}"
        if doubts:
            text_out += f"; uncertain: {'; '.join(doubts)}"
        return self._judgement(score, text_out, certain=not doubts)

    def cached(self, item: JudgeItem) -> Judgement | None:
        """The verdict, computed here: the offline judge never needs the network."""
        return self.score(item)

    def score_many(self, items: Sequence[JudgeItem], concurrency: int = 8) -> list[Judgement]:
        return score_concurrently(self.score, items, concurrency)

    def preflight(self) -> None:
        """Nothing to reach: always ready."""
