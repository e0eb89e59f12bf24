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


#: Failures that mean something broke (the model request, the judge or the scoring code).
FAILED_REASONS = frozenset({"model_error", "judge_error", "scoring_error"})


def failed_count(records: Iterable[Mapping[str, Any]]) -> int:
    """Records whose ``failure`` is ``model_error``, ``judge_error`` or ``scoring_error``."""
    return sum(1 for rec in records if rec.get("failure") in FAILED_REASONS)


def unscored_count(records: Iterable[Mapping[str, Any]]) -> int:
    """Records without a valid score, whatever the reason (what ACC and score leave out)."""
    records = list(records)
    return len(records) - len(valid_scores(records))
