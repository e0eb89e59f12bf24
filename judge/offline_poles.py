"""The offline judge's checks of polar and comparative claims: a pole or comparative of the
other side said on its own, a colour or winner other than the fact's, and an answer that
states only the opposite of the reference's direction or of its "from A to B"."""

from __future__ import annotations

import re

from judge import claims
from judge.claims import Span
from judge.offline_context import _Context
from judge.offline_facts import _Fact, _is_entity, _number_hits, _Text

_CONNECTOR = re.compile(
    r"^\s*(?:%|[A-Za-zµμ²³/][\w²³/]*(?:\s+[A-Za-zµμ²³/][\w²³/]*){0,3})?\s*"
    r"(?P<link>,?\s*or(?:\s+(?:possibly|perhaps|maybe|by))?|,|to|->|→|-|–|—|/|and|~)\s*(?:about\s+|around\s+|perhaps\s+|maybe\s+)?$",
    re.IGNORECASE,
)


#: A year written after one end of a change ("from 14.02% in 2016 to 16.92% in 2021")
_END_YEAR = re.compile(
    r"(\s*(?:%|[A-Za-zµμ²³/][\w²³/]*(?:\s+[A-Za-zµμ²³/][\w²³/]*){0,3})?)\s*(?:\(\s*(?:19|20)\d\d\s*\)|,?\s*in\s+(?:19|20)\d\d)"
)


def _change_pair(text: _Text, i: int, k: int) -> bool:
    """Numbers ``i`` and ``k`` are the two ends of a change ("from 833 to 520"; a year written
    after the first end, "from 14.02% in 2016 to 16.92%", is skipped)."""
    a, b = text.numbers[min(i, k)], text.numbers[max(i, k)]
    between = text.text[a.end : b.start]
    if abs(i - k) == 2:
        year = text.numbers[min(i, k) + 1]
        skip = _END_YEAR.match(between)
        if not (skip and a.end + skip.end() == year.end):
            return False
        between = skip.group(1) + between[skip.end() :]
    elif abs(i - k) != 1:
        return False
    m = _CONNECTOR.match(between)
    lead = text.text[max(0, a.start - 12) : a.start]
    if m and m.group("link") in ("→", "->"):
        return True
    return bool(
        m and m.group("link").lower() in ("to", "-", "–", "—") and re.search(r"\bfrom\s*\S?\s*$", lead, re.I)
    )


def _changes(facts: list[_Fact], text: _Text) -> set[tuple[int, int]]:
    """(start fact, end fact) of every "from A to B" the text states."""
    out = set()
    pairs = [(i, i + 1) for i in range(len(text.numbers) - 1)]
    pairs += [(i, i + 2) for i in range(len(text.numbers) - 2)]
    for i, k in pairs:
        if not _change_pair(text, i, k):
            continue
        a, b = text.numbers[i], text.numbers[k]
        starts = [f.index for f in facts if f.kind == "number" and _number_hits(f, text, [a])]
        ends = [f.index for f in facts if f.kind == "number" and _number_hits(f, text, [b])]
        out |= {(x, y) for x in starts for y in ends if x != y}
    return out


#: "6.79% in 2011": the year a value is written with
_DATED = re.compile(r"[^\d;,.()]{0,24}?\b(?:in|for)\s+((?:19|20)\d\d)\b|\s*\(\s*((?:19|20)\d\d)\s*\)")


def _dated(facts: list[_Fact], text: _Text) -> set[tuple[int, int]]:
    """(earlier fact, later fact) of two values the text writes with two years ("6.79% in 2011
    and 5.21% in 2016"): the span of a change that "from A to B" must follow."""
    years: dict[int, set[int]] = {}
    for f in facts:
        if f.kind != "number" or f.derived:
            continue
        for _, span in _number_hits(f, text):
            m = _DATED.match(text.text, span.end)
            if m is not None:
                years.setdefault(f.index, set()).add(int(m.group(1) or m.group(2)))
    dated = {i: next(iter(y)) for i, y in years.items() if len(y) == 1}
    return {(x, y) for x in dated for y in dated if dated[x] < dated[y]}


def _wrong_winner(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> bool:
    """The clause says this label is the lower one ("Uganda trails", "higher than Uganda"); a
    name split by the clause bounds ("Trinidad and Tobago is lower") reads with all its clauses."""
    # judge25: where the question asks for the low one ("which mark is the lowest"), the label
    # said to be the lowest is the winner, and the one said to be higher the loser; a "which"
    # question with one pole asks for a winner though it names no other candidate
    asks_low = claims.LOW_CUE.search(ctx.question.text) and not claims.HIGH_CUE.search(ctx.question.text)
    asks_pick = re.search(r"\bwhich\b", ctx.question.text, re.IGNORECASE) and (
        asks_low
        or (claims.HIGH_CUE.search(ctx.question.text) and not claims.LOW_CUE.search(ctx.question.text))
    )
    if not _is_entity(fact) or not (ctx.distractors or asks_pick):
        return False
    a, b = text.piece(text.clauses, span)
    b = max(b, text.piece(text.clauses, Span(span.end - 1, span.end))[1])
    clause = text.text[a:b]
    flip = bool(claims.NEGATOR.search(clause))
    here = span.start - a
    up, down = (claims.LOW_CUE, claims.HIGH_CUE) if asks_low else (claims.HIGH_CUE, claims.LOW_CUE)
    high = up.search(clause)
    if high and high.start() < here and re.search(r"\bthan\s*$", clause[high.end() : here]) and not flip:
        return True
    low = down.search(clause)
    return bool(low and low.start() > here and not flip)


def _distractor_wins(ctx: _Context, fact: _Fact, text: _Text) -> str | None:
    if not _is_entity(fact) or not ctx.distractors:
        return None
    mine = claims.phrase_pattern(fact.text)
    for name in ctx.distractors:
        if fact.text.isdigit() != name.isdigit():
            continue  # judge25: a name ranks no year ("Chile tops out in 2022"), nor a year a name
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
            if not text.negated(span) and not _RETRACTED.match(text.text, span.end):
                return text.text[span.start : span.end]
    if family == "side":
        for said, span in claims.side_claims(text.text, text.clauses):
            if said != pole:
                return text.clause(span).strip()
    if family == "verdict" and pole == "matches" and not own_spans:
        side = _side_said(text)  # judge10: "it came in above the target" says it does not match
        if side is not None:
            return side
    if family == "direction" and pole == "fell" and not own_spans:
        plus = _SIGNED_RISE.search(text.text)  # judge10: "changed by +0.158" for a fall
        if plus is not None:
            return plus.group(0).strip()
    return _comparative_conflict(fact, text, own_spans, bool(_ASKS_COMPARATIVE.search(ctx.question.text)))


#: judge12: a word taken back at once ("lower — sorry, higher", "lower... no, sorry")
_RETRACTED = re.compile(r"\s*(?:\.{2,}|…|—|–|-|,)\s*(?:no,?\s*)?sorry\b", re.IGNORECASE)
#: judge12: a question that asks "higher or lower?": a bare comparative answers its side
_ASKS_COMPARATIVE = re.compile(
    r"\b(?:higher|lower|greater|smaller|larger)\s+or\s+(?:higher|lower|greater|smaller|larger)\b",
    re.IGNORECASE,
)


#: a change written with an explicit plus sign ("changed by +0.158", "(+4.1 pp)")
_SIGNED_RISE = re.compile(r"(?<![\w.,])\+\s?\d[\d.,]*")


def _side_said(text: _Text) -> str | None:
    """A side (above, below) the answer says without negating it."""
    for other in claims.POLES["side"]:
        for span in claims.find_all(claims.pole_pattern("side", other, strong_only=True), text.text):
            if not text.negated(span):
                return text.text[span.start : span.end]
    return None


_COMPARATIVES = {"higher": "high", "larger": "high", "greater": "high", "bigger": "high",
                 "lower": "low", "smaller": "low", "less": "low", "fewer": "low"}  # fmt: skip


#: a gap written right before a comparative ("4.47 percentage points higher")
_GAP_BEFORE = re.compile(r"\d(?:[\d.,]*\d)?\s*(?:%|[A-Za-z]+(?:\s+[A-Za-z]+){0,2})?\s*$")
_THAN = re.compile(r"\s+than\b", re.IGNORECASE)
#: judge19: "than" and the comparison base of a "higher or lower?" question ("lower than the
#: average", "higher than it"): the comparative says the item's side
_THAN_BASE = re.compile(
    r"\s+than\s+(?:(?:the|its|their|this|that)\s+)?(?:overall\s+|chart(?:'s)?\s+|all-?marks?\s+)?"
    r"(?:average|mean|median|target|benchmark|baseline|reference|threshold|goal|estimate|forecast|it|that|them|this)\b",
    re.IGNORECASE,
)


def _comparative_conflict(fact: _Fact, text: _Text, own: list[Span], asked: bool = False) -> str | None:
    """A label that is itself a comparative ("lower": was the later period higher or lower?)
    is contradicted by the other comparative said on its own ("ran 1.66 points higher"); a side
    (above, below) by one with a gap before it, or by a bare one where the question asks
    "higher or lower?" (``asked``: "It is lower, by 12.6 points")."""
    mine = _COMPARATIVES.get(fact.text.strip().lower())
    side = fact.pole is not None and fact.pole[0] == "side"
    if side and fact.pole is not None:
        mine = {"above": "high", "below": "low"}.get(fact.pole[1])
    if mine is None:
        return None
    for m in re.finditer(r"\b(?:" + "|".join(_COMPARATIVES) + r")\b", text.text, re.IGNORECASE):
        span = Span(m.start(), m.end())
        clause = text.clause(span)
        if _COMPARATIVES[m.group(0).lower()] == mine or text.negated(span) or re.search(r"\bor\b", clause):
            continue
        if _RETRACTED.match(text.text, m.end()):
            continue
        base = asked and _THAN_BASE.match(text.text, m.end())
        if (
            side
            and not base
            and (
                (not asked and not _GAP_BEFORE.search(text.text[: m.start()]))
                or _THAN.match(text.text, m.end())
            )
        ):
            continue  # judge10: a side is contradicted only by "4.47 points higher" said of the item
        if not any(text.clause(s) == clause for s in own):
            return m.group(0)
    return None


def _colour_conflict(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> str | None:
    if not fact.colour:
        return None
    for m in claims.COLOUR.finditer(text.clause(span)):
        word = m.group(0).lower()
        if not claims.words(word) <= ctx.known_words and not claims.words(word) <= claims.words(fact.text):
            return word
    return None


#: a colour denied right before it ("not blue", "rather than the blue"); "without" elsewhere in
#: its clause ("the blue mark is people without sanitation") denies no colour
_NOT_BEFORE = re.compile(
    r"\b(?:not|no|never|n't|rather\s+than|instead\s+of)\s+(?:the\s+|a\s+)?$", re.IGNORECASE
)


def last_colour_other(ctx: _Context, fact: _Fact, text: _Text) -> str | None:
    """judge32: the last sentence (or line) of the answer that names a colour names another one than the
    fact's, which the question and reference never name ("call: read_series(color='olive') …
    Kenya is drawn in blue"): the colour the answer ends on is its answer."""
    if not fact.colour:
        return None
    said = [m for m in claims.COLOUR.finditer(text.text) if not _NOT_BEFORE.search(text.text[: m.start()])]
    if not said:
        return None
    a, b = text.piece(text.sentences, Span(said[-1].start(), said[-1].end()))
    a = max(a, text.text.rfind("\n", 0, said[-1].start()) + 1)  # a line is a sentence of its own
    words = [m.group(0).lower() for m in claims.COLOUR.finditer(text.text[a:b])]
    if any(claims.words(w) <= claims.words(fact.text) for w in words):
        return None
    return next((w for w in words if not claims.words(w) <= ctx.known_words), None)


def _premise_threshold(ctx: _Context, family: str, pole: str) -> bool:
    """judge31: the reference says ``pole`` only of a threshold the question states, and the
    question asks of the other side ("when is it above 27% for the first time?" — "every earlier
    year stays below 27%"): an answer restating the question's side ("first exceeds 27% in 2012")
    says no opposite."""
    ref, question = ctx.reference.text, ctx.question.text
    spans = claims.find_all(claims.pole_pattern(family, pole, strong_only=True), ref)
    asked = {r for n in ctx.question.numbers for r in n.readings}
    for s in spans:
        m = re.match(r"\s*(?:the\s+|its\s+)?(\d+(?:\.\d+)?)\s?%", ref[s.end : s.end + 24])
        if m is None or float(m.group(1)) not in asked:
            return False
    others = [p for p in claims.POLES[family] if p != pole]
    return bool(spans) and any(
        claims.find_all(claims.pole_pattern(family, o, strong_only=False), question) for o in others
    )


def _reversed(ctx: _Context, text: _Text) -> str | None:
    """The reference says one way (rose, above, matches; from A to B) and the answer only says
    the other."""
    stated = _changes(ctx.facts, ctx.reference) | _dated(ctx.facts, ctx.reference)
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
        if len(said) != 1 or _premise_threshold(ctx, family, said[0]):
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


#: judge16: where the statement of a stance word starts (its subject follows)
_STATEMENT_START = re.compile(r"[.;!?\n—–]|\s-\s|\b(?:although|though|but|while|whereas)\b", re.IGNORECASE)
#: a pronoun subject right before the stance word ("they praised it", "it was welcomed")
_PRONOUN_SUBJECT = re.compile(
    r"^\W*(?:they|it|he|she|this|that|which|who)\b(?:\s+\w+){0,2}\W*$", re.IGNORECASE
)
_STANCE_VERBS = frozenset({"judged", "judge", "judges", "received", "reacted", "viewed", "saw", "rated"})


def stance_turned(ctx: _Context, fact: _Fact, text: _Text) -> str | None:
    """judge16: the other side of the one stance asked (positive or negative, one actor) said of
    the same actor: a statement with the opposite word whose subject is the reference's actor
    or a pronoun ("Critically — they praised it", "the same offices later praised the deal")."""
    if fact.pole is None or fact.pole[0] != "stance" or fact.pole[1] == "mixed":
        return None
    if sum(1 for f in ctx.facts if f.pole is not None and f.pole[0] == "stance") != 1:
        return None
    own = claims.find_all(claims.pole_pattern("stance", fact.pole[1], strong_only=True), ctx.reference.text)
    if len(own) != 1:
        return None
    a, _ = ctx.reference.piece(ctx.reference.segments, own[0])
    actor = claims.content_words(ctx.reference.text[a : own[0].start]) - _STANCE_VERBS
    other = "positive" if fact.pole[1] == "negative" else "negative"
    for span in claims.find_all(claims.pole_pattern("stance", other, strong_only=True), text.text):
        if text.negated(span) or _RETRACTED.match(text.text, span.end):
            continue
        starts = [m.end() for m in _STATEMENT_START.finditer(text.text, 0, span.start)]
        subject = text.text[starts[-1] if starts else 0 : span.start]
        if claims.content_words(subject) & actor or _PRONOUN_SUBJECT.match(subject):
            return text.text[span.start : span.end]
    return None
