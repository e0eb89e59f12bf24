"""What every way of running the generator shares: setting a run up and keeping its books.

A local run (:func:`generation.run.pipeline.generate`, one process or a pool) and a Ray run
(:func:`generation.run.ray_run.generate_on_ray`) differ only in where documents are generated.
Both start with :func:`open_run` (check the shard, load D3, write or check ``config.json``,
skip the documents whose folder has ``DONE``), report each document to
:meth:`RunBook.record`, advance :meth:`RunBook.progress`, and end with
:meth:`RunBook.finish`, so the two agree on the files written, on resume and on the one line
a failed document gets.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generation.charts.d3 import load_d3
from generation.document.content import allowed_chart_types
from generation.plan.config import GenerationConfig
from generation.plan.rng import doc_id_for
from generation.run.atomic import write_json_atomic
from generation.run.layout import is_done
from synthdocbench_tasks.errors import first_line

if TYPE_CHECKING:
    from rich.console import Console

#: The setting that changes how fast a run goes but never a byte of its output.
SPEED_ONLY_SETTINGS = frozenset({"workers"})


class PipelineError(ValueError):
    """Bad arguments or an output folder that cannot be used; one line for the user."""


@dataclass
class DocFailure:
    doc_id: str
    error: str


@dataclass
class GenerateSummary:
    """What one ``generate`` call did (documents of its shard only)."""

    out_dir: Path
    in_shard: int
    generated: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    failed: list[DocFailure] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.failed

    @property
    def docs_per_second(self) -> float:
        return len(self.generated) / self.seconds if self.seconds > 0 else 0.0

    def __str__(self) -> str:
        line = (
            f"{self.out_dir}: {len(self.generated)} generated, {len(self.skipped)} already done, "
            f"{len(self.failed)} failed of {self.in_shard} in this shard "
            f"({self.seconds:.1f} s, {self.docs_per_second:.2f} docs/s)"
        )
        return "\n".join([line, *(f"  failed: {f.error}" for f in self.failed)])


def document_error(doc_id: str, exc: BaseException) -> str:
    """The one line a failed document gets: its doc_id, then what went wrong."""
    text = first_line(exc)
    if not text.startswith(doc_id):
        text = f"{doc_id}: {type(exc).__name__}: {text}"
    return text


def output_settings(config_json: dict[str, Any]) -> dict[str, Any]:
    """A config's JSON without the settings that never change the output (``workers``)."""
    return {k: v for k, v in config_json.items() if k not in SPEED_ONLY_SETTINGS}


def check_shard(shard: tuple[int, int] | None) -> tuple[int, int]:
    """``(K, N)`` of a shard (``(0, 1)`` for all documents), or :class:`PipelineError`."""
    if shard is None:
        return 0, 1
    k, n = shard
    if n < 1 or not 0 <= k < n:
        raise PipelineError(f"bad shard {k}/{n}: use K/N with N >= 1 and 0 <= K < N (e.g. --shard 0/4)")
    return k, n


def check_chart_types(config: GenerationConfig) -> None:
    """The config's ``chart_types`` are known and drawable, checked before the first document."""
    try:
        allowed_chart_types(config.chart_types, config.renderer)
    except ValueError as exc:
        raise PipelineError(str(exc)) from None


def write_config(config: GenerationConfig, out_dir: Path) -> None:
    """Write ``out_dir/config.json``; when one is there, it must hold the same output settings."""
    path = out_dir / "config.json"
    data = config.model_dump(mode="json")
    if path.is_file():
        try:
            existing = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            existing = None
        if not (isinstance(existing, dict) and output_settings(existing) == output_settings(data)):
            raise PipelineError(
                f"{path} holds a different config; resume with the same settings or choose a new --out folder"
            )
        return
    write_json_atomic(path, data)


# rich is imported inside the functions that draw or print (a third of a second of CPU and
# wall time under load): a run without a progress bar (``--no-progress``, or nothing to do) and
# without a failed document never needs it, and ``synthdocbench generate`` paid it every time.


def stderr_console() -> Console:
    """A rich console on stderr (rich imported now: see above)."""
    from rich.console import Console

    return Console(stderr=True)


@contextmanager
def generation_progress(enabled: bool, total: int, console: Console | None) -> Iterator[Callable[[], None]]:
    """Yield ``advance()`` for ``total`` documents: a bar with docs/s and ETA, or nothing."""
    if not enabled:
        yield lambda: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class _RateColumn(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text(f"{speed:.2f} docs/s" if speed else "-- docs/s", style="progress.data.speed")

    columns = (
        TextColumn("[bold]generating"),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as progress:
        task = progress.add_task("docs", total=total)
        yield lambda: progress.advance(task)


@dataclass
class RunBook:
    """One run in progress: what it must still generate and what it has done so far."""

    config: GenerationConfig
    out_dir: Path
    d3_js: str
    todo: list[int]
    summary: GenerateSummary
    show_progress: bool
    #: made on first use (a failure or a progress bar), with :func:`stderr_console`
    console: Console | None = None
    start: float = field(default_factory=time.perf_counter)

    def doc_id(self, index: int) -> str:
        """The doc_id of document ``index`` of this run."""
        return doc_id_for(self.config.seed, index)

    def record(self, index: int, error: str | None) -> None:
        """Book document ``index`` as generated (``error`` None) or failed (printed in red)."""
        doc_id = self.doc_id(index)
        if error is None:
            self.summary.generated.append(doc_id)
        else:
            self.summary.failed.append(DocFailure(doc_id=doc_id, error=error))
            from rich.text import Text  # rich on first use (see stderr_console)

            self._console().print(Text(f"failed: {error}", style="red"))

    def _console(self) -> Console:
        if self.console is None:
            self.console = stderr_console()
        return self.console

    def progress(self) -> AbstractContextManager[Callable[[], None]]:
        """The progress bar of the documents still to do (nothing when ``progress`` is off)."""
        enabled = self.show_progress and bool(self.todo)
        console = self._console() if enabled else None
        return generation_progress(enabled, len(self.todo), console)

    def finish(self) -> GenerateSummary:
        """The summary, sorted by doc_id, with the seconds since the run was opened."""
        self.summary.generated.sort()
        self.summary.failed.sort(key=lambda f: f.doc_id)
        self.summary.seconds = time.perf_counter() - self.start
        return self.summary


def open_run(
    config: GenerationConfig,
    out_dir: Path,
    *,
    shard: tuple[int, int] | None,
    d3_path: Path | None,
    progress: bool,
) -> RunBook:
    """Check the shard, load D3, write (or check) ``config.json`` and find the documents to do.

    A document of the shard whose folder holds ``DONE`` is skipped; every other one is to be
    generated from scratch. Raises :class:`PipelineError` (bad shard, unknown chart types,
    another config in ``out_dir``) or :class:`~generation.charts.d3.D3NotFoundError` before
    anything is written.
    """
    k, n = check_shard(shard)
    check_chart_types(config)
    d3_js = load_d3(d3_path)
    out_dir.mkdir(parents=True, exist_ok=True)
    write_config(config, out_dir)
    indices = [i for i in range(config.n_docs) if i % n == k]
    summary = GenerateSummary(out_dir=out_dir, in_shard=len(indices))
    todo = []
    for i in indices:
        doc_id = doc_id_for(config.seed, i)
        if is_done(out_dir, doc_id):
            summary.skipped.append(doc_id)
        else:
            todo.append(i)
    return RunBook(
        config=config, out_dir=out_dir, d3_js=d3_js, todo=todo, summary=summary, show_progress=progress
    )
