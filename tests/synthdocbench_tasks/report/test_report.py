"""build_report end to end on hand-written logs in lmms-eval's exact format, with known numbers.

Two models on 24 questions in 4 documents (8 per subset), model alpha re-scored by a second judge:
- alpha (judge gpt-5): 10 on doc0 and doc1, 0 on doc2 and doc3 -> ACC 0.5, score 5.0
- beta (judge gpt-5): 2 everywhere, 8 on doc0-q0, -1 (unscored) on doc3-q5 -> ACC 1/23
- alpha (judge gemini): 9 where gpt-5 gave 10, 2 where it gave 0 -> r = 1, w1 = 0.5, dACC = 0
- hard failures (both <= 3): the 12 questions of doc2 and doc3 less doc3-q5 (beta unscored) = 11
"""

from __future__ import annotations

import csv
import math
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.report import build_report, figures
from synthdocbench_tasks.report.context import Context, main_runs, primary_judge
from synthdocbench_tasks.report.load import discover, load_runs
from synthdocbench_tasks.report.records import DocumentInfo

from .logs import benchmark, write_run

pytestmark = pytest.mark.slow

QS = benchmark(4, 6)
ALPHA = [10 if q.doc in ("doc0", "doc1") else 0 for q in QS]
GEMINI = [9 if s == 10 else 2 for s in ALPHA]
BETA = [8 if q.qid == "doc0-q0" else -1 if q.qid == "doc3-q5" else 2 for q in QS]


@pytest.fixture
def logs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("SYNTHDOC_DATASET", raising=False)
    root = tmp_path / "results"
    write_run(root / "alpha", QS, ALPHA, model="vllm", model_args="model=org/alpha")
    write_run(root / "alpha-gemini", QS, GEMINI, model="vllm", model_args="model=org/alpha", judge="gemini")
    write_run(root / "beta", QS, BETA, model="vllm", model_args="model=org/beta,max_model_len=1000")
    return root


def _csv(out: Path, name: str) -> list[dict[str, str]]:
    with (out / "tables" / f"{name}.csv").open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_report_from_hand_written_logs(logs: Path, tmp_path: Path) -> None:
    out = tmp_path / "report"
    summary = build_report([logs], out, resamples=500)
    assert summary.models == ["org/alpha", "org/beta"]
    assert summary.overall_acc == {"org/alpha": 0.5, "org/beta": pytest.approx(1 / 23)}
    assert summary.judges == [
        "openai:gemini",
        "openai:gpt-5",
    ]  # old logs: bare names, qualified and summary.agreement_pairs == 1
    assert summary.hard_failures == 11 and summary.dataset is None
    for path in (summary.markdown, summary.html, *summary.figures, *summary.tables):
        assert path.is_file() and path.stat().st_size > 0
    # matplotlib's PNGs, whole and at 120 DPI of the figure's size in inches
    assert {p.name: _png_size(p) for p in summary.figures} == {
        "fig12_acc_by_subset.png": (720, 480),  # 6 x 4 in
        "fig07_category_heatmap.png": (624, 378),  # (1.1 x 2 models + 3) x (0.45 x 3 categories + 1.8) in
        "fig10_position.png": (1320, 480),  # 11 x 4 in
        "fig09_score_distribution.png": (768, 312),  # two 3.2 x 2.6 in panels
    }

    runs = {(r["model"], r["judge"]): r for r in _csv(out, "runs")}
    assert (
        runs[("org/beta", "openai:gpt-5")]["unscored (-1)"] == "1"
        and runs[("org/beta", "openai:gpt-5")]["valid"] == "23"
    )
    assert runs[("org/alpha", "openai:gemini")]["in main tables"] == "no"
    assert runs[("org/alpha", "openai:gemini")]["uncertain"] == "0"

    overall = {(r["model"], r["subset"]): r for r in _csv(out, "table02_overall")}
    alpha = overall[("org/alpha", "overall")]
    assert float(alpha["ACC"]) == 0.5 and float(alpha["Score"]) == 5.0
    assert float(alpha["ACC_lo"]) < 0.5 < float(alpha["ACC_hi"])
    # whole documents are all-right or all-wrong: the document CI is the wider one
    doc_width = float(alpha["ACC (doc CI)_hi"]) - float(alpha["ACC (doc CI)_lo"])
    assert doc_width > float(alpha["ACC_hi"]) - float(alpha["ACC_lo"])
    assert overall[("org/beta", "complex")]["n_valid"] == "7"

    (agree,) = [r for r in _csv(out, "table08_09_judge_agreement") if r["questions"] == "Overall"]
    assert agree["reference judge"] == "openai:gpt-5" and agree["alt. judge"] == "openai:gemini"
    assert float(agree["r"]) == pytest.approx(1.0) and float(agree["w1"]) == 0.5
    assert float(agree["ΔACC (alt−ref)"]) == 0.0 and agree["n"] == "24"

    (hard,) = _csv(out, "table21_hard_failures")
    assert (hard["Total"], hard["Chart"], hard["Cross-modal"], hard["Complex"]) == ("11", "4", "4", "3")
    listed = _csv(out, "hard_failures_full")
    assert {r["question_id"] for r in listed} == {q.qid for q in QS if q.doc in ("doc2", "doc3")} - {
        "doc3-q5"
    }
    assert listed[0]["reference"].startswith("reference of") and listed[0]["question"].startswith("question")
    assert listed[0]["org/beta"].endswith("(2)")

    (pair,) = _csv(out, "pairwise_comparison")
    assert pair["shared"] == "23" and float(pair["Δ (question CI)"]) == pytest.approx(11 / 23)
    assert float(pair["p (question)"]) < 0.01

    taus = {r["model"]: r for r in _csv(out, "table27_thresholds")}
    assert [float(taus["org/alpha"][f"τ={t}"]) for t in (4, 5, 6, 7, 8)] == [0.5] * 5
    judges = {r["judge"]: r for r in _csv(out, "table27_judges")}
    assert float(judges["openai:gemini"]["org/alpha"]) == 0.5 and judges["openai:gemini"]["org/beta"] == ""

    levels = {(r["difficulty"], r["model"]): r for r in _csv(out, "table03_difficulty_long")}
    l1 = [q for q in QS if q.difficulty == "L1"]
    assert levels[("L1", "org/alpha")]["n"] == str(len(l1))

    md = summary.markdown.read_text(encoding="utf-8")
    assert "Skipped: no dataset given" in md and "| org/alpha | 0.500 |" in md
    html = summary.html.read_text(encoding="utf-8")
    assert html.count("<table>") >= 10 and 'src="figures/fig07_category_heatmap.png"' in html
    assert "](figures/fig12_acc_by_subset.png)" in md


def _png_size(path: Path) -> tuple[int, int]:
    """The size of a PNG, which must decode whole."""
    with Image.open(path) as image:
        assert image.format == "PNG"
        image.load()  # every row decodes
        return image.size


def test_the_heatmap_shows_the_category_tables_accs(logs: Path, tmp_path: Path) -> None:
    out = tmp_path / "report"
    build_report([logs], out, resamples=50)
    runs = load_runs(discover([logs]))
    judge = primary_judge(runs)
    heatmap = figures.category_heatmap(Context(runs, main_runs(runs, judge), judge, DocumentInfo(), 50, 42))
    shown = {
        (category, model): value
        for category, values in zip(heatmap.rows, heatmap.values, strict=True)
        for model, value in zip(heatmap.models, values, strict=True)
        if not math.isnan(value)
    }
    table = {
        (r["category"], r["model"]): float(r["ACC"]) for r in _csv(out, "table12_category_long") if r["ACC"]
    }
    assert shown == table and len(shown) == 3 * 2


def test_report_is_deterministic(logs: Path, tmp_path: Path) -> None:
    a = build_report([logs], tmp_path / "a", resamples=200)
    b = build_report([logs], tmp_path / "b", resamples=200)
    for ta, tb in zip(a.tables, b.tables, strict=True):
        assert ta.read_text() == tb.read_text(), ta.name
    assert a.markdown.read_text() == b.markdown.read_text().replace(str(tmp_path / "b"), str(tmp_path / "a"))


_AGAIN = """
import sys
from pathlib import Path
from synthdocbench_tasks.report import build_report
build_report([Path(sys.argv[1])], Path(sys.argv[2]), resamples=200)
print("matplotlib" in sys.modules)
"""


def test_a_report_made_again_from_the_same_logs_takes_its_figures(logs: Path, tmp_path: Path) -> None:
    """The second report into the same folder draws nothing: matplotlib is not even imported,
    and every file is as the first wrote it."""
    out = tmp_path / "report"
    first = build_report([logs], out, resamples=200)
    files = {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    assert len([p for p in files if p.parent.name == "figures"]) == 2 * len(first.figures)
    again = [sys.executable, "-c", _AGAIN, str(logs), str(out)]
    assert subprocess.run(again, capture_output=True, text=True, check=True, cwd=tmp_path).stdout == "False\n"
    assert {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()} == files


def test_explicit_judge_pairs_and_bad_ones(logs: Path, tmp_path: Path) -> None:
    summary = build_report([logs], tmp_path / "ok", judges_compare=[("gpt-5", "gemini")], resamples=50)
    assert summary.agreement_pairs == 1
    out = tmp_path / "bad"
    with pytest.raises(SynthDocUserError, match="no model has runs under both judges"):
        build_report([logs], out, judges_compare=[("gpt-5", "claude")], resamples=50)
    assert not out.exists()  # nothing is written when the input is wrong


def test_single_model_report_skips_comparisons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SYNTHDOC_DATASET", raising=False)
    write_run(tmp_path / "only", QS, ALPHA, model="dummy")
    summary = build_report([tmp_path / "only"], tmp_path / "out", resamples=50)
    md = summary.markdown.read_text(encoding="utf-8")
    assert "Skipped: needs at least two models." in md
    assert "Skipped: no model has runs scored by two different judges" in md
    assert summary.hard_failures == 12
