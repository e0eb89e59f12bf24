"""What the report reads: one answer per question, grouped into runs (model x judge)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..record_rules import Status


class Answer(NamedTuple):
    """One model answer with its judge score and the stratification keys of its question
    (immutable; a named tuple, built three times faster than a frozen dataclass: a report
    makes one per answer of every log).

    Read from a :class:`~synthdocbench_tasks.records.SynthDocRecord`: ``score`` is the judge
    score when it is valid (0..10), else None; ``status`` says why a score is missing:
    ``unscored`` (-1, a parse or judge failure) or ``not_judged`` (None); ``failure`` the
    record's reason (one of ``records.FAILURES``, ``unscored`` for a -1 of an older log;
    None for a valid score).
    """

    question_id: str
    doc_id: str
    subset: str
    category: str
    difficulty: str
    position_bucket: str | None
    position: float | None
    chart_type: str | None
    answer: str
    score: float | None
    status: Status
    judge: str
    question: str = ""
    reference: str = ""
    judgement: str = ""
    failure: str | None = None
    #: False when the judge was not certain of its reading (None: not said, older logs).
    certain: bool | None = None


@dataclass
class Run:
    """The answers of one model under one judge (the task logs of one lmms-eval run)."""

    model: str
    judge: str
    source: str
    files: list[Path]
    answers: list[Answer]
    model_args: str = ""
    date: str = ""
    dataset_path: str | None = None
    label: str = ""
    #: Settings the run was made under (``report.protocol.PROTOCOL_COLUMNS``); empty: no results file.
    protocol: dict[str, str] = field(default_factory=dict)

    #: :meth:`valid` as last found: the list ``answers`` was then, its length, the answers found.
    _valid: tuple[list[Answer] | None, int, list[Answer]] = field(
        default=(None, 0, []), repr=False, compare=False
    )

    def valid(self) -> list[Answer]:
        """The answers with a valid score (found again when ``answers`` is another list or
        another length; the list returned is shared: do not change it)."""
        source, length, found = self._valid
        if source is not self.answers or length != len(self.answers):
            found = [a for a in self.answers if a.score is not None]
            self._valid = (self.answers, len(self.answers), found)
        return found

    def counts(self) -> dict[str, int]:
        out = {"valid": 0, "unscored": 0, "not_judged": 0}
        for a in self.answers:
            out[a.status] += 1
        return out

    def uncertain(self) -> int:
        """Valid scores the judge marked ``certain: false`` (scored by its best reading)."""
        return sum(1 for a in self.answers if a.score is not None and a.certain is False)

    def failures(self) -> dict[str, int]:
        """Answers without a valid score, by reason, most frequent first."""
        counts = Counter(a.failure or a.status for a in self.answers if a.score is None)
        return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

    def failures_line(self) -> str:
        """``3 model_error, 1 judge_error`` (empty when every answer has a valid score)."""
        return ", ".join(f"{n} {reason}" for reason, n in self.failures().items())


@dataclass
class DocumentInfo:
    """Per-document strata joined from the dataset's ``documents`` config."""

    by_doc: dict[str, dict[str, Any]] = field(default_factory=dict)
    questions: dict[str, dict[str, str]] = field(default_factory=dict)
    location: str | None = None
    note: str = ""

    @property
    def available(self) -> bool:
        return bool(self.by_doc)
