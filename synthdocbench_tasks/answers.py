"""What part of a model's reply is the answer."""

from __future__ import annotations

import re

_THINK = re.compile(r"<(think|thinking)>.*?</\1>", re.DOTALL | re.IGNORECASE)
_UNCLOSED_THINK = re.compile(r"^.*</(think|thinking)>", re.DOTALL | re.IGNORECASE)
_FINAL = re.compile(r"final answer\s*[:：]\s*", re.IGNORECASE)


def final_answer(reply: str) -> str:
    """Drop reasoning blocks (``<think>…</think>``) and keep what follows a last
    ``Final answer:`` marker if there is one (the chain-of-thought prompt asks for it)."""
    text = _THINK.sub("", reply or "")
    text = _UNCLOSED_THINK.sub("", text)  # a template that opened <think> in the prompt
    parts = _FINAL.split(text)
    return parts[-1].strip() if len(parts) > 1 else text.strip()
