"""Config values the generator cannot honour are one line, exit 2, before the first document:
an unknown chart type, and a page range beyond what the renderer lays out."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from generation.plan.config import MAX_PAGES

pytestmark = pytest.mark.browser  # `synthdocbench generate` in a subprocess


@pytest.mark.parametrize(
    ("yaml", "message"),
    [
        ("chart_types: [bar, sankey_of_doom]\n", "unknown chart types ['sankey_of_doom'] in chart_types"),
        ("min_pages: 99999\nmax_pages: 99999\n", "min_pages"),
        ("max_pages: 401\n", "max_pages"),
        ("pages_mode: 5000\n", "pages_mode"),
        ("target_pages: 99999\n", "target_pages"),
    ],
)
def test_a_config_value_the_generator_cannot_honour_stops_before_any_document(
    tmp_path: Path, yaml: str, message: str
) -> None:
    config = tmp_path / "bad.yaml"
    config.write_text("n_docs: 2\n" + yaml, encoding="utf-8")
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "synthdocbench_tasks.cli", "generate", "--config", str(config),
         "--out", str(tmp_path / "out"), "--workers", "1"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 2 and len(lines) == 1 and message in lines[0], proc.stderr
    assert not (tmp_path / "out" / "docs").exists()
    assert time.perf_counter() - start < 120  # refused, not generated until killed
    assert MAX_PAGES == 400
