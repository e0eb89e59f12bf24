"""Reply parsing on hostile input: never raises, and stays about linear in the reply length.

Both readers are timed: the paper mode's ``parse_reply`` and the reference mode's
``extract`` (the published code's recursive bracket pattern is exponential on unclosed
brackets; ours must not be). Each reply must parse in well under a second on an idle
machine; the assertion allows a generous margin for a loaded test machine and prints the
measured times.
"""

from __future__ import annotations

import random
import time

import pytest

from synthdocbench_tasks.grounding.parse import parse_reply
from synthdocbench_tasks.grounding.ref_extract import extract, json_spans
from synthdocbench_tasks.grounding.scoring import Gold, GoldItem, score_both

PARSE_BOUND_S = 3.0  # target < 1 s per reply; generous for a shared, loaded machine
SCORE_BOUND_S = 30.0  # whole scoring, both modes, 1 MB reply


def _replies() -> dict[str, str]:
    rng = random.Random(7)
    noise = "".join(rng.choice('abcdefghij klmnop,.:"{}[]0123456789') for _ in range(1_000_000))
    words = " ".join(
        rng.choice(["the", "answer", "is", "3", "box", "[1,", "2]", '"x"']) for _ in range(200_000)
    )
    return {
        "8000 unclosed [": "[" * 8000,
        "8000 unclosed {": "{" * 8000,
        "8000 unclosed {[": "{[" * 4000,
        "unclosed answer lists": '{"answer": [' * 2000,
        "deep balanced nesting": "[" * 5000 + "]" * 5000,
        "1 MB noise": noise,
        "1 MB words": words[:1_000_000],
        "1 MB of JSON objects": ('{"answer": "x", "bbox": [1, 2, 3, 4]}, ' * 30000)[:1_000_000],
        "1 MB repeated word": "EXIT " * 200_000,
        "1 MB is-quoted": ('is "abc" ' * 120_000)[:1_000_000],
        "1 MB unclosed think": "<think>" * 140_000,
        "1 MB unclosed fences": "```json {" * 100_000,
    }


REPLIES = _replies()


@pytest.mark.slow
@pytest.mark.parametrize("name", list(REPLIES))
def test_parsing_is_fast_and_never_raises(name: str) -> None:
    reply = REPLIES[name]
    start = time.perf_counter()
    parsed = parse_reply(reply)
    paper_s = time.perf_counter() - start
    ref_s = 0.0
    readers = (
        ("dict", "Counting"),
        ("1d_array", "Document Forgery Detection"),
        ("2d_array", "Table Recognition"),
        ("dict", "Document Question Answering"),
    )
    for default, task in readers:
        start = time.perf_counter()
        extract(reply, task, default, "")  # type: ignore[arg-type]
        ref_s = max(ref_s, time.perf_counter() - start)
    print(f"{name}: {len(reply):,} chars, parse_reply {paper_s:.3f} s, reference extract {ref_s:.3f} s")
    assert parsed.raw == reply
    assert paper_s < PARSE_BOUND_S and ref_s < PARSE_BOUND_S


def test_unclosed_brackets_yield_no_spans_and_nested_spans_are_found() -> None:
    assert json_spans("[" * 8000) == []
    assert json_spans("{" * 3 + '{"a": [1, 2]}') == ['{"a": [1, 2]}']
    # inside braces brackets need not balance; inside brackets braces must
    assert json_spans('x {"a": "[", "b": 1} y') == ['{"a": "[", "b": 1}']
    assert json_spans("[1, {2]") == []


# Repetition removal (``(.+?)\\1+`` in the reference, quadratic there) is exact here and fast on
# noise and on real repeats; on long low-entropy text without repeats it still grows faster
# than linearly, so the few-word mix is scored at 30 kB (replies are capped at 4,096 tokens).
@pytest.mark.slow
@pytest.mark.parametrize("name", ["1 MB noise", "30 kB words", "1 MB repeated word", "8000 unclosed {["])
def test_scoring_a_hostile_reply_in_every_shape_finishes(name: str) -> None:
    reply = REPLIES[name] if name != "30 kB words" else REPLIES["1 MB words"][:30_000]
    golds = [
        Gold(
            "single",
            answer=GoldItem("3", [(1, 2, 3, 4)]),
            task="Document Question Answering",
            sub_task="DocVQA",
        ),
        Gold(
            "list",
            items=[GoldItem("a", [(1, 2, 3, 4)])],
            task="Document Forgery Detection",
            sub_task="T-SROIE",
        ),
        Gold("table", rows=[[GoldItem("a", [(1, 2, 3, 4)])]], task="Table Recognition", sub_task="FinTabNet"),
        Gold("reasoning", answer=GoldItem("3"), evidence=[GoldItem("x", [(1, 2, 3, 4)])], task="Counting"),
    ]
    start = time.perf_counter()
    for gold in golds:
        scores = score_both(reply, gold)
        assert set(scores) >= {"em_ref", "iou70_ref", "em", "iou70"}
    took = time.perf_counter() - start
    print(f"{name}: scored in 4 shapes, both modes, in {took:.2f} s")
    assert took < SCORE_BOUND_S


def test_truncated_and_malformed_replies_never_raise() -> None:
    rng = random.Random(11)
    base = (
        '{"answer": "143", "bbox": [226, 222, 250, 235], '
        '"supporting_evidence": [{"text": "x", "bbox": [1, 2, 3, 4]}]}'
    )
    gold = Gold(
        "reasoning", answer=GoldItem("143"), evidence=[GoldItem("x", [(1, 2, 3, 4)])], task="Counting"
    )
    pieces = [
        "{",
        "}",
        "[",
        "]",
        '"',
        ",",
        ":",
        "null",
        "NaN",
        "1e999",
        "\\",
        "\n",
        "```json",
        "<think>",
        "ä",
    ]
    for _ in range(400):
        text = base[: rng.randrange(len(base) + 1)]
        for _ in range(rng.randrange(4)):
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(pieces) + text[i:]
        scores = score_both(text, gold)
        assert all(v is None or 0.0 <= v <= 1.0 for v in scores.values()), (text, scores)
