"""Trend / pattern answers other than a direction (Table 14: the "temporal pattern" a chart
shows): a trend L2 question a reader answers by following a series year by year, computed from
the series itself, so it is right by construction.

- :func:`first_crossing`: the first year a series rose above (or fell below) a round level
  every earlier year stays on the other side of. The level sits in the gap between the earlier
  years' extreme and the crossing year's value, each more than twice its reading tolerance away
  (``common.tol_of``), so a reading within tolerance never moves the answer; the crossing year is
  drawn uniformly over the years a series allows, so it lands at no end of the chart by design.

A largest year-on-year step was tried first: on fresh seed 6693 no series of 34 charts of years
(8 documents) had a step standing out from the next by the four readings' tolerances, so it was
not kept. Directions (rose, fell, broadly flat) answered 74% of trend questions on that seed (102
of 137, plan-only, 200 paper documents; ``trend_form_measures`` counts the forms).
"""

from __future__ import annotations

import math

import numpy as np

from generation.questions.chart_common import mark_use, ordered_series, series_name, val
from generation.questions.common import Context, Draft, Value, mark_label, read_value, shuffled, tol_of
from generation.questions.event_steps import enough_years
from generation.questions.phrasing import figure_ref, fmt_num, pick, value_unit, with_unit
from synthdocbench_tasks.schema import Chart, DataPoint

#: The fewest marks a series needs (a crossing after at least two earlier years, one to follow).
MIN_MARKS = 4


def round_between(low: float, high: float) -> float | None:
    """The roundest number strictly between ``low`` and ``high`` (a multiple of 1, 2 or 5 times
    a power of ten, the coarsest that fits), or None where the gap is empty."""
    if not high > low:
        return None
    for exponent in range(math.floor(math.log10(high - low)) + 1, -7, -1):
        for mult in (10, 5, 2, 1):
            step = mult * 10.0 ** (exponent - 1)
            found = math.floor(low / step + 1) * step
            if low < found < high:
                return round(found, 9)
    return None


def crossings(chart: Chart, points: list[DataPoint]) -> list[tuple[int, bool, float]]:
    """(index, upward, level) of each year ``points[index]`` (not the first two) that is the first
    above (upward) or below a round level every earlier year lies on the other side of, all of
    them by more than twice their reading tolerance."""
    out = []
    for k in range(2, len(points)):
        before, at = [p.value for p in points[:k]], points[k].value
        high = max(before)
        level = round_between(high + 2 * tol_of(chart, high), at - 2 * tol_of(chart, at))
        if level is not None:
            out.append((k, True, level))
        low = min(before)
        level = round_between(at + 2 * tol_of(chart, at), low - 2 * tol_of(chart, low))
        if level is not None:
            out.append((k, False, level))
    return out


def first_crossing(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """L2: the first year a series of a chart of years crossed a round level (a series in a drawn
    order, the crossing drawn uniformly over the years its series allows)."""
    if not enough_years(chart) or chart.value_trend != "any":
        return None  # a metric of known direction: world knowledge tells its crossings' side
    for series, points in shuffled(list(ordered_series(chart).items()), rng):
        if len(points) < MIN_MARKS or not all(ctx.readable(chart, p) for p in points):
            continue
        found = crossings(chart, points)
        if not found or not mark_use(ctx, chart, f"crossing:{series}"):
            continue
        years = sorted({k for k, _, _ in found})
        year = years[int(rng.integers(len(years)))]
        options = [c for c in found if c[0] == year]
        k, upward, level = options[int(rng.integers(len(options)))]
        return _draft(chart, series, points[: k + 1], upward, level, rng)
    return None


def _draft(
    chart: Chart,
    series: str | None,
    read: list[DataPoint],
    upward: bool,
    level: float,
    rng: np.random.Generator,
) -> Draft:
    fig, name, at = figure_ref(chart), series_name(chart, series), read[-1]
    said = with_unit(fmt_num(level), value_unit(chart))
    way, side = ("rise above", "above") if upward else ("fall below", "below")
    q = pick(
        rng,
        [
            f"In {fig}, in which year did {name} first {way} {said}, and what was its value then?",
            f"Following {name} year by year in {fig}: when is it {side} {said} for the first time, and at "
            "what level?",
            f"What is the first year {fig} shows {name} {side} {said}, and its value in that year?",
        ],
    )
    earlier = "highest" if upward else "lowest"
    extreme = (max if upward else min)(read[:-1], key=lambda p: p.value)
    other = "below" if upward else "above"
    # The answer states the side asked as well as the earlier years' side: a reference with only
    # "every earlier year stays below" reads as "below", the opposite of a right "above" (judge).
    a = (
        f"In {at.label} it is {side} {said} for the first time, at {val(chart, at)}; every earlier "
        f"year shown stays {other} {said} ({earlier} {val(chart, extreme)} in {extreme.label})."
    )
    steps = [
        f"In {fig}, read {name} year by year from {read[0].label}.",
        f"Up to {read[-2].label} it stays {other} {said} (its {earlier}: {val(chart, extreme)}).",
        f"In {at.label} it is {side} it for the first time: {val(chart, at)}.",
    ]
    values: list[Value] = [mark_label(at), read_value(chart, at)]
    return Draft("trend_pattern", "L2", q, a, values, steps, [chart], read)
