"""More bindings of a stated value (judge7 round, ``offline-claims-v7``).

* **The statistic**: a value the reference calls an average (a median, a total, a maximum, a
  minimum) said as another statistic and not as its own ("the median of the six marks is
  71.75%" for an average of 71.92%) answers another quantity than the one asked.
* **The qualified name**: a mark the reference names with its series ("Nursing homes in
  Germany") named with another series the question and reference never write ("Home care in
  Germany") is another mark, though the country is right.
* **The period of a computed value**: "averaging 2011 to 2017 gives 37.57%" where 37.57% is
  the 2011–2014 mean (moved here from :mod:`judge.offline_roles`); the question's span stands
  in where the reference writes none.
* **The order of two events**: where the question asks for the year of whichever of two events
  came second (or first) and the reference gives it, a year the answer states in a clause about
  the other event that would put that event later (earlier) contradicts the reference ("the
  regional job centres came later, in 2021" where the reference's later event is in 2019).
* **The holders of two stances** (judge35): where the reference gives two groups different
  stances, one clause each, a clause of the answer that gives one stance to the other group's
  words and none of its own ("teacher unions received it favourably" where the reference has
  them critical) swaps the two.
"""

from __future__ import annotations

import re

from judge import claims
from judge.claims import Span
from judge.offline_context import _OTHER_SCRIPT, _Context, unquoted
from judge.offline_facts import _Fact, _fact_spans, _is_entity, _Text
from judge.offline_roles import _own_statement

_STATISTICS = {
    "average": r"averages?|averaged|averaging|mean|avg",
    "median": r"median",
    "total": r"total|totals|totalled|totaled|sum|sums|summed|cumulative",
    "maximum": r"maximum|max|peak|peaks|highest",
    "minimum": r"minimum|min|lowest",
}
_STATISTIC = {name: re.compile(rf"\b(?:{words})\b", re.IGNORECASE) for name, words in _STATISTICS.items()}


def _sentence_before(text: str, end: int) -> str:
    """The part of ``text``'s sentence (cut at ".", ";", "!", "?") before ``end``."""
    return re.split(r"(?<=[.;!?])\s+", text[:end])[-1]


def _statistics(clause: str) -> set[str]:
    return {name for name, pattern in _STATISTIC.items() if pattern.search(clause)}


def statistic_misbound(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> str | None:
    """The statistic the answer's clause calls ``fact``'s value, when the reference calls it
    another one (see the module docstring)."""
    if fact.kind != "number" or (
        not fact.unit and fact.text.strip().isdigit() and len(fact.text.strip()) == 4
    ):
        return None  # a year is no statistic's value
    spans = _fact_spans(fact, ctx.reference)
    own = set().union(*(_statistics(ctx.reference.clause(s)) for s in spans)) if spans else set()
    if not own and spans:  # "averages 59.08% over 2012–2015 and 63.42% over 2016–2019": one verb, two values
        own = set().union(*(_statistics(_sentence_before(ctx.reference.text, s.start)) for s in spans))
    others: set[str] = set()
    for other in ctx.facts:  # the statistics the reference calls its other values
        if other is not fact and other.kind == "number":
            others |= set().union(
                *(_statistics(ctx.reference.clause(s)) for s in _fact_spans(other, ctx.reference))
            )
    if not own and not others:
        return None
    a, _ = text.piece(text.clauses, span)
    before = text.text[a : span.start]
    last = max(((m.end(), name) for name, p in _STATISTIC.items() for m in p.finditer(before)), default=None)
    if last is None or re.search(
        r"[=/+×*÷→]|\d[.,]\d|\d\s*%|\d{3,}|\bby\b", before[last[0] :], re.IGNORECASE
    ):
        return None  # no statistic word right before the value ("sum 431.5 / 6 = 71.92%"), or a
        # gap from it ("above the mean by 12.6")
    said = {last[1]}
    if (own and not said & own) or (not own and said & others):
        return f"the {sorted(said)[0]}"
    return None


_QUALIFIED = r"([A-Z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3})\s+(?:in|of|for)\s+(?:the\s+)?"


def qualifier_misbound(ctx: _Context, text: _Text) -> str | None:
    """Another series named with an entity label the reference qualifies (see the module
    docstring): "Home care in Germany" for "Nursing homes in Germany"."""
    for fact in ctx.facts:
        if not _is_entity(fact) or not fact.text[:1].isupper():
            continue
        label = re.escape(fact.text.strip())
        ref = [m.group(1) for m in re.finditer(_QUALIFIED + label, ctx.reference.text)]
        if not ref:
            continue
        for m in re.finditer(_QUALIFIED + label, text.text):
            words = claims.words(m.group(1)) - claims.STOPWORDS
            if m.group(1).lower() in (r.lower() for r in ref) or words <= ctx.known_words:
                continue
            if not text.negated(Span(m.start(), m.end())):
                return f"{m.group(1)} in {fact.text}"
    return None


_ORDER_ASK = re.compile(
    r"\bwhichever\s+(?:came|happened|was|occurred)\s+(?P<which>first|second|earlier|later|last)\b"
    r"|\bthe\s+(?P<which2>earlier|later)\s+of\s+(?:them|the\s+two)\b",
    re.IGNORECASE,
)
_LATER = ("second", "later", "last")


def event_order_conflict(ctx: _Context, text: _Text) -> str | None:
    """A year the answer gives the question's other event that reverses the reference's order
    of the two events (see the module docstring)."""
    ask = _ORDER_ASK.search(ctx.question.text)
    years = [f for f in ctx.facts if f.kind == "number" and not f.unit and f.targets]
    if ask is None or len(years) != 1:
        return None
    later = (ask.group("which") or ask.group("which2")).lower() in _LATER
    asked = int(years[0].targets[0][0])
    # the other event: the question's words the reference never writes ("regional job centres")
    other = claims.content_words(ctx.question.text) - claims.content_words(ctx.reference.text)
    other -= {"whichever", "came", "second", "first", "earlier", "later", "year", "years", "recounts"}
    for a, b in text.segments:
        clause = text.text[a:b]
        if len(claims.content_words(clause) & other) < 2:
            continue
        said = _said_order(clause, other)
        if said is not None and said == later:  # judge16: "Spain's buffer came after the reform"
            return "the other event " + ("later" if later else "earlier")
        for m in claims.YEAR.finditer(unquoted(clause)):  # judge23: a quoted title's years are no event's
            year = int(m.group(0))
            if (
                year != asked
                and (year > asked) == later
                and not text.negated(Span(a + m.start(), a + m.end()))
            ):
                return f"the other event in {year}"
    return None


#: judge16: a clause that puts an event after or before another ("came after", "followed")
_ORDER_SAID = re.compile(
    r"\b(?:came|happened|occurred|was|took\s+place)\s+(?:\w+\s+)?(?:(?P<late>after|later|second|last)|(?P<early>before|earlier|first))\b"
    r"|\b(?P<followed>followed)\b|\b(?P<preceded>preceded)\b",
    re.IGNORECASE,
)


def _said_order(clause: str, other: set[str]) -> bool | None:
    """Whether ``clause`` says the other event (two or more of its words ``other`` before the
    order word) came later (True) or earlier (False); None when it says neither."""
    m = _ORDER_SAID.search(clause)
    if m is None or claims.NEGATOR.search(clause[: m.end()]):
        return None
    if len(claims.content_words(clause[: m.start()]) & other) < 2:
        return None
    return bool(m["late"] or m["followed"])


_ALL_OF_THEM = re.compile(r"\b(?:both|all\s+(?:two|three|of\s+them)|each|either\s+side)\b", re.IGNORECASE)


def one_pole_for_all(ctx: _Context, text: _Text) -> str | None:
    """One stance, direction or side said of all the asked parts ("So both were positive")
    where the reference gives them different ones."""
    for family in ("stance", "direction", "side"):
        asked = {f.pole[1] for f in ctx.facts if f.pole is not None and f.pole[0] == family}
        if len(asked) < 2:
            continue
        for a, b in text.clauses:
            clause = text.text[a:b]
            every = _ALL_OF_THEM.search(clause)
            if every is None or re.search(r"\band\b|\bwhile\b|\bbut\b", clause):
                continue
            said = [p for p in asked if claims.pole_pattern(family, p, strong_only=True).search(clause)]
            if len(said) == 1 and not text.negated(Span(a, a)):
                return f"{every.group(0)} {said[0]}"
        same = _same_pole_for_two(text, family, asked)
        if same:
            return same
    return None


#: "…, and so were the rectors", "… critical too", "by A and by B alike": one pole for two parts
_SAME_CUE = re.compile(
    r"\b(?:and\s+so\s+(?:were|was|did|do|does|had|has|have|is|are)|too|alike|as\s+well|likewise|equally)\b"
    r"|\b(?:both|neither)\b",
    re.IGNORECASE,
)


def _same_pole_for_two(text: _Text, family: str, asked: set[str]) -> str | None:
    """A sentence that says one pole of ``family`` and gives it a second part with a cue of
    sameness ("the ministries were favourable, and so were the rectors' conferences")."""
    for a, b in text.sentences:
        sentence = text.text[a:b]
        cue = _SAME_CUE.search(sentence)
        if cue is None or claims.is_negated(text.text, text.clauses, Span(a + cue.start(), a + cue.end())):
            continue
        said = [p for p in asked if claims.pole_pattern(family, p, strong_only=False).search(sentence)]
        if len(said) == 1:
            return f"{cue.group(0)} {said[0]}"
    return None


# --- the period a computed value is over ----------------------------------------------------

_RANGE = re.compile(
    r"(?<![\d.])(?:((?:19|20)\d\d)\s*(?:[-–—]|to|through|until)|between\s+((?:19|20)\d\d)\s+and)\s*"
    r"((?:19|20)\d\d)(?![\d.])",
    re.IGNORECASE,
)


_READING_YEAR = re.compile(r"(?<![\d.])(?<![\d][–-])((?:19|20)\d\d)\s*[:=]\s*[-−$€£]?$")


#: a chart's title with its years ("'Spending per student, 2007–2016'"): no asked span
_TITLE = re.compile(r"['‘\"][^'’\"]{0,200}?(?:19|20)\d\d\s*[–-]\s*(?:19|20)\d\d\s*['’\"]")


def _ranges(text: str) -> set[tuple[str, str]]:
    return {(m.group(1) or m.group(2), m.group(3)) for m in _RANGE.finditer(text)}


def _range_of(text: _Text, span: Span) -> set[tuple[str, str]]:
    """The year ranges said with ``span``: its clause's, else its sentence's (a title it quotes aside)."""
    plain = unquoted(text.text)
    clause = _ranges(plain[slice(*text.piece(text.clauses, span))])
    return clause or _ranges(plain[slice(*text.piece(text.sentences, span))])


def period_misbound(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> str | None:
    """Another period than the reference's for a computed value (an average, total or change
    over years): "averaging 2011 to 2017 gives 37.57%" where 37.57% is the 2011–2014 mean."""
    if fact.kind != "number" or not fact.derived:
        return None
    year = _READING_YEAR.search(text.text[max(0, span.start - 12) : span.start])
    if year and year.group(1) not in ctx.reference.text:
        return year.group(1)  # "2016: 27.2k" is that year's reading, not the period's mean
    own = _own_statement(fact, ctx.reference)
    ref = _range_of(ctx.reference, own) if own is not None else set()
    if len(ref) != 1:
        ref = _ranges(ctx.reference.text) if len(_ranges(ctx.reference.text)) == 1 else set()
    if not ref and not _ranges(ctx.reference.text):  # the question's span ("from 2010 to 2016")
        asked = _ranges(_TITLE.sub(" ", ctx.question.text))
        ref = asked if len(asked) == 1 else set()
    said = _range_of(text, span)
    if not ref or not said or said & ref:
        return None
    return "–".join(sorted(said)[0])


#: judge31: a series or item named right before the value it is put at ("the chart shows
#: surveillance at 0.034"); lower-case words, which the name checks do not read as names
_AT_NAME = re.compile(
    r"\b(?:shows?|showing|puts?|records?|recorded|has|had|with|plots?)\s+(?:the\s+)?"
    r"(?P<name>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3})\s+at\s+(?:about\s+|around\s+)?[$€£]?$"
)


_NO_SERIES = frozenset(
    {
        "it",
        "its",
        "them",
        "they",
        "this",
        "these",
        "value",
        "values",
        "level",
        "levels",
        "figure",
        "reading",
        "mark",
        "bar",
        "point",
    }
    | {"dot", "series", "chart", "total", "share", "amount", "number"}
)


def _name_at(text: str, start: int) -> str | None:
    m = _AT_NAME.search(text[max(0, start - 80) : start])
    return m["name"] if m else None


def series_misbound(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> str | None:
    """judge31: the series the answer puts ``fact``'s value at, where the reference puts it at
    an asked series the answer never names ("the chart shows vaccines procurement at 0.034" for
    the asked surveillance at 0.034)."""
    if fact.kind != "number" or (
        not fact.unit and fact.text.strip().isdigit() and len(fact.text.strip()) == 4
    ):
        return None
    said = _name_at(text.text, span.start)
    if said is None or not claims.content_words(said) - _NO_SERIES:
        return None  # "shows it at 0.034", "puts the value at 0.034"
    for s in _fact_spans(fact, ctx.reference):
        own = _name_at(ctx.reference.text, s.start)
        if own is None or not claims.content_words(own) - _NO_SERIES:
            continue  # "puts it at 103.7": no series named
        if not re.search(rf"\b{re.escape(own)}\b", ctx.question.text, re.IGNORECASE):
            continue
        if claims.content_words(own) & claims.content_words(said):
            return None
        if not re.search(rf"\b{re.escape(own)}\b", text.text, re.IGNORECASE):
            return said
    return None


def _stance_holders(ctx: _Context) -> dict[str, set[str]]:
    """For each stance the reference gives in a clause of its own, the words of that clause no
    other stance's clause has (its holder: "teacher unions")."""
    poles = {f.pole[1] for f in ctx.facts if f.pole is not None and f.pole[0] == "stance"}
    ref = ctx.reference
    words: dict[str, set[str]] = {p: set() for p in poles}
    for a, b in ref.clauses:
        clause = ref.text[a:b]
        said = [p for p in poles if claims.pole_pattern("stance", p, strong_only=True).search(clause)]
        if len(said) == 1:
            words[said[0]] |= claims.content_words(clause)
    return {
        p: w - set().union(*(v for q, v in words.items() if q != p)) - ctx.fact_words - _STANCE_VERBS
        for p, w in words.items()
    }


_STANCE_VERBS = frozenset({"judged", "judge", "judges", "received", "viewed", "saw", "rated", "reacted"})


def stance_holders_swapped(ctx: _Context, text: _Text) -> str | None:
    """judge35: a clause that gives one stance to the words of the group the reference gives
    another stance, and none of its own group's (module docstring)."""
    holders = _stance_holders(ctx)
    if len([p for p, w in holders.items() if w]) < 2 or ctx.foreign(text) or _OTHER_SCRIPT.search(text.text):
        return None  # another language's clauses are not cut where its stops fall ("。")
    for a, b in text.clauses:
        clause = text.text[a:b]
        said = [p for p in holders if claims.pole_pattern("stance", p, strong_only=True).search(clause)]
        if len(said) != 1 or claims.NEGATOR.search(clause):
            continue
        every = claims.content_words(clause)
        if not holders[said[0]] & every and any(w & every for p, w in holders.items() if p != said[0]):
            return clause.strip()
    return None
