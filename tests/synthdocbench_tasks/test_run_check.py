"""The run checks behind `synthdocbench eval`'s exit status and `synthdocbench check`, on the
shapes lmms-eval 0.7.3 writes (the end-to-end runs are in test_eval_exit_status.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from synthdocbench_tasks.cli import tasks_dir
from synthdocbench_tasks.eval_command import normalise_args, option
from synthdocbench_tasks.run_check import (
    canonical_task,
    check_run,
    expected_samples,
    record_failure,
    split_tasks,
    task_names,
    unknown_task_message,
)


def test_alias_and_task_list() -> None:
    assert canonical_task("synthdoc_cross_modal") == "synthdoc_crossmodal"
    assert canonical_task("synthdoc_cross_modal_cot") == "synthdoc_crossmodal_cot"
    assert canonical_task("synthdoc_cross_modality") == "synthdoc_cross_modality"  # not the alias
    assert split_tasks(" synthdoc_chart,,synthdoc_cross_modal ,") == ["synthdoc_chart", "synthdoc_crossmodal"]


def test_equals_form_of_options_is_split_and_the_last_value_wins() -> None:
    args = normalise_args(["--tasks=a,b", "--model_args=x=1", "--tasks", "c"])
    assert args == ["--tasks", "a,b", "--model_args=x=1", "--tasks", "c"]
    assert option(args, "--tasks") == "c" and option(args, "--limit") is None


def test_task_folder_names_and_suggestions() -> None:
    names = task_names(tasks_dir())
    assert {"synthdoc", "synthdoc_chart", "synthdoc_crossmodal", "mmdocbench_chart_qa"} <= names.tasks
    assert "_default_template_yaml" not in names.all
    message = unknown_task_message(["synthdoc_chrt", "zzzz"], names.all)
    assert "synthdoc_chrt (did you mean synthdoc_chart?)" in message and ", zzzz;" in message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("limit", "offset", "expected"),
    [(None, 0, 10), (-1, 0, 10), (4.0, 0, 4), (0.25, 0, 3), (20, 0, 10), (4, 8, 2), (None, 12, 0)],
)
def test_expected_samples_follows_limit_and_offset(limit: float | None, offset: int, expected: int) -> None:
    assert expected_samples({"original": 10, "effective": 10}, {"limit": limit, "offset": offset}) == expected


def _record(**fields: Any) -> dict[str, Any]:
    return {"question_id": "q", "judge": "offline", "valid": True, "score": 7, **fields}


def _line(record: dict[str, Any]) -> dict[str, Any]:
    return {"doc_id": 0, "filtered_resps": ["x"], "acc": record, "score": record}


@pytest.mark.parametrize(
    ("record", "kind"),
    [
        (_record(failure=None), None),
        (_record(failure="model_error", score=-1, valid=False), "model_error"),
        (_record(failure="judge_unparseable", score=-1, valid=False), "judge_unparseable"),
        (_record(failure="not_judged", score=None, valid=False), "not_judged"),
        (_record(score=-1, valid=False), "unscored_without_reason"),  # a log from before `failure`
        (_record(), None),
    ],
)
def test_record_failure(record: dict[str, Any], kind: str | None) -> None:
    assert record_failure(_line(record)) == kind


def _results(n: int = 3, **config: Any) -> dict[str, Any]:
    return {
        "results": {"synthdoc_chart": {"acc,none": 0.0}},
        "group_subtasks": {"synthdoc_chart": []},
        "configs": {"synthdoc_chart": {}},
        "n-samples": {"synthdoc_chart": {"original": n, "effective": n}},
        "config": {"limit": None, "offset": 0, **config},
    }


def test_a_complete_run_passes_and_counts_unscored_answers() -> None:
    lines = [
        _line(_record()),
        _line(_record(failure="not_judged", score=None, valid=False)),
        _line(_record()),
    ]
    verdict = check_run(_results(), {"synthdoc_chart": lines}, requested=["synthdoc_chart"])
    assert verdict.ok, verdict.problems
    assert verdict.line() == "run complete: 1 task, 3 answers logged, none failed (unscored: 1 not_judged)"


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({"results": None}, "lmms-eval wrote no results"),
        (
            {"logged_errors": ["Error during evaluation: boom\ntraceback"]},
            "lmms-eval logged 1 error (first: Error",
        ),
        ({"requested": ["synthdoc_chart", "synthdoc_complex"]}, "task synthdoc_complex wrote no results"),
        (
            {"samples": {"synthdoc_chart": [_line(_record())] * 2}},
            "task synthdoc_chart: 1 of 3 samples missing",
        ),
        ({"samples": {}}, "task synthdoc_chart has no samples log"),
        (
            {
                "samples": {
                    "synthdoc_chart": [_line(_record(failure="judge_error", score=-1, valid=False))] * 3
                }
            },
            "3 of 3 answers failed (3 judge_error)",
        ),
        (
            {
                "samples": {
                    "synthdoc_chart": [_line(_record(failure="judge_unparseable", score=-1, valid=False))] * 3
                }
            },
            "task synthdoc_chart: no answer could be scored (3 judge replies without a valid score)",
        ),
    ],
)
def test_what_a_run_lost_is_named(kwargs: dict[str, Any], expected: str) -> None:
    args: dict[str, Any] = {
        "results": _results(),
        "samples": {"synthdoc_chart": [_line(_record())] * 3},
        "requested": ["synthdoc_chart"],
    }
    args.update(kwargs)
    verdict = check_run(args.pop("results"), args.pop("samples"), **args)
    assert not verdict.ok
    assert expected in verdict.line() and "\n" not in verdict.line()


def test_some_unparseable_judge_replies_among_scored_answers_are_counted_not_failed() -> None:
    bad = _record(failure="judge_unparseable", score=-1, valid=False)
    verdict = check_run(_results(), {"synthdoc_chart": [_line(_record()), _line(bad), _line(_record())]})
    assert verdict.ok and "(unscored: 1 judge_unparseable)" in verdict.line()


def test_limit_is_respected_and_metrics_count_without_samples() -> None:
    assert check_run(_results(**{"limit": 2.0}), {"synthdoc_chart": [_line(_record())] * 2}).ok
    results = _results()
    results["results"]["synthdoc_chart"]["failed,none"] = 2
    verdict = check_run(results, None)
    assert not verdict.ok and "2 answers failed (2 failed)" in verdict.line()


# -- the samples lines are read by the one reader (samples_log.record_of) -----------------

MMDOC = {"index": "1", "capability": "perception", "task": "chart", "sub_task": "qa", "em": 1.0, "f1": 1.0}


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ({"doc_id": 0, "em": MMDOC, "f1": MMDOC}, None),  # an MMDocBench line: no failure field
        ({"doc_id": 0, "exact_match": 1.0}, None),  # another task's line
        (_line(_record(score=None, valid=False)), "not_judged"),  # an old log, judge none
        (_line({**_record(score=-1, valid=False), "judge": None}), "unscored_without_reason"),
    ],
)
def test_lines_without_a_failure_field(line: dict[str, Any], kind: str | None) -> None:
    assert record_failure(line) == kind


@pytest.mark.parametrize(
    ("bad", "expected"),
    [
        (_line(_record(score="7")), "score: Input should be a valid number (got '7')"),
        (_line(_record(failure="crashed", score=-1, valid=False)), "failure: Input should be"),
        (_line(_record(failure="model_error")), "failure model_error goes with score -1 and valid false"),
        (
            {"doc_id": 0, "acc": _record(), "score": _record(score=3)},
            "the records under 'acc' and 'score' differ (score)",
        ),
        (_line({**_record(), "question_id": ""}), "question_id: String should have at least 1 character"),
    ],
)
def test_a_damaged_record_is_one_line_naming_task_and_line(bad: dict[str, Any], expected: str) -> None:
    lines = [_line(_record()), bad, bad]
    verdict = check_run(_results(), {"synthdoc_chart": lines}, requested=["synthdoc_chart"])
    assert not verdict.ok
    line = verdict.line()
    assert "task synthdoc_chart, samples line 2: " in line and expected in line, line
    assert "(1 more damaged lines in task synthdoc_chart)" in line and "\n" not in line


def test_mmdocbench_samples_are_counted_without_failures() -> None:
    results = _results()
    results["n-samples"] = {"mmdocbench_chart_qa": {"original": 2, "effective": 2}}
    results["results"] = {"mmdocbench_chart_qa": {"em,none": 1.0}}
    results["configs"] = {"mmdocbench_chart_qa": {}}
    lines = [{"doc_id": i, "em": MMDOC, "f1": MMDOC} for i in range(2)]
    verdict = check_run(results, {"mmdocbench_chart_qa": lines})
    assert verdict.ok and verdict.line() == "run complete: 1 task, 2 answers logged, none failed"


def test_check_reads_a_cut_off_samples_log_as_one_line(tmp_path: Path) -> None:
    import json

    from synthdocbench_tasks.errors import SynthDocUserError
    from synthdocbench_tasks.run_check import read_run

    results = _results(n=2)
    results["config"]["resolved_cli_args"] = {"log_samples": True, "tasks": "synthdoc_chart"}
    (tmp_path / "20260101_000000_results.json").write_text(json.dumps(results), encoding="utf-8")
    log = tmp_path / "20260101_000000_samples_synthdoc_chart.jsonl"
    log.write_text(json.dumps(_line(_record())) + "\n" + json.dumps(_line(_record()))[:40], encoding="utf-8")
    with pytest.raises(SynthDocUserError) as info:
        read_run(tmp_path)
    assert f"{log}:2: malformed JSON" in str(info.value) and "truncated" in str(info.value)
    log.write_text(json.dumps(_line(_record(failure="judge_error", score=-1, valid=False))) + "\n" * 2)
    _, read, samples = read_run(tmp_path)
    assert samples is not None
    verdict = check_run(read, samples, requested=["synthdoc_chart"])
    assert (
        not verdict.ok and "1 of 2 samples missing" in verdict.line() and "(1 judge_error)" in verdict.line()
    )
