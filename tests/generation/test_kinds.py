"""Operations valid for metric kinds: each ill-posed derivation is rejected by the ``ill_posed``
rule on hand-made manifests, valid ones pass, and generated questions never need rejecting."""

from __future__ import annotations

import pytest

from generation.config import GenerationConfig
from generation.content import plan_document
from generation.questions import make_questions
from generation.validate import RULES, check_question, derivations, ill_posed_operations
from generation.world.kinds import OPERATIONS, allows, ill_posed
from synthdocbench_tasks.schema import (
    AnswerValue,
    DataRef,
    DocumentManifest,
    Question,
    World,
    WorldMetric,
    make_position,
)
from tests.generation.manifest_fixture import build_manifest

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


def _question(
    m: DocumentManifest, expr: str, chart: int | None, labels: list[str], facts: list[int] | None = None
) -> Question:
    """A question whose answer value v0 is derived by ``expr`` from chart marks and facts."""
    refs = []
    chart_obj = next((c for c in m.charts if c.index == chart), None)
    for label in labels:
        assert chart_obj is not None
        point = next(
            p for p in chart_obj.data if (f"{p.label} ({p.category})" if p.category else p.label) == label
        )
        refs.append(DataRef(label=label, value=point.value))
    facts = facts or []
    return Question(
        question_id=f"{m.doc_id}-complex-01",
        doc_id=m.doc_id,
        subset="complex" if facts else "chart",
        question_type="test",
        category="technical_quantitative" if facts else "comparison",
        difficulty="L3",
        question="What does the derivation give?",
        answer="The derivation gives one number for the test.",
        answer_values=[AnswerValue(kind="number", text="1", value=1.0)],
        reasoning=["Read the values.", "Combine them.", f"Compute it. [calc: v0 = {expr}]"],
        required_facts=facts,
        required_facts_text=[m.text_facts[i].sentence for i in facts],
        fact_sources=[m.text_facts[i].section_id for i in facts],
        chart_index=chart,
        chart_title=chart_obj.title if chart_obj else None,
        chart_type=chart_obj.chartType if chart_obj else None,
        required_data_points=refs,
        position=make_position(chart or 1, 6, "chart"),
    )


EUROPE = ["2020 (Europe)", "2021 (Europe)", "2022 (Europe)"]

#: (operation, expression, chart, labels, facts, reason fragment): each one ill-posed.
ILLEGAL = [
    (
        "share of total of shares",
        "p0 / sum(p0, p1, p2) * 100",
        3,
        EUROPE,
        [],
        "a share of the total of share",
    ),
    ("sum of shares", "sum(p0, p1, p2)", 3, EUROPE, [], "a sum of share values"),
    ("percentage change of a share", "(p1 - p0) / p0 * 100", 3, EUROPE[:2], [], "percentage points"),
    ("CAGR of a share", "((p1 / p0) ** (1 / 2) - 1) * 100", 3, [EUROPE[0], EUROPE[2]], [], "compound"),
    (
        "relative difference of a claimed and a charted percentage",
        "(p0 - f0.claimed_value) / f0.claimed_value * 100",
        3,
        ["2022 (Europe)"],
        [3],
        "percentage points",
    ),
]

LEGAL = [
    ("share of total of levels", "p0 / sum(p0, p1, p2) * 100", 1, ["Solar", "Wind", "Hydro"], []),
    ("sum of counts", "sum(p0, p1)", 5, ["10–20", "20–30"], []),
    ("sum of one pie's shares", "sum(p0, p1)", 4, ["Solar", "Wind"], []),
    ("percentage change of a level", "(p1 - p0) / p0 * 100", 2, ["2015", "2022"], []),
    ("CAGR of a level", "((p1 / p0) ** (1 / 7) - 1) * 100", 2, ["2015", "2022"], []),
    ("change of a share in points", "p1 - p0", 3, EUROPE[:2], []),
    ("mean of shares", "mean(p0, p1, p2)", 3, EUROPE, []),
    ("average yearly change of a share", "(p1 - p0) / (2)", 3, [EUROPE[0], EUROPE[2]], []),
    (
        "CAGR of metric facts",
        "((f1.value / f0.value) ** (1 / (f1.year - f0.year)) - 1) * 100",
        None,
        [],
        [0, 1],
    ),
]


@pytest.mark.parametrize(("name", "expr", "chart", "labels", "facts", "reason"), ILLEGAL)
def test_each_illegal_operation_is_rejected(
    name: str, expr: str, chart: int, labels: list[str], facts: list[int], reason: str
) -> None:
    m = kinds_manifest()
    q = _question(m, expr, chart, labels, facts)
    found = ill_posed_operations(m, q, next(c for c in m.charts if c.index == chart))
    assert len(found) == 1 and reason in found[0] and expr in found[0], (name, found)
    problems = check_question(m, q, 16, [])
    assert ("ill_posed", found[0]) in problems and "ill_posed" in RULES


@pytest.mark.parametrize(("name", "expr", "chart", "labels", "facts"), LEGAL)
def test_valid_operations_pass(
    name: str, expr: str, chart: int | None, labels: list[str], facts: list[int]
) -> None:
    m = kinds_manifest()
    q = _question(m, expr, chart, labels, facts)
    c = next((c for c in m.charts if c.index == chart), None)
    assert ill_posed_operations(m, q, c) == [], name


def test_fact_kinds_come_from_the_fact_table() -> None:
    expr = "((f1.value / f0.value) ** (1 / (f1.year - f0.year)) - 1) * 100"
    rates = kinds_manifest(spending_kind="rate")
    found = ill_posed_operations(rates, _question(rates, expr, None, [], [0, 1]), None)
    assert len(found) == 1 and "compound annual growth rate of a rate" in found[0]
    # a truncated table (the metric missing) and a hostile expression are not guessed at
    truncated = kinds_manifest()
    truncated.world = World()
    assert ill_posed_operations(truncated, _question(truncated, expr, None, [], [0, 1]), None) == []
    hostile = _question(truncated, "__import__('os').system('true')", None, [], [0, 1])
    assert ill_posed_operations(truncated, hostile, None) == []
    broken = _question(truncated, "((f1.value / ", None, [], [0, 1])
    assert ill_posed_operations(truncated, broken, None) == []


def test_manifests_without_kinds_pass() -> None:
    m = build_manifest()  # schema 1.0: no kinds recorded
    q = _question(m, "p0 / sum(p0, p1, p2) * 100", 3, EUROPE, [])
    assert ill_posed_operations(m, q, next(c for c in m.charts if c.index == 3)) == []


def test_kind_rules_table() -> None:
    assert set(OPERATIONS) == {"sum", "share_of_total", "relative_change", "cagr"}
    for kind in ("level", "count"):
        assert all(allows(op, kind, "GW") for op in OPERATIONS)
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
