"""The functions lmms-eval calls for the ``synthdoc_*`` tasks (named in their YAMLs).

Nothing here runs at import time: lmms-eval imports this module when it builds a task.
Per-run options come from the task's ``lmms_eval_specific_kwargs`` (prompt style, strip
settings, text settings); the dataset and the judge come from the environment through
``settings``. The ``text_*`` hooks are the text-only baseline (§4.1): the PDF's extracted
text goes into the prompt and no image is sent.
"""

from __future__ import annotations

import os
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image

from judge import JudgeItem, Judgement
from judge.prompt import cap_candidate

from . import judging
from .api_images import prefer_jpeg
from .dataset import dataset_location, document_store
from .errors import SynthDocUserError
from .metrics import accuracy, failed_count, mean_score, uncertain_count, unscored_count
from .pdf_text import TextCache, TextSettings
from .prompts import flat_prompt, system_prompt, user_text
from .records import SynthDocRecord, logged
from .settings import load_settings
from .strip_cache import DEFAULT_MEMORY_BYTES, StripCache
from .strips import Strip, StripSettings

Kwargs = dict[str, Any] | None


#: Decoded strip pixels kept per process, in MiB (default: 1 GiB); the documents a
#: ``synthdocbench eval`` slice holds stay whatever this says (:mod:`~.doc_order`).
STRIP_MEMORY_VAR = "SYNTHDOC_STRIP_MEMORY_MB"

_strip_caches: dict[str, StripCache] = {}
_strip_caches_lock = threading.Lock()
_held_strips: set[str] = set()  # documents held for every strip cache, also those made later


def _strip_memory() -> int:
    raw = os.environ.get(STRIP_MEMORY_VAR, "").strip()
    if not raw:
        return DEFAULT_MEMORY_BYTES
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not value >= 0:
        raise SynthDocUserError(f"{STRIP_MEMORY_VAR} must be a number of MiB (0 or more), got {raw!r}")
    return int(value * (1 << 20))


def _strip_cache(root: str) -> StripCache:
    with _strip_caches_lock:
        cache = _strip_caches.get(root)
        if cache is None:
            cache = _strip_caches[root] = StripCache(Path(root), memory_bytes=_strip_memory())
            cache.hold(_held_strips)
        return cache


def strip_caches() -> list[StripCache]:
    """The strip caches this process has used (one per cache folder)."""
    with _strip_caches_lock:
        return list(_strip_caches.values())


def hold_strips(names: set[str]) -> None:
    """Keep the decoded strips of the documents ``names`` in every strip cache, including one
    made later, until :func:`release_strips` (:meth:`StripCache.hold`)."""
    with _strip_caches_lock:
        _held_strips.update(names)
        for cache in _strip_caches.values():
            cache.hold(names)


def release_strips(names: set[str]) -> None:
    """Drop the decoded strips of the documents ``names`` everywhere (:meth:`StripCache.release`)."""
    with _strip_caches_lock:
        _held_strips.difference_update(names)
        for cache in _strip_caches.values():
            cache.release(names)


@lru_cache(maxsize=4)
def _text_cache(root: str) -> TextCache:
    return TextCache(Path(root))


def _style(kwargs: Kwargs, default: str = "default") -> str:
    return str((kwargs or {}).get("prompt_style", default))


def process_docs(dataset: Any) -> Any:
    """Runs when the task is built, before any inference: fail fast on a bad judge, and have
    API model classes send the strips as JPEG (:mod:`~synthdocbench_tasks.api_images`)."""
    judging.run_session(load_settings(), preflight_judge=True)
    prefer_jpeg()
    return dataset


def document_strips(doc: dict[str, Any], strip_settings: StripSettings) -> list[Strip]:
    """The page strips of a question's document, rasterised once per document and setting."""
    store = document_store(dataset_location())
    pdf, pages = store.pdf(doc["doc_id"]), store.pages(doc["doc_id"])
    cache = _strip_cache(str(load_settings().cache_dir))
    return cache.strips(pdf, strip_settings, doc["doc_id"], pages=pages)


def doc_to_visual(doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None) -> list[Image.Image]:
    """The document's page strips (Table 19) as new images, decoded once per document."""
    store = document_store(dataset_location())
    pdf, pages = store.pdf(doc["doc_id"]), store.pages(doc["doc_id"])
    cache = _strip_cache(str(load_settings().cache_dir))
    settings = StripSettings.from_kwargs(lmms_eval_specific_kwargs)
    return cache.images(pdf, settings, doc["doc_id"], pages)


def doc_to_text(doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None) -> str:
    """Question under the system prompt, for models without a system role."""
    return flat_prompt(doc["question"], _style(lmms_eval_specific_kwargs))


def _messages(system: str | None, user: list[dict[str, Any]]) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = []
    if system is not None:
        messages.append({"role": "system", "content": [{"type": "text", "text": system}]})
    messages.append({"role": "user", "content": user})
    return messages


def doc_to_messages(doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None) -> list[dict[str, Any]]:
    """Chat models: the system prompt as a system turn, then the strips and the question."""
    images = doc_to_visual(doc, lmms_eval_specific_kwargs)
    user: list[dict[str, Any]] = [{"type": "image", "url": im} for im in images]
    user.append({"type": "text", "text": user_text(doc["question"])})
    return _messages(system_prompt(_style(lmms_eval_specific_kwargs)), user)


# -- text-only baseline (§4.1): the PDF's text instead of page images ----------------------


def document_text(doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None) -> str:
    """The document's extracted text (PyMuPDF, at most ``text_max_chars``), once per document."""
    settings = load_settings()
    text_settings = TextSettings.from_kwargs(lmms_eval_specific_kwargs)
    pdf = document_store(dataset_location()).pdf(doc["doc_id"])
    return _text_cache(str(settings.cache_dir)).text(pdf, text_settings, doc["doc_id"])


def text_doc_to_visual(doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None) -> list[Image.Image]:
    """No images: the text variants send the document as text."""
    return []


def text_doc_to_text(doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None) -> str:
    """The text-only system prompt, the document's text and the question, in one text."""
    text = document_text(doc, lmms_eval_specific_kwargs)
    return flat_prompt(doc["question"], _style(lmms_eval_specific_kwargs, "text"), document=text)


def text_doc_to_messages(
    doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None
) -> list[dict[str, Any]]:
    """Chat models: the text-only system prompt, then the document's text and the question."""
    text = document_text(doc, lmms_eval_specific_kwargs)
    user = [{"type": "text", "text": user_text(doc["question"], document=text)}]
    return _messages(system_prompt(_style(lmms_eval_specific_kwargs, "text")), user)


def _required(doc: dict[str, Any], key: str) -> Any:
    if key not in doc:
        raise KeyError(f"the question row has no {key} (a damaged dataset: export it again)")
    return doc[key]


def _stratification(doc: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise TypeError(f"the question row is {type(doc).__name__}, not an object")
    position = doc.get("position") or {}
    if not isinstance(position, dict):
        raise TypeError(f"the question row's position is {type(position).__name__}, not an object")
    return {
        "question_id": _required(doc, "question_id"),
        "doc_id": _required(doc, "doc_id"),
        "subset": _required(doc, "subset"),
        "category": _required(doc, "category"),
        "difficulty": _required(doc, "difficulty"),
        "position_bucket": position.get("bucket"),
        "position": position.get("relative"),
        "chart_type": doc.get("chart_type"),
    }


def judge_inputs(doc: dict[str, Any]) -> dict[str, Any]:
    """What a later ``synthdocbench judge`` needs, kept in the record (lmms-eval drops the doc)."""
    question, reference = _required(doc, "question"), _required(doc, "answer")
    values = doc.get("answer_values") or []
    if not isinstance(question, str) or not isinstance(reference, str):
        raise TypeError("the question row's question and answer must be text")
    if not isinstance(values, list) or not all(isinstance(v, dict) for v in values):
        raise TypeError("the question row's answer_values must be a list of objects")
    return {"question": question, "reference": reference, "answer_values": [dict(v) for v in values]}


def judge_item(record: dict[str, Any], candidate: str) -> JudgeItem:
    """The judge's input for a record that carries :func:`judge_inputs`; a candidate longer than a
    judge prompt carries is noted in the record (``candidate_truncated``: characters cut)."""
    cut = cap_candidate(candidate)[1]
    if cut:
        record["candidate_truncated"] = cut
    else:
        record.pop("candidate_truncated", None)
    return JudgeItem(
        question=record["question"],
        reference=record["reference"],
        candidate=candidate,
        answer_values=[dict(v) for v in record.get("answer_values") or []],
    )


def verdict_fields(verdict: Judgement) -> dict[str, Any]:
    """The fields a judgement sets in a record (``failure`` None, or ``judge_unparseable``)."""
    return judging.verdict_fields(verdict)


#: The ``question_id`` of a record whose question row has none (or one that is not an id).
UNKNOWN_QUESTION = "unknown"


def logged_record(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` as lmms-eval logs it, through :class:`~.records.SynthDocRecord` (the model
    ``read_samples`` reads it with). Never raises: a record the model refuses (a damaged row,
    a value of the wrong type, a bug naming an unknown key) is logged as a ``scoring_error``
    saying what was wrong, with the fields that were right and None for the others."""
    try:
        return logged(SynthDocRecord, record)
    except ValueError as exc:
        reason = judging.error_reason(exc)
    if record.get("failure") == "scoring_error" and isinstance(record.get("judgement"), str):
        reason = record["judgement"]  # the error that made the record invalid came first
    judge = _text(record.get("judge"), "none")
    verdict = judging.unscored("scoring_error", reason, judge, _text(record.get("prompt_version"), ""))
    fields = {k: v for k, v in record.items() if k in SynthDocRecord.model_fields and k not in verdict}
    for name, value in fields.items():  # keep each field the model takes on its own, else None
        try:
            logged(SynthDocRecord, {"question_id": UNKNOWN_QUESTION, name: value})
        except ValueError:
            fields[name] = None
    fields["question_id"] = fields.get("question_id") or UNKNOWN_QUESTION
    return logged(SynthDocRecord, {**fields, **verdict})


def _text(value: Any, default: str) -> str:
    return value if isinstance(value, str) else default


def metric_values(record: dict[str, Any], *keys: str) -> dict[str, dict[str, Any]]:
    """The record as logged (:func:`logged_record`) under every metric key of the task
    (``failed`` and ``unscored`` included): one dict, the same object under each key."""
    one = logged_record(record)
    return {key: one for key in (*keys, "failed", "unscored", "uncertain")}


_IDENTITY = ("question_id", "doc_id", "subset", "category", "difficulty")


def score_doc(doc: dict[str, Any], reply: str | None, answer: str | None = None) -> dict[str, Any]:
    """The record of one answer: never raises for a bad answer, document or judge reply.

    ``answer`` is the part of ``reply`` to judge when the caller extracted it. Every error in
    scoring becomes an unscored record with its ``failure`` and reason; only a user error in
    the run's settings (checked by ``process_docs`` before inference) stops the run. A question
    row whose fields the record cannot hold is a ``scoring_error`` before the judge is asked.
    The record is checked against :class:`~.records.SynthDocRecord` (:func:`logged_record`).
    """
    return finish_doc(*begin_doc(doc, reply, answer))


def begin_doc(
    doc: dict[str, Any], reply: str | None, answer: str | None = None
) -> tuple[dict[str, Any], JudgeItem | None]:
    """The first half of :func:`score_doc`, without any judge request: the record so far and
    the judge's item, or None when the record is complete without asking (see
    :meth:`~.judging.JudgeSession.begin`)."""
    session = judging.run_session(load_settings())
    record: dict[str, Any] = {k: doc.get(k) for k in _IDENTITY} if isinstance(doc, dict) else {}
    try:
        record = _stratification(doc)
        record.update(judge_inputs(doc))
        logged(SynthDocRecord, record)  # the row's fields fit the record, or one line why
        return record, session.begin(record, reply, judge_item, answer)
    except (Exception, SynthDocUserError) as exc:  # one answer's failure must not end the run
        record.setdefault("answer", reply if isinstance(reply, str) else "")
        record.update(judging.scoring_error(exc, session.name, session.prompt_version))
    return record, None


def finish_doc(record: dict[str, Any], item: JudgeItem | None) -> dict[str, Any]:
    """The second half of :func:`score_doc`: the judge's fields for ``item`` (when there is
    one), the record as logged."""
    if item is not None:
        session = judging.run_session(load_settings())
        try:
            record.update(session.judge_fields(item))
        except (Exception, SynthDocUserError) as exc:  # one answer's failure must not end the run
            record.update(judging.scoring_error(exc, session.name, session.prompt_version))
    return logged_record(record)


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, dict[str, Any]]:
    """Judge one answer; the record lands in the samples log under every metric."""
    reply = results[0] if results else None
    record = judging.prefetched(doc, reply)  # scored while the model answered the next slice
    return metric_values(record if record is not None else score_doc(doc, reply), "acc", "score")


def aggregate_acc(records: list[dict[str, Any]]) -> float:
    return accuracy(records)


def aggregate_score(records: list[dict[str, Any]]) -> float:
    return mean_score(records)


def aggregate_failed(records: list[dict[str, Any]]) -> int:
    """Answers whose model request, judge or scoring failed (see ``metrics.FAILED_REASONS``)."""
    return failed_count(records)


def aggregate_unscored(records: list[dict[str, Any]]) -> int:
    """Answers without a valid score, for any reason (excluded from ACC and score)."""
    return unscored_count(records)


def aggregate_uncertain(records: list[dict[str, Any]]) -> int:
    """Scored answers the judge was not certain of (``certain: false``): how much of a score
    rests on its best reading."""
    return uncertain_count(records)


def sum_over_tasks(values: list[float], sizes: list[int], weight_by_size: bool = False) -> int:
    """A group's count (``failed``, ``unscored``, ``uncertain``): the counts of its tasks added up.

    lmms-eval 0.7.3 calls a group's ``aggregation`` with each task's value, its sample count
    and the ``weight_by_size`` flag; its only built-in (``mean``) would average the counts.
    """
    return int(sum(values))
