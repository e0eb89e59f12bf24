"""Aggregations of per-question judge records (paper Eq. 1).

Each per-question value is the record ``process_results`` built: a dict with ``score``
(0..10, or -1 / None when unscored) among stratification keys. Unscored answers are
excluded from both ACC and the mean score (``Q_valid``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

ACC_THRESHOLD = 6


def valid_scores(records: Iterable[Mapping[str, Any]]) -> list[float]:
    out = []
    for rec in records:
        score = rec.get("score")
        if isinstance(score, int | float) and not isinstance(score, bool) and 0 <= score <= 10:
            out.append(float(score))
    return out


def accuracy(records: Iterable[Mapping[str, Any]], threshold: float = ACC_THRESHOLD) -> float:
    """Share of valid answers scored at or above ``threshold``; NaN when none is valid."""
    scores = valid_scores(records)
    return sum(s >= threshold for s in scores) / len(scores) if scores else math.nan


def mean_score(records: Iterable[Mapping[str, Any]]) -> float:
    scores = valid_scores(records)
    return sum(scores) / len(scores) if scores else math.nan
