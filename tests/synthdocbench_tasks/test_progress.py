"""The progress bar of long commands: drawn on a terminal, silent in logs."""

from __future__ import annotations

import os
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


PRINTS_DURING_THE_BAR = (
    "from synthdocbench_tasks.progress import progress_bar\n"
    "with progress_bar('reading', 2) as advance:\n"
    "    print('row 1', flush=True); advance()\n"
    "    print('row 2', flush=True); advance()\n"
)


def test_what_is_printed_during_the_bar_stays_on_a_piped_stdout() -> None:
    """The bar draws on the terminal (stderr); output printed meanwhile belongs to stdout, not
    to the terminal the bar draws on (rich would otherwise route it there)."""
    done = run_with_terminal_stderr([sys.executable, "-c", PRINTS_DURING_THE_BAR], timeout=120)
    assert done.returncode == 0
    assert done.stdout == "row 1\nrow 2\n"
    assert "reading" in done.shown and "row 1" not in done.shown


def test_a_log_does_not_even_load_rich_but_forcing_colour_still_draws() -> None:
    """Without a terminal, rich is not imported (a report's start-up); FORCE_COLOR and
    TTY_COMPATIBLE=1, which make rich draw anyway, still do."""
    probe = CODE + "import sys; print('rich' in sys.modules)\n"
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=120)
    assert done.stdout.split() == ["done", "False"] and done.stderr == ""
    for forced in ({"FORCE_COLOR": "1"}, {"TTY_COMPATIBLE": "1"}):
        done = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, env={**env, **forced}, timeout=120
        )
        assert done.stdout.split() == ["done", "True"] and "judging" in done.stderr, forced
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env={**env, "FORCE_COLOR": ""},
        timeout=120,
    )
    assert done.stdout.split() == ["done", "False"] and done.stderr == ""
