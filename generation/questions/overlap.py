"""Marks a reader cannot tell apart: two series' marks drawn at one label's position (a dumbbell
row, a radar spoke, a slope's year column) whose dots overlap.

Two such marks overlap when their values are closer than the drawn dot's diameter, in value
units: the registry's ``overlap_share`` (diameter over the value axis's length, measured on
charts.js' drawings, ``ChartType.one_position_px``) times the value axis's span (from zero on a
radar, else the data's least to its greatest value). The check reads the share at the smallest
slot the chart can be drawn in (half-width: the document's layout, which comes later, may put it
beside another figure), where its dots are closest. A reader then sees two dots but not which is whose, so
a question reading one of them has one right answer only where reading the other instead (the
swap) keeps every number of its answer within that number's tolerance, and, where it answers a
label too (a verdict, a choice), the two values lie within one reading tolerance (the label
rests on a reading of that precision, so a swap by more may change it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from generation.charts.reading import value_tolerance
from generation.charts.registry import chart_type
from generation.questions.common import Draft
from generation.questions.phrasing import effective_tol
from generation.world.derivation import DerivationError, execute
from synthdocbench_tasks.schema import AnswerValue, Chart, DataPoint, Derivation, Operand


def overlap_gap(chart: Chart, slot: str | None = None) -> float:
    """The value gap under which two series' marks at one label overlap on ``chart`` drawn in a
    slot of kind ``slot`` (None: the smallest it can be drawn in; 0: its type draws one series'
    mark per position)."""
    record = chart_type(chart.chartType)
    share = record.overlap_share if slot is None else record.overlap_share_at(slot)
    if not share or not chart.data:
        return 0.0
    values = [p.value for p in chart.data]
    low = min(0.0, *values) if record.one_position_from_zero else min(values)
    return share * (max(values) - low)


def overlapping(chart: Chart, p: DataPoint, slot: str | None = None) -> list[DataPoint]:
    """The marks of other series at ``p``'s label whose dots overlap ``p``'s (in ``slot``)."""
    gap = overlap_gap(chart, slot)
    return [
        c
        for c in chart.data
        if gap and c.label == p.label and c.category != p.category and abs(c.value - p.value) < gap
    ]


def swap_moves_answer(
    charts: Sequence[Chart],
    points: Sequence[DataPoint],
    values: Sequence[AnswerValue],
    derivations: Sequence[Derivation],
    slots: Mapping[str, str] | None = None,
) -> bool:
    """True when reading, for one of ``points``, the overlapping mark of another series instead
    (:func:`overlapping`, in the slot ``slots`` gives the chart's vizId, else the smallest) moves a
    number of the answer beyond its tolerance: the derivations rerun on the recorded operand values
    with that one mark's value swapped), or, where the answer has a label, the two values differ by
    more than the reading tolerance."""
    labelled = any(v.kind == "label" for v in values)
    for i, p in enumerate(points):
        chart = next((c for c in charts if any(x is p or x == p for x in c.data)), None)
        if chart is None:
            continue
        for other in overlapping(chart, p, (slots or {}).get(chart.vizId)):
            if labelled and abs(other.value - p.value) > value_tolerance(chart, p.value):
                return True
            if any(_moves(d, values, i, other.value) for d in derivations):
                return True
    return False


def _moves(d: Derivation, values: Sequence[AnswerValue], index: int, swapped: float) -> bool:
    def read(o: Operand) -> float:
        return swapped if o.source == "point" and o.index == index and o.key == "value" else o.value

    target = values[d.value_index] if d.value_index < len(values) else None
    if target is None or target.value is None:
        return False
    try:
        got = execute(d, read, float("inf")).value
    except (DerivationError, ZeroDivisionError, ValueError):
        return True  # the swapped reading leaves the derivation undefined: it does not stay within
    return abs(got - target.value) > effective_tol(target.value, target.abs_tol, target.rel_tol)


def reads_hidden_mark(draft: Draft) -> bool:
    """The draft reads a mark drawn over another series' mark and a swap of the two moves its
    answer (:func:`swap_moves_answer`): it is not asked (``build._build`` tries the builder again,
    which moves on to other evidence)."""
    return swap_moves_answer(draft.charts, draft.points, draft.answer_values, draft.derivations())
