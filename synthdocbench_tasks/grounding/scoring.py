"""Score one reply against a gold answer: EM, F1, IoU and IoU@0.5, in either mode.

Answer shapes: ``single`` (one answer, one or more boxes), ``list`` (items, e.g. forged
words or the lines of a book cover), ``table`` (rows of cells), ``reasoning`` (an answer
plus supporting evidence).

``paper`` mode (default) follows the paper's definitions: EM and word F1 on normalised
text; IoU of the predicted against the gold boxes, matched one-to-one by maximum total IoU
and averaged over ``max(#predicted, #gold)`` (a missing or extra box scores 0); IoU@0.5 is
``IoU >= 0.5`` per matched pair. List and table items (table cells, flattened) are first
aligned one-to-one (Hungarian, maximising word F1, then IoU, then grid position) and each
metric is averaged over ``max(#predicted, #gold)`` items. For reasoning, EM/F1 score the
final answer and IoU scores every predicted box (answer and evidence) against every gold
box.

``reference`` mode reproduces the published evaluation: lenient EM (:mod:`.lenient`),
set-based F1 rounded to 2 decimals, only the first box of an answer with the reference box
rule, thresholds with a strict ``>``, items aligned by character F1 (tables with the
ordered 2-D alignment) and scored by an F-score (precision over predicted, recall over gold
items), and reasoning scored as the mean of the final-answer metric and the recall over the
gold evidence (IoU from the evidence alone when the gold answer has no box).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

import numpy as np

from .boxes import Box, boxes_from, matched_hits, matched_iou, reference_box, reference_iou
from .lenient import is_no_answer, lenient_texts
from .matching import align_grid, one_to_one
from .parse import ParsedReply, answer_to_text, balanced_spans, parse_reply
from .text import char_f1, exact_match, reference_f1, token_f1

Mode = Literal["paper", "reference"]
Shape = Literal["single", "list", "table", "reasoning"]
MODES: tuple[Mode, ...] = ("paper", "reference")
THRESHOLD = 0.5


@dataclass(frozen=True)
class GoldItem:
    text: str
    boxes: list[Box] = field(default_factory=list)


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


@dataclass(frozen=True)
class Scores:
    em: float | None
    f1: float | None
    iou: float | None
    iou50: float | None

    def as_dict(self, suffix: str = "") -> dict[str, float | None]:
        return {f"{k}{suffix}": v for k, v in asdict(self).items()}


NONE = Scores(None, None, None, None)


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
    """Both modes in one dict: em, f1, iou, iou50 and the same with a ``_ref`` suffix."""
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
    em = f1 = box = hits = 0.0
    for i, j in one_to_one(rewards):
        p, g = pred[i][2], gold[j][2]
        em += exact_match(p.text, g.text)
        f1 += token_f1(p.text, g.text)
        box += matched_iou(p.boxes, g.boxes)
        hits += matched_hits(p.boxes, g.boxes, THRESHOLD)
    return Scores(em / n, f1 / n, box / n, hits / n)


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
        return Scores(em, f1, None, None)
    return Scores(em, f1, matched_iou(boxes, gold_boxes), matched_hits(boxes, gold_boxes, THRESHOLD))


# ------------------------------------------------------------ reference mode


def json_candidates(text: str) -> list[Any]:
    """What the reference decodes: a ```json {...}``` block, else balanced spans (strict JSON)."""
    block = re.search(r"```json\s*({.*?})\s*```", text, re.DOTALL)
    if block:
        try:
            return [json.loads(block.group(1))]
        except ValueError:
            pass
    out = []
    for span in balanced_spans(text):
        try:
            out.append(json.loads(span))
        except ValueError:
            continue
    return out


_NUM = r"(?:\d+|[0-1]\.\d+)"
_BOX = rf"\[(?:{_NUM}(?:,\s*{_NUM}){{3}})?\]"
_REGEX_ITEM = re.compile(rf'answer":\s*"([^"]+)",?\s*"bbox":\s*({_BOX})')
_REGEX_EVIDENCE = re.compile(rf'text":\s*"([^"]*)",?\s*"bbox":\s*({_BOX})')


def regex_items(raw: str, pattern: re.Pattern[str] = _REGEX_ITEM) -> list[dict[str, Any]]:
    """The reference's fallback when no JSON of the right shape decodes: quoted
    ``answer": "...", "bbox": [...]`` pairs, in order, without repeats."""
    pairs = list(dict.fromkeys(pattern.findall(raw)))
    return [{"answer": text, "bbox": json.loads(box)} for text, box in pairs]


def _ref_pair(pred_text: str, pred_bbox: Any, gold: GoldItem, g: Gold, evidence: bool) -> tuple[float, ...]:
    p, t = lenient_texts(pred_text, gold.text, g.question, g.task, evidence)
    pb, gb = reference_box(pred_bbox), gold.boxes[:1]
    box = reference_iou(pb[0], gb[0]) if pb and gb else 0.0
    return float(p == t), reference_f1(p, t), box, float(box > THRESHOLD)


def _fscore(total: float, n_pred: int, n_gold: int, recall_only: bool = False) -> float | None:
    if n_pred <= 0 and n_gold <= 0:
        return None
    precision = total / n_pred if n_pred > 0 else 1.0
    recall = total / n_gold if n_gold > 0 else 1.0
    if recall_only:
        return recall
    return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)


def _ref_items(pairs: list[Pair], n_pred: int, n_gold: int, g: Gold, recall_only: bool = False) -> Scores:
    sums = [0.0, 0.0, 0.0, 0.0]
    invalid_text = 0
    for pred, gold in pairs:
        scores = _ref_pair(answer_to_text(pred.get("answer", "")), pred.get("bbox"), gold, g, recall_only)
        if recall_only and not gold.text:
            invalid_text += 1  # evidence without gold text: no EM/F1 for that pair
            scores = (0.0, 0.0, *scores[2:])
        sums = [s + v for s, v in zip(sums, scores, strict=True)]
    text_n = (n_pred - invalid_text, n_gold - invalid_text)
    return Scores(
        _fscore(sums[0], *text_n, recall_only=recall_only),
        _fscore(sums[1], *text_n, recall_only=recall_only),
        _fscore(sums[2], n_pred, n_gold, recall_only),
        _fscore(sums[3], n_pred, n_gold, recall_only),
    )


Pair = tuple[dict[str, Any], GoldItem]


def _hungarian_pairs(pred: list[dict[str, Any]], gold: list[GoldItem]) -> list[Pair]:
    rewards = np.zeros((len(pred), len(gold)))
    for i, p in enumerate(pred):
        pb = reference_box(p.get("bbox"))
        for j, g in enumerate(gold):
            box = reference_iou(pb[0], g.boxes[0]) if pb and g.boxes else 0.0
            rewards[i, j] = char_f1(answer_to_text(p.get("answer", "")), g.text) * 100 + 1e-9 * box
    return [(pred[i], gold[j]) for i, j in one_to_one(rewards)]


def _reference(parsed: ParsedReply, gold: Gold) -> Scores:
    no_answer = is_no_answer(parsed.raw, gold.task)
    found = [] if no_answer else json_candidates(parsed.raw)
    if gold.shape == "list":
        lists = [c for c in found if isinstance(c, list) and c and isinstance(c[0], dict)]
        if no_answer:
            pred: list[dict[str, Any]] = []
        else:
            fallback = regex_items(parsed.raw) or [{"answer": parsed.raw}]
            pred = [p for p in lists[0] if isinstance(p, dict)] if lists else fallback
        return _ref_items(_hungarian_pairs(pred, gold.items), len(pred), len(gold.items), gold)
    if gold.shape == "table":
        return _reference_table(found, gold)
    if gold.shape == "reasoning":
        return _reference_reasoning(parsed, found, no_answer, gold)
    dicts = [c for c in found if isinstance(c, dict) and c]
    first: dict[str, Any] = (regex_items(parsed.raw) or [{"answer": parsed.raw, "bbox": []}])[0]
    obj: dict[str, Any] = {} if no_answer else (dicts[0] if dicts else first)
    if not gold.score_text:  # Text2Bbox: the box may come as "first_occurrence" or as the answer
        if "first_occurrence" in obj:
            obj = {"answer": "", "bbox": obj["first_occurrence"]}
        elif "answer" in obj and "bbox" not in obj:
            obj = {"answer": "", "bbox": obj["answer"]}
    em, f1, box, hit = _ref_pair(str(obj.get("answer", "")), obj.get("bbox", []), gold.answer, gold, False)
    return Scores(
        em if gold.score_text else None,
        f1 if gold.score_text else None,
        box if gold.score_boxes else None,
        hit if gold.score_boxes else None,
    )


def _reference_table(found: list[Any], gold: Gold) -> Scores:
    grids = [c for c in found if isinstance(c, list) and c and isinstance(c[0], list) and c[0]]
    grids = [c for c in grids if isinstance(c[0][0], dict)]
    pred_rows: list[list[Any]] = grids[0] if grids else []
    g_rows, p_rows = len(gold.rows), len(pred_rows)
    g_cols = len(gold.rows[0]) if g_rows else 0
    p_cols = len(pred_rows[0]) if p_rows else 0

    def pred_cell(r: int, c: int) -> dict[str, Any]:
        row = pred_rows[r]
        cell = row[c] if c < len(row) else {}
        return cell if isinstance(cell, dict) else {"answer": cell}

    def gold_cell(r: int, c: int) -> GoldItem:
        row = gold.rows[r]
        return row[c] if c < len(row) else GoldItem("")

    rewards = np.zeros((g_rows, g_cols, p_rows, p_cols))
    for gr, gc, pr, pc in np.ndindex(rewards.shape):
        p, g = pred_cell(pr, pc), gold_cell(gr, gc)
        pb = reference_box(p.get("bbox"))
        box = reference_iou(pb[0], g.boxes[0]) if pb and g.boxes else 0.0
        rewards[gr, gc, pr, pc] = char_f1(answer_to_text(p.get("answer", "")), g.text) * 100 + 1e-9 * box
    mapping = align_grid((g_rows, g_cols), (p_rows, p_cols), lambda a, b, c, d: float(rewards[a, b, c, d]))
    pairs = [(pred_cell(pr, pc), gold_cell(gr, gc)) for (pr, pc), (gr, gc) in mapping.items()]
    return _ref_items(pairs, p_rows * p_cols, g_rows * g_cols, gold)


def _reasoning_fallback(raw: str) -> dict[str, Any]:
    found = _REGEX_ITEM.search(raw)
    if not found:
        return {"answer": raw, "bbox": [], "supporting_evidence": []}
    evidence = [{"text": e["answer"], "bbox": e["bbox"]} for e in regex_items(raw, _REGEX_EVIDENCE)]
    return {
        "answer": found.group(1),
        "bbox": json.loads(found.group(2)),
        "supporting_evidence": evidence or [{"text": raw[found.end() :], "bbox": []}],
    }


def _reference_reasoning(parsed: ParsedReply, found: list[Any], no_answer: bool, gold: Gold) -> Scores:
    keys = {"answer", "bbox", "supporting_evidence"}
    valid = [c for c in found if isinstance(c, dict) and keys <= c.keys()]
    valid = [c for c in valid if isinstance(c["supporting_evidence"], list)]
    obj: dict[str, Any] = {} if no_answer else (valid[0] if valid else _reasoning_fallback(parsed.raw))
    em, f1, box, hit = _ref_pair(str(obj.get("answer", "")), obj.get("bbox", []), gold.answer, gold, False)
    final_box = None if not gold.answer.boxes else box
    final_hit = None if not gold.answer.boxes else hit
    if not gold.evidence:
        return NONE  # the reference skips such a question
    raw_evidence = obj.get("supporting_evidence", [])
    raw_evidence = [raw_evidence] if isinstance(raw_evidence, dict) else raw_evidence
    pred_evidence = [
        {"answer": answer_to_text(e.get("text", "")), "bbox": e.get("bbox")}
        for e in (raw_evidence if isinstance(raw_evidence, list) else [])
        if isinstance(e, dict)
    ]
    ev = _ref_items(
        _hungarian_pairs(pred_evidence, gold.evidence), len(pred_evidence), len(gold.evidence), gold, True
    )

    def mean(final: float | None, evidence: float | None, evidence_first: bool) -> float | None:
        if evidence_first:
            return evidence if final is None else (final + (evidence or 0.0)) / 2
        return final if evidence is None else ((final or 0.0) + evidence) / 2

    return Scores(
        mean(em, ev.em, False),
        mean(f1, ev.f1, False),
        mean(final_box, ev.iou, True),
        mean(final_hit, ev.iou50, True),
    )
