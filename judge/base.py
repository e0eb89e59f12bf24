"""What every judge takes and returns, and the protocol every judge implements."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class JudgeItem:
    """One answer to score.

    ``answer_values`` are plain dicts shaped like the dataset's structured answer facts
    (``kind`` number|label, ``text``, ``value``, ``unit``, ``abs_tol``, ``rel_tol``,
    ``aliases``); only the offline judge reads them.
    """

    question: str
    reference: str
    candidate: str
    answer_values: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Judgement:
    """A judge's verdict on one item.

    ``score`` is 0..10, or -1 with ``valid`` False when the judge's reply could not be
    read (unscored: excluded from aggregates, never counted as wrong). ``judge`` names who
    scored it as ``backend:model`` (``openai:gpt-5``, ``offline:offline-claims-v34``) and
    ``prompt_version`` with which prompt. ``certain`` False: the judge could not read the
    answer confidently (the offline judge: a paraphrase, another language, a hedge, readings
    that conflict); the score is its best reading, and a cascade asks an LLM judge instead.
    """

    score: int
    judgement: str
    judge: str
    prompt_version: str
    valid: bool
    cached: bool = False
    certain: bool = True

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the fields."""
        return asdict(self)


@runtime_checkable
class Judge(Protocol):
    """A judge (offline, or an LLM judge over a backend). ``score_many`` keeps the order of ``items``."""

    name: str
    prompt_version: str

    def score(self, item: JudgeItem) -> Judgement: ...

    def score_many(self, items: Sequence[JudgeItem], concurrency: int = 8) -> list[Judgement]: ...

    def preflight(self) -> None: ...

    def cached(self, item: JudgeItem) -> Judgement | None:
        """The verdict without any network: from the cache (LLM judges; None on a miss) or
        computed directly (the offline judge)."""
        ...


def score_concurrently(
    score: Callable[[JudgeItem], Judgement], items: Sequence[JudgeItem], concurrency: int
) -> list[Judgement]:
    """Apply ``score`` to ``items`` in a pool of at most ``concurrency`` threads, in order.

    The first exception is raised once pending items are cancelled; items already scored
    keep whatever side effects they had (e.g. they are in the cache for a rerun).
    """
    if isinstance(concurrency, bool) or not isinstance(concurrency, int) or concurrency < 1:
        raise ValueError(f"concurrency must be a positive integer, got {concurrency!r}")
    if not items:
        return []
    if concurrency == 1 or len(items) == 1:
        return [score(item) for item in items]
    pool = ThreadPoolExecutor(max_workers=min(concurrency, len(items)), thread_name_prefix="judge")
    try:
        futures = [pool.submit(score, item) for item in items]
        return [f.result() for f in futures]
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
