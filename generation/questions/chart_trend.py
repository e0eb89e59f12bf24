"""Trend / pattern questions (Table 14): direction, peak, distribution shape, period
averages, a trend since an event, encodings.

A direction (rose, fell, broadly flat; a later period higher or lower) is asked only of a metric
without a known real direction (``Chart.value_trend``): of download speeds or battery prices
world knowledge gives it. The slot's direction is drawn in turn (``common.wanted``) so that a run
holds the three in near-equal shares, not the world's bias towards rises; the maker that would
have answered the slot looks for a series of that direction on any chart, and a document without
one takes the next direction, so the slot is filled as before. A trend L2 direction or % change is
asked of a series' whole run or, where that went another way than the slot's, of a stretch of
three or more of its years (:func:`_stretches`): a flat stretch is in most series where a flat
series is in few, and a slot whose turn was "flat" fell back to "fell" (22 of 44 trend L2
directions on fresh seed 6733, flat 4). A question that lists the directions lists all three in a
drawn order (:func:`_moves_listed`): always "rise, fall or stay flat" put the commonest first.
A peak year is never asked of a metric with a known direction either, and lands at a chart's end
as often as a uniform answer would (:mod:`generation.questions.extreme_years`). A trend L4 path
from a text event's year runs over :data:`MIN_RUN` points too: from the chart's last year but one
it was a single step ("from 2019 to 2020, broadly flat"; review52, ``trend_measures.one_step``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from typing import Protocol

import numpy as np

from generation.questions.arithmetic import change_value, gap_value
from generation.questions.chart_common import (
    Maker,
    cap,
    event_phrase,
    event_years,
    first_draft,
    mark_use,
    ordered_series,
    separable,
    series_name,
    shuffled_makers,
    val,
    winner,
)
from generation.questions.chart_distribution import modal_bin, tail
from generation.questions.common import (
    Context,
    Draft,
    Value,
    derived_value,
    direction,
    direction_value,
    exact_value,
    fact_term,
    label_value,
    mark_label,
    mean_term,
    point_term,
    read_value,
    shuffled,
    wanted,
)
from generation.questions.event_steps import direction_turns
from generation.questions.extreme_years import Place, placed_draft, side_extreme
from generation.questions.num import Num
from generation.questions.period_measures import one_read_answers
from generation.questions.phrasing import (
    DIRECTION_RULE,
    colour_keyed,
    colour_of,
    figure_ref,
    fmt_num,
    numbers_readable,
    pick,
    shared_decimals,
    value_unit,
)
from generation.questions.trend_forms import first_crossing
from generation.world.grammar import agree, said_of
from synthdocbench_tasks.schema import Chart, DataPoint, Difficulty

# --- trend / pattern -------------------------------------------------------------------


class DirectedMaker(Protocol):
    """A maker whose answer states a direction, looking for a series that went ``want``."""

    def __call__(
        self, ctx: Context, chart: Chart, rng: np.random.Generator, want: str | None = None
    ) -> Draft | None: ...


#: The directions a trend question answers, taken in turn by a run's slots.
MOVES: tuple[str, ...] = ("rose", "fell", "was broadly flat")
#: The directions scarcest first: a slot whose own is missing takes the scarcest there is (flat
#: stretches are fewest, and a report's series rise more often after its events than they fall).
SCARCE: tuple[str, ...] = ("was broadly flat", "fell", "rose")
#: The fewest points a direction is asked over (a stretch, a path since an event): one step is
#: a change between two readings, not a path.
MIN_RUN = 3


def trend_pattern(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    options: dict[str, Sequence[Maker]] = {
        "L1": [],
        "L2": shuffled_makers([_direction, modal_bin, _peak, _pct_change, tail, first_crossing], rng),
        "L3": shuffled_makers([_period_average, _half_shift], rng),
        "L4": [_trend_since_event],
        "L5": [_colour_trend, _highlight_trend],
    }
    makers = options[level]
    chosen = winner(ctx, rng, makers)
    if chosen is _peak:  # the slot's place is drawn; a document without the place asks no peak
        draft = placed_draft(ctx, rng, _peak)
        if draft:
            return draft
        makers = [m for m in makers if m is not _peak]
        chosen = winner(ctx, rng, makers)
    directed = _DIRECTED.get(chosen) if chosen else None
    if directed is None:
        return first_draft(ctx, rng, makers) if chosen else None
    for want in _wants(ctx, level):
        draft = first_draft(ctx, rng, [partial(directed, want=want)])
        if draft:
            return draft
    return None


def _wants(ctx: Context, level: Difficulty) -> list[str]:
    """The directions the slot tries: the one drawn in turn (``common.wanted``), then the others
    scarcest first (:data:`SCARCE`), those some run of a series of the report takes (on a chart
    whose metric has no known direction; a stretch at L2, whose makers ask one) before the rest."""
    first = wanted(ctx, "trend_pattern", MOVES, level)
    rest = [m for m in SCARCE if m != first]
    taken = {
        direction([p.value for p in stretch])
        for chart in ctx.manifest.charts
        if chart.value_trend == "any"
        for points in ordered_series(chart).values()
        for stretch in (_stretches(points) if level == "L2" else [points])
    }
    return sorted([first, *rest], key=lambda d: d not in taken)


def _stretches(points: list[DataPoint], rng: np.random.Generator | None = None) -> Iterator[list[DataPoint]]:
    """The runs of a series a direction question may ask: the whole series, then (with ``rng``,
    in a drawn order; without, in order) every other run of three or more consecutive points.
    Lazy: a maker that takes the whole series draws nothing."""
    yield points
    n = len(points)
    spans = [(i, j) for i in range(n) for j in range(i + MIN_RUN - 1, n) if (i, j) != (0, n - 1)]
    for i, j in spans if rng is None else shuffled(spans, rng):
        yield points[i : j + 1]


def _moves_listed(rng: np.random.Generator) -> str:
    """The three directions as a question lists them, in a drawn order ("fall, stay flat or
    rise"): listed always in one order, the first named was the commonest answer."""
    a, b, c = shuffled(["rise", "fall", "stay flat"], rng)
    return f"{a}, {b} or {c}"


def _asks(chart: Chart, d: str, want: str | None) -> bool:
    """Whether a question may ask that a series of ``chart`` went ``d``: its metric has no known
    real direction (else world knowledge answers it) and ``d`` is the slot's (any without one)."""
    return chart.value_trend == "any" and want in (None, d)


def _endpoints(
    ctx: Context, chart: Chart, points: list[DataPoint], shape: bool = False
) -> tuple[DataPoint, DataPoint, str] | None:
    """(first, last, direction) of ``points`` where a reader reads both ends; with ``shape``, on a
    chart whose numbers a reader cannot read (an unlabelled sparkline grid) where its line clearly
    rises or falls (the ends apart by more than a reading's tolerance: :func:`_seen_direction`)."""
    first, last = points[0], points[-1]
    d = direction([p.value for p in points])
    if shape and not numbers_readable(chart):
        seen = d in ("rose", "fell") and separable(chart, first.value, last.value)
        return (first, last, str(d)) if seen else None
    if not (ctx.readable(chart, first) and ctx.readable(chart, last)):
        return None
    return (first, last, d) if d else None


def _asked_ends(
    ctx: Context,
    chart: Chart,
    points: list[DataPoint],
    want: str | None,
    rng: np.random.Generator,
    shape: bool = False,
) -> tuple[DataPoint, DataPoint, str] | None:
    """(first, last, direction) of the run of ``points`` a direction question asks: the whole
    series, or for a slot with a direction (``want``) the first stretch (:func:`_stretches`)
    that went that way, its ends readable (or with ``shape`` seen: :func:`_endpoints`); None
    where there is none."""
    for stretch in _stretches(points, rng) if want else [points]:
        ends = _endpoints(ctx, chart, stretch, shape)
        if ends is not None and _asks(chart, ends[2], want):
            return ends
    return None


def _direction_values(chart: Chart, first: DataPoint, last: DataPoint, d: str) -> list[Value]:
    return [direction_value(d), read_value(chart, first), read_value(chart, last)]


def _direction(ctx: Context, chart: Chart, rng: np.random.Generator, want: str | None = None) -> Draft | None:
    for series, points in ordered_series(chart).items():
        ends = _asked_ends(ctx, chart, points, want, rng, shape=True)
        if ends is None or not mark_use(ctx, chart, f"trend:{series}"):
            continue
        first, last, d = ends
        fig, name = figure_ref(chart), series_name(chart, series)
        span = f"{first.label} to {last.label}"
        q = pick(
            rng,
            [
                f"How did {name} change from {span} in {fig}?",
                f"Between {first.label} and {last.label}, did {name} {_moves_listed(rng)} in {fig}?",
                f"What direction {agree(name, 'does')} {name} take in {fig} from {span}?",
                f"Describe the movement of {name} in {fig} from {span}.",
            ],
        )
        if not numbers_readable(chart):
            return _seen_direction(chart, name, first, last, d, q)
        a = (
            f"{cap(said_of(name, d))}, going from {val(chart, first)} in {first.label} to "
            f"{val(chart, last)} in {last.label}."
        )
        steps = [
            f"In {fig}, read {name} at {first.label}: {val(chart, first)}.",
            f"Read it at {last.label}: {val(chart, last)}.",
            f"Compare the two ({DIRECTION_RULE}): it {d}.",
        ]
        values = _direction_values(chart, first, last, d)
        return Draft("trend_pattern", "L2", q, a, values, steps, [chart], [first, last])
    return None


def _seen_direction(chart: Chart, name: str, first: DataPoint, last: DataPoint, d: str, q: str) -> Draft:
    """A direction question on a chart that prints no numbers and has no axis to read them off (an
    unlabelled sparkline grid): the answer is the line's direction, which its shape shows (its ends
    lie further apart than a reading's tolerance), and no number. Without it such a chart carried
    no question, and a report whose other charts the text's questions had filled lost a chart
    question (questions52: report 147 of fresh seed 7057)."""
    fig, end = figure_ref(chart), "higher" if d == "rose" else "lower"
    a = f"{cap(said_of(name, d))} from {first.label} to {last.label}: its line ends {end} than it starts."
    steps = [
        f"In {fig}, find the line of {name} at {first.label} and at {last.label}.",
        f"It ends {end} than it starts: it {d}.",
    ]
    return Draft("trend_pattern", "L2", q, a, [direction_value(d)], steps, [chart], [first, last])


def _peak(ctx: Context, chart: Chart, rng: np.random.Generator, place: Place | None = None) -> Draft | None:
    """The year a series peaks or bottoms out: the first series whose extreme stands apart and
    may be asked at the slot's ``place`` (:mod:`generation.questions.extreme_years`)."""
    for series, points in ordered_series(chart).items():
        if len(points) < 4 or not all(ctx.readable(chart, p) for p in points):
            continue
        # a peak, or for a placed slot (extreme_years) a drawn side, then the other
        found = side_extreme(chart, points, place is None or bool(rng.random() < 0.5), place)
        if found is None or not mark_use(ctx, chart, f"peak:{series}"):
            continue
        highest, top = found
        fig, name = figure_ref(chart), series_name(chart, series)
        if highest:
            options = [
                f"At which point does {name} reach its peak in {fig}, and at what level?",
                f"When is {name} highest in {fig}, and how high does it get?",
                f"In {fig}, where does {name} top out, and at what value?",
            ]
            a = f"{cap(name)} {agree(name, 'tops')} out in {top.label} at {val(chart, top)}."
        else:
            options = [
                f"At which point does {name} reach its low in {fig}, and at what level?",
                f"When is {name} lowest in {fig}, and how low does it get?",
                f"In {fig}, where does {name} bottom out, and at what value?",
            ]
            a = f"{cap(name)} {agree(name, 'bottoms')} out in {top.label} at {val(chart, top)}."
        steps = [
            f"Locate {fig}.",
            f"Read {name} at each of its {len(points)} points.",
            f"The {'highest' if highest else 'lowest'} point is {top.label}: {val(chart, top)}.",
        ]
        values: list[Value] = [mark_label(top), read_value(chart, top)]
        return Draft("trend_pattern", "L2", pick(rng, options), a, values, steps, [chart], points)
    return None


def _pct_change(
    ctx: Context, chart: Chart, rng: np.random.Generator, want: str | None = None
) -> Draft | None:
    """The relative change of a series; of a metric with a known direction it asks only the
    size of the change (its direction is no reading)."""
    for series, points in ordered_series(chart).items():
        known = chart.value_trend != "any"
        ends = _endpoints(ctx, chart, points) if known else _asked_ends(ctx, chart, points, want, rng)
        if ends is None or ends[0].value <= 0 or ends[1].value <= 0:
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
            f"Locate {fig} and read {first.label}: {val(chart, first)}.",
            f"Read {last.label}: {val(chart, last)}.",
            change.step(first.value, last.value),
        ]
        values: list[Value] = [change.value] if known else [change.value, direction_value(d)]
        return Draft("trend_pattern", "L2", q, a, values, steps, [chart], [first, last])
    return None


def _period_average(ctx: Context, chart: Chart, rng: np.random.Generator) -> Draft | None:
    """The mean of a series over a run of 3 or more consecutive years."""
    for series, points in ordered_series(chart).items():
        if len(points) < 4:
            continue
        size = int(rng.integers(3, len(points)))
        start = int(rng.integers(0, len(points) - size + 1))
        found = next(_summed_windows(ctx, chart, points, (size, start), rng), None)
        if found is None or not mark_use(ctx, chart, f"period-mean:{series}"):
            continue
        window, mean = found
        size = len(window)
        fig, name = figure_ref(chart), series_name(chart, series)
        w0, w1 = window[0].label, window[-1].label
        q = pick(
            rng,
            [
                f"What was the average level of {name} from {w0} to {w1} in {fig}?",
                f"Averaged over {w0}–{w1}, what value does {fig} give for {name}?",
                f"Across the years {w0} to {w1}, what is the mean of {name} in {fig}?",
            ],
        )
        a = f"Over the {size} years from {w0} to {w1}, {name} {agree(name, 'averages')} {mean.said()}."
        readings = "; ".join(f"{p.label} = {fmt_num(p.value)}" for p in window)
        steps = [
            f"Locate {fig}.",
            f"Read {name} in each year from {w0} to {w1}: {readings}.",
            f"Add the {size} values: {fmt_num(sum(p.value for p in window))}; divide by {size}: {mean.text}.",
        ]
        return Draft("trend_pattern", "L3", q, a, [mean], steps, [chart], window)
    return None


def _summed_windows(
    ctx: Context, chart: Chart, points: list[DataPoint], drawn: tuple[int, int], rng: np.random.Generator
) -> Iterator[tuple[list[DataPoint], Num]]:
    """The readable windows of 3 or more of ``points`` (short of the whole run) with their means,
    the drawn (size, start) first, then the others in a drawn order, leaving out those whose mean
    one reading gives (``period_measures.one_read_answers``: the sum asked is skipped)."""
    others = [(n, i) for n in range(3, len(points)) for i in range(len(points) - n + 1) if (n, i) != drawn]
    for size, start in [drawn, *shuffled(others, rng)]:
        window = points[start : start + size]
        if not all(ctx.readable(chart, p) for p in window):
            continue
        mean = derived_value(mean_term([point_term(chart, p) for p in window]), value_unit(chart), 2)
        if not one_read_answers(mean.av, [p.value for p in window]):
            yield window, mean


def _half_shift(
    ctx: Context, chart: Chart, rng: np.random.Generator, want: str | None = None
) -> Draft | None:
    """How the mean of a series' later years compares with the mean of its earlier years (higher
    is a rise, lower a fall; of a metric with a known direction only the means and the gap count)."""
    known = chart.value_trend != "any"
    for series, points in ordered_series(chart).items():
        half = len(points) // 2
        if half < 3 or not all(ctx.readable(chart, p) for p in points):
            continue
        early, late = points[:half], points[-half:]
        m0 = mean_term([point_term(chart, p) for p in early])
        m1 = mean_term([point_term(chart, p) for p in late])
        moved = "rose" if m1.value > m0.value else "fell"
        if not (known or want in (None, moved)):  # no later period is "flat": the next direction
            continue
        if not separable(chart, m0.value, m1.value):
            continue
        fig, name, unit = figure_ref(chart), series_name(chart, series), value_unit(chart)
        first, second = f"{early[0].label}–{early[-1].label}", f"{late[0].label}–{late[-1].label}"
        # both means with the same decimals, and the gap no finer than they are printed
        d = shared_decimals([m0.value, m1.value, m1.value - m0.value], 2)
        mean0, mean1, gap = derived_value(m0, unit, d), derived_value(m1, unit, d), gap_value(m1, m0, unit, d)
        # neither average may be one reading of its years (the sums asked would be skipped)
        if one_read_answers(mean0.av, [p.value for p in early]) or one_read_answers(
            mean1.av, [p.value for p in late]
        ):
            continue
        if not mark_use(ctx, chart, f"halves:{series}"):
            continue
        word = "higher" if m1.value > m0.value else "lower"
        q = pick(
            rng,
            [
                f"In {fig}, compare the average of {name} over {first} with its average over {second}: "
                "was the later period higher or lower, and by how much?",
                f"Did {name} average more in {second} than in {first}, going by {fig}? Give both averages "
                "and the gap.",
            ],
        )
        a = (
            f"{cap(name)} {agree(name, 'averages')} {mean0.said()} over {first} and {mean1.said()} over "
            f"{second}, so the "
            f"later period is {gap.said()} {word}."
        )
        steps = [
            f"Locate {fig} and read {name} in every year.",
            f"Average {first}: {mean0.text}.",
            f"Average {second}: {mean1.text}.",
            f"Compare: |{mean1.text} - {mean0.text}| = {gap.text}, {word}.",
        ]
        aliases = ["rose", "up", "increase"] if word == "higher" else ["fell", "down", "decrease"]
        values: list[Value] = [mean0, mean1, gap] + ([] if known else [label_value(word, aliases)])
        return Draft("trend_pattern", "L3", q, a, values, steps, [chart], [*early, *late])
    return None


def _trend_since_event(
    ctx: Context, chart: Chart, rng: np.random.Generator, want: str | None = None
) -> Draft | None:
    groups = ordered_series(chart)
    for fact_index, year, about in event_years(ctx, chart):
        for series, points in groups.items():
            labels = [p.label for p in points]
            if not about(series) or year not in labels or labels.index(year) > len(labels) - MIN_RUN:
                continue
            if not direction_turns([p.value for p in points], labels.index(year)):
                continue  # the same direction from every earlier year: the event decides nothing
            ends = _endpoints(ctx, chart, points[labels.index(year) :])
            if (
                ends is None
                or not _asks(chart, ends[2], want)
                or not mark_use(ctx, chart, f"event:{fact_index}")
            ):
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
                f"{cap(happened)} in {year}; from then to {last.label}, {said_of(name, d)}, "
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


def _colour_trend(
    ctx: Context, chart: Chart, rng: np.random.Generator, want: str | None = None
) -> Draft | None:
    groups = ordered_series(chart)
    for series in sorted(k for k in groups if k is not None):
        colour = colour_of(chart, groups[series][0])
        if colour is None or not colour_keyed(chart, groups[series][0]):
            continue
        ends = _endpoints(ctx, chart, groups[series])
        if ends is None or not _asks(chart, ends[2], want) or not mark_use(ctx, chart, f"trend:{series}"):
            continue
        first, last, d = ends
        fig = figure_ref(chart)
        q = pick(
            rng,
            [
                f"In {fig}, what does the {colour} line show, and how did it move between {first.label} and "
                f"{last.label}?",
                f"Which series is coloured {colour} in {fig}, and did it {_moves_listed(rng)} from "
                f"{first.label} to {last.label}?",
                f"Follow the {colour} series of {fig}: what is it, and what is its direction from "
                f"{first.label} to {last.label}?",
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


def _highlight_trend(
    ctx: Context, chart: Chart, rng: np.random.Generator, want: str | None = None
) -> Draft | None:
    """A single-series time chart with one highlighted year: how the series moved from the first
    year up to it, or from it to the last where the first year is the one highlighted (not which
    year it is: the highlight's pointer prints it). Every
    year may be the highlighted one (the chart draws it uniformly), and every question says both
    cases, so neither the answer nor the wording tells where the highlight falls (asking only
    from the first year up to it, the first year was never the answer)."""
    groups = ordered_series(chart)
    items = chart.visualProperties.highlightedItems
    if list(groups) != [None] or len(items) != 1:
        return None
    points = groups[None]
    labels = [p.label for p in points]
    if items[0] not in labels:
        return None
    at = labels.index(items[0])
    ends = _endpoints(ctx, chart, points[: at + 1] if at else points)
    if ends is None or not _asks(chart, ends[2], want) or not mark_use(ctx, chart, "highlight-trend"):
        return None
    first, last, d = ends
    fig, name = figure_ref(chart), series_name(chart, None)
    q = pick(
        rng,
        [
            f"{fig} highlights one year. How had {name} moved from the start of the chart up to "
            "that year (or from it to the end, if it is the first year)?",
            f"Did {name} {_moves_listed(rng)} between the first year {fig} shows and the year it "
            "singles out with its highlight (or, where the first year is highlighted, between it and the "
            "last)?",
        ],
    )
    moved = f"{said_of(name, d)}, from {val(chart, first)} to {val(chart, last)}"
    if at:
        a = f"The highlighted year is {items[0]}; from {first.label} up to then {moved}."
    else:
        a = f"The highlighted year is {items[0]}, the first shown; from then to {last.label} {moved}."
    steps = [
        f"Locate {fig} and find the highlighted mark (drawn with a heavy outline): {items[0]}.",
        f"Read {name} at {first.label} and {last.label}: {val(chart, first)} and {val(chart, last)}.",
        f"Compare the two: it {d}.",
    ]
    # the pointer beside the highlighted year prints it ("▼ 2015"): the year is no answer
    values: list[Value] = list(_direction_values(chart, first, last, d))
    return Draft("trend_pattern", "L5", q, a, values, steps, [chart], [first, last])


#: The makers whose answer states a direction: they take the slot's (``trend_pattern``).
_DIRECTED: dict[Maker, DirectedMaker] = {
    m: m for m in (_direction, _pct_change, _half_shift, _trend_since_event, _colour_trend, _highlight_trend)
}
