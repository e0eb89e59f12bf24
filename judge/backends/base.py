"""What a judge backend is: it sends chat messages to a model and returns the reply.

A backend knows nothing of rubrics, scores, caches or usage counters: the one judge class
(:class:`judge.llm.LLMJudge`) owns those and calls a backend. A backend

* sends ``messages`` (``[{"role": "user", "content": ...}]``) and returns a
  :class:`Completion`: the reply text, why it stopped (``"length"`` when the reply was cut
  at ``max_tokens``, whatever the vendor calls it), the tokens it cost and how many HTTP
  requests (and retries among them) it took;
* raises :class:`~judge.errors.JudgeUnavailable` when the endpoint cannot be used at all
  and :class:`~judge.errors.JudgeRequestError` when it refused this one request or
  answered with something that is not a reply (one line, credentials redacted, with
  ``requests``/``retries`` set);
* builds no connection before its first request, and reads no environment variable: its
  settings come resolved (:class:`BackendSettings`, from :func:`judge.choices.resolve_settings`).

Adding one is a module with a class like this and one :class:`judge.registry.BackendEntry`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypedDict, runtime_checkable

#: The ``finish_reason`` of a reply that was cut at ``max_tokens``.
CUT = "length"


class Message(TypedDict):
    """One chat message."""

    role: str
    content: str


@dataclass(frozen=True)
class Completion:
    """A model's reply as a backend returns it."""

    text: str | None
    finish_reason: str | None = None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    #: HTTP requests made for this reply, retries included.
    requests: int = 1
    retries: int = 0


@dataclass(frozen=True)
class BackendSettings:
    """Everything a backend is built from, resolved (no environment reads left to do).

    ``base_url`` is the endpoint requests go to (credentials in it are kept: redact it for
    display); ``api_key`` None means none was given or found; ``options`` are the backend's
    own settings (its :attr:`judge.registry.BackendEntry.options`, read from the environment).
    """

    model: str
    base_url: str
    api_key: str | None = None
    timeout: float = 60.0
    max_attempts: int = 4
    retry_after_cap: float = 60.0
    options: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_limits(self.model, self.timeout, self.max_attempts, self.retry_after_cap)


@runtime_checkable
class Backend(Protocol):
    """A chat endpoint the judge can ask (see the module docstring)."""

    #: The registry name (``openai``): messages name the judge as ``<kind>:<model>``.
    kind: str
    model: str

    @property
    def endpoint(self) -> str:
        """The base URL requests go to, credentials replaced by ``***``."""
        ...

    @property
    def cache_name(self) -> str:
        """The model identity cached verdicts are keyed by (with ``endpoint``)."""
        ...

    @property
    def longest_request(self) -> float:
        """Seconds one :meth:`complete` may take at most, retries and waits included."""
        ...

    def complete(
        self, messages: Sequence[Message], *, max_tokens: int | None = None, temperature: float | None = 0.0
    ) -> Completion:
        """The model's reply to ``messages``; ``None`` parameters are not sent."""
        ...

    def preflight(self) -> None:
        """Check the endpoint answers (one-line ``JudgeUnavailable`` if not), cheaply."""
        ...

    def close(self) -> None:
        """Release the HTTP client (the backend can still be used: it builds a new one)."""
        ...


def check_limits(model: str, timeout: float, max_attempts: int, retry_after_cap: float) -> None:
    """One-line ``ValueError`` for an empty model name or a limit no request can honour."""
    if not isinstance(model, str) or not model.strip():
        raise ValueError("the judge model name is empty: pass one after the judge kind, e.g. openai:gpt-5")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < math.inf:
        raise ValueError(f"judge timeouts must be > 0 s, got timeout={timeout!r}")
    if isinstance(max_attempts, bool) or not isinstance(max_attempts, int) or max_attempts < 1:
        raise ValueError(f"max_attempts must be >= 1, got {max_attempts!r}")
    if (
        isinstance(retry_after_cap, bool)
        or not isinstance(retry_after_cap, (int, float))
        or not 0 <= retry_after_cap < math.inf
    ):
        raise ValueError(f"retry_after_cap must be a number of seconds >= 0, got {retry_after_cap!r}")


def token_count(value: object) -> int:
    """``value`` when it is a positive int (a token count in a reply), else 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
