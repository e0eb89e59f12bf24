"""The generation-side commands through the real console entry point."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "synthdocbench_tasks.cli", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


@pytest.mark.browser
def test_validate_passes_on_a_fresh_corpus_and_names_a_missing_folder(
    generated_dir: Path, tmp_path: Path
) -> None:
    ok = _cli("validate", str(generated_dir))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "0 fail" in ok.stdout
    missing = _cli("validate", str(tmp_path / "nothing"))
    assert missing.returncode == 2
    assert missing.stderr.strip().splitlines()[-1].startswith("synthdocbench: ")
    assert "synthdocbench generate" in missing.stderr


@pytest.mark.browser
def test_stats_prints_table_1_and_question_counts_and_writes_plots(
    generated_dir: Path, tmp_path: Path
) -> None:
    result = _cli("stats", str(generated_dir), "--plots", str(tmp_path / "plots"))
    assert result.returncode == 0, result.stderr
    for text in ("Pages", "Archetypes", "Chart types", "value_reading", "position"):
        assert text in result.stdout
    pngs = sorted(p.name for p in (tmp_path / "plots").glob("*.png"))
    assert pngs and all((tmp_path / "plots" / n).read_bytes().startswith(b"\x89PNG") for n in pngs)


@pytest.mark.browser
def test_generate_rejects_a_bad_config_value_in_one_line(tmp_path: Path) -> None:
    config = tmp_path / "bad.yaml"
    config.write_text("n_docs: 2\nmin_pages: 30\nmax_pages: 25\n", encoding="utf-8")
    result = _cli("generate", "--config", str(config), "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "min_pages" in lines[0]
    assert not (tmp_path / "out" / "docs").exists()


@pytest.mark.browser
@pytest.mark.parametrize(
    ("shard", "message"),
    [
        ("4/4", "bad shard 4/4"),
        ("-1/2", "bad shard -1/2"),
        ("1/0", "bad shard 1/0"),
        ("x/2", "K/N"),
        ("1/2/3", "K/N"),
    ],
)
def test_a_bad_shard_is_one_line_for_generate_and_verify(tmp_path: Path, shard: str, message: str) -> None:
    """The range of --shard is checked once, where shards are used (run_setup.check_shard)."""
    out = tmp_path / "out"
    for args in (["generate", "--n-docs", "2", "--out", str(out)], ["verify", str(out)]):
        result = _cli(*args, "--shard", shard)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and message in lines[0], lines
        assert not out.exists()


@pytest.mark.lmms_eval
def test_eval_checks_the_mmdocbench_location_before_loading_a_model(tmp_path: Path) -> None:
    import os

    env = {**os.environ, "MMDOCBENCH_DATASET": str(tmp_path / "missing.tsv")}
    cmd = [
        sys.executable,
        "-m",
        "synthdocbench_tasks.cli",
        "eval",
        "--model",
        "dummy",
        "--tasks",
        "mmdocbench",
    ]
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1].startswith("synthdocbench: MMDOCBENCH_DATASET=")
    assert "lmms_eval" not in result.stdout  # stopped before lmms-eval started
