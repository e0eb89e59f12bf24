"""Boxes on a 0..1000 scale of an image: reading them, IoU and one-to-one matching.

``boxes_from`` is the lenient reader of the ``paper`` mode: one box or a list of boxes, as
numbers, strings (``"[1, 2, 3, 4]"`` or ``"1,2,3,4"``) or ``{x1, y1, x2, y2}`` dicts; a box
whose four values are all <= 1 is a fraction of the image and is scaled by 1000; corners
are put in order. (The published code's stricter reading is ``ref_score.reference_box``.)
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from .matching import one_to_one

Box = tuple[float, float, float, float]

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_CORNER_KEYS = (("x1", "y1", "x2", "y2"), ("x0", "y0", "x1", "y1"), ("left", "top", "right", "bottom"))


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def _ordered(values: Sequence[float]) -> Box:
    x1, y1, x2, y2 = (float(v) for v in values)
    if all(0 <= v <= 1 for v in (x1, y1, x2, y2)):
        x1, y1, x2, y2 = x1 * 1000, y1 * 1000, x2 * 1000, y2 * 1000
    return (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))


def _literal(text: str) -> Any:
    try:
        return ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def boxes_from(value: Any) -> list[Box]:
    """Every box in ``value`` (paper mode); never raises, unreadable parts are skipped."""
    if value is None or isinstance(value, bool):
        return []
    if isinstance(value, str):
        parsed = _literal(value)
        if isinstance(parsed, list | tuple | dict):
            return boxes_from(list(parsed) if isinstance(parsed, tuple) else parsed)
        numbers = [float(n) for n in _NUMBER.findall(value)]
        return [_ordered(numbers)] if len(numbers) == 4 else []
    if isinstance(value, dict):
        if "bbox" in value:
            return boxes_from(value["bbox"])
        for keys in _CORNER_KEYS:
            if all(_is_number(value.get(k)) for k in keys):
                return [_ordered([value[k] for k in keys])]
        return []
    if isinstance(value, list | tuple):
        if len(value) == 4 and all(_is_number(v) for v in value):
            return [_ordered(value)]
        out: list[Box] = []
        for part in value:
            if isinstance(part, list | tuple | str | dict):
                out.extend(boxes_from(part))
        return out
    return []


def iou(a: Box, b: Box) -> float:
    """Intersection over union of two boxes; 0 when either has no area."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    inter = max(0.0, w) * max(0.0, h)
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def iou_pairs(pred: Sequence[Box], gold: Sequence[Box]) -> list[float]:
    """IoUs of the one-to-one pairing of predicted and gold boxes with maximum total IoU."""
    if not pred or not gold:
        return []
    matrix = np.array([[iou(p, g) for g in gold] for p in pred])
    return [float(matrix[i, j]) for i, j in one_to_one(matrix)]


def matched_iou(pred: Sequence[Box], gold: Sequence[Box]) -> float:
    """Mean IoU over ``max(#pred, #gold)`` after one-to-one matching: a missing or an extra
    box counts 0. Both empty: 1.0 (nothing to locate, nothing located)."""
    if not pred and not gold:
        return 1.0
    return sum(iou_pairs(pred, gold)) / max(len(pred), len(gold))


def matched_hits(pred: Sequence[Box], gold: Sequence[Box], threshold: float = 0.5) -> float:
    """Share of matched pairs with IoU >= ``threshold``, over ``max(#pred, #gold)``."""
    if not pred and not gold:
        return 1.0
    return sum(v >= threshold for v in iou_pairs(pred, gold)) / max(len(pred), len(gold))
