"""`synthdocbench report` is the one report command: MMDocBench samples logs give the Table 2
view (printed and written as mmdocbench.md), next to or instead of the SynthDocBench report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.mmdocbench.report import main as mmdocbench_main
from synthdocbench_tasks.report.command import report_command
from synthdocbench_tasks.report.load import discover, discover_logs

from .logs import benchmark, write_run


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("report")(report_command)
    app.command("other")(lambda: None)
    return app


def _mmdoc_log(folder: Path, slug: str, capability: str, task: str, sub_task: str, em: float) -> Path:
    record: dict[str, Any] = {
        "index": "1",
        "capability": capability,
        "task": task,
        "sub_task": sub_task,
        "answer": "x",
        **{m: em for m in ("em", "f1", "iou", "iou20", "iou50", "iou70")},
        **{f"{m}_ref": em for m in ("em", "f1", "iou", "iou20", "iou50", "iou70")},
    }
    line = {"doc_id": 0, "target": "x", "filtered_resps": ["x"], "em": record, "f1": record}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"20260101_000000_samples_mmdocbench_{slug}.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    return path


def _mmdoc_run(folder: Path) -> list[Path]:
    return [
        _mmdoc_log(folder, "document_qa", "perception", "Document Question Answering", "DocVQA", 1.0),
        _mmdoc_log(folder, "counting", "reasoning", "Counting", "DUDE", 0.5),
    ]


def test_mmdocbench_logs_give_the_table_2_view(tmp_path: Path) -> None:
    logs = _mmdoc_run(tmp_path / "runs" / "mm")
    out = tmp_path / "report"
    result = CliRunner().invoke(_app(), ["report", str(tmp_path / "runs"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    overall = next(line for line in result.output.splitlines() if line.startswith("overall"))
    assert overall.split()[1] == "75.00"  # (perception 100 + reasoning 50) / 2
    page = (out / "mmdocbench.md").read_text(encoding="utf-8")
    assert "| overall | 75.00 |" in page and "| Counting | 50.00 |" in page
    assert not (out / "report.md").exists()  # no SynthDocBench log, no SynthDocBench report
    # the module's own entry point prints the same table
    assert mmdocbench_main([str(p) for p in logs]) == 0


def test_a_folder_with_both_benchmarks_gives_both_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SYNTHDOC_DATASET", raising=False)
    write_run(tmp_path / "runs" / "m", benchmark(2, 3), [10, 0, 6, 3, 7, 1], model_args="model=m")
    _mmdoc_run(tmp_path / "runs" / "m")
    found = discover_logs([tmp_path / "runs"])
    assert (len(found["synthdoc"]), len(found["mmdocbench"])) == (3, 2)
    assert discover([tmp_path / "runs"]) == found["synthdoc"]
    out = tmp_path / "report"
    result = CliRunner().invoke(
        _app(), ["report", str(tmp_path / "runs"), "--out", str(out), "--resamples", "50", "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "report: 1 model(s) [m 0.500]" in result.output and "mmdocbench: 2 samples log(s)" in result.output
    assert (out / "report.md").is_file() and (out / "mmdocbench.md").is_file()


def test_a_damaged_mmdocbench_log_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    (log, _) = _mmdoc_run(tmp_path / "runs")
    text = log.read_text(encoding="utf-8")
    log.write_text(text.replace('"em": 1.0', '"em": 100.0'), encoding="utf-8")
    out = tmp_path / "report"
    result = CliRunner().invoke(_app(), ["report", str(tmp_path / "runs"), "--out", str(out)])
    assert isinstance(result.exception, SynthDocUserError)
    message = str(result.exception)
    assert f"{log}:1: the MMDocBench record under 'em' is invalid: em 100.0 is out of range 0..1" in message
    assert "\n" not in message and not out.exists()
    log.write_text(text[: len(text) // 2], encoding="utf-8")  # cut off while it was written
    result = CliRunner().invoke(_app(), ["report", str(log), "--out", str(out)])
    assert "the last line is cut off" in str(result.exception) and not out.exists()


def test_a_folder_with_neither_benchmark_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(SynthDocUserError, match=r"no SynthDocBench samples log .* nor an MMDocBench one"):
        discover_logs([tmp_path / "empty"])
    _mmdoc_run(tmp_path / "mm")
    with pytest.raises(SynthDocUserError, match="no SynthDocBench samples log"):
        discover([tmp_path / "mm"])  # the viewer and the SynthDocBench report need synthdoc logs
