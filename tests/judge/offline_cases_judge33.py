"""General answers for the judge33 round (issue 25: bindings and a certainty signal that hold
beyond the styles a round read), built from generated questions: every frozen question snapshot
up to v33 (questions only, never their labelled answers). Each builder reads a question's text,
reference and facts, never its id. A wrong form must fail (or, for the certainty signal, be no
certain pass); a right form must be no certain fail (no fail, for the signal).
"""

from __future__ import annotations

import re
from typing import Any

from tests.judge import error_classes as _classes
from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge27 as _judge27
from tests.judge import offline_cases_judge32 as _judge32

#: every frozen question file up to v33 (their answers are not read here)
SNAPSHOTS = (
    *_judge32.SNAPSHOTS,
    "offline_heldout_v32_questions.json",
    "offline_heldout_v33_questions.json",
)
Case = tuple[str, bool]  # (answer, whether it is right)
_YEAR = re.compile(r"(?:19|20)\d\d")


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


def fall_after(q: dict[str, Any]) -> list[Case]:
    """A rise stated with a fall word after its number and unit (verb-final languages, glossed:
    "0.3 billion USD 減少しました", "0.3십억 달러 감소했습니다"; a noun after it: "a 0.3 billion USD
    decrease") fails; the rise word in the same place is no certain fail."""
    m = _judge32._CHANGE_OF.search(q["reference"])
    assert m is not None
    ref, said = q["reference"], f"{m['v']} {m['unit']}"

    return [
        (_classes.put(ref, m, f"a {said} increase"), True),
        (_classes.put(ref, m, f"{said} 増加しました"), True),
        (_classes.put(ref, m, f"{said} 감소했습니다"), False),
        (_classes.put(ref, m, f"{said} 減少しました"), False),
        (_classes.put(ref, m, f"a {said} drop"), False),
    ]


#: an item that asks or states a change, a gap or a path (its values bound to one another)
_RELATED = re.compile(r"(?i)\b(?:change|gap|differ|mov|exceed|ahead|by how much|from|rose|fell|times)")


def _share(q: dict[str, Any]) -> dict[str, Any] | None:
    """The first positive share the item asks (no change, no gap), written once with its "%"."""
    if _RELATED.search(q["question"] + q["reference"]):
        return None
    for f in q["answer_values"]:
        if (
            f["kind"] == "number"
            and f["unit"] == "%"
            and f["value"] is not None
            and f["value"] > 0
            and q["reference"].count(_judge27._said(f)) == 1
        ):
            return f
    return None


def share_fact(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _share(q) is not None else None


def accounting_negative(q: dict[str, Any]) -> list[Case]:
    """A positive share written as an accounting negative ("(10.62)%", "(10.62) %, a loss")
    fails; the share in brackets with its sign ("(10.62%)") after a label passes."""
    f = _share(q)
    assert f is not None
    ref, said, v = q["reference"], _judge27._said(f), f["text"]
    return [
        (ref, True),
        (ref.replace(said, f"({said})"), True),
        (ref.replace(said, f"({v})%"), False),
        (ref.replace(said, f"({v}) %, a loss"), False),
    ]


def sentence_items(q: dict[str, Any]) -> list[Case]:
    """Two groups' views set out as "Label: value." sentences after another item ("Brown:
    Mozambique. Research councils: critical. Rectors' conferences: favourable.") bind each view
    to its group: swapped views fail, the reference's pass."""
    m = _judge32._VIEWS.match(q["reference"])
    assert m is not None
    rest = q["reference"][m.end() :].strip().rstrip(".")
    a, b = m["a"], re.sub(r"^the ", "", m["b"])
    return [
        (f"Answer: {rest}. {a}: {m['x']}. {b}: {m['y']}.", True),
        (f"Answer: {rest}. {a}: {m['y']}. {b}: {m['x']}.", False),
        (f"Answer: {rest}. {a}: ({m['y']}). {b}: ({m['x']}).", False),
    ]


#: "Health is higher, at 17.2% against 9.7%: a gap of 7.5 percentage points."
_HIGHER = re.compile(
    r"^(?P<w>[A-Z][\w' -]+?) is higher, at (?P<a>[\d.]+%?) against (?P<b>[\d.]+%?):"
    r" a gap of (?P<g>[\d.]+ [a-z ]+)\.$"
)
_AHEAD = re.compile(r"(?i)^which comes out ahead in .*?, (?P<x>[\w' -]+?) or (?P<y>[\w' -]+?)\?")


def ahead_question(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _HIGHER.match(q["reference"]) and _AHEAD.match(q["question"]) else None


def ahead_named(q: dict[str, Any]) -> list[Case]:
    """Under "which comes out ahead, A or B?", a closing "which puts B ahead" names the other one
    (a name with "and" in it too: "Business and law"): it fails; naming the winner passes."""
    m, n = _HIGHER.match(q["reference"]), _AHEAD.match(q["question"])
    assert m is not None and n is not None
    w = m["w"]
    loser = n["y"] if n["x"].lower() in w.lower() else n["x"]
    said = f"{w} has {m['a']} and {loser} {m['b']}, a gap of {m['g']}"
    return [
        (f"{said}, which puts {w} ahead.", True),
        (f"{said}, so {w} comes out ahead.", True),
        (f"{said}, which puts {loser} ahead.", False),
        (f"{said}, so {loser} is in front.", False),
    ]


def _wide(q: dict[str, Any]) -> dict[str, Any] | None:
    """The first asked number (no year) written once, whose tolerance admits a value 4% off it
    (no change, no gap)."""
    if _RELATED.search(q["question"] + q["reference"]):
        return None
    for f in q["answer_values"]:
        v = f["value"]
        if f["kind"] != "number" or v is None or not v or _YEAR.fullmatch(str(f["text"])):
            continue
        tol = max(float(f["abs_tol"]), float(f["rel_tol"]) * abs(v))
        said = _judge27._said(f)
        hedged = re.search(rf"(?i)\b(?:about|around|roughly|some|nearly)\s+{re.escape(said)}", q["reference"])
        figures = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", q["reference"])]
        taken = sum(abs(x - v) <= 0.06 * abs(v) for x in figures) > 1  # another figure near it
        if (
            tol >= 0.045 * abs(v)
            and abs(v) >= 20
            and q["reference"].count(said) == 1
            and not (hedged or taken)
        ):
            return f
    return None


def wide_fact(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _wide(q) is not None else None


def off_precise(q: dict[str, Any]) -> list[Case]:
    """A value within a wide tolerance but 4% off, written to a decimal without a hedge ("68.0%"
    for 71.3%: another year's point more often than a rough reading), is no certain pass; the
    value itself and one 1% off pass."""
    f = _wide(q)
    assert f is not None
    ref, said, v = q["reference"], _judge27._said(f), float(f["value"])
    unit = said[len(str(f["text"])) :]
    return [
        (ref, True),
        (ref.replace(said, f"{v * 0.99:.1f}{unit}"), True),
        (ref.replace(said, f"{v * 0.96:.1f}{unit}"), False),
    ]


CLASSES: _judge18.Classes = {
    "fall_after": (_judge32.rise, fall_after),
    "accounting_negative": (share_fact, accounting_negative),
    "sentence_items": (_judge32.two_views, sentence_items),
    "ahead_named": (ahead_question, ahead_named),
    "off_precise": (wide_fact, off_precise),
}


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())
