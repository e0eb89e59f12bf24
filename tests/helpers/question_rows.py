"""Question rows written by hand, as lmms-eval hands them to ``process_results`` (the image
columns dropped), and the offline judge's environment: the hooks' records without a dataset."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

#: One number fact of a reference answer ("12 units").
FACT: dict[str, Any] = {
    "kind": "number",
    "text": "12",
    "value": 12.0,
    "unit": "",
    "abs_tol": 0.0,
    "rel_tol": 0.0,
    "aliases": [],
}


def question_row(qid: str = "d1-q1", **changes: Any) -> dict[str, Any]:
    """A chart question whose reference is 12 units; ``changes`` replace its fields."""
    doc = {
        "question_id": qid,
        "doc_id": "d1",
        "subset": "chart",
        "category": "value_reading",
        "difficulty": "L1",
        "position": {"bucket": "early", "relative": 0.2},
        "chart_type": "bar",
        "question": "How many units were sold in 2021?",
        "answer": "12 units were sold in 2021.",
        "answer_values": [dict(FACT)],
    }
    doc.update(changes)
    return doc


def use_offline_judge(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The hooks' environment with the offline judge, no dataset and a private cache."""
    for name in ("SYNTHDOC_DATASET", "SYNTHDOC_JUDGE_BASE_URL", "SYNTHDOC_JUDGE_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SYNTHDOC_JUDGE", "offline")
    monkeypatch.setenv("SYNTHDOC_CACHE_DIR", str(tmp_path / "cache"))
