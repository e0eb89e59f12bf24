"""`synthdocbench report` shows progress on a terminal's stderr only: stdout and the files it
writes are the same with and without a terminal, and a log gets no bar at all."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from synthdocbench_tasks.report.command import report_command
from tests.helpers.terminal import run_with_terminal_stderr

from .logs import benchmark, write_run

ROOT = Path(__file__).resolve().parents[3]
SECONDS = re.compile(r"\(\d+\.\d+s\)")


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("report")(report_command)
    app.command("other")(lambda: None)
    return app


def _runs(root: Path) -> Path:
    questions = benchmark(3, 6)
    write_run(
        root / "runs" / "a", questions, [(i * 7) % 11 for i in range(len(questions))], model_args="model=a"
    )
    write_run(
        root / "runs" / "b", questions, [(i * 5) % 11 for i in range(len(questions))], model_args="model=b"
    )
    return root / "runs"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "SYNTHDOC_DATASET"}
    return {**env, "PYTHONPATH": str(ROOT)}


def test_a_truncated_log_fails_with_one_line_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SYNTHDOC_DATASET", raising=False)
    runs = _runs(tmp_path)
    log = sorted(runs.glob("b/*_samples_synthdoc_complex.jsonl"))[0]
    text = log.read_text(encoding="utf-8")
    log.write_text(text[: len(text) // 2], encoding="utf-8")  # cut in the middle of a line
    result = CliRunner().invoke(_app(), ["report", str(runs), "--out", str(tmp_path / "r")])
    assert result.exit_code != 0
    assert log.name in str(result.exception) and "\n" not in str(result.exception)
    # (CliRunner prints the SystemExit message on stdout; the CLI's main() prints it on stderr)
    assert "report:" not in result.stdout and not (tmp_path / "r").exists()


@pytest.mark.slow
def test_a_terminal_sees_the_bars_and_stdout_and_files_do_not_change(tmp_path: Path) -> None:
    runs = _runs(tmp_path)
    command = [sys.executable, "-m", "synthdocbench_tasks.cli", "report", str(runs), "--resamples", "50"]
    shown = run_with_terminal_stderr([*command, "--out", str(tmp_path / "tty")], env=_env(), cwd=tmp_path)
    piped = subprocess.run(
        [*command, "--out", str(tmp_path / "log")],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert shown.returncode == 0 and piped.returncode == 0, (shown.shown, piped.stderr)
    assert piped.stderr == ""
    for step in ("reading samples logs", "building tables", "drawing figures"):
        assert step in shown.shown
    same = SECONDS.sub("", shown.stdout.replace(str(tmp_path / "tty"), "OUT"))
    assert same == SECONDS.sub("", piped.stdout.replace(str(tmp_path / "log"), "OUT"))
    assert same.startswith("report: 2 model(s)")
    written = sorted(p.relative_to(tmp_path / "log") for p in (tmp_path / "log").rglob("*") if p.is_file())
    assert written == sorted(
        p.relative_to(tmp_path / "tty") for p in (tmp_path / "tty").rglob("*") if p.is_file()
    )
    for name in ("report.md", "tables/table02_summary.csv"):
        assert (tmp_path / "tty" / name).read_text(encoding="utf-8") == (tmp_path / "log" / name).read_text(
            encoding="utf-8"
        )
