"""Arithmetic the answer writes out must hold (judge24 round, ``offline-claims-v23``).

"Step 3: 40.7 − 29.85 = 11.85. Answer: higher, by 11.85": the answer's own sum is false, and its
result lies within the computed gap's tolerance, so the judge passed it. A written operation is
two numbers with ``+``, ``-``/``−``, ``×``/``x``/``*`` or ``/``/``÷`` between them, ``=`` or ``≈``,
and a result, none of them part of a longer expression; it is false when the result lies
outside what the operands give over their rounding (half a unit of each one's last digit) and the
result's own rounding. A difference may be written either way round ("29.85 − 40.7 = 10.85"), and
a ratio as a percentage ("27 / 23 = 117.4%"); a year is no operand ("2013-2019 = 6 years",
"2020 level ÷ 2023 step").
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

from judge.offline_checks import _Verdict
from judge.offline_facts import _Fact

if TYPE_CHECKING:
    from judge.offline_facts import _Text

_NUM = r"\d[\d,]*(?:\.\d+)?"
#: a number with up to two short unit words after it ("40.7 branches", "0.2 bn USD")
_OPERAND = rf"({_NUM})(%?)(?:\s?[A-Za-z]{{1,10}}){{0,2}}"
_WRITTEN = re.compile(
    rf"(?<![\d.,)/×*÷+=−-])(?<![\d.,)/×*÷+=−-]\s)(?<!\bx\s){_OPERAND}\s*([-−+×x*/÷])\s*{_OPERAND}"
    rf"\s*[=≈]\s*([-−]?)({_NUM})(%?)(?!\s*[-−+×*/÷]\s*\d)(?![\d.]\d)"
)
_YEAR = re.compile(r"(?:19|20)\d\d")


def _half(digits: str) -> float:
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    return 0.5 * 10.0**-decimals


def _apply(op: str, a: float, b: float) -> float | None:
    if op in "+":
        return a + b
    if op in "-−":
        return a - b
    if op in "×x*":
        return a * b
    return a / b if b else None


def _holds(a_text: str, op: str, b_text: str, c: float, c_half: float) -> bool:
    a, b = float(a_text.replace(",", "")), float(b_text.replace(",", ""))
    outcomes = [
        _apply(op, a + da, b + db)
        for da, db in itertools.product((-_half(a_text), _half(a_text)), (-_half(b_text), _half(b_text)))
    ]
    values = [v for v in outcomes if v is not None]
    if not values:
        return True
    low, high = min(values) - c_half, max(values) + c_half
    candidates = [c, c / 100] if op in "/÷" else [c]
    if op in "-−":
        candidates.append(-c)  # the difference written the other way round
    slack = 1e-9 * max(1.0, abs(c))
    return any(low - slack <= x <= high + slack for x in candidates)


def false_arithmetic(text: str) -> str | None:
    """The first operation ``text`` writes out that does not hold (see the module docstring)."""
    for m in _WRITTEN.finditer(text):
        a_text, a_pct, op, b_text, b_pct, sign, c_text, _ = m.groups()
        if _YEAR.fullmatch(a_text) or _YEAR.fullmatch(b_text):
            continue  # "2013-2019 = 6 years" is a span, "2020 level ÷ 2023 step" names its terms
        if op in "-−+" and bool(a_pct) != bool(b_pct):
            continue  # a percentage and a count: no one quantity
        c = float(c_text.replace(",", "")) * (-1 if sign else 1)
        if not _holds(a_text, op, b_text, c, _half(c_text)):
            return " ".join(m.group(0).split())
    return None


def arithmetic_false(
    facts: list[_Fact], verdicts: list[_Verdict], text: _Text, kept: _Text
) -> tuple[list[_Fact], list[_Verdict]]:
    """The verdicts with a contradiction added where the answer (what its corrections leave)
    writes out an operation that does not hold and commits to its result: the result is stated
    again in ``kept`` (the final answer, or the corrected answer)."""
    if not all(v.why == "" or v.hit for v in verdicts):
        return facts, verdicts
    wrong = false_arithmetic(text.text)
    if wrong is None:
        return facts, verdicts
    result = wrong.rsplit("=", 1)[-1].rsplit("≈", 1)[-1].split()[0].rstrip("%")
    if not any(n.text.split()[0].rstrip("%").lstrip("-−") == result.lstrip("-−") for n in kept.numbers):
        return facts, verdicts
    out = _Verdict(False, f"writes '{wrong}', which does not hold")
    return [*facts, _Fact(len(facts), "label", "the answer's own arithmetic")], [*verdicts, out]


_SCALE = r"(?:\s?(?:thousand|million|billion|trillion|bn|mn))?"
#: judge35: "from A to B, a gain of C": a change the answer names with its own two ends
_PATH = re.compile(
    rf"\bfrom\s+(?:about\s+)?(?P<a>{_NUM})(?P<ap>%?)(?P<asc>{_SCALE})(?:\s?[^\W\d_]{{1,12}}){{0,3}}?"
    rf"(?:\s+in\s+(?:19|20)\d\d)?\s+to\s+(?:about\s+)?(?P<b>{_NUM})(?P<bp>%?)(?P<bsc>{_SCALE})"
    r"(?:[^\d.;!?()]|\(\s*(?:19|20)\d\d\s*\)|\bin\s+(?:19|20)\d\d\b){0,40}?"
    r"\b(?:an?\s+)?(?:net\s+)?(?:gain|rise|increase|growth|jump|drop|fall|decline|decrease|loss|change|shift)"
    rf"\s+(?:of\s+)?(?:about\s+|roughly\s+|some\s+)?[-−+]?(?P<c>{_NUM})(?P<cp>%?)(?P<csc>{_SCALE})"
    r"(?P<points>\s*(?:percentage\s+points?|pp\b|points?\b|pts\b))?",
    re.IGNORECASE,
)


_APPROX = re.compile(r"\b(?:about|roughly|around|approximately|nearly|some)\b|[~≈]", re.IGNORECASE)
_WORD_AFTER = re.compile(r"\s*([^\W\d_]+)")
_MORE = re.compile(r"\s*[^\W\d_]*\s*(?:and\s+)?[-−]?\d")
_POINT_WORDS = frozenset({"percentage", "pp", "points", "point", "pts"})


def _one_unit(m: re.Match[str], text: str) -> bool:
    """The two ends and the change are written in one unit: percent ends with a change in
    percent or percentage points, other ends with the change's first word after it the end's."""
    if bool(m["ap"]) != bool(m["bp"]):
        return False
    after_c = _WORD_AFTER.match(text, m.end("csc"))
    c_word = after_c.group(1).lower() if after_c and not m["cp"] else ""
    if m["bp"]:
        return bool(m["cp"]) or c_word in _POINT_WORDS
    after_b = _WORD_AFTER.match(text, m.end("bsc"))
    b_word = after_b.group(1).lower() if after_b else ""
    return not m["cp"] and (m["bsc"].strip().lower(), b_word) == (m["csc"].strip().lower(), c_word)


def false_path(text: str) -> str | None:
    """judge35: the first change the answer names with its two ends that neither their
    difference (over the rounding of the three) nor, for a percent, their relative change gives
    ("rose from 31.1% to 35.8%, a gain of 7.4 percentage points")."""
    for m in _PATH.finditer(text):
        if _YEAR.fullmatch(m["a"]) or _YEAR.fullmatch(m["b"]) or _APPROX.search(m.group(0)):
            continue
        if not _one_unit(m, text):
            continue  # "from 463 GWh to 404 GWh, a drop of 0.059 TWh": read by the conversions
        if "," in m["a"] + m["b"] + m["c"] or _MORE.match(text, m.end("csc")):
            continue  # a decimal comma ("33,4%"), a change in parts ("-1 hours and 33 minutes")
        if len({m["asc"].strip().lower(), m["bsc"].strip().lower(), m["csc"].strip().lower()} - {""}) > 1:
            continue  # ends and change under different scale words: read by the conversions
        a, b, c = (float(m[k].replace(",", "")) for k in "abc")
        slack = _half(m["a"]) + _half(m["b"]) + _half(m["c"]) + 1e-9 * max(1.0, abs(c))
        if abs(abs(b - a) - c) <= slack:
            continue
        relative = abs(b - a) / abs(a) * 100 if a else None
        if m["cp"] and not m["points"] and relative is not None and abs(relative - c) <= 0.02 * c + 0.15:
            continue  # a relative change in percent
        return " ".join(m.group(0).split())
    return None


def path_false(
    facts: list[_Fact], verdicts: list[_Verdict], kept: _Text
) -> tuple[list[_Fact], list[_Verdict]]:
    """judge35: the verdicts with a contradiction added where the committed answer names a
    change with its two ends that they do not give (:func:`false_path`)."""
    if not all(v.why == "" or v.hit for v in verdicts):
        return facts, verdicts
    wrong = false_path(kept.text)
    if wrong is None:
        return facts, verdicts
    out = _Verdict(False, f"says '{wrong}', which its two ends do not give")
    return [*facts, _Fact(len(facts), "label", "the answer's own change")], [*verdicts, out]
