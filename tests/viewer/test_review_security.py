"""The review server against another site and against itself: a refused request's body is never
read as a second request (raw keep-alive socket), a page on another loopback port cannot write
a verdict or load a strip (real Chromium), two servers never share a verdict file, and kill -9
in the middle of saves loses no acknowledged verdict."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from .conftest import Served, page_token

pytestmark = [pytest.mark.browser, pytest.mark.lmms_eval]


def _review(dataset_dir: Path, verdicts: Path, env: dict[str, str], served: list[Served]) -> Served:
    server = Served(["review", str(dataset_dir), "--sample", "3", "--verdicts", str(verdicts)], env)
    served.append(server)
    return server


def _question_ids(server: Served) -> list[str]:
    conn = http.client.HTTPConnection(urlsplit(server.url).netloc, timeout=10)
    conn.request("GET", "/api/questions", headers={"X-SDB-Token": page_token(server.url)})
    listing = json.loads(conn.getresponse().read())
    conn.close()
    return [q["id"] for q in listing["questions"]]


def _smuggling_post(host: str, inner: bytes, outer_headers: str) -> bytes:
    return (
        f"POST /api/verdict HTTP/1.1\r\nHost: {host}\r\n{outer_headers}Content-Length: {len(inner)}\r\n\r\n"
    ).encode() + inner


def _responses(sock: socket.socket) -> bytes:
    sock.settimeout(5)
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        if not chunk:
            break
        data += chunk
    return data


@pytest.mark.parametrize(
    "outer",
    [
        "Origin: http://attacker.example\r\nContent-Type: application/json\r\n",  # foreign origin
        "Content-Type: text/plain\r\n",  # no token, wrong type: the no-cors form
        "Origin: {origin}\r\nContent-Type: application/json\r\nX-SDB-Token: wrong\r\n",  # wrong token
    ],
)
def test_a_refused_posts_body_is_never_read_as_a_second_request(
    dataset_dir: Path, tmp_path: Path, review_env: dict[str, str], served: list[Served], outer: str
) -> None:
    verdicts = tmp_path / "v.jsonl"
    server = _review(dataset_dir, verdicts, review_env, served)
    qid = _question_ids(server)[0]
    host = urlsplit(server.url).netloc
    body = json.dumps({"question_id": qid, "verdict": "valid", "comment": "SMUGGLED via 403 body"})
    inner = (  # a complete request with no Origin header, hidden in the refused one's body
        f"POST /api/verdict HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n{body}"
    ).encode()
    with socket.create_connection(("127.0.0.1", int(host.rsplit(":", 1)[1]))) as sock:
        sock.sendall(_smuggling_post(host, inner, outer.format(origin=f"http://{host}")))
        answer = _responses(sock)
    assert answer.count(b"HTTP/1.1 ") == 1 and answer.startswith((b"HTTP/1.1 403", b"HTTP/1.1 415"))
    assert b"Connection: close" in answer and b"SMUGGLED" not in answer
    assert not verdicts.exists()


class _Attacker(BaseHTTPRequestHandler):
    """A page on another loopback port: one no-cors POST smuggling a verdict, one strip image."""

    page = b""

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(self.page)))
        self.end_headers()
        self.wfile.write(self.page)

    def log_message(self, format: str, *args: Any) -> None:
        return


@pytest.fixture()
def attacker() -> Iterator[tuple[ThreadingHTTPServer, type[_Attacker]]]:
    handler = type("Attacker", (_Attacker,), {})
    srv = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield srv, handler
    srv.shutdown()
    srv.server_close()


def test_a_page_on_another_port_cannot_write_a_verdict_or_load_a_strip(
    page: Any,
    dataset_dir: Path,
    tmp_path: Path,
    review_env: dict[str, str],
    served: list[Served],
    attacker: tuple[ThreadingHTTPServer, type[_Attacker]],
) -> None:
    verdicts = tmp_path / "v.jsonl"
    server = _review(dataset_dir, verdicts, review_env, served)
    qid = _question_ids(server)[0]
    target = server.url.rstrip("/")
    conn = http.client.HTTPConnection(urlsplit(server.url).netloc, timeout=10)
    conn.request("GET", "/api/question/" + qid, headers={"X-SDB-Token": page_token(server.url)})
    strip = json.loads(conn.getresponse().read())["strips"][0]["url"]
    conn.close()
    smuggled = json.dumps({"question_id": qid, "verdict": "illegible", "comment": "SMUGGLED"})
    inner = (
        f"POST /api/verdict HTTP/1.1\r\nHost: {urlsplit(server.url).netloc}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(smuggled)}\r\n\r\n{smuggled}"
    )
    srv, handler = attacker
    handler.page = f"""<!doctype html><html><body><script>
    window.results = {{}};
    const img = new Image();
    img.onload = () => {{ window.results.img = "loaded"; }};
    img.onerror = () => {{ window.results.img = "refused"; }};
    img.src = {json.dumps(target + strip)};
    const post = (body, type) => fetch({json.dumps(target + "/api/verdict")}, {{
      method: "POST", mode: "no-cors", headers: {{"Content-Type": type}}, body }});
    Promise.allSettled([
      post({json.dumps(inner)}, "text/plain"),
      post({json.dumps(smuggled)}, "text/plain"),
      fetch({json.dumps(target + "/api/questions")}, {{ mode: "no-cors" }}),
    ]).then(() => {{ window.results.posts = "done"; }});
    </script></body></html>""".encode()
    seen: list[dict[str, str]] = []
    page.on("request", lambda r: seen.append(r.headers) if r.url.startswith(target) else None)
    page.goto(f"http://127.0.0.1:{srv.server_address[1]}/")
    page.wait_for_function("() => window.results.img && window.results.posts")
    assert page.evaluate("() => window.results.img") == "refused"
    assert not verdicts.exists()
    assert len(seen) >= 3  # the requests did reach the server (and were refused there)
    # the viewer's own page, in the same browser, still saves
    page.goto(f"{server.url}#/q/{qid}")
    page.click("button[data-verdict=valid]")
    page.wait_for_function("() => document.querySelector('#saved').textContent === 'saved: valid'")
    assert [json.loads(line)["verdict"] for line in verdicts.read_text().splitlines()] == ["valid"]


def test_a_second_server_on_the_same_verdict_file_refuses_with_one_line(
    dataset_dir: Path, tmp_path: Path, review_env: dict[str, str], served: list[Served]
) -> None:
    verdicts = tmp_path / "v.jsonl"
    first = _review(dataset_dir, verdicts, review_env, served)
    proc = subprocess.run(
        [sys.executable, "-m", "synthdocbench_tasks.cli", "review", str(dataset_dir), "--sample", "3",
         "--verdicts", str(verdicts), "--port", "0"],
        env=review_env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 2 and len(lines) == 1, proc.stderr
    assert (
        f"the verdict file {verdicts} is in use by another `synthdocbench review` (pid {first.proc.pid})"
        in lines[0]
    )
    first.stop()  # kill -9: the kernel drops the lock, a new server opens the file
    second = _review(dataset_dir, verdicts, review_env, served)
    assert second.proc.poll() is None


def test_kill_9_during_saves_loses_no_acknowledged_verdict(
    dataset_dir: Path, tmp_path: Path, review_env: dict[str, str], served: list[Served]
) -> None:
    verdicts = tmp_path / "v.jsonl"
    server = _review(dataset_dir, verdicts, review_env, served)
    ids = _question_ids(server)
    token = page_token(server.url)
    netloc = urlsplit(server.url).netloc
    acknowledged: dict[str, int] = {}  # question -> the number of its last acknowledged save
    stop = threading.Event()

    def writer(qid: str) -> None:  # one writer per question: its saves are in order
        conn = http.client.HTTPConnection(netloc, timeout=10)
        headers = {"Content-Type": "application/json", "X-SDB-Token": token, "Origin": f"http://{netloc}"}
        i = 0
        while not stop.is_set():
            body = json.dumps({"question_id": qid, "verdict": "ambiguous", "comment": f"save {i}"})
            try:
                conn.request("POST", "/api/verdict", body=body, headers=headers)
                response = conn.getresponse()
                response.read()
            except (OSError, http.client.HTTPException):
                return
            if response.status == 200:
                acknowledged[qid] = i
            i += 1

    threads = [threading.Thread(target=writer, args=(qid,)) for qid in ids]
    for t in threads:
        t.start()
    for _ in range(600):
        if len(acknowledged) == len(ids) and min(acknowledged.values()) >= 20:
            break
        threading.Event().wait(0.05)
    server.stop()  # SIGKILL in the middle of saves
    stop.set()
    for t in threads:
        t.join(timeout=30)
    saved = {e["question_id"]: e for e in map(json.loads, verdicts.read_text().splitlines())}
    assert set(saved) == set(ids) and min(acknowledged.values()) >= 20
    for qid, last in acknowledged.items():
        # the last acknowledged save, or the one in flight when the server was killed
        assert saved[qid]["comment"] in (f"save {last}", f"save {last + 1}"), (qid, last, saved[qid])
    again = _review(dataset_dir, verdicts, review_env, served)  # the lock died with the process
    assert set(_question_ids(again)) == set(ids)
    assert not list(tmp_path.glob(".v.jsonl.*.tmp"))  # a save killed before its rename is cleaned
