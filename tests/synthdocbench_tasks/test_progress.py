"""The progress bar of long commands: drawn on a terminal, silent in logs."""

from __future__ import annotations

import subprocess
import sys

from tests.helpers.terminal import run_with_terminal_stderr

CODE = (
    "from synthdocbench_tasks.progress import progress_bar\n"
    "import time\n"
    "with progress_bar('judging', 3) as advance:\n"
    "    for _ in range(3):\n"
    "        advance(); time.sleep(0.05)\n"
    "print('done')\n"
)


def test_a_terminal_sees_the_bar() -> None:
    done = run_with_terminal_stderr([sys.executable, "-c", CODE], timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "done"
    assert "judging" in done.shown and "3/3" in done.shown


def test_a_log_gets_no_bar() -> None:
    done = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "done" and done.stderr == ""
