"""Numbers worked out from operands read off a chart or stated in the text (differences, gaps,
ratios, changes, shares), each with the tolerance its operands allow it."""

from __future__ import annotations

import math
from dataclasses import dataclass

from generation.charts.reading import LABEL_SLACK
from generation.questions.common import Num, Term, derived_value, read_off_axis
from generation.questions.kinds import is_percentage
from generation.questions.phrasing import decimals_of, diff_unit, fmt_num
from generation.world.derivation import Apply, apply
from synthdocbench_tasks.schema import DerivationOp


def difference_term(a: Term, b: Term, op: DerivationOp = "difference") -> Term:
    """``a - b`` (or ``|a - b|``) as an operand. Two read values' tolerances add in quadrature;
    two printed ones are exact, so their difference gets a printed figure's slack of itself
    (the operands' slack would be up to half of a small gap: 8.7 against a label of 8.46)."""
    node = apply(op, a.node, b.node)
    tol = LABEL_SLACK * abs(node.value) if a.exact and b.exact else math.hypot(a.tol, b.tol)
    return Term(tol, node, axis_read=read_off_axis(a, b))


def difference_value(a: Term, b: Term, unit: str | None) -> Num:
    """``a - b`` (caller orders them); a difference of percentages is in percentage points."""
    return derived_value(difference_term(a, b), diff_unit(unit), decimals_of(a.value, b.value))


def finest(*inputs: float | Num, least: int = 0) -> int:
    """The decimals a number derived from ``inputs`` prints with: as finely as the finest of them
    (a chart's value as charts print it, a computed figure as it is printed), and at least
    ``least``. A sum of readings 0.63 and 1.0 prints 1.63; a mean printed beside a gap of 0.0182
    prints 0.0862, so that the subtraction holds as printed."""
    places = [len(x.text.partition(".")[2]) if isinstance(x, Num) else decimals_of(x) for x in inputs]
    return max([least, *places])


def gap_value(a: Term, b: Term, unit: str | None, decimals: int | None = None) -> Num:
    """``|a - b|`` in the unit of the two values (percentage points for percentages), with
    ``decimals`` where one of them is a computed figure printed so (default: :func:`finest`)."""
    t = difference_term(a, b, "abs_difference")
    return derived_value(t, diff_unit(unit), finest(a.value, b.value) if decimals is None else decimals)


def ratio_value(a: Term, b: Term) -> Num:
    node = apply("ratio", a.node, b.node)
    t = Term(
        abs(node.value) * math.hypot(a.tol / a.value, b.tol / b.value), node, axis_read=read_off_axis(a, b)
    )
    return derived_value(t, None, 2)


def pct_change_value(start: Term, end: Term) -> Num:
    s, e = start.value, end.value
    tol = abs(e / s) * math.hypot(start.tol / s, end.tol / e if e else 0) * 100
    node = apply("percent_change", start.node, end.node)
    return derived_value(Term(tol, node, axis_read=read_off_axis(start, end)), "%", 1)


@dataclass(frozen=True)
class Change:
    """A change from one value to another, as the values' kind allows: a percentage change, or
    for percentages (rates, shares in %) a difference in percentage points."""

    value: Num
    in_points: bool

    @property
    def said(self) -> str:
        return self.value.said() if self.in_points else f"{self.value.text}%"

    def step(self, start: float, end: float) -> str:
        if self.in_points:
            return f"Change in percentage points: {fmt_num(end)} - {fmt_num(start)} = {self.value.text}."
        return (
            f"Percentage change: ({fmt_num(end)} - {fmt_num(start)}) / {fmt_num(start)} = {self.value.text}%."
        )


def change_value(start: Term, end: Term, unit: str | None) -> Change:
    """The change from ``start`` to ``end``: percentage points when the unit is %."""
    if is_percentage(unit):
        return Change(difference_value(end, start, unit), True)
    return Change(pct_change_value(start, end), False)


def share_value(part: Term, total: Term) -> Num:
    """``part`` as a percentage of ``total``: a share of the total when ``total`` is a sum."""
    summed = isinstance(total.node, Apply) and total.node.op == "sum"
    node = apply("share_of_total" if summed else "percent_of", part.node, total.node)
    tol = abs(node.value) * math.hypot(part.tol / part.value, total.tol / total.value)
    return derived_value(Term(tol, node, axis_read=read_off_axis(part, total)), "%", 1)
