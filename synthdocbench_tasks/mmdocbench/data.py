"""Where the MMDocBench data lives, and the images of one row.

``MMDOCBENCH_DATASET`` is a local TSV file, a folder holding TSV files, or a Hub repo id
(default ``next-tat/MMDocBench``, which needs the network). Task YAMLs name
``!function synthdocbench_tasks.mmdocbench.data.DATASET_PATH`` and ``DATASET_KWARGS``; the
module-level ``__getattr__`` computes them with the plain functions :data:`YAML_VALUES` names
(:func:`dataset_path`, :func:`dataset_kwargs`) only when lmms-eval builds a task, with one clear
line when the location cannot be used.
"""

from __future__ import annotations

import ast
import base64
import binascii
import csv
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image

from ..dataset import check_hub_dataset, looks_like_repo_id
from ..errors import SynthDocUserError
from ..settings import MMDOCBENCH_VAR, load_settings

DEFAULT_HUB_REPO = "next-tat/MMDocBench"
REQUIRED_COLUMNS = ("index", "question", "answer", "task")
HOW_TO = (
    f"set {MMDOCBENCH_VAR} to the MMDocBench TSV file (mmdocbench.tsv), a folder holding it, or a Hub repo id"
)
_READ_KWARGS = {"sep": "\t", "keep_default_na": False}


@dataclass(frozen=True)
class Source:
    """What ``datasets.load_dataset`` gets: ``path`` and keyword arguments."""

    path: str
    kwargs: dict[str, Any] = field(default_factory=dict)
    folder: str | None = None  # local data: where relative ``image_path`` values resolve


def _lines(fh: Any, tsv: Path) -> Iterator[str]:
    """The file's lines decoded as UTF-8; an undecodable line is one clear line naming it."""
    for number, raw in enumerate(fh, start=1):
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SynthDocUserError(
                f"{MMDOCBENCH_VAR}={tsv}: line {number} is not UTF-8 text ({exc.reason} at byte "
                f"{exc.start}); the file is damaged, download it again"
            ) from None


def check_header(header: list[str], tsv: Path) -> None:
    """The TSV's first line has the columns the tasks read; else one clear line."""
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if not ({"image", "image_path"} & set(header)):
        missing.append("image or image_path")
    if not ({"sub_task", "dataset_name"} & set(header)):
        missing.append("sub_task or dataset_name")
    if missing:
        raise SynthDocUserError(
            f"{MMDOCBENCH_VAR}={tsv} is not an MMDocBench TSV "
            f"(missing columns: {', '.join(missing)}); {HOW_TO}"
        )


def check_tsv(tsv: Path) -> None:
    """Read the whole TSV once: the header has the needed columns, every row has as many
    fields as the header, every line is UTF-8, and list-valued ``image``/``image_path``
    cells parse; else one line naming the line and row. (pandas would drop or pad a ragged
    row, or fail later inside lmms-eval.)"""
    csv.field_size_limit(1 << 30)
    try:
        with tsv.open("rb") as fh:
            reader = csv.reader(_lines(fh, tsv), delimiter="\t")
            header = next(reader, [])
            check_header(header, tsv)
            index_at = header.index("index")
            lists = [i for i, c in enumerate(header) if c in ("image", "image_path")]
            for row in reader:
                if not row:
                    continue  # a blank line; pandas skips it too
                index = row[index_at] if index_at < len(row) else "?"
                if len(row) != len(header):
                    raise SynthDocUserError(
                        f"{MMDOCBENCH_VAR}={tsv}: line {reader.line_num} (row index {index}) has "
                        f"{len(row)} fields, the header has {len(header)}; the file is damaged or not "
                        "tab-separated, download it again"
                    )
                for i in lists:
                    if row[i].lstrip().startswith("["):
                        list_cell(row[i], index, header[i])
    except OSError as exc:
        raise SynthDocUserError(f"{MMDOCBENCH_VAR}={tsv}: cannot read the TSV ({exc}); {HOW_TO}") from None
    except csv.Error as exc:
        raise SynthDocUserError(
            f"{MMDOCBENCH_VAR}={tsv}: not a readable TSV ({exc}); the file is damaged, download it again"
        ) from None


def list_cell(value: str, index: Any, column: str) -> list[str]:
    """A cell holding a Python list literal of strings (several images of one row)."""
    try:
        parsed = ast.literal_eval(value.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        parsed = None
    if not isinstance(parsed, list) or not parsed or not all(isinstance(v, str) for v in parsed):
        raise SynthDocUserError(
            f"MMDocBench row {index}: the {column} column starts with '[' but is not a list of "
            f"strings; the file is damaged, check {MMDOCBENCH_VAR}"
        )
    return parsed


@lru_cache(maxsize=8)
def resolve(value: str | None) -> Source:
    """Check a location once; a local TSV is checked by its header, a Hub id by its reachability."""
    if not value:
        value = DEFAULT_HUB_REPO
    path = Path(value).expanduser()
    if path.is_dir():
        files = sorted(path.glob("*.tsv"))
        if not files:
            raise SynthDocUserError(f"{MMDOCBENCH_VAR}={value}: the folder holds no .tsv file; {HOW_TO}")
        for f in files:
            check_tsv(f)
        data = [str(f.resolve()) for f in files]
        return Source("csv", {"data_files": {"test": data}, **_READ_KWARGS}, str(path.resolve()))
    if path.is_file():
        if path.suffix.lower() != ".tsv":
            raise SynthDocUserError(f"{MMDOCBENCH_VAR}={value} is not a .tsv file; {HOW_TO}")
        check_tsv(path)
        data_files = {"test": [str(path.resolve())]}
        return Source("csv", {"data_files": data_files, **_READ_KWARGS}, str(path.parent.resolve()))
    if looks_like_repo_id(value):
        check_hub_dataset(value, MMDOCBENCH_VAR, HOW_TO)
        return Source(value, {"data_files": {"test": "**/*.tsv"}, **_READ_KWARGS})
    raise SynthDocUserError(
        f"{MMDOCBENCH_VAR}={value} is neither an existing TSV file or folder nor a Hub repo id; {HOW_TO}"
    )


def source() -> Source:
    return resolve(load_settings().mmdocbench_dataset)


def dataset_path() -> str:
    """The task YAMLs' ``dataset_path`` (``DATASET_PATH``)."""
    return source().path


def dataset_kwargs() -> dict[str, Any]:
    """The task YAMLs' ``dataset_kwargs`` (``DATASET_KWARGS``)."""
    return dict(source().kwargs)


#: The module attributes task YAMLs read as values, each computed by a plain function when
#: lmms-eval builds a task (``tests/synthdocbench_tasks/test_hook_names.py`` checks the YAMLs).
YAML_VALUES: dict[str, Callable[[], Any]] = {"DATASET_PATH": dataset_path, "DATASET_KWARGS": dataset_kwargs}


def __getattr__(name: str) -> Any:
    if name in YAML_VALUES:
        return YAML_VALUES[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def is_reference(value: str) -> bool:
    """A short ``image`` value names another row (by ``index``) that holds the image."""
    return len(value) <= 64


def _decode(b64: str, index: Any) -> Image.Image:
    try:
        img = Image.open(io.BytesIO(base64.b64decode(b64, validate=False)))
        return img.convert("RGB")
    except (binascii.Error, OSError, ValueError):
        raise SynthDocUserError(
            f"MMDocBench row {index}: the image column is not a base64 image; check {MMDOCBENCH_VAR}"
        ) from None


def images_of(row: dict[str, Any], folder: str | None) -> list[Image.Image]:
    """The row's image(s): base64 in ``image`` (one, or a list literal of several), else
    files named by ``image_path`` (relative to the TSV's folder)."""
    raw = str(row.get("image") or "").strip()
    if raw:
        values = list_cell(raw, row.get("index"), "image") if raw.startswith("[") else [raw]
        return [_decode(str(v), row.get("index")) for v in values]
    paths = str(row.get("image_path") or "").strip()
    names = list_cell(paths, row.get("index"), "image_path") if paths.startswith("[") else [paths]
    images = []
    for name in names:
        p = Path(name) if Path(name).is_absolute() or folder is None else Path(folder) / name
        try:
            images.append(Image.open(p).convert("RGB"))
        except OSError:
            raise SynthDocUserError(f"MMDocBench row {row.get('index')}: cannot open image {p}") from None
    return images
