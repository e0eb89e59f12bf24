"""CSV and Markdown forms of a table: estimates become three CSV columns, p-values stay numbers."""

from __future__ import annotations

import math
from pathlib import Path

from synthdocbench_tasks.report.stats import Estimate
from synthdocbench_tasks.report.tables import PValue, Table, fmt


def test_estimates_expand_to_value_lo_hi_in_csv_and_brackets_in_markdown(tmp_path: Path) -> None:
    table = Table("t", "T", ["model", "ACC", "p"], [["a|b", Estimate(0.5, 0.25, 0.75), PValue(0.0004)]])
    path = table.write_csv(tmp_path)
    assert path.read_text().splitlines() == ["model,ACC,ACC_lo,ACC_hi,p", "a|b,0.5,0.25,0.75,0.0004"]
    assert table.markdown().splitlines()[2] == "| a\\|b | 0.500 [0.250, 0.750] | < 0.001 |"


def test_missing_values_show_as_a_dash_and_stay_empty_in_csv(tmp_path: Path) -> None:
    table = Table("t", "T", ["x", "y"], [[None, math.nan], [1, Estimate(math.nan)]])
    table.write_csv(tmp_path)
    assert (tmp_path / "t.csv").read_text().splitlines() == ["x,y,y_lo,y_hi", ",,,", "1,,,"]
    assert fmt(None) == fmt(math.nan) == fmt(Estimate(math.nan)) == "—"
    assert fmt(Estimate(0.1234)) == "0.123" and fmt(PValue(0.25)) == "0.250"
