"""Value-reading questions (Table 14): one mark, an extreme, a total or average, a mark at an
event's year, an encoding.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from generation.charts.registry import chart_type, holds_two_measures
from generation.questions.chart_common import (
    ADDITIVE_TYPES,
    ORDERED_TYPES,
    Maker,
    cap,
    event_phrase,
    event_years,
    first_draft,
    mark_use,
    mean_needs_no_reading,
    order_given,
    ordered_series,
    series_name,
    shuffled_makers,
    val,
)
from generation.questions.common import (
    Context,
    Draft,
    Value,
    chart_allows,
    derived_value,
    exact_value,
    fact_term,
    find_point,
    label_value,
    mark_label,
    mean_term,
    point_term,
    read_meta,
    read_value,
    series_of,
    sum_term,
)
from generation.questions.extreme_years import Place, placed_draft, side_extreme
from generation.questions.period_measures import one_read_answers
from generation.questions.phrasing import (
    colour_keyed,
    colour_of,
    decimals_of,
    figure_ref,
    fmt_num,
    joins_two_items,
    mark_phrase,
    pick,
    point_key,
    value_measure,
    value_unit,
)
from generation.world.grammar import agree
from synthdocbench_tasks.schema import Chart, Difficulty

# --- value reading ---------------------------------------------------------------------


def value_reading(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    options: dict[str, Sequence[Maker]] = {
        "L1": [_read_one],
        "L2": [_read_extreme],
        "L3": [_aggregate],
        "L4": [_read_at_event],
        "L5": [_read_highlight, _read_colour, _read_marker, _read_whiskers],
    }
    makers = options[level]
    if level == "L2":
        return placed_draft(ctx, rng, _read_extreme)
    return first_draft(ctx, rng, shuffled_makers(makers, rng) if level == "L5" else makers)


def _read_one(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    points = [chart.data[i] for i in rng.permutation(len(chart.data))]
    for p in points:
        if not ctx.readable(chart, p) or not mark_use(ctx, chart, point_key(p)):
            continue
        fig, mark, v = figure_ref(chart), mark_phrase(chart, p), val(chart, p)
        by_year = mark == f"the {p.label} value"  # one series' mark, asked by its year
        ref = p.label if by_year else mark
        q = pick(
            rng,
            [
                f"In {fig}, what value is shown for {ref}?",
                f"Reading {fig}, what is the value {'in' if by_year else 'of'} {ref}?",
                f"According to {fig}, how large is {'the value for ' if by_year else ''}{ref}?",
                f"What does {fig} report for {ref}?",
                f"Look at {fig}: what figure does it give for {ref}?",
            ],
        )
        a = pick(
            rng,
            [
                f"The chart puts {mark} at {v}.",
                f"{cap(mark)} {agree(mark, 'stands')} at {v} in that chart.",
                f"It shows a value of {v} for {mark}.",
                f"In that chart, {mark} {agree(mark, 'is')} plotted at {v}.",
            ],
        )
        steps = [f"Locate {fig} in the document.", f"Read the mark for {mark}: {v}."]
        return Draft("value_reading", "L1", q, a, [read_value(chart, p)], steps, [chart], [p])
    return None


def _read_extreme(
    ctx: Context, chart: Chart, rng: np.random.Generator, place: Place | None = None
) -> Draft | None:
    """The highest or lowest mark of a series; a year only at the slot's ``place``
    (:mod:`generation.questions.extreme_years`)."""
    if order_given(chart) or chart.visualProperties.sortOrder != "none":
        # a funnel's first stage is its highest, its last the lowest; a chart drawn sorted by value
        # puts its extremes at its ends (blind53: all of them, against about half on the others)
        return None
    for series, points in series_of(chart).items():
        if not 3 <= len(points) <= 12 or not all(ctx.readable(chart, p) for p in points):
            continue
        found = side_extreme(chart, points, rng.random() < 0.5, place)
        if found is None or not mark_use(ctx, chart, f"extreme:{series}:{found[0]}"):
            continue
        highest, top = found
        fig, word = figure_ref(chart), "highest" if highest else "lowest"
        scope = f" among the {series} marks" if series else ""
        whose = "which flow is it" if joins_two_items(top) else "which item does it belong to"
        q = pick(
            rng,
            [
                f"What is the {word} value plotted in {fig}{scope}, and {whose}?",
                f"In {fig}, which mark is the {word}{scope}, and what value does it show?",
                f"Find the {word} reading in {fig}{scope}: whose is it and how much is it?",
            ],
        )
        rank = ("first", "on top") if highest else ("last", "at the bottom")
        named = mark_phrase(chart, top)
        among = scope or " overall"  # a rank holds over what the question names: one series, or all
        a = pick(
            rng,
            [
                f"At {val(chart, top)}, {named} {agree(named, 'ranks')} {rank[0]}{among}.",
                f"{cap(named)} {agree(named, 'comes')} out {rank[1]}{among} with {val(chart, top)}.",
            ],
        )
        steps = [
            f"Scan all {len(points)} marks of {fig}{scope}.",
            f"The {word} is {mark_phrase(chart, top)}: {val(chart, top)}.",
        ]
        values: list[Value] = [mark_label(top), read_value(chart, top)]
        return Draft("value_reading", "L2", q, a, values, steps, [chart], points)
    return None


def _aggregate(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    # Values add up only for levels and counts; other kinds are averaged, never summed.
    average = chart.chartType in ORDERED_TYPES or not chart_allows("sum", chart)
    if not average and chart.chartType not in ADDITIVE_TYPES:
        return None
    if chart.chartType not in ORDERED_TYPES and chart.chartType not in ADDITIVE_TYPES:
        return None
    for series, points in series_of(chart).items():
        if not 3 <= len(points) <= 8 or not all(ctx.readable(chart, p) for p in points):
            continue
        if mean_needs_no_reading(chart, points):
            continue
        unit = value_unit(chart)
        terms = [point_term(chart, p) for p in points]
        if average:
            answer = derived_value(mean_term(terms), unit, 1)
        else:
            answer = derived_value(sum_term(terms), unit, decimals_of(*(p.value for p in points)))
        # one reading (times their count for a total) must not give it: the sum asked is skipped
        if one_read_answers(answer.av, [p.value for p in points], total=not average):
            continue
        if not mark_use(ctx, chart, f"aggregate:{series}"):
            continue
        fig = figure_ref(chart)
        scope = f"the {series} series" if series else "all marks"
        readings = "; ".join(f"{mark_phrase(chart, p)} = {fmt_num(p.value)}" for p in points)
        steps = [f"Locate {fig}.", f"Read the {len(points)} values of {scope}: {readings}."]
        steps.append(f"Add them: the total is {fmt_num(sum(p.value for p in points))}.")
        if average:
            steps.append(f"Divide by {len(points)}: the average is {answer.text}.")
            q = pick(
                rng,
                [
                    f"What is the average of {scope} plotted in {fig}, across all {len(points)} points?",
                    f"Averaging every point of {scope} in {fig}, what value do you get?",
                    f"Taken over its {len(points)} points, what is the mean level of {scope} in {fig}?",
                ],
            )
            a = f"Across the {len(points)} points the mean comes to {answer.said()}."
        else:
            q = pick(
                rng,
                [
                    f"What is the combined total of {scope} in {fig}?",
                    f"Adding up {scope} in {fig}, what total do you get?",
                    f"If you sum every value of {scope} shown in {fig}, what is the result?",
                ],
            )
            a = f"Summing the {len(points)} values gives {answer.said()} altogether."
        return Draft("value_reading", "L3", q, a, [answer], steps, [chart], points)
    return None


def _read_at_event(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    groups = ordered_series(chart)
    for fact_index, year, about in event_years(ctx, chart):
        for series in filter(about, groups):
            p = find_point(chart, year, series)
            if p is None or not ctx.readable(chart, p) or not mark_use(ctx, chart, f"event:{fact_index}"):
                continue
            what_happened = event_phrase(ctx, fact_index)
            fig, v = figure_ref(chart), val(chart, p)
            what = series_name(chart, series)
            q = pick(
                rng,
                [
                    f"According to {fig}, what was {what} in the year when {what_happened}?",
                    f"In the year {what_happened}, what level did {fig} record for {what}?",
                    f"The report mentions that {what_happened}. What does {fig} show for {what} that year?",
                ],
            )
            a = f"{cap(what_happened)} in {year}, and that year the chart shows {what} at {v}."
            steps = [
                f"Find in the text that {what_happened} in {year}.",
                f"Locate {fig} and its {year} mark{f' for {series}' if series else ''}.",
                f"Read the value: {v}.",
            ]
            values: list[Value] = [
                exact_value(fact_term(ctx, fact_index, "year"), None),
                read_value(chart, p),
            ]
            return Draft("value_reading", "L4", q, a, values, steps, [chart], [p], [fact_index])
    return None


def _read_highlight(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    if chart.visualProperties.sortOrder != "none":
        # a chart drawn sorted by value puts its highlighted mark at a place a reader of the values
        # alone guesses (questions52: at an end 11 of 19 against chance), as :func:`_read_extreme`
        return None
    items = chart.visualProperties.highlightedItems
    matches = [p for p in chart.data if p.label in items]
    if len(items) != 1 or len(matches) != 1 or not ctx.readable(chart, matches[0]):
        return None
    p = matches[0]
    if not mark_use(ctx, chart, point_key(p)):
        return None
    fig, v = figure_ref(chart), val(chart, p)
    # Every renderer outlines a highlighted mark; only a single-hue chart fills it in the accent
    # colour (a treemap's or waterfall's highlight keeps its own colour): name no colour. The
    # pointer beside it names the item ("▼ 40–50"), so the question asks only what the chart
    # shows there: asking which item it is was answered by the pointer's words (questions53).
    measure = value_measure(chart) if holds_two_measures(chart) else "value"  # two measures: name it
    options = [
        f"{fig} highlights one mark. What {measure} does the chart show for it?",
        f"What {measure} does {fig} show for the mark it singles out with its highlight?",
        f"One mark of {fig} is drawn highlighted. How large is its {measure}?",
    ]
    q = pick(rng, options)
    a = f"The emphasised mark, {p.label}, is at {v}."
    steps = [
        f"Locate {fig}.",
        f"Find the highlighted mark (drawn with a heavy outline): {p.label}.",
        f"Read its value: {v}.",
    ]
    return Draft("value_reading", "L5", q, a, [read_value(chart, p)], steps, [chart], [p])


def _read_colour(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    points = [chart.data[int(i)] for i in rng.permutation(len(chart.data))]
    for p in points:
        colour = colour_of(chart, p)
        if colour is None or not colour_keyed(chart, p) or not ctx.readable(chart, p):
            continue
        if not mark_use(ctx, chart, point_key(p)):
            continue
        fig, v, series = figure_ref(chart), val(chart, p), p.category
        q = pick(
            rng,
            [
                f"In {fig}, which series is drawn in {colour}, and what is its value at {p.label}?",
                f"What does the {colour} colour stand for in {fig}, and what value does it reach at "
                f"{p.label}?",
                f"Using the legend of {fig}, name the {colour} series and give its reading for {p.label}.",
            ],
        )
        a = f"The {colour} marks are {series}, which reads {v} at {p.label}."
        steps = [
            f"Locate {fig} and its legend.",
            f"Match {colour} to the series {series}.",
            f"Read {series} at {p.label}: {v}.",
        ]
        values: list[Value] = [label_value(str(series)), read_value(chart, p)]
        return Draft("value_reading", "L5", q, a, values, steps, [chart], [p])
    return None


def _read_marker(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """Bullet charts: the thin marker across each bar is the measure's target."""
    if not chart_type(chart.chartType).has("target_marker"):
        return None
    for p in [chart.data[int(i)] for i in rng.permutation(len(chart.data))]:
        if (
            "target" not in p.metadata
            or not ctx.readable(chart, p, meta=("target",))
            or not mark_use(ctx, chart, f"target:{p.label}")
        ):
            continue
        fig, target = figure_ref(chart), read_meta(chart, p, "target")
        q = pick(
            rng,
            [
                f"In {fig}, what does the short marker line across the {p.label} bar indicate, and what "
                "value "
                "does it sit at?",
                f"Each bar of {fig} carries a thin vertical marker. What does it represent, and where is "
                "it for "
                f"{p.label}?",
            ],
        )
        a = f"The marker is the target for {p.label}, set at {target.said()}."
        steps = [
            f"Locate {fig} and read its legend or annotation: the marker shows the target.",
            f"Read the marker on the {p.label} bar: {target.said()}.",
        ]
        values: list[Value] = [label_value("target", ["goal", "benchmark"]), target]
        return Draft("value_reading", "L5", q, a, values, steps, [chart], [p])
    return None


def _read_whiskers(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """Box plots: the whiskers end at the minimum and the maximum."""
    if not chart_type(chart.chartType).has("whiskers"):
        return None
    for p in [chart.data[int(i)] for i in rng.permutation(len(chart.data))]:
        if not {"min", "max"} <= set(p.metadata) or not ctx.readable(chart, p, meta=("min", "max")):
            continue
        if not mark_use(ctx, chart, f"whiskers:{p.label}"):
            continue
        fig, lo, hi = figure_ref(chart), read_meta(chart, p, "min"), read_meta(chart, p, "max")
        q = pick(
            rng,
            [
                f"In {fig}, where do the whiskers of the {p.label} box end, and what do those ends "
                "represent?",
                f"What range do the whiskers of {p.label} span in {fig}, and what do the whisker ends mark?",
            ],
        )
        a = f"For {p.label} the whiskers run from the minimum, {lo.said()}, to the maximum, {hi.said()}."
        steps = [
            f"Locate {fig}: each whisker ends at the group's minimum and maximum.",
            f"Read the lower end for {p.label}: {lo.said()}.",
            f"Read the upper end: {hi.said()}.",
        ]
        values: list[Value] = [
            label_value("minimum", ["min", "lowest"]),
            label_value("maximum", ["max", "highest"]),
        ]
        values += [lo, hi]
        return Draft("value_reading", "L5", q, a, values, steps, [chart], [p])
    return None
