"""Integrate-sources questions (Table 14): the text's figure with what the chart shows.

Every level but L3 takes a claim the chart contradicts: on a claim it bears out, the text's
figure lies within the reading's tolerance (it passes as the reading, and 100% as the share:
the whole answer came from the text, :mod:`generation.questions.crossmodal_measures`). L2 asks
on which side the chart lies, L4 the charted value as a share of the figure, L5 the mark by its
colour and the gap (or the side). L3 asks the mean over the period a trend claim covers (never
its series' whole span), else one number worked from a claim's figure and the chart's readings
together (:class:`~generation.questions.crossmodal_claims.Hop`): how far the mean of its entity
over the years around the claim's, or of its period's marks, lies from the figure; the figure as
a share of the total of its entity's parts.
"""

from __future__ import annotations

import re

import numpy as np

from generation.questions import arithmetic as arith
from generation.questions import common as qc
from generation.questions.chart import val
from generation.questions.common import Context, Draft, Value, label_value, mark_label
from generation.questions.crossmodal_claims import (
    SIDES,
    VERDICTS,
    Claim,
    Hop,
    averageable,
    claim_hop,
    first_claim,
    period_mean,
    side_drawn,
    trend_claims,
    verdict_key,
    year_of,
)
from generation.questions.crossmodal_measures import text_for_mark
from generation.questions.period_measures import one_read_answers, passes_for, period_source
from generation.questions.phrasing import article, colour_of, figure_ref, fmt_num, is_year, pick, point_key
from generation.world.grammar import agree
from synthdocbench_tasks.schema import Difficulty


def integrate_sources(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    if level == "L3":
        return _integrate_period(ctx, rng) or _integrate_group(ctx, rng)
    if level == "L2" and ctx.target not in (None, ("integrate_sources", "L2")):
        return None  # its side is drawn only by its own slots: another slot's attempt would tilt them
    # L1 and L4 carry no verdict (any side); L2 and L5 ask on which side, or how far off, the chart is
    wanted = qc.wanted(ctx, "integrate_sources", SIDES, level) if level in ("L2", "L5") else ""

    # every level takes only a claim the chart contradicts: the reading L1 and L4 ask for lies
    # outside its tolerance of the text's figure (else the figure passes as the reading, and 100%
    # as L4's share: the whole answer comes from the text, audit43), and a side needs a miss; L5
    # asks the side where the gap is too loose to ask, and then only a miss on its drawn side
    def keep(claim: Claim) -> bool:
        if level == "L5" and not qc.pinned(claim.gap().av):
            return not claim.matches and side_drawn(ctx, "integrate_sources", level, claim.side)
        if level == "L1":  # the text locates the read-off: the claim's year of its entity
            return not claim.matches and located(ctx, claim) is not None
        return not claim.matches

    return first_claim(
        ctx,
        rng,
        "integrate",
        lambda c: _integrate(ctx, c, level, rng),
        key=lambda c: c.side if not c.matches else "",
        wanted=wanted,
        carries=level == "L2",
        keep=keep,
        needs_colour=level == "L5",
        rules_first=True,  # claims of a target or a threshold first: verify asks only claims of a value
    )


def _integrate(ctx: Context, claim: Claim, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
    c, v = claim.stated(), val(claim.chart, claim.point)
    stated, reading = qc.exact_value(claim.claimed, claim.unit), qc.read_value(claim.chart, claim.point)
    find_chart = f"Find the chart for {subj} in another section: {fig}."
    values: list[Value]
    if level == "L1":
        how = located(ctx, claim)
        return _integrate_located(claim, how, rng) if how else None
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
                f"Expressed as a percentage of the {rel} given in the prose, where {agree(subj, 'does')} "
                f"{subj} stand on the chart?",
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


def _integrate_located(claim: Claim, how: str, rng: np.random.Generator) -> Draft:
    """L1: a direct read-off the text locates (``how``, from :func:`located`). By "year" the
    question names the claim's subject without its year and the text gives the year; by "chart"
    it names the chart and the text gives the mark. The text's figure is a miss: no reading."""
    p, fig, rel = claim.point, figure_ref(claim.chart), claim.relation
    v = val(claim.chart, p)
    if how == "year":
        about = _without_year(claim)
        q = pick(
            rng,
            [
                f"The report gives {article(rel)} for {about} in one year. In the chart that plots it, "
                "what value does it show for that year?",
                f"For the year the text attaches {article(rel)} to {about}, what does the matching chart "
                "give as its value?",
            ],
        )
        a = f"The text gives its {rel} for {claim.subject}; {fig} shows {v} in {p.label}."
        where: Value = qc.exact_value(qc.label_term(claim.chart, p), None)
    else:
        q = pick(
            rng,
            [
                f"The report gives {article(rel)} for one of the marks {fig} draws. What value does the "
                "chart show for that mark?",
                f"Which mark of {fig} does the text's {rel} concern, and what value does the chart give it?",
            ],
        )
        # the answer names the mark whose label the question asks for, where the claim's subject
        # does not ("in 2016" for a waterfall's "2016 level" bar)
        shown = f"it at {v}" if p.label in claim.subject else f"its mark {p.label} at {v}"
        a = f"The text gives its {rel} for {claim.subject}; {fig} shows {shown}."
        where = mark_label(p)
    steps = [claim.step(), f"Find that mark in {fig}, in another section: it reads {v}."]
    values: list[Value] = [where, qc.read_value(claim.chart, p)]
    return claim.draft("integrate_sources", "L1", q, a, values, steps)


def _without_year(claim: Claim) -> str:
    """The claim's subject without its closing "in <year>" ("" where the year stays in it)."""
    about = re.sub(rf"\s+in {claim.point.label}$", "", claim.subject)
    return about if claim.point.label not in about else ""


def located(ctx: Context, claim: Claim) -> str | None:
    """How the text locates ``claim``'s mark for an L1 read-off: "year" where the claim is about a
    year of a series no other claim of the report names (its subject named without the year),
    "chart" where it is the report's one claim on its chart; None where the text locates nothing
    the question would not name."""
    facts = [ctx.manifest.text_facts[i].values for i in ctx.facts_of("chart_claim")]
    same = [f for f in facts if f.get("viz_id") == claim.chart.vizId]
    series = [f for f in same if f.get("series") == claim.point.category]
    if is_year(claim.point.label) and len(series) == 1 and _without_year(claim):
        return "year"
    return "chart" if len(same) == 1 else None


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


def _integrate_group(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """L3 where no trend claim serves: the figure a claim states (the text) worked together with
    the claim's :class:`~generation.questions.crossmodal_claims.Hop` (the chart) into one number
    (:func:`_combined`; Table 14: neither source alone is sufficient), only where the chart's
    reading of the claim's mark counts: the text's figure in its place would not give that number
    (``crossmodal_measures.text_for_mark``). A claim the chart bears out states its mark within
    5%, so claims the chart contradicts come first."""

    def make(claim: Claim) -> Draft | None:
        hop = claim_hop(ctx, claim)
        draft = _combined(claim, hop, rng) if hop is not None else None
        # the chart's reading of the claim's mark must count: the text's figure in its place
        # gives a number outside the answer's tolerance (else two lookups, review55)
        found = text_for_mark(draft.answer_values, draft.derivations()) if draft else None
        return None if draft is None or found is None or found[1] else draft

    return first_claim(
        ctx,
        rng,
        "integrate",
        make,
        key=verdict_key,
        wanted=VERDICTS[1],
        carries=False,
        keep=lambda c: claim_hop(ctx, c) is not None,
        rules_first=True,
    )


def _combined(claim: Claim, hop: Hop, rng: np.random.Generator) -> Draft | None:
    """L3 on a claim and its hop: one number worked out from the text's figure and the chart's
    readings together (audit58: "the text's figure, and the chart's mean" side by side was two
    lookups). Its entity's years and its period's peers: how far the chart's mean of the hop's
    marks lies from the text's figure; its bar's parts: the text's figure as a share of the
    parts' total on the chart. None where the text's figure would pass as the mean, one reading
    gives the mean, or the number is too loose to ask."""
    if hop.kind == "parts":
        return _share_of_parts(claim, hop, rng)
    fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
    terms = [qc.point_term(claim.chart, p) for p in hop.marks]
    mean_t = qc.mean_term(terms)
    mean = qc.derived_value(mean_t, claim.unit, 2)
    gap = arith.gap_value(claim.claimed, mean_t, claim.unit, arith.finest(mean, claim.claimed.value))
    if passes_for(mean.av, claim.claimed.value) or not qc.pinned(gap.av):
        return None
    if one_read_answers(mean.av, [p.value for p in hop.marks]):
        return None  # one reading gives the mean: nothing is averaged
    n = len(hop.marks)
    if hop.kind == "years":
        first, last = year_of(hop.marks[0]), year_of(hop.marks[-1])
        what = f"the average of {claim.entity} from {first} to {last} ({n} years)"
        said = f"those years average {mean.said()}"  # no count: the judge reads "3 years" as a number
    else:
        what = f"the average of {hop.scope} ({n} marks)"
        said = f"those marks average {mean.said()}"
    q = pick(
        rng,
        [
            f"By how much does {what} on the chart that plots {subj} differ from the {rel} the text "
            "gives for it?",
            f"Set the {rel} the report states for {subj} against {what} on the matching chart: how far "
            "apart are they?",
        ],
    )
    side = "above" if mean.av.value is not None and mean.av.value > claim.claimed.value else "below"
    a = f"The text gives {article(rel)} of {claim.stated()}; in {fig}, {said}, {side} it by {gap.said()}."
    readings = "; ".join(f"{point_key(p)} = {fmt_num(p.value)}" for p in hop.marks)
    work = [f"Average them: {mean.text}.", f"Subtract: |{claim.stated()} - {mean.text}| = {gap.text}."]
    # a years mean is scored beside the gap; a period's peers' mean only inside it (as verify L3's)
    values: list[Value] = [
        qc.exact_value(claim.claimed, claim.unit),
        *([mean] if hop.kind == "years" else []),
        gap,
    ]
    return _hop_draft(claim, hop, (q, a), values, f"Read its {n} marks: {readings}.", work)


def _share_of_parts(claim: Claim, hop: Hop, rng: np.random.Generator) -> Draft | None:
    """L3 on a claim about one part of a stacked bar: the text's figure as a percentage of the
    total the chart's parts of that bar add up to (the claim's own part read off the chart)."""
    if claim.claimed.value <= 0:
        return None
    fig, subj, rel, n = figure_ref(claim.chart), claim.subject, claim.relation, len(hop.marks)
    total_t = qc.sum_term([qc.point_term(claim.chart, p) for p in hop.marks])
    total = qc.derived_value(total_t, claim.unit, arith.finest(*(p.value for p in hop.marks), least=2))
    share = arith.share_value(claim.claimed, total_t)
    if not qc.pinned(share.av) or total_t.value <= 0:
        return None
    q = pick(
        rng,
        [
            f"What percentage of the total of {claim.entity} across its {n} parts on the chart does the "
            f"{rel} the text gives for {subj} make up?",
            f"Taking the {rel} stated in the prose for {subj}, what share is it of {claim.entity}'s "
            f"{n}-part total in the matching chart?",
        ],
    )
    a = (
        f"The text gives {article(rel)} of {claim.stated()}; in {fig}, the parts of "
        f"{claim.entity} add up to {total.said()}, so the figure is {share.said()} of it."
    )
    readings = "; ".join(f"{p.category} = {fmt_num(p.value)}" for p in hop.marks)
    work = [f"Add them: {total.text}.", f"Divide: {claim.stated()} / {total.text} = {share.text}%."]
    values: list[Value] = [qc.exact_value(claim.claimed, claim.unit), total, share]
    return _hop_draft(claim, hop, (q, a), values, f"Read each part of {claim.entity}: {readings}.", work)


def _hop_draft(
    claim: Claim, hop: Hop, asked: tuple[str, str], values: list[Value], read: str, work: list[str]
) -> Draft:
    """The integrate L3 draft of ``claim`` and its ``hop`` (the question and answer ``asked``):
    the claim's step, the chart found and the hop's marks ``read``, then the ``work`` that
    combines them with the text's figure; the claim's mark first among the marks used."""
    find = f"Find the chart for {claim.subject} in another section: {figure_ref(claim.chart)}."
    steps = [claim.step(), f"{find} {read}", *work]
    used = [claim.point, *(p for p in hop.marks if p is not claim.point)]
    return claim.draft("integrate_sources", "L3", *asked, values, steps, used)


def _integrate_period(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """An L3 question on the period a trend claim covers. Only a claim the chart bears out may
    define the period (a false "rose" is a sentence to contradict, not a period to read), and only
    one no other statement on its series could be taken for (``period_measures.period_source``).
    Never a claim on the series' whole span: its years are in the chart's title, the text gives
    nothing; nor a mean that one reading of the period gives (``crossmodal_claims.averageable``)."""
    for tc in trend_claims(ctx, rng):
        if tc.whole or not averageable(ctx, tc) or not period_source(ctx.manifest, tc.index):
            continue
        if not ctx.claim(f"trend:{tc.index}:integrate"):
            continue
        fig, name, f, last = figure_ref(tc.chart), tc.name, tc.first, tc.last
        mean = period_mean(tc)
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
            f"Add the {len(tc.span)} values: {fmt_num(sum(p.value for p in tc.span))}.",
            f"Divide by {len(tc.span)}: {mean.text}.",
        ]
        values: list[Value] = [
            qc.exact_value(qc.label_term(tc.chart, f), None),
            qc.exact_value(qc.label_term(tc.chart, last), None),
            mean,
        ]
        return Draft("integrate_sources", "L3", q, a, values, steps, [tc.chart], list(tc.span), [tc.index])
    return None
