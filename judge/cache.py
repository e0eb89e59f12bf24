"""A persistent cache of valid judgements, so a rerun makes no judge calls.

One SQLite file (WAL journal, busy timeout) shared by threads through a lock and by
processes through SQLite's own locking. Entries are keyed by a SHA-256 of (judge model,
prompt version, template digest, question, reference, candidate); the template digest
keeps an edited template from reusing scores given under another text. Only valid
judgements are stored: an unscored reply is asked again next time.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path

CACHE_FILE_NAME = "judge_cache.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS judgements (
    key TEXT PRIMARY KEY,
    judge TEXT NOT NULL,
    prompt_version TEXT NOT NULL,
    score INTEGER NOT NULL,
    judgement TEXT NOT NULL,
    created REAL NOT NULL
)
"""


def cache_key(
    judge: str, prompt_version: str, question: str, reference: str, candidate: str, template_digest: str = ""
) -> str:
    """SHA-256 (hex) of the fields, JSON-encoded so no two field splits collide."""
    payload = json.dumps(
        [judge, prompt_version, template_digest, question, reference, candidate], ensure_ascii=False
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class JudgementCache:
    """Thread-safe on-disk cache; the database is opened on first use, not on construction."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / CACHE_FILE_NAME
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                conn = sqlite3.connect(self.path, timeout=30.0, check_same_thread=False, isolation_level=None)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute(_SCHEMA)
            except (OSError, sqlite3.Error) as exc:
                raise OSError(
                    f"judge cache {self.path} cannot be opened ({exc}): pass a writable cache_dir"
                ) from None
            self._conn = conn
        return self._conn

    def get(self, key: str) -> tuple[int, str] | None:
        """The cached (score, judgement) for ``key``, or None."""
        with self._lock:
            row = (
                self._connection()
                .execute("SELECT score, judgement FROM judgements WHERE key = ?", (key,))
                .fetchone()
            )
        return None if row is None else (int(row[0]), str(row[1]))

    def put(self, key: str, judge: str, prompt_version: str, score: int, judgement: str) -> None:
        """Store a valid judgement (callers never pass unscored ones)."""
        with self._lock:
            self._connection().execute(
                "INSERT OR REPLACE INTO judgements VALUES (?, ?, ?, ?, ?, ?)",
                (key, judge, prompt_version, score, judgement, time.time()),
            )

    def __len__(self) -> int:
        with self._lock:
            return int(self._connection().execute("SELECT COUNT(*) FROM judgements").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
