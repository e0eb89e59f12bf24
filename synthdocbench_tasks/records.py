"""The per-answer record of the samples log, typed, and the one accuracy rule.

``process_results`` returns one record per answer under every metric key of its task, and
lmms-eval writes it into ``*_samples_<task>.jsonl``. Two kinds exist:

* :class:`SynthDocRecord` (the ``synthdoc_*`` tasks): the question's strata, the stored
  judge inputs, the answer and the judge fields. ``score`` is 0..10 when the answer was
  scored, -1 when it could not be (``failure`` says why), None when it was not judged
  (``SYNTHDOC_JUDGE=none``); ``valid`` is True exactly for a 0..10 score. Records of logs
  written before ``failure`` existed have no ``failure``: a -1 there is ``unscored``.
  The grounded tasks add ``page_acc``, ``iou`` and ``predicted_regions``. ``judge`` names
  the judge as ``backend:model`` (``openai:gpt-5``, ``offline:offline-claims-v6``); logs
  written before that hold the bare name, read as :func:`qualified_judge` gives it.
  ``certain`` is the judge's confidence in its reading (None in older logs).
* :class:`MMDocRecord` (the ``mmdocbench_*`` tasks): the row's taxonomy and the EM, F1 and
  IoU values in both modes, each 0..1 or None.

Accuracy (paper Eq. 1) is the share of valid scores at or above :data:`ACC_THRESHOLD`:
:func:`passed` is the one comparison and :func:`accuracy` the one mean, used by the task's
aggregation, ``synthdocbench judge``, the report and the viewer.

:func:`logged` is the writer: ``process_results`` hands lmms-eval a record only through it,
so what is logged is what :mod:`~synthdocbench_tasks.samples_log` reads back (the same model,
no key the model does not name). This module reads and writes no file.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, ClassVar, Literal, TypeVar, get_args

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    ValidationError,
    field_validator,
    model_validator,
)

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
    """Share of the valid ``scores`` that :func:`passed`; NaN when there is none."""
    hits = [passed(s, threshold) for s in scores]
    return float(sum(hits) / len(hits)) if hits else math.nan


def _id_text(value: Any) -> Any:
    """An integer id (hand-made and older logs write some) as its text; anything else as given."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


#: A question or document id: text, or an integer read as its text.
Identifier = Annotated[str, BeforeValidator(_id_text)]


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


def _integral(value: float) -> float | int:
    return int(value) if value.is_integer() else value


#: A judge score, logged as the integer the judge gave (``7``, not ``7.0``).
Score = Annotated[float, PlainSerializer(_integral)]


class Record(BaseModel):
    """A record as lmms-eval logged it: strict types, extra keys kept as they are."""

    model_config = ConfigDict(strict=True, extra="allow", frozen=True)

    #: What this kind is called in messages, and the key that tells its records apart.
    KIND: ClassVar[str] = ""
    MARKER: ClassVar[str] = ""
    TASKS: ClassVar[str] = ""

    @classmethod
    def holds(cls, value: Any) -> bool:
        """Whether a metric value of a samples line is a record of this kind."""
        return isinstance(value, dict) and cls.MARKER in value


class SynthDocRecord(Record):
    """The per-answer record of the ``synthdoc_*`` tasks (see the module docstring)."""

    KIND: ClassVar[str] = "synthdoc"
    MARKER: ClassVar[str] = "question_id"
    TASKS: ClassVar[str] = "synthdoc_*"

    question_id: Identifier = Field(min_length=1)
    doc_id: Identifier | None = None
    subset: str | None = None
    category: str | None = None
    difficulty: str | None = None
    position_bucket: str | None = None
    position: float | None = Field(default=None, allow_inf_nan=False)
    chart_type: str | None = None
    question: str | None = None
    reference: str | None = None
    answer_values: list[dict[str, Any]] | None = None
    answer: str | None = None
    score: Score | None = None
    judgement: str | None = None
    judge: str | None = None
    prompt_version: str | None = None
    valid: bool | None = None
    failure: Failure | None = None
    #: False when the judge could not read the answer confidently (None: not said, old logs).
    certain: bool | None = None
    # the grounded tasks
    page_acc: float | None = None
    iou: float | None = None
    predicted_regions: list[Any] | None = None  # items as the reply gave them (checked where drawn)

    @field_validator("judge")
    @classmethod
    def _qualified(cls, value: str | None) -> str | None:
        return qualified_judge(value)

    @model_validator(mode="after")
    def _consistent(self) -> SynthDocRecord:
        score = self.score
        if score is not None and score != UNSCORED_SCORE and valid_score(score) is None:
            raise ValueError(
                f"score {score:g} is out of range: a score is {SCORE_MIN}..{SCORE_MAX}, "
                f"{UNSCORED_SCORE} when unscored, null when not judged"
            )
        if self.failure is not None:
            expected = None if self.failure == "not_judged" else UNSCORED_SCORE
            if score != expected or self.valid:
                raise ValueError(
                    f"failure {self.failure} goes with score {'null' if expected is None else expected} "
                    f"and valid false, not score {_show(score)} and valid {_show(self.valid)}"
                )
        if self.valid is not None and self.valid != (valid_score(score) is not None):
            raise ValueError(f"valid {_show(self.valid)} contradicts score {_show(score)}")
        for name in ("page_acc", "iou"):
            value = getattr(self, name)
            if value is not None and not 0 <= value <= 1:
                raise ValueError(f"{name} {value!r} is out of range 0..1")
        return self

    @property
    def status(self) -> Status:
        """``valid`` (a 0..10 score), ``not_judged`` (no score) or ``unscored`` (-1)."""
        if self.score is None:
            return "not_judged"
        return "valid" if valid_score(self.score) is not None else "unscored"

    @property
    def grounded(self) -> bool:
        """Whether a grounded task wrote the record (its reply carries answer and evidence)."""
        return "iou" in self.model_fields_set

    @property
    def reason(self) -> str | None:
        """Why the answer has no valid score (``unscored`` for a -1 of an older log), or None."""
        status = self.status
        if status == "valid":
            return None
        return self.failure or status


#: Fields of :class:`SynthDocRecord` by kind, for :func:`plain_synthdoc`.
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
_UNIT_FIELDS = ("page_acc", "iou")


def _number(value: Any) -> bool:
    kind = type(value)
    return kind is float or kind is int


def plain_synthdoc(raw: Mapping[str, Any]) -> dict[str, Any] | None:
    """The fields :class:`SynthDocRecord` would hold for ``raw`` (every field, None where not
    given; extra keys left out), without building it, when ``raw`` holds each field in the
    exact JSON type the strict model takes as it stands and passes its checks; else None, and
    ``model_validate`` decides (it converts integer ids and raises the clear error). The
    report and the viewer read every record through this (a model per answer costs as much
    as parsing its line); a test holds the two equal."""
    get = raw.get
    question_id = get("question_id")
    if type(question_id) is not str or not question_id:
        return None
    for name in _TEXT_FIELDS:
        value = get(name)
        if value is not None and type(value) is not str:
            return None
    for name in _FLAG_FIELDS:
        value = get(name)
        if value is not None and type(value) is not bool:
            return None
    score, position, failure = get("score"), get("position"), get("failure")
    if score is not None and not _number(score):
        return None
    if position is not None and not (_number(position) and math.isfinite(position)):
        return None
    if failure is not None and (type(failure) is not str or failure not in FAILURES):
        return None
    for name in _UNIT_FIELDS:
        value = get(name)
        if value is not None and not (_number(value) and 0 <= value <= 1):
            return None
    values, regions = get("answer_values"), get("predicted_regions")
    if values is not None and not (type(values) is list and all(type(v) is dict for v in values)):
        return None
    if regions is not None and type(regions) is not list:
        return None
    valid = valid_score(score)
    if score is not None and score != UNSCORED_SCORE and valid is None:
        return None
    expected = None if failure == "not_judged" else UNSCORED_SCORE
    if failure is not None and (score != expected or get("valid")):
        return None
    if get("valid") is not None and get("valid") != (valid is not None):
        return None
    fields = {name: get(name) for name in SynthDocRecord.model_fields}
    fields["score"] = None if score is None else float(score)
    fields["position"] = None if position is None else float(position)
    fields["judge"] = qualified_judge(fields["judge"])
    for name in _UNIT_FIELDS:
        unit = fields[name]
        if unit is not None:
            fields[name] = float(unit)
    return fields


#: MMDocBench's metric keys: paper definitions and, with ``_ref``, the published computation.
MMDOC_METRICS: tuple[str, ...] = tuple(
    f"{m}{mode}" for mode in ("", "_ref") for m in ("em", "f1", "iou", "iou20", "iou50", "iou70")
)


class MMDocRecord(Record):
    """The per-answer record of the ``mmdocbench_*`` tasks: taxonomy and metric values."""

    KIND: ClassVar[str] = "MMDocBench"
    MARKER: ClassVar[str] = "sub_task"
    TASKS: ClassVar[str] = "mmdocbench_*"

    index: str
    capability: str
    task: str
    sub_task: str
    answer: str | None = None
    em: float | None = None
    f1: float | None = None
    iou: float | None = None
    iou20: float | None = None
    iou50: float | None = None
    iou70: float | None = None
    em_ref: float | None = None
    f1_ref: float | None = None
    iou_ref: float | None = None
    iou20_ref: float | None = None
    iou50_ref: float | None = None
    iou70_ref: float | None = None

    @model_validator(mode="after")
    def _in_range(self) -> MMDocRecord:
        for name in MMDOC_METRICS:
            value = getattr(self, name)
            if value is not None and not 0 <= value <= 1:
                raise ValueError(f"{name} {value!r} is out of range 0..1")
        return self


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return f"{value:g}" if isinstance(value, float) else repr(value)


R = TypeVar("R", bound=Record)


def problems(exc: ValidationError) -> str:
    """A model's validation errors on one line: ``field: what is wrong (got value)``."""
    parts = []
    for error in exc.errors(include_url=False):
        where = ".".join(str(p) for p in error["loc"])
        message = str(error["msg"]).removeprefix("Value error, ")
        shown = "" if error["type"] in ("value_error", "missing") else f" (got {_clip(error['input'])})"
        parts.append(f"{where}: {message}{shown}" if where else message)
    return "; ".join(parts)


def _clip(value: Any, limit: int = 60) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def logged(kind: type[R], fields: Mapping[str, Any]) -> dict[str, Any]:
    """``fields`` as lmms-eval logs a record of ``kind``: validated by the model the readers use,
    in JSON types, with exactly the keys given (a field left out stays out).

    Raises ValueError with one line when a field is unknown to ``kind`` (a misspelt key would
    otherwise be logged and never read), has a wrong type or an impossible value.
    """
    try:
        record = kind.model_validate(dict(fields))
    except ValidationError as exc:
        raise ValueError(f"the {kind.KIND} record is invalid: {problems(exc)}") from None
    unknown = sorted(record.model_extra or {})
    if unknown:
        raise ValueError(
            f"the {kind.KIND} record has unknown field{'s' if len(unknown) > 1 else ''} "
            f"{', '.join(unknown)}: not in {kind.__name__}"
        )
    try:
        return record.model_dump(mode="json", exclude_unset=True)
    except ValueError as exc:  # a value JSON cannot hold (PydanticSerializationError)
        raise ValueError(f"the {kind.KIND} record cannot be logged as JSON: {exc}") from None
