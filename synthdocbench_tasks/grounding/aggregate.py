"""Macro-averaging of per-question scores: sub-task -> task -> capability -> overall.

As in the MMDocBench paper (Table 2): a sub-task's score is the mean over its questions, a
task's the mean over its sub-tasks, a capability's the mean over its tasks, and the overall
score the mean over the capabilities. Missing values (None or NaN: a metric a question does
not have) are skipped at every level; a level with nothing left is NaN.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

LEVELS: tuple[str, ...] = ("capability", "task", "sub_task")


def nan_mean(values: Iterable[Any]) -> float:
    kept = [float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
    kept = [v for v in kept if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else math.nan


def macro_average(
    records: Iterable[Mapping[str, Any]], metric: str, levels: Sequence[str] = LEVELS
) -> dict[tuple[str, ...], float]:
    """Macro averages of ``metric`` for every prefix of ``levels``.

    Returns ``{(): overall, (cap,): ..., (cap, task): ..., (cap, task, sub): ...}``; each key
    is the tuple of that group's values along ``levels``."""
    leaves: dict[tuple[str, ...], list[Any]] = {}
    for rec in records:
        key = tuple(str(rec.get(level)) for level in levels)
        leaves.setdefault(key, []).append(rec.get(metric))
    out: dict[tuple[str, ...], float] = {k: nan_mean(v) for k, v in leaves.items()}
    for depth in range(len(levels) - 1, -1, -1):
        groups: dict[tuple[str, ...], list[float]] = {}
        for key, value in out.items():
            if len(key) == depth + 1:
                groups.setdefault(key[:depth], []).append(value)
        out.update({k: nan_mean(v) for k, v in groups.items()})
    return out
