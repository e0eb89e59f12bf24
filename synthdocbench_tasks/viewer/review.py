"""The human review kit: a stratified sample of questions and the reviewer's verdict file.

The sample is drawn per stratum (subset x level) in proportion to its size, at least one
question from every stratum while ``n`` allows, with an RNG seeded from a digest of the
seed and the stratum (never the global ``random``): the same dataset, ``n`` and seed give
the same sample. Verdicts go to a JSONL file, one line per question (the latest verdict),
rewritten atomically on every click, so a closed page or a killed server loses nothing.

The file has one writer: the store holds an exclusive lock (``flock`` on ``.<name>.lock``
beside it) for as long as it is open, so a second server on the same file refuses to start
with one line instead of overwriting the first one's verdicts from a stale copy. The lock
is released by the kernel when the process dies (kill -9 included); the store removes the
lock file when it closes, and temp files a killed save left behind when it opens.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import threading
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..atomic import write_text_atomic
from ..errors import SynthDocUserError

if TYPE_CHECKING:  # numpy loads where a sample is drawn: the viewer does not need it
    import numpy as np

VERDICTS = ("valid", "ambiguous", "wrong_reference", "not_answerable", "illegible")


def _rng(seed: int, stratum: str) -> np.random.Generator:
    import numpy as np

    digest = hashlib.sha256(f"review:{seed}:{stratum}".encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "big"))


def _allocate(sizes: dict[str, int], n: int) -> dict[str, int]:
    """Questions per stratum: one each first (largest strata first), the rest proportionally."""
    total = sum(sizes.values())
    if n >= total:
        return dict(sizes)
    order = sorted(sizes, key=lambda k: (-sizes[k], k))
    take = {k: 0 for k in sizes}
    for k in order[:n]:
        take[k] = 1
    left = n - sum(take.values())
    if left > 0:
        quotas = {k: (sizes[k] - take[k]) * left / max(1, total - sum(take.values())) for k in sizes}
        for k in sizes:
            take[k] += int(quotas[k])
        rest = n - sum(take.values())
        for k in sorted(sizes, key=lambda k: (-(quotas[k] - int(quotas[k])), k)):
            if rest <= 0:
                break
            if take[k] < sizes[k]:
                take[k] += 1
                rest -= 1
    return take


def stratified_sample(questions: Sequence[dict[str, Any]], n: int, seed: int) -> list[str]:
    """``n`` question ids stratified by subset and level, in a stable order."""
    if n < 1:
        raise SynthDocUserError(f"--sample must be at least 1, got {n}")
    strata: dict[str, list[str]] = defaultdict(list)
    for q in questions:
        strata[f"{q.get('subset')}/{q.get('difficulty')}"].append(str(q["question_id"]))
    take = _allocate({k: len(v) for k, v in strata.items()}, n)
    chosen: list[str] = []
    for stratum in sorted(strata):
        ids = sorted(strata[stratum])
        picks = _rng(seed, stratum).choice(len(ids), size=take[stratum], replace=False)
        chosen += [ids[i] for i in sorted(picks)]
    return chosen


def lock_path(path: Path) -> Path:
    """The lock file of the verdict file ``path``."""
    return path.with_name(f".{path.name}.lock")


def _lock_exclusive(path: Path) -> int:
    """An fd holding the exclusive lock on ``path``'s lock file; one line if another process has it."""
    lock = lock_path(path)
    while True:
        try:
            lock.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
        except OSError as exc:
            raise SynthDocUserError(
                f"cannot lock the verdict file {path} ({lock}: {exc.strerror or exc}); "
                "give a writable --verdicts"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 64).decode("ascii", "replace").strip() or "?"
            os.close(fd)
            raise SynthDocUserError(
                f"the verdict file {path} is in use by another `synthdocbench review` (pid {holder}): "
                "stop that one, or give this one another --verdicts"
            ) from None
        try:
            same = os.fstat(fd).st_ino == os.stat(lock).st_ino  # not unlinked by a closing holder
        except FileNotFoundError:
            same = False
        if same:
            os.ftruncate(fd, 0)
            os.pwrite(fd, str(os.getpid()).encode("ascii"), 0)
            return fd
        os.close(fd)


class VerdictStore:
    """One reviewer's verdicts, one JSON line per question, saved atomically on each change;
    the only writer of its file while it is open (see the module docstring)."""

    def __init__(self, path: Path, reviewer: str) -> None:
        self.path = path
        self.reviewer = reviewer
        self._lock = threading.Lock()
        self._entries: dict[str, dict[str, Any]] = {}
        self._fd: int | None = _lock_exclusive(path)
        for stale in path.parent.glob(f".{path.name}.*.tmp"):  # a save killed before its rename
            with contextlib.suppress(OSError):
                stale.unlink()
        try:
            for entry in read_verdicts(path) if path.exists() else []:
                self._entries[entry["question_id"]] = entry
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Release the lock and remove the lock file (another server may then open the file)."""
        with self._lock:
            if self._fd is None:
                return
            with contextlib.suppress(OSError):
                lock_path(self.path).unlink()
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> VerdictStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def state(self) -> dict[str, Any]:
        with self._lock:
            return {"reviewer": self.reviewer, "verdicts": dict(self._entries), "choices": list(VERDICTS)}

    def record(
        self, question_id: str, verdict: str, comment: str, strata: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """Save one verdict (``strata``: the question's subset and level, for the report)."""
        entry = {
            **(strata or {}),
            "question_id": question_id,
            "verdict": verdict,
            "comment": comment,
            "reviewer": self.reviewer,
            "time": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        with self._lock:
            if self._fd is None:
                raise OSError(f"the verdict store of {self.path} is closed")
            entries = {**self._entries, question_id: entry}
            text = "".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in entries.values())
            write_text_atomic(self.path, text)
            self._entries = entries
        return entry


def read_verdicts(path: Path) -> list[dict[str, Any]]:
    """The verdict lines of ``path``; one clear line naming the file and line on bad input."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SynthDocUserError(
            f"cannot read the verdict file {path}: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    entries = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            entry = json.loads(raw)
        except json.JSONDecodeError:
            raise SynthDocUserError(
                f"{path}:{number}: not JSON; a verdict file has one JSON object per line "
                "(written by `synthdocbench review`)"
            ) from None
        if not isinstance(entry, dict) or not isinstance(entry.get("question_id"), str):
            raise SynthDocUserError(f"{path}:{number}: a verdict line needs a question_id")
        if entry.get("verdict") not in VERDICTS:
            raise SynthDocUserError(
                f"{path}:{number}: verdict {entry.get('verdict')!r} is not one of {', '.join(VERDICTS)}"
            )
        entries.append(entry)
    return entries
