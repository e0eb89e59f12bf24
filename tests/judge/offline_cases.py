"""General answers for the offline judge's error classes, built from generated questions.

Each builder takes a question of the frozen snapshots (seeds 11 and 23, built by
:mod:`tests.judge.make_offline_questions`) and returns answers written in one style, with the
verdict a careful grader gives them (pass: score >= 6), or nothing when the style does not
apply to the question. No builder knows a question: they read its reference and facts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
SNAPSHOTS = ("offline_questions.json", "offline_heldout_questions.json")
SCALE_WORDS = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
Case = tuple[str, bool]  # (answer, should pass)
Builder = Callable[[dict[str, Any]], list[Case]]


def questions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in SNAPSHOTS:
        out += json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return out


def numbers(q: dict[str, Any]) -> list[dict[str, Any]]:
    return [v for v in q["answer_values"] if v["kind"] == "number"]


def labels(q: dict[str, Any]) -> list[str]:
    return [str(v["text"]) for v in q["answer_values"] if v["kind"] == "label"]


def _fmt(value: float) -> str:
    text = f"{value:,.4f}".rstrip("0").rstrip(".")
    return text


def _unit_spans(q: dict[str, Any], fact: dict[str, Any]) -> list[re.Match[str]]:
    """Where the reference writes ``fact`` with its unit (e.g. ``4.7 million tonnes``)."""
    unit = re.escape(str(fact["unit"] or "")).replace(r"\ ", r"\s+")
    pattern = rf"(?<![\d.,]){re.escape(str(fact['text']))}\s*{unit}" if unit else ""
    return list(re.finditer(pattern, q["reference"])) if pattern else []


def restate(q: dict[str, Any], fact: dict[str, Any], written: str) -> str | None:
    """The reference with every statement of ``fact`` (value and unit) written as ``written``."""
    spans = _unit_spans(q, fact)
    if not spans:
        return None
    ref = q["reference"]
    for m in reversed(spans):
        ref = ref[: m.start()] + written + ref[m.end() :]
    return ref


def scaled(q: dict[str, Any]) -> list[Case]:
    """A scale-word amount: the same amount in the next scale (pass), the digits with a wrong
    scale word (fail)."""
    out: list[Case] = []
    for fact in numbers(q):
        unit = str(fact["unit"] or "")
        word = unit.split()[0] if unit else ""
        if word not in SCALE_WORDS:
            continue
        rest = unit[len(word) :]
        value = float(fact["value"])
        smaller = {"billion": "million", "million": "thousand"}.get(word)
        wrong = {"billion": "million", "million": "billion", "thousand": "million"}[word]
        if smaller:
            good = restate(q, fact, f"{_fmt(value * 1000)} {smaller}{rest}")
            if good:
                out.append((good, True))
        bad = restate(q, fact, f"{fact['text']} {wrong}{rest}")
        if bad and len(numbers(q)) == 1:
            out.append((bad, False))
    return out


#: A fact unit, a unit of the same dimension and the factor from the first to the second.
CONVERSIONS = {
    "kg per hectare": ("tonnes per hectare", 1e-3),
    "tonnes per hectare": ("kg per hectare", 1e3),
    "days": ("hours", 24.0),
    "weeks": ("days", 7.0),
    "km²": ("hectares", 100.0),
    "pp": ("basis points", 100.0),
}
#: A unit of another dimension for a fact unit.
FOREIGN = {
    "%": "weeks",
    "kg per hectare": "km²",
    "tonnes per hectare": "days",
    "days": "%",
    "weeks": "kg",
    "km²": "days",
    "EUR per MWh": "kg",
}


def converted(q: dict[str, Any]) -> list[Case]:
    """A physical amount in another unit of its dimension (pass) or the digits in a unit of
    another dimension (fail, when it is the only number asked)."""
    out: list[Case] = []
    for fact in numbers(q):
        unit = str(fact["unit"] or "")
        if unit in CONVERSIONS:
            other, factor = CONVERSIONS[unit]
            good = restate(q, fact, f"{_fmt(float(fact['value']) * factor)} {other}")
            if good:
                out.append((good, True))
        if unit in FOREIGN and len(numbers(q)) == 1:
            bad = restate(q, fact, f"{fact['text']} {FOREIGN[unit]}")
            if bad:
                out.append((bad, False))
    return out


def _off(fact: dict[str, Any], share: float) -> str:
    value = float(fact["value"])
    return _fmt(round(value * (1 + share), 2) if abs(value) >= 10 else round(value * (1 + share), 3))


def wrong_reference(q: dict[str, Any], share: float = 0.3) -> str | None:
    """The reference with every asked number off by ``share``: a wrong answer."""
    ref = q["reference"]
    changed = False
    for fact in numbers(q):
        if re.fullmatch(r"(?:19|20)\d\d", str(fact["text"])):
            continue
        new = re.sub(rf"(?<![\d.,]){re.escape(str(fact['text']))}(?![\d])", _off(fact, share), ref)
        changed |= new != ref
        ref = new
    return ref if changed else None


def concluded(q: dict[str, Any]) -> list[Case]:
    """Reasoning that first reads one thing and then commits to another: the conclusion is scored."""
    wrong = wrong_reference(q)
    if wrong is None:
        return []
    return [
        (f"Let me work through the chart. At first glance: {wrong} Checking again more carefully. "
         f"Final answer: {q['reference']}", True),
        (f"Reading the figure step by step: {q['reference']} Hmm, I misread the axis. "
         f"Final answer: {wrong}", False),
        (f"**Reasoning.** {q['reference']}\n\nOn reflection I got the scale wrong.\n\n"
         f"**Answer:** {wrong}", False),
    ]  # fmt: skip


def read_first(q: dict[str, Any]) -> list[Case]:
    """A correct answer that first lists the values it read (readings, not a spray)."""
    nums = numbers(q)
    if not nums or q["subset"] != "chart":
        return []
    base = abs(float(nums[0]["value"])) or 1.0
    readings = ", ".join(f"{2010 + i}: {_fmt(round(base * (0.5 + 0.07 * i), 1))}" for i in range(8))
    return [(f"Values I read from the chart: {readings}. So: {q['reference']}", True)]


def hedged(q: dict[str, Any]) -> list[Case]:
    """Two alternatives for one asked slot: neither is committed to."""
    out: list[Case] = []
    nums = [f for f in numbers(q) if not re.fullmatch(r"(?:19|20)\d\d", str(f["text"]))]
    if len(nums) == 1:
        fact = nums[0]
        ref = q["reference"]
        pattern = rf"(?<![\d.,]){re.escape(str(fact['text']))}(?![\d])"
        if re.search(pattern, ref):
            other = _off(fact, 0.25)
            out.append((re.sub(pattern, f"either {fact['text']} or {other}", ref, count=1), False))
            out.append((f"{ref} Though it might be {other}.", False))
    return out


def label_hedged(q: dict[str, Any]) -> list[Case]:
    """An entity answer offered as one of two options the question names."""
    names = [n for n in labels(q) if n[:1].isupper() and n in q["reference"] and not n.isdigit()]
    if not names:
        return []
    asked = names[0]
    rivals = [
        m
        for m in re.findall(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*", q["question"])
        if m not in (asked, "In", "Which", "What", "Figure", "Say", "At", "By", "The")
    ]
    rivals = [r for r in rivals if r not in q["reference"] and len(r) > 3]
    if not rivals:
        return []
    return [(f"It is {asked} or {rivals[0]}; I cannot tell which.", False)]


def wrong_period(q: dict[str, Any]) -> list[Case]:
    """The asked value bound to another year: a contradiction, not a missing fact."""
    years = [f for f in q["answer_values"] if re.fullmatch(r"(?:19|20)\d\d", str(f["text"]))]
    if len(years) != 1 or not numbers(q):
        return []
    year = str(years[0]["text"])
    if q["question"].count(year):
        return []  # the question names the year: restating another is a slip, not the asked value
    ref = re.sub(rf"\b{year}\b", str(int(year) + 3), q["reference"])
    return [(ref, False)]


def tolerance(q: dict[str, Any]) -> list[Case]:
    """A computed result about 18% off: wrong, whatever the stored tolerance."""
    out: list[Case] = []
    derived = [f for f in numbers(q) if f["abs_tol"] and not f["rel_tol"] and abs(float(f["value"])) >= 1]
    for fact in derived:
        ref = q["reference"]
        pattern = rf"(?<![\d.,]){re.escape(str(fact['text']))}(?![\d])"
        if re.search(pattern, ref):
            out.append((re.sub(pattern, "approximately " + _off(fact, 0.18), ref), False))
    return out


def decimal_comma(q: dict[str, Any]) -> list[Case]:
    """Decimals written with a comma (``27,08``): read as one number."""
    ref = q["reference"]
    new = re.sub(r"(?<![\d,.])(\d{1,2})\.(\d{1,2})(?![\d])", r"\1,\2", ref)
    return [(new, True)] if new != ref else []


def cjk(q: dict[str, Any]) -> list[Case]:
    """Numbers with CJK characters next to them."""
    nums = numbers(q)
    if len(q["answer_values"]) != 1 or not nums:
        return []
    fact = nums[0]
    unit = {"%": "%"}.get(str(fact["unit"] or ""), "")
    return [(f"答案是{fact['text']}{unit}。", True), (f"答案：约{fact['text']}{unit}左右", True)]


def markup(q: dict[str, Any]) -> list[Case]:
    """The reference in LaTeX and markdown dress; capitalised German nouns around it."""
    ref = q["reference"]
    nums = numbers(q)
    out = [(f"**Answer:** {ref}", True)]
    if nums:
        text = str(nums[0]["text"])
        boxed = re.sub(
            rf"(?<![\d.,]){re.escape(text)}(?![\d])", rf"$\\boxed{{\\text{{{text}}}}}$", ref, count=1
        )
        out.append((f"{boxed} $\\Rightarrow$ \\textbf{{Final}}", True))
    out.append((f"Die Antwort (laut Diagramm und Text): {ref}", True))
    return out


def foreign(q: dict[str, Any]) -> list[Case]:
    """The answer in another language: its numbers are read, and a verdict that cannot read
    the rest is uncertain, never a confident fail (see ``FOREIGN_CLASSES``)."""
    nums = numbers(q)
    if len(nums) != 1 or len(q["answer_values"]) > 2:
        return []
    fact = nums[0]
    unit = str(fact["unit"] or "")
    comma = str(fact["text"]).replace(".", ",")
    return [
        (f"Laut der Abbildung beträgt der Wert {comma} {unit}; das ist das Ergebnis der Auswertung.", True),
        (f"Según el gráfico, el valor es {comma} {unit}, como indica el texto del documento.", True),
        (f"根据图表，该数值为{fact['text']}{unit}。", True),
    ]


def _single_number(q: dict[str, Any]) -> dict[str, Any] | None:
    """The one fact of a question that asks one number and nothing else."""
    nums = numbers(q)
    if len(q["answer_values"]) != 1 or len(nums) != 1 or re.fullmatch(r"(?:19|20)\d\d", str(nums[0]["text"])):
        return None
    return nums[0]


def corrected(q: dict[str, Any]) -> list[Case]:
    """A reasoning that corrects itself: the corrected value counts, and a final answer stated
    first outweighs the explanation after it."""
    fact = _single_number(q)
    if fact is None:
        return []
    unit = str(fact["unit"] or "")
    v, w = f"{fact['text']} {unit}".strip(), f"{_off(fact, 0.3)} {unit}".strip()
    return [
        (f"I initially read {w}, but looking closer it is {v}.", True),
        (f"First I read {v}, but that was the wrong series; the correct value is {w}.", False),
        (
            f"Let me think step by step. {q['reference']} Wait, let me recheck the axis. It is actually {w}.",
            False,
        ),
        (f"**Final answer:** {w}\n\n(Earlier I wrote {v}, which was a misreading.)", False),
        (f"**Final answer:** {v}\n\n(At first I read {w} off the wrong gridline.)", True),
    ]


def maybe_hedged(q: dict[str, Any]) -> list[Case]:
    """A value offered next to another possible one ("maybe 45", "but 45 is also possible")."""
    fact = _single_number(q)
    if fact is None:
        return []
    unit = str(fact["unit"] or "")
    v, w = f"{fact['text']} {unit}".strip(), f"{_off(fact, 0.3)} {unit}".strip()
    return [
        (f"Probably around {v}, maybe {_off(fact, 0.3)}.", False),
        (f"I'd say {v}, but {w} is also possible.", False),
    ]


def wrong_values(q: dict[str, Any]) -> list[Case]:
    """Every read value stated wrongly next to right labels and years: a wrong answer, however
    many labels are right (a wrong value is a contradiction, not a missing fact)."""
    if not labels(q) or not numbers(q) or q["category"] == "historical_timeline":
        return []
    wrong = wrong_reference(q, 0.25)
    return [(wrong, False)] if wrong else []


def restated_question(q: dict[str, Any]) -> list[Case]:
    """The answer restates an either-or question before answering: the question claims nothing."""
    m = re.search(r"[^.?:]*\bor\b[^.?:]*\?", q["question"])
    return [(f"{m.group(0).strip()} {q['reference']}", True)] if m else []


CLASSES: dict[str, Builder] = {
    "scaled": scaled,
    "converted": converted,
    "concluded": concluded,
    "read_first": read_first,
    "hedged": hedged,
    "label_hedged": label_hedged,
    "wrong_period": wrong_period,
    "tolerance": tolerance,
    "decimal_comma": decimal_comma,
    "cjk": cjk,
    "markup": markup,
    "foreign": foreign,
    "corrected": corrected,
    "maybe_hedged": maybe_hedged,
    "wrong_values": wrong_values,
    "restated_question": restated_question,
}
#: Classes whose answers must pass or be uncertain (scored by best reading, never a certain fail).
FOREIGN_CLASSES = frozenset({"foreign"})


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    yield from cases_of(CLASSES[name], questions())


def cases_of(builder: Builder, asked: list[dict[str, Any]]) -> Iterator[tuple[dict[str, Any], str, bool]]:
    """(question, answer, should pass) for every answer ``builder`` writes to the ``asked``."""
    for q in asked:
        for answer, ok in builder(q):
            yield q, answer, ok
