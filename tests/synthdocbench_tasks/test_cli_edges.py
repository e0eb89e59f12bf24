"""Rough edges of the command line (issue 27.6): ``eval -h`` shows synthdocbench's own options
first, shell completion, and an unknown ``--model`` named with the closest lmms-eval names."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.lmms_eval

CLI = [sys.executable, "-m", "synthdocbench_tasks.cli"]
ROOT = Path(__file__).resolve().parents[2]


def _run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300, env=full)


def test_eval_help_shows_our_options_before_lmms_evals() -> None:
    done = _run(["eval", "-h"])
    assert done.returncode == 0, done.stderr
    ours, theirs = done.stdout.index("Usage: synthdocbench eval"), done.stdout.index("usage: lmms-eval")
    assert ours < theirs
    assert "max_new_tokens=512 is added" in done.stdout[:theirs] and "--tasks" in done.stdout[:theirs]


def test_an_unknown_model_names_the_closest_lmms_eval_models(tmp_path: Path) -> None:
    done = _run(["eval", "--model", "vlm", "--tasks", "synthdoc_chart"], SYNTHDOC_DATASET=str(tmp_path))
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    assert "--model vlm is not an lmms-eval model (did you mean vllm" in line and len(line) < 300


def test_shell_completion_completes_commands_and_prints_a_script() -> None:
    # typer's completion protocol, as the installed bash script drives it
    # typer takes the shell from the parent process (sh under CI), not from the argument; the
    # variable typer itself tests with makes it use the given one
    script = _run(["--show-completion", "bash"], _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1")
    assert script.returncode == 0 and "complete" in script.stdout
    done = subprocess.run(
        [sys.executable, "-c", "import sys; sys.argv[0] = 'synthdocbench'; "
         "from synthdocbench_tasks.cli import main; main()"],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT), "_SYNTHDOCBENCH_COMPLETE": "complete_bash",
             "COMP_WORDS": "synthdocbench ev", "COMP_CWORD": "1"},
    )  # fmt: skip
    assert done.stdout.split() == ["eval"]


@pytest.mark.parametrize(
    "command", [["budget", "acme/none"], ["eval", "--model", "dummy", "--tasks", "synthdoc"]]
)
def test_a_hub_id_with_the_hub_offline_is_one_line_exit_2(command: list[str], tmp_path: Path) -> None:
    env = {"HF_HUB_OFFLINE": "1", "HF_HOME": str(tmp_path / "hf"), "SYNTHDOC_DATASET": "acme/none",
           "SYNTHDOC_JUDGE": "offline", "SYNTHDOC_CACHE_DIR": str(tmp_path / "cache")}  # fmt: skip
    done = _run(command, **env)
    assert done.returncode == 2, done.stderr[-2000:]
    (line,) = done.stderr.strip().splitlines()
    assert "HF_HUB_OFFLINE is set and the Hub dataset is not in the local cache" in line


def test_a_cached_hub_dataset_passes_the_offline_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from huggingface_hub import constants

    from synthdocbench_tasks.dataset import check_hub_dataset
    from synthdocbench_tasks.errors import SynthDocUserError

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path / "hub"))
    monkeypatch.setenv("HF_DATASETS_CACHE", str(tmp_path / "datasets"))
    with pytest.raises(SynthDocUserError, match="not in the local cache"):
        check_hub_dataset("acme/set", "SYNTHDOC_DATASET", "advice")
    (tmp_path / "hub" / "datasets--acme--set").mkdir(parents=True)
    check_hub_dataset("acme/set", "SYNTHDOC_DATASET", "advice")
