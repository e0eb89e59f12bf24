"""Complex technical/quantitative questions: stated figures, conversions, growth, and chart
changes over the text's period.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from generation.document.grammar import count_noun
from generation.questions import common as qc
from generation.questions.chart import cap, ordered_series, series_name, val
from generation.questions.common import Context, Draft, Value, label_value, shuffled
from generation.questions.complex_core import SMALLER_UNIT, _sections_differ, possessive
from generation.questions.crossmodal import mark_subject
from generation.questions.phrasing import article, colour_of, figure_ref, fmt_num, pick, value_unit, with_unit
from synthdocbench_tasks.schema import Chart, DataPoint, Difficulty, TextFact


@dataclass
class Metric:
    index: int
    fact: TextFact
    entity: str
    metric: str
    year: int
    value: float
    unit: str

    def text(self) -> str:
        return with_unit(fmt_num(self.value), self.unit)

    def term(self, ctx: Context) -> qc.Term:
        return qc.fact_term(ctx, self.index, "value")


def _metrics(ctx: Context) -> list[Metric]:
    out = []
    for i in ctx.facts_of("metric"):
        v = ctx.manifest.text_facts[i].values
        try:
            metric = Metric(
                i,
                ctx.manifest.text_facts[i],
                v["entity"],
                v["metric"],
                int(v["year"]),
                float(v["value"]),
                v.get("unit", ""),
            )
        except (KeyError, ValueError):
            continue
        out.append(metric)
    return out


def technical_quantitative(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    metrics = _metrics(ctx)
    if level == "L1":
        return _two_figures(ctx, metrics, rng)
    if level == "L2":
        return _metric_difference(ctx, metrics, rng)
    if level == "L3":
        first, second = (_growth, _conversion) if rng.random() < 0.5 else (_conversion, _growth)
        return first(ctx, metrics, rng) or second(ctx, metrics, rng) or _chart_pct_change(ctx, rng)
    if level == "L4":
        return _chart_cagr(ctx, rng)
    return _claim_by_colour(ctx, rng)


def _comparable(a: Metric, b: Metric) -> bool:
    return (
        a.metric == b.metric and a.unit == b.unit and a.value != b.value and _sections_differ(a.fact, b.fact)
    )


def _same_year_pairs(metrics: list[Metric], rng: np.random.Generator) -> list[tuple[Metric, Metric]]:
    pairs = [
        (a, b)
        for a, b in combinations(metrics, 2)
        if _comparable(a, b) and a.year == b.year and a.entity != b.entity
    ]
    return shuffled(pairs, rng)


def _series_pairs(metrics: list[Metric], rng: np.random.Generator) -> list[tuple[Metric, Metric]]:
    """Two years of one entity's metric, earlier first."""
    pairs = [
        (a, b) if a.year < b.year else (b, a)
        for a, b in combinations(metrics, 2)
        if _comparable(a, b) and a.entity == b.entity and a.year != b.year and a.value > 0 and b.value > 0
    ]
    return shuffled(pairs, rng)


def _two_figures(ctx: Context, metrics: list[Metric], rng: np.random.Generator) -> Draft | None:
    pairs = _series_pairs(metrics, rng) + _same_year_pairs(metrics, rng)
    for a, b in pairs:
        if not ctx.claim(f"metrics:{a.index}|{b.index}:lookup"):
            continue
        q = pick(
            rng,
            [
                f"What figures does the report give for {possessive(a.entity)} {a.metric} in {a.year} and "
                "for "
                f"{possessive(b.entity)} in {b.year}?",
                f"Look up two numbers from different parts of the report: the {a.metric} of {a.entity} in "
                f"{a.year}, and that of {b.entity} in {b.year}.",
            ],
        )
        ans = (
            f"{cap(possessive(a.entity))} {a.metric} was {a.text()} in {a.year}; {possessive(b.entity)} "
            "came to "
            f"{b.text()} in {b.year}."
        )
        steps = [
            f"Find {possessive(a.entity)} {a.year} figure ({a.fact.section_id}): {a.text()}.",
            f"Find {possessive(b.entity)} {b.year} figure ({b.fact.section_id}): {b.text()}.",
        ]
        values: list[Value] = [qc.exact_value(a.term(ctx), a.unit), qc.exact_value(b.term(ctx), b.unit)]
        return Draft("technical_quantitative", "L1", q, ans, values, steps, facts=[a.index, b.index])
    return None


def _any_pairs(metrics: list[Metric], rng: np.random.Generator) -> list[tuple[Metric, Metric]]:
    """Two figures of one metric (any entities, any years), the same-year pairs first."""
    pairs = [
        (a, b)
        for a, b in combinations(metrics, 2)
        if _comparable(a, b) and (a.entity, a.year) != (b.entity, b.year)
    ]
    return sorted(shuffled(pairs, rng), key=lambda ab: ab[0].year != ab[1].year)


def _metric_difference(ctx: Context, metrics: list[Metric], rng: np.random.Generator) -> Draft | None:
    for a, b in _any_pairs(metrics, rng):
        if not ctx.claim(f"metrics:{a.index}|{b.index}:diff"):
            continue
        hi, lo = (a, b) if a.value > b.value else (b, a)
        diff = qc.difference_value(hi.term(ctx), lo.term(ctx), hi.unit)
        q = pick(
            rng,
            [
                f"Which figure is larger: {possessive(a.entity)} {a.metric} in {a.year}, or "
                f"{possessive(b.entity)} in {b.year}? By how much?",
                f"Comparing the {a.metric} the report gives for {a.entity} ({a.year}) and {b.entity} "
                f"({b.year}), which is higher and what is the difference?",
            ],
        )
        ans = (
            f"{cap(possessive(hi.entity))} {hi.year} figure is higher: {hi.text()} against {lo.text()}, "
            f"a difference of {diff.said()}."
        )
        steps = [
            f"Find {possessive(a.entity)} figure ({a.fact.section_id}): {a.text()}.",
            f"Find {possessive(b.entity)} figure ({b.fact.section_id}): {b.text()}.",
            f"Subtract: {fmt_num(hi.value)} - {fmt_num(lo.value)} = {diff.text}.",
        ]
        values: list[Value] = [label_value(hi.entity), diff]
        return Draft("technical_quantitative", "L2", q, ans, values, steps, facts=[a.index, b.index])
    return None


def _growth(ctx: Context, metrics: list[Metric], rng: np.random.Generator) -> Draft | None:
    """Percentage change and compound annual growth rate: only for levels and counts."""
    for a, b in _series_pairs(metrics, rng):
        if not (
            qc.metric_allows(ctx, "cagr", a.metric, a.unit)
            and qc.metric_allows(ctx, "relative_change", a.metric, a.unit)
        ):
            continue
        if not ctx.claim(f"metrics:{a.index}|{b.index}:growth"):
            continue
        years = qc.years_between(qc.fact_term(ctx, a.index, "year"), qc.fact_term(ctx, b.index, "year"))
        pct = qc.pct_change_value(a.term(ctx), b.term(ctx))
        cagr = qc.cagr_value(a.term(ctx), b.term(ctx), years)
        n = fmt_num(years.value)
        q = pick(
            rng,
            [
                f"By what percentage did {possessive(a.entity)} {a.metric} change between {a.year} and "
                f"{b.year}, "
                "and what compound annual growth rate does that imply?",
                f"Using the figures the report gives for {possessive(a.entity)} {a.metric} in {a.year} and "
                f"{b.year}, compute the total percentage change and the average annual (compound) rate.",
            ],
        )
        ans = (
            f"It went from {a.text()} to {b.text()}: a {pct.text}% change overall, "
            f"or about {cagr.text}% a year compounded over {count_noun(n, 'year')}."
        )
        steps = [
            f"Find the {a.year} figure ({a.fact.section_id}): {a.text()}.",
            f"Find the {b.year} figure ({b.fact.section_id}): {b.text()}.",
            f"Percentage change: ({fmt_num(b.value)} - {fmt_num(a.value)}) / {fmt_num(a.value)} = "
            f"{pct.text}%.",
            f"CAGR over {n} years: ({fmt_num(b.value)} / {fmt_num(a.value)})^(1/{n}) - 1 = {cagr.text}%.",
        ]
        return Draft("technical_quantitative", "L3", q, ans, [pct, cagr], steps, facts=[a.index, b.index])
    return None


def _conversion(ctx: Context, metrics: list[Metric], rng: np.random.Generator) -> Draft | None:
    for a, b in _same_year_pairs(metrics, rng):
        scale, _, rest = a.unit.partition(" ")
        if scale not in SMALLER_UNIT or not qc.metric_allows(ctx, "sum", a.metric, a.unit):
            continue
        if not ctx.claim(f"metrics:{a.index}|{b.index}:sum"):
            continue
        new_unit = f"{SMALLER_UNIT[scale]} {rest}".strip()
        total = qc.sum_term([a.term(ctx), b.term(ctx)])
        converted = qc.derived_value(qc.scale_term(total, 1000), new_unit, 0)
        q = pick(
            rng,
            [
                f"What was the combined {a.metric} of {a.entity} and {b.entity} in {a.year}, expressed in "
                f"{new_unit}?",
                f"Add up the {a.year} {a.metric} of {a.entity} and {b.entity} and state the total in "
                f"{new_unit}.",
            ],
        )
        ans = f"Together they come to {with_unit(fmt_num(total.value), a.unit)}, which is {converted.said()}."
        steps = [
            f"Find {possessive(a.entity)} figure ({a.fact.section_id}): {a.text()}.",
            f"Find {possessive(b.entity)} figure ({b.fact.section_id}): {b.text()}.",
            f"Add them: {fmt_num(total.value)} {a.unit}.",
            f"Convert {scale} to {SMALLER_UNIT[scale]} (x 1,000): {converted.text} {new_unit}.",
        ]
        return Draft("technical_quantitative", "L3", q, ans, [converted], steps, facts=[a.index, b.index])
    return None


def _chart_cagr(ctx: Context, rng: np.random.Generator) -> Draft | None:
    for i, chart, series, p0, p1 in _trend_claim_marks(ctx, rng, "cagr"):
        fact = ctx.manifest.text_facts[i]
        try:
            years = qc.years_between(qc.fact_term(ctx, i, "start"), qc.fact_term(ctx, i, "end"))
        except (KeyError, ValueError):
            continue
        if years.value <= 0:
            continue
        ctx.claim(f"trend:{i}:cagr")
        name, n = series_name(chart, series), fmt_num(years.value)
        if not qc.chart_allows("cagr", chart):
            return _chart_yearly_change(ctx, rng, i, chart, series, p0, p1, years)
        cagr = qc.cagr_value(qc.point_term(chart, p0), qc.point_term(chart, p1), years)
        q = pick(
            rng,
            [
                f"The text discusses how {name} developed between {p0.label} and {p1.label}. What compound "
                "annual growth rate does the chart imply for that period?",
                f"For the period the report singles out for {name}, what average yearly (compound) growth "
                "rate "
                "do the charted values give?",
            ],
        )
        shown, steps = _trend_readings(fact, name, chart, p0, p1)
        ans = f"{shown}, a compound annual rate of {cagr.text}% over {count_noun(n, 'year')}."
        steps.append(f"CAGR: ({fmt_num(p1.value)} / {fmt_num(p0.value)})^(1/{n}) - 1 = {cagr.text}%.")
        values: list[Value] = [cagr, qc.read_value(chart, p0), qc.read_value(chart, p1)]
        return Draft("technical_quantitative", "L4", q, ans, values, steps, [chart], [p0, p1], [i])
    return None


def _chart_yearly_change(
    ctx: Context,
    rng: np.random.Generator,
    i: int,
    chart: Chart,
    series: str | None,
    p0: DataPoint,
    p1: DataPoint,
    years: qc.Term,
) -> Draft:
    """The growth measure of a kind that does not compound (a rate, share or index): the mean
    yearly change, in percentage points for percentages."""
    fact = ctx.manifest.text_facts[i]
    name, n = series_name(chart, series), fmt_num(years.value)
    unit = value_unit(chart)
    avg = qc.average_change_value(qc.point_term(chart, p0), qc.point_term(chart, p1), years, unit)
    said = f"{avg.text} percentage points" if unit == "%" else avg.said()
    q = pick(
        rng,
        [
            f"The text discusses how {name} developed between {p0.label} and {p1.label}. By how much did it "
            "change per year on average over that period, according to the chart?",
            f"For the period the report singles out for {name}, what average yearly change do the charted "
            "values give?",
        ],
    )
    shown, steps = _trend_readings(fact, name, chart, p0, p1)
    ans = f"{shown}, an average change of {said} a year over {count_noun(n, 'year')}."
    steps.append(f"Average yearly change: ({fmt_num(p1.value)} - {fmt_num(p0.value)}) / {n} = {avg.text}.")
    values: list[Value] = [avg, qc.read_value(chart, p0), qc.read_value(chart, p1)]
    return Draft("technical_quantitative", "L4", q, ans, values, steps, [chart], [p0, p1], [i])


def _trend_readings(
    fact: TextFact, name: str, chart: Chart, p0: DataPoint, p1: DataPoint
) -> tuple[str, list[str]]:
    """How a growth answer over a trend claim's two marks starts ("Figure 3 shows X at ... in
    2015 and ... in 2020"), and its first steps: find the claim, the chart, read both marks."""
    fig = figure_ref(chart)
    shown = f"{fig} shows {name} at {val(chart, p0)} in {p0.label} and {val(chart, p1)} in {p1.label}"
    steps = [
        f"Find the text's statement about {name} ({fact.section_id}): {p0.label} to {p1.label}.",
        f"Locate the chart of {name} in another section: {fig}.",
        f"Read {p0.label}: {val(chart, p0)}.",
        f"Read {p1.label}: {val(chart, p1)}.",
    ]
    return shown, steps


def _trend_claim_marks(
    ctx: Context, rng: np.random.Generator, use: str
) -> list[tuple[int, Chart, str | None, DataPoint, DataPoint]]:
    """(fact, chart, series, start mark, end mark) of trend claims whose chart is in another section."""
    out = []
    for i in shuffled(ctx.facts_of("trend_claim"), rng):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        chart = ctx.chart(v.get("viz_id", ""))
        if chart is None or chart.section_id == fact.section_id:
            continue
        series = v.get("series") or None
        if series not in ordered_series(chart):
            continue
        p0, p1 = (
            qc.find_point(chart, v.get("start", ""), series),
            qc.find_point(chart, v.get("end", ""), series),
        )
        if p0 is None or p1 is None or p0.value <= 0 or p1.value <= 0:
            continue
        if ctx.readable(chart, p0) and ctx.readable(chart, p1) and f"trend:{i}:{use}" not in ctx.used:
            out.append((i, chart, series, p0, p1))
    return out


def _chart_pct_change(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """The percentage change, read off the chart, over the period a text passage discusses."""
    for i, chart, series, p0, p1 in _trend_claim_marks(ctx, rng, "pct"):
        ctx.claim(f"trend:{i}:pct")
        fig, name = figure_ref(chart), series_name(chart, series)
        change = qc.change_value(qc.point_term(chart, p0), qc.point_term(chart, p1), value_unit(chart))
        if change.in_points:
            q = pick(
                rng,
                [
                    f"The report comments on {name} between {p0.label} and {p1.label}. By how many "
                    "percentage points did it change over that period, according to the chart?",
                    f"Over the period the text discusses for {name}, by how many percentage points do the "
                    "charted values change?",
                ],
            )
        else:
            q = pick(
                rng,
                [
                    f"The report comments on {name} between {p0.label} and {p1.label}. By what percentage "
                    "did it change over that period, according to the chart?",
                    f"Over the period the text discusses for {name}, what percentage change do the charted "
                    "values show?",
                ],
            )
        ans = (
            f"{fig} has {name} at {val(chart, p0)} in {p0.label} and {val(chart, p1)} in {p1.label}: "
            f"a change of {change.said}."
        )
        steps = [
            f"Find the period the text discusses for {name} ({ctx.manifest.text_facts[i].section_id}): "
            f"{p0.label} to {p1.label}.",
            f"In {fig}, read {p0.label} and {p1.label}: {val(chart, p0)} and {val(chart, p1)}.",
            change.step(p0.value, p1.value),
        ]
        values: list[Value] = [qc.read_value(chart, p0), qc.read_value(chart, p1), change.value]
        return Draft("technical_quantitative", "L3", q, ans, values, steps, [chart], [p0, p1], [i])
    return None


def _claim_by_colour(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """A stated figure checked against a mark the reader finds by its colour: relative difference."""
    for i in shuffled(ctx.facts_of("chart_claim"), rng):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        chart = ctx.chart(v.get("viz_id", ""))
        if chart is None or chart.section_id == fact.section_id:
            continue
        p = qc.find_point(chart, v.get("label", ""), v.get("series"))
        try:
            claimed = qc.fact_term(ctx, i, "claimed_value")
        except (KeyError, ValueError):
            continue
        if p is None or claimed.value <= 0 or not ctx.readable(chart, p) or colour_of(chart, p) is None:
            continue
        if not ctx.claim(f"claim:{i}:colour-pct"):
            continue
        fig, colour, rel = figure_ref(chart), str(colour_of(chart, p)), v.get("relation", "figure")
        who = mark_subject(chart, p)
        unit = v.get("unit") or value_unit(chart)
        stated = with_unit(fmt_num(claimed.value), unit)
        change = qc.change_value(claimed, qc.point_term(chart, p), unit)
        how = "in percentage points" if change.in_points else "in per cent"
        q = pick(
            rng,
            [
                f"The text quotes {article(rel)} for {who}. Find {who} by its colour in the chart that "
                "plots it: which "
                f"colour is it, and by how much, {how}, does the charted value differ from the {rel}?",
                f"Which colour marks {who} in the relevant chart, and how far, {how}, is its value "
                "from the "
                f"{rel} the report states?",
            ],
        )
        ans = (
            f"The {colour} mark in {fig} is {who}, at {val(chart, p)}; against the stated {rel} of "
            f"{stated} "
            f"that is a difference of {change.said}."
        )
        steps = [
            f"Find the text's {rel} for {who} ({fact.section_id}): {stated}.",
            f"In {fig}, use the legend or colours: {who} is {colour}; read it: {val(chart, p)}.",
            change.step(claimed.value, p.value),
        ]
        values: list[Value] = [label_value(colour), qc.read_value(chart, p), change.value]
        return Draft("technical_quantitative", "L5", q, ans, values, steps, [chart], [p], [i])
    return None
