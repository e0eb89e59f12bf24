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
import warnings
from dataclasses import dataclass, field
from typing import Any

from .boxes import Box, boxes_from

_FENCE = re.compile(r"```(?:json|python|JSON)?\s*(.*?)```", re.DOTALL)
_THINK_OPEN = re.compile(r"<(think|thinking)>")
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
    if not text or text[0] not in "{[" or text[-1] not in "}]":
        return None  # only objects and lists are kept: no need to try the decoders
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    return value if isinstance(value, dict | list) else None


def balanced_spans(text: str) -> list[str]:
    """Outermost balanced {...} and [...] spans, in order; brackets inside strings are ignored.

    One pass with a stack of open brackets (linear in the text): quotes count only inside a
    bracket; a closing bracket that does not match empties the stack; brackets left open at
    the end just do not form spans (the balanced spans inside them still do)."""
    stack: list[tuple[str, int]] = []
    pairs: list[tuple[int, int]] = []
    quote: str | None = None
    j, n = 0, len(text)
    while j < n:
        ch = text[j]
        if quote:
            if ch == "\\":
                j += 1
            elif ch == quote:
                quote = None
        elif stack and (ch == '"' or (ch == "'" and text[j - 1] in "{[,: ")):
            quote = ch
        elif ch in _OPEN:
            stack.append((_OPEN[ch], j))
        elif ch in "}]" and stack:
            if ch == stack[-1][0]:
                pairs.append((stack.pop()[1], j))
            else:
                stack.clear()
        j += 1
    spans: list[str] = []
    reach = -1
    for start, end in sorted(pairs):
        if start > reach:
            spans.append(text[start : end + 1])
            reach = end
    return spans


def _drop_thinking(text: str) -> str:
    """Remove ``<think>...</think>`` / ``<thinking>...</thinking>`` blocks (any case), in one pass."""
    low = text.lower()
    out: list[str] = []
    pos = 0
    unclosed: set[str] = set()
    for m in _THINK_OPEN.finditer(low):
        tag = m.group(1)
        if m.start() < pos or tag in unclosed:
            continue
        end = low.find(f"</{tag}>", m.end())
        if end < 0:
            unclosed.add(tag)  # no later block of this tag can close either
            continue
        out.append(text[pos : m.start()])
        pos = end + len(tag) + 3
    out.append(text[pos:])
    return "".join(out)


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
    text = _drop_thinking(raw)
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
