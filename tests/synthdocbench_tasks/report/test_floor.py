"""The report's shortcut floor on hand-written logs with known numbers.

24 questions (8 per subset, the category of each subset's logs.CATEGORY_OF):
- alpha (a model): 10 on doc0 and doc1, 0 elsewhere -> ACC 0.5 in every subset
- synthdoc_question_only: 0 everywhere but 8 on doc0-q1 (cross-modal) -> 1/8 there
- synthdoc_majority_verdict: 2 everywhere -> 0
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from synthdocbench_tasks.report import build_report
from synthdocbench_tasks.report.floor import HOW_TO_RUN

from .logs import benchmark, write_run

pytestmark = pytest.mark.slow

QS = benchmark(4, 6)


def _rows(out: Path) -> dict[tuple[str, str], dict[str, str]]:
    with (out / "tables" / "shortcut_floor.csv").open(encoding="utf-8") as fh:
        return {(r["subset"], r["category"]): r for r in csv.DictReader(fh)}


def test_floor_lists_the_baselines_next_to_the_models(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SYNTHDOC_DATASET", raising=False)
    root = tmp_path / "results"
    alpha = [10 if q.doc in ("doc0", "doc1") else 0 for q in QS]
    write_run(root / "alpha", QS, alpha, model_args="model=o/alpha")
    write_run(root / "qo", QS, [8 if q.qid == "doc0-q1" else 0 for q in QS], model="synthdoc_question_only")
    write_run(root / "mv", QS, [2 for _ in QS], model="synthdoc_majority_verdict")
    out = tmp_path / "report"
    build_report([root], out, resamples=200)
    rows = _rows(out)
    assert set(rows) == {
        ("Chart", "all"),
        ("Chart", "value_reading"),
        ("Cross-modal", "all"),
        ("Cross-modal", "verify_with_chart"),
        ("Complex", "all"),
        ("Complex", "technical_quantitative"),
    }
    cross = rows[("Cross-modal", "all")]
    assert cross["n"] == "8"
    assert float(cross["synthdoc_question_only ACC"]) == pytest.approx(1 / 8)
    assert float(cross["synthdoc_majority_verdict ACC"]) == 0.0
    assert float(cross["o/alpha ACC"]) == 0.5
    assert "synthdoc_question_only ACC_lo" in cross  # the floors carry their CI
    assert "Shortcut floor" in (out / "report.md").read_text(encoding="utf-8")


def test_without_a_baseline_the_floor_says_how_to_get_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SYNTHDOC_DATASET", raising=False)
    root = tmp_path / "results"
    write_run(root / "alpha", QS, [10 for _ in QS], model_args="model=o/alpha")
    out = tmp_path / "report"
    build_report([root], out, resamples=200)
    assert HOW_TO_RUN in (out / "report.md").read_text(encoding="utf-8")
    assert not (out / "tables" / "shortcut_floor.csv").exists()
