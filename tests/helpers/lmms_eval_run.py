"""Running the real lmms-eval CLI in a subprocess and reading the files it writes.

lmms-eval exits 0 even when a task is missing or evaluation raises, so tests assert on the
files it writes (``<date>_results.json`` and ``<date>_samples_<task>.jsonl`` somewhere under
``--output_path``), and the failure message carries the end of its output.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from synthdocbench_tasks.cli import tasks_dir


def offline_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """This process's environment with the Hub offline and a private ``HF_HOME``, plus ``extra``."""
    return {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "HF_HOME": str(tmp_path / "hf"),
        "TOKENIZERS_PARALLELISM": "false",
        **extra,
    }


def synthdoc_run_env(dataset_dir: Path, tmp_path: Path, judge: str = "offline") -> dict[str, str]:
    """:func:`offline_env` for the synthdoc tasks: the dataset, the judge and a private cache."""
    return offline_env(
        tmp_path,
        SYNTHDOC_DATASET=str(dataset_dir),
        SYNTHDOC_JUDGE=judge,
        SYNTHDOC_CACHE_DIR=str(tmp_path / "cache"),
    )


def lmms_eval_cmd(*args: str) -> list[str]:
    """The ``lmms-eval`` command with the project's tasks on its include path."""
    return [shutil.which("lmms-eval") or "lmms-eval", *args, "--include_path", str(tasks_dir())]


def synthdocbench_eval_cmd(*args: str) -> list[str]:
    """The ``synthdocbench eval`` wrapper, which adds the include path itself."""
    return [sys.executable, "-m", "synthdocbench_tasks.cli", "eval", *args]


def run(cmd: list[str], env: dict[str, str], timeout: float = 900) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)


def _tail(proc: subprocess.CompletedProcess[str] | None) -> str:
    if proc is None:
        return ""
    return f" (exit {proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"


def results(out: Path, proc: subprocess.CompletedProcess[str] | None = None) -> dict[str, Any]:
    """The newest results file under ``out``; the test fails with lmms-eval's output if none."""
    found = sorted(out.rglob("*_results.json"))
    assert found, f"lmms-eval wrote no results{_tail(proc)}"
    data: dict[str, Any] = json.loads(found[-1].read_text())
    return data


def samples_log(out: Path, task: str, proc: subprocess.CompletedProcess[str] | None = None) -> Path:
    """The one samples log of ``task`` under ``out``."""
    found = sorted(out.rglob(f"*_samples_{task}.jsonl"))
    assert len(found) == 1, f"expected one samples log for {task}, found {found}{_tail(proc)}"
    return found[0]


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def samples(out: Path, task: str) -> list[dict[str, Any]]:
    """The lines of the one samples log of ``task`` under ``out``."""
    return read_jsonl(samples_log(out, task))


def dataset_rows(dataset_dir: Path, config: str) -> list[dict[str, Any]]:
    """The question rows of one config of an exported dataset."""
    import datasets

    return [dict(r) for r in datasets.load_dataset(str(dataset_dir), config, split="test")]
