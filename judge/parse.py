"""Reading a judge model's reply into a score, strictly.

The reply should be one JSON object ``{"score": <0-10>, "judgement": "..."}``. Models wrap
it in code fences, prefix it with reasoning or follow it with prose, and that is accepted;
what is not accepted is anything that leaves doubt about the verdict:

1. Reasoning blocks (``<think>...</think>``, ``<thinking>...</thinking>``, any case) are
   removed first, closed ones only: a reply whose reasoning block never closes is unscored
   (its "verdict" may be a thought). A closing tag as the reply's first tag ends a block
   that began at the start of the reply (servers that strip the opening tag); any other
   closing tag without an opening one leaves the reply unscored.
2. The rest must hold exactly one JSON object with a top-level ``score`` key. Two such
   objects (e.g. a judge quoting a candidate that carries ``{"score": 10}`` before its own
   verdict) are unscored: the parser never guesses which one is the verdict.
3. The score must be an integer 0..10 written in ASCII digits: a JSON integer, a JSON
   number equal to an integer (``7.0``), or a string of ASCII digits (``"7"``). ``7.5``,
   ``"1_0"``, Arabic-Indic or fullwidth digits, booleans, null, NaN are unscored, as is an
   object that repeats a key.

Unusable replies give score -1 ("unscored", excluded from aggregates), never "wrong", with
the reason. The parser never raises, and runs in time linear in the reply: one pass finds
the outermost closed ``{...}`` spans, which are disjoint, and only those that mention
``score`` are decoded, once each (a nesting too deep for the decoder is unscored).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

UNSCORED = -1
MIN_SCORE = 0
MAX_SCORE = 10

_THINK_TAG = re.compile(r"<\s*+(/?)\s*+think(?:ing)?\s*+>", re.IGNORECASE)
_JUDGEMENT_KEYS = ("judgement", "judgment", "reason", "reasoning", "justification", "explanation")
# A whole innermost object (no braces inside, strings allowed), a run of braces, or a quote.
_TOKEN = re.compile(r'\{(?:[^{}"\\]++|"(?:[^"\\]++|\\.)*+")*+\}|\{++|\}++|"', re.DOTALL)
_STRING_REST = re.compile(r'(?:[^"\\]++|\\.)*+"', re.DOTALL)
_SHORTEST_SCORED = len('{"score":0}')
_ASCII_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_ASCII_DIGITS_STRING = re.compile(r"[0-9]+(?:\.[0-9]+)?")


@dataclass(frozen=True)
class ParsedJudgement:
    """A parsed reply: ``valid`` is False (and ``score`` -1) when no usable score was found."""

    score: int
    judgement: str
    valid: bool


class _Literal(str):
    """A JSON number or constant kept as written, so the score's spelling can be checked."""

    __slots__ = ()


class _DuplicateKeyError(ValueError):
    pass


def _unscored(why: str) -> ParsedJudgement:
    return ParsedJudgement(score=UNSCORED, judgement=f"unscored: {why}", valid=False)


def _snippet(text: str) -> str:
    return " ".join(text[:400].split())[:80]


def strip_reasoning(text: str) -> str | None:
    """``text`` without closed reasoning blocks; None when a block is left open or a closing
    tag closes nothing (other than a block begun, tag stripped, at the start of the reply)."""
    cleaned, _ = _strip_reasoning(text)
    return cleaned


def _strip_reasoning(text: str) -> tuple[str | None, str]:
    """(the text without closed reasoning blocks, "") or (None, why)."""
    kept: list[str] = []
    position = 0  # start of the text not yet kept or dropped
    open_at = -1  # where the current block opened, -1 outside a block
    first = True
    for tag in _THINK_TAG.finditer(text):
        closing = tag.group(1) == "/"
        if open_at == -1 and not closing:
            kept.append(text[position : tag.start()])
            open_at = tag.start()
        elif closing and open_at == -1 and not first:
            return None, f"the judge reply has a stray closing tag {tag.group(0)!r}"
        elif closing:
            open_at = -1  # (first tag closing: the block began at the start of the reply)
            position = tag.end()
        # an opening tag inside a block is part of the block
        first = False
    if open_at != -1:
        return None, "the judge's reasoning block (<think>/<thinking>) is never closed"
    kept.append(text[position:])
    return "".join(kept), ""


def outer_object_spans(text: str) -> list[tuple[int, int]]:
    """The outermost closed ``{...}`` spans of ``text`` that could hold a score, in order.

    A scanner over tokens (a run of ``{``, a run of ``}``, a whole innermost object, a
    quote), each found by one regular-expression search in C: runs and innermost objects
    are consumed whole, strings are skipped with one match, and quotes count only inside a
    brace (so prose quotes around an object do not matter). A span inside a brace that
    never closes is outermost. Spans shorter than ``{"score":0}`` are left out.
    """
    runs: list[list[int]] = []  # [start, count] of the open braces, run by run
    height = 0
    pending: list[tuple[int, int, int]] = []  # (start, end, braces open around it)
    pos = 0
    search, string_rest = _TOKEN.search, _STRING_REST.match
    while True:
        token = search(text, pos)
        if token is None:
            break
        start, pos = token.span()
        first = text[start]
        if first == "{":
            if text[pos - 1] != "}":  # a run of opening braces
                runs.append([start, pos - start])
                height += pos - start
            elif pos - start >= _SHORTEST_SCORED:  # a whole innermost object: nothing inside it
                pending.append((start, pos, height))
            continue
        if first == '"':
            if height:
                rest = string_rest(text, pos)
                if rest is None:  # the string never closes: nothing after it can close
                    break
                pos = rest.end()
            continue
        # a run of closing braces: the last brace it closes opened the outermost span
        closing = min(pos - start, height)
        if not closing:
            continue
        height -= closing
        left = closing
        while True:
            run = runs[-1]
            if run[1] > left:
                run[1] -= left
                opener = run[0] + run[1]
                break
            left -= run[1]
            runs.pop()
            if not left:
                opener = run[0]
                break
        while pending and pending[-1][2] > height:  # spans inside this one
            pending.pop()
        if start + closing - opener >= _SHORTEST_SCORED:
            pending.append((opener, start + closing, height))
    return [(a, b) for a, b, _ in pending]


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _DuplicateKeyError(f"a JSON object repeats the key {key!r}")
        obj[key] = value
    return obj


def _decode(span: str) -> dict[str, Any] | str:
    """The decoded object, or why it is not one."""
    try:
        obj = json.loads(
            span, object_pairs_hook=_pairs, parse_int=_Literal, parse_float=_Literal, parse_constant=_Literal
        )
    except _DuplicateKeyError as exc:
        return str(exc)
    except RecursionError:
        return "an object with a 'score' is nested too deep to read"
    except ValueError:
        return "an object with a 'score' is not valid JSON"
    return obj if isinstance(obj, dict) else "not a JSON object"


def _as_score(raw: object) -> int | str:
    """The integer score, or a string saying why ``raw`` is not one."""
    if isinstance(raw, _Literal):
        literal = str(raw)
        if not _ASCII_NUMBER.fullmatch(literal):
            return f"score {literal} is not a number"
    elif isinstance(raw, str):
        literal = raw.strip()
        if not _ASCII_DIGITS_STRING.fullmatch(literal):
            return f"score {json.dumps(raw)} is not a number written in ASCII digits"
    else:
        return f"score {json.dumps(raw)[:40]} is not a number"
    try:
        value = Decimal(literal)
    except InvalidOperation:
        return f"score {literal} is not a number"
    if value != value.to_integral_value():
        return f"score {literal} is not an integer"
    if not MIN_SCORE <= value <= MAX_SCORE:
        return f"score {literal} is outside {MIN_SCORE}..{MAX_SCORE}"
    return int(value)


def _parse(text: str) -> ParsedJudgement:
    if not isinstance(text, str) or not text.strip():
        return _unscored("empty judge reply")
    cleaned, why = _strip_reasoning(text)
    if cleaned is None:
        return _unscored(why)
    scored: list[dict[str, Any]] = []
    problems: list[str] = []
    for start, end in outer_object_spans(cleaned):
        if cleaned.find("score", start, end) == -1 and cleaned.find("\\u", start, end) == -1:
            continue
        obj = _decode(cleaned[start:end])
        if isinstance(obj, str):
            problems.append(obj)
            continue
        if "score" in obj:
            scored.append(obj)
            if len(scored) > 1:
                break
    if len(scored) > 1:
        return _unscored(
            "judge reply has more than one JSON object with a 'score' (e.g. a quoted answer and a verdict)"
        )
    if not scored:
        why = f"; {problems[0]}" if problems else ""
        return _unscored(f"judge reply has no JSON object with a 'score' ({_snippet(text)!r}){why}")
    obj = scored[0]
    score = _as_score(obj["score"])
    if isinstance(score, str):
        return _unscored(score)
    judgement = next((obj[k] for k in _JUDGEMENT_KEYS if isinstance(obj.get(k), str)), "")
    return ParsedJudgement(score=score, judgement=" ".join(str(judgement).split()), valid=True)


def parse_judge_reply(text: str) -> ParsedJudgement:
    """Parse a judge reply; never raises. See the module docstring for what is accepted."""
    try:
        return _parse(text)
    except Exception as exc:  # a reply must never end a run
        return _unscored(f"judge reply could not be read ({type(exc).__name__})")
