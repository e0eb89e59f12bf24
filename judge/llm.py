"""The LLM judge: the rubric template, reply parsing, the verdict cache and usage accounting,
over any backend (:mod:`judge.backends`).

A backend only sends messages and returns the reply; everything about judging is here, once:
every item is rendered with the template (:mod:`judge.prompt`), asked at temperature 0,
read by the strict parser (:mod:`judge.parse`), and a valid verdict is cached under
:func:`judge.cache.cache_key` of (the backend's ``cache_name``, its endpoint, the prompt
version and template digest, question, reference, candidate). The Batch API
(:mod:`judge.batch`) uses the same :meth:`LLMJudge.key`, :meth:`LLMJudge.messages`,
:meth:`LLMJudge.read` and :meth:`LLMJudge.keep`.

With a cache, a verdict is asked at most once per prompt: ``cached`` answers from the cache
with no network, and concurrent processes claim a prompt before asking it (see
:mod:`judge.cache`). Credentials in the base URL never appear in ``endpoint`` or ``name``.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from judge.backends.base import CUT, Backend, Completion, Message
from judge.base import JudgeItem, Judgement, score_concurrently
from judge.cache import JudgementCache, cache_key
from judge.errors import JudgeError
from judge.parse import ParsedJudgement, parse_judge_reply
from judge.prompt import load_template
from judge.redact import redact_secrets
from judge.usage import JudgeUsage

DEFAULT_MAX_TOKENS = 2048
#: Judges are asked at temperature 0 (an int, as requests have always been sent).
TEMPERATURE: float = 0
_LOG = logging.getLogger("judge")
# How long a waiting process sleeps between looks at a prompt another process has claimed.
_CLAIM_POLL_MIN = 0.02
_CLAIM_POLL_MAX = 0.5
_J = TypeVar("_J", bound="LLMJudge")


class LLMJudge:
    """Scores items by asking a chat model, through ``backend``, with the rubric template."""

    def __init__(
        self,
        backend: Backend,
        *,
        template: Path | None = None,
        cache: JudgementCache | None = None,
        max_tokens: int = DEFAULT_MAX_TOKENS,
    ) -> None:
        if isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 1:
            raise ValueError(f"max_tokens must be >= 1, got {max_tokens}")
        self.backend = backend
        self.name = f"{backend.kind}:{redact_secrets(backend.model)}"
        self.template = load_template(template)
        self.prompt_version = self.template.version
        self.cache = cache
        self.max_tokens = max_tokens
        self.usage = JudgeUsage()
        #: The last error writing the cache (the verdicts were returned, not kept), or None.
        self.cache_error: str | None = None
        #: How long a claim on a prompt lasts before another process may take it over.
        self.claim_ttl = backend.longest_request + 30.0
        self._lock = threading.Lock()

    @classmethod
    def over(
        cls: type[_J],
        backend: Backend,
        *,
        template: Path | None = None,
        cache: JudgementCache | None = None,
        max_tokens: int = DEFAULT_MAX_TOKENS,
    ) -> _J:
        """A judge of this class over an already built ``backend`` (what the registry builds)."""
        judge = cls.__new__(cls)
        LLMJudge.__init__(judge, backend, template=template, cache=cache, max_tokens=max_tokens)
        return judge

    @property
    def model(self) -> str:
        return self.backend.model

    @property
    def endpoint(self) -> str:
        """The backend's base URL, credentials replaced by ``***``."""
        return self.backend.endpoint

    # -- the one judging path (online and batch) ------------------------------------------

    def key(self, item: JudgeItem) -> str:
        """The cache key of ``item`` for this judge."""
        return cache_key(
            self.backend.cache_name,
            self.prompt_version,
            item.question,
            item.reference,
            item.candidate,
            template_digest=self.template.digest,
            endpoint=self.backend.endpoint,
        )

    _key = key

    def messages(self, item: JudgeItem) -> list[Message]:
        """The chat messages that ask for ``item``'s verdict."""
        prompt = self.template.render(item.question, item.reference, item.candidate)
        return [{"role": "user", "content": prompt}]

    def read(self, completion: Completion) -> ParsedJudgement:
        """The verdict in a reply (unscored, saying so, when the reply was cut at ``max_tokens``)."""
        parsed = parse_judge_reply(completion.text or "")
        if not parsed.valid and completion.finish_reason == CUT:
            return ParsedJudgement(
                score=parsed.score,
                judgement=f"{parsed.judgement} (the reply was cut at max_tokens={self.max_tokens})",
                valid=False,
            )
        return parsed

    def keep(self, key: str, parsed: ParsedJudgement) -> bool:
        """Count a fresh verdict and cache it if valid; False when the cache could not take it."""
        if not parsed.valid:
            self.usage.add(unscored=1)
            return True
        self.usage.add(scored=1)
        if self.cache is None:
            return True
        try:
            self.cache.put(key, self.name, self.prompt_version, parsed.score, parsed.judgement)
        except OSError as exc:  # the verdict was paid for: keep it, say the cache failed
            self._cache_failed(exc)
            return False
        return True

    def verdict(self, parsed: ParsedJudgement, cached: bool = False) -> Judgement:
        """``parsed`` as this judge's :class:`Judgement`."""
        return Judgement(
            parsed.score, parsed.judgement, self.name, self.prompt_version, valid=parsed.valid, cached=cached
        )

    def _ask(self, item: JudgeItem) -> ParsedJudgement:
        try:
            completion = self.backend.complete(
                self.messages(item), max_tokens=self.max_tokens, temperature=TEMPERATURE
            )
        except JudgeError as exc:
            self.usage.add(calls=exc.requests, retries=exc.retries)
            raise
        self.usage.add(
            calls=completion.requests,
            retries=completion.retries,
            prompt_tokens=completion.prompt_tokens,
            completion_tokens=completion.completion_tokens,
        )
        return self.read(completion)

    # -- the cache ------------------------------------------------------------------------

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
            return self._hit(self.key(item))
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

    # -- the Judge protocol ---------------------------------------------------------------

    def score(self, item: JudgeItem) -> Judgement:
        key = owner = ""
        if self.cache is not None:
            key, owner = self.key(item), uuid.uuid4().hex
            hit = self._claim_or_hit(key, owner)
            if hit is not None:
                return hit
        try:
            parsed = self._ask(item)
        except BaseException:
            self._release(key, owner)
            raise
        self.keep(key, parsed)
        if not parsed.valid:
            self._release(key, owner)
        return self.verdict(parsed)

    def score_many(self, items: Sequence[JudgeItem], concurrency: int = 8) -> list[Judgement]:
        return score_concurrently(self.score, items, concurrency)

    def preflight(self) -> None:
        """Check the backend answers (one-line ``JudgeUnavailable`` if not)."""
        self.backend.preflight()

    def close(self) -> None:
        """Close the backend's HTTP client and the cache."""
        self.backend.close()
        if self.cache is not None:
            self.cache.close()
