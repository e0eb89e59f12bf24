"""The judge registry: one place for the choices; a backend is one class plus one registration.

The toy backend below speaks an Anthropic-Messages-shaped API (``POST /v1/messages``,
``x-api-key``, ``content`` blocks, ``stop_reason``) over plain ``urllib``, to a real
loopback server, and is registered here, in the test: nothing else in the package changes,
yet specs, error advice, help texts, the LLM judge's template, parsing, cache and usage all
work with it. Also: a cache written before the registry is still read (same keys), and the
environment is read in one place.
"""

from __future__ import annotations

import ast
import json
import shutil
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from judge import (
    BackendEntry,
    BackendSettings,
    Completion,
    JudgeItem,
    JudgeRequestError,
    JudgeSpecError,
    JudgeUnavailable,
    LLMJudge,
    Message,
    OpenAIJudge,
    backend_names,
    build_judge,
    cache_key,
    choose_another,
    describe_choices,
    parse_judge_spec,
    register_backend,
    resolve_settings,
    spec_forms,
    unregister_backend,
)
from judge.backends.base import CUT
from judge.redact import one_line, redact_secrets
from judge.registry import BUILT_IN_BACKENDS
from tests.judge.loopback import LoopbackServer, serve

ROOT = Path(__file__).resolve().parents[2]
#: The backends the package ships, read from the registry (tests never pin the list).
BUILT_IN = tuple(entry.name for entry in BUILT_IN_BACKENDS)
ITEM = JudgeItem("What was revenue in 2021?", "Revenue was $4.2 billion.", "About 4.2 billion.")
OTHER = JudgeItem("Which region grew fastest?", "Chile grew fastest (12%).", "Chile")


# -- a server shaped like the Anthropic Messages API ----------------------------------------


@dataclass
class Answer:
    status: int = 200
    text: str = '{"score": 9, "judgement": "Right."}'
    stop_reason: str = "end_turn"
    raw: bytes | None = None


class MessagesStub(LoopbackServer):
    def __init__(self) -> None:
        self.answers: list[Answer] = []
        self.requests: list[tuple[dict[str, str], dict[str, Any]]] = []
        super().__init__(self._handler_class())

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return

            def _send(self, status: int, data: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
                stub.requests.append(({k.lower(): v for k, v in self.headers.items()}, body))
                answer = stub.answers.pop(0) if stub.answers else Answer()
                if answer.raw is not None:
                    self._send(answer.status, answer.raw)
                elif answer.status != 200:
                    error = {"type": "error", "error": {"type": "overloaded_error", "message": "busy"}}
                    self._send(answer.status, json.dumps(error).encode())
                else:
                    reply = {
                        "type": "message",
                        "role": "assistant",
                        "content": [{"type": "text", "text": answer.text}],
                        "stop_reason": answer.stop_reason,
                        "usage": {"input_tokens": 120, "output_tokens": 15},
                    }
                    self._send(200, json.dumps(reply).encode())

            def do_GET(self) -> None:
                self._send(200, b'{"data": []}')

        return Handler


# -- the toy backend: a module's worth of code, registered in the test ------------------------


class ToyMessagesBackend:
    """Sends messages to ``<base_url>/messages`` with urllib; raises the judge's typed errors."""

    kind = "toymsg"

    def __init__(self, settings: BackendSettings) -> None:
        self.model = settings.model
        self._url = settings.base_url
        self._key = settings.api_key or ""
        self._version = settings.options.get("version", "2023-06-01")
        self.timeout = settings.timeout
        self.max_attempts = settings.max_attempts

    @property
    def endpoint(self) -> str:
        return redact_secrets(self._url)

    @property
    def cache_name(self) -> str:
        return f"{self.kind}:{self.model}"

    @property
    def longest_request(self) -> float:
        return self.timeout * self.max_attempts

    def _post(self, body: dict[str, Any]) -> bytes:
        request = urllib.request.Request(
            f"{self._url}/messages",
            data=json.dumps(body).encode(),
            headers={
                "x-api-key": self._key,
                "anthropic-version": self._version,
                "content-type": "application/json",
            },
        )
        with urllib.request.urlopen(request, timeout=self.timeout) as response:
            return bytes(response.read())

    def complete(
        self, messages: Sequence[Message], *, max_tokens: int | None = None, temperature: float | None = 0.0
    ) -> Completion:
        body: dict[str, Any] = {
            "model": self.model,
            "max_tokens": max_tokens or 1024,
            "messages": list(messages),
        }
        if temperature is not None:
            body["temperature"] = temperature
        where = f"judge endpoint {self.endpoint}"
        for attempt in range(1, self.max_attempts + 1):
            try:
                raw = self._post(body)
                break
            except urllib.error.HTTPError as exc:
                if exc.code < 500 and exc.code != 429:
                    raise JudgeRequestError(
                        f"{where} refused the request (HTTP {exc.code})", requests=attempt
                    ) from None
                if attempt == self.max_attempts:
                    raise JudgeUnavailable(
                        f"{where} kept failing: HTTP {exc.code} after {attempt} attempts: {choose_another()}",
                        requests=attempt,
                        retries=attempt - 1,
                    ) from None
            except OSError as exc:
                raise JudgeUnavailable(
                    f"{where} could not be reached ({one_line(exc)})", requests=attempt
                ) from None
        try:
            reply = json.loads(raw)
            text = "".join(b["text"] for b in reply["content"] if b.get("type") == "text")
        except (ValueError, KeyError, TypeError):
            raise JudgeRequestError(
                f"{where} answered with something that is not a message", requests=attempt
            ) from None
        usage = reply.get("usage") or {}
        return Completion(
            text=text,
            finish_reason=CUT if reply.get("stop_reason") == "max_tokens" else reply.get("stop_reason"),
            prompt_tokens=int(usage.get("input_tokens", 0)),
            completion_tokens=int(usage.get("output_tokens", 0)),
            requests=attempt,
            retries=attempt - 1,
        )

    def preflight(self) -> None:
        return None

    def close(self) -> None:
        return None


TOY = BackendEntry(
    name="toymsg",
    summary="a Messages-API endpoint (test toy)",
    backend=ToyMessagesBackend,
    base_url_env="TOYMSG_BASE_URL",
    api_key_env="TOYMSG_API_KEY",
    options={"version": "TOYMSG_VERSION"},
)


@pytest.fixture
def toy() -> Iterator[BackendEntry]:
    register_backend(TOY)
    try:
        yield TOY
    finally:
        unregister_backend(TOY.name)


@pytest.fixture
def messages_stub() -> Iterator[MessagesStub]:
    yield from serve(MessagesStub())


# -- tests ------------------------------------------------------------------------------------


def test_a_registered_backend_judges_through_the_one_llm_judge(
    toy: BackendEntry, messages_stub: MessagesStub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOYMSG_API_KEY", "toy-key-123456")
    monkeypatch.setenv("TOYMSG_VERSION", "2099-01-01")
    judge = build_judge(f"toymsg:claude-toy@{messages_stub.base_url}", cache_dir=tmp_path, timeout=5)
    assert type(judge) is LLMJudge
    assert (judge.name, judge.prompt_version, judge.endpoint) == (
        "toymsg:claude-toy",
        "rubric-v2",
        messages_stub.base_url,
    )
    verdict = judge.score(ITEM)
    assert (verdict.score, verdict.judgement, verdict.valid, verdict.cached) == (9, "Right.", True, False)
    ((headers, body),) = messages_stub.requests
    assert (headers["x-api-key"], headers["anthropic-version"]) == ("toy-key-123456", "2099-01-01")
    assert (body["model"], body["max_tokens"], body["temperature"]) == ("claude-toy", 2048, 0)
    prompt = body["messages"][0]["content"]
    assert "<candidate_answer>\nAbout 4.2 billion.\n</candidate_answer>" in prompt  # the one template
    usage = judge.usage.snapshot()
    assert (usage.calls, usage.prompt_tokens, usage.completion_tokens, usage.scored) == (1, 120, 15, 1)
    # the one cache: a new judge answers from it without a request, under a kind-qualified key
    again = build_judge(f"toymsg:claude-toy@{messages_stub.base_url}", cache_dir=tmp_path)
    assert again is not None and again.cached(ITEM) == verdict.__class__(
        9, "Right.", "toymsg:claude-toy", "rubric-v2", True, True
    )
    assert again.score(ITEM).cached and len(messages_stub.requests) == 1
    assert isinstance(again, LLMJudge)
    key = again.key(ITEM)
    openai_key = cache_key(
        "claude-toy", "rubric-v2", ITEM.question, ITEM.reference, ITEM.candidate,
        template_digest=again.template.digest, endpoint=messages_stub.base_url,
    )  # fmt: skip
    assert key != openai_key  # another backend at the same endpoint and model never shares verdicts


def test_the_choices_everywhere_come_from_the_registry(toy: BackendEntry) -> None:
    names = backend_names()
    assert "toymsg" in names and set(BUILT_IN) < set(names)
    forms = spec_forms()
    assert forms.startswith("offline, none, ")
    for name in names:  # one form per backend, the toy's included
        assert f"{name}:<model> or {name}:<model>@<base_url>" in forms
    assert choose_another() == f"choose another judge with SYNTHDOC_JUDGE ({forms})"
    assert "toymsg:MODEL or toymsg:MODEL@BASE_URL" in spec_forms("MODEL", "BASE_URL", none=False)
    described = describe_choices()
    assert (
        "toymsg:MODEL or toymsg:MODEL@BASE_URL (a Messages-API endpoint (test toy); key from TOYMSG_API_KEY)"
        in described
    )
    with pytest.raises(JudgeSpecError, match=r"^[^\n]+$") as info:
        parse_judge_spec("claude:x")
    assert forms in str(info.value)
    assert parse_judge_spec("TOYMSG:claude@http://h/v1/") == parse_judge_spec("toymsg:claude@http://h/v1")
    with pytest.raises(JudgeSpecError, match="has no model after 'toymsg:'"):
        parse_judge_spec("toymsg:")


def test_choices_without_the_toy_are_the_built_in_ones() -> None:
    assert "toymsg" not in backend_names() and set(BUILT_IN) <= set(backend_names())
    assert "toymsg" not in spec_forms()
    with pytest.raises(JudgeSpecError, match="names no known judge"):
        parse_judge_spec("toymsg:claude")


def test_a_toy_reply_cut_at_max_tokens_is_unscored(toy: BackendEntry, messages_stub: MessagesStub) -> None:
    messages_stub.answers = [Answer(text='{"score": 9, "judgem', stop_reason="max_tokens")]
    verdict = build_judge(f"toymsg:m@{messages_stub.base_url}").score(ITEM)  # type: ignore[union-attr]
    assert (verdict.score, verdict.valid) == (-1, False)
    assert verdict.judgement.endswith("(the reply was cut at max_tokens=2048)")


def test_a_hostile_reply_cannot_set_its_score(toy: BackendEntry, messages_stub: MessagesStub) -> None:
    messages_stub.answers = [Answer(text='{"score": 10, "judgement": "a"} {"score": 0, "judgement": "b"}')]
    verdict = build_judge(f"toymsg:m@{messages_stub.base_url}").score(ITEM)  # type: ignore[union-attr]
    assert not verdict.valid  # the one parser: two verdicts in one reply are no verdict


def test_a_failing_toy_endpoint_is_typed_and_counted(toy: BackendEntry, messages_stub: MessagesStub) -> None:
    messages_stub.answers = [Answer(status=529), Answer(status=529)]
    judge = build_judge(f"toymsg:m@{messages_stub.base_url}", max_attempts=2)
    assert isinstance(judge, LLMJudge)
    with pytest.raises(JudgeUnavailable, match=r"^[^\n]+$") as info:
        judge.score(ITEM)
    assert "kept failing: HTTP 529 after 2 attempts" in str(info.value) and "toymsg:<model>" in str(
        info.value
    )
    usage = judge.usage.snapshot()
    assert (usage.calls, usage.retries, usage.scored, usage.unscored) == (2, 1, 0, 0)
    messages_stub.answers = [Answer(raw=b"<html>proxy error</html>")]
    with pytest.raises(JudgeRequestError, match="not a message"):
        judge.score(OTHER)


def test_toy_settings_come_from_the_environment_in_one_place(
    toy: BackendEntry, messages_stub: MessagesStub, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(
        JudgeSpecError, match=r"^judge toymsg:m has no endpoint: write it as toymsg:<model>@<base_url>"
    ):
        build_judge("toymsg:m")  # no default endpoint, none given
    monkeypatch.setenv("TOYMSG_BASE_URL", messages_stub.base_url + "/")
    judge = build_judge("toymsg:m")
    assert judge is not None and judge.endpoint == messages_stub.base_url  # type: ignore[attr-defined]
    assert judge.score(ITEM).valid
    settings = resolve_settings(
        "toymsg", "m", environ={"TOYMSG_BASE_URL": "http://e/v1", "TOYMSG_VERSION": "v"}
    )
    assert (settings.base_url, settings.api_key, dict(settings.options)) == (
        "http://e/v1",
        None,
        {"version": "v"},
    )
    assert resolve_settings("toymsg", "m", base_url="http://given/v1", api_key="k", environ={}).api_key == "k"


@pytest.mark.parametrize("name", ["offline", "none", "openai", "Toy", "to:y", "to@y", "", "a b"])
def test_registering_a_taken_or_unusable_name_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match=r"^[^\n]+$"):
        register_backend(BackendEntry(name=name, summary="x", backend=ToyMessagesBackend))
    assert "toy" not in backend_names() and set(BUILT_IN) <= set(backend_names())


def test_a_built_in_backend_cannot_be_removed() -> None:
    with pytest.raises(ValueError, match="built in"):
        unregister_backend("openai")


# -- caches written before the registry ---------------------------------------------------------

#: Keys the code of 41b03cf (before the registry) gave these items: the cache stays valid.
LEGACY_KEYS = {
    "openai:stub-judge@http://127.0.0.1:9/v1": "f13bb932b6b3849e8ce2f8b9ea362864"
    "a23f7fe9e5b8b39181ef2ce2a02a18ce",
    "openai:gpt-5": "d53bf622e2be26cb7fa55d0241eb700f49e662b13caaa1034cea9ded7522cbd8",
    "openai:m@https://alice:pw@gw.example/v1": "e684df1abdc7c0cab93f97f0a9ec304f"
    "fb2e6a54b58668d6e3ce1b140a68ae43",
}


@pytest.mark.parametrize(("spec", "key"), LEGACY_KEYS.items())
def test_cache_keys_are_those_of_the_code_before_the_registry(spec: str, key: str) -> None:
    judge = build_judge(spec, api_key="k")
    assert isinstance(judge, OpenAIJudge)
    assert (
        judge.key(JudgeItem("What was revenue in 2021?", "Revenue was $4.2 billion.", "About 4.2 billion."))
        == key
    )


def test_a_cache_file_written_before_the_registry_is_read(tmp_path: Path, closed_port_url: str) -> None:
    """``data/cache_41b03cf`` was written by the code of 41b03cf judging two items at that endpoint."""
    shutil.copytree(Path(__file__).parent / "data" / "cache_41b03cf", tmp_path / "cache")
    judge = build_judge(
        "openai:stub-judge@http://127.0.0.1:37481/v1", api_key="k", cache_dir=tmp_path / "cache"
    )
    assert isinstance(judge, OpenAIJudge)
    first, second = judge.cached(ITEM), judge.cached(OTHER)
    assert first is not None and (first.score, first.judgement, first.cached) == (7, "Close enough.", True)
    assert second is not None and (second.score, second.judgement) == (10, "Exact.")
    assert [v.score for v in judge.score_many([ITEM, OTHER])] == [7, 10]
    assert judge.usage.snapshot().calls == 0 and judge._client is None  # no request, no client
    truncated = tmp_path / "torn"
    truncated.mkdir()
    data = (tmp_path / "cache" / "judge_cache.sqlite3").read_bytes()
    (truncated / "judge_cache.sqlite3").write_bytes(data[: len(data) // 3])  # a torn copy
    torn = build_judge(
        f"openai:stub-judge@{closed_port_url}", api_key="k", cache_dir=truncated, max_attempts=1
    )
    assert torn is not None and torn.cached(ITEM) is None  # unusable: no verdict, no crash


# -- structure -----------------------------------------------------------------------------------


def _source_uses(path: Path, names: set[str]) -> bool:
    tree = ast.parse(path.read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in names:
            return True
        if isinstance(node, ast.Name) and node.id in names:
            return True
    return False


def test_the_environment_is_read_only_by_the_registry() -> None:
    readers = sorted(
        str(p.relative_to(ROOT))
        for p in (ROOT / "judge").rglob("*.py")
        if _source_uses(p, {"environ", "getenv"})
    )
    assert readers == ["judge/choices.py", "judge/redact.py"]  # redact reads values only to mask them


def _runtime_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Import statements outside ``if TYPE_CHECKING:`` blocks."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from _runtime_imports(node)


def test_one_openai_client_in_the_project() -> None:
    importers = set()
    for package in ("judge", "generation", "synthdocbench_tasks", "hf_card"):
        for path in (ROOT / package).rglob("*.py"):
            for node in _runtime_imports(ast.parse(path.read_text("utf-8"))):
                if isinstance(node, ast.Import):
                    modules = [a.name for a in node.names]
                else:
                    modules = [node.module or ""] if node.level == 0 else []
                if any(m == "openai" or m.startswith("openai.") for m in modules):
                    importers.add(str(path.relative_to(ROOT)))
    assert sorted(importers) == ["judge/backends/openai_compat.py"]
