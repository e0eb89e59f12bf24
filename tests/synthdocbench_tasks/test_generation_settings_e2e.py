"""End to end (issue 27.1): the task's max_new_tokens (512) and temperature (0) reach the model
through ``synthdocbench eval``, and the results record what was sent.

``--model openai`` runs against a recording loopback server; ``--model vllm`` (lmms-eval's own
vLLM chat class) against a recording stand-in ``vllm`` package on ``PYTHONPATH``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from synthdocbench_tasks.prompts import ABSTENTION
from tests.helpers.lmms_eval_run import lmms_eval_cmd, results, run, synthdoc_run_env, synthdocbench_eval_cmd
from tests.helpers.vllm_standin import install
from tests.judge.judge_chat_stub import ChatStub, Reply

pytestmark = [pytest.mark.browser, pytest.mark.lmms_eval]


@pytest.fixture()
def model_server() -> Iterator[ChatStub]:
    server = ChatStub().start()
    server.responder = lambda _req: Reply(content=ABSTENTION)
    try:
        yield server
    finally:
        server.stop()


def _vllm_env(dataset_dir: Path, tmp_path: Path) -> tuple[dict[str, str], Path]:
    log = tmp_path / "vllm.jsonl"
    stand_in = install(tmp_path / "standin")
    env = synthdoc_run_env(dataset_dir, tmp_path)
    env["PYTHONPATH"] = os.pathsep.join([str(stand_in), env.get("PYTHONPATH", "")])
    env["VLLM_STANDIN_LOG"] = str(log)
    return env, log


def _sent(log: Path) -> list[dict]:
    return [json.loads(line)["sampling"] for line in log.read_text().splitlines() if '"sampling"' in line]


def test_openai_class_sends_the_tasks_settings_and_the_record_says_so(
    dataset_dir: Path, model_server: ChatStub, tmp_path: Path
) -> None:
    out = tmp_path / "results"
    args = f"model_version=stub-model,base_url={model_server.base_url},api_key=k,max_retries=1,timeout=30"
    cmd = synthdocbench_eval_cmd(
        "--model", "openai", "--model_args", args, "--tasks", "synthdoc_chart", "--limit", "2",
        "--output_path", str(out), "--log_samples",
    )  # fmt: skip
    proc = run(cmd, synthdoc_run_env(dataset_dir, tmp_path))
    assert proc.returncode == 0, proc.stderr[-3000:]
    bodies = [r.body for r in model_server.chat_requests]
    assert len(bodies) == 2
    assert {(b["max_tokens"], b["temperature"]) for b in bodies} == {(512, 0)}
    record = results(out, proc)["synthdocbench"]
    assert record["generation"]["synthdoc_chart"]["max_new_tokens"] == 512
    assert record["generation"]["synthdoc_chart"]["temperature"] == 0.0
    assert record["limit"] == 2.0 and record["prompt_style"] == {"synthdoc_chart": "default"}


def test_vllm_class_gets_max_new_tokens_512_from_eval(dataset_dir: Path, tmp_path: Path) -> None:
    env, log = _vllm_env(dataset_dir, tmp_path)
    out = tmp_path / "results"
    cmd = synthdocbench_eval_cmd(
        "--model", "vllm", "--model_args", "model=stand-in", "--tasks", "synthdoc_chart", "--limit", "2",
        "--output_path", str(out), "--log_samples",
    )  # fmt: skip
    proc = run(cmd, env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "added max_new_tokens=512 to --model_args" in proc.stderr
    sent = _sent(log)
    assert len(sent) == 2 and {(s["max_tokens"], s["temperature"]) for s in sent} == {(512, 0)}
    images = [json.loads(line)["images"] for line in log.read_text().splitlines() if '"sampling"' in line]
    assert all(url.startswith("data:image/jpeg;base64,") for urls in images for url in urls)  # docs/vllm.md
    record = results(out, proc)["synthdocbench"]["generation"]["synthdoc_chart"]
    assert record["max_new_tokens"] == 512 and record["temperature"] == 0.0


def test_plain_lmms_eval_vllm_run_sends_4096_and_check_says_so(dataset_dir: Path, tmp_path: Path) -> None:
    """Without max_new_tokens=512 in --model_args lmms-eval's vLLM class sends 4,096: the record
    of a plain run (``synthdocbench check``) says so instead of the task's 512."""
    env, log = _vllm_env(dataset_dir, tmp_path)
    out = tmp_path / "results"
    cmd = lmms_eval_cmd(
        "--model", "vllm", "--model_args", "model=stand-in", "--tasks", "synthdoc_chart", "--limit", "1",
        "--output_path", str(out), "--log_samples",
    )  # fmt: skip
    run(cmd, env)
    assert {s["max_tokens"] for s in _sent(log)} == {4096}
    check = subprocess.run(
        [sys.executable, "-m", "synthdocbench_tasks.cli", "check", str(out)],
        env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert "generation of synthdoc_chart: max_new_tokens 4096 sent (task asks 512)" in check.stdout
