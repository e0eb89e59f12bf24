"""Roles bound to values: which side (the chart or the text), which entity and which end of a
comparison the reference gives each asked value, and what the answer binds it to.

The offline judge reads a value as stated wherever its digits stand. A careful grader also
reads what it is said of. The checks here find, from the reference alone:

* **the side of a value** (:func:`role_misbound`): in an item that sets a chart value against
  a figure of the text (a target, forecast, threshold, estimate), each read value belongs to
  one side. "The report gives 14.66; the chart shows 14.7" swaps them, where the reference
  has the text's 14.7 and the chart's 14.66.
* **the chart against the text** (:func:`side_against_values`): a reference that gives both
  figures but no side word still fixes the side. "The chart is 0.5 points below the forecast"
  for 18.5% against 18% contradicts it.
* **the ends of a comparison**: in :mod:`judge.offline_ends` (judge32 moved it there).
* **the entity of a value** (:func:`entity_misbound`): a value the reference gives for one
  entity, said of another entity that the reference ties to another fact or that it never
  names ("In 2014 the UAE was at 66.7%" where 66.7% is Saudi Arabia's).
* **the winner of a "which" question**: in :mod:`judge.offline_winner`.

Each returns what the answer says instead, or None.
"""

from __future__ import annotations

import itertools
import re

from judge import claims, conclusion, entity_names
from judge.claims import Span
from judge.numbers import FoundNumber
from judge.offline_context import _ARTICLE_FIRST, _Context, _unknown_name
from judge.offline_facts import _Fact, _fact_spans, _is_entity, _Text
from judge.quantities import is_unit_word

_TEXT_CUE = (
    r"text|texts|report|reports|prose|passage|forecast|forecasts|target|targets|threshold|thresholds"
    r"|estimate|estimates|goal|benchmark|stated|projection|plan"
)
_CHART_CUE = r"chart|charts|charted|figure|fig|graph|plot|plotted|bar|bars|mark|marker|dot|box|reads"
_CUE = re.compile(rf"(?<![\w-])(?:(?P<text>{_TEXT_CUE})|(?P<chart>{_CHART_CUE}))(?![\w-])", re.IGNORECASE)


def _roles_in(text: str, a: int, b: int) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), "text" if m["text"] else "chart") for m in _CUE.finditer(text, a, b)]


#: Where one side of a comparison ends and the other begins inside a clause.
_SIDES_BREAK = re.compile(
    r",|;|、|대비|\b(?:and|while|whereas|against|versus|vs\.?|compared\s+(?:with|to)|y|e|und|et|contra|gegenüber|mientras)\b",
    re.IGNORECASE,
)


def _number_roles(text: _Text, a: int, b: int) -> dict[int, set[str]]:
    """The roles of the numbers in ``text.text[a:b]``: the cues of the piece each stands in,
    the clause cut where one side ends ("the chart shows 328 against the 315 target"); a cue
    outside a parenthesis says nothing of a number inside it."""
    cuts = [a, *(m.start() for m in _SIDES_BREAK.finditer(text.text, a, b)), b]
    out: dict[int, set[str]] = {}
    for lo, hi in itertools.pairwise(cuts):
        # a year ("puts 2009 level at 36.1%") is no value a cue names
        numbers = [n for n in text.numbers if lo <= n.start < hi and not _year_like(n.text)]
        for s, e, role in _roles_in(text.text, lo, hi):
            aside = _aside(text.text, s)
            far = sorted(
                (n.start - e if n.start >= e else s - n.end, n.start)
                for n in numbers
                if _aside(text.text, n.start) == aside
            )
            if far and (len(far) == 1 or far[0][0] < far[1][0]):  # the number nearest the cue
                out.setdefault(far[0][1], set()).add(role)
    return out


def _year_like(number: str) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d\d", number.strip()))


def _aside(text: str, at: int) -> int:
    """Where the parenthesis holding offset ``at`` opens (-1 outside any): a cue outside an
    aside says nothing of a number inside it ("85% of the target (20.9% vs 24.5%)")."""
    depth, opened = 0, [-1]
    for i, c in enumerate(text[:at]):
        if c == "(":
            depth += 1
            opened.append(i)
        elif c == ")" and depth:
            depth -= 1
            opened.pop()
    return opened[-1]


def _role_of(text: _Text, span: Span, whole: bool = False) -> str | None:
    """The role (``chart`` or ``text``) of the number at ``span``: its clause's cues that are
    nearest to it, else (after a colon or a table bar) the clause before ("Target (text) | 315",
    "Seuil : 14,7", "The chart: 25.7%"); with ``whole`` (the reference), else its segment's."""
    a, b = text.piece(text.clauses, span)
    roles = _number_roles(text, a, b).get(span.start, set())
    if not roles and a > 0:
        before = text.text[:a].rstrip(" *")
        line = text.text[text.text.rfind("\n", 0, a) + 1 : (text.text + "\n").find("\n", a)]
        # a label of one value in a list of labelled values ("Seuil : 14,7 ; graphique : 16,4"),
        # not a lead-in to all of them ("Laut Diagramm: 3,3; 4,7")
        labelled = before.endswith("|") or (before.endswith(":") and line.count(":") >= 2)
        if labelled and "\n" not in text.text[len(before) : a]:
            pa, _ = text.piece(text.clauses, Span(max(0, len(before) - 2), 0))
            pa = max(pa, text.text.rfind("\n", 0, a) + 1)
            roles = {role for _, _, role in _roles_in(text.text, pa, len(before))}
    if not roles and whole:  # "… the red mark in Figure 2, at 350 incidents": the reference's statement
        sa, sb = text.piece(text.segments, span)
        roles = {
            role
            for s, _, role in _roles_in(text.text, sa, sb)
            if _aside(text.text, s) == _aside(text.text, span.start)
        }
    return roles.pop() if len(roles) == 1 else None


def _value_roles(ctx: _Context) -> dict[int, str]:
    """The side (``chart`` or ``text``) the reference gives each read value, when the item
    sets values of both sides against each other."""
    if "roles" in ctx.memo:
        return dict(ctx.memo["roles"])
    ref = ctx.reference
    out: dict[int, str] = {}
    computed: dict[int, str] = {}
    for f in ctx.facts:
        if f.kind != "number" or (not f.unit and _is_year_value(f)):
            continue
        span = _own_statement(f, ref)
        role = _role_of(ref, span, whole=True) if span is not None else None
        if role and not f.derived:
            out[f.index] = role
        elif role == "chart":
            computed[f.index] = role
    if "text" in out.values():
        # judge31: a value computed on the chart ("in Figure 10 it lies 146.69 from the mean")
        # is the chart's side against the text's figure ("the text's estimate is 146.69")
        out.update(computed)
    if set(out.values()) != {"chart", "text"}:
        out = {}
    ctx.memo["roles"] = out
    return dict(out)


def _own_statement(f: _Fact, ref: _Text) -> Span | None:
    """The reference's statement of ``f``: the number nearest its value (14.7 may lie within
    the tolerance of 14.66, but 14.66 is its own)."""
    value = f.targets[0][0]
    found = [
        (abs(n.readings[0] - value), n)
        for n in ref.numbers
        if any(s.start == n.start for s in _fact_spans(f, ref))
    ]
    if not found:
        return None
    best = min(found, key=lambda d: d[0])[1]
    return Span(best.start, best.end)


def _is_year_value(f: _Fact) -> bool:
    value = f.targets[0][0] if f.targets else 0.0
    return value == int(value) and 1900 <= value <= 2100


def role_misbound(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> str | None:
    """The side a statement of ``fact`` is given for, when it is the other side than the
    reference's (see the module docstring)."""
    own = _value_roles(ctx).get(fact.index)
    if own is None:
        return None
    said = _role_of(text, span)
    return said if said is not None and said != own else None


# --- the chart against the text, from the reference's two figures -----------------------------

_SIDE = re.compile(
    r"(?<![\w-])(?:(?P<above>above|exceeds?|exceeded|exceeding|over|higher\s+than|more\s+than|greater\s+than"
    r"|larger\s+than|overshoots?|surpass(?:es|ed)?)|(?P<below>below|under|short\s+of|falls?\s+short|fell\s+short"
    r"|lower\s+than|less\s+than|smaller\s+than|undershoots?))(?![\w-])",
    re.IGNORECASE,
)


_GAP_BEFORE = re.compile(r"\b(?:gap|difference|distance)\s+(?:is\s+|of\s+)(?:about\s+)?$", re.IGNORECASE)


def _figures(ctx: _Context) -> dict[str, float] | None:
    """The chart's value and the text's figure the reference sets against each other (one of
    each), or None."""
    if "figures" in ctx.memo:
        got: dict[str, float] | None = ctx.memo["figures"]
        return got
    ref = ctx.reference
    seen: dict[str, set[float]] = {"chart": set(), "text": set()}
    for n in ref.numbers:
        span = Span(n.start, n.end)
        if "%" not in n.text and n.readings[0] == int(n.readings[0]) and 1900 <= n.readings[0] <= 2100:
            continue
        if _GAP_BEFORE.search(ref.text[max(0, n.start - 24) : n.start]):
            continue  # judge32: "…, a gap of 3.6 percentage points" is neither side's figure
        role = _role_of(ref, span, whole=True)
        if role:
            seen[role].add(n.readings[0])
    seen = _set_against(ctx, seen)
    out = None
    if len(seen["chart"]) == 1 and len(seen["text"]) == 1 and seen["chart"] != seen["text"]:
        out = {role: next(iter(values)) for role, values in seen.items()}
    ctx.memo["figures"] = out
    return out


#: judge31: a figure set against the one before it ("shows 36.4%, against 32%")
_AGAINST = re.compile(
    r",?\s+(?:against|versus|vs\.?|compared\s+(?:with|to))\s+(?:an?\s+|the\s+)?$", re.IGNORECASE
)


def _set_against(ctx: _Context, seen: dict[str, set[float]]) -> dict[str, set[float]]:
    """``seen`` with the other side's figure where the reference gives one side's figure and
    sets against it a number its own clause gives no side ("Figure 6 … shows 36.4%, against
    32%"), and the question asks of both the chart and the text."""
    sided = [role for role, values in seen.items() if values]
    asked = {role for _, _, role in _roles_in(ctx.question.text, 0, len(ctx.question.text))}
    if len(sided) != 1 or asked != {"chart", "text"}:
        return seen
    side, other = sided[0], "text" if sided[0] == "chart" else "chart"
    ref = ctx.reference
    for before, after in itertools.pairwise(ref.numbers):
        a, b = ref.piece(ref.clauses, Span(after.start, after.end))
        if (
            _AGAINST.search(ref.text[before.end : after.start])
            and ("%" in before.text) == ("%" in after.text)
            and not _roles_in(ref.text, a, b)
            and seen[side] <= {before.readings[0], after.readings[0]}
            and before.readings[0] != after.readings[0]
        ):
            return {side: {before.readings[0]}, other: {after.readings[0]}}
    return seen


def _chart_sides(
    text: _Text, pattern: re.Pattern[str], question: str = ""
) -> list[tuple[bool, str, set[str]]]:
    """Each side ``text`` gives the chart against the text's figure, as (chart above, clause,
    the role words of the clause): the subject is the role named before the side word, else
    the other of the one after it."""
    out = []
    for m in pattern.finditer(text.text):
        span = Span(m.start(), m.end())
        if text.negated(span):
            continue
        a, b = text.piece(text.clauses, span)
        after = _roles_in(text.text, m.end(), b)
        before = _roles_in(text.text, a, m.start())
        pronouns = _pronoun_sides(text, m, a, question) if not after and not before else None
        if pronouns is not None:
            out.append((bool(m["above"]) == (pronouns[0] == "chart"), text.text[a:b].strip(), pronouns[1]))
            continue
        if after:
            subject = "chart" if after[0][2] == "text" else "text"
        elif before:
            subject = before[-1][2]
        else:
            continue
        cues = {text.text[s:e].lower() for s, e, _ in after + before}
        out.append((bool(m["above"]) == (subject == "chart"), text.text[a:b].strip(), cues))
    return out


#: judge32: "It is 1.13 points below it": a pronoun on each side of the side word
_PRONOUN_SUBJECT = re.compile(r"^\s*(?:it|this|that)(?:\s+is|\s+was|'s|’s|\s+lies|\s+sits)\b", re.IGNORECASE)
_PRONOUN_OBJECT = re.compile(r"\s+(?:it|that|this)\b(?!\s+(?:is|was)\b)", re.IGNORECASE)
#: a question that asks how far one thing is from another ("How far is the value … from the
#: earlier estimate …?")
_QUOTED = re.compile(r"(?<!\w)['‘\"“][^'’\"”\n]*['’\"”](?!\w)")
_HOW_FAR = re.compile(r"\bhow\s+far\s+(?:is|does|do|lies)\b.*?\bfrom\b", re.IGNORECASE | re.DOTALL)


def _pronoun_sides(text: _Text, side: re.Match[str], a: int, question: str) -> tuple[str, set[str]] | None:
    """The subject's role and the cue words of a clause with a pronoun on each side of its side
    word ("It is 1.13 points below it") under a question asking how far one side is from the
    other ("How far is the value the chart shows … from the earlier estimate?"): the question's
    first named side is the subject, its other the object; else None."""
    if not _PRONOUN_SUBJECT.match(text.text[a : side.start()]):
        return None
    if not _PRONOUN_OBJECT.match(text.text, side.end()):
        return None
    question = _QUOTED.sub(" ", question)  # a quoted title names no side ("… against target …")
    m = _HOW_FAR.search(question)
    if m is None:
        return None
    first = _roles_in(question, m.start(), m.end())
    then = _roles_in(question, m.end(), len(question))
    if len({r for _, _, r in first}) != 1 or not then or {r for _, _, r in then} == {first[0][2]}:
        return None
    return first[0][2], {question[s:e].lower() for s, e, _ in first + then}


#: a side said with a verb ("so it beats the target", "misses the forecast")
_SIDE_VERB = re.compile(
    _SIDE.pattern.replace("(?P<above>", r"(?P<above>beats?|beaten|outperforms?|outperformed|").replace(
        "(?P<below>", r"(?P<below>miss(?:es|ed)?|trails?|trailed|"
    ),
    re.IGNORECASE,
)


def figures_swapped(ctx: _Context, text: _Text) -> str | None:
    """judge21: the chart's value and the text's figure the reference sets against each other,
    said the other way round ("the chart puts it at 0.6 against an earlier estimate of 1.19"
    where the chart has 1.19 and the estimate is 0.6), asked facts or not; judge32: one of them
    is enough where the answer says neither on its own side; a reading the answer takes back
    ("5.5%... no, that's the forecast") is no statement."""
    figures = _figures(ctx)
    if figures is None:
        return None
    kept = _Text.of(conclusion.corrected(text.text))
    swapped: dict[str, str] = {}
    plain: list[str] = []
    roles = _against_roles(kept)
    for n in kept.numbers:
        own = [role for role, value in figures.items() if any(abs(r - value) < 1e-9 for r in n.readings)]
        if len(own) != 1:
            continue
        said = roles.get(n.start)
        if said is None or said == own[0]:
            return None  # one side said right: no swap
        swapped[own[0]] = f"{n.text} for the {said}"
        if _named_before(kept, n, said) and _apart(n, figures[said]):
            plain.append(swapped[own[0]])
    if len(swapped) == 2:
        return swapped["chart"]
    # judge32: one figure put on the other side with no side said right ("it matches; the
    # forecast is 3.56%" where the chart shows 3.56%), its side named before it and not rounded
    return plain[0] if len(plain) == 1 else None


#: a number said roughly ("about 0.04", "~5.1")
_ROUGHLY = re.compile(
    r"(?:\b(?:about|roughly|around|approximately|approx\.?|nearly|almost|some|close\s+to)\s+|[~≈]\s?)$",
    re.IGNORECASE,
)


def _named_before(text: _Text, n: FoundNumber, role: str) -> bool:
    """judge32: ``n``'s clause names its side ``role`` before it ("the forecast is 3.56%", not
    "59.4% matches the forecast") and ``n`` is not said roughly."""
    a, _ = text.piece(text.clauses, Span(n.start, n.end))
    before = _roles_in(text.text, a, n.start)
    return bool(before) and before[-1][2] == role and not _ROUGHLY.search(text.text[a : n.start])


def _apart(n: FoundNumber, other: float) -> bool:
    """``n`` is no rounding of the other side's figure ("0.04" for a chart's 0.042 is)."""
    decimals = re.search(r"[.,](\d+)", n.text)
    places = len(decimals.group(1)) if decimals else 0
    return round(other, places) != round(n.readings[0], places)


def _against_roles(text: _Text) -> dict[int, str]:
    """The side of each number of ``text`` (by offset), and judge31: a number with no side word
    set against one with a side ("puts Türkiye at 0.217, against 0.32") the other side."""
    out: dict[int, str] = {}
    for n in text.numbers:
        role = _role_of(text, Span(n.start, n.end))
        if role:
            out[n.start] = role
    for before, after in itertools.pairwise(text.numbers):
        a, b = text.piece(text.clauses, Span(after.start, after.end))
        if (
            before.start in out
            and after.start not in out
            and _AGAINST.search(text.text[before.end : after.start])
            and not _roles_in(text.text, a, b)
        ):
            out[after.start] = "text" if out[before.start] == "chart" else "chart"
    return out


def side_against_values(ctx: _Context, text: _Text) -> str | None:
    """A side the answer gives the chart against the text's figure ("the chart is below the
    forecast") that the reference's two figures contradict, or (judge8 round) that the side the
    reference gives the chart with a verb contradicts ("so it beats the target"); only where
    the reference says no side in words the answer's side is read by."""
    figures = _figures(ctx)
    if _SIDE.search(ctx.reference.text):
        return None
    if figures is not None:
        chart_above, cues = figures["chart"] > figures["text"], None
    else:
        ref = _chart_sides(ctx.reference, _SIDE_VERB)
        if len({above for above, _, _ in ref}) != 1:
            return None
        chart_above, cues = ref[0][0], set().union(*(c for _, _, c in ref))
    for above, clause, mine in _chart_sides(text, _SIDE, ctx.question.text):
        if above != chart_above and (cues is None or mine & cues):
            return clause
    return None


# --- the entity a value is given for --------------------------------------------------------

_OPENER_FOLLOW = re.compile(
    r"^(?:'s\b|\s+in\s+(?:19|20)\d\d\b|\s+at\s+[-−$€£]?\d|(?:\s+[a-z]+){0,2}\s+(?:is|are|was|were|stood|stands|sits"
    r"|sat|moved|leads|led|tops|topped|ranks|ranked|came|comes)\b)"
)


#: Words that open a sentence of an answer about a chart and name nothing.
_GENERIC = frozenset(
    " ".join(
        (
            "peak trough top bottom total sum gap change difference result answer mean median average",
            "highest lowest largest smallest overall value reading chart text report both neither either",
            "period year years series growth decline drop rise increase decrease share ratio margin level",
            "first second last final start end earlier later early late each all none yes no verdict",
            "estimate target forecast threshold source note figure table row column values marks mark",
            "here there this that these those it its they we i our my per about around roughly nearly",
        )
    ).split()
)


def names_in(ctx: _Context, text: str) -> list[str]:
    """Names in ``text``: the question's and reference's names written in any case, names the
    question and reference lack, and a capitalised opener that reads as a name ("Thailand
    moved furthest", "Indonesia in 2015") where its word is no word of the question or reference."""
    text = re.sub(r"[*_#`]", " ", text)  # markdown emphasis
    out = [n for n in _known_names(ctx) if claims.phrase_pattern(n).search(text)]
    out += [n for n, _ in claims.proper_names(text) if _unknown_name(ctx, n) and not _ARTICLE_FIRST.match(n)]
    for m in re.finditer(r"(?:^|(?<=[.!?\n|]))[\s*#>-]*([A-Z][a-z][\w'-]+)", text):
        word = m.group(1)
        low = word.lower().removesuffix("'s")
        if (
            low in ctx.known_words
            or low in claims.STOPWORDS
            or low in _GENERIC
            or claims.COLOUR.fullmatch(low)
        ):
            continue
        if low.endswith(("ing", "ly", "ed")):
            continue  # "Averaging 2011 to 2017", "Roughly", "Combined": no names
        if _OPENER_FOLLOW.match(text[m.end() :]) and word not in out:
            out.append(word.removesuffix("'s"))
    # a country's name is a name wherever it stands ("Germany averages 16.22%")
    out += [n for n in entity_names.named(text).values() if n not in out and _unknown_name(ctx, n)]
    return out


def _known_names(ctx: _Context) -> list[str]:
    if "names" not in ctx.memo:
        names = {n for t in (ctx.question.text, ctx.reference.text) for n, _ in claims.proper_names(t)}
        names |= {m.group(0) for m in re.finditer(r"(?:^|(?<=[.;]\s))[A-Z][a-z]{3,}\b", ctx.reference.text)}
        names = {re.sub(r"['’]s?$", "", n) for n in names if not re.match(r"(?i)fig", n)}
        ctx.memo["names"] = sorted(
            n for n in names if n.lower() not in claims.STOPWORDS and not is_unit_word(n)
        )
    known: list[str] = ctx.memo["names"]
    return known


def _same(a: str, b: str) -> bool:
    return bool(claims.content_words(a) & claims.content_words(b)) or a.lower() == b.lower()


def _entities(ctx: _Context) -> dict[int, tuple[list[str], list[str]]]:
    """For each read value or year the reference names entities with: (its own names, names the
    reference gives other facts and values only)."""
    if "entities" in ctx.memo:
        got: dict[int, tuple[list[str], list[str]]] = ctx.memo["entities"]
        return got
    ref = ctx.reference
    names = _known_names(ctx)
    clauses = [ref.piece(ref.clauses, Span(n.start, n.end)) for n in ref.numbers]
    clauses += [ref.piece(ref.clauses, s) for f in ctx.facts for s in _fact_spans(f, ref)]
    out = {}
    for f in ctx.facts:
        year = f.kind == "label" and bool(claims.YEAR.fullmatch(f.text.strip()))
        if (_is_entity(f) and not year) or f.pole is not None or f.colour:
            continue
        spans = _fact_spans(f, ref)
        if not spans:
            continue
        mine = ref.piece(ref.clauses, spans[0])
        own = [n for n in names if claims.phrase_pattern(n).search(ref.text[slice(*mine)])]
        if not own and not f.derived:  # "Mexico fell, from 10.28% to 8.85%": the segment's entity
            segment = ref.piece(ref.segments, spans[0])
            own = [n for n in names if claims.phrase_pattern(n).search(ref.text[slice(*segment)])]
            mine = segment if len(own) == 1 else mine
            own = own if len(own) == 1 else []
        others = {
            n
            for a, b in clauses
            if (a, b) != mine
            for n in names
            if claims.phrase_pattern(n).search(ref.text[a:b])
        }
        if own:
            out[f.index] = (own, sorted(n for n in others if not any(_same(n, o) for o in own)))
    ctx.memo["entities"] = out
    return out


def entity_misbound(ctx: _Context, fact: _Fact, span: Span, text: _Text) -> str | None:
    """Another entity a statement of ``fact`` is given for: its clause (asides in brackets
    aside) names one the reference ties to other facts, or one it never names, and none of the
    value's own."""
    bound = _entities(ctx).get(fact.index)
    if bound is None or ctx.foreign(text):
        return None  # names in another language are not read
    own, others = bound
    a, b = text.piece(text.clauses, span)
    clause = re.sub(
        r"\([^()]*\)",
        lambda m: m.group(0) if a + m.start() <= span.start < a + m.end() else " ",
        text.text[a:b],
    )
    said = names_in(ctx, clause)
    if not said:  # "Canada fell, from 10.28% to 8.85%": the names of the question its segment has
        sa, sb = text.piece(text.segments, span)
        segment = re.sub(
            r"\([^()]*\)",
            lambda m: m.group(0) if sa + m.start() <= span.start < sa + m.end() else " ",
            text.text[sa:sb],
        )
        said = [n for n in _known_names(ctx) if claims.phrase_pattern(n).search(segment)]
    if any(_same(n, o) for n in said for o in own):
        return None
    for n in said:
        value = fact.kind == "number" and not _is_year_value(fact)  # a year is the context of an event
        if (value and any(_same(n, o) for o in others)) or _unknown_name(ctx, n):
            return n
    return None
