"""The record ``process_results`` writes is the record every reader reads: it is built through
``SynthDocRecord`` (``records.logged``), so a hostile, truncated or failing question row, or a
misspelt key, still gives a record that ``read_samples`` and ``synthdocbench check`` read back.

The real hooks with the offline judge; question rows are written by hand as lmms-eval hands
them to ``process_results`` (no dataset needed).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from synthdocbench_tasks import hooks
from synthdocbench_tasks.records import SynthDocRecord, logged
from synthdocbench_tasks.run_check import record_failure
from synthdocbench_tasks.samples_log import read_samples
from tests.helpers.question_rows import question_row, use_offline_judge

#: The keys of a scored record, in the order the samples log has always had them.
KEYS = [
    "question_id",
    "doc_id",
    "subset",
    "category",
    "difficulty",
    "position_bucket",
    "position",
    "chart_type",
    "question",
    "reference",
    "answer_values",
    "answer",
    "score",
    "judgement",
    "judge",
    "prompt_version",
    "valid",
    "failure",
    "certain",
]


@pytest.fixture(autouse=True)
def offline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_offline_judge(monkeypatch, tmp_path)


_doc = question_row


def _without(*keys: str) -> dict[str, Any]:
    return {k: v for k, v in _doc().items() if k not in keys}


def _read_back(values: dict[str, Any], tmp_path: Path) -> SynthDocRecord:
    """Write ``values`` as lmms-eval 0.7.3 writes a samples line and read it with the one reader."""
    line = {"doc_id": 0, "target": "x", "resps": [["12"]], "filtered_resps": ["12"], **values}
    log = tmp_path / "20260101_000000_samples_synthdoc_chart.jsonl"
    log.write_text(json.dumps(line) + "\n", encoding="utf-8")
    (sample,) = read_samples(log, SynthDocRecord)
    assert sample.raw == values["acc"]  # nothing lost or changed on the way
    return sample.record


def test_a_scored_record_keeps_the_logged_keys_and_the_judges_integer(tmp_path: Path) -> None:
    values = hooks.process_results(_doc(), ["12"])
    record = values["acc"]
    assert list(record) == KEYS and record["score"] == 10 and record["valid"] is True
    assert '"score": 10,' in json.dumps(record)  # the judge's integer, not 10.0
    assert all(v is record for v in values.values()) and set(values) == {
        "acc",
        "score",
        "failed",
        "unscored",
        "uncertain",
    }
    assert _read_back(values, tmp_path).status == "valid"


NOT_TEXT = {"a": 1}
HOSTILE: list[tuple[str, Any, str]] = [
    ("not an object", None, "the question row is NoneType, not an object"),
    ("a list", [_doc()], "the question row is list, not an object"),
    ("empty", {}, "the question row has no question_id"),
    ("truncated", {"question_id": "d1-q1"}, "the question row has no doc_id"),
    ("no subset", _without("subset"), "the question row has no subset"),
    ("no question", _without("question"), "the question row has no question"),
    ("id None", _doc(question_id=None), "question_id: Input should be a valid string"),
    ("id empty", _doc(question_id=""), "question_id: String should have at least 1 character"),
    ("id a list", _doc(question_id=["q"]), "question_id: Input should be a valid string"),
    ("subset a number", _doc(subset=5), "subset: Input should be a valid string (got 5)"),
    ("category an object", _doc(category=NOT_TEXT), "category: Input should be a valid string"),
    ("position a list", _doc(position=[0.2]), "the question row's position is list, not an object"),
    ("position text", _doc(position={"bucket": 3, "relative": "x"}), "position_bucket: Input should be"),
    (
        "position NaN",
        _doc(position={"bucket": "early", "relative": math.nan}),
        "position: Input should be a finite number",
    ),
    ("question None", _doc(question=None), "the question row's question and answer must be text"),
    ("answer a number", _doc(answer=12), "the question row's question and answer must be text"),
    ("facts text", _doc(answer_values="12"), "answer_values must be a list of objects"),
    ("facts numbers", _doc(answer_values=[17]), "answer_values must be a list of objects"),
    ("facts not JSON", _doc(answer_values=[{"kind": object()}]), "cannot be logged as JSON"),
]


@pytest.mark.parametrize(("case", "doc", "expected"), HOSTILE, ids=[c for c, _, _ in HOSTILE])
def test_a_hostile_question_row_is_a_scoring_error_every_reader_reads(
    case: str, doc: Any, expected: str, tmp_path: Path
) -> None:
    values = hooks.process_results(doc, ["12"])
    record = values["score"]
    assert all(v is record for v in values.values())
    assert record["failure"] == "scoring_error" and record["score"] == -1 and record["valid"] is False
    assert expected in record["judgement"] and "\n" not in record["judgement"], record["judgement"]
    assert set(record) <= set(SynthDocRecord.model_fields)
    read = _read_back(values, tmp_path)
    assert read.reason == "scoring_error" and read.question_id in (
        doc.get("question_id") if isinstance(doc, dict) else None,
        hooks.UNKNOWN_QUESTION,
    )
    assert record_failure(values) == "scoring_error"
    if isinstance(doc, dict) and isinstance(doc.get("subset"), str):
        assert read.subset == doc["subset"]  # the fields that were right are kept


@pytest.mark.parametrize("reply", [[], [None], ["[LMMS_EVAL_REQUEST_FAILED after 5 retries] boom"], [""]])
def test_a_failed_model_request_reads_back_as_a_model_error(reply: list[Any], tmp_path: Path) -> None:
    values = hooks.process_results(_doc(), reply)
    assert values["acc"]["failure"] == "model_error" and list(values["acc"]) == KEYS
    assert _read_back(values, tmp_path).reason == "model_error"


def test_a_misspelt_key_is_never_logged() -> None:
    with pytest.raises(ValueError, match=r"unknown field judgment: not in SynthDocRecord"):
        logged(SynthDocRecord, {"question_id": "q", "judgment": "right"})
    with pytest.raises(ValueError, match=r"score: Input should be a valid number"):
        logged(SynthDocRecord, {"question_id": "q", "score": "7"})
    scored = hooks.process_results(_doc(), ["12"])["acc"]
    typo = hooks.logged_record({**scored, "judgment": "right"})
    assert typo["failure"] == "scoring_error" and "unknown field judgment" in typo["judgement"]
    assert (
        "judgment" not in typo and typo["question_id"] == "d1-q1" and typo["reference"] == scored["reference"]
    )


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({"page_acc": 1.5, "iou": 0.5}, "page_acc 1.5 is out of range 0..1"),
        ({"page_acc": 0.5, "iou": math.nan}, "iou nan is out of range 0..1"),
        ({"page_acc": "all", "iou": 0.5}, "page_acc: Input should be a valid number"),
        ({"predicted_regions": "page 1"}, "predicted_regions: Input should be a valid list"),
    ],
)
def test_impossible_grounded_values_are_a_scoring_error_not_a_bad_line(
    extra: dict[str, Any], expected: str, tmp_path: Path
) -> None:
    scored = hooks.score_doc(_doc(), "12")
    values = hooks.metric_values({**scored, **extra}, "acc", "score", "page_acc", "iou")
    record = values["iou"]
    assert record["failure"] == "scoring_error" and expected in record["judgement"], record["judgement"]
    read = _read_back(values, tmp_path)
    assert read.reason == "scoring_error" and read.grounded == ("iou" in extra)
    # the value that was right is kept; the impossible one is dropped to null
    for key, value in extra.items():
        ok = isinstance(value, float) and 0 <= value <= 1
        assert record[key] == (value if ok else None)


def test_a_judge_error_keeps_its_reason_when_the_record_is_also_invalid() -> None:
    record = hooks.logged_record(
        {
            "question_id": "q",
            "subset": 7,
            "score": -1,
            "valid": False,
            "failure": "scoring_error",
            "judgement": "scoring error: KeyError: 'answer'",
            "judge": "offline-claims-v2",
            "prompt_version": "claims-v2",
        }
    )
    assert record["judgement"] == "scoring error: KeyError: 'answer'" and record["subset"] is None
    # an old log's bare judge name reads as backend:model
    assert record["judge"] == "offline:offline-claims-v2" and record["prompt_version"] == "claims-v2"


# -- the group row: counts are summed --------------------------------------------------------


def _group_entries() -> list[dict[str, Any]]:
    import yaml

    from synthdocbench_tasks.cli import tasks_dir

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!function", lambda loader, node: f"!function {loader.construct_scalar(node)}")
    text = (tasks_dir() / "synthdoc" / "synthdoc.yaml").read_text(encoding="utf-8")
    entries: list[dict[str, Any]] = yaml.load(text, Loader=Loader)["aggregate_metric_list"]
    return entries


def test_the_group_sums_counts_and_means_rates() -> None:
    """lmms-eval 0.7.3 (evaluator_utils.consolidate_group_results) applies every entry whose
    ``metric`` is a substring of a task metric's name, the last one winning: ``score`` also
    matches ``unscored``, so each metric must end on its own entry."""
    entries = _group_entries()
    summed = "!function synthdocbench_tasks.hooks.sum_over_tasks"
    expected = {"acc": "mean", "score": "mean", "failed": summed, "unscored": summed, "uncertain": summed}
    for metric, aggregation in expected.items():
        applied = [e for e in entries if e["metric"] in f"{metric},none"]
        assert applied and applied[-1]["metric"] == metric and applied[-1]["aggregation"] == aggregation
    assert all(e.get("weight_by_size") is True for e in entries if e["aggregation"] == "mean")
    # called as lmms-eval calls it: task values, task sizes, weight_by_size
    assert hooks.sum_over_tasks([2, 0, 3], [2, 5, 3], True) == 5
    assert hooks.sum_over_tasks([2.0, 0.0, 3.0], [1, 1, 1]) == 5
