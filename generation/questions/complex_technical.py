"""Technical / quantitative complex questions: a figure or period the text states in one
section, worked out against a chart in another (readings, differences with a change of unit,
means and totals over a period, the factor behind the clearest mover, a mark found by colour)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from generation.charts.colours import colour_of
from generation.document.grammar import agree
from generation.questions import arithmetic as arith
from generation.questions import common as qc
from generation.questions import complex_core as cc
from generation.questions.chart import cap, ordered_series, val
from generation.questions.common import Context, Draft, Value
from generation.questions.crossmodal_claims import MISS_TOLS, Claim, claim_mark, claim_subject
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
from synthdocbench_tasks.schema import Chart, DataPoint, Difficulty, TextFact

CATEGORY = "technical_quantitative"


def technical_quantitative(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    if level == "L2" and rng.random() < 0.5:
        return _trade_off(ctx, rng) or _claims_at(ctx, level, rng)
    if level == "L2":
        return _claims_at(ctx, level, rng) or _trade_off(ctx, rng)
    if level in ("L1", "L5"):
        return _claims_at(ctx, level, rng)
    if level == "L3":
        return _trend_period(ctx, rng)
    return _which_factor(ctx, rng)


def _claims_at(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    """A stated figure's mark (L1), its gap to the chart (L2), or both for a mark found by colour (L5)."""
    for i, fact, chart, p in _claims(ctx, rng):
        if not ctx.claim(f"claim:{i}:complex"):
            continue
        if level == "L1":
            return _claim_mark(ctx, i, fact, chart, p, rng)
        found = _claim_gap(ctx, i, fact, chart, p, level, rng)
        if found is not None and not qc.informative(found):
            # read too loosely for its gap: L5 asks the side instead, L2 another claim or a trade-off
            found = _colour_side(ctx, i, fact, chart, p, rng) if level == "L5" else None
        if found is not None:
            return found
    return None


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


def _claim_mark(
    ctx: Context, i: int, fact: TextFact, chart: Chart, p: DataPoint, rng: np.random.Generator
) -> Draft:
    """L1: the text says which mark a source set a figure for; the chart gives the actual value."""
    v = fact.values
    fig, rel = figure_ref(chart), v.get("relation", "figure")
    who = claim_mark(fact, chart, p)
    q = pick(
        rng,
        [
            f"The report quotes {article(rel)} for one of the marks in {fig}. Which mark is it, and what "
            "value does the chart actually show for it?",
            f"One passage of the report sets {article(rel)} against a single mark of {fig}. Name that "
            "mark and give its charted value.",
        ],
    )
    ans = f"The {rel} concerns {who}; {fig} shows {val(chart, p)} for it."
    steps = [
        f"Find the {rel} in the text ({fact.section_id}): it concerns {who}.",
        f"Read {who} in {fig}: {val(chart, p)}.",
    ]
    values: list[Value] = [qc.mark_label(p), qc.read_value(chart, p)]
    return Draft(CATEGORY, "L1", q, ans, values, steps, [chart], [p], [i])


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
    colour = colour_of(chart, p)
    if level == "L5" and (colour is None or len(ordered_series(chart)) + len(chart.data) < 3):
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
        q = pick(
            rng,
            [
                f"{fig} draws one mark in {colour}, and the report quotes {article(rel)} for it. Which mark "
                "is it, and how far is its charted value from that figure?",
                f"Find the {colour} mark in {fig}. Which mark is it, and by how much does the chart differ "
                f"from the {rel} the report states for it?",
            ],
        )
        first = f"The {colour} mark is {claim_mark(fact, chart, p)}, and the gap is {shown.said()}"
    ans = f"{first}: {fig} puts {who} at {val(chart, p)}, against the report's {rel} of {stated}."
    steps = [
        f"Find the {rel} for {who} in the text ({fact.section_id}): {stated}.",
        f"Read {who} in {fig}: {val(chart, p)}.",
        f"Take the gap: |{fmt_num(p.value)} - {fmt_num(claimed.value)}| = {gap.text}"
        + (f", or {converted.text} {converted.unit}." if converted is not None else "."),
    ]
    if level == "L5":
        steps.insert(0, f"Find the {colour} mark by its colour in {fig}: {who}.")
    values: list[Value] = [shown] if level == "L2" else [qc.mark_label(p), gap]
    return Draft(CATEGORY, level, q, ans, values, steps, [chart], [p], [i])


def _colour_side(
    ctx: Context, i: int, fact: TextFact, chart: Chart, p: DataPoint, rng: np.random.Generator
) -> Draft | None:
    """L5 where the mark is read too loosely for its gap to be asked as a number (off an axis, a
    miss sits 2-3 reading tolerances from its mark): which mark the colour names, and on which
    side of the text's figure the chart puts it, which a reading that far off decides."""
    colour = colour_of(chart, p)
    try:
        claimed, stated = _stated(ctx, i, fact, chart)
    except (KeyError, ValueError):
        return None
    v = fact.values
    claim = Claim(i, fact, chart, p, claimed, v.get("unit") or value_unit(chart), v.get("relation", "figure"))
    if colour is None or abs(p.value - claimed.value) < MISS_TOLS * claim.charted.tol:
        return None
    fig, rel, who = figure_ref(chart), claim.relation, claim.subject
    q = pick(
        rng,
        [
            f"{fig} draws one mark in {colour}, and the report quotes {article(rel)} for it. Which mark "
            "is it, and does the chart put it above or below that figure?",
            f"Find the {colour} mark in {fig}. Which mark is it, and is its charted value higher or "
            f"lower than the {rel} the report states for it?",
        ],
    )
    ans = (
        f"The {colour} mark is {claim_mark(fact, chart, p)}, and the chart puts it {claim.side} the "
        f"report's {rel}: {fig} shows {val(chart, p)}, against {stated}."
    )
    steps = [
        f"Find the {colour} mark by its colour in {fig}: {who}.",
        f"Find the {rel} for {who} in the text ({fact.section_id}): {stated}.",
        f"Read {who} in {fig}: {val(chart, p)}, {claim.side} {stated}.",
    ]
    values: list[Value] = [qc.mark_label(p), claim.side_value()]
    return Draft(CATEGORY, "L5", q, ans, values, steps, [chart], [p], [i])


def _trend_period(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """L3: the mean or total over the period a trend statement covers (not restated)."""
    for i in qc.shuffled(ctx.facts_of("trend_claim"), rng):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        chart = ctx.chart(v.get("viz_id", ""))
        if chart is None or chart.section_id == fact.section_id:
            continue
        s = cc.span(ctx, chart, v.get("series") or None, v.get("start", ""), v.get("end", ""))
        if s is None:
            continue
        asked = cc.ask_aggregate(ctx, s, rng, _period_questions(s), convert=True)
        if asked is None or not ctx.claim(f"trend:{i}:aggregate"):
            continue
        found, q = asked
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
        return Draft(CATEGORY, "L3", q, ans, values, steps, [chart], list(s.marks), [i])
    return None


def _which_factor(ctx: Context, rng: np.random.Generator) -> Draft | None:
    """L4: the series that moved most over a period, and the factor the text credits for it."""
    for i in qc.shuffled(ctx.facts_of("cause"), rng):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        chart = ctx.chart(v.get("viz_id", ""))
        if chart is None:
            continue
        s = cc.span(ctx, chart, v.get("series") or None, v["start"], v["end"])
        if s is None or not ctx.claim(f"cause:{i}:technical"):
            continue
        several = len(ordered_series(chart)) >= 2
        ch = cc.change(s)
        if several:
            q = pick(
                rng,
                [
                    f"Between {s.first.label} and {s.last.label}, which series in {s.fig} changed the most, "
                    "and which factor does the report credit for that change?",
                    f"Which series of {s.fig} moved furthest from {s.first.label} to {s.last.label}, and "
                    "what does the report give as the main reason?",
                ],
            )
        else:
            q = pick(
                rng,
                [
                    f"How much did {s.name} change in {s.fig} between {s.first.label} and {s.last.label}, "
                    "and which factor does the report credit for it?",
                    f"Given the factor the report names for how {s.name} developed from {s.first.label} to "
                    f"{s.last.label}, what is that factor, and how large was the change on {s.fig}?",
                ],
            )
        ans = (
            f"{cap(s.name)} moved {cc.moved(s, ch)}; "
            f"{v['actor']} {agree(v['actor'], 'credits')} {v['cause']}."
        )
        steps = [
            f"Read each series in {s.first.label} and {s.last.label} from {s.fig}.",
            f"Compare the changes: {s.name} moved most." if several else f"Read {s.name} at both ends.",
            f"Subtract: {cc.subtraction(s, ch)}.",
            f"Find the cause the report states for that period ({fact.section_id}): {v['cause']}.",
        ]
        steps[2], steps[3] = steps[3], steps[2]
        # the series that moved most and the factor; a single series: its change and the factor
        values: list[Value] = [cc.label(s.name) if several else ch, cc.label(v["cause"])]
        return Draft(CATEGORY, "L4", q, ans, values, steps, [chart], [s.first, s.last], [i])
    return None


def _period_questions(s: cc.Span) -> Callable[[cc.Aggregate], list[str]]:
    """The ways to ask for the total or mean over the period a text statement on ``s`` covers."""

    def ask(f: cc.Aggregate) -> list[str]:
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
