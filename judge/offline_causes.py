"""A cause stated as the effect is a wrong cause (judge20 round, ``offline-claims-v19``).

"The fall in arrivals led the government to introduce the tourist tax", "the rise prompted the
concession reform", "the cap was a response to the rise": where the reference puts a labelled
factor on the cause side of a causal connective ("which airlines put down mainly to the tourist
tax", "the central banks credit the loan-to-value cap for 2010 to 2012"), an answer that puts it
on the effect side states the causal direction backwards, and that factor is contradicted.

The side is read from the connective and the order of the two sides in the clause that names
the factor: after a forward connective ("led to", "prompted", "caused", "drove") the factor is
the effect, before it the cause; after a backward one ("because of", "due to", "in response
to", "driven by", "put down to", "credit") the factor is the cause, before it the effect; a
factor before "a response" or "a consequence" that ends the clause is an effect; "credit" and
"blame" name the cause on either side ("the tax is credited", "unions credit the tax"). Connectives
inside the factor's own name ("export credit guarantees") are not read. A clause whose
connectives give the factor both sides states no direction the judge can tell: the verdict is
uncertain (:data:`UNTOLD`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.offline_checks import _Verdict
    from judge.offline_facts import _Fact

#: connectives whose left side is the cause
_FORWARD = re.compile(
    r"\b(?:lead|leads|led|leading)\b(?:\s+[\w'’-]+){0,5}?\s+to\b|\bprompt(?:s|ed|ing)?\b(?!\s+by)"
    r"|\bcaus(?:ed|ing)\b(?!\s+by)|\b(?:drove|drives|drive|driving)\b|\bresult(?:s|ed|ing)?\s+in\b"
    r"|\btrigger(?:s|ed|ing)?\b(?!\s+by)|\bspurr?(?:s|ed|ing)?\b(?!\s+by)|\b(?:brought|brings?|bringing)\s+about\b"
    r"|\bfuell?(?:s|ed|ing)?\b(?!\s+by)"
    # judge23: a cause that makes its effect possible ("the rise is what made the deal possible")
    r"|\b(?:made|makes?|making)\b(?=(?:\s+[\w'’-]+){1,6}?\s+(?:possible|necessary|inevitable)\b)"
    r"|\b(?:enabl|allow)(?:e|es|ed|s|ing)?\b(?!\s+by)|\b(?:gave|gives?|giving)\s+rise\s+to\b"
    r"|\b(?:paved?|paves|paving|open(?:s|ed|ing)?|clear(?:s|ed|ing)?)\s+the\s+(?:way|door|ground)\s+(?:for|to)\b"
    r"|\bset(?:s|ting)?\s+the\s+stage\s+for\b",
    re.IGNORECASE,
)
#: connectives whose right side is the cause
_BACKWARD = re.compile(
    r"\bbecause(?:\s+of)?\b|\bdue\s+to\b|\bowing\s+to\b|\bthanks\s+to\b|\b(?:in\s+)?(?:response|reaction)\s+to\b"
    r"|\bas\s+a\s+(?:result|consequence)\s+of\b|\bresult(?:s|ed|ing)?\s+from\b"
    r"|\b(?:driven|caused|triggered|prompted|fuell?ed|spurred|led)\s+by\b"
    r"|\bput(?:s|ting)?\s+down\s+(?:\w+\s+)?to\b|\bcredit(?:s|ed|ing)?\s+(?:\w+\s+)?to\b"
    r"|\battribut(?:e|es|ed|ing)\b|\bblam(?:e|es|ed|ing)\s+on\b",
    re.IGNORECASE,
)
#: "credit", "blame": the factor they name is the cause on either side ("the tax is credited",
#: "unions credit the tax", "the tax, which unions credit")
_CREDIT = re.compile(r"\b(?:credit|blame)(?:s|d|ed|ing)?\b(?!\s+(?:\w+\s+)?(?:to|on)\b)", re.IGNORECASE)
#: "... was a response", "... as a consequence": the left side is the effect
_EFFECT_END = re.compile(
    r"\b(?:as\s+)?an?\s+(?:response|reaction|consequence|result|effect)\b(?!\s+(?:to|of|from)\b)(?=\s*(?:[,.;:!?)]|$))",
    re.IGNORECASE,
)
#: each connective, and the side it gives a factor before it and after it
_READS = (
    (_FORWARD, "cause", "effect"),
    (_BACKWARD, "effect", "cause"),
    (_EFFECT_END, "effect", ""),
    (_CREDIT, "cause", "cause"),
)
_CLAUSE = re.compile(r"\.(?!\d)|[;!?]|\n")
UNTOLD = "a causal claim whose direction is not clear"


def _clause(text: str, at: int) -> tuple[int, int]:
    """The sentence or semicolon clause of ``text`` around ``at``."""
    start = max((m.end() for m in _CLAUSE.finditer(text, 0, at)), default=0)
    end = next((m.start() for m in _CLAUSE.finditer(text, at)), len(text))
    return start, end


def _spans(text: str, fact: _Fact) -> list[tuple[int, int]]:
    """Where ``text`` names the factor ``fact`` (its label or an alias, with or without "the")."""
    out = []
    for name in (fact.text, *fact.names):
        bare = re.sub(r"(?i)^(?:the|a|an)\s+", "", name.strip())
        if len(bare) < 4:
            continue
        out += [(m.start(), m.end()) for m in re.finditer(rf"(?i)(?<!\w){re.escape(bare)}(?!\w)", text)]
    return out


def sides(text: str, span: tuple[int, int]) -> set[str]:
    """The sides ("cause", "effect") the connectives of its clause give the words at ``span``."""
    start, end = _clause(text, span[0])
    out = set()
    for pattern, before_is, after_is in _READS:
        for m in pattern.finditer(text, start, end):
            if m.start() < span[1] and span[0] < m.end():
                continue  # inside the factor's own name
            side = before_is if span[1] <= m.start() else after_is
            out |= {side} if side else set()
    return out


def stated(text: str, fact: _Fact) -> set[str]:
    """The sides the clauses of ``text`` that name the factor ``fact`` give it."""
    out: set[str] = set()
    for span in _spans(text, fact):
        out |= sides(text, span)
    return out


def reversed_causes(
    facts: list[_Fact], verdicts: list[_Verdict], text: str, reference: str
) -> tuple[list[_Verdict], bool]:
    """``verdicts`` with a contradiction for each matched factor the reference states as a
    cause and the answer ``text`` only as an effect, and whether a factor's side is untold
    (the answer gives it both)."""
    out, untold = list(verdicts), False
    for i, (fact, verdict) in enumerate(zip(facts, verdicts, strict=True)):
        if fact.kind != "label" or not verdict.hit or stated(reference, fact) != {"cause"}:
            continue
        said = stated(text, fact)
        if said == {"effect"}:
            out[i] = replace(verdict, hit=False, why="is stated as the effect, not the cause", conflict=False)
        untold |= said == {"cause", "effect"}
    return out, untold


#: judge22: the factor undone: "the platform was abandoned" (a passive: "the cap halted the rise" is
#: the cap acting), "the repeal of the tax", "without the cap"
_UNDONE_AFTER = re.compile(
    r"\s*(?:was|were|had\s+been|has\s+been|have\s+been|having\s+been|being|got)\s+(?:\w+ly\s+)?(?:abandoned|scrapped|repealed"
    r"|withdrawn|cancell?ed|ended|lifted|dropped|reversed|halted|suspended|abolished|rolled\s+back|delayed"
    r"|postponed|phased\s+out|shelved|axed)\b",
    re.IGNORECASE,
)
_UNDONE_BEFORE = re.compile(
    r"\b(?:end|ending|repeal|abolition|absence|lack|withdrawal|scrapping|removal|cancellation|suspension"
    r"|reversal|collapse|failure|delay|postponement|rollback|phase-?out)\s+of\s+(?:the\s+)?$|\bwithout\s+(?:the\s+)?$",
    re.IGNORECASE,
)


def _undone(text: str, span: tuple[int, int]) -> bool:
    return bool(
        _UNDONE_AFTER.match(text, span[1]) or _UNDONE_BEFORE.search(text[max(0, span[0] - 40) : span[0]])
    )


def undone_causes(facts: list[_Fact], verdicts: list[_Verdict], text: str, reference: str) -> list[_Verdict]:
    """``verdicts`` with each matched factor the reference credits as a cause contradicted where
    the answer credits its undoing instead ("because the platform was abandoned", "the repeal of
    the tax"): another cause than the reference's."""
    out = list(verdicts)
    for i, (fact, verdict) in enumerate(zip(facts, verdicts, strict=True)):
        if fact.kind != "label" or not verdict.hit or "cause" not in stated(reference, fact):
            continue
        if any(_undone(reference, s) for s in _spans(reference, fact)):
            continue
        if any(_undone(text, s) for s in _spans(text, fact)):
            out[i] = replace(verdict, hit=False, why="is credited undone: another cause", conflict=False)
    return out
