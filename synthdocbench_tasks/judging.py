"""The one judging path, shared by live runs (``process_results``) and ``synthdocbench judge``.

It turns a model reply into the judge fields of a record and maps every way that can go
wrong to an unscored record with a ``failure`` reason (the shared record interface):

* ``model_error``: the reply is lmms-eval's failure text, an error marker or empty;
* ``judge_error``: the judge endpoint failed for good, or the circuit breaker is open;
* ``judge_unparseable``: the judge replied without a valid score;
* ``judge_input_error``: the item cannot be judged as given (malformed answer facts);
* ``scoring_error``: any other exception while scoring the answer;
* ``not_judged``: ``SYNTHDOC_JUDGE=none`` (judge later with ``synthdocbench judge``).

The circuit breaker: after ``max_failures`` answers in a row whose judging failed for good,
the judge is not asked again in this process; the remaining answers get their verdict from
the judge's cache when it has one, else ``judge_error`` with a reason that says what to do.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from judge import (
    JudgeError,
    JudgeInputError,
    JudgeItem,
    Judgement,
    JudgeSpecError,
    JudgeUnavailable,
    build_judge,
)
from judge.backends.openai_compat import warm_client_imports
from judge.redact import one_line, redact_secrets
from judge.registry import describe_choices

from .answers import final_answer, model_failure
from .errors import SynthDocUserError
from .records import FAILURES as FAILURES  # re-exported: the failure kinds of the record
from .records import RUN_ERRORS as RUN_ERRORS
from .records import UNSCORED_SCORE
from .settings import JUDGE_API_KEY_VAR, JUDGE_VAR, JudgeLimits, Settings, load_judge_limits

NOT_JUDGED = "not judged (SYNTHDOC_JUDGE=none): score the samples logs later with `synthdocbench judge`"
BREAKER_ADVICE = (
    "rerun with SYNTHDOC_JUDGE=none to record the answers, then score the samples logs with "
    "`synthdocbench judge` once the judge works (raise SYNTHDOC_JUDGE_MAX_FAILURES to tolerate more)"
)


def judge_choices() -> str:
    """What to set ``SYNTHDOC_JUDGE`` to, derived from the judge registry when it is asked for
    (so a backend registered later is listed too)."""
    return (
        f"set {JUDGE_VAR} to one of: {describe_choices()}; an API key can also be given in "
        f"{JUDGE_API_KEY_VAR}, and answers recorded with none are judged later with `synthdocbench judge`"
    )


def unscored(failure: str, reason: str, judge: str = "none", prompt_version: str = "") -> dict[str, Any]:
    """The judge fields of an unscored record (score -1; None for ``not_judged``)."""
    return {
        "score": None if failure == "not_judged" else UNSCORED_SCORE,
        "judgement": one_line(reason, 600),
        "judge": judge,
        "prompt_version": prompt_version,
        "valid": False,
        "failure": failure,
        "certain": None,
    }


def verdict_fields(verdict: Judgement) -> dict[str, Any]:
    """The fields a judgement sets in a record; a verdict without a valid score is unparseable."""
    if not verdict.valid:
        return unscored("judge_unparseable", verdict.judgement, verdict.judge, verdict.prompt_version)
    return {
        "score": verdict.score,
        "judgement": redact_secrets(verdict.judgement),
        "judge": verdict.judge,
        "prompt_version": verdict.prompt_version,
        "valid": True,
        "failure": None,
        "certain": verdict.certain,
    }


class Breaker:
    """Counts answers in a row whose judging failed for good; open after ``max_failures``."""

    def __init__(self, max_failures: int) -> None:
        self.max_failures = max_failures
        self._lock = threading.Lock()
        self._in_a_row = 0
        self.last_error: str | None = None
        self.opened = False

    def _why(self) -> str:
        return f"the judge failed {self.max_failures} times in a row (last: {self.last_error})"

    def reason(self) -> str | None:
        """Why the judge is no longer asked, or None while it still is."""
        return f"not judged: {self._why()}; {BREAKER_ADVICE}" if self.opened else None

    def success(self) -> None:
        with self._lock:
            self._in_a_row = 0

    def failure(self, message: str) -> None:
        with self._lock:
            self._in_a_row += 1
            self.last_error = message
            if self._in_a_row >= self.max_failures and not self.opened:
                self.opened = True
                print(
                    f"synthdocbench: judging stopped: {self._why()}; the remaining answers are recorded "
                    f"unscored (judge_error) without asking it; {BREAKER_ADVICE}",
                    file=sys.stderr,
                    flush=True,
                )


@dataclass
class JudgeSession:
    """A judge (None for ``none``) and its circuit breaker: what scores records in one process."""

    judge: Any
    breaker: Breaker

    @property
    def name(self) -> str:
        return str(self.judge.name) if self.judge is not None else "none"

    @property
    def prompt_version(self) -> str:
        return str(self.judge.prompt_version) if self.judge is not None else ""

    def cached(self, item: JudgeItem) -> Judgement | None:
        """The verdict the judge has without any network request (offline judge, cache), or None."""
        lookup = getattr(self.judge, "cached", None)
        if lookup is None:
            return None
        try:
            verdict: Judgement | None = lookup(item)
        except JudgeInputError:
            return None  # score() reports it
        return verdict

    def judge_fields(self, item: JudgeItem) -> dict[str, Any]:
        """The judge fields for ``item``; never raises (every error is an unscored record)."""
        if self.judge is None:
            return unscored("not_judged", NOT_JUDGED)
        try:
            open_reason = self.breaker.reason()
            if open_reason is not None:
                verdict = self.cached(item)
                if verdict is not None:
                    return verdict_fields(verdict)
                return unscored("judge_error", open_reason, self.name, self.prompt_version)
            verdict = self.judge.score(item)
        except JudgeInputError as exc:
            return unscored("judge_input_error", f"judge input error: {exc}", self.name, self.prompt_version)
        except JudgeError as exc:
            message = one_line(exc, 160) or type(exc).__name__
            self.breaker.failure(message)
            return unscored("judge_error", f"judge error: {message}", self.name, self.prompt_version)
        except Exception as exc:  # one answer's failure must not end the run
            return unscored("scoring_error", error_reason(exc), self.name, self.prompt_version)
        self.breaker.success()
        return verdict_fields(verdict)

    def begin(
        self,
        record: dict[str, Any],
        reply: str | None,
        item_of: Callable[[dict[str, Any], str], JudgeItem],
        answer: str | None = None,
    ) -> JudgeItem | None:
        """The first half of scoring one answer, without any network request: set ``answer`` in
        ``record`` and return the judge's item for it, or None when the record is complete
        without a judge call: a failed model request (``model_error``), an item that cannot be
        built (``judge_input_error``), a verdict the judge already has (its cache, the offline
        judge), any other error (``scoring_error``). Never raises for a bad record or reply.

        ``item_of(record, answer)`` builds the item from the record's stored inputs; ``answer``
        is the part of the reply to judge when the caller extracted it (default:
        :func:`~synthdocbench_tasks.answers.final_answer` of the reply). Live runs
        (:meth:`score_reply`) and ``synthdocbench judge`` (which asks the judge for every
        remaining item of a batch at once) both score answers through this and :meth:`judge_fields`.
        """
        try:
            record["answer"] = final_answer(reply or "") if answer is None else answer
            record.pop("failure", None)
            failure = model_failure(reply)
            if failure is not None:
                record.update(unscored("model_error", failure, self.name, self.prompt_version))
                return None
            item = item_of(record, record["answer"])
            verdict = self.cached(item)
        except JudgeInputError as exc:
            record.update(unscored("judge_input_error", f"judge input error: {exc}", self.name))
            return None
        except (Exception, SynthDocUserError) as exc:  # one answer's failure must not end the run
            record.setdefault("answer", reply if isinstance(reply, str) else "")
            record.update(scoring_error(exc, self.name, self.prompt_version))
            return None
        if verdict is None:
            return item
        self.breaker.success()
        record.update(verdict_fields(verdict))
        return None

    def score_reply(
        self,
        record: dict[str, Any],
        reply: str | None,
        item_of: Callable[[dict[str, Any], str], JudgeItem],
        answer: str | None = None,
    ) -> None:
        """Set ``answer`` and the judge fields of ``record`` from the model's ``reply`` (see
        :meth:`begin`); a failed model request is ``model_error`` and never reaches the judge."""
        item = self.begin(record, reply, item_of, answer)
        if item is not None:
            record.update(self.judge_fields(item))


def judge_all(
    session: JudgeSession,
    items: Sequence[JudgeItem],
    concurrency: int,
    on_done: Callable[[], None] | None = None,
) -> list[dict[str, Any]]:
    """The judge fields of ``items``, in order, with at most ``concurrency`` requests in flight;
    ``on_done`` is called once per finished item (a progress bar)."""

    def one(item: JudgeItem) -> dict[str, Any]:
        fields = session.judge_fields(item)
        if on_done is not None:
            on_done()
        return fields

    if concurrency <= 1 or len(items) <= 1:
        return [one(item) for item in items]
    warm_client_imports()
    with ThreadPoolExecutor(max_workers=min(concurrency, len(items)), thread_name_prefix="judge") as pool:
        return list(pool.map(one, items))


def error_reason(exc: BaseException) -> str:
    """A scoring error as one line naming its type, without credentials."""
    text = one_line(exc, 240)
    return f"scoring error: {type(exc).__name__}" + (f": {text}" if text else "")


def scoring_error(exc: BaseException, judge: str = "none", prompt_version: str = "") -> dict[str, Any]:
    """The judge fields of a record whose scoring raised ``exc``."""
    return unscored("scoring_error", error_reason(exc), judge, prompt_version)


def build_session(settings: Settings, limits: JudgeLimits, *, spec: str | None = None) -> JudgeSession:
    """A new session for ``spec`` (default: the settings' judge); one clear line if it is unusable."""
    spec = spec or settings.judge
    if not spec:
        raise SynthDocUserError(f"no judge selected: {judge_choices()}")
    try:
        judge = build_judge(
            spec,
            api_key=settings.judge_api_key,
            base_url=settings.judge_base_url,
            cache_dir=settings.cache_dir / "judge",
            timeout=limits.timeout,
            max_attempts=limits.attempts,
            retry_after_cap=limits.retry_after_cap,
        )
    except JudgeSpecError as exc:
        raise SynthDocUserError(
            f"{JUDGE_VAR}={one_line(spec, 300)}: {one_line(exc, 300)}; {judge_choices()}"
        ) from None
    return JudgeSession(judge, Breaker(limits.max_failures))


def check_reachable(session: JudgeSession) -> None:
    """Check the judge can be reached; one clear line if not."""
    if session.judge is None:
        return
    try:
        session.judge.preflight()
    except JudgeUnavailable as exc:
        raise SynthDocUserError(f"{one_line(exc, 400)}; {judge_choices()}") from None


_lock = threading.Lock()
_sessions: dict[tuple[Any, ...], JudgeSession] = {}
_checked: set[tuple[Any, ...]] = set()


def run_session(settings: Settings, *, preflight_judge: bool = False) -> JudgeSession:
    """The judging session of this process for ``settings`` (built once, shared by threads).

    Limits come from the environment (:func:`~synthdocbench_tasks.settings.load_judge_limits`).
    With ``preflight_judge`` the judge is checked once; an unreachable judge is one line.
    """
    limits = load_judge_limits()
    key = (
        settings.judge,
        settings.judge_base_url,
        settings.judge_api_key,
        str(settings.cache_dir),
        limits,
    )
    with _lock:
        if key not in _sessions:
            _sessions[key] = build_session(settings, limits)
        session = _sessions[key]
        if preflight_judge and key not in _checked:
            check_reachable(session)
            _checked.add(key)
        return session


def run_judge(settings: Settings, *, preflight: bool = False) -> Any:
    """The configured judge (None for ``none``); a clear error if unset or unreachable."""
    return run_session(settings, preflight_judge=preflight).judge


# -- judging ahead of process_results (synthdocbench eval, doc_order) -----------------------


class _Prefetch:
    """Records being scored in the background, keyed by question and reply."""

    def __init__(self, workers: int) -> None:
        self.pool = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="judge-ahead")
        self.lock = threading.Lock()
        self.pending: dict[tuple[str, Any, str], list[Any]] = {}  # key -> [future, copies asked]


_ahead: _Prefetch | None = None


def _ahead_key(doc: Any, reply: Any) -> tuple[str, Any, str] | None:
    if not isinstance(doc, dict) or not isinstance(reply, str):
        return None
    question = doc.get("question_id")
    return (question, doc.get("subset"), reply) if isinstance(question, str) else None


def start_prefetch(workers: int) -> None:
    """Accept :func:`prefetch` requests, scoring ``workers`` at once, until :func:`stop_prefetch`."""
    global _ahead
    stop_prefetch()
    warm_client_imports()
    _ahead = _Prefetch(workers)


def stop_prefetch() -> None:
    """Stop scoring ahead; records nobody picked up are dropped."""
    global _ahead
    ahead, _ahead = _ahead, None
    if ahead is not None:
        ahead.pool.shutdown(wait=True, cancel_futures=True)


def prefetch(doc: dict[str, Any], reply: str, score: Callable[[dict[str, Any], str], dict[str, Any]]) -> None:
    """Start ``score(doc, reply)`` in the background (when :func:`start_prefetch` is active);
    :func:`prefetched` picks the record up."""
    prefetch_all([(doc, reply)], lambda d, r: (d, r), score)


def prefetch_all(
    answers: Sequence[tuple[dict[str, Any], str]],
    begin: Callable[[dict[str, Any], str], tuple[Any, ...]],
    finish: Callable[..., dict[str, Any]],
) -> None:
    """Score every distinct (question, reply) of ``answers`` in the background as
    ``finish(*begin(doc, reply))``, :func:`prefetched` picking the records up.

    ``begin`` (what needs no request: the record, its cache lookup) runs here for all of them
    first, then every ``finish`` (the judge request) is queued at once: the pool's threads
    then do little but ask, ``workers`` requests in flight from the first to the last."""
    ahead = _ahead
    if ahead is None:
        return
    fresh: dict[tuple[str, Any, str], list[Any]] = {}
    with ahead.lock:
        for doc, reply in answers:
            key = _ahead_key(doc, reply)
            if key is None:
                continue
            entry = ahead.pending.get(key) or fresh.get(key)
            if entry is not None:
                entry[1] += 1
            else:
                fresh[key] = [(doc, reply), 1]
    started = [(key, entry, begin(*entry[0])) for key, entry in fresh.items()]
    with ahead.lock:
        for key, entry, args in started:
            try:
                entry[0] = ahead.pool.submit(finish, *args)
            except RuntimeError:  # shut down meanwhile: the callers score them
                return
            ahead.pending[key] = entry


def prefetched(doc: Any, reply: Any) -> dict[str, Any] | None:
    """The record :func:`prefetch` scored for this question and reply (waiting for it), or None
    when it was not asked for ahead."""
    ahead, key = _ahead, _ahead_key(doc, reply)
    if ahead is None or key is None:
        return None
    with ahead.lock:
        entry = ahead.pending.get(key)
        if entry is None:
            return None
        entry[1] -= 1
        if entry[1] <= 0:
            del ahead.pending[key]
    try:
        record: dict[str, Any] = entry[0].result()
    except Exception:  # cancelled or broken: score it in the caller
        return None
    return dict(record)
