"""The one place that reads SynthDocBench's environment variables.

Hooks call :func:`load_settings` when they run, never at import time, so lmms-eval can
scan the task folder without side effects and tests can pass their own environment.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .errors import SynthDocUserError

#: Variables a user may set; documented in README.md.
DATASET_VAR = "SYNTHDOC_DATASET"
JUDGE_VAR = "SYNTHDOC_JUDGE"
JUDGE_BASE_URL_VAR = "SYNTHDOC_JUDGE_BASE_URL"
JUDGE_API_KEY_VAR = "SYNTHDOC_JUDGE_API_KEY"
CACHE_VAR = "SYNTHDOC_CACHE_DIR"
MMDOCBENCH_VAR = "MMDOCBENCH_DATASET"
JUDGE_TIMEOUT_VAR = "SYNTHDOC_JUDGE_TIMEOUT"
JUDGE_ATTEMPTS_VAR = "SYNTHDOC_JUDGE_ATTEMPTS"
JUDGE_RETRY_AFTER_CAP_VAR = "SYNTHDOC_JUDGE_RETRY_AFTER_CAP"
JUDGE_MAX_FAILURES_VAR = "SYNTHDOC_JUDGE_MAX_FAILURES"


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


@dataclass(frozen=True)
class JudgeLimits:
    """How long and how often the judge is tried before its answers are left unscored.

    ``timeout`` seconds per request, ``attempts`` tries per answer, ``retry_after_cap`` the
    longest ``Retry-After`` wait honoured, ``max_failures`` consecutive failed answers after
    which judging stops for the rest of the run (the circuit breaker).
    """

    timeout: float = 60.0
    attempts: int = 4
    retry_after_cap: float = 60.0
    max_failures: int = 5

    def __post_init__(self) -> None:
        checks = (
            ("timeout", JUDGE_TIMEOUT_VAR, "--timeout", self.timeout > 0, "a number of seconds > 0"),
            ("attempts", JUDGE_ATTEMPTS_VAR, "--attempts", self.attempts >= 1, "an integer >= 1"),
            (
                "retry_after_cap",
                JUDGE_RETRY_AFTER_CAP_VAR,
                "--retry-after-cap",
                self.retry_after_cap >= 0,
                "a number of seconds >= 0",
            ),
            (
                "max_failures",
                JUDGE_MAX_FAILURES_VAR,
                "--max-failures",
                self.max_failures >= 1,
                "an integer >= 1",
            ),
        )
        for name, var, flag, ok, what in checks:
            value = getattr(self, name)
            if not ok or (isinstance(value, float) and not math.isfinite(value)):
                raise SynthDocUserError(f"judge {name} must be {what}, got {value!r}: fix {var} or {flag}")


def _number(env: Mapping[str, str], name: str, kind: type, what: str) -> float | int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    try:
        value = kind(raw)
    except ValueError:
        raise SynthDocUserError(f"{name}={raw!r} is not {what}: set it to {what} or unset it") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise SynthDocUserError(f"{name}={raw!r} is not {what}: set it to {what} or unset it")
    return value


def load_judge_limits(
    environ: Mapping[str, str] | None = None, **overrides: float | int | None
) -> JudgeLimits:
    """Judge limits from the environment, then ``overrides`` (command-line flags) that are not None.

    A bad value is one line naming the variable or flag and what it must be.
    """
    env = os.environ if environ is None else environ
    values: dict[str, float | int] = {}
    for name, var, kind, what in (
        ("timeout", JUDGE_TIMEOUT_VAR, float, "a number of seconds > 0"),
        ("attempts", JUDGE_ATTEMPTS_VAR, int, "an integer >= 1"),
        ("retry_after_cap", JUDGE_RETRY_AFTER_CAP_VAR, float, "a number of seconds >= 0"),
        ("max_failures", JUDGE_MAX_FAILURES_VAR, int, "an integer >= 1"),
    ):
        value = overrides.get(name)
        if value is None:
            value = _number(env, var, kind, what)
        if value is not None:
            values[name] = value
    unknown = set(overrides) - {"timeout", "attempts", "retry_after_cap", "max_failures"}
    if unknown:
        raise TypeError(f"unknown judge limits: {sorted(unknown)}")
    return JudgeLimits(**values)  # type: ignore[arg-type]
