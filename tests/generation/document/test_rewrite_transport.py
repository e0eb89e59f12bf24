"""The prose rewrite goes through the judge's OpenAI-compatible transport: its retries and its
one-line errors, against a real loopback server (the judge tests' stub)."""

from __future__ import annotations

import base64
from collections.abc import Iterator

import pytest

from generation.document.rewrite import RewriteClient, RewriteError
from generation.plan.config import RewriteConfig
from tests.judge.judge_chat_stub import ChatStub, Reply

SECRET = "s3cr3t-Rewrite-77"


@pytest.fixture
def stub() -> Iterator[ChatStub]:
    server = ChatStub().start()
    yield server
    server.stop()


def test_a_transient_failure_is_retried_once(stub: ChatStub) -> None:
    stub.script = [Reply(status=503, error_message="busy"), Reply(content="A rewritten paragraph.")]
    client = RewriteClient(RewriteConfig(base_url=stub.base_url, model="m", timeout_s=5))
    assert client.rewrite("A paragraph.", []) == "A rewritten paragraph."
    assert len(stub.chat_requests) == 2
    body = stub.chat_requests[0].body
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert "max_tokens" not in body and body["temperature"] == 0.0


def test_an_endpoint_that_keeps_failing_is_one_line(stub: ChatStub) -> None:
    stub.responder = lambda _req: Reply(status=502, error_message="bad gateway")
    client = RewriteClient(RewriteConfig(base_url=stub.base_url, model="m", timeout_s=5))
    with pytest.raises(RewriteError, match=r"^[^\n]+$") as info:
        client.rewrite("A paragraph.", [])
    assert str(info.value).startswith(
        f"rewrite endpoint {stub.base_url} failed: kept failing: HTTP 502 after 2"
    )
    assert "turn rewriting off" in str(info.value) and "SYNTHDOC_JUDGE" not in str(info.value)


def test_a_body_that_is_not_json_is_one_line(stub: ChatStub) -> None:
    stub.script = [Reply(raw_body=b"<html>proxy", content_type="application/json")]
    client = RewriteClient(RewriteConfig(base_url=stub.base_url, model="m", timeout_s=5))
    with pytest.raises(RewriteError, match=r"^[^\n]+$") as info:
        client.rewrite("A paragraph.", [])
    assert "answered HTTP 200 with a body that is not JSON" in str(info.value)


def test_a_missing_key_for_openai_itself_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MY_REWRITE_KEY", raising=False)
    config = RewriteConfig(base_url="https://api.openai.com/v1", model="m", api_key_env="MY_REWRITE_KEY")
    with pytest.raises(RewriteError, match=r"has no API key: set MY_REWRITE_KEY"):
        RewriteClient(config).rewrite("A paragraph.", [])


def test_credentials_in_the_url_reach_the_server_but_not_the_message(stub: ChatStub) -> None:
    url = stub.base_url.replace("http://", f"http://alice:{SECRET}@")
    config = RewriteConfig(base_url=url, model="m", timeout_s=5)
    stub.responder = lambda _req: Reply(status=400, error_message="bad request")
    with pytest.raises(RewriteError) as info:
        RewriteClient(config).rewrite("A paragraph.", [])
    assert SECRET not in str(info.value) and "***@" in str(info.value)
    sent = stub.chat_requests[0].headers["authorization"]  # httpx turns URL user-info into Basic auth
    assert sent == "Basic " + base64.b64encode(f"alice:{SECRET}".encode()).decode()
