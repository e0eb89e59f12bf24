"""Where the MMDocBench data lives, and the images of one row.

``MMDOCBENCH_DATASET`` is a local TSV file, a folder holding TSV files, or a Hub repo id
(default ``next-tat/MMDocBench``, which needs the network). Task YAMLs name
``!function synthdocbench_tasks.mmdocbench.data.DATASET_PATH`` and ``DATASET_KWARGS``; the
module-level ``__getattr__`` answers them only when lmms-eval builds a task, with one clear
line when the location cannot be used.
"""

from __future__ import annotations

import ast
import base64
import binascii
import csv
import io
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


def check_header(tsv: Path) -> None:
    """The TSV's first line has the columns the tasks read; else one clear line."""
    csv.field_size_limit(1 << 30)
    try:
        with tsv.open(encoding="utf-8", newline="") as fh:
            header = next(csv.reader(fh, delimiter="\t"), [])
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise SynthDocUserError(f"{MMDOCBENCH_VAR}={tsv}: cannot read the TSV ({exc}); {HOW_TO}") from None
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
            check_header(f)
        data = [str(f.resolve()) for f in files]
        return Source("csv", {"data_files": {"test": data}, **_READ_KWARGS}, str(path.resolve()))
    if path.is_file():
        if path.suffix.lower() != ".tsv":
            raise SynthDocUserError(f"{MMDOCBENCH_VAR}={value} is not a .tsv file; {HOW_TO}")
        check_header(path)
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


def __getattr__(name: str) -> Any:
    if name == "DATASET_PATH":
        return source().path
    if name == "DATASET_KWARGS":
        return dict(source().kwargs)
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
        values = ast.literal_eval(raw) if raw.startswith("[") else [raw]
        return [_decode(str(v), row.get("index")) for v in values]
    paths = str(row.get("image_path") or "").strip()
    names = ast.literal_eval(paths) if paths.startswith("[") else [paths]
    images = []
    for name in names:
        p = Path(name) if Path(name).is_absolute() or folder is None else Path(folder) / name
        try:
            images.append(Image.open(p).convert("RGB"))
        except OSError:
            raise SynthDocUserError(f"MMDocBench row {row.get('index')}: cannot open image {p}") from None
    return images
