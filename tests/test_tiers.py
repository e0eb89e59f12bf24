"""The checks that keep the test tiers honest (tests/helpers/tiers.py, docs/testing.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.tiers import (
    FIXTURE_TIERS,
    SERIAL_GROUP,
    TIER_MARKERS,
    missing,
    tiers_of_command,
    without_group,
    worker_group,
)

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


@pytest.mark.parametrize(
    ("argv", "needed"),
    [
        (["/x/playwright/driver/node", "/x/cli.js", "run-driver"], {"browser"}),
        (["/usr/lib/chromium/chromium", "--headless"], {"browser"}),
        (["/usr/local/bin/lmms-eval", "--tasks", "synthdoc"], {"lmms_eval"}),
        ([PY, "-m", "lmms_eval", "--tasks", "x"], {"lmms_eval"}),
        ([PY, "-m", "synthdocbench_tasks.cli", "eval", "--model", "dummy"], {"lmms_eval"}),
        (["/usr/bin/synthdocbench", "generate", "--out", "x"], {"browser"}),
        ([PY, "-c", "from lmms_eval.tasks import TaskManager; TaskManager()"], {"lmms_eval"}),
        # help and version start nothing
        ([PY, "-m", "synthdocbench_tasks.cli", "generate", "-h"], set()),
        (["/usr/bin/synthdocbench", "eval", "--help"], set()),
        # commands that need no tier
        ([PY, "-m", "synthdocbench_tasks.cli", "judge", "log.jsonl"], set()),
        (["git", "apply", "x.patch"], set()),
        ([PY, "-c", "print('chromium')"], set()),
        # hostile and truncated command lines
        ([], set()),
        ([PY, "-c"], set()),
        ([PY, "-m", "synthdocbench_tasks.cli"], set()),
        (["lmms-eval"], {"lmms_eval"}),
    ],
)
def test_command_lines_are_sorted_into_tiers(argv: list[str], needed: set[str]) -> None:
    assert tiers_of_command(argv) == needed


def test_markers_and_fixtures_agree_with_pyproject() -> None:
    import tomllib

    ini = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"][
        "ini_options"
    ]
    registered = {line.split(":")[0] for line in ini["markers"]}
    assert registered == {*TIER_MARKERS, "xdist_group(name)"}
    assert ini["addopts"][-2:] == ["-m", "not browser and not lmms_eval and not slow"]
    assert {m for needs in FIXTURE_TIERS.values() for m in needs} <= set(TIER_MARKERS)
    assert missing(["browser", "lmms_eval"], ["browser"]) == ["lmms_eval"]


CONFTEST = """
import pytest
from tests.conftest import (
    pytest_collection_modifyitems, pytest_configure, pytest_runtest_logreport, pytest_runtest_makereport,
    pytest_runtest_protocol, pytest_runtest_setup, pytest_terminal_summary, pytest_unconfigure,
)

@pytest.fixture(scope="session")
def generated_dir(tmp_path_factory):
    (tmp_path_factory.getbasetemp() / "GENERATED").write_text("ran")
    return tmp_path_factory.getbasetemp()
"""

TESTS = """
import subprocess, sys
import pytest

PROBE = [sys.executable, "-c", "'TaskManager(' and None"]

def test_unmarked_starts_lmms_eval():
    subprocess.run(PROBE, check=True)

@pytest.mark.lmms_eval
def test_marked_starts_lmms_eval():
    subprocess.run(PROBE, check=True)

def test_unmarked_asks_for_help():
    subprocess.run([sys.executable, "-c", "pass", "-h"], check=True)

def test_unmarked_uses_documents(generated_dir):
    pass
"""


@pytest.mark.slow
def test_the_conftest_fails_unmarked_tests_and_lets_marked_ones_pass(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_probe.py").write_text(TESTS)
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\nmarkers =\n    browser: b\n    lmms_eval: l\n    slow: s\n"
    )
    proc = subprocess.run(
        [
            PY,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-rA",
            "--basetemp",
            str(tmp_path / "base"),
            ".",
        ],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "PASSED test_probe.py::test_marked_starts_lmms_eval" in out
    assert "PASSED test_probe.py::test_unmarked_asks_for_help" in out
    assert "FAILED test_probe.py::test_unmarked_starts_lmms_eval" in out
    assert "is not marked lmms_eval: add @pytest.mark.lmms_eval" in out
    assert "test_unmarked_uses_documents uses the fixture generated_dir but is not marked browser" in out
    assert not (tmp_path / "base" / "GENERATED").exists()  # failed before the fixture ran


def test_browser_and_lmms_eval_tests_share_one_worker_group_and_the_rest_go_by_module() -> None:
    assert worker_group("tests/a/test_x.py::test_y[1]", ["browser"]) == SERIAL_GROUP
    assert worker_group("tests/a/test_x.py::test_y", ["slow", "lmms_eval"]) == SERIAL_GROUP
    assert worker_group("tests/a/test_x.py::test_y", ["slow"]) == "tests/a/test_x.py"
    assert worker_group("tests/a/test_x.py::C::test_y", []) == "tests/a/test_x.py"
    node = "tests/a/test_x.py::test_y[a@b]"
    assert without_group(f"{node}@{SERIAL_GROUP}") == node
    assert without_group(f"{node}@tests/a/test_x.py") == node
    assert without_group(node) == node


GROUPED = """
import os, time
import pytest

def _log(name):
    with open(os.environ["ORDER_LOG"], "a") as f:
        f.write(f"{name} {os.environ.get('PYTEST_XDIST_WORKER', '-')}\\n")

@pytest.mark.browser
@pytest.mark.parametrize("i", range(6))
def test_browser(i):
    _log(f"browser{i}")
    time.sleep(0.05)

@pytest.mark.lmms_eval
def test_lmms():
    _log("lmms")

@pytest.mark.parametrize("i", range(6))
def test_unit(i):
    _log(f"unit{i}")
    time.sleep(0.3 if i == 0 else 0.05)

def test_unmarked_and_slow():
    time.sleep(5.2)
"""


@pytest.mark.slow
def test_two_workers_run_the_browser_and_lmms_eval_tiers_in_one_in_order(tmp_path: Path) -> None:
    """What ``make test`` runs (``-n 2 --dist loadgroup``): every browser and lmms_eval test in
    one worker in collection order, the others in either, and the unmarked slow test still listed
    by the controller."""
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    (tmp_path / "test_more.py").write_text(GROUPED.replace("def test_unmarked_and_slow", "def _unused"))
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\nmarkers =\n    browser: b\n    lmms_eval: l\n    slow: s\n"
    )
    log = tmp_path / "order.log"
    proc = subprocess.run(
        [PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2", "--dist", "loadgroup", "."],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), "ORDER_LOG": str(log)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    lines = [line.split() for line in log.read_text().splitlines()]
    serial = [(name, worker) for name, worker in lines if not name.startswith("unit")]
    assert [name for name, _ in serial] == [*(f"browser{i}" for i in range(6)), "lmms"] * 2, lines
    assert len({worker for _, worker in serial}) == 1 and serial[0][1].startswith("gw")
    units = [worker for name, worker in lines if name.startswith("unit")]
    assert len(units) == 12 and all(worker.startswith("gw") for worker in units)
    assert "test_grouped.py::test_unmarked_and_slow  (mark it slow" in out
