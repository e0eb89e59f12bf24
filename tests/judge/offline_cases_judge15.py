"""General answers for the judge15 round's fixes (issue 25), built from generated questions:
every frozen question snapshot up to v14 (questions only, never their labelled answers). Each
builder reads a question's reference and facts, never its id, and rewrites the reference into
answers: the right forms must pass and the wrong forms must fail.

The classes are the mechanisms behind the certain errors of held-out sets v12, v13 and v14 that
recur in two or more of them (docs/protocol.md, "The judge15 round").
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from tests.judge.offline_cases import DATA
from tests.judge.offline_cases_judge14 import SNAPSHOTS as _JUDGE14_SNAPSHOTS

#: every frozen question file up to v14 (their answers are not read here)
SNAPSHOTS = (*_JUDGE14_SNAPSHOTS, "offline_heldout_v14_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)
_SPAN = re.compile(r"over that span (.+?) moved from (\S+) (.+?) to (\S+) \3, a change of (\S+) \3\.?$")
_MEAN = re.compile(
    r"(?P<head>.*?), so the chart (?P<verdict>matches|contradicts) it; "
    r"the (?P<n>\d+) marks average (?P<mean>\S+?)(?P<unit>%| [^.;]+)\.?$"
)
_STANCES = re.compile(
    r"^(.+?) judged it (critically|favourably); (.+?) judged it (critically|favourably|with mixed feelings)"
)
_TITLE = re.compile(r"\('([^']+)'\)")
_CAUSE = re.compile(r"^(.+?) credit the (.+?); (.+?) changed by (\S+) (.+?) \(")
_NUMBER = re.compile(r"(?<![\w.,])-?\d[\d,]*(?:\.\d+)?")


def questions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in SNAPSHOTS:
        out += json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return out


def _years(q: dict[str, Any]) -> list[str]:
    return [
        str(f["text"])
        for f in q["answer_values"]
        if f["kind"] == "number" and not f.get("unit") and re.fullmatch(r"(?:19|20)\d\d", str(f["text"]))
    ]


def dated_readings(q: dict[str, Any]) -> list[Case]:
    """A change over the years of two events, told as the two readings dated by those years
    ("about 16.6 thousand units in 2019 and 17.7 thousand units in 2022, so a change of 1.1"):
    the readings name the value the years delimit, no other fact, so the years stand. A wrong
    change, or a year the item never names, fails."""
    m = _SPAN.search(q["reference"])
    years = sorted(_years(q))
    if m is None or len(years) != 2:
        return []
    entity, start, unit, end, change = m.groups()
    wrong = f"{float(change.replace(',', '')) * 3 + 7:g}"
    other = str(int(years[0]) - 40)
    read = f"{start} {unit} in {years[0]} and {end} {unit} in {years[1]}"
    return [
        (f"{entity} reads {read}, so the change is {change} {unit}.", True),
        (f"About {read}; a change of {change} {unit}.", True),
        (f"{entity} reads {read}, so the change is {wrong} {unit}.", False),
        (f"{entity} reads {read.replace(years[0], other)}, so the change is {change} {unit}.", False),
    ]


def cause_of_change(q: dict[str, Any]) -> list[Case]:
    """The cause of an entity's change said with the entity that changed ("attributes Bangladesh's
    movement to the port concession"): the entity names what the cause explains, no other fact.
    Another cause fails."""
    m = _CAUSE.search(q["reference"])
    if m is None:
        return []
    _, cause, entity, change, unit = m.groups()
    if re.search(r"\b(?:without|no|not|non)\b", entity):
        return []  # "people without basic sanitation": a negation the cause would fall under
    judged = re.search(r"\), and (.+?) judged it (\w+(?: \w+ \w+)?)", q["reference"])
    if judged is None:
        return []
    tail = f" {judged.group(1)[:1].upper()}{judged.group(1)[1:]} judged it {judged.group(2)}."
    moved = f"It changed by {change} {unit}.{tail}"
    return [
        (f"The report attributes the movement of {entity} to the {cause}. {moved}", True),
        (f"For {entity} the report credits the {cause}; the change is {change} {unit}.{tail}", True),
        (f"The report attributes the movement of {entity} to the weather. {moved}", False),
    ]


def working_steps(q: dict[str, Any]) -> list[Case]:
    """A mean worked out in steps ("sum of 5 marks = 21.4 → 21.4/5 = 4.28%") beside a read
    value: the sum is a step of the working, no other value of the read one. A wrong mean fails."""
    m = _MEAN.search(q["reference"])
    if m is None:
        return []
    n, mean, unit = int(m.group("n")), m.group("mean"), m.group("unit")
    decimals = len(mean.split(".")[1]) if "." in mean else 0
    total = f"{float(mean) * n:.{decimals}f}"
    wrong = f"{float(mean) * 1.5:.{decimals}f}"
    wrong_total = f"{float(wrong) * n:.{decimals}f}"
    head, verdict = m.group("head"), m.group("verdict")
    mean_of = f"Mean: sum of {n} marks ="
    return [
        (f"{head} → so it {verdict} it. {mean_of} {total} → {total} / {n} = {mean}{unit}.", True),
        (f"{head}, so the chart {verdict} it. The marks sum to {total} → {total}/{n} = {mean}{unit}.", True),
        (f"{head} → so it {verdict} it. {mean_of} {wrong_total} → {wrong_total}/{n} = {wrong}{unit}.", False),
    ]


def respectively(q: dict[str, Any]) -> list[Case]:
    """Two actors' receptions paired by "respectively": in the reference's order they pass, the
    other way round they fail."""
    m = _STANCES.search(q["reference"])
    if m is None or m.group(2) == m.group(4):
        return []
    a, x, b, y = m.groups()
    actor = re.split(r";\s*|,\s*and\s+", a)[-1]
    if len(re.findall(re.escape(actor), q["reference"], re.IGNORECASE)) > 1:
        return []  # an actor that also credits the cause: its words bind no reception alone
    rest = q["reference"][m.end() :]
    return [
        (f"{a} and {b[:1].lower()}{b[1:]} judged it {x} and {y}, respectively{rest}", True),
        (f"{a} and {b[:1].lower()}{b[1:]} judged it {y} and {x}, respectively{rest}", False),
    ]


def quoted_title(q: dict[str, Any]) -> list[Case]:
    """A title the answer quotes wrongly, with other words, names and years ("the chart
    'Programme participants by year, 2010–2018'"): no entity or year the value is given for. A
    wrong value fails."""
    m = _TITLE.search(q["reference"])
    numbers = [f for f in q["answer_values"] if f["kind"] == "number" and f.get("unit")]
    if m is None or not numbers:
        return []
    misquoted = f"('Overview of Zorvex Holdings by year, {1961 + len(q['question']) % 20}–1990')"
    right = q["reference"].replace(m.group(0), misquoted)
    value = str(numbers[0]["text"])
    if not re.search(rf"(?<![\d.,]){re.escape(value)}(?![\d])", right):
        return []
    wrong_value = f"{float(value.replace(',', '')) * 1.7 + 3:g}"
    wrong = re.sub(rf"(?<![\d.,]){re.escape(value)}(?![\d])", wrong_value, right)
    return [(right, True), (right.replace(misquoted, f'"{misquoted[2:-2]}"'), True), (wrong, False)]


#: a negated verdict of agreement in Spanish and Portuguese, and the plain one
_NEGATED = ("No la confirma: ", "Não concordam: ", "No lo confirma: ", "Keine Übereinstimmung: ")
_PLAIN = ("La confirma: ", "Concordam: ", "Übereinstimmung: ")


def foreign_negation(q: dict[str, Any]) -> list[Case]:
    """A verdict of contradiction said as a negated verb of agreement in Spanish, Portuguese or
    German ("No la confirma", "Não concordam", "Keine Übereinstimmung"), with the reference's
    values: it passes; the verb without the negation fails."""
    labels = [f for f in q["answer_values"] if f["kind"] == "label"]
    numbers = [f for f in q["answer_values"] if f["kind"] == "number"]
    if [f["text"] for f in labels] != ["contradicts"] or not numbers:
        return []
    values = " y ".join(f"{f['text']} {f.get('unit') or ''}".strip() for f in numbers)
    said = f"los valores son {values}."
    return [(lead + said, True) for lead in _NEGATED] + [(lead + said, False) for lead in _PLAIN]


_ASKS_WHERE = re.compile(r"\bwhere does the chart titled '[^']*' put\b|\bwhat (?:\w+ ){1,3}does it show\b")


def value_left_out(q: dict[str, Any]) -> list[Case]:
    """A question that asks where the chart puts a value (its title quoted) or what value it
    shows, answered with its labels only: partial (at most 5); the reference passes."""
    labels = [f for f in q["answer_values"] if f["kind"] == "label"]
    values = [f for f in q["answer_values"] if f["kind"] == "number" and f.get("unit")]
    if not _ASKS_WHERE.search(q["question"]) or not labels or not values:
        return []
    kept = [part for part in re.split(r";\s*", q["reference"].rstrip(".")) if not re.search(r"\d", part)]
    if not kept:
        return []
    return [(q["reference"], True), ("; ".join(kept) + ".", False)]


def article_opener(q: dict[str, Any]) -> list[Case]:
    """A German answer that opens with an article and a noun ("Im Jahr 2013 lag …"): no name the
    year is given for. Another year fails."""
    years = _years(q)
    if len(years) != 1 or years[0] not in q["reference"]:
        return []
    year = years[0]
    ref = q["reference"]
    other = str(int(year) - 30)
    said = ref.replace(f" in {year}", "").replace(year, "")
    return [(f"Im Jahr {year} {said}", True), (f"Im Jahr {other} {said}", False)]


CLASSES: dict[str, Callable[[dict[str, Any]], list[Case]]] = {
    "article_opener": article_opener,
    "value_left_out": value_left_out,
    "dated_readings": dated_readings,
    "cause_of_change": cause_of_change,
    "working_steps": working_steps,
    "respectively": respectively,
    "quoted_title": quoted_title,
    "foreign_negation": foreign_negation,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    for q in questions():
        for answer, passes in CLASSES[name](q):
            yield q, answer, passes
