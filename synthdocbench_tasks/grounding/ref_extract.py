"""What MMDocBench's published evaluation reads out of a reply (``reference`` mode only).

Behaviour reproduced from the reference's prediction extractor (written anew here):

1. *Refusals*: a reply containing one of :data:`NO_ANSWER` (lower-cased reply; the one
   capitalised phrase therefore never matches) is an empty prediction; for forgery
   detection the phrases are :data:`NO_FORGERY` (``"there are no"`` anywhere is enough).
2. *JSON*: ``"bbox": [empty]`` is read as ``[]``; the first fenced ```` ```json {...}``` ````
   block that decodes is the only candidate, else every outermost bracket span the
   reference's recursive pattern finds (:func:`json_spans`). The first candidate that decodes
   (strict JSON) and has the task's shape wins: a non-empty object (reasoning: with
   ``answer``, ``bbox`` and a list ``supporting_evidence``, non-object evidence dropped), a
   list whose first item is an object (lists), a list whose first item is a non-empty list
   starting with an object (tables). Text2Bbox: ``first_occurrence`` or an ``answer`` without
   ``bbox`` becomes the box.
3. *Regex fallbacks* when nothing of that shape decodes: Text2Bbox ``answer": [4 numbers]``;
   single answers and lists ``is "X" ... [4 numbers]``, ``is "X" ... (4 numbers)``,
   ``answer": "X", "bbox": [...]``, then ``answer": "X"`` alone, else the whole reply;
   reasoning ``answer": "X", "bbox": [...]`` plus every ``text": "...", "bbox": [...]`` (or the
   rest of the reply as one evidence text); tables: rows ``[ ... answer": "X", "bbox": [...] ... ]``
   (decoded, else their cells read by regex), then the cells after the last row as one more
   row, all rows padded to the longest.

The reference finds bracket spans with a recursive regular expression that is exponential
on unclosed brackets; :func:`json_spans` computes the same spans in linear time.
"""

from __future__ import annotations

import ast
import json
import re
import warnings
from bisect import bisect_left
from typing import Any, Literal

Default = Literal["dict", "1d_array", "2d_array"]

NO_ANSWER = (
    "not possible to answer",
    "cannot provide an answer",
    "there are no supporting evidences to provide",
    "I cannot answer the question",
    "the task cannot be completed",
)
NO_FORGERY = ("would conclude that there are no forged texts", "no forged texts", "there are no")

REASONING_TASKS = (
    "Arithmetic Reasoning", "Logical Reasoning", "Spatial Reasoning", "Comparison", "Sorting", "Counting",
)  # fmt: skip

_N = r"(?:\d+|[0-1]\.\d+)"
_BOX4 = rf"\[{_N}(?:,\s*{_N}){{3}}\]"
_BOX_OR_EMPTY = rf"\[(?:{_N}(?:,\s*{_N}){{3}})?\]"
_TEXT2BBOX = re.compile(rf'answer":\s*({_BOX4})')
_IS_QUOTED = re.compile(r'is\s*"([^"]+)"')
_SQUARE_BOX = re.compile(_BOX4)
_PAREN_BOX = re.compile(r"\((\d+(?:,\s*\d+){3})\)")
_ANSWER_ONLY = re.compile(r'answer":\s*"([^"]+)')
_ANSWER_BOX = re.compile(rf'answer":\s*"([^"]+)",?\s*"bbox":\s*({_BOX_OR_EMPTY})')
_EVIDENCE = re.compile(rf'text":\s*"([^"]*)",?\s*"bbox":\s*({_BOX_OR_EMPTY})')
_CELL = re.compile(rf'answer":\s*"([^"]*)",?\s*"bbox":\s*({_BOX_OR_EMPTY})')
_CELL_HEAD = re.compile(r'answer":\s*"[^"]*",?\s*"bbox":\s*\Z')
_BOX_OR_EMPTY_RE = re.compile(_BOX_OR_EMPTY)
_EMPTY_BOX = re.compile(r'"bbox":\s*\[empty\]')
_FENCE_OPEN = re.compile(r"```json\s*\{")
_FENCE_CLOSE = re.compile(r"\}(?=\s*```)")
_NUMBERS = re.compile(r"[\d.]+")


def is_reasoning_task(task: str) -> bool:
    return task in REASONING_TASKS


def is_refusal(reply: str, task: str) -> bool:
    phrases = NO_FORGERY if "Forgery" in task else NO_ANSWER
    low = reply.lower()
    return any(p in low for p in phrases)


def json_spans(text: str) -> list[str]:
    """The non-overlapping spans, left to right, that the reference's pattern
    ``{ (recursion | non-braces)* }`` / ``[ (recursion | non-brackets)* ]`` (possessive)
    matches. Inside braces any non-brace character is plain text (brackets need not
    balance); inside brackets only characters other than ``[]{}`` are plain text. Computed
    right to left with each start position's end remembered: linear time, no recursion."""
    n = len(text)
    end: dict[int, int] = {}  # start of a bracket -> index after its matched span
    for p in range(n - 1, -1, -1):
        ch = text[p]
        if ch not in "{[":
            continue
        stop, close = ("{}", "}") if ch == "{" else ("[]{}", "]")
        q = p + 1
        while True:
            nested = end.get(q)
            if nested is not None:  # the recursion is tried first at each step
                q = nested
                continue
            r = q
            while r < n and text[r] not in stop:  # else the longest run of plain text
                r += 1
            if r == q:
                break
            q = r
        if q < n and text[q] == close:
            end[p] = q + 1
    spans = []
    p = 0
    while p < n:
        stop_at = end.get(p)
        if stop_at is None:
            p += 1
        else:
            spans.append(text[p:stop_at])
            p = stop_at
    return spans


def fenced_json(text: str) -> str | None:
    """The ``{...}`` of the first ```` ```json ```` block the reference's lazy pattern
    matches: from the first opening whose brace is followed by a closing ``}`` + fence."""
    closes = [m.start() for m in _FENCE_CLOSE.finditer(text)]
    if not closes:
        return None
    i = 0
    for m in _FENCE_OPEN.finditer(text):
        brace = m.end() - 1
        while i < len(closes) and closes[i] <= brace:
            i += 1
        if i < len(closes):
            return text[brace : closes[i] + 1]
    return None


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return _FAILED


_FAILED = object()


def string_to_bbox(text: str) -> list[Any]:
    """A regex-found box: the literal if it reads as one, else its four numbers (floats)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "invalid decimal literal" and the like
            value = ast.literal_eval(text)
        return list(value) if isinstance(value, list | tuple) else []
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        numbers = _NUMBERS.findall(text)
        if len(numbers) == 4:
            try:
                return [float(v) for v in numbers]
            except ValueError:
                return []
        return []


def _valid(value: Any, default: Default, task: str) -> bool:
    if default == "1d_array":
        return isinstance(value, list) and len(value) > 0 and isinstance(value[0], dict)
    if default == "2d_array":
        return (
            isinstance(value, list)
            and len(value) > 0
            and isinstance(value[0], list)
            and len(value[0]) > 0
            and isinstance(value[0][0], dict)
        )
    if not (isinstance(value, dict) and value):
        return False
    if is_reasoning_task(task):
        return {"answer", "bbox", "supporting_evidence"} <= value.keys() and isinstance(
            value["supporting_evidence"], list
        )
    return True


def _from_json(reply: str, task: str, default: Default, sub_task: str) -> Any:
    text = _EMPTY_BOX.sub('"bbox": []', reply)
    candidates: list[str] = []
    block = fenced_json(text)
    if block is not None and _loads(block) is not _FAILED:
        candidates = [block]
    if not candidates:
        candidates = json_spans(text)
    for candidate in candidates:
        value = _loads(candidate)
        if value is _FAILED or not _valid(value, default, task):
            continue
        if "Text2Bbox" in sub_task and isinstance(value, dict):
            if "first_occurrence" in value:
                value["bbox"] = value.pop("first_occurrence")
                value["answer"] = ""
            elif "answer" in value and "bbox" not in value:
                value["bbox"] = value.pop("answer")
                value["answer"] = ""
        elif is_reasoning_task(task) and isinstance(value, dict):
            value["supporting_evidence"] = [e for e in value["supporting_evidence"] if isinstance(e, dict)]
        return value
    return [] if default != "dict" else {}


def _quoted_then_square(reply: str) -> list[tuple[str, str]]:
    """``is "X"``, then text without ``[``, then ``[4 numbers]``: the reference's first
    pattern (``is\\s*"([^"]+)"[^[]+(\\[...\\])``), found in linear time."""
    brackets = [i for i, ch in enumerate(reply) if ch == "["]
    out: list[tuple[str, str]] = []
    pos = 0
    while m := _IS_QUOTED.search(reply, pos):
        k = bisect_left(brackets, m.end())
        box = None
        if k < len(brackets) and brackets[k] > m.end():  # at least one character before "["
            box = _SQUARE_BOX.match(reply, brackets[k])
        if box:
            out.append((m.group(1), box.group()))
            pos = box.end()
        else:
            pos = m.start() + 1
    return out


def _quoted_then_paren(reply: str) -> list[tuple[str, str]]:
    """``is "X"``, then at least one character on the same line, then ``(4 numbers)``: the
    reference's second pattern (``is\\s*"([^"]+)".+?\\((...)\\)``), found in linear time."""
    boxes = list(_PAREN_BOX.finditer(reply))
    starts = [b.start() for b in boxes]
    newlines = [i for i, ch in enumerate(reply) if ch == "\n"]
    out: list[tuple[str, str]] = []
    pos = 0
    while m := _IS_QUOTED.search(reply, pos):
        k = bisect_left(starts, m.end() + 1)
        if k < len(starts):
            nl = bisect_left(newlines, m.end())
            if nl == len(newlines) or newlines[nl] >= starts[k]:
                out.append((m.group(1), boxes[k].group(1)))
                pos = boxes[k].end()
                continue
        pos = m.start() + 1
    return out


def row_spans(reply: str) -> list[tuple[int, int]]:
    """The matches of the reference's row pattern ``[`` (cell)+ ``...]`` (a cell: text
    without ``[`` ending in ``answer": "X", "bbox": `` then a box), left to right, in linear
    time: the chain of cells from each position is followed once and remembered; the row
    takes as many cells as still leave a ``]`` before any other bracket."""
    n = len(reply)
    next_open = [n] * (n + 1)  # first "[" at or after i
    next_bracket = [n] * (n + 1)  # first "[" or "]" at or after i
    for i in range(n - 1, -1, -1):
        next_open[i] = i if reply[i] == "[" else next_open[i + 1]
        next_bracket[i] = i if reply[i] in "[]" else next_bracket[i + 1]

    def cell_end(q: int) -> int | None:
        b = next_open[q]
        if b >= n or not _CELL_HEAD.search(reply, q, b):
            return None
        box = _BOX_OR_EMPTY_RE.match(reply, b)
        return box.end() if box else None

    def tail(e: int) -> int | None:
        k = next_bracket[e]
        return k + 1 if k < n and reply[k] == "]" else None

    best: dict[int, int | None] = {}  # after a cell ending at e: the row's end, or None

    def row_end(q: int) -> int | None:
        chain = []
        e = cell_end(q)
        while e is not None and e not in best:
            chain.append(e)
            e = cell_end(e)
        result = best.get(e) if e is not None else None
        for e in reversed(chain):
            result = result if result is not None else tail(e)
            best[e] = result
        return result

    out = []
    p = 0
    while (p := next_open[p]) < n:
        end = row_end(p + 1)
        if end is None:
            p += 1
        else:
            out.append((p, end))
            p = end
    return out


def _dedup(items: list[Any]) -> list[Any]:
    return list(dict.fromkeys(items))


def _from_text(reply: str, task: str, default: Default, sub_task: str) -> Any:
    if "Text2Bbox" in sub_task:
        m = _TEXT2BBOX.search(reply)
        return {"answer": "", "bbox": string_to_bbox(m.group(1))} if m else None
    if not is_reasoning_task(task) and default != "2d_array":
        for found in (_quoted_then_square(reply), _quoted_then_paren(reply), _ANSWER_BOX.findall(reply)):
            if found:
                items = [{"answer": a, "bbox": string_to_bbox(b)} for a, b in _dedup(found)]
                return items[0] if default == "dict" else items
        answers = _ANSWER_ONLY.findall(reply)
        if answers:
            items = [{"answer": a, "bbox": []} for a in _dedup(answers)]
            return items[0] if default == "dict" else items
        return {"answer": reply, "bbox": []} if default == "dict" else [{"answer": reply, "bbox": []}]
    if is_reasoning_task(task):
        m = _ANSWER_BOX.search(reply)
        if not m:
            return {"answer": reply, "bbox": [], "supporting_evidence": []}
        evidence = _dedup(_EVIDENCE.findall(reply))
        return {
            "answer": m.group(1),
            "bbox": string_to_bbox(m.group(2)),
            "supporting_evidence": (
                [{"text": t, "bbox": string_to_bbox(b)} for t, b in evidence]
                if evidence
                else [{"text": reply[m.end() :], "bbox": []}]
            ),
        }
    rows: list[Any] = []
    pointer = 0
    for start, stop in row_spans(reply):
        text = reply[start:stop]
        value = _loads(text)
        if value is _FAILED:
            value = [{"answer": a, "bbox": string_to_bbox(b)} for a, b in _CELL.findall(text)]
        rows.append(value)
        pointer = stop
    if not pointer:
        return None
    rest = _dedup(_CELL.findall(reply[pointer:]))
    if rest:
        rows.append([{"answer": a, "bbox": string_to_bbox(b)} for a, b in rest])
    width = max(_length(row) for row in rows)
    return [_pad(row, width) for row in rows]


def _length(row: Any) -> int:
    try:
        return len(row)
    except TypeError:
        return 0


def _pad(row: Any, width: int) -> Any:
    if not isinstance(row, list):
        return row  # the reference would fail here; the row is kept as decoded
    return row + [{"answer": "", "bbox": []}] * (width - len(row))


def extract(reply: str, task: str, default: Default = "dict", sub_task: str = "") -> Any:
    """The reference's prediction for one reply: a dict (single, reasoning), a list of item
    dicts, or rows of cell dicts; empty when nothing usable was found. Never raises."""
    reply = reply if isinstance(reply, str) else str(reply)
    if is_refusal(reply, task):
        return [] if default != "dict" else {}
    value = _from_json(reply, task, default, sub_task)
    if not value:
        value = _from_text(reply, task, default, sub_task)
    if not value:
        return [] if default != "dict" else {}
    return value
