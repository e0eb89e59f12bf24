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
from generation.questions.common import Context, Draft, Term, Value
from generation.questions.crossmodal_claims import VERDICTS, claimed_elsewhere, verdict_value, with_verdict
from generation.questions.phrasing import article, figure_ref, pick
from synthdocbench_tasks.schema import Chart, DataPoint, TextFact


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
    return qc.shuffled(out, rng)


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
