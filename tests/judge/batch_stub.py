"""A real HTTP server on 127.0.0.1 speaking the OpenAI files and batches endpoints.

``POST /v1/files`` (multipart upload), ``GET /v1/files/{id}/content``, ``POST /v1/batches``,
``GET /v1/batches`` and ``GET /v1/batches/{id}``; also ``GET /v1/models`` and ``POST
/v1/chat/completions`` (so an online rerun can be counted). Each batch walks through a
plan of statuses, one per retrieval (default validating -> in_progress -> completed); while
``gate`` is clear it stays ``in_progress``. When it ends, ``answer(custom_id, prompt,
batch_number)`` decides each line: a reply text (output file, 200), an ``HttpLine`` (output
file, that status), an ``ErrorLine`` (error file) or None (no line: not completed). Every
request is recorded.
"""

from __future__ import annotations

import email.parser
import email.policy
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.judge.judge_chat_stub import VERDICT, Reply, completion
from tests.judge.loopback import LoopbackServer


@dataclass(frozen=True)
class HttpLine:
    status: int
    message: str


@dataclass(frozen=True)
class ErrorLine:
    code: str
    message: str


Answer = str | HttpLine | ErrorLine | None


@dataclass
class Request:
    method: str
    path: str
    body: bytes


@dataclass
class StubBatch:
    id: str
    input_file_id: str
    number: int
    plan: list[str]
    metadata: dict[str, Any]
    status: str = "validating"
    output_file_id: str | None = None
    error_file_id: str | None = None
    polls: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)

    def as_json(self, total: int, done: int, failed: int) -> dict[str, Any]:
        return {
            "id": self.id,
            "object": "batch",
            "endpoint": "/v1/chat/completions",
            "input_file_id": self.input_file_id,
            "completion_window": "24h",
            "status": self.status,
            "created_at": 0,
            "output_file_id": self.output_file_id,
            "error_file_id": self.error_file_id,
            "errors": {"object": "list", "data": self.errors} if self.errors else None,
            "metadata": self.metadata,
            "request_counts": {"total": total, "completed": done, "failed": failed},
        }


class BatchStub(LoopbackServer):
    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.files: dict[str, bytes] = {}
        self.batches: dict[str, StubBatch] = {}
        self.plans: list[list[str]] = []  # one per created batch, in order; then DEFAULT_PLAN
        self.answer: Callable[[str, str, int], Answer] = lambda _id, _prompt, _n: VERDICT
        self.gate = threading.Event()
        self.gate.set()
        self.down_status: int | None = None  # every request answered with this status while set
        self.fail_batch_create: int | None = None  # POST /v1/batches answered with this status
        self.output_override: Callable[[bytes], bytes] | None = None
        self.batch_failure_message = "the input file is not valid"
        self._lock = threading.Lock()
        super().__init__(self._handler_class())

    def count(self, method: str, path: str) -> int:
        with self._lock:
            return sum(1 for r in self.requests if r.method == method and r.path == path)

    def uploads(self) -> list[list[dict[str, Any]]]:
        """The JSONL lines of each uploaded file, in upload order."""
        with self._lock:
            uploaded = [
                data for name, data in self.files.items() if not name.startswith(("file-out", "file-err"))
            ]
            return [[json.loads(x) for x in data.decode().splitlines()] for data in uploaded]

    # -- handlers -----------------------------------------------------------------------

    def _upload(self, content_type: str, body: bytes) -> tuple[int, dict[str, Any]]:
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body
        )
        purpose, data, name = None, None, ""
        for part in message.iter_parts():
            field_name = part.get_param("name", header="content-disposition")
            payload = part.get_payload(decode=True)
            if not isinstance(payload, bytes):
                continue
            if field_name == "purpose":
                purpose = payload.decode()
            elif field_name == "file":
                data, name = payload, str(part.get_filename())
        if purpose != "batch" or data is None:
            return 400, {"error": {"message": f"bad upload (purpose {purpose!r})"}}
        with self._lock:
            file_id = f"file-{len(self.files) + 1}"
            self.files[file_id] = data
        return 200, {
            "id": file_id,
            "object": "file",
            "bytes": len(data),
            "created_at": 0,
            "filename": name,
            "purpose": "batch",
            "status": "processed",
        }

    def _create(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if self.fail_batch_create is not None:
            status, self.fail_batch_create = self.fail_batch_create, None
            return status, {"error": {"message": "stub refuses this batch"}}
        file_id = body.get("input_file_id")
        if file_id not in self.files or body.get("endpoint") != "/v1/chat/completions":
            return 400, {"error": {"message": "unknown input file or endpoint"}}
        if body.get("completion_window") != "24h":
            return 400, {"error": {"message": "completion_window must be 24h"}}
        with self._lock:
            number = len(self.batches) + 1
            plan = self.plans[number - 1] if number <= len(self.plans) else ["in_progress", "completed"]
            batch = StubBatch(f"batch_{number}", file_id, number, list(plan), body.get("metadata") or {})
            self.batches[batch.id] = batch
        return 200, self._view(batch)

    def _lines(self, batch: StubBatch) -> list[dict[str, Any]]:
        return [json.loads(x) for x in self.files[batch.input_file_id].decode().splitlines()]

    def _view(self, batch: StubBatch) -> dict[str, Any]:
        total = len(self._lines(batch))
        return batch.as_json(total, total if batch.status == "completed" else 0, 0)

    def _finish(self, batch: StubBatch) -> None:
        output, errors = [], []
        for line in self._lines(batch):
            cid = line["custom_id"]
            prompt = line["body"]["messages"][-1]["content"]
            answer = self.answer(cid, prompt, batch.number)
            if answer is None:
                continue
            if isinstance(answer, ErrorLine):
                errors.append(
                    {
                        "id": f"req-{cid[:6]}",
                        "custom_id": cid,
                        "response": None,
                        "error": {"code": answer.code, "message": answer.message},
                    }
                )
            elif isinstance(answer, HttpLine):
                body = {"error": {"message": answer.message, "type": "server_error"}}
                output.append(
                    {
                        "custom_id": cid,
                        "response": {"status_code": answer.status, "body": body},
                        "error": None,
                    }
                )
            else:
                body = completion(line["body"]["model"], Reply(content=answer))
                output.append(
                    {"custom_id": cid, "response": {"status_code": 200, "body": body}, "error": None}
                )
        out_bytes = "".join(json.dumps(x) + "\n" for x in output).encode()
        if self.output_override is not None:
            out_bytes = self.output_override(out_bytes)
        if output or self.output_override is not None:
            batch.output_file_id = f"file-out-{batch.number}"
            self.files[batch.output_file_id] = out_bytes
        if errors:
            batch.error_file_id = f"file-err-{batch.number}"
            self.files[batch.error_file_id] = "".join(json.dumps(x) + "\n" for x in errors).encode()

    def _retrieve(self, batch_id: str) -> tuple[int, dict[str, Any]]:
        with self._lock:
            batch = self.batches.get(batch_id)
            if batch is None:
                return 404, {"error": {"message": f"no batch {batch_id}"}}
            batch.polls += 1
            if batch.status not in ("completed", "failed", "expired", "cancelled") and self.gate.is_set():
                batch.status = batch.plan.pop(0) if batch.plan else "completed"
                if batch.status in ("completed", "expired", "cancelled"):
                    self._finish(batch)
                elif batch.status == "failed":
                    batch.errors = [{"code": "invalid_request", "message": self.batch_failure_message}]
            elif not self.gate.is_set() and batch.status == "validating":
                batch.status = "in_progress"
            return 200, self._view(batch)

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _send(self, status: int, payload: dict[str, Any] | bytes) -> None:
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _route(self, method: str) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                path = self.path.split("?", 1)[0]
                with stub._lock:
                    stub.requests.append(Request(method, path, body))
                if stub.down_status is not None:
                    self._send(stub.down_status, {"error": {"message": "stub is down"}})
                    return
                parts = path.strip("/").split("/")
                if method == "GET" and path == "/v1/models":
                    self._send(200, {"object": "list", "data": []})
                elif method == "POST" and path == "/v1/files":
                    self._send(*stub._upload(self.headers.get("Content-Type", ""), body))
                elif (
                    method == "GET"
                    and len(parts) == 4
                    and parts[:2] == ["v1", "files"]
                    and parts[3] == "content"
                ):
                    data = stub.files.get(parts[2])
                    self._send(200, data) if data is not None else self._send(
                        404, {"error": {"message": "no"}}
                    )
                elif method == "POST" and path == "/v1/batches":
                    self._send(*stub._create(json.loads(body)))
                elif method == "GET" and path == "/v1/batches":
                    with stub._lock:
                        listed = [stub._view(b) for b in stub.batches.values()]
                    self._send(200, {"object": "list", "data": listed, "has_more": False})
                elif method == "GET" and len(parts) == 3 and parts[:2] == ["v1", "batches"]:
                    self._send(*stub._retrieve(parts[2]))
                elif method == "POST" and path == "/v1/chat/completions":
                    self._send(200, completion(json.loads(body)["model"], Reply()))
                else:
                    self._send(404, {"error": {"message": f"no route {method} {path}"}})

            def do_GET(self) -> None:
                self._route("GET")

            def do_POST(self) -> None:
                self._route("POST")

        return Handler
