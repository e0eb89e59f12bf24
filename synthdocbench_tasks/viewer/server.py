"""The viewer's HTTP server (standard library ``ThreadingHTTPServer``).

It serves a fixed set of routes and nothing else: the page and its two static files (by
name, from the package), the JSON API, the strips of the dataset's documents (by doc_id,
layout and index, from the strip cache) and, in review mode, verdict posts. No request path
maps to a file path, so ``..`` or any other path gets 404. Requests whose ``Host`` is not the
server's own address are refused (a web page elsewhere cannot reach it through DNS
rebinding).

Another site's page cannot write or read through the browser either:

* the page carries a per-server token (``<meta name="sdb-token">``, never a cookie) that the
  viewer's script sends as ``X-SDB-Token``; a page of another origin cannot read it;
* a verdict post needs the token, a JSON content type, and ``Origin`` / ``Sec-Fetch-Site``
  of the viewer's own origin;
* data and strip GETs need ``Sec-Fetch-Site: same-origin`` / ``none`` (what a browser sends
  for the viewer's own requests and a typed address) or the token;
* every refused request's body is read, or the connection closed, before the answer, so a
  body can never be parsed as a second request on a keep-alive connection.
"""

from __future__ import annotations

import hmac
import json
import re
import secrets
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
#: The static export's policy (a meta tag: ``frame-ancestors`` cannot be set that way).
EXPORT_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "base-uri 'none'; form-action 'none'"
)
_STRIP = re.compile(r"^/strips/(?P<doc>[^/]+)/(?P<per>\d+)/(?P<i>\d+)\.jpg$")
MAX_POST_BYTES = 64 * 1024
TOKEN_HEADER = "X-SDB-Token"
#: ``Sec-Fetch-Site`` values of the viewer's own requests (``none``: an address typed or opened).
SAFE_FETCH_SITES = frozenset({"same-origin", "none"})


def static_file(name: str) -> bytes:
    """A file of the page (``index.html``, ``app.js``, ``style.css``) from the package."""
    return resources.files(__package__).joinpath("static", name).read_bytes()


def page_html(meta: str) -> bytes:
    """``index.html`` with ``meta`` (tags for its head: the token, or an export's CSP) in place."""
    return static_file("index.html").replace(b"<!--META-->", meta.encode("utf-8"))


class ViewerServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], corpus: Corpus, store: VerdictStore | None = None) -> None:
        super().__init__(address, Handler)
        self.corpus = corpus
        self.store = store
        port = self.server_address[1]
        self.allowed_hosts = {f"{h}:{port}" for h in ("127.0.0.1", "localhost", "[::1]", self.host)}
        self.allowed_origins = {f"http://{h}" for h in self.allowed_hosts}
        #: Sent to the page in a meta tag; the page's script sends it back with every request.
        self.token = secrets.token_urlsafe(32)

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
    timeout = 30  # seconds a connection may stay silent (a body never sent does not hold a thread)

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the terminal shows the URL only
        return

    def _send(self, status: int, body: bytes, content_type: str, close: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-store")
        if close:  # the request's body may be unread: never parse it as a next request
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, value: Any, status: int = 200) -> None:
        self._send(status, json.dumps(value).encode("utf-8"), "application/json; charset=utf-8")

    def _error(self, status: HTTPStatus, message: str) -> None:
        """A refusal: the connection is closed after it, whatever of the request was not read."""
        body = json.dumps({"error": message}).encode("utf-8")
        self._send(status.value, body, "application/json; charset=utf-8", close=True)

    def _host_ok(self) -> bool:
        return self.headers.get("Host", "") in self.server.allowed_hosts

    def _token_ok(self) -> bool:
        sent = self.headers.get(TOKEN_HEADER, "")
        return hmac.compare_digest(sent.encode("utf-8", "replace"), self.server.token.encode("ascii"))

    def _fetch_ok(self) -> bool:
        """A data or strip GET from the viewer itself: its own origin (or a typed address), or the token."""
        return self.headers.get("Sec-Fetch-Site", "") in SAFE_FETCH_SITES or self._token_ok()

    def _has_body(self) -> bool:
        length = self.headers.get("Content-Length", "0").strip()
        return "Transfer-Encoding" in self.headers or length not in ("", "0")

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        if not self._host_ok():
            self._error(HTTPStatus.FORBIDDEN, "unknown Host")
            return
        if self._has_body():
            self._error(HTTPStatus.BAD_REQUEST, "a GET has no body")
            return
        path = urlsplit(self.path).path
        if path.startswith(("/api/", "/strips/")) and not self._fetch_ok():
            self._error(HTTPStatus.FORBIDDEN, "cross-site request refused")
            return
        try:
            self._route_get(path)
        except SynthDocUserError as exc:
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, str(exc))

    def _route_get(self, path: str) -> None:
        corpus = self.server.corpus
        if path in ("/", "/index.html"):
            meta = f'<meta name="sdb-token" content="{self.server.token}">'
            self._send(200, page_html(meta), STATIC_TYPES["index.html"])
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

    def _read_body(self) -> bytes | None:
        """The POST body, read in full; None (nothing read: the refusal closes the connection)
        when it is chunked, has no valid length or is too long."""
        if "Transfer-Encoding" in self.headers:
            return None
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            return None
        if not 0 < length <= MAX_POST_BYTES:
            return None
        return self.rfile.read(length)

    def _post_refusal(self) -> tuple[HTTPStatus, str] | None:
        """Why a state-changing request is refused, or None: Host, origin, token, content type."""
        origin = self.headers.get("Origin")
        site = self.headers.get("Sec-Fetch-Site")
        same_origin = (origin is None or origin in self.server.allowed_origins) and (
            site is None or site == "same-origin"
        )
        if not self._host_ok() or not same_origin or (origin is None and site is None):
            return HTTPStatus.FORBIDDEN, "cross-origin request refused"
        if not self._token_ok():
            return HTTPStatus.FORBIDDEN, f"missing or wrong {TOKEN_HEADER}: reload the viewer's page"
        if not self.headers.get("Content-Type", "").startswith("application/json"):
            return HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send JSON"
        return None

    def do_POST(self) -> None:
        store = self.server.store
        raw = self._read_body()
        if raw is None:
            self._error(HTTPStatus.BAD_REQUEST, f"a verdict is JSON of at most {MAX_POST_BYTES} bytes")
            return
        refusal = self._post_refusal()
        if refusal is not None:
            self._error(*refusal)
            return
        if urlsplit(self.path).path != "/api/verdict" or store is None:
            self._error(HTTPStatus.NOT_FOUND, "not found")
            return
        try:
            body = json.loads(raw)
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
