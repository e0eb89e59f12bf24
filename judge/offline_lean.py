"""Doubts that lean an uncertain pass to a fail (judge12 round, ``offline-claims-v12``).

An uncertain pass is scored offline by the judge's best reading; where a doubt marks answers
that are more often wrong than right on the labelled sets, offline-only scoring reads such a
pass as just below the pass mark (:func:`judge.certainty.leaned`); the verdict stays uncertain,
so a cascade still hands it to its LLM judge. The doubts were chosen by leave-one-set-out over
the free-written labelled sets (docs/protocol.md, "The judge12 round").

* **The last sentence restates the asked quantity with another value**: in an answer already
  doubted, the last sentence says the statistic or quantity the question asks for (average,
  mean, median, total, sum, gap, difference, change) "is" / "of" / "=" a number that is no value
  of the item in any scale word ("… median ≈ 106 … The value of the median is 121 Mbps";
  "dividing by 2 gives an average of 94.65%"), and no value of a fact follows it in that
  sentence: the answer commits to the wrong value, whatever it read before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from judge.certainty import LAST_STATEMENT_MISSTATES
from judge.numbers import find_numbers

_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")
_QUANTITY = re.compile(
    r"\b(average|mean|median|total|sum|gap|difference|change)\b[^.;:\d]{0,30}?"
    r"(?:\bis\b|\bof\b|=|:|\bcomes\s+to\b|\bgives\b|\bwas\b)\s*"
    r"(?:about|roughly|approximately|around|~|≈)?\s*([-−+]?\d[\d,]*(?:\.\d+)?)",
    re.IGNORECASE,
)
_OPERATOR_AFTER = re.compile(r"\s*[/×*÷+−-]\s*\d")  # "mean = 30.7 / 10 = 3.07%": an operand


def _readings(text: str) -> list[float]:
    """Every value the numbers of ``text`` may stand for (the judge's own number reader)."""
    return [r for n in find_numbers(text) for r in n.readings]


#: the same number in another scale word or as a share ("550 thousand" for 0.55 million, 5.7% for 0.057)
_SCALES = (1.0, 100.0, 0.01, 1e3, 1e-3, 1e6, 1e-6, 1e9, 1e-9)


def _near(value: float, others: Sequence[float]) -> bool:
    return any(abs(value * k - x) <= 0.02 * abs(x) + 1e-9 for x in others for k in _SCALES)


def last_statement_misstates(text: str, question: str, reference: str, values: Sequence[float]) -> bool:
    """The last sentence of ``text`` gives the quantity ``question`` asks for a number that is
    none of the item's (``values`` of the facts, numbers of ``reference``), and states no
    fact's value after it (see the module docstring)."""
    sentences = [s for s in _SENTENCE.split(text.strip()[-4000:]) if s.strip()]
    if not sentences:
        return False
    last = sentences[-1]
    said = list(_QUANTITY.finditer(last))
    if not said or _OPERATOR_AFTER.match(last, said[-1].end()):
        return False
    m = said[-1]
    said_values = _readings(m.group(2))
    if not said_values or not re.search(rf"\b{m.group(1)[:4]}", question, re.IGNORECASE):
        return False
    facts = [*values, *(-v for v in values)]
    item = _readings(reference) + facts
    later = _readings(last[m.end() :])
    return not _near(said_values[0], item) and not any(_near(v, facts) for v in later)


def lean_doubts(
    text: str, question: str, reference: str, values: Sequence[float], doubts: Sequence[str]
) -> list[str]:
    """The lean doubts of an answer already doubted (a certain verdict gets none)."""
    if doubts and last_statement_misstates(text, question, reference, values):
        return [LAST_STATEMENT_MISSTATES]
    return []
