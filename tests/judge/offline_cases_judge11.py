"""General answers for the judge11 round's certainty gates (issue 25), built from generated
questions: every frozen question snapshot up to v11 (questions only, never their labelled
answers). Each builder reads a question's reference and facts, never its id, and returns
``(answer, gated)`` pairs: ``gated`` answers have the shape a gate doubts (a wrong unit at the
asked value, swapped names, the other direction, a coarser rounding, a name spelled like the
label), the others are the same answer in the item's own words and must not be doubted by it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from judge.offline_gates import moved
from tests.judge.offline_cases import DATA
from tests.judge.offline_cases_judge10 import SNAPSHOTS as _JUDGE10_SNAPSHOTS

#: every frozen question file up to v11 (their answers are not read here)
SNAPSHOTS = (*_JUDGE10_SNAPSHOTS, "offline_heldout_v11_questions.json")
Gated = tuple[str, bool]  # (answer, whether a gate must doubt it)
_FOREIGN_UNITS = ("ms", "km²", "kWh", "Hz")
_NAME = re.compile(r"\b[A-Z][a-z]{3,}(?:\s+[A-Z][a-z]+)*\b")
_DIRECTION = re.compile(
    r"\b(?:rose|rise|rising|increase[ds]?|grew|up|higher|fell|fall(?:s|en)?|decline[ds]?|decrease[ds]?|drop(?:ped)?"
    r"|down|lower|flat|steady|unchanged)\b",
    re.IGNORECASE,
)


def questions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in SNAPSHOTS:
        out += json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return out


def _single_number(q: dict[str, Any]) -> dict[str, Any] | None:
    facts = q["answer_values"]
    if len(facts) == 1 and facts[0]["kind"] == "number" and facts[0].get("unit"):
        return dict(facts[0])
    return None


def other_unit(q: dict[str, Any]) -> list[Gated]:
    """The asked value with a unit the item never writes (``106.3 ms`` for Mbps): never a
    certain pass; with the item's unit it is no doubt of this gate."""
    fact = _single_number(q)
    item = f"{q['question']} {q['reference']} {fact['unit'] if fact else ''}".lower()
    unit = next((u for u in _FOREIGN_UNITS if u.lower() not in item), None)
    if fact is None or unit is None:
        return []
    return [
        (f"The answer is {fact['text']} {unit}.", True),
        (f"The answer is {fact['text']} {fact['unit']}.", False),
    ]


def swapped_names(q: dict[str, Any]) -> list[Gated]:
    """The reference with the name it binds an asked value to ("puts Guatemala at 119.8") and
    another name the question gives swapped: the value is now bound to the other entity."""
    ref = q["reference"]
    names = [
        n for n in dict.fromkeys(_NAME.findall(ref)) if n in q["question"] and n not in ("Figure", "Table")
    ]
    for fact in q["answer_values"]:
        year = fact["kind"] == "number" and re.fullmatch(r"(?:19|20)\d\d", str(fact["text"]))
        at = ref.find(f" {fact['text']}") if fact["kind"] == "number" and not year else -1
        clause = re.split(r"[.;:!?]", ref[max(0, at - 60) : at])[-1] if at > 0 else ""
        bound = max(names, key=clause.rfind, default="")
        plain = not re.search(r"['(]", clause) and all(
            ref.count(n) == 1 and f"The {n}" not in ref for n in names[:3]
        )
        if len(names) >= 2 and plain and bound and clause.rfind(bound) >= 0:
            other = next(n for n in names if n != bound)
            swapped = ref.replace(bound, "\0").replace(other, bound).replace("\0", other)
            return [(swapped, True), (ref, False)]
    return []


def other_direction(q: dict[str, Any]) -> list[Gated]:
    """The reference ("from 86.94 to 107.42, a change of 20.48") that says no direction, after a
    verdict word that says the other one ("It was a decline."); the same with the right word."""
    ref = q["reference"].rstrip(". ")
    way = moved(ref)  # "from 2012 to 2017" is a period, no move (the gate's reading)
    if not way or _DIRECTION.search(ref):
        return []
    wrong, right = ("a decline", "a rise") if way > 0 else ("a rise", "a decline")
    return [(f"It was {wrong}. {ref}.", True), (f"It was {right}. {ref}.", False)]


def coarser(q: dict[str, Any]) -> list[Gated]:
    """The asked value rounded to one significant digit less than it has (``0.01`` for 0.009,
    ``6`` for 5.661), alone: a fail of it is no certain fail; the exact value is no doubt."""
    fact = _single_number(q)
    if fact is None or "." not in str(fact["text"]) or len(str(fact["text"]).split(".")[1]) < 2:
        return []
    value = float(fact["value"])
    rounded = round(value, len(str(fact["text"]).split(".")[1]) - 2)
    if rounded == value or rounded == 0:
        return []
    return [(f"About {rounded:g} {fact['unit']}.", True), (f"{fact['text']} {fact['unit']}.", False)]


def name_variant(q: dict[str, Any]) -> list[Gated]:
    """The reference with its one-word label spelled another way (``Educación`` for Education)."""
    ref = q["reference"]
    labels = [str(f["text"]) for f in q["answer_values"] if f["kind"] == "label"]
    words = [w for w in labels if re.fullmatch(r"[A-Z][a-z]{5,}", w) and ref.count(w) == 1]
    if not words:
        return []
    variant = f"{words[0][:-2]}ión"
    return [(ref.replace(words[0], variant), True), (ref, False)]


CLASSES: dict[str, Callable[[dict[str, Any]], list[Gated]]] = {
    "other_unit": other_unit,
    "swapped_names": swapped_names,
    "other_direction": other_direction,
    "coarser": coarser,
    "name_variant": name_variant,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    for q in questions():
        for answer, gated in CLASSES[name](q):
            yield q, answer, gated
