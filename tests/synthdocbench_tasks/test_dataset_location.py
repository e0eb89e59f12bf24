from __future__ import annotations

from pathlib import Path

import pytest

from synthdocbench_tasks import dataset
from synthdocbench_tasks.errors import SynthDocUserError


@pytest.fixture(autouse=True)
def _fresh_cache():
    dataset.resolve_location.cache_clear()
    yield
    dataset.resolve_location.cache_clear()


def _one_line(exc: pytest.ExceptionInfo[SynthDocUserError]) -> str:
    text = str(exc.value)
    assert "\n" not in text
    return text


def test_unset_location_says_how_to_get_a_dataset() -> None:
    with pytest.raises(SynthDocUserError) as exc:
        dataset.resolve_location(None)
    text = _one_line(exc)
    assert "SYNTHDOC_DATASET is not set" in text and "synthdocbench generate" in text


def test_folder_that_is_not_a_dataset(tmp_path: Path) -> None:
    with pytest.raises(SynthDocUserError) as exc:
        dataset.resolve_location(str(tmp_path))
    assert "is not an exported SynthDocBench dataset" in _one_line(exc)


def test_neither_folder_nor_repo_id(tmp_path: Path) -> None:
    with pytest.raises(SynthDocUserError) as exc:
        dataset.resolve_location(str(tmp_path / "missing" / "deeper"))
    assert "neither an existing folder nor a Hub repo id" in _one_line(exc)


def test_unreachable_hub_repo_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "ENDPOINT", "http://127.0.0.1:9")
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    with pytest.raises(SynthDocUserError) as exc:
        dataset.resolve_location("some-org/some-benchmark")
    assert "cannot be reached" in _one_line(exc)


@pytest.mark.browser
def test_exported_folder_resolves_and_module_attribute_reads_the_environment(
    dataset_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SYNTHDOC_DATASET", str(dataset_dir))
    assert str(dataset_dir.resolve()) == dataset.DATASET_PATH
    store = dataset.DocumentStore(dataset.DATASET_PATH)
    import datasets

    doc_id = datasets.load_dataset(str(dataset_dir), "chart", split="test")[0]["doc_id"]
    assert store.pdf(doc_id).startswith(b"%PDF")
    with pytest.raises(SynthDocUserError, match="is not in the documents config"):
        store.row("sdb-0-99999")
