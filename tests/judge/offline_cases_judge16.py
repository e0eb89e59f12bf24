"""General answers for the judge16 round's fixes (issue 25), built from generated questions:
every frozen question snapshot up to v15 (questions only, never their labelled answers). Each
builder reads a question's question text, reference and facts, never its id, and rewrites the
reference into answers: the right forms must pass and the wrong forms must fail.

The classes are the mechanisms behind v15's false passes (docs/protocol.md, "The judge16 round").
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator
from typing import Any

from tests.judge.offline_cases import DATA
from tests.judge.offline_cases_judge15 import SNAPSHOTS as _JUDGE15_SNAPSHOTS

#: every frozen question file up to v15 (their answers are not read here)
SNAPSHOTS = (*_JUDGE15_SNAPSHOTS, "offline_heldout_v15_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)
_SCALED = re.compile(r"^(billion|million) (USD|EUR|GBP|tonnes|tonne-km|passenger-km)$")
_LOWER = {"billion": "million", "million": "thousand"}


def questions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in SNAPSHOTS:
        out += json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return out


def _decimals(text: str) -> int:
    return len(text.split(".")[1]) if "." in text else 0


def _numbers(q: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in q["answer_values"] if f["kind"] == "number" and f.get("unit")]


def dual_conversion(q: dict[str, Any]) -> list[Case]:
    """A value restated in the next scale word down ("0.485 billion USD (= 485 million USD)") or
    in hours and minutes passes when the two are one amount and fails when the restatement is
    off by a power of ten or reads the decimal hours as minutes ("9.17 hours (9 h 17 min)")."""
    out: list[Case] = []
    for f in _numbers(q):
        said = f"{f['text']} {f['unit']}"
        if said not in q["reference"]:
            continue
        m = _SCALED.match(f["unit"])
        if m is not None:
            value, lower = float(f["text"].replace(",", "")), f"{_LOWER[m.group(1)]} {m.group(2)}"
            digits = max(0, _decimals(f["text"]) - 3)
            right, wrong = f"{value * 1000:,.{digits}f}", f"{value * 100:,.{max(digits, 1)}f}"
            for join in ("{} (= {} {})", "{} (≈ {} {})", "{}, which is {} {},"):
                out.append((q["reference"].replace(said, join.format(said, right, lower), 1), True))
                out.append((q["reference"].replace(said, join.format(said, wrong, lower), 1), False))
        elif f["unit"] == "hours" and _decimals(f["text"]) == 2:
            hours, minutes = int(float(f["text"])), round(math.modf(float(f["text"]))[0] * 60)
            misread = int(f["text"].split(".")[1])
            if abs(misread - minutes) < 3:
                continue
            for join in ("{} (i.e. {} h {:02d} min)", "{} ({} hours and {} minutes)"):
                out.append((q["reference"].replace(said, join.format(said, hours, minutes), 1), True))
                out.append((q["reference"].replace(said, join.format(said, hours, misread), 1), False))
    return out


_EITHER = re.compile(r"which was (higher|lower) in .+?: (.+?) or (.+?), and by how much\?")
_GAP = re.compile(r"a gap of (\S+) percentage points")


def winner_after_colon(q: dict[str, Any]) -> list[Case]:
    """ "Which was higher …: Haiti or Barbados?" asks for one of two options, the first written
    right after a colon: the other option said to be higher (in English, or with a Spanish verb
    of exceeding, "Haití superaba a Barbados") fails; the asked one passes."""
    m, gap = _EITHER.search(q["question"]), _GAP.search(q["reference"])
    labels = [f["text"] for f in q["answer_values"] if f["kind"] == "label"]
    years = [f["text"] for f in q["answer_values"] if f["kind"] == "number" and not f.get("unit")]
    if m is None or gap is None or len(labels) != 1 or len(years) != 1 or labels[0] not in m.groups()[1:]:
        return []
    cue, winner = m.group(1), labels[0]
    loser = m.group(3) if winner == m.group(2) else m.group(2)
    year, points = years[0], gap.group(1)
    out = [
        (f"{winner} was {cue} in {year}, by {points} percentage points.", True),
        (f"{loser} was {cue} in {year}, by {points} percentage points.", False),
        (f"In {year} the gap was {points} points, which puts {loser} {cue}.", False),
    ]
    if cue == "higher":
        out += [
            (f"En {year} {winner} superaba a {loser} por unos {points.replace('.', ',')} puntos.", True),
            (f"En {year} {loser} superaba a {winner} por unos {points.replace('.', ',')} puntos.", False),
        ]
    return out


_AGAINST = re.compile(
    r"^The chart shows (\S+?)(%| [^,]+?) against a stated (\w+) of (\S+?)(?:%| [^,]+?), so .*"
    r"the chart is (above|below) it\.$"
)


def false_comparison(q: dict[str, Any]) -> list[Case]:
    """ "Which is larger: the forecast or the chart's value?" answered with the right side and a
    stated comparison of the two numbers: it passes when the comparison holds and fails when it
    does not ("the forecast of 80% is above the charted 82.2%")."""
    m = _AGAINST.match(q["reference"])
    if m is None:
        return []
    chart, unit, what, stated, side = m.groups()
    shown, given = f"the charted {chart}{unit}", f"the {what} of {stated}{unit}"
    larger = "The chart's value is larger" if side == "above" else f"The {what} is larger"
    return [
        (f"{larger}, because {shown} is {side} {given}.", True),
        (f"{larger}, because {given} is {side} {shown}.", False),
        (f"{larger}: {given} lies {side} {shown}.", False),
    ]


_RECOUNTS = re.compile(r"recounts that (.+?) and that (.+?)\. In the year of whichever came (first|second)")
_ORDERED = re.compile(r"^(.+?) in ((?:19|20)\d\d), the (earlier|later) of the two; (.+)$")


def event_order(q: dict[str, Any]) -> list[Case]:
    """The year of whichever of two events came second (first), with a reason that puts the
    other event second (first) ("2021, because Spain's buffer came after the insolvency
    reform"): it fails; the reason the right way round passes."""
    m, r = _RECOUNTS.search(q["question"]), _ORDERED.match(q["reference"])
    if m is None or r is None:
        return []
    first, second, _ = m.groups()
    asked, year, order, rest = r.groups()
    if asked.lower().split()[:2] == first.lower().split()[:2]:
        other = second
    elif asked.lower().split()[:2] == second.lower().split()[:2]:
        other = first
    else:
        return []
    later = order == "later"
    wrong, right = ("after", "before") if later else ("before", "after")
    return [
        (f"{year}, because {other} came {right} the other event; {rest}", True),
        (f"{year}, because {other} came {wrong} the other event; {rest}", False),
        (f"{year}: {other}, which happened {wrong} it. {rest[:1].upper()}{rest[1:]}", False),
    ]


def missed_forecast(q: dict[str, Any]) -> list[Case]:
    """A verdict of agreement ("in line with the forecast") beside a remark that the forecast
    was missed fails; "it's not as though the forecast was missed" passes."""
    labels = [f["text"] for f in q["answer_values"] if f["kind"] == "label"]
    m = re.search(r"\btext's (?:earlier )?(forecast|target|estimate|threshold)\b", q["reference"])
    if labels != ["matches"] or m is None:
        return []
    what = m.group(1)
    ref = q["reference"].rstrip(".")
    return [
        (f"{ref}. It's not as though the {what} was missed.", True),
        (f"{ref} — although the report notes that this {what} was missed by a wide margin.", False),
        (f"{ref}. Strictly, though, the outcome missed the {what}.", False),
    ]


_JUDGED = re.compile(r"(?:^|; )([A-Z][^;]*?) judged it (critically|favourably)(?=[;.,])")


def stance_turned(q: dict[str, Any]) -> list[Case]:
    """The one reception asked, with the other side said of the same actor (a pronoun or its
    words: "Critically — they praised it") fails; the other side said of another actor passes."""
    stances = [
        f
        for f in q["answer_values"]
        if f["kind"] == "label" and f["text"] in ("positive", "negative", "mixed")
    ]
    found = _JUDGED.findall(q["reference"])
    if len(stances) != 1 or stances[0]["text"] == "mixed" or len(found) != 1:
        return []
    actor, said = found[0]
    turned = "praised" if said == "critically" else "criticised"
    head = f"{actor} judged it {said}"
    ref = q["reference"].rstrip(".")
    noun = actor.split()[-1]
    return [
        (f"{ref}. Other observers, such as the central auditors, {turned} it.", True),
        (ref.replace(head, f"{head} — they {turned} it, though", 1) + ".", False),
        (f"{ref} — although the same {noun} later reversed course and {turned} it.", False),
    ]


def rechecked(q: dict[str, Any]) -> list[Case]:
    """A self-correction by reading again ("… no, checking again, …"): the corrected statement
    is the answer, so a wrong value corrected to the reference passes and the reference
    corrected to a wrong value fails."""
    numbers = [
        f for f in _numbers(q) if re.search(rf"(?<![\d.,]){re.escape(f['text'])}(?![\d])", q["reference"])
    ]
    if not numbers or len(_numbers(q)) != 1 or any(f["kind"] == "label" for f in q["answer_values"]):
        return []  # a value question (a label said twice may read as two candidates)
    value = numbers[0]["text"]
    wrong_value = f"{float(value.replace(',', '')) * 1.6 + 3:.{_decimals(value)}f}"
    wrong = re.sub(rf"(?<![\d.,]){re.escape(value)}(?![\d])", wrong_value, q["reference"]).rstrip(".")
    ref = q["reference"].rstrip(".")
    return [
        (f"{wrong}... no, checking again, {ref}.", True),
        (f"{wrong} — correction: {ref}.", True),
        (f"{ref}... no, checking again, {wrong}.", False),
    ]


_SUPERLATIVE = re.compile(
    r"\bwhich\b.*?\b(highest|lowest|largest|smallest|furthest|most|least)\b", re.IGNORECASE
)


def unpicked_list(q: dict[str, Any]) -> list[Case]:
    """A "which … highest" question answered with the asked candidate listed among others
    (with the reference's values) and no word that picks one fails; the same list with the
    pick passes."""
    m = _SUPERLATIVE.search(q["question"])
    labels = [f["text"] for f in q["answer_values"] if f["kind"] == "label"]
    numbers = [f"{f['text']} {f['unit'] or ''}".strip() for f in q["answer_values"] if f["kind"] == "number"]
    if m is None or len(labels) != 1 or not labels[0][:1].isupper():
        return []
    winner, cue = labels[0], m.group(1).lower()
    said = f"{winner} ({', '.join(numbers)})" if numbers else winner
    listed = f"The chart shows Norland, {said} and Estavia"
    return [
        (f"{listed}; {winner} is the {cue}.", True),
        (f"{listed}, with mixed changes.", False),
        (f"{listed}; the chart covers several of them.", False),
    ]


def wrong_values_with_label(q: dict[str, Any]) -> list[Case]:
    """ "How did X develop?" answered with the right direction and wrong values for both ends
    ("It rose from 0.0867 to 0.1055" for 86.7% to 105.5%) fails: the values are wrong, not left
    out; the right values pass."""
    labels = [f["text"] for f in q["answer_values"] if f["kind"] == "label"]
    ends = [f for f in q["answer_values"] if f["kind"] == "number" and f.get("unit")]
    if not re.search(r"\bHow did\b.*\b(?:develop|change|move)\b", q["question"]):
        return []
    if labels not in (["rose"], ["fell"]) or len(ends) != 2:
        return []
    a, b = (float(f["text"].replace(",", "")) for f in ends)
    unit = ends[0]["unit"]
    return [
        (f"It {labels[0]}, from {ends[0]['text']} {unit} to {ends[1]['text']} {unit}.", True),
        (f"It {labels[0]} from {a / 1000:g} to {b / 1000:g}.", False),
        (f"It {labels[0]} from {a * 3 + 1:g} to {b * 3 + 1:g}.", False),
    ]


CLASSES: dict[str, Callable[[dict[str, Any]], list[Case]]] = {
    "wrong_values_with_label": wrong_values_with_label,
    "unpicked_list": unpicked_list,
    "dual_conversion": dual_conversion,
    "winner_after_colon": winner_after_colon,
    "false_comparison": false_comparison,
    "event_order": event_order,
    "missed_forecast": missed_forecast,
    "stance_turned": stance_turned,
    "rechecked": rechecked,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    for q in questions():
        for answer, passes in CLASSES[name](q):
            yield q, answer, passes
