"""Score one reply against a gold answer: EM, F1, IoU and IoU@0.2/0.5/0.7, in either mode.

Answer shapes: ``single`` (one answer, one or more boxes), ``list`` (items, e.g. forged
words or the lines of a book cover), ``table`` (rows of cells), ``reasoning`` (an answer
plus supporting evidence).

``paper`` mode (default) follows the paper's definitions: EM and word F1 on normalised
text; IoU of the predicted against the gold boxes, matched one-to-one by maximum total IoU
and averaged over ``max(#predicted, #gold)`` (a missing or extra box scores 0); IoU@0.5 is
``IoU >= t`` per matched pair (t = 0.2, 0.5, 0.7). List and table items (table cells, flattened) are first
aligned one-to-one (Hungarian, maximising word F1, then IoU, then grid position) and each
metric is averaged over ``max(#predicted, #gold)`` items. For reasoning, EM/F1 score the
final answer and IoU scores every predicted box (answer and evidence) against every gold
box.

``reference`` mode reproduces the published evaluation from the raw reply: its own
extraction (:mod:`.ref_extract`), lenient EM (:mod:`.lenient`) and the per-shape scoring of
:mod:`.ref_score`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

import numpy as np

from .boxes import Box, boxes_from, matched_hits, matched_iou
from .matching import one_to_one
from .parse import ParsedReply, answer_to_text, parse_reply
from .ref_score import THRESHOLDS, RefGold, Scores, reference_scores
from .text import exact_match, token_f1

Mode = Literal["paper", "reference"]
Shape = Literal["single", "list", "table", "reasoning"]
MODES: tuple[Mode, ...] = ("paper", "reference")


@dataclass(frozen=True)
class GoldItem:
    text: str
    boxes: list[Box] = field(default_factory=list)
    #: the first box exactly as published (reference mode); None: ``boxes[0]``
    ref_box: list[Any] | None = None


@dataclass(frozen=True)
class Gold:
    """A gold answer. ``answer`` for single and reasoning shapes, ``items`` for lists,
    ``rows`` for tables, ``evidence`` for reasoning. ``score_text`` / ``score_boxes`` are
    False where a task has no text (Text2Bbox) or no box (Bbox2Text) to score."""

    shape: Shape
    answer: GoldItem = GoldItem("")
    items: list[GoldItem] = field(default_factory=list)
    rows: list[list[GoldItem]] = field(default_factory=list)
    evidence: list[GoldItem] = field(default_factory=list)
    score_text: bool = True
    score_boxes: bool = True
    question: str = ""  # used by the reference mode's lenient rules
    task: str = ""  # display name of the main task, e.g. "Key Information Extraction"
    sub_task: str = ""  # e.g. "CORD" (reference mode's sub-task rules)
    #: the published answer JSON (reference mode): the first object for single/reasoning
    #: answers, the item list or the rows otherwise; None: rebuilt from the fields above
    raw: Any = None


NONE = Scores(None, None, None, None, None, None)


@dataclass(frozen=True)
class _Pred:
    text: str
    boxes: list[Box]


def score_reply(reply: str | ParsedReply, gold: Gold, mode: Mode = "paper") -> Scores:
    """Score one reply; never raises on model output."""
    parsed = reply if isinstance(reply, ParsedReply) else parse_reply(reply)
    if mode == "paper":
        return _paper(parsed, gold)
    if mode == "reference":
        return _reference(parsed, gold)
    raise ValueError(f"unknown scoring mode {mode!r}; expected one of {', '.join(MODES)}")


def score_both(reply: str, gold: Gold) -> dict[str, float | None]:
    """Both modes in one dict: em, f1, iou, iou20, iou50, iou70 and the same with ``_ref``."""
    parsed = parse_reply(reply)
    return {**_paper(parsed, gold).as_dict(), **_reference(parsed, gold).as_dict("_ref")}


# ---------------------------------------------------------------- paper mode


def _item(value: Any) -> _Pred:
    if isinstance(value, dict):
        text = answer_to_text(value.get("answer", value.get("text", "")))
        return _Pred(text, boxes_from(value.get("bbox")))
    return _Pred(answer_to_text(value), [])


def _pred_items(parsed: ParsedReply) -> list[_Pred]:
    lists = [c for c in parsed.candidates if isinstance(c, list) and c]
    if lists:
        value: list[Any] = lists[0]
        if all(isinstance(row, list) for row in value):  # rows given for a list: flatten
            value = [cell for row in value for cell in row]
        items = [_item(v) for v in value]
    elif isinstance(parsed.answer, list):
        boxes = parsed.boxes if len(parsed.boxes) == len(parsed.answer) else []
        items = [_Pred(answer_to_text(a), [boxes[i]] if boxes else []) for i, a in enumerate(parsed.answer)]
    else:
        items = [_Pred(parsed.answer_text(), parsed.boxes)]
    return [i for i in items if i.text or i.boxes]


def _pred_cells(parsed: ParsedReply) -> list[tuple[int, int, _Pred]]:
    grids = [
        c for c in parsed.candidates if isinstance(c, list) and c and all(isinstance(r, list) for r in c)
    ]
    if grids:
        rows: list[list[Any]] = grids[0]
    elif isinstance(parsed.value, dict) and isinstance(parsed.answer, list):
        answer = [r if isinstance(r, list) else [r] for r in parsed.answer]
        raw = parsed.value.get("bbox")
        box_rows = raw if isinstance(raw, list) and len(raw) == len(answer) else [None] * len(answer)
        rows = [
            [
                {"answer": a, "bbox": b[i] if isinstance(b, list) and len(b) == len(r) else None}
                for i, a in enumerate(r)
            ]
            for r, b in zip(answer, box_rows, strict=True)
        ]
    else:
        rows = [[{"answer": p.text, "bbox": [list(b) for b in p.boxes]}] for p in _pred_items(parsed)]
    cells = [(r, c, _item(v)) for r, row in enumerate(rows) for c, v in enumerate(row)]
    return [(r, c, p) for r, c, p in cells if p.text or p.boxes]


def _aligned_average(
    pred: Sequence[tuple[int, int, _Pred]], gold: Sequence[tuple[int, int, GoldItem]]
) -> Scores:
    n = max(len(pred), len(gold))
    if n == 0:
        return NONE
    rewards = np.zeros((len(pred), len(gold)))
    for i, (pr, pc, p) in enumerate(pred):
        for j, (gr, gc, g) in enumerate(gold):
            closeness = 1 / (1 + abs(pr - gr) + abs(pc - gc))
            rewards[i, j] = token_f1(p.text, g.text) + 1e-3 * matched_iou(p.boxes, g.boxes) + 1e-6 * closeness
    em = f1 = box = 0.0
    hits = [0.0, 0.0, 0.0]
    for i, j in one_to_one(rewards):
        p, g = pred[i][2], gold[j][2]
        em += exact_match(p.text, g.text)
        f1 += token_f1(p.text, g.text)
        box += matched_iou(p.boxes, g.boxes)
        hits = [h + matched_hits(p.boxes, g.boxes, t) for h, t in zip(hits, THRESHOLDS, strict=True)]
    return Scores(em / n, f1 / n, box / n, *(h / n for h in hits))


def _paper(parsed: ParsedReply, gold: Gold) -> Scores:
    if gold.shape == "list":
        pred_items = [(i, 0, p) for i, p in enumerate(_pred_items(parsed))]
        return _aligned_average(pred_items, [(i, 0, g) for i, g in enumerate(gold.items)])
    if gold.shape == "table":
        gold_cells = [(r, c, g) for r, row in enumerate(gold.rows) for c, g in enumerate(row)]
        gold_cells = [cell for cell in gold_cells if cell[2].text or cell[2].boxes]
        return _aligned_average(_pred_cells(parsed), gold_cells)
    text = parsed.answer_text()
    boxes = list(parsed.boxes)
    if isinstance(parsed.value, list):
        listed = _pred_items(parsed)
        text = listed[0].text if listed else ""
        boxes = [b for it in listed for b in it.boxes]
    if not gold.score_text and not boxes:
        boxes = boxes_from(parsed.answer)  # Text2Bbox: a box given as the answer
    gold_boxes = list(gold.answer.boxes)
    if gold.shape == "reasoning":
        boxes += [b for e in parsed.evidence for b in boxes_from(e.get("bbox"))]
        gold_boxes += [b for e in gold.evidence for b in e.boxes]
    em = exact_match(text, gold.answer.text) if gold.score_text else None
    f1 = token_f1(text, gold.answer.text) if gold.score_text else None
    if not gold.score_boxes:
        return Scores(em, f1, None, None, None, None)
    hits = (matched_hits(boxes, gold_boxes, t) for t in THRESHOLDS)
    return Scores(em, f1, matched_iou(boxes, gold_boxes), *hits)


# ------------------------------------------------------------ reference mode


def _gold_value(item: GoldItem) -> dict[str, Any]:
    box = item.ref_box if item.ref_box is not None else (list(item.boxes[0]) if item.boxes else [])
    return {"answer": item.text, "bbox": box}


def ref_gold(gold: Gold) -> RefGold:
    """The gold as the reference holds it: ``gold.raw`` when given, else rebuilt from the items."""
    value: Any = gold.raw
    if value is None:
        if gold.shape == "list":
            value = [_gold_value(i) for i in gold.items]
        elif gold.shape == "table":
            value = [[_gold_value(c) for c in row] for row in gold.rows]
        else:
            value = _gold_value(gold.answer)
            if gold.shape == "reasoning":
                value["supporting_evidence"] = [
                    {"text": e["answer"], "bbox": e["bbox"]} for e in map(_gold_value, gold.evidence)
                ]
    sub_task = gold.sub_task
    if not sub_task and not (gold.score_text and gold.score_boxes):
        sub_task = "Text2Bbox" if not gold.score_text else "Bbox2Text"
    return RefGold(gold.shape, gold.task, sub_task, gold.question, value)


def _reference(parsed: ParsedReply, gold: Gold) -> Scores:
    s = reference_scores(parsed.raw, ref_gold(gold))
    if not gold.score_text:
        s = replace(s, em=None, f1=None)
    if not gold.score_boxes:
        s = replace(s, iou=None, iou20=None, iou50=None, iou70=None)
    return s
