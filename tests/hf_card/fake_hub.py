"""A loopback HTTP server that answers the Hub API calls ``huggingface_hub`` makes for a push
and for reading files back.

It keeps real state (repos, their privacy, branches, and the files of each commit by its sha),
so a test can push through the real client with ``HF_ENDPOINT`` pointing here, check what the
Hub would hold, and download files at a branch or commit (``/resolve/``, as ``hf_hub_download``
does: a HEAD for the metadata, then a GET; each recorded in ``downloads``). Unknown requests get
404 and are recorded in ``unknown``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote, urlparse


@dataclass
class Commit:
    revision: str
    message: str
    files: dict[str, bytes]
    deleted: list[str]
    pull_request: bool


@dataclass
class Repo:
    private: bool
    branches: dict[str, dict[str, bytes]] = field(default_factory=lambda: {"main": {}})
    commits: list[Commit] = field(default_factory=list)
    pull_requests: list[str] = field(default_factory=list)
    #: The files of every commit, by its sha, and the sha each branch points at.
    snapshots: dict[str, dict[str, bytes]] = field(default_factory=dict)
    heads: dict[str, str] = field(default_factory=dict)

    def files_at(self, revision: str) -> dict[str, bytes] | None:
        """The files of a branch or of a commit sha; None when there is no such revision."""
        return self.branches.get(revision, self.snapshots.get(revision))

    def sha_of(self, revision: str) -> str:
        if revision in self.snapshots:
            return revision
        return self.heads.get(revision) or hashlib.sha1(f"empty-{revision}-{id(self)}".encode()).hexdigest()


@dataclass
class HubState:
    repos: dict[str, Repo] = field(default_factory=dict)
    requests: list[tuple[str, str]] = field(default_factory=list)
    unknown: list[tuple[str, str]] = field(default_factory=list)
    settings_calls: list[dict[str, Any]] = field(default_factory=list)
    #: (method, repo, revision, path) of every ``/resolve/`` request.
    downloads: list[tuple[str, str, str, str]] = field(default_factory=list)
    #: Makes every commit sha unique to this server: huggingface_hub and datasets cache files
    #: by (repo, commit sha) under a cache folder fixed at import, shared by all tests.
    nonce: str = field(default_factory=lambda: os.urandom(8).hex())
    #: The visibility of a repo created without ``private`` (the namespace's default).
    default_private: bool = False


_REPO = r"/api/datasets/(?P<repo>[^/]+/[^/]+)"


def _private(payload: dict[str, Any]) -> bool | None:
    """The privacy a create or settings request asks for (clients send ``private`` or ``visibility``)."""
    if payload.get("visibility") is not None:
        return payload["visibility"] == "private"
    return None if payload.get("private") is None else bool(payload["private"])


class _Handler(BaseHTTPRequestHandler):
    state: HubState
    endpoint: str

    def log_message(self, *args: Any) -> None:
        pass

    def _send(self, status: int, payload: Any, error_code: str | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        if error_code is not None:  # what the Hub sends, and huggingface_hub maps to its errors
            self.send_header("X-Error-Code", error_code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _body(self) -> bytes:
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n else b""

    def _repo(self, repo_id: str) -> Repo | None:
        return self.state.repos.get(unquote(repo_id))

    def _handle(self) -> None:
        url = urlparse(self.path)
        path = url.path
        body = self._body()
        self.state.requests.append((self.command, self.path))
        if self.command == "POST" and path == "/api/repos/create":
            self._create(json.loads(body or b"{}"))
        elif self.command == "POST" and path == "/api/validate-yaml":
            self._send(200, {"errors": [], "warnings": []})
        elif m := re.fullmatch(_REPO + r"(?:/revision/(?P<rev>.+))?", path):
            self._info(m["repo"], m["rev"])
        elif self.command == "PUT" and (m := re.fullmatch(_REPO + r"/settings", path)):
            self._settings(m["repo"], json.loads(body or b"{}"))
        elif self.command == "POST" and (m := re.fullmatch(_REPO + r"/branch/(?P<rev>.+)", path)):
            self._branch(m["repo"], unquote(m["rev"]))
        elif self.command == "POST" and (m := re.fullmatch(_REPO + r"/preupload/(?P<rev>.+)", path)):
            files = json.loads(body or b"{}").get("files", [])
            self._send(
                200,
                {
                    "files": [
                        {"path": f["path"], "uploadMode": "regular", "shouldIgnore": False} for f in files
                    ]
                },
            )
        elif self.command == "POST" and (m := re.fullmatch(_REPO + r"/discussions", path)):
            self._open_pull_request(m["repo"], json.loads(body or b"{}"))
        elif self.command == "GET" and (m := re.fullmatch(_REPO + r"/discussions/(?P<num>\d+)", path)):
            self._discussion(m["repo"], int(m["num"]))
        elif self.command == "GET" and (
            m := re.fullmatch(_REPO + r"/tree/(?P<rev>[^/]+)(?:/(?P<folder>.*))?", path)
        ):
            self._tree(m["repo"], unquote(m["rev"]), unquote(m["folder"] or ""))
        elif self.command == "POST" and (m := re.fullmatch(_REPO + r"/commit/(?P<rev>.+)", path)):
            self._commit(m["repo"], unquote(m["rev"]), body)
        elif self.command in ("GET", "HEAD") and (
            m := re.fullmatch(r"/datasets/(?P<repo>[^/]+/[^/]+)/resolve/(?P<rev>[^/]+)/(?P<file>.+)", path)
        ):
            self._resolve(unquote(m["repo"]), unquote(m["rev"]), unquote(m["file"]))
        else:
            self.state.unknown.append((self.command, self.path))
            self._send(404, {"error": f"not found: {self.command} {path}"})

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = _handle  # noqa: N815 - http.server's names

    def _create(self, payload: dict[str, Any]) -> None:
        repo_id = f"{payload.get('organization')}/{payload.get('name')}"
        url = f"{self.endpoint}/datasets/{repo_id}"
        if repo_id in self.state.repos:
            self._send(409, {"error": "You already created this dataset repo", "url": url})
            return
        asked = _private(payload)
        self.state.repos[repo_id] = Repo(private=self.state.default_private if asked is None else asked)
        self._send(200, {"url": url, "name": repo_id})

    def _info(self, repo_id: str, revision: str | None) -> None:
        repo = self._repo(repo_id)
        if repo is None:
            self._send(404, {"error": "Repository not found"}, "RepoNotFound")
            return
        rev = unquote(revision) if revision else "main"
        files = repo.files_at(rev)
        if files is None:
            self._send(404, {"error": f"Revision not found: {rev}"}, "RevisionNotFound")
            return
        sha = repo.sha_of(rev)
        self._send(
            200,
            {
                "id": unquote(repo_id),
                "private": repo.private,
                "sha": sha,
                "siblings": [{"rfilename": name} for name in sorted(files)],
            },
        )

    def _settings(self, repo_id: str, payload: dict[str, Any]) -> None:
        repo = self._repo(repo_id)
        if repo is None:
            self._send(404, {"error": "Repository not found"}, "RepoNotFound")
            return
        self.state.settings_calls.append(payload)
        private = _private(payload)
        if private is not None:
            repo.private = private
        self._send(200, {"private": repo.private})

    def _branch(self, repo_id: str, branch: str) -> None:
        repo = self._repo(repo_id)
        if repo is None:
            self._send(404, {"error": "Repository not found"}, "RepoNotFound")
            return
        if branch in repo.branches:
            self._send(409, {"error": f"Reference already exists: {branch}"})
            return
        repo.branches[branch] = dict(repo.branches["main"])
        if "main" in repo.heads:
            repo.heads[branch] = repo.heads["main"]
        self._send(200, {})

    def _open_pull_request(self, repo_id: str, payload: dict[str, Any]) -> None:
        repo = self._repo(repo_id)
        if repo is None or not payload.get("pullRequest"):
            self._send(404, {"error": "Repository not found"}, "RepoNotFound")
            return
        repo.pull_requests.append(str(payload.get("title", "")))
        number = len(repo.pull_requests)
        repo.branches[f"refs/pr/{number}"] = dict(repo.branches["main"])
        self._send(200, {"num": number})

    def _discussion(self, repo_id: str, number: int) -> None:
        repo = self._repo(repo_id)
        if repo is None or not 1 <= number <= len(repo.pull_requests):
            self._send(404, {"error": "Discussion not found"})
            return
        self._send(
            200,
            {
                "num": number,
                "title": repo.pull_requests[number - 1],
                "status": "draft",
                "createdAt": "2026-01-01T00:00:00.000Z",
                "repo": {"name": unquote(repo_id), "type": "dataset"},
                "isPullRequest": True,
                "events": [],
                "changes": {"base": "refs/heads/main"},
                "filesWithConflicts": [],
            },
        )

    def _tree(self, repo_id: str, revision: str, folder: str = "") -> None:
        repo = self._repo(repo_id)
        files = None if repo is None else repo.files_at(revision)
        if files is None:
            self._send(404, {"error": "Revision not found"})
            return
        prefix = folder.strip("/") + "/" if folder.strip("/") else ""
        recursive = "recursive=true" in (self.path.partition("?")[2])
        entries: list[dict[str, Any]] = []
        folders: set[str] = set()
        for name, data in sorted(files.items()):
            if not name.startswith(prefix):
                continue
            rest = name[len(prefix) :]
            if not recursive and "/" in rest:  # a sub-folder: listed once, as a directory
                sub = prefix + rest.split("/", 1)[0]
                if sub not in folders:
                    folders.add(sub)
                    entries.append({"type": "directory", "path": sub, "oid": "0" * 40})
                continue
            entries.append(
                {"type": "file", "path": name, "size": len(data), "oid": hashlib.sha1(data).hexdigest()}
            )
        if prefix and not entries:
            self._send(404, {"error": f"Entry not found: {folder}"}, "EntryNotFound")
            return
        self._send(200, entries)

    def _resolve(self, repo_id: str, revision: str, name: str) -> None:
        """A file at a revision: what ``hf_hub_download`` asks (HEAD for metadata, then GET)."""
        self.state.downloads.append((self.command, repo_id, revision, name))
        repo = self.state.repos.get(repo_id)
        if repo is None:
            self._send(404, {"error": "Repository not found"}, "RepoNotFound")
            return
        files = repo.files_at(revision)
        if files is None:
            self._send(404, {"error": f"Revision not found: {revision}"}, "RevisionNotFound")
            return
        if name not in files:
            self._send(404, {"error": f"Entry not found: {name}"}, "EntryNotFound")
            return
        data = files[name]
        self.send_response(200)
        self.send_header("X-Repo-Commit", repo.sha_of(revision))
        self.send_header("ETag", f'"{hashlib.sha256(data).hexdigest()}"')
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Content-Type", "application/octet-stream")
        self.end_headers()
        if self.command == "GET":
            self.wfile.write(data)

    def _commit(self, repo_id: str, revision: str, body: bytes) -> None:
        repo = self._repo(repo_id)
        if repo is None or revision not in repo.branches:
            self._send(404, {"error": "Repository or revision not found"})
            return
        message, files, deleted = "", {}, []
        for line in body.splitlines():
            op = json.loads(line)
            value = op.get("value", {})
            if op.get("key") == "header":
                message = value.get("summary", "")
            elif op.get("key") == "file":
                files[value["path"]] = base64.b64decode(value["content"])
            elif op.get("key") in ("deletedFile", "deletedFolder"):
                deleted.append(value["path"])
        pull_request = revision.startswith("refs/pr/")
        commit = Commit(revision, message, files, deleted, pull_request)
        repo.commits.append(commit)
        number = len(repo.commits)
        tree = repo.branches[revision]
        for name in deleted:
            for existing in [n for n in tree if n == name or n.startswith(name.rstrip("/") + "/")]:
                del tree[existing]
        tree.update(files)
        oid = hashlib.sha1(f"{repo_id}-{number}-{self.state.nonce}".encode()).hexdigest()
        repo.snapshots[oid] = dict(tree)
        repo.heads[revision] = oid
        self._send(
            200,
            {
                "commitUrl": f"{self.endpoint}/datasets/{repo_id}/commit/{oid}",
                "commitOid": oid,
                "pullRequestUrl": None,
            },
        )


@contextmanager
def fake_hub() -> Iterator[tuple[str, HubState]]:
    """A running fake Hub: yields its endpoint and its state; stopped on exit."""
    state = HubState()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    endpoint = f"http://127.0.0.1:{server.server_address[1]}"
    handler = type("Handler", (_Handler,), {"state": state, "endpoint": endpoint})
    server.RequestHandlerClass = handler
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield endpoint, state
    finally:
        server.shutdown()
        server.server_close()
