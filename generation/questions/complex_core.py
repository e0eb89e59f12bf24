"""What the complex builders share: a period on one series of a time chart, and the reading the
level asks of it (Table 13): L1 one mark, L2 the change between two marks, L3 the mean (or
total) over at least three marks, L4 the change plus a stated cause, L5 a series found by colour."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from generation.charts.colours import colour_of
from generation.charts.reading import colour_keyed
from generation.questions import arithmetic as arith
from generation.questions import common as qc
from generation.questions.chart import ordered_series, series_name, val
from generation.questions.common import Context, Draft, Value, label_value
from generation.questions.event_steps import enough_years
from generation.questions.kinds import is_percentage
from generation.questions.period_measures import one_read_answers
from generation.questions.phrasing import decimals_of, figure_ref, fmt_num, pick, value_unit, with_unit
from generation.world.derivation import apply, constant
from synthdocbench_tasks.schema import Chart, DataPoint, EvidenceUnit, TextFact

T = TypeVar("T")

#: Unit conversions a technical question may ask for: unit -> (smaller unit, exact factor).
CONVERSIONS: dict[str, tuple[str, int]] = {
    "GW": ("MW", 1000),
    "MW": ("kW", 1000),
    "TWh": ("GWh", 1000),
    "GWh": ("MWh", 1000),
    "km": ("metres", 1000),
    "km²": ("hectares", 100),
    "weeks": ("days", 7),
    "tonnes per hectare": ("kg per hectare", 1000),
    "USD per kWh": ("USD per MWh", 1000),
    "cm per year": ("mm per year", 10),
}
_SCALES = {"billion": "million", "million": "thousand", "thousand": ""}


def conversion(unit: str | None) -> tuple[str, int] | None:
    """The smaller unit a value in ``unit`` converts to, and the factor: a scale word steps down
    (billion USD -> million USD, thousand dwellings -> dwellings), some units to their sub-unit."""
    if not unit:
        return None
    scale, _, rest = unit.partition(" ")
    if scale in _SCALES and rest:
        return f"{_SCALES[scale]} {rest}".strip(), 1000
    return CONVERSIONS.get(unit)


def converted(term: qc.Term, decimals: int, unit: str | None) -> qc.Num | None:
    """``term`` in the smaller unit of :func:`conversion` (None when the unit has none)."""
    found = conversion(unit)
    if found is None:
        return None
    new_unit, factor = found
    shift = {1000: 3, 100: 2, 10: 1}.get(factor, 0)
    scaled = qc.Term(term.tol * factor, apply("scale", term.node, constant(factor)), axis_read=term.axis_read)
    return qc.derived_value(scaled, new_unit, max(0, decimals - shift))


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def sections_differ(*facts: TextFact) -> bool:
    return len({f.section_id for f in facts}) >= 2


@dataclass
class Span:
    """The marks of one series of ``chart`` from ``start`` to ``end`` (years), in order."""

    chart: Chart
    series: str | None
    marks: list[DataPoint]

    @property
    def first(self) -> DataPoint:
        return self.marks[0]

    @property
    def last(self) -> DataPoint:
        return self.marks[-1]

    @property
    def name(self) -> str:
        return series_name(self.chart, self.series)

    @property
    def fig(self) -> str:
        return figure_ref(self.chart)

    def at(self, p: DataPoint) -> str:
        return val(self.chart, p)

    @property
    def whole(self) -> bool:
        """True when the span is every mark of its series: a period the text gives that a reader
        could take from the chart alone (its first to its last year, often in its title)."""
        return len(self.marks) == len(ordered_series(self.chart).get(self.series) or [])

    @property
    def ends_last(self) -> bool:
        """True when the span ends at its series' last mark."""
        marks = ordered_series(self.chart).get(self.series) or []
        return bool(marks) and self.last is marks[-1]

    @property
    def from_start(self) -> bool:
        """True when the span starts at its series' first mark: a start year the text gives that a
        reader could take from the chart's edge (``complex_measures.edge_year``)."""
        marks = ordered_series(self.chart).get(self.series) or []
        return bool(marks) and self.first is marks[0]

    def colour(self) -> str | None:
        """The series' colour word when it names the series alone (legend, several series) and is
        the only way to find it (``reading.colour_keyed``: no highlight pointer names it)."""
        if self.series is None or len(ordered_series(self.chart)) < 2:
            return None
        if not colour_keyed(self.chart, self.first):
            return None
        words = {colour_of(self.chart, p) for p in self.chart.data if p.category == self.series}
        if len(words) != 1:
            return None
        word = words.pop()
        others = {colour_of(self.chart, p) for p in self.chart.data if p.category != self.series}
        return word if word and word not in others else None


def span(ctx: Context, chart: Chart, series: str | None, start: str, end: str) -> Span | None:
    """The readable marks of ``series`` from year ``start`` to ``end`` (inclusive), or None."""
    marks = ordered_series(chart).get(series)
    if not marks:
        return None
    labels = [p.label for p in marks]
    if start not in labels or end not in labels:
        return None
    i, j = labels.index(start), labels.index(end)
    if j <= i:
        return None
    inside = marks[i : j + 1]
    if not all(ctx.readable(chart, p) for p in (inside[0], inside[-1])):
        return None
    return Span(chart, series, inside)


def sole_cause(ctx: Context, index: int) -> bool:
    """True when cause fact ``index`` is the only cause the report states for its chart's series,
    so "the period the report explains" names one period."""
    v = ctx.manifest.text_facts[index].values
    key = (v.get("viz_id"), v.get("series") or None)
    others = [ctx.manifest.text_facts[i].values for i in ctx.facts_of("cause") if i != index]
    return all((o.get("viz_id"), o.get("series") or None) != key for o in others)


def ends_balanced(spans: Sequence[T], span_of: Callable[[T], Span], rng: np.random.Generator) -> list[T]:
    """``spans`` (in their order) with those whose period ends in its series' last year put first
    only as often as a uniform draw of periods of three or more years ends there (``2 / (n - 1)``
    for ``n`` years), else last: the mark a reader finds by guessing "the last year" answers no
    more often than chance (readable last years, often labelled, made such periods pass the
    builders' checks more often than others: 15 of 30 impact L4 periods against 9.6)."""
    last = [x for x in spans if span_of(x).ends_last]
    other = [x for x in spans if not span_of(x).ends_last]
    if not last or not other:
        return list(spans)
    years = [len(ordered_series(span_of(x).chart).get(span_of(x).series) or []) for x in last]
    share = float(np.mean([2 / max(n - 1, 2) for n in years]))
    return last + other if rng.random() < share else other + last


def spans_for_years(ctx: Context, y0: int, y1: int, rng: np.random.Generator) -> list[Span]:
    """Every series of every chart of three or more years (``event_steps.enough_years``) with
    readable marks at both years (``y0 < y1``), charts and each chart's series in a drawn order:
    builders take the first that serves, and in legend order that named the first legend entry
    (timeline L5 16 of 18, 28% by chance: ``legend_measures``)."""
    out = []
    for chart in qc.shuffled(list(ctx.manifest.charts), rng):
        for series in qc.shuffled(list(ordered_series(chart)), rng) if enough_years(chart) else ():
            found = span(ctx, chart, series, str(y0), str(y1))
            if found is not None:
                out.append(found)
    return out


def change(s: Span) -> qc.Num:
    return arith.difference_value(
        qc.point_term(s.chart, s.last), qc.point_term(s.chart, s.first), value_unit(s.chart)
    )


@dataclass(frozen=True)
class Aggregate:
    """A total or mean over a span: the number, "total" / "average", the step that computes it,
    and ", in <unit>" when the question asks for it in a smaller unit (else "")."""

    num: qc.Num
    what: str
    step: str
    in_unit: str = ""


def aggregate(ctx: Context, s: Span, rng: np.random.Generator, convert: bool = False) -> Aggregate | None:
    """The mean (or, for levels and counts, sometimes the total, converted to a smaller unit when
    ``convert`` and the unit has one) of the span's marks: at least three, every one readable, and
    not the whole series (the period comes from the text, and averaging every mark skips it). None
    where a single reading answers it (``period_measures.one_read_answers``, the rule of every
    period question): the sum the question claims would be skipped."""
    if len(s.marks) < 3 or s.whole or not all(ctx.readable(s.chart, p) for p in s.marks):
        return None
    found = _aggregate(s, rng, convert)
    readings = [p.value for p in s.marks]
    return None if one_read_answers(found.num.av, readings, total=found.what == "total") else found


def _aggregate(s: Span, rng: np.random.Generator, convert: bool) -> Aggregate:
    terms = [qc.point_term(s.chart, p) for p in s.marks]
    unit = value_unit(s.chart)
    listed = " + ".join(fmt_num(p.value) for p in s.marks)
    decimals = decimals_of(*(p.value for p in s.marks))
    if qc.chart_allows("total_over_years", s.chart) and not is_percentage(unit) and rng.random() < 0.5:
        total = qc.sum_term(terms)
        plain = qc.derived_value(total, unit, decimals)
        smaller = converted(total, decimals, unit) if convert else None
        step = f"Add the {len(terms)} values: {listed} = {plain.text}"
        if smaller is None:
            return Aggregate(plain, "total", step + ".")
        return Aggregate(smaller, "total", f"{step}, or {smaller.said()}.", f", in {smaller.unit}")
    mean = qc.derived_value(qc.mean_term(terms), unit, min(decimals + 1, 2))
    return Aggregate(
        mean, "average", f"Average the {len(terms)} values: ({listed}) / {len(terms)} = {mean.text}."
    )


def ask_aggregate(
    ctx: Context,
    s: Span,
    rng: np.random.Generator,
    templates: Callable[[Aggregate], Sequence[str]],
    convert: bool = False,
) -> tuple[Aggregate, str] | None:
    """The total or mean over ``s`` (see :func:`aggregate`) and the question, one of the
    ``templates`` written for it; None when the span cannot be aggregated."""
    found = aggregate(ctx, s, rng, convert)
    if found is None:
        return None
    return found, pick(rng, list(templates(found)))


def moved(s: Span, ch: qc.Num) -> str:
    """How the span's series moved: ``from <first> to <last>, a change of <change>``."""
    return f"from {s.at(s.first)} to {s.at(s.last)}, a change of {ch.said()}"


def subtraction(s: Span, ch: qc.Num) -> str:
    """The arithmetic of the span's change: ``<last> - <first> = <change>``."""
    return f"{fmt_num(s.last.value)} - {fmt_num(s.first.value)} = {ch.text}"


def said(num: qc.Num) -> str:
    return with_unit(num.text, num.unit)


def years_of(s: Span) -> str:
    return f"{s.first.label} to {s.last.label}"


def points(s: Span, which: str) -> list[DataPoint]:
    """The marks a reading cites: the last, both ends, or all."""
    return {"last": [s.last], "ends": [s.first, s.last], "all": list(s.marks)}[which]


def label(text: str, *aliases: str) -> Value:
    return label_value(text, [a for a in aliases if a and a != text])


def names_series(s: Span, *texts: str) -> bool:
    """True when one of the texts names the span's series (then a colour is not what identifies it)."""
    return s.series is not None and any(s.series.lower() in t.lower() for t in texts)


def evidence_units(ctx: Context, draft: Draft) -> list[EvidenceUnit]:
    """The units a draft combines: each cited fact (text) and each chart, with section and regions."""
    out = [
        EvidenceUnit(kind="text", ref=f.fact_id, section_id=f.section_id, regions=list(f.regions))
        for f in (ctx.manifest.text_facts[i] for i in draft.facts)
    ]
    out += [
        EvidenceUnit(kind="chart", ref=c.vizId, section_id=c.section_id, regions=list(c.regions))
        for c in draft.charts
    ]
    return out
