"""Operations valid for metric kinds: each ill-posed derivation is rejected by the ``ill_posed``
rule on hand-made manifests (structured programs, checked on their operations), valid ones pass,
and generated questions never need rejecting."""

from __future__ import annotations

from pathlib import Path
from typing import Union, cast

import pytest

from generation.document.content import plan_document
from generation.plan.config import GenerationConfig, load_config
from generation.questions.build import make_questions
from generation.questions.kinds import OPERATIONS, allows, ill_posed
from generation.questions.phrasing import fmt_num
from generation.validate.derivation_rules import derivations, evidence_reader, ill_posed_operations
from generation.validate.rules import RULES, check_question
from generation.world.derivation import Leaf, Node, OperandReader, apply, constant, flatten, render
from synthdocbench_tasks.schema import (
    AnswerValue,
    DataRef,
    DerivationOp,
    DocumentManifest,
    Operand,
    OperandSource,
    Question,
    World,
    WorldMetric,
    make_position,
)
from tests.generation.manifest_fixture import build_manifest

#: A derivation written by hand: ``("p", 0)`` is required data point 0, ``("p", 0, "label")`` its
#: label, ``("f", 1, "year")`` a number of required fact 1, ``("c", 2)`` the constant 2, and
#: ``(op, *args)`` an operation.
Spec = tuple[Union[str, int, float, "Spec"], ...]

#: Kinds of the fixture's charts (index -> kind): capacity in GW, a price, renewable shares in %,
#: a pie of shares, a histogram count, emissions in MtCO2.
CHART_KINDS = {1: "level", 2: "level", 3: "share", 4: "share", 5: "count", 6: "level"}


def kinds_manifest(spending_kind: str = "level") -> DocumentManifest:
    """The question fixture with the kinds a schema 1.1 generator records."""
    m = build_manifest()
    for chart in m.charts:
        chart.value_kind = CHART_KINDS[chart.index]  # type: ignore[assignment]
    m.world = World(
        metrics=[
            WorldMetric(name="network upgrade spending", unit="billion USD", kind=spending_kind, decimals=1),  # type: ignore[arg-type]
        ]
    )
    return m


def program(spec: Spec, read: OperandReader) -> Node:
    """The tree of ``spec`` with every evidence number read from the manifest by ``read``."""
    head, args = spec[0], spec[1:]
    if head in ("p", "f"):
        source: OperandSource = "point" if head == "p" else "fact"
        index, key = str(args[0]), str(args[1]) if len(args) > 1 else "value"
        value = read(Operand(source=source, index=int(index), key=key, value=0.0))
        return Leaf(source, index, key, value)
    if head == "c":
        return constant(float(str(args[0])))
    op = cast(DerivationOp, head)
    return apply(op, *(program(cast(Spec, a), read) for a in args))


def _question(
    m: DocumentManifest, spec: Spec, chart: int | None, labels: list[str], facts: list[int] | None = None
) -> Question:
    """A question whose answer value v0 is derived by the program ``spec`` from chart marks and
    facts: well-formed and numerically right, so only the kind rules can object to it."""
    refs = []
    chart_obj = next((c for c in m.charts if c.index == chart), None)
    for label in labels:
        assert chart_obj is not None
        point = next(
            p for p in chart_obj.data if (f"{p.label} ({p.category})" if p.category else p.label) == label
        )
        refs.append(DataRef(label=label, value=point.value))
    facts = facts or []
    q = Question(
        question_id=f"{m.doc_id}-complex-01",
        doc_id=m.doc_id,
        subset="complex" if facts else "chart",
        question_type="test",
        category="technical_quantitative" if facts else "comparison",
        difficulty="L3",
        question="What does the derivation give?",
        answer="The derivation gives one number for the test.",
        answer_values=[AnswerValue(kind="number", text="1", value=1.0)],
        reasoning=["Read the values.", "Combine them.", "Compute it."],
        required_facts=facts,
        required_facts_text=[m.text_facts[i].sentence for i in facts],
        fact_sources=[m.text_facts[i].section_id for i in facts],
        chart_index=chart,
        chart_title=chart_obj.title if chart_obj else None,
        chart_type=chart_obj.chartType if chart_obj else None,
        required_data_points=refs,
        position=make_position(chart or 1, 6, "chart"),
    )
    node = program(spec, evidence_reader(m, q, chart_obj))

    def operand(leaf: Leaf) -> Operand:
        return Operand(source=leaf.source, index=int(leaf.ref or 0), key=leaf.key, value=leaf.value)

    d = flatten(node, 0, None, operand)
    value = AnswerValue(kind="number", text=fmt_num(node.value, 6), value=node.value)
    steps = [*q.reasoning[:-1], f"Compute it. [calc: v0 = {render(d)}]"]
    return q.model_copy(update={"answer_values": [value], "derivations": [d], "reasoning": steps})


EUROPE = ["2020 (Europe)", "2021 (Europe)", "2022 (Europe)"]

P0, P1, P2 = ("p", 0), ("p", 1), ("p", 2)
SHARE_OF_TOTAL: Spec = ("share_of_total", P0, ("sum", P0, P1, P2))
FACT_YEARS: Spec = ("difference", ("f", 1, "year"), ("f", 0, "year"))
FACT_CAGR: Spec = ("cagr", ("f", 0, "value"), ("f", 1, "value"), FACT_YEARS)

#: (operation, program, chart, labels, facts, reason fragment, printed derivation): each ill-posed.
ILLEGAL = [
    (
        "share of total of shares",
        SHARE_OF_TOTAL,
        3,
        EUROPE,
        [],
        "a share of the total of share",
        "p0 / (sum(p0, p1, p2)) * 100",
    ),
    ("sum of shares", ("sum", P0, P1, P2), 3, EUROPE, [], "a sum of share values", "sum(p0, p1, p2)"),
    (
        "sum of shares inside a change of scale",
        ("scale", ("sum", P0, P1), ("c", 1000)),
        3,
        EUROPE[:2],
        [],
        "a sum of share values",
        "sum(p0, p1) * 1000",
    ),
    (
        "percentage change of a share",
        ("percent_change", P0, P1),
        3,
        EUROPE[:2],
        [],
        "percentage points",
        "(p1 - p0) / p0 * 100",
    ),
    (
        "CAGR of a share",
        ("cagr", P0, P1, ("c", 2)),
        3,
        [EUROPE[0], EUROPE[2]],
        [],
        "compound",
        "((p1 / p0) ** (1 / 2) - 1) * 100",
    ),
    (
        "relative difference of a claimed and a charted percentage",
        ("percent_change", ("f", 0, "claimed_value"), P0),
        3,
        ["2022 (Europe)"],
        [3],
        "percentage points",
        "(p0 - f0.claimed_value) / f0.claimed_value * 100",
    ),
]

LEGAL = [
    ("share of total of levels", SHARE_OF_TOTAL, 1, ["Solar", "Wind", "Hydro"], []),
    ("sum of counts", ("sum", P0, P1), 5, ["10–20", "20–30"], []),
    ("sum of one pie's shares", ("sum", P0, P1), 4, ["Solar", "Wind"], []),
    ("percentage change of a level", ("percent_change", P0, P1), 2, ["2015", "2022"], []),
    ("CAGR of a level", ("cagr", P0, P1, ("c", 7)), 2, ["2015", "2022"], []),
    ("change of a share in points", ("difference", P1, P0), 3, EUROPE[:2], []),
    ("mean of shares", ("mean", P0, P1, P2), 3, EUROPE, []),
    ("average yearly change of a share", ("average_change", P0, P1, ("c", 2)), 3, [EUROPE[0], EUROPE[2]], []),
    (
        "a share as a percentage of a stated share",
        ("percent_of", P0, ("f", 0, "claimed_value")),
        3,
        [EUROPE[2]],
        [3],
    ),
    ("CAGR of metric facts", FACT_CAGR, None, [], [0, 1]),
]


@pytest.mark.parametrize(("name", "spec", "chart", "labels", "facts", "reason", "text"), ILLEGAL)
def test_each_illegal_operation_is_rejected(
    name: str, spec: Spec, chart: int, labels: list[str], facts: list[int], reason: str, text: str
) -> None:
    m = kinds_manifest()
    q = _question(m, spec, chart, labels, facts)
    found = ill_posed_operations(m, q, next(c for c in m.charts if c.index == chart))
    assert found == [f"v0 = {text}: {found[0].split(': ', 1)[1]}"] and reason in found[0], (name, found)
    problems = check_question(m, q, 16, [])
    # a well-formed, numerically right program: the kind rule is its only numeric-side objection
    assert [p for p in problems if p[0] in ("numeric", "ill_posed")] == [("ill_posed", found[0])]
    assert "ill_posed" in RULES


@pytest.mark.parametrize(("name", "spec", "chart", "labels", "facts"), LEGAL)
def test_valid_operations_pass(
    name: str, spec: Spec, chart: int | None, labels: list[str], facts: list[int]
) -> None:
    m = kinds_manifest()
    q = _question(m, spec, chart, labels, facts)
    c = next((c for c in m.charts if c.index == chart), None)
    assert ill_posed_operations(m, q, c) == [], name
    assert [p for p in check_question(m, q, 16, []) if p[0] in ("numeric", "ill_posed")] == [], name


def test_kinds_are_judged_on_operations_not_on_text() -> None:
    """A share of the total keeps its kind rule whatever the reasoning prints; the text is only
    compared with the program (the numeric rule), never parsed for the operations."""
    m = kinds_manifest()
    q = _question(m, SHARE_OF_TOTAL, 3, EUROPE, [])
    disguised = q.model_copy(update={"reasoning": [*q.reasoning[:-1], "Compute it. [calc: v0 = p0]"]})
    chart = next(c for c in m.charts if c.index == 3)
    assert ill_posed_operations(m, disguised, chart) == ill_posed_operations(m, q, chart) != []
    assert any(r == "numeric" and "does not end with" in d for r, d in check_question(m, disguised, 16, []))


def test_fact_kinds_come_from_the_fact_table() -> None:
    rates = kinds_manifest(spending_kind="rate")
    found = ill_posed_operations(rates, _question(rates, FACT_CAGR, None, [], [0, 1]), None)
    assert len(found) == 1 and "compound annual growth rate of a rate" in found[0]
    # a truncated table (the metric missing) is not guessed at
    truncated = kinds_manifest()
    truncated.world = World()
    assert ill_posed_operations(truncated, _question(truncated, FACT_CAGR, None, [], [0, 1]), None) == []
    # a malformed program is the numeric rule's to report, once, not the kind rule's
    q = _question(kinds_manifest(), FACT_CAGR, None, [], [0, 1])
    assert q.derivations is not None
    d = q.derivations[0]
    cut = d.model_copy(update={"steps": [d.steps[-1]]})  # the years step it names is gone
    broken = q.model_copy(update={"derivations": [cut]})
    assert ill_posed_operations(rates, broken, None) == []
    numeric = [p for p in check_question(rates, broken, 16, []) if p[0] == "numeric"]
    assert numeric == [("numeric", "v0: step 0 (cagr) uses step 0, which does not precede it")]


def test_manifests_without_kinds_pass() -> None:
    m = build_manifest()  # schema 1.0: no kinds recorded
    q = _question(m, SHARE_OF_TOTAL, 3, EUROPE, [])
    assert ill_posed_operations(m, q, next(c for c in m.charts if c.index == 3)) == []


def test_kind_rules_table() -> None:
    assert set(OPERATIONS) == {"sum", "total_over_years", "share_of_total", "relative_change", "cagr"}
    for kind in ("level", "count"):
        assert all(allows(op, kind, "GW") for op in OPERATIONS)
        # a stock adds up across entities at one date, never over its years (but a waterfall's
        # steps, changes, do)
        assert allows("sum", kind, "GW", "bar", stock=True) and allows(
            "share_of_total", kind, "GW", stock=True
        )
        assert not allows("total_over_years", kind, "GW", "line", stock=True)
        assert allows("total_over_years", kind, "GW", "waterfall", stock=True)
    # an average, a price, a time: never summed, but it changes and compounds
    for op in ("sum", "total_over_years", "share_of_total"):
        assert not allows(op, "intensive", "weeks", "bar")
    assert allows("relative_change", "intensive", "USD per kWh") and allows(
        "cagr", "intensive", "USD per kWh"
    )
    for kind in ("rate", "share", "index"):
        assert not allows("cagr", kind, "index points")
        assert not allows("share_of_total", kind, "%")
        assert allows("share_of_total", kind, "%", "pie")
    assert not allows("relative_change", "rate", "%") and allows("relative_change", "rate", "cases per 100k")
    assert ill_posed("cagr", None, None) is None


@pytest.mark.slow
def test_generated_questions_apply_only_valid_operations() -> None:
    config = GenerationConfig(seed=11, n_docs=6, questions_per_subset=3)
    checked = 0
    for index in range(6):
        manifest = plan_document(config, index).manifest
        assert manifest.world.metrics and all(c.value_kind for c in manifest.charts)
        for q in make_questions(manifest, config):
            chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
            assert ill_posed_operations(manifest, q, chart) == [], q.question_id
            checked += len(derivations(q))
    assert checked > 0


def test_totals_over_years_of_a_stock_are_rejected_and_of_a_flow_kept() -> None:
    """Three years of one series summed: fine for a flow (investment), ill-posed for a stock
    (installed capacity), whatever the year labels' series; the same sum across entities of a
    stock stays legal."""
    m = kinds_manifest()
    chart = next(c for c in m.charts if c.index == 3)
    chart.value_kind = "level"
    q = _question(m, ("sum", P0, P1, P2), 3, EUROPE, [])
    assert ill_posed_operations(m, q, chart) == []
    chart.value_stock = True
    q = _question(m, ("sum", P0, P1, P2), 3, EUROPE, [])
    assert ill_posed_operations(m, q, chart) == [
        "v0 = sum(p0, p1, p2): a total over years of a stock (a level at each date: years do not add up)"
    ]
    across = next(c for c in m.charts if c.index == 1)
    across.value_stock = True
    q = _question(m, ("sum", P0, P1, P2), 1, ["Solar", "Wind", "Hydro"], [])
    assert ill_posed_operations(m, q, across) == []


def test_sums_of_intensive_values_are_rejected() -> None:
    m = kinds_manifest()
    chart = next(c for c in m.charts if c.index == 1)
    chart.value_kind = "intensive"
    q = _question(m, SHARE_OF_TOTAL, 1, ["Solar", "Wind", "Hydro"], [])
    reason = "a share of the total of intensive values (only levels and counts add up)"
    assert ill_posed_operations(m, q, chart) == [f"v0 = p0 / (sum(p0, p1, p2)) * 100: {reason}"]


@pytest.mark.slow
def test_generated_questions_never_total_a_stock_over_years_or_sum_an_intensive_metric() -> None:
    """Over many plan-only documents: no question sums values of an intensive metric or totals a
    stock over years, while stocks and intensive metrics are charted and asked about."""
    config = load_config(Path(__file__).parents[3] / "configs" / "paper.yaml", seed=11, n_docs=30)
    stock_charts = intensive_charts = 0
    for index in range(30):  # the questions before stocks were marked totalled five stocks here
        manifest = plan_document(config, index).manifest
        stock_charts += sum(c.value_stock for c in manifest.charts)
        intensive_charts += sum(c.value_kind == "intensive" for c in manifest.charts)
        for q in make_questions(manifest, config):
            chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
            assert ill_posed_operations(manifest, q, chart) == [], q.question_id
    assert stock_charts > 0 and intensive_charts > 0
