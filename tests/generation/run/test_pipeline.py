"""The pipeline end to end on real Chromium: files, resume, shards, failures, workers."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generation.plan.config import GenerationConfig, load_runs
from generation.plan.doc_plan import DocumentPlan
from generation.run.pipeline import DOC_FILES, PipelineError, generate, generate_runs
from synthdocbench_tasks.schema import DocumentManifest, Question
from tests.generation.sample_plan import plan_sample_document

pytestmark = pytest.mark.browser

CONFIG = GenerationConfig(seed=7, n_docs=3, min_charts=3, max_charts=3, questions_per_subset=1)
FILES = (*DOC_FILES, "DONE")


def _outputs(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted((root / "docs").rglob("*"))
        if p.name in ("manifest.json", "questions.jsonl", "document.pdf")
    }


@pytest.fixture(scope="module")
def full_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("full")
    summary = generate(CONFIG, out, progress=False, planner=plan_sample_document)
    assert summary.ok and summary.generated == ["sdb-7-00000", "sdb-7-00001", "sdb-7-00002"]
    return out


def test_writes_every_file_in_canonical_form(full_run: Path) -> None:
    assert json.loads((full_run / "config.json").read_text()) == CONFIG.model_dump(mode="json")
    folder = full_run / "docs" / "sdb-7-00001"
    assert sorted(p.name for p in folder.iterdir()) == sorted(FILES)
    text = (folder / "manifest.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert text == json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    manifest = DocumentManifest.model_validate(data)
    assert manifest.page_count >= 2 and all(c.regions for c in manifest.charts)
    for line in (folder / "questions.jsonl").read_text(encoding="utf-8").splitlines():
        assert Question.model_validate_json(line).doc_id == "sdb-7-00001"
    assert (folder / "document.pdf").read_bytes().startswith(b"%PDF")
    assert not list(full_run.rglob("*.tmp"))


def test_resume_skips_done_and_redoes_partial(full_run: Path) -> None:
    before = _outputs(full_run)
    partial = full_run / "docs" / "sdb-7-00002"
    (partial / "DONE").unlink()
    (partial / "manifest.json").write_text("{truncated", encoding="utf-8")
    summary = generate(CONFIG, full_run, progress=False, planner=plan_sample_document)
    assert summary.skipped == ["sdb-7-00000", "sdb-7-00001"] and summary.generated == ["sdb-7-00002"]
    assert (partial / "DONE").is_file() and _outputs(full_run) == before


def test_shards_union_equals_unsharded_byte_for_byte(full_run: Path, tmp_path: Path) -> None:
    first = generate(CONFIG, tmp_path, shard=(0, 2), progress=False, planner=plan_sample_document)
    second = generate(CONFIG, tmp_path, shard=(1, 2), progress=False, planner=plan_sample_document)
    assert first.generated == ["sdb-7-00000", "sdb-7-00002"] and second.generated == ["sdb-7-00001"]
    assert _outputs(tmp_path) == _outputs(full_run)


def test_two_workers_give_the_same_bytes(full_run: Path, tmp_path: Path) -> None:
    config = CONFIG.model_copy(update={"workers": 2})
    summary = generate(config, tmp_path, progress=False, planner=plan_sample_document)
    assert summary.ok and len(summary.generated) == 3
    assert _outputs(tmp_path) == _outputs(full_run)


def _planner_failing_on_1(config: GenerationConfig, index: int) -> DocumentPlan:
    if index == 1:
        raise ValueError("no topic left for this index")
    return plan_sample_document(config, index)


def test_a_failing_document_is_reported_and_others_continue(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = generate(CONFIG, tmp_path, progress=False, planner=_planner_failing_on_1)
    assert summary.generated == ["sdb-7-00000", "sdb-7-00002"] and not summary.ok
    assert [(f.doc_id, f.error) for f in summary.failed] == [
        ("sdb-7-00001", "sdb-7-00001: ValueError: no topic left for this index")
    ]
    assert "failed: sdb-7-00001: ValueError: no topic left for this index" in capsys.readouterr().err
    assert not (tmp_path / "docs" / "sdb-7-00001" / "DONE").exists()


def test_bad_shard_and_changed_config_are_clear_errors(full_run: Path, tmp_path: Path) -> None:
    with pytest.raises(PipelineError, match=r"bad shard 2/2: use K/N"):
        generate(CONFIG, tmp_path, shard=(2, 2), progress=False, planner=plan_sample_document)
    with pytest.raises(PipelineError, match="holds a different config"):
        generate(
            CONFIG.model_copy(update={"seed": 8}), full_run, progress=False, planner=plan_sample_document
        )


def test_targets_are_recorded_next_to_the_measured_manifest(full_run: Path) -> None:
    from generation.document.targets import document_targets

    for index in range(CONFIG.n_docs):
        folder = full_run / "docs" / f"sdb-7-{index:05d}"
        recorded = json.loads((folder / "targets.json").read_text(encoding="utf-8"))
        assert recorded == document_targets(CONFIG, index).as_json()
        assert CONFIG.min_pages <= recorded["target_pages"] <= CONFIG.max_pages


def test_grid_runs_go_to_their_own_folders(tmp_path: Path) -> None:
    config_path = tmp_path / "grid.yaml"
    config_path.write_text(
        "seed: 7\nn_docs: 1\nmin_charts: 3\nmax_charts: 3\nquestions_per_subset: 1\n"
        "grid:\n  target_pages: [8, 12]\n",
        encoding="utf-8",
    )
    runs = load_runs(config_path)
    summaries = generate_runs(runs, tmp_path / "out", progress=False, planner=plan_sample_document)
    assert [s.out_dir.name for s in summaries] == ["target_pages=8", "target_pages=12"]
    for run in runs:
        folder = tmp_path / "out" / run.name
        saved = GenerationConfig.model_validate_json((folder / "config.json").read_text(encoding="utf-8"))
        assert saved == run.config
        recorded = json.loads((folder / "docs" / "sdb-7-00000" / "targets.json").read_text(encoding="utf-8"))
        assert recorded["target_pages"] == run.config.target_pages


_CRASH_SCRIPT = """
import sys
from pathlib import Path
from generation.plan.config import GenerationConfig
from generation.run.pipeline import generate
from tests.generation.sample_plan import plan_sample_document
config = GenerationConfig.model_validate_json(sys.argv[1])
generate(config, Path(sys.argv[2]), progress=False, planner=plan_sample_document)
"""


def test_resume_after_sigkill_gives_identical_output(tmp_path: Path) -> None:
    config = CONFIG.model_copy(update={"n_docs": 5})
    reference = tmp_path / "reference"
    generate(config, reference, progress=False, planner=plan_sample_document)
    out = tmp_path / "crashed"
    root = Path(__file__).resolve().parents[3]
    proc = subprocess.Popen(
        [sys.executable, "-c", _CRASH_SCRIPT, config.model_dump_json(), str(out)],
        cwd=root,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while not list(out.glob("docs/*/DONE")):
            assert proc.poll() is None, "the generator exited before finishing a document"
            assert time.monotonic() < deadline, "no document finished within 120 s"
            time.sleep(0.01)
        os.killpg(proc.pid, signal.SIGKILL)  # the generator, its Playwright driver and Chromium
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    done_before = sorted(p.parent.name for p in out.glob("docs/*/DONE"))
    assert 1 <= len(done_before) < config.n_docs
    summary = generate(config, out, progress=False, planner=plan_sample_document)
    assert summary.ok and summary.skipped == done_before
    assert sorted(summary.generated + summary.skipped) == [f"sdb-7-{i:05d}" for i in range(5)]
    assert _outputs(out) == _outputs(reference)
    assert not list(out.rglob("*.tmp"))
    for folder in (out / "docs").iterdir():
        assert sorted(p.name for p in folder.iterdir()) == sorted(FILES)
        DocumentManifest.model_validate_json((folder / "manifest.json").read_text(encoding="utf-8"))
