"""General answers for the judge17 round's fixes (issue 25), built from generated questions:
every frozen question snapshot up to v16 (questions only, never their labelled answers). Each
builder reads a question's question text, reference and facts, never its id, and rewrites the
reference (or the facts) into answers: the right forms must pass and the wrong forms must fail.

The classes are the mechanisms behind v16's false passes and certain errors (docs/protocol.md,
"The judge17 round").
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator
from typing import Any

from tests.judge.offline_cases import DATA
from tests.judge.offline_cases_judge16 import SNAPSHOTS as _JUDGE16_SNAPSHOTS

#: every frozen question file up to v16 (their answers are not read here)
SNAPSHOTS = (*_JUDGE16_SNAPSHOTS, "offline_heldout_v16_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)


def questions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in SNAPSHOTS:
        out += json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return out


def _decimals(text: str) -> int:
    return len(text.split(".")[1]) if "." in text else 0


def _said(f: dict[str, Any]) -> str:
    """A number fact as the reference writes it ("66.5%", "0.756 million tonnes")."""
    return f"{f['text']}%" if f["unit"] == "%" else f"{f['text']} {f['unit']}"


def _values_only(q: dict[str, Any], verdict: str) -> list[dict[str, Any]] | None:
    """The number facts of a question whose facts are the verdict ``verdict`` and values only."""
    labels = [f["text"] for f in q["answer_values"] if f["kind"] == "label"]
    numbers = [f for f in q["answer_values"] if f["kind"] == "number" and f.get("unit")]
    plain = [f for f in q["answer_values"] if f["kind"] == "number" and not f.get("unit")]
    if labels != [verdict] or not numbers or plain:
        return None
    return numbers


def mismatch_verdict(q: dict[str, Any]) -> list[Case]:
    """ "A mismatch" is a verdict that the chart contradicts the text: said beside "in line with"
    (for a match) it contradicts the verdict; said alone of a contradiction it is the verdict."""
    labels = [f["text"] for f in q["answer_values"] if f["kind"] == "label"]
    ref = q["reference"]
    if labels == ["matches"] and ref.endswith("so the chart matches it."):
        return [
            (ref, True),
            (f"{ref[:-1]} — a clear mismatch with the text.", False),
            (ref.replace("so the chart matches it.", "so the chart shows a mismatch with it."), False),
        ]
    if labels == ["contradicts"] and ref.endswith("so the chart contradicts it."):
        return [
            (ref.replace("so the chart contradicts it.", "so the chart shows a mismatch with it."), True),
            (ref.replace("so the chart contradicts it.", "a clear mismatch."), True),
        ]
    return []


def _one_value(q: dict[str, Any]) -> dict[str, Any] | None:
    """The one number fact with a unit of a value question with no label fact."""
    numbers = [f for f in q["answer_values"] if f["kind"] == "number" and f.get("unit")]
    if len(numbers) != 1 or any(f["kind"] == "label" for f in q["answer_values"]):
        return None
    return numbers[0]


def _other(f: dict[str, Any], factor: float = 1.3) -> str:
    value = float(f["text"].replace(",", ""))
    return f"{value * factor + 1:.{_decimals(f['text'])}f}"


def short_correction(q: dict[str, Any]) -> list[Case]:
    """A correction however short the answer before it ("Average 62.89% — correction: 61.9%",
    "58.8% — no, that is the 2023 value; …"): the value after it is the answer."""
    f = _one_value(q)
    if f is None:
        return []
    wrong = {**f, "text": _other(f)}
    return [
        (f"{_said(wrong)} — correction: {_said(f)}.", True),
        (f"{_said(f)} — correction: {_said(wrong)}.", False),
        (f"{_said(wrong)}, no, that is another value; the answer is {_said(f)}.", True),
        (f"It is {_said(f)} — no, that's the other reading; it is {_said(wrong)}.", False),
    ]


_CHANGE_OF = re.compile(r"a change of ([-+]?\d[\d,]*(?:\.\d+)?)")


def named_against_sign(q: dict[str, Any]) -> list[Case]:
    """A change the reference gives ("a change of -4.6 index points") named right after as a move
    the other way ("— an increase in its score") contradicts it; the right name passes."""
    m = _CHANGE_OF.search(q["reference"])
    facts = [f for f in q["answer_values"] if f["kind"] == "number" and m and f["text"] == m.group(1)]
    if not facts or not facts[0].get("unit"):
        return []
    negative = facts[0]["text"].startswith("-")
    if not negative and re.search(r"\b(?:fell|fall|decrease|declined?|lower|down|drop)", q["reference"]):
        return []
    said = _said(facts[0])
    if said not in q["reference"]:
        return []
    right, wrong = ("a decrease", "an increase") if negative else ("an increase", "a decrease")
    return [
        (q["reference"].replace(said, f"{said} — {right}", 1), True),
        (q["reference"].replace(said, f"{said} — {wrong}", 1), False),
        (q["reference"].replace(said, f"{said} ({wrong})", 1), False),
        (q["reference"].replace(said, f"{said}, i.e. {wrong},", 1), False),
    ]


_FROM_TO = re.compile(r"\bfrom\s+(\d[\d,]*(?:\.\d+)?)[^\d;.]{0,40}?\bto\s+(\d[\d,]*(?:\.\d+)?)")


def multiple_denied(q: dict[str, Any]) -> list[Case]:
    """A multiple ("nearly doubled", "tripled", "halved") claimed of a change whose ends (the
    reference's "from A to B") lie far from it fails; the reference alone and with the multiple
    negated passes."""
    m = _FROM_TO.search(q["reference"])
    if m is None or not q["reference"].rstrip().endswith("."):
        return []
    start, end = (float(g.replace(",", "")) for g in m.groups())
    if start <= 0 or end <= 0:
        return []
    far = [
        w
        for w, r in (("doubled", 2), ("tripled", 3), ("halved", 0.5))
        if abs(math.log(end / start / r)) > 0.6
    ]
    if len(far) < 2:
        return []
    return [
        (q["reference"], True),
        (f"{q['reference']} It has not doubled.", True),
        (f"{q['reference']} In other words, it nearly {far[0]}.", False),
        (f"{q['reference'].rstrip('.')}, i.e. it roughly {far[1]}.", False),
    ]


_COLOURS = re.compile(r"which is (higher|lower): the (\w+) series or the (\w+) series\?")
_LEADS = re.compile(r"^(\w+) stands for .+?, which is (above|below) (\w+),")


def colour_winner(q: dict[str, Any]) -> list[Case]:
    """ "Which is higher: the magenta series or the blue series?": the colour the reference puts
    below, said to be the higher (or above), contradicts it; the right colour passes, and so does
    the wrong one said to be lower, or after "than"."""
    m, r = _COLOURS.search(q["question"]), _LEADS.match(q["reference"])
    if m is None or r is None or m.group(1) != "higher":
        return []
    first, side, second = r.group(1).lower(), r.group(2), r.group(3).lower()
    winner, loser = (first, second) if side == "above" else (second, first)
    ref = q["reference"]
    return [
        (f"{winner.capitalize()} is higher. {ref}", True),
        (f"{loser.capitalize()} is lower than {winner}. {ref}", True),
        (f"{winner.capitalize()} (the higher one) is above {loser}. {ref}", True),
        (f"{loser.capitalize()} is higher. {ref}", False),
        (f"The higher one is {loser}. {ref}", False),
        (f"{loser.capitalize()} is higher than {winner}; {ref}", False),
        (f"The {winner} line sits above the {loser} line. {ref}", True),
        (f"The {loser} line sits above the {winner} line. {ref}", False),
    ]


#: verbs of making something go up or down, which no direction label is written with
_MADE = {"rose": ("raised", "lowered"), "fell": ("lowered", "raised")}
#: how the first value compares with the last (a comparison within the item, no reason the other way)
_ENDS = {"rose": "lower", "fell": "higher"}


def reason_reversed(q: dict[str, Any]) -> list[Case]:
    """A verdict on a direction whose own reason says the other way of the same item ("It fell by
    2.8 pp, because the reform raised its level") fails; a reason the same way passes."""
    labels = [f["text"] for f in q["answer_values"] if f["kind"] == "label"]
    if len(labels) != 1 or labels[0] not in _MADE or not q["reference"].rstrip().endswith("."):
        return []
    same, other = _MADE[labels[0]]
    ref = q["reference"]
    return [
        (f"{ref} It {labels[0]}, because the policy {same} its level.", True),
        (f"{ref} It {labels[0]}, because its first value was {_ENDS[labels[0]]} than its last.", True),
        (f"{ref} It {labels[0]}, because the policy {other} its level.", False),
        (f"{ref} It {labels[0]} since the reform {other} it over the period.", False),
    ]


def data_units(q: dict[str, Any]) -> list[Case]:
    """Data rates keep their case: "Mbit/s" is Mbps, "MB/s" is megabytes a second (eight times as
    much): the value in MB/s with its Mbit/s beside it passes; the Mbps value written in MB/s fails."""
    out: list[Case] = []
    for f in q["answer_values"]:
        said = f"{f['text']} Mbps"
        if f["kind"] != "number" or f.get("unit") != "Mbps" or said not in q["reference"]:
            continue
        value = float(f["text"])
        bytes_ = f"{value / 8:.{_decimals(f['text']) + 1}f}"
        out += [
            (q["reference"].replace(said, f"{f['text']} Mbit/s"), True),
            (q["reference"].replace(said, f"≈ {bytes_} MB/s ({f['text']} Mbit/s)"), True),
            (q["reference"].replace(said, f"{f['text']} MB/s"), False),
        ]
    return out


def _hours_minutes(value: float) -> tuple[str, int]:
    """Signed hours and minutes (-1.55 is "-1" and 33)."""
    total = round(abs(value) * 60)
    return f"{'-' if value < 0 else ''}{total // 60}", total % 60


def hours_minutes(q: dict[str, Any]) -> list[Case]:
    """A value in hours written as hours and minutes alone ("9 h 24 min", "9h24", "9 hours and
    24 minutes") is that value; hours and minutes of 1.3 times the one asked value are another
    value."""
    out: list[Case] = []
    for f in q["answer_values"]:
        said = f"{f['text']} hours"
        if f["kind"] != "number" or f.get("unit") != "hours" or said not in q["reference"]:
            continue
        hours, minutes = _hours_minutes(float(f["text"]))
        if minutes < 1:
            continue
        far_h, far_m = _hours_minutes(float(f["text"]) * 1.3)
        out += [
            (q["reference"].replace(said, f"{hours} h {minutes:02d} min"), True),
            (q["reference"].replace(said, f"{hours}h{minutes:02d}"), True),
            (q["reference"].replace(said, f"{hours} hours and {minutes} minutes"), True),
        ]
        if _one_value(q) is f:  # a wrong value of the asked one (a wrong reading beside others may pass)
            out.append((q["reference"].replace(said, f"{far_h} h {far_m:02d} min"), False))
    return out


def _comma(said: str) -> str:
    """A decimal point as a comma, where the comma cannot read as a thousands mark."""
    return said if re.search(r"\.\d{3}(?!\d)", said) else said.replace(".", ",")


def dutch_negation(q: dict[str, Any]) -> list[Case]:
    """Dutch and German put "not" after the verb of confirming ("de grafiek bevestigt het niet",
    "die Grafik bestätigt es nicht"): the verdict "contradicts", never "matches"."""
    out: list[Case] = []
    for verdict in ("matches", "contradicts"):
        numbers = _values_only(q, verdict)
        if numbers is None:
            continue
        values = " tegenover ".join(_comma(_said(f)) for f in numbers)
        werte = " gegenüber ".join(_comma(_said(f)) for f in numbers)
        denies = verdict == "contradicts"
        out += [
            (f"Nee, de grafiek bevestigt het niet: {values}.", denies),
            (f"Nein, die Grafik bestätigt es nicht: {werte}.", denies),
        ]
    return out


CLASSES: dict[str, Callable[[dict[str, Any]], list[Case]]] = {
    "mismatch_verdict": mismatch_verdict,
    "short_correction": short_correction,
    "named_against_sign": named_against_sign,
    "multiple_denied": multiple_denied,
    "colour_winner": colour_winner,
    "reason_reversed": reason_reversed,
    "data_units": data_units,
    "hours_minutes": hours_minutes,
    "dutch_negation": dutch_negation,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    for q in questions():
        for answer, passes in CLASSES[name](q):
            yield q, answer, passes
