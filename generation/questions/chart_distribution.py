"""Trend / pattern questions on a histogram's distribution (Table 14, trend L2): the modal bin
and the shape (where it peaks, the side of its longer tail). Split from
:mod:`generation.questions.chart_trend`, which asks them among its L2 makers."""

from __future__ import annotations

import numpy as np

from generation.charts.registry import chart_type
from generation.questions.chart_common import mark_use, separable
from generation.questions.common import Context, Draft, Value, label_value, mark_label, read_value
from generation.questions.phrasing import figure_ref, fmt_num, pick
from synthdocbench_tasks.schema import Chart


def modal_bin(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """Histograms: the most populated bin and its count."""
    if not chart_type(chart.chartType).has("bins") or len(chart.data) < 3:
        return None
    ranked = sorted(chart.data, key=lambda p: p.value, reverse=True)
    top = ranked[0]
    if not separable(chart, top.value, ranked[1].value) or not all(
        ctx.readable(chart, p) for p in chart.data
    ):
        return None
    if not mark_use(ctx, chart, "mode"):
        return None
    fig = figure_ref(chart)
    q = pick(
        rng,
        [
            f"Where does the distribution in {fig} peak, and how many observations fall there?",
            f"Which bin of {fig} is the most populated, and what count does it hold?",
        ],
    )
    a = f"The distribution peaks in the {top.label} bin, which holds {fmt_num(top.value)} observations."
    steps = [
        f"Read the heights of all {len(chart.data)} bins of {fig}.",
        f"The tallest is {top.label}: {fmt_num(top.value)}.",
    ]
    values: list[Value] = [mark_label(top), read_value(chart, top)]
    return Draft("trend_pattern", "L2", q, a, values, steps, [chart], list(chart.data))


def tail(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """Histograms: the distribution's shape, its peak and the side of its longer tail."""
    if not chart_type(chart.chartType).has("bins") or len(chart.data) < 5:
        return None
    if not all(ctx.readable(chart, p) for p in chart.data):
        return None
    values = [p.value for p in chart.data]
    k = max(range(len(values)), key=values.__getitem__)
    top, second = sorted(values, reverse=True)[:2]
    if not separable(chart, top, second):
        return None
    below, above = sum(values[:k]), sum(values[k + 1 :])
    if above >= 1.5 * below and len(values) - 1 - k >= 2:
        side, aliases = "higher", ["upper", "right", "larger values", "right-skewed", "positively skewed"]
    elif below >= 1.5 * above and k >= 2:
        side, aliases = "lower", ["left", "smaller values", "left-skewed", "negatively skewed"]
    else:
        return None
    if not mark_use(ctx, chart, "tail"):
        return None
    fig, peak = figure_ref(chart), chart.data[k]
    q = pick(
        rng,
        [
            f"Describe the shape of the distribution in {fig}: where does it peak, and towards which end "
            "does its longer tail run?",
            f"Is the distribution in {fig} lopsided? Name the bin where it peaks and the side its long tail "
            "is on.",
        ],
    )
    a = f"It peaks in the {peak.label} bin and its longer tail runs towards the {side} bins."
    steps = [
        f"Read the heights of all {len(values)} bins of {fig}.",
        f"The tallest bin is {peak.label}.",
        f"Compare the bins on either side of it: {fmt_num(below)} observations below, {fmt_num(above)} "
        "above, "
        f"so the tail runs towards the {side} bins.",
    ]
    return Draft(
        "trend_pattern",
        "L2",
        q,
        a,
        [mark_label(peak), label_value(side, aliases)],
        steps,
        [chart],
        list(chart.data),
    )
