"""The typer command the CLI registers as `synthdocbench report`."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.report.command import parse_judge_pairs, report_command

from .logs import benchmark, write_run


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("report")(report_command)
    app.command("other")(lambda: None)
    return app


def test_report_command_writes_the_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SYNTHDOC_DATASET", raising=False)
    write_run(tmp_path / "runs" / "m", benchmark(2, 3), [10, 0, 6, 3, 7, 1], model_args="model=m")
    out = tmp_path / "report"
    result = CliRunner().invoke(
        _app(), ["report", str(tmp_path / "runs"), "--out", str(out), "--resamples", "100", "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("report: 1 model(s) [m 0.500]") and result.stdout.count("\n") == 1
    assert result.stderr == ""  # not a terminal: no progress bar
    assert (out / "report.md").is_file() and (out / "report.html").is_file()


def test_missing_input_exits_non_zero_with_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(_app(), ["report", str(tmp_path / "nope"), "--out", str(tmp_path / "o")])
    assert result.exit_code != 0
    assert isinstance(result.exception, SynthDocUserError)
    assert "does not exist" in str(result.exception)


def test_judge_pairs_parse() -> None:
    assert parse_judge_pairs(None) is None
    assert parse_judge_pairs(["gpt-5, gemini"]) == [("gpt-5", "gemini")]
    for bad in ("gpt-5", "gpt-5,", "a,a"):
        with pytest.raises(SynthDocUserError, match="REF_JUDGE,ALT_JUDGE"):
            parse_judge_pairs([bad])
