"""The judge choices with the built-in backends in them: :mod:`judge.choices` (the table,
specs, the lists a user sees, settings) plus the backends this package ships.

Imports run one way: the backends and :mod:`judge.openai_judge` import :mod:`judge.choices`;
this module imports them and adds them to the table (``import judge`` does, so every process
that judges has them). Adding a backend is one module with a
:class:`~judge.backends.base.Backend` class and one :class:`~judge.choices.BackendEntry`,
given to :func:`~judge.choices.register_backend` or declared by an installed package as an
entry point in the group ``synthdocbench.judge_backends``; nothing else changes.
"""

from __future__ import annotations

from judge.backends.base import Backend, BackendSettings
from judge.backends.openai_compat import OPENAI_DEFAULT_BASE_URL, OpenAICompatBackend
from judge.choices import (
    BUILT_IN_JUDGES,
    CASCADE_PREFIX,
    ENTRY_POINT_GROUP,
    JUDGE_VAR,
    NONE,
    OFFLINE,
    BackendEntry,
    JudgeSpec,
    backend_entry,
    backend_names,
    choose_another,
    describe_choices,
    parse_judge_spec,
    register_backend,
    register_built_in,
    resolve_settings,
    spec_forms,
    unregister_backend,
)
from judge.llm import LLMJudge
from judge.openai_judge import OpenAIJudge

__all__ = [
    "BUILT_IN_JUDGES",
    "CASCADE_PREFIX",
    "ENTRY_POINT_GROUP",
    "JUDGE_VAR",
    "NONE",
    "OFFLINE",
    "BackendEntry",
    "JudgeSpec",
    "backend_entry",
    "backend_names",
    "batch_backend_names",
    "choose_another",
    "describe_choices",
    "parse_judge_spec",
    "register_backend",
    "resolve_settings",
    "spec_forms",
    "unregister_backend",
]


def _openai_backend(settings: BackendSettings) -> Backend:
    return OpenAICompatBackend(settings)


def _openai_judge_type() -> type[LLMJudge]:
    return OpenAIJudge


#: The backends this package ships (they cannot be unregistered).
BUILT_IN_BACKENDS = (
    BackendEntry(
        name="openai",
        summary="any OpenAI-compatible chat endpoint, e.g. OpenAI or a local vLLM server",
        backend=_openai_backend,
        default_base_url=OPENAI_DEFAULT_BASE_URL,
        base_url_env="OPENAI_BASE_URL",
        api_key_env="OPENAI_API_KEY",
        judge_type=_openai_judge_type,
    ),
)
for _entry in BUILT_IN_BACKENDS:
    register_built_in(_entry)


def batch_backend_names() -> tuple[str, ...]:
    """The backends whose judges can send Batch API jobs (their judge class is an
    :class:`~judge.openai_judge.OpenAIJudge`), in :func:`backend_names` order."""
    names = []
    for name in backend_names():
        entry = backend_entry(name)
        if entry is not None and entry.judge_type is not None and issubclass(entry.judge_type(), OpenAIJudge):
            names.append(name)
    return tuple(names)
