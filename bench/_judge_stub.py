"""The loopback LLM judge both judge benches time against (``bench/eval.py --judge-stub-ms``,
``bench/judge_throughput.py``): ``tests/judge/judge_chat_stub.py`` answering every chat
request after a fixed delay, recording when each request arrived.

Rates are the endpoint's view: requests over the span from the first arrival to the last
reply (the last arrival plus the delay), so process start-up on either side stays outside.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_REPO = str(Path(__file__).resolve().parent.parent)
if _REPO not in sys.path:
    sys.path.insert(0, _REPO)  # the repository, for tests/

from tests.judge.judge_chat_stub import ChatStub, Reply

#: What the stub judge answers: a valid verdict.
VERDICT = '{"score": 7, "judgement": "Mostly right."}'


@dataclass
class Arrivals:
    """The chat requests a stub received, with their arrival times (``time.perf_counter``)."""

    delay: float
    times: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    base_url: str = ""
    max_in_flight: int = 0

    def rate(self) -> tuple[int, float, float]:
        """Requests, the span from the first arrival to the last reply, requests per second."""
        with self.lock:
            times = list(self.times)
        span = max(times) + self.delay - min(times) if times else 0.0
        return len(times), span, (len(times) / span if span else 0.0)


@contextlib.contextmanager
def judge_stub(delay: float) -> Iterator[Arrivals]:
    """A loopback OpenAI-compatible endpoint answering every chat request after ``delay``
    seconds, while the block runs; the arrivals it saw (``max_in_flight`` set on exit)."""
    arrivals = Arrivals(delay)

    def responder(_req: Any) -> Reply:
        with arrivals.lock:
            arrivals.times.append(time.perf_counter())
        return Reply(content=VERDICT, delay=delay)

    stub = ChatStub()
    stub.responder = responder
    stub.start()
    arrivals.base_url = stub.base_url
    try:
        yield arrivals
    finally:
        stub.stop()
        arrivals.max_in_flight = stub.max_in_flight
