"""Finding the numbers an answer states, for the offline judge.

Handles thousands separators (``12,345``), decimals with either mark where unambiguous
(``27.08``, ``27,08``, ``1.234,5``; a comma before exactly three digits is a thousands
separator), digits next to any script (``约42.5%``, ``42.5亿``), negatives (``-3.5``, ``−3.5``; a
hyphen between words or numbers such as ``2019-2020`` is not a sign), percentages
(``45%``, ``45 percent``), scale words (``4.2 billion``, ``$3.1M``, ``12k``) and a leading
currency sign. Each number keeps its span in the text and yields the readings a reference
value may be stored as: the number as written, scaled by its scale word, and a percentage as
a fraction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SCALES: dict[str, float] = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "mn": 1e6,
    "m": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
    "tn": 1e12,
    "t": 1e12,
}

#: Scale words of CJK numerals written after digits (万 ten thousand, 亿 a hundred million).
CJK_SCALES: dict[str, float] = {"万": 1e4, "萬": 1e4, "亿": 1e8, "億": 1e8}

_NUMBER = re.compile(
    r"(?<![A-Za-z0-9_.])"  # a letter or digit of another token before it; CJK neighbours are fine
    r"(?P<sign>[-−])?(?:(?P<currency>[$€£¥])\s?(?P<sign2>[-−])?)?"
    r"(?P<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![.,]\d)"  # 12,345.6
    r"|\d{1,3}(?:\.\d{3})+,\d+(?![.,]\d)"  # 12.345,6 (a decimal comma after thousands dots)
    r"|\d+,(?:\d{1,2}|\d{4,})(?![.,]?\d)"  # 27,08 (a decimal comma: not three digits after it)
    r"|\d+(?:\.\d+)?|\.\d+)"
    r"(?!,\d{3})(?![\d])"
    r"(?P<percent>\s?[%％]|\s?per\s?cent\b)?"
    r"(?:\s?(?P<scale>thousand|million|billion|trillion|bn|mn|tn|[kKmMbBtT])\b|(?P<cjk>[万萬亿億]))?",
    re.IGNORECASE,
)


def _value(digits: str) -> float:
    """The number ``digits`` writes, with either decimal mark (see ``_NUMBER``): the comma is
    the decimal mark when it is the last mark and either dots come before it or it is not
    followed by exactly three digits."""
    last = max(digits.rfind(","), digits.rfind("."))
    if last >= 0 and digits[last] == ",":
        tail = digits[last + 1 :]
        if "." in digits or len(tail) != 3:
            return float(digits.replace(".", "").replace(",", "."))
    return float(digits.replace(",", ""))


@dataclass(frozen=True)
class FoundNumber:
    """A number as written in the text and the values it may stand for."""

    text: str
    readings: tuple[float, ...]
    start: int = 0
    end: int = 0
    #: The scale word written with it (``million``, ``bn``, ``亿``; "" for none) and its factor.
    scale_word: str = ""
    scale: float = 1.0
    percent: bool = False


def find_numbers(text: str) -> list[FoundNumber]:
    """Every number in ``text`` with its readings, in order of appearance."""
    found: list[FoundNumber] = []
    for m in _NUMBER.finditer(text):
        value = _value(m["digits"])
        if m["sign"] or m["sign2"]:
            value = -value
        readings = [value]
        scale = m["scale"]
        if scale and not m["percent"]:
            # "5 m" may be metres: the unscaled reading is always kept, so a scale only adds one.
            readings.append(value * SCALES[scale.lower()])
        if m["cjk"]:
            readings = [value * CJK_SCALES[m["cjk"]]]
        if m["percent"]:
            readings.append(value / 100)
        text_ = m.group(0).rstrip()
        word = (m["scale"] or m["cjk"] or "").lower() if not m["percent"] else ""
        factor = CJK_SCALES[word] if word in CJK_SCALES else SCALES.get(word, 1.0)
        found.append(
            FoundNumber(
                text=text_,
                readings=tuple(readings),
                start=m.start(),
                end=m.start() + len(text_),
                scale_word=word,
                scale=factor,
                percent=bool(m["percent"]),
            )
        )
    return found
