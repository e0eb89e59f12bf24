"""The progress bar of long commands: drawn on a terminal, silent in logs."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

CODE = (
    "from synthdocbench_tasks.progress import progress_bar\n"
    "import time\n"
    "with progress_bar('judging', 3) as advance:\n"
    "    for _ in range(3):\n"
    "        advance(); time.sleep(0.05)\n"
    "print('done')\n"
)


def test_a_terminal_sees_the_bar() -> None:
    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "100"}
    proc = subprocess.Popen([sys.executable, "-c", CODE], stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    out, _ = proc.communicate(timeout=120)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    assert proc.returncode == 0 and out.strip() == b"done"
    assert b"judging" in shown and b"3/3" in shown


def test_a_log_gets_no_bar() -> None:
    done = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "done" and done.stderr == ""
