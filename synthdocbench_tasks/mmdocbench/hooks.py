"""The functions lmms-eval calls for the ``mmdocbench_*`` tasks (named in their YAMLs).

The prompt is the row's image(s) followed by its ``question`` text (the task instruction is
part of it), with no system prompt. Each task YAML names its own row filter,
``process_docs_<slug>`` (one per main task of :mod:`.taxonomy`), the metrics' task-level
aggregations ``aggregate_<metric>`` and the overall group's ``overall_mean_<metric>``. Every
name a YAML uses is a plain ``def`` at the end of this module (grep finds it), each a one-line
call of the one implementation: :func:`select_task`, :func:`aggregate` or :func:`overall_mean`.
``tests/synthdocbench_tasks/test_hook_names.py`` checks that every ``!function`` of every task
YAML is such a ``def`` and that each family covers every task and metric.
"""

from __future__ import annotations

import itertools
import logging
import math
import threading
from typing import Any

from PIL import Image

from ..errors import SynthDocUserError
from ..grounding.aggregate import macro_average, nan_mean
from ..grounding.parse import parse_reply
from ..grounding.scoring import score_both
from ..records import MMDocRecord, logged
from ..settings import MMDOCBENCH_VAR
from .data import images_of, is_reference, source
from .gold import gold_of
from .taxonomy import BY_SLUG, classify, is_published_pair

#: Metrics every task reports: the paper's definitions, then the published computation.
PAPER_METRICS: tuple[str, ...] = ("em", "f1", "iou", "iou20", "iou50", "iou70")
METRICS: tuple[str, ...] = PAPER_METRICS + tuple(f"{m}_ref" for m in PAPER_METRICS)
_META_COLUMNS = ("index", "task", "capability", "category", "reasoning_type", "sub_task", "dataset_name")

logger = logging.getLogger(__name__)

_shared_images: dict[str, str] = {}  # index -> base64, for rows whose image names another row
_lock = threading.Lock()


def select_task(dataset: Any, slug: str) -> Any:
    """Keep the rows of one main task; remember images that rows share by reference."""
    task = BY_SLUG[slug]
    meta = dataset.select_columns([c for c in _META_COLUMNS if c in dataset.column_names]).to_list()
    keep = [i for i, row in enumerate(meta) if (found := classify(row)) is not None and found[0] is task]
    if not keep:
        raise SynthDocUserError(
            f"{MMDOCBENCH_VAR}: the data has no rows of {task.name} (task {task.task_name}); "
            "point it at the full MMDocBench TSV or run only the tasks it holds"
        )
    subset = dataset.select(keep)
    if "image" in dataset.column_names:
        wanted = {str(v) for v in subset["image"] if v and is_reference(str(v))}
        if wanted:
            _remember_shared(dataset, wanted)
    return subset


def _remember_shared(dataset: Any, wanted: set[str]) -> None:
    for batch in dataset.select_columns(["index", "image"]).iter(batch_size=64):
        for index, image in zip(batch["index"], batch["image"], strict=True):
            if str(index) in wanted and image and not is_reference(str(image)):
                with _lock:
                    _shared_images[str(index)] = str(image)
    missing = wanted - _shared_images.keys()
    if missing:
        raise SynthDocUserError(
            f"{MMDOCBENCH_VAR}: rows name the images of rows {', '.join(sorted(missing)[:5])}, "
            "which are not in the data"
        )


def doc_to_visual(doc: dict[str, Any]) -> list[Image.Image]:
    row = dict(doc)
    image = str(row.get("image") or "")
    if image and is_reference(image):
        row["image"] = _shared_images.get(image, "")
        if not row["image"]:
            raise SynthDocUserError(
                f"MMDocBench row {row.get('index')}: its image names row {image}, which is not loaded"
            )
    return images_of(row, source().folder)


def doc_to_text(doc: dict[str, Any], lmms_eval_specific_kwargs: dict[str, Any] | None = None) -> str:
    """The row's question exactly as published (it carries the task instruction)."""
    return str(doc["question"])


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, dict[str, Any]]:
    """Score one reply in both modes; the record lands in the samples log under every metric."""
    reply = results[0] if results else ""
    found = classify(doc)
    if found is None:
        raise SynthDocUserError(f"MMDocBench row {doc.get('index')}: its task is not one of MMDocBench's 15")
    task, sub_task = found
    fields: dict[str, Any] = {
        "index": str(doc.get("index")),
        "capability": task.capability,
        "task": task.name,
        "sub_task": sub_task,
        "answer": parse_reply(reply).answer_text()[:1000],
        **score_both(reply, gold_of(doc, task, sub_task)),
    }
    # Written through the model the report reads it with: a metric outside 0..1 is a scoring
    # bug, stopped here with the row named rather than averaged into the table.
    try:
        record = logged(MMDocRecord, fields)
    except ValueError as exc:
        raise RuntimeError(f"MMDocBench row {fields['index']}: {exc}") from None
    return {metric: record for metric in METRICS}


#: Per metric, the latest score of every task aggregated in this process, with its capability
#: and a sequence number: lets the overall group tell perception from reasoning scores whatever
#: the order lmms-eval hands them in (it passes values without task names).
_task_scores: dict[str, dict[str, tuple[int, float, str]]] = {}
_sequence = itertools.count()


def aggregate(records: list[dict[str, Any]], metric: str) -> float:
    """A task's score: the mean over its sub-tasks of the mean over their questions. The
    ``*_ref`` metrics keep only the paper's 48 (task, sub-task) pairs, as the reference does."""
    tasks = {(str(r.get("task")), str(r.get("capability"))) for r in records}
    if metric.endswith("_ref"):
        records = [r for r in records if is_published_pair(r)]
    value = macro_average(records, metric, levels=("sub_task",))[()] if records else math.nan
    if len(tasks) == 1:
        task, capability = tasks.pop()
        with _lock:
            _task_scores.setdefault(metric, {})[task] = (next(_sequence), value, capability)
    return value


def capability_mean(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    """A capability group's score: the unweighted mean of its tasks (missing ones skipped)."""
    return nan_mean(metrics)


def _same(a: float, b: float) -> bool:
    return a == b or (math.isnan(a) and math.isnan(b))


def _capabilities_of(metrics: list[float], metric: str) -> list[str] | None:
    """The capability of each score, matched against the latest task scores this process
    aggregated (most recent first); None when one cannot be matched. Two tasks with equal
    scores may swap places, which changes no mean."""
    with _lock:
        pool = sorted(_task_scores.get(metric, {}).values(), reverse=True)
    out = []
    for value in metrics:
        hit = next((i for i, (_, v, _) in enumerate(pool) if _same(float(value), v)), None)
        if hit is None:
            return None
        out.append(pool.pop(hit)[2])
    return out


def overall_mean(
    metrics: list[float], sizes: list[int], weight_by_size: bool = False, metric: str = ""
) -> float:
    """``mmdocbench``: the mean of the two capability means. lmms-eval hands a group its leaf
    tasks' scores without names, in YAML order; each is told perception or reasoning by matching
    it to the task scores aggregated in this process, so no order matters. Scores that cannot be
    matched (not aggregated by :func:`aggregate` in this process) give the plain mean of the
    scores, also independent of order, with a warning."""
    capabilities = _capabilities_of(metrics, metric)
    if capabilities is None:
        logger.warning(
            "mmdocbench %s: the task scores were not aggregated in this process; "
            "the overall score is the plain mean of the tasks",
            metric,
        )
        return nan_mean(metrics)
    by_capability: dict[str, list[float]] = {}
    for value, capability in zip(metrics, capabilities, strict=True):
        by_capability.setdefault(capability, []).append(value)
    return nan_mean(nan_mean(v) for v in by_capability.values())


# --- The names the task YAMLs use: one plain def each (kept complete by test_hook_names.py) ---

# Row filters (``process_docs``), one per main task.


def process_docs_text_recognition(dataset: Any) -> Any:
    return select_task(dataset, "text_recognition")


def process_docs_table_recognition(dataset: Any) -> Any:
    return select_task(dataset, "table_recognition")


def process_docs_text_localization(dataset: Any) -> Any:
    return select_task(dataset, "text_localization")


def process_docs_table_cell_localization(dataset: Any) -> Any:
    return select_task(dataset, "table_cell_localization")


def process_docs_key_information_extraction(dataset: Any) -> Any:
    return select_task(dataset, "key_information_extraction")


def process_docs_document_forgery_detection(dataset: Any) -> Any:
    return select_task(dataset, "document_forgery_detection")


def process_docs_document_qa(dataset: Any) -> Any:
    return select_task(dataset, "document_qa")


def process_docs_chart_qa(dataset: Any) -> Any:
    return select_task(dataset, "chart_qa")


def process_docs_infographic_qa(dataset: Any) -> Any:
    return select_task(dataset, "infographic_qa")


def process_docs_arithmetic_reasoning(dataset: Any) -> Any:
    return select_task(dataset, "arithmetic_reasoning")


def process_docs_logical_reasoning(dataset: Any) -> Any:
    return select_task(dataset, "logical_reasoning")


def process_docs_spatial_reasoning(dataset: Any) -> Any:
    return select_task(dataset, "spatial_reasoning")


def process_docs_comparison(dataset: Any) -> Any:
    return select_task(dataset, "comparison")


def process_docs_sorting(dataset: Any) -> Any:
    return select_task(dataset, "sorting")


def process_docs_counting(dataset: Any) -> Any:
    return select_task(dataset, "counting")


# Task-level aggregations, one per metric.


def aggregate_em(records: list[dict[str, Any]]) -> float:
    return aggregate(records, "em")


def aggregate_f1(records: list[dict[str, Any]]) -> float:
    return aggregate(records, "f1")


def aggregate_iou(records: list[dict[str, Any]]) -> float:
    return aggregate(records, "iou")


def aggregate_iou20(records: list[dict[str, Any]]) -> float:
    return aggregate(records, "iou20")


def aggregate_iou50(records: list[dict[str, Any]]) -> float:
    return aggregate(records, "iou50")


def aggregate_iou70(records: list[dict[str, Any]]) -> float:
    return aggregate(records, "iou70")


def aggregate_em_ref(records: list[dict[str, Any]]) -> float:
    return aggregate(records, "em_ref")


def aggregate_f1_ref(records: list[dict[str, Any]]) -> float:
    return aggregate(records, "f1_ref")


def aggregate_iou_ref(records: list[dict[str, Any]]) -> float:
    return aggregate(records, "iou_ref")


def aggregate_iou20_ref(records: list[dict[str, Any]]) -> float:
    return aggregate(records, "iou20_ref")


def aggregate_iou50_ref(records: list[dict[str, Any]]) -> float:
    return aggregate(records, "iou50_ref")


def aggregate_iou70_ref(records: list[dict[str, Any]]) -> float:
    return aggregate(records, "iou70_ref")


# The ``mmdocbench`` group's aggregations, one per metric.


def overall_mean_em(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    return overall_mean(metrics, sizes, weight_by_size, metric="em")


def overall_mean_f1(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    return overall_mean(metrics, sizes, weight_by_size, metric="f1")


def overall_mean_iou(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    return overall_mean(metrics, sizes, weight_by_size, metric="iou")


def overall_mean_iou20(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    return overall_mean(metrics, sizes, weight_by_size, metric="iou20")


def overall_mean_iou50(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    return overall_mean(metrics, sizes, weight_by_size, metric="iou50")


def overall_mean_iou70(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    return overall_mean(metrics, sizes, weight_by_size, metric="iou70")


def overall_mean_em_ref(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    return overall_mean(metrics, sizes, weight_by_size, metric="em_ref")


def overall_mean_f1_ref(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    return overall_mean(metrics, sizes, weight_by_size, metric="f1_ref")


def overall_mean_iou_ref(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    return overall_mean(metrics, sizes, weight_by_size, metric="iou_ref")


def overall_mean_iou20_ref(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    return overall_mean(metrics, sizes, weight_by_size, metric="iou20_ref")


def overall_mean_iou50_ref(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    return overall_mean(metrics, sizes, weight_by_size, metric="iou50_ref")


def overall_mean_iou70_ref(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    return overall_mean(metrics, sizes, weight_by_size, metric="iou70_ref")
