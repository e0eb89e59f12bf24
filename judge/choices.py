"""The judge choices, in one place: the table of backends (built in, registered, or found
through the ``synthdocbench.judge_backends`` entry-point group), spec parsing, the lists a
user sees, and the one function that reads connection settings from the environment.

A judge spec (``SYNTHDOC_JUDGE``, ``--judge``) is one of

* ``offline``: the deterministic offline judge (no API; not a backend: it is computed locally);
* ``none``: record answers only, judge later;
* ``<backend>:<model>`` or ``<backend>:<model>@<base_url>`` for a backend
  (``openai`` is built in: any OpenAI-compatible chat endpoint);
* ``offline+<backend>:<model>[@<base_url>]``: the cascade, the offline judge for the answers
  it is certain of and the LLM judge for the others.

This module imports no backend: the built-in ones are added by :mod:`judge.registry` (which
imports them), others by :func:`register_backend` or by an installed package declaring an
entry point in the group ``synthdocbench.judge_backends`` whose object is a
:class:`BackendEntry` (or a callable returning one). Entry points are loaded lazily, the first
time their name is resolved, so a backend installed with ``pip`` is selectable in any process
(an lmms-eval run included) without importing its module first.

Every list of choices a user sees (spec errors, "choose another judge" advice, CLI help,
docs) is derived from here: :func:`spec_forms`, :func:`choose_another`, :func:`describe_choices`.

Environment: connection settings are read from the environment only in
:func:`resolve_settings` (a backend's ``base_url_env`` and ``api_key_env``, e.g.
``OPENAI_BASE_URL`` / ``OPENAI_API_KEY``, and its ``options``), when a judge is built, never
at import. (:mod:`judge.redact` reads variable values only to mask them.)
"""

from __future__ import annotations

import importlib.metadata
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from judge.backends.base import Backend, BackendSettings
from judge.errors import JudgeSpecError
from judge.redact import one_line, redact_secrets

if TYPE_CHECKING:
    from judge.llm import LLMJudge

#: The variable a user sets to choose a judge (named in advice).
JUDGE_VAR = "SYNTHDOC_JUDGE"
OFFLINE = "offline"
NONE = "none"
#: The prefix of a cascade spec: ``offline+openai:gpt-5``.
CASCADE_PREFIX = "offline+"
#: The entry-point group installed packages register judge backends in.
ENTRY_POINT_GROUP = "synthdocbench.judge_backends"
#: The judges that are not backends, with what they do.
BUILT_IN_JUDGES: Mapping[str, str] = {
    OFFLINE: "scores answers against the reference facts, no API",
    NONE: "record answers only, judge later",
}


@dataclass(frozen=True)
class BackendEntry:
    """A backend: its spec name, what it is, and how to build it.

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


_lock = threading.RLock()
_entries: dict[str, BackendEntry] = {}
_built_in: set[str] = set()


def _check_name(name: str) -> None:
    if not name or name != name.strip().lower() or not name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"judge backend name {name!r} must be lower-case letters, digits, '-' or '_'")


def _add(entry: BackendEntry) -> BackendEntry:
    _check_name(entry.name)
    with _lock:
        if entry.name in BUILT_IN_JUDGES or entry.name in _entries:
            raise ValueError(f"judge backend {entry.name!r} is already a judge choice: pick another name")
        _entries[entry.name] = entry
    return entry


def register_built_in(entry: BackendEntry) -> BackendEntry:
    """Add a built-in backend (:mod:`judge.registry` does, for the ones it ships): it cannot be removed."""
    _add(entry)
    with _lock:
        _built_in.add(entry.name)
    return entry


def register_backend(entry: BackendEntry) -> BackendEntry:
    """Add ``entry`` to the choices; a name already taken, or one a spec cannot carry, is refused."""
    return _add(entry)


def unregister_backend(name: str) -> None:
    """Remove a backend registered with :func:`register_backend` (built-in ones stay)."""
    with _lock:
        if name in _built_in:
            raise ValueError(f"judge backend {name!r} is built in and cannot be removed")
        _entries.pop(name, None)


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    """The installed packages' backends by name (names that a spec cannot carry are skipped)."""
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        name = point.name.strip().lower()
        if name and name not in BUILT_IN_JUDGES and name not in found:
            found[name] = point
    return found


def _load(point: importlib.metadata.EntryPoint) -> BackendEntry:
    """The :class:`BackendEntry` an entry point names, registered; one-line error if unusable."""
    where = f"judge backend {point.name!r} (entry point {point.value} of {ENTRY_POINT_GROUP})"
    try:
        loaded = point.load()
        entry = loaded() if callable(loaded) and not isinstance(loaded, BackendEntry) else loaded
    except Exception as exc:
        raise JudgeSpecError(
            f"{where} cannot be loaded: {type(exc).__name__}: {one_line(exc, 160)}"
        ) from None
    if not isinstance(entry, BackendEntry):
        raise JudgeSpecError(f"{where} is not a judge.choices.BackendEntry (got {type(entry).__name__})")
    if entry.name != point.name.strip().lower():
        raise JudgeSpecError(f"{where} names itself {entry.name!r}: the two names must agree")
    with _lock:
        return _entries.get(entry.name) or _add(entry)


def backend_entry(name: str) -> BackendEntry | None:
    """The backend named ``name`` (case-insensitive), loading its entry point if it has one, or None."""
    key = name.strip().lower()
    with _lock:
        if key in _entries:
            return _entries[key]
    point = _entry_points().get(key)
    return _load(point) if point is not None else None


def backend_names() -> tuple[str, ...]:
    """The backends: built-in and registered ones in registration order, then installed ones
    (entry points, not loaded) in name order."""
    with _lock:
        known = tuple(_entries)
    return known + tuple(sorted(n for n in _entry_points() if n not in known))


# -- the lists a user sees ----------------------------------------------------------------


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
    cascade: bool = True,
) -> str:
    """``offline, none, openai:<model> or openai:<model>@<base_url>, or offline+ before one of
    those`` (one entry per backend; ``backends`` narrows them, e.g. to
    :func:`judge.registry.batch_backend_names`; ``cascade`` False leaves the cascade out)."""
    words = [w for w, keep in ((OFFLINE, offline), (NONE, none)) if keep]
    forms = _backend_forms(model, base_url, backends)
    tail = [f"or {CASCADE_PREFIX} before a backend spec (cascade)"] if cascade and offline and forms else []
    return ", ".join([*words, *forms, *tail])


def choose_another() -> str:
    """The advice every error about an unusable judge ends with."""
    return f"choose another judge with {JUDGE_VAR} ({spec_forms()})"


def describe_choices(model: str = "MODEL", base_url: str = "BASE_URL", *, none: bool = True) -> str:
    """Every choice with what it does, for help texts: ``offline (...), openai:MODEL or ... (...)``."""
    parts = [f"{OFFLINE} ({BUILT_IN_JUDGES[OFFLINE]})"]
    for name in backend_names():
        try:
            entry = backend_entry(name)
        except JudgeSpecError as exc:
            parts.append(f"{name}:{model} (cannot be loaded: {exc})")
            continue
        assert entry is not None
        key = f"; key from {entry.api_key_env}" if entry.api_key_env else ""
        parts.append(f"{name}:{model} or {name}:{model}@{base_url} ({entry.summary}{key})")
    parts.append(
        f"{CASCADE_PREFIX}<backend>:{model}[@{base_url}] (the offline judge for answers it is certain of, "
        "the LLM judge for the others)"
    )
    if none:
        parts.append(f"{NONE} ({BUILT_IN_JUDGES[NONE]})")
    return ", ".join(parts)


# -- specs --------------------------------------------------------------------------------


@dataclass(frozen=True)
class JudgeSpec:
    """A parsed spec: ``kind`` (``offline``, ``none`` or a backend name) and, for a backend,
    the model and optional base URL; ``cascade`` puts the offline judge first."""

    kind: str
    model: str | None = None
    base_url: str | None = None
    cascade: bool = False

    def __str__(self) -> str:
        if self.kind in BUILT_IN_JUDGES:
            return self.kind
        prefix = CASCADE_PREFIX if self.cascade else ""
        return f"{prefix}{self.kind}:{self.model}" + (f"@{self.base_url}" if self.base_url else "")


def _spec_error(spec: str, why: str) -> JudgeSpecError:
    return JudgeSpecError(
        f"judge spec {redact_secrets(spec)!r} {why}: choose one of {spec_forms()} "
        "(e.g. openai:gpt-5 or openai:Qwen/Qwen3-VL-8B-Instruct@http://localhost:8000/v1)"
    )


def parse_judge_spec(spec: str) -> JudgeSpec:
    """Parse ``offline``, ``none``, ``[offline+]<backend>:<model>[@<base_url>]``."""
    if not isinstance(spec, str) or not spec.strip():
        raise _spec_error(str(spec) if not isinstance(spec, str) else spec, "is empty")
    text = spec.strip()
    lowered = text.lower()
    if lowered in BUILT_IN_JUDGES:
        return JudgeSpec(kind=lowered)
    cascade = lowered.startswith(CASCADE_PREFIX)
    prefix, sep, rest = text[len(CASCADE_PREFIX) if cascade else 0 :].partition(":")
    kind = prefix.strip().lower()
    if not sep or backend_entry(kind) is None:
        raise _spec_error(text, "names no known judge")
    model, at, base_url = rest.partition("@")
    model, base_url = model.strip(), base_url.strip()
    if not model:
        raise _spec_error(text, f"has no model after '{kind}:'")
    if at and not base_url.startswith(("http://", "https://")):
        raise _spec_error(text, "has a base URL that is not http(s)://...")
    return JudgeSpec(kind=kind, model=model, base_url=base_url.rstrip("/") or None, cascade=cascade)


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
