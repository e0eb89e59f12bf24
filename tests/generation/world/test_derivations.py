"""Structured derivations: every operation computes and prints as specified, validation runs the
program on the manifest (a wrong result, a wrong operand, a malformed or truncated program each
give one clear error), old records still load, generated questions carry programs that run to
their reference values, and the field survives a real Parquet round trip through ``datasets``."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from datasets import load_dataset
from pydantic import ValidationError

from generation.document.content import plan_document
from generation.export.dataset import question_schema
from generation.plan.config import GenerationConfig
from generation.questions.build import make_questions
from generation.validate.derivation_rules import derivations, evidence_reader
from generation.validate.rules import check_question
from generation.world.derivation import (
    ARITY,
    CALC_PREFIX,
    OPS,
    DerivationError,
    calc_text,
    compute,
    execute,
    render,
)
from synthdocbench_tasks.schema import (
    Derivation,
    DerivationOp,
    DerivationStep,
    DocumentManifest,
    Operand,
    Question,
)
from tests.generation.manifest_fixture import build_manifest


def _c(value: float) -> Operand:
    return Operand(source="constant", value=value)


def _s(index: int, value: float) -> Operand:
    return Operand(source="step", index=index, value=value)


#: (operation, operand values, expected value, printed form with constants c0, c1...).
OPERATIONS: list[tuple[DerivationOp, list[float], float, str]] = [
    ("read", [4.5], 4.5, "4.5"),
    ("sum", [1.0, 2.0, 3.5], 6.5, "sum(1, 2, 3.5)"),
    ("mean", [1.0, 2.0, 6.0], 3.0, "mean(1, 2, 6)"),
    ("difference", [7.0, 2.5], 4.5, "7 - 2.5"),
    ("abs_difference", [2.5, 7.0], 4.5, "abs(2.5 - 7)"),
    ("ratio", [9.0, 4.0], 2.25, "9 / 4"),
    ("percent_of", [3.0, 12.0], 25.0, "3 / 12 * 100"),
    ("percent_change", [80.0, 100.0], 25.0, "(100 - 80) / 80 * 100"),
    ("cagr", [100.0, 121.0, 2.0], 10.000000000000009, "((121 / 100) ** (1 / 2) - 1) * 100"),
    ("average_change", [10.0, 16.0, 3.0], 2.0, "(16 - 10) / (3)"),
    ("scale", [1.5, 1000.0], 1500.0, "1.5 * 1000"),
]


def test_the_operation_table_is_closed_and_covered() -> None:
    assert set(ARITY) == set(OPS)
    assert {op for op, *_ in OPERATIONS} | {"share_of_total"} == set(OPS)


@pytest.mark.parametrize(("op", "args", "expected", "printed"), OPERATIONS, ids=[o[0] for o in OPERATIONS])
def test_each_operation_computes_prints_and_runs(
    op: DerivationOp, args: list[float], expected: float, printed: str
) -> None:
    assert compute(op, args) == expected
    d = Derivation(
        value_index=0, steps=[DerivationStep(op=op, operands=[_c(a) for a in args], result=expected)]
    )
    assert render(d) == printed
    run = execute(d, lambda o: pytest.fail("constants need no evidence"))
    assert run.value == expected and run.mismatch is None


def test_steps_nest_into_one_printed_expression() -> None:
    """A share of a total: the sum is step 0, the share step 1, printed as the reasoning has it."""
    p = [Operand(source="point", index=i, value=v) for i, v in enumerate([2.0, 3.0, 5.0])]
    d = Derivation(
        value_index=1,
        steps=[
            DerivationStep(op="sum", operands=p, result=10.0),
            DerivationStep(op="share_of_total", operands=[p[0], _s(0, 10.0)], result=20.0),
        ],
        unit="%",
    )
    assert render(d) == "p0 / (sum(p0, p1, p2)) * 100"
    values = {0: 2.0, 1: 3.0, 2: 5.0}
    assert execute(d, lambda o: values[o.index]).value == 20.0


# --- validation runs the program on the manifest ---------------------------------------------


@pytest.fixture(scope="module")
def manifest() -> DocumentManifest:
    return build_manifest()


@pytest.fixture(scope="module")
def computed(manifest: DocumentManifest) -> Question:
    """A generated question whose first derivation computes something from two or more marks."""
    for seed in range(20):
        for q in make_questions(manifest, GenerationConfig(seed=seed, questions_per_subset=4)):
            ops = [s.op for d in q.derivations or [] for s in d.steps]
            marks = len(q.required_data_points) >= 2 and not q.required_facts
            if "difference" in ops and marks and not check_question(manifest, q, manifest.page_count, []):
                return q
    raise AssertionError("the fixture yields a difference of two marks")


def _numeric(manifest: DocumentManifest, q: Question) -> list[str]:
    return [d for rule, d in check_question(manifest, q, manifest.page_count, []) if rule == "numeric"]


def _with(q: Question, d: Derivation) -> Question:
    """``q`` with ``d`` in place of its derivation of the same value."""
    others = [x for x in q.derivations or [] if x.value_index != d.value_index]
    return q.model_copy(update={"derivations": sorted([*others, d], key=lambda x: x.value_index)})


def _first(q: Question) -> Derivation:
    return next(d for d in q.derivations or [] if any(s.op == "difference" for s in d.steps))


def test_a_generated_program_passes(manifest: DocumentManifest, computed: Question) -> None:
    assert _numeric(manifest, computed) == []


def test_a_result_that_disagrees_with_its_operands_is_rejected(
    manifest: DocumentManifest, computed: Question
) -> None:
    d = _first(computed)
    last = d.steps[-1]
    wrong = d.model_copy(
        update={"steps": [*d.steps[:-1], last.model_copy(update={"result": last.result + 1})]}
    )
    problems = _numeric(manifest, _with(computed, wrong))
    assert len(problems) == 1, problems
    assert (
        f"step {len(d.steps) - 1} ({last.op}) records" in problems[0] and "its operands give" in problems[0]
    )


def test_an_operand_that_disagrees_with_the_manifest_is_rejected(
    manifest: DocumentManifest, computed: Question
) -> None:
    d = _first(computed)
    step = d.steps[-1]
    first = step.operands[0]
    forged = first.model_copy(update={"value": first.value + 5})
    wrong = d.model_copy(
        update={"steps": [*d.steps[:-1], step.model_copy(update={"operands": [forged, *step.operands[1:]]})]}
    )
    problems = _numeric(manifest, _with(computed, wrong))
    assert len(problems) == 1 and "but the evidence has" in problems[0], problems


def test_an_answer_value_the_program_does_not_give_is_rejected(
    manifest: DocumentManifest, computed: Question
) -> None:
    d = _first(computed)
    values = list(computed.answer_values)
    v = values[d.value_index]
    assert v.value is not None
    values[d.value_index] = v.model_copy(update={"value": v.value * 2 + 1, "text": "999"})
    problems = _numeric(manifest, computed.model_copy(update={"answer_values": values}))
    assert any("from the manifest, but the answer value is" in p for p in problems), problems


MALFORMED: list[tuple[str, list[DerivationStep], str]] = [
    (
        "too few operands",
        [DerivationStep(op="ratio", operands=[_c(1.0)], result=1.0)],
        "step 0 (ratio) takes 2 operand(s), got 1",
    ),
    (
        "a step that uses itself",
        [DerivationStep(op="difference", operands=[_s(0, 1.0), _c(1.0)], result=0.0)],
        "step 0 (difference) uses step 0, which does not precede it",
    ),
    (
        "a share of something that is not a sum",
        [DerivationStep(op="share_of_total", operands=[_c(1.0), _c(4.0)], result=25.0)],
        "step 0 (share_of_total) must divide by a sum step",
    ),
    (
        "a step computed and dropped (a truncated program)",
        [
            DerivationStep(op="sum", operands=[_c(1.0), _c(2.0)], result=3.0),
            DerivationStep(op="read", operands=[_c(3.0)], result=3.0),
        ],
        "step 0 (sum) is computed but never used",
    ),
    (
        "evidence the question does not cite",
        [DerivationStep(op="read", operands=[Operand(source="point", index=9, value=1.0)], result=1.0)],
        "p9 is not a required data point of chart",
    ),
    (
        "a fact the question does not cite",
        [
            DerivationStep(
                op="read", operands=[Operand(source="fact", index=4, key="year", value=1.0)], result=1.0
            )
        ],
        "f4 is not cited by the question",
    ),
    (
        "a metadata number the mark does not have",
        [DerivationStep(op="read", operands=[Operand(source="point", key="nope", value=1.0)], result=1.0)],
        "p0.nope is not a number of the cited evidence",
    ),
    (
        "a division by zero",
        [DerivationStep(op="ratio", operands=[_c(1.0), _c(0.0)], result=1.0)],
        "step 0 (ratio) cannot be computed (float division by zero)",
    ),
    (
        "an overflowing growth rate",
        [DerivationStep(op="cagr", operands=[_c(1e-300), _c(1e300), _c(1e-3)], result=1.0)],
        "step 0 (cagr) cannot be computed (the result is inf)",
    ),
    (
        "a growth rate of a negative ratio",
        [DerivationStep(op="cagr", operands=[_c(-1.0), _c(8.0), _c(3.0)], result=1.0)],
        "step 0 (cagr) has no real value",
    ),
]


@pytest.mark.parametrize(("name", "steps", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_program_gives_one_clear_error(
    manifest: DocumentManifest, computed: Question, name: str, steps: list[DerivationStep], message: str
) -> None:
    d = _first(computed).model_copy(update={"steps": steps})
    problems = _numeric(manifest, _with(computed, d))
    assert len(problems) == 1, (name, problems)
    assert problems[0].startswith(f"v{d.value_index}") and message in problems[0], (name, problems)
    with pytest.raises(DerivationError, match=r"step|p9|f4|p0"):
        execute(
            d,
            evidence_reader(
                manifest, computed, next(c for c in manifest.charts if c.index == computed.chart_index)
            ),
        )


def test_a_derivation_in_another_unit_is_rejected(manifest: DocumentManifest, computed: Question) -> None:
    d = _first(computed)
    problems = _numeric(manifest, _with(computed, d.model_copy(update={"unit": "furlongs"})))
    assert len(problems) == 1 and "is in 'furlongs', but the answer value is in" in problems[0], problems


def test_duplicate_and_stray_derivations_are_rejected(manifest: DocumentManifest, computed: Question) -> None:
    d = _first(computed)
    twice = computed.model_copy(update={"derivations": [*(computed.derivations or []), d]})
    assert any(f"v{d.value_index} has more than one derivation" in p for p in _numeric(manifest, twice))
    stray = d.model_copy(update={"value_index": 40})
    extra = computed.model_copy(update={"derivations": [*(computed.derivations or []), stray]})
    assert any("a derivation of v40" in p for p in _numeric(manifest, extra))


def test_a_truncated_record_fails_to_load_naming_the_field(computed: Question) -> None:
    record = json.loads(computed.model_dump_json())
    del record["derivations"][0]["steps"][0]["operands"][0]["value"]
    with pytest.raises(ValidationError) as err:
        Question.model_validate(record)
    assert err.value.error_count() == 1
    assert err.value.errors()[0]["loc"] == ("derivations", 0, "steps", 0, "operands", 0, "value")
    record = json.loads(computed.model_dump_json())
    record["derivations"][0]["steps"][0]["op"] = "exec"  # hostile: only the closed set loads
    with pytest.raises(ValidationError, match=r"derivations\.0\.steps\.0\.op"):
        Question.model_validate(record)
    text = computed.model_dump_json()
    with pytest.raises(ValidationError, match="EOF while parsing"):
        Question.model_validate_json(text[: text.index('"derivations"') + 40])


def test_a_record_before_schema_1_2_loads_and_says_why_it_fails(
    manifest: DocumentManifest, computed: Question
) -> None:
    record = json.loads(computed.model_dump_json())
    del record["derivations"]
    record["schema_version"] = "1.1"
    old = Question.model_validate(record)
    assert old.derivations is None and derivations(old) == {}
    problems = _numeric(manifest, old)
    assert problems and all("before schema 1.2" in p and "--regenerate" in p for p in problems), problems


def test_the_printed_derivation_must_be_the_program(manifest: DocumentManifest, computed: Question) -> None:
    last = computed.reasoning[-1]
    assert last.endswith("]") and CALC_PREFIX in last
    edited = last.split(CALC_PREFIX)[0] + CALC_PREFIX + "v0 = 42]"
    problems = _numeric(
        manifest, computed.model_copy(update={"reasoning": [*computed.reasoning[:-1], edited]})
    )
    assert len(problems) == 1 and "the reasoning does not end with the derivations" in problems[0]


# --- generated runs ------------------------------------------------------------------------


def test_every_generated_number_has_a_program_that_runs_to_its_reference() -> None:
    config = GenerationConfig(seed=23, n_docs=6, questions_per_subset=3)
    ops: set[str] = set()
    numbers = facts = 0
    for index in range(config.n_docs):
        m = plan_document(config, index).manifest
        for q in make_questions(m, config):
            chart = next((c for c in m.charts if c.index == q.chart_index), None)
            read = evidence_reader(m, q, chart)
            assert q.derivations is not None
            by_value = derivations(q)
            wanted = {i for i, v in enumerate(q.answer_values) if v.kind == "number"}
            assert set(by_value) == wanted, q.question_id
            for i, d in by_value.items():
                run = execute(d, read)
                reference = q.answer_values[i].value
                assert reference is not None and run.mismatch is None, (q.question_id, run.mismatch)
                assert math.isclose(run.value, reference, rel_tol=1e-9, abs_tol=1e-9), q.question_id
                assert d.steps[-1].result == reference and d.unit == q.answer_values[i].unit
                ops |= {s.op for s in d.steps}
                numbers += 1
                for o in (o for s in d.steps for o in s.operands):
                    if o.source == "point":  # names the mark and its chart, for a reader
                        assert chart and (o.ref, o.viz_id) == (
                            q.required_data_points[o.index].label,
                            chart.vizId,
                        )
                    elif o.source == "fact":
                        assert o.ref == m.text_facts[q.required_facts[o.index]].fact_id
                        facts += 1
            printed = calc_text([d for _, d in sorted(by_value.items())])
            assert not printed or q.reasoning[-1].endswith(f"{CALC_PREFIX}{printed}]"), q.question_id
    assert numbers > 30 and facts > 0 and {"read", "difference"} <= ops, (numbers, facts, ops)


def test_derivations_survive_a_parquet_round_trip(tmp_path: Path, computed: Question) -> None:
    """The export's Arrow schema (derived from the Question model) carries the programs, and
    ``datasets`` reads them back into equal records; older rows (null) load too."""
    schema = question_schema()
    assert "derivations" in schema.names
    old = computed.model_copy(update={"derivations": None, "question_id": computed.question_id + "-old"})
    rows = [q.model_dump(mode="python") for q in (computed, old)]
    path = tmp_path / "chart.parquet"
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), path)
    loaded = load_dataset(
        "parquet", data_files={"test": str(path)}, split="test", cache_dir=str(tmp_path / "c")
    )
    assert [Question.model_validate(r) for r in loaded] == [computed, old]
