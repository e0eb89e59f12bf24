"""Building a judge from a spec string (``SYNTHDOC_JUDGE``); the choices are :mod:`judge.registry`'s."""

from __future__ import annotations

from pathlib import Path

from judge.backends.openai_compat import DEFAULT_RETRY_AFTER_CAP
from judge.base import Judge
from judge.cache import JudgementCache
from judge.cascade import CascadeJudge
from judge.llm import LLMJudge
from judge.offline import OfflineJudge
from judge.registry import NONE, OFFLINE, JudgeSpec, backend_entry, parse_judge_spec, resolve_settings

__all__ = ["JudgeSpec", "build_judge", "parse_judge_spec"]


def build_judge(
    spec: JudgeSpec | str,
    *,
    api_key: str | None = None,
    base_url: str | None = None,
    cache_dir: Path | None = None,
    template: Path | None = None,
    timeout: float = 60.0,
    max_attempts: int = 4,
    retry_after_cap: float = DEFAULT_RETRY_AFTER_CAP,
) -> Judge | None:
    """The judge a spec names, or None for ``none`` (record answers, judge later).

    ``base_url`` applies when the spec has none; ``cache_dir`` None means no cache;
    ``template`` replaces the packaged rubric (LLM judges only). ``timeout`` (seconds per
    request), ``max_attempts`` (per answer) and ``retry_after_cap`` (the longest
    ``Retry-After`` honoured, seconds) apply to LLM judges. Builds no connection:
    call ``preflight()`` to check the judge can be reached. A cascade spec
    (``offline+openai:gpt-5``) gives a :class:`~judge.cascade.CascadeJudge`.
    """
    parsed = parse_judge_spec(spec) if isinstance(spec, str) else spec
    if parsed.kind == NONE:
        return None
    if parsed.kind == OFFLINE:
        return OfflineJudge()
    if parsed.model is None:
        parsed = parse_judge_spec(f"{parsed.kind}:")  # a hand-built spec: the parser's one-line error
    assert parsed.model is not None
    settings = resolve_settings(
        parsed.kind,
        parsed.model,
        base_url=parsed.base_url or base_url,
        api_key=api_key,
        timeout=timeout,
        max_attempts=max_attempts,
        retry_after_cap=retry_after_cap,
    )
    entry = backend_entry(parsed.kind)
    assert entry is not None  # resolve_settings refused unknown kinds
    judge_type = entry.judge_type() if entry.judge_type is not None else LLMJudge
    cache = JudgementCache(cache_dir) if cache_dir is not None else None
    llm = judge_type.over(entry.backend(settings), template=template, cache=cache)
    return CascadeJudge(llm) if parsed.cascade else llm
