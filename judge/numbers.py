"""Finding the numbers an answer states, for the offline judge.

Handles thousands separators (``12,345``), decimals, negatives (``-3.5``, ``−3.5``; a
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

_NUMBER = re.compile(
    r"(?<![\w.])"
    r"(?P<sign>[-−])?(?:(?P<currency>[$€£¥])\s?(?P<sign2>[-−])?)?"
    r"(?P<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?!,\d{3})(?![\d])"
    r"(?P<percent>\s?%|\s?per\s?cent\b)?"
    r"(?:\s?(?P<scale>thousand|million|billion|trillion|bn|mn|tn|[kKmMbBtT])\b)?",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class FoundNumber:
    """A number as written in the text and the values it may stand for."""

    text: str
    readings: tuple[float, ...]
    start: int = 0
    end: int = 0


def find_numbers(text: str) -> list[FoundNumber]:
    """Every number in ``text`` with its readings, in order of appearance."""
    found: list[FoundNumber] = []
    for m in _NUMBER.finditer(text):
        value = float(m["digits"].replace(",", ""))
        if m["sign"] or m["sign2"]:
            value = -value
        readings = [value]
        scale = m["scale"]
        if scale and not m["percent"]:
            # "5 m" may be metres: the unscaled reading is always kept, so a scale only adds one.
            readings.append(value * SCALES[scale.lower()])
        if m["percent"]:
            readings.append(value / 100)
        text_ = m.group(0).rstrip()
        found.append(
            FoundNumber(text=text_, readings=tuple(readings), start=m.start(), end=m.start() + len(text_))
        )
    return found
