"""Prompt styles of the paper's Appendix L.7: ``default``, ``cot`` and ``none``.

Texts live in ``prompts/<style>.txt`` so a user can read and replace them; a task may also
name a file path instead of a style.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from .errors import SynthDocUserError

STYLES = ("default", "cot", "none")
ABSTENTION = "Not found in the document."


@lru_cache(maxsize=16)
def system_prompt(style: str = "default") -> str | None:
    """The system prompt text for a style name or a path to a text file; ``none`` gives None."""
    if style == "none":
        return None
    if style in STYLES:
        return (
            resources.files(__package__)
            .joinpath("prompts", f"{style}.txt")
            .read_text(encoding="utf-8")
            .strip()
        )
    path = Path(style).expanduser()
    if path.is_file():
        return path.read_text(encoding="utf-8").strip()
    raise SynthDocUserError(
        f"prompt style {style!r} is neither one of {', '.join(STYLES)} nor an existing text file; "
        "set prompt_style in the task's lmms_eval_specific_kwargs"
    )


def user_text(question: str) -> str:
    return f"Question: {question.strip()}"


def flat_prompt(question: str, style: str = "default") -> str:
    """System instructions and question in one text, for models without a system role."""
    system = system_prompt(style)
    return user_text(question) if system is None else f"{system}\n\n{user_text(question)}"
