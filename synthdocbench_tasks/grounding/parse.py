"""Read a model's grounded answer out of free text; never raises.

Looked for in order: a fenced ```json block, then every balanced ``{...}`` / ``[...]`` span
in the text. Each candidate is decoded as JSON, then as a Python literal (single quotes,
``None``, tuples). The first candidate that decodes to an object (or, failing that, to a
list) wins. With none, the whole text is the answer and there are no boxes.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from typing import Any

from .boxes import Box, boxes_from

_FENCE = re.compile(r"```(?:json|python|JSON)?\s*(.*?)```", re.DOTALL)
_THINK = re.compile(r"<(think|thinking)>.*?</\1>", re.DOTALL | re.IGNORECASE)
_OPEN = {"{": "}", "[": "]"}


@dataclass(frozen=True)
class ParsedReply:
    """What a reply says. ``value`` is the decoded JSON (or None); ``answer`` its answer
    (a string, a list, or rows of cells, as given), ``boxes`` the answer's boxes read
    leniently, ``evidence`` the supporting evidence as ``{"text", "bbox"}`` dicts."""

    raw: str
    value: Any = None
    answer: Any = ""
    boxes: list[Box] = field(default_factory=list)
    evidence: list[dict[str, Any]] = field(default_factory=list)
    #: every decoded JSON value found, in order (scorers pick the one of their task's shape)
    candidates: tuple[Any, ...] = ()

    @property
    def structured(self) -> bool:
        return self.value is not None

    def answer_text(self) -> str:
        return answer_to_text(self.answer)


def answer_to_text(answer: Any) -> str:
    """A scalar answer as text; a list of items joined with ', '."""
    if answer is None:
        return ""
    if isinstance(answer, dict):
        return answer_to_text(answer.get("answer", answer.get("text", "")))
    if isinstance(answer, list | tuple):
        return ", ".join(answer_to_text(a) for a in answer)
    return str(answer).strip()


def _decode(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    return value if isinstance(value, dict | list) else None


def _span_end(text: str, start: int) -> int | None:
    """Index of the bracket closing the one at ``start``, or None when unbalanced."""
    stack: list[str] = []
    quote: str | None = None
    j = start
    while j < len(text):
        ch = text[j]
        if quote:
            if ch == "\\":
                j += 1
            elif ch == quote:
                quote = None
        elif ch == '"' or (ch == "'" and text[j - 1] in "{[,: "):
            quote = ch
        elif ch in _OPEN:
            stack.append(_OPEN[ch])
        elif ch in "}]":
            if ch != stack[-1]:
                return None
            stack.pop()
            if not stack:
                return j
        j += 1
    return None


def balanced_spans(text: str) -> list[str]:
    """Outermost balanced {...} and [...] spans, in order; brackets inside strings are ignored."""
    spans: list[str] = []
    i = 0
    while i < len(text):
        end = _span_end(text, i) if text[i] in _OPEN else None
        if end is None:
            i += 1
        else:
            spans.append(text[i : end + 1])
            i = end + 1
    return spans


def _candidates(text: str) -> list[Any]:
    values = []
    for block in _FENCE.findall(text):
        value = _decode(block.strip())
        if value is not None:
            values.append(value)
    if not values:
        values = [v for v in (_decode(s) for s in balanced_spans(text)) if v is not None]
    return values


def evidence_items(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        return []
    out = []
    for e in value:
        if isinstance(e, dict):
            out.append({"text": answer_to_text(e.get("text", e.get("answer", ""))), "bbox": e.get("bbox")})
        elif isinstance(e, str):
            out.append({"text": e, "bbox": None})
    return out


def parse_reply(reply: str) -> ParsedReply:
    """Parse one reply (see the module docstring). Reasoning blocks are dropped first."""
    raw = reply if isinstance(reply, str) else str(reply or "")
    text = _THINK.sub("", raw)
    candidates = _candidates(text)
    chosen: Any = next((c for c in candidates if isinstance(c, dict) and c), None)
    if chosen is None:
        chosen = next((c for c in candidates if isinstance(c, list) and c), None)
    found = tuple(candidates)
    if chosen is None:
        return ParsedReply(raw=raw, answer=text.strip(), candidates=found)
    if isinstance(chosen, list):  # items or rows of items, each possibly {"answer", "bbox"}
        return ParsedReply(raw=raw, value=chosen, answer=chosen, boxes=boxes_from(chosen), candidates=found)
    return ParsedReply(
        raw=raw,
        value=chosen,
        answer=chosen.get("answer", chosen.get("final_answer", "")),
        boxes=boxes_from(chosen.get("bbox")),
        evidence=evidence_items(chosen.get("supporting_evidence", chosen.get("evidence", []))),
        candidates=found,
    )
