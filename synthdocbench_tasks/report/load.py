"""Reading lmms-eval sample logs into runs, and the dataset's per-document strata.

lmms-eval writes, per run, ``<date>_results.json`` and one ``<date>_samples_<task>.jsonl``
per task into one folder. Each samples line holds the record ``process_results`` returned
under the metric names ``acc`` and ``score``, plus ``input`` (the prompt) and ``target``
(the reference answer). The task logs of one run (same folder, same date prefix) form one
run; its model is named from the results file, else from the folder.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .. import samples_log
from ..errors import SynthDocUserError, first_line
from ..log_records import record_lines
from ..progress import progress_bar
from ..record_rules import SYNTHDOC, Status, is_plain_synthdoc, plain_number, qualified_judge, valid_score
from ..samples_log import first_text, reply_of
from .protocol import protocol_of
from .records import Answer, DocumentInfo, Run

SAMPLES_RE = re.compile(r"^(?P<prefix>.*?)_?samples_(?P<task>.+?)\.jsonl$")
#: Keys of ``model_args`` that name the model, in lmms-eval's order (``_get_model_name``).
MODEL_KEYS = (
    "peft",
    "delta",
    "pretrained",
    "model",
    "model_version",
    "model_name",
    "model_id",
    "path",
    "engine",
)
REQUIRED = ("question_id", "doc_id", "subset")
#: ``judge.choices.OFFLINE`` and ``CASCADE_PREFIX`` (a test holds them equal): importing the
#: ``judge`` package would import every judge, half the report's start-up.
OFFLINE = "offline"
CASCADE_PREFIX = f"{OFFLINE}+"


#: The benchmarks whose samples logs the report reads, and what their log names contain.
LOG_KINDS = {"synthdoc": "samples_synthdoc", "mmdocbench": "samples_mmdocbench"}


def discover_logs(inputs: Sequence[Path]) -> dict[str, list[Path]]:
    """Samples logs named by ``inputs``, by benchmark (:data:`LOG_KINDS`): files as given
    (an MMDocBench log by its name, anything else as a SynthDocBench log), folders and
    ``*_results.json`` files searched for the logs of both."""
    if not inputs:
        raise SynthDocUserError("no results given: pass lmms-eval samples logs or the folders holding them")
    found: dict[str, list[Path]] = {kind: [] for kind in LOG_KINDS}
    for path in inputs:
        if not path.exists():
            raise SynthDocUserError(f"{path} does not exist: pass lmms-eval samples logs or their folders")
        if path.is_dir():
            logs = {
                k: sorted(p for p in path.rglob(f"*{m}*.jsonl") if p.is_file()) for k, m in LOG_KINDS.items()
            }
            if not any(logs.values()):
                raise SynthDocUserError(
                    f"{path} holds no SynthDocBench samples log (*_samples_synthdoc_*.jsonl) nor an "
                    "MMDocBench one (*_samples_mmdocbench_*.jsonl); run lmms-eval with --log_samples"
                )
        elif path.name.endswith("_results.json"):
            prefix = path.name[: -len("_results.json")]
            logs = {k: sorted(path.parent.glob(f"{prefix}_{m}*.jsonl")) for k, m in LOG_KINDS.items()}
            if not any(logs.values()):
                raise SynthDocUserError(
                    f"{path} has no samples logs next to it; run lmms-eval with --log_samples"
                )
        else:
            logs = {"mmdocbench" if LOG_KINDS["mmdocbench"] in path.name else "synthdoc": [path]}
        for kind, paths in logs.items():
            found[kind].extend(paths)
    return {kind: list(dict.fromkeys(p.resolve() for p in paths)) for kind, paths in found.items()}


def discover(inputs: Sequence[Path]) -> list[Path]:
    """The SynthDocBench samples logs named by ``inputs`` (see :func:`discover_logs`)."""
    logs = discover_logs(inputs)["synthdoc"]
    if not logs:
        raise SynthDocUserError(
            f"{', '.join(str(p) for p in inputs)}: no SynthDocBench samples log (*_samples_synthdoc_*.jsonl) "
            "among them; run lmms-eval with --log_samples on the synthdoc tasks"
        )
    return logs


def _question_from_input(prompt: Any) -> str:
    _, marker, question = (first_text(prompt) or "").rpartition("Question:")
    return question.strip() if marker else ""


def answer_of(record: Mapping[str, Any], line: Mapping[str, Any], where: str) -> Answer:
    """The answer of a samples line from its record's fields as the model holds them."""
    return _answer(record.get, record["score"], record["position"], record["judge"], line, where)


def plain_answer(raw: Mapping[str, Any], line: Mapping[str, Any], where: str) -> Answer:
    """:func:`answer_of` the fields :func:`~synthdocbench_tasks.record_rules.plain_synthdoc`
    gives for ``raw`` (a record it reads without the model), read from ``raw`` itself."""
    get = raw.get
    judge = qualified_judge(get("judge"))
    return _answer(get, plain_number(get("score")), plain_number(get("position")), judge, line, where)


def _answer(
    get: Callable[[str], Any],
    score: float | None,
    position: float | None,
    judge: str | None,
    line: Mapping[str, Any],
    where: str,
) -> Answer:
    missing = [k for k in REQUIRED if not get(k)]
    if missing:
        raise SynthDocUserError(f"{where}: the judge record lacks {', '.join(missing)}")
    status: Status = (
        "not_judged" if score is None else "valid" if valid_score(score) is not None else "unscored"
    )
    answer = get("answer")
    return Answer(  # by position, in Answer's order (keywords cost a fifth of building it)
        get("question_id"),
        str(get("doc_id")),
        str(get("subset")),
        get("category") or "unknown",
        get("difficulty") or "unknown",
        get("position_bucket"),
        position,
        get("chart_type"),
        answer if answer is not None else (reply_of(line) or ""),
        score if status == "valid" else None,
        status,
        judge or "unknown",
        _question_from_input(line.get("input")),
        first_text(line.get("target")) or "",
        get("judgement") or "",
        None if status == "valid" else get("failure") or status,  # SynthDocRecord.reason
        get("certain"),
    )


def read_answers(path: Path) -> Iterator[tuple[Answer, Any]]:
    """``(answer, predicted regions as logged or None)`` of every answer of one samples log,
    checked as :func:`~synthdocbench_tasks.samples_log.read_samples` checks them: a record of
    plain JSON of the model's types (:func:`~synthdocbench_tasks.record_rules.is_plain_synthdoc`)
    is read as it stands, any other by the model; the copies of a record are read once
    (:func:`~synthdocbench_tasks.log_records.record_lines`). One at a time, as the file is read: the
    caller keeps what it needs of each line and lets the line go (holding every line of a log
    until its end costs a third of the reading)."""
    found = False
    for number, line, raw, keys in record_lines(path, SYNTHDOC):
        where = f"{path}:{number}"
        found = True
        if is_plain_synthdoc(raw):
            yield plain_answer(raw, line, where), raw.get("predicted_regions")
            continue
        from ..records import SynthDocRecord  # the model decides: converts, or says what is wrong

        fields = samples_log.typed(raw, SynthDocRecord, where, keys).__dict__
        yield answer_of(fields, line, where), fields["predicted_regions"]
    if not found:
        raise samples_log.no_records(path, SYNTHDOC)


def read_samples(path: Path) -> list[Answer]:
    """Every answer of one samples log; a clear error on anything unreadable."""
    with samples_log.collection_paused():
        return [answer for answer, _ in read_answers(path)]


def _model_from_args(model_args: str) -> str:
    for key in MODEL_KEYS:
        for part in model_args.split(","):
            k, _, v = part.partition("=")
            if k.strip() == key and v.strip():
                return v.strip()
    return ""


def _results_info(folder: Path, prefix: str) -> dict[str, Any]:
    path = folder / f"{prefix}_results.json"
    if not prefix or not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise SynthDocUserError(f"{path}: unreadable results file ({exc})") from None
    if not isinstance(data, dict):
        raise SynthDocUserError(f"{path}: expected a JSON object")
    config: dict[str, Any] = data["config"] if isinstance(data.get("config"), dict) else {}
    model_args = config.get("model_args") or ""
    model_args = model_args if isinstance(model_args, str) else json.dumps(model_args)
    name = str(data.get("model_name") or "") or _model_from_args(model_args) or str(config.get("model") or "")
    dataset_path = None
    configs: dict[str, Any] = data["configs"] if isinstance(data.get("configs"), dict) else {}
    for cfg in configs.values():
        if isinstance(cfg, dict) and isinstance(cfg.get("dataset_path"), str):
            dataset_path = cfg["dataset_path"]
            break
    return {
        "model": name,
        "model_args": model_args,
        "dataset_path": dataset_path,
        "protocol": protocol_of(data),
    }


def _main_judge(answers: Iterable[Answer]) -> str:
    """The run's judge: the one that scored most answers, or the cascade
    (``offline+openai:gpt-5``) when the offline judge and one other decided them."""
    judged = Counter(a.judge for a in answers if a.status == "valid")
    if not judged:
        judged = Counter(a.judge for a in answers)
    names = sorted(judged.items(), key=lambda kv: (-kv[1], kv[0]))
    deciders = [name for name, _ in names]
    offline = [n for n in deciders if n.startswith(f"{OFFLINE}:")]
    others = [n for n in deciders if not n.startswith(f"{OFFLINE}:")]
    if offline and len(others) == 1 and CASCADE_PREFIX not in others[0]:
        return f"{CASCADE_PREFIX}{others[0]}"
    return names[0][0]


def run_groups(paths: Sequence[Path]) -> list[tuple[Path, str, list[Path]]]:
    """``(folder, date prefix, logs)`` of each run among ``paths`` (lmms-eval writes the task
    logs of one run into one folder with one date prefix), sorted by folder and prefix."""
    groups: dict[tuple[Path, str], list[Path]] = defaultdict(list)
    for path in paths:
        match = SAMPLES_RE.match(path.name)
        prefix = match.group("prefix") if match else path.stem
        groups[(path.parent, prefix)].append(path)
    return [
        (folder, prefix, groups[(folder, prefix)])
        for folder, prefix in sorted(groups, key=lambda k: (str(k[0]), k[1]))
    ]


def _load_run(folder: Path, prefix: str, files: Sequence[Path], advance: Callable[[], None]) -> Run:
    """One run from its task logs (``advance`` after each), its model named from the results file."""
    answers: list[Answer] = []
    seen: dict[str, Path] = {}
    for f in sorted(files):
        for a in read_samples(f):
            if a.question_id in seen:
                raise SynthDocUserError(
                    f"question {a.question_id} appears twice in one run ({seen[a.question_id].name} and "
                    f"{f.name}); pass each run's logs once"
                )
            seen[a.question_id] = f
            answers.append(a)
        advance()
    info = _results_info(folder, prefix)
    if not any(a.status == "valid" for a in answers):
        raise SynthDocUserError(
            f"{folder / (prefix or files[0].name)}: no answer has a judge score (all -1 or not judged); "
            "score the logs with `synthdocbench judge` before reporting"
        )
    return Run(
        model=info.get("model") or folder.name,
        judge=_main_judge(answers),
        source=str(folder / prefix) if prefix else str(files[0]),
        files=sorted(files),
        answers=answers,
        model_args=info.get("model_args", ""),
        date=prefix,
        dataset_path=info.get("dataset_path"),
        protocol=info.get("protocol", {}),
    )


def load_runs(paths: Sequence[Path]) -> list[Run]:
    """Group samples logs into runs (folder + date prefix) and name each run's model."""
    with progress_bar("reading samples logs", len(paths)) as advance:
        runs = [_load_run(folder, prefix, files, advance) for folder, prefix, files in run_groups(paths)]
    _label(runs)
    return runs


def _label(runs: list[Run]) -> None:
    """Model labels, unique per judge: clashes get the folder name, then the date prefix."""
    for r in runs:
        r.label = r.model
    for attempt in ("folder", "date", "index"):
        clashes: dict[tuple[str, str], list[Run]] = defaultdict(list)
        for r in runs:
            clashes[(r.label, r.judge)].append(r)
        clashing = [group for group in clashes.values() if len(group) > 1]
        if not clashing:
            return
        for group in clashing:
            for i, r in enumerate(group):
                tag = {"folder": Path(r.source).parent.name, "date": r.date, "index": str(i + 1)}[attempt]
                r.label = f"{r.label}@{tag}" if tag else r.label


@contextmanager
def datasets_quietly() -> Iterator[None]:
    """``datasets`` without its progress bars (restored as they were afterwards)."""
    import datasets

    bars = datasets.is_progress_bar_enabled()
    datasets.disable_progress_bars()
    try:
        yield
    finally:
        if bars:
            datasets.enable_progress_bars()


def _rows(dataset: Any) -> list[dict[str, Any]]:
    return [dict(row) for row in dataset]


def load_documents(location: str | None, source: str) -> DocumentInfo:
    """Per-document strata and question texts of a dataset folder or Hub id (None: a note)."""
    if not location:
        return DocumentInfo(
            note="no dataset given (--dataset or SYNTHDOC_DATASET), so the archetype and domain "
            "tables are skipped"
        )
    from ..dataset import load_config, resolve_location

    resolved = resolve_location(location)  # ORG/NAME@REVISION is read at that revision
    try:
        with datasets_quietly():
            docs = load_config(
                resolved, "documents", ["doc_id", "archetype", "domain", "topic", "page_count", "chart_count"]
            )
            questions: dict[str, dict[str, str]] = {}
            for config in ("chart", "cross_modal", "complex"):
                rows = load_config(resolved, config, ["question_id", "question", "answer"])
                for row in _rows(rows):
                    questions[str(row["question_id"])] = {
                        "question": row["question"],
                        "answer": row["answer"],
                    }
    except Exception as exc:  # datasets raises many types; the user needs one line
        reason = first_line(exc)
        raise SynthDocUserError(f"cannot read the dataset {location} ({source}): {reason}") from None
    by_doc = {str(row["doc_id"]): row for row in _rows(docs)}
    return DocumentInfo(
        by_doc=by_doc, questions=questions, location=resolved, note=f"dataset: {location} ({source})"
    )


def choose_dataset(option: str | None, runs: Sequence[Run]) -> tuple[str | None, str]:
    """The dataset to join: the option, else SYNTHDOC_DATASET, else a local path the run logged."""
    if option:
        return option, "--dataset"
    from ..settings import DATASET_VAR, load_settings

    env = load_settings().dataset
    if env:
        return env, DATASET_VAR
    for run in runs:
        if run.dataset_path and Path(run.dataset_path).is_dir():
            return run.dataset_path, f"dataset_path in the results file of {run.label}"
    return None, ""
