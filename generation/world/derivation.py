"""Derivations as programs: the closed set of operations, how a question builder composes them,
how they become a question's ``derivations`` and its ``[calc: ...]`` text, and how they run.

A builder combines evidence numbers into a tree of :class:`Node` (a :class:`Leaf` is one number
of the evidence, an :class:`Apply` one operation on its children); :func:`compute` gives an
operation's value, so the generator and validation compute with the same arithmetic.
:func:`flatten` turns a tree into the steps of a
:class:`~synthdocbench_tasks.schema.Derivation` (operands point at required data points and
facts by position); :func:`render` writes a derivation as the expression printed at the end
of the reasoning (``v2 = (p1 - p0) / p0 * 100``); :func:`execute` runs one on numbers that a
``read`` callback supplies (``generation.validate.rules`` reads them from the manifest).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import get_args

from synthdocbench_tasks.schema import Derivation, DerivationOp, DerivationStep, Operand, OperandSource

OPS: tuple[DerivationOp, ...] = get_args(DerivationOp)

#: Operands each operation takes: an exact count, or (minimum, None) for any number above it.
ARITY: dict[DerivationOp, tuple[int, int | None]] = {
    "read": (1, 1),
    "sum": (1, None),
    "mean": (1, None),
    "difference": (2, 2),
    "abs_difference": (2, 2),
    "ratio": (2, 2),
    "percent_of": (2, 2),
    "share_of_total": (2, 2),
    "percent_change": (2, 2),
    "cagr": (3, 3),
    "average_change": (3, 3),
    "scale": (2, 2),
}


class DerivationError(ValueError):
    """A derivation that is malformed, names evidence the question does not cite, or cannot run."""


def compute(op: DerivationOp, args: Sequence[float]) -> float:
    """The value of ``op`` on ``args`` (the one place that defines what each operation computes)."""
    if op == "read":
        return args[0]
    if op == "sum":
        return sum(args)
    if op == "mean":
        return sum(args) / len(args)
    if op == "difference":
        return args[0] - args[1]
    if op == "abs_difference":
        return abs(args[0] - args[1])
    if op == "ratio":
        return args[0] / args[1]
    if op in ("percent_of", "share_of_total"):
        return args[0] / args[1] * 100
    if op == "percent_change":
        start, end = args
        return (end - start) / start * 100
    if op == "cagr":
        start, end, years = args
        return ((end / start) ** (1 / years) - 1) * 100
    if op == "average_change":
        start, end, years = args
        return (end - start) / years
    if op == "scale":
        return args[0] * args[1]
    raise DerivationError(f"unknown operation {op!r}; expected one of {', '.join(OPS)}")


# --- building (question builders) ----------------------------------------------------------


@dataclass(frozen=True)
class Leaf:
    """One number of the evidence: a chart mark (``ref`` its key ``label (series)``, ``key``
    ``value``, ``label`` or a metadata key; ``viz_id`` its chart), a text fact (``ref`` its
    index in the manifest, ``key`` a key of its values, ``name`` its fact id) or a constant."""

    source: OperandSource
    ref: str
    key: str
    value: float
    viz_id: str | None = None
    name: str = ""


@dataclass(frozen=True)
class Apply:
    """An operation on evidence numbers or on the results of other operations."""

    op: DerivationOp
    args: tuple[Node, ...]
    value: float


Node = Leaf | Apply


def apply(op: DerivationOp, *args: Node) -> Apply:
    """``op`` on ``args``, its value computed by :func:`compute`."""
    return Apply(op, tuple(args), compute(op, [a.value for a in args]))


def constant(value: float) -> Leaf:
    return Leaf("constant", "", "value", value)


#: Turns a leaf into its operand (position among the question's cited evidence); raises
#: ValueError for evidence the question does not cite.
LeafResolver = Callable[[Leaf], Operand]


def flatten(node: Node, index: int, unit: str | None, resolve: LeafResolver) -> Derivation:
    """The derivation of answer value ``index``: one step per operation, children first."""
    steps: list[DerivationStep] = []

    def operand(n: Node) -> Operand:
        if isinstance(n, Leaf):
            return resolve(n)
        steps.append(DerivationStep(op=n.op, operands=[operand(a) for a in n.args], result=n.value))
        return Operand(source="step", index=len(steps) - 1, value=n.value)

    if isinstance(node, Leaf):
        steps.append(DerivationStep(op="read", operands=[resolve(node)], result=node.value))
    else:
        operand(node)
    return Derivation(value_index=index, steps=steps, unit=unit)


# --- text -----------------------------------------------------------------------------

#: What opens the derivations printed at the end of a question's last reasoning step.
CALC_PREFIX = "[calc: "


def _number(value: float) -> str:
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def operand_name(o: Operand) -> str:
    """``p0`` (a mark's value), ``p0.label``, ``p1.target``, ``f0.year``, ``1000``; step n is ``s<n>``."""
    if o.source == "point":
        return f"p{o.index}" if o.key == "value" else f"p{o.index}.{o.key}"
    if o.source == "fact":
        return f"f{o.index}.{o.key}"
    if o.source == "constant":
        return _number(o.value)
    return f"s{o.index}"


def _template(op: DerivationOp, args: list[str], atomic: list[bool]) -> str:
    w = [a if atom else f"({a})" for a, atom in zip(args, atomic, strict=True)]
    if op == "read":
        return args[0]
    if op in ("sum", "mean"):
        return f"{op}({', '.join(args)})"
    if op == "difference":
        return f"{w[0]} - {w[1]}"
    if op == "abs_difference":
        return f"abs({args[0]} - {w[1]})"
    if op == "ratio":
        return f"{w[0]} / {w[1]}"
    if op in ("percent_of", "share_of_total"):
        return f"{w[0]} / {w[1]} * 100"
    if op == "percent_change":
        return f"({w[1]} - {w[0]}) / {w[0]} * 100"
    if op == "cagr":
        return f"(({w[1]} / {w[0]}) ** (1 / {w[2]}) - 1) * 100"
    if op == "average_change":
        return f"({w[1]} - {w[0]}) / ({args[2]})"
    return f"{args[0]} * {args[1]}"  # scale


def render(d: Derivation) -> str:
    """The derivation as one expression over ``pN`` / ``fN.key`` (earlier steps inlined), as the
    reasoning prints it after ``[calc: vN = ``."""
    texts: list[str] = []
    for step in check_shape(d):
        args = [texts[o.index] if o.source == "step" else operand_name(o) for o in step.operands]
        atomic = [o.source != "step" for o in step.operands]
        texts.append(_template(step.op, args, atomic))
    return texts[-1]


def calc_text(derivations: Sequence[Derivation]) -> str:
    """``v0 = p0 / p1; v2 = ...``: the derivations as the reasoning prints them (inside ``[calc: ...]``)."""
    return "; ".join(f"v{d.value_index} = {render(d)}" for d in derivations)


# --- running (validation) --------------------------------------------------------------------


def check_shape(d: Derivation) -> list[DerivationStep]:
    """The steps, once each has an operation it knows, the operands it takes, and refers only to
    earlier steps; a share of the total divides by a sum. Raises :class:`DerivationError`."""
    for k, step in enumerate(d.steps):
        if step.op not in ARITY:
            raise DerivationError(f"step {k} has unknown operation {step.op!r}")
        low, high = ARITY[step.op]
        n = len(step.operands)
        if n < low or (high is not None and n > high):
            wanted = str(low) if high == low else f"at least {low}"
            raise DerivationError(f"step {k} ({step.op}) takes {wanted} operand(s), got {n}")
        for o in step.operands:
            if o.source == "step" and o.index >= k:
                raise DerivationError(f"step {k} ({step.op}) uses step {o.index}, which does not precede it")
        if step.op == "share_of_total":
            total = step.operands[1]
            if total.source != "step" or d.steps[total.index].op != "sum":
                raise DerivationError(f"step {k} (share_of_total) must divide by a sum step")
    used = {o.index for s in d.steps for o in s.operands if o.source == "step"}
    unused = [k for k in range(len(d.steps) - 1) if k not in used]
    if unused:
        raise DerivationError(f"step {unused[0]} ({d.steps[unused[0]].op}) is computed but never used")
    return d.steps


#: Supplies the number of an evidence operand (a point or a fact), from the manifest; raises
#: :class:`DerivationError`.
OperandReader = Callable[[Operand], float]


@dataclass(frozen=True)
class Run:
    """What running a derivation gave: every step's result, and the first step whose recorded
    result is not what its operands give (None when all agree)."""

    results: list[float]
    mismatch: str | None

    @property
    def value(self) -> float:
        return self.results[-1]


def execute(d: Derivation, read: OperandReader, tol: float = 1e-9) -> Run:
    """Run ``d``: read each evidence operand with ``read``, apply each step's operation, and note
    where a recorded operand value or step result differs from what the evidence gives (beyond
    ``tol`` relative float round-off)."""
    results: list[float] = []
    mismatch: str | None = None

    def differ(a: float, b: float) -> bool:
        return not math.isclose(a, b, rel_tol=tol, abs_tol=tol)

    for k, step in enumerate(check_shape(d)):
        args: list[float] = []
        for o in step.operands:
            x = results[o.index] if o.source == "step" else o.value if o.source == "constant" else read(o)
            if mismatch is None and o.source in ("point", "fact") and differ(x, o.value):
                name = operand_name(o)
                mismatch = f"step {k} records {name} as {o.value:.10g}, but the evidence has {x:.10g}"
            args.append(x)
        try:
            got = compute(step.op, args)
        except (ZeroDivisionError, OverflowError, ValueError) as exc:
            raise DerivationError(f"step {k} ({step.op}) cannot be computed ({exc})") from exc
        if isinstance(got, complex):
            raise DerivationError(f"step {k} ({step.op}) has no real value")
        if not math.isfinite(got):
            raise DerivationError(f"step {k} ({step.op}) cannot be computed (the result is {got})")
        if mismatch is None and differ(got, step.result):
            mismatch = f"step {k} ({step.op}) records {step.result:.10g}, but its operands give {got:.10g}"
        results.append(got)
    return Run(results, mismatch)
