"""Fixtures of the viewer tests: a real lmms-eval run (dummy model) on the shared generated
dataset, a viewer server on a free loopback port, and a real Chromium through Playwright."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.lmms_eval_run import run, samples_log, synthdoc_run_env, synthdocbench_eval_cmd

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
