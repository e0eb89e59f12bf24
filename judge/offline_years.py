"""judge21: a value bound to a year or period the item does not name is wrong, never missing.

A number fact the answer states right is contradicted when every statement of it binds it to a
year the item does not name while the reference dates its values. The item names a year its
question or reference states outside quoted titles (a chart title's "2010–2017" is no period
anyone asks about), and every year inside the reference's span. The bindings:

* a period with one end the item names and the other it does not ("grew by 0.007 million
  people from 2010 to 2017" when the reference's period is 2010 to 2016; "over 2013–2018");
* the value itself dated to such a year ("0.974 billion USD in 2012" for the 2014 value).

A statement that names a title, or quotes one, binds no value. A year the item names
elsewhere is the business of the other year checks (:mod:`judge.offline_checks`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from judge.offline_facts import _number_hits, _Text

if TYPE_CHECKING:
    from judge.offline_checks import _Verdict
    from judge.offline_facts import _Fact

_YEAR = r"(?:19|20)\d\d"
_YEARS = re.compile(rf"(?<![\d.,]){_YEAR}(?![\d]|[.,]\d)")
#: a period: "from 2010 to 2017", "between 2010 and 2017", "2010–2017", "2010-17" is left out
_PERIOD = re.compile(
    rf"(?:\bbetween\s+(?P<a>{_YEAR})\s+and\s+(?P<b>{_YEAR})"
    rf"|(?<![\d.,])(?P<c>{_YEAR})\s*(?:to|until|through|till|[-–—‒]|→)\s*(?P<d>{_YEAR}))(?!\d)",
    re.IGNORECASE,
)
#: the value dated: "0.974 billion USD in 2012", "61.3% (2015)", "… for 2012"
_DATED_AFTER = re.compile(
    rf"^\s*(?:[^\W\d_]+\s+){{0,3}}(?:in|for|of|\()\s*(?P<y>{_YEAR})(?!\d)", re.IGNORECASE
)
_QUOTED = re.compile(
    r"(?<![^\W\d_])'[^'\n]*'(?![^\W\d_])|\"[^\"\n]*\"|‘[^’\n]*’|“[^”\n]*”|«[^»\n]*»|「[^」\n]*」"
)
_TITLE = re.compile(r"\btitle[ds]?\b|\bcovers\b|\bruns\b|\bspans?\b", re.IGNORECASE)
_SENTENCE = re.compile(r"[;:!?\n]|\.(?=\s|$)")  # a statement ends (a colon ends a list's header)


def _sentence(text: str, at: int) -> tuple[int, int]:
    starts = [m.end() for m in _SENTENCE.finditer(text, 0, at)]
    end = _SENTENCE.search(text, at)
    return (starts[-1] if starts else 0), (end.start() if end else len(text))


def _unquoted(text: str) -> str:
    """``text`` with quoted passages blanked (same length, so offsets hold)."""
    return _QUOTED.sub(lambda m: " " * len(m.group(0)), text)


def _unnamed_binding(text: str, at: int, end: int, named: set[str]) -> str | None:
    """The year the item does not name that the statement around ``text[at:end]`` binds its
    value to, or None."""
    a, b = _sentence(text, at)
    sentence = _unquoted(text[a:b])
    if _TITLE.search(sentence):
        return None
    for m in _PERIOD.finditer(sentence):
        ends = {m["a"] or m["c"], m["b"] or m["d"]}
        unnamed = ends - named
        if len(unnamed) == 1 and ends & named:
            return unnamed.pop()
    dated = _DATED_AFTER.match(_unquoted(text[end : end + 40]))
    if dated and dated["y"] not in named:
        return dated["y"]
    return None


def unnamed_years(
    facts: list[_Fact], verdicts: list[_Verdict], text: _Text, question: str, reference: str
) -> list[_Verdict]:
    """``verdicts`` with a number fact whose every statement binds it to a year the item does
    not name contradicted (quoted titles are no part of either)."""
    question, reference = _unquoted(question), _unquoted(reference)
    dated = [int(y) for y in _YEARS.findall(reference)]
    if not dated:
        return verdicts
    # the item names a year when its question or reference does (titles dropped), or when the
    # year lies inside the reference's span (2022 of "over 2021 to 2023")
    named = set(_YEARS.findall(question)) | {str(y) for y in range(min(dated), max(dated) + 1)}
    out = list(verdicts)
    for i, (fact, verdict) in enumerate(zip(facts, verdicts, strict=True)):
        if fact.kind != "number" or not verdict.hit or 1900 <= fact.targets[0][0] <= 2100:
            continue
        years = [_unnamed_binding(text.text, s.start, s.end, named) for _, s in _number_hits(fact, text)]
        if years and all(years):  # every statement of the value binds it to such a year
            out[i] = replace(verdict, hit=False, why=f"is bound to {years[0]}, a year the item does not name")
    return out
