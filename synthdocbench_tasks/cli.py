"""The ``synthdocbench`` command.

Generation and export import the ``generation`` package inside their commands only, so an
evaluation-only install (no browser, no Node) can still run ``tasks-path`` and ``eval``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from .cli_lazy import Lazy, LazyGroup
from .errors import SynthDocUserError, first_line
from .paths import tasks_dir


class _Commands(LazyGroup):
    """The commands whose modules load when they run (:mod:`.cli_lazy`), in the listed order."""

    lazy = (
        Lazy(
            "eval",
            "synthdocbench_tasks.eval_command",
            "eval_command",
            {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []},
        ),
        Lazy("check", "synthdocbench_tasks.eval_command", "check_command"),
        Lazy("report", "synthdocbench_tasks.report.command", "report_command"),
        Lazy("judge", "synthdocbench_tasks.judge_command", "judge_command"),
        Lazy("budget", "synthdocbench_tasks.budget_command", "budget_command"),
        Lazy("view", "synthdocbench_tasks.viewer.command", "view_command"),
        Lazy("review", "synthdocbench_tasks.viewer.command", "review_command"),
    )
    order = (
        *("tasks-path", "eval", "check", "generate", "verify", "stats", "validate", "export", "push"),
        *("report", "judge", "budget", "view", "review"),
    )


app = typer.Typer(
    cls=_Commands,
    help="SynthDocBench: generate the benchmark, export and publish it, evaluate VLMs on it.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"synthdocbench {version('synthdocbench')}")
        except PackageNotFoundError:
            typer.echo("synthdocbench (not installed: run pip install -e .)")
        raise typer.Exit()


@app.callback()
def _main(
    show_version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """SynthDocBench: generate the benchmark, export and publish it, evaluate VLMs on it."""


def _fail(message: str) -> None:
    typer.echo(f"synthdocbench: {message}", err=True)
    raise typer.Exit(2)


def _parse_shard(value: str | None) -> tuple[int, int] | None:
    """``K/N`` as ``(K, N)``; its range is checked where shards are used
    (``generation.run.setup.check_shard``, a ``PipelineError``)."""
    if value is None:
        return None
    try:
        k, n = (int(x) for x in value.split("/"))
    except ValueError:
        _fail(f"--shard must look like K/N (e.g. 0/4), got {value!r}")
        raise
    return k, n


@app.command("tasks-path")
def tasks_path() -> None:
    """Print the task folder, for `lmms-eval --include_path "$(synthdocbench tasks-path)"`."""
    typer.echo(str(tasks_dir()))


@app.command()
def generate(
    out: Annotated[
        Path, typer.Option(help="Output folder (resumes if it already holds finished documents).")
    ],
    n_docs: Annotated[int | None, typer.Option(help="Number of documents.")] = None,
    seed: Annotated[
        int | None, typer.Option(help="Root seed; same seed and config give identical output.")
    ] = None,
    config: Annotated[Path | None, typer.Option(help="YAML config (see configs/).")] = None,
    shard: Annotated[str | None, typer.Option(help="Only documents with index % N == K, as K/N.")] = None,
    workers: Annotated[int | None, typer.Option(help="Parallel worker processes, one browser each.")] = None,
    d3: Annotated[
        Path | None, typer.Option(help="Path to d3.min.js (default: node_modules of the project).")
    ] = None,
    progress: Annotated[bool, typer.Option(help="Show a progress bar.")] = True,
    ray: Annotated[
        str | None,
        typer.Option(
            metavar="[ADDRESS]",
            help="Run one Ray task per document: alone, on a local Ray instance (--workers CPUs, "
            "default all cores); or on the cluster at ADDRESS (auto, ray://HEAD:10001). OUT must be "
            "shared by every node. Needs the `ray` extra.",
        ),
    ] = None,
) -> None:
    """Generate documents (HTML, PDF, manifest) and their questions; a grid config runs each variant."""
    from generation.plan.config import ConfigError, load_runs

    try:
        runs = load_runs(config, n_docs=n_docs, seed=seed, workers=workers)
    except ConfigError as exc:
        _fail(first_line(exc))
        raise
    if ray is None and any(run.config.workers > 1 and run.config.n_docs > 1 for run in runs):
        from generation.plan.workers import GENERATION_PRELOAD, forks_from_run, start_server

        if not forks_from_run():  # on Linux the pool forks from this process: no server
            start_server(GENERATION_PRELOAD)  # its imports overlap this process's own, just below
    try:
        if ray is not None:
            # Ray starts, and its workers warm up, before this process imports the generator
            summaries = _generate_on_ray(runs, out, ray, _parse_shard(shard), d3, progress)
        else:
            from generation.run.pipeline import generate_runs

            summaries = generate_runs(runs, out, shard=_parse_shard(shard), d3_path=d3, progress=progress)
    except Exception as exc:
        if not isinstance(exc, _generate_errors()):
            raise
        _fail(first_line(exc))
        raise
    for summary in summaries:
        typer.echo(str(summary))
    if not all(summary.ok for summary in summaries):
        raise typer.Exit(1)


def _warm_ray_worker() -> str | None:
    """A warm-up task, run in a Ray worker (this module imports none of the generator at its top,
    so the driver submits it without importing the generator)."""
    from generation.run.ray_run import warm_worker

    return warm_worker()


def _generate_on_ray(
    runs: list[Any], out: Path, address: str, shard: tuple[int, int] | None, d3: Path | None, progress: bool
) -> list[Any]:
    """``generate --ray``: Ray up first (a private instance, or joined; it takes seconds), one
    warm-up task per CPU submitted at once (each worker imports the generator and starts its
    Chromium), and only then the generator imported in this process, so that its import and the
    workers' warm-up overlap Ray's start instead of following it."""
    from generation.run.layout import documents_left
    from generation.run.ray_session import local_cpus, ray_session, warm_workers

    left = sum(documents_left(run.out_dir(out), run.config.seed, run.config.n_docs, shard) for run in runs)
    with ray_session(address, num_cpus=local_cpus(runs)) as session:
        warming = warm_workers(session, _warm_ray_worker, left)  # none on a rerun with nothing left
        from generation.run.ray_run import generate_runs_ray

        summaries = generate_runs_ray(runs, out, shard=shard, d3_path=d3, progress=progress)
        del warming  # finished by now: the documents were queued behind them
        return summaries


def _generate_errors() -> tuple[type[Exception], ...]:
    """The failures of ``generate`` that are one line for the user (imported once one is raised:
    with ``--ray`` the generator is imported after Ray has started)."""
    from generation.charts.d3 import D3NotFoundError
    from generation.document.render import BrowserLaunchError
    from generation.plan.config import ConfigError
    from generation.run.ray_session import RayUnavailableError
    from generation.run.setup import PipelineError

    return (ConfigError, D3NotFoundError, BrowserLaunchError, PipelineError, RayUnavailableError)


@app.command()
def verify(
    out: Annotated[
        list[Path],
        typer.Argument(
            help="Output folder(s) of `synthdocbench generate`: one shared folder or one per shard."
        ),
    ],
    config: Annotated[
        Path | None, typer.Option(help="YAML config the output must match (default: OUT/config.json).")
    ] = None,
    n_docs: Annotated[int | None, typer.Option(help="Number of documents (with --config).")] = None,
    seed: Annotated[int | None, typer.Option(help="Root seed (with --config).")] = None,
    shard: Annotated[
        str | None, typer.Option(help="Expect only documents with index % N == K, as K/N.")
    ] = None,
) -> None:
    """Check a (sharded) output is complete and consistent: every document, file and config digest."""
    from generation.plan.config import ConfigError, load_runs
    from generation.run.setup import PipelineError
    from generation.run.verify import VerifyError, run_groups, verify_output

    try:
        given = config is not None or n_docs is not None or seed is not None
        runs = load_runs(config, n_docs=n_docs, seed=seed) if given else None
        if runs is not None and config is None:
            _fail("--n-docs and --seed go with --config (without it OUT/config.json says what to expect)")
        reports = [
            verify_output(folders, config=expected, shard=_parse_shard(shard))
            for folders, expected in run_groups(out, runs)
        ]
    except (ConfigError, PipelineError, VerifyError) as exc:
        _fail(first_line(exc))
        raise
    for report in reports:
        for problem in report.problems:
            typer.echo(problem)
        typer.echo(report.summary())
    if not all(report.ok for report in reports):
        raise typer.Exit(1)


@app.command()
def stats(
    gen_dir: Annotated[Path, typer.Argument(help="Folder written by `synthdocbench generate`.")],
    plots: Annotated[Path | None, typer.Option(help="Also write PNG plots (Figure 4 style) here.")] = None,
) -> None:
    """Print the paper's Table 1 statistics, chart-type/archetype mix and question counts."""
    from generation.export.stats import StatsError, compute_stats, print_stats, write_plots

    try:
        result = compute_stats(gen_dir)
    except StatsError as exc:
        _fail(first_line(exc))
        raise
    print_stats(result)
    if plots is not None:
        for path in write_plots(result, plots):
            typer.echo(f"wrote {path}")


@app.command()
def validate(
    gen_dir: Annotated[Path, typer.Argument(help="Folder written by `synthdocbench generate`.")],
    regenerate: Annotated[
        bool, typer.Option(help="Rebuild the questions from the manifests and check those instead.")
    ] = False,
    workers: Annotated[
        int | None,
        typer.Option(min=1, help="Worker processes (default: one per CPU); the report is the same."),
    ] = None,
) -> None:
    """Re-run question validation (paper Appendix F, stricter) and report counts per rule."""
    from generation.validate.folder import validate_dir

    try:
        report = validate_dir(gen_dir, regenerate=regenerate, workers=workers)
    except FileNotFoundError as exc:
        _fail(first_line(exc))
        raise
    typer.echo(report.summary())
    if not report.ok:
        raise typer.Exit(1)


@app.command()
def export(
    gen_dir: Annotated[Path, typer.Argument(help="Folder written by `synthdocbench generate`.")],
    out: Annotated[Path, typer.Option(help="Dataset folder to write (Parquet configs + README.md card).")],
    repo_id: Annotated[
        str | None,
        typer.Option(help="Hub repo (ORG/NAME) the card's loading example names; push to the same one."),
    ] = None,
) -> None:
    """Export generated documents and questions as a Hugging Face dataset folder."""
    from generation.export.dataset import export_dataset

    summary = export_dataset(gen_dir, out, repo_id=repo_id)
    typer.echo(str(summary))


@app.command()
def push(
    folder: Annotated[Path, typer.Argument(help="Exported dataset folder.")],
    repo: Annotated[str, typer.Option(help="Hub dataset repo, ORG/NAME.")],
    private: Annotated[
        bool | None,
        typer.Option(
            "--private/--public",
            help="Make the repo private or public, existing or new (default: a new repo gets the "
            "Hub's default visibility for its namespace, an existing one keeps its visibility).",
            show_default=False,
        ),
    ] = None,
    revision: Annotated[
        str | None, typer.Option(help="Branch to commit to (created from main if missing).")
    ] = None,
    create_pr: Annotated[bool, typer.Option(help="Open a pull request against main instead.")] = False,
    commit_message: Annotated[str | None, typer.Option(help="The commit's summary line.")] = None,
    dry_run: Annotated[bool, typer.Option(help="List what would be uploaded; touch no network.")] = False,
) -> None:
    """Publish an exported dataset (with its card) to the Hugging Face Hub."""
    from hf_card.push import push_dataset

    result = push_dataset(
        folder,
        repo,
        private=private,
        dry_run=dry_run,
        revision=revision,
        create_pr=create_pr,
        commit_message=commit_message,
    )
    typer.echo(str(result))


def _ray_flag_value(argv: list[str]) -> list[str]:
    """``generate --ray`` without an address means a local Ray instance (Typer options need a value)."""
    if not argv or argv[0] != "generate":
        return argv
    out: list[str] = []
    for i, arg in enumerate(argv):
        out.append(arg)
        if arg == "--ray" and (i + 1 == len(argv) or argv[i + 1].startswith("-")):
            out.append("local")
    return out


def main() -> None:
    sys.argv[1:] = _ray_flag_value(sys.argv[1:])
    try:
        app()
    except SynthDocUserError as exc:
        typer.echo(str(exc), err=True)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
