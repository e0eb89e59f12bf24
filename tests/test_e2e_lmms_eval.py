"""End to end: generated documents -> exported dataset -> the real lmms-eval CLI -> judge.

lmms-eval exits 0 even when a task is missing or evaluation raises, so these tests assert
on the files it writes, not on its exit code.
"""

from __future__ import annotations

import os
from pathlib import Path

import datasets
import pytest

from tests.helpers.lmms_eval_run import (
    lmms_eval_cmd,
    results,
    run,
    samples,
    synthdoc_run_env,
    synthdocbench_eval_cmd,
)
from tests.helpers.tiny_vlm import build_tiny_qwen2_5_vl, lmms_eval_model_args

TASKS = {"synthdoc_chart": "chart", "synthdoc_crossmodal": "cross_modal", "synthdoc_complex": "complex"}

pytestmark = [pytest.mark.browser, pytest.mark.lmms_eval]


def _n_questions(dataset_dir: Path, config: str) -> int:
    return datasets.load_dataset(str(dataset_dir), config, split="test").num_rows


def test_lmms_eval_cli_with_a_local_vlm_scores_every_question(dataset_dir: Path, tmp_path: Path) -> None:
    model = build_tiny_qwen2_5_vl(tmp_path / "tiny-qwen2.5-vl")
    out = tmp_path / "results"
    cmd = lmms_eval_cmd(
        "--model", "qwen2_5_vl",
        "--model_args", lmms_eval_model_args(model),
        "--tasks", ",".join(TASKS),
        "--batch_size", "1",
        "--gen_kwargs", "max_new_tokens=48",
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    proc = run(cmd, synthdoc_run_env(dataset_dir, tmp_path), timeout=1500)
    by_task = results(out, proc)["results"]
    for task, config in TASKS.items():
        assert task in by_task, f"{task} missing from results: {list(by_task)}"
        acc, score = by_task[task]["acc,none"], by_task[task]["score,none"]
        assert 0.0 <= acc <= 1.0 and 0.0 <= score <= 10.0
        lines = samples(out, task)
        assert len(lines) == _n_questions(dataset_dir, config)
        for line in lines:
            record = line["score"]
            assert record["judge"].startswith("offline") and isinstance(record["score"], int)
            assert 0 <= record["score"] <= 10
            assert record["subset"] == config and record["difficulty"] in {"L1", "L2", "L3", "L4", "L5"}
            assert line["acc"] == record
        # the results agree with the per-question scores in the log
        scores = [line["score"]["score"] for line in lines]
        assert acc == pytest.approx(sum(s >= 6 for s in scores) / len(scores))
        assert score == pytest.approx(sum(scores) / len(scores))


def test_synthdocbench_eval_runs_the_group_without_include_path(dataset_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "results"
    cmd = synthdocbench_eval_cmd(
        "--model", "dummy",
        "--model_args", "response=Not found in the document.",
        "--tasks", "synthdoc",
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    data = results(out, run(cmd, synthdoc_run_env(dataset_dir, tmp_path)))
    for task in TASKS:
        assert data["results"][task]["acc,none"] == 0.0
        assert data["results"][task]["score,none"] == 0.0
    group = data["groups"]["synthdoc"] if "groups" in data else data["results"]["synthdoc"]
    assert group["acc,none"] == 0.0 and group["score,none"] == 0.0


def test_eval_without_dataset_stops_with_one_line_before_loading_a_model(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "SYNTHDOC_DATASET"}
    env["SYNTHDOC_JUDGE"] = "offline"
    proc = run(synthdocbench_eval_cmd("--model", "dummy", "--tasks", "synthdoc"), env, timeout=300)
    assert proc.returncode != 0
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert lines[-1].startswith("synthdocbench: SYNTHDOC_DATASET is not set")
