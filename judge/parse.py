"""Reading a judge model's reply into a score.

The reply should be one JSON object ``{"score": <0-10>, "judgement": "..."}``, but models
wrap it in code fences, prefix it with reasoning or follow it with prose. The parser takes
the first balanced JSON object in the text that has a ``score`` key. Scores must be
integers 0..10; an integral float (``7.0``) or a numeric string (``"7"``) is accepted, a
fractional score (``7.5``) is rejected rather than rounded, because the rubric asks for an
integer and rounding would guess at the judge's intent. Anything unusable gives score -1
("unscored", excluded from aggregates), never "wrong", and the parser never raises.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass

UNSCORED = -1
MIN_SCORE = 0
MAX_SCORE = 10

_THINK_BLOCK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_JUDGEMENT_KEYS = ("judgement", "judgment", "reason", "reasoning", "justification", "explanation")
_DECODER = json.JSONDecoder()


@dataclass(frozen=True)
class ParsedJudgement:
    """A parsed reply: ``valid`` is False (and ``score`` -1) when no usable score was found."""

    score: int
    judgement: str
    valid: bool


def _unscored(why: str) -> ParsedJudgement:
    return ParsedJudgement(score=UNSCORED, judgement=f"unscored: {why}", valid=False)


def _first_scored_object(text: str) -> dict[str, object] | None:
    """The first JSON object in ``text`` (at any ``{``) that decodes and has a ``score`` key."""
    start = text.find("{")
    while start != -1:
        try:
            obj, _ = _DECODER.raw_decode(text, start)
        except ValueError:
            obj = None
        if isinstance(obj, dict) and "score" in obj:
            return obj
        start = text.find("{", start + 1)
    return None


def _as_score(raw: object) -> int | str:
    """The integer score, or a string saying why ``raw`` is not one."""
    value: float
    if isinstance(raw, bool) or raw is None:
        return f"score {json.dumps(raw)} is not a number"
    if isinstance(raw, (int, float)):
        value = raw
    elif isinstance(raw, str):
        try:
            value = float(raw.strip())
        except ValueError:
            return f"score {json.dumps(raw)} is not a number"
    else:
        return f"score {json.dumps(raw)} is not a number"
    if not math.isfinite(value):
        return f"score {raw!r} is not a finite number"
    if value != int(value):
        return f"score {raw!r} is not an integer"
    if not MIN_SCORE <= value <= MAX_SCORE:
        return f"score {int(value)} is outside {MIN_SCORE}..{MAX_SCORE}"
    return int(value)


def parse_judge_reply(text: str) -> ParsedJudgement:
    """Parse a judge reply; never raises. See the module docstring for what is accepted."""
    if not isinstance(text, str) or not text.strip():
        return _unscored("empty judge reply")
    cleaned = _THINK_BLOCK.sub(" ", text)
    obj = _first_scored_object(cleaned)
    if obj is None:
        snippet = " ".join(text.split())[:80]
        return _unscored(f"judge reply has no JSON object with a 'score' ({snippet!r})")
    score = _as_score(obj["score"])
    if isinstance(score, str):
        return _unscored(score)
    judgement = next((obj[k] for k in _JUDGEMENT_KEYS if isinstance(obj.get(k), str)), "")
    return ParsedJudgement(score=score, judgement=" ".join(str(judgement).split()), valid=True)
