"""The judge8 round's error classes (issue 25), on generated questions: numbers in other forms
(scientific notation, Arabic-Indic digits, HTML tables, citation marks, short year spans, a
percent never read as a fraction, a currency on a count), extra wrong claims beside a right
answer (one reception said of two actors, a colour given another name in a list, the side
said against the reference's verb, "A leads: B comes out lower"), "not in line", a bare yes or
no, a range within the tolerance, and when a pass is uncertain.

The answers come from :mod:`tests.judge.offline_cases_judge8`, built from the frozen question
snapshots (questions only). Every class fails on offline-claims-v7 (main before this round), and
each class holds the wrong forms beside the right ones: those must still fail.
"""

from __future__ import annotations

import pytest

from judge import certainty
from judge.offline_risks import EXTRA_VALUE, LISTED, TRAILING
from tests.judge import offline_cases_judge8 as cases
from tests.judge.error_classes import assert_class_right, best_reading, verdict

#: the fewest questions and answers a class is tried on (few questions of the snapshots have
#: the form some classes need)
MINIMUM: dict[str, tuple[int, int]] = {"side_said_by_verb": (1, 3)}
DEFAULT_MINIMUM = (5, 10)


@pytest.mark.parametrize("name", sorted(cases.CLASSES))
def test_the_judge_gets_every_answer_of_the_class_right(name: str) -> None:
    assert_class_right(name, list(cases.cases(name)), MINIMUM.get(name, DEFAULT_MINIMUM))


def _single_value_questions() -> list[dict]:
    return [q for q in cases.questions() if cases._single(q) is not None][:12]


def _answer(q: dict) -> str:
    fact = cases._single(q)
    assert fact is not None
    return f"{fact['text']}{cases._unit(fact)}"


def test_a_plain_right_answer_is_a_certain_pass() -> None:
    for q in _single_value_questions():
        got = verdict(q, f"The chart shows {_answer(q)}.")
        assert got.score >= 6 and got.certain, (q["question_id"], got.judgement)


@pytest.mark.parametrize(
    ("form", "doubt"),
    [
        ("Up from 987.65 a decade ago, the chart shows {v}.", EXTRA_VALUE),
        ("- Value: {v}\n- Source: the chart", LISTED),
        ("The chart shows {v}. That is more than any other year.", TRAILING),
    ],
)
def test_a_pass_with_an_extra_claim_or_a_list_is_uncertain(form: str, doubt: str) -> None:
    """An extra value, a list of labels or a remark after the answer could hold a wrong claim
    the checks cannot bind: a pass with one is handed to an LLM judge in a cascade (since judge26
    a risky one is scored as a fail offline: its best reading passes)."""
    for q in _single_value_questions():
        got = verdict(q, form.format(v=_answer(q)))
        best = best_reading(q, form.format(v=_answer(q)))[0]
        assert best >= 6 and not got.certain and doubt in got.judgement, (
            q["question_id"],
            got.judgement,
        )


@pytest.mark.parametrize(
    "form",
    [
        "Värdet är {v} enligt diagrammet, och det är högre än målet.",
        "Wartość wynosi {v} według wykresu, więcej niż cel.",
        "Nilai pada grafik adalah {v}, lebih tinggi dari target.",
        "Giá trị trên biểu đồ là {v}, cao hơn mục tiêu.",
        "Grafikteki değer {v} olup hedefin üzerindedir.",
    ],
)
def test_a_pass_in_a_language_the_judge_does_not_read_is_uncertain(form: str) -> None:
    """Swedish, Polish, Indonesian, Vietnamese, Turkish: the numbers are read, the words are not."""
    for q in _single_value_questions():
        got = verdict(q, form.format(v=_answer(q)))
        assert not got.certain and certainty.UNREAD in got.judgement, (q["question_id"], got.judgement)


def test_a_wrong_value_stays_a_certain_fail_whatever_else_is_doubted() -> None:
    for q in _single_value_questions():
        fact = cases._single(q)
        assert fact is not None
        wrong = f"{cases._off(fact, q['reference'])}{cases._unit(fact)}"
        got = verdict(q, f"- Value: {wrong}\n- Source: the chart")
        assert got.score < 6 and got.certain, (q["question_id"], got.judgement)


@pytest.mark.parametrize(
    "text",
    [
        "The value is 12.5% for Sweden.",
        "Côte d'Ivoire and Türkiye rose in 2019.",
        "It fell in Łódź and Kraków.",
    ],
)
def test_english_with_foreign_names_is_read_as_english(text: str) -> None:
    assert not certainty.unread_language(text)
