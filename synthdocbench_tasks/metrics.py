"""Aggregations of per-question judge records (paper Eq. 1).

Each per-question value is the record ``process_results`` built: a dict with ``score``
(0..10, or -1 / None when unscored) among stratification keys (see
:mod:`~synthdocbench_tasks.records`). Unscored answers are excluded from both ACC and the
mean score (``Q_valid``); the threshold and the accuracy rule are those of ``records``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from . import records
from .records import ACC_THRESHOLD, FAILED_REASONS, valid_score


def valid_scores(recs: Iterable[Mapping[str, Any]]) -> list[float]:
    """The valid scores (0..10) of ``recs``, in order."""
    return [s for rec in recs if (s := valid_score(rec.get("score"))) is not None]


def accuracy(recs: Iterable[Mapping[str, Any]], threshold: float = ACC_THRESHOLD) -> float:
    """Share of valid answers scored at or above ``threshold``; NaN when none is valid."""
    return records.accuracy(valid_scores(recs), threshold)


def mean_score(recs: Iterable[Mapping[str, Any]]) -> float:
    scores = valid_scores(recs)
    return sum(scores) / len(scores) if scores else math.nan


def failed_count(recs: Iterable[Mapping[str, Any]]) -> int:
    """Records whose ``failure`` is ``model_error``, ``judge_error`` or ``scoring_error``."""
    return sum(1 for rec in recs if rec.get("failure") in FAILED_REASONS)


def uncertain_count(recs: Iterable[Mapping[str, Any]]) -> int:
    """Scored records the judge marked ``certain: false`` (their score is its best reading)."""
    return sum(1 for rec in recs if rec.get("certain") is False and valid_score(rec.get("score")) is not None)


def unscored_count(recs: Iterable[Mapping[str, Any]]) -> int:
    """Records without a valid score, whatever the reason (what ACC and score leave out)."""
    recs = list(recs)
    return len(recs) - len(valid_scores(recs))
