"""Judge failures are fast, typed and settable: timeout, attempts, the Retry-After cap.

Against a real loopback server (and a closed port) with the real ``openai`` client.
``JudgeUnavailable`` means the endpoint itself is down (stop asking); ``JudgeRequestError``
means it refused this one request, or answered HTTP 200 with a body that is not a chat
completion (a broken endpoint or proxy, never a verdict); a chat completion whose content
holds no valid score is an unscored verdict.
"""

from __future__ import annotations

import time
from email.utils import formatdate
from pathlib import Path

import pytest

from judge import JudgeError, JudgeItem, JudgeRequestError, JudgeUnavailable, OpenAIJudge, build_judge
from judge.openai_judge import DEFAULT_RETRY_AFTER_CAP, retry_after_seconds
from tests.judge.judge_chat_stub import ChatStub, Reply

ITEM = JudgeItem("What was revenue in 2021?", "Revenue was $4.2 billion.", "About 4.2 billion.")


def fast_judge(url: str, **kwargs: object) -> OpenAIJudge:
    options: dict[str, object] = {"api_key": "k", "timeout": 5.0, "max_attempts": 2}
    options.update(backoff_initial=0.01, backoff_max=0.05)
    options.update(kwargs)
    return OpenAIJudge("stub-judge", base_url=url, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("header", "cap", "seconds"),
    [
        ("45", 60.0, 45.0),  # honoured, not cut to the backoff ceiling
        ("90", 60.0, 60.0),  # capped
        ("2.5", 60.0, 2.5),
        ("0", 60.0, 0.0),
        ("-3", 60.0, 0.0),
        ("soon", 60.0, 0.0),
        ("", 60.0, 0.0),
        (None, 60.0, 0.0),
        ("inf", 60.0, 0.0),
        ("nan", 60.0, 0.0),
        ("1e400", 60.0, 0.0),
        ("Wed, 21 Oct 2015 07:28:00", 60.0, 0.0),  # a date without a zone: unreadable
    ],
)
def test_retry_after_values(header: str | None, cap: float, seconds: float) -> None:
    assert retry_after_seconds(header, cap) == seconds


def test_retry_after_as_an_http_date() -> None:
    now = 1_700_000_000.0
    header = formatdate(now + 45, usegmt=True)
    assert retry_after_seconds(header, 60.0, now=now) == pytest.approx(45.0, abs=1.0)
    assert retry_after_seconds(header, 10.0, now=now) == 10.0
    assert retry_after_seconds(formatdate(now - 100, usegmt=True), 60.0, now=now) == 0.0


def test_retry_after_beyond_the_backoff_ceiling_is_honoured(chat_stub: ChatStub) -> None:
    chat_stub.script = [Reply(status=429, headers={"Retry-After": "1.2"})]
    judge = fast_judge(chat_stub.base_url, retry_after_cap=60.0)  # backoff_max is 0.05 s
    started = time.monotonic()
    assert judge.score(ITEM).valid
    assert time.monotonic() - started >= 1.2
    assert len(chat_stub.chat_requests) == 2


def test_retry_after_is_capped(chat_stub: ChatStub) -> None:
    chat_stub.script = [Reply(status=503, headers={"Retry-After": "30"})]
    started = time.monotonic()
    assert fast_judge(chat_stub.base_url, retry_after_cap=0.2).score(ITEM).valid
    assert time.monotonic() - started < 3.0


def test_build_judge_passes_the_settings(tmp_path: Path) -> None:
    judge = build_judge(
        "openai:m@http://127.0.0.1:9/v1", cache_dir=tmp_path, timeout=3.5, max_attempts=2, retry_after_cap=45
    )
    assert isinstance(judge, OpenAIJudge)
    assert (judge.timeout, judge.max_attempts, judge.retry_after_cap) == (3.5, 2, 45.0)
    default = build_judge("openai:m@http://127.0.0.1:9/v1")
    assert isinstance(default, OpenAIJudge)
    assert (default.timeout, default.max_attempts, default.retry_after_cap) == (
        60.0,
        4,
        DEFAULT_RETRY_AFTER_CAP,
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"retry_after_cap": -1}, "retry_after_cap must be a number of seconds >= 0"),
        ({"retry_after_cap": float("nan")}, "retry_after_cap must be a number of seconds >= 0"),
        ({"retry_after_cap": float("inf")}, "retry_after_cap must be a number of seconds >= 0"),
        ({"timeout": float("nan")}, "judge timeouts must be > 0 s"),
        ({"timeout": True}, "judge timeouts must be > 0 s"),
        ({"max_attempts": 1.5}, "max_attempts must be >= 1"),
        ({"max_attempts": True}, "max_attempts must be >= 1"),
    ],
)
def test_bad_failure_settings_are_one_line(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=r"^[^\n]+$") as info:
        OpenAIJudge("m", **kwargs)  # type: ignore[arg-type]
    assert message in str(info.value)


def test_closed_port_is_unavailable_and_fast(closed_port_url: str) -> None:
    started = time.monotonic()
    with pytest.raises(JudgeUnavailable, match=r"^[^\n]+$") as info:
        fast_judge(closed_port_url, max_attempts=1).score(ITEM)
    assert time.monotonic() - started < 3.0
    assert "could not be reached after 1 attempt " in str(info.value)


def test_timeouts_are_unavailable(chat_stub: ChatStub) -> None:
    chat_stub.responder = lambda _req: Reply(delay=3.0)
    with pytest.raises(JudgeUnavailable, match="timed out after 1 attempt"):
        fast_judge(chat_stub.base_url, timeout=0.2, max_attempts=1).score(ITEM)


def test_persistent_5xx_is_unavailable(chat_stub: ChatStub) -> None:
    chat_stub.responder = lambda _req: Reply(status=502, error_message="bad gateway")
    with pytest.raises(JudgeUnavailable, match="kept failing: HTTP 502 after 2 attempts"):
        fast_judge(chat_stub.base_url).score(ITEM)


def test_a_refused_key_on_a_request_is_unavailable(chat_stub: ChatStub) -> None:
    chat_stub.script = [Reply(status=401, error_message="invalid api key")]
    with pytest.raises(JudgeUnavailable, match=r"refused the API key \(HTTP 401"):
        fast_judge(chat_stub.base_url).score(ITEM)
    assert len(chat_stub.chat_requests) == 1


def test_a_refused_request_is_a_request_error_not_unavailable(chat_stub: ChatStub) -> None:
    chat_stub.script = [Reply(status=400, error_message="context length exceeded")]
    judge = fast_judge(chat_stub.base_url)
    with pytest.raises(JudgeRequestError, match="HTTP 400 \\(context length exceeded\\)") as info:
        judge.score(ITEM)
    assert not isinstance(info.value, JudgeUnavailable)
    assert isinstance(info.value, JudgeError)
    assert judge.score(ITEM).valid  # the next request goes through


@pytest.mark.parametrize(
    ("body", "content_type", "why"),
    [
        (b"<html><body>502 Bad Gateway</body></html>", "text/html", "is not a chat completion"),
        (b"not json at all", "application/json", "is not JSON"),
        (b'{"object": "error"}', "application/json", "is not a chat completion"),
        (b"[1, 2]", "application/json", "is not a chat completion"),
    ],
)
def test_http_200_with_a_body_that_is_no_completion_is_a_request_failure(
    chat_stub: ChatStub, body: bytes, content_type: str, why: str
) -> None:
    chat_stub.script = [Reply(raw_body=body, content_type=content_type)]
    with pytest.raises(JudgeRequestError) as info:
        fast_judge(chat_stub.base_url).score(ITEM)
    message = str(info.value)
    assert why in message and "answered HTTP 200" in message and "\n" not in message


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (b'{"choices": [{"message": {"content": 7}}]}', "empty judge reply"),
        (b'{"choices": [{"message": {"content": "{\\"score\\": 11}"}}]}', "outside 0..10"),
    ],
)
def test_a_completion_without_a_valid_score_is_unscored_not_a_crash(
    chat_stub: ChatStub, body: bytes, why: str
) -> None:
    chat_stub.script = [Reply(raw_body=body, content_type="application/json")]
    result = fast_judge(chat_stub.base_url).score(ITEM)
    assert (result.score, result.valid, result.cached) == (-1, False, False)
    assert result.judgement.startswith("unscored: ") and "\n" not in result.judgement
    assert why in result.judgement
