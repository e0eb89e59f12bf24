"""`synthdocbench judge --batch`: the real CLI in a subprocess against the loopback batch server."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge import OFFLINE_JUDGE_NAME
from tests.judge.batch_stub import BatchStub, ErrorLine
from tests.judge.loopback import serve

pytestmark = pytest.mark.slow

TASK = "synthdoc_chart"
N = 5


@pytest.fixture
def stub() -> Iterator[BatchStub]:
    yield from serve(BatchStub())


def write_log(folder: Path) -> Path:
    """A samples log as `SYNTHDOC_JUDGE=none` leaves it: answers recorded, none judged."""
    lines = []
    for i in range(N):
        record = {
            "question_id": f"q{i}",
            "doc_id": i,
            "question": f"What is value {i}?",
            "reference": f"{i} units",
            "answer_values": [],
            "answer": "",
            "score": None,
            "judge": "none",
            "valid": False,
            "failure": "not_judged",
        }
        lines.append({"doc_id": i, "filtered_resps": [f"about {i} units"], "acc": record, "score": record})
    path = folder / f"20260101_samples_{TASK}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def env(cache: Path) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "SYNTHDOC_"))}
    return {**base, "SYNTHDOC_CACHE_DIR": str(cache), "OPENAI_API_KEY": "sk-test-secret"}


def cmd(log: Path, url: str, *extra: str) -> list[str]:
    return [
        sys.executable, "-m", "synthdocbench_tasks.cli", "judge", str(log),
        "--judge", f"openai:stub-judge@{url}", "--out", str(log.parent / "judged"),
        "--attempts", "2", *extra,
    ]  # fmt: skip


def judge(log: Path, url: str, cache: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd(log, url, *extra), env=env(cache), capture_output=True, text=True, timeout=300)


def records(log: Path) -> list[dict[str, Any]]:
    judged = log.parent / "judged" / log.name
    return [json.loads(line)["score"] for line in judged.read_text().splitlines()]


BATCH = ("--batch", "--poll-interval", "0.05")


def test_batch_judging_writes_the_logs_and_the_cache_then_an_online_rerun_makes_no_call(
    stub: BatchStub, tmp_path: Path
) -> None:
    log, cache = write_log(tmp_path / "run"), tmp_path / "cache"
    proc = judge(log, stub.base_url, cache, *BATCH, "--batch-price-in", "1.25", "--batch-price-out", "5")
    assert proc.returncode == 0, proc.stderr
    assert [(r["score"], r["valid"], r["failure"], r["judge"]) for r in records(log)] == [
        (8, True, None, "openai:stub-judge")
    ] * N
    assert (
        f"judge batch: batch_1; {N} requests, {N} completed, 0 without a reply; "
        "500 tokens in, 100 tokens out; estimated cost 0.0011 (at 1.25 in / 5 out per 1M tokens)"
    ) in proc.stdout
    assert "submitted batch_1" in proc.stderr and "sk-test-secret" not in proc.stdout + proc.stderr
    calls = len(stub.requests) - stub.count("GET", "/v1/models")  # the preflight is no judge call
    assert (
        f"judge usage: {calls} calls (0 retries), {N} batch requests, 500 tokens in, 100 tokens out, "
        f"0 cache hits, {N} scored, 0 unscored"
    ) in proc.stdout.splitlines()
    assert stub.count("POST", "/v1/chat/completions") == 0 and stub.count("POST", "/v1/batches") == 1
    assert not list((cache / "judge" / "batches").glob("*.json"))

    online = judge(log, stub.base_url, cache)
    assert online.returncode == 0, online.stderr
    assert stub.count("POST", "/v1/chat/completions") == 0  # every verdict came from the cache
    assert f"{N} cache hits" in online.stdout


def test_error_lines_become_judge_error_records_and_exit_1(stub: BatchStub, tmp_path: Path) -> None:
    stub.answer = lambda _cid, prompt, _n: (
        ErrorLine("server_error", "the model was overloaded")
        if "value 2?" in prompt
        else '{"score": 4, "judgement": "Partly."}'
    )
    log = write_log(tmp_path / "run")
    proc = judge(log, stub.base_url, tmp_path / "cache", *BATCH)
    assert proc.returncode == 1
    got = records(log)
    assert [r["score"] for r in got] == [4, 4, -1, 4, 4]
    assert got[2]["failure"] == "judge_error" and "the model was overloaded" in got[2]["judgement"]
    assert "1 of 5 answers are unscored (1 judge_error)" in proc.stderr


def test_a_killed_run_is_resumed_by_polling_without_a_second_submission(
    stub: BatchStub, tmp_path: Path
) -> None:
    log, cache = write_log(tmp_path / "run"), tmp_path / "cache"
    stub.gate.clear()  # the batch stays in progress
    first = subprocess.Popen(
        cmd(log, stub.base_url, *BATCH), env=env(cache), stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 120
        while stub.count("GET", "/v1/batches/batch_1") < 3:  # submitted, recorded, polling
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        first.kill()
        first.communicate(timeout=30)
    (state,) = (cache / "judge" / "batches").glob("*.json")
    assert json.loads(state.read_text())["batch_id"] == "batch_1"

    stub.gate.set()
    proc = judge(log, stub.base_url, cache, *BATCH)
    assert proc.returncode == 0, proc.stderr
    assert "resuming the recorded batch" in proc.stderr and "batch_1 (resumed)" in proc.stdout
    assert stub.count("POST", "/v1/batches") == 1 and stub.count("POST", "/v1/files") == 1
    assert [r["score"] for r in records(log)] == [8] * N


def test_an_unreachable_endpoint_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{sock.getsockname()[1]}/v1"
    log = write_log(tmp_path / "run")
    proc = judge(log, url, tmp_path / "cache", *BATCH)
    assert proc.returncode == 2
    (line,) = proc.stderr.strip().splitlines()
    assert "unreachable" in line and url in line and "Traceback" not in proc.stderr
    assert not (log.parent / "judged").exists()


def test_batch_with_the_offline_judge_and_bad_flags_are_one_line(tmp_path: Path) -> None:
    log = write_log(tmp_path / "run")
    offline = subprocess.run(
        [sys.executable, "-m", "synthdocbench_tasks.cli", "judge", str(log), "--judge", "offline", "--batch"],
        env=env(tmp_path / "cache"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert offline.returncode == 2
    assert offline.stderr.strip() == (
        "synthdocbench: --batch needs an API judge (--judge openai:MODEL or openai:MODEL@BASE_URL), "
        f"not {OFFLINE_JUDGE_NAME}"
    )
    bad = judge(log, "http://127.0.0.1:9/v1", tmp_path / "cache", "--batch", "--poll-interval", "-1")
    assert bad.returncode == 2
    assert bad.stderr.strip() == "synthdocbench: --poll-interval must be a number >= 0, got -1.0"
