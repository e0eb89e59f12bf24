"""The viewer's HTTP server (standard library ``ThreadingHTTPServer``).

It serves a fixed set of routes and nothing else: the page and its two static files (by
name, from the package), the JSON API, the strips of the dataset's documents (by doc_id,
layout and index, from the strip cache) and, in review mode, verdict posts. No request path
maps to a file path, so ``..`` or any other path gets 404. Requests whose ``Host`` is not the
server's own address are refused (a web page elsewhere cannot reach it through DNS
rebinding), and a verdict post must come from the viewer's own origin.
"""

from __future__ import annotations

import json
import re
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import unquote, urlsplit

from ..errors import SynthDocUserError
from .data import Corpus
from .review import VERDICTS, VerdictStore

STATIC_TYPES = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
_STRIP = re.compile(r"^/strips/(?P<doc>[^/]+)/(?P<per>\d+)/(?P<i>\d+)\.jpg$")
MAX_POST_BYTES = 64 * 1024


def static_file(name: str) -> bytes:
    """A file of the page (``index.html``, ``app.js``, ``style.css``) from the package."""
    return resources.files(__package__).joinpath("static", name).read_bytes()


class ViewerServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], corpus: Corpus, store: VerdictStore | None = None) -> None:
        super().__init__(address, Handler)
        self.corpus = corpus
        self.store = store
        port = self.server_address[1]
        self.allowed_hosts = {f"{h}:{port}" for h in ("127.0.0.1", "localhost", "[::1]", self.host)}

    @property
    def host(self) -> str:
        host = self.server_address[0]
        text = host.decode() if isinstance(host, bytes) else str(host)
        return f"[{text}]" if ":" in text else text

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.server_address[1]}/"


class Handler(BaseHTTPRequestHandler):
    server: ViewerServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the terminal shows the URL only
        return

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, value: Any, status: int = 200) -> None:
        self._send(status, json.dumps(value).encode("utf-8"), "application/json; charset=utf-8")

    def _error(self, status: HTTPStatus, message: str) -> None:
        self._json({"error": message}, status.value)

    def _host_ok(self) -> bool:
        return self.headers.get("Host", "") in self.server.allowed_hosts

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        if not self._host_ok():
            self._error(HTTPStatus.FORBIDDEN, "unknown Host")
            return
        path = urlsplit(self.path).path
        try:
            self._route_get(path)
        except SynthDocUserError as exc:
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, str(exc))

    def _route_get(self, path: str) -> None:
        corpus = self.server.corpus
        if path in ("/", "/index.html"):
            self._send(200, static_file("index.html"), STATIC_TYPES["index.html"])
        elif path.startswith("/static/") and path[len("/static/") :] in STATIC_TYPES:
            name = path[len("/static/") :]
            self._send(200, static_file(name), STATIC_TYPES[name])
        elif path == "/api/questions":
            listing = corpus.listing()
            listing["review"] = self.server.store.state() if self.server.store else None
            self._json(listing)
        elif path.startswith("/api/question/"):
            detail = corpus.detail(
                unquote(path[len("/api/question/") :]), strip_url="/strips/{doc}/{per}/{i}.jpg"
            )
            if detail is None:
                self._error(HTTPStatus.NOT_FOUND, "no such question")
            else:
                self._json(detail)
        elif (match := _STRIP.match(path)) and int(match["per"]) == corpus.pages_per_strip:
            jpeg = corpus.strip_jpeg(unquote(match["doc"]), int(match["i"]))
            if jpeg is None:
                self._error(HTTPStatus.NOT_FOUND, "no such strip")
            else:
                self._send(200, jpeg, "image/jpeg")
        else:
            self._error(HTTPStatus.NOT_FOUND, "not found")

    def do_POST(self) -> None:
        store = self.server.store
        origin = self.headers.get("Origin")
        if not self._host_ok() or (
            origin is not None and urlsplit(origin).netloc not in self.server.allowed_hosts
        ):
            self._error(HTTPStatus.FORBIDDEN, "cross-origin request refused")
            return
        if urlsplit(self.path).path != "/api/verdict" or store is None:
            self._error(HTTPStatus.NOT_FOUND, "not found")
            return
        if not self.headers.get("Content-Type", "").startswith("application/json"):
            self._error(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send JSON")
            return
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            length = -1
        if not 0 < length <= MAX_POST_BYTES:
            self._error(HTTPStatus.BAD_REQUEST, f"a verdict is JSON of at most {MAX_POST_BYTES} bytes")
            return
        try:
            body = json.loads(self.rfile.read(length))
            question_id, value = str(body["question_id"]), str(body["verdict"])
            comment = str(body.get("comment") or "")
        except (ValueError, KeyError, TypeError):
            self._error(HTTPStatus.BAD_REQUEST, "expected {question_id, verdict, comment}")
            return
        if question_id not in self.server.corpus.questions or value not in VERDICTS:
            self._error(HTTPStatus.BAD_REQUEST, f"unknown question or verdict (one of {', '.join(VERDICTS)})")
            return
        try:
            question = self.server.corpus.questions[question_id]
            strata = {"subset": question.get("subset"), "level": question.get("difficulty")}
            entry = store.record(question_id, value, comment, strata)
        except OSError as exc:
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"cannot save the verdict: {exc.strerror or exc}")
            return
        self._json(entry)


def start(server: ViewerServer) -> threading.Thread:
    """Serve in a background thread (tests); the CLI calls ``serve_forever`` itself."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread
