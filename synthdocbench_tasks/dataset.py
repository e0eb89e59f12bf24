"""Where the benchmark data lives, and the documents behind the questions.

The location is ``SYNTHDOC_DATASET``: an exported dataset folder or a Hub repo id. It is
checked once, with one clear line when it cannot be used. Task YAMLs name
``!function synthdocbench_tasks.dataset.DATASET_PATH`` as their ``dataset_path``: lmms-eval
resolves that tag by ``getattr`` on this module only when it builds the task (not when it
scans the task folder), and the module-level ``__getattr__`` below answers it lazily.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import SynthDocUserError
from .settings import DATASET_VAR, load_settings

HOW_TO_GET_ONE = (
    "generate one with `synthdocbench generate --out runs/gen && "
    "synthdocbench export runs/gen --out runs/ds` "
    f"and set {DATASET_VAR}=runs/ds, or set {DATASET_VAR}=ORG/NAME for a dataset on the Hub"
)

CONFIGS = ("chart", "cross_modal", "complex", "documents")


def looks_like_repo_id(value: str) -> bool:
    parts = value.split("/")
    return len(parts) == 2 and all(parts) and not value.startswith((".", "~"))


def check_hub_dataset(repo_id: str, variable: str, advice: str) -> None:
    """One clear line if a Hub dataset cannot be reached (skipped when the Hub is offline)."""
    from huggingface_hub import HfApi, constants

    if constants.HF_HUB_OFFLINE:
        return  # the datasets cache must serve it; datasets says so if it cannot
    try:
        HfApi().dataset_info(repo_id, timeout=15)
    except Exception as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise SynthDocUserError(
            f"{variable}={repo_id}: the Hub dataset cannot be reached ({reason}); {advice}"
        ) from None


@lru_cache(maxsize=8)
def resolve_location(value: str | None) -> str:
    """An absolute folder path or a reachable Hub repo id; else a clear error."""
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
        return str(path.resolve())
    if looks_like_repo_id(value):
        check_hub_dataset(value, DATASET_VAR, HOW_TO_GET_ONE)
        return value
    raise SynthDocUserError(
        f"{DATASET_VAR}={value} is neither an existing folder nor a Hub repo id; {HOW_TO_GET_ONE}"
    )


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
                table = pq.read_table(f, columns=columns)
            except Exception as exc:  # pyarrow raises several types for damaged files
                reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                raise SynthDocUserError(
                    f"{DATASET_VAR}={value}: {f} is not a readable Parquet file of the {config} config "
                    f"({reason}); re-export the dataset"
                ) from None
            rows += table.num_rows
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


def dataset_location() -> str:
    return resolve_location(load_settings().dataset)


def __getattr__(name: str) -> Any:
    if name == "DATASET_PATH":
        return dataset_location()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class DocumentStore:
    """The ``documents`` config of one dataset, loaded once, indexed by doc_id."""

    def __init__(self, location: str) -> None:
        self.location = location
        self._lock = threading.Lock()
        self._rows: Any = None
        self._index: dict[str, int] = {}

    def _load(self) -> None:
        import datasets

        rows = datasets.load_dataset(self.location, "documents", split="test")
        self._index = {doc_id: i for i, doc_id in enumerate(rows["doc_id"])}
        self._rows = rows

    def row(self, doc_id: str) -> dict[str, Any]:
        with self._lock:
            if self._rows is None:
                self._load()
        i = self._index.get(doc_id)
        if i is None:
            raise SynthDocUserError(
                f"document {doc_id} is not in the documents config of {self.location}; "
                "re-export the dataset so questions and documents match"
            )
        return dict(self._rows[i])

    def pdf(self, doc_id: str) -> bytes:
        data = self.row(doc_id)["pdf"]
        if not data:
            raise SynthDocUserError(
                f"document {doc_id} in {self.location} has no PDF bytes; re-export the dataset"
            )
        return bytes(data)


@lru_cache(maxsize=8)
def document_store(location: str) -> DocumentStore:
    return DocumentStore(location)
