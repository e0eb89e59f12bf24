"""The one place that reads SynthDocBench's environment variables.

Hooks call :func:`load_settings` when they run, never at import time, so lmms-eval can
scan the task folder without side effects and tests can pass their own environment.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

#: Variables a user may set; documented in README.md.
DATASET_VAR = "SYNTHDOC_DATASET"
JUDGE_VAR = "SYNTHDOC_JUDGE"
JUDGE_BASE_URL_VAR = "SYNTHDOC_JUDGE_BASE_URL"
JUDGE_API_KEY_VAR = "SYNTHDOC_JUDGE_API_KEY"
CACHE_VAR = "SYNTHDOC_CACHE_DIR"
MMDOCBENCH_VAR = "MMDOCBENCH_DATASET"


@dataclass(frozen=True)
class Settings:
    dataset: str | None
    judge: str | None
    judge_base_url: str | None
    judge_api_key: str | None
    cache_dir: Path
    mmdocbench_dataset: str | None = None


def default_cache_dir(environ: Mapping[str, str]) -> Path:
    base = environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "synthdocbench"


def load_settings(environ: Mapping[str, str] | None = None) -> Settings:
    env = os.environ if environ is None else environ

    def get(name: str) -> str | None:
        value = env.get(name, "").strip()
        return value or None

    cache = get(CACHE_VAR)
    return Settings(
        dataset=get(DATASET_VAR),
        judge=get(JUDGE_VAR),
        judge_base_url=get(JUDGE_BASE_URL_VAR),
        judge_api_key=get(JUDGE_API_KEY_VAR),
        cache_dir=Path(cache).expanduser() if cache else default_cache_dir(env),
        mmdocbench_dataset=get(MMDOCBENCH_VAR),
    )
