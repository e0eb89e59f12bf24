"""Other names of the countries an item names (judge7 round, ``offline-claims-v7``).

An answer may name the asked country otherwise than the question and reference do: a short
form or an older name ("DRC" for DR Congo, "Ivory Coast" for Côte d'Ivoire, "Turkey" for
Türkiye) or a translation ("Spanien", "Pays-Bas", "Нидерланды", "オランダ"). Such a name is
the entity, so :func:`canonical` writes it as the question and reference spell it before the
answer is read; a name of another country stays what it is (a wrong entity).

The names come from well-kept data, never a hand list: ``country_converter``'s table (short
and official names, and its regular expression of each country's name forms) and ``pycountry``
(ISO 3166 names, common and official, and their translations in the languages the judge reads).
Both packages are read lazily from their data files; without them no name is rewritten.
"""

from __future__ import annotations

import csv
import functools
import gettext
import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

#: The languages whose country names are read (those :mod:`judge.foreign` glosses, and more).
LANGUAGES = ("de", "fr", "es", "it", "pt", "nl", "ru", "ja", "zh_CN", "zh_TW", "ko", "ar", "hi", "pl", "tr")
_CAPITALISED_RUN = re.compile(
    r"(?<![\w'’])(?:[A-Z][\w'’.-]*|d['’]\w+)(?:\s+(?:of\s+the\s+|of\s+|the\s+|and\s+|d['’]|de\s+|du\s+)?[A-Z][\w'’.-]*)*"
)


@dataclass(frozen=True)
class _Country:
    iso3: str
    iso2: str
    short: str  # the converter's short English name
    english: frozenset[str]  # names in English (short, official, ISO, common)
    pattern: re.Pattern[str] | None  # country_converter's regular expression of its name forms
    translated: frozenset[str]  # ISO names in other languages


def _package_dir(package: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _uninverted(name: str) -> set[str]:
    """``name`` and, for an inverted ISO name ("Congo, The Democratic Republic of the"), its
    reading order ("The Democratic Republic of the Congo")."""
    out = {name}
    if ", " in name:
        head, tail = name.split(", ", 1)
        out.add(f"{tail} {head}")
    return {n.strip() for n in out if len(n.strip()) >= (3 if n.isascii() else 2)}


@functools.cache
def countries() -> tuple[_Country, ...]:
    """Every country of ``country_converter``'s table with its names (empty without the data)."""
    coco = _package_dir("country_converter")
    if coco is None:
        return ()
    try:
        import pycountry
    except ImportError:  # pragma: no cover - both come with the judge's dependencies
        return ()
    with (coco / "country_data.tsv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    translations = [_translation(pycountry.LOCALES_DIR, lang) for lang in LANGUAGES]
    out = []
    for row in rows:
        english = {row["name_short"], row["name_official"]}
        iso = pycountry.countries.get(alpha_3=row["ISO3"])
        keys = ("name", "common_name", "official_name")
        iso_names = [getattr(iso, key, None) for key in keys] if iso else []
        english |= {n for n in iso_names if n}
        translated: set[str] = set()
        for tr in translations:
            for n in iso_names:
                if n and tr is not None and tr.gettext(n) != n:
                    translated |= _uninverted(tr.gettext(n))
        try:
            pattern = re.compile(row["regex"], re.IGNORECASE) if row["regex"] else None
        except re.error:  # pragma: no cover - the table's expressions compile
            pattern = None
        names = set().union(*(_uninverted(n) for n in english if n))
        short = row["name_short"]
        out.append(
            _Country(
                row["ISO3"], row["ISO2"], short, frozenset(names), pattern, frozenset(translated - names)
            )
        )
    return tuple(out)


def _translation(directory: str, lang: str) -> gettext.NullTranslations | None:
    try:
        return gettext.translation("iso3166-1", directory, languages=[lang])
    except OSError:
        return None


@functools.cache
def _english_index() -> tuple[re.Pattern[str] | None, dict[str, int]]:
    """One pattern of every English country name (longest first) and each name's country."""
    index: dict[str, int] = {}
    for i, c in enumerate(countries()):
        for name in c.english:
            index.setdefault(name.lower(), i)
    if not index:
        return None, index
    names = sorted(index, key=len, reverse=True)
    body = "|".join(re.escape(n) for n in names)
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.IGNORECASE), index


def named(text: str) -> dict[int, str]:
    """The countries ``text`` names in English, each with the spelling it first uses."""
    pattern, index = _english_index()
    out: dict[int, str] = {}
    if pattern is None:
        return out
    for m in pattern.finditer(text):
        if m.group(0)[:1].isupper():
            out.setdefault(index[m.group(0).lower()], m.group(0))
    return out


def _variant_pattern(name: str) -> str:
    """A name on word boundaries; a Latin or Cyrillic one of five or more letters may carry an
    inflection ("den Niederlanden", "Германии"); a CJK one stands anywhere."""
    body = re.escape(name)
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", name):
        return body
    if len(name) >= 5 and re.search(r"[A-Za-zÀ-ÿЀ-ӿ]$", name):
        body = re.escape(name[:-1]) + rf"(?:{re.escape(name[-1])}\w{{0,2}}|\w{{0,2}})"
    return rf"(?<![\w-]){body}(?![\w-])"


@functools.lru_cache(maxsize=2048)
def _known(question: str, reference: str) -> tuple[tuple[int, str, re.Pattern[str] | None], ...]:
    """The countries the question or reference names: each one's spelling there and one pattern
    of its other names (an item's many answers share it)."""
    known = named(f"{question}\n{reference}")
    spellings = {s.lower() for s in known.values()}
    out = []
    for i, spelling in known.items():
        country = countries()[i]
        others = sorted((country.english | country.translated) - {spelling}, key=len, reverse=True)
        others = [n for n in others if n.lower() not in spellings and n.lower() not in question.lower()]
        body = "|".join(_variant_pattern(n) for n in others)
        out.append((i, spelling, re.compile(body, re.IGNORECASE) if body else None))
    return tuple(out)


def canonical(candidate: str, question: str, reference: str) -> str:
    """``candidate`` with other names of the countries the question or reference names written
    as they spell them ("The DRC is ahead of Ivory Coast" → "The DR Congo is ahead of Côte
    d'Ivoire"; "lag Spanien vorn" → "lag Spain vorn")."""
    known = _known(question, reference)
    if not known:
        return candidate
    table = countries()
    replacements: list[tuple[int, int, str]] = []
    for i, spelling, pattern in known:
        country = table[i]
        if pattern is not None:
            replacements += [(m.start(), m.end(), spelling) for m in pattern.finditer(candidate)]
        # its ISO codes: three capitals anywhere ("DEU"), two in brackets ("Nursing homes (DE)")
        codes = rf"(?<![\w-]){country.iso3}(?![\w-])|(?<=\(){country.iso2}(?=\))"
        replacements += [(m.start(), m.end(), spelling) for m in re.finditer(codes, candidate)]
        if country.pattern is not None:
            replacements += _regex_names(candidate, country.pattern, i, spelling, f"{question} {reference}")
    return _apply(candidate, replacements)


def _regex_names(
    candidate: str, pattern: re.Pattern[str], mine: int, spelling: str, known: str
) -> list[tuple[int, int, str]]:
    """Capitalised runs of ``candidate`` that ``country_converter``'s expression reads as the
    country, less leading words it needs not ("Die Ukraine" is "Die" and the name)."""
    out = []
    for start, run in (
        w for m in _CAPITALISED_RUN.finditer(candidate) for w in _windows(m.start(), m.group(0))
    ):
        if not pattern.search(run) or _names_another(run, mine):
            continue
        while " " in run and pattern.search(run.split(" ", 1)[1]):
            head, run = run.split(" ", 1)
            start += len(head) + 1
        if run.lower() == spelling.lower() or run.lower() in known.lower():
            continue
        out.append((start, start + len(run), spelling))
    return out


#: a name and the leading words it may carry span at most this many words; a longer capitalised
#: run is read in windows of this many words, each starting half a window after the last
_WINDOW = 16


def _windows(start: int, run: str) -> list[tuple[int, str]]:
    """``run`` (at ``start``) whole, or in overlapping windows where it is longer than
    :data:`_WINDOW` words: a run of thousands of capitalised words ("Ireland Ireland …") would
    otherwise be cut word by word, each cut searched again over the rest."""
    words = run.split(" ")
    if len(words) <= _WINDOW:
        return [(start, run)]
    offsets = [0]
    for word in words[:-1]:
        offsets.append(offsets[-1] + len(word) + 1)
    step = _WINDOW // 2
    return [
        (start + offsets[i], " ".join(words[i : i + _WINDOW]))
        for i in range(0, max(1, len(words) - step), step)
    ]


def _names_another(run: str, mine: int) -> bool:
    """``run`` holds an English name of another country ("Congo" next to "DR Congo")."""
    pattern, index = _english_index()
    if pattern is None:
        return False
    return any(index[m.group(0).lower()] != mine for m in pattern.finditer(run))


def _apply(text: str, replacements: list[tuple[int, int, str]]) -> str:
    out, at = [], 0
    for start, end, spelling in sorted(replacements, key=lambda r: (r[0], -r[1])):
        if start < at:
            continue  # overlaps an earlier replacement
        before = " " if start > 0 and (text[start - 1].isalnum()) else ""
        after = " " if end < len(text) and text[end].isalnum() else ""
        out += [text[at:start], before, spelling, after]
        at = end
    return "".join(out) + text[at:]


@functools.cache
def _translated_index() -> dict[str, str]:
    """Every country's name in the other languages (names two countries share left out) and
    each name's English short name."""
    owners: dict[str, set[int]] = {}
    for i, c in enumerate(countries()):
        for name in c.translated:
            owners.setdefault(name, set()).add(i)
    english = {n.lower() for c in countries() for n in c.english}
    return {
        name: countries()[next(iter(who))].short
        for name, who in owners.items()
        if len(who) == 1 and name.lower() not in english and (not name.isascii() or name[:1].isupper())
    }


@functools.cache
def _stems() -> dict[str, str]:
    """Each translated name of five or more letters by its stem (all but its last letter)."""
    return {name[:-1]: name for name in sorted(_translated_index(), key=len) if len(name) >= 5}


@functools.cache
def _by_first_character() -> dict[str, list[str]]:
    """The translated names in scripts written without spaces (CJK, kana, Hangul), longest first,
    by their first character."""
    out: dict[str, list[str]] = {}
    for name in sorted(_translated_index(), key=len, reverse=True):
        if _UNSPACED.match(name):
            out.setdefault(name[0], []).append(name)
    return out


_UNSPACED = re.compile("[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")
_LETTERS = re.compile(r"[^\W\d_]+")
_LONGEST = 6  # words in the longest name looked up


def _name_at(candidate: str, words: list[re.Match[str]], i: int) -> tuple[int, str] | None:
    """The longest translated name (or its stem with an ending) starting at word ``i``: the
    index of its last word and the name."""
    index, stems = _translated_index(), _stems()
    for j in range(min(len(words), i + _LONGEST) - 1, i - 1, -1):
        said = candidate[words[i].start() : words[j].end()]
        if said in index:
            return j, said
        for k in range(len(said) - 1, max(len(said) - 4, 3), -1):
            if j == i and said[:k] in stems:  # "Германии" for "Германия", "Niederlanden"
                return j, stems[said[:k]]
    return None


def in_english(candidate: str) -> str:
    """``candidate`` (an answer in another language) with every country's name in its language
    written in English ("l'Italia" → "l'Italy", "Германии" → "Germany"), so a country it names
    is read, right or wrong."""
    index = _translated_index()
    out: list[tuple[int, int, str]] = []
    words = list(_LETTERS.finditer(candidate))
    i = 0
    while i < len(words):
        found = None if _UNSPACED.match(words[i].group(0)) else _name_at(candidate, words, i)
        if found is not None:
            out.append((words[i].start(), words[found[0]].end(), index[found[1]]))
            i = found[0]
        i += 1
    for at, char in enumerate(candidate):
        for name in _by_first_character().get(char, []):
            if candidate.startswith(name, at) and not any(a <= at < b for a, b, _ in out):
                out.append((at, at + len(name), index[name]))
                break
    return _apply(candidate, out)
