"""LLM-as-judge for SynthDocBench answers: rubric prompt, backends, cache and reply parsing.

This package imports nothing of the project: items are plain strings and dicts.

    judge = build_judge("openai:gpt-5", cache_dir=Path(".cache/judge"), timeout=30, max_attempts=3)
    verdict = judge.cached(item)  # no network: the cache (LLM judges) or the offline verdict
    judge.preflight()  # one-line JudgeUnavailable if it cannot be reached
    results = judge.score_many([JudgeItem(question, reference, candidate)])

The judges: ``offline`` (computed locally), ``none``, one :class:`LLMJudge` class over
any backend (:mod:`judge.registry`; ``openai`` is built in, others are registered or found
through the ``synthdocbench.judge_backends`` entry points), and the cascade
``offline+<backend>:<model>`` (:class:`CascadeJudge`). Verdicts name their judge as
``backend:model`` and say whether the judge was ``certain``. A backend only sends
messages and returns the reply (:mod:`judge.backends`); the LLM judge owns the template,
parsing, cache and usage.

Failures: ``JudgeUnavailable`` (the endpoint is down: stop asking), ``JudgeRequestError``
(one request refused), ``JudgeInputError`` (the item cannot be judged as given). Replies
without a valid score are unscored verdicts (``valid`` False, score -1), never errors.
``judge.redact.redact_secrets`` removes credentials from any text. ``import judge`` does not
import ``openai``, nor anything else: each public name is imported from its module on first
use, so one module of the package (``judge.backends.openai_compat``, which generation's optional
rewriting uses) loads without the rest (the offline judge and pint).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.backends.base import Backend, BackendSettings, Completion, Message
    from judge.base import Judge, JudgeItem, Judgement, score_concurrently
    from judge.cache import JudgementCache, cache_key
    from judge.cascade import CascadeJudge
    from judge.errors import JudgeError, JudgeInputError, JudgeRequestError, JudgeSpecError, JudgeUnavailable
    from judge.llm import LLMJudge
    from judge.offline import OFFLINE_JUDGE_NAME, OfflineJudge
    from judge.openai_judge import OpenAIJudge
    from judge.parse import UNSCORED, ParsedJudgement, parse_judge_reply
    from judge.prompt import PromptTemplate, load_template
    from judge.redact import redact_secrets
    from judge.registry import (
        BackendEntry,
        JudgeSpec,
        backend_names,
        choose_another,
        describe_choices,
        parse_judge_spec,
        register_backend,
        resolve_settings,
        spec_forms,
        unregister_backend,
    )
    from judge.spec import build_judge
    from judge.usage import JudgeUsage

#: The module each public name is imported from, on first use (:func:`__getattr__`).
_HOMES: dict[str, str] = {
    "Backend": "judge.backends.base",
    "BackendSettings": "judge.backends.base",
    "Completion": "judge.backends.base",
    "Message": "judge.backends.base",
    "Judge": "judge.base",
    "JudgeItem": "judge.base",
    "Judgement": "judge.base",
    "score_concurrently": "judge.base",
    "JudgementCache": "judge.cache",
    "cache_key": "judge.cache",
    "CascadeJudge": "judge.cascade",
    "JudgeError": "judge.errors",
    "JudgeInputError": "judge.errors",
    "JudgeRequestError": "judge.errors",
    "JudgeSpecError": "judge.errors",
    "JudgeUnavailable": "judge.errors",
    "LLMJudge": "judge.llm",
    "OFFLINE_JUDGE_NAME": "judge.offline",
    "OfflineJudge": "judge.offline",
    "OpenAIJudge": "judge.openai_judge",
    "UNSCORED": "judge.parse",
    "ParsedJudgement": "judge.parse",
    "parse_judge_reply": "judge.parse",
    "PromptTemplate": "judge.prompt",
    "load_template": "judge.prompt",
    "redact_secrets": "judge.redact",
    "BackendEntry": "judge.registry",
    "JudgeSpec": "judge.registry",
    "backend_names": "judge.registry",
    "choose_another": "judge.registry",
    "describe_choices": "judge.registry",
    "parse_judge_spec": "judge.registry",
    "register_backend": "judge.registry",
    "resolve_settings": "judge.registry",
    "spec_forms": "judge.registry",
    "unregister_backend": "judge.registry",
    "build_judge": "judge.spec",
    "JudgeUsage": "judge.usage",
}

__all__ = [
    "OFFLINE_JUDGE_NAME",
    "UNSCORED",
    "Backend",
    "BackendEntry",
    "BackendSettings",
    "CascadeJudge",
    "Completion",
    "Judge",
    "JudgeError",
    "JudgeInputError",
    "JudgeItem",
    "JudgeRequestError",
    "JudgeSpec",
    "JudgeSpecError",
    "JudgeUnavailable",
    "JudgeUsage",
    "Judgement",
    "JudgementCache",
    "LLMJudge",
    "Message",
    "OfflineJudge",
    "OpenAIJudge",
    "ParsedJudgement",
    "PromptTemplate",
    "backend_names",
    "build_judge",
    "cache_key",
    "choose_another",
    "describe_choices",
    "load_template",
    "parse_judge_reply",
    "parse_judge_spec",
    "redact_secrets",
    "register_backend",
    "resolve_settings",
    "score_concurrently",
    "spec_forms",
    "unregister_backend",
]


def __getattr__(name: str) -> Any:
    """The public name ``name``, imported from its module the first time it is asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'judge' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
