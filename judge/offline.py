"""A deterministic judge that needs no model: it checks the claims an answer makes about the
structured answer facts (``offline-claims-v34``).

Each fact (:mod:`judge.offline_facts`) is looked for in the answer, and every place it is
stated is read as a claim:

* **number**: a stated number within the fact's tolerance (at most a tenth of the value),
  read with either decimal mark and its scale word, in a unit compatible with the fact's and
  converted into it (:mod:`judge.quantities`), a percentage as a fraction either way (a bare
  ``0.057`` for 5.7 pp), a rate per another period converted ("0.11 pp a month" for 1.32 a
  year), a value marked approximate rounded to its last digit (at most 1.2% off), and a
  negative change written as a fall ("fell by 79" for -79); a positive change written as a
  fall contradicts it, and a negative one written as a rise ("rose by 79", "+79").
* **label**: the text or a precise alias on word boundaries (loose aliases count only as
  "more than", "less than", "short of"; "both" never); a polar label also matches its pole's
  other words.

A fact is **contradicted** (:mod:`judge.offline_checks`) when a statement of it is negated,
bound to something else (a year, name, entity or colour of another fact; a name foreign to
the question and reference, :mod:`judge.offline_context`; another of the question's years
than the reference binds an entity to), offered next to a rival or hedged alternative (a label
"or" another candidate for its slot), written in another unit or scale, when the asked year
is missing and another is stated, when the question's other option is said to be higher, or
when an opposite pole is stated; the answer also contradicts the reference when it only
states the opposite of its direction or of its "from A to B", gives a fact's value to another
label of a list (:mod:`judge.offline_lists`), or names another series, statistic or order of
events (:mod:`judge.offline_binding`), gives a reference value another scale word, ranks the
asked top item lower, or dates a named event to a year no one names
(:mod:`judge.offline_conflicts`), binds a value to a year the item does not name
(:mod:`judge.offline_years`), or swaps the chart's value and the text's figure
(:mod:`judge.offline_roles`); a restatement ("Put differently: …") is read alone
(:mod:`judge.offline_commit`); a value restated in another unit or scale must be the same
amount (:mod:`judge.offline_conversions`), and a comparison the answer states between two of
its numbers must hold (:mod:`judge.offline_compare`); a change named as a move against its
sign, a multiple ("doubled") its values deny, or a reason that says the other way of the same
item contradicts the answer (:mod:`judge.offline_senses`); judge22: so do two final answers
that give one slot two answers (:mod:`judge.offline_finals`), a stance given with a reason of the
other sense (:mod:`judge.offline_stance`), a verdict whose reason turns the chart round, a
supporting path the reference does not give (:mod:`judge.offline_support`) and a credited factor
said undone (:mod:`judge.offline_causes`). Other names of a country the
question names are that country (:mod:`judge.entity_names`). In a reasoning answer the conclusion is scored
(:mod:`judge.conclusion`). The answer scores 0 when it is empty, abstains, denies the whole
claim, or sprays numbers, names or colours.

Otherwise the score is ``round(10 * matched / total)`` (half up). A contradiction caps it at 3
(and at half the matched share); a missing computed result, or a read value stated as
another value (a wrong supporting value beside a right verdict), caps it at 5; with every label and
the computed result right (or only years missing) it is at least 7; and a confident answer
with every label right to a question that asks for no number scores at least 6; a question
that asks for a value outright, answered with no value, scores at most 5 (the value is its
core). Verdicts say whether the judge is ``certain`` of its reading (:mod:`judge.certainty`;
a fail whose doubts could only lower it is certain; a scale or asked side said in words the
judge does not read is a doubt, :mod:`judge.offline_unread`). Measured agreement
with rubric labels: ``tests/judge/test_offline_labelled.py``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from judge import (
    certainty,
    certainty_model,
    claims,
    conclusion,
    entity_names,
    foreign,
    number_words,
    offline_parts,
    offline_shapes,
    offline_surface,
    structured,
)
from judge.base import JudgeItem, Judgement, score_concurrently
from judge.choices import spec_forms
from judge.offline_arithmetic import arithmetic_false, path_false
from judge.offline_causes import reversed_causes, undone_causes
from judge.offline_checks import (
    _is_year,
    _Verdict,
)
from judge.offline_commit import _assess as _assess_text
from judge.offline_commit import _assess_committed, _list_read_whole, restated_otherwise
from judge.offline_compare import compared_falsely, restated_falsely
from judge.offline_context import (
    _Context,
    _foreign_colours,
    _foreign_names,
    unquoted,
)
from judge.offline_conversions import misconverted
from judge.offline_doubts import _doubts, _unread_names_dropped, bound_roles
from judge.offline_facts import (
    _LATEX_COMMAND,
    _Fact,
    _number_hits,
    _parse_fact,
    _percentish,
    _Text,
    _unlatex,
    asked_counts,
    period_of,
    pivot_of,
)
from judge.offline_finals import two_finals
from judge.offline_gates import gate_doubts
from judge.offline_lean import lean_doubts
from judge.offline_ratio import ratio_roles_contradicted
from judge.offline_risks import misread_name, more_doubts
from judge.offline_round_doubts import round_doubts
from judge.offline_senses import senses_denied
from judge.offline_stance import stance_against_reason
from judge.offline_support import (
    path_contradicted,
    verdict_against_reason,
    wrong_path,
)
from judge.offline_unread import UNREAD_BINDING, unread_binding
from judge.offline_years import unnamed_years
from judge.parse import UNSCORED
from judge.quantities import share_sense

#: The version of the offline judge's rules (scores of two versions are not comparable).
OFFLINE_VERSION = "offline-claims-v34"
#: How records name the offline judge (``backend:model``).
OFFLINE_JUDGE_NAME = f"offline:{OFFLINE_VERSION}"
OFFLINE_PROMPT_VERSION = "claims-v34"
ABSTENTION = "not found in the document"

_SPRAY_NUMBERS = 10  # unexplained numbers that make an answer a spray
_SPRAY_NAMES = 5  # names foreign to the question and reference that make an answer a spray
_SPRAY_COLOURS = 3
_CONTRADICTED_CAP = 3
_MISSING_DERIVED_CAP = 5
_CORE_NUMBER_FLOOR = 7
_CORE_FLOOR = 6
_PASS = 6  # the rubric's pass mark
_MAX_CHARS = 20_000  # claims are read in the last this many characters of a longer answer
_NUMERIC_ASK = re.compile(
    r"\bhow\s+(?:much|many|far|high|large|big)\b|\bwhat\s+(?:[\w-]+\s+){0,3}(?:value|values|level|figure|"
    r"percentage|change|gap|difference|result|rate|share|number|target|threshold|forecast|estimate)\b"
    r"|\bby\s+how\s+much\b|\bwhich\s+years?\b|\bwhen\b|\bwhat\s+years?\b|\bhow\s+high\b|\bwhat\s+values?\b"
    r"|\bcite\b.*\bvalues?\b|\bvalues?\s+does\b|\bmargin\b|\bquantify\b|\bby\s+what\b"
    r"|\bwhat\s+does\s+.*\b(?:report|record|give)\b|\bwhat\s+is\s+the\s+(?:highest|lowest|largest|smallest)\b",
    re.IGNORECASE,
)
_LABEL_ASK = re.compile(
    r"\bhow\s+did\b.*\b(?:develop|move|change|evolve|trend)|\bwho\b|\bwhich\s+way\b|\bwhere\s+does\b.*\bstand\b"
    r"|\bwhich\s+(?:one|is|was|were|colour|color|item|series|came|country|of|identifies|represents)\b"
    r"|\b(?:does|do|is|are|did)\b.*\b(?:bear|agree|consistent|match|above|below|exceed|fall\s+short)"
    r"|\bwhat\s+does\s+the\s+\w+\s+(?:line|series|bar|mark|segment)\s+show|\b(?:what|which)\s+direction\b",
    re.IGNORECASE,
)
#: A question that asks for a value outright: the value is its core, a label alone half an answer.
_VALUE_ASK = re.compile(
    r"\b(?:what|which)\s+(?:[\w'-]+\s+){0,3}(?:value|values|level|figure|amount|size)\b|\bhow\s+(?:much|many|large|big)\b"
    r"|\bshow\s+for\b|\bquote\b|\bby\s+how\s+much\b"
    r"|\bwhat\s+(?:[\w'-]+\s+){1,3}does\s+(?:it|the\s+(?:chart|figure|graph|plot))\s+(?:show|give|record)\b",
    re.IGNORECASE,
)
#: the part of a question asked only if a verdict goes the other way
_IF_NOT = re.compile(r"\bif\s+not\b[^?]*", re.IGNORECASE)
_HEDGE = re.compile(
    r"\b(?:probably|possibly|perhaps|maybe|might|seems?|likely|unclear|not\s+sure|hard\s+to\s+tell|i\s+think"
    r"|appears?\s+to)\b",
    re.IGNORECASE,
)


# --- claims about one fact ------------------------------------------------------------------


#: A word the reference writes after a number ("36.5 beds"): the plotted quantity's unit.
_UNIT_AFTER_NUMBER = re.compile(r"\d(?:[\d.,]*\d)?\s+([A-Za-z]{3,})")
_NOT_UNITS = frozenset((
    "percent", "per", "cent", "percentage", "points", "point", "pp", "and", "to", "in", "on", "at",
    "of", "for", "from", "the", "a", "an", "than", "or", "versus", "against", "which", "while", "with",
    "its", "times", "years", "year"
))  # fmt: skip


def _reference_units(reference: str) -> set[str]:
    """The unit words the reference writes after its numbers, other than shares."""
    words = {m.group(1).lower() for m in _UNIT_AFTER_NUMBER.finditer(reference[:2000])}
    return words - _NOT_UNITS


def _spray(ctx: _Context, text: _Text) -> str | None:
    unexplained = [n for n in text.numbers if not ctx.explained(n)]
    asked = sum(1 for f in ctx.facts if f.kind == "number")
    # Values read on the way to a stated result are no spray (issue 25: readings are not guesses).
    concluded = bool(text.numbers) and any(
        f.kind == "number" and _number_hits(f, text, text.numbers[-1:]) for f in ctx.facts
    )
    few = len(unexplained) >= 6 and len(unexplained) > 3 * max(asked, 1) and not concluded
    # readings (no years) listed before a conclusion that states the asked value ("0–10: 35,
    # 10–20: 98, … The most populated is 20–30, with 142") are twice as many before a spray
    readings = concluded and sum(bool(claims.YEAR.fullmatch(n.text)) for n in unexplained) * 2 < len(
        unexplained
    )
    if len(unexplained) >= _SPRAY_NUMBERS * (2 if readings else 1) or few:
        return f"{len(unexplained)} numbers the question does not call for"
    names = {name.lower() for name in _foreign_names(ctx, text)}
    if len(names) >= _SPRAY_NAMES:
        return f"{len(names)} names the question does not call for"
    colours = set(_foreign_colours(ctx, text))
    if any(f.colour for f in ctx.facts) and len(colours) >= _SPRAY_COLOURS:
        return f"{len(colours)} colours the question does not call for"
    return None


#: A question the answer restates or asks itself ("Is it above or below?"): it claims nothing.
_QUESTION = re.compile(r"(?:^|(?<=[.!?:\n]))[^.!?:\n]*\?")


def _surface(candidate: str, reference: str, facts: list[_Fact]) -> str:
    """The answer as read: a JSON object as sentences, other surface forms rewritten
    (:mod:`judge.offline_surface`; accounting negatives where a fact is below zero or the
    ``reference`` states a change), LaTeX commands and math delimiters dropped, questions it
    restates dropped."""
    raw_text = structured.read_json(offline_shapes.reasoning_dropped(candidate))
    latex = _LATEX_COMMAND.search(raw_text)
    raw_text = offline_surface.normalise(
        raw_text, tuple(n for f in facts if f.kind == "label" for n in (f.text, *f.names))
    )
    raw_text = offline_surface.accounting(raw_text, reference, any(f.negative for f in facts))
    if latex:
        raw_text = re.sub(r"(?<!\\)\$", "", raw_text)  # math delimiters ("\\$" is a dollar)
    return _drop_questions(claims.fold(_LATEX_COMMAND.sub(_unlatex, raw_text)))


def _drop_questions(text: str) -> str:
    return _QUESTION.sub(lambda m: " " * len(m.group(0)), text)


def _first_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]


def _score(ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], hedged: bool, text: str) -> int:
    """The rubric's number for these verdicts (see the module docstring); when the question
    asks for a value outright and the answer gives no value (nor its years), the core is
    missing: at most 5."""
    score = _share_score(ctx, facts, verdicts, hedged)
    values = [v.hit for f, v in zip(facts, verdicts, strict=True) if f.kind == "number"]
    asked = any(f.kind == "number" and not _is_year(f) for f in facts)
    asks = unquoted(_asked(ctx.question.text, facts))  # judge15: a quoted title is no part of the ask
    outright = _VALUE_ASK.search(asks) or offline_parts.VALUE_ASK.search(asks)
    if asked and not any(values) and (outright or ctx.memo.get("bare_reply")):
        return min(score, _MISSING_DERIVED_CAP)
    if offline_parts.reason_missing(ctx, facts, [v.hit for v in verdicts], text):
        return min(score, _MISSING_DERIVED_CAP)
    if asked and not any(values) and not ctx.memo.get("foreign") and _wrong_values(ctx, text):
        return min(score, _MISSING_DERIVED_CAP)  # judge16: "it rose from 0.0867 to 0.1055" for 86.7% → 105.5%
    return score


def _wrong_values(ctx: _Context, text: str) -> bool:
    """``text`` states a number that is no year and no value of the item (so it gives the asked
    values wrongly, where a label alone would earn the floor)."""
    return any(
        not claims.YEAR.fullmatch(n.text) and not ctx.explained(n) and not re.search(r"\d\s+\d", n.text)
        for n in _Text.of(text).numbers  # "36 111" may be two numbers
    )


def _asked(question: str, facts: list[_Fact]) -> str:
    """What the question asks: "… and if not, by how much?" asks no value where the verdict
    is a match."""
    if any(f.pole == ("verdict", "matches") for f in facts):
        return _IF_NOT.sub(" ", question)
    return question


def _share_score(ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], hedged: bool) -> int:
    hit = [v.hit for v in verdicts]
    share = sum(hit) / len(facts)
    score = math.floor(10 * share + 0.5)
    if any(not v.hit and v.why and not v.soft for v in verdicts):
        return min(score, _CONTRADICTED_CAP, math.floor(5 * share + 0.5))
    if all(hit):
        return 10
    if any(v.soft for v in verdicts):  # a read value stated wrongly: its share, no floor
        # judge9: a supporting value the reference gives, stated as another value, is a
        # contradiction of that fact: below a pass even beside a right verdict
        return min(score, _MISSING_DERIVED_CAP)
    derived = [h for f, h in zip(facts, hit, strict=True) if f.derived]
    labels = [h for f, h in zip(facts, hit, strict=True) if f.kind == "label"]
    if derived and not all(derived):
        return min(score, _MISSING_DERIVED_CAP)
    if all(labels) and any(hit) and not hedged:
        missing = [f for f, h in zip(facts, hit, strict=True) if not h]
        non_year_hit = any(h and not _is_year(f) for f, h in zip(facts, hit, strict=True))
        if derived or (non_year_hit and all(_is_year(f) for f in missing)):
            score = max(score, _CORE_NUMBER_FLOOR)
        asks = _asked(ctx.question.text, facts)
        if labels and _LABEL_ASK.search(asks) and not _NUMERIC_ASK.search(asks):
            score = max(score, _CORE_FLOOR)
    return score


#: Contradictions of an asked value itself: stated as another number, or in a unit it cannot be.
_VALUE_WRONG = re.compile(r"says '[^']*'(?: instead)?$|in another unit or scale$|in another unit$")
#: A contradiction read from a negation: a paraphrased label may hold the negation itself.
_NEGATED = re.compile(r"is negated$")


def _gated(
    item: JudgeItem,
    passes: bool,
    doubts: list[str],
    read: tuple[_Context, list[_Fact], list[_Verdict], _Text, str | None],
) -> list[str]:
    """``doubts`` with :func:`more_doubts`, the judge11 certainty gates' (:mod:`judge.offline_gates`)
    and the judge12 lean doubts' (:mod:`judge.offline_lean`)."""
    out = more_doubts(doubts, item.candidate, passes, read)
    _, facts, verdicts, _, _ = read
    asked = ([t for f in facts for t in f.targets], [f.text for f in facts if f.kind != "number"])
    item_text = (item.question, item.reference, " ".join(f.unit for f in facts))
    gates = gate_doubts(item.candidate, item_text, asked, [v.why for v in verdicts], passes)
    out += [d for d in gates if d not in out]
    if passes:  # judge12: a doubt that leans an uncertain pass to a fail (judge.offline_lean)
        values = [v for f in facts if f.kind == "number" for v, _ in f.targets]
        out += lean_doubts(item.candidate, item.question, item.reference, values, out)
    return out


def _contradiction_kind(verdicts: list[_Verdict]) -> str:
    """``"value"`` when an asked value is contradicted outright, ``"other"`` for another hard
    contradiction, "" for none (see ``certainty.settled``)."""
    hard = [v.why for v in verdicts if not v.hit and v.why and not v.soft and not _NEGATED.search(v.why)]
    if any(_VALUE_WRONG.search(why) for why in hard):
        return "value"
    return "other" if hard else ""


def _number_words(item: JudgeItem, facts: list[_Fact], candidate: str, language: str | None) -> str:
    """``candidate`` with its numbers written in words written in digits (:mod:`judge.number_words`)."""
    lang = (
        (number_words.latin_language(candidate) or number_words.words_language(candidate))
        if language
        else "en"
    )
    if lang is None:
        return candidate
    units = {w for f in facts for w in f.unit.split()} | _reference_units(item.reference)
    head, tail = candidate[:-_MAX_CHARS], candidate[-_MAX_CHARS:]  # only the tail is read
    return head + number_words.digits(tail, lang, keep=f"{item.question}\n{item.reference}", units=units)


def _read_with_reference(facts: list[_Fact], reference: str) -> None:
    """What the reference says of each number fact: the period a rate is per and the pivot of a
    computed fact, and the sense of a share (judge14: a relative change, points only)."""
    for f in facts:
        if f.kind == "number":
            f.quantity = share_sense(f.quantity, f.text, reference)
        if f.kind == "number" and f.derived:
            f.period = period_of(reference)
            f.pivot = pivot_of(f, reference)


def _committed_checks(
    ctx: _Context,
    facts: list[_Fact],
    verdicts: list[_Verdict],
    texts: tuple[_Text, _Text, conclusion.Split | None],
) -> tuple[list[_Fact], list[_Verdict]]:
    """judge16: restated amounts and stated comparisons, read in the committed statements (a
    final answer, or what a correction leaves); judge17: the sense said of a change
    (:mod:`judge.offline_senses`); judge20: a cause stated as the effect
    (:mod:`judge.offline_causes`); judge21: a value bound to a year the item does not name
    (:mod:`judge.offline_years`); judge24: arithmetic written out that does not hold
    (:mod:`judge.offline_arithmetic`)."""
    text, tail, parts = texts
    facts, verdicts = two_finals(ctx, facts, verdicts, text, _assess_text)  # judge22
    kept = tail if parts is not None and parts.kind == "marker" else _Text.of(conclusion.corrected(text.text))
    facts, verdicts = arithmetic_false(facts, verdicts, _Text.of(conclusion.corrected(text.text)), kept)
    facts, verdicts = path_false(facts, verdicts, kept)  # judge35
    facts, verdicts = restated_falsely(facts, misconverted(facts, verdicts, kept), kept)  # judge35
    verdicts = ratio_roles_contradicted(facts, verdicts, kept.text, ctx.reference.text)  # judge25
    verdicts = unnamed_years(facts, verdicts, kept, ctx.question.text, ctx.reference.text)
    verdicts, ctx.memo["untold_cause"] = reversed_causes(facts, verdicts, kept.text, ctx.reference.text)
    verdicts = undone_causes(facts, verdicts, kept.text, ctx.reference.text)
    facts, verdicts = compared_falsely(facts, verdicts, kept)
    verdicts = stance_against_reason(facts, verdicts, kept.text)
    verdicts = verdict_against_reason(facts, verdicts, kept.text, ctx.reference.text)
    said = wrong_path(kept.text, ctx.reference.text, ctx.question.text)
    facts, verdicts = path_contradicted(facts, verdicts, said)
    return senses_denied(ctx, facts, verdicts, kept)


def _report(total: int, matched: list[str], wrong: list[str], missing: list[str], doubts: list[str]) -> str:
    """The verdict's judgement: what was matched, contradicted, missing, and the doubts."""
    out = f"matched {len(matched)}/{total}"
    if matched:
        out += f": {', '.join(matched)}"
    if wrong:
        out += f"; contradicted: {', '.join(wrong)}"
    if missing:
        out += f"; missing: {', '.join(missing)}"
    if doubts:
        out += f"; uncertain: {'; '.join(doubts)}"
    return out


def _facts_of(item: JudgeItem) -> list[_Fact]:
    """The item's facts, parsed and read with the reference, each knowing how often it is asked
    and, for a share, the units of the others."""
    facts = [_parse_fact(i, fact) for i, fact in enumerate(item.answer_values)]
    _read_with_reference(facts, item.reference)
    for f in facts:
        f.asked_counts = asked_counts(item.question, f)
        if _percentish(f.unit):
            f.other_units = {w.lower() for g in facts if not _percentish(g.unit) for w in g.unit.split()}
            f.other_units |= _reference_units(item.reference) | offline_parts.counted_nouns(
                f"{item.question} {item.reference}"
            )
    return facts


def _candidate_read(item: JudgeItem, facts: list[_Fact]) -> tuple[str, str | None]:
    """The answer as the claims are read from it (surface forms, names, number words, foreign
    verdict words as English) and the language it doubts it is written in."""
    candidate = _surface(item.candidate, item.reference, facts)
    language = certainty.language_doubt(candidate)
    candidate = entity_names.canonical(candidate, item.question, item.reference)
    if language:
        candidate = entity_names.in_english(candidate)
    candidate = _number_words(item, facts, candidate, language)
    candidate = foreign.gloss(candidate, full=bool(language))
    if any(f.pole is not None and f.pole[0] == "verdict" for f in facts):
        candidate = claims.verdict_reply(item.question, candidate)
    return candidate, language


def _refusal(item: JudgeItem, candidate: str) -> str | None:
    """Why the answer scores 0 before any claim is read: empty, or abstaining."""
    if not candidate.strip():
        return "empty answer"
    if " ".join(candidate.lower().split()).strip(" \t\"'“”.!").startswith(ABSTENTION) or claims.abstains(
        _first_sentence(candidate)
    ):
        return "the answer abstains ('Not found in the document.')"
    return None


#: what the committed reading gives: facts, their verdicts, the text, whether a conclusion was
#: committed to, and how many facts there were before unread names were dropped
_Committed = tuple[list[_Fact], list[_Verdict], _Text, bool, int]


def _committed_reading(
    ctx: _Context, facts: list[_Fact], candidate: str, language: str | None
) -> _Committed | str:
    """The facts' verdicts on the answer's committed reading (:mod:`judge.offline_commit`), or why
    the answer is a spray."""
    text = _Text.of(candidate)
    if len(text.text) > _MAX_CHARS:
        text = _Text.of(text.text[-_MAX_CHARS:])
    parts = conclusion.split(text.text)
    tail = _Text.of(parts.conclusion) if parts is not None else text
    spray = _spray(ctx, tail)
    if spray is not None:
        return spray
    facts, verdicts, committed = _assess_committed(ctx, facts, text, tail, parts)
    if parts is not None:  # a list before "Answer:" is read whole
        facts, verdicts = _list_read_whole(ctx, facts, verdicts, text)
    facts, verdicts = restated_otherwise(ctx, facts, verdicts, text)
    facts, verdicts = _committed_checks(ctx, facts, verdicts, (text, tail, parts))
    every = len(facts)
    if language:
        facts, verdicts = _unread_names_dropped(ctx, facts, verdicts, text)
    return facts, verdicts, text, committed, every


def _verdict_read(
    item: JudgeItem, ctx: _Context, committed: _Committed, read: tuple[str, str | None]
) -> tuple[int, str, certainty_model.Reading]:
    """The score, the verdict's text and the reading the certainty model weighs."""
    facts, verdicts, text, was_committed, every = committed
    candidate, language = read
    read_all = len(facts) == every and all(v.hit for v in verdicts)
    matched = [f.text for f, v in zip(facts, verdicts, strict=True) if v.hit]
    wrong = [f"{f.text} ({v.why})" for f, v in zip(facts, verdicts, strict=True) if not v.hit and v.why]
    missing = [f.text for f, v in zip(facts, verdicts, strict=True) if not v.hit and not v.why]
    hedged = any(m.group(0).lower() not in ctx.reference.text.lower() for m in _HEDGE.finditer(candidate))
    score = _score(ctx, facts, verdicts, hedged, candidate)
    if certainty.leaves_slot_open(candidate, item.reference, [t for f in facts for t in f.targets]):
        score = min(score, _CONTRADICTED_CAP)
    doubts = _doubts(item, ctx, facts, verdicts, (candidate, text, language), hedged, was_committed)
    doubts += round_doubts(ctx, facts, verdicts, text.text, score >= _PASS)
    if unread_binding(item.candidate, candidate, (item.question, item.reference), bool(language)):
        doubts.append(UNREAD_BINDING)
    doubts = certainty.read_in_full(item.candidate, doubts, read_all and not bound_roles(ctx))
    doubts = _gated(item, score >= _PASS, doubts, (ctx, facts, verdicts, text, language))
    text_out = _report(len(facts), matched, wrong, missing, doubts)
    settled = certainty.settled(score, doubts, contradicted=_contradiction_kind(verdicts))
    settled = settled and not misread_name(verdicts, doubts, ctx, text)
    targets = tuple(t for f in facts for t, _ in f.targets)
    reading = certainty_model.Reading(
        certainty.leaned(score, doubts), settled, tuple(doubts), every, len(matched), len(wrong), targets
    )
    return reading.score, text_out, reading


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
        assessed = self._assess(item)
        if isinstance(assessed, Judgement):
            return assessed
        score, text, reading = assessed
        chance = certainty_model.promoted(item.candidate, item.question, item.reference, reading)
        if chance is not None:
            text += (
                f"; certain all the same: the certainty model puts the chance of a wrong fail at {chance:.1%}"
            )
        risk = certainty_model.demoted(item.candidate, item.question, item.reference, reading)
        if risk is not None:
            text += f"; uncertain all the same: the certainty model puts a wrong pass at {risk:.1%}"
        risky = certainty_model.risky_pass(item.candidate, item.question, item.reference, reading, risk)
        if risky is not None:  # judge26: scored as a fail offline, left to a cascade's LLM judge
            score = min(score, _PASS - 1)
            text += f"; scored as a fail offline: the certainty model puts a wrong pass at {risky:.1%}"
        return self._judgement(score, text, certain=(reading.settled and risk is None) or chance is not None)

    def reading(self, item: JudgeItem) -> certainty_model.Reading | None:
        """What the certainty model weighs for ``item`` (None: a verdict the rules alone decide,
        an empty, abstaining, spraying or unscorable answer)."""
        assessed = self._assess(item)
        return None if isinstance(assessed, Judgement) else assessed[2]

    def _assess(self, item: JudgeItem) -> Judgement | tuple[int, str, certainty_model.Reading]:
        if not item.answer_values:
            return self._judgement(
                UNSCORED,
                "unscored: the item has no answer_values to check; use an LLM judge "
                f"({spec_forms(offline=False, none=False)}) for it",
                valid=False,
            )
        facts = _facts_of(item)  # checked first, so a malformed fact is reported even for an empty answer
        candidate, language = _candidate_read(item, facts)
        refusal = _refusal(item, candidate)
        if refusal is not None:
            return self._judgement(0, refusal)
        ctx = _Context.of(item, facts)
        ctx.memo["foreign"] = bool(language)  # names of another language are not read
        ctx.memo["bare_reply"] = offline_parts.bare_reply(item.candidate)
        ctx.memo["raw"] = (item.question, item.reference)  # quoted titles kept (judge23)
        ctx.memo["answer"] = item.candidate  # its unread shapes (judge24)
        if claims.denies_all(candidate) and not claims.denies_all(item.reference):
            return self._judgement(0, "the answer denies the claim")
        committed = _committed_reading(ctx, facts, candidate, language)
        if isinstance(committed, str):
            return self._judgement(0, f"the answer sprays guesses ({committed})")
        return _verdict_read(item, ctx, committed, (candidate, language))

    def cached(self, item: JudgeItem) -> Judgement | None:
        """The verdict, computed here: the offline judge never needs the network."""
        return self.score(item)

    def score_many(self, items: Sequence[JudgeItem], concurrency: int = 8) -> list[Judgement]:
        return score_concurrently(self.score, items, concurrency)

    def preflight(self) -> None:
        """Nothing to reach: always ready."""
