"""The winner of a "which" question: a clause with the question's own superlative or
comparative ("moved furthest", "**Higher:**", "the largest move is X's") that names another
candidate than the asked one contradicts it (:func:`winner_conflict`); for an either-or question
whose answer is no label fact, the winner is the one name of the reference's clause with that
cue (:func:`reference_winner_conflict`). Split from :mod:`judge.offline_roles`."""

from __future__ import annotations

import re
import unicodedata

from judge import claims
from judge.claims import Span
from judge.offline_context import _Context, _unknown_name
from judge.offline_facts import _Fact, _is_entity, _label_spans, _Text
from judge.offline_roles import _known_names, names_in

_WINNER = {
    "high": r"highest|largest|biggest|greatest|most|top|first|furthest|farthest|higher|larger|bigger|greater"
    r"|leads|ahead|in\s+front",  # judge33: "which comes out ahead" asks for the higher one
    "low": r"lowest|smallest|least|fewest|bottom|last|lower|smaller|fewer",
}


def _cues(ctx: _Context) -> list[re.Pattern[str]]:
    """The question's own superlatives or comparatives, when it asks which one ("which …
    moved furthest", "did Road or Pipeline stand higher")."""
    asks = re.search(r"\b(?:which|who|whose)\b", ctx.question.text, re.I) or ctx.distractors
    cues = [re.compile(rf"(?<![\w-])(?:{words})(?![\w-])", re.IGNORECASE) for words in _WINNER.values()]
    return [cue for cue in cues if asks and cue.search(ctx.question.text)]


_BEFORE_CUE = re.compile(r"([^\W\d_]+)\s+(?:the\s+)?$")


def _direction(word: str) -> str | None:
    """ "rose" or "fell" for a verb of change ("gained", "lost" too), else None."""
    for pole, extra in (("rose", "gain|gains|gained|gaining"), ("fell", "lose|loses|lost|losing")):
        if re.fullmatch(f"{claims.POLES['direction'][pole][0]}|{extra}", word, re.IGNORECASE):
            return pole
    return None


def _other_sense(question: str, before: str) -> bool:
    """The answer's cue follows a verb of the other direction than the question's asked one
    ("lost most" where the question asks which series "gained the most" or "rose furthest")."""
    mine = _BEFORE_CUE.search(before)
    which = re.search(r"\b(?:which|who|whose)\b", question, re.IGNORECASE)
    asked = re.search(
        rf"([^\W\d_]+)\s+(?:the\s+)?(?:{_WINNER['high']}|{_WINNER['low']})\b",
        question[which.start() if which else 0 :],
        re.IGNORECASE,
    )
    if mine is None or asked is None:
        return False
    said, wanted = _direction(mine.group(1)), _direction(asked.group(1))
    return None not in (said, wanted) and said != wanted


def _other_winner(ctx: _Context, own: list[Span], mine: set[str], text: _Text) -> str | None:
    """A candidate other than the winner (stated at ``own``, named by ``mine``'s words) that a
    clause with the question's cue names, where the winner is not named."""
    for cue in _cues(ctx):
        for m in cue.finditer(text.text):
            a, b = _widened(ctx, text, _joined(text, Span(m.start(), m.end())))
            if any(a <= s.start < b for s in own) or text.negated(Span(m.start(), m.end())):
                continue
            if _other_sense(ctx.question.text, text.text[: m.start()]):
                continue  # "Netherlands lost most" does not say who gained most
            clause = text.text[a:b]
            for name in names_in(ctx, clause):
                at = clause.find(name)
                lo, hi = sorted((at, m.start() - a))
                if (
                    re.search(r"\bthan\b|\b(?:ahead|front)\s+of\b", clause[lo:hi])
                    or claims.words(name) & mine
                ):
                    continue  # "higher than orange (Engineering …)": the lower one
                if (
                    name in ctx.distractors
                    or _unknown_name(ctx, name)
                    or not claims.phrase_pattern(name).search(ctx.question.text)
                ):
                    return name
    return None


def _widened(ctx: _Context, text: _Text, clause: tuple[int, int]) -> tuple[int, int]:
    """``clause`` opened back to the start of a known name it cuts, or one joined to it by "and"
    (the clause " law ahead" of "Business and law ahead" opens at "Business"; judge33)."""
    a, b = clause
    for name in _known_names(ctx):
        for span in claims.find_all(claims.phrase_pattern(name), text.text[:b]):
            if span.start < a < span.end or (
                span.end <= a and re.fullmatch(r"\s+and\s*", text.text[span.end : a + 1])
            ):
                a = span.start
    return a, b


def winner_conflict(ctx: _Context, fact: _Fact, text: _Text) -> str | None:
    """Another candidate a clause with the question's own superlative names, where it does not
    name the asked entity ("The largest move is Thailand's" for Vietnam)."""
    if not _is_entity(fact) or not fact.text[:1].isupper():
        return None  # a reason ("the clean air plan") is no candidate for the top
    return _other_winner(ctx, _label_spans(fact, text), fact.surface_words(), text)


def reference_winner_conflict(ctx: _Context, text: _Text) -> str | None:
    """For a "which" question whose answer is no label fact ("Which came first: Japan …, or
    Spain …?"), the one name of the reference's segment with the question's cue is the winner:
    another name in the answer's clause with that cue contradicts it."""
    if any(_is_entity(f) and f.text[:1].isupper() for f in ctx.facts) or not ctx.distractors:
        return None
    ref = ctx.reference
    for cue in _cues(ctx):
        m = cue.search(ref.text)
        if m is None:
            continue
        segment = ref.text[slice(*ref.piece(ref.segments, Span(m.start(), m.end())))]
        names = [n for n in _known_names(ctx) if claims.phrase_pattern(n).search(segment)]
        if len(names) != 1:
            return None
        own = claims.find_all(claims.phrase_pattern(names[0]), text.text)
        return _other_winner(ctx, own, claims.words(names[0]), text)
    return None


def _joined(text: _Text, span: Span) -> tuple[int, int]:
    """The clause of ``span`` and, across a colon, the one after it ("**Higher:** Pipeline")."""
    a, b = text.piece(text.clauses, span)
    if text.text[b : b + 1] == ":" or text.text[b : b + 3].startswith(":*"):
        b = text.piece(text.clauses, Span(b + 1, b + 1))[1]
    start = text.text.rfind("\n", 0, span.start) + 1
    end = (text.text + "\n").find("\n", span.end)
    if text.text[start:end].lstrip().startswith("|"):
        # judge31: a table's row is one clause ("| Higher | Morocco |" picks Morocco); the
        # header's names ("| Year | Morocco | Tanzania |") are no pick
        a, b = start, end
    return a, b


#: judge16: any word that picks one candidate out of several (a superlative, a comparative, a rank)
_PICK = re.compile(
    rf"(?<![\w-])(?:{_WINNER['high']}|{_WINNER['low']}|ahead|behind|tops?|peaks?|max(?:imum)?|min(?:imum)?"
    r"|rank\w*|leader|leading|winner|answer|biggest|greatest|only|stands?\s+out)(?![\w-])",
    re.IGNORECASE,
)


#: a line of a "label: value" list (judge10: it states the asked item's value, no pick needed)
_LISTED = re.compile(r"^[\s*•-]*[A-Z][^:\n]{0,60}:\s*[-−]?[$€£]?\d", re.MULTILINE)


def no_pick(ctx: _Context, fact: _Fact, text: _Text) -> str | None:
    """judge16: the asked candidate listed with two or more others and no word that picks one
    ("Spain, Portugal and Ireland all moved …") for a question that asks which one stands out:
    the answer leaves the slot open."""
    if not _is_entity(fact) or not fact.text[:1].isupper() or not _cues(ctx) or _PICK.search(text.text):
        return None
    if ctx.foreign(text) or len(_LISTED.findall(text.text)) >= 2:
        return None  # nouns of another language are no candidates; a "label: value" list reads values
    mine = fact.surface_words()
    others = [n for n in names_in(ctx, text.text) if not claims.words(n) & mine]
    others = [n for n in others if not claims.phrase_pattern(n).search(ctx.reference.text)]
    return ", ".join(others[:2]) if len(others) >= 2 else None


#: judge17: two colours a question offers ("the magenta series or the blue series")
_COLOUR_PAIR = re.compile(
    rf"\b(?:the\s+)?(?P<a>{claims.COLOURS})(?:\s+(?:series|line|lines|bars?|dots?|marks?|points?|segments?|area|ones?|slices?|wedges?|columns?))?"
    rf"\s+or\s+(?:the\s+)?(?P<b>{claims.COLOURS})\b",
    re.IGNORECASE,
)
_ABOVE = re.compile(
    r"\b(?:above|higher\s+than|larger\s+than|greater\s+than|exceeds|exceeded|over|ahead\s+of)\b", re.I
)
_UNDER = re.compile(r"\b(?:below|lower\s+than|smaller\s+than|less\s+than|short\s+of|under|behind)\b", re.I)


#: a cue that says which is higher: a comparative, or a side ("sits above the blue line")
_HIGH_SIDE = re.compile(rf"{claims.HIGH_CUE.pattern}|\b(?<!-)(?:above|over)\b(?!-)", re.IGNORECASE)


def _colour_at(colour: str, text: str, start: int = 0) -> int:
    m = re.search(rf"\b{colour}\b", text[start:], re.IGNORECASE)
    return start + m.start() if m else -1


def _colour_leader(a: str, b: str, reference: str) -> str | None:
    """The higher of colours ``a`` and ``b`` by the reference: the first of the two it names
    when a side word ("above", "higher than") stands between them, the second for "below"."""
    i, k = _colour_at(a, reference), _colour_at(b, reference)
    if i < 0 or k < 0:
        return None
    (first, lo), (second, hi) = sorted(((a, i), (b, k)), key=lambda p: p[1])
    between = reference[lo:hi]
    above, under = bool(_ABOVE.search(between)), bool(_UNDER.search(between))
    if above == under:
        return None
    return first if above else second


def colour_winner_conflict(ctx: _Context, text: _Text) -> str | None:
    """judge17: for an either-or question between two colours ("which is higher: the magenta
    series or the blue series?"), the colour the reference puts below, said to be the higher
    (or, for a "lower" question, the one it puts above said to be the lower) by the question's
    cue (see :func:`_cue_subject`)."""
    pair = _COLOUR_PAIR.search(ctx.question.text)
    asks_low = re.search(rf"(?<![\w-])(?:{_WINNER['low']})(?![\w-])", ctx.question.text, re.IGNORECASE)
    asks_high = re.search(rf"(?<![\w-])(?:{_WINNER['high']})(?![\w-])", ctx.question.text, re.IGNORECASE)
    if pair is None or bool(asks_low) == bool(asks_high) or ctx.memo.get("foreign"):
        return None  # another language's word order is not read ("緑が オレンジより高い")
    leader = _colour_leader(pair["a"], pair["b"], ctx.reference.text)
    if leader is None:
        return None
    loser = pair["b"] if leader.lower() == pair["a"].lower() else pair["a"]
    wrong = leader if asks_low else loser  # the colour that must not be picked
    for m in (claims.LOW_CUE if asks_low else _HIGH_SIDE).finditer(text.text):
        span = Span(m.start(), m.end())
        if text.negated(span):
            continue
        if _other_script(text.text[slice(*text.piece(text.segments, span))]):
            continue  # a gloss in another language's word order ("緑が オレンジより above")
        side = m.group(0).lower() in ("above", "over")  # "X sits above Y": only X is its subject
        picked = _cue_subject(text, span, (pair["a"], pair["b"]), before_only=side)
        if picked is not None and picked.lower() == wrong.lower():
            return text.text[slice(*text.piece(text.segments, span))].strip()
    return None


def _other_script(text: str) -> bool:
    """``text`` holds letters of a script other than Latin."""
    return any(c.isalpha() and not unicodedata.name(c, "").startswith("LATIN") for c in text)


def _cue_subject(text: _Text, cue: Span, colours: tuple[str, str], before_only: bool = False) -> str | None:
    """The colour a comparative cue is said of: the nearest of ``colours`` before it in its
    segment, else (unless ``before_only``) the first after it; a colour after "than" is the
    other side."""
    a, b = text.piece(text.segments, cue)
    found = [
        (m.start(), m.group(0))
        for c in colours
        for m in re.finditer(rf"\b{c}\b", text.text[a:b], re.IGNORECASE)
        if not re.search(r"\bthan\s+(?:the\s+)?$", text.text[a : a + m.start()], re.IGNORECASE)
    ]
    at = cue.start - a
    before = [f for f in found if f[0] < at]
    after = sorted(f for f in found if f[0] > at)
    if before:
        return max(before)[1]
    return after[0][1] if after and not before_only else None
