"""A real HTTP server on 127.0.0.1 (a free port) for the judge stubs, and a fixture helper.

The stubs (:mod:`tests.judge.judge_chat_stub`, :mod:`tests.judge.batch_stub`) only write
their request handler; serving it, its URL and stopping it are here, once.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self, TypeVar


class LoopbackServer:
    """Serves ``handler`` on 127.0.0.1 from a daemon thread once :meth:`start` is called."""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>/v1``: what a judge spec or client is given."""
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def start(self) -> Self:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


_S = TypeVar("_S", bound=LoopbackServer)


def serve(server: _S) -> Iterator[_S]:
    """Start ``server``, hand it out, stop it afterwards: a fixture body is
    ``yield from serve(ChatStub())``."""
    server.start()
    try:
        yield server
    finally:
        server.stop()
