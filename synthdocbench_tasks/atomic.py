"""Atomic writes for the whole project, with the user's umask.

A file is written to a temp name beside its target and renamed over it, so a crash leaves
the old file or the new one, never half of one. The temp file is created with mode 0666
and a folder with 0777, both narrowed by the process umask the way ``open``/``mkdir`` do
(0644 and 0755 by default), so outputs can be shared between users; ``tempfile.mkstemp``
and ``mkdtemp`` would give 0600 and 0700 whatever the umask says. Temp names are random,
but nothing that is kept depends on them.
"""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path

_FILE_MODE = 0o666  # narrowed by the umask
_DIR_MODE = 0o777  # narrowed by the umask
_TRIES = 100


def _temp_path(parent: Path, prefix: str, suffix: str) -> Path:
    return parent / f"{prefix}{secrets.token_hex(8)}{suffix}"


def _open_new(parent: Path, prefix: str, suffix: str) -> tuple[int, Path]:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for _ in range(_TRIES):
        tmp = _temp_path(parent, prefix, suffix)
        try:
            return os.open(tmp, flags, _FILE_MODE), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temp name in {parent}")


def write_bytes_atomic(
    path: Path, data: bytes, *, fsync: bool = True, prefix: str | None = None, suffix: str = ".tmp"
) -> None:
    """Write ``data`` to ``path`` atomically, creating missing parent folders.

    ``fsync`` makes the data durable before the rename (outputs); caches, whose entries
    are verified on read, skip it.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _open_new(path.parent, f".{path.name}." if prefix is None else prefix, suffix)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if fsync:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_text_atomic(
    path: Path, text: str, *, fsync: bool = True, prefix: str | None = None, suffix: str = ".tmp"
) -> None:
    """Write UTF-8 ``text`` to ``path`` atomically."""
    write_bytes_atomic(path, text.encode("utf-8"), fsync=fsync, prefix=prefix, suffix=suffix)


def make_temp_dir(parent: Path, prefix: str = ".tmp-") -> Path:
    """A new empty folder in ``parent`` (created if missing), mode 0777 less the umask."""
    parent.mkdir(parents=True, exist_ok=True)
    for _ in range(_TRIES):
        tmp = _temp_path(parent, prefix, "")
        try:
            os.mkdir(tmp, _DIR_MODE)
            return tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temp name in {parent}")


def replace_dir(tmp: Path, path: Path) -> None:
    """Move the finished folder ``tmp`` to ``path``, replacing an older folder there.

    When another process put its own copy at ``path`` first, that copy stays and ``tmp``
    is removed; both were built from the same input.
    """
    old: Path | None = None
    if path.exists():
        old = _temp_path(path.parent, ".old-", "")
        try:
            os.replace(path, old)
        except FileNotFoundError:
            old = None  # someone else removed it meanwhile
    try:
        os.replace(tmp, path)
    except OSError:
        if not path.is_dir():
            raise
        shutil.rmtree(tmp, ignore_errors=True)  # a concurrent writer won the race
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
