from __future__ import annotations

import math

import pytest

from synthdocbench_tasks.answers import final_answer
from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.metrics import accuracy, mean_score
from synthdocbench_tasks.prompts import ABSTENTION, flat_prompt, system_prompt


def test_default_prompt_is_vision_only_concise_and_ends_with_abstention() -> None:
    text = system_prompt("default")
    assert text is not None
    assert text.endswith(ABSTENTION) and ABSTENTION == "Not found in the document."
    assert "two to four sentences" in text


def test_none_style_has_no_system_prompt_and_cot_thinks_step_by_step(tmp_path) -> None:
    assert system_prompt("none") is None
    assert flat_prompt("What is X?", "none") == "Question: What is X?"
    cot = system_prompt("cot")
    assert cot is not None and "step by step" in cot
    custom = tmp_path / "mine.txt"
    custom.write_text("Answer briefly.\n", encoding="utf-8")
    assert flat_prompt("Q?", str(custom)) == "Answer briefly.\n\nQuestion: Q?"


def test_unknown_style_is_a_clear_error() -> None:
    with pytest.raises(SynthDocUserError, match="prompt style 'fancy'"):
        system_prompt("fancy")


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("The value is 42%.", "The value is 42%."),
        ("<think>let me look at page 3</think>\nThe value is 42%.", "The value is 42%."),
        ("reasoning without an opening tag</think> It rose by 3.1 points.", "It rose by 3.1 points."),
        ("Step 1: Figure 2.\nFinal answer: It is 7.5 million.", "It is 7.5 million."),
        ("", ""),
    ],
)
def test_final_answer(reply: str, expected: str) -> None:
    assert final_answer(reply) == expected


def test_acc_and_mean_exclude_unscored_answers() -> None:
    records = [{"score": 10}, {"score": 6}, {"score": 5}, {"score": -1}, {"score": None}, {"score": 0}]
    assert accuracy(records) == pytest.approx(2 / 4)
    assert mean_score(records) == pytest.approx(21 / 4)
    assert accuracy(records, threshold=5) == pytest.approx(3 / 4)
    assert math.isnan(accuracy([{"score": -1}]))
