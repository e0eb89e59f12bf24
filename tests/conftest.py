"""Shared fixtures: a small generated corpus and its exported dataset, built once per run.

They come from the real generator (Chromium, D3, PyMuPDF) and the real exporter, so the
evaluation tests run on what users get, not on hand-made stand-ins. A test that requests them
is marked ``browser``.

The hooks below keep the test tiers honest (tests/helpers/tiers.py, docs/testing.md): a test
that launches Chromium or lmms-eval without its marker fails, and unmarked tests slower than
a few seconds are listed after the run.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import tiers

_recorder = tiers.LaunchRecorder()
_slow_unmarked: dict[str, float] = {}
_MISSING_KEY = pytest.StashKey[list[str]]()


def pytest_configure(config: pytest.Config) -> None:
    _recorder.install()


def pytest_unconfigure(config: pytest.Config) -> None:
    _recorder.uninstall()


def _markers(item: pytest.Item) -> set[str]:
    return {m.name for m in item.iter_markers()}


@pytest.hookimpl(tryfirst=True)  # before xdist's, which reads the group into the node ids
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        have = _markers(item)
        item.add_marker(pytest.mark.xdist_group(tiers.worker_group(item.nodeid, have)))
        problems = []
        for fixture, needs in tiers.fixture_tiers(getattr(item, "fixturenames", ())).items():
            lacking = tiers.missing(needs, have)
            if lacking:
                problems.append(tiers.message(item.nodeid, lacking, f"uses the fixture {fixture}"))
        item.stash[_MISSING_KEY] = problems


def pytest_runtest_setup(item: pytest.Item) -> None:
    problems = item.stash.get(_MISSING_KEY, [])
    if problems:
        pytest.fail(problems[0], pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, Any, Any]:
    _recorder.reset()
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    report: pytest.TestReport = yield
    have = _markers(item)
    if call.when == "call" and report.passed:
        for marker, why in sorted(_recorder.seen().items()):
            if marker not in have:
                report.outcome = "failed"
                report.longrepr = tiers.message(item.nodeid, [marker], why)
                break
    return report


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # on the controller too when xdist runs the tests: the keywords hold the item's markers
    if report.when in ("setup", "call") and not report.keywords.keys() & tiers.TIER_MARKERS.keys():
        nodeid = tiers.without_group(report.nodeid)
        _slow_unmarked[nodeid] = _slow_unmarked.get(nodeid, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    slow = sorted(((t, n) for n, t in _slow_unmarked.items() if t > tiers.SLOW_SECONDS), reverse=True)
    if slow:
        terminalreporter.section("unmarked tests slower than the unit tier allows")
        for seconds, nodeid in slow:
            terminalreporter.write_line(f"{seconds:6.1f}s {nodeid}  (mark it slow, browser or lmms_eval)")


SEED = 7
N_DOCS = 2


@pytest.fixture(scope="session")
def generated_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from generation.plan.config import GenerationConfig
    from generation.run.pipeline import generate

    out = tmp_path_factory.mktemp("gen")
    summary = generate(GenerationConfig(seed=SEED, n_docs=N_DOCS), out, progress=False)
    assert not getattr(summary, "failed", None), summary
    return out


@pytest.fixture(scope="session")
def dataset_dir(generated_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from generation.export.dataset import export_dataset

    out = tmp_path_factory.mktemp("ds") / "dataset"
    export_dataset(generated_dir, out)
    return out


@pytest.fixture(scope="session")
def sample_pdf(generated_dir: Path) -> bytes:
    pdfs = sorted(generated_dir.glob("docs/*/document.pdf"))
    assert pdfs, "the generator wrote no PDF"
    return pdfs[0].read_bytes()


@pytest.fixture()
def synthdoc_env(dataset_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The hooks' environment in this process: the exported dataset, the offline judge and a
    private cache folder (``tmp_path / "cache"``); returns the dataset folder."""
    from synthdocbench_tasks import dataset

    dataset.resolve_location.cache_clear()
    monkeypatch.setenv("SYNTHDOC_DATASET", str(dataset_dir))
    monkeypatch.setenv("SYNTHDOC_JUDGE", "offline")
    monkeypatch.setenv("SYNTHDOC_CACHE_DIR", str(tmp_path / "cache"))
    return dataset_dir
