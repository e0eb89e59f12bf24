"""Two-phase runs: lmms-eval records answers (SYNTHDOC_JUDGE=none), `synthdocbench judge` scores them.

Phase 1 is the real lmms-eval CLI with the dummy model (once per module); phase 2 is the
real `synthdocbench judge` command, with the offline judge and with an OpenAI-compatible
judge served by a loopback HTTP server (tests/judge/judge_chat_stub.py).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge import OFFLINE_JUDGE_NAME, OfflineJudge
from synthdocbench_tasks.prompts import ABSTENTION
from synthdocbench_tasks.rejudge import judged_folder
from tests.helpers.lmms_eval_run import lmms_eval_cmd, read_jsonl, run, samples_log
from tests.judge.judge_chat_stub import ChatStub, Reply
from tests.judge.loopback import serve

pytestmark = [pytest.mark.browser, pytest.mark.lmms_eval]

#: Variants on purpose: the judge command does not care which protocol produced the log.
TASKS = ("synthdoc_chart_cot", "synthdoc_crossmodal_noprompt", "synthdoc_complex")
THOUGHT = "The figure suggests 99999 units"
REPLY = f"<think>{THOUGHT}</think> {ABSTENTION}"
OFFLINE_DIR = judged_folder(OFFLINE_JUDGE_NAME)


def _env(cache: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "SYNTHDOC_"))}
    env.update(
        SYNTHDOC_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_HOME=str(cache / "hf")
    )
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def phase1(dataset_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The samples logs of a real lmms-eval run that recorded answers only."""
    root = tmp_path_factory.mktemp("phase1")
    out = root / "results"
    cmd = lmms_eval_cmd(
        "--model", "dummy",
        "--model_args", f"response={REPLY}",
        "--tasks", ",".join(TASKS),
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    env = _env(root / "cache", SYNTHDOC_JUDGE="none", SYNTHDOC_DATASET=str(dataset_dir))
    proc = run(cmd, env)
    return [samples_log(out, task, proc) for task in TASKS]


@pytest.fixture()
def logs(phase1: list[Path], tmp_path: Path) -> list[Path]:
    """A private copy of the phase-1 logs; a third of the answers made correct (the reference)."""
    copies = []
    for source in phase1:
        lines = read_jsonl(source)
        for i, line in enumerate(lines):
            if i % 3 == 0:
                line["filtered_resps"] = [f"<think>{THOUGHT}</think>{line['target']}"]
        target = tmp_path / "run" / source.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("".join(json.dumps(line) + "\n" for line in lines))
        copies.append(target)
    return copies


@pytest.fixture()
def stub() -> Iterator[ChatStub]:
    yield from serve(ChatStub())


def _judge(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "synthdocbench_tasks.cli", "judge", *args]
    return run(cmd, env, timeout=600)


def _printed(stdout: str) -> dict[str, tuple[int, int, float, float, str]]:
    """task -> (answers, judged, acc, score, judge) from the printed table."""
    rows = {}
    for line in stdout.splitlines():
        m = re.match(r"^(synthdoc\S+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(\S+)\s+(\S+)$", line)
        if m:
            rows[m[1]] = (int(m[2]), int(m[3]), float(m[4]), float(m[5]), m[6])
    return rows


def _records(path: Path) -> list[dict[str, Any]]:
    lines = read_jsonl(path)
    for line in lines:
        assert line["acc"] == line["score"]
    return [line["score"] for line in lines]


def test_phase1_recorded_answers_only(phase1: list[Path]) -> None:
    for path in phase1:
        for record in _records(path):
            assert record["score"] is None and record["judge"] == "none" and record["valid"] is False
            assert record["answer"] == ABSTENTION  # the thinking is not the answer
            assert record["question"] and record["reference"]  # what phase 2 needs


def test_offline_judge_scores_the_logs_into_new_files(logs: list[Path], tmp_path: Path) -> None:
    before = {p: p.read_bytes() for p in logs}
    proc = _judge([*map(str, logs), "--judge", "offline"], _env(tmp_path / "cache"))
    assert proc.returncode == 0, proc.stderr
    assert {p: p.read_bytes() for p in logs} == before  # inputs untouched
    heading = f"judge: {OFFLINE_JUDGE_NAME} (prompt {OfflineJudge.prompt_version})"
    assert proc.stdout.splitlines()[0] == heading
    printed = _printed(proc.stdout)
    for source, task in zip(logs, TASKS, strict=True):
        judged = source.parent / OFFLINE_DIR / source.name
        assert f"wrote {judged}" in proc.stdout
        records = _records(judged)
        originals = read_jsonl(source)
        assert len(records) == len(originals)
        for i, (record, original) in enumerate(zip(records, originals, strict=True)):
            assert record["judge"] == OFFLINE_JUDGE_NAME and record["valid"] is True
            assert THOUGHT not in record["answer"]
            assert record["score"] == (10 if i % 3 == 0 else 0), (record["answer"], record["judgement"])
            assert original["doc_id"] == read_jsonl(judged)[i]["doc_id"]  # same lines, same order
        acc = sum(r["score"] >= 6 for r in records) / len(records)
        answers, valid, printed_acc, printed_score, judge = printed[task]
        assert (answers, valid, judge) == (len(records), len(records), OFFLINE_JUDGE_NAME)
        assert printed_acc == pytest.approx(acc, abs=5e-4)
        assert printed_score == pytest.approx(sum(r["score"] for r in records) / len(records), abs=5e-3)
    assert "judge usage: no API calls (offline judge)" in proc.stdout


def test_api_judge_one_concurrent_batch_then_a_rerun_makes_no_calls(
    logs: list[Path], stub: ChatStub, tmp_path: Path
) -> None:
    n = sum(len(read_jsonl(p)) for p in logs)
    stub.responder = lambda _req: Reply(delay=0.2)  # long enough for requests to overlap
    out = tmp_path / "by-stub"
    args = [*map(str, logs), "--judge", f"openai:stub-judge@{stub.base_url}", "--out", str(out)]
    env = _env(tmp_path / "cache")
    proc = _judge([*args, "--concurrency", "4"], env)
    assert proc.returncode == 0, proc.stderr
    assert len(stub.chat_requests) == n
    assert 1 < stub.max_in_flight <= 4
    for request in stub.chat_requests:
        assert THOUGHT not in request.prompt and "<think>" not in request.prompt
    assert f"judge usage: {n} calls (0 retries), {100 * n} tokens in" in proc.stdout
    assert f"0 cache hits, {n} scored" in proc.stdout
    for source in logs:
        records = _records(out / source.name)
        assert all(r["judge"] == "openai:stub-judge" and r["score"] == 8 and r["valid"] for r in records)
    assert all(row[4] == "openai:stub-judge" and row[2] == 1.0 for row in _printed(proc.stdout).values())

    rerun = _judge(args, env)
    assert rerun.returncode == 0, rerun.stderr
    assert len(stub.chat_requests) == n  # nothing new was asked
    assert f"judge usage: 0 calls (0 retries), 0 tokens in, 0 tokens out, {n} cache hits" in rerun.stdout


def test_a_judge_failing_mid_batch_keeps_what_was_scored_and_a_rerun_finishes(
    logs: list[Path], stub: ChatStub, tmp_path: Path
) -> None:
    n = sum(len(read_jsonl(p)) for p in logs)
    ok, breaker = 4, 2
    stub.script = [Reply() for _ in range(ok)]
    stub.responder = lambda _req: Reply(status=400, error_message="model is overloaded")
    out = tmp_path / "judged"
    args = [*map(str, logs), "--judge", f"openai:stub-judge@{stub.base_url}", "--out", str(out)]
    env = _env(tmp_path / "cache")
    proc = _judge([*args, "--concurrency", "1", "--max-failures", str(breaker)], env)
    assert proc.returncode == 1
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith(f"synthdocbench: {n - ok} of {n} answers are unscored ({n - ok} judge_error)")
    assert "model is overloaded" in last and "SYNTHDOC_JUDGE=none" in last and "synthdocbench judge" in last
    assert len(stub.chat_requests) == ok + breaker  # it stopped asking after `breaker` failures in a row
    records = [r for source in logs for r in _records(out / source.name)]
    assert [r["valid"] for r in records] == [True] * ok + [False] * (n - ok)
    assert all(r["score"] == -1 and r["judge"] == "openai:stub-judge" for r in records[ok:])
    assert all(r["failure"] == "judge_error" for r in records[ok:])

    stub.responder = lambda _req: Reply()
    rerun = _judge([*args, "--concurrency", "3"], env)
    assert rerun.returncode == 0, rerun.stderr
    assert len(stub.chat_requests) == ok + breaker + (n - ok)  # only the missing ones were asked
    assert f"{ok} cache hits" in rerun.stdout
    records = [r for source in logs for r in _records(out / source.name)]
    assert all(r["valid"] and r["score"] == 8 and r["failure"] is None for r in records)


def test_a_fully_cached_rerun_needs_no_network(logs: list[Path], tmp_path: Path) -> None:
    stub = ChatStub().start()
    n = sum(len(read_jsonl(p)) for p in logs)
    out = tmp_path / "judged"
    args = [*map(str, logs), "--judge", f"openai:stub-judge@{stub.base_url}", "--out", str(out)]
    env = _env(tmp_path / "cache")
    try:
        assert _judge(args, env).returncode == 0
        assert len(stub.chat_requests) == n
    finally:
        stub.stop()  # the endpoint is gone: nothing may be asked, not even the preflight
    first = {p.name: (out / p.name).read_bytes() for p in logs}
    for path in out.iterdir():
        path.unlink()
    rerun = _judge(args, env)
    assert rerun.returncode == 0, rerun.stderr
    assert {p.name: (out / p.name).read_bytes() for p in logs} == first
    assert f"{n} cache hits" in rerun.stdout


def test_bad_replies_and_failed_model_requests_are_unscored_records(
    logs: list[Path], stub: ChatStub, tmp_path: Path
) -> None:
    source = max(logs, key=lambda log: len(read_jsonl(log)))
    lines = read_jsonl(source)
    hostile = [
        "{" * 1000 + "}" * 10,
        '{"score": 1_0}',
        "<think>unclosed " + '{"score": 9}',
        "not json at all",
    ]
    assert len(lines) >= 2 + len(hostile), "the test dataset has too few questions per subset"
    failure = "[LMMS_EVAL_REQUEST_FAILED after 1 retries] Connection error."
    lines[0]["filtered_resps"] = [failure]
    lines[1]["filtered_resps"] = [""]
    broken = tmp_path / "run2" / source.name
    broken.parent.mkdir()
    broken.write_text("".join(json.dumps(line) + "\n" for line in lines))
    stub.script = [Reply(content=c) for c in hostile]
    out = tmp_path / "judged"
    proc = _judge(
        [str(broken), "--judge", f"openai:stub-judge@{stub.base_url}", "--out", str(out)],
        _env(tmp_path / "c"),
    )
    assert proc.returncode == 1, proc.stderr  # the two failed model requests
    assert "Traceback" not in proc.stderr
    records = _records(out / broken.name)
    assert [r["failure"] for r in records[:2]] == ["model_error", "model_error"]
    assert len(stub.chat_requests) == len(lines) - 2  # failed requests are never judged
    # each bad reply is one unscored record (the strict parser calls all of them unparseable)
    bad = [r for r in records[2:] if r["failure"] is not None]
    assert len(bad) == len(hostile) and all(r["score"] == -1 and not r["valid"] for r in bad)
    assert {r["failure"] for r in bad} <= {"judge_unparseable", "scoring_error"}
    assert all(r["valid"] and r["score"] == 8 for r in records if r["failure"] is None)
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith(
        f"synthdocbench: {2 + len(hostile)} of {len(lines)} answers are unscored (2 model_error"
    )


def test_judged_files_are_written_as_they_are_finished(
    logs: list[Path], stub: ChatStub, tmp_path: Path
) -> None:
    out = tmp_path / "judged"
    first_file = len(read_jsonl(logs[0]))
    seen: list[bool] = []

    def respond(_req: object) -> Reply:
        seen.append((out / logs[0].name).exists())
        return Reply()

    stub.responder = respond
    args = [*map(str, logs), "--judge", f"openai:stub-judge@{stub.base_url}", "--out", str(out)]
    assert _judge([*args, "--concurrency", "1"], _env(tmp_path / "cache")).returncode == 0
    assert seen[:first_file] == [False] * first_file and all(seen[first_file:])


def test_timeout_attempts_and_breaker_flags(logs: list[Path], stub: ChatStub, tmp_path: Path) -> None:
    import time

    stub.responder = lambda _req: Reply(delay=5.0)
    args = [*map(str, logs), "--judge", f"openai:stub-judge@{stub.base_url}", "--out", str(tmp_path / "j")]
    flags = ["--timeout", "0.5", "--attempts", "1", "--max-failures", "2", "--concurrency", "1"]
    started = time.monotonic()
    proc = _judge([*args, *flags], _env(tmp_path / "cache"))
    assert proc.returncode == 1 and time.monotonic() - started < 60
    assert len(stub.chat_requests) == 2  # one attempt each, then the breaker
    assert "2 times in a row" in proc.stderr.strip().splitlines()[-1]
    for bad in (
        ["--max-failures", "0"],
        ["--timeout", "-1"],
        ["--attempts", "0"],
        ["--retry-after-cap", "-5"],
    ):
        wrong = _judge([*args, *bad], _env(tmp_path / "cache"))
        assert wrong.returncode == 2 and bad[0] in wrong.stderr.strip().splitlines()[-1], bad
    env = _env(tmp_path / "cache", SYNTHDOC_JUDGE_ATTEMPTS="many")
    wrong = _judge(args, env)
    assert wrong.returncode == 2 and "SYNTHDOC_JUDGE_ATTEMPTS" in wrong.stderr.strip().splitlines()[-1]


def test_logs_without_the_questions_are_completed_from_the_dataset(
    logs: list[Path], dataset_dir: Path, tmp_path: Path
) -> None:
    source = logs[0]
    lines = read_jsonl(source)
    for line in lines:
        for key in ("acc", "score"):
            for field in ("question", "reference", "answer_values"):
                line[key].pop(field)
    old = tmp_path / "old" / source.name
    old.parent.mkdir()
    old.write_text("".join(json.dumps(line) + "\n" for line in lines))

    missing = _judge([str(old), "--judge", "offline"], _env(tmp_path / "cache"))
    assert missing.returncode == 2
    assert missing.stderr.strip().splitlines()[-1].startswith("synthdocbench: some records lack the question")
    assert not (old.parent / OFFLINE_DIR).exists()

    proc = _judge([str(old), "--judge", "offline", "--dataset", str(dataset_dir)], _env(tmp_path / "cache"))
    assert proc.returncode == 0, proc.stderr
    complete = _judge([str(source), "--judge", "offline"], _env(tmp_path / "cache"))
    rebuilt = _records(old.parent / OFFLINE_DIR / old.name)
    reference = _records(source.parent / OFFLINE_DIR / source.name)
    assert complete.returncode == 0
    assert [r["score"] for r in rebuilt] == [r["score"] for r in reference]
    assert [r["reference"] for r in rebuilt] == [r["reference"] for r in reference]
