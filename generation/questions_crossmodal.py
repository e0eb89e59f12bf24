"""Cross-modal questions (Table 14): verify with chart, integrate sources, compare representations.

Each question pairs a text fact (a ``chart_claim`` or ``trend_claim``) with the chart it
talks about; the answer combines the fact's wording with values read only from the chart.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generation.phrasing import (
    article,
    decimals_of,
    figure_ref,
    fmt_num,
    pick,
    unambiguous_colours,
    value_unit,
    with_unit,
)
from generation.questions_chart import cap, ordered_series, series_name, val
from generation.questions_common import (
    DIRECTION_ALIASES,
    Builder,
    Context,
    Draft,
    derived_value,
    difference_value,
    direction,
    exact_value,
    find_point,
    label_value,
    pct_change_value,
    read_value,
    share_value,
    tol_of,
)
from synthdocbench_tasks.schema import AnswerValue, Chart, DataPoint, Difficulty, TextFact


def verdict_value(agrees: bool) -> AnswerValue:
    """Whether the chart bears the text out (a fresh object: records never share values)."""
    if agrees:
        return label_value("matches", ["confirms", "bears out", "in line with"])
    return label_value("contradicts", ["inconsistent", "does not match", "disagrees", "at odds"])


@dataclass
class Claim:
    index: int
    fact: TextFact
    chart: Chart
    point: DataPoint
    claimed: float
    unit: str | None
    relation: str

    @property
    def subject(self) -> str:
        p = self.point
        return f"{p.category} in {p.label}" if p.category else p.label


@dataclass
class TrendClaim:
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


def _claims(ctx: Context, rng: np.random.Generator) -> list[Claim]:
    out = []
    for i in ctx.facts_of("chart_claim"):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        chart = ctx.chart(v.get("viz_id", ""))
        if chart is None:
            continue
        point = find_point(chart, v.get("label", ""), v.get("series"))
        try:
            claimed = float(v.get("claimed_value", ""))
        except ValueError:
            continue
        if point is None or not ctx.readable(point):
            continue
        # a claim the chart cannot tell apart from its own value would make the verdict moot
        if abs(point.value - claimed) <= 1.2 * tol_of(chart, point.value):
            continue
        unit = v.get("unit") or value_unit(chart)
        out.append(Claim(i, fact, chart, point, claimed, unit, v.get("relation", "figure")))
    return [out[i] for i in rng.permutation(len(out))]


def _trend_claims(ctx: Context, rng: np.random.Generator) -> list[TrendClaim]:
    out = []
    for i in ctx.facts_of("trend_claim"):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        chart = ctx.chart(v.get("viz_id", ""))
        if chart is None:
            continue
        groups = ordered_series(chart)
        series = v.get("series") or None
        if series not in groups:
            continue
        first = find_point(chart, v.get("start", ""), series)
        last = find_point(chart, v.get("end", ""), series)
        if first is None or last is None or not (ctx.readable(first) and ctx.readable(last)):
            continue
        span = groups[series]
        i0, i1 = span.index(first), span.index(last)
        actual = direction([p.value for p in span[i0 : i1 + 1]]) if i0 < i1 else None
        claimed = v.get("direction", "")
        if actual is None or claimed not in DIRECTION_ALIASES:
            continue
        out.append(TrendClaim(i, fact, chart, series, first, last, claimed, actual))
    return [out[i] for i in rng.permutation(len(out))]


def _side(claim: Claim) -> str:
    return "above" if claim.point.value > claim.claimed else "below"


def _side_value(claim: Claim) -> AnswerValue:
    side = _side(claim)
    return label_value(side, ["higher", "exceeds", "more"] if side == "above" else ["lower", "short", "less"])


def _gap(claim: Claim) -> AnswerValue:
    tol = tol_of(claim.chart, claim.point.value)
    unit = "pp" if claim.unit == "%" else claim.unit
    return derived_value(
        abs(claim.point.value - claim.claimed), unit, tol, decimals_of(claim.point.value, claim.claimed)
    )


def _claim_step(ctx: Context, claim: Claim) -> str:
    section = claim.fact.section_id
    return (
        f"Find the text's claim (section {section}): {article(claim.relation)} of "
        f"{_u(claim, claim.claimed)} for "
        f"{claim.subject}."
    )


def _u(claim: Claim, x: float) -> str:
    return with_unit(fmt_num(x), claim.unit)


def _gap_text(claim: Claim, gap: AnswerValue) -> str:
    return with_unit(gap.text, gap.unit)


# --- verify with chart -----------------------------------------------------------------


def verify_with_chart(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    if level not in ("L2", "L3", "L4"):
        return None
    for claim in _claims(ctx, rng):
        if not ctx.claim(f"claim:{claim.index}:verify"):
            continue
        fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
        c, v, side = _u(claim, claim.claimed), val(claim.chart, claim.point), _side(claim)
        read = f"Locate the chart that plots {subj}, {fig}, and read it: {v}."
        gap = _gap(claim)
        if level == "L2":
            q = pick(
                rng,
                [
                    f"The text gives {article(rel)} of {c} for {subj}. Does the chart that plots {subj} "
                    "bear this "
                    "out, and what value does it show?",
                    f"According to the prose, the {rel} for {subj} is {c}. Is that what the matching chart "
                    "shows? Give the charted value.",
                ],
            )
            a = f"No: {fig} shows {subj} at {v}, which is {side} the stated {rel} of {c}."
            steps = [
                _claim_step(ctx, claim),
                read,
                f"Compare: {v} is {side} {c}, so the chart does not confirm it.",
            ]
            values = [_side_value(claim), read_value(claim.chart, claim.point)]
        elif level == "L3":
            pct = pct_change_value(
                claim.claimed, 0.0, claim.point.value, tol_of(claim.chart, claim.point.value)
            )
            q = pick(
                rng,
                [
                    f"The report cites {article(rel)} of {c} for {subj}. How far, in absolute and relative "
                    "terms, "
                    "is the charted value from it?",
                    f"Taking the {rel} of {c} for {subj} stated in the text, quantify how the chart's value "
                    "differs from it.",
                ],
            )
            a = (
                f"{fig} shows {v}, which is {_gap_text(claim, gap)} {side} the {rel}, "
                f"a relative difference of {pct.text}%."
            )
            steps = [
                _claim_step(ctx, claim),
                read,
                f"Absolute difference: |{fmt_num(claim.point.value)} - {fmt_num(claim.claimed)}| = "
                f"{gap.text}.",
                f"Relative to the {rel}: {pct.text}%.",
            ]
            values = [read_value(claim.chart, claim.point), gap, pct]
        else:
            verb = "exceed" if side == "above" else "fall short of"
            q = pick(
                rng,
                [
                    f"Judging by the chart, does {subj} exceed or fall short of the {rel} mentioned in the "
                    "text, and by how much?",
                    f"The text sets out {article(rel)} for {subj}. Using the chart, is the actual value "
                    "above or "
                    f"below that {rel}, and by what margin?",
                ],
            )
            a = (
                f"The text's {rel} is {c}, while {fig} shows {v}, so it does {verb} the {rel} "
                f"by {_gap_text(claim, gap)} ({side})."
            )
            steps = [
                _claim_step(ctx, claim),
                f"Identify the chart covering {subj} in another section: {fig}.",
                f"Read its value: {v}.",
                f"Compare with the {rel}: {side} by {gap.text}.",
            ]
            values = [
                exact_value(claim.claimed, claim.unit),
                _side_value(claim),
                read_value(claim.chart, claim.point),
                gap,
            ]
        return Draft(
            "verify_with_chart", level, q, a, values, steps, [claim.chart], [claim.point], [claim.index]
        )
    return None


# --- integrate sources -----------------------------------------------------------------


def integrate_sources(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    if level == "L3":
        return _integrate_gap(ctx, rng) or _integrate_period(ctx, rng)
    if level == "L4":
        return _integrate_ratio(ctx, rng)
    return None


def _integrate_gap(ctx: Context, rng: np.random.Generator) -> Draft | None:
    for claim in _claims(ctx, rng):
        if not ctx.claim(f"claim:{claim.index}:integrate"):
            continue
        fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
        c, v, gap = _u(claim, claim.claimed), val(claim.chart, claim.point), _gap(claim)
        q = pick(
            rng,
            [
                f"What is the gap between the {rel} the text states for {subj} and the value the chart "
                "shows?",
                f"Combining the prose and the figures: how far apart are the stated {rel} for {subj} and its "
                "charted value?",
            ],
        )
        a = (
            f"The text states {article(rel)} of {c}, while {fig} shows {v}; the gap is "
            f"{_gap_text(claim, gap)}."
        )
        steps = [
            _claim_step(ctx, claim),
            f"Find the chart for {subj}: {fig}.",
            f"Read it: {v}.",
            f"Subtract: |{fmt_num(claim.point.value)} - {fmt_num(claim.claimed)}| = {gap.text}.",
        ]
        values = [exact_value(claim.claimed, claim.unit), read_value(claim.chart, claim.point), gap]
        return Draft(
            "integrate_sources", "L3", q, a, values, steps, [claim.chart], [claim.point], [claim.index]
        )
    return None


def _integrate_ratio(ctx: Context, rng: np.random.Generator) -> Draft | None:
    for claim in _claims(ctx, rng):
        if claim.claimed <= 0 or claim.point.value <= 0 or not ctx.claim(f"claim:{claim.index}:integrate"):
            continue
        fig, subj, rel = figure_ref(claim.chart), claim.subject, claim.relation
        c, v = _u(claim, claim.claimed), val(claim.chart, claim.point)
        share = share_value(claim.point.value, tol_of(claim.chart, claim.point.value), claim.claimed, 0.0)
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
            f"({_side(claim)} it)."
        )
        steps = [
            _claim_step(ctx, claim),
            f"Find the chart for {subj} in another section: {fig}.",
            f"Read it: {v}.",
            f"Divide: {fmt_num(claim.point.value)} / {fmt_num(claim.claimed)} = {share.text}%.",
            f"Interpret: the charted value is {_side(claim)} the {rel}.",
        ]
        values = [exact_value(claim.claimed, claim.unit), read_value(claim.chart, claim.point), share]
        return Draft(
            "integrate_sources", "L4", q, a, values, steps, [claim.chart], [claim.point], [claim.index]
        )
    return None


def _integrate_period(ctx: Context, rng: np.random.Generator) -> Draft | None:
    for tc in _trend_claims(ctx, rng):
        if not ctx.claim(f"trend:{tc.index}:integrate"):
            continue
        fig, name = figure_ref(tc.chart), tc.name
        f, last = tc.first, tc.last
        unit = value_unit(tc.chart)
        change = difference_value(
            last.value, tol_of(tc.chart, last.value), f.value, tol_of(tc.chart, f.value), unit
        )
        q = pick(
            rng,
            [
                f"The report describes how {name} moved between {f.label} and {last.label}. Using the chart, "
                "by how much did it change over exactly that period?",
                f"For the period the text discusses for {name} ({f.label} to {last.label}), what net change "
                "does the chart show?",
            ],
        )
        a = (
            f"{fig} shows {name} going from {val(tc.chart, f)} to {val(tc.chart, last)}, "
            f"a net change of {with_unit(change.text, change.unit)}."
        )
        steps = [
            f"Find the text's statement about {name} from {f.label} to {last.label} (section "
            f"{tc.fact.section_id}).",
            f"Locate {fig} and read {f.label}: {val(tc.chart, f)}.",
            f"Read {last.label}: {val(tc.chart, last)}.",
            f"Subtract: {fmt_num(last.value)} - {fmt_num(f.value)} = {change.text}.",
        ]
        values = [read_value(tc.chart, f), read_value(tc.chart, last), change]
        return Draft("integrate_sources", "L3", q, a, values, steps, [tc.chart], [f, last], [tc.index])
    return None


# --- compare representations -----------------------------------------------------------


def compare_representations(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    if level not in ("L2", "L3", "L4", "L5"):
        return None
    for tc in _trend_claims(ctx, rng):
        colours = unambiguous_colours(tc.chart)
        if level == "L5" and tc.series not in colours:
            continue
        if not ctx.claim(f"trend:{tc.index}:compare"):
            continue
        return _compare(tc, level, rng, colours.get(str(tc.series), ""))
    return None


def _compare(tc: TrendClaim, level: Difficulty, rng: np.random.Generator, colour: str) -> Draft:
    fig, name, f, last = figure_ref(tc.chart), tc.name, tc.first, tc.last
    chart = tc.chart
    agrees = tc.actual == tc.claimed
    verdict = verdict_value(agrees)
    v0, v1 = val(chart, f), val(chart, last)
    claim_step = (
        f"Find the text's description (section {tc.fact.section_id}): {name} {tc.claimed} from {f.label} "
        f"to {last.label}."
    )
    read_step = f"In {fig}, read {name} at {f.label} and {last.label}: {v0} and {v1}."
    judge_step = f"The chart shows that it {tc.actual}, which {verdict.text} the text."
    direction_value = label_value(tc.actual, DIRECTION_ALIASES[tc.actual])
    values: list[AnswerValue] = [verdict, direction_value, read_value(chart, f), read_value(chart, last)]
    if level == "L2":
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
        unit = value_unit(chart)
        change = difference_value(
            last.value, tol_of(chart, last.value), f.value, tol_of(chart, f.value), unit
        )
        q = (
            f"The prose states that {name} {tc.claimed} from {f.label} to {last.label}. By how much did it "
            "change according to the chart, and does that fit the description?"
        )
        a = (
            f"{fig} shows a change of {with_unit(change.text, change.unit)} ({v0} to {v1}), "
            f"so it {tc.actual} and the chart {verdict.text} the text."
        )
        steps = [claim_step, read_step, f"Subtract: {change.text}.", judge_step]
        values = [verdict, read_value(chart, f), read_value(chart, last), change]
    elif level == "L4":
        pct = pct_change_value(f.value, tol_of(chart, f.value), last.value, tol_of(chart, last.value))
        q = (
            f"How well does the text's account that {name} {tc.claimed} between {f.label} and {last.label} "
            "match the chart, and what relative change does the chart imply?"
        )
        a = (
            f"The chart {verdict.text} the text: {name} moves from {v0} to {v1}, a {pct.text}% change, so "
            f"it {tc.actual}."
        )
        steps = [
            claim_step,
            f"Locate the chart of {name} in the document: {fig}.",
            read_step,
            f"Relative change: ({fmt_num(last.value)} - {fmt_num(f.value)}) / {fmt_num(f.value)} = "
            f"{pct.text}%.",
            judge_step,
        ]
        values = [verdict, pct, read_value(chart, f), read_value(chart, last)]
    else:
        q = (
            f"The text says that {name} {tc.claimed} from {f.label} to {last.label}. In the chart that shows "
            f"it, which colour represents {name}, and does that line bear the text out?"
        )
        a = (
            f"{cap(name)} is drawn in {colour} in {fig}; it goes from {v0} to {v1}, so it {tc.actual} and "
            f"the chart {verdict.text} the text."
        )
        steps = [f"Use the legend of {fig}: {name} is {colour}.", read_step, judge_step]
        values = [label_value(colour), *values]
    return Draft("compare_representations", level, q, a, values, steps, [chart], [f, last], [tc.index])


BUILDERS: dict[str, Builder] = {
    "verify_with_chart": verify_with_chart,
    "integrate_sources": integrate_sources,
    "compare_representations": compare_representations,
}
