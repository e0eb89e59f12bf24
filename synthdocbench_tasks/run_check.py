"""Did an lmms-eval run lose anything? The checks behind ``synthdocbench eval``'s exit status
and ``synthdocbench check RUN_DIR``.

lmms-eval 0.7.3 exits 0 when a task is not found, when a hook raises (it logs the traceback
and writes no results) and when answers failed. A run is complete only when every requested
task wrote results, every task logged as many samples as its data (or ``--limit``) holds, no
error was logged and no answer failed (per-answer ``failure`` in
:data:`~synthdocbench_tasks.records.RUN_ERRORS`). :func:`check_run` applies these checks to
what a run produced, in memory or read back from its output folder; each samples line is read
by :func:`~synthdocbench_tasks.samples_log.record_of`, the reader of every other command.
"""

from __future__ import annotations

import difflib
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import SynthDocUserError
from .records import RUN_ERRORS, SynthDocRecord
from .samples_log import read_lines, record_of

#: Natural misspellings of task names: ``synthdoc_cross_modal*`` (the data config is
#: ``cross_modal``) runs ``synthdoc_crossmodal*``.
TASK_ALIASES = {"synthdoc_cross_modal": "synthdoc_crossmodal"}
#: Prefixes of this project's task names: an unknown name with one is ours to reject.
OWN_PREFIXES = ("synthdoc", "mmdocbench")
#: How a record without a ``failure`` field (logs written before it existed) that was not
#: scored (-1) is counted: as a failure, since its reason is unknown. Per-answer failures in
#: ``RUN_ERRORS`` make a run incomplete; ``judge_unparseable`` (the judge answered, with no
#: valid score) and ``not_judged`` (``SYNTHDOC_JUDGE=none``) are counted, not failures.
UNKNOWN_FAILURE = "unscored_without_reason"

_NAME_LINE = re.compile(r"^(task|group|tag):[ \t]*([A-Za-z0-9_.*-]+)[ \t]*$", re.MULTILINE)
_TAG_ITEM = re.compile(r"^tag:[ \t]*\n((?:[ \t]*-[ \t]*[A-Za-z0-9_.-]+[ \t]*\n?)+)", re.MULTILINE)


def canonical_task(name: str) -> str:
    """``name`` with an alias prefix replaced: ``synthdoc_cross_modal_cot`` -> ``synthdoc_crossmodal_cot``."""
    for alias, target in TASK_ALIASES.items():
        if name == alias or name.startswith(alias + "_"):
            return target + name[len(alias) :]
    return name


def split_tasks(value: str) -> list[str]:
    """The comma-separated ``--tasks`` value as canonical names (blank items dropped)."""
    return [canonical_task(n.strip()) for n in value.split(",") if n.strip()]


@dataclass(frozen=True)
class TaskNames:
    """Names the task folder defines: tasks and groups (they appear in results) and tags."""

    tasks: frozenset[str]
    tags: frozenset[str]

    @property
    def all(self) -> frozenset[str]:
        return self.tasks | self.tags


def task_names(folder: Path) -> TaskNames:
    """Read the ``task:``/``group:``/``tag:`` names of every task YAML under ``folder``."""
    tasks: set[str] = set()
    tags: set[str] = set()
    for path in sorted(folder.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        for key, value in _NAME_LINE.findall(text):
            (tags if key == "tag" else tasks).add(value)
        for block in _TAG_ITEM.findall(text):
            tags.update(item.strip().lstrip("-").strip() for item in block.splitlines() if item.strip())
    return TaskNames(frozenset(tasks), frozenset(tags))


def closest(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate most like ``name`` (difflib), or None when none is close."""
    found = difflib.get_close_matches(name, sorted(set(candidates)), n=1, cutoff=0.6)
    return found[0] if found else None


def unknown_task_message(names: list[str], candidates: Iterable[str]) -> str:
    """One line for task names lmms-eval would not find, with the closest known names."""
    pool = list(candidates)
    parts = []
    for name in names:
        guess = closest(name, pool)
        parts.append(f"{name} (did you mean {guess}?)" if guess else name)
    noun = "task" if len(names) == 1 else "tasks"
    return (
        f"{noun} not found: {', '.join(parts)}; `synthdocbench eval --tasks list` lists every task, "
        "and `synthdocbench tasks-path` shows where the SynthDocBench tasks live"
    )


def expected_samples(n_samples: Mapping[str, Any], config: Mapping[str, Any]) -> int | None:
    """How many samples a task should have logged, from lmms-eval's ``n-samples`` entry."""
    try:
        original = int(n_samples["original"])
    except (KeyError, TypeError, ValueError):
        return None
    limit = config.get("limit")
    offset = int(config.get("offset") or 0)
    wanted = original
    if limit is not None and float(limit) != -1:
        limit = float(limit)
        wanted = math.ceil(original * limit) if 0 < limit < 1 else int(limit)
    return max(0, min(wanted, original - offset))


def line_record(line: Mapping[str, Any], where: str = "samples line") -> SynthDocRecord | None:
    """The synthdoc record of one samples-log line, read as every command reads it (None for
    lines of other tasks, MMDocBench's included); a damaged record is one line naming ``where``
    (a ``SynthDocUserError``)."""
    if not any(SynthDocRecord.holds(value) for value in line.values()):
        return None
    return record_of(dict(line), SynthDocRecord, where)[0]


def failure_of(record: SynthDocRecord) -> str | None:
    """Why ``record`` has no valid score (None when it has one): its ``failure``, or
    :data:`UNKNOWN_FAILURE` for a -1 of a log written before ``failure`` existed."""
    reason = record.reason
    return UNKNOWN_FAILURE if reason == "unscored" else reason


def record_failure(line: Mapping[str, Any], where: str = "samples line") -> str | None:
    """Why the answer of one samples-log line has no valid score (see :func:`failure_of`);
    None when it has one and for lines of other tasks."""
    record = line_record(line, where)
    return None if record is None else failure_of(record)


def _failing(kind: str | None) -> bool:
    return kind in RUN_ERRORS or kind == UNKNOWN_FAILURE


@dataclass
class RunVerdict:
    """What :func:`check_run` found; ``problems`` is empty for a complete run."""

    problems: list[str] = field(default_factory=list)
    tasks: list[str] = field(default_factory=list)
    answers: int = 0
    failures: Counter[str] = field(default_factory=Counter)  # failing kinds only
    unscored: Counter[str] = field(default_factory=Counter)  # every other non-null failure
    samples_checked: bool = True

    @property
    def ok(self) -> bool:
        return not self.problems

    def line(self) -> str:
        """One line for the user: what was lost, or what the run holds."""
        if self.problems:
            shown = "; ".join(self.problems[:4])
            more = f"; and {len(self.problems) - 4} more" if len(self.problems) > 4 else ""
            return (
                f"the run is incomplete: {shown}{more}. Fix the cause named above and rerun; "
                "answers already scored are kept in the samples logs (--log_samples), and "
                "`synthdocbench judge` re-scores judge failures without rerunning the model"
            )
        counts = f"{len(self.tasks)} task{'s' if len(self.tasks) != 1 else ''}"
        detail = f"{counts}, {self.answers} answers logged, none failed" if self.samples_checked else counts
        if self.unscored:
            detail += " (unscored: " + ", ".join(f"{n} {k}" for k, n in sorted(self.unscored.items())) + ")"
        if not self.samples_checked:
            detail += "; answers not checked one by one (run with --output_path and --log_samples)"
        return f"run complete: {detail}"


def _leaf_tasks(results: Mapping[str, Any]) -> list[str]:
    names = list(results.get("n-samples", {}) or {})
    for name in results.get("configs", {}) or {}:
        if name not in names:
            names.append(name)
    return names


def _tally_lines(verdict: RunVerdict, task: str, lines: list[dict[str, Any]]) -> None:
    """Count one task's samples-log lines into ``verdict``: failures, unscored kinds, damage."""
    unparseable = scored = 0
    damaged: list[str] = []
    for number, line in enumerate(lines, start=1):
        try:
            record = line_record(line, f"task {task}, samples line {number}")
        except SynthDocUserError as exc:
            damaged.append(str(exc))
            continue
        if record is None:
            continue
        kind = failure_of(record)
        scored += record.status == "valid"
        if _failing(kind):
            verdict.failures[str(kind)] += 1
        elif kind:
            verdict.unscored[kind] += 1
            unparseable += kind == "judge_unparseable"
    if damaged:
        more = f" ({len(damaged) - 1} more damaged lines in task {task})" if len(damaged) > 1 else ""
        verdict.problems.append(f"{damaged[0]}{more}")
    if lines and unparseable and not scored:
        verdict.problems.append(
            f"task {task}: no answer could be scored ({unparseable} judge replies without a valid "
            "score); check the judge, or choose another with SYNTHDOC_JUDGE"
        )


def check_run(
    results: Mapping[str, Any] | None,
    samples: Mapping[str, list[dict[str, Any]]] | None,
    *,
    requested: list[str] | None = None,
    known_tags: Iterable[str] = (),
    logged_errors: list[str] | None = None,
) -> RunVerdict:
    """Check one run: ``results`` (lmms-eval's results dict, None when it wrote none),
    ``samples`` (task -> samples-log lines, None when samples were not logged), the task
    names the user asked for and the error messages logged during the run."""
    verdict = RunVerdict()
    errors = logged_errors or []
    if errors:
        first = errors[0].strip().splitlines()[0][:300] if errors[0].strip() else "(empty message)"
        verdict.problems.append(
            f"lmms-eval logged {len(errors)} error{'s' if len(errors) > 1 else ''} (first: {first})"
        )
    if not results:
        verdict.problems.append("lmms-eval wrote no results")
        return verdict
    config = results.get("config", {}) or {}
    leaves = _leaf_tasks(results)
    verdict.tasks = leaves
    by_task = results.get("results", {}) or {}
    present = (
        set(by_task) | set(results.get("groups", {}) or {}) | set(results.get("group_subtasks", {}) or {})
    )
    tags = set(known_tags)
    for name in requested or []:
        if "*" in name or name in present or name in tags:
            continue
        verdict.problems.append(f"task {name} wrote no results")
    if not leaves:
        verdict.problems.append("no task was evaluated")
    verdict.samples_checked = samples is not None
    for task in leaves:
        if task not in by_task:
            verdict.problems.append(f"task {task} wrote no results")
            continue
        expected = expected_samples((results.get("n-samples", {}) or {}).get(task, {}), config)
        if samples is None:
            failed = by_task[task].get("failed,none")
            if isinstance(failed, (int, float)) and failed > 0:
                verdict.failures["failed"] += int(failed)
            continue
        if task not in samples:
            verdict.problems.append(f"task {task} has no samples log")
            continue
        lines = samples[task]
        verdict.answers += len(lines)
        if expected is not None and len(lines) != expected:
            if len(lines) < expected:
                verdict.problems.append(f"task {task}: {expected - len(lines)} of {expected} samples missing")
            else:
                verdict.problems.append(f"task {task}: {len(lines)} samples logged, {expected} expected")
        _tally_lines(verdict, task, lines)
    if verdict.failures:
        total = sum(verdict.failures.values())
        kinds = ", ".join(f"{n} {k}" for k, n in sorted(verdict.failures.items()))
        of = f" of {verdict.answers}" if verdict.answers else ""
        verdict.problems.append(f"{total}{of} answers failed ({kinds})")
    return verdict


# A line of lmms-eval's console log at level ERROR or above, or the start of a traceback.
_LOG_ERROR = re.compile(r"\|\s*(ERROR|CRITICAL)\s*\||^Traceback \(most recent call last\):")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def read_run(run_dir: Path) -> tuple[Path, dict[str, Any], dict[str, list[dict[str, Any]]] | None]:
    """The newest ``*_results.json`` under ``run_dir`` (or that file itself), and the samples
    logs written with it (None when the run did not log samples)."""
    import json

    if run_dir.is_file():
        found = [run_dir]
    elif run_dir.is_dir():
        found = sorted(run_dir.rglob("*_results.json"), key=lambda p: (p.stat().st_mtime, p.name))
    else:
        raise SynthDocUserError(
            f"{run_dir} does not exist: pass the --output_path folder of an lmms-eval run"
        )
    if not found:
        raise SynthDocUserError(
            f"{run_dir} holds no *_results.json: lmms-eval wrote no results (the run failed or "
            "was not given --output_path)"
        )
    path = found[-1]
    try:
        results = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SynthDocUserError(f"{path}: not a readable lmms-eval results file ({exc})") from None
    if not isinstance(results, dict) or not isinstance(results.get("results"), dict):
        raise SynthDocUserError(f"{path}: not an lmms-eval results file (no 'results' object)")
    prefix = path.name[: -len("_results.json")]
    logs = sorted(path.parent.glob(f"{prefix}_samples_*.jsonl"))
    cli = (results.get("config", {}) or {}).get("resolved_cli_args", {}) or {}
    if not logs and not cli.get("log_samples"):
        return path, results, None
    samples = {
        p.name[len(prefix) + len("_samples_") : -len(".jsonl")]: [line for _, line in read_lines(p)]
        for p in logs
    }
    return path, results, samples


def requested_tasks(results: Mapping[str, Any]) -> list[str]:
    """The ``--tasks`` the run was started with, as recorded in its results file."""
    cli = (results.get("config", {}) or {}).get("resolved_cli_args", {}) or {}
    value = cli.get("tasks")
    names = split_tasks(value) if isinstance(value, str) else []
    # a YAML file or folder given as --tasks has no name of its own in the results
    return [n for n in names if not (n.endswith((".yaml", ".yml")) or "/" in n)]


def errors_in_log(path: Path) -> list[str]:
    """Error lines of a captured lmms-eval console log (``lmms-eval ... > run.log 2>&1``)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise SynthDocUserError(f"cannot read the log {path}: {exc.strerror or exc}") from None
    lines = (_ANSI.sub("", line).strip() for line in text.splitlines())
    return [line for line in lines if _LOG_ERROR.search(line)]
