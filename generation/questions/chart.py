"""Chart-reading questions (Table 14): value reading, comparison, trend / pattern.

The builders live in :mod:`generation.questions.chart_value`, :mod:`~generation.questions.chart_compare`
and :mod:`~generation.questions.chart_trend`; what they share in
:mod:`~generation.questions.chart_common`. Types follow docs/data-layout.md: ordered-x types get
trend questions, bullets a target marker, boxes whiskers, bubbles a size channel, heatmaps a
colour scale.
"""

from __future__ import annotations

from generation.questions.chart_common import (
    cap,
    event_phrase,
    event_years,
    mark_use,
    mean_needs_no_reading,
    ordered_series,
    series_name,
    val,
)
from generation.questions.chart_compare import comparison
from generation.questions.chart_trend import trend_pattern
from generation.questions.chart_value import value_reading
from generation.questions.common import Builder

BUILDERS: dict[str, Builder] = {
    "value_reading": value_reading,
    "comparison": comparison,
    "trend_pattern": trend_pattern,
}

__all__ = [
    "BUILDERS",
    "cap",
    "event_phrase",
    "event_years",
    "mark_use",
    "mean_needs_no_reading",
    "ordered_series",
    "series_name",
    "val",
]
