"""A stance given with a reason of the other sense (judge22 round, ``offline-claims-v21``).

"Sanitation entrepreneurs judged the programme favourably, saying it had held back private
investment"; "paediatric associations welcomed the deal, calling it a setback they opposed":
the stance word is the reference's, but the reason the answer gives for it says the opposite,
so the answer supports its verdict with a fact that is not the reference's. The stance
(a ``stance`` pole fact, positive or negative) is contradicted.

The reason is the rest of the clause after the stance word, from a word that introduces one
("saying", "calling it", "because", "since", "as it", "arguing", "describing it as", "noting",
"which they said") to the clause's end (a full stop, semicolon, or a turn to another subject:
"while", "whereas", "but"). It says the other sense when it holds a word of harm for a positive
stance ("setback", "held back", "hurt", "undermined", "opposed" …) or of gain for a negative
one ("boosted", "helped", "improved", "a success", "welcomed" …), not negated in it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from judge import claims
from judge.offline_checks import _Verdict
from judge.offline_facts import _Fact

_REASON = re.compile(
    r"\b(?:saying|said|says|calling\s+it|called\s+it|because|since|as\s+it|arguing|argued|describing\s+it\s+as"
    r"|described\s+it\s+as|noting|noted|which\s+(?:they|it)\s+(?:said|called|saw)|seeing\s+it\s+as|citing)\b",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"\.(?!\d)|[;!?\n]|\b(?:while|whereas|but|although|though)\b", re.IGNORECASE)
_HARM = (
    r"setbacks?|held\s+back|holds?\s+back|holding\s+back|hurt(?:s|ing)?|harm(?:s|ed|ful|ing)?|damag(?:e|ed|es|ing)"
    r"|undermin(?:e|ed|es|ing)|stifl(?:e|ed|es|ing)|hamper(?:s|ed|ing)?|worsen(?:s|ed|ing)?|deterr?(?:s|ed|ing)?"
    r"|fail(?:s|ed|ure)|a\s+blow|burden(?:s|ed|some)?|opposed|oppose[sd]?|criticis(?:e|ed)|criticiz(?:e|ed)"
    r"|bad\s+for|dragg?(?:ed|ing|s)?|choked?|curb(?:s|ed)?|slow(?:s|ed)\s+down|discourag(?:e|ed|es|ing)|mistake"
)
_GAIN = (
    r"boost(?:s|ed|ing)?|help(?:s|ed|ing|ful)?|improv(?:e|ed|es|ing)|success(?:ful)?|benefit(?:s|ed|ted)?"
    r"|spurr?(?:s|ed|ing)?|strengthen(?:s|ed|ing)?|welcom(?:e|ed|es|ing)|good\s+for|breakthrough|lifted|raised"
    r"|encourag(?:e|ed|es|ing)|unlock(?:s|ed|ing)?|a\s+win"
)
_OTHER_SENSE = {
    "positive": re.compile(rf"\b(?:{_HARM})\b", re.IGNORECASE),
    "negative": re.compile(rf"\b(?:{_GAIN})\b", re.IGNORECASE),
}
_NEGATION = re.compile(r"\b(?:not|no|never|n't|without|nor)\b[^,;.]{0,20}$", re.IGNORECASE)


def _reason_against(text: str, at: int, pole: str) -> bool:
    """The clause after ``at`` gives a reason of the other sense than ``pole``."""
    end = next((m.start() for m in _CLAUSE_END.finditer(text, at)), len(text))
    reason = _REASON.search(text, at, end)
    if reason is None:
        return False
    for m in _OTHER_SENSE[pole].finditer(text, reason.end(), end):
        if not _NEGATION.search(text[reason.end() : m.start()]):
            return True
    return False


def stance_against_reason(facts: list[_Fact], verdicts: list[_Verdict], text: str) -> list[_Verdict]:
    """``verdicts`` with each matched positive or negative stance whose statement gives a reason
    of the other sense contradicted."""
    out = list(verdicts)
    for i, (fact, verdict) in enumerate(zip(facts, verdicts, strict=True)):
        if not verdict.hit or fact.pole is None or fact.pole[0] != "stance":
            continue
        if fact.pole[1] not in _OTHER_SENSE:
            continue
        pattern = claims.pole_pattern(*fact.pole, strong_only=False)
        if any(_reason_against(text, m.end(), fact.pole[1]) for m in pattern.finditer(text)):
            why = "is given with a reason of the other sense"
            out[i] = replace(verdict, hit=False, why=why, soft=False, conflict=False)
    return out
