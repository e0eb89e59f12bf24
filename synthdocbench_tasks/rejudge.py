"""Score, or re-score, lmms-eval samples logs of the ``synthdoc_*`` tasks in one batch.

The second phase of a two-phase run (``SYNTHDOC_JUDGE=none`` while the GPU answers), and
the way to re-judge a run with another judge for agreement studies. Each record must carry
the question, the reference answer and its structured facts, which ``process_results``
stores in it (lmms-eval drops the document from the log); records of older logs without
them are completed from the dataset by ``question_id``. The candidate is the final answer
of the model's reply (:func:`~synthdocbench_tasks.answers.final_answer`), so reasoning
blocks are never judged.

Every answer of every file is scored at once with a bounded thread pool; verdicts of an
LLM judge go to the disk cache under the settings' cache folder as they arrive, so a
rerun (after a crash, or after the judge failed mid-batch) asks only for what is missing.
Once one request fails for good the remaining answers are not sent; they are written as
unscored and the result says how many. Outputs are new files (same format), written
atomically; an input is never overwritten.
"""

from __future__ import annotations

import dataclasses
import json
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge import (
    Judge,
    JudgeError,
    JudgeInputError,
    JudgeItem,
    Judgement,
    JudgeSpecError,
    JudgeUsage,
    parse_judge_spec,
    score_concurrently,
)

from .answers import final_answer
from .doc_cache import write_text_atomically
from .errors import SynthDocUserError
from .hooks import judge_item, verdict_fields
from .judging import run_judge
from .metrics import accuracy, mean_score
from .samples_log import read_lines
from .settings import Settings, load_settings

METRIC_KEYS = ("acc", "score")
NEEDED = ("question", "reference")
_TASK = re.compile(r"_samples_(?P<task>.+)\.jsonl$")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_COUNTERS = [f for f in dataclasses.fields(JudgeUsage) if f.name != "_lock"]


@dataclass
class SamplesFile:
    """One samples log: its lines, and the record (shared by acc and score) of each line."""

    path: Path
    lines: list[dict[str, Any]]
    records: list[dict[str, Any]]

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
    failed: int = 0  # answers the judge could not score because it failed
    error: str | None = None  # the first judge failure, one line
    usage: str | None = None  # the judge's usage summary line for this batch

    @property
    def answers(self) -> int:
        return sum(f.answers for f in self.files)


def _record(line: dict[str, Any]) -> dict[str, Any] | None:
    for key in METRIC_KEYS:
        value = line.get(key)
        if isinstance(value, dict) and "question_id" in value:
            return value
    return None


def read_samples(path: Path) -> SamplesFile:
    """A samples log of a synthdoc task; anything else is one clear line."""
    lines: list[dict[str, Any]] = []
    records: list[dict[str, Any]] = []
    for number, line in read_lines(path):
        record = _record(line)
        if record is None:
            raise SynthDocUserError(
                f"{path}:{number} has no synthdoc record (acc/score with question_id); "
                "pass samples logs of synthdoc_* tasks written with --log_samples"
            )
        lines.append(line)
        records.append(dict(record))
    if not lines:
        raise SynthDocUserError(f"{path} holds no samples; run lmms-eval with --log_samples")
    return SamplesFile(path, lines, records)


def reply_of(line: dict[str, Any], record: dict[str, Any]) -> str:
    """The model's reply as logged (filtered, else raw), else the record's answer."""
    for key in ("filtered_resps", "resps"):
        value: Any = line.get(key)
        while isinstance(value, list) and value:
            value = value[0]
        if isinstance(value, str):
            return value
    return str(record.get("answer") or "")


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


def output_path(source: Path, out_dir: Path | None, judge_name: str) -> Path:
    """``<out_dir>/<same name>``; by default a ``judged-<judge>`` folder next to the input."""
    folder = out_dir if out_dir is not None else source.parent / f"judged-{_UNSAFE.sub('_', judge_name)}"
    target = folder / source.name
    if target.resolve() == source.resolve():
        raise SynthDocUserError(f"--out {folder} would overwrite the input {source}: choose another folder")
    return target


def write_atomically(path: Path, lines: Sequence[dict[str, Any]]) -> None:
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    write_text_atomically(path, text, prefix=f".{path.name}.")


class _Batch:
    """Scores items; after the first judge failure the rest are returned unscored, unsent."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge
        self.stop = threading.Event()
        self.error: str | None = None
        self.failed = 0
        self._lock = threading.Lock()

    def _unscored(self, why: str) -> Judgement:
        with self._lock:
            self.failed += 1
        return Judgement(-1, why, self.judge.name, self.judge.prompt_version, valid=False)

    def score(self, item: JudgeItem) -> Judgement:
        if self.stop.is_set():
            return self._unscored("not judged: the judge failed earlier in this batch; rerun to finish")
        try:
            verdict: Judgement = self.judge.score(item)
            return verdict
        except JudgeInputError as exc:
            why = f"judge input error: {exc}"
            return Judgement(-1, why, self.judge.name, self.judge.prompt_version, valid=False)
        except JudgeError as exc:
            with self._lock:
                if self.error is None:
                    self.error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.stop.set()
            return self._unscored(f"judge error: {exc}")


def _judge(spec: str | None, settings: Settings) -> Any:
    if not spec:
        raise SynthDocUserError(
            "no judge given: pass --judge offline, --judge openai:MODEL or openai:MODEL@BASE_URL "
            "(or set SYNTHDOC_JUDGE)"
        )
    try:
        parsed = parse_judge_spec(spec)
    except JudgeSpecError as exc:
        raise SynthDocUserError(f"--judge {spec}: {exc}") from None
    if parsed.kind == "none":
        raise SynthDocUserError("--judge none scores nothing: pass --judge offline or --judge openai:MODEL")
    return run_judge(dataclasses.replace(settings, judge=spec), preflight=True)


def _usage_line(judge: Any, before: Any) -> str:
    usage = getattr(judge, "usage", None)
    if usage is None:
        return "judge usage: no API calls (offline judge)"
    after = usage.snapshot()
    counts = {f.name: getattr(after, f.name) - getattr(before, f.name) for f in _COUNTERS}
    return str(dataclasses.replace(after, **counts).summary())


def rejudge(
    paths: Sequence[Path],
    spec: str | None,
    *,
    out_dir: Path | None = None,
    concurrency: int = 8,
    dataset: str | None = None,
    settings: Settings | None = None,
) -> RejudgeResult:
    """Score every answer of ``paths`` with the judge ``spec`` and write the updated logs."""
    if concurrency < 1:
        raise SynthDocUserError(f"--concurrency must be at least 1, got {concurrency}")
    if not paths:
        raise SynthDocUserError("no samples logs given: pass lmms-eval *_samples_<task>.jsonl files")
    settings = settings or load_settings()
    files = [read_samples(Path(p)) for p in paths]  # every input is checked before any judge call
    lookup = QuestionLookup(dataset or settings.dataset)
    items: list[JudgeItem] = []
    for sample in files:
        for number, (line, record) in enumerate(zip(sample.lines, sample.records, strict=True), start=1):
            lookup.complete(record, f"{sample.path}:{number}")
            record["answer"] = final_answer(reply_of(line, record))
            items.append(judge_item(record, record["answer"]))
    judge = _judge(spec or settings.judge, settings)
    outputs = [output_path(sample.path, out_dir, judge.name) for sample in files]
    before = judge.usage.snapshot() if getattr(judge, "usage", None) is not None else None
    batch = _Batch(judge)
    verdicts = iter(score_concurrently(batch.score, items, concurrency))
    result = RejudgeResult(judge=judge.name, prompt_version=judge.prompt_version)
    for sample, target in zip(files, outputs, strict=True):
        for line, record in zip(sample.lines, sample.records, strict=True):
            record.update(verdict_fields(next(verdicts)))
            for key in METRIC_KEYS:
                if key in line:
                    line[key] = dict(record)
        write_atomically(target, sample.lines)
        valid = sum(1 for r in sample.records if r.get("valid"))
        result.files.append(
            FileSummary(
                sample.path,
                target,
                sample.task,
                len(sample.records),
                valid,
                accuracy(sample.records),
                mean_score(sample.records),
            )
        )
    result.failed, result.error = batch.failed, batch.error
    result.usage = _usage_line(judge, before)
    return result
