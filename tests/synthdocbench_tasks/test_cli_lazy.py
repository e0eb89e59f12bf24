"""``synthdocbench`` loads a command's module only when that command runs (issue 28, leftover):
``--help`` and light commands do not import the judge library, pint, numpy or lmms-eval's
helpers, and the help still lists every command with the line its docstring gives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from synthdocbench_tasks.cli import _Commands, app

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("judge", "pint", "numpy", "synthdocbench_tasks.eval_command", "synthdocbench_tasks.judge_command")
_PROBE = """
import json, sys
sys.argv = ["synthdocbench", *json.loads(sys.argv[1])]
from synthdocbench_tasks.cli import main
try:
    main()
except SystemExit:
    pass
print(json.dumps([m for m in {heavy!r} if m in sys.modules]))
"""


def _loaded(argv: list[str]) -> tuple[list[str], str]:
    """The heavy modules a fresh ``synthdocbench ARGV`` process imported, and its output."""
    code = _PROBE.format(heavy=HEAVY)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "120"}
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(argv)], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    *output, last = done.stdout.strip().splitlines()
    return json.loads(last), "\n".join(output)


def test_help_and_a_light_command_import_no_command_module() -> None:
    loaded, text = _loaded(["--help"])
    assert loaded == []
    for name in ("judge", "eval", "report", "view", "generate", "tasks-path"):
        assert f" {name} " in text
    assert _loaded(["tasks-path"])[0] == []


@pytest.mark.slow  # imports the judge library in a fresh process
def test_a_lazy_command_loads_its_module_and_its_options() -> None:
    loaded, text = _loaded(["judge", "--help"])
    assert "synthdocbench_tasks.judge_command" in loaded and "--concurrency" in text


@pytest.mark.slow  # imports every command module
def test_the_listing_is_the_one_the_loaded_commands_give() -> None:
    listing = CliRunner().invoke(app, ["--help"], terminal_width=200)
    assert listing.exit_code == 0
    group = typer.main.get_command(app)
    assert isinstance(group, _Commands)
    with group.make_context("synthdocbench", ["--help"], resilient_parsing=True) as ctx:
        group._listing = True  # what --help lists, from the sources
        listed = {spec.name: group.get_command(ctx, spec.name) for spec in group.lazy}
        group._listing = False
        assert all(c is not None and c.callback is None for c in listed.values())
        assert not any(spec.name in group.commands for spec in group.lazy)
        for spec in group.lazy:  # load every command as running it would
            command = group.get_command(ctx, spec.name)
            assert command is not None and command.callback is not None, spec.name
            assert group.commands[spec.name] is command
            assert listed[spec.name].help == command.help, spec.name  # type: ignore[union-attr]
            assert f" {spec.name} " in listing.output
        names = group.list_commands(ctx)
    assert names == [*group.order] and set(names) >= {spec.name for spec in group.lazy}


def test_a_mistyped_command_is_matched_against_every_command_loaded_or_not() -> None:
    """Typer suggests among the loaded commands only: "reprot" got "export", not "report"."""
    for typo, meant in (("reprot", "'report'"), ("judeg", "'judge'"), ("genrate", "'generate'")):
        done = CliRunner().invoke(app, [typo], terminal_width=200)
        assert done.exit_code == 2 and meant in done.output and "Did you mean" in done.output, done.output
