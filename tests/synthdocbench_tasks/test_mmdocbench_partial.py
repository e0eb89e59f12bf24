"""A partial MMDocBench TSV (issue 27.6): ``synthdocbench eval --tasks mmdocbench`` runs the
tasks that have rows and names the missing ones in one line, through the real lmms-eval CLI."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from synthdocbench_tasks.mmdocbench.data import resolve
from synthdocbench_tasks.mmdocbench.present import narrow
from synthdocbench_tasks.mmdocbench.taxonomy import TASKS, classify
from tests.helpers.lmms_eval_run import offline_env, results, run, synthdocbench_eval_cmd
from tests.synthdocbench_tasks.test_mmdocbench_tasks import REPLY, tsv  # noqa: F401 - fixture

pytestmark = pytest.mark.lmms_eval
KEPT = ("mmdocbench_text_recognition", "mmdocbench_chart_qa")


@pytest.fixture()
def partial(tsv: Path, tmp_path: Path) -> Path:  # noqa: F811 - the fixture above
    frame = pd.read_csv(tsv, sep="\t", keep_default_na=False)
    task_of = [(hit[0].task_name if (hit := classify(row)) else None) for row in frame.to_dict("records")]
    keep = frame[[t in KEPT for t in task_of]]
    path = tmp_path / "partial.tsv"
    keep.to_csv(path, sep="\t", index=False)
    return path


def test_narrow_expands_groups_only_where_tasks_are_missing(partial: Path) -> None:
    resolve.cache_clear()
    tasks, line = narrow(["mmdocbench", "synthdoc_chart"], resolve(str(partial)))
    assert tasks == [*sorted(KEPT, key=[t.task_name for t in TASKS].index), "synthdoc_chart"]
    assert line is not None and "has no rows of 13 task(s)" in line and "mmdocbench_sorting" in line
    assert narrow(["mmdocbench_chart_qa"], resolve(str(partial))) == (["mmdocbench_chart_qa"], None)


def test_eval_runs_the_tasks_that_have_rows(partial: Path, tmp_path: Path) -> None:
    out = tmp_path / "results"
    cmd = synthdocbench_eval_cmd(
        "--model", "dummy", "--model_args", f"response={REPLY}", "--tasks", "mmdocbench",
        "--output_path", str(out), "--log_samples",
    )  # fmt: skip
    proc = run(cmd, offline_env(tmp_path, MMDOCBENCH_DATASET=str(partial)))
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = [ln for ln in proc.stderr.splitlines() if "has no rows of" in ln]
    assert len(lines) == 1 and "13 task(s)" in lines[0]
    assert set(results(out, proc)["results"]) == set(KEPT)
