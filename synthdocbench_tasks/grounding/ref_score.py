"""Scores as MMDocBench's published evaluation computes them (``reference`` mode).

Per answer shape (behaviour reproduced from the reference, written anew):

* ``single``: the extracted object's ``answer`` (Python ``str()`` of whatever it holds) and
  ``bbox`` against the gold's first object. EM: equality of the two lenient texts
  (:mod:`.lenient`); F1: set overlap of whitespace tokens, rounded to 2 decimals; IoU of
  :func:`reference_box` against the gold box as published (union floored at 1e-5);
  IoU@t = ``IoU > t``. Text2Bbox has no EM/F1, Bbox2Text no IoU.
* ``list`` (BookOCR, forgery detection): predicted and gold items aligned one-to-one
  (Hungarian, maximising ``100 x character-F1 + 1e-9 x IoU``); each metric is the F-score of
  the aligned sum with precision over the predicted and recall over the gold items.
* ``table``: cells aligned by the factored 2-D alignment (rows, then columns, as ordered
  sequences, same reward); the grids are as wide as their first row; F-score as for lists.
* ``reasoning``: the final answer as ``single`` (no IoU when the gold answer has no box);
  the evidence aligned as a list and scored by recall over the gold evidence (evidence
  whose gold text normalises to empty has no EM/F1); each metric the mean of the two (the
  evidence's alone for IoU when the final answer has none, the final answer's alone for
  EM/F1 when the evidence has none). A question without gold evidence has no score.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from .lenient import lenient_texts, normalize
from .matching import align_grid, one_to_one
from .ref_extract import Default, extract

THRESHOLDS = (0.2, 0.5, 0.7)


@dataclass(frozen=True)
class Scores:
    """The six per-answer metrics (None where a metric does not apply), in both modes."""

    em: float | None
    f1: float | None
    iou: float | None
    iou20: float | None
    iou50: float | None
    iou70: float | None

    def as_dict(self, suffix: str = "") -> dict[str, float | None]:
        return {f"{k}{suffix}": v for k, v in asdict(self).items()}


NO_SCORE = Scores(None, None, None, None, None, None)


@dataclass(frozen=True)
class RefGold:
    """A gold answer as the reference holds it: JSON values, texts and boxes as given."""

    shape: str  # single | list | table | reasoning
    task: str  # the main task's name, e.g. "Key Information Extraction"
    sub_task: str
    question: str  # the raw question (the lenient rules read it)
    value: Any  # single/reasoning: the first answer object; list: items; table: rows


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float)


def reference_box(value: Any) -> list[Any]:
    """The reference's box reading: four numbers (all < 2: x1000, floor/ceil), the first
    item's ``bbox`` or first nested list, or ``[{x0, y0}, {x1, y1}]`` (values in the order
    given, unscaled); anything else, strings included, is no box."""
    while value and isinstance(value, list):
        first = value[0]
        if len(value) == 4 and _is_number(first):
            if not all(_is_number(v) for v in value):
                return []  # the reference would fail on mixed types; no box here
            if all(v < 2 for v in value):
                try:
                    x0, y0 = math.floor(value[0] * 1000), math.floor(value[1] * 1000)
                    return [x0, y0, math.ceil(value[2] * 1000), math.ceil(value[3] * 1000)]
                except (OverflowError, ValueError):
                    return []
            return value
        if isinstance(first, dict) and first.get("bbox"):
            value = first["bbox"]
        elif isinstance(first, list):
            value = first
        elif (
            isinstance(first, dict)
            and first.keys() == {"x0", "y0"}
            and len(value) > 1
            and isinstance(value[1], dict)
            and value[1].keys() == {"x1", "y1"}
        ):
            return list(first.values()) + list(value[1].values())
        else:
            return []
    return []


def overlap_iou(a: Any, b: Any) -> float:
    """The published IoU: 0 when either box is empty; union floored at 1e-5."""
    if not a or not b:
        return 0.0
    try:
        w = min(a[2], b[2]) - max(a[0], b[0])
        h = min(a[3], b[3]) - max(a[1], b[1])
        inter = max(0, w) * max(0, h)
        union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
        return float(inter / max(float(union), 0.00001))
    except (TypeError, IndexError, ValueError, OverflowError):
        return 0.0


def set_f1(pred: str, gold: str) -> float:
    p, g = pred.split(), gold.split()
    if not p or not g:
        return float(p == g)
    common = len(set(p) & set(g))
    if common == 0:
        return 0.0
    precision, recall = common / len(p), common / len(g)
    return round(2 * (precision * recall) / (precision + recall), 2)


def _char_f1(pred: str, gold: str) -> float:
    p = Counter(normalize(pred)) if pred != "" else Counter()
    g = Counter(normalize(gold)) if gold != "" else Counter()
    common = sum((g & p).values())
    precision = 1.0 if not p else common / float(sum(p.values()))
    recall = 1.0 if not g else common / float(sum(g.values()))
    return 0.0 if precision == 0.0 and recall == 0.0 else (2 * precision * recall) / (precision + recall)


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _as_item(value: Any) -> dict[str, Any]:
    """A predicted item; a non-object item (the reference would fail) is its text, no box."""
    return value if isinstance(value, dict) else {"answer": value, "bbox": []}


def _gold_box(gold: dict[str, Any]) -> Any:
    box = gold.get("bbox")
    return box if isinstance(box, list) else []


def item_reward(pred: dict[str, Any], gold: dict[str, Any]) -> float:
    text = _char_f1(_text(pred.get("answer", "")), _text(gold.get("answer", "")))
    return text * 100 + 1e-9 * overlap_iou(reference_box(pred.get("bbox", [])), _gold_box(gold))


@dataclass
class _Pair:
    """One row of the reference's per-answer details."""

    pred: bool
    gold: bool
    values: list[float | None]  # em, f1, iou, iou20, iou50, iou70


def _score_pair(
    pred: dict[str, Any] | None, gold: dict[str, Any] | None, g: RefGold, evidence: bool
) -> _Pair:
    pred_text = str(pred.get("answer", "")) if pred is not None else None
    gold_text = str(gold.get("answer")) if gold is not None else None
    p, t = lenient_texts(pred_text or "", gold_text or "", g.question, g.task, evidence, g.sub_task)
    em = f1 = 0.0
    if pred_text is not None and gold_text is not None:
        em, f1 = float(p == t), set_f1(p, t)
    box = 0.0
    if pred is not None and gold is not None:
        box = overlap_iou(reference_box(pred.get("bbox", [])), _gold_box(gold))
    values: list[float | None] = [em, f1, box, *(float(box > t_) for t_ in THRESHOLDS)]
    if evidence and not t:  # gold evidence text that normalises to empty: no EM/F1
        values[0] = values[1] = None
    return _Pair(pred is not None, gold is not None, values)


def _fscore(total: float, n_true: int, n_pred: int, recall_only: bool) -> float:
    precision = total / n_pred if n_pred > 0 else 1.0
    recall = total / n_true if n_true > 0 else 1.0
    if recall_only:
        return recall
    return 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0


def _array_metric(pairs: list[_Pair], recall_only: bool = False) -> Scores:
    n_true = sum(p.gold for p in pairs)
    n_pred = sum(p.pred for p in pairs)
    out: list[float | None] = []
    for k in range(6):
        total, invalid = 0.0, 0
        for pair in pairs:
            if pair.pred and pair.gold:
                value = pair.values[k]
                if value is None:
                    invalid += 1
                else:
                    total += value
        t, p = n_true - invalid, n_pred - invalid
        out.append(None if not t and not p else _fscore(total, t, p, recall_only))
    return Scores(*out)


def _details(
    mapping: dict[Any, Any],
    preds: dict[Any, dict[str, Any]],
    golds: dict[Any, dict[str, Any]],
    g: RefGold,
    evidence: bool,
    recall_only: bool,
) -> list[_Pair]:
    pairs = [_score_pair(preds[p], golds[t], g, evidence) for p, t in mapping.items()]
    if not recall_only:
        pairs += [_score_pair(preds[p], None, g, evidence) for p in preds if p not in mapping]
    matched = set(mapping.values())
    pairs += [_score_pair(None, golds[t], g, evidence) for t in golds if t not in matched]
    return pairs


def _hungarian(preds: list[dict[str, Any]], golds: list[dict[str, Any]]) -> dict[int, int]:
    rewards = np.zeros((len(preds), len(golds)))
    for i, p in enumerate(preds):
        for j, t in enumerate(golds):
            rewards[i, j] = item_reward(p, t)
    return dict(one_to_one(rewards))


def _objects(value: Any) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _score_list(pred: Any, g: RefGold) -> Scores:
    preds = [_as_item(v) for v in pred] if isinstance(pred, list) else []
    golds = _objects(g.value)
    if not preds and not golds:
        return NO_SCORE  # the reference fails on such a question
    mapping = _hungarian(preds, golds)
    pairs = _details(mapping, dict(enumerate(preds)), dict(enumerate(golds)), g, False, False)
    return _array_metric(pairs)


def _grid(rows: Any) -> dict[tuple[int, int], dict[str, Any]]:
    """The reference's grid: as many columns as the first row; short rows padded with {}."""
    rows = [r if isinstance(r, list) else [r] for r in rows] if isinstance(rows, list) else []
    width = len(rows[0]) if rows else 0
    return {
        (r, c): (_as_item(row[c]) if c < len(row) else {}) for r, row in enumerate(rows) for c in range(width)
    }


def _score_table(pred: Any, g: RefGold) -> Scores:
    preds, golds = _grid(pred), _grid(g.value)
    pr = 1 + max((r for r, _ in preds), default=-1)
    pc = 1 + max((c for _, c in preds), default=-1)
    gr = 1 + max((r for r, _ in golds), default=-1)
    gc = 1 + max((c for _, c in golds), default=-1)
    if not preds and not golds:
        return NO_SCORE
    rewards: dict[tuple[int, int, int, int], float] = {}
    for (a, b), gold in golds.items():
        for (c, d), p in preds.items():
            rewards[a, b, c, d] = item_reward(p, gold)
    mapping = align_grid((gr, gc), (pr, pc), lambda a, b, c, d: rewards[a, b, c, d])
    return _array_metric(_details(mapping, preds, golds, g, False, False))


def _score_single(pred: Any, g: RefGold) -> Scores:
    pred = pred if isinstance(pred, dict) else {}
    gold = g.value if isinstance(g.value, dict) else {"answer": g.value, "bbox": []}
    values = _score_pair(pred, gold, g, False).values
    em, f1, iou, *hits = values
    if g.sub_task == "Text2Bbox":
        em = f1 = None
    if g.sub_task == "Bbox2Text":
        return Scores(em, f1, None, None, None, None)
    return Scores(em, f1, iou, *hits)


def _mean(final: float | None, evidence: float | None, final_may_miss: bool) -> float | None:
    if final_may_miss:
        return evidence if final is None else (final + (evidence or 0.0)) / 2
    return final if evidence is None else ((final or 0.0) + evidence) / 2


def _score_reasoning(pred: Any, g: RefGold) -> Scores:
    pred = pred if isinstance(pred, dict) else {}
    gold = g.value if isinstance(g.value, dict) else {"answer": g.value, "bbox": []}
    final = _score_pair(pred, gold, g, False).values
    if not gold.get("bbox"):
        final[2:] = [None] * 4
    gold_evidence = gold.get("supporting_evidence") or []
    golds = [{"answer": _text(e.get("text")), "bbox": e.get("bbox")} for e in _objects(gold_evidence)]
    if not golds:
        return NO_SCORE  # the reference skips a question without gold evidence
    raw = pred.get("supporting_evidence", [])
    preds = [{"answer": e.get("text", ""), "bbox": e.get("bbox", [])} for e in _objects(raw)]
    mapping = _hungarian(preds, golds)
    ev = _array_metric(_details(mapping, dict(enumerate(preds)), dict(enumerate(golds)), g, True, True), True)
    return Scores(
        _mean(final[0], ev.em, False),
        _mean(final[1], ev.f1, False),
        _mean(final[2], ev.iou, True),
        _mean(final[3], ev.iou20, True),
        _mean(final[4], ev.iou50, True),
        _mean(final[5], ev.iou70, True),
    )


_DEFAULTS: dict[str, Default] = {"list": "1d_array", "table": "2d_array"}


def reference_scores(reply: str, gold: RefGold) -> Scores:
    """Score one reply as the published evaluation does; never raises on model output."""
    pred = extract(reply, gold.task, _DEFAULTS.get(gold.shape, "dict"), gold.sub_task)
    if gold.shape == "list":
        return _score_list(pred, gold)
    if gold.shape == "table":
        return _score_table(pred, gold)
    if gold.shape == "reasoning":
        return _score_reasoning(pred, gold)
    return _score_single(pred, gold)
