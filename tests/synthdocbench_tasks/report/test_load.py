"""Reading sample logs into runs: grouping, model names, unscored answers, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.report.load import discover, load_runs

from .logs import Q, benchmark, write_run


def _runs(*paths: Path) -> list:
    return load_runs(discover(list(paths)))


def test_the_three_task_logs_of_a_run_form_one_model_named_from_the_results_file(tmp_path: Path) -> None:
    qs = benchmark(2, 3)
    write_run(
        tmp_path / "out", qs, [10, 0, 6, 3, -1, None], model_args="model=Qwen/Qwen3-VL-8B-Instruct,tp=1"
    )
    (run,) = _runs(tmp_path / "out")
    assert len(run.files) == 3
    assert run.model == run.label == "Qwen/Qwen3-VL-8B-Instruct"
    assert run.judge == "openai:gpt-5"  # an old log's bare name, qualified
    assert run.counts() == {"valid": 4, "unscored": 1, "not_judged": 1}
    assert sorted(a.score or 0 for a in run.valid()) == [0.0, 3.0, 6.0, 10.0]
    a = next(a for a in run.answers if a.question_id == "doc0-q0")
    assert a.question == "question doc0-q0?" and a.reference == "reference of doc0-q0"
    assert a.position_bucket == "early" and a.doc_id == "doc0"


def test_model_name_falls_back_to_the_model_then_the_folder(tmp_path: Path) -> None:
    qs = benchmark(1, 3)
    write_run(tmp_path / "a", qs, [1, 2, 3], model="dummy", model_args="response=hello")
    write_run(tmp_path / "my-model", qs, [1, 2, 3], results_file=False)
    runs = {r.model for r in _runs(tmp_path / "a", tmp_path / "my-model")}
    assert runs == {"dummy", "my-model"}


def test_clashing_names_get_the_folder_and_a_results_file_selects_its_run(tmp_path: Path) -> None:
    qs = benchmark(1, 3)
    write_run(tmp_path / "first", qs, [1, 2, 3], model="dummy")
    write_run(tmp_path / "second", qs, [4, 5, 6], model="dummy")
    write_run(tmp_path / "second", qs, [7, 8, 9], model="dummy", date="20260102_000000")
    labels = sorted(r.label for r in _runs(tmp_path))
    assert labels == ["dummy@first", "dummy@second@20260101_120000", "dummy@second@20260102_000000"]
    (only,) = _runs(tmp_path / "second" / "20260102_000000_results.json")
    assert sorted(a.score or 0 for a in only.answers) == [7, 8, 9]


def test_the_same_model_under_two_judges_keeps_one_label(tmp_path: Path) -> None:
    qs = benchmark(1, 3)
    write_run(tmp_path / "gpt5", qs, [1, 2, 3], model_args="model=m")
    write_run(tmp_path / "alt", qs, [1, 2, 3], model_args="model=m", judge="gemini")
    assert sorted((r.label, r.judge) for r in _runs(tmp_path)) == [
        ("m", "openai:gemini"),
        ("m", "openai:gpt-5"),
    ]


def test_missing_path_is_one_clear_line(tmp_path: Path) -> None:
    with pytest.raises(SynthDocUserError, match="does not exist"):
        discover([tmp_path / "nope"])
    with pytest.raises(SynthDocUserError, match="no SynthDocBench samples log"):
        discover([tmp_path])
    with pytest.raises(SynthDocUserError, match="no results given"):
        discover([])


def test_malformed_json_names_the_file_and_line(tmp_path: Path) -> None:
    write_run(tmp_path, benchmark(1, 3), [1, 2, 3])
    log = next(tmp_path.glob("*_samples_synthdoc_chart.jsonl"))
    log.write_text(log.read_text() + '{"doc_id": 1, "score": \n')
    with pytest.raises(SynthDocUserError) as err:
        _runs(tmp_path)
    assert f"{log}:2: malformed JSON" in str(err.value)
    assert "\n" not in str(err.value)


def test_a_log_without_score_records_is_rejected(tmp_path: Path) -> None:
    log = tmp_path / "20260101_samples_synthdoc_chart.jsonl"
    log.write_text(json.dumps({"doc_id": 0, "target": "x", "filtered_resps": "y", "input": "q"}) + "\n")
    with pytest.raises(SynthDocUserError, match="no judge record"):
        _runs(log)
    log.write_text("\n")
    with pytest.raises(SynthDocUserError, match="holds no score records"):
        _runs(log)


def test_a_run_nobody_judged_is_rejected_with_what_to_do(tmp_path: Path) -> None:
    write_run(tmp_path, benchmark(1, 3), [None, None, -1])
    with pytest.raises(SynthDocUserError, match="synthdocbench judge"):
        _runs(tmp_path)


def test_a_question_twice_in_one_run_is_rejected(tmp_path: Path) -> None:
    q = Q("dup", "doc0", "chart")
    write_run(tmp_path, [q], [5])
    log = next(tmp_path.glob("*.jsonl"))
    log.write_text(log.read_text() * 2)
    with pytest.raises(SynthDocUserError, match="appears twice"):
        _runs(tmp_path)


def test_the_judge_names_the_report_reads_are_the_judge_packages() -> None:
    from judge.choices import CASCADE_PREFIX, OFFLINE
    from synthdocbench_tasks.report import load

    assert (load.OFFLINE, load.CASCADE_PREFIX) == (OFFLINE, CASCADE_PREFIX)


def test_reading_logs_imports_neither_the_judges_nor_the_statistics_nor_the_models(tmp_path: Path) -> None:
    """The viewer and the report's reader start without the judges (pint), the grounded tasks,
    numpy or the pydantic record models, and read a log of plain records without them: each is
    imported where it is used (the models where a record needs them to decide)."""
    import subprocess
    import sys

    write_run(tmp_path, [Q("q1", "doc0", "chart"), Q("q2", "doc0", "complex")], [5, 9])
    (log,) = sorted(tmp_path.glob("*_samples_*.jsonl"))[:1]
    heavy = (
        "judge",
        "numpy",
        "pydantic",
        "synthdocbench_tasks.grounded",
        "synthdocbench_tasks.records",
        "synthdocbench_tasks.schema",
        "synthdocbench_tasks.report.build",
    )
    code = (
        "import sys; import synthdocbench_tasks.viewer.data, synthdocbench_tasks.report.load as load; "
        f"answers = load.read_samples(__import__('pathlib').Path({str(log)!r})); "
        f"print(len(answers), sorted(m for m in {heavy!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1 []"
