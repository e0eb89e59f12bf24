"""Resolution is explicit (issue 14.2): `synthdocbench eval` warns in one line when the model
class will shrink the strips, and results record the strip settings the run used."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from synthdocbench_tasks.resolution import (
    FULL_RESOLUTION_MAX_PIXELS,
    RECORD_KEY,
    STRIP_PIXELS,
    STRIP_SIZE,
    model_max_pixels,
    resolution_warning,
    run_record,
)
from synthdocbench_tasks.strips import StripSettings


@pytest.mark.parametrize(
    ("model", "model_args", "cap"),
    [
        ("qwen3_vl", "pretrained=Qwen/Qwen3-VL-8B-Instruct", 1_605_632),
        ("qwen2_5_vl", None, 1_605_632),
        ("qwen2_vl", "pretrained=Qwen/Qwen2-VL-7B-Instruct", 602_112),
        ("qwen3_vl", "pretrained=x,max_pixels=1000000", 1_000_000),
        ("qwen3_vl", "pretrained=x, max_pixels = 2e6", 2_000_000),
    ],
)
def test_shrinking_classes_warn_in_one_line_naming_the_fix(
    model: str, model_args: str | None, cap: int
) -> None:
    assert model_max_pixels(model, model_args) == cap
    line = resolution_warning(model, model_args)
    assert line is not None and "\n" not in line
    assert f"--model {model}" in line and f"{cap:,} pixels" in line
    assert f"max_pixels={FULL_RESOLUTION_MAX_PIXELS} to --model_args" in line


@pytest.mark.parametrize(
    ("model", "model_args"),
    [
        ("vllm", "model=Qwen/Qwen3-VL-8B-Instruct,max_pixels=1605632"),  # applies to video only
        ("openai", "model_version=qwen3-vl"),
        ("qwen3_vl", f"pretrained=x,max_pixels={FULL_RESOLUTION_MAX_PIXELS}"),
        ("qwen3_vl", f"pretrained=x,max_pixels={STRIP_PIXELS}"),
        ("qwen3_vl", "pretrained=x,max_pixels=lots"),  # lmms-eval refuses it itself
        ("qwen3_vl", "pretrained=x,max_pixels="),
        (None, None),
        ("dummy", ",,=,max_pixels"),
    ],
)
def test_full_size_classes_and_unreadable_args_do_not_warn(model: str | None, model_args: str | None) -> None:
    assert resolution_warning(model, model_args) is None


@pytest.mark.browser
def test_the_strip_size_is_what_the_tasks_build(synthdoc_env: Path) -> None:
    """STRIP_SIZE is measured, not assumed: the widest, tallest strip of a real document."""
    from synthdocbench_tasks import dataset, hooks

    store = dataset.document_store(dataset.dataset_location())
    doc_id = sorted(p.stem for p in (synthdoc_env / "pdfs").glob("*.pdf"))[0]
    assert store.pdf(doc_id)
    strips = hooks.document_strips({"doc_id": doc_id}, StripSettings())
    full = max(strips, key=lambda s: s.width * s.height)
    assert abs(full.width - STRIP_SIZE[0]) <= 4 and full.height <= STRIP_SIZE[1]
    assert full.width * full.height > 0.9 * STRIP_PIXELS


def test_run_record_reads_the_task_configs_and_the_model() -> None:
    results = {
        "config": {"model": "qwen3_vl", "model_args": "pretrained=x"},
        "configs": {
            "synthdoc_chart_dpi72": {"lmms_eval_specific_kwargs": {"default": {}, "strip_dpi": 72}},
            "synthdoc_chart_text": {"lmms_eval_specific_kwargs": {"text_max_chars": 60000}},
            "mmdocbench_chart_qa": {"lmms_eval_specific_kwargs": None},
            "broken": "not a dict",
        },
    }
    record = run_record(results)
    assert record["strip_settings"] == {"synthdoc_chart_dpi72": {**vars(StripSettings()), "dpi": 72}}
    assert (record["model_max_pixels"], record["full_resolution"]) == (1_605_632, False)
    assert run_record({"config": "garbage", "configs": []}) == {
        "strip_settings": {},
        "model_max_pixels": None,
        "full_resolution": True,
        "generation": {},
        "prompt_style": {},
        "limit": None,
    }


# --- through the real CLI ------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.lmms_eval
def test_eval_records_strip_settings_and_check_reports_them(dataset_dir: Path, tmp_path: Path) -> None:
    from tests.helpers.lmms_eval_run import results, run, synthdoc_run_env, synthdocbench_eval_cmd

    out = tmp_path / "out"
    cmd = synthdocbench_eval_cmd(
        "--model", "dummy",
        "--model_args", "response=Not found in the document.",
        "--tasks", "synthdoc_chart",
        "--limit", "1",
        "--output_path", str(out),
    )  # fmt: skip
    env = synthdoc_run_env(dataset_dir, tmp_path)
    proc = run(cmd, env, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "resizes each strip" not in proc.stderr  # the dummy class keeps whatever it gets
    record = results(out, proc)[RECORD_KEY]
    assert record == {
        "strip_settings": {"synthdoc_chart": vars(StripSettings())},
        "model_max_pixels": None,
        "full_resolution": True,
        "generation": {
            "synthdoc_chart": {"max_new_tokens": 512, "temperature": 0.0, "task_max_new_tokens": 512}
        },
        "prompt_style": {"synthdoc_chart": "default"},
        "limit": 1.0,
    }
    check = run([*cmd[:3], "check", str(out)], env, timeout=300)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "strips of synthdoc_chart: 144 DPI, 5 pages per strip, at most 7900 px" in check.stdout

    # the same run as if lmms-eval had run qwen3_vl with its default: check says what it saw
    plain = tmp_path / "plain"
    shutil.copytree(out, plain)
    (path,) = plain.rglob("*_results.json")
    data = json.loads(path.read_text())
    data["config"].update(model="qwen3_vl", model_args="pretrained=Qwen/Qwen3-VL-8B-Instruct")
    del data[RECORD_KEY]
    path.write_text(json.dumps(data))
    check = run([*cmd[:3], "check", str(plain)], env, timeout=300)
    assert "capped images at 1,605,632 pixels" in check.stdout, check.stdout + check.stderr


@pytest.mark.browser
@pytest.mark.lmms_eval
def test_eval_warns_before_loading_a_shrinking_model(dataset_dir: Path, tmp_path: Path) -> None:
    from tests.helpers.lmms_eval_run import run, synthdoc_run_env, synthdocbench_eval_cmd

    cmd = synthdocbench_eval_cmd(
        "--model=qwen3_vl",
        "--model_args", f"pretrained={tmp_path / 'no-such-model'}",
        "--tasks", "synthdoc_chart",
        "--limit", "1",
        "--output_path", str(tmp_path / "out"),
    )  # fmt: skip
    proc = run(cmd, synthdoc_run_env(dataset_dir, tmp_path), timeout=900)
    warnings = [line for line in proc.stderr.splitlines() if "resizes each strip" in line]
    assert len(warnings) == 1, proc.stderr[-3000:]
    assert warnings[0].startswith("synthdocbench: warning: --model qwen3_vl")
    assert f"max_pixels={FULL_RESOLUTION_MAX_PIXELS}" in warnings[0]
    assert proc.returncode != 0  # the model itself does not exist
