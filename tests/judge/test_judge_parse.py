"""parse_judge_reply: what counts as a score and what is unscored (-1, never 'wrong')."""

from __future__ import annotations

import pytest

from judge import UNSCORED, ParsedJudgement, parse_judge_reply


def test_plain_json_object() -> None:
    assert parse_judge_reply('{"score": 9, "judgement": "All facts right."}') == ParsedJudgement(
        9, "All facts right.", True
    )


def test_fenced_json_block() -> None:
    reply = 'Here is my grade:\n```json\n{\n  "score": 4,\n  "judgement": "Misses the 2021 value."\n}\n```'
    assert parse_judge_reply(reply) == ParsedJudgement(4, "Misses the 2021 value.", True)


def test_trailing_text_after_json() -> None:
    parsed = parse_judge_reply('{"score": 6, "judgement": "Core answer right."} I hope this helps!')
    assert (parsed.score, parsed.valid) == (6, True)


def test_leading_text_and_braces_before_the_scored_object() -> None:
    reply = (
        'The reference says {x} and {"note": "no score here"}; verdict: {"score": 3, "judgement": "Wrong."}'
    )
    assert parse_judge_reply(reply) == ParsedJudgement(3, "Wrong.", True)


def test_brace_inside_a_string_does_not_break_balancing() -> None:
    parsed = parse_judge_reply('{"score": 7, "judgement": "Uses {curly} braces } in text."}')
    assert parsed == ParsedJudgement(7, "Uses {curly} braces } in text.", True)


def test_thinking_block_is_ignored() -> None:
    reply = '<think>maybe {"score": 10}? no.</think>{"score": 2, "judgement": "Mostly wrong."}'
    assert parse_judge_reply(reply).score == 2


@pytest.mark.parametrize(("raw", "score"), [("7.0", 7), ('"7"', 7), ('" 10 "', 10), ("0", 0)])
def test_integral_floats_and_numeric_strings_are_accepted(raw: str, score: int) -> None:
    parsed = parse_judge_reply(f'{{"score": {raw}, "judgement": "ok"}}')
    assert (parsed.score, parsed.valid) == (score, True)


@pytest.mark.parametrize(
    ("reply", "why"),
    [
        ('{"score": 11, "judgement": "x"}', "score 11 is outside 0..10"),
        ('{"score": -3, "judgement": "x"}', "score -3 is outside 0..10"),
        ('{"score": 7.5, "judgement": "x"}', "score 7.5 is not an integer"),
        ('{"score": "high"}', 'score "high" is not a number'),
        ('{"score": true}', "score true is not a number"),
        ('{"score": null}', "score null is not a number"),
        ('{"judgement": "fine"}', "no JSON object with a 'score'"),
        ("Score: 8/10, good answer.", "no JSON object with a 'score'"),
        ('{"score": 8, "judgement": "unterminated', "no JSON object with a 'score'"),
        ("", "empty judge reply"),
        ("   \n", "empty judge reply"),
    ],
)
def test_unusable_replies_are_unscored_with_a_reason(reply: str, why: str) -> None:
    parsed = parse_judge_reply(reply)
    assert parsed.score == UNSCORED == -1
    assert parsed.valid is False
    assert parsed.judgement.startswith("unscored: ")
    assert why in parsed.judgement


def test_first_scored_object_wins_even_if_invalid() -> None:
    # The judge contradicting itself is not resolved by picking the nicer number.
    parsed = parse_judge_reply('{"score": 12} then {"score": 5}')
    assert (parsed.score, parsed.valid) == (-1, False)


def test_never_raises_on_non_string() -> None:
    assert parse_judge_reply(None).valid is False  # type: ignore[arg-type]


def test_judgement_alias_keys_and_whitespace() -> None:
    parsed = parse_judge_reply('{"score": 5, "reason": "Half\\n  right."}')
    assert parsed == ParsedJudgement(5, "Half right.", True)
