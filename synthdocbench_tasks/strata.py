"""The strata a question is reported by: subsets, difficulty levels and the paper's nine
categories. Plain constants without the data models of :mod:`~synthdocbench_tasks.schema`
(which holds them too), so a reader of results (the report, the viewer) need not build those
models to know them."""

from __future__ import annotations

from typing import Literal

Subset = Literal["chart", "cross_modal", "complex"]
Difficulty = Literal["L1", "L2", "L3", "L4", "L5"]
PositionBucket = Literal["early", "middle", "late"]

SUBSETS: tuple[Subset, ...] = ("chart", "cross_modal", "complex")
DIFFICULTIES: tuple[Difficulty, ...] = ("L1", "L2", "L3", "L4", "L5")

#: The nine fine-grained categories of the paper's Table 14, by subset.
CATEGORIES: dict[Subset, tuple[str, ...]] = {
    "chart": ("value_reading", "comparison", "trend_pattern"),
    "cross_modal": ("verify_with_chart", "integrate_sources", "compare_representations"),
    "complex": ("historical_timeline", "technical_quantitative", "impact_reception"),
}


def subset_of(category: str) -> Subset:
    """The subset whose questions ``category`` belongs to."""
    return next(s for s, cats in CATEGORIES.items() if category in cats)
