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

A fact is **contradicted** when every statement of it is negated in its clause ("not",
"n't", "never", "rather than"...), bound to something else (its clause names a year or a name
that neither the question nor the reference has; it carries words that the reference ties to
another fact and none of its own; the question's other option is said to win), or offered
next to a rival value ("815 or 790", "between 810 and 830"); and a polar label is
contradicted by a confident use of an opposite pole ("rose" and "fell"). The answer scores 0
when it is empty, abstains, denies the whole claim ("It is not true that ..."), or sprays
numbers or names.

Otherwise the score is ``round(10 * matched / total)`` (half up); a contradicted fact caps it
at 3 (at most half the matched share); and an answer that gets every label fact right for a
question that asks for no number ("How did X develop?" - "It fell.") scores at least 6.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge import claims
from judge.base import JudgeItem, Judgement, score_concurrently
from judge.claims import Span
from judge.errors import JudgeInputError
from judge.numbers import SCALES, FoundNumber, find_numbers
from judge.parse import UNSCORED

OFFLINE_JUDGE_NAME = "offline-claims-v2"
OFFLINE_PROMPT_VERSION = "claims-v2"
ABSTENTION = "not found in the document"

_FLOAT_SLACK = 1e-9  # so 4.2 * 1e9 == 4.2e9 despite binary floating point
_SPRAY_NUMBERS = 10  # unexplained numbers that make an answer a spray
_SPRAY_NAMES = 5  # names foreign to the question and reference that make an answer a spray
_SPRAY_COLOURS = 3
_CONTRADICTED_CAP = 3
_CORE_FLOOR = 6
_CONNECTOR = re.compile(
    r"^\s*(?:%|[A-Za-z²³/]+(?:\s+[A-Za-z²³/]+){0,3})?\s*"
    r"(?P<link>,|or(?:\s+(?:possibly|perhaps|maybe))?|to|-|–|—|/|and|~)\s*(?:about\s+|around\s+|perhaps\s+|maybe\s+)?$",
    re.IGNORECASE,
)
_NUMERIC_ASK = re.compile(
    r"\bhow\s+(?:much|many|far|high|large|big)\b|\bwhat\s+(?:[\w-]+\s+){0,3}(?:value|values|level|figure|"
    r"percentage|change|gap|difference|result|rate|share|number|target|threshold|forecast|estimate)\b"
    r"|\bby\s+how\s+much\b|\bwhich\s+years?\b|\bwhen\b|\bwhat\s+years?\b|\bhow\s+high\b"
    r"|\bwhat\s+does\s+.*\b(?:report|record|give)\b|\bwhat\s+is\s+the\s+(?:highest|lowest|largest|smallest)\b",
    re.IGNORECASE,
)
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
    for target in expected:
        scale = abs(target / value) if value else 1.0
        tol = max(abs_tol * scale, rel_tol * abs(target), _FLOAT_SLACK * max(1.0, abs(target)))
        targets.append((target, tol))
    return _Fact(index, "number", str(fact.get("text", value)), targets, negative=float(value) < 0)


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
    bounds: list[tuple[int, int]]
    numbers: list[FoundNumber]

    @classmethod
    def of(cls, text: str) -> _Text:
        folded = claims.fold(text)
        return cls(folded, claims.clause_bounds(folded), find_numbers(folded))

    def clause(self, span: Span) -> str:
        a, b = claims.clause_of(self.bounds, span.start)
        return self.text[a:b]

    def negated(self, span: Span) -> bool:
        return claims.is_negated(self.text, self.bounds, span)


def _number_hits(fact: _Fact, text: _Text) -> list[tuple[FoundNumber, Span]]:
    out = []
    for found in text.numbers:
        span = Span(found.start, found.end)
        readings = list(found.readings)
        if fact.negative and all(r >= 0 for r in readings) and _FALL_CUE.search(text.clause(span)):
            readings += [-r for r in readings]
        if any(abs(r - t) <= tol for r in readings for t, tol in fact.targets):
            out.append((found, span))
    return out


def _label_spans(fact: _Fact, text: _Text) -> list[Span]:
    spans: list[Span] = []
    for name in fact.names:
        spans += claims.find_all(claims.phrase_pattern(name), text.text)
    if fact.pole is not None:
        family, pole = fact.pole
        spans += claims.find_all(claims.pole_pattern(family, pole, strong_only=False), text.text)
    spans.sort(key=lambda s: (s.start, -s.end))
    out: list[Span] = []
    for s in spans:
        if out and s.start < out[-1].end:
            continue
        out.append(s)
    return out


def _fact_spans(fact: _Fact, text: _Text) -> list[Span]:
    if fact.kind == "number":
        return [span for _, span in _number_hits(fact, text)]
    return _label_spans(fact, text)


@dataclass
class _Context:
    """What the question and reference say, for telling claims about the asked thing from others."""

    question: _Text
    reference: _Text
    facts: list[_Fact]
    known_words: set[str]
    known_numbers: list[float]
    anchors: list[set[str]]
    distractors: list[str]

    @classmethod
    def of(cls, item: JudgeItem, facts: list[_Fact]) -> _Context:
        question, reference = _Text.of(item.question), _Text.of(item.reference)
        known_words = claims.words(question.text) | claims.words(reference.text)
        for f in facts:
            known_words |= f.surface_words()
        known_numbers = [r for t in (question, reference) for n in t.numbers for r in n.readings]
        anchors = _anchors(facts, reference)
        distractors = _distractors(question, facts)
        return cls(question, reference, facts, known_words, known_numbers, anchors, distractors)

    def explained(self, found: FoundNumber) -> bool:
        for r in found.readings:
            if any(abs(r - k) <= _FLOAT_SLACK * max(1.0, abs(k)) for k in self.known_numbers):
                return True
            for f in self.facts:
                if f.kind == "number" and any(abs(r - t) <= tol for t, tol in f.targets):
                    return True
        return False


def _anchors(facts: list[_Fact], reference: _Text) -> list[set[str]]:
    """For each fact, the words of its reference clauses that no clause of an unrelated fact has."""
    clauses: list[set[tuple[int, int]]] = []
    for f in facts:
        clauses.append({claims.clause_of(reference.bounds, s.start) for s in _fact_spans(f, reference)})
    words = [
        set().union(*(claims.content_words(reference.text[a:b]) for a, b in cl)) if cl else set() for cl in clauses
    ]
    out = []
    for i, f in enumerate(facts):
        others: set[str] = set()
        for j in range(len(facts)):
            if j != i and not (clauses[i] & clauses[j]):
                others |= words[j]
        out.append(words[i] - others - f.surface_words())
    return out


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
        if not claims.words(name) <= ctx.known_words:
            return name
    return None


def _rival_number(ctx: _Context, fact: _Fact, found: FoundNumber, text: _Text) -> FoundNumber | None:
    """An unexplained number offered as an alternative to ``found``: "815 or 790", "810-830",
    "between 810 and 830"."""
    i = text.numbers.index(found)
    for j in (i - 1, i + 1):
        if not 0 <= j < len(text.numbers):
            continue
        other = text.numbers[j]
        a, b = (other, found) if j < i else (found, other)
        between = text.text[a.end : b.start]
        m = _CONNECTOR.match(between)
        if not m:
            continue
        word = m.group("link").lower()
        if word in ("to", "and", ",") and not re.search(
            r"\b(?:between|from)\s*\S?\s*$", text.text[max(0, a.start - 12) : a.start], re.IGNORECASE
        ):
            continue
        if _number_hits(fact, _Text(text.text, text.bounds, [other])) or ctx.explained(other):
            continue
        return other
    return None


def _misbound(ctx: _Context, fact: _Fact, clause: str) -> bool:
    own = ctx.anchors[fact.index]
    if not own:
        return False
    present = claims.words(clause)
    if own & present:
        return False
    others = set().union(*(a for i, a in enumerate(ctx.anchors) if i != fact.index)) - own
    return bool(others & present)


def _wrong_winner(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> bool:
    """The clause says one of the question's other options is the higher one, or that this
    label is the lower one."""
    if fact.kind != "label" or fact.pole or fact.colour or not ctx.distractors:
        return False
    a, b = claims.clause_of(text.bounds, span.start)
    clause = text.text[a:b]
    flip = bool(claims.NEGATOR.search(clause))
    high = claims.HIGH_CUE.search(clause)
    low = claims.LOW_CUE.search(clause)
    here = span.start - a
    if high and (high.start() > here) != flip and re.search(r"\bthan\b", clause[high.end() :]):
        return False
    if low and (low.start() > here) != flip:
        return True
    return False


def _distractor_wins(ctx: _Context, fact: _Fact, text: _Text) -> bool:
    if fact.kind != "label" or fact.pole or fact.colour or not ctx.distractors:
        return False
    mine = claims.phrase_pattern(fact.text)
    for name in ctx.distractors:
        for span in claims.find_all(claims.phrase_pattern(name), text.text):
            a, b = claims.clause_of(text.bounds, span.start)
            clause = text.text[a:b]
            high = claims.HIGH_CUE.search(clause, span.end - a)
            if not high or claims.NEGATOR.search(clause):
                continue
            before = clause[: high.start()]
            if not mine.search(before):
                return True
    return False


def _pole_conflict(ctx: _Context, fact: _Fact, text: _Text) -> str | None:
    if fact.pole is None:
        return None
    family, pole = fact.pole
    for other in claims.POLES[family]:
        if other == pole:
            continue
        strong = claims.pole_pattern(family, other, strong_only=True)
        if strong.search(ctx.reference.text):
            continue  # the reference uses both poles (several facts of one family)
        own = claims.pole_pattern(family, pole, strong_only=False)
        own_spans = claims.find_all(own, text.text)
        for span in claims.find_all(strong, text.text):
            if any(s.start <= span.start < s.end or span.start <= s.start < span.end for s in own_spans):
                continue
            if not text.negated(span):
                return text.text[span.start : span.end]
    return None


def _colour_conflict(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> str | None:
    if not fact.colour:
        return None
    for m in claims.COLOUR.finditer(text.clause(span)):
        word = m.group(0).lower()
        if word not in ctx.known_words and not claims.words(word) <= claims.words(fact.text):
            return word
    return None


@dataclass
class _Verdict:
    hit: bool = False
    why: str = ""


def _check(ctx: _Context, fact: _Fact, text: _Text) -> _Verdict:
    if fact.kind == "number":
        occurrences = [(span, found) for found, span in _number_hits(fact, text)]
    else:
        occurrences = [(span, None) for span in _label_spans(fact, text)]
    if not occurrences:
        return _Verdict(False, "")
    reasons = []
    ref_negated = any(ctx.reference.negated(s) for s in _fact_spans(fact, ctx.reference))
    for span, found in occurrences:
        clause = text.clause(span)
        said = text.text[span.start : span.end]
        if not ref_negated and text.negated(span):
            reasons.append(f"'{said}' is negated")
            continue
        if _misbound(ctx, fact, clause):
            reasons.append(f"'{said}' is tied to something else")
            continue
        foreign = _foreign(ctx, clause)
        if foreign is not None and (fact.kind == "number" or claims.YEAR.fullmatch(foreign)):
            reasons.append(f"'{said}' is given for {foreign}")
            continue
        if found is not None:
            rival = _rival_number(ctx, fact, found, text)
            if rival is not None:
                reasons.append(f"'{said}' is offered with {rival.text}")
                continue
        if _wrong_winner(ctx, fact, span, text):
            reasons.append(f"'{said}' is said to be the lower one")
            continue
        colour = _colour_conflict(ctx, fact, span, text)
        if colour is not None:
            reasons.append(f"'{said}' is offered with {colour}")
            continue
        break
    else:
        return _Verdict(False, reasons[0])
    conflict = _pole_conflict(ctx, fact, text)
    if conflict is not None:
        return _Verdict(False, f"also says '{conflict}'")
    if _distractor_wins(ctx, fact, text):
        return _Verdict(False, "another option is said to be higher")
    return _Verdict(True, "")


def _spray(ctx: _Context, text: _Text) -> str | None:
    unexplained = [n for n in text.numbers if not ctx.explained(n)]
    if len(unexplained) >= _SPRAY_NUMBERS:
        return f"{len(unexplained)} numbers the question does not call for"
    names = {name.lower() for name, _ in claims.proper_names(text.text) if not claims.words(name) <= ctx.known_words}
    if len(names) >= _SPRAY_NAMES:
        return f"{len(names)} names the question does not call for"
    colours = {m.group(0).lower() for m in claims.COLOUR.finditer(text.text)} - ctx.known_words
    if any(f.colour for f in ctx.facts) and len(colours) >= _SPRAY_COLOURS:
        return f"{len(colours)} colours the question does not call for"
    return None


def _first_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]


class OfflineJudge:
    """Scores a candidate's claims against ``JudgeItem.answer_values``; deterministic and free."""

    name: str = OFFLINE_JUDGE_NAME
    prompt_version: str = OFFLINE_PROMPT_VERSION

    def _judgement(self, score: int, text: str, valid: bool = True) -> Judgement:
        return Judgement(
            score=score, judgement=text, judge=self.name, prompt_version=self.prompt_version, valid=valid
        )

    def score(self, item: JudgeItem) -> Judgement:
        raw: Sequence[Any] = item.answer_values
        if not raw:
            return self._judgement(
                UNSCORED,
                "unscored: the item has no answer_values to check; use an LLM judge (openai:<model>) for it",
                valid=False,
            )
        # Check the facts first so a malformed one is reported even for an empty answer.
        facts = [_parse_fact(i, fact) for i, fact in enumerate(raw)]
        candidate = claims.fold(item.candidate)
        if not candidate.strip():
            return self._judgement(0, "empty answer")
        if " ".join(candidate.lower().split()).strip(" \t\"'“”.!").startswith(ABSTENTION) or claims.abstains(
            _first_sentence(candidate)
        ):
            return self._judgement(0, "the answer abstains ('Not found in the document.')")
        ctx = _Context.of(item, facts)
        if claims.denies_all(candidate) and not claims.denies_all(ctx.reference.text):
            return self._judgement(0, "the answer denies the claim")
        text = _Text.of(candidate)
        spray = _spray(ctx, text)
        if spray is not None:
            return self._judgement(0, f"the answer sprays guesses ({spray})")
        verdicts = [_check(ctx, f, text) for f in facts]
        matched = [f.text for f, v in zip(facts, verdicts, strict=True) if v.hit]
        wrong = [f"{f.text} ({v.why})" for f, v in zip(facts, verdicts, strict=True) if not v.hit and v.why]
        missing = [f.text for f, v in zip(facts, verdicts, strict=True) if not v.hit and not v.why]
        if claims.abstains(candidate) and missing + wrong:
            return self._judgement(0, "the answer abstains and states too little")
        share = len(matched) / len(facts)
        score = math.floor(10 * share + 0.5)
        if wrong:
            score = min(score, _CONTRADICTED_CAP, math.floor(5 * share + 0.5))
        elif not missing:
            score = 10
        else:
            labels = [f for f in facts if f.kind == "label"]
            if labels and all(f.text in matched for f in labels) and not _NUMERIC_ASK.search(ctx.question.text):
                score = max(score, _CORE_FLOOR)
        text_out = f"matched {len(matched)}/{len(facts)}"
        if matched:
            text_out += f": {', '.join(matched)}"
        if wrong:
            text_out += f"; contradicted: {', '.join(wrong)}"
        if missing:
            text_out += f"; missing: {', '.join(missing)}"
        return self._judgement(score, text_out)

    def cached(self, item: JudgeItem) -> Judgement | None:
        """The verdict, computed here: the offline judge never needs the network."""
        return self.score(item)

    def score_many(self, items: Sequence[JudgeItem], concurrency: int = 8) -> list[Judgement]:
        return score_concurrently(self.score, items, concurrency)

    def preflight(self) -> None:
        """Nothing to reach: always ready."""
