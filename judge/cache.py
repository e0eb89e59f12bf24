"""A persistent cache of valid judgements, so a rerun makes no judge calls.

One SQLite file (WAL journal, ``synchronous=NORMAL``: no fsync per commit; busy timeout)
shared by threads through a lock and by processes through SQLite's own locking. Entries
are keyed by a SHA-256 of (judge model, endpoint, prompt version, template digest, question,
reference, candidate): another endpoint, prompt version or template text never reuses a
score. Only valid judgements are stored: an unscored reply is asked again next time.

Every row carries a digest of its key, score and judgement, checked on read: a row that
does not match (a torn or edited file) is dropped and the prompt is asked again.

Several processes judging the same answers (two ``synthdocbench judge`` runs on one cache)
coordinate through a ``claims`` table: before asking, a judge claims the key (owner token,
host, pid, expiry); another process that finds the key claimed waits for the verdict
instead of asking too, and takes the claim over when it expires or its owner process on
this host is gone.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import tenacity

CACHE_FILE_NAME = "judge_cache.sqlite3"

_SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS verdicts (
        key TEXT PRIMARY KEY,
        judge TEXT NOT NULL,
        prompt_version TEXT NOT NULL,
        score INTEGER NOT NULL,
        judgement TEXT NOT NULL,
        created REAL NOT NULL,
        digest TEXT NOT NULL
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS claims (
        key TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        claimed REAL NOT NULL,
        expires REAL NOT NULL
    )
    """,
)


def cache_key(
    judge: str,
    prompt_version: str,
    question: str,
    reference: str,
    candidate: str,
    template_digest: str = "",
    endpoint: str = "",
) -> str:
    """SHA-256 (hex) of the fields, JSON-encoded so no two field splits collide."""
    payload = json.dumps(
        [judge, endpoint, prompt_version, template_digest, question, reference, candidate],
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def row_digest(key: str, score: int, judgement: str) -> str:
    """The digest stored with a row: SHA-256 of its key, score and judgement."""
    return hashlib.sha256(json.dumps([key, score, judgement], ensure_ascii=False).encode("utf-8")).hexdigest()


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


def _locked(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)


@tenacity.retry(
    retry=tenacity.retry_if_exception(_locked),
    stop=tenacity.stop_after_delay(30),
    wait=tenacity.wait_random(0.01, 0.2),
    reraise=True,
)
def _open(path: Path) -> sqlite3.Connection:
    """A connection in WAL mode with the schema made. Switching a new file to WAL takes a lock
    that SQLite does not wait for, so two processes opening one new cache at once retry here."""
    conn = sqlite3.connect(path, timeout=30.0, check_same_thread=False, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        # commits reach the OS, not the disk: a verdict lost to a power cut is asked
        # again, and a fsync per commit serialised every judge thread behind the disk
        conn.execute("PRAGMA synchronous=NORMAL")
        for statement in _SCHEMA:
            conn.execute(statement)
    except BaseException:
        conn.close()
        raise
    return conn


class JudgementCache:
    """Thread- and process-safe on-disk cache; the database is opened on first use."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / CACHE_FILE_NAME
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._host = socket.gethostname()
        #: Rows found corrupt (digest mismatch) and dropped since this cache was opened.
        self.corrupt_rows = 0

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                conn = _open(self.path)
            except (OSError, sqlite3.Error) as exc:
                raise OSError(
                    f"judge cache {self.path} cannot be opened ({exc}): pass a writable cache_dir"
                ) from None
            self._conn = conn
        return self._conn

    @contextlib.contextmanager
    def _use(self, doing: str, write: bool = False) -> Iterator[sqlite3.Connection]:
        """The connection under the lock, in a transaction when ``write``; SQLite errors become
        one-line ``OSError``s naming the file."""
        with self._lock:
            conn = self._connection()
            try:
                if write:
                    conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
                if conn.in_transaction:
                    conn.execute("COMMIT")
            except sqlite3.Error as exc:
                raise OSError(
                    f"judge cache {self.path} cannot be {doing} ({exc}): make it writable, delete a "
                    "damaged file, or pass another cache_dir (SYNTHDOC_CACHE_DIR)"
                ) from None

    def get(self, key: str) -> tuple[int, str] | None:
        """The cached (score, judgement) for ``key``, or None (also for a corrupt row, dropped)."""
        with self._use("read") as conn:
            row = conn.execute(
                "SELECT score, judgement, digest FROM verdicts WHERE key = ?", (key,)
            ).fetchone()
        if row is None:
            return None
        score, judgement, digest = row
        ok = (
            isinstance(score, int)
            and not isinstance(score, bool)
            and 0 <= score <= 10
            and isinstance(judgement, str)
            and digest == row_digest(key, score, judgement)
        )
        if not ok:
            self.corrupt_rows += 1
            with self._use("written", write=True) as conn:
                conn.execute("DELETE FROM verdicts WHERE key = ? AND digest IS ?", (key, digest))
            return None
        return int(score), str(judgement)

    def put(self, key: str, judge: str, prompt_version: str, score: int, judgement: str) -> None:
        """Store a valid judgement (callers never pass unscored ones) and drop any claim on it."""
        row = (key, judge, prompt_version, score, judgement, time.time(), row_digest(key, score, judgement))
        with self._use("written", write=True) as conn:
            conn.execute("INSERT OR REPLACE INTO verdicts VALUES (?, ?, ?, ?, ?, ?, ?)", row)
            conn.execute("DELETE FROM claims WHERE key = ?", (key,))

    # -- claims -----------------------------------------------------------------------

    def _held(self, row: tuple[object, ...], owner: str, now: float) -> bool:
        """Whether a claims row still belongs to a live owner other than ``owner``."""
        held_by, host, pid, expires = row
        if held_by == owner:
            return False
        if not isinstance(expires, (int, float)) or not isinstance(pid, int):
            return False  # a damaged row: stale
        dead = host == self._host and pid != os.getpid() and not _pid_alive(pid)
        return expires > now and not dead

    def claim(self, key: str, owner: str, ttl: float) -> bool:
        """Claim ``key`` for ``owner`` for ``ttl`` seconds; False while another live owner holds it.

        A claim is taken over when it has expired, or when its owner process ran on this
        host and is gone.
        """
        now = time.time()
        with self._use("written", write=True) as conn:
            row = conn.execute(
                "SELECT owner, host, pid, expires FROM claims WHERE key = ?", (key,)
            ).fetchone()
            if row is not None and self._held(tuple(row), owner, now):
                return False
            conn.execute(
                "INSERT OR REPLACE INTO claims VALUES (?, ?, ?, ?, ?, ?)",
                (key, owner, self._host, os.getpid(), now, now + ttl),
            )
        return True

    def release(self, key: str, owner: str) -> None:
        """Drop ``owner``'s claim on ``key`` (no verdict came: another process may ask)."""
        with self._use("written", write=True) as conn:
            conn.execute("DELETE FROM claims WHERE key = ? AND owner = ?", (key, owner))

    def check(self) -> None:
        """Open the file, read it and take a write transaction (rolled back): an ``OSError``
        naming the file and the cause when the cache is damaged, read-only or cannot be written."""
        with self._use("read") as conn:
            conn.execute("SELECT COUNT(*) FROM verdicts").fetchone()
        with self._lock:
            conn = self._connection()
            try:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("DELETE FROM claims WHERE 0")
                conn.execute("ROLLBACK")
            except sqlite3.Error as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise OSError(f"judge cache {self.path} cannot be written ({exc})") from None

    def __len__(self) -> int:
        with self._use("read") as conn:
            return int(conn.execute("SELECT COUNT(*) FROM verdicts").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
