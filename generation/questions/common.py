"""What question builders share: the draft they return, the document context they read, and
numbers that carry the expression that recomputes them.

A builder looks at the manifest and returns a :class:`Draft` (or None when the document
has no evidence for that category and level). ``generation.questions.build`` turns drafts into
:class:`~synthdocbench_tasks.schema.Question` records (ids, positions, evidence).

Every number a question's answer must contain is a :class:`Num`: the answer value plus the
program over the cited evidence that computes it (a tree of :mod:`generation.world.derivation`
operations). The question stores it as structured ``derivations`` (operands name required
data point ``p0``, the ``year`` of required fact ``f1``...), which ``validate`` runs on the
manifest, so numeric recomputation is exact rather than a search; the last reasoning step
also prints it as ``[calc: v2 = (p1 - p0) / p0 * 100]``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

import numpy as np

from generation.charts.reading import printed, value_printed
from generation.document.change_words import relative_change
from generation.plan.rng import stage_rng
from generation.questions.elsewhere import (
    Labels,
    Stated,
    claims_stating,
    data_labels,
    labelled_elsewhere,
    stated_uncited,
)
from generation.questions.kinds import Operation, allows
from generation.questions.num import Num, Value
from generation.questions.phrasing import (
    FLAT_FRACTION,
    TREND_FRACTION,
    effective_tol,
    enough_decimals,
    fmt_num,
    numbers_in,
    numbers_readable,
    point_key,
    read_tolerance,
    reading_decimals,
    rounding_tol,
    value_unit,
)
from generation.world.derivation import (
    CALC_PREFIX,
    Apply,
    Leaf,
    Node,
    apply,
    calc_text,
    constant,
    flatten,
)
from synthdocbench_tasks.schema import (
    AnswerValue,
    Chart,
    DataPoint,
    DataRef,
    Derivation,
    Difficulty,
    DocumentManifest,
    Operand,
    PositionBucket,
    Subset,
    position_bucket,
)
from synthdocbench_tasks.strata import subset_of


@dataclass(frozen=True)
class Term:
    """An operand: its absolute reading tolerance and the program (with its value) that yields it.
    ``exact``: the value is printed where it is read (a chart's data label, a figure the text
    states), so arithmetic on it is exact and only the result needs a reader's slack."""

    tol: float
    node: Node
    exact: bool = False
    #: Some value it is worked out from is read off a chart's axis (its chart prints no values):
    #: a total or mean of it is printed no finer than its tolerance (:func:`derived_value`).
    axis_read: bool = False

    @property
    def value(self) -> float:
        return self.node.value


def point_term(chart: Chart, p: DataPoint) -> Term:
    """A mark's value as read off ``chart``."""
    leaf = Leaf("point", point_key(p), "value", p.value, chart.vizId)
    return Term(tol_of(chart, p.value), leaf, exact=printed(chart), axis_read=not printed(chart))


def meta_term(chart: Chart, p: DataPoint, key: str) -> Term:
    """A number a mark carries in its metadata (a bullet's ``target``, a box's ``max``...)."""
    value = float(p.metadata[key])
    leaf = Leaf("point", point_key(p), key, value, chart.vizId)
    return Term(tol_of(chart, value), leaf, axis_read=not printed(chart))


def label_term(chart: Chart, p: DataPoint) -> Term:
    """A mark's label read as a number (a year on a time axis): exact."""
    return Term(0.0, Leaf("point", point_key(p), "label", float(p.label), chart.vizId), exact=True)


def fact_term(ctx: Context, index: int, key: str) -> Term:
    """A number stated in the text (fact ``index``'s ``values[key]``): exact."""
    fact = ctx.manifest.text_facts[index]
    return Term(0.0, Leaf("fact", str(index), key, float(fact.values[key]), name=fact.fact_id), exact=True)


def read_off_axis(*terms: Term) -> bool:
    """Whether a figure worked out from ``terms`` rests on a value read off a chart's axis."""
    return any(t.axis_read for t in terms)


#: The operations that combine several readings into one figure (a total, a mean).
AGGREGATES = frozenset({"sum", "mean"})


def aggregates(node: Node) -> bool:
    """Whether ``node`` sums or averages anywhere in its program."""
    return isinstance(node, Apply) and (node.op in AGGREGATES or any(aggregates(a) for a in node.args))


def _quadrature(terms: Sequence[Term]) -> float:
    """The tolerance of a sum of independently read values: theirs added in quadrature."""
    return math.sqrt(sum(t.tol * t.tol for t in terms))


def sum_term(terms: Sequence[Term]) -> Term:
    """The sum of independently read values (tolerances add in quadrature)."""
    return Term(_quadrature(terms), apply("sum", *(t.node for t in terms)), axis_read=read_off_axis(*terms))


def mean_term(terms: Sequence[Term]) -> Term:
    """The mean of independently read values (the sum's tolerance over their count)."""
    node = apply("mean", *(t.node for t in terms))
    return Term(_quadrature(terms) / len(terms), node, axis_read=read_off_axis(*terms))


def scale_term(term: Term, factor: int) -> Term:
    """``term`` times ``factor`` (a change of scale word, e.g. billion to million), exact."""
    return Term(0.0, apply("scale", term.node, constant(factor)), axis_read=term.axis_read)


@dataclass
class Draft:
    """A question before it gets its id, position and evidence regions."""

    category: str
    difficulty: Difficulty
    question: str
    answer: str
    values: list[Value]
    reasoning: list[str]
    charts: list[Chart] = field(default_factory=list)
    points: list[DataPoint] = field(default_factory=list)
    facts: list[int] = field(default_factory=list)

    @property
    def answer_values(self) -> list[AnswerValue]:
        return [v.av if isinstance(v, Num) else v for v in self.values]

    def data_refs(self) -> list[DataRef]:
        return [DataRef(label=point_key(p), value=p.value) for p in self.points]

    def _operand(self, leaf: Leaf) -> Operand:
        """The leaf as an operand of the question: by its position among the cited evidence."""
        if leaf.source == "point":
            keys = [point_key(p) for p in self.points]
            if leaf.ref not in keys:
                raise ValueError(f"derivation uses mark {leaf.ref!r}, which is not a required data point")
            return Operand(
                source="point",
                index=keys.index(leaf.ref),
                key=leaf.key,
                ref=leaf.ref,
                viz_id=leaf.viz_id,
                value=leaf.value,
            )
        if leaf.source == "fact":
            fact = int(leaf.ref)
            if fact not in self.facts:
                raise ValueError(f"derivation uses fact {fact}, which is not a required fact")
            index = self.facts.index(fact)
            return Operand(source="fact", index=index, key=leaf.key, ref=leaf.name, value=leaf.value)
        return Operand(source="constant", value=leaf.value)

    def derivations(self) -> list[Derivation]:
        """How every number answer value follows from the evidence, as programs."""
        return [
            flatten(v.node, i, v.unit, self._operand) for i, v in enumerate(self.values) if isinstance(v, Num)
        ]

    def calc(self) -> str:
        """``v1 = p0 - p1; v2 = ...``: the derivations as the reasoning prints them."""
        return calc_text(self.derivations())

    def full_reasoning(self) -> list[str]:
        """The reasoning steps, the last one ending with the ``[calc: ...]`` derivations."""
        calc = self.calc()
        if not calc:
            return list(self.reasoning)
        return [*self.reasoning[:-1], f"{self.reasoning[-1]} {CALC_PREFIX}{calc}]"]


@dataclass
class Context:
    """The document a builder works on, plus what earlier questions already used.

    ``bucket`` and ``preferred`` steer which charts a chart-reading builder tries first (the
    slot's position bucket, or the charts the configured evidence depth placed); with
    ``strict`` the builder tries only those.
    """

    manifest: DocumentManifest
    used: set[str] = field(default_factory=set)
    stated: set[float] = field(default_factory=set)
    bucket: PositionBucket | None = None
    preferred: tuple[int, ...] = ()
    strict: bool = False
    #: ``turns[(category, level)]`` (and ``[(category, None)]``): how many earlier documents of the
    #: run target it (at any level): this document's place in the verdict sequence of :func:`wanted`.
    turns: dict[tuple[str, str | None], int] = field(default_factory=dict)
    seed: int = 0
    #: The verdict drawn for the slot being filled (its place in the run's verdict sequence, see
    #: :func:`slot_verdict`), or None outside such a slot, and the slot's own (category, level).
    #: A builder takes only evidence with the drawn verdict (:func:`wanted`); a slot that finds
    #: none moves on to other categories and levels, it never takes the other verdict.
    verdict: int | None = None
    target: tuple[str, str] | None = None
    #: The side this report's integrate L2 slot draws (its claims are left to it; "" without one).
    spare: str = ""
    #: Evidence sets (:func:`evidence_key`) of the questions taken so far, and questions per chart.
    evidence: set[tuple[object, ...]] = field(default_factory=set)
    load: Counter[int] = field(default_factory=Counter)
    #: (subset, text fact, chart index) of every text fact an earlier question cites on each
    #: chart it reads: one fact is asked on one chart once per subset of a report, whichever
    #: builder asks it (:mod:`generation.questions.reuse_measures` counts the pairs that did).
    #: Subsets are scored as separate tasks, so a cross-modal and a complex question may share one.
    fact_charts: set[tuple[str, int, int]] = field(default_factory=set)
    #: Per mark (vizId, key), the text claims that state its value within the chart's reading
    #: tolerance (``elsewhere.claims_stating``).
    hinted: Stated = field(default_factory=dict)
    #: The numbers charts print as data labels, with their charts (``elsewhere.data_labels``).
    labels: Labels = field(default_factory=dict)
    #: Why builders found no draft, per reason (``ctx.miss``): what a lost slot lacked.
    misses: Counter[str] = field(default_factory=Counter)

    @classmethod
    def of(cls, manifest: DocumentManifest) -> Context:
        stated: set[float] = set()
        for fact in manifest.text_facts:
            stated |= numbers_in(fact.sentence)
        for table in manifest.tables:
            for row in table.rows:
                for cell in row:
                    stated |= numbers_in(cell)
        for chart in manifest.charts:
            stated |= numbers_in(chart.sourceContext)
        hinted, labels = claims_stating(manifest), data_labels(manifest)
        return cls(manifest=manifest, stated=stated, hinted=hinted, labels=labels)

    def fork(self) -> Context:
        """A copy whose reservations do not reach this one (a trial arrangement of slots)."""
        return replace(
            self,
            used=set(self.used),
            evidence=set(self.evidence),
            load=Counter(self.load),
            fact_charts=set(self.fact_charts),
            misses=Counter(),
        )

    def charts_of(self, draft: Draft) -> set[int]:
        """Index of every chart a draft reads: its charts and any its derivations name."""
        index = {c.vizId: c.index for c in self.manifest.charts}
        found = {c.index for c in draft.charts}
        for d in draft.derivations():
            for s in d.steps:
                found |= {index[o.viz_id] for o in s.operands if o.viz_id in index}
        return found

    def fact_chart_keys(self, draft: Draft) -> set[tuple[str, int, int]]:
        """(subset, text fact, chart index) for every text fact the draft cites on every chart
        it reads."""
        subset = subset_of(draft.category)
        return {(subset, f, c) for f in draft.facts for c in self.charts_of(draft)}

    def fact_free(self, fact: int, chart: Chart, subset: Subset) -> bool:
        """Whether no earlier question of ``subset`` cites text fact ``fact`` on ``chart``."""
        return (subset, fact, chart.index) not in self.fact_charts

    def admits(self, draft: Draft) -> bool:
        """No earlier question has this draft's evidence set, or, in its subset, cites one of its
        text facts on one of its charts (a second question on the same fact and chart asks nearly
        the same thing: a complex technical and a complex impact question on one stated cause),
        and none of its charts is full."""
        if evidence_key(draft) in self.evidence or self.fact_chart_keys(draft) & self.fact_charts:
            return False
        return all(self.load[c] < MAX_PER_CHART for c in self.charts_of(draft))

    def take(self, draft: Draft) -> None:
        """Note a draft as asked: its evidence set, its text facts on its charts and one more
        question on each of its charts."""
        self.evidence.add(evidence_key(draft))
        self.fact_charts |= self.fact_chart_keys(draft)
        for c in self.charts_of(draft):
            self.load[c] += 1

    def full(self, chart: Chart) -> bool:
        return self.load[chart.index] >= MAX_PER_CHART

    def chart(self, viz_id: str) -> Chart | None:
        return next((c for c in self.manifest.charts if c.vizId == viz_id), None)

    @property
    def chart_count(self) -> int:
        return max([len(self.manifest.charts)] + [c.index for c in self.manifest.charts])

    def chart_bucket(self, chart: Chart) -> PositionBucket:
        return position_bucket(chart.index / self.chart_count)

    def charts(self, rng: np.random.Generator) -> list[Chart]:
        """Charts in a random order: the preferred ones (evidence depth, else the slot's bucket)
        first, and among those the ones no question used yet; only the preferred ones if strict."""
        charts = [self.manifest.charts[i] for i in rng.permutation(len(self.manifest.charts))]

        def preferred(c: Chart) -> bool:
            if self.preferred:
                return c.index in self.preferred
            return self.bucket is None or self.chart_bucket(c) == self.bucket

        charts = [c for c in charts if not self.full(c)]
        if self.strict:
            charts = [c for c in charts if preferred(c)]
        return sorted(charts, key=lambda c: (not preferred(c), f"viz:{c.vizId}" in self.used))

    def readable(
        self, chart: Chart, point: DataPoint, cites: Collection[int] = (), meta: Sequence[str] = ()
    ) -> bool:
        """A mark a question may ask a number for: the chart shows numbers a reader can read
        (printed labels, or an axis), and the value is in no fact sentence, table cell or
        source note, nor, read off the axis, a data label of another chart (several charts draw
        one series: the question would need no reading of its own chart). (The PDF leak check
        in ``validate`` catches any other printed copy.) A mark a text claim states to within
        its reading tolerance is asked only by a question citing that claim (``cites``: the
        text facts the question cites): anywhere else the text would answer it. ``meta``: the
        numbers of its metadata the question reads too (a bullet's target), always off the
        axis. On a chart that prints its values, a value it
        prints nowhere (a stacked segment too thin for its label: ``reading.value_printed``)
        is not asked."""
        if not numbers_readable(chart) or (printed(chart) and not value_printed(chart, point)):
            return False
        if not printed(chart) and labelled_elsewhere(self.labels, chart, point.value):
            return False
        if any(labelled_elsewhere(self.labels, chart, float(point.metadata[k])) for k in meta):
            return False
        if stated_uncited(self.hinted, chart, point, cites):
            return False
        return round(point.value, 6) not in self.stated and round(abs(point.value), 6) not in self.stated

    def facts_of(self, kind: str) -> list[int]:
        return [i for i, f in enumerate(self.manifest.text_facts) if f.values.get("kind") == kind]

    def section_order(self, section_id: str) -> int:
        for s in self.manifest.sections:
            if s.section_id == section_id:
                return s.order
        return 0

    def miss(self, reason: str) -> None:
        """Count one builder call that found no draft, by why (printed by ``bench/question_measures``)."""
        self.misses[reason] += 1

    def claim(self, key: str) -> bool:
        """Reserve a piece of evidence; False if an earlier question already used it."""
        if key in self.used:
            return False
        self.used.add(key)
        return True


Builder = Callable[[Context, Difficulty, np.random.Generator], "Draft | None"]


#: No chart carries more than this many questions of one report.
MAX_PER_CHART = 2


def evidence_key(draft: Draft) -> tuple[object, ...]:
    """A draft's evidence set as :func:`generation.validate.question_rules.evidence_key` reads
    it from the question: its chart, its marks and its facts."""
    chart = draft.charts[0].index if draft.charts else None
    return (chart, tuple(sorted(point_key(p) for p in draft.points)), tuple(sorted(draft.facts)))


def slot_verdict(ctx: Context, category: str, level: str | None = None) -> int:
    """The place in the run's verdict sequence of a slot targeting ``category`` at ``level``:
    the run's documents take the verdicts in turn (see ``Context.turns``), shifted by one per
    level, so that the levels' odd turns fall on different verdicts and every run holds them in
    equal shares however the levels fall."""
    shift = int(level[1:]) if level else 0
    return ctx.turns.get((category, level), 0) + shift


def wanted(ctx: Context, category: str, options: Sequence[str], level: str | None = None) -> str:
    """The verdict this document's ``category`` question (at ``level``) should carry: the slot's
    drawn place in the sequence (``Context.verdict``) when one is set, else its own, from a start
    drawn from the seed for the category (so a slot that falls back to another category does not
    tie the two categories' verdicts)."""
    start = int(stage_rng(ctx.seed, "questions.verdicts", category).integers(len(options)))
    turn = ctx.verdict if ctx.verdict is not None else slot_verdict(ctx, category, level)
    return options[(turn + start) % len(options)]


def find_point(chart: Chart, label: str, series: str | None) -> DataPoint | None:
    for p in chart.data:
        if p.label == label and (series is None or p.category == series):
            return p
    return None


def series_of(chart: Chart) -> dict[str | None, list[DataPoint]]:
    """Marks grouped by series (``category``), in data order."""
    out: dict[str | None, list[DataPoint]] = {}
    for p in chart.data:
        out.setdefault(p.category, []).append(p)
    return out


T = TypeVar("T")


def shuffled(items: Sequence[T], rng: np.random.Generator) -> list[T]:
    """The items in an order drawn from ``rng``."""
    return [items[int(i)] for i in rng.permutation(len(items))]


# --- answer values ---------------------------------------------------------------------


def tol_of(chart: Chart | None, value: float) -> float:
    """Absolute reading tolerance of one operand (0 for numbers stated in the text)."""
    if chart is None:
        return 0.0
    abs_tol, rel_tol = read_tolerance(chart)
    return effective_tol(value, abs_tol, rel_tol)


def _chart_reading(chart: Chart, term: Term) -> Num:
    """``term``'s number as read off ``chart``: the chart's unit and reading tolerance."""
    abs_tol, rel_tol = read_tolerance(chart)
    av = AnswerValue(
        kind="number",
        text=fmt_num(term.value),
        value=term.value,
        unit=value_unit(chart),
        abs_tol=abs_tol,
        rel_tol=rel_tol,
    )
    return Num(av, term.node)


def read_value(chart: Chart, point: DataPoint) -> Num:
    """A value read off a chart, with the reading tolerance of that chart."""
    return _chart_reading(chart, point_term(chart, point))


def read_meta(chart: Chart, point: DataPoint, key: str) -> Num:
    """A number of a mark's metadata read off the chart (same axis, same tolerance)."""
    return _chart_reading(chart, meta_term(chart, point, key))


def exact_value(term: Term, unit: str | None) -> Num:
    """A number stated in the text (or a year): matched up to its printed precision."""
    av = AnswerValue(kind="number", text=fmt_num(term.value), value=term.value, unit=unit)
    return Num(av, term.node)


def derived_value(term: Term, unit: str | None, decimals: int) -> Num:
    """A computed number shown with ``decimals`` (more where fewer would print it over 0.5%
    off; a total or mean of axis readings no finer than its tolerance): propagated tolerance
    plus rounding."""
    decimals = enough_decimals(term.value, decimals)
    if term.axis_read and aggregates(term.node):
        # a total or mean of axis readings: no finer than the reading supports ("about 144",
        # not "143.87" from four unlabelled bars)
        decimals = min(decimals, reading_decimals(term.tol))
        while decimals > reading_decimals(term.tol + rounding_tol(decimals)):
            decimals -= 1  # the rounding's own slack counts in the answer's tolerance
    av = AnswerValue(
        kind="number",
        text=fmt_num(term.value, decimals),
        value=term.value,
        unit=unit,
        abs_tol=round(term.tol + rounding_tol(decimals), 10),
        rel_tol=0.0,
    )
    return Num(av, term.node)


def label_value(text: str, aliases: list[str] | None = None) -> AnswerValue:
    return AnswerValue(kind="label", text=text, aliases=aliases or [])


def mark_label(p: DataPoint) -> AnswerValue:
    """A mark's label as an answer names it: a flow ``A → B`` also as ``A to B``, a bin
    ``40–50`` also as ``40-50``."""
    aliases = []
    if {"source", "target"} <= set(p.metadata):
        aliases.append(f"{p.metadata['source']} to {p.metadata['target']}")
    if "–" in p.label:
        aliases.append(p.label.replace("–", "-"))
    return label_value(p.label, aliases)


def chart_allows(operation: Operation, chart: Chart) -> bool:
    """True when ``operation`` makes sense on the kind of values ``chart`` draws."""
    return allows(operation, chart.value_kind, value_unit(chart), chart.chartType, chart.value_stock)


def metric_allows(ctx: Context, operation: Operation, metric: str, unit: str | None) -> bool:
    """True when ``operation`` makes sense on the report's ``metric`` (by its kind in the fact table)."""
    found = ctx.manifest.world.metric(metric)
    return allows(operation, found.kind if found else None, unit, stock=bool(found and found.stock))


#: The most tolerance a number asked may carry, as a share of itself. A wider one cannot tell a
#: reading from a guess ("8 ± 3.9" passes 4.5 and 11), and a judge that holds answers closer
#: than the stored tolerance fails readings the chart allows.
INFORMATIVE_SHARE = 0.25


def pinned(v: AnswerValue) -> bool:
    """Whether a reader can give ``v`` to within :data:`INFORMATIVE_SHARE` of itself (true of
    every value that is not a number)."""
    if v.kind != "number" or v.value is None:
        return True
    return effective_tol(v.value, v.abs_tol, v.rel_tol) <= INFORMATIVE_SHARE * abs(v.value)


def informative(draft: Draft) -> bool:
    """Every number in the answer is :func:`pinned`."""
    return all(pinned(v) for v in draft.answer_values)


DIRECTION_ALIASES: dict[str, list[str]] = {
    "rose": ["rise", "increase", "increased", "grew", "higher", "upward"],
    "fell": ["fall", "decrease", "decreased", "declined", "lower", "downward", "dropped"],
    "was broadly flat": ["flat", "stable", "unchanged", "little change", "steady"],
}


def direction_value(d: str) -> AnswerValue:
    return label_value(d, DIRECTION_ALIASES[d])


def direction(values: list[float]) -> str | None:
    """'rose' / 'fell' / 'was broadly flat' from first to last value, or None if ambiguous.

    A flat series may swing between (review55: trend L4 "flat" over swings of 10%); refusing
    them, or calling flat only what stays within the prose's 2.5% band, left trend L5 answering
    "flat" 9 of 61 times on seed 41 (``test_direction_guesses``): a tell, so the rule stays."""
    if len(values) < 2:
        return None
    change = relative_change(values)
    if abs(change) <= FLAT_FRACTION:
        return "was broadly flat"
    if abs(change) >= TREND_FRACTION:
        return "rose" if change > 0 else "fell"
    return None
