"""Failures while scoring are unscored records with their reason, never answers and never a crash.

Called as lmms-eval calls the hooks, on the real exported dataset; judges are the offline
judge or an OpenAI-compatible judge served by a real loopback HTTP server.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from synthdocbench_tasks import hooks
from synthdocbench_tasks.answers import model_failure
from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.settings import JudgeLimits, load_judge_limits
from tests.helpers.lmms_eval_run import dataset_rows
from tests.judge.judge_chat_stub import ChatStub, Reply
from tests.judge.loopback import serve

pytestmark = pytest.mark.browser

#: The texts lmms-eval 0.7.3's model wrappers return instead of a reply when a request failed
#: (copied from lmms_eval/models/chat/openai.py, chat/async_openai.py, chat/gemini.py,
#: simple/openai.py, simple/generation_api.py, simple/cosmos_wm.py).
LMMS_EVAL_FAILURES = [
    "[LMMS_EVAL_REQUEST_FAILED after 5 retries] Connection error.",
    "[LMMS_EVAL_REQUEST_FAILED after 1 retries] Error code: 500 - {'error': {'message': 'boom'}}",
    "[LMMS_EVAL_BUDGET_EXCEEDED]",
    "[GENERATION_FAILED] CUDA out of memory",
    "[ERROR] Unknown",
    "[SAFETY_BLOCKED:finish_reason is 2]",
    'Error: can only concatenate str (not "NoneType") to str',
    "",
    "   \n ",
]


@pytest.fixture()
def stub() -> Iterator[ChatStub]:
    yield from serve(ChatStub())


def _stub_judge(monkeypatch: pytest.MonkeyPatch, stub: ChatStub, **env: str) -> None:
    monkeypatch.setenv("SYNTHDOC_JUDGE", f"openai:stub-judge@{stub.base_url}")
    monkeypatch.setenv("SYNTHDOC_JUDGE_API_KEY", "sk-test-secret-0123456789")
    for name, value in env.items():
        monkeypatch.setenv(name, value)


@pytest.mark.parametrize("reply", LMMS_EVAL_FAILURES)
def test_failed_model_requests_are_unscored_model_errors(synthdoc_env: Path, reply: str) -> None:
    row = dataset_rows(synthdoc_env, "chart")[0]
    hooks.process_docs(None)
    out = hooks.process_results(row, [reply])
    record = out["failed"]
    assert record["failure"] == "model_error" and record["score"] == -1 and record["valid"] is False
    assert record["judgement"] and "\n" not in record["judgement"]
    assert record["question_id"] == row["question_id"] and record["reference"] == row["answer"]
    good = hooks.process_results(row, [row["answer"]])["acc"]
    # excluded from ACC and score, counted by both new metrics
    assert hooks.aggregate_acc([record, good]) == 1.0 and hooks.aggregate_score([record, good]) == 10.0
    assert hooks.aggregate_failed([record, good]) == 1 and hooks.aggregate_unscored([record, good]) == 1


def test_a_reply_that_only_mentions_a_marker_is_an_answer(synthdoc_env: Path) -> None:
    row = dataset_rows(synthdoc_env, "chart")[0]
    for reply in (
        f"{row['answer']} (not [LMMS_EVAL_REQUEST_FAILED])",
        f"<think>[ERROR] Unknown</think>{row['answer']}",
        "Error: the chart has no data",  # an answer, however wrong, not lmms-eval's marker
    ):
        record = hooks.process_results(row, [reply])["score"]
        assert record["failure"] is None and record["valid"] is True, reply
    assert model_failure("[LMMS_EVAL_REQUEST_FAILED after 1 retries] " + "x" * 5000) is not None
    assert len(model_failure("[GENERATION_FAILED] " + "y" * 5000) or "") < 400  # one short line


def test_an_empty_reply_list_and_none_are_model_errors(synthdoc_env: Path) -> None:
    row = dataset_rows(synthdoc_env, "complex")[0]
    assert hooks.process_results(row, [])["acc"]["failure"] == "model_error"
    assert hooks.process_results(row, [None])["acc"]["failure"] == "model_error"  # type: ignore[list-item]


def test_malformed_answer_facts_are_a_judge_input_error_not_an_exception(synthdoc_env: Path) -> None:
    row = dataset_rows(synthdoc_env, "chart")[0]
    bad = dict(row, answer_values=[{"kind": "number", "text": "12", "value": "twelve", "abs_tol": -1}])
    record = hooks.process_results(bad, [row["answer"]])["score"]
    assert record["failure"] == "judge_input_error" and record["score"] == -1 and record["valid"] is False
    assert "answer_values" in record["judgement"]
    truncated = dict(row, answer_values=[{"kind": "number"}])
    assert hooks.process_results(truncated, [row["answer"]])["score"]["failure"] == "judge_input_error"


def test_any_other_error_is_a_scoring_error_record(synthdoc_env: Path) -> None:
    row = dataset_rows(synthdoc_env, "chart")[0]
    hostile = dict(row, answer_values=[17])  # not a dict: the record cannot even be built
    record = hooks.process_results(hostile, [row["answer"]])["unscored"]
    assert record["failure"] == "scoring_error" and record["score"] == -1 and record["valid"] is False
    assert record["judgement"].startswith("scoring error: TypeError")
    assert record["question_id"] == row["question_id"]
    missing = {k: v for k, v in row.items() if k != "subset"}  # a truncated document
    record = hooks.process_results(missing, [row["answer"]])["acc"]
    assert record["failure"] == "scoring_error" and "KeyError" in record["judgement"]
    assert record["question_id"] == row["question_id"]
    assert hooks.aggregate_failed([record]) == 1


def test_circuit_breaker_stops_asking_and_keeps_what_was_judged(
    synthdoc_env: Path, stub: ChatStub, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = dataset_rows(synthdoc_env, "cross_modal")
    assert len(rows) >= 6
    _stub_judge(
        monkeypatch,
        stub,
        SYNTHDOC_JUDGE_MAX_FAILURES="2",
        SYNTHDOC_JUDGE_ATTEMPTS="1",
        SYNTHDOC_JUDGE_TIMEOUT="5",
    )
    stub.script = [Reply(), Reply(status=400, error_message="context too long")]
    stub.responder = lambda _req: Reply(status=400, error_message="model is overloaded")
    hooks.process_docs(None)
    records = [hooks.process_results(row, [row["answer"]])["score"] for row in rows[:6]]
    assert [r["failure"] for r in records] == [None] + ["judge_error"] * 5
    assert records[0]["score"] == 8 and records[0]["valid"] is True  # judged before: kept
    assert len(stub.chat_requests) == 3  # one verdict, two failures, then the judge is not asked
    stopped = records[-1]["judgement"]
    assert "SYNTHDOC_JUDGE=none" in stopped and "synthdocbench judge" in stopped and "2 times" in stopped
    err = [line for line in capsys.readouterr().err.splitlines() if "judging stopped" in line]
    assert len(err) == 1  # said once, on one line
    assert hooks.aggregate_failed(records) == 5 and hooks.aggregate_acc(records) == 1.0


def test_a_failure_between_successes_does_not_open_the_breaker(
    synthdoc_env: Path, stub: ChatStub, monkeypatch: pytest.MonkeyPatch
) -> None:
    # five rows of any subset (the fixture's reports hold four complex questions since this stop's
    # merged generator)
    rows = dataset_rows(synthdoc_env, "complex") + dataset_rows(synthdoc_env, "chart")
    assert len(rows) >= 5
    _stub_judge(monkeypatch, stub, SYNTHDOC_JUDGE_MAX_FAILURES="2", SYNTHDOC_JUDGE_ATTEMPTS="1")
    fail = Reply(status=400, error_message="refused")
    stub.script = [Reply(), fail, Reply(), fail, Reply()]
    records = [hooks.process_results(row, [row["answer"]])["score"] for row in rows[:5]]
    assert [r["failure"] for r in records] == [None, "judge_error", None, "judge_error", None]
    assert len(stub.chat_requests) == 5


def test_unparseable_judge_replies_are_their_own_reason(
    synthdoc_env: Path, stub: ChatStub, monkeypatch: pytest.MonkeyPatch
) -> None:
    row = dataset_rows(synthdoc_env, "chart")[0]
    _stub_judge(monkeypatch, stub, SYNTHDOC_JUDGE_ATTEMPTS="1")
    stub.responder = lambda _req: Reply(content="I would rather not give a score.")
    record = hooks.process_results(row, [row["answer"]])["score"]
    assert record["failure"] == "judge_unparseable" and record["score"] == -1 and record["valid"] is False
    assert hooks.aggregate_failed([record]) == 0 and hooks.aggregate_unscored([record]) == 1


def test_secrets_never_reach_the_record(
    synthdoc_env: Path, stub: ChatStub, monkeypatch: pytest.MonkeyPatch
) -> None:
    row = dataset_rows(synthdoc_env, "chart")[1]
    secret = "sk-test-secret-0123456789"
    _stub_judge(monkeypatch, stub, SYNTHDOC_JUDGE_ATTEMPTS="1")
    url = stub.base_url.replace("http://", "http://alice:hunter2-password@")
    monkeypatch.setenv("SYNTHDOC_JUDGE", f"openai:stub-judge@{url}")
    stub.responder = lambda req: Reply(
        status=400, error_message=f"bad {req.headers.get('authorization')} at {url}"
    )
    record = hooks.process_results(row, [row["answer"]])["score"]
    assert record["failure"] == "judge_error"
    text = repr(record)
    assert secret not in text and "hunter2-password" not in text
    failing = dict(row, answer_values=[f"{secret} at {url}"])  # hostile data echoed by an exception
    assert secret not in repr(hooks.process_results(failing, [row["answer"]])["score"])


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("SYNTHDOC_JUDGE_TIMEOUT", "abc"),
        ("SYNTHDOC_JUDGE_TIMEOUT", "0"),
        ("SYNTHDOC_JUDGE_TIMEOUT", "nan"),
        ("SYNTHDOC_JUDGE_TIMEOUT", "inf"),
        ("SYNTHDOC_JUDGE_ATTEMPTS", "2.5"),
        ("SYNTHDOC_JUDGE_ATTEMPTS", "0"),
        ("SYNTHDOC_JUDGE_RETRY_AFTER_CAP", "-1"),
        ("SYNTHDOC_JUDGE_MAX_FAILURES", "0"),
        ("SYNTHDOC_JUDGE_MAX_FAILURES", "five"),
    ],
)
def test_bad_judge_limits_are_one_line_before_inference(
    synthdoc_env: Path, monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(SynthDocUserError) as exc:
        hooks.process_docs(None)
    text = str(exc.value)
    assert name in text and "\n" not in text


def test_judge_limits_from_environment_and_flags() -> None:
    assert load_judge_limits({}) == JudgeLimits()
    env = {
        "SYNTHDOC_JUDGE_TIMEOUT": "7.5",
        "SYNTHDOC_JUDGE_ATTEMPTS": "2",
        "SYNTHDOC_JUDGE_MAX_FAILURES": "9",
    }
    assert load_judge_limits(env) == JudgeLimits(timeout=7.5, attempts=2, max_failures=9)
    assert load_judge_limits(env, attempts=1, retry_after_cap=0.0).attempts == 1  # a flag wins
    with pytest.raises(SynthDocUserError, match="--max-failures"):
        load_judge_limits({}, max_failures=0)


def test_records_of_a_none_judge_are_not_judged_not_failed(
    synthdoc_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SYNTHDOC_JUDGE", "none")
    row = dataset_rows(synthdoc_env, "chart")[0]
    records: list[dict[str, Any]] = [
        hooks.process_results(row, ["an answer"])["acc"],
        hooks.process_results(row, [LMMS_EVAL_FAILURES[0]])["acc"],
    ]
    assert [r["failure"] for r in records] == ["not_judged", "model_error"]
    assert math.isnan(hooks.aggregate_acc(records)) and hooks.aggregate_failed(records) == 1
