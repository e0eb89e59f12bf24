"""Chart-reading questions (Table 14): value reading, comparison, trend / pattern.

Every builder reads marks straight from the chart metadata and computes the answer in
code. A mark whose value is written anywhere in the text is never asked for, and numbers
are asked only from charts a reader can read numbers from (an axis or printed labels).
Types follow docs/data-layout.md: ordered-x types get trend questions, bullets a target
marker, boxes whiskers, bubbles a size channel, heatmaps a colour scale.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from generation.charts.registry import chart_type, types_in
from generation.questions.common import (
    Builder,
    Context,
    Draft,
    Value,
    change_value,
    chart_allows,
    derived_value,
    difference_value,
    direction,
    direction_value,
    exact_value,
    fact_term,
    find_point,
    label_term,
    label_value,
    mark_label,
    mean_term,
    meta_term,
    point_term,
    read_meta,
    read_value,
    series_of,
    share_value,
    sum_term,
    tol_of,
)
from generation.questions.common import ratio_value as _ratio_value
from generation.questions.phrasing import (
    DIRECTION_RULE,
    colour_of,
    figure_ref,
    fmt_num,
    is_year,
    mark_phrase,
    pick,
    point_key,
    value_unit,
    with_unit,
)
from synthdocbench_tasks.schema import Chart, DataPoint, Difficulty

Maker = Callable[[Context, Chart, np.random.Generator], Draft | None]
#: Types whose marks follow an ordered (time) x axis.
ORDERED_TYPES: tuple[str, ...] = types_in("temporal")
#: Types whose marks add up to a total worth asking for.
ADDITIVE_TYPES: tuple[str, ...] = types_in("additive")
#: Types where a mark's share of the total may be asked.
SHARE_TYPES: tuple[str, ...] = types_in("share_of_total")


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def val(chart: Chart, p: DataPoint) -> str:
    return with_unit(fmt_num(p.value), value_unit(chart))


def ordered_series(chart: Chart) -> dict[str | None, list[DataPoint]]:
    """Series whose marks follow an ordered x axis (time), with at least two marks."""
    groups = series_of(chart)
    if chart.chartType not in ORDERED_TYPES and not all(is_year(p.label) for p in chart.data):
        return {}
    return {k: v for k, v in groups.items() if len(v) >= 2 and len({p.label for p in v}) == len(v)}


def series_name(chart: Chart, series: str | None) -> str:
    if series:
        return series
    label = chart.axes.y.label.strip()
    if not label:
        return "the plotted value"
    if label[1:2].islower():
        label = label[0].lower() + label[1:]
    return f"the plotted {label}"


def _separable(chart: Chart, a: float, b: float) -> bool:
    """Two values a reader can tell apart: their gap exceeds both reading tolerances."""
    return abs(a - b) > 2 * (tol_of(chart, a) + tol_of(chart, b)) and abs(a - b) > 1e-9


def mark_use(ctx: Context, chart: Chart, key: str) -> bool:
    """Reserve one use of a chart's evidence (and note that the chart has been used)."""
    if not ctx.claim(f"{chart.vizId}:{key}"):
        return False
    ctx.used.add(f"viz:{chart.vizId}")
    return True


def event_years(ctx: Context, chart: Chart) -> list[tuple[int, str]]:
    """(fact index, year) of events, in another section, whose year the chart's x axis shows."""
    labels = {p.label for p in chart.data}
    out = []
    for i in ctx.facts_of("event"):
        fact = ctx.manifest.text_facts[i]
        year = fact.values.get("year", "")
        if year in labels and fact.section_id != chart.section_id:
            out.append((i, year))
    return out


def event_phrase(ctx: Context, fact_index: int) -> str:
    v = ctx.manifest.text_facts[fact_index].values
    return f"{v.get('actor', '')} {v.get('event', '')}".strip()


def _first_draft(ctx: Context, rng: np.random.Generator, makers: Sequence[Maker]) -> Draft | None:
    """The first draft any maker builds, chart by chart in ``ctx.charts`` order."""
    for chart in ctx.charts(rng):
        for make in makers:
            draft = make(ctx, chart, rng)
            if draft:
                return draft
    return None


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
    return _first_draft(ctx, rng, shuffled_makers(makers, rng) if level == "L5" else makers)


def shuffled_makers(makers: Sequence[Maker], rng: np.random.Generator) -> list[Maker]:
    return [makers[int(i)] for i in rng.permutation(len(makers))]


def _read_one(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    points = [chart.data[i] for i in rng.permutation(len(chart.data))]
    for p in points:
        if not ctx.readable(chart, p) or not mark_use(ctx, chart, point_key(p)):
            continue
        fig, mark, v = figure_ref(chart), mark_phrase(chart, p), val(chart, p)
        q = pick(
            rng,
            [
                f"In {fig}, what value is shown for {mark}?",
                f"Reading {fig}, what is the value of {mark}?",
                f"According to {fig}, how large is {mark}?",
                f"What does {fig} report for {mark}?",
                f"Look at {fig}: what figure does it give for {mark}?",
            ],
        )
        a = pick(
            rng,
            [
                f"The chart puts {mark} at {v}.",
                f"{cap(mark)} stands at {v} in that chart.",
                f"It shows a value of {v} for {mark}.",
                f"In that chart, {mark} is plotted at {v}.",
            ],
        )
        steps = [f"Locate {fig} in the document.", f"Read the mark for {mark}: {v}."]
        return Draft("value_reading", "L1", q, a, [read_value(chart, p)], steps, [chart], [p])
    return None


def _read_extreme(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for series, points in series_of(chart).items():
        if not 3 <= len(points) <= 12 or not all(ctx.readable(chart, p) for p in points):
            continue
        highest = rng.random() < 0.5
        ranked = sorted(points, key=lambda p: p.value, reverse=highest)
        top, runner = ranked[0], ranked[1]
        if not _separable(chart, top.value, runner.value):
            continue
        if not mark_use(ctx, chart, f"extreme:{series}:{highest}"):
            continue
        fig, word = figure_ref(chart), "highest" if highest else "lowest"
        scope = f" among the {series} marks" if series else ""
        q = pick(
            rng,
            [
                f"What is the {word} value plotted in {fig}{scope}, and which item does it belong to?",
                f"In {fig}{scope}, which mark is the {word}, and what value does it show?",
                f"Find the {word} reading in {fig}{scope}: whose is it and how much is it?",
            ],
        )
        rank = ("first", "top") if highest else ("last", "bottom")
        a = pick(
            rng,
            [
                f"At {val(chart, top)}, {mark_phrase(chart, top)} ranks {rank[0]}.",
                f"{cap(mark_phrase(chart, top))} comes out on {rank[1]} with {val(chart, top)}.",
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
        if not mark_use(ctx, chart, f"aggregate:{series}"):
            continue
        fig = figure_ref(chart)
        unit = value_unit(chart)
        scope = f"the {series} series" if series else "all marks"
        terms = [point_term(chart, p) for p in points]
        readings = "; ".join(f"{mark_phrase(chart, p)} = {fmt_num(p.value)}" for p in points)
        steps = [f"Locate {fig}.", f"Read the {len(points)} values of {scope}: {readings}."]
        steps.append(f"Add them: the total is {fmt_num(sum(p.value for p in points), 2)}.")
        if average:
            mean = derived_value(mean_term(terms), unit, 1)
            steps.append(f"Divide by {len(points)}: the average is {mean.text}.")
            q = pick(
                rng,
                [
                    f"What is the average of {scope} plotted in {fig}, across all {len(points)} points?",
                    f"Averaging every point of {scope} in {fig}, what value do you get?",
                    f"Taken over its {len(points)} points, what is the mean level of {scope} in {fig}?",
                ],
            )
            a = f"Across the {len(points)} points the mean comes to {mean.said()}."
            answer = mean
        else:
            total = derived_value(sum_term(terms), unit, 1)
            q = pick(
                rng,
                [
                    f"What is the combined total of {scope} in {fig}?",
                    f"Adding up {scope} in {fig}, what total do you get?",
                    f"If you sum every value of {scope} shown in {fig}, what is the result?",
                ],
            )
            a = f"Summing the {len(points)} values gives {total.said()} altogether."
            answer = total
        return Draft("value_reading", "L3", q, a, [answer], steps, [chart], points)
    return None


def _read_at_event(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    groups = ordered_series(chart)
    for fact_index, year in event_years(ctx, chart):
        for series in groups:
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
    items = chart.visualProperties.highlightedItems
    matches = [p for p in chart.data if p.label in items]
    if len(items) != 1 or len(matches) != 1 or not ctx.readable(chart, matches[0]):
        return None
    p = matches[0]
    if not mark_use(ctx, chart, point_key(p)):
        return None
    fig, v = figure_ref(chart), val(chart, p)
    q = pick(
        rng,
        [
            f"{fig} picks out one mark in a highlight colour. Which item is it, and what value does it show?",
            f"Which item does {fig} emphasise with its highlight colour, and what is that item's value?",
            f"One mark of {fig} is drawn in an accent colour. What does it stand for, and how large is it?",
        ],
    )
    a = f"The emphasised mark is {p.label}, at {v}."
    steps = [
        f"Locate {fig}.",
        f"Find the mark drawn in the highlight colour and read its label: {p.label}.",
        f"Read its value: {v}.",
    ]
    return Draft("value_reading", "L5", q, a, [mark_label(p), read_value(chart, p)], steps, [chart], [p])


def _read_colour(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    points = [chart.data[int(i)] for i in rng.permutation(len(chart.data))]
    for p in points:
        colour = colour_of(chart, p)
        if colour is None or p.category is None or not ctx.readable(chart, p):
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
        values: list[Value] = [label_value(series), read_value(chart, p)]
        return Draft("value_reading", "L5", q, a, values, steps, [chart], [p])
    return None


def _read_marker(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """Bullet charts: the thin marker across each bar is the measure's target."""
    if not chart_type(chart.chartType).has("target_marker"):
        return None
    for p in [chart.data[int(i)] for i in rng.permutation(len(chart.data))]:
        if (
            "target" not in p.metadata
            or not ctx.readable(chart, p)
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
        if not {"min", "max"} <= set(p.metadata) or not ctx.readable(chart, p):
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


# --- comparison ------------------------------------------------------------------------


def comparison(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    options: dict[str, Sequence[Maker]] = {
        "L1": [],
        "L2": [_compare_pair],
        "L3": shuffled_makers([_ratio, _share], rng),
        "L4": [_compare_at_event],
        "L5": shuffled_makers([_compare_colours, _against_target, _largest_bubble, _darkest_cell], rng),
    }
    makers = options[level]
    return _first_draft(ctx, rng, makers) if makers else None


def _pairs(ctx: Context, chart: Chart, rng: np.random.Generator) -> list[tuple[DataPoint, DataPoint]]:
    out = []
    for points in series_of(chart).values():
        ok = [p for p in points if ctx.readable(chart, p)]
        for i, a in enumerate(ok):
            for b in ok[i + 1 :]:
                if _separable(chart, a.value, b.value):
                    out.append((a, b) if a.value >= b.value else (b, a))
    return [out[i] for i in rng.permutation(len(out))]


def _compare_pair(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for hi, lo in _pairs(ctx, chart, rng):
        if not mark_use(ctx, chart, f"pair:{point_key(hi)}|{point_key(lo)}"):
            continue
        fig = figure_ref(chart)
        first, second = (hi, lo) if rng.random() < 0.5 else (lo, hi)
        m1, m2 = mark_phrase(chart, first), mark_phrase(chart, second)
        diff = difference_value(point_term(chart, hi), point_term(chart, lo), value_unit(chart))
        q = pick(
            rng,
            [
                f"In {fig}, which is larger, {m1} or {m2}, and by how much?",
                f"Comparing {m1} with {m2} in {fig}, which one is higher and what is the gap?",
                f"Which comes out ahead in {fig}, {m1} or {m2}? Give the size of the difference.",
            ],
        )
        a = pick(
            rng,
            [
                f"{cap(mark_phrase(chart, hi))} is higher, at {val(chart, hi)} against {val(chart, lo)}: a "
                "gap "
                f"of {diff.said()}.",
                f"{cap(mark_phrase(chart, hi))} leads by {diff.said()} ({val(chart, hi)} versus "
                f"{val(chart, lo)}).",
            ],
        )
        steps = [
            f"In {fig}, read {mark_phrase(chart, hi)}: {val(chart, hi)}.",
            f"Read {mark_phrase(chart, lo)}: {val(chart, lo)}.",
            f"Compare and subtract: {fmt_num(hi.value)} - {fmt_num(lo.value)} = {diff.text}.",
        ]
        winner = mark_label(hi) if hi.label != lo.label else label_value(str(hi.category))
        values: list[Value] = [winner, diff]
        return Draft("comparison", "L2", q, a, values, steps, [chart], [hi, lo])
    return None


def _ratio(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for hi, lo in _pairs(ctx, chart, rng):
        if lo.value <= 0 or hi.value / lo.value < 1.2:
            continue
        if not mark_use(ctx, chart, f"ratio:{point_key(hi)}|{point_key(lo)}"):
            continue
        fig, m_hi, m_lo = figure_ref(chart), mark_phrase(chart, hi), mark_phrase(chart, lo)
        r = _ratio_value(point_term(chart, hi), point_term(chart, lo))
        q = pick(
            rng,
            [
                f"In {fig}, how many times larger is {m_hi} than {m_lo}?",
                f"What is the ratio of {m_hi} to {m_lo} in {fig}?",
                f"By what factor does {m_hi} exceed {m_lo} in {fig}?",
            ],
        )
        a = f"{cap(m_hi)} is about {r.text} times {m_lo} ({val(chart, hi)} versus {val(chart, lo)})."
        steps = [
            f"Locate {fig}.",
            f"Read {m_hi}: {val(chart, hi)}.",
            f"Read {m_lo}: {val(chart, lo)}.",
            f"Divide: {fmt_num(hi.value)} / {fmt_num(lo.value)} = {r.text}.",
        ]
        return Draft("comparison", "L3", q, a, [r], steps, [chart], [hi, lo])
    return None


def _parts_of_one_whole(chart: Chart) -> bool:
    """Its marks are shares of one whole (a pie): a share of a percentage chart is its own value."""
    record = chart_type(chart.chartType)
    return record.member("whole") and record.member("share_of_total")


def _share(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    if chart.chartType not in SHARE_TYPES or (_parts_of_one_whole(chart) and value_unit(chart) == "%"):
        return None
    if not chart_allows("share_of_total", chart):
        return None
    groups = series_of(chart)
    if len(groups) != 1:
        return None
    points = next(iter(groups.values()))
    if not 3 <= len(points) <= 8 or not all(ctx.readable(chart, p) and p.value > 0 for p in points):
        return None
    p = points[int(rng.integers(len(points)))]
    if not mark_use(ctx, chart, f"share:{point_key(p)}"):
        return None
    fig = figure_ref(chart)
    total = sum_term([point_term(chart, x) for x in points])
    s = share_value(point_term(chart, p), total)
    q = pick(
        rng,
        [
            f"What share of the total shown in {fig} does {p.label} account for?",
            f"Out of everything {fig} adds up to, what percentage comes from {p.label}?",
            f"How big a slice of the {fig} total is {p.label}, in per cent?",
        ],
    )
    a = f"{cap(p.label)} makes up about {s.text}% of the {fmt_num(total.value, 2)} total ({val(chart, p)})."
    steps = [
        f"Locate {fig}.",
        f"Read all {len(points)} values and add them: {fmt_num(total.value, 2)}.",
        f"Read {p.label}: {val(chart, p)}.",
        f"Divide and convert to a percentage: {s.text}%.",
    ]
    return Draft("comparison", "L3", q, a, [s], steps, [chart], points)


def _compare_at_event(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """Two series compared in the year an event from the text happened."""
    for fact_index, year in event_years(ctx, chart):
        marks = [p for p in chart.data if p.label == year and p.category and ctx.readable(chart, p)]
        pairs = [
            (a, b) for i, a in enumerate(marks) for b in marks[i + 1 :] if _separable(chart, a.value, b.value)
        ]
        for a_pt, b_pt in [pairs[int(i)] for i in rng.permutation(len(pairs))]:
            if not mark_use(ctx, chart, f"event-pair:{fact_index}"):
                return None
            hi, lo = (a_pt, b_pt) if a_pt.value > b_pt.value else (b_pt, a_pt)
            happened, fig = event_phrase(ctx, fact_index), figure_ref(chart)
            diff = difference_value(point_term(chart, hi), point_term(chart, lo), value_unit(chart))
            q = pick(
                rng,
                [
                    f"In the year {happened}, which was higher in {fig}: {a_pt.category} or "
                    f"{b_pt.category}, and "
                    "by how much?",
                    f"The report notes that {happened}. That year, did {a_pt.category} or {b_pt.category} "
                    "stand "
                    f"higher in {fig}, and what was the gap?",
                ],
            )
            a = (
                f"{cap(happened)} in {year}; that year {hi.category} was higher, at {val(chart, hi)} against "
                f"{val(chart, lo)} for {lo.category}, a gap of {diff.said()}."
            )
            steps = [
                f"Find in the text that {happened} in {year}.",
                f"In {fig}, read {hi.category} and {lo.category} at {year}: {val(chart, hi)} and "
                f"{val(chart, lo)}.",
                f"Compare and subtract: {diff.text}.",
            ]
            values: list[Value] = [
                exact_value(fact_term(ctx, fact_index, "year"), None),
                label_value(str(hi.category)),
                diff,
            ]
            return Draft("comparison", "L4", q, a, values, steps, [chart], [hi, lo], [fact_index])
    return None


def _compare_colours(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    by_label: dict[str, list[DataPoint]] = {}
    for p in chart.data:
        if p.category is not None and colour_of(chart, p) and ctx.readable(chart, p):
            by_label.setdefault(p.label, []).append(p)
    labels = sorted(by_label)
    for i in rng.permutation(len(labels)):
        marks = by_label[labels[int(i)]]
        for j, a_pt in enumerate(marks):
            for b_pt in marks[j + 1 :]:
                if not _separable(chart, a_pt.value, b_pt.value):
                    continue
                hi, lo = (a_pt, b_pt) if a_pt.value > b_pt.value else (b_pt, a_pt)
                if not mark_use(ctx, chart, f"colours:{point_key(hi)}|{point_key(lo)}"):
                    continue
                fig = figure_ref(chart)
                c_hi, c_lo = str(colour_of(chart, hi)), str(colour_of(chart, lo))
                ca, cb = (c_hi, c_lo) if rng.random() < 0.5 else (c_lo, c_hi)
                q = pick(
                    rng,
                    [
                        f"In {fig}, at {hi.label}, which is higher: the {ca} series or the {cb} series? "
                        "Say what "
                        "each colour represents.",
                        f"Looking at {hi.label} in {fig}, does the {ca} or the {cb} mark reach further, "
                        "and which "
                        "series do those colours stand for?",
                    ],
                )
                a = (
                    f"{cap(c_hi)} stands for {hi.category}, at {val(chart, hi)}, which is above {c_lo}, "
                    f"which is {lo.category} at {val(chart, lo)}."
                )
                steps = [
                    f"Use the legend of {fig}: {c_hi} is {hi.category}, {c_lo} is {lo.category}.",
                    f"Read both at {hi.label}: {val(chart, hi)} and {val(chart, lo)}.",
                    f"Compare: {hi.category} is higher.",
                ]
                values: list[Value] = [
                    label_value(str(hi.category)),
                    label_value(str(lo.category)),
                    read_value(chart, hi),
                    read_value(chart, lo),
                ]
                return Draft("comparison", "L5", q, a, values, steps, [chart], [hi, lo])
    return None


def _against_target(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """Bullet charts: does a measure reach the target its marker shows?"""
    if not chart_type(chart.chartType).has("target_marker"):
        return None
    for p in [chart.data[int(i)] for i in rng.permutation(len(chart.data))]:
        if "target" not in p.metadata or not ctx.readable(chart, p):
            continue
        target = float(p.metadata["target"])
        if not _separable(chart, p.value, target) or not mark_use(ctx, chart, f"vs-target:{p.label}"):
            continue
        fig = figure_ref(chart)
        actual, goal = point_term(chart, p), read_meta(chart, p, "target")
        gap = difference_value(actual, meta_term(chart, p, "target"), value_unit(chart))
        verdict = "beats" if p.value > target else "falls short of"
        q = pick(
            rng,
            [
                f"In {fig}, does the {p.label} bar reach the marker drawn across it? What does that marker "
                "stand "
                "for, and how far apart are the two?",
                f"Reading {fig}, is {p.label} above or below its marker line, and by how much?",
            ],
        )
        a = (
            f"The marker is the target, {goal.said()}; {p.label} reaches {val(chart, p)}, so it {verdict} "
            "the "
            f"target by {_unsigned(gap.said())}."
        )
        steps = [
            f"Locate {fig}: the thin marker on each bar is the target.",
            f"Read {p.label}: {val(chart, p)}; its marker sits at {goal.said()}.",
            f"Subtract: {fmt_num(actual.value)} - {goal.text} = {gap.text}.",
        ]
        values: list[Value] = [label_value("target", ["goal", "benchmark"]), read_value(chart, p), goal, gap]
        return Draft("comparison", "L5", q, a, values, steps, [chart], [p])
    return None


def _unsigned(text: str) -> str:
    return text.lstrip("-")


def _largest_bubble(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """Bubble charts: which point has the largest bubble (the size channel), and its y value."""
    if not chart_type(chart.chartType).has("size"):
        return None
    sized = [p for p in chart.data if "size" in p.metadata]
    if len(sized) < 3 or not mark_use(ctx, chart, "largest-bubble"):
        return None
    ranked = sorted(sized, key=lambda p: float(p.metadata["size"]), reverse=True)
    big, second = float(ranked[0].metadata["size"]), float(ranked[1].metadata["size"])
    if big < 1.3 * second or not ctx.readable(chart, ranked[0]):
        return None
    top, fig = ranked[0], figure_ref(chart)
    q = pick(
        rng,
        [
            f"In {fig}, which point is drawn with the largest bubble, and what is its value on the "
            "vertical axis?",
            f"Bubble size carries a third variable in {fig}. Which item has the biggest bubble, and where "
            "does it "
            "sit on the y axis?",
        ],
    )
    a = f"{cap(top.label)}'s bubble is the biggest; on the y axis it reads {val(chart, top)}."
    steps = [
        f"Locate {fig}: bubble area encodes the size variable.",
        f"Compare the bubbles: the largest belongs to {top.label}.",
        f"Read its y value: {val(chart, top)}.",
    ]
    return Draft("comparison", "L5", q, a, [mark_label(top), read_value(chart, top)], steps, [chart], [top])


def _darkest_cell(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """Heatmaps: which cell the colour scale shows as the most intense (highest value)."""
    if not chart_type(chart.chartType).has("colour_scale") or len(chart.data) < 4:
        return None
    ranked = sorted((p.value for p in chart.data), reverse=True)
    if ranked[0] - ranked[1] < 0.15 * (ranked[0] - ranked[-1]) or not mark_use(ctx, chart, "darkest"):
        return None
    top = max(chart.data, key=lambda p: p.value)
    fig, where = figure_ref(chart), f"{top.category} and {top.label}"
    q = pick(
        rng,
        [
            f"In {fig}, colour intensity encodes the value. Which cell is the most intense (highest), "
            "by row and column?",
            f"Which row and column meet at the strongest-coloured cell of {fig}?",
        ],
    )
    a = f"The most intense cell is the one for {where}: the highest value on the colour scale."
    steps = [
        f"Locate {fig} and its colour scale (darker or stronger means higher).",
        f"Find the most intense cell: row {top.category}, column {top.label}.",
    ]
    values: list[Value] = [label_value(str(top.category)), label_value(top.label)]
    return Draft("comparison", "L5", q, a, values, steps, [chart], [top])


# --- trend / pattern -------------------------------------------------------------------


def trend_pattern(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    options: dict[str, Sequence[Maker]] = {
        "L1": [],
        "L2": [_direction, _modal_bin],
        "L3": shuffled_makers([_peak, _pct_change], rng),
        "L4": [_trend_since_event],
        "L5": [_colour_trend, _highlight_trend],
    }
    makers = options[level]
    return _first_draft(ctx, rng, makers) if makers else None


def _endpoints(
    ctx: Context, chart: Chart, points: list[DataPoint]
) -> tuple[DataPoint, DataPoint, str] | None:
    first, last = points[0], points[-1]
    if not (ctx.readable(chart, first) and ctx.readable(chart, last)):
        return None
    d = direction([p.value for p in points])
    return (first, last, d) if d else None


def _direction_values(chart: Chart, first: DataPoint, last: DataPoint, d: str) -> list[Value]:
    return [direction_value(d), read_value(chart, first), read_value(chart, last)]


def _direction(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for series, points in ordered_series(chart).items():
        ends = _endpoints(ctx, chart, points)
        if ends is None or not mark_use(ctx, chart, f"trend:{series}"):
            continue
        first, last, d = ends
        fig, name = figure_ref(chart), series_name(chart, series)
        q = pick(
            rng,
            [
                f"How did {name} change over the period shown in {fig}?",
                f"Between {first.label} and {last.label}, did {name} rise, fall or stay flat in {fig}?",
                f"What direction does {name} take in {fig} from its first to its last point?",
                f"Describe the overall movement of {name} across {fig}.",
            ],
        )
        a = (
            f"{cap(name)} {d}, going from {val(chart, first)} in {first.label} to {val(chart, last)} in "
            f"{last.label}."
        )
        steps = [
            f"In {fig}, read {name} at {first.label}: {val(chart, first)}.",
            f"Read it at {last.label}: {val(chart, last)}.",
            f"Compare the two ({DIRECTION_RULE}): it {d}.",
        ]
        values = _direction_values(chart, first, last, d)
        return Draft("trend_pattern", "L2", q, a, values, steps, [chart], [first, last])
    return None


def _modal_bin(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    if not chart_type(chart.chartType).has("bins") or len(chart.data) < 3:
        return None
    ranked = sorted(chart.data, key=lambda p: p.value, reverse=True)
    top = ranked[0]
    if not _separable(chart, top.value, ranked[1].value) or not all(
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


def _peak(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for series, points in ordered_series(chart).items():
        if len(points) < 4 or not all(ctx.readable(chart, p) for p in points):
            continue
        ranked = sorted(points, key=lambda p: p.value, reverse=True)
        top = ranked[0]
        if not _separable(chart, top.value, ranked[1].value) or not mark_use(ctx, chart, f"peak:{series}"):
            continue
        fig, name = figure_ref(chart), series_name(chart, series)
        q = pick(
            rng,
            [
                f"At which point does {name} reach its peak in {fig}, and at what level?",
                f"When is {name} highest in {fig}, and how high does it get?",
                f"In {fig}, where does {name} top out, and at what value?",
            ],
        )
        a = f"{cap(name)} tops out in {top.label} at {val(chart, top)}."
        steps = [
            f"Locate {fig}.",
            f"Read {name} at each of its {len(points)} points.",
            f"The highest point is {top.label}: {val(chart, top)}.",
        ]
        return Draft(
            "trend_pattern",
            "L3",
            q,
            a,
            [mark_label(top), read_value(chart, top)],
            steps,
            [chart],
            points,
        )
    return None


def _pct_change(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for series, points in ordered_series(chart).items():
        ends = _endpoints(ctx, chart, points)
        if ends is None or points[0].value <= 0 or points[-1].value <= 0:
            continue
        first, last, d = ends
        if not mark_use(ctx, chart, f"trend:{series}"):
            continue
        fig, name = figure_ref(chart), series_name(chart, series)
        change = change_value(point_term(chart, first), point_term(chart, last), value_unit(chart))
        span, dash = f"{first.label} to {last.label}", f"{first.label}–{last.label}"
        between = f"between {first.label} and {last.label}"
        if change.in_points:  # a percentage changes by percentage points, not by a percentage of itself
            q = pick(
                rng,
                [
                    f"By how many percentage points did {name} change from {span} in {fig}?",
                    f"In {fig}, what is the change in {name} {between}, in percentage points?",
                    f"How far, in percentage points, did {name} move over {dash} in {fig}?",
                ],
            )
        else:
            q = pick(
                rng,
                [
                    f"By what percentage did {name} change from {span} in {fig}?",
                    f"In {fig}, what is the relative change in {name} {between}?",
                    f"Expressed in per cent, how much did {name} move over {dash} in {fig}?",
                ],
            )
        moved = f"{cap(name)} moved from {val(chart, first)} to {val(chart, last)}"
        a = f"{moved}, a change of {change.said} (it {d})."
        steps = [
            f"Locate {fig}.",
            f"Read {first.label}: {val(chart, first)}.",
            f"Read {last.label}: {val(chart, last)}.",
            change.step(first.value, last.value),
        ]
        values: list[Value] = [change.value, direction_value(d)]
        return Draft("trend_pattern", "L3", q, a, values, steps, [chart], [first, last])
    return None


def _trend_since_event(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    groups = ordered_series(chart)
    for fact_index, year in event_years(ctx, chart):
        for series, points in groups.items():
            labels = [p.label for p in points]
            if year not in labels or labels.index(year) == len(labels) - 1:
                continue
            ends = _endpoints(ctx, chart, points[labels.index(year) :])
            if ends is None or not mark_use(ctx, chart, f"event:{fact_index}"):
                continue
            first, last, d = ends
            happened = event_phrase(ctx, fact_index)
            fig, name = figure_ref(chart), series_name(chart, series)
            q = pick(
                rng,
                [
                    f"How did {name} in {fig} develop from the year {happened} to {last.label}?",
                    f"After {happened}, which way did {name} move in {fig} up to {last.label}?",
                    f"Starting from the year in which {happened}, describe the path of {name} in {fig} "
                    "through "
                    f"{last.label}.",
                ],
            )
            a = (
                f"{cap(happened)} in {year}; from then to {last.label}, {name} {d}, "
                f"from {val(chart, first)} to {val(chart, last)}."
            )
            steps = [
                f"Find in the text that {happened} in {year}.",
                f"Locate {fig} and read {name} in {year}: {val(chart, first)}.",
                f"Read it in {last.label}: {val(chart, last)}.",
                f"Compare the two: it {d}.",
            ]
            values = [
                exact_value(fact_term(ctx, fact_index, "year"), None),
                *_direction_values(chart, first, last, d),
            ]
            return Draft("trend_pattern", "L4", q, a, values, steps, [chart], [first, last], [fact_index])
    return None


def _colour_trend(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    groups = ordered_series(chart)
    for series in sorted(k for k in groups if k is not None):
        colour = colour_of(chart, groups[series][0])
        ends = _endpoints(ctx, chart, groups[series])
        if colour is None or ends is None or not mark_use(ctx, chart, f"trend:{series}"):
            continue
        first, last, d = ends
        fig = figure_ref(chart)
        q = pick(
            rng,
            [
                f"In {fig}, what does the {colour} line show, and how did it move between {first.label} and "
                f"{last.label}?",
                f"Which series is coloured {colour} in {fig}, and did it rise, fall or stay flat from "
                f"{first.label} to {last.label}?",
                f"Follow the {colour} series of {fig}: what is it, and what is its overall direction?",
            ],
        )
        a = f"The {colour} series is {series}; it {d}, from {val(chart, first)} to {val(chart, last)}."
        steps = [
            f"Use the legend of {fig}: {colour} is {series}.",
            f"Read {series} at {first.label} and {last.label}: {val(chart, first)} and {val(chart, last)}.",
            f"Compare the two: it {d}.",
        ]
        values = [label_value(series), *_direction_values(chart, first, last, d)]
        return Draft("trend_pattern", "L5", q, a, values, steps, [chart], [first, last])
    return None


def _highlight_trend(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """A single-series time chart with one highlighted year: how the series moved up to it."""
    groups = ordered_series(chart)
    items = chart.visualProperties.highlightedItems
    if list(groups) != [None] or len(items) != 1:
        return None
    points = groups[None]
    labels = [p.label for p in points]
    if items[0] not in labels or labels.index(items[0]) == 0:
        return None
    ends = _endpoints(ctx, chart, points[: labels.index(items[0]) + 1])
    if ends is None or not mark_use(ctx, chart, "highlight-trend"):
        return None
    first, last, d = ends
    fig, name = figure_ref(chart), series_name(chart, None)
    q = pick(
        rng,
        [
            f"{fig} marks one year in an accent colour. Which year is it, and how had {name} moved from the "
            "start of the chart up to that year?",
            f"Which year does {fig} single out with a highlight colour, and did {name} rise or fall on the "
            "way "
            "there from the first year shown?",
        ],
    )
    a = (
        f"The highlighted year is {last.label}; from {first.label} up to then {name} {d}, from "
        f"{val(chart, first)} to {val(chart, last)}."
    )
    steps = [
        f"Locate {fig} and find the mark in the highlight colour: {last.label}.",
        f"Read {name} at {first.label} and {last.label}: {val(chart, first)} and {val(chart, last)}.",
        f"Compare the two: it {d}.",
    ]
    year = exact_value(label_term(chart, last), None)
    values: list[Value] = [year, *_direction_values(chart, first, last, d)]
    return Draft("trend_pattern", "L5", q, a, values, steps, [chart], [first, last])


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
    "ordered_series",
    "series_name",
    "val",
]
