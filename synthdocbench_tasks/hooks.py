"""The functions lmms-eval calls for the ``synthdoc_*`` tasks (named in their YAMLs).

Nothing here runs at import time: lmms-eval imports this module when it builds a task.
Per-run options come from the task's ``lmms_eval_specific_kwargs`` (prompt style, strip
settings); the dataset and the judge come from the environment through ``settings``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from judge import JudgeError, JudgeItem

from .answers import final_answer
from .dataset import dataset_location, document_store
from .judging import run_judge
from .metrics import accuracy, mean_score
from .prompts import flat_prompt, system_prompt, user_text
from .settings import load_settings
from .strip_cache import StripCache
from .strips import StripSettings

Kwargs = dict[str, Any] | None


@lru_cache(maxsize=4)
def _strip_cache(root: str) -> StripCache:
    from pathlib import Path

    return StripCache(Path(root))


def _style(kwargs: Kwargs) -> str:
    return str((kwargs or {}).get("prompt_style", "default"))


def process_docs(dataset: Any) -> Any:
    """Runs when the task is built, before any inference: fail fast on a bad judge."""
    run_judge(load_settings(), preflight=True)
    return dataset


def doc_to_visual(doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None) -> list[Image.Image]:
    """The document's page strips (Table 19), rasterised once per document and setting."""
    settings = load_settings()
    strip_settings = StripSettings.from_kwargs(lmms_eval_specific_kwargs)
    pdf = document_store(dataset_location()).pdf(doc["doc_id"])
    strips = _strip_cache(str(settings.cache_dir)).strips(pdf, strip_settings, doc["doc_id"])
    return [s.image() for s in strips]


def doc_to_text(doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None) -> str:
    """Question under the system prompt, for models without a system role."""
    return flat_prompt(doc["question"], _style(lmms_eval_specific_kwargs))


def doc_to_messages(doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None) -> list[dict[str, Any]]:
    """Chat models: the system prompt as a system turn, then the strips and the question."""
    images = doc_to_visual(doc, lmms_eval_specific_kwargs)
    user = [{"type": "image", "url": im} for im in images]
    user.append({"type": "text", "text": user_text(doc["question"])})
    messages: list[dict[str, Any]] = []
    system = system_prompt(_style(lmms_eval_specific_kwargs))
    if system is not None:
        messages.append({"role": "system", "content": [{"type": "text", "text": system}]})
    messages.append({"role": "user", "content": user})
    return messages


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


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, dict[str, Any]]:
    """Judge one answer; the record lands in the samples log under both metrics."""
    reply = results[0] if results else ""
    answer = final_answer(reply)
    record = _stratification(doc)
    record["answer"] = answer
    judge = run_judge(load_settings())
    if judge is None:
        record.update(score=None, judgement="not judged (SYNTHDOC_JUDGE=none)", judge="none", valid=False)
    else:
        item = JudgeItem(
            question=doc["question"],
            reference=doc["answer"],
            candidate=answer,
            answer_values=[dict(v) for v in doc.get("answer_values") or []],
        )
        try:
            verdict = judge.score(item)
            record.update(
                score=verdict.score,
                judgement=verdict.judgement,
                judge=verdict.judge,
                prompt_version=verdict.prompt_version,
                valid=verdict.valid,
            )
        except JudgeError as exc:  # keep the answer; `synthdocbench judge` can score it later
            record.update(score=-1, judgement=f"judge error: {exc}", judge=judge.name, valid=False)
    return {"acc": record, "score": record}


def aggregate_acc(records: list[dict[str, Any]]) -> float:
    return accuracy(records)


def aggregate_score(records: list[dict[str, Any]]) -> float:
    return mean_score(records)
