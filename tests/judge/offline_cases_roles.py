"""General answers for the judge5 round's error classes (issue 25): values bound to their roles.

Built, like :mod:`tests.judge.offline_cases`, from generated questions: every frozen question
snapshot (seeds 11 and 23 and the question files of the labelled sets; questions only, never
their labelled answers). Each builder reads a question's reference and facts, never its id,
and returns answers with the verdict a careful grader gives them (pass: score >= 6), or
nothing when its style does not apply.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from tests.judge.offline_cases import DATA, Builder, Case, cases_of, numbers, restate

#: every frozen question file (their answers are not read here)
SNAPSHOTS = (
    "offline_questions.json",
    "offline_heldout_questions.json",
    "offline_heldout_v3_questions.json",
    "offline_labelled_v2_questions.json",
    "offline_heldout_v4_questions.json",
    "offline_heldout_v5_questions.json",
)
_NUM = r"-?\d+(?:\.\d+)?"
_TEXT_KINDS = r"target|forecast|threshold|earlier estimate|estimate"
_NOT_NAMES = ("In", "Which", "The", "Figure", "At")
_CUES = ("highest", "lowest", "largest", "smallest", "furthest", "higher", "lower")
_PREFIXED = {"GW": "MW", "MW": "GW", "kWh": "MWh", "MWh": "kWh", "GWh": "TWh", "TWh": "GWh", "km²": "m²",
             "kg": "g", "km": "m", "mm": "cm", "cm": "mm"}  # fmt: skip


def questions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in SNAPSHOTS:
        out += json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return out


def _untitled(reference: str) -> str:
    """The reference without its quoted chart titles ("Figure 5 ('…, 2012–2018')")."""
    return re.sub(r"\s*\(\s*'[^)]*'\s*\)", "", reference)


def _fact(q: dict[str, Any], text: str) -> dict[str, Any] | None:
    return next((v for v in numbers(q) if str(v["text"]) == text), None)


def ratio_swapped(q: dict[str, Any]) -> list[Case]:
    """ "A is about N times B" with its ends swapped states the inverse ratio (fail); the same
    ends in a full sentence pass."""
    m = re.match(rf"^(.+?) (?:is|are) about ({_NUM}) times (.+?) \(", q["reference"])
    if m is None or _fact(q, m.group(2)) is None:
        return []
    a, n, b = m.groups()
    return [
        (f"{b[:1].upper()}{b[1:]} is about {n} times {a[:1].lower()}{a[1:]}.", False),
        (f"{b[:1].upper()}{b[1:]} is about {n} times larger than {a[:1].lower()}{a[1:]}.", False),
        (f"{a} is about {n} times {b}.", True),
    ]


def _text_and_chart(q: dict[str, Any]) -> tuple[str, dict[str, Any], dict[str, Any]] | None:
    """(the kind of the text's figure, its fact, the chart's fact) of a reference that sets
    one against the other ("The text gives a target of 41.8%, while Figure 11 shows 34.3%")."""
    ref = _untitled(q["reference"])
    said = re.search(rf"\b({_TEXT_KINDS})(?: is| of) ({_NUM})", ref)
    shown = re.search(rf"\b(?:shows|puts [^,;]*? at) ({_NUM})", ref)
    if said is None or shown is None:
        return None
    text, chart = _fact(q, said.group(2)), _fact(q, shown.group(1))
    if text is None or chart is None or text is chart or text["value"] == chart["value"]:
        return None
    return said.group(1), text, chart


def _said(fact: dict[str, Any]) -> str:
    unit = str(fact["unit"] or "")
    return f"{fact['text']}{unit}" if unit == "%" else f"{fact['text']} {unit}".strip()


def roles_swapped(q: dict[str, Any]) -> list[Case]:
    """The text's figure given for the chart and the chart's for the text (fail), each said of
    its own side (pass)."""
    found = _text_and_chart(q)
    if found is None or len(numbers(q)) != 2 or len(q["answer_values"]) != 2:
        return []
    kind, text, chart = found
    return [
        (f"The text gives a {kind} of {_said(chart)}, while the chart shows {_said(text)}.", False),
        (f"The {kind} is {_said(chart)}; the chart shows {_said(text)}.", False),
        (f"The text gives a {kind} of {_said(text)}, while the chart shows {_said(chart)}.", True),
        (f"{kind.capitalize()}: {_said(text)}; chart: {_said(chart)}.", True),
    ]


def one_value_for_two(q: dict[str, Any]) -> list[Case]:
    """Two asked values a few percent apart: a number written once answers one of them, so
    giving only one figure is half an answer (fail); both, each on its side, pass."""
    found = _text_and_chart(q)
    if found is None or len(q["answer_values"]) != 2:
        return []
    kind, text, chart = found
    if abs(float(text["value"]) - float(chart["value"])) > 0.05 * abs(float(text["value"])):
        return []
    return [
        (f"The {kind} is {_said(text)}.", False),
        (f"The chart shows {_said(chart)}.", False),
        (f"The {kind} is {_said(text)} and the chart shows {_said(chart)}.", True),
    ]


def side_from_values(q: dict[str, Any]) -> list[Case]:
    """A gap between the chart and the text's figure, with the chart on the wrong side of it
    (fail) or the right one (pass), where the reference says no side in words."""
    ref = _untitled(q["reference"])
    if re.search(r"\b(?:above|below|short|exceeds|larger|smaller|higher|lower)\b", ref):
        return []
    said = re.search(rf"\b({_TEXT_KINDS})(?: is| of) ({_NUM})", ref)
    shown = re.search(rf"\b(?:shows|puts [^,;]*? at) ({_NUM})", ref)
    computed = [v for v in numbers(q) if v["abs_tol"] and not v["rel_tol"]]
    if said is None or shown is None or len(computed) != 1 or len(q["answer_values"]) != 1:
        return []
    gap = computed[0]
    above = float(shown.group(1)) > float(said.group(2))
    right, wrong = ("above", "below") if above else ("below", "above")
    return [
        (f"The chart is {_said(gap)} {wrong} the {said.group(1)}.", False),
        (f"The chart is {_said(gap)} {right} the {said.group(1)}.", True),
    ]


def entity_swapped(q: dict[str, Any]) -> list[Case]:
    """A value the reference gives one entity, said of the actor of the event that dates it
    ("In 2014 the United Arab Emirates was at 66.7%" for Saudi Arabia's 66.7%): fail."""
    m = re.match(
        rf"^(?!The\b)([A-Z][\w'-]*(?: [A-Z][\w'-]*)*) [a-z][\w-]* .*? in ((?:19|20)\d\d),"
        rf" and that year the chart shows (.+?) at ({_NUM})",
        _untitled(q["reference"]),
    )
    if m is None:
        return []
    actor, year, entity, value = m.groups()
    fact = _fact(q, value)
    if fact is None or len(q["answer_values"]) != 2:
        return []
    return [
        (f"In {year} {actor} was at {_said(fact)}.", False),
        (f"In {year} {entity} was at {_said(fact)}.", True),
    ]


def winner_other(q: dict[str, Any]) -> list[Case]:
    """For either-or questions ("did Road or Pipeline stand higher?"), the reference followed by
    the question's own cue given to the other option: a label line ("**Higher:** Pipeline") or
    a possessive ("The higher one is Pipeline's") contradicts it (fail)."""
    asked = [
        str(v["text"]) for v in q["answer_values"] if v["kind"] == "label" and str(v["text"])[:1].isupper()
    ]
    cue = next((c for c in _CUES if re.search(rf"\b{c}\b", q["question"])), None)
    pair = re.search(
        r"\b([A-Z][\w'-]*(?: [A-Za-z][\w'-]*)?) or ([A-Z][\w'-]*(?: [A-Za-z][\w'-]*)?)\b", q["question"]
    )
    if not asked or cue is None or pair is None or asked[0] not in pair.groups():
        return []
    other = next(n for n in pair.groups() if n != asked[0])
    return [
        (f"{q['reference']}\n\n**{cue.capitalize()}:** {other}", False),
        (f"{q['reference']} The {cue} one is {other}'s.", False),
    ]


def hedged_candidates(q: dict[str, Any]) -> list[Case]:
    """The asked value offered with another candidate's value, or as a range (fail)."""
    nums = [v for v in numbers(q) if not re.fullmatch(r"(?:19|20)\d\d", str(v["text"]))]
    if len(nums) != 1 or len(q["answer_values"]) > 2 or not nums[0]["unit"]:
        return []
    fact = nums[0]
    value = float(fact["value"])
    unit = str(fact["unit"])
    low, high = f"{value * 0.95:.2f}", f"{value * 1.05:.2f}"
    return [
        (f"{_said(fact)}, or about {value * 0.93:.2f} {unit} if the other mark is meant.", False),
        (f"Somewhere between about {low} and {high} {unit}.", False),
    ]


def comparative_flip(q: dict[str, Any]) -> list[Case]:
    """An asked comparative ("was the later period higher or lower?") said the other way (fail)."""
    label = next((str(v["text"]) for v in q["answer_values"] if str(v["text"]) in ("higher", "lower")), None)
    if label is None or not re.search(rf"\b{label}\b", q["reference"]):
        return []
    other = "higher" if label == "lower" else "lower"
    values = "; ".join(_said(v) for v in numbers(q))
    return [
        (re.sub(rf"\b{label}\b", other, q["reference"]), False),
        (f"{values}: the later one is {other}.", False),
        (f"{values}, so it was {other}.", False),
        (f"{values}: the later one is {label}.", True),
    ]


def verdict_reply(q: dict[str, Any]) -> list[Case]:
    """A leading "No" or "Yes" to a question that asks whether the chart bears a claim out is
    the verdict: the opposite of the reference's fails; "Not borne out" where it contradicts
    is no denial of the whole answer (pass)."""
    labels = [str(v["text"]) for v in q["answer_values"]]
    verdict = next((label for label in labels if label in ("matches", "contradicts")), None)
    if verdict is None or not re.search(r"\b(?:bear|borne|agree|consistent|support)", q["question"]):
        return []
    values = " and ".join(_said(v) for v in numbers(q))
    if not values or len(q["answer_values"]) != len(numbers(q)) + 1:
        return []
    if verdict == "matches":
        return [(f"No: {values}.", False), (f"Yes: {values}.", True)]
    return [(f"Yes: {values}.", False), (f"Not borne out: {values}.", True)]


def prefix_unit(q: dict[str, Any]) -> list[Case]:
    """The reference with the asked value's digits under another SI prefix of its unit ("534
    kgCO₂" for 534 gCO₂, "82 kbps" for 82 Mbps, "13.3 MW" for 13.3 GW): a wrong scale (fail)."""
    out: list[Case] = []
    for fact in numbers(q):
        unit = str(fact["unit"] or "").split()
        head = unit[0] if unit else ""
        other = _PREFIXED.get(head)
        if other is None and re.fullmatch(r"[kMG][A-Za-z]{2,}", head):
            other = {"k": "M", "M": "k", "G": "M"}[head[0]] + head[1:]
        if other is None and re.fullmatch(r"g[A-Z]\S*", head):
            other = "k" + head
        wrong = restate(q, fact, f"{fact['text']} {' '.join([other, *unit[1:]])}") if other else None
        if wrong is not None:
            out.append((wrong, False))
    return out


def period_moved(q: dict[str, Any]) -> list[Case]:
    """A computed value over years said over another span (fail): "averaging 2011 to 2017
    gives 37.57%" where 37.57% is the 2011–2014 mean."""
    ref = _untitled(q["reference"])
    span = re.search(r"\b(?:from |over )?((?:19|20)\d\d) to ((?:19|20)\d\d)\b", ref)
    derived = [v for v in numbers(q) if v["abs_tol"] and not v["rel_tol"]]
    if span is None or len(derived) != 1 or len(q["answer_values"]) != 1:
        return []
    start, end = span.groups()
    return [
        (f"Over {start} to {int(end) + 2}, it comes to {_said(derived[0])}.", False),
        (f"Over {start} to {end}, it comes to {_said(derived[0])}.", True),
    ]


def share_of_target(q: dict[str, Any]) -> list[Case]:
    """A computed share of a target: on the wrong side of 100% however close (the inverted
    division), written as a fraction with a percent sign, or after a short computation that
    concludes another value (fail)."""
    m = re.search(rf"({_NUM})%, which is ({_NUM})% of the target", _untitled(q["reference"]))
    target = re.search(rf"\btarget is ({_NUM})", _untitled(q["reference"]))
    if m is None or target is None:
        return []
    chart, share, goal = float(m.group(1)), float(m.group(2)), float(target.group(1))
    inverted = 100 * goal / chart
    if (inverted - 100) * (share - 100) >= 0:
        return []
    return [
        (f"{goal} ÷ {chart} = {goal / chart:.3f}, so it is at {inverted:.1f}% of the target.", False),
        (f"It is at {share / 100:.3f}% of the target.", False),
        (f"{chart} / {goal} = {chart / goal:.3f}, so it is {abs(100 - share):.1f}% of the target.", False),
        (f"{chart} / {goal} = {chart / goal:.3f}, so it is at {share}% of the target.", True),
    ]


def restated_in_another_unit(q: dict[str, Any]) -> list[Case]:
    """A right value restated in a unit of another dimension ("0.40 points, i.e. 0.4 years"):
    the restatement is a claim too (fail)."""
    nums = numbers(q)
    if len(nums) != 1 or len(q["answer_values"]) != 1 or str(nums[0]["unit"] or "") not in ("%", "pp"):
        return []
    fact = nums[0]
    return [(f"{_said(fact)}, i.e. about {fact['text']} years.", False)]


def year_after_value(q: dict[str, Any]) -> list[Case]:
    """Two read values with the years written right after them swapped ("from 53.3% in 2011 to
    72.6% in 2018" where 72.6% is 2011's): each value is given for the other's year (fail)."""
    m = re.search(
        rf"\bat ({_NUM})% in ((?:19|20)\d\d) and ({_NUM})% in ((?:19|20)\d\d)", _untitled(q["reference"])
    )
    if m is None or _fact(q, m.group(1)) is None or _fact(q, m.group(3)) is None:
        return []
    a, y1, b, y2 = m.groups()
    labels = " and ".join(str(v["text"]) for v in q["answer_values"] if v["kind"] == "label")
    lead = f"{labels.capitalize()}; it" if labels else "It"
    out = [(f"{lead} went from {b}% in {y1} to {a}% in {y2}.", False)]
    if len(q["answer_values"]) == 2:
        out.append((f"It went from {a}% in {y1} to {b}% in {y2}.", True))
    return out


def cjk_year(q: dict[str, Any]) -> list[Case]:
    """A year written next to CJK characters ("2014年") is read: another year than the asked
    one is wrong (fail)."""
    years = [v for v in numbers(q) if re.fullmatch(r"(?:19|20)\d\d", str(v["text"]))]
    values = [v for v in numbers(q) if v not in years and str(v["unit"] or "") == "%"]
    if len(years) != 1 or len(values) != 1 or len(q["answer_values"]) != 2:
        return []
    year, value = int(years[0]["text"]), values[0]["text"]
    return [(f"{year - 1}年为{value}%。", False), (f"是{year + 1}年，数值为{value}%。", False)]


def final_line(q: dict[str, Any]) -> list[Case]:
    """Reasoning that reads the right value and commits to another on a "Final:" line, or in
    its last sentence, is wrong (fail); committing to the right one passes."""
    nums = [v for v in numbers(q) if not re.fullmatch(r"(?:19|20)\d\d", str(v["text"]))]
    if len(nums) != 1 or len(q["answer_values"]) != 1 or not nums[0]["unit"]:
        return []
    fact, unit = nums[0], str(nums[0]["unit"])
    wrong = f"{float(fact['value']) * 1.4:.2f} {unit}"
    return [
        (f"Reading the chart, I get {_said(fact)}. Checking the scale again.\nFinal: {wrong}", False),
        (
            f"The chart reads {_said(fact)} at first sight. The value asked for is the other mark, {wrong}.",
            False,
        ),
        (f"At first sight {wrong}. Checking the scale again.\nFinal: {_said(fact)}", True),
    ]


def bare_label(q: dict[str, Any]) -> list[Case]:
    """A label stated without its leading article ("payment-by-results contracts" for "the
    payment-by-results contracts") is the label (pass)."""
    labels = [str(v["text"]) for v in q["answer_values"] if v["kind"] == "label"]
    article = [label for label in labels if re.match(r"the \S+ \S+", label)]
    if not article or article[0] not in q["reference"]:
        return []
    return [(q["reference"].replace(article[0], article[0][4:]), True)]


CLASSES: dict[str, Builder] = {
    "ratio_swapped": ratio_swapped,
    "roles_swapped": roles_swapped,
    "one_value_for_two": one_value_for_two,
    "side_from_values": side_from_values,
    "entity_swapped": entity_swapped,
    "winner_other": winner_other,
    "hedged_candidates": hedged_candidates,
    "comparative_flip": comparative_flip,
    "verdict_reply": verdict_reply,
    "prefix_unit": prefix_unit,
    "period_moved": period_moved,
    "share_of_target": share_of_target,
    "restated_in_another_unit": restated_in_another_unit,
    "year_after_value": year_after_value,
    "cjk_year": cjk_year,
    "final_line": final_line,
    "bare_label": bare_label,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    yield from cases_of(CLASSES[name], questions())
