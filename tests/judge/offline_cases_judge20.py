"""General answers for the judge20 round's fixes (issue 25), built from generated questions:
every frozen question snapshot up to v19 (questions only, never their labelled answers). Each
builder reads a question's reference and facts, never its id, and writes answers: the right
forms must pass and the wrong forms must fail.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge19 as _judge19

#: every frozen question file up to v19 (their answers are not read here)
SNAPSHOTS = (*_judge19.SNAPSHOTS, "offline_heldout_v19_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)
_SCALES = {"thousand": Decimal(1000), "million": Decimal(10**6)}
_COUNT = re.compile(r"(thousand|million) (people|subscriptions|households|students|vouchers|wafers)")


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


def _numbers(q: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in q["answer_values"] if f["kind"] == "number"]


def _stated(q: dict[str, Any], fact: dict[str, Any]) -> str | None:
    """The fact as the reference writes it with its unit ("0.007 million people", "78.7%")."""
    unit = fact["unit"] or ""
    said = f"{fact['text']}{unit}" if unit == "%" else f"{fact['text']} {unit}"
    return said if q["reference"].count(said) == 1 else None


def count_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose last number fact is a count under a scale word that converts to a whole
    number of things ("0.007 million people" is 7,000 people)."""
    facts = _numbers(q)
    if not facts or not _COUNT.fullmatch(facts[-1]["unit"] or "") or _stated(q, facts[-1]) is None:
        return None
    whole = Decimal(facts[-1]["text"].lstrip("-")) * _SCALES[facts[-1]["unit"].split()[0]]
    return q if whole == whole.to_integral_value() and whole >= 100 else None


def count_restated(q: dict[str, Any]) -> list[Case]:
    """The count restated unscaled beside itself: the same amount passes, a tenth or ten times it
    fails ("0.007 million people (= 700 people)")."""
    fact = _numbers(q)[-1]
    said = _stated(q, fact)
    assert said is not None
    scale, noun = fact["unit"].split()
    whole = Decimal(fact["text"].lstrip("-")) * _SCALES[scale]
    right, low, high = (f"{int(v):,} {noun}" for v in (whole, whole / 10, whole * 10))
    ref = q["reference"]
    after = ref[ref.index(said) + len(said) :]
    comma = "" if after[:1] in (".", ",", ";", "") else ","  # the restatement closes its clause
    return [
        (ref.replace(said, f"{said} (= {right})"), True),
        (ref.replace(said, f"{said}, i.e. {right}{comma}"), True),
        (ref.replace(said, f"{said} (= {low})"), False),
        (ref.replace(said, f"{said}, i.e. {high}{comma}"), False),
    ]


def percent_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose last number fact is a percentage from 10% to 99.9% written to one decimal."""
    facts = _numbers(q)
    if not facts or facts[-1]["unit"] != "%" or not re.fullmatch(r"[1-9]\d\.\d", facts[-1]["text"]):
        return None
    return q if _stated(q, facts[-1]) is not None else None


def percent_restated(q: dict[str, Any]) -> list[Case]:
    """A percentage beside its fraction: "78.7% (= 0.787)" and "0.787 (= 78.7%)" pass, a fraction
    or percentage a tenth of it fails ("0.787 (= 7.87%)", "78.7% (= 0.0787)")."""
    fact = _numbers(q)[-1]
    said = _stated(q, fact)
    assert said is not None
    share = Decimal(fact["text"]) / 100
    ref = q["reference"]
    return [
        (ref.replace(said, f"{said} (= {share})"), True),
        (ref.replace(said, f"{share} (= {said})"), True),
        (ref.replace(said, f"{said} (= {share / 10})"), False),
        (ref.replace(said, f"{share} (= {Decimal(fact['text']) / 10}%)"), False),
    ]


#: a reference that names a factor as the cause of the change it states
_CAUSE = re.compile(r"\b(?:credits?|put down mainly to) (the [\w -]+?)(?= for\b|[.;,]|$)")


def cause_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose only label fact is a factor the reference credits with the change."""
    labels = [f["text"] for f in q["answer_values"] if f["kind"] == "label"]
    m = _CAUSE.search(q["reference"])
    return q if m is not None and labels == [m.group(1)] and _numbers(q) else None


def cause_direction(q: dict[str, Any]) -> list[Case]:
    """The values and the factor said as the cause pass; said as the effect of the change (the
    change prompted it, it was a response) they fail."""
    factor = next(f["text"] for f in q["answer_values"] if f["kind"] == "label")
    values = "; ".join(
        f"{f['text']}{f['unit']}" if f["unit"] == "%" else f"{f['text']} {f['unit'] or ''}".strip()
        for f in _numbers(q)
    )
    big = factor[0].upper() + factor[1:]
    return [
        (f"{values}. {big} drove this change.", True),
        (f"{values}. The change was mainly due to {factor}.", True),
        (f"{values}. The report puts the change down to {factor}.", True),
        (f"{values}. The change is what prompted {factor}.", False),
        (f"{values}. The change led the authorities to adopt {factor}.", False),
        (f"{values}. {big} was a response to the change.", False),
        (f"{values}. {big} came afterwards, as a consequence.", False),
    ]


CLASSES: _judge18.Classes = {
    "count_restated": (count_asked, count_restated),
    "percent_restated": (percent_asked, percent_restated),
    "cause_direction": (cause_asked, cause_direction),
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    return _judge18.cases_of(CLASSES, name, questions())
