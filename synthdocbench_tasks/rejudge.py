"""Score, or re-score, lmms-eval samples logs of the ``synthdoc_*`` tasks in one batch.

The second phase of a two-phase run (``SYNTHDOC_JUDGE=none`` while the GPU answers), and
the way to re-judge a run with another judge for agreement studies. Each record must carry
the question, the reference answer and its structured facts, which ``process_results``
stores in it (lmms-eval drops the document from the log); records of older logs without
them are completed from the dataset by ``question_id``. The candidate is the final answer
of the model's reply (:func:`~synthdocbench_tasks.answers.final_answer`), so reasoning
blocks are never judged.

Answers are scored through the same judging path as a live run
(:class:`~synthdocbench_tasks.judging.JudgeSession`): a failed model request stays
``model_error``, a bad judge reply is one unscored record, and after ``max_failures``
answers in a row whose judging failed the judge is not asked again (circuit breaker).
Every verdict the judge already has (its cache, or the offline judge) is taken first
without any network request; only if something is left is the judge checked and asked,
with a bounded thread pool, one file after the other. Verdicts of an LLM judge go to the
disk cache as they arrive and each judged file is written (atomically, a new file; an
input is never overwritten) as soon as its answers are scored, so an interrupted run
loses nothing and a rerun asks only for what is missing.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge import JudgeError, JudgeItem, JudgeSpecError, JudgeUsage, OpenAIJudge, parse_judge_spec
from judge.redact import one_line
from judge.registry import NONE, batch_backend_names, spec_forms

from . import samples_log
from .doc_cache import write_text_atomically
from .errors import SynthDocUserError
from .grounded import judged_answer, parsed_reply
from .hooks import judge_item
from .judging import (
    JudgeSession,
    build_session,
    check_reachable,
    judge_all,
    unscored,
    verdict_fields,
)
from .metrics import accuracy, mean_score
from .progress import progress_bar
from .records import RUN_ERRORS, SynthDocRecord
from .samples_log import SampleLine
from .settings import JUDGE_VAR, JudgeLimits, Settings, load_judge_limits, load_settings

NEEDED = ("question", "reference")
_TASK = re.compile(r"_samples_(?P<task>.+)\.jsonl$")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_COUNTERS = [f for f in dataclasses.fields(JudgeUsage) if f.name != "_lock"]


@dataclass
class SamplesFile:
    """One samples log: its lines, and the record (shared by every metric key) of each line."""

    path: Path
    samples: list[SampleLine[SynthDocRecord]]
    records: list[dict[str, Any]]  # each line's record as logged, updated as it is judged

    @property
    def task(self) -> str:
        match = _TASK.search(self.path.name)
        return match.group("task") if match else self.path.stem


@dataclass(frozen=True)
class FileSummary:
    source: Path
    output: Path
    task: str
    answers: int
    valid: int
    acc: float
    score: float


@dataclass
class RejudgeResult:
    judge: str
    prompt_version: str
    files: list[FileSummary] = field(default_factory=list)
    failed: int = 0  # answers whose model request, judge or scoring failed, or whose facts are malformed
    failures: dict[str, int] = field(default_factory=dict)  # unscored answers by failure reason
    error: str | None = None  # the last judge failure, one line
    stopped: str | None = None  # why the circuit breaker stopped judging, if it did
    usage: str | None = None  # the judge's usage summary line for this batch
    batch: str | None = None  # the Batch API job's summary line (``--batch``)
    causes: dict[str, str] = field(default_factory=dict)  # failure reason -> the first one's judgement
    kept: int = 0  # earlier valid scores of an output kept in place of this run's unscored ones

    @property
    def answers(self) -> int:
        return sum(f.answers for f in self.files)


def read_samples(path: Path) -> SamplesFile:
    """A samples log of a synthdoc task (:func:`~synthdocbench_tasks.samples_log.read_samples`)."""
    samples = samples_log.read_samples(path, SynthDocRecord)
    return SamplesFile(path, samples, [dict(sample.raw) for sample in samples])


def reply_of(sample: SampleLine[SynthDocRecord]) -> str:
    """The model's reply as logged (filtered, else raw), else the record's answer."""
    reply = sample.reply()
    return reply if reply is not None else sample.record.answer or ""


class QuestionLookup:
    """Questions of the dataset by question_id, loaded only if a record lacks its inputs."""

    def __init__(self, location: str | None) -> None:
        self.location = location
        self._rows: dict[str, dict[str, Any]] | None = None

    def _load(self) -> dict[str, dict[str, Any]]:
        from .dataset import CONFIGS, load_config, resolve_location

        if not self.location:
            raise SynthDocUserError(
                "some records lack the question and reference (a log written before they were stored): "
                "pass the run's dataset with --dataset DIR or set SYNTHDOC_DATASET"
            )
        where = resolve_location(self.location)
        rows: dict[str, dict[str, Any]] = {}
        for config in CONFIGS:
            if config == "documents":
                continue
            for row in load_config(where, config):  # at the revision of ORG/NAME@REVISION
                rows[str(row["question_id"])] = dict(row)
        return rows

    def complete(self, record: dict[str, Any], where: str) -> None:
        if all(record.get(k) is not None for k in NEEDED):
            return
        from .hooks import judge_inputs

        if self._rows is None:
            self._rows = self._load()
        row = self._rows.get(str(record["question_id"]))
        if row is None:
            raise SynthDocUserError(
                f"{where}: question {record['question_id']} is not in the dataset {self.location}; "
                "pass the dataset the run used with --dataset"
            )
        record.update(judge_inputs(row))


def judged_folder(judge_name: str) -> str:
    """The default output folder's name for a judge: ``judged-offline_offline-claims-v34``."""
    return f"judged-{_UNSAFE.sub('_', judge_name)}"


def output_path(source: Path, out_dir: Path | None, judge_name: str) -> Path:
    """``<out_dir>/<same name>``; by default a :func:`judged_folder` next to the input."""
    folder = out_dir if out_dir is not None else source.parent / judged_folder(judge_name)
    target = folder / source.name
    if target.resolve() == source.resolve():
        raise SynthDocUserError(f"--out {folder} would overwrite the input {source}: choose another folder")
    return target


def output_paths(sources: Sequence[Path], out_dir: Path | None, judge_name: str) -> list[Path]:
    """Where each input's judged log goes (:func:`output_path`). Under ``--out``, inputs that
    share a file name (two runs' logs) keep their run folders below it, the path from the
    folder the inputs have in common, so no judged log replaces another's; the same file given
    twice is refused."""
    seen: dict[Path, Path] = {}
    for source in sources:
        earlier = seen.setdefault(source.resolve(), source)
        if earlier is not source:
            raise SynthDocUserError(f"{source} is given twice (also as {earlier}): give each log once")
    targets = [output_path(source, out_dir, judge_name) for source in sources]
    if out_dir is None or len({t.name for t in targets}) == len(targets):
        return targets
    parents = [source.resolve().parent for source in sources]
    common = Path(os.path.commonpath(parents))
    kept = [
        out_dir / parent.relative_to(common) / source.name
        for source, parent in zip(sources, parents, strict=True)
    ]
    for source, target in zip(sources, kept, strict=True):
        if target.resolve() == source.resolve():
            raise SynthDocUserError(
                f"--out {out_dir} would overwrite the input {source}: choose another folder"
            )
    return kept


def write_atomically(path: Path, lines: Sequence[dict[str, Any]]) -> None:
    """Write ``lines`` as a samples log at ``path`` (temp file + rename); one clear line if it cannot."""
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    try:
        write_text_atomically(path, text, prefix=f".{path.name}.")
    except OSError as exc:
        raise SynthDocUserError(
            f"cannot write {path}: {exc.strerror or exc}; choose a writable folder with --out "
            "(verdicts obtained so far are in the judge cache, so a rerun does not ask for them again)"
        ) from None


def check_writable(targets: Sequence[Path]) -> None:
    """Create the output folders and check they take files, before any judge call."""
    for folder in sorted({t.parent for t in targets}):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            probe = folder / f".synthdocbench-write-check-{os.getpid()}"
            probe.write_bytes(b"")
            probe.unlink()
        except OSError as exc:
            raise SynthDocUserError(
                f"cannot write judged logs to {folder}: {exc.strerror or exc}; "
                "choose a writable folder with --out"
            ) from None


def check_cache(session: JudgeSession) -> None:
    """Open, read and write-probe the judge's cache before any answer is judged: a cache that
    cannot be used would turn every answer into ``scoring_error``; one line naming it instead."""
    cache = getattr(session.judge, "cache", None)
    if cache is None:
        return
    try:
        cache.check()
    except OSError as exc:
        raise SynthDocUserError(
            f"{one_line(exc, 600)}; nothing was judged (the judged logs are unchanged)"
        ) from None


def keep_earlier_scores(sample: SamplesFile, target: Path, judge_name: str) -> int:
    """Put back the valid verdicts an earlier run wrote to ``target`` where this run left the same
    answer unscored (a judge outage, a cache that failed): a rerun never makes an output worse.
    Returns how many were kept; an unreadable earlier output keeps nothing."""
    if not target.is_file():
        return 0
    try:
        earlier = read_samples(target).records
    except SynthDocUserError:
        return 0
    if len(earlier) != len(sample.records):
        return 0
    kept = 0
    for index, (old, new) in enumerate(zip(earlier, sample.records, strict=True)):
        same = (
            all(old.get(k) == new.get(k) for k in ("question_id", "answer"))
            and old.get("judge") == judge_name
        )
        if same and old.get("valid") and not new.get("valid") and new.get("failure") != "model_error":
            sample.records[index] = dict(old)
            kept += 1
    return kept


def _judge_forms() -> str:
    """The ``--judge`` values that score answers (every choice but ``none``), from the registry."""
    return spec_forms("MODEL", "BASE_URL", none=False)


def _check_spec(spec: str | None) -> str:
    if not spec:
        raise SynthDocUserError(f"no judge given: pass --judge {_judge_forms()} (or set {JUDGE_VAR})")
    try:
        parsed = parse_judge_spec(spec)
    except JudgeSpecError as exc:
        raise SynthDocUserError(f"--judge {one_line(spec, 300)}: {one_line(exc, 300)}") from None
    if parsed.kind == NONE:
        raise SynthDocUserError(f"--judge none scores nothing: pass --judge {_judge_forms()}")
    return spec


def _usage_line(judge: Any, before: Any) -> str:
    usage = getattr(judge, "usage", None)
    if usage is None:
        return "judge usage: no API calls (offline judge)"
    after = usage.snapshot()
    counts = {f.name: getattr(after, f.name) - getattr(before, f.name) for f in _COUNTERS}
    return one_line(dataclasses.replace(after, **counts).summary(), 1000)


def _judged_lines(sample: SamplesFile) -> list[dict[str, Any]]:
    """The lines of ``sample`` with the judged record under every metric key that held it;
    each record is checked against the record model before it is written."""
    lines = []
    for line, record in zip(sample.samples, sample.records, strict=True):
        SynthDocRecord.model_validate(record)  # a record this command made invalid is a bug
        lines.append({**line.line, **{key: dict(record) for key in line.keys}})
    return lines


def _summary(sample: SamplesFile, target: Path) -> FileSummary:
    valid = sum(1 for r in sample.records if r.get("valid"))
    return FileSummary(
        sample.path,
        target,
        sample.task,
        len(sample.records),
        valid,
        accuracy(sample.records),
        mean_score(sample.records),
    )


@dataclass(frozen=True)
class BatchOptions:
    """``synthdocbench judge --batch``: poll interval and prices per 1M tokens (for the cost line)."""

    poll_interval: float = 30.0
    price_in: float | None = None
    price_out: float | None = None


def _batch_fields(
    session: JudgeSession, pending: list[list[tuple[int, JudgeItem]]], options: BatchOptions
) -> tuple[list[list[dict[str, Any]]], str]:
    """The judge fields of every pending answer from one Batch API job, and its summary line."""
    from judge.batch import judge_in_batch

    items = [item for todo in pending for _, item in todo]
    try:
        report = judge_in_batch(
            session.judge,
            items,
            poll_interval=options.poll_interval,
            on_event=lambda message: print(f"synthdocbench: {message}", file=sys.stderr, flush=True),
        )
    except JudgeError as exc:
        raise SynthDocUserError(one_line(exc, 800)) from None
    except KeyboardInterrupt:
        print(
            "synthdocbench: interrupted; a submitted batch stays recorded in the judge cache folder: "
            "rerun the same command to resume polling it",
            file=sys.stderr,
            flush=True,
        )
        raise
    fields = iter(
        verdict_fields(a.judgement)
        if a.judgement is not None
        else unscored("judge_error", str(a.error), session.name, session.prompt_version)
        for a in report.answers
    )
    return [[next(fields) for _ in todo] for todo in pending], report.summary(
        options.price_in, options.price_out
    )


def _note_failures(result: RejudgeResult, records: Sequence[dict[str, Any]]) -> None:
    """Count the unscored answers of ``records`` by reason, with the first one's judgement (the cause)."""
    counts = Counter(result.failures)
    for r in records:
        if r.get("failure"):
            counts[str(r["failure"])] += 1
            result.causes.setdefault(str(r["failure"]), one_line(str(r.get("judgement") or ""), 200))
    result.failures = dict(counts)


def rejudge(
    paths: Sequence[Path],
    spec: str | None,
    *,
    out_dir: Path | None = None,
    concurrency: int = 8,
    dataset: str | None = None,
    settings: Settings | None = None,
    limits: JudgeLimits | None = None,
    batch: BatchOptions | None = None,
    force: bool = False,
) -> RejudgeResult:
    """Score every answer of ``paths`` with the judge ``spec`` and write the updated logs.

    ``limits`` (timeout, attempts, Retry-After cap, circuit breaker) default to the environment.
    With ``batch`` the answers without a cached verdict are judged as one OpenAI Batch API
    job (:mod:`judge.batch`), resumed from its state file when a previous run was interrupted.
    An earlier output's valid scores are kept where this run leaves the same answers unscored,
    unless ``force``.
    """
    if concurrency < 1:
        raise SynthDocUserError(f"--concurrency must be at least 1, got {concurrency}")
    if not paths:
        raise SynthDocUserError("no samples logs given: pass lmms-eval *_samples_<task>.jsonl files")
    settings = settings or load_settings()
    limits = limits or load_judge_limits()
    spec = _check_spec(spec or settings.judge)
    files = [read_samples(Path(p)) for p in paths]  # every input is checked before any judge call
    lookup = QuestionLookup(dataset or settings.dataset)
    for sample in files:
        for number, record in enumerate(sample.records, start=1):
            lookup.complete(record, f"{sample.path}:{number}")
    session = build_session(settings, limits, spec=spec)
    check_cache(session)
    if batch is not None and not isinstance(session.judge, OpenAIJudge):
        forms = spec_forms("MODEL", "BASE_URL", offline=False, none=False, backends=batch_backend_names())
        raise SynthDocUserError(f"--batch needs an API judge (--judge {forms}), not {session.name}")
    outputs = output_paths([sample.path for sample in files], out_dir, session.name)
    before = session.judge.usage.snapshot() if getattr(session.judge, "usage", None) is not None else None

    # Every answer's verdict without the network first (model failures, cache, offline judge).
    pending: list[list[tuple[int, JudgeItem]]] = []
    for sample in files:
        todo: list[tuple[int, JudgeItem]] = []
        for index, (line, record) in enumerate(zip(sample.samples, sample.records, strict=True)):
            reply = reply_of(line)
            answer = judged_answer(parsed_reply(reply)) if line.record.grounded else None
            item = session.begin(record, reply, judge_item, answer)
            if item is not None:
                todo.append((index, item))
        pending.append(todo)
    if any(pending):
        check_reachable(session)
    check_writable(outputs)

    result = RejudgeResult(judge=session.name, prompt_version=session.prompt_version)
    batched: list[list[dict[str, Any]]] | None = None
    if batch is not None and any(pending):
        batched, result.batch = _batch_fields(session, pending, batch)
    asked = 0 if batched is not None else sum(len(todo) for todo in pending)
    with progress_bar("judging", asked) as advance:
        for number, (sample, target, todo) in enumerate(zip(files, outputs, pending, strict=True)):
            if batched is not None:
                verdicts = batched[number]
            else:
                verdicts = judge_all(session, [item for _, item in todo], concurrency, on_done=advance)
            for (index, _), fields in zip(todo, verdicts, strict=True):
                sample.records[index].update(fields)
            _note_failures(result, sample.records)  # this run's, before earlier scores are kept
            if not force:
                result.kept += keep_earlier_scores(sample, target, session.name)
            write_atomically(target, _judged_lines(sample))
            result.files.append(_summary(sample, target))
    result.failed = sum(n for reason, n in result.failures.items() if reason in RUN_ERRORS)
    result.error = session.breaker.last_error
    result.stopped = session.breaker.reason()
    result.usage = _usage_line(session.judge, before)
    return result
