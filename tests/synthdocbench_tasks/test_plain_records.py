"""``records.plain_synthdoc`` (the report's and the viewer's reader) holds what the model holds."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest
from pydantic import ValidationError

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.records import SynthDocRecord, plain_synthdoc

BASE: dict[str, Any] = {
    "question_id": "sdb-1-00000-chart-00",
    "doc_id": "sdb-1-00000",
    "subset": "chart",
    "category": "value_reading",
    "difficulty": "L2",
    "position_bucket": "early",
    "position": 0.25,
    "chart_type": "bar",
    "question": "What value?",
    "reference": "12%",
    "answer_values": [{"kind": "number", "value": 12.0}],
    "answer": "12%",
    "score": 8,
    "judgement": "Matches.",
    "judge": "openai:gpt-5",
    "prompt_version": "v1",
    "valid": True,
    "failure": None,
    "certain": True,
    "extra_key": {"kept": 1},
}
VALUES: list[Any] = [
    None, "", "x", "not_judged", "model_error", 0, 1, -1, 7, 7.5, 11, -0.0, True, False,
    math.nan, math.inf, [], [{}], [1], {}, "gpt-5", "offline-claims-v3",
]  # fmt: skip
FIELDS = [*SynthDocRecord.model_fields, "extra_key"]


def _model(raw: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return SynthDocRecord.model_validate(raw).__dict__
    except ValidationError:
        return None


def _check(raw: dict[str, Any]) -> bool:
    """The plain fields equal the model's where given; True when the plain path took it."""
    plain, model = plain_synthdoc(raw), _model(raw)
    if plain is None:
        return False
    assert model is not None, raw
    assert plain == model, raw
    assert [type(v) for v in plain.values()] == [type(v) for v in model.values()], raw
    return True


def test_the_records_runs_write_take_the_plain_path() -> None:
    unscored = {**BASE, "score": -1, "valid": False, "failure": "judge_error"}
    not_judged = {**BASE, "score": None, "valid": False, "failure": "not_judged"}
    old = {k: v for k, v in BASE.items() if k not in ("failure", "certain", "valid")} | {"judge": "gpt-5"}
    grounded = {**BASE, "page_acc": 1, "iou": 0.5, "predicted_regions": [{"page": 1, "bbox": [0, 0, 9, 9]}]}
    for raw in (BASE, unscored, not_judged, old, grounded, {"question_id": "q"}):
        assert _check(raw), raw


@pytest.mark.parametrize("field", FIELDS)
def test_every_value_of_every_field_is_read_as_the_model_reads_it(field: str) -> None:
    for value in VALUES:
        _check({**BASE, field: value})
        _check({k: v for k, v in BASE.items() if k != field})


def test_score_valid_and_failure_together_as_the_model_checks_them() -> None:
    scores = [None, -1, 0, 6, 10, 10.5, True]
    failures = [None, "not_judged", "judge_error", "model_error", "bogus"]
    for score, valid, failure in itertools.product(scores, [None, True, False], failures):
        _check({**BASE, "score": score, "valid": valid, "failure": failure})


def test_the_rules_without_the_model_name_what_the_model_names() -> None:
    from synthdocbench_tasks import record_rules, records

    fields = record_rules.SYNTHDOC_FIELDS
    assert fields == tuple(SynthDocRecord.model_fields)
    kind = record_rules.SYNTHDOC
    assert (kind.KIND, kind.MARKER, kind.TASKS) == (
        SynthDocRecord.KIND,
        SynthDocRecord.MARKER,
        SynthDocRecord.TASKS,
    )
    assert records.plain_synthdoc is record_rules.plain_synthdoc and records.passed is record_rules.passed


LINE: dict[str, Any] = {
    "input": "Read the pages.\n\nQuestion: What value?",
    "target": "12%",
    "resps": [["12"]],
}


def _same_answer(raw: dict[str, Any]) -> bool:
    """The report's answer read from a plain record equals the one from the model's fields
    (value and type of every field); True when the plain path took it."""
    from synthdocbench_tasks.record_rules import is_plain_synthdoc
    from synthdocbench_tasks.report.load import answer_of, plain_answer

    if not is_plain_synthdoc(raw):
        assert plain_synthdoc(raw) is None
        return False
    model = _model(raw)
    assert model is not None, raw
    try:
        want = answer_of(model, LINE, "x:1")
    except SynthDocUserError as exc:  # a record without doc_id or subset: the same error
        with pytest.raises(SynthDocUserError) as got:
            plain_answer(raw, LINE, "x:1")
        assert str(got.value) == str(exc)
        return True
    got = plain_answer(raw, LINE, "x:1")
    assert got == want and [type(v) for v in got] == [type(v) for v in want], raw
    return True


def test_the_answer_read_from_a_plain_record_is_the_models() -> None:
    taken = 0
    for field in FIELDS:
        for value in VALUES:
            taken += _same_answer({**BASE, field: value})
        taken += _same_answer({k: v for k, v in BASE.items() if k != field})
    scores = [None, -1, 0, 6, 10, 7.5]
    for score, valid, failure in itertools.product(
        scores, [None, True, False], [None, "not_judged", "judge_error"]
    ):
        taken += _same_answer({**BASE, "score": score, "valid": valid, "failure": failure, "answer": None})
    assert taken > 150


def test_each_field_of_the_answer_holds_what_its_name_says() -> None:
    from synthdocbench_tasks.report.load import plain_answer

    got = plain_answer({**BASE, "certain": False, "judge": "gpt-5"}, LINE, "x:1")._asdict()
    assert got == {
        "question_id": "sdb-1-00000-chart-00",
        "doc_id": "sdb-1-00000",
        "subset": "chart",
        "category": "value_reading",
        "difficulty": "L2",
        "position_bucket": "early",
        "position": 0.25,
        "chart_type": "bar",
        "answer": "12%",
        "score": 8.0,
        "status": "valid",
        "judge": "openai:gpt-5",
        "question": "What value?",
        "reference": "12%",
        "judgement": "Matches.",
        "failure": None,
        "certain": False,
    }
    unscored = plain_answer(
        {**BASE, "score": -1, "valid": False, "failure": "judge_error", "answer": None}, LINE, "x"
    )
    assert (unscored.score, unscored.status, unscored.failure, unscored.answer) == (
        None,
        "unscored",
        "judge_error",
        "12",
    )
