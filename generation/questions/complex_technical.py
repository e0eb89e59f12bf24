"""Technical / quantitative complex questions: a figure or period the text states in one
section, worked out against a chart in another (readings, differences with a change of unit,
means and totals over a period, the factor credited for a series' course, a mark found by colour)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from generation.charts.colours import colour_of
from generation.charts.reading import colour_keyed
from generation.questions import arithmetic as arith
from generation.questions import common as qc
from generation.questions import complex_core as cc
from generation.questions.chart import cap, ordered_series, val
from generation.questions.colour_hop_measures import relation_names_mark
from generation.questions.common import Context, Draft, Value
from generation.questions.crossmodal_claims import (
    MISS_TOLS,
    Claim,
    claim_mark,
    claim_subject,
    mark_subject,
    side_drawn,
)
from generation.questions.period_measures import period_source
from generation.questions.phrasing import (
    article,
    decimals_of,
    diff_unit,
    figure_ref,
    fmt_num,
    pick,
    value_unit,
    with_unit,
)
from generation.world.grammar import agree
from synthdocbench_tasks.schema import Chart, DataPoint, Difficulty, TextFact

CATEGORY = "technical_quantitative"


def technical_quantitative(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    if level == "L2" and rng.random() < 0.5:
        return _trade_off(ctx, rng) or _claims_at(ctx, level, rng)
    if level == "L2":
        return _claims_at(ctx, level, rng) or _trade_off(ctx, rng)
    if level == "L1":
        return None  # a look-up computes nothing (``build.EMPTY_CELLS``)
    if level == "L5":
        return _claims_at(ctx, level, rng)
    if level == "L3":
        return _trend_period(ctx, rng)
    return _which_factor(ctx, rng)


def _claims_at(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    """A stated figure's gap to the chart (L2), or with the mark found by its colour (L5).
    A claim is reserved only with its draft: one this level cannot ask (no colour that finds its
    mark, a side other than the drawn one) stays for the slots that can."""
    claims = _claims(ctx, rng)
    why: Counter[str] = Counter()
    for i, fact, chart, p in claims:
        if ctx.full(chart) or f"claim:{i}:complex" in ctx.used or not ctx.fact_free(i, chart, "complex"):
            why["evidence taken"] += 1
            continue
        if level == "L5" and not _colour_finds(fact, chart, p):
            why["no colour finds the mark"] += 1
            continue
        if level == "L5" and _text_names(ctx, fact, chart, p):
            why["the text names the mark"] += 1
            continue
        found = _claim_draft(ctx, i, (fact, chart, p), level, rng)
        if found is not None and ctx.claim(f"claim:{i}:complex"):
            return found
        why["no draft"] += 1
    ctx.miss(f"{CATEGORY} {level} stated figure: {why.most_common(1)[0][0] if why else 'no evidence'}")
    return None


def _claim_draft(
    ctx: Context,
    i: int,
    found: tuple[TextFact, Chart, DataPoint],
    level: Difficulty,
    rng: np.random.Generator,
) -> Draft | None:
    fact, chart, p = found
    draft = _claim_gap(ctx, i, fact, chart, p, level, rng)
    if draft is not None and not qc.informative(draft):
        # read too loosely for its gap: L5 asks the side instead (a miss on the drawn side),
        # L2 another claim or a trade-off
        return _colour_side(ctx, i, fact, chart, p, rng) if level == "L5" else None
    return draft


def _claims(ctx: Context, rng: np.random.Generator) -> list[tuple[int, TextFact, Chart, DataPoint]]:
    """Chart claims (a stated target, forecast...) whose mark is readable on a chart in another section."""
    out = []
    for i in qc.shuffled(ctx.facts_of("chart_claim"), rng):
        fact = ctx.manifest.text_facts[i]
        chart = ctx.chart(fact.values.get("viz_id", ""))
        if chart is None or chart.section_id == fact.section_id:
            continue
        p = qc.find_point(chart, fact.values.get("label", ""), fact.values.get("series"))
        if p is not None and ctx.readable(chart, p):
            out.append((i, fact, chart, p))
    return out


def _stated(ctx: Context, i: int, fact: TextFact, chart: Chart) -> tuple[qc.Term, str]:
    unit = fact.values.get("unit") or value_unit(chart)
    term = qc.fact_term(ctx, i, "claimed_value")
    return term, with_unit(fmt_num(term.value), unit)


def _mark_named(fact: TextFact, chart: Chart, p: DataPoint) -> tuple[str, list[Value]]:
    """How an answer names the mark a claim concerns, and the names it scores: the mark's label,
    and its series too where the chart draws that label in several series (Colombia in 2017)."""
    who = claim_mark(fact, chart, p)
    names: list[Value] = [qc.mark_label(p)]
    if p.category is not None and sum(x.label == p.label for x in chart.data) > 1:
        names.append(cc.label(p.category))
        if p.category.lower() not in who.lower():
            who = f"{who} ({mark_subject(chart, p)})"
    return who, names


@dataclass(frozen=True)
class _ByColour:
    """How an L5 question finds a mark by its colour: ``find`` ("the green mark", or "the green
    mark for Spain" where green draws a whole series), what it asks ("Which mark is it", "Which
    series is it in"), the answer's naming of it and the names it scores."""

    find: str
    ask: str
    named: str
    names: list[Value]


def _by_colour(fact: TextFact, chart: Chart, p: DataPoint) -> _ByColour | None:
    """A colour identifies a mark alone only where no other mark has it; a series' colour with the
    mark's label (the reader decodes the legend for the series); else None."""
    colour = colour_of(chart, p)
    if colour is None:
        return None
    who, names = _mark_named(fact, chart, p)
    if sum(colour_of(chart, x) == colour for x in chart.data) == 1:
        if p.label in chart.visualProperties.highlightedItems:
            return None  # the accent colour of a highlighted mark, whose pointer names it
        return _ByColour(f"the {colour} mark", "Which mark is it", f"The {colour} mark is {who}", names)
    if p.category is None or p.label.lower() == p.category.lower() or not colour_keyed(chart, p):
        return None  # the series is named on the chart (an axis, its marks, a highlight's pointer)
    find = f"the {colour} mark for {p.label}"
    named = f"The {colour} mark for {p.label} is in the {p.category} series ({who})"
    return _ByColour(find, "Which series is it in", named, [cc.label(p.category)])


def _colour_finds(fact: TextFact, chart: Chart, p: DataPoint) -> bool:
    """True when an L5 question can find the claim's mark by its colour among at least three
    series or marks (:func:`_by_colour`)."""
    return _by_colour(fact, chart, p) is not None and len(ordered_series(chart)) + len(chart.data) >= 3


def _text_names(ctx: Context, fact: TextFact, chart: Chart, p: DataPoint) -> bool:
    """The report quotes a figure of the claim's kind for this one mark of the chart (with the
    label the question names, where it asks the series): the text names the mark, and the colour
    decides nothing (blind52: picked 20 of 20 without the chart; review55: 3 of 57, 6 of 46)."""
    found = _by_colour(fact, chart, p)
    by_label = found is not None and found.ask.startswith("Which series")
    return relation_names_mark(ctx.manifest, chart.vizId, fact.values, by_label)


def _claim_gap(
    ctx: Context,
    i: int,
    fact: TextFact,
    chart: Chart,
    p: DataPoint,
    level: Difficulty,
    rng: np.random.Generator,
) -> Draft | None:
    """L2: how far the charted value is from the stated figure (in a smaller unit when the unit
    has a scale word); L5: the same for a mark the question names only by its colour."""
    found = _by_colour(fact, chart, p)
    if level == "L5" and not _colour_finds(fact, chart, p):
        return None
    try:
        claimed, stated = _stated(ctx, i, fact, chart)
    except (KeyError, ValueError):
        return None
    v = fact.values
    fig, rel, who = figure_ref(chart), v.get("relation", "figure"), claim_subject(fact, chart, p)
    unit = v.get("unit") or value_unit(chart)
    read = qc.point_term(chart, p)
    gap_term = arith.difference_term(read, claimed, "abs_difference")
    decimals = decimals_of(p.value, claimed.value)
    gap = qc.derived_value(gap_term, diff_unit(unit), decimals)
    converted = cc.converted(gap_term, decimals, unit) if level == "L2" and unit != "%" else None
    shown = converted or gap
    in_unit = f", in {converted.unit}" if converted is not None else ""
    if level == "L2":
        q = pick(
            rng,
            [
                f"How far is the value {fig} shows for {who} from the {rel} the report states for "
                f"it{in_unit}?",
                f"The report gives {article(rel)} for {who}. By how much does the charted value in {fig} "
                f"differ from it{in_unit}?",
            ],
        )
        first = f"The gap is {shown.said()}"
    else:
        assert found is not None
        q = pick(
            rng,
            [
                f"The report quotes {article(rel)} for {found.find} in {fig}. {found.ask}, and how far is "
                "its charted value from that figure?",
                f"Find {found.find} in {fig}. {found.ask}, and by how much does the chart differ "
                f"from the {rel} the report states for it?",
            ],
        )
        first = f"{found.named}, and the gap is {shown.said()}"
    ans = f"{first}: {fig} puts {who} at {val(chart, p)}, against the report's {rel} of {stated}."
    steps = [
        f"Find the {rel} for {who} in the text ({fact.section_id}): {stated}.",
        f"Read {who} in {fig}: {val(chart, p)}.",
        f"Take the gap: |{fmt_num(p.value)} - {fmt_num(claimed.value)}| = {gap.text}"
        + (f", or {converted.text} {converted.unit}." if converted is not None else "."),
    ]
    if found is not None and level == "L5":
        steps.insert(0, f"Find {found.find} by its colour in {fig}: {who}.")
    values: list[Value] = [shown] if level == "L2" or found is None else [*found.names, gap]
    return Draft(CATEGORY, level, q, ans, values, steps, [chart], [p], [i])


def _colour_side(
    ctx: Context, i: int, fact: TextFact, chart: Chart, p: DataPoint, rng: np.random.Generator
) -> Draft | None:
    """L5 where the mark is read too loosely for its gap to be asked as a number (off an axis, a
    miss sits 2-3 reading tolerances from its mark): which mark the colour names, on which side
    of the text's figure the chart puts it, which a reading that far off decides, and the charted
    value as a percentage of that figure (a ratio holds the reading's own relative tolerance, so
    a loose reading still pins it; the side alone would ask no arithmetic)."""
    found = _by_colour(fact, chart, p)
    try:
        claimed, stated = _stated(ctx, i, fact, chart)
    except (KeyError, ValueError):
        return None
    v = fact.values
    claim = Claim(i, fact, chart, p, claimed, v.get("unit") or value_unit(chart), v.get("relation", "figure"))
    if found is None or abs(p.value - claimed.value) < MISS_TOLS * claim.charted.tol:
        return None
    share = arith.share_value(qc.point_term(chart, p), claimed)
    if not qc.pinned(share.av) or not side_drawn(ctx, CATEGORY, "L5", claim.side):
        return None
    fig, rel, who = figure_ref(chart), claim.relation, claim.subject
    q = pick(
        rng,
        [
            f"The report quotes {article(rel)} for {found.find} in {fig}. {found.ask}, does the chart "
            "put it above or below that figure, and what percentage of the figure is its charted value?",
            f"Find {found.find} in {fig}. {found.ask}, is its charted value higher or lower than the "
            f"{rel} the report states for it, and what percentage of that {rel} does it reach?",
        ],
    )
    ans = (
        f"{found.named}, and the chart puts it {claim.side} the report's {rel}, at {share.said()} of "
        f"it: {fig} shows {val(chart, p)}, against {stated}."
    )
    steps = [
        f"Find {found.find} by its colour in {fig}: {who}.",
        f"Find the {rel} for {who} in the text ({fact.section_id}): {stated}.",
        f"Read {who} in {fig}: {val(chart, p)}, {claim.side} {stated}.",
        f"Divide: {fmt_num(p.value)} / {fmt_num(claimed.value)} × 100 = {share.text}%.",
    ]
    values: list[Value] = [*found.names, claim.side_value(), share]
    return Draft(CATEGORY, "L5", q, ans, values, steps, [chart], [p], [i])


def _trend_period(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """L3: the mean or total over the period a trend statement covers, else over the period the
    report credits to a cause (not restated). Not over the whole series: a trend statement on
    the chart's whole span (the years in its title) leaves the text nothing to give. The period's
    statement is one a reader cannot mistake and a trend the chart bears out
    (``period_measures.period_source``), and no one reading answers the number (``cc.aggregate``)."""
    for kind in ("trend_claim", "cause"):
        for i in qc.shuffled(ctx.facts_of(kind), rng):
            fact = ctx.manifest.text_facts[i]
            v = fact.values
            chart = ctx.chart(v.get("viz_id", ""))
            if chart is None or chart.section_id == fact.section_id:
                continue
            if kind == "cause" and not cc.sole_cause(ctx, i):
                continue  # "the years it credits" must name one period
            s = cc.span(ctx, chart, v.get("series") or None, v.get("start", ""), v.get("end", ""))
            if s is None or not period_source(ctx.manifest, i):
                continue
            asked = cc.ask_aggregate(ctx, s, rng, _period_questions(s, kind), convert=True)
            if asked is None:
                continue
            key = f"trend:{i}:aggregate" if kind == "trend_claim" else f"cause:{i}:technical"
            if ctx.claim(key):
                return _over_period(i, fact, s, *asked)
    return None


def _over_period(i: int, fact: TextFact, s: cc.Span, found: cc.Aggregate, q: str) -> Draft:
    num, what, step = found.num, found.what, found.step
    ans = (
        f"The text covers {cc.years_of(s)}; over those {len(s.marks)} years the {what} value "
        f"for {s.name} comes to {cc.said(num)}."
    )
    steps = [
        f"Find the period of the text's statement on {s.name} ({fact.section_id}): {cc.years_of(s)}.",
        f"Read every year of it in {s.fig}: " + ", ".join(s.at(p) for p in s.marks) + ".",
        step,
    ]
    values: list[Value] = [num]
    return Draft(CATEGORY, "L3", q, ans, values, steps, [s.chart], list(s.marks), [i])


def _which_factor(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """L4: the factor the report credits for how a series developed, and how much the series
    changed over the period that statement covers: the period comes from the text (not restated,
    not the whole series), so the chart is read where the text points."""
    found = []
    for i in qc.shuffled(ctx.facts_of("cause"), rng):
        v = ctx.manifest.text_facts[i].values
        chart = ctx.chart(v.get("viz_id", ""))
        if chart is None or not cc.sole_cause(ctx, i):
            continue
        s = cc.span(ctx, chart, v.get("series") or None, v["start"], v["end"])
        if s is not None and not s.whole and ctx.fact_free(i, chart, "complex"):
            found.append((i, s))
    # the period is not printed: one ending in the last year comes first by chance only
    for i, s in cc.ends_balanced(found, lambda x: x[1], rng):
        if not ctx.claim(f"cause:{i}:technical"):
            continue
        fact, chart = ctx.manifest.text_facts[i], s.chart
        v = fact.values
        ch = cc.change(s)
        q = pick(
            rng,
            [
                f"The report credits one factor with how {s.name} developed over a stretch of years. "
                f"Which factor is it, and by how much did {s.name} change in {s.fig} over that stretch?",
                f"What does the report give as the main reason for the course of {s.name} over the years "
                f"it explains, and how large was the change {s.fig} shows over those years?",
            ],
        )
        ans = (
            f"{cap(v['actor'])} {agree(v['actor'], 'credits')} {v['cause']} for {cc.years_of(s)}; "
            f"over those years {s.name} moved {cc.moved(s, ch)}."
        )
        steps = [
            f"Find the cause the report states for {s.name} and its period ({fact.section_id}): "
            f"{v['cause']}, {cc.years_of(s)}.",
            f"Read {s.name} in {s.first.label} and {s.last.label} from {s.fig}.",
            f"Subtract: {cc.subtraction(s, ch)}.",
        ]
        values: list[Value] = [cc.label(v["cause"]), ch]
        return Draft(CATEGORY, "L4", q, ans, values, steps, [chart], [s.first, s.last], [i])
    return None


def _period_questions(s: cc.Span, kind: str) -> Callable[[cc.Aggregate], list[str]]:
    """The ways to ask for the total or mean over the period a text statement on ``s`` covers
    (a trend statement, or a cause the report credits for the series' course)."""

    def ask(f: cc.Aggregate) -> list[str]:
        if kind == "cause":
            return [
                f"The report credits one factor with how {s.name} developed over a stretch of years. Over "
                f"that stretch, what is the {f.what} value {s.fig} shows for it{f.in_unit}?",
                f"Take the years for which the report names the main reason behind the course of {s.name}. "
                f"What {f.what} value for {s.name} over those years does {s.fig} give{f.in_unit}?",
            ]
        return [
            f"The report's text describes how {s.name} developed over a stretch of years. Over that "
            f"stretch, what is the {f.what} value {s.fig} shows for it{f.in_unit}?",
            f"Take the period the report's commentary on {s.name} covers. What {f.what} value for "
            f"{s.name} over those years does {s.fig} give{f.in_unit}?",
        ]

    return ask


def _change_term(chart: Chart, s: cc.Span) -> qc.Term:
    """The span's change (last minus first mark) as an operand of a further step."""
    return arith.difference_term(qc.point_term(chart, s.last), qc.point_term(chart, s.first))


def _trade_off(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """L2: over the period the text credits to a cause, one series of the chart gains while
    another loses: which gains most, and the swing between the two changes."""
    for i in qc.shuffled(ctx.facts_of("cause"), rng):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        chart = ctx.chart(v.get("viz_id", ""))
        if chart is None or len(ordered_series(chart)) < 2:
            continue
        spans = [cc.span(ctx, chart, series, v["start"], v["end"]) for series in ordered_series(chart)]
        if any(s is not None and s.whole for s in spans):
            continue  # the period is the chart's whole span: the text step decides nothing
        ups = [s for s in spans if s is not None and s.last.value > s.first.value]
        downs = [s for s in spans if s is not None and s.last.value < s.first.value]
        if not ups or not downs or not ctx.claim(f"cause:{i}:trade-off"):
            continue
        up = max(ups, key=lambda s: s.last.value - s.first.value)
        down = max(downs, key=lambda s: s.first.value - s.last.value)
        unit = value_unit(chart)
        rise, drop = _change_term(chart, up), _change_term(chart, down)
        gain = arith.difference_value(qc.point_term(chart, up.last), qc.point_term(chart, up.first), unit)
        loss = arith.difference_value(qc.point_term(chart, down.first), qc.point_term(chart, down.last), unit)
        swing = arith.difference_value(rise, drop, unit)
        fig = figure_ref(chart)
        q = pick(
            rng,
            [
                f"Over the years the report credits to {v['cause']}, which series in {fig} gained the most, "
                "and by how much did its change outrun that of the series that lost the most?",
                f"Weigh the trade-off {fig} shows over the period the report attributes to {v['cause']}: "
                "which series rose furthest, and how wide is the swing between its change and that of the "
                "series that dropped furthest?",
            ],
        )
        ans = (
            f"From {up.first.label} to {up.last.label}, {up.name} gained most, {gain.said()} "
            f"({up.at(up.first)} to {up.at(up.last)}), while {down.name} lost most, {loss.said()} "
            f"({down.at(down.first)} to {down.at(down.last)}): a swing of {swing.said()}."
        )
        steps = [
            f"Find the period the report credits to {v['cause']} ({fact.section_id}): {cc.years_of(up)}.",
            f"Read every series at both ends in {fig}: {up.name} gains most, {down.name} loses most.",
            f"Take the changes and their gap: ({fmt_num(up.last.value)} - {fmt_num(up.first.value)}) - "
            f"({fmt_num(down.last.value)} - {fmt_num(down.first.value)}) = {swing.text}.",
        ]
        values: list[Value] = [cc.label(up.name), swing]
        marks = [up.first, up.last, down.first, down.last]
        return Draft(CATEGORY, "L2", q, ans, values, steps, [chart], marks, [i])
    return None
