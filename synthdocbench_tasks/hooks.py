"""The functions lmms-eval calls for the ``synthdoc_*`` tasks (named in their YAMLs).

Nothing here runs at import time: lmms-eval imports this module when it builds a task.
Per-run options come from the task's ``lmms_eval_specific_kwargs`` (prompt style, strip
settings, text settings); the dataset and the judge come from the environment through
``settings``. The ``text_*`` hooks are the text-only baseline (§4.1): the PDF's extracted
text goes into the prompt and no image is sent.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image

from judge import JudgeError, JudgeItem, Judgement

from .answers import final_answer
from .api_images import prefer_jpeg
from .dataset import dataset_location, document_store
from .judging import run_judge
from .metrics import accuracy, mean_score
from .pdf_text import TextCache, TextSettings
from .prompts import flat_prompt, system_prompt, user_text
from .settings import load_settings
from .strip_cache import StripCache
from .strips import Strip, StripSettings

Kwargs = dict[str, Any] | None


@lru_cache(maxsize=4)
def _strip_cache(root: str) -> StripCache:
    return StripCache(Path(root))


@lru_cache(maxsize=4)
def _text_cache(root: str) -> TextCache:
    return TextCache(Path(root))


def _style(kwargs: Kwargs, default: str = "default") -> str:
    return str((kwargs or {}).get("prompt_style", default))


def process_docs(dataset: Any) -> Any:
    """Runs when the task is built, before any inference: fail fast on a bad judge, and have
    API model classes send the strips as JPEG (:mod:`~synthdocbench_tasks.api_images`)."""
    run_judge(load_settings(), preflight=True)
    prefer_jpeg()
    return dataset


def document_strips(doc: dict[str, Any], strip_settings: StripSettings) -> list[Strip]:
    """The page strips of a question's document, rasterised once per document and setting."""
    pdf = document_store(dataset_location()).pdf(doc["doc_id"])
    return _strip_cache(str(load_settings().cache_dir)).strips(pdf, strip_settings, doc["doc_id"])


def doc_to_visual(doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None) -> list[Image.Image]:
    """The document's page strips (Table 19) as new images, decoded once per document."""
    pdf = document_store(dataset_location()).pdf(doc["doc_id"])
    cache = _strip_cache(str(load_settings().cache_dir))
    return cache.images(pdf, StripSettings.from_kwargs(lmms_eval_specific_kwargs), doc["doc_id"])


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


def _stratification(doc: dict[str, Any]) -> dict[str, Any]:
    position = doc.get("position") or {}
    return {
        "question_id": doc["question_id"],
        "doc_id": doc["doc_id"],
        "subset": doc["subset"],
        "category": doc["category"],
        "difficulty": doc["difficulty"],
        "position_bucket": position.get("bucket"),
        "position": position.get("relative"),
        "chart_type": doc.get("chart_type"),
    }


def judge_inputs(doc: dict[str, Any]) -> dict[str, Any]:
    """What a later ``synthdocbench judge`` needs, kept in the record (lmms-eval drops the doc)."""
    return {
        "question": doc["question"],
        "reference": doc["answer"],
        "answer_values": [dict(v) for v in doc.get("answer_values") or []],
    }


def judge_item(record: dict[str, Any], candidate: str) -> JudgeItem:
    """The judge's input for a record that carries :func:`judge_inputs`."""
    return JudgeItem(
        question=record["question"],
        reference=record["reference"],
        candidate=candidate,
        answer_values=[dict(v) for v in record.get("answer_values") or []],
    )


def verdict_fields(verdict: Judgement) -> dict[str, Any]:
    """The fields a judgement sets in a record."""
    return {
        "score": verdict.score,
        "judgement": verdict.judgement,
        "judge": verdict.judge,
        "prompt_version": verdict.prompt_version,
        "valid": verdict.valid,
    }


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, dict[str, Any]]:
    """Judge one answer; the record lands in the samples log under both metrics."""
    reply = results[0] if results else ""
    answer = final_answer(reply)
    record = _stratification(doc)
    record.update(judge_inputs(doc))
    record["answer"] = answer
    judge = run_judge(load_settings())
    if judge is None:
        record.update(score=None, judgement="not judged (SYNTHDOC_JUDGE=none)", judge="none", valid=False)
    else:
        try:
            record.update(verdict_fields(judge.score(judge_item(record, answer))))
        except JudgeError as exc:  # keep the answer; `synthdocbench judge` can score it later
            record.update(score=-1, judgement=f"judge error: {exc}", judge=judge.name, valid=False)
    return {"acc": record, "score": record}


def aggregate_acc(records: list[dict[str, Any]]) -> float:
    return accuracy(records)


def aggregate_score(records: list[dict[str, Any]]) -> float:
    return mean_score(records)
