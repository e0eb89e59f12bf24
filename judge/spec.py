"""Judge spec strings (``SYNTHDOC_JUDGE``) and building a judge from one."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from judge.base import Judge
from judge.cache import JudgementCache
from judge.errors import JudgeSpecError
from judge.offline import OfflineJudge
from judge.openai_judge import DEFAULT_RETRY_AFTER_CAP, OpenAIJudge
from judge.redact import redact_secrets

JudgeKind = Literal["offline", "none", "openai"]
VALID_SPECS = "offline, none, openai:<model> or openai:<model>@<base_url>"


@dataclass(frozen=True)
class JudgeSpec:
    """A parsed spec: ``kind`` and, for ``openai``, the model and optional base URL."""

    kind: JudgeKind
    model: str | None = None
    base_url: str | None = None

    def __str__(self) -> str:
        if self.kind != "openai":
            return self.kind
        return f"openai:{self.model}" + (f"@{self.base_url}" if self.base_url else "")


def _spec_error(spec: str, why: str) -> JudgeSpecError:
    return JudgeSpecError(
        f"judge spec {redact_secrets(spec)!r} {why}: choose one of {VALID_SPECS} "
        "(e.g. openai:gpt-5 or openai:Qwen/Qwen3-VL-8B-Instruct@http://localhost:8000/v1)"
    )


def parse_judge_spec(spec: str) -> JudgeSpec:
    """Parse ``offline``, ``none``, ``openai:<model>`` or ``openai:<model>@<base_url>``."""
    if not isinstance(spec, str) or not spec.strip():
        raise _spec_error(str(spec) if not isinstance(spec, str) else spec, "is empty")
    text = spec.strip()
    lowered = text.lower()
    if lowered in ("offline", "none"):
        return JudgeSpec(kind="offline" if lowered == "offline" else "none")
    prefix, sep, rest = text.partition(":")
    if not sep or prefix.strip().lower() != "openai":
        raise _spec_error(text, "names no known judge")
    model, at, base_url = rest.partition("@")
    model, base_url = model.strip(), base_url.strip()
    if not model:
        raise _spec_error(text, "has no model after 'openai:'")
    if at and not base_url.startswith(("http://", "https://")):
        raise _spec_error(text, "has a base URL that is not http(s)://...")
    return JudgeSpec(kind="openai", model=model, base_url=base_url.rstrip("/") or None)


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
    call ``preflight()`` to check the judge can be reached.
    """
    parsed = parse_judge_spec(spec) if isinstance(spec, str) else spec
    if parsed.kind == "none":
        return None
    if parsed.kind == "offline":
        return OfflineJudge()
    assert parsed.model is not None  # guaranteed by parse_judge_spec
    return OpenAIJudge(
        parsed.model,
        base_url=parsed.base_url or base_url,
        api_key=api_key,
        template=template,
        cache=JudgementCache(cache_dir) if cache_dir is not None else None,
        timeout=timeout,
        max_attempts=max_attempts,
        retry_after_cap=retry_after_cap,
    )
