"""The transport to any OpenAI-compatible chat-completions endpoint (the ``openai`` client).

OpenAI itself, a local vLLM server (``openai:<model>@http://localhost:8000/v1``) or a
gateway to another vendor. The ``openai`` package is imported only when a client is built,
with its own retries off: transient failures (429, 408, 409, 5xx, connection errors,
timeouts) are retried by tenacity with exponential backoff and jitter, honouring
``Retry-After`` up to ``retry_after_cap`` seconds, for at most ``max_attempts`` attempts.
A failure for good is one line naming the endpoint: :class:`JudgeUnavailable` when the
endpoint itself is down (unreachable, timing out, 5xx or 429 on every attempt, refusing
the key), :class:`JudgeRequestError` when it refused this one request, or answered HTTP 200
with a body that is not JSON or not a chat completion (a broken endpoint or proxy, never a
reply).

Some models refuse parameters older servers need (OpenAI's reasoning models reject
``temperature`` other than 1 and want ``max_completion_tokens``); such a 400 is answered
once by dropping or renaming that parameter, and ``adjustments`` records it.

The judge (:class:`judge.llm.LLMJudge`), the Batch API (:mod:`judge.batch`) and the
generator's optional prose rewrite (``generation.document.rewrite``) all use this one client.
Credentials in the base URL reach the server but never appear in ``endpoint`` or messages.
The API key and base URL come resolved (:func:`judge.choices.resolve_settings`); the
``openai`` client itself still reads ``OPENAI_ORG_ID``/``OPENAI_PROJECT_ID`` when set.
"""

from __future__ import annotations

import contextlib
import email.utils
import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from tenacity import RetryCallState, RetryError, Retrying, retry_if_exception, stop_after_attempt

from judge.backends.base import BackendSettings, Completion, Message, token_count
from judge.choices import choose_another
from judge.errors import JudgeError, JudgeRequestError, JudgeUnavailable
from judge.redact import one_line, redact_secrets

if TYPE_CHECKING:
    import openai

OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1"
DEFAULT_RETRY_AFTER_CAP = 60.0
_TRANSIENT_STATUS = frozenset({408, 409, 429})
# A local server needs no key; the openai client insists on one, so it gets this placeholder.
_PLACEHOLDER_KEY = "EMPTY"
_T = TypeVar("_T")


def _openai() -> Any:
    """The ``openai`` module, imported on first need (``import judge`` stays light)."""
    import openai

    return openai


def warm_client_imports() -> None:
    """Import what the first chat request of the ``openai`` client imports (its chat resources
    and response types), before judge threads start: one thread importing them holds the import
    lock and stalls every other one, seconds on a loaded machine."""
    with contextlib.suppress(ImportError):
        import openai.resources.chat
        import openai.types.chat  # noqa: F401


def server_message(exc: openai.APIStatusError) -> str:
    """The server's own error message when it sent one, else the client's summary."""
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return str(inner["message"])
    return str(exc.message)


def is_transient(exc: BaseException) -> bool:
    """Whether a request that raised ``exc`` is worth trying again."""
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


def completion_from_body(body: object) -> Completion | None:
    """The reply in a chat-completion JSON body (a Batch API output line), None if it is not one."""
    choices = body.get("choices") if isinstance(body, dict) else None
    if not isinstance(choices, list):
        return None
    choice = choices[0] if choices and isinstance(choices[0], dict) else {}
    message = choice.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    finish = choice.get("finish_reason")
    return Completion(
        text=content if isinstance(content, str) else None,
        finish_reason=finish if isinstance(finish, str) else None,
    )


@dataclass
class _Counts:
    requests: int = 0
    retries: int = 0


class OpenAICompatBackend:
    """One OpenAI-compatible chat endpoint, with the retry policy above.

    ``who`` names the caller in messages (``judge``, ``rewrite``); ``advice`` ends every
    error message (default: how to choose another judge); ``key_hint`` says where a key
    comes from when one is missing or refused.
    """

    kind = "openai"

    def __init__(
        self,
        settings: BackendSettings,
        *,
        preflight_timeout: float = 10.0,
        backoff_initial: float = 1.0,
        backoff_max: float = 30.0,
        who: str = "judge",
        advice: str | None = None,
        key_hint: str = "set OPENAI_API_KEY or pass api_key",
    ) -> None:
        value = preflight_timeout
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
            raise ValueError(f"judge timeouts must be > 0 s, got preflight_timeout={value!r}")
        self.model = settings.model.strip()
        self.name = redact_secrets(self.model)
        self.timeout = float(settings.timeout)
        self.max_attempts = settings.max_attempts
        self.retry_after_cap = float(settings.retry_after_cap)
        self.preflight_timeout = float(preflight_timeout)
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self.who = who
        self.advice = advice if advice is not None else choose_another()
        self.key_hint = key_hint
        #: Request parameters dropped or renamed because the endpoint refused them.
        self.adjustments: list[str] = []
        self._base_url = settings.base_url.strip().rstrip("/")
        self._api_key = settings.api_key
        self._client: openai.OpenAI | None = None
        self._lock = threading.Lock()
        self._token_param = "max_tokens"
        self._temperature_ok = True
        self._rng = random.Random()  # backoff jitter only; never affects a reply

    # -- identity ---------------------------------------------------------------------

    @property
    def endpoint(self) -> str:
        """The base URL requests go to, with any credentials in it replaced by ``***``."""
        return redact_secrets(self._base_url)

    @property
    def cache_name(self) -> str:
        """The model name alone: verdicts cached before the registry keep their keys."""
        return self.model

    @property
    def longest_request(self) -> float:
        return self.timeout * self.max_attempts + self.retry_after_cap * (self.max_attempts - 1)

    # -- the client -------------------------------------------------------------------

    def client(self) -> openai.OpenAI:
        """The ``openai`` client, built on first use."""
        openai = _openai()
        with self._lock:
            if self._client is None:
                key = self._api_key
                if key is None:
                    if self._base_url == OPENAI_DEFAULT_BASE_URL:
                        raise JudgeUnavailable(
                            f"{self.who} openai:{self.name} has no API key: {self.key_hint}, or {self.advice}"
                        )
                    key = _PLACEHOLDER_KEY
                self._client = openai.OpenAI(
                    api_key=key, base_url=self._base_url, timeout=self.timeout, max_retries=0
                )
            return self._client

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None

    def preflight(self) -> None:
        """Check the endpoint answers before any model inference (``GET /models``).

        A 404 or 405 (gateways without a model list) counts as reachable.
        """
        openai = _openai()
        client = self.client().with_options(timeout=self.preflight_timeout, max_retries=0)
        where = f"{self.who} openai:{self.name} at {self.endpoint}"
        try:
            client.models.list()
        except openai.APITimeoutError:
            raise JudgeUnavailable(
                f"{where} did not answer within {self.preflight_timeout:g}s: start or check the server, "
                f"or {self.advice}"
            ) from None
        except openai.APIConnectionError as exc:
            cause = one_line(exc.__cause__ or exc, 100)
            raise JudgeUnavailable(
                f"{where} is unreachable ({cause}): start or check the server, or {self.advice}"
            ) from None
        except openai.APIStatusError as exc:
            if exc.status_code in (404, 405):
                return
            if exc.status_code in (401, 403):
                raise JudgeUnavailable(
                    f"{where} refused the API key (HTTP {exc.status_code}): {self.key_hint}, or {self.advice}"
                ) from None
            raise JudgeUnavailable(
                f"{where} answered HTTP {exc.status_code} ({one_line(server_message(exc), 100)}): "
                f"check the server, or {self.advice}"
            ) from None

    # -- the retry policy -------------------------------------------------------------

    def _wait(self, state: RetryCallState) -> float:
        backoff = min(self.backoff_max, self.backoff_initial * 2 ** (state.attempt_number - 1))
        backoff += self._rng.uniform(0, self.backoff_initial)  # jitter, not security
        exc = state.outcome.exception() if state.outcome is not None else None
        return max(backoff, retry_after_seconds(_retry_after_header(exc), self.retry_after_cap))

    def _retried(self, fn: Callable[[], _T], counts: _Counts) -> _T:
        """``fn()`` under the retry policy; a transient failure on every attempt is a typed error.

        Other exceptions propagate as raised (the caller types them).
        """

        def once() -> _T:
            counts.requests += 1
            return fn()

        def retried(_state: RetryCallState) -> None:
            counts.retries += 1

        retrying = Retrying(
            stop=stop_after_attempt(self.max_attempts),
            wait=self._wait,
            retry=retry_if_exception(is_transient),
            before_sleep=retried,
        )
        try:
            return retrying(once)
        except RetryError as err:
            last = err.last_attempt
            raise self.failure(last.exception() or err, last.attempt_number, counts) from None

    def call(self, fn: Callable[[], _T]) -> _T:
        """``fn()`` (a request made with :meth:`client`) under the retry policy.

        A failure for good is a typed one-line error; a ``ValueError`` (HTTP 200 whose body
        is not JSON) propagates for the caller to name.
        """
        openai = _openai()
        counts = _Counts()
        try:
            return self._retried(fn, counts)
        except openai.OpenAIError as exc:
            raise self.failure(exc, 1, counts) from None

    def failure(self, exc: BaseException, attempts: int, counts: _Counts | None = None) -> JudgeError:
        """The typed, one-line, credential-free error for a request that failed for good."""
        error = self._failure_unredacted(exc, attempts)
        counts = counts or _Counts(requests=attempts)
        return type(error)(redact_secrets(str(error)), requests=counts.requests, retries=counts.retries)

    def _failure_unredacted(self, exc: BaseException, attempts: int) -> JudgeError:
        openai = _openai()
        where = f"{self.who} endpoint {self.endpoint}"
        tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
        if isinstance(exc, openai.APITimeoutError):
            what = f"timed out after {tries} (timeout {self.timeout:g}s)"
        elif isinstance(exc, openai.APIConnectionError):
            what = f"could not be reached after {tries} ({one_line(exc.__cause__ or exc, 100)})"
        elif isinstance(exc, openai.APIStatusError) and is_transient(exc):
            why = one_line(server_message(exc), 100)
            what = f"kept failing: HTTP {exc.status_code} after {tries} ({why})"
        elif isinstance(exc, openai.APIStatusError) and exc.status_code in (401, 403):
            return JudgeUnavailable(
                f"{where} refused the API key (HTTP {exc.status_code}, "
                f"{one_line(server_message(exc), 100)}): {self.key_hint}, or {self.advice}"
            )
        elif isinstance(exc, openai.APIStatusError):
            return JudgeRequestError(
                f"{where} rejected the request with HTTP {exc.status_code} "
                f"({one_line(server_message(exc), 120)}): check the model name ({self.model}) and API key, "
                f"or {self.advice}"
            )
        else:
            what = f"failed after {tries} ({type(exc).__name__}: {one_line(exc, 100)})"
            return JudgeRequestError(f"{where} {what}: check the server or {self.advice}")
        return JudgeUnavailable(f"{where} {what}: check the server or {self.advice}")

    # -- requests ---------------------------------------------------------------------

    def params(self, max_tokens: int | None, temperature: float | None) -> dict[str, Any]:
        """The request parameters as this endpoint accepts them (after any adjustment)."""
        with self._lock:
            params: dict[str, Any] = {}
            if temperature is not None and self._temperature_ok:
                params["temperature"] = temperature
            if max_tokens is not None:
                params[self._token_param] = max_tokens
            return params

    def _adjust(self, exc: openai.BadRequestError, sent: dict[str, Any]) -> bool:
        """Drop or rename a parameter the endpoint refused; True if the next request differs."""
        message = server_message(exc).lower()
        if "unsupported" not in message and "not supported" not in message:
            return False
        with self._lock:
            if "max_tokens" in message and "max_tokens" in sent:
                if self._token_param == "max_tokens":
                    self._token_param = "max_completion_tokens"
                    self.adjustments.append("max_tokens -> max_completion_tokens")
                return True
            if "temperature" in message and "temperature" in sent:
                if self._temperature_ok:
                    self._temperature_ok = False
                    self.adjustments.append("temperature dropped (the model accepts only its default)")
                return True
        return False

    def complete(
        self, messages: Sequence[Message], *, max_tokens: int | None = None, temperature: float | None = 0.0
    ) -> Completion:
        """The model's reply to ``messages`` (see the module docstring for failures)."""
        openai = _openai()
        client = self.client()
        counts = _Counts()
        chat: Any = [{"role": m["role"], "content": m["content"]} for m in messages]
        response: Any = None
        for _ in range(3):  # at most two parameter adjustments
            sent = self.params(max_tokens, temperature)

            def create(sent: dict[str, Any] = sent) -> Any:
                # the client's own POST, its errors and headers, with the JSON body as it came:
                # ``chat.completions.create`` spends about as much CPU again walking the
                # parameters' types and building the response models (docs/performance.md)
                body = {"model": self.model, "messages": chat, **sent}
                return client.post("/chat/completions", body=body, cast_to=object)

            try:
                response = self._retried(create, counts)
                break
            except openai.BadRequestError as exc:
                if not self._adjust(exc, sent):
                    raise self.failure(exc, 1, counts) from None
            except openai.OpenAIError as exc:
                raise self.failure(exc, 1, counts) from None
            except ValueError as exc:  # HTTP 200 whose body is not JSON: the endpoint answered badly
                raise JudgeRequestError(
                    f"{self.who} endpoint {self.endpoint} answered HTTP 200 with a body that is not JSON "
                    f"({one_line(exc, 80)}): check the server, or {self.advice}",
                    requests=counts.requests,
                    retries=counts.retries,
                ) from None
        else:
            raise JudgeRequestError(
                f"{self.who} endpoint {self.endpoint} refused every parameter set: {self.advice}",
                requests=counts.requests,
                retries=counts.retries,
            )
        choices = response.get("choices") if isinstance(response, dict) else None
        if not isinstance(choices, list):
            what = one_line(response, 80)
            raise JudgeRequestError(
                f"{self.who} endpoint {self.endpoint} answered HTTP 200 with a body that is not a chat "
                f"completion ({what!r}): check the server, or {self.advice}",
                requests=counts.requests,
                retries=counts.retries,
            )
        reply = completion_from_body(response) or Completion(text=None)
        usage = response.get("usage")
        usage = usage if isinstance(usage, dict) else {}
        return Completion(
            text=reply.text,
            finish_reason=reply.finish_reason,
            prompt_tokens=token_count(usage.get("prompt_tokens", 0)),
            completion_tokens=token_count(usage.get("completion_tokens", 0)),
            requests=counts.requests,
            retries=counts.retries,
        )
