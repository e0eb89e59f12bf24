"""The per-answer record of the samples log, typed, and the one accuracy rule.

``process_results`` returns one record per answer under every metric key of its task, and
lmms-eval writes it into ``*_samples_<task>.jsonl``. Two kinds exist:

* :class:`SynthDocRecord` (the ``synthdoc_*`` tasks): the question's strata, the stored
  judge inputs, the answer and the judge fields. ``score`` is 0..10 when the answer was
  scored, -1 when it could not be (``failure`` says why), None when it was not judged
  (``SYNTHDOC_JUDGE=none``); ``valid`` is True exactly for a 0..10 score. Records of logs
  written before ``failure`` existed have no ``failure``: a -1 there is ``unscored``.
  The grounded tasks add ``page_acc``, ``iou`` and ``predicted_regions``. ``judge`` names
  the judge as ``backend:model`` (``openai:gpt-5``, ``offline:offline-claims-v34``); logs
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
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, TypeVar

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

# re-exported: the rules without the models (record_rules) are this module's names too
from .record_rules import ACC_THRESHOLD as ACC_THRESHOLD
from .record_rules import FAILED_REASONS as FAILED_REASONS
from .record_rules import FAILURES as FAILURES
from .record_rules import RUN_ERRORS as RUN_ERRORS
from .record_rules import SCORE_MAX as SCORE_MAX
from .record_rules import SCORE_MIN as SCORE_MIN
from .record_rules import SYNTHDOC as SYNTHDOC
from .record_rules import UNSCORED_SCORE as UNSCORED_SCORE
from .record_rules import Failure as Failure
from .record_rules import Status as Status
from .record_rules import accuracy as accuracy
from .record_rules import passed as passed
from .record_rules import plain_synthdoc as plain_synthdoc
from .record_rules import qualified_judge as qualified_judge
from .record_rules import valid_score as valid_score


def _id_text(value: Any) -> Any:
    """An integer id (hand-made and older logs write some) as its text; anything else as given."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


#: A question or document id: text, or an integer read as its text.
Identifier = Annotated[str, BeforeValidator(_id_text)]


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

    KIND: ClassVar[str] = SYNTHDOC.KIND
    MARKER: ClassVar[str] = SYNTHDOC.MARKER
    TASKS: ClassVar[str] = SYNTHDOC.TASKS

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
