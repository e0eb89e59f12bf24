"""Chart-reading questions (Table 14): value reading, comparison, trend / pattern.

Every builder reads marks straight from the chart metadata and computes the answer in
code. A mark whose value is written anywhere in the text is never asked for.
"""

from __future__ import annotations

import numpy as np

from generation.phrasing import (
    DIRECTION_RULE,
    figure_ref,
    fmt_num,
    is_year,
    mark_phrase,
    pick,
    point_key,
    read_tolerance,
    unambiguous_colours,
    value_unit,
    with_unit,
)
from generation.questions_common import (
    DIRECTION_ALIASES,
    Builder,
    Context,
    Draft,
    derived_value,
    difference_value,
    direction,
    exact_value,
    find_point,
    label_value,
    pct_change_value,
    ratio_value,
    read_value,
    series_of,
    share_value,
    sum_tol,
    tol_of,
)
from synthdocbench_tasks.schema import AnswerValue, Chart, DataPoint, Difficulty

ORDERED_TYPES = ("line", "area", "multi_line", "stacked_area", "sparkline_grid", "slope")
ADDITIVE_TYPES = ("bar", "horizontal_bar", "lollipop", "treemap", "funnel", "stacked_bar", "histogram")
SHARE_TYPES = ("bar", "horizontal_bar", "lollipop", "treemap", "pie", "donut")


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


def _charts(ctx: Context, rng: np.random.Generator) -> list[Chart]:
    """Charts in a random order, the ones no question used yet first."""
    charts = [ctx.manifest.charts[i] for i in rng.permutation(len(ctx.manifest.charts))]
    return sorted(charts, key=lambda c: f"viz:{c.vizId}" in ctx.used)


def _separable(chart: Chart, a: float, b: float) -> bool:
    """Two values a reader can tell apart: their gap exceeds both reading tolerances."""
    return abs(a - b) > 2 * (tol_of(chart, a) + tol_of(chart, b)) and abs(a - b) > 1e-9


def _mark_use(ctx: Context, chart: Chart, key: str) -> bool:
    if not ctx.claim(f"{chart.vizId}:{key}"):
        return False
    ctx.used.add(f"viz:{chart.vizId}")
    return True


def _event_years(ctx: Context, chart: Chart) -> list[tuple[int, str]]:
    """(fact index, year) of events, in another section, whose year the chart's x axis shows."""
    labels = {p.label for p in chart.data}
    out = []
    for i in ctx.facts_of("event"):
        fact = ctx.manifest.text_facts[i]
        year = fact.values.get("year", "")
        if year in labels and fact.section_id != chart.section_id:
            out.append((i, year))
    return out


# --- value reading ---------------------------------------------------------------------


def value_reading(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    for chart in _charts(ctx, rng):
        draft: Draft | None = None
        if level == "L1":
            draft = _read_one(ctx, chart, rng)
        elif level == "L3":
            draft = _aggregate(ctx, chart, rng)
        elif level == "L4":
            draft = _read_at_event(ctx, chart, rng)
        elif level == "L5":
            draft = _read_highlight(ctx, chart, rng) or _read_colour(ctx, chart, rng)
        if draft:
            return draft
    return None


def _read_one(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    points = [chart.data[i] for i in rng.permutation(len(chart.data))]
    for p in points:
        if not ctx.readable(p) or not _mark_use(ctx, chart, point_key(p)):
            continue
        fig, mark, v = figure_ref(chart), mark_phrase(chart, p), val(chart, p)
        q = pick(
            rng,
            [
                f"In {fig}, what value is shown for {mark}?",
                f"Reading {fig}, what is the value of {mark}?",
                f"According to {fig}, how large is {mark}?",
                f"What does {fig} report for {mark}?",
            ],
        )
        a = pick(
            rng,
            [
                f"The chart puts {mark} at {v}.",
                f"{cap(mark)} stands at {v} in that chart.",
                f"It shows a value of {v} for {mark}.",
            ],
        )
        steps = [f"Locate {fig} in the document.", f"Read the mark for {mark}: {v}."]
        return Draft("value_reading", "L1", q, a, [read_value(chart, p)], steps, [chart], [p])
    return None


def _aggregate(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    average = chart.chartType in ORDERED_TYPES
    if not average and chart.chartType not in ADDITIVE_TYPES:
        return None
    for series, points in series_of(chart).items():
        if not 3 <= len(points) <= 8 or not all(ctx.readable(p) for p in points):
            continue
        if not _mark_use(ctx, chart, f"aggregate:{series}"):
            continue
        fig = figure_ref(chart)
        unit = value_unit(chart)
        scope = f"the {series} series" if series else "all marks"
        total = sum(p.value for p in points)
        tol = sum_tol([tol_of(chart, p.value) for p in points])
        readings = "; ".join(f"{mark_phrase(chart, p)} = {fmt_num(p.value)}" for p in points)
        steps = [f"Locate {fig}.", f"Read the {len(points)} values of {scope}: {readings}."]
        steps.append(f"Add them: the total is {fmt_num(total, 2)}.")
        if average:
            mean = total / len(points)
            answer_value = derived_value(mean, unit, tol / len(points), 1)
            steps.append(f"Divide by {len(points)}: the average is {answer_value.text}.")
            q = pick(
                rng,
                [
                    f"What is the average of {scope} plotted in {fig}, across all {len(points)} points?",
                    f"Averaging every point of {scope} in {fig}, what value do you get?",
                ],
            )
            a = f"Across the {len(points)} points the mean comes to {with_unit(answer_value.text, unit)}."
        else:
            answer_value = derived_value(total, unit, tol, 1)
            q = pick(
                rng,
                [
                    f"What is the combined total of {scope} in {fig}?",
                    f"Adding up {scope} in {fig}, what total do you get?",
                ],
            )
            a = f"Summing the {len(points)} values gives {with_unit(answer_value.text, unit)} altogether."
        return Draft("value_reading", "L3", q, a, [answer_value], steps, [chart], points)
    return None


def _read_at_event(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    groups = ordered_series(chart)
    for fact_index, year in _event_years(ctx, chart):
        for series in groups:
            p = find_point(chart, year, series)
            if p is None or not ctx.readable(p) or not _mark_use(ctx, chart, f"event:{fact_index}"):
                continue
            fact = ctx.manifest.text_facts[fact_index]
            actor, event = fact.values.get("actor", ""), fact.values.get("event", "")
            fig, v = figure_ref(chart), val(chart, p)
            what = series_name(chart, series)
            q = pick(
                rng,
                [
                    f"According to {fig}, what was {what} in the year when {actor} {event}?",
                    f"In the year {actor} {event}, what level did {fig} record for {what}?",
                ],
            )
            a = f"{cap(actor)} {event} in {year}, and that year the chart shows {what} at {v}."
            steps = [
                f"Find in the text that {actor} {event} in {year}.",
                f"Locate {fig} and its {year} mark{f' for {series}' if series else ''}.",
                f"Read the value: {v}.",
            ]
            values = [exact_value(float(year), None), read_value(chart, p)]
            return Draft("value_reading", "L4", q, a, values, steps, [chart], [p], [fact_index])
    return None


def _read_highlight(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for item in chart.visualProperties.highlightedItems:
        matches = [p for p in chart.data if p.label == item]
        if len(matches) != 1 or not ctx.readable(matches[0]):
            continue
        p = matches[0]
        if not _mark_use(ctx, chart, point_key(p)):
            continue
        fig, v = figure_ref(chart), val(chart, p)
        q = pick(
            rng,
            [
                f"{fig} picks out one mark in a highlight colour. Which item is it, and what value does it "
                "show?",
                f"Which item does {fig} emphasise with its highlight colour, and what is that item's value?",
            ],
        )
        a = f"The emphasised mark is {p.label}, at {v}."
        steps = [
            f"Locate {fig}.",
            f"Find the mark drawn in the highlight colour and read its label: {p.label}.",
            f"Read its value: {v}.",
        ]
        values = [label_value(p.label), read_value(chart, p)]
        return Draft("value_reading", "L5", q, a, values, steps, [chart], [p])
    return None


def _read_colour(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    groups = series_of(chart)
    colours = {k: c for k, c in unambiguous_colours(chart).items() if k in groups}
    for series in sorted(colours):
        points = [p for p in groups[series] if ctx.readable(p)]
        if not points:
            continue
        p = points[int(rng.integers(len(points)))]
        if not _mark_use(ctx, chart, point_key(p)):
            continue
        fig, v, colour = figure_ref(chart), val(chart, p), colours[series]
        q = pick(
            rng,
            [
                f"In {fig}, which series is drawn in {colour}, and what is its value at {p.label}?",
                f"What does the {colour} colour stand for in {fig}, and what value does it reach at "
                f"{p.label}?",
            ],
        )
        a = f"The {colour} marks are {series}, which reads {v} at {p.label}."
        steps = [
            f"Locate {fig} and its legend.",
            f"Match {colour} to the series {series}.",
            f"Read {series} at {p.label}: {v}.",
        ]
        values = [label_value(series), read_value(chart, p)]
        return Draft("value_reading", "L5", q, a, values, steps, [chart], [p])
    return None


# --- comparison ------------------------------------------------------------------------


def comparison(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    for chart in _charts(ctx, rng):
        draft: Draft | None = None
        if level == "L2":
            draft = _compare_pair(ctx, chart, rng) or _extreme(ctx, chart, rng)
        elif level == "L3":
            draft = _ratio(ctx, chart, rng) or _share(ctx, chart, rng)
        elif level == "L5":
            draft = _compare_colours(ctx, chart, rng)
        if draft:
            return draft
    return None


def _pairs(ctx: Context, chart: Chart, rng: np.random.Generator) -> list[tuple[DataPoint, DataPoint]]:
    out = []
    for points in series_of(chart).values():
        ok = [p for p in points if ctx.readable(p)]
        for i, a in enumerate(ok):
            for b in ok[i + 1 :]:
                if _separable(chart, a.value, b.value):
                    out.append((a, b) if a.value >= b.value else (b, a))
    return [out[i] for i in rng.permutation(len(out))]


def _compare_pair(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for hi, lo in _pairs(ctx, chart, rng):
        if not _mark_use(ctx, chart, f"pair:{point_key(hi)}|{point_key(lo)}"):
            continue
        fig = figure_ref(chart)
        first, second = (hi, lo) if rng.random() < 0.5 else (lo, hi)
        m1, m2 = mark_phrase(chart, first), mark_phrase(chart, second)
        tol_hi, tol_lo = tol_of(chart, hi.value), tol_of(chart, lo.value)
        diff = difference_value(hi.value, tol_hi, lo.value, tol_lo, value_unit(chart))
        gap = with_unit(diff.text, diff.unit)
        q = pick(
            rng,
            [
                f"In {fig}, which is larger, {m1} or {m2}, and by how much?",
                f"Comparing {m1} with {m2} in {fig}, which one is higher and what is the gap?",
            ],
        )
        a = (
            f"{cap(mark_phrase(chart, hi))} is higher, at {val(chart, hi)} against {val(chart, lo)}: a gap "
            f"of {gap}."
        )
        steps = [
            f"In {fig}, read {mark_phrase(chart, hi)}: {val(chart, hi)}.",
            f"Read {mark_phrase(chart, lo)}: {val(chart, lo)}.",
            f"Compare and subtract: {fmt_num(hi.value)} - {fmt_num(lo.value)} = {diff.text}.",
        ]
        values = [label_value(hi.label if hi.label != lo.label else str(hi.category)), diff]
        return Draft("comparison", "L2", q, a, values, steps, [chart], [hi, lo])
    return None


def _extreme(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for series, points in series_of(chart).items():
        if not 3 <= len(points) <= 12 or not all(ctx.readable(p) for p in points):
            continue
        highest = rng.random() < 0.5
        ranked = sorted(points, key=lambda p: p.value, reverse=highest)
        top, runner = ranked[0], ranked[1]
        if not _separable(chart, top.value, runner.value):
            continue
        if not _mark_use(ctx, chart, f"extreme:{series}:{highest}"):
            continue
        fig, word = figure_ref(chart), "highest" if highest else "lowest"
        scope = f" among the {series} marks" if series else ""
        q = pick(
            rng,
            [
                f"Which item has the {word} value in {fig}{scope}, and what is that value?",
                f"In {fig}{scope}, which mark is the {word}, and how large is it?",
            ],
        )
        a = f"{cap(mark_phrase(chart, top))} is the {word}, at {val(chart, top)}."
        steps = [
            f"Read all {len(points)} marks of {fig}{scope}.",
            f"The {word} is {top.label}: {val(chart, top)}.",
        ]
        values = [label_value(top.label), read_value(chart, top)]
        return Draft("comparison", "L2", q, a, values, steps, [chart], points)
    return None


def _ratio(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for hi, lo in _pairs(ctx, chart, rng):
        if lo.value <= 0 or hi.value / lo.value < 1.2:
            continue
        if not _mark_use(ctx, chart, f"ratio:{point_key(hi)}|{point_key(lo)}"):
            continue
        fig, m_hi, m_lo = figure_ref(chart), mark_phrase(chart, hi), mark_phrase(chart, lo)
        r = ratio_value(hi.value, tol_of(chart, hi.value), lo.value, tol_of(chart, lo.value))
        q = pick(
            rng,
            [
                f"In {fig}, how many times larger is {m_hi} than {m_lo}?",
                f"What is the ratio of {m_hi} to {m_lo} in {fig}?",
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


def _share(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    if chart.chartType not in SHARE_TYPES or (
        chart.chartType in ("pie", "donut") and value_unit(chart) == "%"
    ):
        return None
    groups = series_of(chart)
    if len(groups) != 1:
        return None
    points = next(iter(groups.values()))
    if not 3 <= len(points) <= 8 or not all(ctx.readable(p) and p.value > 0 for p in points):
        return None
    p = points[int(rng.integers(len(points)))]
    if not _mark_use(ctx, chart, f"share:{point_key(p)}"):
        return None
    fig = figure_ref(chart)
    total = sum(x.value for x in points)
    tol_total = sum_tol([tol_of(chart, x.value) for x in points])
    s = share_value(p.value, tol_of(chart, p.value), total, tol_total)
    q = pick(
        rng,
        [
            f"What share of the total shown in {fig} does {p.label} account for?",
            f"Out of everything {fig} adds up to, what percentage comes from {p.label}?",
        ],
    )
    a = f"{cap(p.label)} makes up about {s.text}% of the {fmt_num(total, 2)} total ({val(chart, p)})."
    steps = [
        f"Locate {fig}.",
        f"Read all {len(points)} values and add them: {fmt_num(total, 2)}.",
        f"Read {p.label}: {val(chart, p)}.",
        f"Divide and convert to a percentage: {s.text}%.",
    ]
    return Draft("comparison", "L3", q, a, [s], steps, [chart], points)


def _compare_colours(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    colours = unambiguous_colours(chart)
    by_label: dict[str, list[DataPoint]] = {}
    for p in chart.data:
        if p.category in colours and ctx.readable(p):
            by_label.setdefault(p.label, []).append(p)
    labels = sorted(by_label)
    for i in rng.permutation(len(labels)):
        marks = by_label[labels[int(i)]]
        for j, a_pt in enumerate(marks):
            for b_pt in marks[j + 1 :]:
                if not _separable(chart, a_pt.value, b_pt.value):
                    continue
                hi, lo = (a_pt, b_pt) if a_pt.value > b_pt.value else (b_pt, a_pt)
                if not _mark_use(ctx, chart, f"colours:{point_key(hi)}|{point_key(lo)}"):
                    continue
                fig = figure_ref(chart)
                c_hi, c_lo = colours[str(hi.category)], colours[str(lo.category)]
                ca, cb = (c_hi, c_lo) if rng.random() < 0.5 else (c_lo, c_hi)
                q = (
                    f"In {fig}, at {hi.label}, which is higher: the {ca} series or the {cb} series? "
                    "Say what each colour represents."
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
                values = [
                    label_value(str(hi.category)),
                    label_value(str(lo.category)),
                    read_value(chart, hi),
                    read_value(chart, lo),
                ]
                return Draft("comparison", "L5", q, a, values, steps, [chart], [hi, lo])
    return None


# --- trend / pattern -------------------------------------------------------------------


def trend_pattern(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    for chart in _charts(ctx, rng):
        draft: Draft | None = None
        if level == "L2":
            draft = _direction(ctx, chart, rng) or _modal_bin(ctx, chart, rng)
        elif level == "L3":
            draft = _peak(ctx, chart, rng) if rng.random() < 0.5 else None
            draft = draft or _pct_change(ctx, chart, rng) or _peak(ctx, chart, rng)
        elif level == "L4":
            draft = _trend_since_event(ctx, chart, rng)
        elif level == "L5":
            draft = _colour_trend(ctx, chart, rng)
        if draft:
            return draft
    return None


def _endpoints(ctx: Context, points: list[DataPoint]) -> tuple[DataPoint, DataPoint, str] | None:
    first, last = points[0], points[-1]
    if not (ctx.readable(first) and ctx.readable(last)):
        return None
    d = direction([p.value for p in points])
    return (first, last, d) if d else None


def _direction_values(chart: Chart, first: DataPoint, last: DataPoint, d: str) -> list[AnswerValue]:
    return [label_value(d, DIRECTION_ALIASES[d]), read_value(chart, first), read_value(chart, last)]


def _direction(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for series, points in ordered_series(chart).items():
        ends = _endpoints(ctx, points)
        if ends is None or not _mark_use(ctx, chart, f"trend:{series}"):
            continue
        first, last, d = ends
        fig, name = figure_ref(chart), series_name(chart, series)
        q = pick(
            rng,
            [
                f"How did {name} change over the period shown in {fig}?",
                f"Between {first.label} and {last.label}, did {name} rise, fall or stay flat in {fig}?",
                f"What direction does {name} take in {fig} from its first to its last point?",
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
        return Draft(
            "trend_pattern",
            "L2",
            q,
            a,
            _direction_values(chart, first, last, d),
            steps,
            [chart],
            [first, last],
        )
    return None


def _modal_bin(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    if chart.chartType != "histogram" or len(chart.data) < 3:
        return None
    ranked = sorted(chart.data, key=lambda p: p.value, reverse=True)
    top = ranked[0]
    if not _separable(chart, top.value, ranked[1].value) or not all(ctx.readable(p) for p in chart.data):
        return None
    if not _mark_use(ctx, chart, "mode"):
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
    values = [label_value(top.label, [top.label.replace("–", "-")]), read_value(chart, top)]
    return Draft("trend_pattern", "L2", q, a, values, steps, [chart], list(chart.data))


def _peak(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for series, points in ordered_series(chart).items():
        if len(points) < 4 or not all(ctx.readable(p) for p in points):
            continue
        ranked = sorted(points, key=lambda p: p.value, reverse=True)
        top = ranked[0]
        if not _separable(chart, top.value, ranked[1].value) or not _mark_use(ctx, chart, f"peak:{series}"):
            continue
        fig, name = figure_ref(chart), series_name(chart, series)
        q = pick(
            rng,
            [
                f"At which point does {name} reach its peak in {fig}, and at what level?",
                f"When is {name} highest in {fig}, and how high does it get?",
            ],
        )
        a = f"{cap(name)} tops out in {top.label} at {val(chart, top)}."
        steps = [
            f"Locate {fig}.",
            f"Read {name} at each of its {len(points)} points.",
            f"The highest point is {top.label}: {val(chart, top)}.",
        ]
        values = [label_value(top.label), read_value(chart, top)]
        return Draft("trend_pattern", "L3", q, a, values, steps, [chart], points)
    return None


def _pct_change(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    for series, points in ordered_series(chart).items():
        ends = _endpoints(ctx, points)
        if ends is None or points[0].value <= 0 or points[-1].value <= 0:
            continue
        first, last, d = ends
        if not _mark_use(ctx, chart, f"trend:{series}"):
            continue
        fig, name = figure_ref(chart), series_name(chart, series)
        pct = pct_change_value(first.value, tol_of(chart, first.value), last.value, tol_of(chart, last.value))
        q = pick(
            rng,
            [
                f"By what percentage did {name} change from {first.label} to {last.label} in {fig}?",
                f"In {fig}, what is the relative change in {name} between {first.label} and {last.label}?",
            ],
        )
        a = (
            f"{cap(name)} moved from {val(chart, first)} to {val(chart, last)}, "
            f"a change of {pct.text}% (it {d})."
        )
        steps = [
            f"Locate {fig}.",
            f"Read {first.label}: {val(chart, first)}.",
            f"Read {last.label}: {val(chart, last)}.",
            f"Relative change: ({fmt_num(last.value)} - {fmt_num(first.value)}) / {fmt_num(first.value)} = "
            f"{pct.text}%.",
        ]
        return Draft(
            "trend_pattern",
            "L3",
            q,
            a,
            [pct, label_value(d, DIRECTION_ALIASES[d])],
            steps,
            [chart],
            [first, last],
        )
    return None


def _trend_since_event(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    groups = ordered_series(chart)
    for fact_index, year in _event_years(ctx, chart):
        for series, points in groups.items():
            labels = [p.label for p in points]
            if year not in labels or labels.index(year) == len(labels) - 1:
                continue
            ends = _endpoints(ctx, points[labels.index(year) :])
            if ends is None or not _mark_use(ctx, chart, f"event:{fact_index}"):
                continue
            first, last, d = ends
            fact = ctx.manifest.text_facts[fact_index]
            actor, event = fact.values.get("actor", ""), fact.values.get("event", "")
            fig, name = figure_ref(chart), series_name(chart, series)
            q = pick(
                rng,
                [
                    f"How did {name} in {fig} develop from the year {actor} {event} to {last.label}?",
                    f"After {actor} {event}, which way did {name} move in {fig} up to {last.label}?",
                ],
            )
            a = (
                f"{cap(actor)} {event} in {year}; from then to {last.label}, {name} {d}, "
                f"from {val(chart, first)} to {val(chart, last)}."
            )
            steps = [
                f"Find in the text that {actor} {event} in {year}.",
                f"Locate {fig} and read {name} in {year}: {val(chart, first)}.",
                f"Read it in {last.label}: {val(chart, last)}.",
                f"Compare the two: it {d}.",
            ]
            values = [exact_value(float(year), None), *_direction_values(chart, first, last, d)]
            return Draft("trend_pattern", "L4", q, a, values, steps, [chart], [first, last], [fact_index])
    return None


def _colour_trend(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    groups = ordered_series(chart)
    colours = {k: c for k, c in unambiguous_colours(chart).items() if k in groups}
    for series in sorted(colours):
        ends = _endpoints(ctx, groups[series])
        if ends is None or not _mark_use(ctx, chart, f"trend:{series}"):
            continue
        first, last, d = ends
        fig, colour = figure_ref(chart), colours[series]
        q = pick(
            rng,
            [
                f"In {fig}, what does the {colour} line show, and how did it move between "
                f"{first.label} and {last.label}?",
                f"Which series is coloured {colour} in {fig}, and did it rise, fall or stay flat "
                f"from {first.label} to {last.label}?",
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


BUILDERS: dict[str, Builder] = {
    "value_reading": value_reading,
    "comparison": comparison,
    "trend_pattern": trend_pattern,
}

__all__ = ["BUILDERS", "cap", "ordered_series", "read_tolerance", "series_name", "val"]
