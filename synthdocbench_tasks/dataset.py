"""Where the benchmark data lives, and the documents behind the questions.

The location is ``SYNTHDOC_DATASET``: an exported dataset folder or a Hub repo id, optionally
pinned to a Hub revision as ``ORG/NAME@REVISION`` (a branch, tag or commit sha). It is
checked once, with one clear line when it cannot be used. Task YAMLs name
``!function synthdocbench_tasks.dataset.DATASET_PATH`` as their ``dataset_path`` and
``DATASET_KWARGS`` as their ``dataset_kwargs`` (the revision): lmms-eval resolves those tags
by ``getattr`` on this module only when it builds the task (not when it scans the task
folder) and uses what it gets as the value, so they must be values computed then, not at
import: the module-level ``__getattr__`` looks the name up in :data:`YAML_VALUES` and calls
the plain function it names (:func:`dataset_path`, :func:`dataset_kwargs`).

Each document's PDF is a file ``pdfs/<doc_id>.pdf`` of the dataset, read one document at a
time (for a Hub dataset downloaded per document by the Hub client, which caches it), so a run
fetches only the PDFs of the documents it evaluates. Exports older than that layout carry the
PDF bytes in the ``documents`` config instead; they are read from there.
"""

from __future__ import annotations

import hashlib
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import SynthDocUserError, first_line
from .settings import DATASET_VAR, load_settings

HOW_TO_GET_ONE = (
    "generate one with `synthdocbench generate --out runs/gen && "
    "synthdocbench export runs/gen --out runs/ds` "
    f"and set {DATASET_VAR}=runs/ds, or set {DATASET_VAR}=ORG/NAME (or ORG/NAME@REVISION) "
    "for a dataset on the Hub"
)

CONFIGS = ("chart", "cross_modal", "complex", "documents")
#: Where an export keeps each document's PDF, relative to the dataset root.
PDF_FOLDER = "pdfs"


def pdf_path(doc_id: str) -> str:
    """The path of a document's PDF inside the dataset (folder or Hub repo)."""
    return f"{PDF_FOLDER}/{doc_id}.pdf"


@dataclass(frozen=True)
class DatasetRef:
    """A checked dataset location: an absolute folder, or a Hub repo id and its revision."""

    path: str
    revision: str | None = None
    local: bool = True

    def __str__(self) -> str:
        return f"{self.path}@{self.revision}" if self.revision else self.path

    def load_kwargs(self) -> dict[str, Any]:
        """What ``datasets.load_dataset`` needs beyond the path and config: the revision."""
        return {"revision": self.revision} if self.revision else {}


def looks_like_repo_id(value: str) -> bool:
    parts = value.split("/")
    return len(parts) == 2 and all(parts) and not value.startswith((".", "~"))


def split_revision(value: str) -> tuple[str, str | None]:
    """``ORG/NAME@REVISION`` -> (``ORG/NAME``, ``REVISION``); no ``@`` -> (value, None)."""
    repo, sep, revision = value.partition("@")
    return (repo, revision) if sep else (value, None)


def check_hub_dataset(repo_id: str, variable: str, advice: str, revision: str | None = None) -> None:
    """One clear line if a Hub dataset (at ``revision``) cannot be reached; with the Hub
    offline, if nothing of it is in the local caches."""
    from huggingface_hub import HfApi, constants
    from huggingface_hub.errors import RevisionNotFoundError

    if constants.HF_HUB_OFFLINE:
        _check_cached(repo_id, variable, advice)
        return
    try:
        HfApi().dataset_info(repo_id, revision=revision, timeout=15)
    except RevisionNotFoundError:
        raise SynthDocUserError(
            f"{variable}={repo_id}@{revision}: the Hub dataset {repo_id} has no revision {revision!r} "
            "(a branch, tag or commit sha); give one that exists, or drop @REVISION for main"
        ) from None
    except Exception as exc:
        shown = f"{repo_id}@{revision}" if revision else repo_id
        raise SynthDocUserError(
            f"{variable}={shown}: the Hub dataset cannot be reached ({first_line(exc)}); {advice}"
        ) from None


def _check_cached(repo_id: str, variable: str, advice: str) -> None:
    """With ``HF_HUB_OFFLINE`` set, a Hub dataset must be in the hub cache (files downloaded by
    an earlier online run) or in the ``datasets`` cache; else one line saying so."""
    import os

    from huggingface_hub import constants
    from huggingface_hub.file_download import repo_folder_name

    hub = Path(constants.HF_HUB_CACHE) / repo_folder_name(repo_id=repo_id, repo_type="dataset")
    datasets_cache = Path(
        os.environ.get("HF_DATASETS_CACHE") or Path(constants.HF_HOME) / "datasets"
    ) / repo_id.replace("/", "___")
    if hub.is_dir() or datasets_cache.is_dir():
        return
    raise SynthDocUserError(
        f"{variable}={repo_id}: HF_HUB_OFFLINE is set and the Hub dataset is not in the local cache "
        f"({hub.parent}): run once with the Hub reachable (unset HF_HUB_OFFLINE) to cache it, or {advice}"
    )


def _check_location(value: str | None) -> DatasetRef:
    """A checked folder or a reachable Hub repo id (at its revision); else a clear error.
    An existing folder is a folder even when its path holds an ``@``."""
    if not value:
        raise SynthDocUserError(f"{DATASET_VAR} is not set: {HOW_TO_GET_ONE}")
    path = Path(value).expanduser()
    if path.exists():
        missing = [c for c in CONFIGS if not (path / "data" / c).is_dir()]
        if not (path / "README.md").is_file() or missing:
            raise SynthDocUserError(
                f"{DATASET_VAR}={value} is not an exported SynthDocBench dataset "
                f"(needs README.md and data/{{{','.join(CONFIGS)}}}); {HOW_TO_GET_ONE}"
            )
        check_export(path, value)
        return DatasetRef(str(path.resolve()))
    repo_id, revision = split_revision(value)
    if revision is not None and not revision.strip():
        raise SynthDocUserError(
            f"{DATASET_VAR}={value} ends with '@' but names no revision; write ORG/NAME@REVISION "
            "(a branch, tag or commit sha) or drop the '@'"
        )
    if looks_like_repo_id(repo_id):
        check_hub_dataset(repo_id, DATASET_VAR, HOW_TO_GET_ONE, revision)
        return DatasetRef(repo_id, revision, local=False)
    raise SynthDocUserError(
        f"{DATASET_VAR}={value} is neither an existing folder nor a Hub repo id; {HOW_TO_GET_ONE}"
    )


@lru_cache(maxsize=8)
def resolve_location(value: str | None) -> str:
    """The checked location as one string: an absolute folder path, ``ORG/NAME`` or
    ``ORG/NAME@REVISION`` (what :func:`document_store` and :func:`load_config` take).
    Checked once per value (``resolve_location.cache_clear()`` forgets)."""
    return str(_check_location(value))


def resolve_dataset(value: str | None) -> DatasetRef:
    """The checked location as a :class:`DatasetRef` (path, revision, local or Hub)."""
    return as_ref(resolve_location(value))


def as_ref(location: str | DatasetRef) -> DatasetRef:
    """A location string from :func:`resolve_location` (already checked) as a reference."""
    if isinstance(location, DatasetRef):
        return location
    if Path(location).is_dir():
        return DatasetRef(location)
    repo_id, revision = split_revision(location)
    return DatasetRef(repo_id, revision, local=False)


def load_config(location: str | DatasetRef, config: str, columns: list[str] | None = None) -> Any:
    """The test split of one config through ``datasets``, at the pinned revision."""
    import datasets

    ref = as_ref(location)
    kwargs: dict[str, Any] = ref.load_kwargs()
    if columns is not None:
        kwargs["columns"] = columns
    return datasets.load_dataset(ref.path, config, split="test", **kwargs)


def card_split_sizes(readme: Path, value: str) -> dict[str, int]:
    """``config -> rows of its test split`` as the card's YAML front matter declares them."""
    import yaml

    text = readme.read_text(encoding="utf-8", errors="replace")
    parts = text.split("---", 2) if text.startswith("---") else []
    try:
        meta = yaml.safe_load(parts[1]) if len(parts) == 3 else None
    except yaml.YAMLError:
        meta = None
    if not isinstance(meta, dict):
        raise SynthDocUserError(
            f"{DATASET_VAR}={value}: {readme} has no readable YAML front matter (the dataset card); "
            "re-export the dataset"
        )
    sizes: dict[str, int] = {}
    for info in meta.get("dataset_info") or []:
        if not isinstance(info, dict):
            continue
        for split in info.get("splits") or []:
            if isinstance(split, dict) and split.get("name") == "test" and "num_examples" in split:
                sizes[str(info.get("config_name"))] = int(split["num_examples"])
    return sizes


def check_export(path: Path, value: str) -> None:
    """Every Parquet file is readable, each config holds as many rows as the card says, and
    every question's document is in ``documents``; else one line naming the file or row."""
    import pyarrow.parquet as pq

    sizes = card_split_sizes(path / "README.md", value)
    doc_ids: dict[str, list[tuple[str, str]]] = {}  # config -> (doc_id, question_id)
    pdf_rows: list[dict[str, Any]] = []  # documents rows naming a PDF file (pdf_path)
    for config in CONFIGS:
        files = sorted((path / "data" / config).glob("*.parquet"))
        if not files:
            raise SynthDocUserError(
                f"{DATASET_VAR}={value}: data/{config} holds no Parquet file; re-export the dataset"
            )
        rows = 0
        pairs: list[tuple[str, str]] = []
        for f in files:
            columns = ["doc_id"] if config == "documents" else ["doc_id", "question_id"]
            try:
                if config == "documents" and "pdf_path" in pq.read_schema(f).names:
                    columns.append("pdf_path")
                table = pq.read_table(f, columns=columns)
            except Exception as exc:  # pyarrow raises several types for damaged files
                reason = first_line(exc)
                raise SynthDocUserError(
                    f"{DATASET_VAR}={value}: {f} is not a readable Parquet file of the {config} config "
                    f"({reason}); re-export the dataset"
                ) from None
            rows += table.num_rows
            if "pdf_path" in columns:
                pdf_rows += table.to_pylist()
            ids = table.column("doc_id").to_pylist()
            qids = table.column("question_id").to_pylist() if config != "documents" else ids
            pairs.extend(zip(ids, qids, strict=True))
        expected = sizes.get(config)
        if expected is not None and rows != expected:
            raise SynthDocUserError(
                f"{DATASET_VAR}={value}: data/{config} holds {rows} rows but the card (README.md) "
                f"says {expected}: the files and the card disagree; re-export the dataset"
            )
        doc_ids[config] = pairs
    known = {doc_id for doc_id, _ in doc_ids["documents"]}
    for config in CONFIGS[:-1]:
        for doc_id, question_id in doc_ids[config]:
            if doc_id not in known:
                raise SynthDocUserError(
                    f"{DATASET_VAR}={value}: document {doc_id} (asked by {config} question {question_id}) "
                    "is not in data/documents; re-export the dataset so questions and documents match"
                )
    check_pdf_files(path, value, pdf_rows)


def check_pdf_files(path: Path, value: str, rows: list[dict[str, Any]]) -> None:
    """Every document's ``pdf_path`` is ``pdfs/<doc_id>.pdf`` and that file exists."""
    for row in rows:
        expected = pdf_path(str(row["doc_id"]))
        if row["pdf_path"] != expected:
            raise SynthDocUserError(
                f"{DATASET_VAR}={value}: document {row['doc_id']} names its PDF {row['pdf_path']!r}, "
                f"not {expected!r}; re-export the dataset"
            )
        if not (path / expected).is_file():
            raise SynthDocUserError(
                f"{DATASET_VAR}={value}: {path / expected} (the PDF of document {row['doc_id']}) is "
                "missing; re-export the dataset"
            )


def dataset_location() -> str:
    return resolve_location(load_settings().dataset)


def dataset_path() -> str:
    """The task YAMLs' ``dataset_path`` (``DATASET_PATH``): the folder or Hub repo id."""
    return as_ref(dataset_location()).path


def dataset_kwargs() -> dict[str, Any]:
    """The task YAMLs' ``dataset_kwargs`` (``DATASET_KWARGS``): the Hub revision, if pinned."""
    return as_ref(dataset_location()).load_kwargs()


#: The module attributes task YAMLs read as values, each computed by a plain function when
#: lmms-eval builds a task (``tests/synthdocbench_tasks/test_hook_names.py`` checks the YAMLs).
YAML_VALUES: dict[str, Callable[[], Any]] = {"DATASET_PATH": dataset_path, "DATASET_KWARGS": dataset_kwargs}


def __getattr__(name: str) -> Any:
    if name in YAML_VALUES:
        return YAML_VALUES[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Columns of the ``documents`` config read as the index (never the PDF bytes).
INDEX_COLUMNS = ("doc_id", "page_count", "word_count", "chart_count", "archetype", "topic", "domain")
#: Columns that identify a document's PDF (exports since issue 26): its SHA-256 and page count.
PDF_CHECK_COLUMNS = ("pdf_sha256", "pdf_pages")


class DocumentStore:
    """The documents of one dataset: each PDF read when first asked for, one document at a time.

    A folder's PDF is ``<folder>/pdfs/<doc_id>.pdf``; a Hub dataset's is downloaded with
    ``huggingface_hub.hf_hub_download`` at the pinned revision (the Hub client's cache keeps
    it). Exports without ``pdfs/`` (older ones) are read from the ``documents`` config's
    ``pdf`` column. The index (``row``) is the ``documents`` config without the PDF bytes.

    Every PDF read is checked against its row's ``pdf_sha256`` (a swapped or edited file is
    one line naming the document); :meth:`pages` is the count the strip builder checks before
    rasterising. Older exports have no such columns: a warning says so once per dataset, and
    the pages are checked against ``page_count``. A Hub dataset's rows are checked once its
    documents config has been read (the viewer, ``budget``); an evaluation fetches only the
    PDFs it needs and downloads no documents config for the check.
    """

    def __init__(self, location: str | DatasetRef) -> None:
        self.ref = as_ref(location)
        self.location = str(self.ref)
        self._lock = threading.Lock()
        self._index: dict[str, dict[str, Any]] | None = None
        self._files: dict[str, Path] = {}
        self._legacy: Any = None
        self._warned = False

    # --- the index ---------------------------------------------------------------------

    def _documents_files(self) -> list[Path]:
        return sorted((Path(self.ref.path) / "data" / "documents").glob("*.parquet"))

    def _load_index(self) -> dict[str, dict[str, Any]]:
        if self.ref.local:
            import pyarrow.parquet as pq

            rows: list[dict[str, Any]] = []
            for f in self._documents_files():
                names = pq.read_schema(f).names
                wanted = [c for c in (*INDEX_COLUMNS, *PDF_CHECK_COLUMNS) if c in names]
                rows += pq.read_table(f, columns=wanted).to_pylist()
        else:
            try:
                rows = list(load_config(self.ref, "documents", [*INDEX_COLUMNS, *PDF_CHECK_COLUMNS]))
            except Exception:  # an older export without the columns (datasets raises many types)
                rows = list(_load_config_one_line(self.ref, "documents", list(INDEX_COLUMNS)))
        return {str(r["doc_id"]): dict(r) for r in rows}

    def row(self, doc_id: str) -> dict[str, Any]:
        """The document's ``documents`` row without its PDF bytes."""
        with self._lock:
            if self._index is None:
                self._index = self._load_index()
        row = self._index.get(doc_id)
        if row is None:
            raise SynthDocUserError(
                f"document {doc_id} is not in the documents config of {self.location}; "
                "re-export the dataset so questions and documents match"
            )
        return dict(row)

    def _hub_unindexed(self) -> bool:
        """A Hub dataset whose documents config was not read: a run fetches only the PDFs it
        needs, so its rows are not downloaded for a check (a pinned revision is immutable)."""
        return not self.ref.local and self._index is None

    def pages(self, doc_id: str) -> int | None:
        """The pages the document's PDF must have: ``pdf_pages`` (``page_count`` in older exports)."""
        if self._hub_unindexed():
            return None
        row = self.row(doc_id)
        value = row.get("pdf_pages")
        value = row.get("page_count") if value is None else value
        return value if isinstance(value, int) and value > 0 else None

    def _check_digest(self, doc_id: str, data: bytes) -> None:
        if self._hub_unindexed():
            return
        with self._lock:
            if self._index is None:
                self._index = self._load_index()
        row = self._index.get(doc_id) or {}
        expected = row.get("pdf_sha256")
        if not expected:
            if not self._warned:
                self._warned = True
                print(
                    f"synthdocbench: warning: the documents config of {self.location} has no pdf_sha256 "
                    "(exported before it was written): its PDFs are checked by page count only; "
                    "re-export the dataset to check them by digest",
                    file=sys.stderr,
                    flush=True,
                )
            return
        actual = hashlib.sha256(data).hexdigest()
        if actual != expected:
            raise SynthDocUserError(
                f"document {doc_id} of {self.location}: its PDF has SHA-256 {actual[:16]}… but its "
                f"documents row says {str(expected)[:16]}…: the PDF is not the one exported with the "
                "row (swapped or edited); re-export the dataset"
            )

    # --- the PDFs ----------------------------------------------------------------------

    def pdf(self, doc_id: str) -> bytes:
        """The document's PDF bytes; one clear line when it cannot be had."""
        if "/" in doc_id or "\\" in doc_id or doc_id in ("", ".", ".."):
            raise SynthDocUserError(
                f"document id {doc_id!r} in {self.location} is not a plain name; re-export the dataset"
            )
        data = self._local_pdf(doc_id) if self.ref.local else self._hub_pdf(doc_id)
        if data is None:
            data = self._legacy_pdf(doc_id)
        if not data:
            raise SynthDocUserError(
                f"document {doc_id} in {self.location} has no PDF bytes; re-export the dataset"
            )
        self._check_digest(doc_id, data)
        return data

    def _local_pdf(self, doc_id: str) -> bytes | None:
        path = Path(self.ref.path) / pdf_path(doc_id)
        try:
            return path.read_bytes()
        except FileNotFoundError:
            return None  # an older export: the bytes are in the documents config
        except OSError as exc:
            raise SynthDocUserError(
                f"cannot read {path} ({exc.strerror or exc}); check the dataset folder {self.location}"
            ) from None

    def _hub_pdf(self, doc_id: str) -> bytes | None:
        with self._lock:
            cached = self._files.get(doc_id)
        if cached is None:
            cached = self._download(doc_id)
            if cached is None:
                return None
            with self._lock:
                self._files[doc_id] = cached
        return cached.read_bytes()

    def _download(self, doc_id: str) -> Path | None:
        from huggingface_hub import hf_hub_download
        from huggingface_hub.errors import (
            EntryNotFoundError,
            RepositoryNotFoundError,
            RevisionNotFoundError,
        )

        try:
            return Path(
                hf_hub_download(
                    self.ref.path, pdf_path(doc_id), repo_type="dataset", revision=self.ref.revision
                )
            )
        except EntryNotFoundError:
            if self._has_pdf_folder():
                raise SynthDocUserError(
                    f"document {doc_id}: {pdf_path(doc_id)} is not in the Hub dataset {self.location}; "
                    "push the complete export again (`synthdocbench push`)"
                ) from None
            return None  # an older export: the bytes are in the documents config
        except RevisionNotFoundError:
            raise SynthDocUserError(
                f"{DATASET_VAR}={self.location}: the Hub dataset has no revision {self.ref.revision!r}; "
                "give a branch, tag or commit sha that exists"
            ) from None
        except RepositoryNotFoundError:
            raise SynthDocUserError(
                f"{DATASET_VAR}={self.location}: the Hub dataset does not exist or is private "
                "(log in with `hf auth login` for a private one)"
            ) from None
        except Exception as exc:  # network and cache errors come in many types
            raise SynthDocUserError(
                f"document {doc_id}: cannot download {pdf_path(doc_id)} from the Hub dataset "
                f"{self.location} ({first_line(exc)}); check the network or set HF_HUB_OFFLINE=1 "
                "to use the cache"
            ) from None

    def _has_pdf_folder(self) -> bool:
        """Whether the Hub revision holds a ``pdfs/`` folder (the export layout with PDF files)."""
        from huggingface_hub import HfApi

        try:
            tree = HfApi().list_repo_tree(
                self.ref.path, PDF_FOLDER, repo_type="dataset", revision=self.ref.revision
            )
            return next(iter(tree), None) is not None
        except Exception:  # no such folder (404) or no answer: the documents config decides
            return False

    def _legacy_rows(self) -> Any:
        """The whole ``documents`` config with its ``pdf`` bytes (older exports only)."""
        with self._lock:
            if self._legacy is None:
                self._legacy = _load_config_one_line(self.ref, "documents")
            return self._legacy

    def _legacy_pdf(self, doc_id: str) -> bytes:
        """The PDF from the ``documents`` config's ``pdf`` column of an older export."""
        if self.ref.local:
            import pyarrow.compute as pc
            import pyarrow.parquet as pq

            for f in self._documents_files():
                if "pdf" not in pq.read_schema(f).names:
                    continue
                table = pq.read_table(f, columns=["doc_id", "pdf"], filters=pc.field("doc_id") == doc_id)
                if table.num_rows:
                    return bytes(table.column("pdf")[0].as_py() or b"")
            self.row(doc_id)  # a document that is not there at all says so
            raise SynthDocUserError(
                f"document {doc_id}: {Path(self.ref.path) / pdf_path(doc_id)} is missing; "
                "re-export the dataset (`synthdocbench export`)"
            )
        rows = self._legacy_rows()
        if "pdf" not in rows.column_names:
            raise SynthDocUserError(
                f"document {doc_id}: {pdf_path(doc_id)} is not in the Hub dataset {self.location}; "
                "push the complete export again (`synthdocbench push`)"
            )
        ids = [str(d) for d in rows["doc_id"]]
        if doc_id not in ids:
            raise SynthDocUserError(
                f"document {doc_id} is not in the documents config of {self.location}; "
                "re-export the dataset so questions and documents match"
            )
        return bytes(rows[ids.index(doc_id)]["pdf"] or b"")


def _load_config_one_line(ref: DatasetRef, config: str, columns: list[str] | None = None) -> Any:
    try:
        return load_config(ref, config, columns)
    except Exception as exc:  # datasets raises many types
        raise SynthDocUserError(
            f"cannot read the {config} config of {ref} ({first_line(exc)}); check the dataset"
        ) from None


@lru_cache(maxsize=8)
def document_store(location: str) -> DocumentStore:
    return DocumentStore(location)
