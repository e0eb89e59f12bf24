"""End to end: the real lmms-eval CLI runs the ``synthdoc`` group with a model whose every
request failed. The group row counts the failures of its three tasks: ``failed`` and
``unscored`` are the sums of the task counts, not their (size-weighted) mean; and
``synthdocbench check`` reads the run's samples logs as every other command does."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.helpers.lmms_eval_run import (
    lmms_eval_cmd,
    offline_env,
    results,
    run,
    samples,
    synthdoc_run_env,
    synthdocbench_eval_cmd,
)

pytestmark = [pytest.mark.browser, pytest.mark.lmms_eval]

TASKS = ("synthdoc_chart", "synthdoc_crossmodal", "synthdoc_complex")
#: lmms-eval's own text for a request that failed (lmms_eval/models/chat/openai.py).
FAILED_REPLY = "[LMMS_EVAL_REQUEST_FAILED after 1 retries] Connection error."


def test_the_group_row_sums_the_failures_of_its_tasks(dataset_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "results"
    cmd = lmms_eval_cmd(
        "--model", "dummy",
        "--model_args", f"response={FAILED_REPLY}",
        "--tasks", "synthdoc",
        "--limit", "2",
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    proc = run(cmd, synthdoc_run_env(dataset_dir, tmp_path), timeout=900)
    data = results(out, proc)
    counts = {}
    for task in TASKS:
        row = data["results"][task]
        lines = samples(out, task)
        assert all(line["failed"]["failure"] == "model_error" for line in lines)
        assert row["failed,none"] == row["unscored,none"] == len(lines) == 2
        counts[task] = len(lines)
    group = data["groups"]["synthdoc"] if "groups" in data else data["results"]["synthdoc"]
    assert group["failed,none"] == group["unscored,none"] == sum(counts.values()) == 6, group
    # no valid answer: acc and score are not a silent 0
    for metric in ("acc,none", "score,none"):
        value = group[metric]
        assert not isinstance(value, int | float) or math.isnan(value), (metric, value)
    # `synthdocbench check` on the same output folder: every answer failed, by reason
    check = run([*synthdocbench_eval_cmd()[:-1], "check", str(out)], offline_env(tmp_path), timeout=300)
    assert check.returncode == 1, check.stdout[-2000:] + check.stderr[-2000:]
    last = [line for line in check.stderr.splitlines() if line.strip()][-1]
    assert (
        last.startswith("synthdocbench: the run is incomplete")
        and "6 of 6 answers failed (6 model_error)" in last
    )
