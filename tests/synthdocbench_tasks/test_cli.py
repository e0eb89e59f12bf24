"""`synthdocbench judge`: bad input is one clear line, exit 2, and nothing is written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge import OFFLINE_JUDGE_NAME
from synthdocbench_tasks.rejudge import judged_folder

pytestmark = pytest.mark.slow


def _judge(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SYNTHDOC_", "OPENAI_"))}
    env["SYNTHDOC_CACHE_DIR"] = str(cwd / "cache")
    cmd = [sys.executable, "-m", "synthdocbench_tasks.cli", "judge", *args]
    return subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=300)


def _log(folder: Path) -> Path:
    record = {"question_id": "q1", "doc_id": "d1", "subset": "chart", "question": "How many?",
              "reference": "There were 12.", "answer": "12", "score": None,
              "answer_values": [{"kind": "number", "text": "12", "value": 12.0, "unit": "", "abs_tol": 0.0,
                                 "rel_tol": 0.0, "aliases": []}]}  # fmt: skip
    path = folder / "20250101_samples_synthdoc_chart.jsonl"
    path.write_text(
        json.dumps({"doc_id": 0, "filtered_resps": ["12"], "acc": record, "score": record}) + "\n"
    )
    return path


@pytest.mark.parametrize(
    ("make", "args", "expected"),
    [
        (lambda d: d / "missing.jsonl", ["--judge", "offline"], "is not a file"),
        (lambda d: _write(d / "x_samples_t.jsonl", "{not json\n"), ["--judge", "offline"], "is not JSON"),
        (lambda d: _write(d / "x_samples_t.jsonl", '{"doc_id": 0, "acc": 1.0}\n'), ["--judge", "offline"],
         "has no synthdoc record"),
        (lambda d: _write(d / "x_samples_t.jsonl", "\n"), ["--judge", "offline"], "holds no samples"),
        (_log, ["--judge", "gpt-5"], "--judge gpt-5: judge spec 'gpt-5' names no known judge"),
        (_log, ["--judge", "none"], "--judge none scores nothing"),
        (_log, [], "no judge given"),
        (_log, ["--judge", "offline", "--concurrency", "0"], "--concurrency must be at least 1"),
        (_log, ["--judge", "offline", "--max-failures", "0"], "judge max_failures must be an integer >= 1"),
        (_log, ["--judge", "offline", "--timeout", "0"], "judge timeout must be a number of seconds > 0"),
        (_log, ["--judge", "offline", "--out", "."], "would overwrite the input"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_writes_nothing(
    make, args: list[str], expected: str, tmp_path: Path
) -> None:
    path = make(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    proc = _judge(str(path), *args, cwd=tmp_path)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("synthdocbench: ") and expected in lines[0], proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "cache") == [
        b for b in before if b != "cache"
    ]


def test_unreachable_judge_stops_before_writing(tmp_path: Path) -> None:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    path = _log(tmp_path)
    proc = _judge(str(path), "--judge", f"openai:m@http://127.0.0.1:{port}/v1", cwd=tmp_path)
    assert proc.returncode == 2
    (line,) = [line for line in proc.stderr.splitlines() if line.strip()]
    assert f"127.0.0.1:{port}" in line and "unreachable" in line
    assert [p.name for p in tmp_path.iterdir() if p.name != "cache"] == [path.name]


def test_a_small_log_is_judged_and_the_judge_is_named(tmp_path: Path) -> None:
    path = _log(tmp_path)
    proc = _judge(str(path), "--judge", "offline", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = tmp_path / judged_folder(OFFLINE_JUDGE_NAME) / path.name
    (line,) = [json.loads(x) for x in out.read_text().splitlines()]
    assert line["acc"]["judge"] == OFFLINE_JUDGE_NAME and line["acc"]["valid"] is True
    assert line["acc"]["score"] == line["score"]["score"] == 10 and line["acc"]["failure"] is None
    assert "synthdoc_chart" in proc.stdout and OFFLINE_JUDGE_NAME in proc.stdout.splitlines()[2]


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SYNTHDOC_", "OPENAI_"))}
    cmd = [sys.executable, "-m", "synthdocbench_tasks.cli", *args]
    return subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.mark.lmms_eval
@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["eval", "--model", "dummy"], "no --tasks given"),
        (["eval", "--model", "dummy", "--tasks=,"], "names no task"),
        (["eval", "--model", "dummy", "--tasks", "synthdoc_cross_modl"], "did you mean synthdoc_crossmodal?"),
        (["check", "no-such-run"], "no-such-run does not exist"),
    ],
)
def test_eval_and_check_usage_errors_are_one_line(args: list[str], expected: str, tmp_path: Path) -> None:
    proc = _cli(*args, cwd=tmp_path)
    assert proc.returncode == 2, proc.stdout[-2000:] + proc.stderr[-2000:]
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("synthdocbench: ") and expected in lines[0], proc.stderr


def test_grounded_logs_are_judged_on_the_answer_not_the_json(tmp_path: Path) -> None:
    path = _log(tmp_path)
    line = json.loads(path.read_text())
    record = dict(line["acc"], page_acc=1.0, iou=0.5, predicted_regions=[])
    reply = json.dumps({"answer": "There were 12.", "evidence": [{"image": 1, "bbox": [0, 0, 10, 10]}]})
    line.update(filtered_resps=[reply], acc=record, score=record, iou=record, page_acc=record)
    grounded = tmp_path / "20250101_samples_synthdoc_chart_grounded.jsonl"
    grounded.write_text(json.dumps(line) + "\n")
    path.unlink()
    proc = _judge(str(grounded), "--judge", "offline", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    (out,) = [json.loads(x) for x in (tmp_path / judged_folder(OFFLINE_JUDGE_NAME) / grounded.name).open()]
    assert out["acc"]["answer"] == "There were 12." and out["acc"]["score"] == 10
    assert out["iou"] == out["page_acc"] == out["acc"]  # every record of the line is updated
    assert out["iou"]["iou"] == 0.5  # the region scores are kept


def test_a_failed_model_request_in_a_log_is_not_judged(tmp_path: Path) -> None:
    path = _log(tmp_path)
    line = json.loads(path.read_text())
    line["filtered_resps"] = ["[LMMS_EVAL_REQUEST_FAILED after 3 retries] Connection error."]
    path.write_text(json.dumps(line) + "\n")
    proc = _judge(str(path), "--judge", "offline", cwd=tmp_path)
    assert proc.returncode == 1
    assert (
        proc.stderr.strip()
        .splitlines()[-1]
        .startswith("synthdocbench: 1 of 1 answers are unscored (1 model_error)")
    )
    (out,) = [json.loads(x) for x in (tmp_path / judged_folder(OFFLINE_JUDGE_NAME) / path.name).open()]
    assert out["score"]["failure"] == "model_error" and out["score"]["score"] == -1


def test_an_unwritable_output_folder_is_one_line_before_judging(tmp_path: Path) -> None:
    path = _log(tmp_path)
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the output folder should be")
    proc = _judge(str(path), "--judge", "offline", "--out", str(blocked / "judged"), cwd=tmp_path)
    assert proc.returncode == 2
    (line,) = [line for line in proc.stderr.splitlines() if line.strip()]
    assert line.startswith(f"synthdocbench: cannot write judged logs to {blocked / 'judged'}")
    assert "--out" in line
