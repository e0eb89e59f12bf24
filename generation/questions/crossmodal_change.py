"""Verify L4 (Table 13's L4: chart and text, infer): a claim of how a series changed between two
years, as a multiple of the earlier year's level (``change_claim``, written by
:mod:`generation.document.change_claims`), checked against the chart. No one mark bears it out:
the verdict needs the two years read and their ratio
(:func:`generation.document.change_claims.change_verdict`), and a miss asks the ratio the chart
shows. Verify L2 reads one mark against a claim about that mark.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generation.document.change_claims import change_verdict
from generation.questions import arithmetic as arith
from generation.questions import common as qc
from generation.questions.chart import val
from generation.questions.common import Context, Draft, Term, Value, label_value
from generation.questions.crossmodal_claims import (
    VERDICTS,
    charts_in_turn,
    claimed_elsewhere,
    verdict_value,
    with_verdict,
)
from generation.questions.period_measures import one_read_answers
from generation.questions.phrasing import article, colour_keyed, colour_of, figure_ref, pick, value_unit
from generation.world.grammar import said_of
from synthdocbench_tasks.schema import Chart, DataPoint, Difficulty, TextFact


@dataclass
class ChangeClaim:
    """A size the text states for the change of one series between two years."""

    index: int
    fact: TextFact
    chart: Chart
    first: DataPoint
    last: DataPoint
    claimed: Term

    @property
    def matches(self) -> bool:
        return change_verdict(self.chart, self.first.value, self.last.value, self.claimed.value) is True

    @property
    def relation(self) -> str:
        return self.fact.values.get("relation", "estimate")

    @property
    def subject(self) -> str:
        return self.fact.values.get("subject", "")

    def stated(self) -> str:
        return f"{self.fact.values.get('claimed_value', '')} times its {self.first.label} level"


def change_claims(ctx: Context, rng: np.random.Generator) -> list[ChangeClaim]:
    """The report's change claims whose two marks a question may read and whose verdict is clear."""
    out = []
    for i in ctx.facts_of("change_claim"):
        found = claimed_elsewhere(ctx, i)
        if found is None:
            continue
        fact, chart, claimed = found
        v = fact.values
        first = qc.find_point(chart, v.get("start", ""), v.get("series"))
        last = qc.find_point(chart, v.get("end", ""), v.get("series"))
        if first is None or last is None or ctx.full(chart):
            continue
        if not (ctx.readable(chart, first, cites=(i,)) and ctx.readable(chart, last, cites=(i,))):
            continue
        if change_verdict(chart, first.value, last.value, claimed.value) is None:
            continue  # too close to call either way
        out.append(ChangeClaim(i, fact, chart, first, last, claimed))
    return charts_in_turn(out, rng)


def _key(claim: ChangeClaim) -> str:
    return VERDICTS[0] if claim.matches else VERDICTS[1]


def both_left(ctx: Context) -> bool:
    """A change claim of each verdict is left to ask (another slot's fallback needs one of each)."""
    found = change_claims(ctx, np.random.default_rng(0))  # only which are left: the order is not used
    left = {
        c.matches
        for c in found
        if f"change:{c.index}:verify" not in ctx.used and ctx.fact_free(c.index, c.chart, "cross_modal")
    }
    return left == {True, False}


def verify_change(ctx: Context, rng: np.random.Generator, wanted: str) -> Draft | None:
    """Verify L4 on the first change claim left with the ``wanted`` verdict."""
    for claim in with_verdict(ctx, change_claims(ctx, rng), _key, wanted):
        if ctx.fact_free(claim.index, claim.chart, "cross_modal") and ctx.claim(
            f"change:{claim.index}:verify"
        ):
            return _draft(claim, rng)
    return None


def _draft(claim: ChangeClaim, rng: np.random.Generator) -> Draft:
    fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
    y0, y1 = claim.first.label, claim.last.label
    v0, v1 = val(claim.chart, claim.first), val(claim.chart, claim.last)
    end, start = qc.point_term(claim.chart, claim.last), qc.point_term(claim.chart, claim.first)
    ratio = arith.ratio_value(end, start)
    q = pick(
        rng,
        [
            f"The report gives {article(rel)} of {subj} in {y1} relative to its {y0} level. Judging by "
            "the chart that plots it, was that figure borne out, and if not, how many times its "
            f"{y0} level does the chart show?",
            f"Check the {rel} the text gives for {subj} in {y1}, as a multiple of {y0}, against the "
            f"relevant chart: does the chart confirm it? If not, what multiple of the {y0} value does "
            "the chart show?",
        ],
    )
    steps = [
        f"Find the text's claim (section {claim.fact.section_id}): {article(rel)} of {subj} in {y1} at "
        f"{claim.stated()}.",
        f"Locate the chart that plots {subj}, {fig}, and read both years: {y0} = {v0}, {y1} = {v1}.",
        f"Divide: {ratio.text} times.",
    ]
    values: list[Value] = [verdict_value(claim.matches)]
    shows = f"{fig} shows {subj} at {v0} in {y0} and {v1} in {y1}, {ratio.text} times its {y0} level"
    if claim.matches:
        a = f"{shows}: in line with the text's {rel} of {claim.stated()}, so the chart matches it."
        steps.append(
            f"Compare: {ratio.text} agrees with the text's {claim.fact.values.get('claimed_value')}."
        )
    else:
        a = f"{shows}, not the text's {rel} of {claim.stated()}: the chart contradicts it."
        steps.append(
            f"Compare: {ratio.text} is clearly off the text's {claim.fact.values.get('claimed_value')}."
        )
        values.append(ratio)
    points = [claim.first, claim.last]
    return Draft("verify_with_chart", "L4", q, a, values, steps, [claim.chart], points, [claim.index])


def compare_change(ctx: Context, level: Difficulty, rng: np.random.Generator, wanted: str) -> Draft | None:
    """Compare L2-L5 on a change claim (the text's "N times its earlier level": a trend in
    numbers, Table 14's example of one phenomenon in text and chart) with the ``wanted`` verdict:
    the shape a compare slot takes where no trend claim of its verdict is left, so that a report
    whose trend claims have one verdict still asks both (review55: 56% of one verdict)."""
    for claim in with_verdict(ctx, change_claims(ctx, rng), _key, wanted):
        if not ctx.fact_free(claim.index, claim.chart, "cross_modal"):
            continue
        draft = _compare_draft(ctx, claim, level, rng)
        if draft is not None and ctx.claim(f"change:{claim.index}:verify"):
            return draft
    return None


def _span(claim: ChangeClaim) -> list[DataPoint]:
    """The marks of the claim's series from its first year to its last."""
    marks = [p for p in claim.chart.data if p.category == claim.first.category]
    return marks[marks.index(claim.first) : marks.index(claim.last) + 1]


def _compare_draft(
    ctx: Context, claim: ChangeClaim, level: Difficulty, rng: np.random.Generator
) -> Draft | None:
    """The level's question, worded alike for both verdicts: L2 the two readings, L3 the period's
    mean, L4 the chart's change in per cent (or points), L5 the series' colour; each with the verdict."""
    fig, subj, chart = figure_ref(claim.chart), claim.subject, claim.chart
    y0, y1 = claim.first.label, claim.last.label
    v0, v1 = val(chart, claim.first), val(chart, claim.last)
    t0, t1 = qc.point_term(chart, claim.first), qc.point_term(chart, claim.last)
    judged = "matches" if claim.matches else "contradicts"
    find = f"Find the text's account (section {claim.fact.section_id}): {subj} in {y1} at {claim.stated()}."
    read = f"In {fig}, read {subj} in {y0} and {y1}: {v0} and {v1}."
    fits = "agrees with" if claim.matches else "is clearly off"
    ratio = arith.ratio_value(t1, t0).text
    judge = f"{v1} is {ratio} times {v0}, which {fits} the text's figure: the chart {judged} it."
    points = [claim.first, claim.last]
    readings: list[Value] = [qc.read_value(chart, claim.first), qc.read_value(chart, claim.last)]
    ask = f"Does {fig} bear out how the report describes the change in {subj} from {y0} to {y1}"
    said, steps = "", [find, read, judge]
    values: list[Value] = [verdict_value(claim.matches), *readings]
    if level == "L2":
        q = f"{ask}? Give the two values the chart shows."
    elif level == "L3":
        span = _span(claim)
        if not 3 <= len(span) <= 12 or not all(ctx.readable(chart, p, cites=(claim.index,)) for p in span):
            return None
        mean = qc.derived_value(qc.mean_term([qc.point_term(chart, p) for p in span]), value_unit(chart), 2)
        if one_read_answers(mean.av, [p.value for p in span]):
            return None
        q, points = f"{ask}, and what does the series average over those years?", span
        steps = [
            find,
            f"In {fig}, read {subj} in each year from {y0} to {y1}.",
            f"Average: {mean.text}.",
            judge,
        ]
        values = [values[0], mean]
        said = f"; the series averages {mean.said()} over {y0}–{y1}"
    elif level == "L4":
        moved = arith.change_value(t0, t1, value_unit(chart))
        what = "change in percentage points" if moved.in_points else "percentage change"
        q, said = f"{ask}, and what {what} does the chart show?", f", a change of {moved.said}"
        steps = [find, read, moved.step(claim.first.value, claim.last.value), judge]
        values = [values[0], moved.value, *readings]
    else:
        colour = colour_of(chart, claim.first)
        if colour is None or not colour_keyed(chart, claim.first):
            return None
        q = (
            f"In {fig}, which colour is {subj} drawn in, and does that series bear out how the report "
            f"describes its change from {y0} to {y1}?"
        )
        said = f" (the {colour} series)"
        steps = [f"Use the legend of {fig}: {said_of(subj, 'is')} {colour}.", find, read, judge]
        values = [label_value(colour), *values]
    shows = f"{fig} shows {v0} in {y0} and {v1} in {y1}{said}"
    a = f"The text puts {subj} in {y1} at {claim.stated()}; {shows}, so the chart {judged} the text."
    return Draft(
        "compare_representations", level, pick(rng, [q]), a, values, steps, [chart], points, [claim.index]
    )
