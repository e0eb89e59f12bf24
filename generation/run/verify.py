"""``synthdocbench verify``: is a (sharded) generation output complete and consistent?

A big run is often written by many machines: shards of one config into one shared folder, or
each shard into its own folder (SLURM array tasks, Kubernetes indexed jobs, copies synced down
from a bucket). :func:`verify_output` checks the folders of one run together:

- every folder's ``config.json`` is a valid config with the same digest (``workers`` aside:
  it changes no output), and the same as ``--config`` when one is given;
- every document the config (and ``--shard K/N``) expects is present and finished (``DONE``),
  with every file: the manifest and question records valid against
  :mod:`synthdocbench_tasks.schema` and in the canonical JSON form the pipeline writes (a
  truncated or hand-edited file is not), a PDF whose pages match the manifest, and a
  ``targets.json`` equal to what this config asks of that document (a document made with other
  settings is caught even inside a folder whose ``config.json`` agrees);
- no partial files (``.*.tmp`` from an interrupted write), no unfinished document folders, no
  stray files or documents of another config, no document that differs between two folders.

Every problem is one line naming the file and what to do; nothing is changed on disk.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from generation.document.targets import document_targets
from generation.plan.config import GenerationConfig, Run
from generation.plan.folders import DONE, is_finished
from generation.plan.rng import doc_id_for
from generation.run.atomic import dumps_json
from generation.run.pipeline import DOC_FILES
from generation.run.setup import check_shard, output_settings
from synthdocbench_tasks.errors import first_line
from synthdocbench_tasks.schema import SUBSETS, DocumentManifest, Question

_DOC_ID = re.compile(r"sdb-(-?\d+)-(\d{5,})")
_REJECTED_KEYS = {"question_id", "rule", "detail"}
_RERUN = "rerun `synthdocbench generate` with the same config to redo it"


class VerifyError(ValueError):
    """The folders cannot be verified at all (missing folder, no config anywhere); one line."""


@dataclass
class VerifyReport:
    """What :func:`verify_output` found for one run (its folders together)."""

    folders: list[Path]
    expected: int = 0
    complete: int = 0
    digest: str = ""
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        where = ", ".join(str(f) for f in self.folders)
        if self.ok:
            return (
                f"{where}: {self.complete} of {self.expected} documents complete and consistent "
                f"(config {self.digest})"
            )
        return (
            f"{where}: {len(self.problems)} problem(s); {self.complete} of {self.expected} documents "
            f"complete and consistent (config {self.digest or 'unknown'})"
        )


def config_digest(config: GenerationConfig) -> str:
    """A short digest of everything in the config that changes output (``workers`` does not)."""
    data = output_settings(config.model_dump(mode="json"))
    return hashlib.sha256(dumps_json(data).encode("utf-8")).hexdigest()[:12]


def _first_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "record"
        return f"{loc}: {err['msg']}".splitlines()[0]
    return first_line(exc)


def _read_config(path: Path) -> tuple[GenerationConfig | None, str | None]:
    """The config in ``path`` or a one-line problem."""
    if not path.is_file():
        return None, f"{path}: missing; this folder was not written by `synthdocbench generate`"
    try:
        return GenerationConfig.model_validate_json(path.read_bytes()), None
    except (ValidationError, ValueError, OSError) as exc:
        return None, f"{path}: not a valid generation config ({_first_error(exc)}); restore it or regenerate"


def _canonical_json(path: Path) -> tuple[Any, str | None]:
    """The JSON in ``path`` when it is in the pipeline's canonical form, else a problem line."""
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        data = json.loads(text)
    except ValueError as exc:
        return None, f"{path}: not valid JSON ({_first_error(exc)}): truncated or corrupt; {_RERUN}"
    if text != dumps_json(data):
        return None, f"{path}: not in the canonical form the generator writes (edited or truncated); {_RERUN}"
    return data, None


def _jsonl(path: Path) -> Iterator[tuple[int, str | None, str]]:
    """(line number, problem or None, line) for each line; a last line without newline is a problem."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if text and not text.endswith("\n"):
        yield 0, f"{path}: the last line has no newline: truncated; {_RERUN}", ""
        return
    for number, line in enumerate(text.splitlines(), start=1):
        yield number, None, line


def _check_manifest(
    folder: Path, doc_id: str, config: GenerationConfig
) -> tuple[DocumentManifest | None, list[str]]:
    path = folder / "manifest.json"
    data, problem = _canonical_json(path)
    if problem is not None:
        return None, [problem]
    try:
        manifest = DocumentManifest.model_validate(data)
    except ValidationError as exc:
        return None, [f"{path}: not a valid document manifest ({_first_error(exc)}); {_RERUN}"]
    problems = []
    if manifest.doc_id != doc_id:
        problems.append(f"{path}: doc_id is {manifest.doc_id!r} in the folder of {doc_id}; {_RERUN}")
    if manifest.seed != config.seed:
        problems.append(f"{path}: seed {manifest.seed} but the config's seed is {config.seed}; {_RERUN}")
    if manifest.renderer != config.renderer:
        problems.append(
            f"{path}: renderer {manifest.renderer} but the config asks for {config.renderer}; "
            f"made with other settings; {_RERUN}"
        )
    if manifest.archetype not in config.archetypes:
        problems.append(
            f"{path}: archetype {manifest.archetype} is not among the config's archetypes; "
            f"made with other settings; {_RERUN}"
        )
    return manifest, problems


def _check_questions(folder: Path, doc_id: str, config: GenerationConfig) -> list[str]:
    path = folder / "questions.jsonl"
    problems: list[str] = []
    seen: set[str] = set()
    per_subset = dict.fromkeys(SUBSETS, 0)
    for number, problem, line in _jsonl(path):
        if problem is not None:
            return [problem]
        try:
            question = Question.model_validate_json(line)
        except ValidationError as exc:
            return [f"{path}: line {number} is not a valid question ({_first_error(exc)}); {_RERUN}"]
        if question.doc_id != doc_id:
            return [f"{path}: line {number} belongs to {question.doc_id}, not {doc_id}; {_RERUN}"]
        if question.question_id in seen:
            return [f"{path}: line {number} repeats question_id {question.question_id}; {_RERUN}"]
        seen.add(question.question_id)
        per_subset[question.subset] += 1
    for subset, count in per_subset.items():
        if count > config.questions_per_subset:
            problems.append(
                f"{path}: {count} {subset} questions but the config asks for "
                f"{config.questions_per_subset}; made with other settings; {_RERUN}"
            )
    return problems


def _check_rejected(folder: Path) -> list[str]:
    path = folder / "rejected.jsonl"
    for number, problem, line in _jsonl(path):
        if problem is not None:
            return [problem]
        try:
            record = json.loads(line)
        except ValueError:
            return [f"{path}: line {number} is not JSON; {_RERUN}"]
        if not isinstance(record, dict) or set(record) != _REJECTED_KEYS:
            return [f"{path}: line {number} must hold exactly question_id, rule and detail; {_RERUN}"]
    return []


def _check_targets(folder: Path, config: GenerationConfig, index: int) -> list[str]:

    path = folder / "targets.json"
    data, problem = _canonical_json(path)
    if problem is not None:
        return [problem]
    if not isinstance(data, dict):
        return [f"{path}: must hold a JSON object; {_RERUN}"]
    expected = document_targets(config, index).as_json()
    recorded = {k: v for k, v in data.items() if k != "rewrite"}
    if recorded != expected:
        keys = sorted(set(recorded) | set(expected))
        diff = next(k for k in keys if recorded.get(k) != expected.get(k))
        return [
            f"{path}: {diff} is {recorded.get(diff)!r} but this config gives {expected.get(diff)!r}: "
            f"the document was made with other settings; {_RERUN}"
        ]
    return []


def _check_pdf(folder: Path, manifest: DocumentManifest | None) -> list[str]:
    import pymupdf

    path = folder / "document.pdf"
    data = path.read_bytes()
    if not data.startswith(b"%PDF-") or b"%%EOF" not in data[-1024:]:
        return [f"{path}: not a complete PDF (no %PDF header or %%EOF trailer): truncated; {_RERUN}"]
    try:
        with pymupdf.open(stream=data, filetype="pdf") as pdf:
            pages = pdf.page_count
    except Exception as exc:  # PyMuPDF raises its own types for broken files
        return [f"{path}: PyMuPDF cannot open it ({_first_error(exc)}); {_RERUN}"]
    if manifest is not None and pages != manifest.page_count:
        return [f"{path}: {pages} pages but the manifest says {manifest.page_count}; {_RERUN}"]
    return []


def _check_html(folder: Path) -> list[str]:
    path = folder / "document.html"
    data = path.read_bytes()
    if not data.lstrip().lower().startswith(b"<!doctype html") or not data.rstrip().endswith(b"</html>"):
        return [f"{path}: not a complete HTML document (truncated); {_RERUN}"]
    return []


def check_document(folder: Path, config: GenerationConfig, index: int) -> list[str]:
    """The problems of one finished document folder (empty when it is complete and consistent)."""
    doc_id = doc_id_for(config.seed, index)
    missing = [name for name in DOC_FILES if not (folder / name).is_file()]
    if missing:
        return [f"{folder / name}: missing although DONE is there; {_RERUN}" for name in missing]
    manifest, problems = _check_manifest(folder, doc_id, config)
    problems += _check_questions(folder, doc_id, config)
    problems += _check_rejected(folder)
    problems += _check_targets(folder, config, index)
    problems += _check_pdf(folder, manifest)
    problems += _check_html(folder)
    return problems


def _stray_temp_files(folder: Path) -> list[str]:
    return [
        f"{path}: partial file left by an interrupted write; {_RERUN} (it removes the file)"
        for path in sorted(folder.rglob(".*.tmp"))
    ]


def _same_files(a: Path, b: Path) -> str | None:
    """The first file that differs between two finished copies of a document, or None."""
    for name in (*DOC_FILES, DONE):
        if (a / name).read_bytes() != (b / name).read_bytes():
            return name
    return None


def _foreign(doc: Path, config: GenerationConfig) -> str:
    match = _DOC_ID.fullmatch(doc.name)
    if not doc.is_dir() or match is None:
        return "not a document folder"
    if int(match.group(1)) != config.seed:
        return f"a document of seed {match.group(1)}, but the config's seed is {config.seed}"
    return f"index {int(match.group(2))} is past the config's {config.n_docs} documents"


def _reference_config(
    folders: list[Path], config: GenerationConfig | None, report: VerifyReport
) -> GenerationConfig:
    """The config every folder must match (``--config``, else the first readable config.json);
    a folder whose config.json is unreadable or differs is a problem of ``report``."""
    configs: dict[Path, GenerationConfig] = {}
    for folder in folders:
        found, problem = _read_config(folder / "config.json")
        if problem is not None:
            report.problems.append(problem)
        elif found is not None:
            configs[folder] = found
    reference = config if config is not None else next(iter(configs.values()), None)
    if reference is None:
        raise VerifyError(
            f"no readable config.json in {', '.join(str(f) for f in folders)}; pass --config CONFIG.yaml"
        )
    digest = config_digest(reference)
    report.digest = digest
    source = "--config" if config is not None else str(folders[0] / "config.json")
    for folder, found in configs.items():
        other = config_digest(found)
        if other != digest:
            report.problems.append(
                f"{folder / 'config.json'}: config digest {other} differs from {digest} ({source}): "
                "this shard was generated with other settings; regenerate it with the same config"
            )
    return reference


def verify_output(
    folders: list[Path], *, config: GenerationConfig | None = None, shard: tuple[int, int] | None = None
) -> VerifyReport:
    """Check that ``folders`` (the shard folders of one run, or one shared folder) are complete.

    ``config`` (from ``--config``) is what every folder's ``config.json`` must match; without
    it the first readable ``config.json`` is the reference. ``shard`` limits the documents
    expected to ``index % N == K`` (a bad one raises :class:`~generation.run.setup.PipelineError`).
    """
    k, n = check_shard(shard)
    report = VerifyReport(folders=list(folders))
    for folder in folders:
        if not folder.is_dir():
            raise VerifyError(
                f"{folder} is not a folder; pass the --out folder(s) of `synthdocbench generate`"
            )
    reference = _reference_config(folders, config, report)
    expected = {doc_id_for(reference.seed, i): i for i in range(reference.n_docs) if i % n == k}
    every_index = {doc_id_for(reference.seed, i) for i in range(reference.n_docs)}
    report.expected = len(expected)
    finished: dict[str, Path] = {}
    for folder in folders:
        report.problems += _stray_temp_files(folder)
        for entry in sorted(folder.iterdir()):
            if entry.name not in ("config.json", "docs") and not entry.name.startswith("."):
                report.problems.append(
                    f"{entry}: stray entry (a generation folder holds config.json and docs/)"
                )
        docs = folder / "docs"
        if not docs.is_dir():
            continue
        for doc in sorted(docs.iterdir()):
            if not doc.is_dir() or doc.name not in every_index:
                report.problems.append(f"{doc}: {_foreign(doc, reference)}; move it out of the output")
                continue
            if doc.name not in expected:
                continue  # another shard's document in a shared folder
            if not is_finished(doc):
                report.problems.append(f"{doc}: unfinished (no DONE); {_RERUN}")
                continue
            for entry in sorted(doc.iterdir()):
                if entry.name not in (*DOC_FILES, DONE) and not entry.name.endswith(".tmp"):
                    report.problems.append(f"{entry}: stray file in a document folder; remove it")
            if doc.name in finished:
                differs = _same_files(finished[doc.name], doc)
                if differs is not None:
                    report.problems.append(
                        f"{doc / differs}: differs from {finished[doc.name] / differs}; the two shards "
                        f"disagree on {doc.name}: regenerate one of them with the same config"
                    )
                continue
            finished[doc.name] = doc
    absent: list[tuple[str, int]] = []
    for doc_id, index in expected.items():
        if doc_id not in finished:
            if not any((f / "docs" / doc_id).is_dir() for f in folders):
                absent.append((doc_id, index))
            continue
        problems = check_document(finished[doc_id], reference, index)
        report.problems += problems
        report.complete += not problems
    report.problems += _missing_lines(absent, n)
    return report


def _missing_lines(absent: list[tuple[str, int]], stride: int) -> list[str]:
    """One line per run of consecutive missing documents (a lost shard is one line, not thousands)."""
    runs: list[list[tuple[str, int]]] = []
    for item in absent:
        if runs and item[1] == runs[-1][-1][1] + stride:
            runs[-1].append(item)
        else:
            runs.append([item])
    lines = []
    for run in runs:
        (first, lo), (last, hi) = run[0], run[-1]
        if len(run) == 1:
            lines.append(f"{first}: missing (document index {lo}); {_RERUN}")
        else:
            every = "" if stride == 1 else f" in steps of {stride}"
            lines.append(
                f"{first} .. {last}: {len(run)} documents missing (indices {lo}-{hi}{every}); {_RERUN}"
            )
    return lines


def run_groups(
    folders: list[Path], runs: list[Run] | None
) -> list[tuple[list[Path], GenerationConfig | None]]:
    """The folder groups to verify: one per run of a grid config, else the folders as one run.

    A folder without ``config.json`` whose subfolders have one is a grid output: its runs
    (subfolder names) are verified one by one, each across every given folder.
    """
    if runs is not None:
        return [([run.out_dir(f) for f in folders], run.config) for run in runs]
    if all((f / "config.json").is_file() or not f.is_dir() for f in folders):
        return [(folders, None)]
    names = sorted(
        {sub.name for f in folders if f.is_dir() for sub in f.iterdir() if (sub / "config.json").is_file()}
    )
    if not names:
        return [(folders, None)]
    return [([f / name for f in folders], None) for name in names]
