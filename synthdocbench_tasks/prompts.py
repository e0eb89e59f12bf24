"""Prompt styles of the paper's Appendix L.7: ``default``, ``cot`` and ``none``, plus ``text``.

Texts live in ``prompts/<style>.txt`` so a user can read and replace them; a task may also
name a file path instead of a style. ``text`` is the system prompt of the text-only baseline
(§4.1): the model gets the PDF's extracted text, wrapped in a ``<document>`` block ahead of
the question, instead of page images.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from .errors import SynthDocUserError

STYLES = ("default", "cot", "none", "text")
ABSTENTION = "Not found in the document."
DOCUMENT_OPEN = "<document>"
DOCUMENT_CLOSE = "</document>"


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


def user_text(question: str, document: str | None = None) -> str:
    """The user turn: the question, after the document's text when the model gets text."""
    asked = f"Question: {question.strip()}"
    if document is None:
        return asked
    return f"Document text:\n{DOCUMENT_OPEN}\n{document.strip()}\n{DOCUMENT_CLOSE}\n\n{asked}"


def flat_prompt(question: str, style: str = "default", document: str | None = None) -> str:
    """System instructions and question in one text, for models without a system role."""
    system = system_prompt(style)
    user = user_text(question, document)
    return user if system is None else f"{system}\n\n{user}"


def document_in(prompt: str) -> str | None:
    """The document text a :func:`user_text` prompt carries, or None when it has none."""
    start = prompt.find(DOCUMENT_OPEN)
    end = prompt.rfind(DOCUMENT_CLOSE)
    if start < 0 or end < start:
        return None
    return prompt[start + len(DOCUMENT_OPEN) : end].strip()
