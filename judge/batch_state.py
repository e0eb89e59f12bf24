"""The state files of batch judging (:mod:`judge.batch`): one per submitted batch, named by the
digest of its prompts and listing their cache keys, written atomically; and the folder's lock,
held by one batch run at a time, with the cleanup of what interrupted runs left."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from judge.errors import JudgeError, JudgeUnavailable

STATE_VERSION = 2  # 2: the state lists its prompts' keys; 1 (no keys) is still resumed by its digest


def prompt_set_digest(model: str, endpoint: str, keys: Sequence[str]) -> str:
    """SHA-256 (hex, 32 characters) naming a set of prompts for one model and endpoint."""
    payload = json.dumps([model, endpoint, sorted(set(keys))])
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:32]


def write_json_atomically(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename (never a torn file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1, sort_keys=True)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def text_or_none(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def read_state(path: Path, digest: str) -> dict[str, Any] | None:
    """The recorded batch for ``digest``, or None when there is none or the file is unusable."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if (
        not isinstance(data, dict)
        or data.get("version") not in (1, STATE_VERSION)
        or data.get("digest") != digest
    ):
        return None
    keys = data.get("keys")
    if data["version"] == STATE_VERSION and not (
        isinstance(keys, list) and all(isinstance(k, str) for k in keys)
    ):
        return None
    batch_id = data.get("batch_id")
    if text_or_none(data.get("input_file_id")) is None or (
        batch_id is not None and text_or_none(batch_id) is None
    ):
        return None
    if not isinstance(data.get("round"), int) or not isinstance(data.get("errors", {}), dict):
        return None
    return data


@contextlib.contextmanager
def exclusive(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (removed at the end): one batch run per state folder."""
    while True:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle = open(path, "a")  # noqa: SIM115 (held for the whole run)
        except OSError as exc:
            raise JudgeUnavailable(
                f"judge batch state folder {path.parent} cannot be written ({exc.strerror or exc}): "
                "make the judge cache folder writable"
            ) from None
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise JudgeError(
                f"another run is judging as a batch with this judge cache (lock {path}): "
                "wait for it to finish, then rerun to use its verdicts"
            ) from None
        try:
            current = os.stat(path).st_ino == os.fstat(handle.fileno()).st_ino  # not removed meanwhile
        except FileNotFoundError:
            current = False
        if current:
            break
        handle.close()
    with handle:
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                path.unlink()


def clean(state_dir: Path) -> None:
    """Remove what interrupted runs left (temp files of state writes, per-batch lock files)."""
    for stale in [*state_dir.glob(".*.json.*"), *state_dir.glob("*.lock")]:
        with contextlib.suppress(OSError):
            stale.unlink()
