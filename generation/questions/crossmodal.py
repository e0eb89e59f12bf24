"""Cross-modal questions (Table 14): verify with chart, integrate sources, compare representations.

Each question pairs a text fact (a ``chart_claim`` or ``trend_claim``) with the chart it
talks about, in another, non-adjacent section. The question names only what the claim is
about (the entity, the year or period, the kind of figure: a forecast, a target); the claim's
number, its direction and its comparison must be found in the text
(:mod:`generation.validate.question_rules` rejects a question that states them). The answer
combines the fact's wording with values read only from the chart.

Verdicts are drawn before the evidence: each cross-modal slot draws its place in a seeded
alternating sequence over the run's documents (:func:`generation.questions.common.slot_verdict`,
used through :func:`generation.questions.common.wanted`), and a question that carries a verdict
takes only a claim with the drawn verdict (the content stage writes claims of both verdicts, see
:mod:`generation.document.claims`). The slots of :data:`VERDICT_CELLS` fill first in their report
(``build.make_questions``), so other questions do not use up the claim they need. Compare L2-L5
and integrate L2 are asked only by their own slots (a report holds two or three trend claims and
two or three misses, so whether another slot's attempt finds one depends on the verdict it drew,
which would tilt their small counts); verify L1-L4 is also asked by other slots that fall back
to it, each with its own drawn place, where a claim of each verdict is left to ask
(:func:`_both_verdicts`; L4's change claims: ``crossmodal_change.both_left``), verify L5 only by
its own slots. Verify L4 asks a claim of a later year as a multiple of an earlier one
(:mod:`generation.questions.crossmodal_change`): two readings and their ratio. Verify asks only
claims that state a value (a forecast, an estimate: ``claims.STATED_RELATIONS``); a target or a threshold is
asked as a side or a share of it. Every part of a verify answer needs the chart: the charted
value is asked only where the chart contradicts the text (one the chart matches is the text's
figure within its tolerance), by a question worded alike for both verdicts, and the text's own
figure is never an answer value.
Integrate questions are built in :mod:`generation.questions.crossmodal_integrate` (L1, L2, L4
and L5 only on claims the chart contradicts). Questions without a verdict (integrate L3, compare
L1) take trend claims the report holds more of, leaving one of each verdict to those that judge.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from generation.document.claims import STATED_RELATIONS
from generation.questions import arithmetic as arith
from generation.questions import common as qc
from generation.questions import crossmodal_change as change
from generation.questions.chart import val
from generation.questions.common import Context, Draft, Value, label_value
from generation.questions.crossmodal_claims import (
    VERDICTS,
    Claim,
    TrendClaim,
    averageable,
    claim_hop,
    claims,
    first_claim,
    mark_subject,
    period_mean,
    trend_claims,
    verdict_key,
    verdict_value,
    with_verdict,
)
from generation.questions.crossmodal_integrate import integrate_sources
from generation.questions.period_measures import passes_for
from generation.questions.phrasing import (
    article,
    colour_keyed,
    colour_of,
    figure_ref,
    fmt_num,
    pick,
    value_unit,
)
from generation.world.grammar import agree, said_of
from synthdocbench_tasks.schema import Difficulty

# --- verify with chart -----------------------------------------------------------------


def verify_with_chart(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    if level == "L5" and ctx.target not in (None, ("verify_with_chart", "L5")):
        # asked only by its own slots: another L5 slot falls back to it when its own question found
        # no evidence, which depends on the verdict it drew (a series or a miss found by its
        # colour), so the verdicts its attempts carry were tilted (60% "matches" on 200 documents)
        return None
    wanted = qc.wanted(ctx, "verify_with_chart", VERDICTS, level)
    if level == "L4":
        # a claim of a change between two years: its verdict needs two readings and their difference
        if ctx.target not in (None, ("verify_with_chart", level)) and not change.both_left(ctx):
            return None
        return change.verify_change(ctx, rng, wanted)

    def keep(claim: Claim) -> bool:
        # only a claim of what the value was (a chart neither confirms nor refutes a target)
        stated = claim.relation in STATED_RELATIONS
        return stated and (level != "L3" or claim_hop(ctx, claim) is not None)

    if ctx.target not in (None, ("verify_with_chart", level)) and not _both_verdicts(ctx, keep):
        # another slot falls back to verify only where a claim of either verdict is left: a report
        # holds fewer misses left to ask (other questions read them too), so a fallback that took
        # whichever its drawn verdict found tilted verify towards "matches"
        return None
    return first_claim(
        ctx,
        rng,
        "verify",
        lambda c: _verify(ctx, c, level, rng),
        key=verdict_key,
        wanted=wanted,
        keep=keep,
        needs_colour=level == "L5",
        spare_sides=True,
    )


def _both_verdicts(ctx: Context, keep: Callable[[Claim], bool]) -> bool:
    """A claim of each verdict that ``keep`` takes and no verify question (nor any question, on
    its chart: ``Context.fact_free``) has used is left."""
    found = claims(ctx, np.random.default_rng(0))  # only which are left: the order is not used
    left = {
        c.matches
        for c in found
        if keep(c)
        and f"claim:{c.index}:verify" not in ctx.used
        and ctx.fact_free(c.index, c.chart, "cross_modal")
    }
    return left == {True, False}


def _verify(ctx: Context, claim: Claim, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    """L1-L2 verification: the verdict and, where the chart contradicts the text, the charted
    value (and at L2 its side). Every part needs the chart: a reading the chart matches would be
    the text's own figure within its tolerance, so it is asked only of a miss, by a question
    worded alike for both verdicts."""
    fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
    v = val(claim.chart, claim.point)
    read = f"Locate the chart that plots {subj}, {fig}, and read it: {v}."
    judge = f"Compare: {v} is {claim.judged()}."
    values: list[Value] = [claim.verdict(), *claim.miss_values()]
    if level == "L1":
        q = pick(
            rng,
            [
                f"The report quotes {article(rel)} for {subj}. Does the chart that plots it bear that {rel} "
                "out, and if not, what value does the chart show?",
                f"Is the {rel} the report cites for {subj} in line with the relevant chart? If it is not, "
                "what value does the chart give?",
            ],
        )
        a = f"{fig} shows {subj} at {v}, {claim.judged()}."
        steps = [claim.step(), f"{read} {judge}"]
    elif level == "L2":
        q = pick(
            rng,
            [
                f"Set the {rel} the report gives for {subj} against the chart: does the chart confirm it? "
                "If not, give the charted figure and say whether it lies above or below the text's.",
                f"Does the chart that plots {subj} agree with the {rel} stated in the text? Where it does "
                "not, what does the chart show, and is that above or below the text's figure?",
            ],
        )
        a = f"{fig} shows {subj} at {v}, {claim.judged()}."  # judged() states the text's figure
        steps = [claim.step(), read, judge]
        values += [] if claim.matches else [claim.side_value()]
    else:
        return _verify_deep(ctx, claim, level, rng)
    return claim.draft("verify_with_chart", level, q, a, values, steps)


def _verify_deep(ctx: Context, claim: Claim, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    """L3 and L5 verification: with the claim's :class:`~crossmodal_claims.Hop` (its entity's mean
    over the years around the claim's, or its parts' total), by colour (the charted value only
    where the chart contradicts the text, as at L1-L2). L4 is :mod:`crossmodal_change`'s."""
    fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
    v = val(claim.chart, claim.point)
    read = f"Locate the chart that plots {subj}, {fig}, and read it: {v}."
    judge = f"Compare: {v} is {claim.judged()}."
    verdict = claim.verdict()
    values: list[Value]
    if level == "L3":
        hop = claim_hop(ctx, claim)
        if hop is None:
            return None
        mean = hop.value
        if passes_for(mean.av, claim.claimed.value):
            return None  # the text's figure passes for the mean: a part the chart is not needed for
        q = pick(
            rng,
            [
                f"Check the {rel} the report quotes for {subj} against the chart, then give {hop.what} "
                "in the same chart.",
                f"Does the chart bear out the text's {rel} for {subj}? Also work out {hop.what} in "
                "that chart.",
            ],
        )
        a = f"{fig} shows {subj} at {v}, {claim.judged()}; {hop.said(mean.said())}."
        steps = [claim.step(), f"{read} {judge}", *hop.steps(mean.text)]
        values = [verdict, mean]
        used = [claim.point, *(p for p in hop.marks if p is not claim.point)]
        return claim.draft("verify_with_chart", level, q, a, values, steps, used)
    else:
        colour = str(colour_of(claim.chart, claim.point))
        q = pick(
            rng,
            [
                f"The report quotes {article(rel)} for {subj}. In the chart that plots it, what colour is "
                f"{subj} drawn in, and does its value bear the {rel} out (if not, what value does it show)?",
                f"Check the text's {rel} for {subj} against the chart: which colour identifies {subj} there, "
                "does the charted value agree with the text, and if not, what is it?",
            ],
        )
        a = f"In {fig} the {colour} mark is {subj}; it reads {v}, {claim.judged()}."
        steps = [
            claim.step(),
            f"In {fig}, use the legend: {said_of(subj, 'is')} {colour}.",
            f"Read the {colour} mark: {v}. {judge}",
        ]
        values = [label_value(colour), verdict, *claim.miss_values()]
    return claim.draft("verify_with_chart", level, q, a, values, steps)


# --- compare representations -----------------------------------------------------------


def compare_representations(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    if level != "L1" and ctx.target not in (None, ("compare_representations", level)):
        return None  # its verdict is drawn only by its own slots: another slot's attempt would tilt them
    wanted = qc.wanted(ctx, "compare_representations", VERDICTS, level)
    # an L1 question asks what the text says, without a verdict
    for tc in with_verdict(ctx, trend_claims(ctx, rng), verdict_key, wanted, carries=level != "L1"):
        colour = colour_of(tc.chart, tc.first) if tc.series is not None else None
        if level == "L5" and (colour is None or not colour_keyed(tc.chart, tc.first)):
            continue
        if level == "L3" and not averageable(ctx, tc):
            continue
        if level == "L1" and _ends_series(tc):
            continue  # a period ending at the chart's last year is found without the text
        if not ctx.claim(f"trend:{tc.index}:compare"):
            continue
        return _compare(tc, level, rng, colour or "")
    # no trend claim of the drawn verdict left: a change claim, the text's trend in numbers
    return change.compare_change(ctx, level, rng, wanted) if level != "L1" else None


def _ends_series(tc: TrendClaim) -> bool:
    """The trend claim's period ends at its series' last year (the chart's end, or its title's)."""
    return tc.last is [p for p in tc.chart.data if p.category == tc.series][-1]


def _claim_steps(tc: TrendClaim) -> tuple[str, str, str, str]:
    """(finding the text's description, reading the chart's two ends, the verdict step, the
    verdict word) of a trend claim's comparison questions."""
    f, last, fig = tc.first, tc.last, figure_ref(tc.chart)
    period = f"{f.label} to {last.label}"
    said = said_of(tc.name, tc.claimed)
    claim_step = f"Find the text's description (section {tc.fact.section_id}): {said} from {period}."
    v0, v1 = val(tc.chart, f), val(tc.chart, last)
    read_step = f"In {fig}, read {tc.name} at {f.label} and {last.label}: {v0} and {v1}."
    verdict_text = "matches" if tc.matches else "contradicts"
    judge_step = f"The chart shows that it {tc.actual}, so it {verdict_text} the text."
    return claim_step, read_step, judge_step, verdict_text


def _compare(tc: TrendClaim, level: Difficulty, rng: np.random.Generator, colour: str) -> Draft:
    fig, name, f, last, chart = figure_ref(tc.chart), tc.name, tc.first, tc.last, tc.chart
    subj = tc.subject  # the measure with the series: the report plots the entity on other charts
    verdict = verdict_value(tc.matches)
    v0, v1 = val(chart, f), val(chart, last)
    period = f"{f.label} to {last.label}"
    claim_step, read_step, judge_step, verdict_text = _claim_steps(tc)
    r0, r1 = qc.read_value(chart, f), qc.read_value(chart, last)
    points = [f, last]
    values: list[Value]
    if level == "L1":  # the text locates the read-off: the year its account of the series ends
        q = pick(
            rng,
            [
                f"The report describes how {subj} moved over a stretch of years. What level does {fig} "
                "show for it in the last year of that stretch?",
                f"In the final year of the period the text covers for {subj}, where does {fig} put it?",
            ],
        )
        said = said_of(name, tc.claimed)
        a = f"The text's account ({said}) ends in {last.label}; {fig} puts it at {v1} then."
        end = qc.exact_value(qc.label_term(chart, last), None)
        steps, values = [claim_step, f"In {fig}, read {name} at {last.label}: {v1}."], [end, r1]
        points = [last]
    elif level == "L2":
        q = pick(
            rng,
            [
                f"Does {fig} bear out what the report says about {subj} between {f.label} and "
                f"{last.label}? Cite the charted values.",
                f"Set the text's account of {subj} over {period} against {fig}: do the two agree, and "
                "what values does the chart give?",
            ],
        )
        a = (
            f"The text says it {tc.claimed}; {fig} has {name} at {v0} in {f.label} and {v1} in "
            f"{last.label}, so it {tc.actual} and the chart {verdict_text} the text."
        )
        steps = [claim_step, read_step, judge_step]
        values = [verdict, qc.direction_value(tc.actual), r0, r1]
    else:
        return _compare_deep(tc, level, rng, colour)
    return tc.draft(level, q, a, values, steps, points)


def _compare_deep(tc: TrendClaim, level: Difficulty, rng: np.random.Generator, colour: str) -> Draft:
    """L3-L5 comparison of the text's account with the chart: a period mean, a change, by colour."""
    fig, name, subj, f, last, chart = figure_ref(tc.chart), tc.name, tc.subject, tc.first, tc.last, tc.chart
    verdict = verdict_value(tc.matches)
    v0, v1 = val(chart, f), val(chart, last)
    period = f"{f.label} to {last.label}"
    claim_step, read_step, judge_step, verdict_text = _claim_steps(tc)
    r0, r1 = qc.read_value(chart, f), qc.read_value(chart, last)
    t0, t1 = qc.point_term(chart, f), qc.point_term(chart, last)
    points = [f, last]
    values: list[Value]
    if level == "L3":
        mean = period_mean(tc)
        q = pick(
            rng,
            [
                f"Does {fig} support the report's account of {subj} from {period}, and what is its "
                "average over those years?",
                f"Check what the text says about {subj} over {period} against {fig}, and give the mean "
                "the chart shows for that period.",
            ],
        )
        a = (
            f"The text says it {tc.claimed}; {fig} shows it {tc.actual} ({v0} to {v1}), so the chart "
            f"{verdict_text} the text; the period averages {mean.said()}."
        )
        readings = "; ".join(f"{p.label} = {fmt_num(p.value)}" for p in tc.span)
        steps = [
            claim_step,
            f"In {fig}, read {name} in each year: {readings}.",
            f"Average the {len(tc.span)} values: {mean.text}.",
            judge_step,
        ]
        values, points = [verdict, mean], list(tc.span)
    elif level == "L4":
        moved = arith.change_value(t0, t1, value_unit(chart))
        what = "change in percentage points" if moved.in_points else "percentage change"
        q = pick(
            rng,
            [
                f"How well does the report's account of {subj} between {f.label} and {last.label} fit "
                f"{fig}, and what {what} does the chart imply?",
                f"Weigh the text's description of {subj} ({f.label}–{last.label}) against {fig}: do they "
                f"agree, and what {what} does the chart show?",
            ],
        )
        a = (
            f"The text says it {tc.claimed}; {name} {agree(name, 'moves')} from {v0} to {v1}, a change of "
            f"{moved.said}, so it {tc.actual} and the chart {verdict_text} the text."
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
                f"In {fig}, which colour represents {name}, and does that series bear out what the text "
                f"says about {subj} for {period}?",
                f"Which colour is {name} drawn in on {fig}, and does that series agree with the report's "
                f"account of {subj} between {f.label} and {last.label}?",
            ],
        )
        a = (
            f"In {fig} the {colour} series is {name}; it goes from {v0} to {v1}, so it {tc.actual} and "
            f"the chart {verdict_text} the text."
        )
        steps = [
            f"Use the legend of {fig}: {said_of(name, 'is')} {colour}.",
            claim_step,
            read_step,
            judge_step,
        ]
        values = [label_value(colour), verdict, r0, r1]
    return tc.draft(level, q, a, values, steps, points)


#: The (category, level) cells whose questions carry a verdict drawn before their evidence.
VERDICT_CELLS: frozenset[tuple[str, str]] = frozenset(
    [("verify_with_chart", lv) for lv in ("L1", "L2", "L3", "L4", "L5")]
    + [("compare_representations", lv) for lv in ("L2", "L3", "L4", "L5")]
    + [("integrate_sources", "L2")]
)

BUILDERS: dict[str, qc.Builder] = {
    "verify_with_chart": verify_with_chart,
    "integrate_sources": integrate_sources,
    "compare_representations": compare_representations,
}

__all__ = [
    "BUILDERS",
    "VERDICT_CELLS",
    "compare_representations",
    "integrate_sources",
    "mark_subject",
    "verdict_value",
    "verify_with_chart",
]
