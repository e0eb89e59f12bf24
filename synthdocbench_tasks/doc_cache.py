"""Build something from a PDF once per setting: in memory for the last few documents, on disk.

The one mechanism behind :class:`~synthdocbench_tasks.strip_cache.StripCache` and
:class:`~synthdocbench_tasks.pdf_text.TextCache`: an entry is keyed by the PDF's sha256 and a
setting key and lives under ``<root>/<kind>/<sha256[:32]>/<setting key><suffix>``. A subclass
says how an entry is read (``None`` when it is missing; :class:`BadEntryError` when it is damaged)
and written (atomically, with the user's umask). Lookups are thread-safe and a document is
built at most once per setting and process; ``computed`` counts the builds.

Nothing read from disk is trusted unchecked: every cached file records its sha256 and size
when it is written (:func:`seal`) and is checked against them on read (:func:`unseal`), so a
truncated, zeroed or altered entry is rebuilt with a warning on stderr instead of being used (decoding
is no check: lmms-eval makes Pillow accept truncated JPEGs). A cache folder that cannot be
written is one :class:`~synthdocbench_tasks.errors.SynthDocUserError` line; a cache root
deleted during a run is created again.
"""

from __future__ import annotations

import errno
import hashlib
import shutil
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar, Generic, TypeVar

from .atomic import write_bytes_atomic, write_text_atomic
from .errors import SynthDocUserError

T = TypeVar("T")

_SEAL = b"synthdoc-cache"


class BadEntryError(Exception):
    """A cache entry on disk that fails its check; the message says why."""


def seal(payload: bytes) -> bytes:
    """``payload`` behind a one-line header recording its sha256 and size."""
    digest = hashlib.sha256(payload).hexdigest()
    return _SEAL + f" sha256={digest} bytes={len(payload)}\n".encode("ascii") + payload


def unseal(data: bytes) -> bytes:
    """The payload of :func:`seal`'s output; :class:`BadEntryError` unless digest and size match."""
    header, sep, payload = data.partition(b"\n")
    fields = header.split(b" ")
    if not sep or len(fields) != 3 or fields[0] != _SEAL:
        raise BadEntryError("no integrity header")
    try:
        digest = fields[1].removeprefix(b"sha256=").decode("ascii")
        size = int(fields[2].removeprefix(b"bytes="))
    except ValueError:
        raise BadEntryError("unreadable integrity header") from None
    if len(payload) != size:
        raise BadEntryError(f"{len(payload)} bytes where {size} were written")
    if hashlib.sha256(payload).hexdigest() != digest:
        raise BadEntryError("sha256 differs from the one recorded at write")
    return payload


def check_bytes(data: bytes, size: int, digest: str) -> None:
    """:class:`BadEntryError` unless ``data`` has the recorded ``size`` and sha256 ``digest``."""
    if len(data) != size:
        raise BadEntryError(f"{len(data)} bytes where {size} were written")
    if hashlib.sha256(data).hexdigest() != digest:
        raise BadEntryError("sha256 differs from the one recorded at write")


def read_sealed(path: Path) -> bytes | None:
    """The checked payload of a sealed file; ``None`` when missing, :class:`BadEntryError` when damaged."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise BadEntryError(f"cannot be read ({exc.strerror or exc})") from None
    return unseal(data)


def write_sealed(path: Path, payload: bytes, prefix: str | None = None) -> None:
    """Write ``payload`` sealed, atomically; caches skip fsync as their entries are checked on read."""
    write_bytes_atomic(path, seal(payload), fsync=False, prefix=prefix)


def write_entry(root: Path, write: Callable[[], None]) -> None:
    """Run ``write``, once more if the cache root vanished meanwhile; an unwritable folder is one line."""
    try:
        try:
            write()
        except FileNotFoundError:  # the cache root was deleted during the run: write creates it again
            write()
    except OSError as exc:
        raise cache_write_error(root, exc) from None


def cache_write_error(root: Path, exc: OSError) -> SynthDocUserError:
    """The one line for a cache folder that cannot be written."""
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENOSPC:
        hint = "free some space or set SYNTHDOC_CACHE_DIR to a folder on another disk"
    else:
        hint = "fix its permissions or set SYNTHDOC_CACHE_DIR to a writable folder"
    where = exc.filename or root
    return SynthDocUserError(f"the cache folder {root} cannot be written ({reason}: {where}); {hint}")


def discard_bad_entry(path: Path, kind: str, reason: str) -> None:
    """Warn about a damaged entry and remove it, so it is rebuilt."""
    # stderr, not ``logging`` or ``warnings``: lmms-eval ignores all warnings, and a handler
    # on the root logger (as ``synthdocbench eval`` adds) silences logging's last resort
    print(
        f"synthdocbench: warning: {kind} cache entry {path} is damaged ({reason}); rebuilding it",
        file=sys.stderr,
    )
    try:
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)
    except OSError:
        pass  # the rebuild overwrites it, or reports the unwritable folder


class DocCache(Generic[T]):
    #: the folder under the cache root that holds this kind of entry
    kind: ClassVar[str]
    #: what follows the setting key in an entry's name (``""`` for a folder entry)
    suffix: ClassVar[str] = ""
    #: how many documents' entries stay in memory unless the caller says otherwise
    default_memory_docs: ClassVar[int] = 4

    def __init__(self, root: Path, memory_docs: int | None = None) -> None:
        self.root = root
        self.memory_docs = self.default_memory_docs if memory_docs is None else memory_docs
        self._memory: OrderedDict[tuple[str, str], T] = OrderedDict()
        self._lock = threading.Lock()
        self.computed = 0  # how many entries this cache had to build
        self.rebuilt = 0  # how many of those replaced a damaged entry

    @staticmethod
    def digest(pdf: bytes) -> str:
        return hashlib.sha256(pdf).hexdigest()

    def entry_path(self, digest: str, setting_key: str) -> Path:
        return self.root / self.kind / digest[:32] / f"{setting_key}{self.suffix}"

    def _get(self, pdf: bytes, setting_key: str, build: Callable[[], T], digest: str | None = None) -> T:
        """The entry of ``pdf`` for ``setting_key``: from memory, else disk, else ``build()``."""
        digest = digest or self.digest(pdf)
        key = (digest, setting_key)
        with self._lock:
            if key in self._memory:
                self._memory.move_to_end(key)
                return self._memory[key]
            path = self.entry_path(digest, setting_key)
            try:
                value = self._read(path)
            except BadEntryError as exc:
                discard_bad_entry(path, self.kind, str(exc))
                self.rebuilt += 1
                value = None
            if value is None:
                value = build()
                self.computed += 1
                write_entry(self.root, lambda: self._write(path, value))
            self._memory[key] = value
            while len(self._memory) > self.memory_docs:
                self._memory.popitem(last=False)
            return value

    def _read(self, path: Path) -> T | None:
        """The entry at ``path``; ``None`` when missing, :class:`BadEntryError` when it fails its check."""
        raise NotImplementedError

    def _write(self, path: Path, value: T) -> None:
        raise NotImplementedError


def write_text_atomically(path: Path, text: str, prefix: str = ".tmp-", suffix: str = ".tmp") -> None:
    """Write ``text`` to a temp file beside ``path`` and rename it into place (the shared writer)."""
    write_text_atomic(path, text, prefix=prefix, suffix=suffix)
