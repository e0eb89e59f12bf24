"""General answers for the judge12 round's reading fixes (issue 25), built from generated
questions: every frozen question snapshot up to v12 (questions only, never their labelled
answers). Each builder reads a question's reference and facts, never its id, and returns
``(answer, passes)`` pairs: the right form must pass and the wrong form must fail.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from tests.judge.offline_cases import DATA
from tests.judge.offline_cases_judge6 import in_words
from tests.judge.offline_cases_judge11 import SNAPSHOTS as _JUDGE11_SNAPSHOTS
from tests.judge.offline_cases_judge11 import _single_number

#: every frozen question file up to v12 (their answers are not read here)
SNAPSHOTS = (*_JUDGE11_SNAPSHOTS, "offline_heldout_v12_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)
_TIME_OR_MASS = ("hours", "days", "weeks", "months", "years", "minutes", "seconds", "tonnes")
_SIDE_GAP = re.compile(
    r"^(?P<stat>.*?\b(?:average|averages|mean)\b[^;]*?)(?P<mean>\d[\d,]*(?:\.\d+)?)(?P<pct>%?)[^;]*;\s*(?P<name>[^,]+?),"
    r"[^;]*?\bis (?P<gap>\d[\d,]*(?:\.\d+)?) (?P<unit>[^;]*?) (?P<side>above|below) that\.?$"
)
_TWO_AVERAGES = re.compile(
    r"\baverages (?P<a>\d[\d.,]*)(?P<u>%|[^\d]{0,12}?) over (?P<p1>\d{4}[–-]\d{4}) and "
    r"(?P<b>\d[\d.,]*)\S* over (?P<p2>\d{4}[–-]\d{4}), so the later period is (?P<gap>\d[\d.,]*) "
    r"percentage points (?P<cmp>higher|lower)"
)


def questions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in SNAPSHOTS:
        out += json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return out


def hedged_decimals(q: dict[str, Any]) -> list[Case]:
    """The asked value and another one offered for it ("either 4.35 or 5.35 pp", "−2.03 or
    +2.03"): a hedge leaves the slot open (fails); the value alone passes."""
    fact = _single_number(q)
    if fact is None or "." not in str(fact["text"]) or str(fact["text"]).startswith("-"):
        return []
    text, unit = str(fact["text"]), fact["unit"]
    other = f"{float(text) * 1.5:.{len(text.split('.')[1])}f}"
    return [
        (f"It is either {text} {unit} or {other} {unit}.", False),
        (f"It is −{text} or +{text} {unit}, depending on how you read it.", False),
        (f"It is {text} {unit}.", True),
    ]


def gap_from_mean(q: dict[str, Any]) -> list[Case]:
    """A gap said "above the mean by G" (no statistic: the gap from it) passes; the same answer
    with the other side fails."""
    m = _SIDE_GAP.match(q["reference"])
    if m is None:
        return []
    other = "below" if m["side"] == "above" else "above"
    # a mean of percent levels is a percent (judge29: a level in percentage points is another
    # unit, as every labelled answer that writes one is a label-fail); its gap is in points
    level = m["pct"] or f" {m['unit']}"
    said = f"The mean is {m['mean']}{level}; {m['name']} lies {{side}} the mean by {m['gap']} {m['unit']}."
    return [(said.format(side=m["side"]), True), (said.format(side=other), False)]


def two_averages(q: dict[str, Any]) -> list[Case]:
    """One statistic verb for two values ("averages A over P1 and B over P2"): each said as an
    average passes; the later average given as the gap fails."""
    m = _TWO_AVERAGES.search(q["reference"])
    if m is None:
        return []
    said = "{p1} avg {a}%, {p2} avg {b}%: the later period is {cmp} by {gap} pp."
    later = f"{float(m['b'].replace(',', '')) * 1.2:.2f}"
    return [(said.format(**m.groupdict()), True), (said.format(**{**m.groupdict(), "b": later}), False)]


def latex_math(q: dict[str, Any]) -> list[Case]:
    """The asked value in inline math with an operator ("$v = 79.51$ k people"): no dollars, so
    it passes where the fact is no currency; another value in the same math fails."""
    fact = _single_number(q)
    if fact is None or re.search(r"USD|EUR|GBP|dollar", fact["unit"]) or str(fact["text"]).startswith("-"):
        return []
    text = str(fact["text"])
    wrong = f"{float(text.replace(',', '')) * 1.5:g}"
    return [
        (f"Reading the chart: $= {text}$ {fact['unit']}, so $ {text} > 0$.", True),
        (f"Reading the chart: $= {wrong}$ {fact['unit']}, so $ {wrong} > 0$.", False),
    ]


def minus_in_words(q: dict[str, Any]) -> list[Case]:
    """The reference with a negative value written in words ("a change of minus eighty-nine
    point eight%"): passes; another value in words fails."""
    for fact in q["answer_values"]:
        text = str(fact["text"])
        words = in_words(text[1:]) if fact["kind"] == "number" and text.startswith("-") else None
        if words is None or q["reference"].count(text) != 1:
            continue
        wrong = in_words(f"{abs(float(text)) * 1.5:.{len(text.split('.')[1]) if '.' in text else 0}f}")
        if wrong is None:
            continue
        return [
            (q["reference"].replace(text, f"minus {words}"), True),
            (q["reference"].replace(text, f"minus {wrong}"), False),
        ]
    return []


def bare_comparative(q: dict[str, Any]) -> list[Case]:
    """A question that asks "higher or lower?" answered with a bare comparative: the side's own
    passes, the other one fails (a bare "lower" contradicts "above")."""
    if not re.search(r"\bhigher or lower\b", q["question"]):
        return []
    sides = [f for f in q["answer_values"] if f["kind"] == "label" and f["text"] in ("above", "below")]
    numbers = [f for f in q["answer_values"] if f["kind"] == "number"]
    if not sides or not numbers:
        return []
    own, other = ("higher", "lower") if sides[0]["text"] == "above" else ("lower", "higher")
    values = " and ".join(f"{f['text']} {f.get('unit') or ''}".strip() for f in numbers)
    return [
        (f"It is {own}; the figures are {values}.", True),
        (f"It is {other}; the figures are {values}.", False),
    ]


def count_in_area(q: dict[str, Any]) -> list[Case]:
    """A count of plain nouns ("429 districts") stated in km² is in another unit (fails)."""
    fact = _single_number(q)
    if fact is None or not re.fullmatch(r"(?:thousand |million )?[a-z]+s", fact["unit"]):
        return []
    if fact["unit"].split()[-1] in _TIME_OR_MASS:
        return []
    return [
        (f"The answer is {fact['text']} km².", False),
        (f"The answer is {fact['text']} {fact['unit']}.", True),
    ]


def german_nouns(q: dict[str, Any]) -> list[Case]:
    """A right value with a German common noun after a German article or after a decimal
    ("in diesem Jahr", "4,6 Prozentpunkte"): no foreign name, so no fail for it."""
    fact = _single_number(q)
    if fact is None or "." not in str(fact["text"]) or str(fact["text"]).startswith("-"):
        return []
    text, unit = str(fact["text"]), fact["unit"]
    return [
        (f"The answer is {text} {unit}, und in diesem Jahr liegt der Wert bei {text} {unit}.", True),
        (f"The answer is {text} {unit} ({text.replace('.', ',')} Einheiten).", True),
    ]


def last_statement(q: dict[str, Any]) -> list[Case]:
    """Readings listed, then a last sentence that gives the asked statistic another value
    ("… The average is 31.4 days."): with a doubt on the answer (a list of readings), offline
    scoring leans the pass to a fail; the same last sentence with the item's value passes."""
    fact = _single_number(q)
    m = re.search(r"\b(average|mean|median|total)\b", q["question"], re.IGNORECASE)
    if fact is None or m is None or str(fact["text"]).startswith("-") or "." not in str(fact["text"]):
        return []
    text, unit, word = str(fact["text"]), fact["unit"], m.group(1).lower()
    wrong = f"{float(text.replace(',', '')) * 1.3:.{len(text.split('.')[1])}f}"
    readings = f"Values read: A {text}, B {wrong}, C {text}."
    return [
        (f"{readings} The {word} is {wrong} {unit}.", False),
        (f"{readings} The {word} is {text} {unit}.", True),
    ]


_OTHER_POLE = {"higher": "lower", "lower": "higher", "above": "below", "below": "above"}


def retracted(q: dict[str, Any]) -> list[Case]:
    """A side or comparative taken back at once ("lower — sorry, higher"): the word after the
    apology is the answer (passes when it is the reference's, fails when it is the other)."""
    labels = [f for f in q["answer_values"] if f["kind"] == "label" and f["text"] in _OTHER_POLE]
    numbers = [f for f in q["answer_values"] if f["kind"] == "number"]
    if not labels or not numbers:
        return []
    own = labels[0]["text"]
    values = " and ".join(f"{f['text']} {f.get('unit') or ''}".strip() for f in numbers)
    said = "The figures are {values}, so it is {first} — sorry, {second}."
    return [
        (said.format(values=values, first=_OTHER_POLE[own], second=own), True),
        (said.format(values=values, first=own, second=_OTHER_POLE[own]), False),
    ]


CLASSES: dict[str, Callable[[dict[str, Any]], list[Case]]] = {
    "hedged_decimals": hedged_decimals,
    "gap_from_mean": gap_from_mean,
    "two_averages": two_averages,
    "latex_math": latex_math,
    "minus_in_words": minus_in_words,
    "bare_comparative": bare_comparative,
    "count_in_area": count_in_area,
    "german_nouns": german_nouns,
    "last_statement": last_statement,
    "retracted": retracted,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    for q in questions():
        for answer, passes in CLASSES[name](q):
            yield q, answer, passes
