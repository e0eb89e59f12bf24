"""``certain`` holds on harder answers than the plain styles (issue 25, point 3): hedges phrased
many ways, chains of thought whose last statement gives another value, values converted to
another unit or scale, answers in other languages and swapped roles of compared entities.

The answers are built from the reference and facts of generated questions (none knows a
question). A verdict the judge marks certain must agree with the careful grader's pass/fail
(score >= 6); hedged alternatives for one slot fail outright.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from judge import JudgeItem, Judgement, OfflineJudge
from tests.judge import offline_cases

QUESTIONS = offline_cases.questions()


def _verdict(q: dict[str, Any], answer: str) -> Judgement:
    return OfflineJudge().score(JudgeItem(q["question"], q["reference"], answer, q["answer_values"]))


def _single() -> Iterator[tuple[dict[str, Any], str, str, float]]:
    """Questions asking one number: (question, its text, its unit, its value)."""
    for q in QUESTIONS:
        facts = offline_cases.numbers(q)
        if len(facts) == 1 and offline_cases.restate(q, facts[0], "X") is not None:
            fact = facts[0]
            yield q, str(fact["text"]), str(fact["unit"] or ""), float(fact["value"])


def _alt(value: float) -> str:
    return offline_cases._fmt(round(value * 1.4 + 3, 1))


def _spaced(unit: str) -> str:
    return unit if unit in ("", "%") else f" {unit}"


HEDGES = (
    "It is either {v}{u} or {a}{u}.",
    "{v}{u}, or possibly {a}{u}.",
    "{ref} Though it might be {a}{u}.",
    "Roughly {v}{u} or {a}{u}; the chart is hard to read.",
)
CHAINS = (
    "The chart shows {v}{u} at first. Therefore the answer is {a}{u}.",
    "Reading the bars: {v}{u}. Rechecking the axis, it is {a}{u}.",
    "First estimate {v}{u} => {a}{u}",
    "I read {v}{u}; hence {a}{u}.",
)
FOREIGN = (
    "Der Wert liegt bei {c}{u}, laut der Abbildung.",
    "La valeur est de {c}{u} selon le graphique.",
    "El valor es {c}{u} según el gráfico.",
    "数值约为{v}{u}。",
    "値は{v}{u}です。",
)


def _rows(kind: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    for q, text, unit, value in list(_single())[:14]:
        u, v, a = _spaced(unit), text, _alt(value)
        if kind == "hedge":
            for p in HEDGES:
                yield q, p.format(v=v, u=u, a=a, ref=q["reference"]), False
        elif kind == "chain":
            for p in CHAINS:
                yield q, p.format(v=v, u=u, a=a), False
        elif kind == "foreign":
            for p in FOREIGN:
                yield q, p.format(v=v, u=u, c=v.replace(".", ",")), True
        elif kind == "converted" and unit == "%":
            yield q, f"The share is {offline_cases._fmt(value / 100)} as a fraction.", True
            yield q, f"It is {offline_cases._fmt(value * 10)} per mille.", True


def _swapped() -> Iterator[tuple[dict[str, Any], str, bool]]:
    """The other entity of the question said to be higher than the reference's winner."""
    for q in QUESTIONS:
        labels = offline_cases.labels(q)
        facts = offline_cases.numbers(q)
        if len(labels) != 1 or not facts:
            continue
        winner, fact = labels[0], facts[-1]
        names = re.findall(r"(?<=[a-z(] )[A-Z][a-z]+(?: [A-Z][a-z]+)*", q["question"])
        others = [
            n
            for n in dict.fromkeys(names)
            if n != winner and n not in winner and winner not in n and n not in ("Figure", "Table")
        ]
        if winner[:1].isupper() and winner in q["question"] and others:
            u = _spaced(str(fact["unit"] or ""))
            yield q, f"{others[-1]} is higher than {winner}, by {fact['text']}{u}.", False
            yield q, f"{others[-1]} exceeds {winner} ({fact['text']}{u} gap).", False
    for q in QUESTIONS:  # "A is 2.3 times B" written as "B is 2.3 times A"
        ref = q["reference"]
        cut = ref.find(" times ")
        before = re.findall(r"(?<=[a-z] )[A-Z][a-z]+", ref[:cut]) if cut > 0 else []
        after = re.findall(r"(?<=[a-z] )[A-Z][a-z]+", ref[cut:]) if cut > 0 else []
        if before and after and before[0] != after[0]:
            x, y = before[0], after[0]
            yield q, ref.replace(x, "\0").replace(y, x).replace("\0", y), False


@pytest.mark.parametrize("kind", ["hedge", "chain", "foreign", "converted", "swapped"])
def test_verdicts_marked_certain_agree_with_the_grader(kind: str) -> None:
    rows = list(_swapped() if kind == "swapped" else _rows(kind))
    assert len({q["question_id"] for q, _, _ in rows}) >= 3 and len(rows) >= 6, (kind, len(rows))
    wrong = []
    for q, answer, ok in rows:
        verdict = _verdict(q, answer)
        if verdict.certain and (verdict.score >= 6) != ok:
            wrong.append(f"{q['question_id']} (certain, got {verdict.score}): {answer!r} {verdict.judgement}")
    assert wrong == []


def test_hedged_alternatives_for_one_slot_fail() -> None:
    for q, answer, _ in _rows("hedge"):
        verdict = _verdict(q, answer)
        assert verdict.score < 6, (q["question_id"], answer, verdict.judgement)
        assert not verdict.certain or verdict.score <= 3, answer
