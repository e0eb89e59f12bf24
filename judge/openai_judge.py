"""A judge model behind any OpenAI-compatible chat-completions endpoint.

OpenAI itself, a local vLLM server (``openai:<model>@http://localhost:8000/v1``) or a
gateway to another vendor. Requests are made at temperature 0 with the ``openai``
client (its own retries off); transient failures (429, 408, 409, 5xx, connection errors,
timeouts) are retried by tenacity with exponential backoff, honouring ``Retry-After``, for
at most ``max_attempts`` attempts, then a one-line :class:`JudgeError` names the endpoint.

Some models refuse parameters older servers need (OpenAI's reasoning models reject
``temperature`` other than 1 and want ``max_completion_tokens``); such a 400 is answered
once by dropping or renaming that parameter, and ``adjustments`` records it.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import openai
from tenacity import RetryCallState, RetryError, Retrying, retry_if_exception, stop_after_attempt

from judge.base import JudgeItem, Judgement, score_concurrently
from judge.cache import JudgementCache, cache_key
from judge.errors import CHOOSE_ANOTHER, JudgeError, JudgeUnavailable
from judge.parse import ParsedJudgement, parse_judge_reply
from judge.prompt import load_template
from judge.usage import JudgeUsage

DEFAULT_MAX_TOKENS = 2048
OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1"
_TRANSIENT_STATUS = frozenset({408, 409, 429})
# A local server needs no key; the openai client insists on one, so it gets this placeholder.
_PLACEHOLDER_KEY = "EMPTY"


def _one_line(text: object, limit: int = 160) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _server_message(exc: openai.APIStatusError) -> str:
    """The server's own error message when it sent one, else the client's summary."""
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return str(inner["message"])
    return str(exc.message)


def _is_transient(exc: BaseException) -> bool:
    if isinstance(exc, openai.APIConnectionError):  # includes APITimeoutError
        return True
    return isinstance(exc, openai.APIStatusError) and (
        exc.status_code in _TRANSIENT_STATUS or exc.status_code >= 500
    )


def _retry_after(exc: BaseException | None) -> float:
    if not isinstance(exc, openai.APIStatusError):
        return 0.0
    try:
        return max(0.0, float(exc.response.headers.get("retry-after", 0)))
    except ValueError:  # an HTTP date: fall back to exponential backoff
        return 0.0


class OpenAIJudge:
    """Scores items by asking a chat model with the rubric template."""

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
        max_tokens: int = DEFAULT_MAX_TOKENS,
        preflight_timeout: float = 10.0,
        backoff_initial: float = 1.0,
        backoff_max: float = 30.0,
    ) -> None:
        if not model or not model.strip():
            raise ValueError("the judge model name is empty: pass a model, e.g. openai:gpt-5")
        if timeout <= 0 or preflight_timeout <= 0:
            raise ValueError(f"judge timeouts must be > 0 s, got {timeout} and {preflight_timeout}")
        if max_attempts < 1:
            raise ValueError(f"max_attempts must be >= 1, got {max_attempts}")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be >= 1, got {max_tokens}")
        self.model = model.strip()
        self.name = self.model
        self.template = load_template(template)
        self.prompt_version = self.template.version
        self.cache = cache
        self.timeout = float(timeout)
        self.max_attempts = max_attempts
        self.max_tokens = max_tokens
        self.preflight_timeout = float(preflight_timeout)
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self.usage = JudgeUsage()
        #: Request parameters dropped or renamed because the endpoint refused them.
        self.adjustments: list[str] = []
        self._base_url = base_url
        self._api_key = api_key
        self._client: openai.OpenAI | None = None
        self._lock = threading.Lock()
        self._params: dict[str, Any] = {"temperature": 0, "max_tokens": max_tokens}

    # -- the endpoint -----------------------------------------------------------------

    @property
    def endpoint(self) -> str:
        """The base URL requests go to."""
        if self._client is not None:
            return str(self._client.base_url).rstrip("/")
        return (self._base_url or OPENAI_DEFAULT_BASE_URL).rstrip("/")

    def client(self) -> openai.OpenAI:
        """The ``openai`` client, built on first use."""
        with self._lock:
            if self._client is None:
                kwargs: dict[str, Any] = {"timeout": self.timeout, "max_retries": 0}
                if self._base_url is not None:
                    kwargs["base_url"] = self._base_url
                try:
                    self._client = openai.OpenAI(api_key=self._api_key, **kwargs)
                except openai.OpenAIError:
                    if self._api_key is not None or self._base_url is None:
                        raise JudgeUnavailable(
                            f"judge openai:{self.model} has no API key: set OPENAI_API_KEY or pass "
                            f"api_key, or {CHOOSE_ANOTHER}"
                        ) from None
                    self._client = openai.OpenAI(api_key=_PLACEHOLDER_KEY, **kwargs)
            return self._client

    def preflight(self) -> None:
        """Check the endpoint answers before any model inference (``GET /models``).

        A 404 or 405 (gateways without a model list) counts as reachable.
        """
        client = self.client().with_options(timeout=self.preflight_timeout, max_retries=0)
        where = f"judge openai:{self.model} at {self.endpoint}"
        try:
            client.models.list()
        except openai.APITimeoutError:
            raise JudgeUnavailable(
                f"{where} did not answer within {self.preflight_timeout:g}s: start or check the server, "
                f"or {CHOOSE_ANOTHER}"
            ) from None
        except openai.APIConnectionError as exc:
            cause = _one_line(exc.__cause__ or exc, 100)
            raise JudgeUnavailable(
                f"{where} is unreachable ({cause}): start or check the server, or {CHOOSE_ANOTHER}"
            ) from None
        except openai.APIStatusError as exc:
            if exc.status_code in (404, 405):
                return
            if exc.status_code in (401, 403):
                raise JudgeUnavailable(
                    f"{where} refused the API key (HTTP {exc.status_code}): set OPENAI_API_KEY or pass "
                    f"api_key, or {CHOOSE_ANOTHER}"
                ) from None
            raise JudgeUnavailable(
                f"{where} answered HTTP {exc.status_code} ({_one_line(_server_message(exc), 100)}): "
                f"check the server, or {CHOOSE_ANOTHER}"
            ) from None

    # -- requests ---------------------------------------------------------------------

    def _wait(self, state: RetryCallState) -> float:
        backoff = min(self.backoff_max, self.backoff_initial * 2 ** (state.attempt_number - 1))
        backoff += random.uniform(0, self.backoff_initial)  # jitter, not security
        exc = state.outcome.exception() if state.outcome is not None else None
        return max(backoff, min(self.backoff_max, _retry_after(exc)))

    def _failure(self, exc: BaseException, attempts: int) -> JudgeError:
        url = self.endpoint
        tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
        if isinstance(exc, openai.APITimeoutError):
            what = f"timed out after {tries} (timeout {self.timeout:g}s)"
        elif isinstance(exc, openai.APIConnectionError):
            what = f"could not be reached after {tries} ({_one_line(exc.__cause__ or exc, 100)})"
        elif isinstance(exc, openai.APIStatusError) and _is_transient(exc):
            what = (
                f"kept failing: HTTP {exc.status_code} after {tries} ({_one_line(_server_message(exc), 100)})"
            )
        elif isinstance(exc, openai.APIStatusError):
            return JudgeError(
                f"judge endpoint {url} rejected the request with HTTP {exc.status_code} "
                f"({_one_line(_server_message(exc), 120)}): check the model name ({self.model}) and API key, "
                f"or {CHOOSE_ANOTHER}"
            )
        else:
            what = f"failed after {tries} ({type(exc).__name__}: {_one_line(exc, 100)})"
        return JudgeError(f"judge endpoint {url} {what}: check the server or {CHOOSE_ANOTHER}")

    def _adjust(self, exc: openai.BadRequestError) -> bool:
        """Drop or rename a parameter the endpoint refused; True if something changed."""
        message = _server_message(exc).lower()
        if "unsupported" not in message and "not supported" not in message:
            return False
        with self._lock:
            if "max_tokens" in message and "max_tokens" in self._params:
                self._params["max_completion_tokens"] = self._params.pop("max_tokens")
                self.adjustments.append("max_tokens -> max_completion_tokens")
                return True
            if "temperature" in message and "temperature" in self._params:
                del self._params["temperature"]
                self.adjustments.append("temperature dropped (the model accepts only its default)")
                return True
        return False

    def _request(self, prompt: str) -> Any:
        def once() -> Any:
            self.usage.add(calls=1)
            with self._lock:
                params = dict(self._params)
            return self.client().chat.completions.create(
                model=self.model, messages=[{"role": "user", "content": prompt}], **params
            )

        retrying = Retrying(
            stop=stop_after_attempt(self.max_attempts),
            wait=self._wait,
            retry=retry_if_exception(_is_transient),
            before_sleep=lambda _state: self.usage.add(retries=1),
        )
        for _ in range(3):  # at most two parameter adjustments
            try:
                return retrying(once)
            except RetryError as err:
                last = err.last_attempt
                raise self._failure(last.exception() or err, last.attempt_number) from None
            except openai.BadRequestError as exc:
                if not self._adjust(exc):
                    raise self._failure(exc, 1) from None
            except openai.APIStatusError as exc:
                raise self._failure(exc, 1) from None
        raise JudgeError(f"judge endpoint {self.endpoint} refused every parameter set: {CHOOSE_ANOTHER}")

    def _ask(self, prompt: str) -> ParsedJudgement:
        response = self._request(prompt)
        if response.usage is not None:
            self.usage.add(
                prompt_tokens=response.usage.prompt_tokens or 0,
                completion_tokens=response.usage.completion_tokens or 0,
            )
        choice = response.choices[0] if response.choices else None
        content = choice.message.content if choice is not None else None
        parsed = parse_judge_reply(content or "")
        if not parsed.valid and choice is not None and choice.finish_reason == "length":
            return ParsedJudgement(
                score=parsed.score,
                judgement=f"{parsed.judgement} (the reply was cut at max_tokens={self.max_tokens})",
                valid=False,
            )
        return parsed

    # -- the Judge protocol -----------------------------------------------------------

    def _key(self, item: JudgeItem) -> str:
        fields = (item.question, item.reference, item.candidate)
        return cache_key(self.model, self.prompt_version, *fields, template_digest=self.template.digest)

    def score(self, item: JudgeItem) -> Judgement:
        key = self._key(item) if self.cache is not None else ""
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                self.usage.add(cache_hits=1, scored=1)
                return Judgement(hit[0], hit[1], self.name, self.prompt_version, valid=True, cached=True)
        prompt = self.template.render(item.question, item.reference, item.candidate)
        parsed = self._ask(prompt)
        if parsed.valid:
            self.usage.add(scored=1)
            if self.cache is not None:
                self.cache.put(key, self.name, self.prompt_version, parsed.score, parsed.judgement)
        else:
            self.usage.add(unscored=1)
        return Judgement(
            parsed.score, parsed.judgement, self.name, self.prompt_version, valid=parsed.valid, cached=False
        )

    def score_many(self, items: Sequence[JudgeItem], concurrency: int = 8) -> list[Judgement]:
        return score_concurrently(self.score, items, concurrency)

    def close(self) -> None:
        """Close the HTTP client and the cache."""
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None
        if self.cache is not None:
            self.cache.close()
