"""What reaches the model (issue 27.1): the vLLM classes' max(task, model) rule, the OpenAI
class's reasoning-model rule, and ``synthdocbench eval`` refusing a larger max_new_tokens."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.paths import tasks_dir
from synthdocbench_tasks.sampling import SMALLEST_TASK_MAX_NEW_TOKENS, sent_settings, settle_model_args


def test_the_smallest_task_max_new_tokens_is_the_one_eval_adds() -> None:
    values = [
        int(m)
        for p in tasks_dir().rglob("*yaml")
        for m in re.findall(r"^\s+max_new_tokens:\s*(\d+)", p.read_text(), re.MULTILINE)
    ]
    assert min(values) == SMALLEST_TASK_MAX_NEW_TOKENS == 512


def test_vllm_without_max_new_tokens_gets_it_added() -> None:
    args, line = settle_model_args("vllm", "model=Qwen/Qwen3-VL-8B-Instruct")
    assert args == "model=Qwen/Qwen3-VL-8B-Instruct,max_new_tokens=512" and line is not None
    assert settle_model_args("vllm_generate", None)[0] == "max_new_tokens=512"
    assert settle_model_args("openai", "model_version=x") == ("model_version=x", None)


def test_vllm_with_a_larger_max_new_tokens_is_refused_naming_the_arg() -> None:
    with pytest.raises(SynthDocUserError, match="set max_new_tokens=512 in --model_args"):
        settle_model_args("vllm", "model=m,max_new_tokens=4096")


def test_sent_settings_follow_each_class() -> None:
    task = {"max_new_tokens": 512, "temperature": 0}
    assert sent_settings("vllm", "model=m", task)["max_new_tokens"] == 4096
    assert sent_settings("vllm", "model=m,max_new_tokens=512", task)["max_new_tokens"] == 512
    assert sent_settings("vllm", "max_new_tokens=512", {"max_new_tokens": 2048})["max_new_tokens"] == 2048
    assert sent_settings("qwen2_5_vl", "", task) == {
        "max_new_tokens": 512,
        "temperature": 0.0,
        "task_max_new_tokens": 512,
    }
    assert sent_settings("openai", "model_version=gpt-5-mini", task)["temperature"] is None
    assert sent_settings("openai", "model=gpt-5,model_version=x", task)["temperature"] is None
    assert sent_settings("openai", "model=Qwen/Qwen3-VL-8B-Instruct", task)["temperature"] == 0.0


@pytest.mark.lmms_eval
def test_eval_refuses_in_one_line_with_exit_2(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "synthdocbench_tasks.cli", "eval", "--model", "vllm",
         "--model_args", "model=m,max_new_tokens=4096", "--tasks", "synthdoc_chart"],
        capture_output=True, text=True, timeout=120, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
        "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )  # fmt: skip
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "max_new_tokens=4096" in proc.stderr
