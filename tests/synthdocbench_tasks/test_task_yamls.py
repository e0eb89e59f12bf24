from __future__ import annotations

from pathlib import Path

import pytest

from synthdocbench_tasks.cli import tasks_dir
from synthdocbench_tasks.errors import SynthDocUserError

TASKS = ("synthdoc_chart", "synthdoc_crossmodal", "synthdoc_complex")


@pytest.fixture(scope="module")
def task_manager():
    from lmms_eval.tasks import TaskManager

    return TaskManager(include_path=str(tasks_dir()), model_name="qwen2_5_vl")


@pytest.mark.lmms_eval
def test_tasks_and_group_are_indexed(task_manager) -> None:
    names = set(task_manager.all_tasks)
    assert set(TASKS) <= names
    assert "synthdoc" in names
    # the shared template is not indexed as a task of its own
    assert not any("template" in n for n in names if n.startswith("synthdoc"))


def test_task_folder_is_inside_the_package() -> None:
    folder = tasks_dir()
    assert (folder / "synthdoc" / "synthdoc_chart.yaml").is_file()
    assert Path(folder).is_absolute()


@pytest.mark.lmms_eval
def test_building_a_task_without_a_dataset_is_one_clear_line(task_manager, monkeypatch) -> None:
    from synthdocbench_tasks import dataset

    dataset.resolve_location.cache_clear()
    monkeypatch.delenv("SYNTHDOC_DATASET", raising=False)
    with pytest.raises(SynthDocUserError, match="SYNTHDOC_DATASET is not set"):
        task_manager.load_task_or_group(["synthdoc_chart"])
