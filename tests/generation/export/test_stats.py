"""Corpus statistics on a small real generated folder (Chromium, real content stage)."""

from __future__ import annotations

import io
import json
import os
import shutil
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from generation.document.prose_stats import fact_share
from generation.export.stats import POSITION_BINS, StatsError, compute_stats, print_stats, write_plots
from generation.plan.config import GenerationConfig
from generation.run.pipeline import generate
from synthdocbench_tasks.schema import DocumentManifest
from tests.helpers.terminal import run_with_terminal_stderr

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[3]

CONFIG = GenerationConfig(
    seed=31, n_docs=3, min_pages=8, max_pages=12, min_charts=4, max_charts=6, questions_per_subset=1
)


@pytest.fixture(scope="module")
def gen_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("stats") / "gen"
    summary = generate(CONFIG, out, progress=False)
    assert summary.generated, summary
    return out


def test_stats_match_the_files(gen_dir: Path) -> None:
    stats = compute_stats(gen_dir)
    folders = sorted(p for p in (gen_dir / "docs").iterdir() if (p / "DONE").is_file())
    manifests = [DocumentManifest.model_validate_json((f / "manifest.json").read_text()) for f in folders]
    assert [d.doc_id for d in stats.docs] == [m.doc_id for m in manifests]
    assert stats.table1["pages"].mean == pytest.approx(statistics.fmean(m.page_count for m in manifests))
    assert stats.table1["words"].max == max(m.word_count for m in manifests)
    assert stats.table1["charts"].min == min(len(m.charts) for m in manifests)
    assert stats.table1["pdf_mb"].mean > 0
    targets = [json.loads((f / "targets.json").read_text())["target_pages"] for f in folders]
    assert stats.table1["target_pages"].median == statistics.median(targets)
    assert stats.page_ratios == [m.page_count / t for m, t in zip(manifests, targets, strict=True)]
    assert sum(stats.archetypes.values()) == len(manifests)
    assert sum(stats.chart_types.values()) == sum(len(m.charts) for m in manifests)
    lines = sum(len((f / "questions.jsonl").read_text().splitlines()) for f in folders)
    assert stats.n_questions == lines == sum(stats.position_hist) == sum(stats.questions.positions.values())
    assert len(stats.position_hist) == POSITION_BINS
    assert {s for s, _, _ in stats.questions.cells} <= {"chart", "cross_modal", "complex"}
    # one world per report: every repeated fact agrees and matches the recorded table
    assert stats.consistency.values > 0 and stats.consistency.agreeing == stats.consistency.pairs
    assert stats.world_mismatches == 0


def test_print_and_plots(gen_dir: Path, tmp_path: Path) -> None:
    stats = compute_stats(gen_dir)
    buffer = io.StringIO()
    print_stats(stats, Console(file=buffer, width=140))
    text = buffer.getvalue()
    for expected in (
        "Pages",
        "Target pages",
        "Words",
        "PDF (MB)",
        "Archetypes",
        "Chart types",
        "early",
        "consistency",
        "prose template reuse:",
        "contradict the fact table",
        "pairs of sentences contradict each other",
    ):
        assert expected in text
    paths = write_plots(stats, tmp_path / "plots")
    names = sorted(p.name for p in paths)
    assert names == sorted(
        ["distributions.png", "archetypes.png", "chart_types.png", "positions.png", "target_vs_pages.png"]
    )
    for path in paths:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 5000


def test_folders_without_documents_are_one_clear_line(gen_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(StatsError, match="holds no finished documents"):
        compute_stats(tmp_path / "empty")
    (tmp_path / "grid" / "a").mkdir(parents=True)
    (tmp_path / "grid" / "a" / "docs").symlink_to(gen_dir / "docs")
    with pytest.raises(StatsError, match=r"it holds grid runs \(a\): pass one of them"):
        compute_stats(tmp_path / "grid")
    assert len(compute_stats(tmp_path / "grid" / "a").docs) == len(compute_stats(gen_dir).docs)


def test_one_pass_counts_the_prose_as_the_folder_scan_does(gen_dir: Path) -> None:
    stats = compute_stats(gen_dir)
    assert stats.fact_share == fact_share(gen_dir)
    assert stats.fact_share.documents == len(stats.docs) and stats.fact_share.sentences > 0


@pytest.mark.parametrize(
    ("damage", "file"),
    [
        (lambda text: text[: len(text) // 2], "questions.jsonl"),  # truncated mid-line
        (lambda text: '{"question_id": 7}\n', "questions.jsonl"),  # hostile: valid JSON, not a question
        (lambda text: text[: len(text) // 3], "manifest.json"),
        (None, "document.html"),  # not UTF-8
    ],
    ids=["truncated-questions", "hostile-questions", "truncated-manifest", "binary-html"],
)
def test_a_damaged_document_is_one_clear_line(
    gen_dir: Path, tmp_path: Path, damage: Callable[[str], str] | None, file: str
) -> None:
    copy = tmp_path / "gen"
    shutil.copytree(gen_dir, copy)
    target = sorted((copy / "docs").glob(f"*/{file}"))[-1]
    if damage is None:
        target.write_bytes(b"<p>\xff\xfe caf\xe9</p>")
    else:
        target.write_text(damage(target.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(StatsError) as caught:
        compute_stats(copy)
    message = str(caught.value)
    assert "\n" not in message and target.parent.name in message and "regenerate" in message


def test_the_command_shows_progress_on_a_terminal_only_and_prints_the_same_tables(
    gen_dir: Path, tmp_path: Path
) -> None:
    command = [sys.executable, "-m", "synthdocbench_tasks.cli", "stats"]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    shown = run_with_terminal_stderr([*command, str(gen_dir)], env=env)
    piped = subprocess.run([*command, str(gen_dir)], capture_output=True, text=True, env=env, timeout=300)
    assert shown.returncode == 0 and piped.returncode == 0, piped.stderr
    assert "reading documents" in shown.shown and piped.stderr == ""
    assert shown.stdout == piped.stdout and "Per-document statistics (3 documents)" in piped.stdout
    # a document that breaks half way: one line on stderr after the bar, nothing on stdout
    shutil.copytree(gen_dir, tmp_path / "gen")
    broken = sorted((tmp_path / "gen" / "docs").glob("*/questions.jsonl"))[-1]
    broken.write_text(broken.read_text(encoding="utf-8")[:100], encoding="utf-8")
    failed = run_with_terminal_stderr([*command, str(tmp_path / "gen")], env=env)
    assert failed.returncode == 2 and failed.stdout == ""
    assert f"synthdocbench: {broken.parent} cannot be read" in failed.shown
