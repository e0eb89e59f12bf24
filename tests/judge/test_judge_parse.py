"""parse_judge_reply: what counts as a score and what is unscored (-1, never 'wrong')."""

from __future__ import annotations

import random
import time

import pytest

from judge import UNSCORED, ParsedJudgement, parse_judge_reply
from judge.parse import outer_object_spans


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


def test_two_scored_objects_are_unscored_even_if_one_is_invalid() -> None:
    # The judge contradicting itself is not resolved by picking the nicer number.
    parsed = parse_judge_reply('{"score": 12} then {"score": 5}')
    assert (parsed.score, parsed.valid) == (-1, False)


def test_never_raises_on_non_string() -> None:
    assert parse_judge_reply(None).valid is False  # type: ignore[arg-type]


def test_judgement_alias_keys_and_whitespace() -> None:
    parsed = parse_judge_reply('{"score": 5, "reason": "Half\\n  right."}')
    assert parsed == ParsedJudgement(5, "Half right.", True)


# -- the strict rules of issue 9 ------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "why"),
    [
        ('<think>the answer is right {"score": 9}', "reasoning block (<think>/<thinking>) is never closed"),
        ('<thinking>{"score": 9, "judgement": "x"}', "reasoning block (<think>/<thinking>) is never closed"),
        ('{"score": 9} <THINK> second thoughts', "reasoning block (<think>/<thinking>) is never closed"),
        (
            'The candidate wrote {"score": 10, "judgement": "perfect"}. '
            'Verdict: {"score": 1, "judgement": "wrong"}',
            "more than one JSON object with a 'score'",
        ),
        ('{"score": 3}\n{"score": 3}', "more than one JSON object with a 'score'"),
        ('<think>a</think>{"score": 2} quoting: </think> {"score": 10}', "stray closing tag '</think>'"),
        ('<think>a</think> ok </THINKING> {"score": 10}', "stray closing tag '</THINKING>'"),
        ('{"score": 3, "score": 10}', "repeats the key 'score'"),
        ('{"score": "1_0"}', "not a number written in ASCII digits"),
        ('{"score": "\u0661\u0660"}', "not a number written in ASCII digits"),  # Arabic-Indic 10
        ('{"score": "\uff17"}', "not a number written in ASCII digits"),  # fullwidth 7
        ('{"score": \uff17}', "is not valid JSON"),  # a fullwidth digit as a JSON number
        ('{"score": "7.5"}', "score 7.5 is not an integer"),
        ('{"score": NaN}', "score NaN is not a number"),
        ('{"score": Infinity}', "score Infinity is not a number"),
        ('{"score": "0x0A"}', "not a number written in ASCII digits"),
        ('{"score": [7]}', "is not a number"),
        ('{"verdict": {"score": 7}}', "no JSON object with a 'score'"),
    ],
)
def test_strict_rules_leave_doubtful_replies_unscored(reply: str, why: str) -> None:
    parsed = parse_judge_reply(reply)
    assert (parsed.score, parsed.valid) == (UNSCORED, False), reply
    assert why in parsed.judgement


@pytest.mark.parametrize(
    ("reply", "score"),
    [
        ('<thinking>{"score": 10}?</thinking>\n{"score": 4, "judgement": "Half."}', 4),
        ('<Think>draft {"score": 9}</Think><think>again</think>{"score": 2}', 2),
        ('Qwen reasoning with the opening tag stripped {"score": 9} </think>\n{"score": 5}', 5),
        ('draft {"score": 2} </THINKING> {"score": 10}', 10),  # the first tag closes: a block from the start
        ('{"score": 10.0}', 10),
        ('{"score": 1e1}', 10),
        ('{"score": -0}', 0),
        ('[{"score": 6, "judgement": "in a list"}]', 6),
        ('The set {x, y is unclosed; {"score": 3, "judgement": "ok"}', 3),
    ],
)
def test_closed_reasoning_and_integral_numbers_are_read(reply: str, score: int) -> None:
    parsed = parse_judge_reply(reply)
    assert (parsed.score, parsed.valid) == (score, True), parsed


ONE_MB = 1_000_000
HOSTILE = {
    "open braces": "{" * ONE_MB,
    "close braces": "}" * ONE_MB,
    "brace-quote pairs": '{"' * (ONE_MB // 2),
    "empty objects": "{}" * (ONE_MB // 2),
    "open-open-close": "{{}" * (ONE_MB // 3),
    "objects and an opener": '{"a"}{' * (ONE_MB // 6),
    "text and braces": "x{" * (ONE_MB // 2),
    "quotes": '"' * ONE_MB,
    "backslashes in a string": '{"' + "\\" * ONE_MB,
    "scored openers": '{"score":{' * (ONE_MB // 10),
    "unfinished scored objects": '{"score":0,' * (ONE_MB // 11),
    "many verdicts": '{"score": 1}' * (ONE_MB // 12),
    "nested 1000 deep (1,010 chars)": '{"score":' + "[" * 500 + "]" * 500 + "}",
    "braces nested 1000 deep": "{" * 1000 + '"score": 1' + "}" * 1000,
    "nested keys 200k deep": '{"a":' * 200_000 + "1" + "}" * 200_000,
    "a valid verdict with a 1000-deep array": '{"score": 3, "x": ' + "[" * 1000 + "]" * 1000 + "}",
    "unclosed think tags": "<think>" * (ONE_MB // 7),
    "closing think tags": "</think>" * (ONE_MB // 8),
    "truncated verdict": '{"score": 8, "judgement": "cut here',
}


def _timed(reply: str) -> tuple[ParsedJudgement, float, float]:
    """The parse, its CPU time (what "linear" is about; the test machine is shared) and wall time."""
    cpu, wall = time.process_time(), time.perf_counter()
    parsed = parse_judge_reply(reply)
    return parsed, time.process_time() - cpu, time.perf_counter() - wall


@pytest.mark.slow
@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_replies_never_raise_and_take_linear_time(name: str) -> None:
    reply = HOSTILE[name]
    parsed, cpu, wall = _timed(reply)
    print(f"{name}: {len(reply):,} chars in {cpu:.3f}s CPU ({wall:.3f}s wall) -> {parsed.judgement[:60]}")
    assert (parsed.score, parsed.valid) == (UNSCORED, False)
    assert parsed.judgement.startswith("unscored: ")
    assert "\n" not in parsed.judgement
    assert cpu < 6.0  # bounded work, not a speed check: well under 1 s on an idle core (2.1 s under CI load)


def test_a_verdict_after_a_megabyte_of_hostile_text_is_found_in_linear_time() -> None:
    reply = "{" * ONE_MB + ' {"score": 6, "judgement": "fine"}'
    parsed, cpu, wall = _timed(reply)
    print(f"1 MB of '{{' then a verdict: {cpu:.3f}s CPU ({wall:.3f}s wall)")
    assert parsed == ParsedJudgement(6, "fine", True)
    assert cpu < 2.0


def _reference_spans(text: str) -> list[tuple[int, int]]:
    """The same rules, one character at a time (slow, obviously right)."""
    stack: list[tuple[int, list[tuple[int, int]]]] = []
    top: list[tuple[int, int]] = []
    in_string = escaped = False
    for at, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = bool(stack)
        elif char == "{":
            stack.append((at, []))
        elif char == "}" and stack:
            start, _ = stack.pop()
            (stack[-1][1] if stack else top).append((start, at + 1))
    if in_string:  # an unterminated string: nothing after it closed (already true)
        pass
    for _, children in stack:
        top.extend(children)
    return sorted(s for s in top if s[1] - s[0] >= len('{"score":0}'))


def test_scanner_agrees_with_a_character_by_character_reference() -> None:
    rng = random.Random(20260930)
    alphabet = ["{", "}", '"', "\\", "a", " ", ":", "1", '"score"', "{}", '{"score": 1}']
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert outer_object_spans(text) == _reference_spans(text), text
        parse_judge_reply(text)  # never raises
