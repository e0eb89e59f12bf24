"""Export a generation folder as the published dataset: Parquet configs plus the card.

Reads ``GEN/config.json`` and every finished ``GEN/docs/<doc_id>/`` (one with ``DONE``),
validates manifests and questions with the schema models and writes the layout of
``docs/data-layout.md``: the Parquet configs, and each document's PDF as a file
``pdfs/<doc_id>.pdf`` (the ``documents`` config names it in ``pdf_path``), so a reader of a Hub
copy downloads only the PDFs it needs. Everything is written into a hidden sibling folder first and
renamed into place at the end, so a crash never leaves half a dataset. Same input -> the
same bytes: rows are sorted, the Arrow schema is explicit and the Parquet writer options
are pinned (the bytes still depend on the pyarrow version, which stamps ``created_by``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shlex
import shutil
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

import pyarrow as pa
import pyarrow.parquet as pq
from pydantic import BaseModel, ValidationError

from generation.plan.config import GenerationConfig
from generation.plan.folders import is_finished
from generation.run.atomic import dumps_json
from hf_card.card import (
    CONFIGS,
    DOCUMENTS_CONFIG,
    PDF_CONFIG,
    QUESTION_CONFIGS,
    CardInfo,
    DocumentStats,
    QuestionStats,
    build_card,
    pdf_schema,
)
from synthdocbench_tasks.atomic import make_temp_dir
from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.mupdf import load_pymupdf
from synthdocbench_tasks.progress import progress_bar
from synthdocbench_tasks.schema import DocumentManifest, Question

log = logging.getLogger(__name__)

PARQUET_NAME = "test-00000-of-00001.parquet"
#: Pinned so the same rows always give the same bytes (pyarrow defaults may change).
PARQUET_OPTIONS: dict[str, Any] = {
    "compression": "zstd",
    "compression_level": 3,
    "version": "2.6",
    "data_page_version": "1.0",
    "data_page_size": 1 << 20,
    "use_dictionary": True,
    "write_statistics": True,
    "write_page_index": False,
    "store_schema": True,
}
QUESTION_ROW_GROUP = 10_000
#: Documents per row group of the documents config (its rows are small: the PDFs are files).
DOCUMENT_ROW_GROUP = 16
#: Where each document's PDF is written, as ``pdfs/<doc_id>.pdf``.
PDF_FOLDER = "pdfs"
#: What may already be in an output folder that export replaces (a previous export).
_REPLACEABLE = {"README.md", "data", PDF_FOLDER}

_PRIMITIVES: dict[Any, pa.DataType] = {
    str: pa.string(),
    int: pa.int64(),
    float: pa.float64(),
    bool: pa.bool_(),
    bytes: pa.binary(),
}

DOCUMENT_SCHEMA = pa.schema(
    [
        ("doc_id", pa.string()),
        ("pdf_path", pa.string()),
        ("manifest", pa.string()),
        ("page_count", pa.int64()),
        ("pdf_sha256", pa.string()),
        ("pdf_pages", pa.int64()),
        ("word_count", pa.int64()),
        ("chart_count", pa.int64()),
        ("archetype", pa.string()),
        ("topic", pa.string()),
        ("domain", pa.string()),
    ]
)


class ExportError(SynthDocUserError):
    """The generation folder cannot be exported: one line naming the file and what to do."""


@dataclass(frozen=True)
class ExportSummary:
    """What one export wrote and what it skipped."""

    out_dir: Path
    #: Rows per config (chart, cross_modal, complex, documents).
    rows: dict[str, int]
    #: Doc folders without DONE (unfinished), left out of the export.
    skipped: tuple[str, ...]
    warnings: tuple[str, ...]

    def __str__(self) -> str:
        counts = ", ".join(f"{c} {n}" for c, n in self.rows.items())
        text = f"exported {self.out_dir}: {counts}"
        if self.skipped:
            text += f"; skipped {len(self.skipped)} unfinished document(s): {', '.join(self.skipped)}"
        return text


def arrow_type(annotation: Any) -> pa.DataType:
    """The Arrow type of a pydantic field annotation (models become structs)."""
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return arrow_type(args[0])
    elif origin is Literal:
        kinds = {type(v) for v in get_args(annotation)}
        if len(kinds) == 1 and next(iter(kinds)) in _PRIMITIVES:
            return _PRIMITIVES[next(iter(kinds))]
    elif origin is list:
        return pa.list_(arrow_type(get_args(annotation)[0]))
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return pa.struct(model_fields(annotation))
    elif annotation in _PRIMITIVES:
        return _PRIMITIVES[annotation]
    raise TypeError(f"no Arrow type for field annotation {annotation!r}")


def model_fields(model: type[BaseModel]) -> list[pa.Field]:
    """One Arrow field per model field, in declaration order."""
    return [pa.field(name, arrow_type(info.annotation)) for name, info in model.model_fields.items()]


def question_schema() -> pa.Schema:
    """The Arrow schema of the question configs, derived from :class:`Question`."""
    return pa.schema(model_fields(Question))


def _one_line(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "record"
    return f"{where}: {err['msg']}"


def _fix_hint(doc_dir: Path) -> str:
    return f"delete {doc_dir / 'DONE'} and rerun `synthdocbench generate` to rebuild that document"


def _read_config(gen_dir: Path) -> GenerationConfig:
    path = gen_dir / "config.json"
    if not path.is_file():
        raise ExportError(f"{path} is missing; is {gen_dir} a folder written by `synthdocbench generate`?")
    try:
        return GenerationConfig.model_validate_json(path.read_text(encoding="utf-8"))
    except ValidationError as exc:
        raise ExportError(
            f"{path} is not a valid generation config ({_one_line(exc)}); fix or regenerate it"
        ) from None


def _read_manifest(doc_dir: Path) -> DocumentManifest:
    path = doc_dir / "manifest.json"
    if not path.is_file():
        raise ExportError(f"{path} is missing although DONE exists; {_fix_hint(doc_dir)}")
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ExportError(
            f"{path} line {exc.lineno}: not valid JSON ({exc.msg}); {_fix_hint(doc_dir)}"
        ) from None
    try:
        manifest = DocumentManifest.model_validate(data)
    except ValidationError as exc:
        raise ExportError(f"{path}: invalid manifest ({_one_line(exc)}); {_fix_hint(doc_dir)}") from None
    if manifest.doc_id != doc_dir.name:
        raise ExportError(
            f"{path} names doc_id {manifest.doc_id!r} but sits in folder {doc_dir.name!r}; "
            + _fix_hint(doc_dir)
        )
    return manifest


def _read_questions(doc_dir: Path) -> list[Question]:
    path = doc_dir / "questions.jsonl"
    if not path.is_file():
        raise ExportError(f"{path} is missing although DONE exists; {_fix_hint(doc_dir)}")
    questions: list[Question] = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            q = Question.model_validate(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ExportError(
                f"{path} line {lineno}: not valid JSON ({exc.msg}); {_fix_hint(doc_dir)}"
            ) from None
        except ValidationError as exc:
            raise ExportError(
                f"{path} line {lineno}: invalid question ({_one_line(exc)}); {_fix_hint(doc_dir)}"
            ) from None
        if q.doc_id != doc_dir.name:
            raise ExportError(
                f"{path} line {lineno}: question {q.question_id} names doc_id {q.doc_id!r}; "
                + _fix_hint(doc_dir)
            )
        questions.append(q)
    return questions


def _read_pdf(doc_dir: Path, manifest: DocumentManifest) -> bytes:
    path = doc_dir / "document.pdf"
    if not path.is_file():
        raise ExportError(f"{path} is missing although DONE exists; {_fix_hint(doc_dir)}")
    data = path.read_bytes()
    if not data.startswith(b"%PDF-"):
        raise ExportError(f"{path} is not a PDF (no %PDF- header); {_fix_hint(doc_dir)}")
    try:
        with load_pymupdf().open(stream=data, filetype="pdf") as pdf:
            pages = pdf.page_count
    except (RuntimeError, ValueError) as exc:  # pymupdf's FileDataError is a RuntimeError
        raise ExportError(f"{path} is not a readable PDF ({exc}); {_fix_hint(doc_dir)}") from None
    if pages != manifest.page_count:
        raise ExportError(
            f"{path} has {pages} pages but its manifest says {manifest.page_count}; {_fix_hint(doc_dir)}"
        )
    return data


def _doc_dirs(gen_dir: Path) -> tuple[list[Path], list[str]]:
    """Finished doc folders (sorted by doc_id) and the names of unfinished ones."""
    docs = gen_dir / "docs"
    if not docs.is_dir():
        raise ExportError(f"{docs} is missing; run `synthdocbench generate --out {gen_dir}` first")
    folders = sorted(p for p in docs.iterdir() if p.is_dir() and not p.name.startswith("."))
    done = [d for d in folders if is_finished(d)]
    return done, [d.name for d in folders if d not in done]


def _check_out_dir(out_dir: Path, gen_dir: Path) -> None:
    if out_dir.resolve() == gen_dir.resolve() or gen_dir.resolve() in out_dir.resolve().parents:
        raise ExportError(
            f"--out {out_dir} lies inside the generation folder {gen_dir}; choose a folder outside it"
        )
    if out_dir.exists() and not out_dir.is_dir():
        raise ExportError(f"{out_dir} exists and is not a folder; choose another --out")
    if out_dir.is_dir():
        foreign = sorted(p.name for p in out_dir.iterdir() if p.name not in _REPLACEABLE)
        if foreign:
            raise ExportError(
                f"{out_dir} holds files that are not a SynthDocBench export ({', '.join(foreign[:5])}); "
                "choose an empty or new folder for --out"
            )


def _writer(path: Path, schema: pa.Schema) -> pq.ParquetWriter:
    path.parent.mkdir(parents=True, exist_ok=True)
    return pq.ParquetWriter(path, schema, **PARQUET_OPTIONS)


def pdf_relpath(doc_id: str) -> str:
    """Where a document's PDF lies in the export (and in the Hub repo)."""
    return f"{PDF_FOLDER}/{doc_id}.pdf"


def _document_row(manifest: DocumentManifest, pdf: bytes) -> dict[str, Any]:
    """The documents row; ``pdf_sha256``/``pdf_pages`` identify its PDF (``_read_pdf`` checked the pages)."""
    return {
        "doc_id": manifest.doc_id,
        "pdf_path": pdf_relpath(manifest.doc_id),
        "manifest": dumps_json(manifest.model_dump(mode="json")),
        "page_count": manifest.page_count,
        "pdf_sha256": hashlib.sha256(pdf).hexdigest(),
        "pdf_pages": manifest.page_count,
        "word_count": manifest.word_count,
        "chart_count": len(manifest.charts),
        "archetype": manifest.archetype,
        "topic": manifest.topic,
        "domain": manifest.domain,
    }


def _document_stats(manifest: DocumentManifest) -> DocumentStats:
    return DocumentStats(
        doc_id=manifest.doc_id,
        page_count=manifest.page_count,
        word_count=manifest.word_count,
        chart_count=len(manifest.charts),
        archetype=manifest.archetype,
        chart_types=tuple(c.chartType for c in manifest.charts),
    )


def regenerate_command(config: GenerationConfig) -> str:
    """The shell commands that rebuild an export from its settings saved as ``generation.yaml``."""
    generate = ["synthdocbench", "generate", "--config", "generation.yaml"]
    generate += ["--seed", str(config.seed), "--n-docs", str(config.n_docs), "--out", "gen"]
    return shlex.join(generate) + "\n" + shlex.join(["synthdocbench", "export", "gen", "--out", "dataset"])


@dataclass
class _Collected:
    questions: dict[str, Question] = field(default_factory=dict)
    sources: dict[str, Path] = field(default_factory=dict)
    documents: list[DocumentStats] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def add_questions(self, path: Path, questions: list[Question]) -> None:
        for q in questions:
            if q.question_id in self.questions:
                raise ExportError(
                    f"question_id {q.question_id} appears in both {self.sources[q.question_id]} and {path}; "
                    "regenerate one of the two documents"
                )
            self.questions[q.question_id] = q
            self.sources[q.question_id] = path
        if not questions:
            self.warnings.append(f"{path} holds no questions")


def _write_documents(doc_dirs: list[Path], root: Path, collected: _Collected) -> None:
    """Validate every finished document, write its PDF file and the documents config, and
    collect the questions."""
    rows: list[dict[str, Any]] = []
    (root / PDF_FOLDER).mkdir(parents=True, exist_ok=True)
    with (
        _writer(root / "data" / DOCUMENTS_CONFIG / PARQUET_NAME, DOCUMENT_SCHEMA) as writer,
        progress_bar("exporting", len(doc_dirs)) as advance,
    ):
        for doc_dir in doc_dirs:
            advance()
            manifest = _read_manifest(doc_dir)
            collected.add_questions(doc_dir / "questions.jsonl", _read_questions(doc_dir))
            pdf = _read_pdf(doc_dir, manifest)
            (root / pdf_relpath(manifest.doc_id)).write_bytes(pdf)
            rows.append(_document_row(manifest, pdf))
            collected.documents.append(_document_stats(manifest))
            if len(rows) == DOCUMENT_ROW_GROUP:
                writer.write_table(pa.Table.from_pylist(rows, schema=DOCUMENT_SCHEMA))
                rows = []
        if rows:
            writer.write_table(pa.Table.from_pylist(rows, schema=DOCUMENT_SCHEMA))


def _write_pdf_config(root: Path) -> None:
    """The ``pdfs`` config: every exported PDF as a ``datasets`` ``Pdf`` column, one row group
    per document (the loose ``pdfs/<doc_id>.pdf`` files stay for per-document downloads)."""
    schema = pdf_schema()
    with _writer(root / "data" / PDF_CONFIG / PARQUET_NAME, schema) as writer:
        for path in sorted((root / PDF_FOLDER).glob("*.pdf")):
            row = {"doc_id": path.stem, "pdf": {"bytes": path.read_bytes(), "path": path.name}}
            writer.write_table(pa.Table.from_pylist([row], schema=schema))


def _write_questions(questions: dict[str, Question], data_dir: Path) -> dict[str, int]:
    """One Parquet file per subset, rows sorted by question_id; returns rows per subset."""
    schema = question_schema()
    by_subset: dict[str, list[dict[str, Any]]] = {s: [] for s in QUESTION_CONFIGS}
    for qid in sorted(questions):
        q = questions[qid]
        by_subset[q.subset].append(q.model_dump(mode="python"))
    for subset, rows in by_subset.items():
        with _writer(data_dir / subset / PARQUET_NAME, schema) as writer:
            if rows:  # an empty config is a file with the schema and no row group
                writer.write_table(
                    pa.Table.from_pylist(rows, schema=schema), row_group_size=QUESTION_ROW_GROUP
                )
    return {s: len(rows) for s, rows in by_subset.items()}


def _write_export(
    gen_dir: Path, tmp: Path, repo_id: str | None
) -> tuple[dict[str, int], list[str], list[str]]:
    """Write the whole export into ``tmp``; returns rows per config, skipped doc ids, warnings."""
    config = _read_config(gen_dir)
    doc_dirs, skipped = _doc_dirs(gen_dir)
    if not doc_dirs:
        raise ExportError(
            f"{gen_dir / 'docs'} has no finished documents (none has DONE); "
            f"run `synthdocbench generate --out {gen_dir}` to finish them"
        )
    collected = _Collected()
    collected.warnings += [
        f"{gen_dir / 'docs' / name} has no DONE file (unfinished); skipped" for name in skipped
    ]
    _write_documents(doc_dirs, tmp, collected)
    _write_pdf_config(tmp)
    if not collected.questions:
        raise ExportError(
            f"no questions in any {gen_dir / 'docs'}/*/questions.jsonl; "
            "set questions_per_subset above 0 and regenerate"
        )
    rows = {**_write_questions(collected.questions, tmp / "data"), DOCUMENTS_CONFIG: len(collected.documents)}
    collected.warnings += [
        f"subset {s} has no questions; its Parquet file has the columns, "
        "but `datasets` cannot load an empty split"
        for s in QUESTION_CONFIGS
        if rows[s] == 0
    ]
    info = CardInfo(
        documents=collected.documents,
        questions=[QuestionStats(q.subset, q.category, q.difficulty) for q in collected.questions.values()],
        generation_config=config.model_dump(mode="json"),
        regenerate_command=regenerate_command(config),
        repo_id=repo_id,
    )
    (tmp / "README.md").write_text(build_card(tmp, info), encoding="utf-8")
    return {c: rows[c] for c in CONFIGS}, skipped, collected.warnings


def _publish(tmp: Path, out_dir: Path) -> None:
    """Move the finished export into place; a previous export is replaced only once the new one is whole."""
    if not out_dir.exists():
        os.rename(tmp, out_dir)
        return
    backup = out_dir.with_name(f".{out_dir.name}.old-{os.getpid()}")
    os.rename(out_dir, backup)
    try:
        os.rename(tmp, out_dir)
    except BaseException:
        os.rename(backup, out_dir)
        raise
    shutil.rmtree(backup)


def export_dataset(gen_dir: Path, out_dir: Path, *, repo_id: str | None = None) -> ExportSummary:
    """Export the finished documents of ``gen_dir`` to the dataset folder ``out_dir``.

    ``repo_id`` (``ORG/NAME``) is only used in the card's loading example. Raises
    :class:`ExportError` (one line) for a missing folder, a corrupt or invalid file, or no
    questions; ``out_dir`` is then left as it was.
    """
    gen_dir, out_dir = Path(gen_dir), Path(out_dir)
    if not gen_dir.is_dir():
        raise ExportError(
            f"generation folder {gen_dir} does not exist; run `synthdocbench generate --out {gen_dir}`"
        )
    _check_out_dir(out_dir, gen_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = make_temp_dir(out_dir.parent, prefix=f".{out_dir.name}.tmp-")  # 0777 less the umask
    try:
        rows, skipped, warnings = _write_export(gen_dir, tmp, repo_id)
        _publish(tmp, out_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    for warning in warnings:
        log.warning(warning)
    return ExportSummary(out_dir=out_dir, rows=rows, skipped=tuple(skipped), warnings=tuple(warnings))
