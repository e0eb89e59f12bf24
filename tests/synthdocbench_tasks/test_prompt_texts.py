"""Snapshot of the candidate prompts against the paper's instruction lists (Appendix L.7).

Each prompt file holds one instruction per line. The tables below pair every line with the
paper instruction it carries, so a test fails when a line is added, dropped or reworded
without this mapping (and docs/protocol.md) being updated with it.
"""

from __future__ import annotations

import pytest

from synthdocbench_tasks.prompts import ABSTENTION, flat_prompt, system_prompt, user_text

#: The paper's instructions for the candidate prompts (its Appendix L.7), by id.
PAPER_INSTRUCTIONS = {
    "role": "expert analyst reviewing a PDF report",
    "visible": "answer only from what is visible in the pages shown",
    "length": "answer in 2-4 sentences",
    "numbers": "give specific numbers when relevant",
    "no-restate": "do not restate the question",
    "no-explain": "do not explain the reasoning; just answer (default)",
    "step-by-step": "identify the relevant chart or section, extract the key facts, synthesise (cot)",
    "abstain": 'if absent, answer exactly "Not found in the document."',
}

ROLE = "You are an expert analyst reviewing a PDF report, shown to you as images of its pages."
VISIBLE = "Base your answer only on what you can see in the pages shown."
LENGTH = "Answer in two to four sentences."
NUMBERS = "Give the specific numbers whenever they are relevant."
NO_RESTATE = "Do not repeat the question."
NO_EXPLAIN = "Do not explain how you reached the answer; just give the answer."
STEP_BY_STEP = (
    "Think step by step: first find the chart or section that is relevant, then pull out the key facts "
    "from it, then combine them into your answer."
)
ABSTAIN = "If the document does not contain the information, reply exactly: Not found in the document."

PROMPTS: dict[str, list[tuple[str, str]]] = {
    "default": [
        ("role", ROLE),
        ("visible", VISIBLE),
        ("length", LENGTH),
        ("numbers", NUMBERS),
        ("no-restate", NO_RESTATE),
        ("no-explain", NO_EXPLAIN),
        ("abstain", ABSTAIN),
    ],
    "cot": [
        ("role", ROLE),
        ("visible", VISIBLE),
        ("length", LENGTH),
        ("numbers", NUMBERS),
        ("no-restate", NO_RESTATE),
        ("step-by-step", STEP_BY_STEP),
        ("abstain", ABSTAIN),
    ],
    # The text-only baseline (§4.1): the default instructions with the document given as text.
    "text": [
        (
            "role",
            "You are an expert analyst reviewing a PDF report, shown to you as the text extracted from "
            "its pages between <document> and </document> (charts survive only as whatever words and "
            "numbers the extraction kept).",
        ),
        ("visible", "Base your answer only on that text."),
        ("length", LENGTH),
        ("numbers", NUMBERS),
        ("no-restate", NO_RESTATE),
        ("no-explain", NO_EXPLAIN),
        ("abstain", ABSTAIN),
    ],
}

#: Which paper instructions each style must carry, in order (nothing added, nothing left out).
EXPECTED_IDS = {
    "default": ["role", "visible", "length", "numbers", "no-restate", "no-explain", "abstain"],
    "cot": ["role", "visible", "length", "numbers", "no-restate", "step-by-step", "abstain"],
    "text": ["role", "visible", "length", "numbers", "no-restate", "no-explain", "abstain"],
}


@pytest.mark.parametrize("style", sorted(PROMPTS))
def test_prompt_is_exactly_the_paper_instructions(style: str) -> None:
    text = system_prompt(style)
    assert text is not None
    assert text.splitlines() == [line for _, line in PROMPTS[style]]
    ids = [i for i, _ in PROMPTS[style]]
    assert ids == EXPECTED_IDS[style]
    assert set(ids) <= set(PAPER_INSTRUCTIONS)


@pytest.mark.parametrize("style", ["default", "cot", "text"])
def test_every_style_ends_with_the_exact_abstention(style: str) -> None:
    text = system_prompt(style)
    assert text is not None and text.endswith(ABSTENTION)


def test_none_style_sends_only_the_question_after_the_images() -> None:
    assert system_prompt("none") is None
    assert flat_prompt("What rose?", "none") == "Question: What rose?"
    assert user_text("  What rose? ") == "Question: What rose?"


def test_default_no_longer_invites_citations() -> None:
    text = system_prompt("default")
    assert text is not None
    for drift in ("figure, table or section", "detail that supports", "Final answer"):
        assert drift not in text


def test_task_versions_were_bumped_with_the_prompts_and_scoring() -> None:
    """Prompts (paper instruction lists), the judge (claims-v2, rubric-v2) and failure records changed
    in 2.0: results of 1.0 tasks are not comparable."""
    from pathlib import Path

    import yaml

    from synthdocbench_tasks.cli import tasks_dir

    folder = Path(tasks_dir()) / "synthdoc"
    for name in ("_default_template_yaml", "synthdoc.yaml"):
        text = (folder / name).read_text().replace("!function", "")
        assert yaml.safe_load(text)["metadata"]["version"] >= 2.0, name
