"""The unit and scale a number is written with, bound to it: a number states an amount only
in a unit compatible with the fact's, converted into it.

A fact's unit (``billion USD``, ``kg per hectare``, ``%``, ``pp``, ``million wafers``) and the
words written with a number in the answer are read into a :class:`UnitOf`: a scale word
(thousand … trillion, bn, 万, 亿), a currency (a small table of signs, codes and names), a
physical unit (a small table of words for mass, length, area, time, power, energy,
temperature and volume, converted with ``pint``), or a share (percent, percentage points,
basis points). :func:`readings_for` gives the values a found number stands for in the fact's
unit: a wrong scale word (``3.4 billion`` for 3.4 million), a currency or dimension of
another kind (``12 weeks`` for 12%, ``297 days`` for 297 km²) give none; a correct conversion
(``4,700 thousand tonnes``, ``0.815 tonnes per hectare``, ``780 basis points``) gives the
converted value. A bare number keeps all its readings (a concise answer omits the unit).
Since the judge14 round a mass symbol may carry its substance (``0.624 kgCO₂/kWh`` for 624
gCO₂ per kWh; ``624 tCO₂ per kWh`` gives no reading), a counted noun under a scale word
(``327 million people``) is no currency or physical unit, and :func:`share_sense` binds percent
and percentage points by what the reference says of the fact (a relative change in percent is
never points; a percent the answer calls relative, or a percent change of a quantity itself in
points, is no points value).

``quantulum3`` was measured for this and is not used: 2.3 s to import and 5.9 s for its first
parse, and it splits a decimal comma (``27,08`` → 27 and 8) and reads nothing next to CJK
characters, both of which :mod:`judge.numbers` handles.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, replace

import pint

from judge.numbers import CJK_SCALES, SCALES, FoundNumber

_SCALE_WORDS = {w: f for w, f in SCALES.items() if len(w) > 1}
CURRENCIES: dict[str, str] = {
    "$": "USD", "us$": "USD", "usd": "USD", "dollar": "USD", "dollars": "USD",
    "€": "EUR", "eur": "EUR", "euro": "EUR", "euros": "EUR",
    "£": "GBP", "gbp": "GBP", "pound": "GBP", "pounds": "GBP", "sterling": "GBP",
    "¥": "JPY", "jpy": "JPY", "yen": "JPY",
    "cny": "CNY", "rmb": "CNY", "yuan": "CNY", "元": "CNY",
    "dólares": "USD", "dólar": "USD", "美元": "USD", "ドル": "USD", "달러": "USD",
}  # fmt: skip
#: judge29: words for spans of time in the languages the judge glosses, with their pint names
#: ("1,12 settimane" is 1.12 weeks, never 1.12 days)
FOREIGN_TIME: dict[str, str] = {
    **dict.fromkeys(("settimane", "settimana", "semanas", "semana", "semaines", "semaine", "wochen",
                     "woche", "veckor", "vecka", "weken", "uger", "uge", "uker", "uke", "tygodni",
                     "tygodnie", "недель", "недели", "неделя", "सप्ताह", "週間", "周"), "week"),
    **dict.fromkeys(("giorni", "giorno", "días", "día", "dias", "jours", "tage", "tagen", "dagar",
                     "dagen", "dage", "dager", "dni", "дней", "дня", "дні", "दिन", "日間", "天"), "day"),
    **dict.fromkeys(("ore", "timmar", "timme", "uur", "timer", "godzin", "часов", "часа", "घंटे"), "hour"),
    **dict.fromkeys(("mesi", "meses", "mois", "monate", "monaten", "månader", "maanden", "måneder",
                     "miesięcy", "месяцев", "महीने"), "month"),
    **dict.fromkeys(("anni", "años", "anos", "jahre", "jahren", "jaar", "лет", "साल"), "year"),
    **dict.fromkeys(("minuti", "minutos", "minuten", "minuter", "минут"), "minute"),
}  # fmt: skip
_FOREIGN_TIME = "|".join(sorted(FOREIGN_TIME, key=len, reverse=True))
_PHYSICAL_WORD = (
    r"(?:kilo(?:gram)?s?|kg|grams?|g|tonnes?|tons?|t|mt|km²|km2|sq\.?\s?km|square\s+kilomet(?:re|er)s?|cm|mm"
    r"|kilomet(?:re|er)s?|km|m²|m2|sq\.?\s?m|square\s+met(?:re|er)s?|met(?:re|er)s?|hectares?|ha|acres?|seconds?|minutes?|hours?|hrs?|h|days?|nights?"
    r"|weeks?|wks?|months?|years?|yrs?|[kmgt]w|[kmgt]wh|watts?|°\s?c|°\s?f|degrees?\s+(?:celsius|fahrenheit)"
    r"|lit(?:re|er)s?|mwh|kwh|gwh|twh|mha|kha|km³|km3|m³|m3|cubic\s+met(?:re|er)s?|[μu]g|micrograms?|mg|milligrams?"
    # judge14: a mass symbol with the substance it weighs ("gCO₂", "MtCO₂e", "kt CO2-eq")
    r"|(?:[kmgt]?t|[kmµμ]?g)\s?CO[₂2](?:e|-?eq)?|kt|gt"
    # judge17: data sizes and rates ("Mbps", "Mbit/s", "MB/s": a byte is eight bits)
    r"|[kmgt]bps|[kmgt]bits?/s|[kmgt]b/s|[kmgt]bits?|[kmgt]b"
    # other languages' and scripts' words for the same units
    r"|tonnen|toneladas|stunden|horas|heures|litros|トン|吨|톤|時間|小时|시간|平方キロメートル|平方公里"
    r"|立方メートル|立方米|微克|hectáreas?|hektar"
    rf"|{_FOREIGN_TIME})"
)
_PHYSICAL = re.compile(
    rf"{_PHYSICAL_WORD}(?:\s*(?:/|per|a|an|par|pro|por)\s+{_PHYSICAL_WORD}|\s*/\s*{_PHYSICAL_WORD})?(?![A-Za-z0-9_²])"
    r"(?!\.[^\W\d_])",  # judge10: "t.o.v." is no tonne
    re.IGNORECASE,
)
#: the second part of a hyphenated compound unit ("tonne-km", "passenger-km")
_COMPOUND = re.compile(rf"(?:-({_PHYSICAL_WORD})(?![A-Za-z0-9_²])|(公里|キロ|킬로미터|킬로))", re.IGNORECASE)
_SHARE = re.compile(
    r"(?P<pp>percentage[-\s]+points?|pp\b|p\.p\.|points?\b)|(?P<bp>basis\s+points?|bps?\b)"
    r"|(?P<pct>%|％|per\s?cent\b)|(?P<pm>‰|per\s+(?:thousand|mille)\b)",
    re.IGNORECASE,
)
_CURRENCY_WORD = re.compile(
    r"(?:us\$|usd|dollars?|eur|euros?|gbp|pounds?|sterling|jpy|yen|cny|rmb|yuan|dólares|dólar|美元|ドル|달러|元)"
    r"(?![A-Za-z])",
    re.IGNORECASE,
)
_PINT_NAMES = {
    "kilo": "kg", "kilos": "kg", "t": "tonne", "mt": "megatonne", "ton": "tonne", "tons": "tonne",
    "km2": "km**2", "km²": "km**2", "m2": "m**2", "m²": "m**2", "sq m": "m**2", "sq. m": "m**2",
    "sqm": "m**2", "sq km": "km**2", "sq. km": "km**2", "sqkm": "km**2",
    "kw": "kW", "mw": "MW", "gw": "GW", "tw": "TW", "kwh": "kWh", "mwh": "MWh", "gwh": "GWh", "twh": "TWh",
    "°c": "degC", "° c": "degC", "°f": "degF", "° f": "degF", "hr": "hour", "hrs": "hour", "yr": "year",
    "yrs": "year", "ha": "hectare", "mha": "megahectare", "kha": "kilohectare",
    "night": "day", "nights": "day",
    "km3": "km**3", "km³": "km**3", "m³": "m**3", "m3": "m**3", "μg": "microgram", "ug": "microgram",
    "mg": "milligram", "tonnen": "tonne", "toneladas": "tonne", "stunden": "hour", "horas": "hour",
    "heures": "hour", "litros": "litre", "トン": "tonne", "吨": "tonne", "톤": "tonne", "時間": "hour",
    "小时": "hour", "시간": "hour", "hectárea": "hectare", "hectáreas": "hectare", "hektar": "hectare",
    "平方キロメートル": "km**2", "平方公里": "km**2", "立方メートル": "m**3", "立方米": "m**3",
    "微克": "microgram", "kt": "kilotonne", "gt": "gigatonne", "wk": "week", "wks": "week",
    **FOREIGN_TIME,
}  # fmt: skip
#: judge14: the substance a mass symbol weighs ("CO₂" of "tCO₂e"): the mass is the unit
_SUBSTANCE = re.compile(r"\s?co[₂2](?:e|-?eq)?$")


_DEGREES = ("degree_Celsius", "degree_Fahrenheit")


@functools.cache
def _registry() -> pint.UnitRegistry:
    return pint.UnitRegistry()


#: judge17: a data size or rate, read before case is folded ("MB" is megabytes, "Mb" megabits)
_DATA = re.compile(r"(?P<prefix>[kKMGT]|m(?=bps$))(?P<unit>bps|Bps|bits?|b|B)")
_DATA_PREFIX = {"k": "kilo", "K": "kilo", "M": "mega", "m": "mega", "G": "giga", "T": "tera"}


def _data_unit(part: str) -> str | None:
    """The pint name of a data size or rate ("Mbps" → megabit / second), or None."""
    m = _DATA.fullmatch(part.strip())
    if m is None:
        return None
    byte = m["unit"].startswith("B")
    per_second = m["unit"].lower() == "bps"
    return f"{_DATA_PREFIX[m['prefix']]}{'byte' if byte else 'bit'}" + (" / second" if per_second else "")


@functools.lru_cache(maxsize=256)
def _pint_unit(words: str) -> pint.Unit | None:
    """The pint unit of a matched physical unit phrase, or None when pint cannot read it."""
    parts = re.split(r"\s*(?:/|\b(?:per|a|an|par|pro|por)\b)\s*", words.strip())
    names = []
    for part in parts:
        data = _data_unit(part)
        if data is not None:
            names.append(data)
            continue
        part = re.sub(r"\s+", " ", part.lower())
        if part.startswith("square kilomet"):
            part = "km2"
        elif part.startswith("square met"):
            part = "m2"
        elif part.startswith("cubic met"):
            part = "m3"
        if part.startswith("degree"):
            part = "°c" if "celsius" in part else "°f"
        part = _SUBSTANCE.sub("", part) or part
        names.append(_PINT_NAMES.get(part, part))
    try:
        unit = _registry().parse_units(" / ".join(f"({n})" for n in names))
    except (pint.errors.PintError, AttributeError, TypeError, ValueError, AssertionError):
        return None
    return unit


@dataclass(frozen=True)
class UnitOf:
    """What a unit says: scale factor (1 for none), currency code, physical unit, share kind."""

    scale: float = 1.0
    scaled: bool = False
    currency: str | None = None
    physical: pint.Unit | None = None
    share: str | None = None  # "pct", "pp", "bp" or "pm" (per mille)
    per: pint.Unit | None = None  # a rate's unit before its "per" ("tonnes" of tonnes per hectare)
    noun: bool = False  # a count of things named by a word ("people", "vouchers"): no currency
    #: judge12: a noun of plain letters ("districts", not "gCO₂ per kWh"): no physical unit
    plain: bool = False
    #: judge14: a percentage the reference states as a relative change or a share of another
    #: value ("a change of -87.5%", "96.3% of the target"): never percentage points
    relative: bool = False
    #: judge14: percentage points the reference states with no percentage beside them (the
    #: quantity itself is in points): a percent change of it is a relative change
    own_points: bool = False
    #: judge21: the counted noun's first word ("people" of "thousand people")
    noun_word: str = ""

    @property
    def bare(self) -> bool:
        return self.currency is None and self.physical is None and self.share is None


def _read_words(words: str, unit: UnitOf) -> tuple[UnitOf, int]:
    """``unit`` completed by the unit words at the start of ``words``, and how many characters they took."""
    m = re.match(r"\s*", words)
    at = m.end() if m else 0
    rest = words[at:]
    m = _SHARE.match(rest)
    if m:
        share = "pp" if m["pp"] else "bp" if m["bp"] else "pm" if m["pm"] else "pct"
        return UnitOf(unit.scale, unit.scaled, unit.currency, unit.physical, share), at + m.end()
    m = _CURRENCY_WORD.match(rest)
    if m:
        code = CURRENCIES[m.group(0).lower()]
        return UnitOf(unit.scale, unit.scaled, code, unit.physical, unit.share), at + m.end()
    m = _PHYSICAL.match(rest)
    if m:
        physical = _pint_unit(m.group(0))
        compound = _COMPOUND.match(rest, m.end())
        if physical is not None and compound is not None:  # judge10: "tonne-km" is no tonne
            other = _pint_unit(compound.group(1) or "km")  # 吨公里, トンキロ: tonne-km
            physical = physical * other if other is not None else None
            m = compound
        if physical is not None:
            # judge29: a rate's top unit ("10.93 h per day" states hours)
            parts = re.split(r"\s*(?:/|\b(?:per|a|an|par|pro|por)\b)\s*", m.group(0).strip())
            top = _pint_unit(parts[0]) if len(parts) > 1 and compound is None else None
            return UnitOf(unit.scale, unit.scaled, unit.currency, physical, unit.share, top), at + m.end()
    return unit, 0


@functools.lru_cache(maxsize=512)
def fact_unit(unit: str) -> UnitOf:
    """A fact's unit string read: ``billion USD`` → scale 1e9, USD; ``EUR per MWh`` → EUR per
    energy (read as a currency: its rate is not converted); ``wafers`` → bare (a count)."""
    text = unicodedata.normalize("NFKC", unit).strip()
    out = UnitOf()
    m = re.match(r"(thousand|million|billion|trillion|bn|mn|tn)\b", text, re.IGNORECASE)
    if m:
        out = UnitOf(_SCALE_WORDS[m.group(1).lower()], True)
        text = text[m.end() :]
    if re.search(r"\bper\b|/", text) and _CURRENCY_WORD.match(text.strip()):
        code = CURRENCIES[_CURRENCY_WORD.match(text.strip()).group(0).lower()]  # type: ignore[union-attr]
        return UnitOf(out.scale, out.scaled, code)
    read, used = _read_words(text, out)
    if read.physical is not None and re.search(r"\bper\b|/", text):
        top = _pint_unit(re.split(r"\s*(?:/|\bper\b)\s*", text.strip().lower())[0])
        read = UnitOf(read.scale, read.scaled, read.currency, read.physical, read.share, top)
    if read.share is not None and out.scaled:
        return out  # "million points": a count of points, no percentage points
    if (
        used
        and text[used:].strip()
        and read.physical is None
        and read.share is None
        and read.currency is None
    ):
        return replace(out, noun=True)
    if read.bare and re.search(r"[^\W\d_]{3,}", text):
        plain = bool(re.fullmatch(r"[A-Za-z -]+", text.strip())) and not re.search(r"\bper\b", text)
        return replace(read, noun=True, plain=plain, noun_word=text.strip().split()[0].lower())
    return read


#: judge25: a currency sign after the number, before or after its scale ("0.193 €M", "4.2 M£");
#: not "$", which closes a LaTeX formula ("$0.193$")
_SIGN_AFTER = re.compile(r"\s?(?:(?:[kKmMbB]n?|mn|million|billion|thousand)\s?)?([€£¥])")


#: judge29: a currency code under an SI or scale prefix right after the number ("19.045 GUSD",
#: "16.494 MUSD", "12 kEUR")
_PREFIXED_CODE = re.compile(r"\s?(?P<p>[kKMGT]|bn|mn|Mio|Mrd)(?P<c>USD|EUR|GBP|JPY|CNY)(?![A-Za-z])")
_CODE_PREFIX = {
    "k": 1e3,
    "K": 1e3,
    "M": 1e6,
    "G": 1e9,
    "T": 1e12,
    "bn": 1e9,
    "mn": 1e6,
    "Mio": 1e6,
    "Mrd": 1e9,
}
#: judge29: a line that names the unit of the answer's values ("unit: percentage points")
_UNIT_KEY = re.compile(
    r"^[\s*_#>-]*units?[*_]*\s*[:=]\s*[*_]*(?P<unit>[^\n*_]+)", re.IGNORECASE | re.MULTILINE
)
#: judge29: a scale said anywhere on a line ("$0.287 to $0.382 billion") or a LaTeX formula
_LINE_SCALE = re.compile(
    r"\b(?:thousands?|millions?|billions?|trillions?|bn|mn|tn)\b|\d\s?[kKmMbBtT]\b|\$\s*$|\\", re.IGNORECASE
)


def key_unit(text: str) -> UnitOf | None:
    """The unit a line of the answer names for its values ("unit: billion USD"), or None."""
    m = _UNIT_KEY.search(text)
    return fact_unit(m["unit"].strip().rstrip(".")) if m else None


def _unscaled_sign(found: FoundNumber, text: str) -> bool:
    """``found`` is written with a currency sign and no scale on its line ("Services — $0.189"):
    an amount in whole units, not in the thousands or billions a scaled fact counts."""
    if not re.match(r"[-−]?[$€£¥]", found.text) or found.scale_word:
        return False
    start = text.rfind("\n", 0, found.start) + 1
    end = text.find("\n", found.end)
    line = text[start : end if end >= 0 else len(text)]
    return not _LINE_SCALE.search(line.replace(found.text, " ", 1)) and line.count("$") <= 1


def stated_unit(found: FoundNumber, text: str) -> UnitOf:
    """The scale, currency, share and unit the answer writes ``found`` with."""
    coded = _PREFIXED_CODE.match(text, found.end)
    if coded is not None and not found.scale_word and not found.percent:
        return UnitOf(_CODE_PREFIX[coded["p"]], True, coded["c"])
    sign = re.search(r"[$€£¥]", found.text)
    before = re.search(r"(?:(US\$|USD|EUR|GBP|CNY|RMB|JPY)\s*)$", text[max(0, found.start - 5) : found.start])
    currency = CURRENCIES[sign.group(0)] if sign else CURRENCIES[before.group(1).lower()] if before else None
    after = _SIGN_AFTER.match(text, found.end) if currency is None else None
    currency = CURRENCIES[after.group(1)] if after else currency  # judge25: "0.193 €M" is in euros
    share = ("pp" if _POINTS_AFTER.match(text, found.end) else "pct") if found.percent else None
    if len(found.scale_word) == 1 and not share:
        # judge14: "0.815 t per hectare", "12 t/ha": the letter starts a rate's unit, no scale
        m = _PHYSICAL.match(text, found.end - 1)
        physical = _pint_unit(m.group(0)) if m and m.end() > found.end else None
        if physical is not None:
            return UnitOf(physical=physical, currency=currency)
    unit = UnitOf(
        found.scale,
        (bool(found.scale_word) and len(found.scale_word) > 1) or found.scale > 1e3,
        currency,
        None,
        share,
    )
    if share is None:
        unit, used = _read_words(text[found.end : found.end + 48], unit)
        if not used and unit.bare and unit.scaled and _count_noun(text[found.end : found.end + 32]):
            unit = replace(unit, noun=True)
    return unit


#: judge14: a plural noun of plain letters, or an irregular plural of people
_PLURAL = re.compile(r"\s*([a-z]{2,}[^su\W]s|people|persons|children|staff|personnel)\b(?!['’-])")
#: words ending in "s" that name no counted thing
_NOT_COUNTED = frozenset(
    re.findall(
        r"\w+",
        "this thus was has does goes always perhaps its his hers ours yours theirs whereas besides "
        "towards afterwards backwards upwards downwards sometimes nevertheless less plus across "
        "degrees points percents",
    )
)


def _count_noun(words: str) -> bool:
    """``words`` (what follows a number and its scale word) start with a counted noun
    ("million people", "thousand vouchers"): no currency and no physical unit."""
    m = _PLURAL.match(words)
    return m is not None and m.group(1) not in _NOT_COUNTED and _pint_unit(m.group(1)) is None


def _own_noun(fact: UnitOf, text: str, found: FoundNumber) -> bool:
    """The fact's counted noun follows ``found`` with no scale word between ("15.79 people")."""
    m = re.match(r"\s*([^\W\d_]+)", text[found.end : found.end + 32])
    return m is not None and m.group(1).lower().rstrip("s") == fact.noun_word.rstrip("s")


def readings_for(fact: UnitOf, found: FoundNumber, text: str) -> tuple[float, ...]:
    """The values ``found`` may state in ``fact``'s unit (see the module docstring); () when its
    unit or scale cannot be the fact's."""
    return bound_readings(fact, found, text)[0]


def _share_of_whole(said: UnitOf, after: str) -> bool:
    """``said`` is a share of a whole written in words no count takes: basis points, per mille,
    percentage points (not "points", which an index or a score counts)."""
    if said.share in ("bp", "pm"):
        return True
    return said.share == "pp" and bool(re.match(r"\s*(?:percentage|pp\b|p\.p\.)", after, re.IGNORECASE))


def _daily(said: UnitOf, fact: pint.Unit) -> bool:
    """``said`` is a duration per day ("10.93 h per day", "14.01 hours a day") and ``fact`` a
    duration: the daily hours an item counts in hours (never days per month, tonnes per hectare)."""
    if said.physical is None or said.per is None or not said.physical.dimensionless:
        return False
    daily = (said.per / said.physical) == _registry().parse_units("day")
    return bool(daily) and said.per.dimensionality == fact.dimensionality


def _said_unit(fact: UnitOf, found: FoundNumber, text: str) -> UnitOf:
    """The unit written with ``found``, or the answer's "unit:" line where it writes none."""
    said = stated_unit(found, text)
    if said == UnitOf() and not found.scale_word:
        key = key_unit(text)
        if key is not None and (not fact.bare or (fact.scaled and key.scaled)):
            # judge29: "average: 14.31 / unit: percentage points"; judge32: a count's scale too
            # ("value: 0.182 / unit: billion wafers" for 0.182 million wafers)
            said = key
    return said


def bound_readings(fact: UnitOf, found: FoundNumber, text: str) -> tuple[tuple[float, ...], bool]:
    """:func:`readings_for`, and whether the answer's unit or scale was read and converted: then
    the one reading is in the fact's own unit (``2.2 million tonnes`` is 2,200 thousand tonnes,
    never the 2,200 tonnes that 2.2 thousand tonnes are)."""
    said = _said_unit(fact, found, text)
    value = found.readings[0] / found.scale if found.scale_word in CJK_SCALES else found.readings[0]
    if fact.physical is not None:
        if said.currency is not None or said.share is not None:
            return (), True
        if said.physical is not None:
            if fact.per is not None and said.physical.dimensionality == fact.per.dimensionality:
                # "2.60톤 … 헥타르당", "2,60 toneladas por hectárea": the rate's "per" written apart
                q = _registry().Quantity(value * said.scale, said.physical).to(fact.per).magnitude
                return (q / fact.scale,), True
            if fact.per is None and _daily(said, fact.physical):
                said = replace(said, physical=said.per)  # judge29: "10.93 h per day" for 10.93 hours
            assert said.physical is not None
            if said.physical.dimensionality != fact.physical.dimensionality:
                return (), True
            q = _registry().Quantity(value * said.scale, said.physical).to(fact.physical).magnitude
            if (
                said.physical != fact.physical
                and str(said.physical) in _DEGREES
                and str(fact.physical) in _DEGREES
            ):
                # a temperature change or anomaly converts without the offset (3.6 °F for 2.0 °C)
                delta = _registry().Quantity(value, f"delta_{said.physical}").to(f"delta_{fact.physical}")
                return (q / fact.scale, delta.magnitude / fact.scale), True
            return (q / fact.scale,), True
    elif said.physical is not None and (fact.share is not None or fact.currency is not None or fact.scaled):
        return (), True
    if fact.currency is not None and said.currency not in (None, fact.currency):
        return (), True
    if said.share is not None and not said.scaled and fact.currency is not None:
        return (), True  # judge29: "fell by 6.00 percentage points" for 6.00 billion USD
    if (
        fact.currency is not None
        and fact.scaled
        and said.currency is not None
        and _unscaled_sign(found, text)
    ):
        return (
            value / fact.scale,
        ), True  # judge29: "$0.189" is no 0.189 billion USD; "$700,000" is 0.7 million
    if said.noun and (fact.currency is not None or fact.physical is not None):
        return (), True  # judge14: "327 million people" for 327 million USD
    if fact.noun and (said.currency is not None or (fact.plain and said.physical is not None)):
        return (), True  # "17.8 thousand USD" for 17.8 thousand people; judge12: "429 km²" for 429 districts
    if fact.noun and said.share == "pct" and found.percent:
        return (), True  # judge10: "30.5 per cent" for 30.5 index points
    if fact.noun and _share_of_whole(said, text[found.end : found.end + 24]):
        return (), True  # judge31: "333 basis points" for 333 districts
    if fact.share is not None and (said.scaled or said.share == "pm"):
        return ((value / 10,), True) if said.share == "pm" and fact.share == "pct" else ((), True)
    if fact.share in ("pct", "pp") and said.share == "bp":
        return (value / 100,), True
    if fact.scaled and said.scaled:
        return (value * said.scale / fact.scale,), True
    if fact.scaled and found.scale_word == "k" and said.physical is None and said.share is None:
        return (value * 1e3 / fact.scale,), True  # judge24: "1.36 k" for 1.36 million is 1.36 thousand
    if not fact.scaled and fact.bare and found.scale_word == "k" and said.bare:
        return (value * 1e3,), True  # judge32: "32.93 k branches" for 32.93 branches is thousands
    if said.scaled and fact.share is None and fact.physical is None:
        return (value * said.scale / fact.scale,), True  # "431 thousand applicants" is no 431
    if fact.scaled and fact.noun_word and said.bare and not found.scale_word and _own_noun(fact, text, found):
        return (value / fact.scale,), True  # judge21: "15.79 people" is no 15.79 thousand people
    if fact.share == "pct" and said.share == "pp":
        # judge14: "96.3 percentage points" for 96.3% of the target; judge29: for any percent
        return (), True
    if fact.share == "pp" and said.share == "pct" and _relative_percent(fact, found, text):
        return (), True  # judge14: "a relative change of 2.5%", "0.5% above" for points
    if fact.share in ("pct", "pp") and found.percent:
        return found.readings[:1], False  # "1,008%" is no 10.08%
    if fact.share in ("pct", "pp") and said.bare and _fraction(found):
        return (*found.readings, value * 100), False  # 0.057 as a fraction is 5.7%
    return found.readings, False


#: judge14: a percent sign read as points ("6.0%p", "2.2%포인트", "9.6 per cent points")
_POINTS_AFTER = re.compile(r"(?:p\b|포인트|퍼센트포인트|\s?-?\s?points?\b|-?punkte\b)", re.IGNORECASE)
#: a percent the answer itself calls relative, or a share of another value
_RELATIVE_BEFORE = re.compile(
    r"\brelative(?:\s+(?:change|difference|gap|increase|decrease|rise|fall|drop))?\s+(?:of|by)?\s*[-−+]?$",
    re.IGNORECASE,
)
_RELATIVE_AFTER = re.compile(r"\s*(?:of\s+(?:the|its)\b|in\s+relative\s+terms|relative\b)", re.IGNORECASE)
#: a percent written as the change of a quantity ("0.5% above the average", "rose by 2%")
_CHANGE_AFTER = re.compile(r"\s*(?:above|below|higher|lower|more|less|over|under|up|down)\b", re.IGNORECASE)
_CHANGE_BEFORE = re.compile(
    r"\b(?:by|change\s+of|increase\s+of|decrease\s+of|rise\s+of|fall\s+of|drop\s+of)\s*[-−+]?$", re.IGNORECASE
)


def _relative_percent(fact: UnitOf, found: FoundNumber, text: str) -> bool:
    """A percent written for a fact in percentage points is a relative change: the answer says
    so (``relative change of 2.5%``, ``2.4% of the target``), or the fact's quantity is itself in
    points and the percent is its change (``0.5% above the average``: 0.5% of the average)."""
    before, after = text[max(0, found.start - 32) : found.start], text[found.end : found.end + 24]
    if _RELATIVE_BEFORE.search(before) or _RELATIVE_AFTER.match(after):
        return True
    return fact.own_points and bool(_CHANGE_AFTER.match(after) or _CHANGE_BEFORE.search(before))


_RELATIVE_FACT = re.compile(
    r"(?:\b(?:change|difference|growth|increase|decrease|rise|fall|decline|drop)\s+(?:of|by)\s*[-−+]?$)",
    re.IGNORECASE,
)


def share_sense(unit: UnitOf, text: str, reference: str) -> UnitOf:
    """``unit`` of the fact printed ``text`` with what the reference says of its share: a
    relative change or a share of something (``a change of -87.5%``, ``96.3% of the target``),
    or percentage points with no percentage in the reference (the quantity is in points)."""
    if unit.share == "pp":
        return replace(unit, own_points=not re.search(r"%|\bper\s?cent\b", reference, re.IGNORECASE))
    if unit.share != "pct" or not text:
        return unit
    for m in re.finditer(rf"(?<![\d.,]){re.escape(text)}\s*%", reference):
        if _RELATIVE_FACT.search(reference[max(0, m.start() - 40) : m.start()]) or re.match(
            r"\s+of\b", reference[m.end() :]
        ):
            return replace(unit, relative=True)
    return unit


def _fraction(found: FoundNumber) -> bool:
    """A bare number below one written to three or more decimals (``0.057``): a share as a fraction."""
    return bool(re.fullmatch(r"[-−]?0?[.,]\d{3,}", found.text))


def is_unit_word(word: str) -> bool:
    """``word`` is a unit or scale abbreviation (``Mha``, ``GW``, ``km²``), not a name."""
    return bool(_PHYSICAL.fullmatch(word.strip())) and _pint_unit(word.strip()) is not None


def unit_of_word(word: str) -> pint.Unit | None:
    """The physical unit a unit word names ("h" and "hours" name one), or None for another word."""
    return _pint_unit(word.strip()) if is_unit_word(word) else None


_PREFIXES = ("k", "M", "G", "T", "m", "µ", "μ", "c", "n")
_TOKEN = re.compile(r"\s?([A-Za-zµμ][\w₂₃²³µμ/]*)")


def _decompositions(token: str) -> set[tuple[str, str]]:
    out = {("", token)}
    for p in _PREFIXES:
        rest = token[len(p) :]
        if (
            token.startswith(p)
            and rest[:1].isalpha()
            and (len(rest) <= 3 or not rest.isalpha() or not rest.islower())
        ):
            out.add((p, rest))
    return out


def prefix_mismatch(fact_unit: str, found: FoundNumber, text: str) -> bool:
    """The unit written after ``found`` is the fact's unit with another SI prefix (``534
    kgCO₂`` for 534 gCO₂, ``12 GW`` for 12 MW): the value's scale is wrong."""
    mine = _TOKEN.match(unicodedata.normalize("NFKC", text[found.end : found.end + 24]))
    unit = unicodedata.normalize("NFKC", fact_unit).split()[0] if fact_unit.split() else ""
    if mine is None or not unit or mine.group(1) == unit:
        return False
    said = _decompositions(mine.group(1))
    return any(r == rest and p != prefix for prefix, rest in _decompositions(unit) for p, r in said)
