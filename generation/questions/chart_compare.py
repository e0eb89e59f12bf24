"""Comparison questions (Table 14): two marks, a share or a gap to the average, two series at
an event's year, encodings.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from generation.charts.reading import effective_tol
from generation.charts.registry import chart_type, parts_of_one_whole
from generation.questions.arithmetic import difference_value, gap_value, share_value
from generation.questions.arithmetic import ratio_value as _ratio_value
from generation.questions.chart_common import (
    SHARE_TYPES,
    Maker,
    answer_place_drawn,
    cap,
    event_phrase,
    event_years,
    first_draft,
    mark_use,
    mean_needs_no_reading,
    mention_balanced,
    mention_side,
    order_given,
    separable,
    shuffled_makers,
    val,
    year_balanced,
    year_side,
)
from generation.questions.chart_common import winner as winning_maker
from generation.questions.common import (
    Context,
    Draft,
    Value,
    chart_allows,
    derived_value,
    exact_value,
    fact_term,
    label_value,
    mark_label,
    mean_term,
    meta_term,
    point_term,
    read_meta,
    read_value,
    series_of,
    slot_verdict,
    sum_term,
    wanted,
)
from generation.questions.event_steps import gap_turns, in_minority, order_turns
from generation.questions.extreme_years import Place, asks_extreme, placed_draft
from generation.questions.period_measures import one_read_answers
from generation.questions.phrasing import (
    colour_keyed,
    colour_of,
    decimals_of,
    figure_ref,
    fmt_num,
    mark_phrase,
    pick,
    point_key,
    shared_decimals,
    value_unit,
    with_unit,
)
from generation.world.grammar import agree, said_of
from synthdocbench_tasks.schema import Chart, DataPoint, Difficulty

# --- comparison ------------------------------------------------------------------------


def comparison(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    options: dict[str, Sequence[Maker]] = {
        "L1": [],
        "L2": shuffled_makers([_compare_pair, _ratio], rng),
        "L3": _l3_makers(ctx),
        "L4": [_compare_at_event],
        "L5": shuffled_makers([_compare_colours, _against_target, _largest_bubble, _darkest_cell], rng),
    }
    makers = options[level]
    if level == "L5" and winning_maker(ctx, rng, makers) is _darkest_cell:  # a year? see extreme_years
        rest = [m for m in makers if m is not _darkest_cell]
        return placed_draft(ctx, rng, _darkest_cell) or first_draft(ctx, rng, rest)
    draft = first_draft(ctx, rng, makers) if makers else None
    if draft is None and level == "L4":  # no chart has two series that swap order: ask a gap
        draft = first_draft(ctx, rng, [_gap_at_event])
    return draft


def _l3_makers(ctx: Context) -> list[Maker]:
    """The L3 makers in the order of the slot's place in the run's sequence: of every four turns,
    two try the gap to the average first, one for each side it draws (see :func:`_above_average`),
    so that the questions with a side take the sides in turn however the shares fall."""
    first_gap = slot_verdict(ctx, "comparison", "L3") // 2 % 2 == 0
    return [_above_average, _share] if first_gap else [_share, _above_average]


def _pairs(ctx: Context, chart: Chart, rng: np.random.Generator) -> list[tuple[DataPoint, DataPoint]]:
    out = []
    for points in series_of(chart).values():
        ok = [p for p in points if ctx.readable(chart, p)]
        for i, a in enumerate(ok):
            for b in ok[i + 1 :]:
                if separable(chart, a.value, b.value):
                    out.append((a, b) if a.value >= b.value else (b, a))
    return [out[i] for i in rng.permutation(len(out))]


def _compare_pair(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    if order_given(chart):
        return None  # a funnel's larger stage is the earlier one: the slot takes another chart
    for hi, lo in year_balanced(_pairs(ctx, chart, rng), lambda p: p.label, year_side(ctx, "L2")):
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
                f"{cap(mark_phrase(chart, hi))} {agree(mark_phrase(chart, hi), 'is')} higher, at "
                f"{val(chart, hi)} against {val(chart, lo)}: a "
                "gap "
                f"of {diff.said()}.",
                f"{cap(mark_phrase(chart, hi))} {agree(mark_phrase(chart, hi), 'leads')} by {diff.said()} "
                f"({val(chart, hi)} versus "
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
                f"By what factor {agree(m_hi, 'does')} {m_hi} exceed {m_lo} in {fig}?",
            ],
        )
        shown = f"{val(chart, hi)} versus {val(chart, lo)}"
        a = f"{cap(m_hi)} {agree(m_hi, 'is')} about {r.text} times {m_lo} ({shown})."
        steps = [
            f"Locate {fig} and read {m_hi}: {val(chart, hi)}.",
            f"Read {m_lo}: {val(chart, lo)}.",
            f"Divide: {fmt_num(hi.value)} / {fmt_num(lo.value)} = {r.text}.",
        ]
        return Draft("comparison", "L2", q, a, [r], steps, [chart], [hi, lo])
    return None


def _share(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    if chart.chartType not in SHARE_TYPES or (parts_of_one_whole(chart) and value_unit(chart) == "%"):
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
            f"How big a slice of the total in {fig} is {p.label}, in per cent?",
        ],
    )
    whole = with_unit(fmt_num(total.value), value_unit(chart))
    a = f"{cap(p.label)} makes up about {s.text}% of the total of {whole} ({val(chart, p)})."
    steps = [
        f"Locate {fig}.",
        f"Read all {len(points)} values and add them: {fmt_num(total.value)}.",
        f"Read {p.label}: {val(chart, p)}.",
        f"Divide and convert to a percentage: {s.text}%.",
    ]
    return Draft("comparison", "L3", q, a, [s], steps, [chart], points)


def _above_average(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """How far one mark sits from the mean of all marks of its series (a mean over >= 3 marks)."""
    for series, points in series_of(chart).items():
        if not 3 <= len(points) <= 12 or not all(ctx.readable(chart, p) for p in points):
            continue
        if mean_needs_no_reading(chart, points):
            continue
        mean_t = mean_term([point_term(chart, p) for p in points])
        far = [p for p in points if separable(chart, p.value, mean_t.value)]
        if not far:
            continue
        # the side is drawn first and only a mark on that side is asked (a run's answers are
        # above and below in equal shares)
        if ctx.target not in (None, ("comparison", "L3")):
            return None  # another slot's attempt: only the share, which carries no side
        side = wanted(ctx, "comparison", ("above", "below"), "L3")
        on_side = [p for p in far if (p.value > mean_t.value) == (side == "above")]
        if not on_side:
            continue
        p = on_side[int(rng.integers(len(on_side)))]
        fig, mark, unit = figure_ref(chart), mark_phrase(chart, p), value_unit(chart)
        # the mean and the gap printed alike, so that "0.80 ... 0.061 below" never happens
        d = shared_decimals([mean_t.value, p.value - mean_t.value], max(2, decimals_of(p.value)))
        mean, gap = derived_value(mean_t, unit, d), gap_value(point_term(chart, p), mean_t, unit, d)
        # a mean one reading gives is no average (period_measures.one_read_answers)
        if one_read_answers(mean.av, [x.value for x in points]):
            continue
        if not mark_use(ctx, chart, f"vs-mean:{point_key(p)}"):
            continue
        side = "above" if p.value > mean_t.value else "below"
        scope = f"the {series} marks" if series else f"all {len(points)} marks"
        asked = f"the {series} marks" if series else "all the marks"  # the count may be the answer
        is_, does, it = agree(mark, "is"), agree(mark, "does"), agree(mark, "it")  # a plural measure
        q = pick(
            rng,
            [
                f"In {fig}, how far {is_} {mark} from the average of {asked}, and on which side of it?",
                f"Taking the mean of {asked} in {fig}, by how much {does} {mark} differ from it, and {is_} "
                f"{it} higher or lower?",
            ],
        )
        a = f"{cap(scope)} average {mean.said()}; {mark}, at {val(chart, p)}, {is_} {gap.said()} {side} that."
        readings = "; ".join(f"{mark_phrase(chart, x)} = {fmt_num(x.value)}" for x in points)
        steps = [
            f"Locate {fig} and read {scope}: {readings}.",
            f"Average the {len(points)} values: {mean.text}.",
            f"Read {mark}: {val(chart, p)}.",
            f"Subtract: |{fmt_num(p.value)} - {mean.text}| = {gap.text}, {side} the average.",
        ]
        aliases = ["higher", "more", "over"] if side == "above" else ["lower", "less", "under"]
        values: list[Value] = [mean, gap, label_value(side, aliases)]
        return Draft("comparison", "L3", q, a, values, steps, [chart], points)
    return None


def _event_pairs(
    ctx: Context, chart: Chart, rng: np.random.Generator, turning: bool
) -> list[tuple[int, str, DataPoint, DataPoint]]:
    """(event, year, higher mark, lower mark of that year) for two series an event concerns that
    swap order in some year of the chart (``turning``: those in their year's less common order
    first) or that never do (:mod:`generation.questions.event_steps`), in a drawn order."""
    out = []
    for fact_index, year, about in event_years(ctx, chart):
        marks = [p for p in chart.data if p.label == year and p.category and ctx.readable(chart, p)]
        out += [
            (fact_index, year, *((a, b) if a.value > b.value else (b, a)))
            for i, a in enumerate(marks)
            for b in marks[i + 1 :]
            if separable(chart, a.value, b.value)
            and (about(a.category) or about(b.category))
            and order_turns(chart, a.category, b.category) == turning
        ]
    drawn = [out[int(i)] for i in rng.permutation(len(out))]
    return sorted(drawn, key=lambda c: turning and not in_minority(chart, c[1], c[2].category, c[3].category))


def _compare_at_event(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """Which of two series was higher in the year an event from the text happened, and by how
    much: only two series that swap order in some year (else the year decides nothing)."""
    for fact_index, year, hi, lo in _event_pairs(ctx, chart, rng, turning=True):
        if not mark_use(ctx, chart, f"event-pair:{fact_index}"):
            continue
        # the two options in a drawn order: in data order the first named was the answer 62%
        a_pt, b_pt = (hi, lo) if rng.random() < 0.5 else (lo, hi)
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
            f"{cap(happened)} in {year}; that year {hi.category} stood higher, at {val(chart, hi)} "
            f"against {val(chart, lo)} for {lo.category}, a gap of {diff.said()}."
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


def _gap_at_event(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """How far one series stood above another in the year an event from the text happened, for
    two series that never swap order (which is higher needs no year, so it is not asked) whose
    gap in some other year lies outside the answer's tolerance (the year decides the gap)."""
    for fact_index, year, hi, lo in _event_pairs(ctx, chart, rng, turning=False):
        diff = difference_value(point_term(chart, hi), point_term(chart, lo), value_unit(chart))
        tol = effective_tol(diff.av.value or 0.0, diff.av.abs_tol, diff.av.rel_tol)
        if not gap_turns(chart, year, hi.category, lo.category, tol):
            continue
        if not mark_use(ctx, chart, f"event-pair:{fact_index}"):
            continue
        happened, fig = event_phrase(ctx, fact_index), figure_ref(chart)
        q = pick(
            rng,
            [
                f"In the year {happened}, by how much did {hi.category} exceed {lo.category} in {fig}?",
                f"The report notes that {happened}. That year, how far did {hi.category} stand above "
                f"{lo.category} in {fig}?",
            ],
        )
        a = (
            f"{cap(happened)} in {year}; that year {hi.category} stood at {val(chart, hi)} against "
            f"{val(chart, lo)} for {lo.category}, a gap of {diff.said()}."
        )
        steps = [
            f"Find in the text that {happened} in {year}.",
            f"In {fig}, read {hi.category} and {lo.category} at {year}: {val(chart, hi)} and "
            f"{val(chart, lo)}.",
            f"Subtract: {diff.text}.",
        ]
        values: list[Value] = [exact_value(fact_term(ctx, fact_index, "year"), None), diff]
        return Draft("comparison", "L4", q, a, values, steps, [chart], [hi, lo], [fact_index])
    return None


def _compare_colours(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    by_label: dict[str, list[DataPoint]] = {}
    for p in chart.data:
        if colour_keyed(chart, p) and colour_of(chart, p) and ctx.readable(chart, p):
            by_label.setdefault(p.label, []).append(p)
    pairs = []
    for marks in by_label.values():  # in an order answer_place_drawn draws
        pairs += [
            (a_pt, b_pt) if a_pt.value > b_pt.value else (b_pt, a_pt)
            for j, a_pt in enumerate(marks)
            for b_pt in marks[j + 1 :]
            if separable(chart, a_pt.value, b_pt.value)
        ]
    # series that are years: the legend tells which colour is the later year; and the text's
    # mentions tell which series it names more
    pairs = year_balanced(pairs, lambda p: p.category, year_side(ctx, "L5"))
    sentences = [f.sentence for f in ctx.manifest.text_facts]
    for hi, lo in answer_place_drawn(mention_balanced(pairs, sentences, mention_side(ctx, "L5")), rng):
        if not mark_use(ctx, chart, f"colours:{point_key(hi)}|{point_key(lo)}"):
            continue
        q, a, steps = _colour_texts(chart, hi, lo, rng)
        values: list[Value] = [
            label_value(str(hi.category)),
            label_value(str(lo.category)),
            read_value(chart, hi),
            read_value(chart, lo),
        ]
        return Draft("comparison", "L5", q, a, values, steps, [chart], [hi, lo])
    return None


def _colour_texts(
    chart: Chart, hi: DataPoint, lo: DataPoint, rng: np.random.Generator
) -> tuple[str, str, list[str]]:
    """The question, answer and steps of :func:`_compare_colours`. On a stacked chart the larger
    segment may sit below the other, which then reaches higher on the page: there the question
    asks which segment holds the larger value, not which reaches further."""
    fig = figure_ref(chart)
    c_hi, c_lo = str(colour_of(chart, hi)), str(colour_of(chart, lo))
    ca, cb = (c_hi, c_lo) if rng.random() < 0.5 else (c_lo, c_hi)
    if chart_type(chart.chartType).member("stacked"):
        q = pick(
            rng,
            [
                f"In {fig}, at {hi.label}, which segment holds the larger value: the {ca} one or the {cb} "
                "one? Say what each colour represents.",
                f"Looking at {hi.label} in {fig}, is the {ca} or the {cb} segment the larger, and which "
                "series do those colours stand for?",
            ],
        )
        compared = "larger than"
    else:
        q = pick(
            rng,
            [
                f"In {fig}, at {hi.label}, which is higher: the {ca} series or the {cb} series? Say what "
                "each colour represents.",
                f"Looking at {hi.label} in {fig}, does the {ca} or the {cb} mark reach further, and which "
                "series do those colours stand for?",
            ],
        )
        compared = "above"
    a = (
        f"{cap(c_hi)} stands for {hi.category}, at {val(chart, hi)}, which is {compared} {c_lo}, "
        f"which is {lo.category} at {val(chart, lo)}."
    )
    steps = [
        f"Use the legend of {fig}: {c_hi} is {hi.category}, {c_lo} is {lo.category}.",
        f"Read both at {hi.label}: {val(chart, hi)} and {val(chart, lo)}.",
        f"Compare: {said_of(str(hi.category), 'is')} {'larger' if compared == 'larger than' else 'higher'}.",
    ]
    return q, a, steps


def _against_target(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """Bullet charts: does a measure reach the target its marker shows?"""
    if not chart_type(chart.chartType).has("target_marker"):
        return None
    for p in [chart.data[int(i)] for i in rng.permutation(len(chart.data))]:
        if "target" not in p.metadata or not ctx.readable(chart, p, meta=("target",)):
            continue
        target = float(p.metadata["target"])
        if not separable(chart, p.value, target) or not mark_use(ctx, chart, f"vs-target:{p.label}"):
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
                f"Reading {fig}, {agree(p.label, 'is')} {p.label} above or below its marker line, and by how "
                "much?",
            ],
        )
        a = (
            f"The marker is the target, {goal.said()}; {said_of(p.label, 'reaches')} {val(chart, p)}, so "
            f"it {verdict} the target by {_unsigned(gap.said())}."
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
    if ranked[0].label in chart.visualProperties.highlightedItems:
        return None  # the highlight's pointer ("◀ France") prints the answer beside the bubble
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


def _darkest_cell(
    ctx: Context, chart: Chart, rng: np.random.Generator, place: Place | None = None
) -> Draft | None:
    """Heatmaps: which cell the colour scale shows as the most intense (highest value); a year
    column only at the slot's ``place`` (:mod:`generation.questions.extreme_years`)."""
    if not chart_type(chart.chartType).has("colour_scale") or len(chart.data) < 4:
        return None
    ranked = sorted((p.value for p in chart.data), reverse=True)
    top = max(chart.data, key=lambda p: p.value)
    if ranked[0] - ranked[1] < 0.15 * (ranked[0] - ranked[-1]) or not asks_extreme(chart, top, place):
        return None
    if not mark_use(ctx, chart, "darkest"):
        return None
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
