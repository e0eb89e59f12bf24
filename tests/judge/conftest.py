from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from tests.judge.judge_chat_stub import ChatStub
from tests.judge.loopback import serve


@pytest.fixture
def chat_stub() -> Iterator[ChatStub]:
    yield from serve(ChatStub())


@pytest.fixture
def closed_port_url() -> str:
    """A loopback URL nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


@pytest.fixture(autouse=True)
def _no_ambient_openai_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never pick up a developer's real key or endpoint."""
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID", "OPENAI_PROJECT_ID"):
        monkeypatch.delenv(name, raising=False)
