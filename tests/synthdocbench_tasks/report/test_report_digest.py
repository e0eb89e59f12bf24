"""The report's output, frozen by digest: a change made for speed must leave every byte of it as
it was (tables, ``report.md``, ``report.html``, the PNGs and the numbers beside them).

The logs are those ``bench/report_view.py`` writes (lmms-eval's format, four or two runs of
judged answers, scores drawn from a seeded generator). The PNGs depend on matplotlib's version
(and the FreeType it bundles), so their digests are checked only under the version they were
taken with. A change that alters the report on purpose updates ``FROZEN`` in a commit of its
own that says why (``python -m tests.synthdocbench_tasks.report.test_report_digest`` prints them).
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path
from typing import Any

import matplotlib
import pytest

from bench.report_view import write_logs
from synthdocbench_tasks.report import build_report

#: (answers, runs, seed of the logs' scores) of each report.
CASES = {"2000x4": (2000, 4, 7), "600x2": (600, 2, 11)}
#: The matplotlib version the PNG digests were taken with.
MATPLOTLIB = "3.11.2"


def _rounded(value: Any) -> Any:
    """Floats to 10 significant digits: the fitted curves come out of BLAS, whose kernels differ
    by CPU in the last bits (OpenBLAS's Zen and Nehalem kernels disagree by 1e-15)."""
    if isinstance(value, float):
        return float(f"{value:.10g}")
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    return value


def _digest(path: Path, root: Path) -> str:
    data = path.read_bytes().replace(str(root).encode(), b"ROOT")  # the runs table names the logs
    if path.suffix == ".json":  # its numbers: what drew the PNG (code, matplotlib) is the PNG's
        record = json.loads(data)
        record.pop("drawn")
        data = json.dumps(_rounded(record), sort_keys=True).encode()
    return hashlib.sha256(data).hexdigest()[:16]


def report_digests(case: str) -> dict[str, str]:
    """Each file of the report made from ``case``'s logs, by its path in the report, digested."""
    answers, runs, seed = CASES[case]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp).resolve()
        write_logs(root / "logs", answers, runs, seed)
        build_report([root / "logs"], root / "report")
        files = sorted(p for p in (root / "report").rglob("*") if p.is_file())
        return {p.relative_to(root / "report").as_posix(): _digest(p, root) for p in files}


FROZEN = {
    "2000x4": {
        "figures/fig07_category_heatmap.json": "0c4ab1fa55aea3a5",
        "figures/fig07_category_heatmap.png": "a3826bdd8e3eb8ed",
        "figures/fig09_score_distribution.json": "2f5276d63cf534e5",
        "figures/fig09_score_distribution.png": "b3c2eab630cf01e0",
        "figures/fig10_position.json": "9fee5c5fc6f040a6",
        "figures/fig10_position.png": "c6a93433749e1175",
        "figures/fig12_acc_by_subset.json": "824e55f2e7169391",
        "figures/fig12_acc_by_subset.png": "6a2b2e21c55e36ee",
        "report.html": "b1ecaee06d6031e6",
        "report.md": "c95f32179947ba0a",
        "tables/chart_type.csv": "d065e0f8b44d0139",
        "tables/chart_type_long.csv": "7c87c93a96ba531a",
        "tables/hard_failures.csv": "931db3f5abcbfa5d",
        "tables/hard_failures_full.csv": "931db3f5abcbfa5d",
        "tables/pairwise_comparison.csv": "54aa6b4b9c8af974",
        "tables/position_bins.csv": "dd0bde52d456eee5",
        "tables/position_trend.csv": "1283025451c393f3",
        "tables/runs.csv": "cc4c3b932029bf86",
        "tables/score_distribution.csv": "dfaffe0c7266473a",
        "tables/table02_overall.csv": "724ad080d575f708",
        "tables/table02_summary.csv": "03c954d3b50575ae",
        "tables/table03_difficulty.csv": "c9269142c81b073f",
        "tables/table03_difficulty_long.csv": "562a3ccdd6c12f10",
        "tables/table03_difficulty_summary.csv": "c8b2999d0fb03bc4",
        "tables/table04_position_all.csv": "6a5488e96d2420b9",
        "tables/table04_position_chart.csv": "d6ee2a12f5133c40",
        "tables/table10_ci_halfwidths.csv": "cd3764840aaed6a3",
        "tables/table11_ci_halfwidths_difficulty.csv": "04eaaba33dce8f97",
        "tables/table12_category.csv": "d5b5bf1fdaf0fff1",
        "tables/table12_category_long.csv": "4dfc2b8a50e4017e",
        "tables/table21_hard_failures.csv": "8649f81c0faf0d92",
        "tables/table27_thresholds.csv": "9322afb5904e246f",
    },
    "600x2": {
        "figures/fig07_category_heatmap.json": "c93d2af86a0c6f2b",
        "figures/fig07_category_heatmap.png": "77e9f2b8fd78a8cf",
        "figures/fig09_score_distribution.json": "75e5ad25b960ec4c",
        "figures/fig09_score_distribution.png": "353ac9a5267ecd38",
        "figures/fig10_position.json": "36ce437707c1f2cd",
        "figures/fig10_position.png": "4f5845965f5df8f5",
        "figures/fig12_acc_by_subset.json": "86f330c7ab49b4b2",
        "figures/fig12_acc_by_subset.png": "3967b46df0a47e0e",
        "report.html": "84958825a4b86c24",
        "report.md": "7db2719550f6ea8f",
        "tables/chart_type.csv": "a55e5f475c35a8f8",
        "tables/chart_type_long.csv": "add3c3a4f2110a92",
        "tables/hard_failures.csv": "85d8cfef1bc7224d",
        "tables/hard_failures_full.csv": "85d8cfef1bc7224d",
        "tables/pairwise_comparison.csv": "1bf30d374755233e",
        "tables/position_bins.csv": "76ac6c89cd7b3315",
        "tables/position_trend.csv": "e5a86c8795bf2914",
        "tables/runs.csv": "60a2c22296eb201a",
        "tables/score_distribution.csv": "9c7df2ca5d586716",
        "tables/table02_overall.csv": "11e3e155ef8747ac",
        "tables/table02_summary.csv": "0513da2d3e9c4f16",
        "tables/table03_difficulty.csv": "d99666683501041a",
        "tables/table03_difficulty_long.csv": "49ac9e928284bd40",
        "tables/table03_difficulty_summary.csv": "711d95d8dcbd342f",
        "tables/table04_position_all.csv": "b669724607beaee6",
        "tables/table04_position_chart.csv": "bef0affd62966e8f",
        "tables/table10_ci_halfwidths.csv": "234891c2c7c8d537",
        "tables/table11_ci_halfwidths_difficulty.csv": "565b4fecbb3c5268",
        "tables/table12_category.csv": "21a3c6fa3a041aa2",
        "tables/table12_category_long.csv": "85ad70527590d8a4",
        "tables/table21_hard_failures.csv": "175d3a05860caf5a",
        "tables/table27_thresholds.csv": "073561e989f49b3d",
    },
}


@pytest.mark.parametrize("case", [pytest.param("2000x4", marks=pytest.mark.slow), "600x2"])
def test_report_output_is_unchanged(case: str) -> None:
    got = report_digests(case)
    frozen = FROZEN[case]
    assert sorted(got) == sorted(frozen), "the report writes other files"
    pngs = matplotlib.__version__ == MATPLOTLIB
    differ = [name for name in frozen if got[name] != frozen[name] and (pngs or not name.endswith(".png"))]
    assert not differ, f"these files of the report changed: {differ}"


if __name__ == "__main__":
    print(json.dumps({case: report_digests(case) for case in sorted(CASES)}, indent=4))
