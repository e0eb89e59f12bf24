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


# What lmms-eval 0.7.3's model wrappers put in place of a reply when the request failed
# (models/chat/openai.py, chat/async_openai.py, chat/gemini.py, simple/openai.py,
# simple/gemini.py, simple/generation_api.py and the world-model wrappers); matched at the
# start of the reply only, so an answer that merely mentions one of them is still an answer.
_FAILURE_MARKERS = re.compile(
    r"""\A\s*(?:
        \[LMMS_EVAL_REQUEST_FAILED[^\]]*\]     # every API wrapper, after its retries
      | \[LMMS_EVAL_BUDGET_EXCEEDED\]          # the run's token budget was spent
      | \[GENERATION_FAILED\]                  # generation_api and world-model wrappers
      | \[ERROR\]\x20                          # the same wrappers, before generating
      | \[SAFETY_BLOCKED:                      # gemini: the API withheld the reply
      | Error:\x20can\x20only\x20concatenate\x20str\x20\(not\x20"NoneType"\)  # async_openai: no content
    )""",
    re.VERBOSE,
)


def model_failure(reply: str | None) -> str | None:
    """Why ``reply`` is not an answer (a failed model request), or None when it is one.

    lmms-eval's API models turn a request that failed for good into a marker text, and
    several wrappers (claude, gpt4v, openai on an unbuildable payload) into an empty reply;
    an empty reply is therefore taken as a failure, never as a wrong answer.
    """
    if reply is None or not reply.strip():
        return "the model returned an empty reply (lmms-eval returns one when a request fails); rerun it"
    if _FAILURE_MARKERS.match(reply):
        first = " ".join(reply.split())
        first = first if len(first) <= 200 else first[:197] + "..."
        return f"the model request failed: {first}; rerun it when the model endpoint works"
    return None
