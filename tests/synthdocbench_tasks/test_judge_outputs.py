"""`synthdocbench judge` never loses or worsens results: same-named logs of two runs keep their run
folders under --out, a damaged judge cache stops the run before judging, and a rerun whose judge
fails keeps the earlier valid scores (unless --force), its last line naming the cause."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge import OFFLINE_JUDGE_NAME
from tests.judge.judge_chat_stub import ChatStub, Reply
from tests.judge.loopback import serve

pytestmark = pytest.mark.slow
NAME = "20250101_samples_synthdoc_chart.jsonl"


def _judge(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SYNTHDOC_", "OPENAI_"))}
    env["SYNTHDOC_CACHE_DIR"] = str(cwd / "cache")
    cmd = [sys.executable, "-m", "synthdocbench_tasks.cli", "judge", *args]
    return subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=300)


def _log(path: Path, answers: list[str]) -> Path:
    lines = []
    for i, answer in enumerate(answers):
        record = {"question_id": f"q{i}", "doc_id": "d1", "subset": "chart", "question": f"How many in {i}?",
                  "reference": "There were 12.", "answer": answer, "score": None,
                  "answer_values": [{"kind": "number", "text": "12", "value": 12.0, "unit": "",
                                     "abs_tol": 0.0, "rel_tol": 0.0, "aliases": []}]}  # fmt: skip
        lines.append({"doc_id": i, "filtered_resps": [answer], "acc": record, "score": record})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def _scores(path: Path) -> list[Any]:
    return [json.loads(line)["score"]["score"] for line in path.read_text().splitlines()]


def test_same_named_logs_of_two_runs_keep_their_run_folders(tmp_path: Path) -> None:
    a = _log(tmp_path / "runs" / "model-a" / NAME, ["12"] * 3)
    b = _log(tmp_path / "runs" / "model-b" / NAME, ["7"] * 3)
    out = tmp_path / "judged"
    proc = _judge(str(a), str(b), "--judge", "offline", "--out", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert _scores(out / "model-a" / NAME) == [10] * 3 and _scores(out / "model-b" / NAME) == [0] * 3
    assert not (out / NAME).exists()
    single = _judge(str(a), "--judge", "offline", "--out", str(tmp_path / "one"), cwd=tmp_path)
    assert single.returncode == 0 and (tmp_path / "one" / NAME).is_file()  # no clash: the plain name
    twice = _judge(str(a), str(tmp_path / "runs" / "model-a" / ".." / "model-a" / NAME), "--judge", "offline",
                   "--out", str(tmp_path / "twice"), cwd=tmp_path)  # fmt: skip
    assert twice.returncode == 2 and "is given twice" in twice.stderr
    assert len([line for line in twice.stderr.splitlines() if line.strip()]) == 1
    assert OFFLINE_JUDGE_NAME in proc.stdout


@pytest.fixture()
def stub() -> Iterator[ChatStub]:
    yield from serve(ChatStub())


def test_a_rerun_never_makes_results_worse_without_saying_so(stub: ChatStub, tmp_path: Path) -> None:
    log = _log(tmp_path / "run" / NAME, ["about 12"] * 6)
    out = tmp_path / "judged"
    args = [
        str(log),
        "--judge",
        f"openai:stub-judge@{stub.base_url}",
        "--out",
        str(out),
        "--max-failures",
        "10",
    ]
    stub.responder = lambda _req: Reply(content='{"score": 7, "judgement": "close"}')
    assert _judge(*args, cwd=tmp_path).returncode == 0
    assert _scores(out / NAME) == [7] * 6
    good = (out / NAME).read_bytes()

    cache = tmp_path / "cache" / "judge" / "judge_cache.sqlite3"
    for extra in cache.parent.glob("judge_cache.sqlite3-*"):
        extra.unlink()
    cache.write_bytes(b"this is not a database" * 100)  # damaged
    asked = len(stub.chat_requests)
    proc = _judge(*args, cwd=tmp_path)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 2 and len(lines) == 1, proc.stderr
    assert (
        str(cache) in lines[0] and "file is not a database" in lines[0] and "nothing was judged" in lines[0]
    )
    assert (out / NAME).read_bytes() == good and len(stub.chat_requests) == asked

    cache.unlink()  # a fresh cache, and now the judge fails: the earlier scores stay
    stub.responder = lambda _req: Reply(status=400, error_message="model is overloaded")
    proc = _judge(*args, cwd=tmp_path)
    assert proc.returncode == 1
    assert _scores(out / NAME) == [7] * 6
    assert "kept 6 earlier valid scores" in proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("synthdocbench: 6 of 6 answers are unscored (6 judge_error); cause: judge_error: ")
    assert "model is overloaded" in last

    forced = _judge(*args, "--force", cwd=tmp_path)
    assert forced.returncode == 1 and _scores(out / NAME) == [-1] * 6 and "kept" not in forced.stderr


def test_a_10_mb_answer_is_sent_capped_and_the_record_says_so(stub: ChatStub, tmp_path: Path) -> None:
    from judge.prompt import MAX_CANDIDATE_CHARS

    huge = "12 " + "y" * (10 * 1024 * 1024)
    log = _log(tmp_path / "run" / NAME, [huge, "12"])
    out = tmp_path / "judged"
    proc = _judge(str(log), "--judge", f"openai:stub-judge@{stub.base_url}", "--out", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    prompts = sorted(len(r.prompt) for r in stub.chat_requests)
    assert len(prompts) == 2 and prompts[-1] < prompts[0] + MAX_CANDIDATE_CHARS + 200
    records = [json.loads(line)["score"] for line in (out / NAME).read_text().splitlines()]
    assert records[0]["candidate_truncated"] == len(huge) - MAX_CANDIDATE_CHARS
    assert "candidate_truncated" not in records[1]
