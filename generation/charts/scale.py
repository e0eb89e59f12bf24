"""Value axes as D3 draws them, for the rules that must know where charts.js puts a mark."""

from __future__ import annotations

import math

from synthdocbench_tasks.schema import Chart


def nice_step(span: float, count: int = 5) -> float:
    """The tick step D3's ``ticks(count)`` picks for an axis of this span (1, 2, 5 x 10^k)."""
    if span <= 0:
        return 1.0
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    error = raw / power
    factor = (
        10 if error >= math.sqrt(50) else 5 if error >= math.sqrt(10) else 2 if error >= math.sqrt(2) else 1
    )
    return float(factor * power)


#: A value axis spans at least this share of its values' magnitude (charts.js' ``minSpan``): a
#: series that barely moves is drawn nearly level, not filling the plot as if it rose strongly.
MIN_SPAN_SHARE = 0.3


def panel_domain(chart: Chart) -> tuple[float, float]:
    """A grid of panels' shared value axis as charts.js draws it (``valueDomain``, ``nice()``):
    the values' range and 8% either side (not below zero for values that are not negative),
    widened to :data:`MIN_SPAN_SHARE` of its magnitude, rounded out to D3's tick step."""
    axis = chart.axes.y
    if axis.range and len(axis.range) == 2:
        lo, hi = axis.range[0], axis.range[1]
    else:
        values = [p.value for p in chart.data]
        lo, hi = min(values), max(values)
        hi = hi if hi != lo else lo + 1
        pad = (hi - lo) * 0.08
        lo, hi = (max(0.0, lo - pad) if lo >= 0 else lo - pad), hi + pad
        need = MIN_SPAN_SHARE * max(abs(lo), abs(hi))
        if hi - lo < need:
            mid = (lo + hi) / 2
            a = max(0.0, mid - need / 2) if min(values) >= 0 else mid - need / 2
            lo, hi = a, a + max(need, hi - a)
    last = 0.0
    for _ in range(10):  # d3's nice(): round out until the step stops changing
        step = nice_step(hi - lo, 10)
        if math.isclose(step, last):
            break
        lo, hi, last = math.floor(lo / step) * step, math.ceil(hi / step) * step, step
    return lo, hi
