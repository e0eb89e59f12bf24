"""What an answer says of a change or a verdict must fit its values (judge17 round,
``offline-claims-v16``).

* **A change named against its sign** (:func:`named_against_sign`): "−4.6 index points over
  2016–2018 — an increase in its score", "+4.7 pp (a decline)": the answer writes the asked
  change and then calls it a move the other way, so it commits to both directions of one
  slot. Read after a statement of a signed change the reference gives (a change fact), in the
  same sentence, as an appositive (after a dash, a bracket, a colon or a comma, or "i.e.")
  with no other value but years between.
* **A multiple that the values deny** (:func:`multiple_denied`): "the score nearly doubled",
  "tripled", "halved" claims a ratio of end to start (2, 3, 4, 1/2); where the reference moves
  "from A to B" and the ratio B/A is more than half as far again from it (a rise of 19.9% is
  no doubling), the answer states the change falsely, whatever else it gets right (unless the
  clause names someone the reference does not: another series).
* **A reason the other way** (:func:`reason_reversed`): "Vietnam stood higher, since its lead
  time of 19.13 weeks was below the Philippines' 20.11 weeks".

Each returns what the answer says, or None; :func:`senses_denied` adds the contradiction.
"""

from __future__ import annotations

import math
import re

from judge import claims
from judge.claims import Span
from judge.numbers import FoundNumber
from judge.offline_checks import _Verdict
from judge.offline_context import _Context, _unknown_name
from judge.offline_facts import _FALL_CUE, _Fact, _number_hits, _Text

#: a move named as an appositive after a value ("— an increase", "(a sharp decline)", ", i.e. a rise")
_NAMED = re.compile(
    r"(?P<gap>[^.;!?\n]{0,50}?)(?:[—–(:,]|\bi\.\s?e\.)\s*(?:i\.\s?e\.,?\s*|that\s+is,?\s*)?(?:an?\s+|the\s+)?"
    r"(?:(?:slight|small|modest|sharp|steep|large|big|clear|net|marked|notable|strong|substantial)\s+)?"
    r"(?:(?P<rise>increase|rise|gain|growth|improvement|climb|upturn)|(?P<fall>decrease|fall|drop|decline"
    r"|loss|reduction|downturn))\b",
    re.IGNORECASE,
)
#: the question or the reference states a change
_CHANGE = re.compile(r"\bchang(?:e|es|ed)\b|\bmov(?:e|ed|es)\b|\bnet\b", re.IGNORECASE)


def _named_move(text: _Text, found: FoundNumber) -> tuple[str, int] | None:
    """ "rise" or "fall", and where the name ends, when the sentence of ``found`` names its
    move right after it."""
    m = _NAMED.match(text.text, found.end)
    gap = claims.YEAR.sub("", m["gap"]) if m else ""
    if m is None or re.search(r"(?<![^\W\d_])\d", gap) or claims.NEGATOR.search(gap):  # "m3" is a unit
        return None
    return ("rise" if m["rise"] else "fall"), m.end()


def named_against_sign(facts: list[_Fact], text: _Text, question: str, reference: str) -> str | None:
    """The first statement of a change fact that the answer names as a move of the other sign."""
    if not (_CHANGE.search(question) or _CHANGE.search(reference)):
        return None
    for fact in facts:
        if fact.kind != "number" or not fact.derived:
            continue
        if not fact.negative and _FALL_CUE.search(reference):
            continue  # a positive gap of a fall ("fell by 5.7") may be named a fall
        for found, span in _number_hits(fact, text):
            named = _named_move(text, found)
            if named is not None and named[0] == ("rise" if fact.negative else "fall"):
                return text.text[span.start : named[1]]
    return None


#: a multiple claimed of a change ("nearly doubled", "more than tripled", "halved")
_MULTIPLE = re.compile(
    r"\b(?P<word>doubled|doubling|tripled|trebled|tripling|quadrupled|halved|halving)\b", re.IGNORECASE
)
_RATIO = {"doub": 2.0, "trip": 3.0, "treb": 3.0, "quad": 4.0, "halv": 0.5}
#: "from A [unit] to B" in the reference: the start and end of the asked change
_FROM_TO = re.compile(
    r"\bfrom\s+([-−]?\d[\d,]*(?:\.\d+)?)(?:[^\d;.]|(?<=[^\W\d_])\d){0,40}?\bto\s+([-−]?\d[\d,]*(?:\.\d+)?)"
)  # a unit's exponent ("m3") may stand between
_FAR = math.log(1.5)  # how far (as a ratio) the values may lie from a stated multiple


#: a capitalised word that may name a series ("Syria, meanwhile, roughly tripled")
_CAPITAL = re.compile(r"\b[A-Z][a-z]{3,}\b")


def multiple_denied(ctx: _Context, text: _Text) -> str | None:
    """A multiple ("doubled") the answer claims where the reference's "from A to B" denies it."""
    ends = _FROM_TO.search(ctx.reference.text)
    if ends is None:
        return None
    start, end = (float(g.replace(",", "").replace("−", "-")) for g in ends.groups())
    if start <= 0 or end <= 0:
        return None
    for m in _MULTIPLE.finditer(text.text):
        if text.negated(Span(m.start(), m.end())):
            continue
        clause = text.clause(Span(m.start(), m.end()))
        sentence = text.text[slice(*text.piece(text.sentences, Span(m.start(), m.end())))]
        if any(_unknown_name(ctx, w.group(0)) for w in _CAPITAL.finditer(sentence)):
            continue  # "Syria, meanwhile, roughly tripled": said of another series
        if abs(math.log((end / start) / _RATIO[m["word"][:4].lower()])) > _FAR:
            return clause.strip()
    return None


def senses_denied(
    ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], text: _Text
) -> tuple[list[_Fact], list[_Verdict]]:
    """``facts`` and ``verdicts`` with a contradiction added when the answer names a change
    against its sign, claims a multiple its values deny, or gives a reason the other way."""
    named = named_against_sign(facts, text, ctx.question.text, ctx.reference.text) or multiple_denied(
        ctx, text
    )
    reason = None if named else reason_reversed(ctx, text)
    denied = None if named or reason else reading_denied(ctx, facts, text)
    if named is None and reason is None and denied is None:
        return facts, verdicts
    if denied is not None:
        why = f"'{denied}' is negated, the reading its verdict rests on"
    elif named:
        why = f"says '{named}', which the change denies"
    else:
        why = f"says '{reason}': its reason says the other way"
    wrong = _Verdict(False, why)
    name = "the chart's reading" if denied is not None else "the change's sense"
    return [*facts, _Fact(len(facts), "label", name)], [*verdicts, wrong]


#: "does not show", "is not at", "isn't": a negator right before the number in its clause
#: (a negator of the wider clause, "people without sanitation", denies no reading)
_DENIED_BEFORE = re.compile(r"(?:\bnot|n't|\bnever)\b[^.;,:\d]{0,30}$", re.IGNORECASE)
#: "the text's earlier estimate of 0.78"; judge35: "The text puts Germany's share in 2013 at 1.18 times"
_TEXTS = re.compile(
    r"\b(?:text's|text\s+(?:puts|gives|says|states|sets|quotes|forecasts|expects|estimates))\b"
    r"(?:[^.;,\d]|\b(?:19|20)\d\d\b)*$",
    re.IGNORECASE,
)
_READING_SLACK = 0.005  # a restated reading: within 0.5% of the reference's number


def reading_denied(ctx: _Context, facts: list[_Fact], text: _Text) -> str | None:
    """A verdict answer ("does the chart confirm it?") that negates a number the reference reads
    off the chart, scored or not: "Figure 9 does not show 16.1%, in line with the text's 16%, so
    the chart matches it" denies the reading its "matches" rests on (judge18 round). A scored
    value negated is the fact's own contradiction (:mod:`judge.offline_checks`). Returns the
    negated number as written, or None."""
    if not any(f.pole is not None and f.pole[0] == "verdict" for f in facts):
        return None
    scored = [t for f in facts for t, _ in f.targets]
    unscored = [
        v
        for n in ctx.reference.numbers
        if not _is_year(n)  # the reference's own negation is not read ("people without sanitation")
        and not _TEXTS.search(ctx.reference.text[max(0, n.start - 120) : n.start])  # the text's value
        for v in n.readings
        if all(abs(v - t) > 1e-9 * max(1.0, abs(t)) for t in scored)
    ]
    for n in text.numbers:
        if _is_year(n) or not _DENIED_BEFORE.search(text.text[max(0, n.start - 40) : n.start]):
            continue
        for r in n.readings:
            near = min((abs(r - v) for v in unscored), default=math.inf)
            if near <= _READING_SLACK * abs(r) and near < min((abs(r - t) for t in scored), default=math.inf):
                return n.text
    return None


def _is_year(n: FoundNumber) -> bool:
    return len(n.text) == 4 and n.text.isdigit() and 1900 <= int(n.text) <= 2100


#: a reason joined to a verdict ("X stood higher, since its …", "It fell, because …")
_BECAUSE = re.compile(r",?\s*\b(?:because|since|given\s+that|owing\s+to)\b", re.IGNORECASE)
_UP, _DOWN = claims.UP, claims.DOWN
#: direction words that compare two things (their object is the other side, not a change)
_COMPARATIVE = frozenset(
    {"higher", "larger", "greater", "above", "more", "lower", "smaller", "less", "below"}
)
#: the reason's subject refers back to the verdict's ("its lead time", "it was")
_BACK = re.compile(r"\b(?:it|its|it's|it’s)\b", re.IGNORECASE)


def _sense(piece: str) -> str | None:
    up, down = bool(_UP.search(piece)), bool(_DOWN.search(piece))
    return None if up == down else ("up" if up else "down")


def reason_reversed(ctx: _Context, text: _Text) -> str | None:
    """A verdict whose own reason says the other way of the same item: "Vietnam stood higher,
    since its lead time of 19.13 weeks was below the Philippines' 20.11 weeks", "It fell by 2.8
    pp, because the tariff reform raised access to safely managed drinking water". The reason
    is about the verdict's item when it names no other candidate before its direction word and
    refers back to the item ("its", "it") or shares two content words with the question; it
    says the same when the verdict's subject, or the item again, is the object of its comparison
    ("The threshold is larger, because the charted 38 is below the threshold"; "It rose, because
    its 2013 value was lower than its 2019 value")."""
    asked = claims.content_words(ctx.question.text)
    for a, b in text.sentences:
        sentence = text.text[a:b]
        join = _BECAUSE.search(sentence)
        if join is None or claims.NEGATOR.search(sentence):
            continue
        verdict, reason = sentence[: join.start()], sentence[join.end() :]
        said, why = _sense(verdict), _sense(reason)
        if said is None or why is None or said == why:
            continue
        cue = (_UP if why == "up" else _DOWN).search(reason)
        subject = reason[: cue.start()] if cue else reason
        if any(n in subject for n in ctx.distractors) or re.search(r"\bthan\b", subject, re.IGNORECASE):
            continue
        said_of = (_UP if said == "up" else _DOWN).search(verdict)
        own = claims.content_words(verdict[: said_of.start()]) if said_of else set()
        after = reason[cue.end() :] if cue and cue.group(0).lower() in _COMPARATIVE else ""
        if own & claims.content_words(after) or _BACK.search(after):
            continue  # "The threshold is larger, because the charted 38 is below the threshold": its object
        about = _BACK.search(reason) or len(claims.content_words(reason) & asked) >= 2
        if about:
            return sentence.strip()
    return None
