"""The report from real sample logs: two `lmms-eval --model dummy` runs on the generated dataset."""

from __future__ import annotations

import csv
from pathlib import Path

import datasets
import pytest

from synthdocbench_tasks.report import build_report
from tests.helpers.lmms_eval_run import results, run, synthdoc_run_env, synthdocbench_eval_cmd

pytestmark = [pytest.mark.browser, pytest.mark.lmms_eval]

RESPONSES = {"abstain": "Not found in the document.", "letter": "A"}


def _eval(dataset_dir: Path, tmp_path: Path, name: str) -> Path:
    out = tmp_path / "results" / name
    cmd = synthdocbench_eval_cmd(
        "--model", "dummy", "--model_args", f"response={RESPONSES[name]}",
        "--tasks", "synthdoc", "--output_path", str(out), "--log_samples",
    )  # fmt: skip
    results(out, run(cmd, synthdoc_run_env(dataset_dir, tmp_path)))
    return out


def _csv(out: Path, name: str) -> list[dict[str, str]]:
    with (out / "tables" / f"{name}.csv").open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_report_from_real_dummy_runs(
    dataset_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in RESPONSES:
        _eval(dataset_dir, tmp_path, name)
    monkeypatch.delenv("SYNTHDOC_DATASET", raising=False)
    out = tmp_path / "report"
    summary = build_report([tmp_path / "results"], out, dataset=str(dataset_dir), resamples=200)

    questions = {
        row["question_id"]: row
        for config in ("chart", "cross_modal", "complex")
        for row in datasets.load_dataset(str(dataset_dir), config, split="test")
    }
    docs = datasets.load_dataset(str(dataset_dir), "documents", split="test")
    assert sorted(summary.models) == ["dummy@abstain", "dummy@letter"]
    logged = results(tmp_path / "results" / "abstain")
    group = logged["groups"]["synthdoc"] if "groups" in logged else logged["results"]["synthdoc"]
    assert summary.overall_acc["dummy@abstain"] == pytest.approx(group["acc,none"]) == 0.0
    assert summary.dataset == str(dataset_dir.resolve())

    overall = {(r["model"], r["subset"]): r for r in _csv(out, "table02_overall")}
    assert overall[("dummy@abstain", "overall")]["n_valid"] == str(len(questions))
    assert float(overall[("dummy@abstain", "overall")]["Score"]) == pytest.approx(group["score,none"])

    archetypes = _csv(out, "archetype_long")
    assert {r["archetype"] for r in archetypes} == set(docs["archetype"])
    assert sum(int(r["n"]) for r in archetypes if r["model"] == "dummy@abstain") == len(questions)
    assert (out / "figures" / "fig11_domain.png").is_file()

    # every answer scored 0: every question is a hard failure, listed with its dataset text
    assert summary.hard_failures == len(questions)
    listed = {r["question_id"]: r for r in _csv(out, "hard_failures_full")}
    assert set(listed) == set(questions)
    qid = sorted(listed)[0]
    assert listed[qid]["question"] == questions[qid]["question"]
    assert listed[qid]["reference"] == questions[qid]["answer"]
    assert listed[qid]["dummy@abstain"] == "Not found in the document. (0)"

    (pair,) = _csv(out, "pairwise_comparison")
    assert float(pair["Δ (question CI)"]) == 0.0 and float(pair["p (question)"]) == 1.0
