"""bench/strips.py runs to its end as a user runs it: its cold, from-disk and warm timings reach
the hook's real caches (it had called a cache method the hook no longer has, and crashed)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.browser  # it generates a document


def test_the_strips_bench_prints_every_figure_against_its_floor() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "strips.py"), "--pages", "4", "--repeat", "1"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT / "docs",
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    for label in ("first question (build+write)", "from disk, pixels read", "warm, pixels read"):
        line = next((row for row in done.stdout.splitlines() if label in row), None)
        assert line is not None, f"no {label!r} line in:\n{done.stdout}"
        assert re.search(r"/ floor median \d+\.\d\dx \[", line), line
