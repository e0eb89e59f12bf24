"""The typed per-answer record and the one samples-log reader behind judge, report, MMDocBench
table and viewer: live records validate, hostile/truncated/failing lines are one line each
(the same line whichever command reads them), one accuracy rule, one judging path.

Records are made by the real hooks (offline judge, no dataset needed: lmms-eval hands
``process_results`` the row, which the tests write by hand) and written as lmms-eval writes
them; ``synthdocbench judge`` runs in process on those logs.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from synthdocbench_tasks import hooks, metrics, records, rejudge
from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.judging import build_session, judge_all
from synthdocbench_tasks.mmdocbench import report as mmdoc_report
from synthdocbench_tasks.records import ACC_THRESHOLD, FAILURES, MMDocRecord, SynthDocRecord
from synthdocbench_tasks.report import load as report_load
from synthdocbench_tasks.report import stats
from synthdocbench_tasks.samples_log import read_samples
from synthdocbench_tasks.settings import JudgeLimits, load_settings
from synthdocbench_tasks.viewer import data as viewer_data
from tests.helpers.question_rows import question_row, use_offline_judge

_doc = question_row


@pytest.fixture()
def offline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    use_offline_judge(monkeypatch, tmp_path)
    return tmp_path


def _line(values: dict[str, Any], reply: str = "12", **extra: Any) -> dict[str, Any]:
    """A samples-log line as lmms-eval 0.7.3 writes it: the process_results dict spread in."""
    return {
        "doc_id": 0,
        "target": "12 units",
        "resps": [[reply]],
        "filtered_resps": [reply],
        **values,
        **extra,
    }


def _write(path: Path, lines: list[Any], *, tail: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(x) + "\n" for x in lines) + tail, encoding="utf-8")
    return path


def _live(reply: str | None = "12", **changes: Any) -> dict[str, Any]:
    return hooks.process_results(_doc(**changes), [reply] if reply is not None else [])["score"]


# -- live records are valid records -----------------------------------------------------


def test_every_kind_of_live_record_validates_and_says_its_status(
    offline: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    right = _live("Twelve? No: 12 units.")
    wrong = _live("3 units")
    failed = _live("[LMMS_EVAL_REQUEST_FAILED after 5 retries] Connection error.")
    bad_facts = _live("12", answer_values=[{"kind": "number"}])
    broken = _live("12", answer_values=[17])
    monkeypatch.setenv("SYNTHDOC_JUDGE", "none")
    later = _live("12")
    got = {
        name: SynthDocRecord.model_validate(r)
        for name, r in dict(
            right=right, wrong=wrong, failed=failed, bad_facts=bad_facts, broken=broken, later=later
        ).items()
    }
    assert got["right"].status == "valid" and got["right"].score is not None and got["right"].score >= 6
    assert got["wrong"].status == "valid" and got["wrong"].reason is None
    assert [got[n].reason for n in ("failed", "bad_facts", "broken", "later")] == [
        "model_error",
        "judge_input_error",
        "scoring_error",
        "not_judged",
    ]
    assert got["later"].score is None and got["failed"].score == -1 and not got["failed"].valid
    # hooks' keys are the record's fields (no key of the live record is left untyped)
    assert set(right) <= set(SynthDocRecord.model_fields)


def test_a_live_record_written_as_lmms_eval_does_reads_back_unchanged(offline: Path) -> None:
    values = hooks.process_results(_doc(), ["12"])
    log = _write(offline / "run" / "20260101_000000_samples_synthdoc_chart.jsonl", [_line(values)])
    (sample,) = read_samples(log, SynthDocRecord)
    assert sample.raw == values["acc"] and sample.keys == ("acc", "score", "failed", "unscored", "uncertain")
    assert sample.record == SynthDocRecord.model_validate(values["acc"]) and sample.reply() == "12"
    (answer,) = report_load.read_samples(log)
    assert answer.score == sample.record.score and answer.status == "valid" and answer.reference == "12 units"


# -- hostile, truncated and failing lines: one line each, the same for every reader ------

RECORD = {
    "question_id": "q1",
    "doc_id": "d1",
    "subset": "chart",
    "category": "value_reading",
    "difficulty": "L1",
    "answer": "12",
    "score": 7,
    "judgement": "ok",
    "judge": "offline",
    "prompt_version": "v1",
    "valid": True,
    "failure": None,
}


def _both(**changes: Any) -> dict[str, Any]:
    record = {**RECORD, **changes}
    return {"acc": record, "score": record}


HOSTILE: list[tuple[str, dict[str, Any], str]] = [
    ("score as text", _both(score="7"), r"score: Input should be a valid number \(got '7'\)"),
    ("score a bool", _both(score=True, valid=True), r"score: Input should be a valid number"),
    ("question_id a float", _both(question_id=5.5), r"question_id: Input should be a valid string"),
    ("valid as text", _both(valid="yes"), r"valid: Input should be a valid boolean"),
    ("position as text", _both(position="early"), r"position: Input should be a valid number"),
    ("answer_values not a list", _both(answer_values="12"), r"answer_values: Input should be a valid list"),
    ("score above 10", _both(score=11), r"score 11 is out of range: a score is 0\.\.10"),
    ("score below -1", _both(score=-2, valid=False), r"score -2 is out of range"),
    ("unknown failure", _both(score=-1, valid=False, failure="timeout"), r"failure: Input should be 'mod"),
    ("failure with a score", _both(failure="model_error"), r"failure model_error goes with score -1"),
    ("not judged, -1", _both(score=-1, valid=False, failure="not_judged"), r"not_judged goes with score nul"),
    ("valid with -1", _both(score=-1), r"valid true contradicts score -1"),
    ("invalid with a score", _both(valid=False), r"valid false contradicts score 7"),
    ("iou above 1", _both(iou=1.5), r"iou 1\.5 is out of range 0\.\.1"),
    ("empty question_id", _both(question_id=""), r"question_id: String should have at least 1 character"),
    ("copies differ", {"acc": RECORD, "score": {**RECORD, "score": 3}}, r"'acc' and 'score' differ \(sc"),
    ("no record", {"acc": 1.0, "score": 0.5}, r"has no synthdoc record \(no judge record with a question_"),
    ("record without question_id", {"acc": {"doc_id": "d1"}, "score": {"doc_id": "d1"}}, r"has no synthdoc"),
]  # fmt: skip

READERS: dict[str, Callable[[Path], Any]] = {
    "judge": rejudge.read_samples,
    "report": report_load.read_samples,
    "viewer": lambda p: viewer_data.predicted_regions([p]),
}


@pytest.mark.parametrize(("case", "values", "expected"), HOSTILE, ids=[c for c, _, _ in HOSTILE])
@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_hostile_line_is_one_line_naming_file_and_line_for_every_reader(
    reader: str, case: str, values: dict[str, Any], expected: str, tmp_path: Path
) -> None:
    log = _write(tmp_path / "x_samples_synthdoc_chart.jsonl", [_line(_both()), _line(values)])
    with pytest.raises(SynthDocUserError, match=expected) as info:
        READERS[reader](log)
    message = str(info.value)
    assert message.removeprefix("synthdocbench: ").startswith(f"{log}:2: ") and "\n" not in message


@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_truncated_last_line_says_the_file_was_cut_off(reader: str, tmp_path: Path) -> None:
    whole = json.dumps(_line(_both()))
    log = _write(tmp_path / "x_samples_synthdoc_chart.jsonl", [_line(_both())], tail=whole[: len(whole) // 2])
    with pytest.raises(SynthDocUserError, match=r":2: malformed JSON .*the last line is cut off") as info:
        READERS[reader](log)
    assert "\n" not in str(info.value)
    log.write_text(whole[:10] + "\n" + whole + "\n")  # a damaged line that is not the last one
    with pytest.raises(SynthDocUserError, match=r":1: malformed JSON .*the line is not JSON"):
        READERS[reader](log)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", r"holds no score records: it holds no samples"),
        ("\n  \n", r"holds no score records"),
        ("[1, 2]\n", r":1: expected a JSON object per line"),
        ("null\n", r":1: expected a JSON object per line"),
        (b"\xff\xfe{}".decode("latin-1"), r"cannot read"),
    ],
)
def test_files_that_are_not_samples_logs_are_one_line(text: str, expected: str, tmp_path: Path) -> None:
    log = tmp_path / "x_samples_synthdoc_chart.jsonl"
    log.write_bytes(text.encode("latin-1"))
    for reader in READERS.values():
        with pytest.raises(SynthDocUserError, match=expected):
            reader(log)
    with pytest.raises(SynthDocUserError, match="is not a file"):
        read_samples(tmp_path / "missing.jsonl", SynthDocRecord)


def test_a_scored_record_is_never_skipped_between_valid_lines(tmp_path: Path) -> None:
    good = [_line(_both(question_id=f"q{i}")) for i in range(3)]
    log = _write(tmp_path / "x_samples_synthdoc_chart.jsonl", [good[0], {"doc_id": 9, "acc": 0.0}, *good[1:]])
    with pytest.raises(SynthDocUserError, match=r":2: has no synthdoc record"):
        report_load.read_samples(log)
    log = _write(log, good)
    assert [a.question_id for a in report_load.read_samples(log)] == ["q0", "q1", "q2"]


# -- precedence: one record per line, whichever metric keys hold it ----------------------


def test_the_record_is_read_from_whichever_metric_key_holds_it(tmp_path: Path) -> None:
    only_score = _line({"acc": 1.0, "score": RECORD})
    only_acc = _line({"acc": {**RECORD, "question_id": "q2"}, "score": 7})
    grounded = {**RECORD, "question_id": "q3", "page_acc": 1.0, "iou": 0.5, "predicted_regions": []}
    every = _line({k: grounded for k in ("unscored", "failed", "score", "acc", "page_acc", "iou")})
    # a copy may lack fields (a tool that stripped some): the copies under acc and score are merged
    lean = {k: v for k, v in RECORD.items() if k not in ("judgement", "category")} | {"question_id": "q4"}
    stripped = _line(
        {"failed": {**lean, "category": "value_reading"}, "score": {**lean, "judgement": "x"}, "acc": lean}
    )
    log = _write(
        tmp_path / "x_samples_synthdoc_chart_grounded.jsonl", [only_score, only_acc, every, stripped]
    )
    samples = read_samples(log, SynthDocRecord)
    assert [s.keys for s in samples] == [
        ("score",),
        ("acc",),
        ("acc", "score", "unscored", "failed", "page_acc", "iou"),
        ("acc", "score", "failed"),
    ]
    assert [s.record.grounded for s in samples] == [False, False, True, False]
    assert samples[3].raw == {**lean, "judgement": "x"} and samples[3].record.judgement == "x"
    # every reader takes the same record
    assert [a.question_id for a in report_load.read_samples(log)] == ["q1", "q2", "q3", "q4"]
    assert report_load.read_samples(log)[3].category == "unknown"  # not the 'failed' copy's
    assert [r["question_id"] for r in rejudge.read_samples(log).records] == ["q1", "q2", "q3", "q4"]
    assert viewer_data.predicted_regions([log]) == {"q3": []}


def test_records_of_older_logs_without_failure_keep_their_meaning(tmp_path: Path) -> None:
    old = {k: v for k, v in RECORD.items() if k != "failure"}
    lines = [_line(_both(**{**old, "score": s, "valid": s == 4})) for s in (4, -1)]
    lines = [{**ln, "acc": {k: v for k, v in ln["acc"].items() if k != "failure"}} for ln in lines]
    lines = [{**ln, "score": ln["acc"]} for ln in lines]
    lines.append(_line({"acc": {"question_id": "q9", "doc_id": "d", "subset": "chart", "score": None}}))
    log = _write(tmp_path / "x_samples_synthdoc_chart.jsonl", lines)
    assert [(s.record.status, s.record.reason) for s in read_samples(log, SynthDocRecord)] == [
        ("valid", None),
        ("unscored", "unscored"),
        ("not_judged", "not_judged"),
    ]


def test_mmdocbench_records_are_typed_and_checked(tmp_path: Path) -> None:
    record = {"index": "7", "capability": "perception", "task": "Document Question Answering",
              "sub_task": "DocVQA", "answer": "12", "em": 1.0, "f1": 1.0, "iou": None,
              "em_ref": 1.0}  # fmt: skip
    log = _write(tmp_path / "x_samples_mmdocbench_docqa.jsonl", [_line({"em": record, "f1": record})])
    (sample,) = read_samples(log, MMDocRecord)
    assert sample.record.em == 1.0 and sample.record.iou is None
    assert mmdoc_report.read_records([log]) == [record]
    for bad, expected in [
        ({**record, "f1": 1.5}, r"f1 1\.5 is out of range 0\.\.1"),
        ({**record, "em": "1"}, r"em: Input should be a valid number"),
        ({k: v for k, v in record.items() if k != "capability"}, r"capability: Field required"),
    ]:
        _write(log, [_line({"em": bad})])
        with pytest.raises(
            SynthDocUserError, match=rf"{log}:1: the MMDocBench record under 'em' is invalid: .*{expected}"
        ):
            mmdoc_report.read_records([log])
    synthdoc = _write(tmp_path / "x_samples_synthdoc_chart.jsonl", [_line(_both())])
    with pytest.raises(SynthDocUserError, match=r":1: has no MMDocBench record .*mmdocbench_\*"):
        mmdoc_report.read_records([synthdoc])
    assert mmdoc_report.main([str(synthdoc)]) == 2  # the command prints one line, no traceback


def test_record_models_reject_hostile_values_directly() -> None:
    with pytest.raises(ValidationError):
        SynthDocRecord.model_validate({**RECORD, "score": math.nan})
    with pytest.raises(ValidationError):
        SynthDocRecord.model_validate({**RECORD, "failure": "judge_error", "score": -1, "valid": True})
    assert set(FAILURES) == {"model_error", "judge_error", "judge_unparseable", "judge_input_error",
                             "scoring_error", "not_judged"}  # fmt: skip
    # a grounded reply's regions are kept as given: the viewer draws only the well-formed ones
    hostile = SynthDocRecord.model_validate({**RECORD, "iou": 0.0, "predicted_regions": ["<script>", {}]})
    assert hostile.predicted_regions == ["<script>", {}]
    kept = SynthDocRecord.model_validate({**RECORD, "future_key": [1]})  # new keys pass through
    assert kept.model_extra == {"future_key": [1]}


# -- one accuracy rule -------------------------------------------------------------------


def test_one_accuracy_rule_everywhere(tmp_path: Path) -> None:
    scores = [0, 5, 5.999, 6, 10]
    assert ACC_THRESHOLD == 6 and stats.ACC_THRESHOLD is ACC_THRESHOLD is metrics.ACC_THRESHOLD
    assert stats.accuracy is records.accuracy
    assert records.accuracy(scores) == 0.4 == metrics.accuracy([{"score": s} for s in [*scores, -1, None]])
    assert records.accuracy(scores, 5) == 0.8 == metrics.accuracy([{"score": s} for s in scores], threshold=5)
    assert math.isnan(records.accuracy([])) and math.isnan(metrics.accuracy([{"score": -1}]))
    assert list(stats.hits(scores)) == [0.0, 0.0, 0.0, 1.0, 1.0]
    assert stats.bootstrap_accuracy(scores, resamples=10).value == 0.4
    assert stats.judge_agreement(scores, scores, resamples=10).acc_ref == 0.4
    grid = [0, 1, 5, 5.5, 5.999, 6, 6.0, 6.25, 7, 10, 10.0, -0.0, math.nan, math.inf, True]
    for threshold in (4, 5, 5.5, 6, 7, 8, 6.0):  # the count in C is records.passed itself
        expected = sum(records.passed(s, threshold) for s in grid) / len(grid)
        for values in (grid, tuple(grid), iter(grid)):
            assert records.accuracy(values, threshold) == expected, threshold
    lines = [_line(_both(question_id=f"q{i}", score=s, valid=s >= 0)) for i, s in enumerate([5.999, 6, -1])]
    lines[2]["acc"] = lines[2]["score"] = {**lines[2]["acc"], "failure": "judge_unparseable"}
    log = _write(tmp_path / "x_samples_synthdoc_chart.jsonl", lines)
    answers = report_load.read_samples(log)
    assert [viewer_data.verdict(a) for a in answers] == ["failed", "passed", "unscored"]


# -- one judging path --------------------------------------------------------------------


def test_rejudging_a_recorded_run_gives_the_records_of_a_live_run(
    offline: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = [
        _doc("q-right"),
        _doc("q-wrong"),
        _doc("q-fail"),
        _doc("q-facts", answer_values=[{"kind": "number"}]),
    ]
    replies = ["<think>maybe 99</think>12 units", "3 units", "[GENERATION_FAILED] CUDA out of memory", "12"]
    live = [hooks.process_results(d, [r]) for d, r in zip(docs, replies, strict=True)]
    monkeypatch.setenv("SYNTHDOC_JUDGE", "none")
    recorded = [hooks.process_results(d, [r]) for d, r in zip(docs, replies, strict=True)]
    assert [v["acc"]["failure"] for v in recorded] == [
        "not_judged",
        "not_judged",
        "model_error",
        "not_judged",
    ]
    assert [v["acc"]["failure"] for v in live] == [None, None, "model_error", "judge_input_error"]
    log = _write(
        offline / "run" / "20260101_000000_samples_synthdoc_chart.jsonl",
        [_line(v, reply=r) for v, r in zip(recorded, replies, strict=True)],
    )
    result = rejudge.rejudge([log], "offline", settings=load_settings())
    judged = [s.raw for s in read_samples(result.files[0].output, SynthDocRecord)]
    assert judged == [v["acc"] for v in live]
    assert result.failed == 2 and result.failures == {"model_error": 1, "judge_input_error": 1}


def test_live_scoring_and_batch_judging_share_begin(offline: Path) -> None:
    session = build_session(load_settings(), JudgeLimits(max_failures=3))
    one: dict[str, Any] = dict(hooks.judge_inputs(_doc()))
    session.score_reply(one, "12", hooks.judge_item)
    other: dict[str, Any] = dict(hooks.judge_inputs(_doc()))
    item = session.begin(other, "12", hooks.judge_item)
    assert item is None  # the offline judge's verdict needs no judge call
    assert one == other and one["valid"] is True
    broken: dict[str, Any] = {"question": "q"}  # no reference: the item cannot be built
    assert session.begin(broken, "12", hooks.judge_item) is None
    assert broken["failure"] == "scoring_error" and broken["judgement"].startswith("scoring error: KeyError")
    assert judge_all(session, [], 4) == []
