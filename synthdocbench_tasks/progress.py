"""One progress bar for long commands: rich, on stderr, gone when the work is done."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress_bar(what: str, total: int) -> Iterator[Callable[[], None]]:
    """Yield a thread-safe ``advance()`` for ``total`` steps; nothing is drawn for no work or
    when stderr is not a terminal (logs stay clean). What is printed to stdout meanwhile stays
    on stdout when that is a file or a pipe (rich would send it to the bar's terminal)."""
    if total <= 0 or not _may_be_terminal():  # rich would not draw: not imported (50 ms)
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    if total <= 0 or not console.is_terminal:
        yield lambda: None
        return
    columns = (TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    isatty = getattr(sys.stdout, "isatty", None)
    stdout_on_terminal = bool(isatty and isatty())
    with Progress(*columns, console=console, transient=True, redirect_stdout=stdout_on_terminal) as progress:
        task = progress.add_task(what, total=total)
        yield lambda: progress.advance(task)


def _may_be_terminal() -> bool:
    """False where rich's ``Console(stderr=True).is_terminal`` is False for sure: stderr is not
    a terminal and neither ``TTY_COMPATIBLE=1`` nor a non-empty ``FORCE_COLOR`` says to draw."""
    if os.environ.get("TTY_COMPATIBLE") == "1" or os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(sys.stderr, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # closed
        return False
