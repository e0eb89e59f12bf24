"""A deterministic judge that needs no model: it checks the structured answer facts.

A number fact matches when a number stated in the candidate lies within
``max(abs_tol, rel_tol * |value|)`` of ``value`` (a reading of ``4.2 billion`` as
4.2e9 or as 4.2 both count, and a value whose ``unit`` has a scale word, e.g. 4.2 with
unit "billion USD", also matches 4,200 million). A label fact matches when its text or an
alias appears in the candidate, case-insensitively, on word boundaries. The score is
``round(10 * matched / total)`` rounded half up; an empty answer or an abstention
("Not found in the document.") scores 0.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from judge.base import JudgeItem, Judgement, score_concurrently
from judge.errors import JudgeInputError
from judge.numbers import SCALES, find_numbers
from judge.parse import UNSCORED

OFFLINE_JUDGE_NAME = "offline-answer-values-v1"
OFFLINE_PROMPT_VERSION = "answer-values-v1"
ABSTENTION = "not found in the document"

_FLOAT_SLACK = 1e-9  # so 4.2 * 1e9 == 4.2e9 despite binary floating point


def _where(index: int, fact: Mapping[str, Any]) -> str:
    return f"answer_values[{index}] ({fact.get('text', '?')!r})"


def _is_abstention(candidate: str) -> bool:
    normal = " ".join(candidate.lower().split()).strip(" \t\"'“”.!")
    return normal.startswith(ABSTENTION)


def _expected_values(index: int, fact: Mapping[str, Any]) -> tuple[list[float], float, float]:
    value = fact.get("value")
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise JudgeInputError(
            f"{_where(index, fact)} is a number without a finite 'value' (got {value!r}): "
            "give every number fact a numeric value"
        )
    tolerances = []
    for key in ("abs_tol", "rel_tol"):
        tol = fact.get(key) or 0.0
        if isinstance(tol, bool) or not isinstance(tol, (int, float)) or tol < 0:
            raise JudgeInputError(f"{_where(index, fact)} has {key}={tol!r}: use a number >= 0")
        tolerances.append(float(tol))
    expected = [float(value)]
    unit = fact.get("unit") or ""
    for word in re.findall(r"[a-z]+", str(unit).lower()):
        if len(word) > 1 and word in SCALES:
            expected.append(float(value) * SCALES[word])
            break
    return expected, tolerances[0], tolerances[1]


def _number_matches(index: int, fact: Mapping[str, Any], candidate: str) -> bool:
    expected, abs_tol, rel_tol = _expected_values(index, fact)
    readings = [r for found in find_numbers(candidate) for r in found.readings]
    for target in expected:
        tol = max(abs_tol, rel_tol * abs(target), _FLOAT_SLACK * max(1.0, abs(target)))
        if any(abs(r - target) <= tol for r in readings):
            return True
    return False


def _label_matches(index: int, fact: Mapping[str, Any], candidate: str) -> bool:
    names = [fact.get("text"), *(fact.get("aliases") or [])]
    names = [n for n in names if isinstance(n, str) and n.strip()]
    if not names:
        raise JudgeInputError(f"{_where(index, fact)} is a label with no text: give it 'text' or 'aliases'")
    for name in names:
        words = r"\s+".join(re.escape(w) for w in name.split())
        if re.search(rf"(?<!\w){words}(?!\w)", candidate, re.IGNORECASE):
            return True
    return False


def _fact_matches(index: int, fact: Any, candidate: str) -> bool:
    if not isinstance(fact, Mapping):
        got = type(fact).__name__
        raise JudgeInputError(f"answer_values[{index}] is a {got}, not a dict: pass plain dicts")
    kind = fact.get("kind")
    if kind == "number":
        return _number_matches(index, fact, candidate)
    if kind == "label":
        return _label_matches(index, fact, candidate)
    raise JudgeInputError(f"{_where(index, fact)} has kind {kind!r}: use 'number' or 'label'")


class OfflineJudge:
    """Scores a candidate against ``JudgeItem.answer_values``; deterministic and free."""

    name: str = OFFLINE_JUDGE_NAME
    prompt_version: str = OFFLINE_PROMPT_VERSION

    def _judgement(self, score: int, text: str, valid: bool = True) -> Judgement:
        return Judgement(
            score=score, judgement=text, judge=self.name, prompt_version=self.prompt_version, valid=valid
        )

    def score(self, item: JudgeItem) -> Judgement:
        facts: Sequence[Any] = item.answer_values
        if not facts:
            return self._judgement(
                UNSCORED,
                "unscored: the item has no answer_values to check; use an LLM judge (openai:<model>) for it",
                valid=False,
            )
        # Check the facts first so a malformed one is reported even for an empty answer.
        hits = [_fact_matches(i, fact, item.candidate) for i, fact in enumerate(facts)]
        if not item.candidate.strip():
            return self._judgement(0, "empty answer")
        if _is_abstention(item.candidate):
            return self._judgement(0, "the answer abstains ('Not found in the document.')")
        matched = [str(f.get("text")) for f, hit in zip(facts, hits, strict=True) if hit]
        missing = [str(f.get("text")) for f, hit in zip(facts, hits, strict=True) if not hit]
        score = math.floor(10 * len(matched) / len(facts) + 0.5)
        text = f"matched {len(matched)}/{len(facts)}"
        if matched:
            text += f": {', '.join(matched)}"
        if missing:
            text += f"; missing or wrong: {', '.join(missing)}"
        return self._judgement(score, text)

    def score_many(self, items: Sequence[JudgeItem], concurrency: int = 8) -> list[Judgement]:
        return score_concurrently(self.score, items, concurrency)

    def preflight(self) -> None:
        """Nothing to reach: always ready."""
