"""End to end: the real lmms-eval CLI, ``--model openai`` against a loopback endpoint that fails.

The model endpoint answers some questions and fails the others with HTTP 500; lmms-eval turns
those into its failure text. They must be ``model_error`` records (-1, not valid), left out of
acc and score and counted by the ``failed`` and ``unscored`` metrics, never judged as answers.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path

import pytest

from synthdocbench_tasks.prompts import ABSTENTION
from tests.helpers.lmms_eval_run import dataset_rows, lmms_eval_cmd, results, run, samples, synthdoc_run_env
from tests.judge.judge_chat_stub import ChatStub, Recorded, Reply

pytestmark = [pytest.mark.browser, pytest.mark.lmms_eval]


@pytest.fixture()
def model_server() -> Iterator[ChatStub]:
    server = ChatStub().start()
    try:
        yield server
    finally:
        server.stop()


def test_failed_model_requests_are_model_errors_not_zero_scores(
    dataset_dir: Path, model_server: ChatStub, tmp_path: Path
) -> None:
    rows = dataset_rows(dataset_dir, "chart")
    failing = {row["question"] for row in rows[::2]}  # every other question fails
    assert 0 < len(failing) < len(rows)

    def respond(req: Recorded) -> Reply:
        body = json.dumps(req.body)
        if any(json.dumps(q)[1:-1] in body for q in failing):
            return Reply(status=500, error_message="the model server crashed")
        return Reply(content=ABSTENTION)

    model_server.responder = respond
    out = tmp_path / "results"
    model_args = (
        f"model_version=stub-model,base_url={model_server.base_url},api_key=test-key,"
        "max_retries=1,retry_backoff_s=0,timeout=30,num_concurrent=2"
    )
    cmd = lmms_eval_cmd(
        "--model", "openai",
        "--model_args", model_args,
        "--tasks", "synthdoc_chart",
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    proc = run(cmd, synthdoc_run_env(dataset_dir, tmp_path), timeout=900)
    result = results(out, proc)["results"]["synthdoc_chart"]
    lines = samples(out, "synthdoc_chart")
    assert len(lines) == len(rows)
    by_failure: dict[str | None, list[dict]] = {}
    for line in lines:
        record = line["score"]
        assert line["acc"] == line["failed"] == line["unscored"] == record
        by_failure.setdefault(record["failure"], []).append(record)
        reply = line["filtered_resps"]
        reply = reply[0] if isinstance(reply, list) else reply
        if record["question"] in failing:
            assert reply.startswith("[LMMS_EVAL_REQUEST_FAILED"), reply  # lmms-eval's own failure text
            assert record["failure"] == "model_error" and record["score"] == -1 and record["valid"] is False
            assert "LMMS_EVAL_REQUEST_FAILED" in record["judgement"]
        else:
            assert record["failure"] is None and record["score"] == 0 and record["valid"] is True
    assert len(by_failure["model_error"]) == len(failing)
    # excluded from acc and score, counted per task
    assert result["acc,none"] == 0.0 and result["score,none"] == 0.0
    assert result["failed,none"] == len(failing) and result["unscored,none"] == len(failing)


def test_a_model_that_fails_every_request_scores_nothing(
    dataset_dir: Path, model_server: ChatStub, tmp_path: Path
) -> None:
    model_server.responder = lambda _req: Reply(status=503, error_message="overloaded")
    out = tmp_path / "results"
    model_args = (
        f"model_version=stub-model,base_url={model_server.base_url},api_key=test-key,"
        "max_retries=1,retry_backoff_s=0,timeout=30"
    )
    cmd = lmms_eval_cmd(
        "--model", "openai",
        "--model_args", model_args,
        "--tasks", "synthdoc_complex",
        "--limit", "3",
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    proc = run(cmd, synthdoc_run_env(dataset_dir, tmp_path), timeout=900)
    result = results(out, proc)["results"]["synthdoc_complex"]
    assert result["failed,none"] == 3 and result["unscored,none"] == 3
    acc = result["acc,none"]
    assert not isinstance(acc, int | float) or math.isnan(acc), acc  # no valid answer: not a silent 0
    assert all(line["score"]["failure"] == "model_error" for line in samples(out, "synthdoc_complex"))


@pytest.mark.xfail(
    strict=False,
    reason="open regression after the stop-21 merges (stop note)",
)
def test_a_judge_that_dies_mid_run_stops_being_asked_and_keeps_what_it_judged(
    dataset_dir: Path, tmp_path: Path
) -> None:
    judge = ChatStub().start()
    ok, breaker = 2, 3
    judge.script = [Reply() for _ in range(ok)]
    judge.responder = lambda _req: Reply(status=500, error_message="judge backend down")
    n = len(dataset_rows(dataset_dir, "chart"))
    assert n > ok + breaker
    out = tmp_path / "results"
    cmd = lmms_eval_cmd(
        "--model", "dummy",
        "--model_args", f"response={ABSTENTION}",
        "--tasks", "synthdoc_chart",
        "--process_docs_parallel", "1",
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    env = synthdoc_run_env(dataset_dir, tmp_path, judge=f"openai:stub-judge@{judge.base_url}")
    env.update(SYNTHDOC_JUDGE_API_KEY="test-key", SYNTHDOC_JUDGE_MAX_FAILURES=str(breaker))
    env.update(SYNTHDOC_JUDGE_ATTEMPTS="1", SYNTHDOC_JUDGE_TIMEOUT="10")
    try:
        proc = run(cmd, env, timeout=900)
    finally:
        judge.stop()
    result = results(out, proc)["results"]["synthdoc_chart"]
    assert len(judge.chat_requests) == ok + breaker  # then never again
    records = [line["score"] for line in samples(out, "synthdoc_chart")]
    assert sum(r["valid"] for r in records) == ok and all(r["score"] == 8 for r in records if r["valid"])
    assert [r["failure"] for r in records if not r["valid"]] == ["judge_error"] * (n - ok)
    stopped = [line for line in proc.stderr.splitlines() if "judging stopped" in line]
    assert len(stopped) == 1 and "SYNTHDOC_JUDGE=none" in stopped[0]
    assert result["acc,none"] == 1.0 and result["failed,none"] == n - ok
