"""The judge9 round's error classes (issue 25), on generated questions: a right verdict beside
a wrong supporting value is a contradiction of that value (a fail), and a pass is uncertain
when the answer states a year no question or reference names (a claim about another period)
or a number the judge cannot bind to an asked value (a gap of a figure number and a value is
no longer one).

The answers come from :mod:`tests.judge.offline_cases_judge9`, built from the frozen question
snapshots (questions only). Every class fails on offline-claims-v8 (main before this round),
and each class holds the right forms beside the wrong ones: those must still pass.
"""

from __future__ import annotations

import pytest

from judge.offline_risks import EXTRA_VALUE
from tests.judge import offline_cases_judge8 as cases8
from tests.judge import offline_cases_judge9 as cases
from tests.judge.error_classes import verdict, wrong_verdicts

DEFAULT_MINIMUM = (5, 10)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(cases.CLASSES))
def test_the_judge_gets_every_answer_of_the_class_right(name: str) -> None:
    rows = list(cases.cases(name))
    asked = {q["question_id"] for q, _, _ in rows}
    least_questions, least_answers = DEFAULT_MINIMUM
    assert len(asked) >= least_questions and len(rows) >= least_answers, (name, len(asked), len(rows))
    assert any(ok for _, _, ok in rows) and any(not ok for _, _, ok in rows), "right and wrong forms"
    assert wrong_verdicts(rows) == []


def _single_value_questions() -> list[dict]:
    return [q for q in cases.questions() if cases8._single(q) is not None][:12]


def _answer(q: dict) -> str:
    fact = cases8._single(q)
    assert fact is not None
    return f"{fact['text']}{cases8._unit(fact)}"


def _unnamed_year(q: dict) -> int:
    return next(y for y in range(1931, 1999) if str(y) not in q["question"] + q["reference"])


@pytest.mark.parametrize(
    "form",
    [
        "The chart shows {v}, the highest since {y}.",
        "The chart shows {v} in {y}.",
        "In {y} the chart shows {v}.",
    ],
)
def test_a_pass_that_names_a_year_the_item_never_names_is_uncertain(form: str) -> None:
    """A year neither the question nor the reference names binds the value to another period,
    or makes a claim the checks cannot bind: a pass with one is handed to an LLM judge."""
    for q in _single_value_questions():
        got = verdict(q, form.format(v=_answer(q), y=_unnamed_year(q)))
        assert not (got.score >= 6 and got.certain), (q["question_id"], got.judgement)


def test_a_pass_with_every_number_accounted_for_stays_certain() -> None:
    for q in _single_value_questions():
        got = verdict(q, f"The chart shows {_answer(q)}.")
        assert got.score >= 6 and got.certain, (q["question_id"], got.judgement)


@pytest.mark.parametrize("form", ["{label}: {values}.", "Answer: {label} ({values})."])
def test_a_wrong_supporting_value_makes_no_certain_pass(form: str) -> None:
    asked = [(q, cases._verdict_with_values(q)) for q in cases.questions()]
    found = [(q, f) for q, f in asked if f is not None][:15]
    assert len(found) >= 5
    for q, (label, values) in found:
        parts = [f"{v['text']}{cases8._unit(v)}" for v in values]
        parts[0] = f"{cases8._off(values[0], q['reference'])}{cases8._unit(values[0])}"
        got = verdict(q, form.format(label=label, values=" and ".join(parts)))
        assert got.score < 6, (q["question_id"], got.judgement)
        assert EXTRA_VALUE not in got.judgement or not got.certain
