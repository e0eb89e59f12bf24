"""The two sides of a ratio (judge25 round, ``offline-claims-v24``): "A is 2.17 times B" says A is
the larger. An answer that gives the ratio's value right but puts the reference's two sides the
other way round ("B is 2.17 times A") claims the inverse ratio: it contradicts the ratio fact
(held-out v24: swapped, a certain false pass). Each side is known by the words only it has in
the reference's sentence ("12–14" against "10–12"); the sides are read up to the first bracket,
colon, comma or "versus" after "times", and an inverse ("times smaller", "times fewer") is left
alone.
"""

from __future__ import annotations

import re

from judge.offline_checks import _Verdict
from judge.offline_facts import _Fact

_SENTENCE = re.compile(r"[^.;!?\n]+(?:\.(?=\d)[^.;!?\n]*)*")
_TIMES = re.compile(r"\btimes\b(?!\s+(?:smaller|less|lower|fewer|shorter|below))|×", re.IGNORECASE)
_OBJECT_END = re.compile(r"[(:,;]|\b(?:versus|vs\.?|against|compared|while|whereas|and)\b", re.IGNORECASE)
_TOKEN = re.compile(r"\d+(?:[.,]\d+)+|[^\W_](?:[\w–-]*[^\W_])?")
#: a number that names no side (the ratio's value, a count); a year may name one
_VALUE = re.compile(r"(?!(?:19|20)\d\d$)\d+(?:[.,]\d+)*")
_EMPTY = frozenset(
    re.findall(
        r"\w+",
        "the a an is was are were be about roughly around approximately nearly almost some just over under "
        "of that as large big high much many its their this it than",
    )
)


def _sides(sentence: str) -> tuple[set[str], set[str]] | None:
    """The words before a sentence's "times" and those of its object after it."""
    m = _TIMES.search(sentence)
    if m is None:
        return None
    rest = sentence[m.end() :]
    end = _OBJECT_END.search(rest)
    right = rest[: end.start()] if end else rest
    return _words(sentence[: m.start()]), _words(right)


def _words(text: str) -> set[str]:
    return {w.lower() for w in _TOKEN.findall(text) if not _VALUE.fullmatch(w)} - _EMPTY


def _first_sides(text: str) -> tuple[set[str], set[str]] | None:
    for m in _SENTENCE.finditer(text):
        sides = _sides(m.group(0))
        if sides is not None:
            return sides
    return None


def ratio_swapped(answer: str, reference: str) -> bool:
    """The answer's first "times" sentence names, before "times", only words of the reference's
    object and, after it, only words of the reference's subject."""
    ref, mine = _first_sides(reference), _first_sides(answer)
    if ref is None or mine is None:
        return False
    left, right = ref[0] - ref[1], ref[1] - ref[0]
    if not left or not right:
        return False
    said_left, said_right = mine
    return bool(said_left & right and said_right & left) and not (said_left & left or said_right & right)


def ratio_roles_contradicted(
    facts: list[_Fact], verdicts: list[_Verdict], answer: str, reference: str
) -> list[_Verdict]:
    """``verdicts`` with each matched number fact the reference writes in its "times" sentence
    contradicted, where :func:`ratio_swapped` finds the sides swapped."""
    if not ratio_swapped(answer, reference):
        return verdicts
    times = next((m.group(0) for m in _SENTENCE.finditer(reference) if _TIMES.search(m.group(0))), "")
    return [
        _Verdict(False, "says the ratio's two sides the other way round")
        if f.kind == "number" and v.hit and f.text in times.split("times")[0]
        else v
        for f, v in zip(facts, verdicts, strict=True)
    ]
