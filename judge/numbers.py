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
#: Scale words of other languages written after digits (German, French, Spanish, Portuguese),
#: longest first in the pattern; "mil millones" is a billion, "bilhão" the Brazilian billion.
FOREIGN_SCALES: dict[str, float] = {
    "mil millones": 1e9, "mil milhões": 1e9, "tausend": 1e3, "tsd": 1e3, "mio": 1e6, "millionen": 1e6,
    "mrd": 1e9, "milliarden": 1e9, "milliarde": 1e9, "milliards": 1e9, "milliard": 1e9,
    "milliers": 1e3, "millier": 1e3, "millions": 1e6, "millones": 1e6, "millón": 1e6, "milhões": 1e6,
    "milhão": 1e6, "bilhões": 1e9, "bilhão": 1e9, "miles de": 1e3, "mil": 1e3,
    # judge10: Dutch, Swedish, Italian, Polish, Turkish, Indonesian and Vietnamese scale words
    "miljarder": 1e9, "miljard": 1e9, "miljoner": 1e6, "miljoen": 1e6, "miliardi": 1e9, "milioni": 1e6,
    "mld": 1e9, "mln": 1e6, "milyar": 1e9, "milyon": 1e6, "miliar": 1e9, "juta": 1e6,
    "tỷ": 1e9, "triệu": 1e6,
    # judge21: Russian, Ukrainian, Polish and Czech abbreviations and words; Indian lakh and crore
    "тыс": 1e3, "тысяч": 1e3, "тысячи": 1e3, "тысяча": 1e3, "млн": 1e6, "миллиона": 1e6, "миллионов": 1e6,
    "миллион": 1e6, "млрд": 1e9, "миллиарда": 1e9, "миллиардов": 1e9, "трлн": 1e12, "тис": 1e3,
    "tys": 1e3, "tysięcy": 1e3, "tis": 1e3, "mlrd": 1e9, "miliardów": 1e9, "milionów": 1e6,
    "lakh": 1e5, "crore": 1e7, "लाख": 1e5, "करोड़": 1e7,
    # judge29: Hindi loanwords and words, Scandinavian, Italian and Dutch thousands
    "मिलियन": 1e6, "बिलियन": 1e9, "ट्रिलियन": 1e12, "अरब": 1e9, "हज़ार": 1e3, "हजार": 1e3,
    "tusen": 1e3, "tusind": 1e3, "mila": 1e3, "duizend": 1e3, "millioner": 1e6, "milliarder": 1e9,
}  # fmt: skip
SCALES.update(FOREIGN_SCALES)

#: Scale words of CJK numerals written after digits (万 ten thousand, 亿 a hundred million).
CJK_SCALES: dict[str, float] = {
    "万亿": 1e12, "萬億": 1e12, "百万": 1e6, "十亿": 1e9, "十億": 1e9, "兆": 1e12,
    "万": 1e4, "萬": 1e4, "亿": 1e8, "億": 1e8,
    "千": 1e3, "만": 1e4, "억": 1e8, "천": 1e3,
}  # fmt: skip
_FOREIGN_SCALE = "|".join(
    re.escape(w).replace(r"\ ", r"\s+") for w in sorted(FOREIGN_SCALES, key=len, reverse=True)
)

#: judge21: "percent" in the languages the judge glosses ("37,99 procent", "12 процентов")
PERCENT_WORDS = (
    "procent", "prozent", "por ciento", "pour cent", "per cento", "por cento", "процент", "процента",
    "процентов", "відсотка", "відсотків", "パーセント", "퍼센트", "प्रतिशत",
)  # fmt: skip
_PERCENT_WORDS = "|".join(
    re.escape(w).replace(r"\ ", r"\s+") for w in sorted(PERCENT_WORDS, key=len, reverse=True)
)

_NUMBER = re.compile(
    r"(?<![A-Za-z0-9_.])"  # a letter or digit of another token before it; CJK neighbours are fine
    r"(?P<sign>[-−])?(?:(?P<currency>[$€£¥])\s?(?P<sign2>[-−])?)?"
    r"(?P<digits>\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d+)?(?![\d]|[.,]\d)"  # 30 430 (thin or plain spaces)
    r"|\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![.,]\d)"  # 12,345.6
    r"|\d{1,3}(?:\.\d{3})+,\d+(?![.,]\d)"  # 12.345,6 (a decimal comma after thousands dots)
    r"|\d+,(?:\d{1,2}|\d{4,})(?![.,]?\d)"  # 27,08 (a decimal comma: not three digits after it)
    r"|\d+(?:\.\d+)?|\.\d+)"
    r"(?!,\d{3})(?![\d])"
    rf"(?P<percent>\s?[%％]|\s?per\s?cent\b|\s?(?:{_PERCENT_WORDS})(?![^\W\d_]))?"
    r"(?:\s?(?P<scale>thousand|million|billion|trillion|bn|mn|tn|[kKmMbBtT])\b(?!\.[^\W\d_])"  # "t.o.v." no t
    rf"|\s?(?P<foreign>{_FOREIGN_SCALE})\.?(?![^\W\d_])(?:\s+(?:de(?![^\W\d_])|d')\s?)?"
    r"|\s?(?P<cjk>万亿|萬億|百万|十亿|十億|[万萬亿億千만억천兆]))?",  # judge35: 万亿 a trillion
    re.IGNORECASE,
)
#: judge29: scale words of languages that write a decimal dot ("3.719 बिलियन" is 3.719 billion)
_DOT_DECIMAL = frozenset(
    {"millions", "lakh", "crore", "लाख", "करोड़", "मिलियन", "बिलियन", "ट्रिलियन", "अरब", "हज़ार", "हजार"}
)
#: "30.430": thousands grouped with dots, as the languages of the foreign scale words write them
_DOT_THOUSANDS = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+")
#: "7億8850万", "2억 7,380만", "1万2570": a CJK number in parts, summed
_CJK_PART = re.compile(r"\s?(?P<digits>\d[\d,]*(?:\.\d+)?)\s?(?P<cjk>[万萬만千천])?")


def _value(digits: str) -> float:
    """The number ``digits`` writes, with either decimal mark (see ``_NUMBER``): the comma is
    the decimal mark when it is the last mark and either dots come before it or it is not
    followed by exactly three digits."""
    digits = re.sub(r"[ \u00a0\u202f]", "", digits)
    last = max(digits.rfind(","), digits.rfind("."))
    if last >= 0 and digits[last] == ",":
        tail = digits[last + 1 :]
        if "." in digits or len(tail) != 3 or digits.startswith("0,"):  # "0,083" is no thousands
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
    at = 0
    for m in _NUMBER.finditer(text):
        if m.start() < at:
            continue  # the tail of a CJK number in parts
        value = _value(m["digits"])
        if (
            m["foreign"]
            and m["foreign"].lower() not in _DOT_DECIMAL
            and _DOT_THOUSANDS.fullmatch(m["digits"])
        ):
            value = float(
                m["digits"].replace(".", "")
            )  # "30.430 Mio.": a dot before three digits groups them
        elif (
            m["foreign"]
            and m["foreign"].lower() not in _DOT_DECIMAL
            and re.fullmatch(r"\d{1,3},\d{3}", m["digits"])
        ):
            value = float(m["digits"].replace(",", "."))  # judge10: "2,323 miljarder" is 2.323 billion
        if m["sign"] or m["sign2"]:
            value = -value
        readings = [value]
        scale = m["scale"] or (re.sub(r"\s+", " ", m["foreign"]) if m["foreign"] else None)
        if scale and not m["percent"]:
            # "5 m" may be metres: the unscaled reading is always kept, so a scale only adds one.
            readings.append(value * SCALES[scale.lower()])
        text_ = m.group(0).rstrip()
        end = m.start() + len(text_)
        if m["cjk"]:
            value, end = _cjk_parts(text, value * CJK_SCALES[m["cjk"]], CJK_SCALES[m["cjk"]], end)
            readings = [value]
            text_ = text[m.start() : end]
        if m["percent"]:
            readings.append(value / 100)
        at = end
        word = (scale or m["cjk"] or "").lower() if not m["percent"] else ""
        factor = CJK_SCALES[m["cjk"]] if m["cjk"] else SCALES.get(word, 1.0)
        if m["cjk"] and text_ != m.group(0).rstrip():
            word, factor = "", 1.0  # summed parts: the value is written out, in no one scale
        found.append(
            FoundNumber(
                text=text_,
                readings=tuple(readings),
                start=m.start(),
                end=end,
                scale_word=word,
                scale=factor,
                percent=bool(m["percent"]),
            )
        )
    return found


def _cjk_parts(text: str, value: float, scale: float, end: int) -> tuple[float, int]:
    """A CJK number written in parts after its first (``7億`` + ``8850万``): the sum and where it ends."""
    while scale > 1:
        m = _CJK_PART.match(text, end)
        if m is None or (m["cjk"] is None and text[m.end() : m.end() + 1].isdigit()):
            break
        part_scale = {"万": 1e4, "萬": 1e4, "만": 1e4, "千": 1e3, "천": 1e3}.get(m["cjk"] or "", 1.0)
        part = float(m["digits"].replace(",", "")) * part_scale
        if part_scale >= scale or part >= scale or (m["cjk"] is None and "." in m["digits"]):
            break
        value, end, scale = value + part, m.end(), part_scale
    return value, end
