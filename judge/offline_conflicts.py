"""Claims beside a fact's own statements that contradict the reference (judge10): a value of
the reference written with another scale word ("-1.299 million USD" where the reference gives
-1.299 billion USD, even when the value is not an asked fact), a rank that denies an asked
superlative ("only the third largest" for the series that changed the most), and a
restatement ("Put differently: ...") that names another value for a label the answer gave.

Each check returns what the answer says, or None; :func:`judge.offline_commit._assess` adds it
as a contradiction of the reference."""

from __future__ import annotations

import re

from judge import claims
from judge.offline_context import _Context
from judge.offline_facts import _Text
from judge.quantities import stated_unit


def misscaled_reference_value(ctx: _Context, text: _Text) -> str | None:
    """A number of the answer written as a value of the reference (the same digits) with
    another scale word than the reference writes it with: the value bound to the wrong scale."""
    for found in text.numbers:
        if not found.scale_word or len(found.scale_word) < 2:
            continue
        said = stated_unit(found, text.text)
        for known in ctx.reference.numbers:
            if not known.scale_word or len(known.scale_word) < 2 or known.scale == found.scale:
                continue
            if abs(abs(known.readings[0]) - abs(found.readings[0])) > 1e-9 or "." not in known.text:
                continue
            own = stated_unit(known, ctx.reference.text)
            if any(
                abs(found.readings[-1] - k.readings[-1]) <= 1e-9 * abs(k.readings[-1])
                for k in ctx.reference.numbers
            ):
                break  # the answer's scaled value is itself a value of the reference
            if own.currency == said.currency and own.physical == said.physical:
                return found.text
    return None


_ORDINAL = (
    r"second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|2nd|3rd|[4-9]th|10th"
    r"|next|runner[-\s]up"
)
_SUPERLATIVE = (
    r"most|largest|biggest|highest|greatest|strongest|steepest|sharpest|fastest|furthest|farthest"
    r"|lowest|smallest|least|weakest|slowest"
)
#: the answer ranks an item below the top: "only the third largest", "ranks second"
_RANK = re.compile(
    rf"\b(?:{_ORDINAL})[-\s]+(?:{_SUPERLATIVE}|place|placed|position)\b"
    rf"|\bnot\s+the\s+(?:{_SUPERLATIVE})\b|\branks?\s+(?:{_ORDINAL})\b",
    re.IGNORECASE,
)
#: the question asks for the top of a ranking
_ASKS_TOP = re.compile(rf"\b(?:which|what|who)\b[^?]*\b(?:the\s+)?(?:{_SUPERLATIVE})\b", re.IGNORECASE)


def rank_denied(ctx: _Context, text: _Text) -> str | None:
    """To a question that asks which item is the top of a ranking, the answer ranks the item it
    names lower ("Mexico's change is only the third largest"): it denies the item is the answer."""
    if not _ASKS_TOP.search(ctx.question.text) or _RANK.search(ctx.reference.text):
        return None
    for m in _RANK.finditer(text.text):
        span = claims.Span(m.start(), m.end())
        if text.negated(span):
            continue
        clause = text.clause(span).lower()
        if any(f.kind == "label" and f.text.lower() in clause for f in ctx.facts):
            return m.group(0)
        if re.match(r"\W*(?:it|its|this|that)\b", clause) or "only" in clause:
            return m.group(0)
    return None


_NAME = re.compile(r"\b[A-Z][a-z]{2,}(?:\s+[A-Z][a-z]{2,})*\b")
_COMMON = frozenset([
    "The", "This", "That", "These", "Those", "Then", "From", "Between", "Figure", "Chart", "Table", "Section",
    "Since", "After", "Before", "During", "Its", "Their", "Answer", "Both", "Each", "However",
])  # fmt: skip
#: a reading of a series ("2012 19.1%", "17.16 (2021)"), a title in quotes, or a correction
_NOT_A_CLAIM = re.compile(
    r"(?:19|20)\d\d\s*[:=]?\s*[-−]?\d|\d\s*\(\s*(?:19|20)\d\d\s*\)|['‘“\"][^'’”\"]*(?:19|20)\d\d[^'’”\"]*['’”\"]"
    r"|\b(?:no|sorry|correction|rather|i\s+mean)\b",
    re.IGNORECASE,
)


def year_rebound(ctx: _Context, text: _Text) -> str | None:
    """A year neither the question nor the reference names, said in a clause with a name the
    reference binds to a year and with no year it names ("Egypt merged its utilities in 2019"
    where the reference dates it 2021, "Norway (2015): 24.76" for Norway in 2018): the named
    thing given another period. Readings of a series, titles and corrections are no such claim."""
    known = set(claims.YEAR.findall(f"{ctx.question.text} {ctx.reference.text}"))
    if not known or ctx.foreign(text):
        return None
    dated: set[str] = set()
    for a, b in ctx.reference.sentences:
        sentence = ctx.reference.text[a:b]
        if claims.YEAR.search(sentence):
            dated |= {m.group(0) for m in _NAME.finditer(sentence)} - _COMMON
    for m in claims.YEAR.finditer(text.text):
        span = claims.Span(m.start(), m.end())
        clause = text.clause(span)
        if m.group(0) in known or text.negated(span) or set(claims.YEAR.findall(clause)) & known:
            continue
        if _NOT_A_CLAIM.search(text.text[slice(*text.piece(text.sentences, span))]):
            continue
        names = {n.group(0) for n in _NAME.finditer(clause)} - _COMMON
        said = f"{ctx.question.text} {ctx.reference.text}"
        if names & dated and all(n in said for n in names):  # a side fact names things of its own
            return m.group(0)
    return None
