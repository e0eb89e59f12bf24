"""The shortcut baselines (issue 23, point 9) through the real lmms-eval CLI on generated documents.

``synthdoc_question_only`` and ``synthdoc_majority_verdict`` answer every question of the three
subsets without a page: no strip is built. Their per-subset ACC and, on verdict-bearing
questions, the share whose verdict they guess are printed (``-s``) and held to the bounds of
point 9 (ACC <= 0.05 on chart and complex; verdicts, pooled and per category, no better than chance
within the 95% CI)::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" \\
        tests/synthdocbench_tasks/test_shortcut_baselines.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from synthdocbench_tasks import dataset
from synthdocbench_tasks.baselines import SHORTCUT_MODELS
from synthdocbench_tasks.baselines.shortcut import VERDICT_ANSWERS, verdict_of
from synthdocbench_tasks.records import ACC_THRESHOLD
from synthdocbench_tasks.report.validation import wilson
from synthdocbench_tasks.schema import SUBSETS
from tests.helpers.lmms_eval_run import lmms_eval_cmd, read_jsonl, results, run, samples_log, synthdoc_run_env

pytestmark = [pytest.mark.lmms_eval, pytest.mark.browser]

TASKS = {"chart": "synthdoc_chart", "cross_modal": "synthdoc_crossmodal", "complex": "synthdoc_complex"}
MAX_ACC = {"chart": 0.05, "complex": 0.05}
#: chance on a verdict: every verdict-bearing category has two classes
CHANCE = 0.5
#: what else than the verdict word says a verdict
VERDICT_WORDS = {"matches": ("matches", "bears the text out"), "contradicts": ("contradicts",)}


def _stated(answer: str, verdict: str) -> bool:
    text = answer.lower()
    return any(word in text for word in VERDICT_WORDS.get(verdict, (verdict,)))


@pytest.fixture(scope="module")
def outputs(dataset_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Per baseline: its results and, per subset, its samples log records."""
    out: dict[str, dict[str, Any]] = {}
    for model in SHORTCUT_MODELS:
        tmp = tmp_path_factory.mktemp(model)
        cmd = lmms_eval_cmd(
            "--model", model,
            "--tasks", "synthdoc",
            "--output_path", str(tmp / "results"),
            "--log_samples",
        )  # fmt: skip
        proc = run(cmd, synthdoc_run_env(dataset_dir, tmp))
        by_task = results(tmp / "results", proc)["results"]
        logs = {s: read_jsonl(samples_log(tmp / "results", TASKS[s], proc)) for s in SUBSETS}
        out[model] = {"results": by_task, "samples": logs, "cache": tmp / "cache", "root": tmp / "results"}
    return out


@pytest.fixture(scope="module")
def rows(dataset_dir: Path) -> list[dict[str, Any]]:
    return [row for subset in SUBSETS for row in dataset.load_config(str(dataset_dir), subset)]


@pytest.fixture(scope="module")
def verdicts(rows: list[dict[str, Any]]) -> dict[str, str]:
    """question id -> verdict label, for the verdict-bearing questions of the dataset."""
    out = {}
    for row in rows:
        verdict = verdict_of(row["answer_values"])
        if verdict is not None:
            out[row["question_id"]] = verdict
    return out


@pytest.fixture(scope="module")
def categories(rows: list[dict[str, Any]]) -> dict[str, str]:
    return {row["question_id"]: row["category"] for row in rows}


def _figures(records: list[dict[str, Any]], verdicts: dict[str, str]) -> tuple[float, int, int, int]:
    """(ACC, n, verdict questions, verdicts stated right) over one samples log."""
    scores = [line["score"]["score"] for line in records]
    acc = sum(s >= ACC_THRESHOLD for s in scores) / len(scores)
    asked = [line["score"] for line in records if line["score"]["question_id"] in verdicts]
    right = sum(_stated(r["answer"], verdicts[r["question_id"]]) for r in asked)
    return acc, len(scores), len(asked), right


def test_both_baselines_answer_every_question_without_a_page(outputs: dict[str, dict[str, Any]]) -> None:
    for model, got in outputs.items():
        for subset in SUBSETS:
            records = got["samples"][subset]
            assert records, (model, subset)
            for line in records:
                record = line["score"]
                assert record["valid"] is True and record["judge"].startswith("offline"), record
                assert record["answer"].strip() and record["answer"] != "Not found in the document."
            assert 0.0 <= got["results"][TASKS[subset]]["acc,none"] <= 1.0
        assert not (got["cache"] / "strips").exists(), f"{model} built page strips"
    majority = outputs["synthdoc_majority_verdict"]["samples"]["cross_modal"]
    assert any(line["score"]["answer"] in VERDICT_ANSWERS.values() for line in majority)


def test_report_shows_the_floor(outputs: dict[str, dict[str, Any]], tmp_path: Path) -> None:
    from synthdocbench_tasks.report import build_report

    roots = [got["root"] for got in outputs.values()]
    summary = build_report(roots, tmp_path / "report", resamples=200)
    text = summary.markdown.read_text(encoding="utf-8")
    assert "Shortcut floor" in text
    header = (tmp_path / "report" / "tables" / "shortcut_floor.csv").read_text().splitlines()[0]
    assert all(f"{model} ACC" in header for model in SHORTCUT_MODELS), header


def test_bounds_of_point_9(
    outputs: dict[str, dict[str, Any]], verdicts: dict[str, str], categories: dict[str, str]
) -> None:
    failures = []
    for model, got in outputs.items():
        asked = right = 0
        per_category: dict[str, list[bool]] = {}
        for subset in SUBSETS:
            acc, n, n_verdict, n_right = _figures(got["samples"][subset], verdicts)
            asked, right = asked + n_verdict, right + n_right
            print(f"\n{model} {subset}: ACC {acc:.3f} over {n} questions; verdicts {n_right}/{n_verdict}")
            if subset in MAX_ACC and acc > MAX_ACC[subset]:
                failures.append(f"{model} {subset} ACC {acc:.3f} > {MAX_ACC[subset]}")
            for line in got["samples"][subset]:
                qid = line["score"]["question_id"]
                if qid in verdicts:
                    said_right = _stated(line["score"]["answer"], verdicts[qid])
                    per_category.setdefault(categories[qid], []).append(said_right)
        share = wilson(right, asked)
        print(f"{model}: verdicts stated right {right}/{asked}, 95% CI [{share.lo:.3f}, {share.hi:.3f}]")
        if share.lo > CHANCE:
            failures.append(f"{model} guesses verdicts above chance: {right}/{asked} ({share})")
        # every verdict-bearing category has two classes: chance is one half, and no category's
        # verdicts are guessed better than that (its 95% CI reaches down to chance)
        for category, guesses in sorted(per_category.items()):
            said = f"{sum(guesses)}/{len(guesses)}"
            ci = wilson(sum(guesses), len(guesses))
            print(f"{model} {category}: verdicts {said}, 95% CI [{ci.lo:.3f}, {ci.hi:.3f}]")
            if ci.lo > CHANCE:
                failures.append(f"{model} guesses {category} verdicts above chance: {said}")
    assert not failures, json.dumps(failures)
