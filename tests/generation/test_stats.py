"""Corpus statistics on a small real generated folder (Chromium, real content stage)."""

from __future__ import annotations

import io
import json
import statistics
from pathlib import Path

import pytest
from rich.console import Console

from generation.config import GenerationConfig
from generation.pipeline import generate
from generation.stats import POSITION_BINS, StatsError, compute_stats, print_stats, write_plots
from synthdocbench_tasks.schema import DocumentManifest

pytestmark = pytest.mark.browser

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
