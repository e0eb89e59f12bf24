"""``synthdocbench judge``: score, or re-score, samples logs (see :mod:`~synthdocbench_tasks.rejudge`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from judge.registry import spec_forms

from .errors import SynthDocUserError
from .judging import FAILURES, RUN_ERRORS
from .rejudge import BatchOptions, RejudgeResult, rejudge
from .settings import load_judge_limits


def failure_counts(failures: dict[str, int]) -> str:
    """``3 model_error, 1 judge_error`` in the shared order of failure reasons."""
    known = [reason for reason in FAILURES if failures.get(reason)]
    other = sorted(reason for reason in failures if reason not in FAILURES and failures[reason])
    return ", ".join(f"{failures[reason]} {reason}" for reason in [*known, *other])


def print_result(result: RejudgeResult) -> None:
    """The per-task table, the files written, the usage line and, on stderr, what was left unscored."""
    typer.echo(f"judge: {result.judge} (prompt {result.prompt_version})")
    width = max(len(f.task) for f in result.files)
    typer.echo(f"{'task':<{width}}  {'answers':>7}  {'judged':>6}  {'acc':>6}  {'score':>6}  judge")
    for f in result.files:
        typer.echo(
            f"{f.task:<{width}}  {f.answers:>7}  {f.valid:>6}  {f.acc:>6.3f}  {f.score:>6.2f}  {result.judge}"
        )
    for f in result.files:
        typer.echo(f"wrote {f.output}")
    typer.echo(result.usage or "")
    if result.batch:
        typer.echo(result.batch)
    if result.kept:
        typer.echo(
            f"synthdocbench: kept {result.kept} earlier valid scores of the judged logs where this run "
            "left the same answers unscored (--force replaces them)",
            err=True,
        )
    unscored = sum(result.failures.values())
    if not unscored:
        return
    counts = failure_counts(result.failures)
    line = f"synthdocbench: {unscored} of {result.answers} answers are unscored ({counts})"
    causes = [
        f"{reason}: {text}" for reason, text in result.causes.items() if text and reason != "model_error"
    ]
    if causes:
        line += "; cause: " + "; ".join(causes[:3])
    if result.kept:
        line += f"; the judged logs keep {result.kept} earlier valid scores for them"
    if result.stopped:
        line += f"; {result.stopped}"
    elif result.failures.get("judge_error"):
        line += (
            f"; the judge failed (last: {result.error}): the judged logs keep every score obtained, "
            "and a rerun of the same command asks the judge only for the missing ones "
            "(the others come from its cache)"
        )
    if result.failures.get("model_error"):
        line += "; model_error answers are failed model requests: rerun the model on those questions"
    typer.echo(line, err=True)


BatchFlag = Annotated[
    bool,
    typer.Option(
        "--batch",
        help="Judge the uncached answers as one OpenAI Batch API job (half price, within 24 h); "
        "a later run first collects any batch an interrupted one left.",
    ),
]

PollInterval = Annotated[
    float, typer.Option("--poll-interval", help="Seconds between looks at a batch job (--batch).")
]

PriceIn = Annotated[
    float | None,
    typer.Option("--batch-price-in", help="Batch price per 1M input tokens, for the estimated cost."),
]

PriceOut = Annotated[
    float | None,
    typer.Option("--batch-price-out", help="Batch price per 1M output tokens, for the estimated cost."),
]

ForceFlag = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Write this run's verdicts even where they are unscored and the judged log "
        "already holds a valid score for the same answer (kept by default).",
    ),
]


def judge_command(
    samples: Annotated[
        list[Path], typer.Argument(help="lmms-eval samples logs (*_samples_<task>.jsonl) of synthdoc tasks.")
    ],
    judge: Annotated[
        str | None,
        typer.Option(
            "--judge", help=f"{spec_forms('MODEL', 'BASE_URL', none=False)} (default: SYNTHDOC_JUDGE)."
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Folder for the judged logs (default: judged-<judge>/ next to each input)."),
    ] = None,
    concurrency: Annotated[int, typer.Option(help="Judge requests in flight at once.")] = 8,
    dataset: Annotated[
        str | None,
        typer.Option(
            help="Dataset of the run, for logs whose records lack the question (default: SYNTHDOC_DATASET)."
        ),
    ] = None,
    timeout: Annotated[
        float | None,
        typer.Option(help="Seconds per judge request (default: SYNTHDOC_JUDGE_TIMEOUT, else 60)."),
    ] = None,
    attempts: Annotated[
        int | None,
        typer.Option(help="Tries per answer on transient errors (default: SYNTHDOC_JUDGE_ATTEMPTS, else 4)."),
    ] = None,
    retry_after_cap: Annotated[
        float | None,
        typer.Option(
            "--retry-after-cap",
            help="Longest Retry-After wait honoured, in seconds "
            "(default: SYNTHDOC_JUDGE_RETRY_AFTER_CAP, else 60).",
        ),
    ] = None,
    max_failures: Annotated[
        int | None,
        typer.Option(
            "--max-failures",
            help="Stop asking the judge after this many failed answers in a row "
            "(default: SYNTHDOC_JUDGE_MAX_FAILURES, else 5).",
        ),
    ] = None,
    batch: BatchFlag = False,
    poll_interval: PollInterval = 30.0,
    batch_price_in: PriceIn = None,
    batch_price_out: PriceOut = None,
    force: ForceFlag = False,
) -> None:
    """Score (or re-score) samples logs in one concurrent batch; write judged copies, print ACC.

    Exits 1 when an answer is left unscored by a failure (model, judge, scoring or malformed facts).
    """
    for flag, value in (
        ("--poll-interval", poll_interval),
        ("--batch-price-in", batch_price_in),
        ("--batch-price-out", batch_price_out),
    ):
        if value is not None and not 0 <= value < float("inf"):
            raise SynthDocUserError(f"{flag} must be a number >= 0, got {value}")
    limits = load_judge_limits(
        timeout=timeout, attempts=attempts, retry_after_cap=retry_after_cap, max_failures=max_failures
    )
    options = BatchOptions(poll_interval, batch_price_in, batch_price_out) if batch else None
    result = rejudge(
        samples,
        judge,
        out_dir=out,
        concurrency=concurrency,
        dataset=dataset,
        limits=limits,
        batch=options,
        force=force,
    )
    print_result(result)
    if any(result.failures.get(reason) for reason in RUN_ERRORS):
        raise typer.Exit(1)
