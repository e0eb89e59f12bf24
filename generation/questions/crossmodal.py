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
to it, each with its own drawn place (a report holds two or three claims of each verdict), verify
L5 only by its own slots. Verify asks only claims that state a value (a forecast, an estimate:
``claims.STATED_RELATIONS``); a target or a threshold is asked as a side or a share of it. Questions
without a verdict (integrate L1, L3, L4; compare L1) take claims the report holds more of,
leaving one of each verdict to the questions that judge.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from generation.document.claims import STATED_RELATIONS
from generation.document.grammar import agree
from generation.questions import arithmetic as arith
from generation.questions import common as qc
from generation.questions.chart import mean_needs_no_reading, val
from generation.questions.common import Context, Draft, Value, label_value
from generation.questions.crossmodal_claims import (
    SIDES,
    VERDICTS,
    Claim,
    TrendClaim,
    first_claim,
    mark_subject,
    side_drawn,
    trend_claims,
    verdict_key,
    verdict_value,
    with_verdict,
)
from generation.questions.phrasing import (
    article,
    colour_keyed,
    colour_of,
    figure_ref,
    fmt_num,
    pick,
    value_unit,
)
from synthdocbench_tasks.schema import DataPoint, Difficulty

# --- verify with chart -----------------------------------------------------------------


def verify_with_chart(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    if level == "L5" and ctx.target not in (None, ("verify_with_chart", "L5")):
        # asked only by its own slots: another L5 slot falls back to it when its own question found
        # no evidence, which depends on the verdict it drew (a series or a miss found by its
        # colour), so the verdicts its attempts carry were tilted (60% "matches" on 200 documents)
        return None
    wanted = qc.wanted(ctx, "verify_with_chart", VERDICTS, level)

    def keep(claim: Claim) -> bool:
        # only a claim of what the value was (a chart neither confirms nor refutes a target)
        stated = claim.relation in STATED_RELATIONS
        return stated and (level != "L3" or len(_group_marks(ctx, claim)) >= 3)

    return first_claim(
        ctx,
        rng,
        "verify",
        lambda c: _verify(c, level, rng),
        key=verdict_key,
        wanted=wanted,
        keep=keep,
        needs_colour=level == "L5",
        spare_sides=True,
    )


def _group_marks(ctx: Context, claim: Claim) -> list[DataPoint]:
    """The claim's group when it can be averaged: 3-12 readable marks."""
    _, marks = claim.group()
    if not 3 <= len(marks) <= 12 or mean_needs_no_reading(claim.chart, marks):
        return []
    readable = all(ctx.readable(claim.chart, p, claimed=p is claim.point) for p in marks)
    return marks if readable else []


def _verify(claim: Claim, level: Difficulty, rng: np.random.Generator) -> Draft:
    """L1-L2 verification: the charted value and the verdict, then both figures."""
    fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
    v = val(claim.chart, claim.point)
    read = f"Locate the chart that plots {subj}, {fig}, and read it: {v}."
    judge = f"Compare: {v} is {claim.judged()}."
    reading, verdict = qc.read_value(claim.chart, claim.point), claim.verdict()
    values: list[Value]
    if level == "L1":
        q = pick(
            rng,
            [
                f"The report quotes {article(rel)} for {subj}. What does the chart show for {subj}, and does "
                f"it bear that {rel} out?",
                f"What value does the relevant chart give for {subj}, and is it in line with the {rel} the "
                "report cites?",
            ],
        )
        a = f"{fig} shows {subj} at {v}, {claim.judged()}."
        steps, values = [claim.step(), f"{read} {judge}"], [verdict, reading]
    elif level == "L2":
        q = pick(
            rng,
            [
                f"Set the {rel} the report gives for {subj} against the chart: does the chart confirm it? "
                "Give both figures.",
                f"Does the chart that plots {subj} agree with the {rel} stated in the text? Quote the "
                "text's figure and the charted one.",
            ],
        )
        a = f"The text's {rel} is {claim.stated()}; {fig} shows {subj} at {v}, {claim.judged()}."
        steps = [claim.step(), read, judge]
        values = [verdict, qc.exact_value(claim.claimed, claim.unit), reading]
    else:
        return _verify_deep(claim, level, rng)
    return claim.draft("verify_with_chart", level, q, a, values, steps)


def _verify_deep(claim: Claim, level: Difficulty, rng: np.random.Generator) -> Draft:
    """L3-L5 verification: with a mean of the claim's group, with the side a miss falls on, by
    colour."""
    fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
    v = val(claim.chart, claim.point)
    read = f"Locate the chart that plots {subj}, {fig}, and read it: {v}."
    judge = f"Compare: {v} is {claim.judged()}."
    reading, verdict = qc.read_value(claim.chart, claim.point), claim.verdict()
    values: list[Value]
    if level == "L3":
        what, marks = claim.group()
        mean = qc.derived_value(qc.mean_term([qc.point_term(claim.chart, p) for p in marks]), claim.unit, 2)
        q = pick(
            rng,
            [
                f"Check the {rel} the report quotes for {subj} against the chart, then give the average of "
                f"{what} the same chart plots ({len(marks)} marks).",
                f"Does the chart bear out the text's {rel} for {subj}? Also work out the mean of {what} "
                f"in that chart across its {len(marks)} marks.",
            ],
        )
        a = f"{fig} shows {subj} at {v}, {claim.judged()}; the {len(marks)} marks average {mean.said()}."
        readings = "; ".join(f"{p.label} = {fmt_num(p.value)}" for p in marks)
        steps = [claim.step(), f"{read} {judge}", f"Read {what}: {readings}.", f"Average them: {mean.text}."]
        values = [verdict, reading, mean]
        used = [claim.point, *(p for p in marks if p is not claim.point)]
        return claim.draft("verify_with_chart", level, q, a, values, steps, used)
    elif level == "L4":
        # the side, not the margin: a miss sits just beyond what a reading allows (1.6-2.4
        # tolerances), so its margin cannot be read to better than half of itself
        q = pick(
            rng,
            [
                f"Given the {rel} the report sets out for {subj}, what does the chart imply: did the "
                "outcome match it, and if not, did it come in above or below it?",
                f"The report describes {article(rel)} for {subj}. Judging by the chart, was it borne out, "
                "and if not, on which side of it does the charted value fall?",
            ],
        )
        values = [verdict, qc.exact_value(claim.claimed, claim.unit), reading]
        steps = [
            claim.step(),
            f"Identify the chart covering {subj} in another section: {fig}.",
            f"Read its value: {v}.",
        ]
        if claim.matches:
            a = (
                f"The text's {rel} is {claim.stated()} and {fig} shows {v}: the chart matches it, within "
                "reading precision."
            )
            steps.append(judge)
        else:
            a = (
                f"The text's {rel} is {claim.stated()} while {fig} shows {v}: the chart contradicts it, "
                f"lying {claim.side} it."
            )
            steps.append(f"{judge} The chart lies {claim.side} it.")
            values.append(claim.side_value())
    else:
        colour = str(colour_of(claim.chart, claim.point))
        q = pick(
            rng,
            [
                f"The report quotes {article(rel)} for {subj}. In the chart that plots it, what colour is "
                f"{subj} drawn in, and does its value bear the {rel} out?",
                f"Check the text's {rel} for {subj} against the chart: which colour identifies {subj} there, "
                "and does the charted value agree with the text?",
            ],
        )
        a = f"In {fig} the {colour} mark is {subj}; it reads {v}, {claim.judged()}."
        steps = [
            claim.step(),
            f"In {fig}, use the legend: {subj} is {colour}.",
            f"Read the {colour} mark: {v}. {judge}",
        ]
        values = [label_value(colour), verdict, reading]
    return claim.draft("verify_with_chart", level, q, a, values, steps)


# --- integrate sources -----------------------------------------------------------------


def integrate_sources(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    if level == "L3":
        return _integrate_period(ctx, rng)
    if level == "L2" and ctx.target not in (None, ("integrate_sources", "L2")):
        return None  # its side is drawn only by its own slots: another slot's attempt would tilt them
    # L1 and L4 carry no verdict: they take claims the chart bears out first, leaving the claims it
    # contradicts (fewer, as L2 and L5 need them too) to the questions that judge them
    wanted = qc.wanted(ctx, "integrate_sources", SIDES, level) if level in ("L2", "L5") else ""

    # L2 and L5 ask on which side, or how far off, the chart is: only a claim it contradicts; L5
    # asks the side where the gap is too loose to ask, and then only a miss on its drawn side
    def keep(claim: Claim) -> bool:
        if level == "L5" and not qc.pinned(claim.gap().av):
            return not claim.matches and side_drawn(ctx, "integrate_sources", level, claim.side)
        return not claim.matches or level not in ("L2", "L5")

    return first_claim(
        ctx,
        rng,
        "integrate",
        lambda c: _integrate(c, level, rng),
        key=lambda c: c.side if not c.matches else "",
        wanted=wanted,
        carries=level == "L2",
        keep=keep,
        needs_colour=level == "L5",
        rules_first=True,  # claims of a target or a threshold first: verify asks only claims of a value
    )


def _integrate(claim: Claim, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
    c, v = claim.stated(), val(claim.chart, claim.point)
    stated, reading = qc.exact_value(claim.claimed, claim.unit), qc.read_value(claim.chart, claim.point)
    find_chart = f"Find the chart for {subj} in another section: {fig}."
    values: list[Value]
    if level == "L1":
        q = pick(
            rng,
            [
                f"What {rel} does the text give for {subj}, and what value does the chart of {subj} show?",
                f"Quote the {rel} the report gives for {subj} and the figure the matching chart shows for "
                "it.",
            ],
        )
        a = f"The text gives {article(rel)} of {c}, while {fig} shows {v}."
        steps, values = [claim.step(), f"{find_chart} It reads {v}."], [stated, reading]
    elif level == "L2":
        q = pick(
            rng,
            [
                f"For {subj}, which is larger: the {rel} stated in the text or the value the chart shows?",
                f"Where does the charted value for {subj} stand relative to the {rel} the report gives for "
                "it?",
            ],
        )
        larger = "the charted value" if claim.side == "above" else f"the {rel}"
        a = (
            f"The chart shows {v} against a stated {rel} of {c}, so {larger} is larger: the chart is "
            f"{claim.side} it."
        )
        steps = [claim.step(), f"{find_chart} It reads {v}.", f"Compare: {v} is {claim.side} {c}."]
        values = [claim.side_value(), stated, reading]
    elif level == "L4":
        if claim.claimed.value <= 0 or claim.point.value <= 0:
            return None
        share = arith.share_value(claim.charted, claim.claimed)
        q = pick(
            rng,
            [
                f"What percentage of the {rel} stated in the text does the charted value for {subj} amount "
                "to?",
                f"Expressed as a percentage of the {rel} given in the prose, where does {subj} stand on the "
                "chart?",
            ],
        )
        a = f"The text's {rel} is {c} and {fig} shows {v}, which is {share.text}% of the {rel}."
        steps = [
            claim.step(),
            find_chart,
            f"Read it: {v}.",
            f"Divide: {fmt_num(claim.point.value)} / {fmt_num(claim.claimed.value)} = {share.text}%.",
        ]
        values = [stated, reading, share]
    else:
        return _integrate_colour(claim, rng)
    return claim.draft("integrate_sources", level, q, a, values, steps)


def _integrate_colour(claim: Claim, rng: np.random.Generator) -> Draft:
    """L5: the claim's mark found by its colour, and how far its charted value is from the text's
    figure; on which side of it, where the mark is read too loosely for the gap to be asked as a
    number (off an axis, a miss sits 2-3 reading tolerances from its mark)."""
    fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
    c, v = claim.stated(), val(claim.chart, claim.point)
    stated, reading = qc.exact_value(claim.claimed, claim.unit), qc.read_value(claim.chart, claim.point)
    colour, gap = str(colour_of(claim.chart, claim.point)), claim.gap()
    find = f"Find the chart for {subj} in another section: {fig}. Its legend shows {subj} in {colour}."
    if qc.pinned(gap.av):
        asked = "how far is its value from the", "say how much its charted value differs from the"
        said, last = f"a gap of {gap.said()}", f"Subtract: {gap.text}."
        values: list[Value] = [label_value(colour), stated, reading, gap]
    else:
        asked = "is its value above or below the", "say whether its charted value is higher or lower than the"
        said, last = f"so the chart is {claim.side} it", f"Compare: {v} is {claim.side} {c}."
        values = [label_value(colour), claim.side_value(), stated, reading]
    q = pick(
        rng,
        [
            f"In the chart that plots {subj}, which colour represents it, and {asked[0]} {rel} the text "
            "gives?",
            f"Identify {subj} by its colour in the relevant chart and {asked[1]} {rel} stated in the prose.",
        ],
    )
    a = f"In {fig} the {colour} mark is {subj}, at {v}; the text's {rel} is {c}, {said}."
    steps = [claim.step(), find, f"Read the {colour} mark: {v}.", last]
    return claim.draft("integrate_sources", "L5", q, a, values, steps)


def _period_mean(tc: TrendClaim) -> qc.Num:
    terms = [qc.point_term(tc.chart, p) for p in tc.span]
    return qc.derived_value(qc.mean_term(terms), value_unit(tc.chart), 2)


def _averageable(ctx: Context, tc: TrendClaim) -> bool:
    return 3 <= len(tc.span) <= 12 and all(ctx.readable(tc.chart, p) for p in tc.span)


def _integrate_period(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """An L3 question on the period a trend claim covers. It carries no verdict, so it takes a
    claim of the verdict the document has most of, leaving one of each to the comparisons."""
    found = trend_claims(ctx, rng)
    held = Counter(tc.matches for tc in found)
    for tc in sorted(found, key=lambda tc: -held[tc.matches]):
        if not _averageable(ctx, tc) or not ctx.claim(f"trend:{tc.index}:integrate"):
            continue
        fig, name, f, last = figure_ref(tc.chart), tc.name, tc.first, tc.last
        mean = _period_mean(tc)
        q = pick(
            rng,
            [
                f"The report discusses {name} over a stretch of years. Using the chart, what was its average "
                "level over exactly that period?",
                f"For the period the text covers for {name}, what mean value does the chart give across "
                "those "
                "years?",
            ],
        )
        a = f"The report's passage runs from {f.label} to {last.label}; {fig} puts the mean at {mean.said()}."
        readings = "; ".join(f"{p.label} = {fmt_num(p.value)}" for p in tc.span)
        steps = [
            f"Find the text's passage on {name} (section {tc.fact.section_id}): it covers {f.label} to "
            f"{last.label}.",
            f"Locate {fig} and read {name} in each of those years: {readings}.",
            f"Add the {len(tc.span)} values: {fmt_num(sum(p.value for p in tc.span), 2)}.",
            f"Divide by {len(tc.span)}: {mean.text}.",
        ]
        values: list[Value] = [
            qc.exact_value(qc.label_term(tc.chart, f), None),
            qc.exact_value(qc.label_term(tc.chart, last), None),
            mean,
        ]
        return Draft("integrate_sources", "L3", q, a, values, steps, [tc.chart], list(tc.span), [tc.index])
    return None


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
        if level == "L3" and not _averageable(ctx, tc):
            continue
        if not ctx.claim(f"trend:{tc.index}:compare"):
            continue
        return _compare(tc, level, rng, colour or "")
    return None


def _compare(tc: TrendClaim, level: Difficulty, rng: np.random.Generator, colour: str) -> Draft:
    fig, name, f, last, chart = figure_ref(tc.chart), tc.name, tc.first, tc.last, tc.chart
    subj = tc.subject  # the measure with the series: the report plots the entity on other charts
    verdict = verdict_value(tc.matches)
    v0, v1 = val(chart, f), val(chart, last)
    period = f"{f.label} to {last.label}"
    claim_step = (
        f"Find the text's description (section {tc.fact.section_id}): {name} {tc.claimed} from {period}."
    )
    read_step = f"In {fig}, read {name} at {f.label} and {last.label}: {v0} and {v1}."
    verdict_text = "matches" if tc.matches else "contradicts"
    judge_step = f"The chart shows that it {tc.actual}, so it {verdict_text} the text."
    r0, r1 = qc.read_value(chart, f), qc.read_value(chart, last)
    points = [f, last]
    values: list[Value]
    claimed = qc.direction_value(tc.claimed)
    if level == "L1":
        q = pick(
            rng,
            [
                f"What does the report say happened to {subj} between {f.label} and {last.label}, and what "
                f"level does {fig} show for it in {last.label}?",
                f"How does the text describe {subj} over {period}, and where does {fig} put it in "
                f"{last.label}?",
            ],
        )
        a = f"The text says that {name} {tc.claimed}; {fig} puts it at {v1} in {last.label}."
        steps, values = [claim_step, f"In {fig}, read {name} at {last.label}: {v1}."], [claimed, r1]
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
    claim_step = (
        f"Find the text's description (section {tc.fact.section_id}): {name} {tc.claimed} from {period}."
    )
    read_step = f"In {fig}, read {name} at {f.label} and {last.label}: {v0} and {v1}."
    verdict_text = "matches" if tc.matches else "contradicts"
    judge_step = f"The chart shows that it {tc.actual}, so it {verdict_text} the text."
    r0, r1 = qc.read_value(chart, f), qc.read_value(chart, last)
    t0, t1 = qc.point_term(chart, f), qc.point_term(chart, last)
    points = [f, last]
    values: list[Value]
    if level == "L3":
        mean = _period_mean(tc)
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
        steps = [f"Use the legend of {fig}: {name} is {colour}.", claim_step, read_step, judge_step]
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
