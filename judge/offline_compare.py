"""A comparison the answer states between two of its own numbers must hold (judge16 round,
``offline-claims-v15``).

"The chart's value is larger, because the forecast of 80% is above the charted 82.2%": whatever
the answer concludes, it says 80% is above 82.2%, which is false, so it contradicts itself and
the reference. A stated comparison is a number, a verb ("is", "was", "stands", "lies", "comes
in" …) or a symbol (">", "<"), a comparison word ("above", "higher than", "exceeds", "below",
"short of" …) and a second number, with no other number and no negation between, both of one
kind (both percentages, or amounts of one currency, dimension or scale, converted); it is false
when the first is on the wrong side of the second beyond the rounding of their digits.
"""

from __future__ import annotations

import itertools
import re

from judge import claims
from judge.numbers import FoundNumber
from judge.offline_checks import _Verdict
from judge.offline_conversions import amount_of
from judge.offline_facts import _Fact, _Text

_HIGH = (
    r"above|over|higher\s+than|greater\s+than|larger\s+than|bigger\s+than|more\s+than|exceeds?|exceeded"
    r"|tops|topped"
)
#: words after a number that name no counted thing
_WORDS = frozenset(
    {"is", "was", "are", "were", "and", "the", "than", "lies", "stands", "sits", "which", "against"}
)
_LOW = r"below|under|lower\s+than|less\s+than|smaller\s+than|short\s+of|beneath"
#: number, verb or symbol, comparison word, number (no other number between)
_STATED = re.compile(
    rf"^(?P<subject>[^\d.;!?]{{0,40}}?)\b(?:is|was|are|were|stands?|stood|lies|lay|sits?|sat|comes?\s+in|came\s+in"
    rf"|remains?|remained)\s+(?:still\s+|well\s+|slightly\s+|clearly\s+)?(?:(?P<high>{_HIGH})|(?P<low>{_LOW}))\b"
    r"(?P<object>[^\d.;!?]{0,40})$"
    r"|^(?P<lhs>[^\d.;!?<>]{0,25})(?:(?P<gt>>|＞)|(?P<lt><|＜))(?P<rhs>[^\d.;!?<>]{0,25})$",
    re.IGNORECASE,
)


#: the word a count is written with ("thousand people", "index points"): its kind
_NOUN = re.compile(r"\s*([^\W\d_]{3,})")


def _value(found: FoundNumber, text: str) -> tuple[float, float, str] | None:
    """``found`` as a comparable value: its amount, rounding and kind (a percentage, or a count
    of the noun written after it, is its own kind)."""
    if found.percent:
        return found.readings[0], _half(found), "%"
    got = amount_of(found, text)
    if got is not None:
        return got.value, got.rounding, got.kind
    noun = _NOUN.match(text, found.end)
    if noun is None or noun.group(1).lower() in _WORDS:
        return None
    return found.readings[0] * found.scale, _half(found) * found.scale, f"noun:{noun.group(1).lower()}"


def _half(found: FoundNumber) -> float:
    decimals = re.search(r"[.,](\d+)", found.text)
    return 10.0 ** -len(decimals.group(1)) / 2 if decimals else 0.5


def false_comparison(text: _Text) -> str | None:
    """The first comparison ``text`` states between two of its numbers that does not hold."""
    for a, b in itertools.pairwise(text.numbers):
        gap = text.text[a.end : b.start]
        m = _STATED.match(gap)
        if m is None or claims.NEGATOR.search(gap):
            continue
        first, second = _value(a, text.text), _value(b, text.text)
        if first is None or second is None or first[2] != second[2]:
            continue
        slack = first[1] + second[1]
        high = bool(m["high"] or m["gt"])
        if (first[0] < second[0] - slack) if high else (first[0] > second[0] + slack):
            return text.text[a.start : b.end]
    return None


def compared_falsely(
    facts: list[_Fact], verdicts: list[_Verdict], text: _Text
) -> tuple[list[_Fact], list[_Verdict]]:
    """``facts`` and ``verdicts`` with a contradiction added when the answer states a comparison
    of its numbers that does not hold (see the module docstring)."""
    said = false_comparison(text)
    if said is None:
        return facts, verdicts
    wrong = _Verdict(False, f"says '{said}', which does not hold")
    return [*facts, _Fact(len(facts), "label", "the answer's comparison")], [*verdicts, wrong]
