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
from judge.offline_conversions import amount_of, misrestated
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
#: a unit's exponent ("m3", folded from "m³") is no number between the two
_EXPONENT = r"(?<=[a-z])[23](?!\d)"
_ADVERB = r"(?:still\s+|well\s+|slightly\s+|clearly\s+|far\s+)?"
#: comparison words that are verbs themselves ("overshoots", "falls short of"; judge35)
_HIGH_VERB = r"exceeds?|exceeded|overshoots?|overshot|outstrips?|outstripped|tops|topped"
_LOW_VERB = r"(?:falls?|fell|comes?|came)\s+(?:short\s+of|below|under)|trails?|trailed|undershoots?|undershot"
#: number, verb or symbol, comparison word, number (no other number between); judge35: also a
#: comparison verb alone ("13.03 hours falls short of the 11.7-hour threshold") and a comparison
#: set after a comma ("the chart shows 62.8%, below the 26.8%")
_STATED = re.compile(
    rf"^(?P<subject>(?:[^\d.;!?]|{_EXPONENT}){{0,40}}?)(?:\b(?:is|was|are|were|stands?|stood|lies|lay|sits?|sat|comes?\s+in"
    rf"|came\s+in|remains?|remained)\s+{_ADVERB}(?:(?P<high>{_HIGH})|(?P<low>{_LOW}))"
    rf"|\b{_ADVERB}(?:(?P<vhigh>{_HIGH_VERB})|(?P<vlow>{_LOW_VERB})))\b"
    r"(?P<object>[^\d.;!?]{0,40})$"
    rf"|^(?P<unit>(?:[^\d.;!?,]|{_EXPONENT}){{0,40}}?)\s*,\s*{_ADVERB}(?:(?P<chigh>above|over|higher\s+than)|(?P<clow>below|under|lower\s+than|short\s+of))\b"
    r"(?P<cobject>[^\d.;!?,]{0,30})$"
    r"|^(?P<lhs>[^\d.;!?<>]{0,25})(?:(?P<gt>>|＞)|(?P<lt><|＜))(?P<rhs>[^\d.;!?<>]{0,25})$",
    re.IGNORECASE,
)
#: a number written alone, with no unit or counted noun after it (it takes the other's kind)
_BARE_AFTER = re.compile(r"\s*(?:[:;,.!?)]|$)")
_YEAR = re.compile(r"(?:19|20)\d\d")
#: "falls short of the target by 3,230": the number after "by" is the gap, not the other side
_BY = re.compile(r"\bby(?:\s+(?:about|roughly|around|some|nearly|almost|~))?\s*$", re.IGNORECASE)


#: the word a count is written with ("thousand people", "index points"): its kind
_NOUN = re.compile(r"\s*([^\W\d_]{3,})")


def _value(found: FoundNumber, text: str) -> tuple[float, float, str] | None:
    """``found`` as a comparable value: its amount, rounding and kind (a percentage, or a count
    of the noun written after it, is its own kind)."""
    if found.percent:
        return found.readings[0], _half(found), "%"
    if text[found.end : found.end + 1] == "-":  # "the 11.7-hour threshold" reads as "11.7 hour"
        text = f"{text[: found.end]} {text[found.end + 1 :]}"
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


def _bare(
    first: tuple[float, float, str], a: FoundNumber, b: FoundNumber, text: str
) -> tuple[float, float, str] | None:
    """``b`` read in ``a``'s kind and scale when it is written alone ("the estimate of 57" after
    "50.5 index points"), never a year."""
    if _YEAR.fullmatch(b.text) or not _BARE_AFTER.match(text, b.end) or not a.readings[0]:
        return None
    factor = first[0] / a.readings[0]
    return b.readings[0] * factor, _half(b) * factor, first[2]


def false_comparison(text: _Text) -> str | None:
    """The first comparison ``text`` states between two of its numbers that does not hold."""
    for a, b in itertools.pairwise(text.numbers):
        gap = text.text[a.end : b.start]
        m = _STATED.match(gap)
        if m is None or claims.NEGATOR.search(gap) or _BY.search(gap):
            continue
        first, second = _value(a, text.text), _value(b, text.text)
        if first is not None and second is None:
            second = _bare(first, a, b, text.text)
        if first is None or second is None or first[2] != second[2]:
            continue
        slack = first[1] + second[1]
        high = bool(m["high"] or m["gt"] or m["vhigh"] or m["chigh"])
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


def restated_falsely(
    facts: list[_Fact], verdicts: list[_Verdict], text: _Text
) -> tuple[list[_Fact], list[_Verdict]]:
    """judge35: ``facts`` and ``verdicts`` with a contradiction when the answer restates a value
    as another amount ("8.875 billion USD (= 887.5 million)") and no fact's statement was found
    wrong for it (:func:`judge.offline_conversions.misconverted`): a wrong claim of its own."""
    said = misrestated(text)
    if said is None or any(v.why.startswith("is restated as") for v in verdicts):
        return facts, verdicts
    wrong = _Verdict(False, f"restates a value as '{said}', another amount")
    return [*facts, _Fact(len(facts), "label", "the answer's restatement")], [*verdicts, wrong]
