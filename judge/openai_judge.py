"""The LLM judge over an OpenAI-compatible endpoint (``openai:<model>[@<base_url>]``).

:class:`OpenAIJudge` is :class:`~judge.llm.LLMJudge` over
:class:`~judge.backends.openai_compat.OpenAICompatBackend`: judging (template, parsing,
cache, usage) is the LLM judge's, transport (client, retries, ``Retry-After``, parameter
adjustments, typed errors) is the backend's. This class only adds a constructor that takes
the model and connection settings directly, the backend's settings as attributes, and is
what the Batch API (:mod:`judge.batch`) accepts.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from judge.backends.openai_compat import (
    DEFAULT_RETRY_AFTER_CAP,
    OPENAI_DEFAULT_BASE_URL,
    OpenAICompatBackend,
    retry_after_seconds,
)
from judge.cache import JudgementCache
from judge.choices import resolve_settings
from judge.llm import DEFAULT_MAX_TOKENS, LLMJudge

if TYPE_CHECKING:
    import openai

__all__ = [
    "DEFAULT_MAX_TOKENS",
    "DEFAULT_RETRY_AFTER_CAP",
    "OPENAI_DEFAULT_BASE_URL",
    "OpenAIJudge",
    "retry_after_seconds",
]


class OpenAIJudge(LLMJudge):
    """Scores items by asking a chat model behind an OpenAI-compatible endpoint.

    ``base_url`` None means ``OPENAI_BASE_URL``, else OpenAI's own; ``api_key`` None means
    ``OPENAI_API_KEY`` (a local server needs none), both resolved once, here, by
    :func:`judge.choices.resolve_settings`.
    """

    backend: OpenAICompatBackend

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        template: Path | None = None,
        cache: JudgementCache | None = None,
        timeout: float = 60.0,
        max_attempts: int = 4,
        retry_after_cap: float = DEFAULT_RETRY_AFTER_CAP,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        preflight_timeout: float = 10.0,
        backoff_initial: float = 1.0,
        backoff_max: float = 30.0,
    ) -> None:
        settings = resolve_settings(
            "openai",
            model,
            base_url=base_url,
            api_key=api_key,
            timeout=timeout,
            max_attempts=max_attempts,
            retry_after_cap=retry_after_cap,
        )
        backend = OpenAICompatBackend(
            settings,
            preflight_timeout=preflight_timeout,
            backoff_initial=backoff_initial,
            backoff_max=backoff_max,
        )
        super().__init__(backend, template=template, cache=cache, max_tokens=max_tokens)

    # The backend's settings, as attributes of the judge.

    @property
    def timeout(self) -> float:
        return self.backend.timeout

    @property
    def max_attempts(self) -> int:
        return self.backend.max_attempts

    @property
    def retry_after_cap(self) -> float:
        return self.backend.retry_after_cap

    @property
    def preflight_timeout(self) -> float:
        return self.backend.preflight_timeout

    @property
    def adjustments(self) -> list[str]:
        """Request parameters dropped or renamed because the endpoint refused them."""
        return self.backend.adjustments

    @property
    def _client(self) -> openai.OpenAI | None:
        return self.backend._client

    def client(self) -> openai.OpenAI:
        """The ``openai`` client, built on first use."""
        return self.backend.client()
