"""Judging through the OpenAI Batch API: half the price, answers within 24 hours.

:func:`judge_in_batch` sends the prompts an :class:`~judge.openai_judge.OpenAIJudge` has no
cached verdict for as one batch job: a JSONL file uploaded with purpose ``batch``, a batch
created on ``/v1/chat/completions`` with a 24 h completion window, polled until it ends,
then its output (and error) file downloaded. Prompts, keys, reply parsing, usage and the
cache are the judge's own (:meth:`~judge.llm.LLMJudge.messages`, ``key``, ``read``, ``keep``:
the one path an online request takes), and requests go through the judge's backend (its
client and retry policy), so a later online run asks nothing again.

The batch is recorded in a small state file, ``<state_dir>/<digest of its prompts>.json``
(written atomically) holding the cache keys of the prompts it was sent, as soon as the input
file is uploaded and again once the batch exists. A run first collects every recorded batch
of its judge (model and endpoint), whatever prompts it holds, so its verdicts land in the
cache; then it submits only the prompts that are neither cached nor held by a batch. So an
interrupted run (Ctrl-C, a killed process, an endpoint down while polling) is resumed by
the next run on any set of logs, and every prompt is paid for once. A state file is removed
once its verdicts are in the cache (kept if the cache could not take them, so a rerun
downloads them again instead of paying twice). One run at a time uses a state folder (an
exclusive lock on ``<state_dir>/.lock``, removed at the end); the temp files and old lock
files an interrupted run left are removed under it.

A batch that ends ``expired`` or ``cancelled`` gives the lines it completed; the prompts
left are submitted once more (``resubmit``), then reported without a verdict with the
reason. Lines of the error file (and non-200 lines of the output file) are answers without
a verdict, each with the endpoint's reason. Transient HTTP failures are retried with the
judge's own policy (tenacity, ``max_attempts``); an endpoint that stays down is one
:class:`~judge.errors.JudgeUnavailable` line.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal, TypeVar

from judge.backends.base import Message, token_count
from judge.backends.openai_compat import completion_from_body
from judge.base import JudgeItem, Judgement
from judge.batch_state import (
    STATE_VERSION,
    clean,
    exclusive,
    prompt_set_digest,
    read_state,
    text_or_none,
    write_json_atomically,
)
from judge.errors import JudgeError, JudgeUnavailable
from judge.llm import TEMPERATURE
from judge.openai_judge import OpenAIJudge
from judge.parse import ParsedJudgement
from judge.redact import one_line

BATCH_ENDPOINT: Final[Literal["/v1/chat/completions"]] = "/v1/chat/completions"
COMPLETION_WINDOW: Final[Literal["24h"]] = "24h"
#: The Batch API's limit of requests in one input file.
MAX_REQUESTS = 50_000
DEFAULT_POLL_INTERVAL = 30.0
_TERMINAL = frozenset({"completed", "failed", "expired", "cancelled"})
_ENDED_EARLY = frozenset({"expired", "cancelled"})
_T = TypeVar("_T")
#: The prompts of a batch: cache key -> the chat messages asking for its verdict.
_Prompts = dict[str, list[Message]]


@dataclass(frozen=True)
class BatchAnswer:
    """What the batch gave for one item: a verdict (valid, or unscored for a bad reply), or an
    ``error`` saying why there is none."""

    judgement: Judgement | None
    error: str | None = None


@dataclass
class BatchReport:
    """The answers, aligned with the items, and what the batch job cost."""

    answers: list[BatchAnswer] = field(default_factory=list)
    batch_ids: list[str] = field(default_factory=list)
    requests: int = 0  # distinct prompts sent
    completed: int = 0  # lines with a 200 response
    failed: int = 0  # prompts without a reply (error lines, missing lines)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    resumed: bool = False  # a recorded batch was polled instead of a new one submitted
    state_file: Path | None = None

    def cost(self, price_in: float | None, price_out: float | None) -> float | None:
        """Estimated cost in the prices' currency (prices per 1M tokens), None without prices."""
        if price_in is None and price_out is None:
            return None
        return (self.prompt_tokens * (price_in or 0.0) + self.completion_tokens * (price_out or 0.0)) / 1e6

    def summary(self, price_in: float | None = None, price_out: float | None = None) -> str:
        """One line: batches, requests, tokens and the estimated cost when prices are given."""
        ids = ", ".join(self.batch_ids) or "none"
        line = (
            f"judge batch: {ids}{' (resumed)' if self.resumed else ''}; {self.requests} requests, "
            f"{self.completed} completed, {self.failed} without a reply; {self.prompt_tokens} tokens in, "
            f"{self.completion_tokens} tokens out"
        )
        cost = self.cost(price_in, price_out)
        if cost is not None:
            prices = f"{price_in or 0:g} in / {price_out or 0:g} out per 1M tokens"
            line += f"; estimated cost {cost:.4f} (at {prices})"
        return line


# -- the transport ------------------------------------------------------------------------


def _body_error(body: object) -> str | None:
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            code = inner.get("code")
            return f"{inner['message']}" + (f" ({code})" if isinstance(code, str) and code else "")
    return None


def parse_completion(judge: OpenAIJudge, body: object) -> ParsedJudgement:
    """The verdict in a chat-completion body of the batch output, read as an online reply is."""
    completion = completion_from_body(body)
    if completion is None:
        return ParsedJudgement(-1, "unscored: the batch reply is not a chat completion", False)
    return judge.read(completion)


class _Batcher:
    """One batch run for one judge: submit, poll, collect."""

    def __init__(
        self,
        judge: OpenAIJudge,
        state_path: Path,
        digest: str,
        poll_interval: float,
        on_event: Callable[[str], None],
        sleep: Callable[[float], None],
        report: BatchReport,
    ) -> None:
        self.judge = judge
        self.state_path = state_path
        self.digest = digest
        self.poll_interval = poll_interval
        self.on_event = on_event
        self.sleep = sleep
        self.report = report
        report.state_file = state_path
        #: A verdict could not be written to the cache (the state file is then kept).
        self.cache_failed = False

    def _call(self, what: str, fn: Callable[[], _T]) -> _T:
        """``fn()`` with the judge's retry policy; a failure for good is one line naming ``what``."""
        error: JudgeError
        attempts = 0

        def counted() -> _T:
            nonlocal attempts
            attempts += 1
            return fn()

        try:
            return self.judge.backend.call(counted)
        except JudgeError as exc:
            error = exc
        except ValueError as exc:  # a 200 whose body is not JSON
            error = JudgeUnavailable(
                f"judge endpoint {self.judge.endpoint} answered {what} with no JSON ({exc})"
            )
        finally:  # each try is one HTTP request of the batch API: counted as the judge's calls
            self.judge.usage.add(calls=attempts, retries=max(attempts - 1, 0))
        message = f"judge batch: {what} failed: {error}"
        if self.state_path.exists():
            message += (
                f"; the batch is recorded in {self.state_path}: rerun the same command to resume it "
                "(delete that file to submit the prompts anew)"
            )
        raise type(error)(one_line(message, 600))

    def _save(self, state: dict[str, Any]) -> None:
        try:
            write_json_atomically(self.state_path, state)
        except OSError as exc:
            raise JudgeUnavailable(
                f"judge batch state {self.state_path} cannot be written ({exc.strerror or exc}): "
                "make the judge cache folder writable"
            ) from None

    def at(self, state_path: Path) -> _Batcher:
        """The same run's batcher for another state file (another batch)."""
        return _Batcher(
            self.judge,
            state_path,
            state_path.stem,
            self.poll_interval,
            self.on_event,
            self.sleep,
            self.report,
        )

    def forget(self) -> None:
        """Remove the state file once its verdicts are in the cache (kept when they are not)."""
        if not self.cache_failed:
            with contextlib.suppress(OSError):
                self.state_path.unlink()

    def submit(self, prompts: _Prompts, round_: int, errors: dict[str, str]) -> dict[str, Any]:
        """Upload ``prompts`` (key -> messages) and create the batch, recording each step."""
        client = self.judge.client()
        params = self.judge.backend.params(self.judge.max_tokens, TEMPERATURE)
        lines = [
            json.dumps(
                {
                    "custom_id": key,
                    "method": "POST",
                    "url": BATCH_ENDPOINT,
                    "body": {
                        "model": self.judge.model,
                        "messages": p,
                        **params,
                    },
                },
                ensure_ascii=False,
            )
            for key, p in sorted(prompts.items())
        ]
        data = ("\n".join(lines) + "\n").encode("utf-8")
        upload = self._call(
            "uploading the batch input",
            lambda: client.files.create(
                file=(f"judge-{self.digest}.jsonl", data, "application/jsonl"), purpose="batch"
            ),
        )
        state: dict[str, Any] = {
            "version": STATE_VERSION,
            "digest": self.digest,
            "model": self.judge.model,
            "endpoint": self.judge.endpoint,
            "input_file_id": str(upload.id),
            "batch_id": None,
            "round": round_,
            "requests": len(prompts),
            "keys": sorted(prompts),
            "errors": errors,
            "submitted": time.time(),
        }
        self._save(state)
        return self.create(state)

    def create(self, state: dict[str, Any]) -> dict[str, Any]:
        """Create the batch for the recorded input file, unless one already exists for it."""
        client = self.judge.client()
        file_id = state["input_file_id"]
        existing = self._find(file_id) if state.get("resumed_upload") else None
        if existing is None:
            batch = self._call(
                "creating the batch",
                lambda: client.batches.create(
                    input_file_id=file_id,
                    endpoint=BATCH_ENDPOINT,
                    completion_window=COMPLETION_WINDOW,
                    metadata={"synthdocbench_prompt_set": self.digest},
                ),
            )
            existing = str(batch.id)
        state = {**state, "batch_id": existing}
        state.pop("resumed_upload", None)
        self._save(state)
        self.on_event(f"judge batch: submitted {existing} ({state['requests']} requests)")
        return state

    def _find(self, file_id: str) -> str | None:
        """A batch already created for ``file_id`` (a run stopped between upload and create)."""
        client = self.judge.client()
        page = self._call("listing batches", lambda: client.batches.list(limit=100))
        for batch in getattr(page, "data", None) or []:
            if getattr(batch, "input_file_id", None) == file_id:
                return str(batch.id)
        return None

    def poll(self, batch_id: str) -> Any:
        """Retrieve the batch every ``poll_interval`` seconds until it has ended."""
        client = self.judge.client()
        last = None
        while True:
            batch = self._call(f"polling batch {batch_id}", lambda: client.batches.retrieve(batch_id))
            status = str(getattr(batch, "status", ""))
            if status != last:
                self.on_event(f"judge batch: {batch_id} is {status}")
                last = status
            if status in _TERMINAL:
                return batch
            self.sleep(self.poll_interval)

    def download(self, file_id: object, what: str) -> list[dict[str, Any]]:
        """The JSON lines of a result file; unreadable lines are skipped (their items get no verdict)."""
        name = text_or_none(file_id)
        if name is None:
            return []
        client = self.judge.client()
        content = self._call(f"downloading the batch {what} file {name}", lambda: client.files.content(name))
        lines = []
        for raw in content.text.splitlines():
            try:
                line = json.loads(raw)
            except ValueError:
                continue
            if isinstance(line, dict) and isinstance(line.get("custom_id"), str):
                lines.append(line)
        return lines


def _line_error(line: dict[str, Any]) -> str:
    error = line.get("error")
    if isinstance(error, dict) and text_or_none(error.get("message")):
        code = text_or_none(error.get("code"))
        return f"{error['message']}" + (f" ({code})" if code else "")
    response = line.get("response")
    if isinstance(response, dict):
        status = response.get("status_code")
        why = _body_error(response.get("body")) or "no message"
        return f"HTTP {status}: {why}"
    return "the line has neither a response nor an error"


def judge_in_batch(
    judge: OpenAIJudge,
    items: Sequence[JudgeItem],
    *,
    state_dir: Path | None = None,
    poll_interval: float = DEFAULT_POLL_INTERVAL,
    resubmit: bool = True,
    on_event: Callable[[str], None] | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> BatchReport:
    """Verdicts for ``items`` through the Batch API (see the module docstring).

    Items with a cached verdict are answered from the cache, those a recorded batch holds
    from that batch; only the others are submitted. Valid verdicts are written to the cache.
    ``state_dir`` defaults to ``batches/`` next to the judge's cache.
    """
    if not poll_interval >= 0:
        raise ValueError(f"poll_interval must be >= 0 seconds, got {poll_interval!r}")
    if state_dir is None:
        if judge.cache is None:
            raise ValueError("batch judging needs a state_dir or a judge cache (cache_dir) to resume from")
        state_dir = judge.cache.path.parent / "batches"
    keys = [judge.key(item) for item in items]
    known: dict[str, BatchAnswer] = {}
    prompts: dict[str, list[Message]] = {}
    for key, item in zip(keys, items, strict=True):
        if key in known or key in prompts:
            continue
        hit = judge.cached(item)
        if hit is not None:
            known[key] = BatchAnswer(hit)
        else:
            prompts[key] = judge.messages(item)
    digest = prompt_set_digest(judge.model, judge.endpoint, list(prompts))
    report = BatchReport()
    batcher = _Batcher(
        judge,
        state_dir / f"{digest}.json",
        digest,
        poll_interval,
        on_event or (lambda _m: None),
        sleep,
        report,
    )
    if prompts:
        if len(prompts) > MAX_REQUESTS:
            raise JudgeError(
                f"{len(prompts)} prompts exceed the Batch API's {MAX_REQUESTS} requests per batch: "
                "judge the samples logs in several runs"
            )
        with exclusive(state_dir / ".lock"):
            clean(state_dir)
            _run(batcher, prompts, known, resubmit)
    report.answers = [known[key] for key in keys]
    return report


def _held(state: dict[str, Any], path: Path, judge: OpenAIJudge, prompts: _Prompts) -> set[str] | None:
    """The prompts a recorded batch holds (None: not this judge's, or an old state of other prompts)."""
    if (
        state.get("model", judge.model) != judge.model
        or state.get("endpoint", judge.endpoint) != judge.endpoint
    ):
        return None
    if state["version"] == 1:  # no keys recorded: named by the digest of the prompts it holds
        mine = path.stem == prompt_set_digest(judge.model, judge.endpoint, list(prompts))
        return set(prompts) if mine else None
    return {*state["keys"], *state.get("errors", {})}


def _collect_recorded(
    batcher: _Batcher,
    prompts: _Prompts,
    known: dict[str, BatchAnswer],
    errors: dict[str, str],
    resubmit: bool,
) -> set[str]:
    """Collect every batch recorded in the state folder for this judge; returns the prompts of
    this run that an expired or cancelled one left unanswered (to submit once more)."""
    again: set[str] = set()
    for path in sorted(batcher.state_path.parent.glob("*.json")):
        state = read_state(path, path.stem)
        if state is None:  # damaged, or of another version: it cannot be resumed
            with contextlib.suppress(OSError):
                path.unlink()
            continue
        held = _held(state, path, batcher.judge, prompts)
        if held is None:
            continue
        recorded = batcher.at(path)
        batcher.report.resumed = True
        batcher.on_event(f"judge batch: resuming the recorded batch in {path}")
        if state.get("batch_id") is None:
            state = recorded.create({**state, "resumed_upload": True})
        batch_id = str(state["batch_id"])
        batcher.report.batch_ids.append(batch_id)
        batch = recorded.poll(batch_id)
        status = str(batch.status)
        found: dict[str, str] = {}
        _collect(recorded, batch, {key: [] for key in held}, known, found)
        for key, why in state.get("errors", {}).items():
            found.setdefault(key, str(why))
        reason = _ended_reason(batch_id, status, batch)
        for key in held & prompts.keys():
            if key in known:
                continue
            if key in found:
                errors[key] = found[key]
            elif status in _ENDED_EARLY and resubmit and int(state["round"]) < 2:
                again.add(key)
            else:
                errors[key] = reason
        recorded.forget()
    return again


def _run(batcher: _Batcher, prompts: _Prompts, known: dict[str, BatchAnswer], resubmit: bool) -> None:
    judge, report = batcher.judge, batcher.report
    report.requests = len(prompts)
    judge.usage.add(batch_requests=len(prompts))
    errors: dict[str, str] = {}
    again = _collect_recorded(batcher, prompts, known, errors, resubmit)
    fresh = {k: p for k, p in prompts.items() if k not in known and k not in errors}
    round_ = 2 if again and again >= fresh.keys() else 1
    carried: dict[str, str] = {}
    while fresh:
        digest = prompt_set_digest(judge.model, judge.endpoint, list(fresh))
        current = batcher.at(batcher.state_path.parent / f"{digest}.json")
        state = current.submit(fresh, round_, carried)
        batch_id = str(state["batch_id"])
        report.batch_ids.append(batch_id)
        batch = current.poll(batch_id)
        status = str(batch.status)
        _collect(current, batch, fresh, known, errors)
        left = {k: p for k, p in fresh.items() if k not in known and k not in errors}
        if status in _ENDED_EARLY and left and resubmit and round_ < 2:
            batcher.on_event(f"judge batch: {batch_id} {status}; resubmitting {len(left)} prompts once")
            # the next state also accounts for the answers of this batch that a rerun finds uncached
            carried = {
                k: errors.get(k) or _answer_text(known[k])
                for k in fresh
                if k not in left and not (k in known and _valid(known[k]))
            }
            current.forget()
            fresh, round_ = left, round_ + 1
            continue
        reason = _ended_reason(batch_id, status, batch)
        for key in fresh:
            if key not in known:
                errors.setdefault(key, reason)
        current.forget()
        break
    for key in prompts:
        if key not in known:
            known[key] = BatchAnswer(None, one_line(f"judge batch {errors[key]}", 300))
            report.failed += 1
            judge.usage.add(unscored=1)


def _valid(answer: BatchAnswer) -> bool:
    return answer.judgement is not None and answer.judgement.valid


def _answer_text(answer: BatchAnswer) -> str:
    return answer.error or (answer.judgement.judgement if answer.judgement is not None else "no verdict")


def _ended_reason(batch_id: str, status: str, batch: Any) -> str:
    if status == "failed":
        data = getattr(getattr(batch, "errors", None), "data", None) or []
        why = "; ".join(one_line(getattr(e, "message", e), 120) for e in data[:3]) or "no reason given"
        return f"{batch_id} failed ({why})"
    if status in _ENDED_EARLY:
        return f"{batch_id} was {status} before answering this prompt"
    return f"{batch_id} returned no line for this prompt"


def _collect(
    batcher: _Batcher,
    batch: Any,
    prompts: _Prompts,
    known: dict[str, BatchAnswer],
    errors: dict[str, str],
) -> None:
    """Read the output and error files: verdicts into ``known`` (and the cache), errors noted."""
    judge, report = batcher.judge, batcher.report
    batch_id = str(batch.id)
    for line in batcher.download(getattr(batch, "output_file_id", None), "output"):
        key = line["custom_id"]
        if key not in prompts or key in known:
            continue  # a line for a prompt not asked, or a repeated line: ignored
        response = line.get("response")
        body = response.get("body") if isinstance(response, dict) else None
        if not isinstance(response, dict) or response.get("status_code") != 200:
            errors[key] = f"{batch_id}: {_line_error(line)}"
            continue
        usage = body.get("usage") if isinstance(body, dict) else None
        if isinstance(usage, dict):
            tokens_in = token_count(usage.get("prompt_tokens"))
            tokens_out = token_count(usage.get("completion_tokens"))
            report.prompt_tokens += tokens_in
            report.completion_tokens += tokens_out
            judge.usage.add(prompt_tokens=tokens_in, completion_tokens=tokens_out)
        report.completed += 1
        parsed = parse_completion(judge, body)
        known[key] = BatchAnswer(judge.verdict(parsed))
        errors.pop(key, None)
        if not judge.keep(key, parsed):
            batcher.cache_failed = True
    for line in batcher.download(getattr(batch, "error_file_id", None), "error"):
        key = line["custom_id"]
        if key in prompts and key not in known:
            errors[key] = f"{batch_id}: {_line_error(line)}"
