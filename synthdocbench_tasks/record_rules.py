"""The rules of the per-answer record that need no model: the score scale, the failure kinds,
the one accuracy rule (:func:`passed`, :func:`accuracy`), judge names, and
:func:`plain_synthdoc`, which reads a record of plain JSON as the strict
:class:`~synthdocbench_tasks.records.SynthDocRecord` would without building it.

:mod:`~synthdocbench_tasks.records` holds the models and re-exports all of this; the report
and the viewer import it from here, so reading results needs no pydantic models (building
them is a fifth of a report's start-up). A test holds :data:`SYNTHDOC_FIELDS` and
:data:`SYNTHDOC` equal to the model's.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

#: The judge score at or above which an answer counts as correct (paper: tau = 6).
ACC_THRESHOLD = 6
#: The judge's score scale.
SCORE_MIN, SCORE_MAX = 0, 10
#: The score of an answer that could not be scored (left out of ACC and the mean score).
UNSCORED_SCORE = -1

Failure = Literal[
    "model_error",
    "judge_error",
    "judge_unparseable",
    "judge_input_error",
    "scoring_error",
    "not_judged",
]
#: Every failure kind, in the order reports list them.
FAILURES: tuple[str, ...] = get_args(Failure)
#: Failures that mean something broke (the model request, the judge or the scoring code):
#: the task's ``failed`` metric counts them.
FAILED_REASONS = frozenset({"model_error", "judge_error", "scoring_error"})
#: Failures ``synthdocbench eval`` and ``synthdocbench judge`` report with a non-zero exit.
RUN_ERRORS = FAILED_REASONS | {"judge_input_error"}

Status = Literal["valid", "unscored", "not_judged"]


def valid_score(value: Any) -> float | None:
    """``value`` as a score when it is a valid one (a number 0..10, not a bool), else None."""
    if isinstance(value, int | float) and not isinstance(value, bool) and SCORE_MIN <= value <= SCORE_MAX:
        return float(value)
    return None


def passed(score: float, threshold: float = ACC_THRESHOLD) -> bool:
    """Whether a valid ``score`` counts as a correct answer (at or above ``threshold``)."""
    return score >= threshold


def accuracy(scores: Iterable[float], threshold: float = ACC_THRESHOLD) -> float:
    """Share of the valid ``scores`` that :func:`passed`; NaN when there is none. (``passed``'s
    comparison, ``threshold <= score``, in a C loop: a report takes the accuracy of every run
    at five thresholds; a test holds the two equal.)"""
    values = scores if isinstance(scores, list | tuple) else list(scores)
    if not values:
        return math.nan
    return sum(map(float(threshold).__le__, values)) / len(values)


#: The one backend there was before records named the judge as ``backend:model``.
_BARE_BACKEND = "openai"
_UNNAMED_JUDGES = frozenset({"", "none", "unknown"})


def qualified_judge(name: str | None) -> str | None:
    """``backend:model`` for a judge name of any log: ``offline-claims-v2`` (a bare offline
    judge name) is ``offline:offline-claims-v2``, another bare name (``gpt-5``) was the one
    backend's (``openai:gpt-5``); a qualified name, a cascade, ``none`` and None stay."""
    if name is None or ":" in name or name in _UNNAMED_JUDGES:
        return name
    return f"offline:{name}" if name.startswith("offline-") else f"{_BARE_BACKEND}:{name}"


@dataclass(frozen=True)
class RecordKind:
    """What tells a kind of record apart in a samples line, as the record models name it
    (``Record.KIND``, ``MARKER``, ``TASKS``), without the model."""

    KIND: str
    MARKER: str
    TASKS: str


#: The ``synthdoc_*`` tasks' record (:class:`~synthdocbench_tasks.records.SynthDocRecord`).
SYNTHDOC = RecordKind(KIND="synthdoc", MARKER="question_id", TASKS="synthdoc_*")
#: The fields of :class:`~synthdocbench_tasks.records.SynthDocRecord`, in its order.
SYNTHDOC_FIELDS = (
    "question_id",
    "doc_id",
    "subset",
    "category",
    "difficulty",
    "position_bucket",
    "position",
    "chart_type",
    "question",
    "reference",
    "answer_values",
    "answer",
    "score",
    "judgement",
    "judge",
    "prompt_version",
    "valid",
    "failure",
    "certain",
    "page_acc",
    "iou",
    "predicted_regions",
)


#: Fields of the synthdoc record by kind, for :func:`plain_synthdoc`.
_TEXT_FIELDS = (
    "doc_id",
    "subset",
    "category",
    "difficulty",
    "position_bucket",
    "chart_type",
    "question",
    "reference",
    "answer",
    "judgement",
    "judge",
    "prompt_version",
)
_FLAG_FIELDS = ("valid", "certain")
_TEXT_TYPES = frozenset({str, type(None)})
_FLAG_TYPES = frozenset({bool, type(None)})
_UNIT_FIELDS = ("page_acc", "iou")


def _number(value: Any) -> bool:
    kind = type(value)
    return kind is float or kind is int


def plain_synthdoc(raw: Mapping[str, Any]) -> dict[str, Any] | None:
    """The fields :class:`SynthDocRecord` would hold for ``raw`` (every field, None where not
    given; extra keys left out), without building it, when ``raw`` holds each field in the
    exact JSON type the strict model takes as it stands and passes its checks
    (:func:`is_plain_synthdoc`); else None, and ``model_validate`` decides (it converts
    integer ids and raises the clear error). The report and the viewer read every record
    this way (a model per answer costs as much as parsing its line); a test holds the two
    equal."""
    if not is_plain_synthdoc(raw):
        return None
    get = raw.get
    fields = {name: get(name) for name in SYNTHDOC_FIELDS}
    fields["score"] = plain_number(fields["score"])
    fields["position"] = plain_number(fields["position"])
    fields["judge"] = qualified_judge(fields["judge"])
    for name in _UNIT_FIELDS:
        fields[name] = plain_number(fields[name])
    return fields


def plain_number(value: Any) -> float | None:
    """A number field of a plain record (:func:`is_plain_synthdoc`) as the model holds it."""
    return None if value is None else float(value)


def is_plain_synthdoc(raw: Mapping[str, Any]) -> bool:
    """Whether :func:`plain_synthdoc` reads ``raw`` without the model: each field in the exact
    JSON type the strict model takes as it stands, passing the model's checks."""
    get = raw.get
    question_id = get("question_id")
    if type(question_id) is not str or not question_id:
        return False
    if not _TEXT_TYPES.issuperset(map(type, map(get, _TEXT_FIELDS))):  # C loops: once per answer
        return False
    if not _FLAG_TYPES.issuperset(map(type, map(get, _FLAG_FIELDS))):
        return False
    score, position, failure = get("score"), get("position"), get("failure")
    if score is not None and not _number(score):
        return False
    if position is not None and not (_number(position) and math.isfinite(position)):
        return False
    if failure is not None and (type(failure) is not str or failure not in FAILURES):
        return False
    for name in _UNIT_FIELDS:
        value = get(name)
        if value is not None and not (_number(value) and 0 <= value <= 1):
            return False
    values, regions = get("answer_values"), get("predicted_regions")
    if values is not None and not (type(values) is list and all(type(v) is dict for v in values)):
        return False
    if regions is not None and type(regions) is not list:
        return False
    valid = valid_score(score)
    if score is not None and score != UNSCORED_SCORE and valid is None:
        return False
    expected = None if failure == "not_judged" else UNSCORED_SCORE
    if failure is not None and (score != expected or get("valid")):
        return False
    return get("valid") is None or get("valid") == (valid is not None)
