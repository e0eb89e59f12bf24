"""The OpenAI-compatible judge against a real loopback HTTP server and the real openai client."""

from __future__ import annotations

import time

import pytest

from judge import Judge, JudgeError, JudgeItem, JudgeUnavailable, OpenAIJudge, choose_another
from tests.judge.judge_chat_stub import ChatStub, Reply

ITEM = JudgeItem(
    "What was revenue in 2021?", "Revenue was $4.2 billion.", "It was about 4.2 billion dollars."
)


def make_judge(stub_url: str, **kwargs: object) -> OpenAIJudge:
    options: dict[str, object] = {"api_key": "sk-test", "timeout": 5.0, "max_attempts": 3}
    options.update(backoff_initial=0.01, backoff_max=0.05)
    options.update(kwargs)
    return OpenAIJudge("stub-judge", base_url=stub_url, **options)  # type: ignore[arg-type]


def test_good_reply_is_scored_and_named(chat_stub: ChatStub) -> None:
    judge = make_judge(chat_stub.base_url, max_tokens=300)
    assert isinstance(judge, Judge)
    result = judge.score(ITEM)
    assert (result.score, result.valid, result.cached) == (8, True, False)
    assert (result.judge, result.prompt_version) == ("openai:stub-judge", "rubric-v2")
    assert result.judgement == "Mostly correct."
    (request,) = chat_stub.chat_requests
    assert request.headers["authorization"] == "Bearer sk-test"
    assert request.body["model"] == "stub-judge"
    assert request.body["temperature"] == 0
    assert request.body["max_tokens"] == 300
    assert "<candidate_answer>\nIt was about 4.2 billion dollars.\n</candidate_answer>" in request.prompt
    assert "<reference_answer>\nRevenue was $4.2 billion.\n</reference_answer>" in request.prompt
    usage = judge.usage.snapshot()
    assert (usage.calls, usage.prompt_tokens, usage.completion_tokens, usage.scored) == (1, 100, 20, 1)
    assert judge.usage.summary().startswith("judge usage: 1 calls (0 retries), 100 tokens in, 20 tokens out")


def test_malformed_reply_is_unscored(chat_stub: ChatStub) -> None:
    chat_stub.script = [Reply(content="I would give this an eight out of ten.")]
    judge = make_judge(chat_stub.base_url)
    result = judge.score(ITEM)
    assert (result.score, result.valid) == (-1, False)
    assert result.judgement.startswith("unscored: judge reply has no JSON object with a 'score'")
    assert judge.usage.snapshot().unscored == 1


def test_reply_cut_at_max_tokens_says_so(chat_stub: ChatStub) -> None:
    chat_stub.script = [Reply(content=None, finish_reason="length")]
    result = make_judge(chat_stub.base_url, max_tokens=16).score(ITEM)
    assert (result.score, result.valid) == (-1, False)
    assert "cut at max_tokens=16" in result.judgement


@pytest.mark.parametrize("status", [429, 500, 503])
def test_transient_status_is_retried(chat_stub: ChatStub, status: int) -> None:
    chat_stub.script = [Reply(status=status, error_message="busy")]
    judge = make_judge(chat_stub.base_url)
    assert judge.score(ITEM).score == 8
    assert len(chat_stub.chat_requests) == 2
    assert (judge.usage.snapshot().calls, judge.usage.snapshot().retries) == (2, 1)


def test_retry_after_header_is_honoured(chat_stub: ChatStub) -> None:
    chat_stub.script = [Reply(status=429, headers={"Retry-After": "0.4"})]
    started = time.monotonic()
    assert make_judge(chat_stub.base_url, backoff_max=1.0).score(ITEM).valid
    assert time.monotonic() - started >= 0.4
    assert len(chat_stub.chat_requests) == 2


def test_persistent_5xx_gives_up_after_max_attempts(chat_stub: ChatStub) -> None:
    chat_stub.responder = lambda _req: Reply(status=502, error_message="bad gateway")
    with pytest.raises(JudgeError, match=r"^[^\n]+$") as info:
        make_judge(chat_stub.base_url, max_attempts=3).score(ITEM)
    assert len(chat_stub.chat_requests) == 3
    message = str(info.value)
    assert message.startswith(f"judge endpoint {chat_stub.base_url} kept failing: HTTP 502 after 3 attempts")
    assert "SYNTHDOC_JUDGE" in message


def test_client_error_is_not_retried(chat_stub: ChatStub) -> None:
    chat_stub.script = [Reply(status=404, error_message="The model `stub-judge` does not exist.")]
    with pytest.raises(JudgeError) as info:
        make_judge(chat_stub.base_url).score(ITEM)
    assert len(chat_stub.chat_requests) == 1
    assert "rejected the request with HTTP 404 (The model `stub-judge` does not exist.)" in str(info.value)
    assert "check the model name (stub-judge)" in str(info.value)


def test_timeout_gives_a_clear_error_in_bounded_time(chat_stub: ChatStub) -> None:
    chat_stub.responder = lambda _req: Reply(delay=3.0)
    judge = make_judge(chat_stub.base_url, timeout=0.3, max_attempts=2)
    started = time.monotonic()
    with pytest.raises(JudgeError) as info:
        judge.score(ITEM)
    elapsed = time.monotonic() - started
    assert 0.6 <= elapsed < 5.0  # two 0.3 s timeouts, not the server's 3 s sleeps
    assert str(info.value) == (
        f"judge endpoint {chat_stub.base_url} timed out after 2 attempts (timeout 0.3s): check the server "
        f"or {choose_another()}"
    )
    assert len(chat_stub.chat_requests) == 2


def test_closed_port_is_a_connection_error_after_retries(closed_port_url: str) -> None:
    with pytest.raises(JudgeError, match=r"could not be reached after 2 attempts") as info:
        make_judge(closed_port_url, max_attempts=2).score(ITEM)
    assert closed_port_url in str(info.value)


def test_reasoning_model_parameters_are_adapted(chat_stub: ChatStub) -> None:
    def strict_model(req: object) -> Reply:
        body = req.body  # type: ignore[attr-defined]
        if "max_tokens" in body:
            return Reply(
                status=400, error_message="Unsupported parameter: 'max_tokens'. Use 'max_completion_tokens'."
            )
        if "temperature" in body:
            return Reply(status=400, error_message="Unsupported value: 'temperature' does not support 0.")
        return Reply()

    chat_stub.responder = strict_model
    judge = make_judge(chat_stub.base_url, max_tokens=64)
    assert judge.score(ITEM).score == 8
    assert judge.adjustments == [
        "max_tokens -> max_completion_tokens",
        "temperature dropped (the model accepts only its default)",
    ]
    assert chat_stub.chat_requests[-1].body["max_completion_tokens"] == 64
    judge.score(JudgeItem("q", "r", "another answer"))
    assert len(chat_stub.chat_requests) == 4  # adapted once, then every request is accepted


def test_score_many_is_concurrent_and_keeps_order(chat_stub: ChatStub) -> None:
    def echo_length(req: object) -> Reply:
        prompt = req.prompt  # type: ignore[attr-defined]
        answer = prompt.split("<candidate_answer>\n", 1)[1].split("\n</candidate_answer>", 1)[0]
        return Reply(content=f'{{"score": {len(answer)}, "judgement": "len"}}', delay=0.2)

    chat_stub.responder = echo_length
    items = [JudgeItem("q", "r", "x" * n) for n in (3, 1, 4, 1, 5, 9, 2, 6)]
    results = make_judge(chat_stub.base_url).score_many(items, concurrency=4)
    assert [r.score for r in results] == [3, 1, 4, 1, 5, 9, 2, 6]
    assert 2 <= chat_stub.max_in_flight <= 4  # concurrent, and bounded by the pool


def test_preflight_ok(chat_stub: ChatStub) -> None:
    make_judge(chat_stub.base_url).preflight()
    assert [(r.method, r.path) for r in chat_stub.requests] == [("GET", "/v1/models")]


def test_preflight_tolerates_gateways_without_a_model_list(chat_stub: ChatStub) -> None:
    chat_stub.models_status = 404
    make_judge(chat_stub.base_url).preflight()
    assert len(chat_stub.requests) == 1


def test_preflight_on_closed_port_is_unavailable_with_one_line(closed_port_url: str) -> None:
    started = time.monotonic()
    with pytest.raises(JudgeUnavailable, match=r"^[^\n]+$") as info:
        make_judge(closed_port_url).preflight()
    assert time.monotonic() - started < 5
    message = str(info.value)
    assert message.startswith(f"judge openai:stub-judge at {closed_port_url} is unreachable")
    assert "choose another judge with SYNTHDOC_JUDGE" in message


def test_preflight_auth_failure_is_unavailable(chat_stub: ChatStub) -> None:
    chat_stub.models_status = 401
    with pytest.raises(JudgeUnavailable, match=r"refused the API key \(HTTP 401\): set OPENAI_API_KEY"):
        make_judge(chat_stub.base_url).preflight()


def test_preflight_timeout_is_unavailable(chat_stub: ChatStub) -> None:
    chat_stub.models_delay = 3.0  # accepts the connection, never answers in time
    started = time.monotonic()
    with pytest.raises(JudgeUnavailable) as info:
        make_judge(chat_stub.base_url, preflight_timeout=0.3).preflight()
    assert time.monotonic() - started < 2.5
    assert str(info.value).startswith(
        f"judge openai:stub-judge at {chat_stub.base_url} did not answer within 0.3s"
    )


def test_missing_api_key_for_openai_itself_is_one_line() -> None:
    judge = OpenAIJudge("gpt-5")
    with pytest.raises(JudgeUnavailable) as info:
        judge.preflight()
    assert str(info.value) == (
        f"judge openai:gpt-5 has no API key: set OPENAI_API_KEY or pass api_key, or {choose_another()}"
    )


def test_local_server_needs_no_api_key(chat_stub: ChatStub) -> None:
    judge = OpenAIJudge("stub-judge", base_url=chat_stub.base_url)
    assert judge.score(ITEM).valid
    assert chat_stub.chat_requests[0].headers["authorization"] == "Bearer EMPTY"


def test_api_key_from_the_environment(chat_stub: ChatStub, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    OpenAIJudge("stub-judge", base_url=chat_stub.base_url).score(ITEM)
    assert chat_stub.chat_requests[0].headers["authorization"] == "Bearer sk-from-env"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"model": " "}, "the judge model name is empty"),
        ({"model": "m", "timeout": 0}, "judge timeouts must be > 0 s"),
        ({"model": "m", "max_attempts": 0}, "max_attempts must be >= 1"),
    ],
)
def test_bad_settings_are_rejected(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        OpenAIJudge(**kwargs)  # type: ignore[arg-type]


def test_endpoint_from_the_environment_is_the_one_used(
    chat_stub: ChatStub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", chat_stub.base_url + "/")
    judge = OpenAIJudge("stub-judge", api_key="k")
    assert judge.endpoint == chat_stub.base_url  # what messages and cache keys name
    assert judge.score(ITEM).valid
    assert len(chat_stub.chat_requests) == 1
    monkeypatch.delenv("OPENAI_BASE_URL")
    assert OpenAIJudge("stub-judge").endpoint == "https://api.openai.com/v1"
