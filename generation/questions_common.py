"""What question builders share: the draft they return and the document context they read.

A builder looks at the manifest and returns a :class:`Draft` (or None when the document
has no evidence for that category and level). ``generation.questions`` turns drafts into
:class:`~synthdocbench_tasks.schema.Question` records (ids, positions, evidence).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from generation.phrasing import (
    FLAT_FRACTION,
    TREND_FRACTION,
    decimals_of,
    diff_unit,
    effective_tol,
    fmt_num,
    numbers_in,
    point_key,
    read_tolerance,
    rounding_tol,
    value_unit,
)
from synthdocbench_tasks.schema import AnswerValue, Chart, DataPoint, DataRef, Difficulty, DocumentManifest


@dataclass
class Draft:
    """A question before it gets its id, position and evidence regions."""

    category: str
    difficulty: Difficulty
    question: str
    answer: str
    answer_values: list[AnswerValue]
    reasoning: list[str]
    charts: list[Chart] = field(default_factory=list)
    points: list[DataPoint] = field(default_factory=list)
    facts: list[int] = field(default_factory=list)

    def data_refs(self) -> list[DataRef]:
        return [DataRef(label=point_key(p), value=p.value) for p in self.points]


@dataclass
class Context:
    """The document a builder works on, plus what earlier questions already used."""

    manifest: DocumentManifest
    used: set[str] = field(default_factory=set)
    stated: set[float] = field(default_factory=set)

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
        return cls(manifest=manifest, stated=stated)

    def chart(self, viz_id: str) -> Chart | None:
        return next((c for c in self.manifest.charts if c.vizId == viz_id), None)

    def readable(self, point: DataPoint) -> bool:
        """A mark a question may ask for: its value is in no fact sentence, table cell or source
        note. (Insights are metadata, not printed prose; the PDF leak check in ``validate``
        catches any other place the value is printed.)"""
        return round(point.value, 6) not in self.stated and round(abs(point.value), 6) not in self.stated

    def facts_of(self, kind: str) -> list[int]:
        return [i for i, f in enumerate(self.manifest.text_facts) if f.values.get("kind") == kind]

    def section_order(self, section_id: str) -> int:
        for s in self.manifest.sections:
            if s.section_id == section_id:
                return s.order
        return 0

    def claim(self, key: str) -> bool:
        """Reserve a piece of evidence; False if an earlier question already used it."""
        if key in self.used:
            return False
        self.used.add(key)
        return True


Builder = Callable[[Context, Difficulty, np.random.Generator], "Draft | None"]


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


# --- answer values ---------------------------------------------------------------------


def read_value(chart: Chart, point: DataPoint) -> AnswerValue:
    """A value read off a chart, with the reading tolerance of that chart."""
    abs_tol, rel_tol = read_tolerance(chart)
    return AnswerValue(
        kind="number",
        text=fmt_num(point.value),
        value=point.value,
        unit=value_unit(chart),
        abs_tol=abs_tol,
        rel_tol=rel_tol,
    )


def exact_value(value: float, unit: str | None) -> AnswerValue:
    """A number stated in the text (or a year): matched up to its printed precision."""
    return AnswerValue(kind="number", text=fmt_num(value), value=value, unit=unit, abs_tol=0.0, rel_tol=0.0)


def derived_value(value: float, unit: str | None, tol: float, decimals: int) -> AnswerValue:
    """A computed number shown with ``decimals``: propagated tolerance plus rounding."""
    return AnswerValue(
        kind="number",
        text=fmt_num(value, decimals),
        value=value,
        unit=unit,
        abs_tol=round(tol + rounding_tol(decimals), 10),
        rel_tol=0.0,
    )


def label_value(text: str, aliases: list[str] | None = None) -> AnswerValue:
    return AnswerValue(kind="label", text=text, aliases=aliases or [])


def tol_of(chart: Chart | None, value: float) -> float:
    """Absolute reading tolerance of one operand (0 for numbers stated in the text)."""
    if chart is None:
        return 0.0
    abs_tol, rel_tol = read_tolerance(chart)
    return effective_tol(value, abs_tol, rel_tol)


def difference_value(a: float, ta: float, b: float, tb: float, unit: str | None) -> AnswerValue:
    """``a - b`` (caller orders them); operand tolerances combine in quadrature."""
    return derived_value(a - b, diff_unit(unit), math.hypot(ta, tb), decimals_of(a, b))


def ratio_value(a: float, ta: float, b: float, tb: float) -> AnswerValue:
    r = a / b
    return derived_value(r, None, abs(r) * math.hypot(ta / a, tb / b), 2)


def pct_change_value(start: float, ts: float, end: float, te: float) -> AnswerValue:
    pct = (end - start) / start * 100
    return derived_value(pct, "%", abs(end / start) * math.hypot(ts / start, te / end if end else 0) * 100, 1)


def cagr_value(start: float, ts: float, end: float, te: float, years: int) -> AnswerValue:
    growth = (end / start) ** (1 / years) - 1
    rel = math.hypot(ts / start, te / end)
    return derived_value(growth * 100, "%", (1 + growth) * rel / years * 100, 1)


def share_value(part: float, tp: float, total: float, tt: float) -> AnswerValue:
    share = part / total * 100
    return derived_value(share, "%", abs(share) * math.hypot(tp / part, tt / total), 1)


def sum_tol(tols: list[float]) -> float:
    """Tolerance of a sum of independently read values (quadrature)."""
    return math.sqrt(sum(t * t for t in tols))


def informative(draft: Draft) -> bool:
    """No number in the answer is smaller than half its own tolerance (an unreadable ask)."""
    return all(
        v.kind != "number"
        or v.value is None
        or effective_tol(v.value, v.abs_tol, v.rel_tol) <= 0.5 * abs(v.value)
        for v in draft.answer_values
    )


DIRECTION_ALIASES: dict[str, list[str]] = {
    "rose": ["rise", "increase", "increased", "grew", "higher", "upward"],
    "fell": ["fall", "decrease", "decreased", "declined", "lower", "downward", "dropped"],
    "was broadly flat": ["flat", "stable", "unchanged", "little change", "steady"],
}


def direction(values: list[float]) -> str | None:
    """'rose' / 'fell' / 'was broadly flat' from first to last value, or None if ambiguous."""
    if len(values) < 2:
        return None
    scale = sum(abs(v) for v in values) / len(values)
    if scale == 0:
        return "was broadly flat"
    change = (values[-1] - values[0]) / scale
    if abs(change) <= FLAT_FRACTION:
        return "was broadly flat"
    if abs(change) >= TREND_FRACTION:
        return "rose" if change > 0 else "fell"
    return None
