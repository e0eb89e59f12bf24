"""The judge choices, in one place: the built-in judges, the registered backends, spec parsing,
and the one function that reads connection settings from the environment.

A judge spec (``SYNTHDOC_JUDGE``, ``--judge``) is one of

* ``offline``: the deterministic offline judge (no API; not a backend: it is computed locally);
* ``none``: record answers only, judge later;
* ``<backend>:<model>`` or ``<backend>:<model>@<base_url>`` for a registered backend
  (``openai`` is built in: any OpenAI-compatible chat endpoint).

Every list of choices a user sees (spec errors, "choose another judge" advice, CLI help,
docs) is derived from here: :func:`spec_forms`, :func:`choose_another`,
:func:`describe_choices`. Adding a backend is one module with a
:class:`~judge.backends.base.Backend` class and one :func:`register_backend` call (the
built-in ones are listed in ``_BUILT_IN_BACKENDS`` below); nothing else changes.

Environment: connection settings are read from the environment only in
:func:`resolve_settings` (a backend's ``base_url_env`` and ``api_key_env``, e.g.
``OPENAI_BASE_URL`` / ``OPENAI_API_KEY``, and its ``options``), when a judge is built, never
at import. (:mod:`judge.redact` reads variable values only to mask them.)
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from judge.backends.base import Backend, BackendSettings
from judge.errors import JudgeSpecError
from judge.redact import redact_secrets

if TYPE_CHECKING:
    from judge.llm import LLMJudge

#: The variable a user sets to choose a judge (named in advice).
JUDGE_VAR = "SYNTHDOC_JUDGE"
OFFLINE = "offline"
NONE = "none"
#: The judges that are not backends, with what they do.
BUILT_IN_JUDGES: Mapping[str, str] = {
    OFFLINE: "scores answers against the reference facts, no API",
    NONE: "record answers only, judge later",
}


@dataclass(frozen=True)
class BackendEntry:
    """A registered backend: its spec name, what it is, and how to build it.

    ``backend`` builds the transport from resolved settings; ``default_base_url`` is used
    when neither the spec, the caller nor ``base_url_env`` gives one (None: the spec must
    name an endpoint); ``api_key_env`` is where a key is found when the caller passes none;
    ``options`` maps the backend's own setting names to the environment variables they are
    read from (e.g. ``{"api_version": "ANTHROPIC_VERSION"}``). ``judge_type`` returns the
    judge class to use (default :class:`~judge.llm.LLMJudge`; ``openai`` gives
    :class:`~judge.openai_judge.OpenAIJudge`, which adds the Batch API).
    """

    name: str
    summary: str
    backend: Callable[[BackendSettings], Backend]
    default_base_url: str | None = None
    base_url_env: str | None = None
    api_key_env: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    judge_type: Callable[[], type[LLMJudge]] | None = None


def _openai_backend(settings: BackendSettings) -> Backend:
    from judge.backends.openai_compat import OpenAICompatBackend

    return OpenAICompatBackend(settings)


def _openai_judge_type() -> type[LLMJudge]:
    from judge.openai_judge import OpenAIJudge

    return OpenAIJudge


_BUILT_IN_BACKENDS = (
    BackendEntry(
        name="openai",
        summary="any OpenAI-compatible chat endpoint, e.g. OpenAI or a local vLLM server",
        backend=_openai_backend,
        default_base_url="https://api.openai.com/v1",
        base_url_env="OPENAI_BASE_URL",
        api_key_env="OPENAI_API_KEY",
        judge_type=_openai_judge_type,
    ),
)
_lock = threading.Lock()
_entries: dict[str, BackendEntry] = {entry.name: entry for entry in _BUILT_IN_BACKENDS}


def register_backend(entry: BackendEntry) -> BackendEntry:
    """Add ``entry`` to the choices; a name already taken, or one a spec cannot carry, is refused."""
    name = entry.name
    if not name or name != name.strip().lower() or not name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"judge backend name {name!r} must be lower-case letters, digits, '-' or '_'")
    with _lock:
        if name in BUILT_IN_JUDGES or name in _entries:
            raise ValueError(f"judge backend {name!r} is already a judge choice: pick another name")
        _entries[name] = entry
    return entry


def unregister_backend(name: str) -> None:
    """Remove a backend registered with :func:`register_backend` (built-in ones stay)."""
    if any(entry.name == name for entry in _BUILT_IN_BACKENDS):
        raise ValueError(f"judge backend {name!r} is built in and cannot be removed")
    with _lock:
        _entries.pop(name, None)


def backend_entry(name: str) -> BackendEntry | None:
    """The entry registered as ``name`` (case-insensitive), or None."""
    with _lock:
        return _entries.get(name.strip().lower())


def backend_names() -> tuple[str, ...]:
    """The registered backends, in registration order."""
    with _lock:
        return tuple(_entries)


# -- the lists a user sees ----------------------------------------------------------------


def batch_backend_names() -> tuple[str, ...]:
    """The registered backends whose judges can send Batch API jobs (their judge class is an
    :class:`~judge.openai_judge.OpenAIJudge`), in registration order."""
    from judge.openai_judge import OpenAIJudge

    names = []
    for name in backend_names():
        entry = backend_entry(name)
        if entry is not None and entry.judge_type is not None and issubclass(entry.judge_type(), OpenAIJudge):
            names.append(name)
    return tuple(names)


def _backend_forms(model: str, base_url: str, backends: Sequence[str] | None) -> list[str]:
    names = backend_names() if backends is None else backends
    return [f"{name}:{model} or {name}:{model}@{base_url}" for name in names]


def spec_forms(
    model: str = "<model>",
    base_url: str = "<base_url>",
    *,
    offline: bool = True,
    none: bool = True,
    backends: Sequence[str] | None = None,
) -> str:
    """``offline, none, openai:<model> or openai:<model>@<base_url>`` (one entry per backend;
    ``backends`` narrows them, e.g. to :func:`batch_backend_names`)."""
    words = [w for w, keep in ((OFFLINE, offline), (NONE, none)) if keep]
    return ", ".join([*words, *_backend_forms(model, base_url, backends)])


def choose_another() -> str:
    """The advice every error about an unusable judge ends with."""
    return f"choose another judge with {JUDGE_VAR} ({spec_forms()})"


def describe_choices(model: str = "MODEL", base_url: str = "BASE_URL", *, none: bool = True) -> str:
    """Every choice with what it does, for help texts: ``offline (...), openai:MODEL or ... (...)``."""
    parts = [f"{OFFLINE} ({BUILT_IN_JUDGES[OFFLINE]})"]
    for name in backend_names():
        entry = backend_entry(name)
        assert entry is not None
        key = f"; key from {entry.api_key_env}" if entry.api_key_env else ""
        parts.append(f"{name}:{model} or {name}:{model}@{base_url} ({entry.summary}{key})")
    if none:
        parts.append(f"{NONE} ({BUILT_IN_JUDGES[NONE]})")
    return ", ".join(parts)


# -- specs --------------------------------------------------------------------------------


@dataclass(frozen=True)
class JudgeSpec:
    """A parsed spec: ``kind`` (``offline``, ``none`` or a backend name) and, for a backend,
    the model and optional base URL."""

    kind: str
    model: str | None = None
    base_url: str | None = None

    def __str__(self) -> str:
        if self.kind in BUILT_IN_JUDGES:
            return self.kind
        return f"{self.kind}:{self.model}" + (f"@{self.base_url}" if self.base_url else "")


def _spec_error(spec: str, why: str) -> JudgeSpecError:
    return JudgeSpecError(
        f"judge spec {redact_secrets(spec)!r} {why}: choose one of {spec_forms()} "
        "(e.g. openai:gpt-5 or openai:Qwen/Qwen3-VL-8B-Instruct@http://localhost:8000/v1)"
    )


def parse_judge_spec(spec: str) -> JudgeSpec:
    """Parse ``offline``, ``none``, ``<backend>:<model>`` or ``<backend>:<model>@<base_url>``."""
    if not isinstance(spec, str) or not spec.strip():
        raise _spec_error(str(spec) if not isinstance(spec, str) else spec, "is empty")
    text = spec.strip()
    lowered = text.lower()
    if lowered in BUILT_IN_JUDGES:
        return JudgeSpec(kind=lowered)
    prefix, sep, rest = text.partition(":")
    kind = prefix.strip().lower()
    if not sep or backend_entry(kind) is None:
        raise _spec_error(text, "names no known judge")
    model, at, base_url = rest.partition("@")
    model, base_url = model.strip(), base_url.strip()
    if not model:
        raise _spec_error(text, f"has no model after '{kind}:'")
    if at and not base_url.startswith(("http://", "https://")):
        raise _spec_error(text, "has a base URL that is not http(s)://...")
    return JudgeSpec(kind=kind, model=model, base_url=base_url.rstrip("/") or None)


def resolve_settings(
    kind: str,
    model: str,
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    timeout: float = 60.0,
    max_attempts: int = 4,
    retry_after_cap: float = 60.0,
    environ: Mapping[str, str] | None = None,
) -> BackendSettings:
    """The settings a ``kind`` backend is built from: the one place the environment is read.

    The base URL is ``base_url``, else the backend's ``base_url_env``, else its default; the
    key is ``api_key``, else its ``api_key_env`` (None when neither is set); its options come
    from their variables. ``environ`` replaces ``os.environ`` (tests).
    """
    entry = backend_entry(kind)
    if entry is None:
        raise _spec_error(f"{kind}:{model}", "names no known judge")
    env = os.environ if environ is None else environ
    from_env = env.get(entry.base_url_env, "").strip() if entry.base_url_env else ""
    url = (base_url or "").strip() or from_env or entry.default_base_url
    if not url:
        raise JudgeSpecError(
            f"judge {kind}:{redact_secrets(model)} has no endpoint: write it as {kind}:<model>@<base_url>"
            + (f" or set {entry.base_url_env}" if entry.base_url_env else "")
        )
    key = api_key
    if key is None and entry.api_key_env:
        key = env.get(entry.api_key_env) or None
    options = {name: env[var] for name, var in entry.options.items() if env.get(var)}
    return BackendSettings(
        model=model,
        base_url=url.rstrip("/"),
        api_key=key,
        timeout=timeout,
        max_attempts=max_attempts,
        retry_after_cap=retry_after_cap,
        options=options,
    )
