"""A path stated with other values than the reference's (judge22 round, ``offline-claims-v21``).

"the change was −0.03 pp (6.15% → 5.12%)" where the reference says "from 6.15% to 6.12%", or
"the mean is 260.68 — the line climbs from 240.2 in 2012 to 281.5 in 2016" where it says
"259.6 to 261.3": the verdict or value is right, but the path the answer gives for it (the
supporting fact) is not the reference's. A wrong supporting value is a soft contradiction (the
score is capped below a pass, as for a read value stated wrongly).

A path is two numbers joined by "from … to …", "→" or "->" (years between them are skipped, so
"from 0.243 billion USD in 2009 to 0.215 billion USD in 2012" is one). An answer's path
contradicts the reference when the reference states paths, none of them the answer's within the
rounding of either printing, and one of them has the same scale, percent sign and order of
magnitude (a path in other units, a fraction for a percent, is a conversion, read elsewhere).
Labellers part on what a wrong path costs (2 to 8 on the tuning sets), so the verdict is also
uncertain (:data:`WRONG_PATH`).
"""

from __future__ import annotations

import itertools
import re

from judge.numbers import FoundNumber, find_numbers
from judge.offline_checks import _Verdict
from judge.offline_facts import HOURS_MINUTES, _Fact

Path = tuple[FoundNumber, FoundNumber]

#: what joins a path's two ends: "→", "->", "to" (after "from" before the first end)
_JOIN = re.compile(r"^[^\d\n;]{0,40}?(?:→|->|⟶|\bto\b)\s*(?:about\s+|around\s+)?$", re.IGNORECASE)
_FROM = re.compile(r"\bfrom\s+(?:about\s+|around\s+)?$|[(\[]\s*$", re.IGNORECASE)
_ARROW = re.compile(r"→|->|⟶")


def _year(found: FoundNumber) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d\d", found.text.strip())) and not found.percent


def paths(text: str) -> list[Path]:
    """The paths ``text`` states (see the module docstring)."""
    numbers = [n for n in find_numbers(text) if not _year(n)]
    out = []
    for a, b in itertools.pairwise(numbers):
        between = re.sub(r"\b(?:in|by)\s+(?:19|20)\d\d\b|\((?:19|20)\d\d\)", " ", text[a.end : b.start])
        if not _JOIN.match(between) or any(HOURS_MINUTES.match(text, n.start) for n in (a, b)):
            continue  # "32 h 44 min" is no number "32" (the duration is read elsewhere)
        if _ARROW.search(between) or _FROM.search(text[max(0, a.start - 12) : a.start]):
            out.append((a, b))
    return out


def _place(found: FoundNumber) -> float:
    """Half a unit of the last written digit of ``found`` (unscaled)."""
    digits = re.sub(r"[^\d.,]", "", found.text.split()[0]).replace(",", ".")
    if "." in digits:
        return 10.0 ** -len(digits.rsplit(".", 1)[1]) / 2
    return 0.5


def _same(a: FoundNumber, b: FoundNumber) -> bool:
    return abs(a.readings[0] - b.readings[0]) <= max(_place(a), _place(b)) * 1.001


def _comparable(a: FoundNumber, b: FoundNumber) -> bool:
    """Two numbers written alike: same scale and percent sign, within a factor of two."""
    x, y = a.readings[0], b.readings[0]
    if a.scale != b.scale or a.percent != b.percent or x * y <= 0:
        return False
    return max(abs(x), abs(y)) <= 2 * min(abs(x), abs(y))


def wrong_path(answer: str, reference: str, question: str) -> str | None:
    """The first path ``answer`` states that contradicts the reference's paths, as written."""
    theirs = paths(reference)
    if not theirs:
        return None
    asked = {n.readings[0] for n in find_numbers(question)}
    for a, b in paths(answer):
        if {a.readings[0], b.readings[0]} <= asked:
            continue  # the question's own numbers
        if any((_same(a, x) and _same(b, y)) or (_same(a, y) and _same(b, x)) for x, y in theirs):
            continue
        if any(_comparable(a, x) and _comparable(b, y) for x, y in theirs):
            return f"{a.text} → {b.text}"
    return None


#: the doubt a path the reference does not give leaves: labellers part on how much it costs
WRONG_PATH = "it supports its answer with a path the reference does not give"


def path_contradicted(
    facts: list[_Fact], verdicts: list[_Verdict], said: str | None
) -> tuple[list[_Fact], list[_Verdict]]:
    """``verdicts`` with a soft contradiction added for the path ``said`` (:func:`wrong_path`)
    that the reference does not give (nothing added to an answer already contradicted)."""
    if said is None or any(not v.hit and v.why for v in verdicts):
        return facts, verdicts
    out = _Verdict(False, f"supports it with '{said}', a path the reference does not give", soft=True)
    return [*facts, _Fact(len(facts), "label", _PATH_FACT)], [*verdicts, out]


_PATH_FACT = "the reference's path"


def path_doubt(facts: list[_Fact], verdicts: list[_Verdict]) -> bool:
    """The wrong path is all that fails the answer (every other fact matched): labellers part on
    it, so the verdict is uncertain (:data:`WRONG_PATH`)."""
    path = [i for i, f in enumerate(facts) if f.kind == "label" and f.text == _PATH_FACT]
    return bool(path) and all(v.hit for i, v in enumerate(verdicts) if i not in path)


#: what a side of a chart-against-text verdict is ("the chart shows …", "the text says …")
_CHART = re.compile(
    r"\b(?:chart|figure|fig\.|graph|line|series|bars?|plot|data|shows?|plotted|charted)\b", re.IGNORECASE
)
#: a chart's quoted title ("Figure 4 ('Tertiary enrolment rate …')"): no words of the claim
_TITLE = re.compile(r"\(\s*['‘\"“][^)]*\)|['‘\"“][^'’\"”]{3,120}['’\"”]")
_TEXT = re.compile(r"\b(?:text|report|narrative|article|account|description|prose)\b", re.IGNORECASE)
_RISE = re.compile(
    r"\b(?:ris(?:e|es|ing)|rose|risen|increas(?:e|ed|es|ing)|grow(?:s|ing|n)?|grew|climb(?:s|ed|ing)?|upward|up)\b",
    re.IGNORECASE,
)
_FALL = re.compile(
    r"\b(?:fall(?:s|ing|en)?|fell|declin(?:e|ed|es|ing)|decreas(?:e|ed|es|ing)|drop(?:s|ped|ping)?"
    r"|shr[iu]nk(?:s|ing)?|shrank|downward|down)\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.;!?\n]+(?:\.(?=\d)[^.;!?\n]*)*")


def _direction_after(text: str, at: int) -> str:
    """ "rise", "fall" or "" for the first direction word within 60 characters after ``at``."""
    window = text[at : at + 60]
    rise, fall = _RISE.search(window), _FALL.search(window)
    if rise and (not fall or rise.start() < fall.start()):
        return "rise"
    return "fall" if fall else ""


def sides_differ(text: str) -> bool:
    """A sentence of ``text`` gives the chart one direction and the text the other ("the chart
    shows the beds rising while the text says they fell")."""
    for sentence in _SENTENCE.finditer(text):
        s = sentence.group(0)
        chart = {_direction_after(s, m.end()) for m in _CHART.finditer(s)} - {""}
        said = {_direction_after(s, m.end()) for m in _TEXT.finditer(s)} - {""}
        if len(chart) == 1 and len(said) == 1 and chart != said:
            return True
    return False


def chart_direction(text: str) -> str:
    """The one direction ``text`` gives the chart ("the chart shows it fell", "Figure 4 shows
    the rate climbing"), or "" for none or both."""
    text = _TITLE.sub(" ", text)
    said = {
        _direction_after(s.group(0), m.end())
        for s in _SENTENCE.finditer(text)
        for m in _CHART.finditer(s.group(0))
    }
    said -= {""}
    return said.pop() if len(said) == 1 else ""


def verdict_against_reason(
    facts: list[_Fact], verdicts: list[_Verdict], text: str, reference: str
) -> list[_Verdict]:
    """``verdicts`` with a matched verdict contradicted where the answer's reason for it gives
    the chart and the text opposite directions though it says they match (:func:`sides_differ`),
    or gives the chart the direction opposite to the one the reference gives it."""
    out = list(verdicts)
    for i, (fact, verdict) in enumerate(zip(facts, verdicts, strict=True)):
        if not verdict.hit or fact.pole is None or fact.pole[0] != "verdict":
            continue
        if fact.pole[1] == "matches" and sides_differ(text):
            out[i] = _Verdict(False, "is given with a reason that says the chart and text differ")
            continue
        theirs, ours = chart_direction(reference), chart_direction(text)
        if theirs and ours and theirs != ours:
            out[i] = _Verdict(False, f"is given with the chart's direction as '{ours}'")
    return out
