"""Fixtures of the viewer tests: a real lmms-eval run (dummy model) on the shared generated
dataset, a viewer server on a free loopback port, and a real Chromium through Playwright."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.lmms_eval_run import (
    offline_env,
    run,
    samples_log,
    synthdoc_run_env,
    synthdocbench_eval_cmd,
)

HOSTILE_ANSWER = "<script>window.__pwned = 1; alert(1)</script><img src=x onerror=alert(2)> 42"


@pytest.fixture(scope="session")
def dummy_run(dataset_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of a real ``synthdocbench eval --model dummy`` run of synthdoc_chart whose
    every answer is :data:`HOSTILE_ANSWER`."""
    tmp = tmp_path_factory.mktemp("viewer-run")
    out = tmp / "out"
    cmd = synthdocbench_eval_cmd(
        "--model", "dummy",
        "--model_args", f"response={HOSTILE_ANSWER}",
        "--tasks", "synthdoc_chart",
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    proc = run(cmd, synthdoc_run_env(dataset_dir, tmp), timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    samples_log(out, "synthdoc_chart", proc)
    return out


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium: Playwright's own if installed, else Debian's (as generation does)."""
    from playwright.sync_api import Error, sync_playwright

    from generation.document.render import _system_chromium

    with sync_playwright() as pw:
        try:
            chromium = pw.chromium.launch(args=["--no-sandbox"])
        except Error:
            system = _system_chromium()
            if system is None:
                pytest.fail("no Chromium: install Debian's chromium package")
            chromium = pw.chromium.launch(executable_path=system, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, device_scale_factor=1)
    pg = context.new_page()
    dialogs: list[str] = []
    pg.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    pg.dialogs = dialogs
    yield pg
    context.close()


class Served:
    """A `synthdocbench` server command in a subprocess, on a free loopback port."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "synthdocbench_tasks.cli", *args, "--port", "0"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        self.lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError(
                    f"the server exited: {self.proc.stderr.read() if self.proc.stderr else ''}"
                )
            self.lines.append(line)
            match = re.search(r"serving on (http://127\.0\.0\.1:\d+/)", line)
            if match:
                self.url = match.group(1)
                return

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGKILL)  # as a crash would: nothing may be lost
        self.proc.wait(timeout=30)


@pytest.fixture()
def review_env(dataset_dir: Path, tmp_path: Path) -> dict[str, str]:
    return offline_env(tmp_path, SYNTHDOC_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=os.getcwd())


@pytest.fixture()
def served() -> Iterator[list[Served]]:
    servers: list[Served] = []
    yield servers
    for s in servers:
        if s.proc.poll() is None:
            s.stop()


def page_token(url: str) -> str:
    """The per-server token of the viewer page at ``url`` (what its script sends back)."""
    html = urllib.request.urlopen(url, timeout=10).read().decode()
    match = re.search(r'<meta name="sdb-token" content="([^"]+)">', html)
    assert match, html[:500]
    return match.group(1)
