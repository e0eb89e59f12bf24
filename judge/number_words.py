"""Numbers written as words, read as digits: "forty-two point five percent" → "42.5 percent",
"zweiundvierzig Komma fünf Prozent" → "42,5 Prozent", "twenty-eight million people" → "28
million people", "eleven and a half nights" → "11.5 nights".

The words are converted by ``text2num``'s ``alpha2digit`` in the answer's language (English,
German, French, Spanish, Portuguese, Italian, Dutch and Danish: the Latin-script languages the
judge reads; :func:`latin_language` guesses which from its function words). What the judge
reads differently from ``alpha2digit`` is kept as written:

* a scale word that ends a number stays a word ("12.3 million", "22,7 mil millones"), so the
  judge reads it as a scale (:mod:`judge.quantities`) rather than as a factor ``1000000``;
* ordinals ("second", "fifth-generation", "segundo") are no values;
* an isolated "one", "two" (articles: "un", "una") is a value only before a unit or share word
  ("one percentage point");
* words the question or reference itself writes ("aged sixty to sixty-four") are names, not values.

English halves and quarters after a number ("eleven and a half", "one and a quarter") and
"half a/an" are read as decimals; other fractions are not read.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from text_to_num import alpha2digit

#: languages alpha2digit reads
LANGUAGES = ("en", "de", "fr", "es", "pt", "it", "nl", "da")
#: function words that tell the Latin-script languages apart (a language guess, no numbers)
_FUNCTION_WORDS = {
    "de": "der die das den dem des und ist nicht ein eine einer von mit für auf im bei liegt zu wird als",
    "fr": "le la les et est une des du au aux dans pour avec sur pas qui ce cette selon entre",
    "es": "el los las y es una del por para con en que según entre como se muestra",
    "pt": "o os as e é um uma do da dos das em com para não que no na ao pela pelo entre",
    "it": "il lo gli e è un una della del delle per con che nel nella dal alla tra sono",
    "nl": "de het een en is van niet op met voor dat die zijn wordt",
    "da": "og er ikke en et af på med til det den som var",
}
_WORDS = {lang: frozenset(words.split()) for lang, words in _FUNCTION_WORDS.items()}
_WORD = re.compile(r"[^\W\d_]+")
_TOKEN = re.compile(r"[^\W_]+|\s+|[^\w\s]|_")
_SCALES = frozenset({"1000", "1000000", "1000000000", "1000000000000"})
_ORDINAL = re.compile(r"\d[^\W\d_]|\d\s*[ºª°]")
_MASK = "Qzqscaleqzq"
_SMALL = 3  # isolated integers below this are values only before a unit word
_SHARE_TEXT = (
    "percent per cent percentage percentage-point pp point points prozent prozentpunkte prozentpunkt"
    " pourcent pourcentage punto puntos ponto pontos por porcentaje percentuale"
)
_SHARE_WORDS = frozenset(_SHARE_TEXT.split())
_HALF = re.compile(
    r"\b(\d+)\s+and\s+(?:a\s+)?(half|quarter|three[\s-]quarters)\b|\b(one|a)\s+and\s+(?:a\s+)?(half|quarter)\b"
    r"|\bhalf\s+(?:a|an)\b(?=\s+[^\W\d_])",
    re.IGNORECASE,
)
_PIECES = re.compile(r"((?<=[.;!?\n])\s+)")
_FRACTIONS = {"half": ".5", "quarter": ".25", "three quarters": ".75", "three-quarters": ".75"}


def latin_language(text: str) -> str | None:
    """The language among :data:`LANGUAGES` (other than English) whose function words ``text``
    uses most, or None when none is used twice."""
    words = [w.lower() for w in _WORD.findall(text)]
    counts = {lang: sum(w in vocabulary for w in words) for lang, vocabulary in _WORDS.items()}
    best = max(counts, key=lambda lang: counts[lang])
    return best if counts[best] >= 2 else None


def words_language(text: str) -> str | None:
    """For a short answer with too few function words ("Cuatrocientos treinta y un
    solicitantes."): the language other than English whose number words it writes most."""
    words = [w for w in _WORD.findall(text) if len(w) > 3]
    counts = {
        lang: sum(_word_digits(w.lower(), lang) is not None for w in words)
        for lang in LANGUAGES
        if lang != "en"
    }
    best = max(counts, key=lambda lang: counts[lang])
    return best if counts[best] >= 2 and list(counts.values()).count(counts[best]) == 1 else None


@functools.lru_cache(maxsize=4096)
def _word_digits(word: str, lang: str) -> str | None:
    """What ``word`` alone converts to, or None when it is no number word."""
    out = alpha2digit(word, lang, threshold=0)
    return None if out == word else out


def _is_number_word(token: str, lang: str) -> bool:
    return token[:1].isalpha() and _word_digits(token, lang) is not None


def _is_scale(token: str, lang: str) -> bool:
    return token[:1].isalpha() and _word_digits(token, lang) in _SCALES


def _next_word(tokens: list[str], i: int) -> tuple[int, str]:
    """The index and text of the next word token after ``i`` (hyphens and spaces skipped)."""
    for j in range(i + 1, len(tokens)):
        if tokens[j][:1].isalnum():
            return j, tokens[j]
        if tokens[j] not in ("-", "‐") and not tokens[j].isspace():
            break
    return len(tokens), ""


def _ends_number(tokens: list[str], i: int, lang: str) -> bool:
    """The scale word at ``i`` ends its number: no other number word (but a scale) follows it,
    directly or after a short connector ("thousand and five")."""
    j, word = _next_word(tokens, i)
    if word and not _is_number_word(word, lang) and len(word) <= 3:
        j, word = _next_word(tokens, j)
    return not word or not _is_number_word(word, lang) or _is_scale(word, lang)


_PER_CENT = re.compile(r"\s+(?:por|per|pour)\s+(?:ciento|cento|cent)\b", re.IGNORECASE)


def digits(text: str, lang: str = "en", keep: str = "", units: Iterable[str] = ()) -> str:
    """``text`` with the numbers it writes in words (in ``lang``) written in digits (see the
    module docstring); ``keep`` is the question and reference, whose own number words stay."""
    if lang not in LANGUAGES:
        return text
    text = _PER_CENT.sub(" %", text)  # "por ciento" is no hundred
    out = []
    for piece in _PIECES.split(text):  # a number is written within one sentence: small diffs
        if alpha2digit(piece, lang, threshold=0) != piece:
            piece = _converted(piece, lang, keep, units)
            piece = _MINUS.sub(_signed, piece) if lang == "en" else piece
        out.append(_halves(piece) if lang == "en" else piece)
    return "".join(out)


#: "minus one point four percent" is -1.4% (judge12), unless it is an operation ("6 minus 2")
_MINUS = re.compile(r"\bminus\s+(?=\d)", re.IGNORECASE)


def _signed(m: re.Match[str]) -> str:
    before = m.string[: m.start()].rstrip()
    return m.group(0) if before[-1:].isdigit() or before[-1:] in "%)" else "-"


def _converted(text: str, lang: str, keep: str, units: Iterable[str]) -> str:
    tokens = _TOKEN.findall(text)
    masked, scales = [], []
    for i, token in enumerate(tokens):
        if _is_scale(token, lang) and _ends_number(tokens, i, lang):
            scales.append(token)
            masked.append(_MASK)
        else:
            masked.append(token)
    converted = _TOKEN.findall(alpha2digit("".join(masked), lang, threshold=0))
    keep_lower = keep.lower()
    unit_words = {u.lower() for u in units} | _SHARE_WORDS
    out: list[str] = []
    i = 0
    for i1, i2, j1, j2 in _replacements(masked, converted):
        out += masked[i:i1]
        new = converted[j1:j2]
        out += new if _accepted(masked, i1, i2, new, keep_lower, unit_words) else masked[i1:i2]
        i = i2
    out += masked[i:]
    words = iter(scales)
    return "".join(next(words) if token == _MASK else token for token in out)


_SYNC = 3  # tokens that must agree again after a replacement
_REACH = 48  # the most tokens one replacement spans (old and new together)


def _replacements(old: list[str], new: list[str]) -> list[tuple[int, int, int, int]]:
    """The runs ``old[i1:i2]`` that ``alpha2digit`` rewrote as ``new[j1:j2]``, in order: the
    two token lists agree elsewhere, so each run ends where ``_SYNC`` tokens agree again (linear,
    unlike a general diff, on long answers)."""
    out = []
    i = j = 0
    while i < len(old) and j < len(new):
        if old[i] == new[j]:
            i, j = i + 1, j + 1
            continue
        end = _resync(old, new, i, j)
        if end is None:
            out.append((i, len(old), j, len(new)))
            return out
        out.append((i, end[0], j, end[1]))
        i, j = end
    if i < len(old) or j < len(new):
        out.append((i, len(old), j, len(new)))
    return out


def _resync(old: list[str], new: list[str], i: int, j: int) -> tuple[int, int] | None:
    for d in range(1, _REACH):
        for a in range(d, -1, -1):
            b = d - a
            x, y = i + a, j + b
            if x > len(old) or y > len(new):
                continue
            if old[x : x + _SYNC] == new[y : y + _SYNC] and (x < len(old) or y == len(new)):
                return x, y
    return None


def _accepted(old: list[str], i1: int, i2: int, new: list[str], keep: str, units: set[str]) -> bool:
    """A replacement of ``old[i1:i2]`` by ``new`` is a number the judge should read."""
    said = "".join(old[i1:i2]).strip()
    written = "".join(new).strip()
    if not said or not any(t[:1].isalpha() and t != _MASK for t in old[i1:i2]):
        return False  # digits with a scale word ("3.4 million"): already read
    if _ORDINAL.search(written) or _ORDINAL.search("".join(new) + "".join(old[i2 : i2 + 1])):
        return False
    if re.search(rf"(?<![^\W\d_]){re.escape(said.lower())}(?![^\W\d_])", keep):
        return False
    if re.fullmatch(r"\d+", written) and int(written) < _SMALL:
        _, after = _next_word(old, i2 - 1)
        return after.lower() in units
    return True


def _halves(text: str) -> str:
    def one(m: re.Match[str]) -> str:
        if m.group(1):
            return m.group(1) + _FRACTIONS[m.group(2).lower().replace("-", " ")]
        if m.group(3):
            return "1" + _FRACTIONS[m.group(4).lower()]
        return "0.5"

    return _HALF.sub(one, text)
