"""Whether a question's text step (the year of an event the report dates) decides its answer
(audit45): a chart question that looks a year up in the text must give another answer in another
year of the chart, or the text step is decoration.

- :func:`enough_years`: a text-year step needs a chart of at least :data:`MIN_EVENT_YEARS` years
  (on a chart of two years the step is never needed, or a coin flip);
- :func:`order_turns`: two series compared in one year (comparison L4) swap order in some year of
  the chart; :func:`in_minority` tells whether a year has the less common order; where they never
  swap, comparison L4 asks only the gap, which :func:`gap_turns` requires to differ in another year;
- :func:`direction_turns`: a direction "since a year" (trend_pattern L4) differs from the
  direction since some other year of the chart.

The builders ask only where these hold; ``generation.questions.step_measures`` counts the
questions where they do not.
"""

from __future__ import annotations

from collections.abc import Sequence

from generation.questions.common import direction
from synthdocbench_tasks.schema import Chart

#: The fewest years a chart needs for a question to look one of them up in the text.
MIN_EVENT_YEARS = 3


def chart_years(chart: Chart) -> list[str]:
    """The chart's x labels in data order when every one is a year, else []."""
    labels = list(dict.fromkeys(p.label for p in chart.data))
    return labels if all(len(x) == 4 and x.isdigit() for x in labels) else []


def enough_years(chart: Chart) -> bool:
    """The chart shows enough years for a text-year step to decide something."""
    return len(chart_years(chart)) >= MIN_EVENT_YEARS


def _gaps(chart: Chart, a: str | None, b: str | None) -> dict[str, float]:
    """Per x label where both series have a mark: ``a``'s value less ``b``'s."""
    rows: dict[str, dict[str | None, float]] = {}
    for p in chart.data:
        rows.setdefault(p.label, {})[p.category] = p.value
    return {year: row[a] - row[b] for year, row in rows.items() if a in row and b in row}


def _signs(chart: Chart, a: str | None, b: str | None) -> dict[str, int]:
    """Per year where both series have a mark: 1 when ``a`` is higher, -1 when ``b`` is, 0 on a tie."""
    return {year: (g > 0) - (g < 0) for year, g in _gaps(chart, a, b).items()}


def order_turns(chart: Chart, a: str | None, b: str | None) -> bool:
    """Series ``a`` and ``b`` are higher each in some year (which is higher depends on the year)."""
    return {1, -1} <= set(_signs(chart, a, b).values())


def in_minority(chart: Chart, year: str, a: str | None, b: str | None) -> bool:
    """In ``year`` the pair stands in its less common order (or as often one way as the other)."""
    signs = _signs(chart, a, b)
    here = signs.get(year, 0)
    return here != 0 and sum(s == here for s in signs.values()) <= sum(s == -here for s in signs.values())


def gap_turns(chart: Chart, year: str, a: str | None, b: str | None, tol: float) -> bool:
    """The gap ``a - b`` in some other year of the chart lies more than ``tol`` from its gap in
    ``year`` (so the year, not the pair, decides the gap asked)."""
    gaps = _gaps(chart, a, b)
    return year in gaps and any(abs(g - gaps[year]) > tol for y, g in gaps.items() if y != year)


def direction_turns(values: Sequence[float], start: int) -> bool:
    """The direction from ``values[start]`` to the last value differs from the direction from
    some other earlier value (so the start year, not the series' shape, decides it)."""
    said = direction(list(values[start:]))
    others = (direction(list(values[i:])) for i in range(len(values) - 1) if i != start)
    return said is not None and any(d is not None and d != said for d in others)
