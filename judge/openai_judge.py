"""A judge model behind any OpenAI-compatible chat-completions endpoint.

OpenAI itself, a local vLLM server (``openai:<model>@http://localhost:8000/v1``) or a
gateway to another vendor. Requests are made at temperature 0 with the ``openai``
client (its own retries off); transient failures (429, 408, 409, 5xx, connection errors,
timeouts) are retried by tenacity with exponential backoff, honouring ``Retry-After``, for
at most ``max_attempts`` attempts, then a one-line error names the endpoint:
:class:`JudgeUnavailable` when the endpoint itself is down (unreachable, timing out, 5xx or
429 on every attempt, refusing the key), :class:`JudgeRequestError` when it refused this
one request. A ``Retry-After`` is honoured up to ``retry_after_cap`` seconds.

With a cache, a verdict is asked at most once per (model, endpoint, prompt): ``cached``
answers from the cache with no network, and concurrent processes claim a prompt before
asking it (see :mod:`judge.cache`). Credentials in the base URL never appear in messages,
``endpoint`` or ``name``. The ``openai`` package is imported only when a client is built.

Some models refuse parameters older servers need (OpenAI's reasoning models reject
``temperature`` other than 1 and want ``max_completion_tokens``); such a 400 is answered
once by dropping or renaming that parameter, and ``adjustments`` records it.
"""

from __future__ import annotations

import email.utils
import logging
import math
import os
import random
import sqlite3
import threading
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tenacity import RetryCallState, RetryError, Retrying, retry_if_exception, stop_after_attempt

from judge.base import JudgeItem, Judgement, score_concurrently
from judge.cache import JudgementCache, cache_key
from judge.errors import CHOOSE_ANOTHER, JudgeError, JudgeRequestError, JudgeUnavailable
from judge.parse import ParsedJudgement, parse_judge_reply
from judge.prompt import load_template
from judge.redact import redact_secrets
from judge.usage import JudgeUsage

if TYPE_CHECKING:
    import openai

DEFAULT_MAX_TOKENS = 2048
OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1"
_TRANSIENT_STATUS = frozenset({408, 409, 429})
# A local server needs no key; the openai client insists on one, so it gets this placeholder.
_PLACEHOLDER_KEY = "EMPTY"


DEFAULT_RETRY_AFTER_CAP = 60.0
_LOG = logging.getLogger("judge")
# How long a waiting process sleeps between looks at a prompt another process has claimed.
_CLAIM_POLL_MIN = 0.02
_CLAIM_POLL_MAX = 0.5


def _openai() -> Any:
    """The ``openai`` module, imported on first need (``import judge`` stays light)."""
    import openai

    return openai


def _one_line(text: object, limit: int = 160) -> str:
    flat = " ".join(redact_secrets(str(text)).split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _server_message(exc: openai.APIStatusError) -> str:
    """The server's own error message when it sent one, else the client's summary."""
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return str(inner["message"])
    return str(exc.message)


class _UnreadableReplyError(Exception):
    """The endpoint answered 200 with a body that is not JSON."""


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _is_transient(exc: BaseException) -> bool:
    openai = _openai()
    if isinstance(exc, openai.APIConnectionError):  # includes APITimeoutError
        return True
    return isinstance(exc, openai.APIStatusError) and (
        exc.status_code in _TRANSIENT_STATUS or exc.status_code >= 500
    )


def retry_after_seconds(header: str | None, cap: float, now: float | None = None) -> float:
    """Seconds a ``Retry-After`` header asks to wait (delta seconds or an HTTP date), at most ``cap``.

    0 when the header is absent or unreadable (exponential backoff applies then).
    """
    if not header or not header.strip():
        return 0.0
    text = header.strip()
    try:
        seconds = float(text)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(text)
        except (TypeError, ValueError, IndexError):
            return 0.0
        if when is None or when.tzinfo is None:
            return 0.0
        seconds = when.timestamp() - (time.time() if now is None else now)
    if not math.isfinite(seconds):
        return 0.0
    return min(cap, max(0.0, seconds))


def _retry_after_header(exc: BaseException | None) -> str | None:
    if exc is None or not isinstance(exc, _openai().APIStatusError):
        return None
    response = getattr(exc, "response", None)
    value = response.headers.get("retry-after") if response is not None else None
    return str(value) if value is not None else None


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
        retry_after_cap: float = DEFAULT_RETRY_AFTER_CAP,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        preflight_timeout: float = 10.0,
        backoff_initial: float = 1.0,
        backoff_max: float = 30.0,
    ) -> None:
        if not model or not model.strip():
            raise ValueError("the judge model name is empty: pass a model, e.g. openai:gpt-5")
        for label, value in (("timeout", timeout), ("preflight_timeout", preflight_timeout)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
                raise ValueError(f"judge timeouts must be > 0 s, got {label}={value!r}")
        if isinstance(max_attempts, bool) or not isinstance(max_attempts, int) or max_attempts < 1:
            raise ValueError(f"max_attempts must be >= 1, got {max_attempts!r}")
        if (
            isinstance(retry_after_cap, bool)
            or not isinstance(retry_after_cap, (int, float))
            or not 0 <= retry_after_cap < math.inf
        ):
            raise ValueError(f"retry_after_cap must be a number of seconds >= 0, got {retry_after_cap!r}")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be >= 1, got {max_tokens}")
        self.model = model.strip()
        self.name = redact_secrets(self.model)
        self.template = load_template(template)
        self.prompt_version = self.template.version
        self.cache = cache
        self.timeout = float(timeout)
        self.max_attempts = max_attempts
        self.retry_after_cap = float(retry_after_cap)
        self.max_tokens = max_tokens
        self.preflight_timeout = float(preflight_timeout)
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self.usage = JudgeUsage()
        #: Request parameters dropped or renamed because the endpoint refused them.
        self.adjustments: list[str] = []
        # Resolved once, as the openai client would (OPENAI_BASE_URL, else OpenAI's own), so the
        # endpoint in messages and cache keys is the one requests go to.
        resolved = base_url or os.environ.get("OPENAI_BASE_URL") or OPENAI_DEFAULT_BASE_URL
        self._base_url = resolved.strip().rstrip("/")
        self._api_key = api_key
        self._client: openai.OpenAI | None = None
        self._lock = threading.Lock()
        self._params: dict[str, Any] = {"temperature": 0, "max_tokens": max_tokens}
        self._rng = random.Random()  # backoff jitter only; never affects a score
        #: The last error writing the cache (the verdicts were returned, not kept), or None.
        self.cache_error: str | None = None
        #: How long a claim on a prompt lasts before another process may take it over.
        self.claim_ttl = self.timeout * max_attempts + self.retry_after_cap * (max_attempts - 1) + 30.0

    # -- the endpoint -----------------------------------------------------------------

    @property
    def endpoint(self) -> str:
        """The base URL requests go to, with any credentials in it replaced by ``***``."""
        return redact_secrets(self._base_url)

    def client(self) -> openai.OpenAI:
        """The ``openai`` client, built on first use."""
        openai = _openai()
        with self._lock:
            if self._client is None:
                kwargs: dict[str, Any] = {
                    "timeout": self.timeout,
                    "max_retries": 0,
                    "base_url": self._base_url,
                }
                try:
                    self._client = openai.OpenAI(api_key=self._api_key, **kwargs)
                except openai.OpenAIError:
                    if self._api_key is not None or self._base_url == OPENAI_DEFAULT_BASE_URL:
                        raise JudgeUnavailable(
                            f"judge openai:{self.name} has no API key: set OPENAI_API_KEY or pass "
                            f"api_key, or {CHOOSE_ANOTHER}"
                        ) from None
                    self._client = openai.OpenAI(api_key=_PLACEHOLDER_KEY, **kwargs)
            return self._client

    def preflight(self) -> None:
        """Check the endpoint answers before any model inference (``GET /models``).

        A 404 or 405 (gateways without a model list) counts as reachable.
        """
        openai = _openai()
        client = self.client().with_options(timeout=self.preflight_timeout, max_retries=0)
        where = f"judge openai:{self.name} at {self.endpoint}"
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
        backoff += self._rng.uniform(0, self.backoff_initial)  # jitter, not security
        exc = state.outcome.exception() if state.outcome is not None else None
        return max(backoff, retry_after_seconds(_retry_after_header(exc), self.retry_after_cap))

    def _failure(self, exc: BaseException, attempts: int) -> JudgeError:
        """The typed, one-line, credential-free error for a request that failed for good."""
        error = self._failure_unredacted(exc, attempts)
        return type(error)(redact_secrets(str(error)))

    def _failure_unredacted(self, exc: BaseException, attempts: int) -> JudgeError:
        openai = _openai()
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
        elif isinstance(exc, openai.APIStatusError) and exc.status_code in (401, 403):
            return JudgeUnavailable(
                f"judge endpoint {url} refused the API key (HTTP {exc.status_code}, "
                f"{_one_line(_server_message(exc), 100)}): set OPENAI_API_KEY or pass api_key, "
                f"or {CHOOSE_ANOTHER}"
            )
        elif isinstance(exc, openai.APIStatusError):
            return JudgeRequestError(
                f"judge endpoint {url} rejected the request with HTTP {exc.status_code} "
                f"({_one_line(_server_message(exc), 120)}): check the model name ({self.model}) and API key, "
                f"or {CHOOSE_ANOTHER}"
            )
        else:
            what = f"failed after {tries} ({type(exc).__name__}: {_one_line(exc, 100)})"
            return JudgeRequestError(f"judge endpoint {url} {what}: check the server or {CHOOSE_ANOTHER}")
        return JudgeUnavailable(f"judge endpoint {url} {what}: check the server or {CHOOSE_ANOTHER}")

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
        openai = _openai()

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
            except openai.OpenAIError as exc:
                raise self._failure(exc, 1) from None
            except ValueError as exc:  # HTTP 200 whose body is not JSON: the judge answered badly
                raise _UnreadableReplyError(_one_line(exc, 80)) from None
        raise JudgeRequestError(
            f"judge endpoint {self.endpoint} refused every parameter set: {CHOOSE_ANOTHER}"
        )

    def _ask(self, prompt: str) -> ParsedJudgement:
        try:
            response = self._request(prompt)
        except _UnreadableReplyError as exc:
            # A broken endpoint or proxy, not the judge's verdict: a failure, never an unscored reply.
            raise JudgeRequestError(
                f"judge endpoint {self.endpoint} answered HTTP 200 with a body that is not JSON ({exc}): "
                f"check the server, or {CHOOSE_ANOTHER}"
            ) from None
        usage = getattr(response, "usage", None)
        if usage is not None:
            self.usage.add(
                prompt_tokens=_count(getattr(usage, "prompt_tokens", 0)),
                completion_tokens=_count(getattr(usage, "completion_tokens", 0)),
            )
        choices = getattr(response, "choices", None)
        if not isinstance(choices, list):
            what = _one_line(response, 80)
            raise JudgeRequestError(
                f"judge endpoint {self.endpoint} answered HTTP 200 with a body that is not a chat "
                f"completion ({what!r}): check the server, or {CHOOSE_ANOTHER}"
            )
        choice = choices[0] if choices else None
        message = getattr(choice, "message", None)
        content = getattr(message, "content", None)
        parsed = parse_judge_reply(content if isinstance(content, str) else "")
        if not parsed.valid and getattr(choice, "finish_reason", None) == "length":
            return ParsedJudgement(
                score=parsed.score,
                judgement=f"{parsed.judgement} (the reply was cut at max_tokens={self.max_tokens})",
                valid=False,
            )
        return parsed

    # -- the Judge protocol -----------------------------------------------------------

    def _key(self, item: JudgeItem) -> str:
        fields = (item.question, item.reference, item.candidate)
        return cache_key(
            self.model,
            self.prompt_version,
            *fields,
            template_digest=self.template.digest,
            endpoint=self.endpoint,
        )

    def _hit(self, key: str) -> Judgement | None:
        assert self.cache is not None
        hit = self.cache.get(key)
        if hit is None:
            return None
        self.usage.add(cache_hits=1, scored=1)
        return Judgement(hit[0], hit[1], self.name, self.prompt_version, valid=True, cached=True)

    def cached(self, item: JudgeItem) -> Judgement | None:
        """The cached verdict for ``item``, or None; never touches the network."""
        if self.cache is None:
            return None
        try:
            return self._hit(self._key(item))
        except (OSError, sqlite3.Error):  # an unusable cache: score() reports it
            return None

    def _claim_or_hit(self, key: str, owner: str) -> Judgement | None:
        """Wait until this process owns ``key`` (None) or another one has filled it (the verdict)."""
        assert self.cache is not None
        pause = _CLAIM_POLL_MIN
        while True:
            hit = self._hit(key)
            if hit is not None:
                return hit
            if self.cache.claim(key, owner, self.claim_ttl):
                # Filled between the look and the claim: use it and let the claim go.
                hit = self._hit(key)
                if hit is not None:
                    self.cache.release(key, owner)
                return hit
            time.sleep(pause)
            pause = min(_CLAIM_POLL_MAX, pause * 2)

    def score(self, item: JudgeItem) -> Judgement:
        key = owner = ""
        if self.cache is not None:
            key, owner = self._key(item), uuid.uuid4().hex
            hit = self._claim_or_hit(key, owner)
            if hit is not None:
                return hit
        try:
            prompt = self.template.render(item.question, item.reference, item.candidate)
            parsed = self._ask(prompt)
        except BaseException:
            self._release(key, owner)
            raise
        if parsed.valid:
            self.usage.add(scored=1)
            if self.cache is not None:
                try:
                    self.cache.put(key, self.name, self.prompt_version, parsed.score, parsed.judgement)
                except OSError as exc:  # the verdict was paid for: keep it, say the cache failed
                    self._cache_failed(exc)
        else:
            self.usage.add(unscored=1)
            self._release(key, owner)
        return Judgement(
            parsed.score, parsed.judgement, self.name, self.prompt_version, valid=parsed.valid, cached=False
        )

    def _release(self, key: str, owner: str) -> None:
        if self.cache is not None:
            try:
                self.cache.release(key, owner)
            except OSError as exc:  # the claim expires on its own
                self._cache_failed(exc)

    def _cache_failed(self, exc: OSError) -> None:
        with self._lock:
            first = self.cache_error is None
            self.cache_error = str(exc)
        if first:
            _LOG.warning("%s (verdicts are still returned; they are not kept for a rerun)", exc)

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
