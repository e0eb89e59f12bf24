"""Shared fixtures: a small generated corpus and its exported dataset, built once per run.

They come from the real generator (Chromium, D3, PyMuPDF) and the real exporter, so the
evaluation tests run on what users get, not on hand-made stand-ins.
"""

from __future__ import annotations

from pathlib import Path

import pytest

SEED = 7
N_DOCS = 2


@pytest.fixture(scope="session")
def generated_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from generation.config import GenerationConfig
    from generation.pipeline import generate

    out = tmp_path_factory.mktemp("gen")
    summary = generate(GenerationConfig(seed=SEED, n_docs=N_DOCS), out, progress=False)
    assert not getattr(summary, "failed", None), summary
    return out


@pytest.fixture(scope="session")
def dataset_dir(generated_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from generation.export import export_dataset

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
