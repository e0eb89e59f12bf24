"""The generation settings that reach the model: the task's, whatever the model class's defaults.

Each task YAML asks for ``max_new_tokens`` and ``temperature`` (the paper's protocol: 512 and
0, Appendix L.7 / Table 19; 768 for grounded tasks, 2,048 for chain-of-thought). lmms-eval
0.7.3's classes honour them, with two exceptions read in their source:

- the vLLM classes (``vllm``, ``vllm_chat``, ``vllm_generate``) send the *larger* of the
  task's ``max_new_tokens`` and their own (``max_new_tokens`` model arg, default 4,096), so a
  run without ``max_new_tokens=512`` in ``--model_args`` sends 4,096;
- the OpenAI-compatible class drops ``temperature`` (and sends ``max_completion_tokens``)
  when ``model_version`` names a reasoning model (``o1``, ``o3``, ``o4``, ``gpt-5``).

:func:`settle_model_args` is what ``synthdocbench eval`` does about the first (adds
``max_new_tokens`` = :data:`SMALLEST_TASK_MAX_NEW_TOKENS`, which leaves every task's own value
in force, or refuses a larger one); :func:`sent_settings` is what the results record: the
values the class sends for a task.
"""

from __future__ import annotations

from typing import Any

from .errors import SynthDocUserError

#: The smallest ``max_new_tokens`` of any task of this package (tests/…/test_sampling.py
#: checks it against the YAMLs); a vLLM model arg at this value leaves every task's own.
SMALLEST_TASK_MAX_NEW_TOKENS = 512
#: Model classes that send max(task, model arg) tokens, with their default model arg.
MAX_OF_TASK_AND_MODEL: dict[str, int] = {"vllm": 4096, "vllm_chat": 4096, "vllm_generate": 4096}
OPENAI_CLASSES = ("openai", "openai_compatible", "openai_compatible_chat")
#: Substrings of ``model_version`` for which the OpenAI-compatible class drops temperature.
OPENAI_REASONING_MARKERS = ("o1", "o3", "o4", "gpt-5")
_OPENAI_DEFAULT_VERSION = "grok-2-latest"
#: The default lmms-eval applies when neither task nor class names ``max_new_tokens``.
_FALLBACK_MAX_NEW_TOKENS = 1024


def parse_model_args(text: str | None) -> dict[str, str]:
    """``k=v,k=v`` as lmms-eval reads ``--model_args`` (a part without ``=`` is ignored here)."""
    args: dict[str, str] = {}
    for part in (text or "").split(","):
        key, eq, value = part.partition("=")
        if eq and key.strip():
            args[key.strip()] = value.strip()
    return args


def _int(value: Any) -> int | None:
    try:
        return int(float(value))
    except (TypeError, ValueError):
        return None


def settle_model_args(model: str | None, model_args: str | None) -> tuple[str | None, str | None]:
    """``(model_args to use, a line saying what changed)`` for ``--model``: for a class in
    :data:`MAX_OF_TASK_AND_MODEL` without ``max_new_tokens``, that argument is added; one
    above :data:`SMALLEST_TASK_MAX_NEW_TOKENS` is refused (:class:`SynthDocUserError`)."""
    if model not in MAX_OF_TASK_AND_MODEL:
        return model_args, None
    given = parse_model_args(model_args).get("max_new_tokens")
    if given is None:
        added = f"max_new_tokens={SMALLEST_TASK_MAX_NEW_TOKENS}"
        new = f"{model_args},{added}" if model_args else added
        line = (
            f"--model {model} sends the larger of the task's max_new_tokens and its own (default "
            f"{MAX_OF_TASK_AND_MODEL[model]:,}); added {added} to --model_args so that each task's own "
            "value is sent"
        )
        return new, line
    value = _int(given)
    if value is not None and value > SMALLEST_TASK_MAX_NEW_TOKENS:
        raise SynthDocUserError(
            f"--model {model} sends the larger of the task's max_new_tokens and --model_args' "
            f"max_new_tokens={given}, so tasks asking {SMALLEST_TASK_MAX_NEW_TOKENS} would get {value}: "
            f"set max_new_tokens={SMALLEST_TASK_MAX_NEW_TOKENS} in --model_args (or leave it out)"
        )
    return model_args, None


def reasoning_version(model: str | None, model_args: str | None) -> str | None:
    """The ``model_version`` for which the OpenAI-compatible class sends no temperature, or None."""
    if model not in OPENAI_CLASSES:
        return None
    args = parse_model_args(model_args)  # the class takes ``model`` over ``model_version``
    version = args.get("model") or args.get("model_version") or _OPENAI_DEFAULT_VERSION
    return version if any(m in version for m in OPENAI_REASONING_MARKERS) else None


def temperature_warning(model: str | None, model_args: str | None) -> str | None:
    """One line when the class will not send the task's temperature; else None."""
    version = reasoning_version(model, model_args)
    if version is None:
        return None
    return (
        f"warning: --model {model} sends no temperature for model_version={version} (lmms-eval treats "
        "o1/o3/o4/gpt-5 names as reasoning models): answers are sampled at the endpoint's default, "
        "not at the protocol's temperature 0 (recorded as temperature null)"
    )


def sent_settings(model: str | None, model_args: str | None, gen_kwargs: dict[str, Any]) -> dict[str, Any]:
    """``max_new_tokens`` and ``temperature`` the class sends for a task asking ``gen_kwargs``
    (``temperature`` None: not sent)."""
    asked = _int(gen_kwargs.get("max_new_tokens"))
    temperature = gen_kwargs.get("temperature", 0)
    if model in MAX_OF_TASK_AND_MODEL:
        own = _int(parse_model_args(model_args).get("max_new_tokens")) or MAX_OF_TASK_AND_MODEL[model]
        tokens = own if asked is None else max(asked, own)
    else:
        tokens = asked if asked is not None else _FALLBACK_MAX_NEW_TOKENS
    if reasoning_version(model, model_args) is not None:
        temperature = None
    return {
        "max_new_tokens": tokens,
        "temperature": None if temperature is None else float(temperature),
        "task_max_new_tokens": asked,
    }
