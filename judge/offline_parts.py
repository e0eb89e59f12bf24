"""The parts a question asks for: an answer that leaves one out is partial, and no floor lifts
it to a pass (issue 25: "a partial answer never reaches a pass through a floor").

* **A reason**: a question that asks why, for the reason, the factor or what the report holds
  responsible, answered without its cause (a reason label: no name, colour or pole), is at most
  5, whether the answer names no cause ("It rose by 1.3 million.") or another one ("…, which
  the report puts down to the spectrum auction"): the cause is half of what was asked.
  A reason whose words are all there, in other grammar ("said the benefits have yet to reach
  smaller players" for "benefits that have yet to reach smaller players"), is given.
* **A value the question asks outright** ("where does the chart put …", "what does the chart
  show for …", "which item is it, and what is its average length of stay?") answered with no
  value at all is at most 5.
"""

from __future__ import annotations

import re

from judge.offline_context import _Context
from judge.offline_facts import _Fact, _is_entity

_REASON_ASK = re.compile(
    r"\bwhy\b|\breasons?\b|\bresponsible\b|\bcredits?\b|\bfactor\b|\bcauses?\b|\battribut\w*|\bexplain\w*",
    re.IGNORECASE,
)
#: A question that asks for a value outright, beyond :data:`judge.offline._VALUE_ASK`.
VALUE_ASK = re.compile(
    r"\bwhere\s+does\s+(?:the\s+)?(?:[\w'-]+\s+){0,12}put\b"
    r"|\bwhat\s+does\s+(?:the\s+)?(?:[\w'-]+\s+){0,12}(?:show|give|record|read)\s+for\b"
    # "Which item is it, and what is its average length of stay?": a property of the item found
    r"|\bwhat\s+(?:is|was)\s+(?:its|their)\s+(?!(?:overall\s+)?direction\b|name\b)",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_]+")
#: words a reason may be restated without
_GLUE = frozenset(["the", "a", "an", "that", "which", "who", "of", "to", "is", "are", "was", "were"])


def is_reason(fact: _Fact) -> bool:
    """A label that states a cause or reason in words ("the merger conditions"): no name
    (names are capitalised), colour, pole or year."""
    text = fact.text.strip()
    return _is_entity(fact) and text[:1].islower() and len(text.split()) >= 2


def reason_missing(ctx: _Context, facts: list[_Fact], hit: list[bool], answer: str) -> bool:
    """The question asks for a reason and the answer does not give it (in a language the judge
    reads labels of)."""
    if ctx.memo.get("foreign") or not _REASON_ASK.search(ctx.question.text):
        return False
    words = set(_WORD.findall(answer.lower()))
    return any(
        is_reason(f) and not h and not set(_WORD.findall(f.text.lower())) - _GLUE <= words
        for f, h in zip(facts, hit, strict=False)
    )


#: plural words that are no things counted (a unit, share, period or grammar)
_NOT_COUNTED = frozenset(
    " ".join(
        (
            "points percentage percents years months weeks days hours times marks values levels series",
            "figures charts tables sections bars lines was has is its this thus less across always does",
            "sources reports texts articles terms ends sides",
        )
    ).split()
)


def counted_nouns(question: str) -> set[str]:
    """The plural nouns a question names ("teachers trained in digital pedagogy"): a share
    written with one of them ("4.1 teachers" for 4.1 points) is a count, not the share."""
    return {w for w in re.findall(r"\b[a-z]{3,}[^s\W]s\b", question) if w not in _NOT_COUNTED}


#: "Yes.", "**No**", "Nein.", "Да." and nothing else: a reply that states no value
_BARE_REPLY = re.compile(
    r"(?:yes|yep|no(?:pe)?|ja|nein|oui|non|sí|si|sim|não|nao|да|нет|是|否|はい|いいえ|네|아니요|evet|hayır|tak|nie"
    r"|ya|tidak|có|không|nee|nej)",
    re.IGNORECASE,
)


def bare_reply(answer: str) -> bool:
    """``answer`` is a bare yes or no (judge8 round): to a question whose reference also gives
    values it answers only part of what is asked."""
    return bool(_BARE_REPLY.fullmatch(re.sub(r"[\s*_.!,;:()\"'“”`]+", "", answer)))
