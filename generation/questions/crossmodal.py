"""Cross-modal questions (Table 14): verify with chart, integrate sources, compare representations.

Each question pairs a text fact (a ``chart_claim`` or ``trend_claim``) with the chart it
talks about, in another section; the answer combines the fact's wording with values read
only from the chart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from generation.questions import common as qc
from generation.questions.chart import cap, ordered_series, series_name, val
from generation.questions.common import Context, Draft, Term, Value, label_value
from generation.questions.phrasing import (
    article,
    colour_of,
    figure_ref,
    fmt_num,
    is_year,
    pick,
    value_unit,
    with_unit,
)
from synthdocbench_tasks.schema import AnswerValue, Chart, DataPoint, Difficulty, TextFact


def verdict_value(agrees: bool) -> AnswerValue:
    """Whether the chart bears the text out (a fresh object: records never share values)."""
    if agrees:
        return label_value("matches", ["confirms", "bears out", "in line with"])
    return label_value("contradicts", ["inconsistent", "does not match", "disagrees", "at odds"])


def mark_subject(chart: Chart, p: DataPoint) -> str:
    """What a text claim is about, named without the chart: ``Europe in 2022``."""
    if p.category and is_year(p.category) and not is_year(p.label):
        return f"{p.label} in {p.category}"
    if p.category:
        return f"{p.category} in {p.label}"
    return f"{series_name(chart, None)} in {p.label}" if is_year(p.label) else p.label


@dataclass
class Claim:
    """A number the text states about one mark of a chart in another section."""

    index: int
    fact: TextFact
    chart: Chart
    point: DataPoint
    claimed: Term
    unit: str | None
    relation: str

    @property
    def subject(self) -> str:
        return mark_subject(self.chart, self.point)

    @property
    def charted(self) -> Term:
        return qc.point_term(self.chart, self.point)

    @property
    def side(self) -> str:
        return "above" if self.point.value > self.claimed.value else "below"

    def side_value(self) -> AnswerValue:
        aliases = ["higher", "exceeds", "more"] if self.side == "above" else ["lower", "short", "less"]
        return label_value(self.side, aliases)

    def stated(self) -> str:
        return with_unit(fmt_num(self.claimed.value), self.unit)

    def gap(self) -> qc.Num:
        return qc.gap_value(self.charted, self.claimed, self.unit)

    def step(self) -> str:
        return (
            f"Find the text's claim (section {self.fact.section_id}): {article(self.relation)} of "
            f"{self.stated()} for {self.subject}."
        )

    def draft(
        self, category: str, level: Difficulty, q: str, a: str, values: list[Value], steps: list[str]
    ) -> Draft:
        return Draft(category, level, q, a, values, steps, [self.chart], [self.point], [self.index])


@dataclass
class TrendClaim:
    """A direction the text states for one series of a time chart in another section."""

    index: int
    fact: TextFact
    chart: Chart
    series: str | None
    first: DataPoint
    last: DataPoint
    claimed: str
    actual: str

    @property
    def name(self) -> str:
        return series_name(self.chart, self.series)

    def draft(self, level: Difficulty, q: str, a: str, values: list[Value], steps: list[str]) -> Draft:
        return Draft(
            "compare_representations",
            level,
            q,
            a,
            values,
            steps,
            [self.chart],
            [self.first, self.last],
            [self.index],
        )


def _claims(ctx: Context, rng: np.random.Generator) -> list[Claim]:
    out = []
    for i in ctx.facts_of("chart_claim"):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        chart = ctx.chart(v.get("viz_id", ""))
        # the claim sits in another, non-adjacent section
        if chart is None or abs(ctx.section_order(chart.section_id) - ctx.section_order(fact.section_id)) < 2:
            continue
        point = qc.find_point(chart, v.get("label", ""), v.get("series"))
        try:
            claimed = qc.fact_term(ctx, i, "claimed_value")
        except (KeyError, ValueError):
            continue
        if point is None or not ctx.readable(chart, point):
            continue
        # a claim the chart cannot tell apart from its own value would make the verdict moot
        if abs(point.value - claimed.value) <= 1.2 * qc.tol_of(chart, point.value):
            continue
        unit = v.get("unit") or value_unit(chart)
        out.append(Claim(i, fact, chart, point, claimed, unit, v.get("relation", "figure")))
    return qc.shuffled(out, rng)


def _trend_claims(ctx: Context, rng: np.random.Generator) -> list[TrendClaim]:
    out = []
    for i in ctx.facts_of("trend_claim"):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        chart = ctx.chart(v.get("viz_id", ""))
        if chart is None or chart.section_id == fact.section_id:
            continue
        groups = ordered_series(chart)
        series = v.get("series") or None
        if series not in groups:
            continue
        first = qc.find_point(chart, v.get("start", ""), series)
        last = qc.find_point(chart, v.get("end", ""), series)
        if first is None or last is None or not (ctx.readable(chart, first) and ctx.readable(chart, last)):
            continue
        span = groups[series]
        i0, i1 = span.index(first), span.index(last)
        actual = qc.direction([p.value for p in span[i0 : i1 + 1]]) if i0 < i1 else None
        claimed = v.get("direction", "")
        if actual is None or claimed not in qc.DIRECTION_ALIASES:
            continue
        out.append(TrendClaim(i, fact, chart, series, first, last, claimed, actual))
    return qc.shuffled(out, rng)


def _first_claim(
    ctx: Context,
    rng: np.random.Generator,
    use: str,
    make: Callable[[Claim], Draft | None],
    needs_colour: bool = False,
) -> Draft | None:
    """The draft ``make`` builds from the first claim not yet used for ``use``."""
    for claim in _claims(ctx, rng):
        if needs_colour and colour_of(claim.chart, claim.point) is None:
            continue
        if ctx.claim(f"claim:{claim.index}:{use}"):
            return make(claim)
    return None


# --- verify with chart -----------------------------------------------------------------


def verify_with_chart(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    return _first_claim(ctx, rng, "verify", lambda c: _verify(c, level, rng), needs_colour=level == "L5")


def _verify(claim: Claim, level: Difficulty, rng: np.random.Generator) -> Draft:
    fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
    c, v, side = claim.stated(), val(claim.chart, claim.point), claim.side
    read = f"Locate the chart that plots {subj}, {fig}, and read it: {v}."
    reading = qc.read_value(claim.chart, claim.point)
    gap = claim.gap()
    values: list[Value]
    if level == "L1":
        q = pick(
            rng,
            [
                f"The text puts the {rel} for {subj} at {c}. What value does {fig} actually show for {subj}?",
                f"{cap(article(rel))} of {c} is quoted for {subj} in the prose. What is the charted "
                f"figure in {fig}?",
            ],
        )
        a = f"{fig} shows {subj} at {v}, not the {rel} quoted in the text."
        steps, values = [claim.step(), read], [reading]
    elif level == "L2":
        q = pick(
            rng,
            [
                f"The text gives {article(rel)} of {c} for {subj}. Does the chart that plots {subj} bear "
                "this "
                "out, and what value does it show?",
                f"According to the prose, the {rel} for {subj} is {c}. Is that what the matching chart "
                "shows? "
                "Give the charted value.",
            ],
        )
        a = f"No: {fig} shows {subj} at {v}, which is {side} the stated {rel} of {c}."
        steps = [claim.step(), read, f"Compare: {v} is {side} {c}, so the chart does not confirm it."]
        values = [claim.side_value(), reading]
    elif level == "L3" and claim.unit == "%":
        # Two percentages differ by percentage points; a relative difference of them is ill-posed.
        q = pick(
            rng,
            [
                f"The report cites {article(rel)} of {c} for {subj}. How many percentage points is the "
                "charted value from it, and on which side?",
                f"Taking the {rel} of {c} for {subj} stated in the text, by how many percentage points does "
                "the chart's value differ from it, and is it higher or lower?",
            ],
        )
        a = f"{fig} shows {v}, which is {gap.said()} {side} the {rel}."
        steps = [
            claim.step(),
            read,
            f"Difference: |{fmt_num(claim.point.value)} - {fmt_num(claim.claimed.value)}| = {gap.text}.",
            f"Compare: {v} is {side} {c}.",
        ]
        values = [reading, gap, claim.side_value()]
    elif level == "L3":
        pct = qc.pct_change_value(claim.claimed, claim.charted)
        q = pick(
            rng,
            [
                f"The report cites {article(rel)} of {c} for {subj}. How far, in absolute and relative "
                "terms, "
                "is the charted value from it?",
                f"Taking the {rel} of {c} for {subj} stated in the text, quantify how the chart's value "
                "differs "
                "from it.",
            ],
        )
        a = f"{fig} shows {v}, which is {gap.said()} {side} the {rel}, a relative difference of {pct.text}%."
        steps = [
            claim.step(),
            read,
            f"Absolute difference: |{fmt_num(claim.point.value)} - {fmt_num(claim.claimed.value)}| = "
            f"{gap.text}.",
            f"Relative to the {rel}: {pct.text}%.",
        ]
        values = [reading, gap, pct]
    elif level == "L4":
        verb = "exceed" if side == "above" else "fall short of"
        q = pick(
            rng,
            [
                f"Judging by the chart, does {subj} exceed or fall short of the {rel} mentioned in the "
                "text, and "
                "by how much?",
                f"The text sets out {article(rel)} for {subj}. Using the chart, is the actual value above or "
                f"below that {rel}, and by what margin?",
            ],
        )
        a = (
            f"The text's {rel} is {c}, while {fig} shows {v}, so it does {verb} the {rel} by {gap.said()} "
            f"({side})."
        )
        steps = [
            claim.step(),
            f"Identify the chart covering {subj} in another section: {fig}.",
            f"Read its value: {v}.",
            f"Compare with the {rel}: {side} by {gap.text}.",
        ]
        values = [qc.exact_value(claim.claimed, claim.unit), claim.side_value(), reading, gap]
    else:
        colour = str(colour_of(claim.chart, claim.point))
        q = pick(
            rng,
            [
                f"The text gives {article(rel)} of {c} for {subj}. In the chart that plots it, what colour "
                "is "
                f"{subj} drawn in, and does its value bear the {rel} out?",
                f"Check the prose's {rel} of {c} for {subj} against the chart: which colour identifies "
                f"{subj} "
                "there, and is the charted value above or below the claim?",
            ],
        )
        a = f"{cap(subj)} is drawn in {colour} in {fig}; it reads {v}, which is {side} the {rel} of {c}."
        steps = [
            claim.step(),
            f"In {fig}, use the legend or colours: {subj} is {colour}.",
            f"Read the {colour} mark: {v}, which is {side} {c}.",
        ]
        values = [label_value(colour), claim.side_value(), reading]
    return claim.draft("verify_with_chart", level, q, a, values, steps)


# --- integrate sources -----------------------------------------------------------------


def integrate_sources(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    if level == "L3" and rng.random() < 0.5:
        return _integrate_period(ctx, rng) or _first_claim(
            ctx, rng, "integrate", lambda c: _integrate(c, level, rng)
        )
    draft = _first_claim(
        ctx,
        rng,
        "integrate",
        lambda c: _integrate(c, level, rng),
        needs_colour=level == "L5",
    )
    return draft or (_integrate_period(ctx, rng) if level == "L3" else None)


def _integrate(claim: Claim, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
    c, v = claim.stated(), val(claim.chart, claim.point)
    stated, reading, gap = (
        qc.exact_value(claim.claimed, claim.unit),
        qc.read_value(claim.chart, claim.point),
        claim.gap(),
    )
    find_chart = f"Find the chart for {subj} in another section: {fig}."
    values: list[Value]
    if level == "L1":
        q = pick(
            rng,
            [
                f"What {rel} does the text give for {subj}, and what value does the chart of {subj} show?",
                f"Put the two sources side by side: the {rel} the prose quotes for {subj}, and the figure "
                "the "
                "chart gives for it. What are they?",
            ],
        )
        a = f"The text gives {article(rel)} of {c}, while {fig} shows {v}."
        steps, values = [claim.step(), f"{find_chart} It reads {v}."], [stated, reading]
    elif level == "L2":
        q = pick(
            rng,
            [
                f"For {subj}, which is larger: the {rel} stated in the text or the value the chart shows?",
                f"Is the charted value for {subj} above or below the {rel} the prose gives for it?",
            ],
        )
        larger = "the charted value" if claim.side == "above" else f"the {rel}"
        a = (
            f"The chart shows {v} against a stated {rel} of {c}, so {larger} is larger: the chart is "
            f"{claim.side} it."
        )
        steps = [claim.step(), f"{find_chart} It reads {v}.", f"Compare: {v} is {claim.side} {c}."]
        values = [claim.side_value(), stated, reading]
    elif level == "L3":
        q = pick(
            rng,
            [
                f"What is the gap between the {rel} the text states for {subj} and the value the chart "
                "shows?",
                f"Combining the prose and the figures: how far apart are the stated {rel} for {subj} and its "
                "charted value?",
            ],
        )
        a = f"The text states {article(rel)} of {c}, while {fig} shows {v}; the gap is {gap.said()}."
        steps = [
            claim.step(),
            find_chart,
            f"Read it: {v}.",
            f"Subtract: |{fmt_num(claim.point.value)} - {fmt_num(claim.claimed.value)}| = {gap.text}.",
        ]
        values = [stated, reading, gap]
    elif level == "L4":
        if claim.claimed.value <= 0 or claim.point.value <= 0:
            return None
        share = qc.share_value(claim.charted, claim.claimed)
        q = pick(
            rng,
            [
                f"What percentage of the {rel} stated in the text does the charted value for {subj} amount "
                "to?",
                f"Expressed as a percentage of the {rel} given in the prose, where does {subj} stand on "
                "the chart?",
            ],
        )
        a = (
            f"The text's {rel} is {c} and {fig} shows {v}, which is {share.text}% of the {rel} "
            f"({claim.side} it)."
        )
        steps = [
            claim.step(),
            find_chart,
            f"Read it: {v}.",
            f"Divide: {fmt_num(claim.point.value)} / {fmt_num(claim.claimed.value)} = {share.text}%.",
            f"Interpret: the charted value is {claim.side} the {rel}.",
        ]
        values = [stated, reading, share]
    elif level == "L5":
        colour = str(colour_of(claim.chart, claim.point))
        q = pick(
            rng,
            [
                f"In the chart that plots {subj}, which colour represents it, and how far is its value "
                "from the "
                f"{rel} the text gives?",
                f"Identify {subj} by its colour in the relevant chart and say how much its charted value "
                "differs "
                f"from the {rel} stated in the prose.",
            ],
        )
        a = (
            f"{cap(subj)} is the {colour} mark in {fig}, at {v}; the text's {rel} is {c}, a gap of "
            f"{gap.said()}."
        )
        steps = [
            claim.step(),
            f"{find_chart} Its legend or colours show {subj} in {colour}.",
            f"Read the {colour} mark: {v}.",
            f"Subtract: {gap.text}.",
        ]
        values = [label_value(colour), stated, reading, gap]
    else:
        return None
    return claim.draft("integrate_sources", level, q, a, values, steps)


def _integrate_period(ctx: Context, rng: np.random.Generator) -> Draft | None:
    for tc in _trend_claims(ctx, rng):
        if not ctx.claim(f"trend:{tc.index}:integrate"):
            continue
        fig, name, f, last = figure_ref(tc.chart), tc.name, tc.first, tc.last
        change = qc.difference_value(
            qc.point_term(tc.chart, last), qc.point_term(tc.chart, f), value_unit(tc.chart)
        )
        q = pick(
            rng,
            [
                f"The report describes how {name} moved between {f.label} and {last.label}. Using the "
                "chart, by "
                "how much did it change over exactly that period?",
                f"For the period the text discusses for {name} ({f.label} to {last.label}), what net "
                "change does "
                "the chart show?",
            ],
        )
        a = (
            f"{fig} shows {name} going from {val(tc.chart, f)} to {val(tc.chart, last)}, "
            f"a net change of {change.said()}."
        )
        steps = [
            f"Find the text's statement about {name} from {f.label} to {last.label} (section "
            f"{tc.fact.section_id}).",
            f"Locate {fig} and read {f.label}: {val(tc.chart, f)}.",
            f"Read {last.label}: {val(tc.chart, last)}.",
            f"Subtract: {fmt_num(last.value)} - {fmt_num(f.value)} = {change.text}.",
        ]
        values: list[Value] = [qc.read_value(tc.chart, f), qc.read_value(tc.chart, last), change]
        return Draft("integrate_sources", "L3", q, a, values, steps, [tc.chart], [f, last], [tc.index])
    return None


# --- compare representations -----------------------------------------------------------


def compare_representations(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    for tc in _trend_claims(ctx, rng):
        colour = colour_of(tc.chart, tc.first) if tc.series is not None else None
        if level == "L5" and colour is None:
            continue
        if not ctx.claim(f"trend:{tc.index}:compare"):
            continue
        return _compare(tc, level, rng, colour or "")
    return None


def _compare(tc: TrendClaim, level: Difficulty, rng: np.random.Generator, colour: str) -> Draft:
    fig, name, f, last = figure_ref(tc.chart), tc.name, tc.first, tc.last
    chart = tc.chart
    verdict = verdict_value(tc.actual == tc.claimed)
    v0, v1 = val(chart, f), val(chart, last)
    claim_step = (
        f"Find the text's description (section {tc.fact.section_id}): {name} {tc.claimed} from {f.label} "
        f"to {last.label}."
    )
    read_step = f"In {fig}, read {name} at {f.label} and {last.label}: {v0} and {v1}."
    judge_step = f"The chart shows that it {tc.actual}, which {verdict.text} the text."
    r0, r1 = qc.read_value(chart, f), qc.read_value(chart, last)
    t0, t1 = qc.point_term(chart, f), qc.point_term(chart, last)
    values: list[Value] = [verdict, qc.direction_value(tc.actual), r0, r1]
    if level == "L1":
        q = pick(
            rng,
            [
                f"The text describes how {name} moved from {f.label} to {last.label}. What values does the "
                "chart "
                "give at the start and the end of that period?",
                f"For the {f.label}–{last.label} period the prose discusses, what does the chart of {name} "
                "read at "
                "each end?",
            ],
        )
        a = f"{fig} has {name} at {v0} in {f.label} and at {v1} in {last.label}."
        steps, values = [claim_step, read_step], [r0, r1]
    elif level == "L2":
        q = pick(
            rng,
            [
                f"The text says that {name} {tc.claimed} between {f.label} and {last.label}. Is that "
                "consistent "
                "with the chart, and what values does the chart give?",
                f"Does the chart agree with the prose's statement that {name} {tc.claimed} from {f.label} to "
                f"{last.label}? Cite the charted values.",
            ],
        )
        a = (
            f"The chart {verdict.text} the text: {fig} has {name} at {v0} in {f.label} and {v1} in "
            f"{last.label}, so it {tc.actual}."
        )
        steps = [claim_step, read_step, judge_step]
    elif level == "L3":
        change = qc.difference_value(t1, t0, value_unit(chart))
        q = pick(
            rng,
            [
                f"The prose states that {name} {tc.claimed} from {f.label} to {last.label}. By how much "
                "did it "
                "change according to the chart, and does that fit the description?",
                f"How large is the change in {name} between {f.label} and {last.label} on the chart, and "
                "does it "
                f"support the text's claim that it {tc.claimed}?",
            ],
        )
        a = (
            f"{fig} shows a change of {change.said()} ({v0} to {v1}), so it {tc.actual} and the chart "
            f"{verdict.text} the text."
        )
        steps = [claim_step, read_step, f"Subtract: {change.text}.", judge_step]
        values = [verdict, r0, r1, change]
    elif level == "L4":
        moved = qc.change_value(t0, t1, value_unit(chart))
        what = "change in percentage points" if moved.in_points else "percentage change"
        q = pick(
            rng,
            [
                f"How well does the text's account that {name} {tc.claimed} between {f.label} and "
                f"{last.label} "
                "match the chart, and what "
                + ("change in percentage points" if moved.in_points else "relative change")
                + " does the chart imply?",
                f"Set the prose's description of {name} ({tc.claimed}, {f.label}–{last.label}) against the "
                "chart: "
                f"do they agree, and what {what} does the chart show?",
            ],
        )
        a = (
            f"The chart {verdict.text} the text: {name} moves from {v0} to {v1}, a change of {moved.said}, "
            f"so it {tc.actual}."
        )
        steps = [
            claim_step,
            f"Locate the chart of {name} in the document: {fig}.",
            read_step,
            moved.step(f.value, last.value),
            judge_step,
        ]
        values = [verdict, moved.value, r0, r1]
    else:
        q = pick(
            rng,
            [
                f"The text says that {name} {tc.claimed} from {f.label} to {last.label}. In the chart that "
                "shows "
                f"it, which colour represents {name}, and does that line bear the text out?",
                f"Which colour is {name} drawn in on the chart, and does that series confirm the prose's "
                "claim "
                f"that it {tc.claimed} between {f.label} and {last.label}?",
            ],
        )
        a = (
            f"{cap(name)} is drawn in {colour} in {fig}; it goes from {v0} to {v1}, so it {tc.actual} and "
            f"the chart {verdict.text} the text."
        )
        steps = [f"Use the legend of {fig}: {name} is {colour}.", read_step, judge_step]
        values = [label_value(colour), *values]
    return tc.draft(level, q, a, values, steps)


BUILDERS: dict[str, qc.Builder] = {
    "verify_with_chart": verify_with_chart,
    "integrate_sources": integrate_sources,
    "compare_representations": compare_representations,
}
