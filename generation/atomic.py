"""Atomic file writes: a temp file in the same folder, fsync, then rename over the target.

The writer itself is :mod:`synthdocbench_tasks.atomic` (shared with the evaluation side).

A crash leaves either the old file or the new one, never half of one. JSON is written the
one way the data layout promises (sorted keys, two-space indent, UTF-8, trailing newline),
so equal objects give equal bytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

# The project's one atomic writer (files get the user's umask, 0644 by default).
from synthdocbench_tasks.atomic import write_bytes_atomic

__all__ = [
    "dumps_json",
    "write_bytes_atomic",
    "write_json_atomic",
    "write_jsonl_atomic",
    "write_text_atomic",
]


def write_text_atomic(path: Path, text: str) -> None:
    """Write UTF-8 text atomically (fsync, then rename)."""
    write_bytes_atomic(path, text.encode("utf-8"))


def dumps_json(obj: Any) -> str:
    """The canonical JSON text of the project: sorted keys, indent 2, trailing newline."""
    return json.dumps(obj, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def write_json_atomic(path: Path, obj: Any) -> None:
    """Write one JSON document in the canonical form, atomically."""
    write_text_atomic(path, dumps_json(obj))


def write_jsonl_atomic(path: Path, records: Iterable[Any]) -> None:
    """Write JSON Lines (one compact, key-sorted object per line), atomically."""
    lines = [json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in records]
    write_text_atomic(path, "".join(lines))
