"""Assertions the judge read but could not bind to a fact (judge23 round, ``offline-claims-v22``).

An answer that gets the asked values right may assert more: a chart's title, an axis label, a
source, another credited cause. A judge that reads only the asked facts passed such answers
while certain (held-out v22: misquoted_title, wrong_axis_label, extra_wrong_claim). Labellers
part on what such an error costs (v22 labels a misquoted title 2, v13-v21 label the same style
7-9, the rubric's "minor imprecision"), so the judge does not score it; it says it is unsure:

* :func:`unbound`: a quoted phrase with words the question and reference never use ("in 'Annual
  tree cover loss in Colombia, 2008–2016'" for the Venezuela chart, an axis "labelled 'Number of
  firms'" for a chart of districts, a source line);
* :func:`rival_cause`: a factor credited as the cause (``"the work of"``, ``"the main factor"``,
  ``"driven by"`` …) where the reference's factor is not named;

either leaves a pass uncertain (:data:`UNBOUND`), whatever score the asked facts give. The
judge25 round (``offline-claims-v24``) adds :func:`extra_claim`: a year, a rank among all items
("the highest of any country") or a coincidence of two events ("the same year the cold chains
were expanded") that the question and reference never state is a claim beyond the asked slot the
judge cannot check (held-out v24: extra_wrong_claim, certain false passes).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from judge import claims, offline_causes

if TYPE_CHECKING:
    from judge.offline_checks import _Verdict
    from judge.offline_facts import _Fact

#: the doubt an assertion the judge could not bind leaves
UNBOUND = "it asserts something the judge cannot bind to the reference"
#: a quoted phrase: double quotes or guillemets anywhere, single quotes not inside a word
_QUOTE = re.compile(
    r"[\"“«「『](?P<a>[^\"”»」』\n]{3,160})[\"”»」』]|(?<![\w'’])['‘](?P<b>[^'’\n]{3,160})['’](?![\w])"
)
_DASHES = str.maketrans({c: "-" for c in "–—−‐‑‒"})


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _words(text: str) -> set[str]:
    return {_stem(w) for w in claims.content_words(text.translate(_DASHES))}


def _quotes(text: str) -> list[str]:
    return [m["a"] or m["b"] for m in _QUOTE.finditer(text)]


#: words by which an answer credits a factor as the cause (what follows is the factor)
_CREDIT_AFTER = re.compile(
    r"\b(?:the\s+work\s+of|credit(?:s|ed)?(?:\s+it\s+to)?|put\s+down\s+to|attribut\w+\s+to|blam\w+\s+on"
    r"|driven\s+by|due\s+to|because\s+of|thanks\s+to|caused\s+by|owing\s+to)\b",
    re.IGNORECASE,
)
#: "… X, which it names as the main factor": what comes before is the factor
_CREDIT_BEFORE = re.compile(
    r"\b(?:(?:the|its|a)\s+)?(?:main|chief|primary|principal|key|biggest|major|real)\s+"
    r"(?:factor|reason|cause|driver|explanation)\b",
    re.IGNORECASE,
)
#: where a clause ends; "which"/"that" clauses lean on the clause before them
_PIECES = re.compile(
    r"[.;:!?\n]|,\s*(?=and\b|but\b|while\b|whereas\b)|\b(?:and|but)\s+(?=it\b|the\s+report\b)"
)
_LEANS = re.compile(r"^\s*,?\s*(?:which|that|this|it\s+(?:names|calls|gives))\b", re.IGNORECASE)
#: words that name no factor of their own
_EMPTY = frozenset(
    {"it", "this", "that", "which", "they", "them", "these", "those", "report", "text", "itself"}
)


def _pieces(text: str) -> list[str]:
    out: list[str] = []
    for piece in _PIECES.split(text):
        for part in re.split(r",(?=\s*(?:which|that)\b)", piece):
            if out and _LEANS.match(part) and not re.search(r"[.;!?\n]\s*$", out[-1]):
                out[-1] += "," + part
            else:
                out.append(part)
    return [p for p in out if p.strip()]


def _rival_cause(piece: str, factor: set[str], known_effect: set[str]) -> bool:
    """``piece`` credits a cause and names, where the cause stands, words not of ``factor``."""
    named: set[str] = set()
    for m in _CREDIT_AFTER.finditer(piece):
        named |= _words(piece[m.end() :])
    for m in _CREDIT_BEFORE.finditer(piece):
        named |= _words(piece[: m.start()])
    named -= _EMPTY | known_effect
    return bool(named) and not named & factor


def rival_cause(
    facts: list[_Fact], verdicts: list[_Verdict], answer: str, question: str, reference: str
) -> bool:
    """A factor the answer matched is the reference's cause, and a clause of ``answer`` credits,
    where the cause stands, something else ("the fall was the work of the cruise cap itself")."""
    causes = [
        f
        for f, v in zip(facts, verdicts, strict=True)
        if f.kind == "label" and v.hit and "cause" in offline_causes.stated(reference, f)
    ]
    if not causes:
        return False
    factor = set().union(*(_words(n) for f in causes for n in (f.text, *f.names)))
    effect = _words(question) - factor
    return any(_rival_cause(piece, factor, effect) for piece in _pieces(answer))


def unbound(answer: str, question: str, reference: str, facts: list[_Fact]) -> bool:
    """A quoted phrase of ``answer`` with words the item never uses."""
    known = _words(f"{question} {reference} {' '.join(f.text for f in facts)}")
    return any(_words(q) - known for q in _quotes(claims.uncaptioned(answer)))


#: judge25: a year (no part of a number, a range's end or a decade)
_YEAR = re.compile(r"(?<![\d/-])(?<!\d[.,])(?:19|20)\d\d(?![\d%]|[.,]\d)(?!s\b)")
#: a rank among all the items ("the highest of any", "the lowest in the chart")
_RANK = re.compile(
    r"\b(?:highest|lowest|largest|smallest|biggest|greatest|fastest|slowest|steepest|sharpest|strongest"
    r"|weakest|best|worst|fewest)\b",
    re.IGNORECASE,
)
#: an item that ranks its items itself ("which moved furthest", "the most", "at the top")
_RANKS_ITEMS = re.compile(
    rf"{_RANK.pattern}|\b(?:furthest|farthest|most|least|top|peak|bottom)\b", re.IGNORECASE
)
#: two things said to coincide ("the same year the …", "at the same time")
_SAME = re.compile(r"\bsame\s+(?:year|time|month|period|day|decade)\b|\bsimultaneous", re.IGNORECASE)


def _years_of(text: str) -> set[str]:
    """The years ``text`` writes, and every year of a range it writes ("2010–2016")."""
    years = set(_YEAR.findall(text))
    for a, b in re.findall(r"\b((?:19|20)\d\d)\s*[-–—]\s*((?:19|20)?\d\d)\b", text.translate(_DASHES)):
        end = int(b) if len(b) == 4 else int(a[:2] + b)
        years |= {str(y) for y in range(int(a), end + 1)} if 0 < end - int(a) < 60 else set()
    return years


def extra_claim(answer: str, question: str, reference: str) -> str | None:
    """A claim of ``answer`` (as read: "respectively" lists the judge reads are written out as
    their pairs) beyond what the item states: a "respectively" list it could not pair, a year it
    never writes (nor spans), a rank among all the items where the item ranks nothing
    ("furthest", "most", "top" count as ranking), two things said to coincide where it says
    nothing of the kind. The judge cannot check it: a pass is uncertain."""
    item = f"{question} {reference}"
    if re.search(r"\band\b[^.;!?\n]*\band\b[^.;!?\n]*\brespectively\b", answer, re.IGNORECASE):
        return "a 'respectively' list not written out as its pairs"  # the surface pairs the lists it reads
    years = set(_YEAR.findall(unquoted_text(answer))) - _years_of(item)
    if years:
        return f"the year {min(years)}"
    ranks = {m.group(0).lower() for m in _RANK.finditer(answer)} - {
        m.group(0).lower() for m in _RANK.finditer(item)
    }
    if ranks and not _RANKS_ITEMS.search(item):
        return f"'{min(ranks)}'"
    same = _SAME.search(answer)
    return same.group(0) if same and not _SAME.search(item) else None


def unquoted_text(text: str) -> str:
    """``text`` without its quoted phrases (a title the answer quotes may span other years)."""
    return _QUOTE.sub(" ", text)
