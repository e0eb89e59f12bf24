"""General answers for the judge35 round (issue 25: direction words, extra claims and the roles
of two compared parts bound to the asked slot), built from generated questions: every frozen
question snapshot up to v37 (questions only, never their labelled answers). Each builder reads a
question's text, reference and facts, never its id. A wrong form must fail; a right form must be
no certain fail.
"""

from __future__ import annotations

import re
from typing import Any

from tests.judge import error_classes as _classes
from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge27 as _judge27
from tests.judge import offline_cases_judge32 as _judge32
from tests.judge import offline_cases_judge34 as _judge34

#: every frozen question file up to v37 (their answers are not read here)
SNAPSHOTS = (
    *_judge34.SNAPSHOTS,
    "offline_heldout_v35_questions.json",
    "offline_heldout_v36_questions.json",
    "offline_heldout_v37_questions.json",
)
Case = tuple[str, bool]  # (answer, whether it is right)
_YEAR = re.compile(r"(?:19|20)\d\d")


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


def _pair(q: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """Two asked positive values of one unit (no year) the reference writes once each, the
    larger first, at least a tenth apart."""
    said = [
        f
        for f in q["answer_values"]
        if f["kind"] == "number"
        and f["value"] is not None
        and f["value"] > 0
        and f["unit"]
        and not _YEAR.fullmatch(str(f["text"]))
        and q["reference"].count(_judge27._said(f)) == 1
    ]
    for i, f in enumerate(said):
        for g in said[i + 1 :]:
            if f["unit"] == g["unit"] and abs(f["value"] - g["value"]) > 0.1 * max(f["value"], g["value"]):
                return (f, g) if f["value"] > g["value"] else (g, f)
    return None


def two_values(q: dict[str, Any]) -> dict[str, Any] | None:
    """An item whose facts are values only (a label fact may be a side the comparison names)."""
    labels = [f for f in q["answer_values"] if f["kind"] != "number"]
    side = _SIDE.search(q["question"] + q["reference"])  # a side said is read from its words
    return q if not labels and not side and _pair(q) is not None else None


_SIDE = re.compile(r"(?i)\b(?:above|below|higher|lower|short|exceed|over|under|more|less)\b")


def comparison_verb(q: dict[str, Any]) -> list[Case]:
    """Two of the item's values compared by a comparison verb ("falls short of", "overshoots")
    or after a comma (", below the"): where the comparison does not hold the answer contradicts
    itself and fails (offline-claims-v33 read a comparison only after "is", "was", "stands" …);
    where it holds it is no certain fail."""
    pair = _pair(q)
    assert pair is not None
    ref = q["reference"]
    high, low = (_judge27._said(f) for f in pair)
    return [
        (f"{ref} So {low} falls short of the {high}.", True),
        (f"{ref} Note: {high}, above the {low}.", True),
        (f"{ref} So {high} falls short of the {low}.", False),
        (f"{ref} So {low} overshoots the {high}.", False),
        (f"{ref} Note: {high}, below the {low}.", False),
    ]


def rise(q: dict[str, Any]) -> dict[str, Any] | None:
    return _judge32.rise(q)


def fall_verbs(q: dict[str, Any]) -> list[Case]:
    """A rise written with a fall verb the judge did not read ("dipped", "slipped", "eased") or
    with a comma before "by" ("dipped, by 0.6 percentage points") fails; the rise verbs in the
    same place are no certain fail."""
    m = _judge32._CHANGE_OF.search(q["reference"])
    assert m is not None
    ref, said = q["reference"], f"{m['v']} {m['unit']}"

    return [
        (_classes.put(ref, m, f"it edged up, by {said}"), True),
        (_classes.put(ref, m, f"it went up by {said}"), True),
        (_classes.put(ref, m, f"it dipped, by {said}"), False),
        (_classes.put(ref, m, f"it slipped by {said}"), False),
        (_classes.put(ref, m, f"it eased by {said}"), False),
    ]


_STANCE = {
    "positive": r"favourably|favourable|positively|positive",
    "negative": r"critically|critical|negatively|negative",
}


def two_stances(q: dict[str, Any]) -> dict[str, Any] | None:
    """A reference that gives two groups a positive and a negative stance, one clause each."""
    poles = {f["text"] for f in q["answer_values"] if f["kind"] == "label"}
    if not {"positive", "negative"} <= poles:
        return None
    clauses = re.split(r"[;]", q["reference"])
    said = [[p for p, w in _STANCE.items() if re.search(rf"\b(?:{w})\b", c)] for c in clauses]
    return q if sorted(s[0] for s in said if len(s) == 1) == ["negative", "positive"] else None


def stances_swapped(q: dict[str, Any]) -> list[Case]:
    """The two groups' stances exchanged (each group said with the other's stance) fail; the
    reference's own pairing in other words is no certain fail."""
    ref = q["reference"]
    words = {"favourably": "critically", "critically": "favourably", "positively": "negatively"}
    words |= {"negatively": "positively", "favourable": "critical", "critical": "favourable"}
    pattern = re.compile(r"\b(?:" + "|".join(words) + r")\b")
    swapped = pattern.sub(lambda m: words[m.group(0)], ref)
    other = {"favourably": "positively", "critically": "negatively"}
    kept = pattern.sub(lambda m: other.get(m.group(0), m.group(0)), ref)
    return [(ref, True), (kept, True), (swapped, False)]


_SCALED = re.compile(r"(?<![\d.,])(?P<v>\d+\.\d+) (?P<scale>billion|million) (?P<unit>USD|tonnes|people)\b")
_POINTS = re.compile(r"(?<![\d.,-])(?P<v>\d+\.\d+) percentage points\b")


def restated(q: dict[str, Any]) -> dict[str, Any] | None:
    """A reference with a value under a scale word, or a gap in percentage points."""
    return q if _SCALED.search(q["reference"]) or _POINTS.search(q["reference"]) else None


def restatements(q: dict[str, Any]) -> list[Case]:
    """A value of the reference restated in brackets as another amount ("8.875 billion USD (=
    887.5 million)", "0.74 percentage points (= 7.4%)") fails, whether or not a fact asks for it
    (offline-claims-v33 failed only a fact's value restated so, and read points and percent as
    two kinds); the same amount restated ("(= 8875 million)", "(= 0.74%)") is no certain fail."""
    ref = q["reference"]
    m = _SCALED.search(ref)
    if m is not None:
        v, down = float(m["v"]), {"billion": "million", "million": "thousand"}[m["scale"]]
        places = max(0, len(m["v"].split(".")[1]) - 3)
        right, wrong = f"{v * 1000:.{places}f} {down}", f"{v * 100:.{places + 1}f} {down}"
    else:
        m = _POINTS.search(ref)
        assert m is not None
        right, wrong = f"{m['v']}%", f"{float(m['v']) / 10:g}%"

    def put(said: str) -> str:
        return f"{ref[: m.end()]} (= {said}){ref[m.end() :]}"

    return [(put(right), True), (put(wrong), False)]


_TEXT_PUTS = re.compile(r"^The text puts .*? at (?P<v>\d+(?:\.\d+)?) times\b")


def text_multiple(q: dict[str, Any]) -> dict[str, Any] | None:
    """A reference that gives the text's multiple and finds the chart contradicting it."""
    ok = _TEXT_PUTS.search(q["reference"]) and "contradicts" in q["reference"]
    return q if ok else None


def text_multiple_denied(q: dict[str, Any]) -> list[Case]:
    """The text's multiple negated as what the chart shows ("… not the 1.18 times the text
    gives") is no denial of a reading the verdict rests on (offline-claims-v33 failed it with
    certainty); the verdict turned to "matches" still fails."""
    ref = q["reference"]
    m = _TEXT_PUTS.search(ref)
    assert m is not None
    rest = ref[ref.index(";") + 1 :].strip()
    rest = rest[0].upper() + rest[1:]
    return [
        (f"{rest} It is not the {m['v']} times the text gives.", True),
        (rest, True),
        (rest.replace("contradicts", "matches"), False),
    ]


_FALL_OF = re.compile(r"a change of -(?P<v>\d[\d.]*) (?P<unit>percentage points|[a-z]+)")


def fall(q: dict[str, Any]) -> dict[str, Any] | None:
    """A reference stating an asked negative change ("a change of -0.42 percentage points")."""
    m = _FALL_OF.search(q["reference"])
    asked = {f["text"].lstrip("-") for f in q["answer_values"] if f["kind"] == "number"}
    labels = [f for f in q["answer_values"] if f["kind"] != "number"]
    return q if m and m["v"] in asked and not labels else None


def foreign_fall_nouns(q: dict[str, Any]) -> list[Case]:
    """A fall written unsigned after a fall noun of another language ("una caída de 0,42",
    "une baisse de 0,42", "ein Rückgang um 0,42") is the negative change (offline-claims-v33 read
    it as +0.42, another value, and failed it with certainty); a rise noun there fails."""
    m = _FALL_OF.search(q["reference"])
    assert m is not None
    ref, unit, comma = q["reference"], m["unit"], m["v"].replace(".", ",")

    return [
        (_classes.put(ref, m, f"una caída de {comma} {unit}"), True),
        (_classes.put(ref, m, f"une baisse de {comma} {unit}"), True),
        (_classes.put(ref, m, f"ein Rückgang um {comma} {unit}"), True),
        (_classes.put(ref, m, f"un aumento de {comma} {unit}"), False),
        (_classes.put(ref, m, f"une hausse de {comma} {unit}"), False),
    ]


_TRILLION = re.compile(r"(?<![\d.])(?P<v>\d+\.\d+) trillion USD\b")


def trillions(q: dict[str, Any]) -> dict[str, Any] | None:
    """A reference with a value in trillion USD."""
    return q if _TRILLION.search(q["reference"]) else None


def cjk_trillion(q: dict[str, Any]) -> list[Case]:
    """A value in trillions written with 万亿 ("0.044万亿美元") is that value (offline-claims-v33
    read "0.044万", 440, and failed it with certainty); written with 亿 alone it fails."""
    ref = q["reference"]
    m = _TRILLION.search(ref)
    assert m is not None
    return [
        (_TRILLION.sub(lambda n: f"{n['v']}万亿美元", ref), True),
        (_TRILLION.sub(lambda n: f"{n['v']} 万亿美元", ref), True),
        (_TRILLION.sub(lambda n: f"{n['v']}亿美元", ref), False),
    ]


_ENDS = re.compile(r"\bfrom (?P<a>\d+\.\d+)(?P<u>%| [a-z][a-z ]{0,20}?) to (?P<b>\d+\.\d+)(?P=u)")


def two_ends(q: dict[str, Any]) -> dict[str, Any] | None:
    """A reference that gives a path's two ends ("from 31.1% to 35.8%") and no change."""
    ref = q["reference"]
    return q if _ENDS.search(ref) and not re.search(r"change|gap|differ|percentage points", ref) else None


def change_of_ends(q: dict[str, Any]) -> list[Case]:
    """A change named after the two ends it runs between must be what they give ("from 31.1% to
    35.8%, a gain of 7.4 percentage points" fails, offline-claims-v33 passed it where no fact
    asks for the change); their difference is no certain fail."""
    ref = q["reference"]
    m = _ENDS.search(ref)
    assert m is not None
    a, b = float(m["a"]), float(m["b"])
    places = max(len(m["a"].split(".")[1]), len(m["b"].split(".")[1]))
    unit = " percentage points" if m["u"] == "%" else m["u"]

    def put(change: str) -> str:
        return f"{ref[: m.end()]}, a change of {change}{ref[m.end() :]}"

    right = f"{b - a:+.{places}f}{unit}"
    wrong = f"{abs(b - a) * 2 + 1:.{places}f}{unit}"
    return [(put(right), True), (put(f"about {right}"), True), (put(wrong), False)]


CLASSES: _judge18.Classes = {
    "comparison_verb": (two_values, comparison_verb),
    "fall_verbs": (rise, fall_verbs),
    "stances_swapped": (two_stances, stances_swapped),
    "restatements": (restated, restatements),
    "text_multiple_denied": (text_multiple, text_multiple_denied),
    "foreign_fall_nouns": (fall, foreign_fall_nouns),
    "cjk_trillion": (trillions, cjk_trillion),
    "change_of_ends": (two_ends, change_of_ends),
}


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())
