"""Historical / timeline complex questions: two developments the text dates in different
sections (years apart) fix a period, which a time chart is then read over; L4 adds the cause
the report states for that period."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from generation.document.anchors import concerns, report_entities
from generation.questions import common as qc
from generation.questions import complex_core as cc
from generation.questions.chart import cap, ordered_series
from generation.questions.common import Context, Draft, Value
from generation.questions.event_steps import enough_years
from generation.questions.kinds import is_percentage
from generation.questions.period_measures import one_read_answers
from generation.questions.phrasing import decimals_of, figure_ref, fmt_num, pick, value_unit
from generation.world.grammar import agree, count_noun
from synthdocbench_tasks.schema import Chart, DataPoint, Difficulty, TextFact

CATEGORY = "historical_timeline"


@dataclass
class Event:
    index: int
    fact: TextFact
    year: int

    @property
    def what(self) -> str:
        return f"{self.fact.values.get('actor', '')} {self.fact.values.get('event', '')}".strip()

    @property
    def section(self) -> str:
        return self.fact.section_id

    def year_value(self, ctx: Context) -> qc.Num:
        return qc.exact_value(qc.fact_term(ctx, self.index, "year"), None)

    def about(self, ctx: Context, s: cc.Span) -> bool:
        """True when the development concerns the span's series (:mod:`generation.document.anchors`)."""
        return self.about_series(ctx, s.chart, s.series)

    def about_series(self, ctx: Context, chart: Chart, series: str | None) -> bool:
        return concerns(chart, self.fact.values.get("actor", ""), report_entities(ctx.manifest), series)


def events(ctx: Context) -> list[Event]:
    out = []
    for i in ctx.facts_of("event"):
        fact = ctx.manifest.text_facts[i]
        try:
            out.append(Event(i, fact, int(fact.values.get("year", ""))))
        except ValueError:
            continue
    return out


def _pairs(
    ctx: Context, rng: np.random.Generator, gap: int, colour: bool = False, every: bool = False
) -> list[tuple[Event, Event, cc.Span]]:
    """(earlier, later, span) for two events at least ``gap`` years apart in different sections
    with a chart series both concern readable at both years, the span short of its whole series
    (its first and last year would answer without the events: a reader takes them from the
    chart). With ``colour`` every series a colour names that neither development names, on a
    chart with room: a pair's first series often fails these, and another chart or series may
    pass; with ``every`` every series both concern (one reading may answer a period's mean on
    one and not on another)."""
    out = []
    for a, b in qc.shuffled(list(combinations(events(ctx), 2)), rng):
        early, late = (a, b) if a.year < b.year else (b, a)
        if late.year - early.year < gap or not cc.sections_differ(a.fact, b.fact):
            continue
        spans = [
            s
            for s in cc.spans_for_years(ctx, early.year, late.year, rng)
            if not s.whole and early.about(ctx, s) and late.about(ctx, s)
        ]
        if not colour:
            out += [(early, late, s) for s in (spans if every else spans[:1])]
            continue
        named = (early.what, late.what)
        out += [
            (early, late, s)
            for s in spans
            if s.colour() is not None and not cc.names_series(s, *named) and not ctx.full(s.chart)
        ]
    return out


def historical_timeline(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    if level == "L4":
        return _cause_after_event(ctx, rng)
    if level == "L5":
        first, second = (_pairs_by_colour, _colour_after_event)
        if rng.random() < 0.5:
            first, second = second, first
        return first(ctx, rng) or second(ctx, rng)
    key = "timeline:{}|{}:" + level
    if level == "L3":
        # every series both developments concern: one reading answers many a period's mean, and
        # the pair is claimed only with the draft it gives
        for early, late, s in _pairs(ctx, rng, 2, every=True):
            if key.format(early.index, late.index) in ctx.used:
                continue
            found = _over_period(ctx, early, late, s, rng)
            if found is not None and ctx.claim(key.format(early.index, late.index)):
                return found
        return _across_series(ctx, rng)
    drawn = _pairs(ctx, rng, 1)
    for early, late, s in _by_length(drawn, rng) if level == "L2" else drawn:
        if not ctx.claim(key.format(early.index, late.index)):
            continue
        if level == "L1":
            return _read_later(ctx, early, late, s, rng)
        return _change_between(ctx, early, late, s, rng)
    return None


def _by_length(
    found: list[tuple[Event, Event, cc.Span]], rng: np.random.Generator
) -> list[tuple[Event, Event, cc.Span]]:
    """``found`` (in drawn order), the spans nearest a length drawn uniformly over those their
    series allows first: 1 to ``n - 2`` marks apart on a series of ``n`` (``n - 1`` is its whole
    run). Taking pairs as drawn favoured two developments a year apart (a change a reader takes
    off two neighbouring marks: L2 35%, L5 27% on seed 4718, ``complex_level_measures.event_gap``);
    a length no pair has goes to the nearest one, so no cell loses its question."""
    share = rng.random()

    def off(item: tuple[Event, Event, cc.Span]) -> int:
        s = item[2]
        allowed = max(1, len(ordered_series(s.chart).get(s.series) or []) - 2)
        return abs(len(s.marks) - 2 - int(share * allowed))

    return sorted(found, key=off)  # stable: ties keep the drawn order


def _pairs_by_colour(ctx: Context, rng: np.random.Generator) -> Draft | None:
    pairs = _by_length(_pairs(ctx, rng, 1, True), rng)
    for early, late, s in pairs:
        if ctx.claim(f"timeline:{early.index}|{late.index}:L5:{s.chart.vizId}:{s.series}"):
            found = _by_colour(ctx, early, late, s, rng)
            if found is not None:
                return found
    ctx.miss(f"{CATEGORY} L5 two developments: {'evidence taken' if pairs else 'no evidence'}")
    return None


def _both(early: Event, late: Event) -> str:
    return (
        f"Date both developments: {early.what} ({early.section}, {early.year}); "
        f"{late.what} ({late.section}, {late.year})."
    )


def _read_later(ctx: Context, early: Event, late: Event, s: cc.Span, rng: np.random.Generator) -> Draft:
    """L1: one mark, found through the later of two dated developments."""
    first, second = (early, late) if rng.random() < 0.5 else (late, early)
    q = pick(
        rng,
        [
            f"Take the later of two developments the report describes: {first.what}, and {second.what}. "
            f"What does {s.fig} show for {s.name} in that year?",
            f"The report recounts that {first.what} and that {second.what}. In the year of whichever "
            f"came second, what value does {s.fig} give for {s.name}?",
        ],
    )
    reads = f"puts {s.name} at" if s.series else "shows"  # a chart's one series needs no name
    ans = f"{cap(late.what)} in {late.year}, the later of the two; that year {s.fig} {reads} {s.at(s.last)}."
    steps = [_both(early, late), f"Read {s.name} in {late.year} from {s.fig}: {s.at(s.last)}."]
    values: list[Value] = [late.year_value(ctx), qc.read_value(s.chart, s.last)]
    return Draft(CATEGORY, "L1", q, ans, values, steps, [s.chart], [s.last], [early.index, late.index])


def _change_between(ctx: Context, early: Event, late: Event, s: cc.Span, rng: np.random.Generator) -> Draft:
    """L2: the change between the two marks of the events' years."""
    ch = cc.change(s)
    q = pick(
        rng,
        [
            f"According to {s.fig}, how much did {s.name} change between the year in which {early.what} "
            f"and the year in which {late.what}?",
            f"Take the years in which {late.what} and in which {early.what}. What net change in "
            f"{s.name} does {s.fig} show from the earlier of them to the later?",
        ],
    )
    ans = (
        f"{cap(early.what)} in {early.year} and {late.what} in {late.year}; over that span {s.name} "
        f"moved {cc.moved(s, ch)}."
    )
    steps = [
        _both(early, late),
        f"Read {s.name} in both years from {s.fig}: {s.at(s.first)} and {s.at(s.last)}.",
        f"Subtract: {cc.subtraction(s, ch)}.",
    ]
    values: list[Value] = [early.year_value(ctx), late.year_value(ctx), ch]
    return Draft(
        CATEGORY, "L2", q, ans, values, steps, [s.chart], [s.first, s.last], [early.index, late.index]
    )


def _over_period(
    ctx: Context, early: Event, late: Event, s: cc.Span, rng: np.random.Generator
) -> Draft | None:
    """L3: the mean (or total) of the series over the years from one event to the other."""
    asked = cc.ask_aggregate(
        ctx,
        s,
        rng,
        lambda f: [
            f"What is the {f.what} value for {s.name} in {s.fig} over the years from when {early.what} to "
            f"when {late.what}, both years included?",
            f"Over the period that runs from the year {late.what} back to the year {early.what} "
            f"(inclusive), what {f.what} value for {s.name} does {s.fig} give, year by year?",
        ],
    )
    if asked is None:
        return None
    found, q = asked
    num, what, step = found.num, found.what, found.step
    ans = (
        f"The period runs from {early.year} to {late.year}, {count_noun(str(len(s.marks)), 'year')} on the "
        f"chart; the {what} value for {s.name} over them comes to {cc.said(num)}."
    )
    steps = [
        _both(early, late),
        f"Read {s.name} in each year from {early.year} to {late.year} in {s.fig}.",
        step,
    ]
    values: list[Value] = [early.year_value(ctx), late.year_value(ctx), num]
    return Draft(CATEGORY, "L3", q, ans, values, steps, [s.chart], list(s.marks), [early.index, late.index])


def _across_series(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """L3 where no period between two developments gives a mean one reading misses: the total
    (parts that add up) or mean of every series of a chart each development concerns a series
    of (``event_measures.event_anchor``: the series read include the development's), in the
    year of the later one, short of the chart's first and last year (at least three marks, none
    of which answers it alone)."""
    for a, b in qc.shuffled(list(combinations(events(ctx), 2)), rng):
        early, late = (a, b) if a.year < b.year else (b, a)
        key = f"timeline:{early.index}|{late.index}:L3"
        if late.year == early.year or not cc.sections_differ(a.fact, b.fact) or key in ctx.used:
            continue
        for chart in qc.shuffled([c for c in ctx.manifest.charts if enough_years(c)], rng):
            series = ordered_series(chart)
            marks = [p for ps in series.values() for p in ps if p.label == str(late.year)]
            if str(late.year) in (min(p.label for p in chart.data), max(p.label for p in chart.data)):
                continue  # the chart's first or last year: a reader takes its edge, not the year
            about = all(any(e.about_series(ctx, chart, name) for name in series) for e in (early, late))
            if len(marks) < 3 or len(marks) != len(series) or not about or ctx.full(chart):
                continue
            if not all(ctx.readable(chart, p) for p in marks):
                continue
            total = qc.chart_allows("sum", chart) and not is_percentage(value_unit(chart))
            terms = [qc.point_term(chart, p) for p in marks]
            unit, decimals = value_unit(chart), decimals_of(*(p.value for p in marks))
            num = (
                qc.derived_value(qc.sum_term(terms), unit, decimals)
                if total
                else qc.derived_value(qc.mean_term(terms), unit, min(decimals + 1, 2))
            )
            if one_read_answers(num.av, [p.value for p in marks], total=total) or not ctx.claim(key):
                continue
            return _series_draft(ctx, early, late, chart, marks, num, "total" if total else "average", rng)
    return None


def _series_draft(
    ctx: Context,
    early: Event,
    late: Event,
    chart: Chart,
    marks: list[DataPoint],
    num: qc.Num,
    what: str,
    rng: np.random.Generator,
) -> Draft:
    fig, n = figure_ref(chart), len(marks)
    first, second = (early, late) if rng.random() < 0.5 else (late, early)
    q = pick(
        rng,
        [
            f"The report recounts that {first.what} and that {second.what}. In the year of whichever came "
            f"second, what is the {what} of the {n} series {fig} draws?",
            f"Take the later of two developments the report describes: {first.what}, and {second.what}. "
            f"Across every series of {fig}, what {what} value does the chart give for that year?",
        ],
    )
    listed = " + ".join(fmt_num(p.value) for p in marks)
    step = (
        f"Add the {n} values: {listed} = {num.text}."
        if what == "total"
        else (f"Average the {n} values: ({listed}) / {n} = {num.text}.")
    )
    ans = (
        f"{cap(late.what)} in {late.year}, the later of the two; that year the {what} of the {n} series "
        f"of {fig} comes to {cc.said(num)}."
    )
    steps = [_both(early, late), f"Read every series in {late.year} from {fig}.", step]
    values: list[Value] = [late.year_value(ctx), num]
    return Draft(CATEGORY, "L3", q, ans, values, steps, [chart], marks, [early.index, late.index])


def _by_colour(ctx: Context, early: Event, late: Event, s: cc.Span, rng: np.random.Generator) -> Draft | None:
    """L5: a series named only by its colour, read between two dated developments."""
    colour = s.colour()
    if colour is None or cc.names_series(s, early.what, late.what):
        return None
    ch = cc.change(s)
    q = pick(
        rng,
        [
            f"In {s.fig}, follow the {colour} series. Which series is it, and how much did it change "
            f"between the year in which {early.what} and the year in which {late.what}?",
            f"Which series does {s.fig} draw in {colour}, and by how much did it move from the year "
            f"{early.what} to the year {late.what}?",
        ],
    )
    ans = (
        f"The {colour} series is {s.name}; it went from {s.at(s.first)} in {early.year} to "
        f"{s.at(s.last)} in {late.year}, a change of {ch.said()}."
    )
    steps = [
        _both(early, late),
        f"Match the colour in the legend of {s.fig}: {colour} is {s.name}.",
        f"Read it in {early.year} and {late.year} and subtract: {cc.subtraction(s, ch)}.",
    ]
    values: list[Value] = [cc.label(s.name), ch]
    return Draft(
        CATEGORY, "L5", q, ans, values, steps, [s.chart], [s.first, s.last], [early.index, late.index]
    )


def _event_causes(ctx: Context, rng: np.random.Generator, colour: bool) -> list[tuple[Event, int, cc.Span]]:
    """(event, cause fact, span) where a stated cause's period starts in the year of a
    development dated in another section that concerns the cause's series; with ``colour``
    only series a colour names alone, over less than their whole span (L5 leaves both years to
    the text); without, spans short of their whole series on a series with no other stated cause
    (L4 prints neither year: the development gives the start, the cause the end, so a period
    ending in the chart's last year comes no more often than the credited periods draw it; L4
    printed the end once, and took only periods after the series' first year, which ended in the
    last year in 15 of 30 questions against 8.7 by chance)."""
    by_year = {str(e.year): e for e in events(ctx)}
    out = []
    steps = [0]  # the furthest step a cause reached, for ``ctx.miss``
    for i in qc.shuffled(ctx.facts_of("cause"), rng):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        event = by_year.get(v.get("start", ""))
        chart = ctx.chart(v.get("viz_id", ""))
        if event is None or chart is None or event.section == fact.section_id:
            continue
        s = cc.span(ctx, chart, v.get("series") or None, v["start"], v["end"])
        steps.append(1)
        if s is None or not event.about(ctx, s):
            continue
        steps.append(2)
        if not s.whole and (s.colour() is not None if colour else cc.sole_cause(ctx, i)):
            out.append((event, i, s))
    if not out and not colour:
        ctx.miss(f"{CATEGORY} L4: {_CAUSE_STEPS[max(steps)]}")
    return out


#: Why no stated cause served a timeline L4 (the furthest step any cause of the report reached).
_CAUSE_STEPS = (
    "no credited period opens in a development's year (another section)",
    "the period's series is unreadable or not what the development concerns",
    "the period is its series' whole span, or its series has another stated cause",
)


def _cause_after_event(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """L4: a development dates the start of a period, another section states the cause the report
    gives for the series' course from then and the period's end; the chart shows the change."""
    found = _event_causes(ctx, rng, False)
    for event, i, s in found:
        if not ctx.claim(f"cause:{i}:timeline"):
            continue
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        ch = cc.change(s)
        q = pick(
            rng,
            [
                f"The report recounts that {event.what}, and names the main reason for how {s.name} "
                f"developed from that year on. What is that reason, and how much did {s.name} change in "
                f"{s.fig} over the years the report credits to it?",
                f"Given the development described in the report, when {event.what}, which factor does the "
                f"report credit for the course of {s.name} from then on, and what net change does {s.fig} "
                "show over the period it is credited with?",
            ],
        )
        ans = (
            f"That happened in {event.year}; {v['actor']} {agree(v['actor'], 'puts')} the course of "
            f"{s.name} from then to {s.last.label} down mainly to {v['cause']}; over those years "
            f"{s.name} moved {cc.moved(s, ch)}."
        )
        steps = [
            f"Date the development ({event.section}): {event.year}.",
            f"Find the cause the report gives for the period from then ({fact.section_id}): "
            f"{v['cause']}, {cc.years_of(s)}.",
            f"Read {s.name} in {event.year} and {s.last.label} from {s.fig}: {s.at(s.first)} and "
            f"{s.at(s.last)}.",
            f"Subtract: {cc.subtraction(s, ch)}.",
        ]
        end = qc.exact_value(qc.fact_term(ctx, i, "end"), None)
        values: list[Value] = [event.year_value(ctx), end, ch, cc.label(v["cause"])]
        return Draft(CATEGORY, "L4", q, ans, values, steps, [s.chart], [s.first, s.last], [event.index, i])
    if found:
        ctx.miss(f"{CATEGORY} L4: evidence taken")
    return None


def _colour_after_event(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """L5: the series a colour names, from the year of a development to the end of the period
    the report credits to a cause."""
    found = _event_causes(ctx, rng, True)
    named = sum(cc.names_series(s, event.what) for event, _, s in found)
    for event, i, s in found:
        if cc.names_series(s, event.what) or not ctx.claim(f"cause:{i}:timeline-colour"):
            continue
        colour = str(s.colour())
        ch = cc.change(s)
        q = pick(
            rng,
            [
                f"In {s.fig}, which series is drawn in {colour}, and how much did it change from the year "
                f"in which {event.what} to the end of the period the report credits to a single cause?",
                f"Follow the {colour} series of {s.fig}: which is it, and what net change does it show "
                f"between the year {event.what} and the last year of the period the report explains?",
            ],
        )
        ans = (
            f"The {colour} series is {s.name}; from {event.year} to {s.last.label} it moved "
            f"{cc.moved(s, ch)}."
        )
        steps = [
            f"Match the colour in the legend of {s.fig}: {colour} is {s.name}.",
            f"Date the development ({event.section}): {event.year}; the period the report explains "
            f"({ctx.manifest.text_facts[i].section_id}) ends in {s.last.label}.",
            f"Read both years and subtract: {cc.subtraction(s, ch)}.",
        ]
        values: list[Value] = [cc.label(s.name), ch]
        return Draft(CATEGORY, "L5", q, ans, values, steps, [s.chart], [s.first, s.last], [event.index, i])
    why = (
        "no evidence"
        if not found
        else "a development names the series"
        if named == len(found)
        else "evidence taken"
    )
    ctx.miss(f"{CATEGORY} L5 development and cause: {why}")
    return None
