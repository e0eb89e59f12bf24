"""General answers for the judge10 round's error classes (issue 25), built from generated
questions like :mod:`tests.judge.offline_cases_judge9`: every frozen question snapshot up to v10
(questions only, never their labelled answers). Each builder reads a question's reference and
facts, never its id, and returns answers with the verdict a careful grader gives them (pass:
score >= 6), or nothing when its style does not apply.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from judge.quantities import fact_unit
from tests.judge.offline_cases import DATA, Builder, Case, cases_of, labels, numbers, restate
from tests.judge.offline_cases_judge8 import _unit, _values
from tests.judge.offline_cases_judge9 import SNAPSHOTS as _JUDGE9_SNAPSHOTS
from tests.judge.offline_cases_judge9 import _verdict_with_values

#: every frozen question file up to v10 (their answers are not read here)
SNAPSHOTS = (*_JUDGE9_SNAPSHOTS, "offline_heldout_v10_questions.json")
_SIDES = {"above": ("higher", "lower"), "below": ("lower", "higher")}


def questions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in SNAPSHOTS:
        out += json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return out


def _said(fact: dict[str, Any]) -> str:
    return f"{fact['text']}{_unit(fact)}"


def _rest(q: dict[str, Any], skip: dict[str, Any]) -> str:
    """Every fact of ``q`` but ``skip``, stated plainly ("Mexico; 23.4 billion USD")."""
    parts = [
        str(f["text"]) if f["kind"] == "label" else _said(f) for f in q["answer_values"] if f is not skip
    ]
    return "; ".join(parts)


def side_gap_comparative(q: dict[str, Any]) -> list[Case]:
    """A side (above, below) said as a bare gap comparative after the gap ("is 4.47 points
    higher"): the right comparative passes, the other one contradicts the side (before judge10
    it was read as a missing label and the other facts' share passed it)."""
    sides = [f for f in q["answer_values"] if f["kind"] == "label" and f["text"] in _SIDES]
    derived = [f for f in _values(q) if f.get("abs_tol", 0) > 0]
    if len(sides) != 1 or len(derived) != 1 or len(q["answer_values"]) < 3:
        return []
    right, wrong = _SIDES[str(sides[0]["text"])]
    gap = derived[0]
    others = [f for f in q["answer_values"] if f is not sides[0] and f is not gap]
    head = "; ".join(str(f["text"]) if f["kind"] == "label" else _said(f) for f in others)
    size = str(gap["text"]).lstrip("-")
    return [
        (f"{head}; it is {size}{_unit(gap)} {right}.", True),
        (f"{head}; it is {size}{_unit(gap)} {wrong}.", False),
    ]


def match_said_as_side(q: dict[str, Any]) -> list[Case]:
    """To a "does the chart match it?" question whose reference says it matches, an answer that
    says the outcome came in above or below instead fails; "it matches" passes."""
    found = _verdict_with_values(q)
    if found is None or found[0] != "matches":
        return []
    values = " vs ".join(_said(v) for v in found[1])
    return [
        (f"It matches: {values}.", True),
        (f"It came in above the target: {values}.", False),
        (f"Below: {values}.", False),
    ]


def fall_said_as_rise(q: dict[str, Any]) -> list[Case]:
    """A negative change stated after "rose by" or with an explicit "+" is a rise: a fail; the
    same size after "fell by" or with its minus sign passes."""
    falls = [f for f in _values(q) if float(f["value"]) < 0 and str(f["text"]).startswith("-")]
    if (
        len(falls) != 1
        or falls[0]["unit"] == "%"
        or any(lab in ("rose", "fell", "was broadly flat") for lab in labels(q))
    ):
        return []
    fact = falls[0]
    rest, size = _rest(q, fact), str(fact["text"])[1:]
    lead = f"{rest}; " if rest else ""
    return [
        (f"{lead}it fell by {size}{_unit(fact)}.", True),
        (f"{lead}it rose by {size}{_unit(fact)}.", False),
        (f"{lead}the change was -{size}{_unit(fact)}.", True),
        (f"{lead}the change was +{size}{_unit(fact)}.", False),
    ]


def percent_for_a_count(q: dict[str, Any]) -> list[Case]:
    """A read value of a count or index ("30.5 index points", "104 requests") written as a
    percentage ("30.5 per cent") is in a unit it cannot be: the reference so written fails; as
    it stands it passes."""
    out: list[Case] = []
    for fact in _values(q):
        unit = fact_unit(str(fact["unit"] or ""))
        if not unit.noun or unit.scaled or fact.get("abs_tol", 0) > 0:
            continue
        wrong = restate(q, fact, f"{fact['text']} per cent")
        if wrong is not None:
            out = [(q["reference"], True), (wrong, False)]
    return out


_TOP = re.compile(r"\b(?:which|what)\b[^?]*\b(?:most|largest|biggest|highest|greatest)\b", re.IGNORECASE)


def rank_below_top(q: dict[str, Any]) -> list[Case]:
    """To a question that asks which item is the top of a ranking, naming the right item but
    ranking it lower ("only the third largest") fails; naming it as the top passes."""
    marks = labels(q)
    if not _TOP.search(q["question"]) or not marks or re.search(r"\b(?:second|third)\b", q["reference"]):
        return []
    item, rest = marks[0], "; ".join(marks[1:])
    tail = f"; {rest}" if rest else ""
    values = "".join(f"; {_said(v)}" for v in _values(q))
    return [
        (f"{item} ranks first{values}{tail}.", True),
        (f"{item}'s change is only the third largest{values}{tail}.", False),
        (f"{item} comes in second place{values}{tail}.", False),
    ]


def restatement(q: dict[str, Any]) -> list[Case]:
    """An answer that says itself again ("Put differently: ...") commits to both statements:
    the same answer twice passes, a second statement with a label swapped for another fails."""
    marks = [m for m in labels(q) if re.fullmatch(r"[A-Za-z][\w' -]+", m)]
    values = _values(q)
    if not marks or not values or len(q["answer_values"]) > 4:
        return []
    answer = _rest(q, {})
    other = answer.replace(marks[0], "last year's value", 1)
    return [
        (f"{answer}. Put differently: {answer}.", True),
        (f"{answer}. Put differently: {other}.", False),
        (f"{answer}. In other words: {other}.", False),
    ]


#: a reference the judge fails as it stands ("Chile tops out in 2022 at ...": read as a winner
#: claim, on offline-claims-v9 already), left out of the classes below
_PEAK = re.compile(r"\btops out\b")


def double_negative(q: dict[str, Any]) -> list[Case]:
    """A double negative says the claim plainly ("it is not untrue that ..." is "it is true
    that ...", "does not fail to match" is "matches"): the reference said so passes (before
    judge10 it read as a denial and scored 0)."""
    ref = q["reference"]
    if not numbers(q) or _PEAK.search(ref):
        return []
    out = [(f"It is not untrue that {ref[0].lower()}{ref[1:]}", True)]
    found = _verdict_with_values(q)
    if found is not None and found[0] in ("matches", "contradicts"):
        values = " vs ".join(_said(v) for v in found[1])
        verb = {"matches": "match", "contradicts": "contradict"}[found[0]]
        out.append((f"The chart does not fail to {verb} the text: {values}.", True))
    return out


def inline_math(q: dict[str, Any]) -> list[Case]:
    """Numbers in inline math ("$515$ requests") are numbers, not dollars: the reference with
    its asked values so written passes."""
    values = [
        v for v in _values(q) if "USD" not in str(v["unit"] or "") and not str(v["text"]).startswith("-")
    ]
    if not values or len(values) != len(numbers(q)) or _PEAK.search(q["reference"]):
        return []
    ref = q["reference"]
    for v in values:
        ref = re.sub(rf"(?<![\d.,$]){re.escape(str(v['text']))}(?![\d.,])", f"${v['text']}$", ref)
    return [(ref, True)] if ref != q["reference"] else []


_SCALES = {"billion": ("miljarder", "miljoner"), "million": ("miljoner", "miljarder")}


def foreign_scale_words(q: dict[str, Any]) -> list[Case]:
    """A value written with a decimal comma and another language's scale word ("2,323 miljarder
    USD") is read with its scale: the right scale word passes, the other one fails."""
    facts = _values(q)
    if len(facts) != 1 or len(q["answer_values"]) != 1:
        return []
    fact = facts[0]
    unit = str(fact["unit"] or "").split()
    text = str(fact["text"])
    if len(unit) < 2 or unit[0] not in _SCALES or not re.fullmatch(r"-?\d+\.\d{1,3}", text):
        return []
    right, wrong = _SCALES[unit[0]]
    rest = " ".join(unit[1:])
    comma = text.replace(".", ",")
    return [
        (f"Diagrammet visar {comma} {right} {rest}.", True),
        (f"Diagrammet visar {comma} {wrong} {rest}.", False),
    ]


_OTHERS = ("Morocco", "Peru", "Norway")


def item_list_last_line(q: dict[str, Any]) -> list[Case]:
    """An item list ("Syria: 54.8%" and a line for each of two other items) states the asked
    item's value; the last line is another item's, no last word on the asked one: it passes."""
    marks = labels(q)
    facts = _values(q)
    if (
        len(marks) != 1
        or len(facts) != 1
        or len(q["answer_values"]) != 2
        or any(o in q["reference"] for o in _OTHERS)
    ):
        return []
    fact = facts[0]
    value = float(fact["value"])
    lines = [f"{marks[0]}: {_said(fact)}"] + [
        f"{name}: {value * s:.3g}{_unit(fact)}" for name, s in zip(_OTHERS[:2], (1.6, 0.5), strict=True)
    ]
    return [("\n".join(lines), True), ("\n".join([lines[1], lines[2]]), False)]


CLASSES: dict[str, Builder] = {
    "side_gap_comparative": side_gap_comparative,
    "match_said_as_side": match_said_as_side,
    "fall_said_as_rise": fall_said_as_rise,
    "percent_for_a_count": percent_for_a_count,
    "rank_below_top": rank_below_top,
    "restatement": restatement,
    "double_negative": double_negative,
    "inline_math": inline_math,
    "foreign_scale_words": foreign_scale_words,
    "item_list_last_line": item_list_last_line,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    yield from cases_of(CLASSES[name], questions())
