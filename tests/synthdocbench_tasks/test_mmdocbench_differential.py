"""Differential-style check of the ``*_ref`` metrics: 528 answers over the 48 sub-tasks.

Answers are generated with a fixed seed from templates, and each template knows what it
wrote: the right answer (in JSON, fenced, in prose, truncated, as a number word), a wrong
one, a refusal, a box with a known IoU (shifted sideways: IoU = (w - d) / (w + d)), a box in
0-1 units, as a string or as corner dicts, k of n list items or evidence, a missing table
row, a table cut inside its last cell. The expected values come from those facts and the
published scoring rules (F-score of aligned items, recall over gold evidence, mean of final
answer and evidence), computed here without the project's scoring code.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from typing import Any

import pytest

from synthdocbench_tasks.grounding.scoring import score_both
from synthdocbench_tasks.mmdocbench.gold import gold_of
from synthdocbench_tasks.mmdocbench.taxonomy import TASKS, MainTask

SEED = 20260512
QUESTION = "What is shown in the highlighted region?"
WORDS = ["Canada", "revenue", "Total", "Chaos Computer Club", "Miami", "GPT", "Harbour", "Quarterly", "Orbit"]
NUMBER_WORDS = {"2": "two", "3": "three", "4": "four", "7": "seven", "9": "nine"}
WRONG = "zebra"  # shares no word (and no letter with most golds) with any gold
KEYS = ("em_ref", "f1_ref", "iou_ref", "iou20_ref", "iou50_ref", "iou70_ref")
SINGLE_VARIANTS = ("exact", "fenced", "prose", "shifted", "unit_box", "wrong", "string_box", "corners",
                   "refusal", "number_word", "truncated")  # fmt: skip
LIST_VARIANTS = ("exact", "fenced", "prose", "shifted", "some", "extra", "wrong", "refusal", "unit_box",
                 "string_box", "truncated_item")  # fmt: skip
TABLE_VARIANTS = ("exact", "fenced", "prose", "one_wrong", "missing_row", "cut_last_cell", "shifted",
                  "refusal", "string_boxes", "wrong", "unit_box")  # fmt: skip
REASONING_VARIANTS = ("exact", "fenced", "prose", "some_evidence", "wrong_answer", "refusal", "shifted",
                      "number_word", "no_evidence", "string_box", "extra_evidence")  # fmt: skip


@dataclass(frozen=True)
class Case:
    task: MainTask
    sub_task: str
    variant: str
    gold: Any
    reply: str
    expected: dict[str, float | None]


def _box(rng: random.Random) -> list[int]:
    x0, y0 = rng.randrange(100, 700, 10), rng.randrange(100, 800, 10)
    return [x0, y0, x0 + 100, y0 + 50]  # width 100, height 50


def _shift(box: list[int], d: int) -> list[int]:
    return [box[0] + d, box[1], box[2] + d, box[3]]


def _shift_iou(d: int) -> float:
    return (100 - d) / (100 + d)  # same height, overlap 100 - d, union 100 + d


def _metrics(
    em: float | None, f1: float | None, box: float | None, hit: float | None = None
) -> dict[str, float | None]:
    """One answer's expected values. ``hit``: for lists and tables, the F-score of the items
    whose box is above every threshold (each found item's IoU here is 1, about 1, or 0)."""
    if box is None:
        return dict(zip(KEYS, (em, f1, None, None, None, None), strict=True))
    hits = [float(box > t) for t in (0.2, 0.5, 0.7)] if hit is None else [hit] * 3
    return dict(zip(KEYS, (em, f1, box, *hits), strict=True))


def _obj(answer: Any, box: Any) -> str:
    return json.dumps({"answer": answer, "bbox": box})


def _wrap(variant: str, body: str) -> str:
    if variant == "fenced":
        return f"```json\n{body}\n```"
    if variant == "prose":
        return f"Looking at the image, the result is {body} as requested."
    return body


# ------------------------------------------------------------------ single answers


def _single_case(rng: random.Random, task: MainTask, sub: str, variant: str) -> Case:
    box = _box(rng)
    text = rng.choice(WORDS)
    if variant == "number_word":
        text = rng.choice(sorted(NUMBER_WORDS))
    if sub == "Text2Bbox":
        text = ""
    gold = [{"answer": text, "bbox": [] if sub == "Bbox2Text" else box}]
    shown = text or "x"
    em: float | None = 1.0
    iou: float | None = 1.0
    d = 0
    if variant in ("exact", "fenced", "prose"):
        reply = _wrap(variant, _obj(shown, box))
    elif variant == "shifted":
        d = rng.choice((10, 25, 40, 70))
        reply, iou = _obj(shown, _shift(box, d)), _shift_iou(d)
    elif variant == "unit_box":
        reply, iou = _obj(shown, [v / 1000 for v in box]), _unit_box_iou_at(box)
    elif variant == "wrong":
        reply, em, iou = _obj(WRONG, []), 0.0, 0.0
    elif variant == "string_box":
        reply, iou = _obj(shown, str(box)), 0.0
    elif variant == "corners":
        reply = _obj(shown, [{"x0": box[0], "y0": box[1]}, {"x1": box[2], "y1": box[3]}])
    elif variant == "refusal":
        reply, em, iou = "Sorry, I cannot provide an answer to this.", 0.0, 0.0
    elif variant == "number_word":
        reply = _obj(NUMBER_WORDS.get(text, text), box)
    else:  # truncated: the closing brace is missing, the answer/bbox regex reads it
        reply = _obj(shown, box)[:-1]
    if sub == "Text2Bbox":
        em = None
        if variant not in ("wrong", "refusal"):
            reply = _text2bbox_reply(variant, box, d)
    if sub == "Bbox2Text":
        iou = None
    return Case(task, sub, variant, gold, reply, _metrics(em, em, iou))


def _text2bbox_reply(variant: str, box: list[int], d: int) -> str:
    """Text2Bbox answers carry the box as their answer (or as first_occurrence)."""
    if variant == "shifted":
        return json.dumps({"answer": _shift(box, d)})
    if variant == "unit_box":
        return json.dumps({"first_occurrence": [v / 1000 for v in box]})
    if variant == "string_box":
        return json.dumps({"answer": str(box)})
    if variant == "corners":
        return json.dumps(
            {"answer": "", "bbox": [{"x0": box[0], "y0": box[1]}, {"x1": box[2], "y1": box[3]}]}
        )
    if variant == "truncated":
        return json.dumps({"answer": box})[:-1]
    return _wrap(variant, json.dumps({"answer": box}))


# ------------------------------------------------------------------ lists


def _list_case(rng: random.Random, task: MainTask, sub: str, variant: str) -> Case:
    n = rng.randint(2, 4)
    texts = rng.sample(WORDS, n)
    boxes = [_box(rng) for _ in range(n)]
    gold = [{"answer": t, "bbox": b} for t, b in zip(texts, boxes, strict=True)]
    items = [dict(g) for g in gold]
    rng.shuffle(items)
    em = iou = 1.0
    if variant == "shifted":
        d = rng.choice((10, 25, 40, 70))
        items = [{"answer": i["answer"], "bbox": _shift(i["bbox"], d)} for i in items]
        iou = _shift_iou(d)
        hits = [float(iou > t) for t in (0.2, 0.5, 0.7)]
        body = json.dumps(items)
        return Case(task, sub, variant, gold, body, dict(zip(KEYS, (1.0, 1.0, iou, *hits), strict=True)))
    if variant == "some":
        k = rng.randint(1, n - 1)
        items = items[:k]
        em = iou = 2 * k / (k + n)  # precision 1, recall k / n
    elif variant == "extra":
        items = [*items, {"answer": "xyxyx", "bbox": [0, 0, 5, 5]}]
        em = iou = 2 * n / (2 * n + 1)  # precision n / (n + 1), recall 1
    elif variant == "wrong":
        items = [{"answer": WRONG, "bbox": [0, 0, 5, 5]}]
        em = iou = 0.0
    elif variant == "unit_box":
        items = [{"answer": i["answer"], "bbox": [v / 1000 for v in i["bbox"]]} for i in items]
        iou = sum(_unit_box_iou_at(b) for b in boxes) / n
        em = 1.0
    elif variant == "string_box":
        items = [{"answer": i["answer"], "bbox": str(i["bbox"])} for i in items]
        iou = 0.0
    if variant == "refusal":
        phrase = "there are no forged texts" if "Forgery" in task.name else "I cannot provide an answer"
        return Case(task, sub, variant, gold, f"Sorry, {phrase}.", _metrics(0.0, 0.0, 0.0))
    body = _wrap(variant, json.dumps(items))
    if variant == "truncated_item":
        # the list is cut inside the last item's text: the complete items are read one by one
        cut = body.rindex('"answer"') + len('"answer": "')
        body = body[: cut + 1]
        k = n - 1
        em = iou = 2 * k / (k + n)
    hit = 1.0 if variant == "unit_box" else iou
    return Case(task, sub, variant, gold, body, _metrics(em, em, iou, hit))


# ------------------------------------------------------------------ tables


def _table_case(rng: random.Random, task: MainTask, sub: str, variant: str) -> Case:
    r, c = rng.randint(2, 4), rng.randint(2, 3)
    words = rng.sample(["alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "theta", "lambda",
                        "epsilon", "iota", "rho"], r * c)  # fmt: skip
    gold = [
        [
            {"answer": words[i * c + j], "bbox": [j * 100, i * 50, j * 100 + 100, i * 50 + 50]}
            for j in range(c)
        ]
        for i in range(r)
    ]
    rows = [[dict(cell) for cell in row] for row in gold]
    em = iou = 1.0
    n = r * c
    if variant == "one_wrong":
        rows[0][0]["answer"] = WRONG
        em = (n - 1) / n
    elif variant == "missing_row":
        rows = rows[:-1]
        em = iou = 2 * (n - c) / ((n - c) + n)
    elif variant == "shifted":
        d = rng.choice((10, 25, 40))
        rows = [[{"answer": x["answer"], "bbox": _shift(x["bbox"], d)} for x in row] for row in rows]
        iou = _shift_iou(d)
        hits = [float(iou > t) for t in (0.2, 0.5, 0.7)]
        return Case(
            task, sub, variant, gold, json.dumps(rows), dict(zip(KEYS, (1.0, 1.0, iou, *hits), strict=True))
        )
    elif variant == "refusal":
        return Case(task, sub, variant, gold, "The task cannot be completed.", _metrics(0.0, 0.0, 0.0))
    elif variant == "string_boxes":
        rows = [[{"answer": x["answer"], "bbox": str(x["bbox"])} for x in row] for row in rows]
        iou = 0.0
    elif variant == "wrong":
        return Case(task, sub, variant, gold, f"The table reads {WRONG}.", _metrics(0.0, 0.0, 0.0))
    elif variant == "unit_box":
        rows = [[{"answer": x["answer"], "bbox": [v / 1000 for v in x["bbox"]]} for x in row] for row in rows]
        iou = sum(_unit_box_iou_at(x["bbox"]) for row in gold for x in row) / n
    body = _wrap(variant, json.dumps(rows))
    if variant == "cut_last_cell":
        last = rows[-1][-1]["answer"]
        body = body[: body.rindex(json.dumps(last)) + 2]  # inside the last cell's text
        em = iou = (n - 1) / n  # the last row is read from its complete cells, padded
    hit = 1.0 if variant == "unit_box" else iou
    return Case(task, sub, variant, gold, body, _metrics(em, em, iou, hit))


def _unit_box_iou_at(box: list[int]) -> float:
    """The reference scales a box whose values are all < 2 by 1000 with floor / ceil."""
    x0, y0 = (math.floor(v / 1000 * 1000) for v in box[:2])
    x1, y1 = (math.ceil(v / 1000 * 1000) for v in box[2:])
    w, h = min(x1, box[2]) - max(x0, box[0]), min(y1, box[3]) - max(y0, box[1])
    inter = max(0, w) * max(0, h)
    area = (box[2] - box[0]) * (box[3] - box[1])
    return inter / ((x1 - x0) * (y1 - y0) + area - inter)


# ------------------------------------------------------------------ reasoning


def _reasoning_case(rng: random.Random, task: MainTask, sub: str, variant: str) -> Case:
    answer = rng.choice(sorted(NUMBER_WORDS)) if variant == "number_word" else rng.choice(WORDS)
    answer_box = _box(rng) if rng.random() < 0.5 else []
    n = rng.randint(1, 3)
    ev_texts = rng.sample(["alpha", "beta", "gamma", "delta", "omega"], n)
    ev_boxes = [_box(rng) for _ in range(n)]
    gold_ev = [{"text": t, "bbox": b} for t, b in zip(ev_texts, ev_boxes, strict=True)]
    gold = [{"answer": answer, "bbox": answer_box, "supporting_evidence": gold_ev}]
    pred_answer, pred_box, pred_ev = answer, answer_box, [dict(e) for e in gold_ev]
    final_em, final_iou, ev_recall, ev_iou = 1.0, 1.0, 1.0, 1.0
    ev_hits = [1.0, 1.0, 1.0]  # share of gold evidence found with IoU above 0.2 / 0.5 / 0.7
    if variant == "some_evidence":
        k = rng.randint(0, n - 1)
        pred_ev = pred_ev[:k]
        ev_recall = ev_iou = k / n
        ev_hits = [k / n] * 3
    elif variant == "wrong_answer":
        pred_answer, final_em = WRONG, 0.0
    elif variant == "refusal":
        expected = _reasoning_expected(0.0, 0.0 if answer_box else None, 0.0, 0.0, [0.0] * 3)
        return Case(task, sub, variant, gold, "I cannot provide an answer without more context.", expected)
    elif variant == "shifted":
        d = rng.choice((10, 25, 40, 70))
        pred_ev = [{"text": e["text"], "bbox": _shift(e["bbox"], d)} for e in pred_ev]
        ev_iou = _shift_iou(d)
        ev_hits = [float(ev_iou > t) for t in (0.2, 0.5, 0.7)]
        if answer_box:
            pred_box = _shift(answer_box, d)
            final_iou = ev_iou
    elif variant == "number_word":
        pred_answer = NUMBER_WORDS[answer]
    elif variant == "no_evidence":
        pred_ev, ev_recall, ev_iou, ev_hits = [], 0.0, 0.0, [0.0] * 3
    elif variant == "string_box":
        pred_ev = [{"text": e["text"], "bbox": str(e["bbox"])} for e in pred_ev]
        ev_iou, ev_hits = 0.0, [0.0] * 3
        if answer_box:
            pred_box, final_iou = str(answer_box), 0.0
    elif variant == "extra_evidence":
        pred_ev = [*pred_ev, {"text": "xyxyx", "bbox": [0, 0, 5, 5]}]  # extra evidence is not counted
    body = json.dumps({"answer": pred_answer, "bbox": pred_box, "supporting_evidence": pred_ev})
    if not answer_box:
        final_iou = None
    if variant in ("fenced", "prose"):
        body = _wrap(variant, body)
    expected = _reasoning_expected(final_em, final_iou, ev_recall, ev_iou, ev_hits)
    return Case(task, sub, variant, gold, body, expected)


def _reasoning_expected(
    final_em: float, final_iou: float | None, ev: float, ev_iou: float, ev_hits: list[float]
) -> dict[str, float | None]:
    """Mean of the final answer and the evidence recall; IoU from the evidence alone when the
    gold answer has no box. Thresholds apply per part before averaging."""

    def hits(v: float | None) -> list[float | None]:
        return [None if v is None else float(v > t) for t in (0.2, 0.5, 0.7)]

    em = (final_em + ev) / 2
    parts = [final_iou, *hits(final_iou)]
    ev_parts = [ev_iou, *ev_hits]
    box = [e if f is None else (f + e) / 2 for f, e in zip(parts, ev_parts, strict=True)]
    return dict(zip(KEYS, (em, em, *box), strict=True))


# ------------------------------------------------------------------ the suite


def _cases() -> list[Case]:
    rng = random.Random(SEED)
    out = []
    for task in TASKS:
        for sub in task.sub_tasks:
            shape = task.shape_of(sub)
            if shape == "list":
                out += [_list_case(rng, task, sub, v) for v in LIST_VARIANTS]
            elif shape == "table":
                out += [_table_case(rng, task, sub, v) for v in TABLE_VARIANTS]
            elif shape == "reasoning":
                out += [_reasoning_case(rng, task, sub, v) for v in REASONING_VARIANTS]
            else:
                out += [_single_case(rng, task, sub, v) for v in SINGLE_VARIANTS]
    return out


CASES = _cases()


def _close(got: float | None, want: float | None) -> bool:
    if want is None or got is None:
        return got is None and want is None
    return math.isclose(got, want, abs_tol=1e-9)


def test_the_suite_covers_the_48_sub_tasks_with_at_least_500_answers() -> None:
    assert len(CASES) >= 500
    assert len({(c.task.name, c.sub_task) for c in CASES}) == 48


def test_generation_is_deterministic() -> None:
    again = _cases()
    assert [(c.reply, c.gold) for c in again] == [(c.reply, c.gold) for c in CASES]


def test_reference_metrics_equal_the_template_values_on_every_answer() -> None:
    mismatches = []
    by_shape: dict[str, list[int]] = {}
    for case in CASES:
        row = {"index": 1, "answer": json.dumps(case.gold), "raw_question": QUESTION}
        got = score_both(case.reply, gold_of(row, case.task, case.sub_task))
        ok = all(_close(got[k], v) for k, v in case.expected.items())
        tally = by_shape.setdefault(case.task.shape_of(case.sub_task), [0, 0])
        tally[0] += ok
        tally[1] += 1
        if not ok:
            diff = {k: (got[k], v) for k, v in case.expected.items() if not _close(got[k], v)}
            mismatches.append(
                f"{case.task.name}/{case.sub_task}/{case.variant}: {diff} reply={case.reply[:120]!r}"
            )
    print({shape: f"{a}/{b}" for shape, (a, b) in sorted(by_shape.items())})
    assert not mismatches, "\n".join(mismatches[:20])


@pytest.mark.parametrize("shape", ["single", "list", "table", "reasoning"])
def test_every_shape_is_in_the_suite(shape: str) -> None:
    assert sum(c.task.shape_of(c.sub_task) == shape for c in CASES) >= 20
