"""The functions lmms-eval calls for the ``mmdocbench_*`` tasks (named in their YAMLs).

The prompt is the row's image(s) followed by its ``question`` text (the task instruction is
part of it), with no system prompt. Each task YAML names its own row filter,
``process_docs_<slug>`` (one per main task of :mod:`.taxonomy`), the metrics' task-level
aggregations ``aggregate_<metric>`` and the overall group's ``overall_mean_<metric>``; these
families are answered by the module-level ``__getattr__`` below so that each is one function.
"""

from __future__ import annotations

import math
import threading
from functools import partial
from typing import Any

from PIL import Image

from ..errors import SynthDocUserError
from ..grounding.aggregate import macro_average, nan_mean
from ..grounding.parse import parse_reply
from ..grounding.scoring import score_both
from ..settings import MMDOCBENCH_VAR
from .data import images_of, is_reference, source
from .gold import gold_of
from .taxonomy import BY_SLUG, TASKS, classify, is_published_pair

#: Metrics every task reports: the paper's definitions, then the published computation.
PAPER_METRICS: tuple[str, ...] = ("em", "f1", "iou", "iou20", "iou50", "iou70")
METRICS: tuple[str, ...] = PAPER_METRICS + tuple(f"{m}_ref" for m in PAPER_METRICS)
_META_COLUMNS = ("index", "task", "capability", "category", "reasoning_type", "sub_task", "dataset_name")

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
    record: dict[str, Any] = {
        "index": str(doc.get("index")),
        "capability": task.capability,
        "task": task.name,
        "sub_task": sub_task,
        "answer": parse_reply(reply).answer_text()[:1000],
        **score_both(reply, gold_of(doc, task, sub_task)),
    }
    return {metric: record for metric in METRICS}


#: (score, capability) of every task aggregated in this process, per metric: lets the overall
#: group tell perception from reasoning scores whatever the order lmms-eval hands them in.
_task_scores: dict[str, list[tuple[float, str]]] = {}


def aggregate(records: list[dict[str, Any]], metric: str) -> float:
    """A task's score: the mean over its sub-tasks of the mean over their questions. The
    ``*_ref`` metrics keep only the paper's 48 (task, sub-task) pairs, as the reference does."""
    if metric.endswith("_ref"):
        records = [r for r in records if is_published_pair(r)]
    value = macro_average(records, metric, levels=("sub_task",))[()] if records else math.nan
    capabilities = {str(r.get("capability")) for r in records}
    if len(capabilities) == 1:
        with _lock:
            _task_scores.setdefault(metric, []).append((value, capabilities.pop()))
    return value


def capability_mean(metrics: list[float], sizes: list[int], weight_by_size: bool = False) -> float:
    """A capability group's score: the unweighted mean of its tasks (missing ones skipped)."""
    return nan_mean(metrics)


_PERCEPTION = sum(t.capability == "perception" for t in TASKS)


def _same(a: float, b: float) -> bool:
    return a == b or (math.isnan(a) and math.isnan(b))


def _capabilities_of(metrics: list[float], metric: str) -> list[str] | None:
    """The capability of each score, matched against the task scores this process
    aggregated (latest first); None when one cannot be matched."""
    with _lock:
        pool = list(reversed(_task_scores.get(metric, [])))
    out = []
    for value in metrics:
        hit = next((i for i, (v, _) in enumerate(pool) if _same(float(value), v)), None)
        if hit is None:
            return None
        out.append(pool.pop(hit)[1])
    return out


def overall_mean(
    metrics: list[float], sizes: list[int], weight_by_size: bool = False, metric: str = ""
) -> float:
    """``mmdocbench``: the mean of the two capability means. lmms-eval hands a group its leaf
    tasks' scores without names; each is told perception or reasoning by matching it to the
    task scores aggregated in this process, so the YAML order does not matter. Scores that
    cannot be matched fall back to the YAML order (nine perception tasks first) when all 15
    are present, else to a plain mean."""
    capabilities = _capabilities_of(metrics, metric) if metric else None
    if capabilities is None:
        if len(metrics) != len(TASKS):
            return nan_mean(metrics)
        capabilities = ["perception"] * _PERCEPTION + ["reasoning"] * (len(TASKS) - _PERCEPTION)
    by_capability: dict[str, list[float]] = {}
    for value, capability in zip(metrics, capabilities, strict=True):
        by_capability.setdefault(capability, []).append(value)
    return nan_mean(nan_mean(v) for v in by_capability.values())


def __getattr__(name: str) -> Any:
    if name.startswith("process_docs_") and name.removeprefix("process_docs_") in BY_SLUG:
        return partial(select_task, slug=name.removeprefix("process_docs_"))
    if name.startswith("aggregate_") and name.removeprefix("aggregate_") in METRICS:
        return partial(aggregate, metric=name.removeprefix("aggregate_"))
    if name.startswith("overall_mean_") and name.removeprefix("overall_mean_") in METRICS:
        return partial(overall_mean, metric=name.removeprefix("overall_mean_"))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
