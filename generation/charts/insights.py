"""The insights of a chart (Table 17's ``insights``): shares, trends and proportions stated from its
data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np

from generation.charts.spec import MULTI_SERIES, TREND_TYPES, quantity
from generation.world.grammar import said_of
from generation.world.numbers import (
    value_text,
)
from synthdocbench_tasks.schema import (
    DataPoint,
    Insight,
)


def series_direction(values: Sequence[float]) -> Literal["rose", "fell", "was broadly flat"] | None:
    """Direction a reader sees in a series, or None when it is not clear-cut.

    Two points (a slope chart) are judged by their change alone.
    """
    arr = np.asarray(values, dtype=float)
    mean = float(np.mean(np.abs(arr))) if len(arr) else 0.0
    if len(arr) < 2 or mean == 0:
        return None
    change = (arr[-1] - arr[0]) / mean
    if len(arr) == 2:
        if abs(change) >= 0.10:
            return "rose" if change > 0 else "fell"
        return "was broadly flat" if abs(change) <= 0.04 else None
    slope = float(np.polyfit(np.arange(len(arr)), arr, 1)[0])
    if change >= 0.10 and slope > 0:
        return "rose"
    if change <= -0.10 and slope < 0:
        return "fell"
    if abs(change) <= 0.04 and (arr.max() - arr.min()) / mean <= 0.08:
        return "was broadly flat"
    return None


def _fmt(value: float, decimals: int, unit: str) -> str:
    return quantity(value_text(value, decimals), unit)


def _who(dp: DataPoint) -> str:
    return f"{dp.label} ({dp.category})" if dp.category else dp.label


def _who_labels(dp: DataPoint) -> list[str]:
    return [dp.label, dp.category] if dp.category else [dp.label]


def _share_insight(part: DataPoint, total: float, whole: str) -> Insight:
    share = round(100 * part.value / total, 1)
    return Insight(
        type="proportion",
        text=f"{_who(part)} makes up {share}% of {whole}.",
        labels=_who_labels(part),
        value=share,
    )


def _trend_insights(chart_type: str, data: list[DataPoint], decimals: int) -> list[Insight]:
    out: list[Insight] = []
    for series in dict.fromkeys(d.category for d in data):
        points = [d for d in data if d.category == series]
        direction = series_direction([d.value for d in points])
        if direction is None:
            continue
        name = series or "The series"
        change = round(points[-1].value - points[0].value, decimals)
        out.append(
            Insight(
                type="trend",
                text=f"{said_of(name, direction)} between {points[0].label} and {points[-1].label}.",
                labels=[series] if series else [],
                value=change,
            )
        )
    return out


def _proportion_insights(chart_type: str, data: list[DataPoint], decimals: int, unit: str) -> list[Insight]:
    top = max(data, key=lambda d: d.value)
    if chart_type in ("pie", "donut"):
        return [
            Insight(
                type="proportion",
                text=f"{said_of(top.label, 'is')} the largest share, {_fmt(top.value, decimals, unit)} "
                "of the total.",
                labels=[top.label],
                value=top.value,
            )
        ]
    if chart_type in ("treemap", "histogram"):
        return [_share_insight(top, sum(d.value for d in data), "the total")]
    if chart_type == "sankey":
        source = top.metadata["source"]
        outflow = sum(d.value for d in data if d.metadata["source"] == source)
        return [_share_insight(top, outflow, f"all flows from {source}")]
    if chart_type in ("stacked_bar", "stacked_area"):
        stack = sum(d.value for d in data if d.label == top.label)
        return [_share_insight(top, stack, f"the {top.label} stack")]
    if chart_type == "funnel":
        rate = round(100 * data[-1].value / data[0].value, 1)
        return [
            Insight(
                type="proportion",
                text=f"{rate}% of the {data[0].label} stage reach the {data[-1].label} stage.",
                labels=[data[0].label, data[-1].label],
                value=rate,
            )
        ]
    return []


def _rank_insights(chart_type: str, data: list[DataPoint], decimals: int, unit: str) -> list[Insight]:
    """Maximum, minimum, gap and the leader's margin over the runner-up."""
    ranked_marks = data[1:] if chart_type == "waterfall" else data
    ranked = sorted(ranked_marks, key=lambda d: -d.value)
    top, bottom = ranked[0], ranked[-1]
    out = [
        Insight(
            type="maximum",
            text=f"{said_of(_who(top), 'has')} the highest value, {_fmt(top.value, decimals, unit)}.",
            labels=_who_labels(top),
            value=top.value,
        ),
        Insight(
            type="minimum",
            text=f"{said_of(_who(bottom), 'has')} the lowest value, {_fmt(bottom.value, decimals, unit)}.",
            labels=_who_labels(bottom),
            value=bottom.value,
        ),
    ]
    gap = round(top.value - bottom.value, decimals)
    out.append(
        Insight(
            type="gap",
            text=f"The gap between {_who(top)} and {_who(bottom)} is {_fmt(gap, decimals, unit)}.",
            labels=_who_labels(top) + _who_labels(bottom),
            value=gap,
        )
    )
    if len(ranked) >= 2:
        a, b = ranked[0], ranked[1]
        diff = round(a.value - b.value, decimals)
        out.append(
            Insight(
                type="comparison",
                text=f"{said_of(_who(a), 'exceeds')} the runner-up {_who(b)} by "
                f"{_fmt(diff, decimals, unit)}.",
                labels=_who_labels(a) + _who_labels(b),
                value=diff,
            )
        )
    return out


def _outlier_insight(chart_type: str, data: list[DataPoint]) -> list[Insight]:
    """The one item two standard deviations or more from the mean of a single series, if any."""
    out: list[Insight] = []
    if chart_type not in MULTI_SERIES and chart_type != "waterfall" and len(data) >= 5:
        values = np.array([d.value for d in data])
        std = float(values.std())
        if std > 0:
            z = (values - values.mean()) / std
            i = int(np.argmax(np.abs(z)))
            if abs(z[i]) >= 2.0:
                out.append(
                    Insight(
                        type="outlier",
                        text=f"{said_of(data[i].label, 'stands')} apart from the other items.",
                        labels=[data[i].label],
                        value=data[i].value,
                    )
                )
    return out


def compute_insights(chart_type: str, data: list[DataPoint], decimals: int, unit: str) -> list[Insight]:
    """Typed facts derived from the data (Table 17 ``insights``).

    Maximum, minimum, gap and comparison rank the marks (a waterfall ranks its steps, not
    its starting level); trends, proportions, outliers and target attainment where the
    type has them.
    """
    out = _rank_insights(chart_type, data, decimals, unit)
    if chart_type in TREND_TYPES:
        out += _trend_insights(chart_type, data, decimals)
    if chart_type == "waterfall":
        net = round(sum(d.value for d in data[1:]), decimals)
        word = "rose" if net > 0 else "fell"
        out.append(
            Insight(
                type="trend",
                text=f"Over the steps from {data[1].label} to {data[-1].label} the level {word} by "
                f"{_fmt(abs(net), decimals, unit)}.",
                labels=[data[1].label, data[-1].label],
                value=net,
            )
        )
    if chart_type == "bullet":
        met = [d for d in data if d.value >= float(d.metadata["target"])]
        out.append(
            Insight(
                type="comparison",
                text=f"{len(met)} of {len(data)} items reach their target.",
                labels=[d.label for d in met],
                value=float(len(met)),
            )
        )
    out += _proportion_insights(chart_type, data, decimals, unit)
    out += _outlier_insight(chart_type, data)
    return out
