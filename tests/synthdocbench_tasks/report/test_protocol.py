"""Reports say under which protocol each run was made (issue 27.5): resolution actually sent,
max_new_tokens, prompt style, pages per strip, --limit and judge per run in report.md and
runs.csv, and mixed protocols marked in Table 2 with a warning line."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from synthdocbench_tasks.report import build_report

from .logs import benchmark, write_run

pytestmark = pytest.mark.slow
QS = benchmark(4, 6)
SCORES = [10 if q.doc in ("doc0", "doc1") else 0 for q in QS]
STRIPS = {"prompt_style": "default", "strip_dpi": 144, "strip_pages_per_strip": 5}


def _protocol(folder: Path, model: str, model_args: str, limit: float | None = None) -> None:
    """Give the run's results file the task configs lmms-eval writes (generation and strip kwargs)."""
    (path,) = folder.glob("*_results.json")
    data = json.loads(path.read_text())
    for cfg in data["configs"].values():
        cfg["generation_kwargs"] = {"max_new_tokens": 512, "temperature": 0}
        cfg["lmms_eval_specific_kwargs"] = {"default": dict(STRIPS), **STRIPS}
    data["config"].update(model=model, model_args=model_args, limit=limit)
    path.write_text(json.dumps(data))


def _runs_csv(out: Path) -> dict[str, dict[str, str]]:
    with (out / "tables" / "runs.csv").open(encoding="utf-8") as fh:
        return {row["model"]: row for row in csv.DictReader(fh)}


def test_each_run_states_its_protocol_and_mixed_ones_are_flagged(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("SYNTHDOC_DATASET", raising=False)
    root = tmp_path / "results"
    _protocol(write_run(root / "full", QS, SCORES, model_args="model=org/full"), "vllm", "model=org/full")
    small = write_run(root / "small", QS, SCORES, model="qwen2_5_vl", model_args="pretrained=org/small")
    _protocol(small, "qwen2_5_vl", "pretrained=org/small", limit=6.0)
    out = tmp_path / "report"
    build_report([root], out, resamples=50)
    runs = _runs_csv(out)
    full, capped = runs["org/full"], runs["org/small"]
    assert full["resolution"] == "144 DPI, full size"
    assert capped["resolution"].startswith("144 DPI capped at 1,605,632 px (~")
    assert full["max_new_tokens"] == "4096"  # plain lmms-eval vllm run without max_new_tokens=512
    assert capped["max_new_tokens"] == "512" and capped["temperature"] == "0"
    assert capped["prompt style"] == "default" and capped["pages per strip"] == "5"
    assert (full["limit"], capped["limit"]) == ("none", "6")
    assert full["judge"] == "openai:gpt-5" and {full["protocol"], capped["protocol"]} == {"P1", "P2"}
    report = (out / "report.md").read_text()
    assert "**Warning: mixed protocols.**" in report and "resolution, max_new_tokens, limit" in report
    with (out / "tables" / "table02_summary.csv").open(encoding="utf-8") as fh:
        assert {row["protocol"] for row in csv.DictReader(fh)} == {"P1 (mixed)", "P2 (mixed)"}


def test_one_protocol_has_no_warning_and_no_marked_column(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("SYNTHDOC_DATASET", raising=False)
    root = tmp_path / "results"
    for name in ("a", "b"):
        args = f"model=org/{name},max_new_tokens=512"
        _protocol(write_run(root / name, QS, SCORES, model_args=args), "vllm", args)
    out = tmp_path / "report"
    build_report([root], out, resamples=50)
    assert "mixed protocols" not in (out / "report.md").read_text()
    assert {r["max_new_tokens"] for r in _runs_csv(out).values()} == {"512"}
    with (out / "tables" / "table02_summary.csv").open(encoding="utf-8") as fh:
        assert "protocol" not in next(csv.reader(fh))
