"""``-h`` and ``--version`` on the ``synthdocbench`` command, as users of CLIs expect."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import pytest

pytestmark = pytest.mark.slow

CLI = [sys.executable, "-m", "synthdocbench_tasks.cli"]


def test_version_prints_the_installed_version() -> None:
    done = subprocess.run([*CLI, "--version"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert done.stdout.strip() == f"synthdocbench {version('synthdocbench')}"


@pytest.mark.parametrize("command", [[], ["generate"], ["judge"], ["budget"], ["push"], ["report"]])
def test_short_help_works_on_every_command(command: list[str]) -> None:
    done = subprocess.run([*CLI, *command, "-h"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Usage:" in done.stdout and "--help" in done.stdout
