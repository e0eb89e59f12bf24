"""Unscored answers are counted by their reason in the loaded runs and in the report."""

from __future__ import annotations

import json
from pathlib import Path

from synthdocbench_tasks.report import build_report
from synthdocbench_tasks.report.load import discover, load_runs

from .logs import benchmark, write_run

REASONS = [None, "model_error", "model_error", "judge_error", "judge_unparseable", "not_judged"]


def _with_failures(folder: Path) -> None:
    """Give each record the ``failure`` its score implies (as process_results writes it)."""
    i = 0
    for path in sorted(folder.glob("*_samples_*.jsonl")):
        lines = [json.loads(raw) for raw in path.read_text().splitlines() if raw.strip()]
        for line in lines:
            reason = REASONS[i % len(REASONS)]
            i += 1
            record = dict(line["score"])
            if reason is not None:
                record.update(score=None if reason == "not_judged" else -1, valid=False, failure=reason)
            else:
                record["failure"] = None
            line["acc"] = line["score"] = record
        path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def test_runs_count_unscored_answers_by_reason(tmp_path: Path) -> None:
    qs = benchmark(2, 6)
    write_run(tmp_path / "run", qs, [7] * len(qs))
    _with_failures(tmp_path / "run")
    (run,) = load_runs(discover([tmp_path / "run"]))
    assert run.failures() == {"model_error": 4, "judge_error": 2, "judge_unparseable": 2, "not_judged": 2}
    assert run.failures_line() == "4 model_error, 2 judge_error, 2 judge_unparseable, 2 not_judged"
    assert run.counts() == {"valid": 2, "unscored": 8, "not_judged": 2}
    summary = build_report([tmp_path / "run"], tmp_path / "report", resamples=50)
    markdown = Path(summary.markdown).read_text() if hasattr(summary, "markdown") else ""
    text = markdown or "".join(p.read_text() for p in (tmp_path / "report").glob("*.md"))
    assert "by reason: 4 model_error, 2 judge_error, 2 judge_unparseable, 2 not_judged" in text


def test_logs_without_a_failure_key_get_a_generic_reason(tmp_path: Path) -> None:
    qs = benchmark(1, 3)
    write_run(tmp_path / "old", qs, [5, -1, None])
    (run,) = load_runs(discover([tmp_path / "old"]))
    assert run.failures() == {"not_judged": 1, "unscored": 1}
    assert [a.failure for a in run.answers if a.score is not None] == [None]
