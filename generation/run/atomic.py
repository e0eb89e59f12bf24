"""The canonical JSON of the data layout, written with the project's one atomic writer.

Files are written by :mod:`synthdocbench_tasks.atomic` (temp file beside the target, fsync,
rename; the user's umask), so a crash leaves either the old file or the new one. JSON is
written the one way the data layout promises (sorted keys, two-space indent, UTF-8, trailing
newline), so equal objects give equal bytes. ``write_bytes_atomic`` and ``write_text_atomic``
are that module's functions, named here only for callers of this module.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from synthdocbench_tasks.atomic import write_bytes_atomic, write_text_atomic

__all__ = [
    "dumps_json",
    "dumps_jsonl",
    "write_bytes_atomic",
    "write_json_atomic",
    "write_jsonl_atomic",
    "write_text_atomic",
]


def dumps_json(obj: Any) -> str:
    """The canonical JSON text of the project: sorted keys, indent 2, trailing newline."""
    return json.dumps(obj, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def dumps_jsonl(records: Iterable[Any]) -> str:
    """JSON Lines: one compact, key-sorted object per line."""
    return "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in records)


def write_json_atomic(path: Path, obj: Any) -> None:
    """Write one JSON document in the canonical form, atomically."""
    write_text_atomic(path, dumps_json(obj))


def write_jsonl_atomic(path: Path, records: Iterable[Any]) -> None:
    """Write JSON Lines (one compact, key-sorted object per line), atomically."""
    write_text_atomic(path, dumps_jsonl(records))
