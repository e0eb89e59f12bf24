"""The 15 main tasks and 48 sub-tasks of MMDocBench (paper Table 1), and how a TSV row maps
onto them.

The published TSV names things slightly differently from the paper, so a row is read
leniently: the sub-task comes from ``sub_task`` or ``dataset_name`` (``OCR-VQA`` is BookOCR);
perception rows take their main task from ``task`` (``Text Localization Bbox2Text`` is Text
Localization / Bbox2Text, ``Cell Localization`` is Table Cell Localization); reasoning rows
(``capability`` mentions reasoning) take it from ``reasoning_type`` (``algebraic`` is
arithmetic), or from ``task`` when that column is empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ..grounding.scoring import Shape

Capability = Literal["perception", "reasoning"]
CAPABILITIES: tuple[Capability, ...] = ("perception", "reasoning")


@dataclass(frozen=True)
class MainTask:
    slug: str  # the lmms-eval task is f"mmdocbench_{slug}"
    name: str  # as printed in the paper
    capability: Capability
    shape: Shape
    sub_tasks: tuple[str, ...]
    aliases: tuple[str, ...] = ()  # other spellings of ``name`` in the data
    list_sub_tasks: tuple[str, ...] = field(default=())  # sub-tasks answered as a list

    @property
    def task_name(self) -> str:
        return f"mmdocbench_{self.slug}"

    def shape_of(self, sub_task: str) -> Shape:
        return "list" if sub_task in self.list_sub_tasks else self.shape


_REASONING_SOURCES = ("DUDE", "WTQ", "TAT-DQA", "CharXiv", "InfographicVQA")

TASKS: tuple[MainTask, ...] = (
    MainTask("text_recognition", "Text Recognition", "perception", "single", ("TextOCR", "BookOCR"),
             list_sub_tasks=("BookOCR",)),
    MainTask("table_recognition", "Table Recognition", "perception", "table", ("FinTabNet", "PubTables-1M")),
    MainTask("text_localization", "Text Localization", "perception", "single", ("Text2Bbox", "Bbox2Text")),
    MainTask("table_cell_localization", "Table Cell Localization", "perception", "single",
             ("FinTabNet", "PubTables-1M"), aliases=("Cell Localization",)),
    MainTask("key_information_extraction", "Key Information Extraction", "perception", "single",
             ("SROIE", "WildReceipt", "CORD")),
    MainTask("document_forgery_detection", "Document Forgery Detection", "perception", "list",
             ("T-SROIE", "DocTamper"), aliases=("Doc Forgery Detection",)),
    MainTask("document_qa", "Document Question Answering", "perception", "single",
             ("DocVQA", "WTQ", "TAT-DQA"), aliases=("Document QA",)),
    MainTask("chart_qa", "Chart Question Answering", "perception", "single", ("ChartQA", "CharXiv"),
             aliases=("Chart QA",)),
    MainTask("infographic_qa", "Infographic Question Answering", "perception", "single", ("InfographicVQA",),
             aliases=("Infographic QA",)),
    MainTask("arithmetic_reasoning", "Arithmetic Reasoning", "reasoning", "reasoning", _REASONING_SOURCES,
             aliases=("arithmetic", "algebraic")),
    MainTask("logical_reasoning", "Logical Reasoning", "reasoning", "reasoning", _REASONING_SOURCES,
             aliases=("logical",)),
    MainTask("spatial_reasoning", "Spatial Reasoning", "reasoning", "reasoning",
             ("DUDE", "WTQ", "CharXiv", "InfographicVQA"), aliases=("spatial",)),
    MainTask("comparison", "Comparison", "reasoning", "reasoning", _REASONING_SOURCES),
    MainTask("sorting", "Sorting", "reasoning", "reasoning", _REASONING_SOURCES),
    MainTask("counting", "Counting", "reasoning", "reasoning", _REASONING_SOURCES),
)  # fmt: skip

BY_SLUG: dict[str, MainTask] = {t.slug: t for t in TASKS}
#: The 48 (task, sub-task) pairs of the paper; the reference's averages keep only these.
PAIRS: frozenset[tuple[str, str]] = frozenset((t.name, s) for t in TASKS for s in t.sub_tasks)


def is_published_pair(record: Mapping[str, Any]) -> bool:
    """Whether a scored record's (task, sub_task) is one of the 48 pairs."""
    return (str(record.get("task")), str(record.get("sub_task"))) in PAIRS


_BY_NAME: dict[str, MainTask] = {n.lower(): t for t in TASKS for n in (t.name, *t.aliases)}
_SUB_TASK_ALIASES = {"OCR-VQA": "BookOCR", "PubTables1M": "PubTables-1M", "TAT_DQA": "TAT-DQA"}


def _text(row: Mapping[str, Any], *names: str) -> str:
    for name in names:
        value = row.get(name)
        if value is not None and str(value).strip() and str(value).strip().lower() != "nan":
            return str(value).strip()
    return ""


def classify(row: Mapping[str, Any]) -> tuple[MainTask, str] | None:
    """The main task and sub-task of one TSV row, or None when the row names neither."""
    sub_task = _text(row, "sub_task", "dataset_name")
    sub_task = _SUB_TASK_ALIASES.get(sub_task, sub_task)
    task_field = _text(row, "task")
    reasoning = "reason" in _text(row, "capability", "category").lower()
    if reasoning:
        found = _BY_NAME.get(_text(row, "reasoning_type").lower()) or _BY_NAME.get(task_field.lower())
    else:
        found = _BY_NAME.get(task_field.lower())
        if found is None:  # "Text Localization Bbox2Text"
            for name, task in _BY_NAME.items():
                rest = task_field[len(name) :].strip()
                if task_field.lower().startswith(name + " ") and rest:
                    found, sub_task = task, rest
                    break
    return None if found is None else (found, sub_task)
