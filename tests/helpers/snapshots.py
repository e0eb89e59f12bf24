"""Snapshot files: texts a test renders, compared with a committed copy under tests/snapshots/.

A mismatch fails with a unified diff. To accept a deliberate change, rerun the test with
``SNAPSHOT_UPDATE=1`` (it rewrites the files it compares), review ``git diff tests/snapshots``
and commit the files with the change (and bump the task or prompt version it affects).
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

SNAPSHOTS = Path(__file__).resolve().parent.parent / "snapshots"
UPDATE_VAR = "SNAPSHOT_UPDATE"


def assert_snapshot(name: str, text: str) -> None:
    """``text`` equals ``tests/snapshots/<name>``; with ``SNAPSHOT_UPDATE=1`` the file is rewritten."""
    path = SNAPSHOTS / name
    if os.environ.get(UPDATE_VAR) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if not path.is_file():
        pytest.fail(
            f"no snapshot tests/snapshots/{name}: rerun with {UPDATE_VAR}=1 to write it, then commit it",
            pytrace=False,
        )
    expected = path.read_text(encoding="utf-8")
    if expected != text:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                text.splitlines(keepends=True),
                fromfile=f"tests/snapshots/{name} (committed)",
                tofile=f"{name} (rendered now)",
            )
        )
        pytest.fail(
            f"{name} differs from its snapshot; if the change is meant, rerun with {UPDATE_VAR}=1, "
            f"commit tests/snapshots/{name} and bump the task version (docs/testing.md):\n{diff}",
            pytrace=False,
        )
