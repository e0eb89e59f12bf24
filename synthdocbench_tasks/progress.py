"""One progress bar for long commands: rich, on stderr, gone when the work is done."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress_bar(what: str, total: int) -> Iterator[Callable[[], None]]:
    """Yield a thread-safe ``advance()`` for ``total`` steps; nothing is drawn for no work or
    when stderr is not a terminal (logs stay clean)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    if total <= 0 or not console.is_terminal:
        yield lambda: None
        return
    columns = (TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(what, total=total)
        yield lambda: progress.advance(task)
