"""The typer command for ``synthdocbench report``; the CLI registers it with
``app.command("report")(report_command)``.

One command for both benchmarks: SynthDocBench samples logs become the full report
(:func:`~synthdocbench_tasks.report.build.build_report`), MMDocBench samples logs the
Table 2 view (:func:`~synthdocbench_tasks.mmdocbench.report.write_report`); inputs may
hold either or both."""

from __future__ import annotations

import atexit
import functools
import gc
from pathlib import Path
from typing import Annotated

import typer

from ..errors import SynthDocUserError
from .stats import DEFAULT_RESAMPLES, DEFAULT_SEED


def parse_judge_pairs(values: list[str] | None) -> list[tuple[str, str]] | None:
    """``["REF,ALT", ...]`` -> ``[("REF", "ALT"), ...]``; a clear error otherwise."""
    if not values:
        return None
    pairs = []
    for value in values:
        ref, sep, alt = value.partition(",")
        if not sep or not ref.strip() or not alt.strip() or ref.strip() == alt.strip():
            raise SynthDocUserError(
                f"--judges must look like REF_JUDGE,ALT_JUDGE (two judge names), got {value!r}"
            )
        pairs.append((ref.strip(), alt.strip()))
    return pairs


@functools.cache
def _freeze_at_exit() -> None:
    """Have the objects alive when the interpreter exits left out of its last collection
    (:func:`gc.freeze`, from an :mod:`atexit` hook, which runs before that collection)."""
    atexit.register(gc.freeze)


def report_command(
    results: Annotated[
        list[Path],
        typer.Argument(help="lmms-eval samples logs, *_results.json files or folders holding them."),
    ],
    out: Annotated[
        Path,
        typer.Option(help="Folder for report.md, report.html, figures/, tables/ (and mmdocbench.md)."),
    ],
    dataset: Annotated[
        str | None,
        typer.Option(
            help="Dataset folder or Hub id for archetype/domain tables (default: SYNTHDOC_DATASET)."
        ),
    ] = None,
    judges: Annotated[
        list[str] | None,
        typer.Option(
            help="REF,ALT judge names to compare (repeatable; default: every model scored by 2+ judges)."
        ),
    ] = None,
    resamples: Annotated[int, typer.Option(help="Bootstrap resamples.")] = DEFAULT_RESAMPLES,
    seed: Annotated[int, typer.Option(help="Bootstrap seed.")] = DEFAULT_SEED,
    verdicts: Annotated[
        list[Path] | None,
        typer.Option(help="Verdict files of `synthdocbench review` (repeatable: one per reviewer)."),
    ] = None,
) -> None:
    """Turn lmms-eval sample logs into the paper's tables and figures (Markdown + HTML);
    MMDocBench logs into its Table 2 view (mmdocbench.md)."""
    from .build import build_report
    from .load import discover_logs

    logs = discover_logs(results)
    if logs["mmdocbench"]:
        from ..mmdocbench.report import write_report

        written, text = write_report(logs["mmdocbench"], out)
        typer.echo(text)
        typer.echo(f"mmdocbench: {len(logs['mmdocbench'])} samples log(s) -> {written}")
        if not logs["synthdoc"]:
            return
    from ..samples_log import collection_paused

    # A report makes millions of objects and few cycles, then exits: the interpreter's last
    # collection would walk them all (0.15 s of CPU at 20,000 answers); frozen, it skips them.
    _freeze_at_exit()
    with collection_paused():
        summary = build_report(
            logs["synthdoc"],
            out,
            dataset=dataset,
            judges_compare=parse_judge_pairs(judges),
            resamples=resamples,
            seed=seed,
            verdicts=verdicts or (),
        )
    typer.echo(str(summary))
