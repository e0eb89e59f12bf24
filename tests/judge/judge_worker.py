"""A judging process for the concurrency tests: ``python -m tests.judge.judge_worker URL CACHE N``.

Scores N items (candidates ``x`` * 1..N) with a cached OpenAIJudge at URL, 4 threads, and
prints one JSON line: ``[[score, cached], ...]``. Once ready (imports done, client built) it
writes ``CACHE/ready-<pid>`` and waits for ``CACHE/go``, so two workers start together.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from judge import JudgeItem, build_judge


def main(url: str, cache_dir: str, count: int) -> None:
    judge = build_judge(f"openai:stub-judge@{url}", api_key="k", cache_dir=Path(cache_dir))
    assert judge is not None
    judge.client()  # type: ignore[attr-defined]
    folder = Path(cache_dir)
    (folder / f"ready-{os.getpid()}").touch()
    deadline = time.monotonic() + 60
    while not (folder / "go").exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    items = [JudgeItem("q", "r", "x" * n) for n in range(1, count + 1)]
    results = judge.score_many(items, concurrency=4)
    print(json.dumps([[r.score, r.cached] for r in results]))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
