"""Reading lmms-eval samples logs (``*_samples_<task>.jsonl``): one JSON object per line.

The one reader behind ``synthdocbench judge`` (:mod:`~synthdocbench_tasks.rejudge`),
``synthdocbench report`` (:mod:`~synthdocbench_tasks.report.load`) and the MMDocBench table
(:mod:`~synthdocbench_tasks.mmdocbench.report`). A missing or unreadable file, a line that is
not JSON and a line that is not an object are each one line naming the file and line; what a
record must hold is for each caller to check.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .errors import SynthDocUserError


def read_lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for each non-blank line of the samples log ``path``."""
    if not path.is_file():
        raise SynthDocUserError(f"{path} is not a file: pass lmms-eval samples logs (*_samples_<task>.jsonl)")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise SynthDocUserError(f"cannot read {path}: {reason}") from None
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise SynthDocUserError(
                f"{path}:{number}: malformed JSON ({exc.msg}); the line is not JSON, so the file is "
                "damaged or not a samples log"
            ) from None
        if not isinstance(line, dict):
            raise SynthDocUserError(
                f"{path}:{number}: expected a JSON object per line (an lmms-eval samples log)"
            )
        yield number, line
