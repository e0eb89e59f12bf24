"""Cache integrity through the real `synthdocbench eval` CLI (issue 10, point 2).

A run fills the strip cache; a damaged cached strip is rebuilt with a warning and the run
still exits 0 with every answer; a read-only cache folder stops the run with one line.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from synthdocbench_tasks.doc_cache import check_bytes, unseal
from tests.helpers.lmms_eval_run import read_jsonl, run, samples_log, synthdoc_run_env, synthdocbench_eval_cmd

pytestmark = [pytest.mark.browser, pytest.mark.lmms_eval]

TASK = "synthdoc_chart"


def _cmd(out: Path) -> list[str]:
    # the CPU baseline asks for the strips (lmms-eval's dummy model never does); OCR at a
    # tenth of the size keeps it quick, and its own cache stays in memory
    return synthdocbench_eval_cmd(
        "--model", "synthdoc_ocr_retrieval", "--model_args", "ocr_scale=0.1,cache_dir=none,ocr_workers=1",
        "--tasks", TASK, "--limit", "2", "--batch_size", "1", "--output_path", str(out), "--log_samples",
    )  # fmt: skip


def _entry_is_whole(entry: Path) -> bool:
    layout = json.loads(unseal((entry / "layout.json").read_bytes()))
    for i, strip in enumerate(layout["strips"]):
        check_bytes((entry / f"strip-{i:03d}.jpg").read_bytes(), strip["bytes"], strip["sha256"])
    return True


def test_a_damaged_cached_strip_is_rebuilt_with_a_warning(dataset_dir: Path, tmp_path: Path) -> None:
    env = synthdoc_run_env(dataset_dir, tmp_path)
    first = run(_cmd(tmp_path / "first"), env)
    assert first.returncode == 0, first.stdout[-3000:] + first.stderr[-3000:]
    jpegs = sorted((tmp_path / "cache").glob("strips/*/*/strip-*.jpg"))
    assert jpegs
    damaged = jpegs[0]
    damaged.write_bytes(damaged.read_bytes()[: damaged.stat().st_size // 2])  # truncated
    second = run(_cmd(tmp_path / "second"), env)
    assert second.returncode == 0, second.stdout[-3000:] + second.stderr[-3000:]
    warnings = [line for line in second.stderr.splitlines() if "cache entry" in line and "damaged" in line]
    assert len(warnings) == 1 and damaged.parent.name in warnings[0]
    assert _entry_is_whole(damaged.parent)
    assert len(read_jsonl(samples_log(tmp_path / "second", TASK, second))) == 2


def test_a_read_only_cache_folder_stops_the_run_with_one_line(dataset_dir: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    env = synthdoc_run_env(dataset_dir, tmp_path)
    cmd = _cmd(tmp_path / "out")
    if os.geteuid() != 0:
        cache.chmod(0o555)
    else:
        if shutil.which("unshare") is None:
            pytest.skip("running as root without unshare: cannot make a folder read-only")
        probe = subprocess.run(
            ["unshare", "-m", "sh", "-c", f"mount --bind -o ro {cache} {cache}"],
            capture_output=True,
            check=False,
        )
        if probe.returncode != 0:
            pytest.skip(f"cannot bind-mount read-only as root: {probe.stderr.decode().strip()}")
        cmd = ["unshare", "-m", "sh", "-c", f'mount --bind -o ro {cache} {cache} && exec "$@"', "sh", *cmd]
    proc = run(cmd, env)
    cache.chmod(0o755)
    assert proc.returncode != 0
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert lines, proc.stdout[-2000:]
    assert (
        "cache folder" in lines[-1] and "cannot be written" in lines[-1] and "SYNTHDOC_CACHE_DIR" in lines[-1]
    )
    assert str(cache) in lines[-1] and not list(cache.iterdir())
