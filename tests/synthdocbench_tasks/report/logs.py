"""Hand-written lmms-eval 0.7.3 output in its exact format (copied from a real run's files).

A samples line carries doc_id (lmms-eval's row index), target, filtered_resps, token_counts,
doc_hash, the process_results record under ``acc`` and ``score``, and input (the prompt);
``<date>_results.json`` carries results, configs (with dataset_path), config and model_name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TASK_OF = {"chart": "synthdoc_chart", "cross_modal": "synthdoc_crossmodal", "complex": "synthdoc_complex"}
CATEGORY_OF = {
    "chart": "value_reading",
    "cross_modal": "verify_with_chart",
    "complex": "technical_quantitative",
}
PROMPT = "You are a meticulous analyst. Answer only from the images.\n\nQuestion: {q}"


@dataclass(frozen=True)
class Q:
    """One question of the hand-made benchmark."""

    qid: str
    doc: str
    subset: str
    difficulty: str = "L1"
    position: float = 0.5
    category: str | None = None
    chart_type: str | None = "bar"


def _bucket(p: float) -> str:
    return "early" if p <= 1 / 3 else "middle" if p <= 2 / 3 else "late"


def record(q: Q, score: Any, judge: str, answer: str) -> dict[str, Any]:
    return {
        "question_id": q.qid,
        "doc_id": q.doc,
        "subset": q.subset,
        "category": q.category or CATEGORY_OF[q.subset],
        "difficulty": q.difficulty,
        "position_bucket": _bucket(q.position),
        "position": q.position,
        "chart_type": q.chart_type,
        "answer": answer,
        "score": score,
        "judgement": f"scored {score}",
        "judge": judge,
        "prompt_version": "v1",
        "valid": isinstance(score, int) and score >= 0,
    }


def write_run(
    folder: Path,
    questions: list[Q],
    scores: list[Any],
    *,
    judge: str = "gpt-5",
    model: str = "vllm",
    model_args: str = "",
    date: str = "20260101_120000",
    answers: list[str] | None = None,
    results_file: bool = True,
    dataset_path: str = "/nonexistent/ds",
) -> Path:
    """Write one run's three task logs (and its results file) as lmms-eval does."""
    folder.mkdir(parents=True, exist_ok=True)
    by_task: dict[str, list[str]] = {t: [] for t in TASK_OF.values()}
    for i, (q, s) in enumerate(zip(questions, scores, strict=True)):
        answer = answers[i] if answers else f"answer {q.qid}"
        rec = record(q, s, judge, answer)
        line = {
            "doc_id": len(by_task[TASK_OF[q.subset]]),
            "target": f"reference of {q.qid}",
            "filtered_resps": answer,
            "token_counts": [None],
            "doc_hash": "74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b",
            "acc": rec,
            "score": rec,
            "input": PROMPT.format(q=f"question {q.qid}?"),
        }
        by_task[TASK_OF[q.subset]].append(json.dumps(line, ensure_ascii=False))
    for task, lines in by_task.items():
        if lines:
            (folder / f"{date}_samples_{task}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if results_file:
        data = {
            "results": {t: {"alias": t, "acc,none": 0.0, "acc_stderr,none": "N/A"} for t in by_task},
            "configs": {t: {"task": t, "dataset_path": dataset_path} for t in by_task},
            "config": {"model": model, "model_args": model_args, "batch_size": "1"},
            "model_name": "",
            "model_name_sanitized": "",
            "date": date,
        }
        (folder / f"{date}_results.json").write_text(json.dumps(data, indent=2), encoding="utf-8")
    return folder


def benchmark(n_docs: int = 4, per_doc: int = 6) -> list[Q]:
    """Questions spread over documents, subsets, levels and positions."""
    subsets = ("chart", "cross_modal", "complex")
    out = []
    for d in range(n_docs):
        for k in range(per_doc):
            out.append(
                Q(
                    qid=f"doc{d}-q{k}",
                    doc=f"doc{d}",
                    subset=subsets[k % 3],
                    difficulty=f"L{1 + (k + d) % 5}",
                    position=round((k + 1) / per_doc, 6),
                    chart_type="line" if k % 2 else "bar",
                )
            )
    return out
