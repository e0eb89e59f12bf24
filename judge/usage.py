"""Counters of what a judge has spent: calls, tokens, retries, cache hits."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace


@dataclass
class JudgeUsage:
    """Totals since the judge was built. ``calls`` counts HTTP requests made, retries included
    (for a Batch API job: the upload, creation, polls and downloads); ``batch_requests`` counts
    the prompts sent inside Batch API jobs, whose tokens are counted from the job's result lines."""

    calls: int = 0
    retries: int = 0
    batch_requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cache_hits: int = 0
    scored: int = 0
    unscored: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, **counts: int) -> None:
        """Add to the named counters, atomically."""
        with self._lock:
            for name, n in counts.items():
                setattr(self, name, getattr(self, name) + n)

    def snapshot(self) -> JudgeUsage:
        """A copy that later calls do not change."""
        with self._lock:
            return replace(self, _lock=threading.Lock())

    def summary(self) -> str:
        """One line for a log: ``judge usage: 12 calls (1 retry), 3400 tokens in, ...`` (with
        ``, N batch requests`` after the calls when a Batch API job was sent)."""
        s = self.snapshot()
        batched = f", {s.batch_requests} batch requests" if s.batch_requests else ""
        return (
            f"judge usage: {s.calls} calls ({s.retries} retries){batched}, {s.prompt_tokens} tokens in, "
            f"{s.completion_tokens} tokens out, {s.cache_hits} cache hits, "
            f"{s.scored} scored, {s.unscored} unscored"
        )
