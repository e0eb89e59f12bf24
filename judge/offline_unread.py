"""judge21: what an answer binds to a number, or an answer in another language to the asked
slot, in words the judge does not read, so its reading is not sure however many facts it found.

:func:`judge.certainty.read_in_full` drops the language doubt of an answer whose every fact
was read; held-out v20's certain false passes in other languages were answers whose facts were
all found while a scale word bound to a number ("8,49 тыс." for 8.49 million) or the direction
the reference asks about ("no alcanza el marcador") went unread. The doubt here
(:data:`UNREAD_BINDING`) is narrow (the whole-language doubt cost the certain share on six
sets): only

* a number followed by an abbreviated word (``хил.``, ``ч.``, ``р.``) or a CJK numeral (``百``)
  that the number and unit tables (:mod:`judge.numbers`, :mod:`judge.quantities`) do not read
  as its scale, percent or unit; a year is no amount, so ``2015 г.`` is none; or
* in an answer in another language: a question that asks for a side, direction or verdict, a
  reference that states one pole of that family (rose or fell, above or below, matches or
  contradicts; :data:`judge.claims.POLES`), and an answer with no word of the family after the
  gloss (:mod:`judge.foreign`): the asked side is said, if at all, in words not read.
"""

from __future__ import annotations

import re

from judge import claims
from judge.numbers import find_numbers
from judge.quantities import is_unit_word

#: a word of at most five letters ended by a dot right after a number: an abbreviation when the
#: statement goes on after it ("8,49 тыс. человек") or it is in another script ("8,49 тыс.")
_ABBREVIATION = re.compile(r"[ \u00a0\u202f]?([^\W\d_]{1,5})\.(?![^\W\d_])(?P<on>\s+[^\W\d_A-Z])?")
#: CJK numerals after digits that the scale table leaves out (百 and 十 alone: no scale the
#: tables read; 百万, 十亿 and 十億 are read)
_CJK_UNREAD = re.compile(r"[ \u00a0]?[百十]")
#: abbreviations that name no amount's unit or scale ("z.B.", "etc.", "ca.", "approx.", "pp.")
_NOT_A_UNIT = frozenset(
    {"ca", "bzw", "usw", "etc", "approx", "vs", "z", "d", "u", "e", "i", "v", "al", "pp", "p", "pt", "pts"}
    | {"h", "hrs", "min", "sec", "yr", "yrs", "mos", "wks", "no", "nr"}  # units the tables read in words
)
#: the words by which a question asks for a side, direction or verdict (the asked slot)
_ASKED = {
    "side": r"reach\w*|above|below|higher|lower|exceed\w*|short|beat\w*|over|under|which\s+side|ahead",
    "direction": r"ris\w*|rose|fall\w*|fell|increas\w*|decreas\w*|direction|trend\w*|went\s+(?:up|down)"
    r"|move\w*",
    "verdict": r"bear\w*\s+out|borne\s+out|match\w*|consistent|confirm\w*|agree\w*|support\w*|line\s+up"
    r"|in\s+line",
}


def unread_scale(text: str) -> bool:
    """``text`` binds a number to an abbreviation or CJK numeral the number tables do not read."""
    for found in find_numbers(text):
        value = found.readings[0]
        if found.scale_word or found.percent or (value.is_integer() and 1900 <= abs(value) <= 2100):
            continue
        m = _ABBREVIATION.match(text, found.end)
        if m is None or not (m["on"] or not m.group(1).isascii()):
            pass
        elif m.group(1).lower() not in _NOT_A_UNIT and not is_unit_word(m.group(1)):
            return True
        if _CJK_UNREAD.match(text, found.end):
            return True
    return False


def unread_pole(glossed: str, question: str, reference: str) -> bool:
    """The question asks for a side, direction or verdict, the reference states one pole of
    it, and ``glossed`` (the answer after the gloss) says no word of that family at all."""
    for family, poles in claims.POLES.items():
        if family not in _ASKED or not re.search(rf"\b(?:{_ASKED[family]})\b", question, re.IGNORECASE):
            continue
        said = [
            pole
            for pole in poles
            if claims.find_all(claims.pole_pattern(family, pole, strong_only=True), reference)
        ]
        if len(said) != 1:
            continue
        if not any(
            claims.find_all(claims.pole_pattern(family, p, strong_only=False), glossed) for p in poles
        ):
            return True
    return False


UNREAD_BINDING = "a scale or the asked side is said in words the judge does not read"


def unread_binding(original: str, glossed: str, item: tuple[str, str], foreign: bool) -> bool:
    """The answer binds a number to a scale word not read, or (``foreign``: an answer in another
    language) says the asked side or direction in words not read; ``item``: question, reference."""
    return unread_scale(original) or (foreign and unread_pole(glossed, *item))
