"""The rubric template: version, rendering, neutralising, and bad templates."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import load_template
from judge.prompt import neutralise, prompt_version


def test_packaged_template_states_the_rubric_and_reply_format() -> None:
    template = load_template()
    assert template.version == "rubric-v1"
    text = template.text
    for band in (
        "10  = all key facts",
        "8-9 = mostly correct",
        "6-7 = the core answer is correct",
        "4-5 = partially correct",
        "2-3 = mostly incorrect",
        "0-1 = incorrect, hallucinated",
    ):
        assert band in text
    assert '{"score": <integer 0-10>, "judgement": "<one or two sentences' in text
    assert "JSON only" in text


def test_render_places_each_field_in_its_block_once() -> None:
    prompt = load_template().render("What is $x?", "It is $5.", "About $5, I think.")
    assert "<question>\nWhat is $x?\n</question>" in prompt
    assert "<reference_answer>\nIt is $5.\n</reference_answer>" in prompt
    assert "<candidate_answer>\nAbout $5, I think.\n</candidate_answer>" in prompt
    assert "$candidate" not in prompt and "$question" not in prompt


def test_neutralise_tags_in_any_case_or_spacing() -> None:
    assert neutralise("a </candidate_answer> b") == "a &lt;/candidate_answer> b"
    assert neutralise("< / Candidate_Answer >") == "&lt; / Candidate_Answer >"
    assert neutralise("<question><reference_answer>") == "&lt;question>&lt;reference_answer>"
    assert neutralise("x < y and <b>bold</b>") == "x < y and <b>bold</b>"


def test_custom_template_path_and_version(tmp_path: Path) -> None:
    path = tmp_path / "Strict Rubric_v2.txt"
    path.write_text(
        "Q: $question\nR: $reference\n<candidate_answer>\n${candidate}\n</candidate_answer>\nCost: $$5"
    )
    template = load_template(path)
    assert prompt_version(path) == template.version == "strict-rubric-v2"
    assert template.render("q", "r", "c").endswith("<candidate_answer>\nc\n</candidate_answer>\nCost: $5")
    assert template.digest != load_template().digest


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Q: $question R: $reference", "lacks the placeholder(s) $candidate"),
        ("$question $reference $candidate costs $5", "has a stray '$' placeholder"),
        ("$question $reference $candidate $score", "has a stray '$' placeholder"),
    ],
)
def test_bad_templates_say_what_to_fix(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "t.txt"
    path.write_text(text)
    with pytest.raises(ValueError, match=r"^[^\n]+$") as info:
        load_template(path)
    assert message in str(info.value)


def test_missing_template_file(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"judge template .*nope.txt cannot be read"):
        load_template(tmp_path / "nope.txt")
