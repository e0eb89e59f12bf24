"""The names a run's output folder uses, shared by every stage that reads it."""

from __future__ import annotations

from pathlib import Path

from generation.plan.folders import DONE, doc_dir, is_finished
from generation.plan.rng import doc_id_for
from generation.run.layout import documents_left, is_done

ROOT = Path(__file__).resolve().parents[3]


def test_a_folder_is_finished_only_once_its_marker_is_written(tmp_path: Path) -> None:
    folder = doc_dir(tmp_path, doc_id_for(9, 0))
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_text("{}", encoding="utf-8")
    assert not is_finished(folder) and not is_done(tmp_path, doc_id_for(9, 0))
    assert documents_left(tmp_path, 9, 2) == 2
    (folder / DONE).write_text("", encoding="utf-8")
    assert is_finished(folder) and is_done(tmp_path, doc_id_for(9, 0))
    assert documents_left(tmp_path, 9, 2) == 1


def test_only_the_plan_stage_spells_the_marker() -> None:
    """Every stage asks ``generation.plan.folders`` for the marker's name (one place for it)."""
    spelled = [
        p.relative_to(ROOT).as_posix()
        for p in sorted((ROOT / "generation").rglob("*.py"))
        if '"DONE"' in p.read_text(encoding="utf-8")
    ]
    assert spelled == ["generation/plan/folders.py"], spelled
