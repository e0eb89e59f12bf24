"""Run a command with its stderr on a pseudo-terminal (where progress bars draw) and its stdout
on a pipe, and return what each side got."""

from __future__ import annotations

import os
import pty
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class TerminalRun:
    returncode: int
    stdout: str
    #: everything the terminal was sent on stderr, escape sequences included
    shown: str


def run_with_terminal_stderr(
    argv: Sequence[str], env: Mapping[str, str] | None = None, cwd: Path | None = None, timeout: float = 300
) -> TerminalRun:
    master, slave = pty.openpty()
    env = {**(os.environ if env is None else env), "TERM": "xterm", "COLUMNS": "100"}
    proc = subprocess.Popen(list(argv), stdout=subprocess.PIPE, stderr=slave, env=env, cwd=cwd)
    os.close(slave)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        os.close(master)
        raise
    shown = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other side is closed: all is read
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    return TerminalRun(proc.returncode, out.decode("utf-8"), shown.decode("utf-8", "replace"))
