"""Which operations make sense on which kind of metric (one place for questions and validation).

- A **sum** or a **share of a total** only for quantities that add up: levels and counts
  (and the parts of one whole: the shares of one pie, the steps of one waterfall), never
  intensive values (an average wait, a price per kWh, a yield: two countries' waits do not add).
- A **total over years** only for flows: a stock (installed capacity, people without
  sanitation) stands at each date, so its values add up across entities but not over years.
- A **percentage change** not for percentages (rates or shares in %): their change is a
  difference in percentage points.
- A **compound annual growth rate** only for positive magnitudes: levels, counts and intensive
  values (a price compounds).
"""

from __future__ import annotations

from typing import Literal

from generation.charts.registry import types_in
from synthdocbench_tasks.schema import MetricKind

Operation = Literal["sum", "total_over_years", "share_of_total", "relative_change", "cagr"]
OPERATIONS: tuple[Operation, ...] = ("sum", "total_over_years", "share_of_total", "relative_change", "cagr")

#: Kinds whose values add up across entities or parts.
ADDITIVE_KINDS: frozenset[str] = frozenset({"level", "count"})
#: Kinds a compound growth rate is defined for.
GROWTH_KINDS: frozenset[str] = frozenset({"level", "count", "intensive"})
#: Chart types whose marks are the parts of one whole (a pie's shares) or changes that add
#: up to a net change (a waterfall's steps, a diverging bar's changes): they sum whatever the kind.
WHOLE_TYPES: frozenset[str] = frozenset(types_in("whole"))


def is_percentage(unit: str | None) -> bool:
    return unit == "%"


def ill_posed(
    operation: Operation,
    kind: MetricKind | str | None,
    unit: str | None,
    chart_type: str | None = None,
    stock: bool = False,
) -> str | None:
    """Why ``operation`` makes no sense on values of ``kind`` in ``unit`` (of a ``stock``), or
    None when it does.

    An unknown kind (a manifest from before schema 1.1) is given the benefit of the doubt.
    """
    if operation == "total_over_years":
        if stock and chart_type not in WHOLE_TYPES:
            return f"a total over years of a stock (a {kind or 'level'} at each date: years do not add up)"
        operation = "sum"
    if operation in ("sum", "share_of_total"):
        if kind is None or kind in ADDITIVE_KINDS or chart_type in WHOLE_TYPES:
            return None
        what = "a sum" if operation == "sum" else "a share of the total"
        return f"{what} of {kind} values (only levels and counts add up)"
    if operation == "relative_change":
        if not is_percentage(unit):
            return None
        return f"a percentage change of a percentage ({kind or 'rate'}); its change is in percentage points"
    if kind is None or kind in GROWTH_KINDS:
        return None
    return f"a compound annual growth rate of a {kind} (only levels, counts and intensive values compound)"


def allows(
    operation: Operation,
    kind: MetricKind | str | None,
    unit: str | None,
    chart_type: str | None = None,
    stock: bool = False,
) -> bool:
    return ill_posed(operation, kind, unit, chart_type, stock) is None
