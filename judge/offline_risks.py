"""Why a pass of the offline judge may rest on a misreading (judge8, judge9 and judge10 rounds,
``offline-claims-v11``).

A pass is certain only when nothing in the answer could still turn it into a fail that the
checks may have missed. The held-out sets' first runs showed where passes go wrong: an extra
claim beside the right answer (a value the reference never gives, a remark after the answer),
values set out as a list of labels (a value on the wrong label), and an answer in another
language whose words the judge only partly reads. A pass with any of these is uncertain (a
cascade asks an LLM judge); a fail is unchanged (these doubts could only lower it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from judge import certainty, claims
from judge.numbers import FoundNumber
from judge.offline_checks import _Verdict
from judge.offline_context import _Context
from judge.offline_facts import _Fact, _fact_spans, _Text
from judge.offline_lists import list_bound

EXTRA_VALUE = "it states a value the reference does not give"
LISTED = "it sets values out as a list of labels"
TRAILING = "a remark follows its answer"
CONTRAST = "it sets something against its answer"
TWO_POLES = "it states two sides of one polar fact"
FLOORED = "it passes on a quarter of the facts or fewer"
SWAPPED = "a value is named with words the reference gives another value"
#: judge33: a value written to a decimal, unhedged, within the fact's tolerance but over 3% off
OFF_PRECISE = "it gives an asked value to a decimal, off it by more than a reading's error"
#: the pass-only doubts (each can only lower the verdict)
PASS_DOUBTS = frozenset({EXTRA_VALUE, LISTED, TRAILING, CONTRAST, TWO_POLES, FLOORED, SWAPPED, OFF_PRECISE})
#: judge10: a contrast set against the answer ("… to the exam reform, but mainly to the pay scale")
_CONTRAST = re.compile(
    r"\b(?:but|however|whereas|although|though|yet|except|instead|rather\s+than)\b", re.IGNORECASE
)

#: "label: value" / "label = value" / "label | value", or a bullet or numbered line with a number
_PAIR = re.compile(r"[^\W\d_][^:=|\n;]{0,60}?(?:[:=|]|\s[-–—]\s)\s*\**\s*[-−+$€£]?\s?\d")
_BULLET = re.compile(r"^\s*(?:[-*•·]|\d+[.)])\s+\S", re.MULTILINE)
#: words that make a sentence a claim about the asked facts
_CLAIM_WORD = re.compile(
    r"\b(?:higher|lower|more|less|larger|smaller|greater|above|below|rose|rise[sn]?|fell|fall(?:s|en)?"
    r"|increas\w*|decreas\w*|grew|declin\w*|drop\w*|exceed\w*|match\w*|contradict\w*|agree\w*|consistent"
    r"|not|no|never|n't|but|however|although|though|except|instead|actually|rather|whereas|while"
    r"|first|last|earlier|later|before|after|ahead|behind|short|over|under|same|equal|flat|stable)\b",
    re.IGNORECASE,
)


_NEAR, _NEAR_SMALL = 0.01, 0.011  # how near a stated number must be to a known one


def _year(value: float) -> bool:
    return value.is_integer() and 1900 <= value <= 2100


def _unnamed_year(ctx: _Context, readings: Sequence[float]) -> bool:
    """The number is a year that neither the question nor the reference names."""
    return (
        bool(readings)
        and all(_year(r) for r in readings)
        and not any(abs(r - k) < 0.5 for r in readings for k in ctx.known_numbers)
    )


def _extra_value(ctx: _Context, facts: list[_Fact], text: _Text, verdicts: list[_Verdict]) -> bool:
    """A number the answer states that is no fact's value (as read, converted included), no
    number of the question or reference, and no gap of two asked values (an extra claim the
    checks cannot bind: "…, the highest since 2015 at 48.2%"); a year no question or reference
    names (a claim about another period); or a number in the place of a fact it misses (a
    supporting value beside a right verdict). Since judge9 a gap counts only between asked
    values (not figure numbers or years) and a near miss is 1% off, or 0.011 for small values."""
    base = {abs(k) for k in ctx.known_numbers} | {abs(t) for f in facts for t, _ in f.targets}
    asked = {abs(t) for f in facts for t, _ in f.targets if not _year(t)}
    known = base | {abs(a - b) for a in asked for b in asked} | {abs(100 - a) for a in asked}
    stated = [
        s
        for f, v in zip(facts, verdicts, strict=True)
        if v.hit or f.kind != "number"
        for s in _fact_spans(f, text)
    ]
    titles = claims.caption_spans(text.text)
    for found in text.numbers:
        if any(s.start <= found.start < s.end or found.start <= s.start < found.end for s in stated):
            continue
        if any(a <= found.start < b for a, b in titles):
            continue
        if _unnamed_year(ctx, found.readings):
            return True
        readings = [abs(r) for r in found.readings if not _year(r)]
        if not readings or (len(found.text.strip()) == 1 and not found.percent):
            continue
        if not any(abs(r - k) <= max(_NEAR * k, _NEAR_SMALL) for r in readings for k in known):
            return True
    return False


def _listed(text: _Text) -> bool:
    """Two or more label-value pairs (lines, bullets, "A: 1; B: 2")."""
    pairs = len(_PAIR.findall(text.text))
    bullets = len(_BULLET.findall(text.text))
    return max(pairs, bullets) >= 2


def _trailing(facts: list[_Fact], verdicts: list[_Verdict], text: _Text) -> bool:
    """A sentence after the last one that states a matched fact makes a claim of its own."""
    ends = [
        s.end
        for f, v in zip(facts, verdicts, strict=True)
        if v.hit and not (f.kind == "number" and all(_year(t) for t, _ in f.targets))
        for s in _fact_spans(f, text)
    ]
    if not ends:
        return False
    last = max(ends)
    for a, b in text.sentences:
        if a < last:
            continue
        sentence = text.text[a:b]
        if any(n.start >= a and n.end <= b for n in text.numbers) or _CLAIM_WORD.search(sentence):
            return True
    return False


def _two_poles(ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], text: _Text) -> bool:
    """A polar fact the answer states, and another pole of its family it states too that the
    reference never uses ("rail operators: favourable" beside "port operators: critical")."""
    for f, v in zip(facts, verdicts, strict=True):
        if f.pole is None or not v.hit:
            continue
        family, pole = f.pole
        for other in claims.POLES[family]:
            strong = claims.pole_pattern(family, other, strong_only=True)
            if other == pole or strong.search(ctx.reference.text):
                continue
            if any(not text.negated(s) for s in claims.find_all(strong, text.text)):
                return True
    return False


def _contrast(ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], text: _Text) -> bool:
    """A contrast the reference does not make, whose clause states no matched fact, to a
    question that asks no verdict (a verdict's reason sets the text against the chart)."""
    if _CONTRAST.search(ctx.reference.text) or any(f.pole and f.pole[0] == "verdict" for f in facts):
        return False
    spans = [s for f, v in zip(facts, verdicts, strict=True) if v.hit for s in _fact_spans(f, text)]
    for m in _CONTRAST.finditer(text.text):
        _, b = text.piece(text.clauses, claims.Span(m.start(), m.end()))
        if not any(m.start() <= s.start < b for s in spans):
            return True
    return False


_WORD = re.compile(r"[^\W\d_]{4,}")


def _before(text: str, start: int) -> set[str]:
    """The word right before a value (within a bracket or a short link: "forecast (68.5%)")."""
    words = [w.lower() for w in _WORD.findall(text[max(0, start - 14) : start])]
    return {words[-1]} - _LINKS if words else set()


#: words that link a value to anything (no name of one)
_LINKS = frozenset(
    [
        "from",
        "with",
        "than",
        "against",
        "versus",
        "about",
        "around",
        "roughly",
        "nearly",
        "almost",
        "some",
        "over",
        "under",
        "into",
        "that",
        "this",
        "then",
        "shows",
        "show",
        "reads",
        "read",
        "stands",
        "sits",
        "were",
        "was",
        "is",
        "are",
        "at",
    ]
)


def _swapped(ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], text: _Text) -> bool:
    """Two read values each stated, one named with words the reference writes before the other
    only ("the text's forecast (68.5%)" where the reference has the forecast at 59% and the
    chart at 68.5%): the values may be swapped between their names."""
    read = [
        f
        for f, v in zip(facts, verdicts, strict=True)
        if v.hit and f.kind == "number" and not f.derived and f.targets and not _year(f.targets[0][0])
    ]
    near = {
        f.index: set().union(*[_before(ctx.reference.text, s.start) for s in _fact_spans(f, ctx.reference)])
        for f in read
    }
    for f in read:
        said = set().union(*[_before(text.text, s.start) for s in _fact_spans(f, text)])
        if any(said & (near[g.index] - near[f.index]) for g in read if g is not f):
            return True
    return False


_OFF = 0.03  # a value read off a chart is within 3% of the chart's (docs/protocol.md, judge33 round)
_HEDGE_BEFORE = re.compile(
    r"(?:\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|some|circa|close\s+to"
    r"|between|just\s+(?:over|under|above|below))|[~≈])\s*$",
    re.IGNORECASE,
)


def _off_precise(facts: list[_Fact], text: _Text) -> bool:
    """judge33: an asked value the answer gives within the fact's tolerance, but over 3% off it
    and written precisely (:func:`_precise`; "68.0%" for 71.3%, where a wide tolerance admits
    it): a precise reading of another point (another year, another series) more often than a
    rough reading of the asked one. No doubt where some statement is within 3%."""
    for fact in facts:
        for value, tol in fact.targets if fact.kind == "number" else []:
            if _year(value) or value == 0:
                continue
            near = [n for n in text.numbers if any(abs(r - value) <= tol for r in n.readings)]
            if not near or any(abs(r - value) <= _OFF * abs(value) for n in near for r in n.readings):
                continue
            if any(_precise(n, value, text) for n in near):
                return True
    return False


def _precise(n: FoundNumber, value: float, text: _Text) -> bool:
    """``n`` is written to a decimal, more than 3% and five steps of its last digit off
    ``value``, with no hedge before it and in no range or path ("0.85–0.90", "between 3.5 and
    4", "41.25 → 42.76")."""
    decimals = re.search(r"\.(\d+)", n.text)
    if decimals is None:
        return False
    step = 10.0 ** -len(decimals.group(1)) * (n.scale or 1.0)  # "0.2 billion": steps of 0.1 billion
    off = min(abs(r - value) for r in n.readings)
    before, after = text.text[max(0, n.start - 24) : n.start], text.text[n.end : n.end + 8]
    ranged = re.search(r"\d\s*(?:[-–→]|->|to|and)\s*$", before) or re.match(
        r"\s*(?:[-–→]|->|to)\s*[-−]?\d", after
    )
    return off > max(_OFF * abs(value), 5 * step) and not (ranged or _HEDGE_BEFORE.search(before))


def judge10_doubts(ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], text: _Text) -> list[str]:
    """The judge10 round's pass doubts: a contrast the reference does not make, two sides of
    one polar fact, a pass on a quarter of the facts or fewer (by a floor)."""
    out = []
    if _contrast(ctx, facts, verdicts, text):
        out.append(CONTRAST)
    if _two_poles(ctx, facts, verdicts, text):
        out.append(TWO_POLES)
    if 4 * sum(v.hit for v in verdicts) <= len(verdicts):
        out.append(FLOORED)
    if _swapped(ctx, facts, verdicts, text):
        out.append(SWAPPED)
    return out


def pass_doubts(
    ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], text: _Text, language: str | None
) -> list[str]:
    """Why a pass of the answer ``text`` may be wrong (empty: none)."""
    out = judge10_doubts(ctx, facts, verdicts, text)
    if _extra_value(ctx, facts, text, verdicts):
        out.append(EXTRA_VALUE)
    if _listed(text) and not list_bound(ctx, text):
        out.append(LISTED)
    if _trailing(facts, verdicts, text):
        out.append(TRAILING)
    if _off_precise(facts, text):
        out.append(OFF_PRECISE)
    return out


def more_doubts(
    doubts: list[str],
    answer: str,
    passes: bool,
    read: tuple[_Context, list[_Fact], list[_Verdict], _Text, str | None],
) -> list[str]:
    """``doubts`` with the judge8 round's: an answer in a language the judge does not read, and
    for a pass (``passes``) the :func:`pass_doubts` of its reading ``read``."""
    out = [*doubts, certainty.UNREAD] if certainty.unread_language(answer) else list(doubts)
    if passes:
        out += [d for d in pass_doubts(*read) if d not in out]
    return out


def misread_name(verdicts: list[_Verdict], doubts: list[str], ctx: _Context, text: _Text) -> bool:
    """judge10: a contradiction that binds a fact to a name the judge does not know that may be
    another name of an asked one: an abbreviation ("'2015' is given for UK's") or a name glossed
    with a known one ("for Bharat (India)"). Then the fail is no certain one."""
    unknown = [d.split(" names ", 1)[1].split(", which", 1)[0] for d in doubts if d.startswith("it names ")]
    variants = [
        name
        for name in unknown
        if re.fullmatch(r"[A-Z]{2,4}(?:'s)?", name)
        or any(
            claims.words(w) <= ctx.known_words
            for w in re.findall(rf"{re.escape(name)}\s*\(([^)]+)\)", text.text)[:1]
        )
    ]
    return any(not v.hit and v.why and any(f"for {name}" in v.why for name in variants) for v in verdicts)
