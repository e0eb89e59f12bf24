"""Complex historical/timeline questions: dated events of the text, alone or read on a chart."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from generation.document.grammar import count_noun
from generation.questions import common as qc
from generation.questions.chart import cap, ordered_series, series_name, val
from generation.questions.common import Context, Draft, Value, label_value, shuffled
from generation.questions.complex_core import _sections_differ
from generation.questions.phrasing import colour_of, figure_ref, fmt_num, pick, value_unit
from synthdocbench_tasks.schema import Chart, DataPoint, Difficulty, TextFact


@dataclass
class Event:
    index: int
    fact: TextFact
    year: int

    @property
    def what(self) -> str:
        return f"{self.fact.values.get('actor', '')} {self.fact.values.get('event', '')}".strip()

    def year_value(self, ctx: Context) -> qc.Num:
        return qc.exact_value(qc.fact_term(ctx, self.index, "year"), None)


def _events(ctx: Context) -> list[Event]:
    out = []
    for i in ctx.facts_of("event"):
        fact = ctx.manifest.text_facts[i]
        try:
            out.append(Event(i, fact, int(fact.values.get("year", ""))))
        except ValueError:
            continue
    return out


def historical_timeline(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    events = _events(ctx)
    if level == "L1":
        return _two_years(ctx, events, rng)
    if level == "L2":
        return _two_events(ctx, events, rng)
    if level == "L3":
        return _three_events(ctx, events, rng)
    if level == "L4":
        return _events_on_chart(ctx, events, rng)
    return _event_by_colour(ctx, events, rng)


def _event_pairs(events: list[Event], rng: np.random.Generator) -> list[tuple[Event, Event]]:
    pairs = [
        (a, b) for a, b in combinations(events, 2) if a.year != b.year and _sections_differ(a.fact, b.fact)
    ]
    return shuffled(pairs, rng)


def _two_years(ctx: Context, events: list[Event], rng: np.random.Generator) -> Draft | None:
    for a, b in _event_pairs(events, rng):
        if not ctx.claim(f"events:{a.index}|{b.index}:years"):
            continue
        q = pick(
            rng,
            [
                f"According to the report, in which years did these two developments happen: {a.what}; "
                f"{b.what}?",
                f"When did these two developments take place: {a.what}; {b.what}?",
            ],
        )
        ans = f"{cap(a.what)} in {a.year}, and {b.what} in {b.year}."
        steps = [
            f"Find the year of the first development ({a.fact.section_id}): {a.year}.",
            f"Find the year of the second ({b.fact.section_id}): {b.year}.",
        ]
        values: list[Value] = [a.year_value(ctx), b.year_value(ctx)]
        return Draft("historical_timeline", "L1", q, ans, values, steps, facts=[a.index, b.index])
    return None


def _two_events(ctx: Context, events: list[Event], rng: np.random.Generator) -> Draft | None:
    for a, b in _event_pairs(events, rng):
        if not ctx.claim(f"events:{a.index}|{b.index}"):
            continue
        early, late = (a, b) if a.year < b.year else (b, a)
        gap = qc.exact_value(
            qc.years_between(qc.fact_term(ctx, early.index, "year"), qc.fact_term(ctx, late.index, "year")),
            "years",
        )
        q = pick(
            rng,
            [
                f"Which came first: {a.what}, or {b.what}? How many years separate the two?",
                f"Of the two developments the report describes, {a.what} and {b.what}, which happened "
                "earlier, "
                "and by how many years?",
            ],
        )
        ans = (
            f"First, in {early.year}, {early.what}; then, in {late.year}, {late.what}, "
            f"{count_noun(gap.text, 'year')} later."
        )
        steps = [
            f"Find the year of the first development ({a.fact.section_id}): {a.year}.",
            f"Find the year of the second ({b.fact.section_id}): {b.year}.",
            f"Compare and subtract: {late.year} - {early.year} = {gap.text}.",
        ]
        values: list[Value] = [early.year_value(ctx), late.year_value(ctx), gap]
        return Draft("historical_timeline", "L2", q, ans, values, steps, facts=[a.index, b.index])
    return None


def _three_events(ctx: Context, events: list[Event], rng: np.random.Generator) -> Draft | None:
    triples = [
        t
        for t in combinations(events, 3)
        if len({e.year for e in t}) == 3 and _sections_differ(*(e.fact for e in t))
    ]
    for triple in shuffled(triples, rng):
        if not ctx.claim("events:" + "|".join(str(e.index) for e in triple)):
            continue
        listed = "; ".join(f"({k}) {e.what}" for k, e in zip("abc", triple, strict=True))
        order = sorted(triple, key=lambda e: e.year)
        q = pick(
            rng,
            [
                "Put these developments from the report in chronological order, with the year of each: "
                f"{listed}.",
                f"In what sequence did the following happen, and when? {listed}.",
            ],
        )
        ans = "The order is: " + ", then ".join(f"{e.what} ({e.year})" for e in order) + "."
        steps = [f"Find the year of {e.what} ({e.fact.section_id}): {e.year}." for e in triple]
        steps.append("Sort by year: " + " < ".join(str(e.year) for e in order) + ".")
        values: list[Value] = [e.year_value(ctx) for e in order]
        return Draft("historical_timeline", "L3", q, ans, values, steps, facts=[e.index for e in triple])
    return None


def _year_marks(ctx: Context, chart: Chart, year: int) -> list[DataPoint]:
    return [
        p
        for s in ordered_series(chart).values()
        for p in s
        if p.label == str(year) and ctx.readable(chart, p)
    ]


def _events_on_chart(ctx: Context, events: list[Event], rng: np.random.Generator) -> Draft | None:
    for a, b in _event_pairs(events, rng):
        early, late = (a, b) if a.year < b.year else (b, a)
        for chart in shuffled(list(ctx.manifest.charts), rng):
            for series in ordered_series(chart):
                p0 = qc.find_point(chart, str(early.year), series)
                p1 = qc.find_point(chart, str(late.year), series)
                if p0 is None or p1 is None or not (ctx.readable(chart, p0) and ctx.readable(chart, p1)):
                    continue
                if not ctx.claim(f"events-chart:{a.index}|{b.index}"):
                    return None
                fig, name = figure_ref(chart), series_name(chart, series)
                change = qc.difference_value(
                    qc.point_term(chart, p1), qc.point_term(chart, p0), value_unit(chart)
                )
                q = pick(
                    rng,
                    [
                        f"According to {fig}, how much did {name} change between the year {early.what} and "
                        "the "
                        f"year {late.what}?",
                        f"Take the years in which {early.what} and {late.what}. What net change in {name} "
                        "does "
                        f"{fig} show between them?",
                    ],
                )
                ans = (
                    f"{cap(early.what)} in {early.year} and {late.what} in {late.year}; over that span the "
                    "chart "
                    f"shows {name} moving from {val(chart, p0)} to {val(chart, p1)}, a change of "
                    f"{change.said()}."
                )
                steps = [
                    f"Find the year of the first development ({early.fact.section_id}): {early.year}.",
                    f"Find the year of the second ({late.fact.section_id}): {late.year}.",
                    f"Read {name} in {early.year} from {fig}: {val(chart, p0)}.",
                    f"Read it in {late.year}: {val(chart, p1)}.",
                    f"Subtract: {fmt_num(p1.value)} - {fmt_num(p0.value)} = {change.text}.",
                ]
                values: list[Value] = [
                    early.year_value(ctx),
                    late.year_value(ctx),
                    qc.read_value(chart, p0),
                    qc.read_value(chart, p1),
                    change,
                ]
                facts = [early.index, late.index]
                return Draft("historical_timeline", "L4", q, ans, values, steps, [chart], [p0, p1], facts)
    return None


def _event_by_colour(ctx: Context, events: list[Event], rng: np.random.Generator) -> Draft | None:
    """An event's year located on a chart through a colour: a legend entry or the highlight colour."""
    for e in shuffled(events, rng):
        for chart in shuffled(list(ctx.manifest.charts), rng):
            if chart.section_id == e.fact.section_id:
                continue
            marks = [p for p in _year_marks(ctx, chart, e.year) if colour_of(chart, p)]
            highlighted = chart.visualProperties.highlightedItems == [str(e.year)] and len(marks) == 1
            if not marks or not ctx.claim(f"event-colour:{e.index}"):
                continue
            p = marks[int(rng.integers(len(marks)))]
            fig, colour = figure_ref(chart), str(colour_of(chart, p))
            if highlighted:
                q = pick(
                    rng,
                    [
                        f"{fig} picks out one year in an accent colour. Which development described in the "
                        "report "
                        "happened that year, and what value does the chart show for it?",
                        f"What happened, according to the text, in the year {fig} highlights, and how high "
                        "is the "
                        "highlighted mark?",
                    ],
                )
                ans = (
                    f"The highlighted year is {e.year}, when {e.what}; the chart shows {val(chart, p)} then."
                )
                steps = [
                    f"In {fig}, find the mark drawn in the highlight colour: {e.year}.",
                    f"Find the development of {e.year} in the text ({e.fact.section_id}): {e.what}.",
                    f"Read the highlighted mark: {val(chart, p)}.",
                ]
            else:
                name = series_name(chart, p.category)
                q = pick(
                    rng,
                    [
                        f"Which colour is {name} drawn in on {fig}, and what value does it show in the year "
                        f"{e.what}?",
                        f"In {fig}, identify {name} by its colour and read it for the year in which "
                        f"{e.what}.",
                    ],
                )
                ans = (
                    f"The {colour} line is {name}; in {e.year}, when {e.what}, it stands at {val(chart, p)}."
                )
                steps = [
                    f"Find the year in the text ({e.fact.section_id}): {e.what} in {e.year}.",
                    f"Use the legend of {fig}: {name} is {colour}.",
                    f"Read the {colour} line at {e.year}: {val(chart, p)}.",
                ]
            values: list[Value] = [e.year_value(ctx), qc.read_value(chart, p)]
            if not highlighted:
                values.insert(0, label_value(colour))
            return Draft("historical_timeline", "L5", q, ans, values, steps, [chart], [p], [e.index])
    return None
