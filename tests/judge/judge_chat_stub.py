"""A real HTTP server on 127.0.0.1 speaking enough of the OpenAI API for the judge tests.

``POST .../chat/completions`` answers from a script of replies (then a default responder);
``GET .../models`` answers with a model list or a chosen status. Every request is recorded.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.judge.loopback import LoopbackServer

#: The reply a stub judge gives unless told otherwise.
VERDICT = '{"score": 8, "judgement": "Mostly correct."}'


@dataclass
class Reply:
    """What the stub sends for one chat request."""

    status: int = 200
    content: str | None = VERDICT
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    finish_reason: str = "stop"
    error_message: str = "stub error"
    #: Sent as the body instead of a completion (e.g. an HTML error page with status 200).
    raw_body: bytes | None = None
    content_type: str = "application/json"


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def prompt(self) -> str:
        return str(self.body["messages"][-1]["content"])


def completion(model: str, reply: Reply) -> dict[str, Any]:
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": reply.content},
                "finish_reason": reply.finish_reason,
            }
        ],
        "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
    }


class ChatStub(LoopbackServer):
    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self.script: list[Reply] = []
        self.responder: Callable[[Recorded], Reply] = lambda _req: Reply()
        self.models_status = 200
        self.models_delay = 0.0
        self.in_flight = 0
        self.max_in_flight = 0
        self.stop_event = threading.Event()
        self._lock = threading.Lock()
        super().__init__(self._handler_class())

    @property
    def chat_requests(self) -> list[Recorded]:
        with self._lock:
            return [r for r in self.requests if r.path.endswith("/chat/completions")]

    def stop(self) -> None:
        self.stop_event.set()  # replies that wait (delays) end at once
        super().stop()

    def _next_reply(self, req: Recorded) -> Reply:
        with self._lock:
            self.requests.append(req)
            scripted = self.script.pop(0) if self.script else None
        return scripted if scripted is not None else self.responder(req)

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # TCP_NODELAY, as real servers (uvicorn, vLLM) set it: the headers and the body go
            # out as two writes, and with Nagle on the body waited for the client's delayed ACK
            # (40 ms on Linux), so every reply came 40 ms late
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: Any) -> None:
                return

            def _send(
                self,
                status: int,
                payload: dict[str, Any] | bytes,
                headers: dict[str, str],
                content_type: str = "application/json",
            ) -> None:
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", content_type)
                    self.send_header("Content-Length", str(len(data)))
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up (timeout test)
                    pass

            def do_GET(self) -> None:
                with stub._lock:
                    stub.requests.append(
                        Recorded("GET", self.path, {k.lower(): v for k, v in self.headers.items()}, {})
                    )
                if stub.models_delay and stub.stop_event.wait(stub.models_delay):
                    return
                if not self.path.endswith("/models"):
                    self._send(404, {"error": {"message": "no such route"}}, {})
                elif stub.models_status != 200:
                    status = stub.models_status
                    self._send(status, {"error": {"message": f"models said {status}"}}, {})
                else:
                    models = [{"id": "stub-judge", "object": "model", "created": 0, "owned_by": "test"}]
                    self._send(200, {"object": "list", "data": models}, {})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                headers = {k.lower(): v for k, v in self.headers.items()}
                reply = stub._next_reply(Recorded("POST", self.path, headers, body))
                with stub._lock:
                    stub.in_flight += 1
                    stub.max_in_flight = max(stub.max_in_flight, stub.in_flight)
                try:
                    if reply.delay and stub.stop_event.wait(reply.delay):
                        return
                finally:
                    with stub._lock:
                        stub.in_flight -= 1
                if reply.raw_body is not None:
                    self._send(reply.status, reply.raw_body, reply.headers, reply.content_type)
                elif reply.status != 200:
                    error = {"error": {"message": reply.error_message, "type": "stub", "code": None}}
                    self._send(reply.status, error, reply.headers)
                else:
                    self._send(200, completion(str(body.get("model")), reply), reply.headers)

        return Handler
