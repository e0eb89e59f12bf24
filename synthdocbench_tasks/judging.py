"""The judge of a run, built once per process from the settings."""

from __future__ import annotations

import threading
from typing import Any

from judge import JudgeSpecError, JudgeUnavailable, build_judge

from .errors import SynthDocUserError
from .settings import JUDGE_VAR, Settings

JUDGE_CHOICES = (
    f"set {JUDGE_VAR} to one of: offline (scores answers against the reference facts, no API), "
    "openai:MODEL or openai:MODEL@BASE_URL (any OpenAI-compatible endpoint, e.g. a local vLLM server; "
    "key from OPENAI_API_KEY or SYNTHDOC_JUDGE_API_KEY), none (record answers only, judge later with "
    "`synthdocbench judge`)"
)

_lock = threading.Lock()
_judges: dict[tuple[Any, ...], Any] = {}
_checked: set[tuple[Any, ...]] = set()


def run_judge(settings: Settings, *, preflight: bool = False) -> Any:
    """The configured judge (None for ``none``); a clear error if unset or unreachable.

    Built once per (spec, endpoint, cache) and shared by the process_results threads.
    """
    if not settings.judge:
        raise SynthDocUserError(f"no judge selected: {JUDGE_CHOICES}")
    key = (settings.judge, settings.judge_base_url, settings.judge_api_key, str(settings.cache_dir))
    with _lock:
        if key not in _judges:
            try:
                judge = build_judge(
                    settings.judge,
                    api_key=settings.judge_api_key,
                    base_url=settings.judge_base_url,
                    cache_dir=settings.cache_dir / "judge",
                )
            except JudgeSpecError as exc:
                raise SynthDocUserError(f"{JUDGE_VAR}={settings.judge}: {exc}; {JUDGE_CHOICES}") from None
            _judges[key] = judge
        judge = _judges[key]
        if preflight and judge is not None and key not in _checked:
            try:
                judge.preflight()
            except JudgeUnavailable as exc:
                raise SynthDocUserError(f"{exc}; {JUDGE_CHOICES}") from None
            _checked.add(key)
        return judge
