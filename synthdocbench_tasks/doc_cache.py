"""Build something from a PDF once per setting: in memory for the last few documents, on disk.

The one mechanism behind :class:`~synthdocbench_tasks.strip_cache.StripCache` and
:class:`~synthdocbench_tasks.pdf_text.TextCache`: an entry is keyed by the PDF's sha256 and a
setting key and lives under ``<root>/<kind>/<sha256[:32]>/<setting key><suffix>``. A subclass
says how an entry is read (``None`` when it is missing or unreadable, so it is rebuilt) and
written (atomically; a failed write only costs time). Lookups are thread-safe and a document
is built at most once per setting and process; ``computed`` counts the builds.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar, Generic, TypeVar

T = TypeVar("T")


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

    def _get(self, pdf: bytes, setting_key: str, build: Callable[[], T]) -> T:
        """The entry of ``pdf`` for ``setting_key``: from memory, else disk, else ``build()``."""
        digest = hashlib.sha256(pdf).hexdigest()
        key = (digest, setting_key)
        with self._lock:
            if key in self._memory:
                self._memory.move_to_end(key)
                return self._memory[key]
            path = self.root / self.kind / digest[:32] / f"{setting_key}{self.suffix}"
            value = self._read(path)
            if value is None:
                value = build()
                self.computed += 1
                self._write(path, value)
            self._memory[key] = value
            while len(self._memory) > self.memory_docs:
                self._memory.popitem(last=False)
            return value

    def _read(self, path: Path) -> T | None:
        raise NotImplementedError

    def _write(self, path: Path, value: T) -> None:
        raise NotImplementedError


def read_text_or_none(path: Path) -> str | None:
    """The UTF-8 text of ``path``, or None when it is missing or unreadable."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def write_text_atomically(path: Path, text: str, prefix: str = ".tmp-", suffix: str = ".tmp") -> None:
    """Write ``text`` to a temp file beside ``path`` and rename it into place; no partial file is left."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=prefix, suffix=suffix)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
