"""Protocol variants (paper Table 5, Appendix N): short YAMLs over the shared template."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from synthdocbench_tasks import dataset
from synthdocbench_tasks.cli import tasks_dir
from tests.helpers.lmms_eval_run import lmms_eval_cmd, results, run, samples, synthdoc_run_env

pytestmark = pytest.mark.lmms_eval

SUBSETS = {"chart": "chart", "crossmodal": "cross_modal", "complex": "complex"}
#: variant -> the lmms_eval_specific_kwargs it sets (the rest are the code's defaults)
VARIANTS: dict[str, dict[str, Any]] = {
    "cot": {"prompt_style": "cot"},
    "noprompt": {"prompt_style": "none"},
    "pages1": {"strip_pages_per_strip": 1},
    "pages2": {"strip_pages_per_strip": 2},
    "pages10": {"strip_pages_per_strip": 10},
    "dpi72": {"strip_dpi": 72},
    "dpi216": {"strip_dpi": 216},
    "text": {"prompt_style": "text", "text_max_chars": 60000, "text_max_pages": 120},
}


@pytest.fixture(scope="module")
def task_manager() -> Any:
    from lmms_eval.tasks import TaskManager

    return TaskManager(include_path=str(tasks_dir()), model_name="dummy")


@pytest.fixture()
def env(synthdoc_env: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shared hooks environment, offline; returns its cache folder."""
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    return tmp_path / "cache"


def _tasks(loaded: dict[Any, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for value in loaded.values():
        if isinstance(value, dict):
            out.update(_tasks(value))
        else:
            out[value.config.task] = value
    return out


def test_every_variant_and_its_group_is_indexed(task_manager: Any) -> None:
    names = set(task_manager.all_tasks)
    for variant in VARIANTS:
        assert f"synthdoc_{variant}" in names
        assert task_manager.task_index[f"synthdoc_{variant}"]["type"] == "group"
        for subset in SUBSETS:
            assert f"synthdoc_{subset}_{variant}" in names


def test_variant_yamls_are_short_and_include_the_shared_config() -> None:
    folder = tasks_dir() / "synthdoc"
    for path in folder.glob("synthdoc_*_*.yaml"):
        if path.name.endswith("_grounded.yaml"):
            continue  # another feature's variants
        text = path.read_text()
        assert "include:" in text, path.name
        assert len([line for line in text.splitlines() if line.strip()]) <= 12, path.name
        assert "dataset_path" not in text and "process_results" not in text, path.name


@pytest.mark.browser
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_group_builds_three_subset_tasks_with_the_variant_settings(
    task_manager: Any, env: Path, variant: str
) -> None:
    tasks = _tasks(task_manager.load_task_or_group([f"synthdoc_{variant}"]))
    assert set(tasks) == {f"synthdoc_{s}_{variant}" for s in SUBSETS}
    for subset, config in SUBSETS.items():
        task = tasks[f"synthdoc_{subset}_{variant}"]
        assert task.config.dataset_name == config
        assert task.config.lmms_eval_specific_kwargs["default"] == VARIANTS[variant]
        assert task.config.process_results.__name__ == "process_results"
        hooks = {task.config.doc_to_visual.__name__, task.config.doc_to_messages.__name__}
        expected = {"text_doc_to_visual", "text_doc_to_messages"} if variant == "text" else None
        assert hooks == (expected or {"doc_to_visual", "doc_to_messages"})
    if variant == "cot":  # room for the reasoning before the final answer
        assert tasks["synthdoc_chart_cot"].config.generation_kwargs["max_new_tokens"] == 2048


@pytest.mark.browser
def test_strip_variants_change_what_the_model_sees_and_are_cached_apart(task_manager: Any, env: Path) -> None:
    import math

    import pymupdf

    tasks = _tasks(
        task_manager.load_task_or_group(["synthdoc_chart", "synthdoc_chart_pages1", "synthdoc_chart_dpi72"])
    )
    base, pages1, dpi72 = (
        tasks[n] for n in ("synthdoc_chart", "synthdoc_chart_pages1", "synthdoc_chart_dpi72")
    )
    doc = base.test_docs()[0]
    pdf = dataset.document_store(dataset.dataset_location()).pdf(doc["doc_id"])
    with pymupdf.open(stream=pdf, filetype="pdf") as opened:
        n_pages = opened.page_count
        page_width = opened[0].rect.width  # points: one pixel per point at 72 DPI
    default_strips = base.doc_to_visual(doc)
    single_pages = pages1.doc_to_visual(doc)
    low_dpi = dpi72.doc_to_visual(doc)
    assert len(default_strips) == math.ceil(n_pages / 5) and len(single_pages) == n_pages
    assert len(low_dpi) == len(default_strips)
    assert low_dpi[0].width == pytest.approx(page_width, abs=1)
    assert low_dpi[0].width < default_strips[0].width
    settings = {p.name for p in env.glob("strips/*/*") if p.is_dir()}
    assert len(settings) == 3, settings  # one cache entry per setting
    assert any("per1-" in s for s in settings) and any(s.startswith("dpi72-") for s in settings)


@pytest.mark.browser
def test_text_baseline_through_the_lmms_eval_cli(dataset_dir: Path, tmp_path: Path) -> None:
    """synthdoc_text_retrieval on the synthdoc_text group: it answers from the PDF text only."""
    out = tmp_path / "results"
    cmd = lmms_eval_cmd(
        "--model", "synthdoc_text_retrieval",
        "--tasks", "synthdoc_text",
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    proc = run(cmd, synthdoc_run_env(dataset_dir, tmp_path))
    by_task = results(out, proc)["results"]
    answered = 0
    for subset in SUBSETS:
        task = f"synthdoc_{subset}_text"
        assert 0.0 <= by_task[task]["acc,none"] <= 1.0, by_task
        for line in samples(out, task):
            record = line["score"]
            assert record["judge"].startswith("offline") and record["valid"] is True
            assert "<document>" in line["input"] or "[Page 1]" in json.dumps(line["input"])
            answered += record["answer"] != "Not found in the document."
    assert answered > 0  # it found sentences in the extracted text
    assert (tmp_path / "cache" / "text").is_dir() and not (tmp_path / "cache" / "strips").exists()
