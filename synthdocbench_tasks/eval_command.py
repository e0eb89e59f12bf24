"""``synthdocbench eval`` (lmms-eval in this process, with an exit status that tells the truth)
and ``synthdocbench check RUN_DIR`` (the same checks on the output folder of a plain
``lmms-eval`` run, for CI).

``eval`` passes its arguments to lmms-eval after four changes: ``--include_path`` names the
project's task folder, ``synthdoc_cross_modal*`` becomes ``synthdoc_crossmodal*``,
``--process_docs_parallel`` defaults to :data:`PROCESS_DOCS_PARALLEL` (the thread pool that
runs ``process_results``; also how many answers are judged at once) and an unknown
``synthdoc*`` / ``mmdocbench*`` task stops the run with the closest name. The model is asked
document by document and every task's answers are judged at once after the model's last
answer (:mod:`~.doc_order`). While lmms-eval runs, errors it
logs are counted and what it returns is kept; afterwards :func:`~.run_check.check_run`
decides the exit status: 0 for a complete run, 1 for a run that lost anything, 2 for a
user error (one line each). Everything lmms-eval prints passes through
``judge.redact.redact_secrets``.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import json
import logging
import os
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer

from .errors import SynthDocUserError
from .paths import tasks_dir
from .run_check import (
    OWN_PREFIXES,
    RunVerdict,
    check_run,
    errors_in_log,
    read_run,
    requested_tasks,
    split_tasks,
    task_names,
    unknown_task_message,
)

#: Worker threads for lmms-eval's ``process_results`` pool (its default is 4): judging an
#: answer waits on the judge endpoint, so 16 in flight keep a 250 ms endpoint above 20/s.
PROCESS_DOCS_PARALLEL = 16
_VALUE_OPTIONS = (
    "--tasks",
    "--include_path",
    "--process_docs_parallel",
    "--process-docs-parallel",
    "--output_path",
    "--config",
)
_LISTINGS = ("list", "list_groups", "list_tags", "list_subtasks")
_NOT_FOUND = re.compile(r"^Tasks were not found: (.+)$", re.MULTILINE)
_OWN_LOGGERS = ("lmms_eval", "synthdocbench_tasks", "judge")


#: What ``synthdocbench eval -h`` prints before lmms-eval's own help.
EVAL_HELP = f"""Usage: synthdocbench eval [LMMS-EVAL OPTIONS]

  Run lmms-eval in this process with the SynthDocBench tasks on its include path; every
  option goes to lmms-eval, after these changes:

  --include_path         the package's task folder (synthdocbench tasks-path) unless given
  --tasks                required; synthdoc_cross_modal* is read as synthdoc_crossmodal*; an unknown
                         synthdoc*/mmdocbench* task stops the run with the closest name
  --model                an unknown model stops the run with the closest lmms-eval names
  --model_args           for --model vllm / vllm_generate: max_new_tokens=512 is added when missing
                         (the class sends the larger of the task's and its own, default 4,096); a
                         larger value is refused
  --process_docs_parallel  defaults to {PROCESS_DOCS_PARALLEL} (lmms-eval: 4); answers judged at once

  Environment: SYNTHDOC_DATASET (folder or ORG/NAME[@REVISION]), SYNTHDOC_JUDGE (offline,
  openai:MODEL[@BASE_URL] or none), MMDOCBENCH_DATASET; see README.md.
  Exit status: 0 complete run, 1 the run lost something, 2 a user error (one line each).
  Results files get a "synthdocbench" record: strip settings, resolution, max_new_tokens and
  temperature sent, prompt style, --limit (docs/vllm.md).

lmms-eval's options:
"""


def _redact(text: str) -> str:
    from judge.redact import redact_secrets

    return redact_secrets(text)


def normalise_args(args: list[str], names: tuple[str, ...] = _VALUE_OPTIONS) -> list[str]:
    """``--tasks=X`` as ``--tasks X`` (for the options this command reads or sets, or ``names``)."""
    out: list[str] = []
    for arg in args:
        name, eq, value = arg.partition("=")
        out.extend([name, value] if eq and name in names else [arg])
    return out


def option(args: list[str], *names: str) -> str | None:
    """The value of the last occurrence of an option (argparse keeps the last one)."""
    value = None
    for i, arg in enumerate(args[:-1]):
        if arg in names:
            value = args[i + 1]
    return value


def _set_option(args: list[str], name: str, value: str) -> list[str]:
    return [value if i > 0 and args[i - 1] == name else a for i, a in enumerate(args)]


class _RedactingStream(io.TextIOBase):
    """A text stream that writes everything through :func:`_redact`."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def write(self, text: str) -> int:
        self._inner.write(_redact(text))
        return len(text)

    def flush(self) -> None:
        self._inner.flush()

    def isatty(self) -> bool:
        return bool(self._inner.isatty())

    def fileno(self) -> int:
        return int(self._inner.fileno())

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self._inner, "encoding", "utf-8"))

    def __getattr__(self, name: str) -> Any:  # e.g. ``buffer``: whatever else the stream has
        return getattr(self._inner, name)


class _ErrorRecords(logging.Handler):
    """Counts ERROR records of the standard ``logging`` loggers of lmms-eval and this project."""

    def __init__(self, sink: list[str]) -> None:
        super().__init__(level=logging.ERROR)
        self._sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.split(".")[0] in _OWN_LOGGERS:
            self._sink.append(record.getMessage())


@dataclass
class Captured:
    """What one ``cli_evaluate`` call produced: (results, samples) per configuration, and
    the messages of the errors logged meanwhile."""

    runs: list[tuple[dict[str, Any] | None, dict[str, list[dict[str, Any]]] | None]] = field(
        default_factory=list
    )
    errors: list[str] = field(default_factory=list)


def run_lmms_eval(args: list[str]) -> Captured:
    """Run ``lmms_eval.__main__.cli_evaluate`` with ``args``, keeping what it returns and logs."""
    import lmms_eval.__main__ as lmms_main
    from loguru import logger

    captured = Captured()
    original: Callable[..., Any] = lmms_main.cli_evaluate_single

    def single(namespace: Any) -> Any:
        try:
            out = original(namespace)
        except BaseException:
            captured.runs.append((None, None))
            raise
        results, samples = out if out else (None, None)
        captured.runs.append((results, samples))
        return out

    def patcher(record: Any) -> None:
        if record["level"].no >= logging.ERROR or record["exception"] is not None:
            captured.errors.append(str(record["message"]))

    handler = _ErrorRecords(captured.errors)
    saved = (sys.argv, sys.stdout, sys.stderr)
    sys.argv = ["lmms-eval", *args]
    sys.stdout, sys.stderr = _RedactingStream(sys.stdout), _RedactingStream(sys.stderr)
    lmms_main.cli_evaluate_single = single
    logger.configure(patcher=patcher)
    logging.getLogger().addHandler(handler)
    try:
        lmms_main.cli_evaluate()
    finally:
        _close_progress_bars()
        logging.getLogger().removeHandler(handler)
        logger.configure(patcher=lambda record: None)
        lmms_main.cli_evaluate_single = original
        sys.argv, sys.stdout, sys.stderr = saved
    return captured


def _close_progress_bars() -> None:
    """Close the bars a failed step left open, so that their last line comes before ours
    (an open bar prints when the interpreter exits)."""
    from tqdm import tqdm

    for bar in list(getattr(tqdm, "_instances", ())):
        with contextlib.suppress(Exception):  # a bar whose stream is gone has nothing to print
            bar.close()


def _preflight(tasks: list[str]) -> None:
    """Check datasets and the judge before lmms-eval loads a model."""
    if any(t.startswith("mmdocbench") for t in tasks):
        from .mmdocbench.data import source

        source()
    if not any(t.startswith("synthdoc") for t in tasks):
        return
    from .dataset import dataset_location
    from .judging import run_judge
    from .settings import load_settings

    dataset_location()
    run_judge(load_settings(), preflight=True)


def _narrow_mmdocbench(requested: list[str]) -> list[str]:
    """Drop the MMDocBench tasks the local TSV has no rows of, saying so in one line."""
    if not any(t.startswith("mmdocbench") for t in requested):
        return requested
    from .mmdocbench.data import source
    from .mmdocbench.present import narrow

    tasks, line = narrow(requested, source())
    if line is not None and _is_main_process():
        typer.echo(f"synthdocbench: {line}", err=True)
    if not tasks:
        raise SynthDocUserError(f"{line}: none of the requested tasks has rows")
    return tasks


def _lmms_eval_task_names(include_path: str) -> list[str]:
    try:
        from lmms_eval.tasks import TaskManager

        return list(TaskManager("ERROR", include_path=include_path).all_tasks)
    except Exception:  # a suggestion is a courtesy; the missing name is reported regardless
        return []


def _redact_results_files(output_path: str | None, since: float) -> None:
    """Credentials in the results files this run wrote (lmms-eval records ``model_args``)."""
    if not output_path or not Path(output_path).is_dir():
        return
    for path in Path(output_path).rglob("*_results.json"):
        if path.stat().st_mtime < since:
            continue
        text = path.read_text(encoding="utf-8")
        if _redact(text) == text:
            continue
        data = _redact_values(json.loads(text))
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _redact_values(value: Any) -> Any:
    if isinstance(value, str):
        return _redact(value)
    if isinstance(value, list):
        return [_redact_values(v) for v in value]
    if isinstance(value, dict):
        return {k: _redact_values(v) for k, v in value.items()}
    return value


def _is_main_process() -> bool:
    return os.environ.get("RANK", "0") in ("", "0")


def eval_command(ctx: typer.Context) -> None:
    """Run lmms-eval with the SynthDocBench tasks on its include path (all arguments pass
    through); exit 0 only when every requested task scored every answer."""
    args = normalise_args(list(ctx.args))
    if "--help" in args or "-h" in args:
        typer.echo(EVAL_HELP)
        run_lmms_eval(args)
        return
    include = option(args, "--include_path")
    if include is None:
        include = str(tasks_dir())
        args += ["--include_path", include]
    args = _settle_generation(args)
    _check_model(option(normalise_args(args, ("--model",)), "--model"))
    value = option(args, "--tasks")
    if value is None and option(args, "--config") is None:
        raise SynthDocUserError(
            "no --tasks given: name the tasks to run, e.g. --tasks synthdoc (all three subsets); "
            "`synthdocbench eval --tasks list` lists them"
        )
    if value in _LISTINGS:
        run_lmms_eval(args)
        return
    requested = split_tasks(value) if value is not None else []
    if value is not None:
        if not requested:
            raise SynthDocUserError(f"--tasks {value!r} names no task; e.g. --tasks synthdoc")
        args = _set_option(args, "--tasks", ",".join(requested))
        names = task_names(tasks_dir())
        unknown = [n for n in requested if "*" not in n and n not in names.all and n.startswith(OWN_PREFIXES)]
        if unknown:
            raise SynthDocUserError(unknown_task_message(unknown, names.all))
        _preflight(requested)
        requested = _narrow_mmdocbench(requested)
        args = _set_option(args, "--tasks", ",".join(requested))
    if option(args, "--process_docs_parallel", "--process-docs-parallel") is None:
        args += ["--process_docs_parallel", str(PROCESS_DOCS_PARALLEL)]
    _warn_about_resolution(args, requested)
    started = time.time()
    from .doc_order import grouped_requests

    with grouped_requests(_parallel(args)):
        captured = run_lmms_eval(args)
    _strips_line()
    _redact_results_files(option(args, "--output_path"), started)
    if _is_main_process():
        from .resolution import record_in_results

        record_in_results(option(args, "--output_path"), started)
    if not _is_main_process():
        return
    missing = [n.strip() for m in _NOT_FOUND.findall("\n".join(captured.errors)) for n in m.split(",")]
    if missing:
        known = set(_lmms_eval_task_names(include)) | set(task_names(tasks_dir()).all)
        raise SynthDocUserError(unknown_task_message(missing, known))
    # a YAML file or folder given as --tasks (lmms-eval accepts both) has no name of its own
    named = [n for n in requested if not Path(n).exists()] if value is not None else None
    verdict = _verdict(captured, named)
    _finish(verdict)


def _parallel(args: list[str]) -> int:
    value = option(args, "--process_docs_parallel", "--process-docs-parallel")
    try:
        return max(1, int(value or PROCESS_DOCS_PARALLEL))
    except ValueError:
        return PROCESS_DOCS_PARALLEL  # lmms-eval reports the bad value


def _strips_line() -> None:
    """One line on stderr: how many documents' strips this run rasterised and decoded."""
    from .hooks import strip_caches

    caches = [c for c in strip_caches() if c.decodes or c.rasterised]
    if not caches or not _is_main_process():
        return
    decodes = sum(sum(c.decodes.values()) for c in caches)
    docs = sum(len(c.decodes) for c in caches)
    most = max((n for c in caches for n in c.decodes.values()), default=0)
    peak = max(c.peak_decoded_bytes for c in caches) / 1e6
    typer.echo(
        f"synthdocbench: page strips: {sum(c.rasterised for c in caches)} documents rasterised, "
        f"{docs} decoded {decodes} times (at most {most} per document; at most {peak:,.0f} MB of "
        "pixels held at once)",
        err=True,
    )


def _check_model(model: str | None) -> None:
    """An unknown ``--model`` stops the run in one line naming the closest lmms-eval names."""
    if model is None or "." in model:  # a dotted class path is lmms-eval's to resolve
        return
    from lmms_eval.models import list_available_models

    names = list_available_models(include_aliases=True)
    if model in names:
        return
    close = difflib.get_close_matches(model, names, n=3, cutoff=0.6)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise SynthDocUserError(
        f'--model {model} is not an lmms-eval model{hint}; `python -c "from lmms_eval.models import '
        'list_available_models as m; print(*m())"` lists all of them'
    )


def _settle_generation(args: list[str]) -> list[str]:
    """The task's ``max_new_tokens`` reaches the model (:func:`~.sampling.settle_model_args`)."""
    from .sampling import settle_model_args, temperature_warning

    args = normalise_args(args, ("--model", "--model_args", "--model-args"))
    model, given = option(args, "--model"), option(args, "--model_args", "--model-args")
    settled, line = settle_model_args(model, given)
    if settled != given and settled is not None:
        name = "--model_args" if option(args, "--model_args") is not None else "--model-args"
        args = _set_option(args, name, settled) if given is not None else [*args, "--model_args", settled]
    for message in (line, temperature_warning(model, settled)):
        if message is not None and _is_main_process():
            typer.echo(_redact(f"synthdocbench: {message}"), err=True)
    return args


def _warn_about_resolution(args: list[str], requested: list[str]) -> None:
    """One line when the model class will shrink the strips of a synthdoc task that shows them."""
    from .resolution import resolution_warning

    if not any(t.startswith("synthdoc") and not t.endswith("_text") for t in requested):
        return
    split = normalise_args(args, ("--model", "--model_args", "--model-args"))
    line = resolution_warning(option(split, "--model"), option(split, "--model_args", "--model-args"))
    if line is not None and _is_main_process():
        typer.echo(_redact(f"synthdocbench: {line}"), err=True)


def _verdict(captured: Captured, requested: list[str] | None) -> RunVerdict:
    """One verdict over every configuration lmms-eval ran; ``requested`` None: each run's
    own ``--tasks`` (from a ``--config`` file)."""
    tags = task_names(tasks_dir()).tags
    runs = captured.runs or [(None, None)]
    verdicts = [
        check_run(
            results,
            samples,
            requested=requested if requested is not None else (requested_tasks(results) if results else []),
            known_tags=tags,
            logged_errors=captured.errors if i == 0 else None,
        )
        for i, (results, samples) in enumerate(runs)
    ]
    merged = verdicts[0]
    for other in verdicts[1:]:
        merged.problems += other.problems
        merged.tasks += other.tasks
        merged.answers += other.answers
        merged.failures += other.failures
        merged.unscored += other.unscored
        merged.samples_checked = merged.samples_checked and other.samples_checked
    return merged


def _finish(verdict: RunVerdict) -> None:
    if verdict.ok:
        typer.echo(_redact(f"synthdocbench: {verdict.line()}"))
        return
    typer.echo(_redact(f"synthdocbench: {verdict.line()}"), err=True)
    raise typer.Exit(1)


def check_command(
    run_dir: Annotated[
        Path, typer.Argument(help="The --output_path folder of an lmms-eval run (or its *_results.json).")
    ],
    tasks: Annotated[
        str | None,
        typer.Option(help="Tasks the run had to hold, comma-separated (default: the run's own --tasks)."),
    ] = None,
    log: Annotated[
        Path | None, typer.Option(help="The run's captured console output, checked for logged errors.")
    ] = None,
) -> None:
    """Check a finished lmms-eval run for CI: exit 0 only when every task wrote results and
    logged every sample, and no answer failed (1 otherwise, with one line saying what)."""
    path, results, samples = read_run(run_dir)
    requested = split_tasks(tasks) if tasks else requested_tasks(results)
    verdict = check_run(
        results,
        samples,
        requested=requested,
        known_tags=task_names(tasks_dir()).tags,
        logged_errors=errors_in_log(log) if log is not None else None,
    )
    typer.echo(f"checked {path}")
    from .resolution import describe, run_record

    for line in describe(run_record(results)):
        typer.echo(line)
    _finish(verdict)
