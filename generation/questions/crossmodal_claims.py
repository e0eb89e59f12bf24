"""The text claims cross-modal questions are built on: a number a text fact states about one
chart mark, or a direction it states for one series, and whether the chart bears it out.

A claim's verdict is the one separation of :func:`generation.document.claims.claim_verdict`,
the same on a chart that prints its values and on one read off its axis: it matches what the
chart shows at the chart's precision, or it is off by a margin no reader of either kind of chart
takes for agreement; a claim between the two is never asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

import numpy as np

from generation.charts.data_parts import CHANGE_TITLE
from generation.charts.registry import chart_type, holds_two_measures, level_then_changes
from generation.document.claims import RULE_RELATIONS, claim_verdict, text_decimals
from generation.questions import arithmetic as arith
from generation.questions import common as qc
from generation.questions.chart import mean_needs_no_reading, ordered_series, series_name
from generation.questions.common import Context, Draft, Term, Value, label_value
from generation.questions.period_measures import leans_to, one_read_answers
from generation.questions.phrasing import (
    article,
    colour_keyed,
    fmt_num,
    is_year,
    point_key,
    title_subject,
    value_measure,
    value_unit,
    with_unit,
)
from generation.world.grammar import with_the
from generation.world.topics import with_article
from synthdocbench_tasks.schema import AnswerValue, Chart, DataPoint, Difficulty, TextFact

#: A mark a question names as the wrong one for a claim sits at least this many reading
#: tolerances from the claim's figure (a reading that far off tells them apart).
MISS_TOLS = 1.5
VERDICTS: tuple[str, str] = ("matches", "contradicts")
#: The years an L3 mean of a claim about one mark covers (:meth:`Claim.window`).
WINDOW = 3
SIDES: tuple[str, str] = ("above", "below")


def side_drawn(ctx: Context, category: str, level: str, side: str) -> bool:
    """Whether a question of ``category`` at ``level`` may ask on which ``side`` of its claim the
    chart lies: the side is drawn before the evidence (``qc.wanted``), as a verdict is. Asking the
    side of whichever miss a report had on a mark found by its colour tilted it (technical L5
    "below" 27 of 41 on fresh seeds 3431 and 3671, 200 documents each): a report's content put
    one miss on such a mark, so its side was the only one there, and the misses other questions
    took first left it skewed. The content stage now puts the first miss
    of each side on a mark found by its colour where it can (``document.claims``). Outside a slot any side."""
    return ctx.verdict is None or side == qc.wanted(ctx, category, SIDES, level)


def verdict_value(agrees: bool) -> AnswerValue:
    """Whether the chart bears the text out (a fresh object: records never share values)."""
    if agrees:
        return label_value("matches", ["confirms", "bears out", "in line with", "consistent"])
    return label_value("contradicts", ["inconsistent", "does not match", "disagrees", "at odds"])


def mark_subject(chart: Chart, p: DataPoint) -> str:
    """What a text claim is about, named without the chart: ``Europe in 2022``, ``the 40–50 bin``."""
    if chart_type(chart.chartType).has("bins"):
        return f"the {p.label} bin"
    if level_then_changes(chart):
        # as the text names it: the level at the start, then the change in each later year
        quantity = title_subject(chart).removeprefix(CHANGE_TITLE.lower())
        if p.label.endswith(" level"):
            return f"{with_the(quantity)} in {p.label.removesuffix(' level')}"
        return f"the change in {with_the(quantity)} in {p.label}"
    label, category = with_article(p.label), with_article(p.category or "")
    if holds_two_measures(chart) and value_measure(chart):
        return f"{with_the(value_measure(chart))} in {label}"  # the mark holds two measures
    if p.category and is_year(p.category) and not is_year(p.label):
        return f"{label} in {category}"
    if p.category and re.fullmatch(r"(19|20)\d\d–(19|20)\d\d", p.category):
        return f"{label} over {category}"  # a change between two years
    if p.category:
        return f"{category} in {label}"
    return f"{series_name(chart, None)} in {p.label}" if is_year(p.label) else label


def claim_subject(fact: TextFact, chart: Chart, p: DataPoint) -> str:
    """What a text claim is about, as its sentence names it ("the rail share of inland freight
    moved in Trinidad and Tobago in 2021", where the chart names the mark "Rail" and another
    chart of the report may too); in records before claims stored it, as :func:`mark_subject`."""
    said = fact.values.get("subject")
    return with_the(said) if said else mark_subject(chart, p)


def claim_mark(fact: TextFact, chart: Chart, p: DataPoint) -> str:
    """:func:`claim_subject`, followed by the chart's own name for the mark where the subject does
    not hold its label ("… between 2 and 3 (the 2–3 bin)"): for an answer that must name the mark."""
    who, named = claim_subject(fact, chart, p), mark_subject(chart, p)
    # a waterfall's level bar: the subject is already the chart's name for it ("X (X)" otherwise)
    return who if p.label.lower() in who.lower() or named.lower() == who.lower() else f"{who} ({named})"


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
        return claim_subject(self.fact, self.chart, self.point)

    @property
    def charted(self) -> Term:
        return qc.point_term(self.chart, self.point)

    @property
    def found(self) -> bool | None:
        """The claim's verdict by the one separation (None: between the two, never asked)."""
        shown = text_decimals(str(self.fact.values.get("claimed_value", "")))
        return claim_verdict(self.chart, self.point.value, self.claimed.value, shown)

    @property
    def matches(self) -> bool:
        return self.found is True

    @property
    def side(self) -> str:
        return "above" if self.point.value > self.claimed.value else "below"

    def verdict(self) -> AnswerValue:
        return verdict_value(self.matches)

    def side_value(self) -> AnswerValue:
        aliases = ["higher", "exceeds", "more"] if self.side == "above" else ["lower", "short", "less"]
        return label_value(self.side, aliases)

    def miss_values(self) -> list[Value]:
        """The charted value, asked only where the chart contradicts the text (a value it matches
        is the text's own figure within its reading tolerance: no part of an answer the text
        gives)."""
        return [] if self.matches else [qc.read_value(self.chart, self.point)]

    def stated(self) -> str:
        return with_unit(fmt_num(self.claimed.value), self.unit)

    def gap(self) -> qc.Num:
        return arith.gap_value(self.charted, self.claimed, self.unit)

    def judged(self) -> str:
        """The verdict as the answer words it."""
        if self.matches:
            return f"in line with the text's {self.relation} of {self.stated()}, so the chart matches it"
        return f"{self.side} the text's {self.relation} of {self.stated()}, so the chart contradicts it"

    def step(self) -> str:
        return (
            f"Find the text's claim (section {self.fact.section_id}): {article(self.relation)} of "
            f"{self.stated()} for {self.subject}."
        )

    @property
    def entity(self) -> str:
        """The claim's entity and series as a question names them over years ("Japan", "the
        unemployment rate in Belize")."""
        if is_year(self.point.label):
            return series_name(self.chart, self.point.category)
        return with_article(self.point.label)

    def window(self) -> list[DataPoint]:
        """The marks an L3 mean of the claim averages: its own entity and series in the claim's
        year and the :data:`WINDOW` - 1 before it (the series' first years where fewer come
        before), never its whole span; empty where the chart plots the entity over no more years
        (a mean over other entities, or over the whole series, bears on nothing the claim says)."""
        series = year_series(self.chart, self.point)
        at = next((i for i, p in enumerate(series) if p is self.point), None)
        if at is None or len(series) <= WINDOW:
            return []
        start = min(max(0, at - WINDOW + 1), len(series) - WINDOW)
        return series[start : start + WINDOW]

    def parts(self) -> list[DataPoint]:
        """The parts of the claim's bar on a stacked chart of one period (three or more)."""
        marks = entity_parts(self.chart, self.point)
        return marks if len(marks) >= WINDOW else []

    def draft(
        self,
        category: str,
        level: Difficulty,
        q: str,
        a: str,
        values: list[Value],
        steps: list[str],
        points: list[DataPoint] | None = None,
    ) -> Draft:
        marks = points or [self.point]
        return Draft(category, level, q, a, values, steps, [self.chart], marks, [self.index])


@dataclass
class TrendClaim:
    """A direction the text states for one series of a time chart in another section."""

    index: int
    fact: TextFact
    chart: Chart
    series: str | None
    span: list[DataPoint]
    claimed: str
    actual: str

    @property
    def name(self) -> str:
        return series_name(self.chart, self.series)

    @property
    def subject(self) -> str:
        """The series with its measure, as the text names it ("the fertiliser use in Myanmar": the
        report plots Myanmar on other charts too); in records before trend claims stored it, the
        chart's title subject and the series."""
        said = self.fact.values.get("subject")
        return with_the(said) if said else f"{with_the(title_subject(self.chart))} ({self.name})"

    @property
    def first(self) -> DataPoint:
        return self.span[0]

    @property
    def last(self) -> DataPoint:
        return self.span[-1]

    @property
    def matches(self) -> bool:
        return self.claimed == self.actual

    @property
    def whole(self) -> bool:
        """The claim covers its series' whole span (printed in the chart's title)."""
        return len(self.span) == sum(p.category == self.series for p in self.chart.data)

    def draft(
        self,
        level: Difficulty,
        q: str,
        a: str,
        values: list[Value],
        steps: list[str],
        points: list[DataPoint],
    ) -> Draft:
        return Draft(
            "compare_representations", level, q, a, values, steps, [self.chart], points, [self.index]
        )


def claimed_elsewhere(ctx: Context, i: int) -> tuple[TextFact, Chart, Term] | None:
    """Text fact ``i`` (a claim about a chart), its chart and its claimed value, where the claim
    sits in another, non-adjacent section from its chart (else None)."""
    fact = ctx.manifest.text_facts[i]
    chart = ctx.chart(fact.values.get("viz_id", ""))
    if chart is None or abs(ctx.section_order(chart.section_id) - ctx.section_order(fact.section_id)) < 2:
        return None
    try:
        return fact, chart, qc.fact_term(ctx, i, "claimed_value")
    except (KeyError, ValueError):
        return None


class OnChart(Protocol):
    """A claim about one chart."""

    chart: Chart


ClaimT = TypeVar("ClaimT", bound=OnChart)


def charts_in_turn(found: Sequence[ClaimT], rng: np.random.Generator) -> list[ClaimT]:
    """The claims ``found`` in an order drawn from ``rng`` that gives each chart its turn: the
    charts in a drawn order, a first claim of each, then a second of each, ... (each chart's
    claims in a drawn order). A builder takes the first claim that serves, so it picks a chart
    with equal chance whatever the number of claims it holds: shuffled as one list, a chart with
    a claim per series was picked as often as it held claims (compare L2 took 17 of 36 questions
    on multi-line charts, 3 on line charts drawn about as often: 200 plan-only reports of fresh
    seed 4794)."""
    order = qc.shuffled(found, rng)
    charts = sorted({c.chart.index for c in order})
    drawn = {charts[int(i)]: rank for rank, i in enumerate(rng.permutation(len(charts)))}
    turn: dict[int, int] = {}
    keys = []
    for c in order:
        turn[c.chart.index] = turn.get(c.chart.index, -1) + 1
        keys.append((turn[c.chart.index], drawn[c.chart.index]))
    return [c for _, c in sorted(zip(keys, order, strict=True), key=lambda pair: pair[0])]


def claims(ctx: Context, rng: np.random.Generator) -> list[Claim]:
    out = []
    for i in ctx.facts_of("chart_claim"):
        found = claimed_elsewhere(ctx, i)
        if found is None:
            continue
        fact, chart, claimed = found
        v = fact.values
        point = qc.find_point(chart, v.get("label", ""), v.get("series"))
        if point is None or ctx.full(chart) or not ctx.readable(chart, point, cites=(i,)):
            continue
        claim = Claim(
            i, fact, chart, point, claimed, v.get("unit") or value_unit(chart), v.get("relation", "figure")
        )
        if claim.found is None:
            continue  # too close to call either way
        out.append(claim)
    return charts_in_turn(out, rng)


def trend_claims(ctx: Context, rng: np.random.Generator) -> list[TrendClaim]:
    out = []
    for i in ctx.facts_of("trend_claim"):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        chart = ctx.chart(v.get("viz_id", ""))
        if chart is None or abs(ctx.section_order(chart.section_id) - ctx.section_order(fact.section_id)) < 2:
            continue
        groups = ordered_series(chart)
        series = v.get("series") or None
        if series not in groups:
            continue
        first = qc.find_point(chart, v.get("start", ""), series)
        last = qc.find_point(chart, v.get("end", ""), series)
        if first is None or last is None or ctx.full(chart):
            continue
        if not (ctx.readable(chart, first, cites=(i,)) and ctx.readable(chart, last, cites=(i,))):
            continue
        series_marks = groups[series]
        i0, i1 = series_marks.index(first), series_marks.index(last)
        span = series_marks[i0 : i1 + 1]
        actual = qc.direction([p.value for p in span]) if i0 < i1 else None
        claimed = v.get("direction", "")
        if actual is None or claimed not in qc.DIRECTION_ALIASES or leans_to(span, claimed):
            continue  # a flat verdict on a move the claim's way would hinge on the unseen band
        out.append(TrendClaim(i, fact, chart, series, span, claimed, actual))
    return charts_in_turn(out, rng)


def wanted_first(items: Sequence[qc.T], key: Callable[[qc.T], str], wanted: str) -> list[qc.T]:
    """``items`` with those whose ``key`` is ``wanted`` first (the order within each kept)."""
    return sorted(items, key=lambda item: key(item) != wanted)


def with_verdict(
    ctx: Context, items: Sequence[qc.T], key: Callable[[qc.T], str], wanted: str, carries: bool = True
) -> list[qc.T]:
    """The ``items`` a question may use whose answer ``carries`` a verdict: only those whose ``key``
    is the ``wanted`` verdict, drawn before the evidence (none where the slot drew no verdict for
    the question's category and level, ``wanted == ""``). A question without a verdict, or asked
    outside a slot (no verdict drawn), takes any, the wanted ones first."""
    ordered = wanted_first(items, key, wanted)
    if not carries or ctx.verdict is None:
        return ordered
    return [item for item in ordered if key(item) == wanted]


def first_claim(
    ctx: Context,
    rng: np.random.Generator,
    use: str,
    make: Callable[[Claim], Draft | None],
    *,
    key: Callable[[Claim], str],
    wanted: str,
    carries: bool = True,
    keep: Callable[[Claim], bool] = lambda c: True,
    needs_colour: bool = False,
    spare_sides: bool = False,
    rules_first: bool = False,
) -> Draft | None:
    """The draft ``make`` builds from the first claim not yet used for ``use`` whose ``key`` is
    ``wanted`` (see :func:`with_verdict`). With ``spare_sides``, contradicted claims on the side
    the report's integrate L2 slot draws (``Context.spare``) come last: that question needs one.
    With ``rules_first``, claims of a rule (a target, a threshold) come first, leaving the claims
    of a value to verify questions, which can ask only those."""
    found = claims(ctx, rng)
    if spare_sides:
        found = sorted(found, key=lambda c: not c.matches and c.side == ctx.spare)
    if rules_first:
        found = sorted(found, key=lambda c: c.relation not in RULE_RELATIONS)
    for claim in with_verdict(ctx, found, key, wanted, carries):
        if not keep(claim):
            continue
        if needs_colour and not colour_keyed(claim.chart, claim.point):
            continue
        if ctx.fact_free(claim.index, claim.chart, "cross_modal") and ctx.claim(f"claim:{claim.index}:{use}"):
            draft = make(claim)
            if draft is not None:
                return draft
    return None


def verdict_key(claim: Claim | TrendClaim) -> str:
    return VERDICTS[0] if claim.matches else VERDICTS[1]


#: How an L3 hop computes on its marks: the entity's mean over its years, the total of its parts,
#: or the gap of the claim's mark from the mean of its period's marks.
HopKind = Literal["years", "parts", "peers"]


@dataclass(frozen=True)
class Hop:
    """The computed part of an L3 question on a claim about one mark, over marks that hold the
    claim's own mark: its entity's mean over the years around the claim's (:meth:`Claim.window`);
    else, on a stacked chart of one period, the total of its entity's parts (:meth:`Claim.parts`);
    else how far the claim's mark lies from the mean of the marks of its own period and series
    (:func:`period_peers`). Never a mean over the series' whole span, whose other years the
    claim plays no part in."""

    claim: Claim
    marks: list[DataPoint]
    kind: HopKind

    @property
    def _terms(self) -> list[Term]:
        return [qc.point_term(self.claim.chart, p) for p in self.marks]

    @property
    def value(self) -> qc.Num:
        unit = self.claim.unit
        if self.kind == "peers":
            return arith.gap_value(self.claim.charted, qc.mean_term(self._terms), unit, 2)
        if self.kind == "parts":  # a sum keeps its readings' decimals (it is exact: no rounding)
            places = arith.finest(*(p.value for p in self.marks), least=2)
            return qc.derived_value(qc.sum_term(self._terms), unit, places)
        return qc.derived_value(qc.mean_term(self._terms), unit, 2)

    @property
    def what(self) -> str:
        """The hop as a question names it."""
        n, entity = len(self.marks), self.claim.entity
        if self.kind == "parts":
            return f"the total of {entity} across its {n} parts"
        if self.kind == "peers":
            return f"the gap on the chart between {entity} and the average of {self.scope} ({n} marks)"
        first, last = year_of(self.marks[0]), year_of(self.marks[-1])
        return f"the average of {entity} from {first} to {last} ({n} years)"

    @property
    def scope(self) -> str:
        p = self.claim.point
        if is_year(p.label):
            return f"the {p.label} values"
        if holds_two_measures(self.claim.chart) and value_measure(self.claim.chart):
            return f"the {value_measure(self.claim.chart)} values"
        return f"the {p.category} values" if p.category is not None else "all the marks"

    def said(self, result: str) -> str:
        """The hop's answer clause, in words of its own (the question's words copied into the
        answer fail validation's ``overlap``)."""
        n = len(self.marks)
        if self.kind == "parts":
            return f"its {n} parts add up to {result}"
        if self.kind == "peers":
            return f"it lies {result} from the mean of those {n} marks ({self._mean.said()})"
        return f"those {n} years average {result}"

    @property
    def _mean(self) -> qc.Num:
        """The mean of the marks; beside a gap, printed as finely as the gap, so that the
        subtraction holds as printed ("|0.068 - 0.0862| = 0.0182", not "- 0.086|")."""
        mean = qc.derived_value(qc.mean_term(self._terms), self.claim.unit, 2)
        if self.kind != "peers":
            return mean
        return qc.derived_value(qc.mean_term(self._terms), self.claim.unit, arith.finest(mean, self.value))

    def steps(self, result: str) -> list[str]:
        """Reading the marks, then adding or averaging them (and the gap) into ``result``: two
        steps, so that the claim's two and these keep an L3 question within its four."""
        if self.kind == "parts":
            readings = "; ".join(f"{p.category} = {fmt_num(p.value)}" for p in self.marks)
            return [f"Read each part of {self.claim.entity}: {readings}.", f"Add them: {result}."]
        if self.kind == "peers":
            mean = self._mean.text
            readings = "; ".join(f"{point_key(p)} = {fmt_num(p.value)}" for p in self.marks)
            point = fmt_num(self.claim.point.value)
            return [
                f"Read {self.scope}: {readings}.",
                f"Average them ({mean}) and subtract: |{point} - {mean}| = {result}.",
            ]
        readings = "; ".join(f"{year_of(p)} = {fmt_num(p.value)}" for p in self.marks)
        return [f"Read {self.claim.entity} in each year: {readings}.", f"Average them: {result}."]


def claim_hop(ctx: Context, claim: Claim) -> Hop | None:
    """The claim's :class:`Hop` where every mark of it is readable and its mean or total is a
    reading of the chart (else None)."""
    kind: HopKind = "years"
    marks = claim.window()
    if not marks:
        kind, marks = "parts", claim.parts()
    if not marks:
        kind, marks = "peers", period_peers(claim.chart, claim.point)
        marks = marks if 3 <= len(marks) <= 12 else []
    if not marks or (kind != "parts" and mean_needs_no_reading(claim.chart, marks)):
        return None
    # the question cites its claim, which may state its own mark (its design), no other
    readable = all(ctx.readable(claim.chart, p, cites=[claim.index] * (p is claim.point)) for p in marks)
    hop = Hop(claim, marks, kind)
    if kind != "peers" and one_read_answers(hop.value.av, [p.value for p in marks], total=kind == "parts"):
        return None  # one reading (the claim's own mark, mostly) answers the mean: nothing is summed
    return hop if readable else None


def period_peers(chart: Chart, point: DataPoint) -> list[DataPoint]:
    """The marks of ``point``'s own period across the chart's entities: its year's marks of every
    series where the labels are years, its series where that is a year or a part, every mark of
    a chart of one series."""
    if is_year(point.label):
        return [p for p in chart.data if p.label == point.label] if point.category is not None else []
    if point.category is not None and not holds_two_measures(chart):
        return [p for p in chart.data if p.category == point.category]
    return list(chart.data)


def entity_parts(chart: Chart, point: DataPoint) -> list[DataPoint]:
    """The parts of ``point``'s bar on a stacked chart of one period (its label across the
    series, neither a year), which add up to the entity's total; empty elsewhere, and where the
    parts are percentages (shares of one whole add up to 100 whatever the chart shows)."""
    record = chart_type(chart.chartType)
    if not record.member("stacked") or not record.member("additive") or value_unit(chart) == "%":
        return []
    if point.category is None or is_year(point.label) or is_year(point.category):
        return []
    return [p for p in chart.data if p.label == point.label]


def year_of(p: DataPoint) -> str:
    """The year a mark of :func:`year_series` stands for (its label, else its series)."""
    return p.label if is_year(p.label) else p.category or ""


def year_series(chart: Chart, point: DataPoint) -> list[DataPoint]:
    """The marks of ``point``'s entity over the years ``chart`` plots, in year order: its series
    where the labels are years, its label across the series where the series are years; empty
    where the chart has no year axis (a claim about one year of one entity has no period to
    average over then)."""
    if is_year(point.label):
        marks = [p for p in chart.data if p.category == point.category and is_year(p.label)]
        return sorted(marks, key=lambda p: p.label)
    if point.category is not None and is_year(point.category):
        marks = [p for p in chart.data if p.label == point.label and is_year(p.category or "")]
        return sorted(marks, key=lambda p: p.category or "")
    return []


def period_mean(tc: TrendClaim) -> qc.Num:
    """The mean of a trend claim's period on its chart."""
    terms = [qc.point_term(tc.chart, p) for p in tc.span]
    return qc.derived_value(qc.mean_term(terms), value_unit(tc.chart), 2)


def averageable(ctx: Context, tc: TrendClaim) -> bool:
    """A trend claim's period can be averaged: 3-12 readable marks, and no one of them answers
    their mean (``period_measures.one_read_answers``: the sum the question asks is skipped)."""
    if not 3 <= len(tc.span) <= 12 or not all(ctx.readable(tc.chart, p) for p in tc.span):
        return False
    return not one_read_answers(period_mean(tc).av, [p.value for p in tc.span])
