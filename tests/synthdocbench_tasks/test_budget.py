"""``synthdocbench budget`` on a generated dataset, checked against the image processor's own output."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from synthdocbench_tasks.budget import compute_budget, image_processor, percentile, strip_tokens
from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.strip_cache import StripCache
from synthdocbench_tasks.strips import StripSettings

pytestmark = pytest.mark.slow


def test_full_strip_tokens_match_the_published_qwen_figures() -> None:
    # A full 5-page strip at 144 DPI is 1117 x 7900 px.
    assert strip_tokens(image_processor("qwen3-vl"), 1117, 7900) == 8645
    # lmms-eval's qwen classes cap max_pixels at 1,605,632: the strip shrinks to ~476 x 3360.
    assert strip_tokens(image_processor("qwen3-vl", max_pixels=1_605_632), 1117, 7900) == 1470
    assert strip_tokens(image_processor("qwen2.5-vl"), 1117, 7900) == 11280


def test_percentile_and_max_model_len() -> None:
    assert percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95) == 10
    assert percentile([5], 95) == 5
    budget = compute_budget([[(1117, 7900), (1117, 7900)], [(1117, 3160)]], "qwen3-vl")
    assert budget.doc_tokens[0] == 2 * 8645
    assert budget.doc_strips == [2, 1]
    assert budget.max_model_len == 19456  # 17290 + 1024 + 512 = 18826, rounded up to 1,024
    assert budget.max_model_len % 1024 == 0


def test_unknown_processor_and_bad_pixels_are_clear_errors() -> None:
    with pytest.raises(SynthDocUserError, match="unknown processor 'llava'"):
        image_processor("llava")
    with pytest.raises(SynthDocUserError, match="0 < min <= max"):
        image_processor("qwen3-vl", max_pixels=10)


@pytest.mark.browser
def test_budget_counts_agree_with_real_preprocessing(dataset_dir: Path, tmp_path: Path) -> None:
    """The token count of a real strip equals what the processor's own preprocessing yields."""
    import datasets

    doc = datasets.load_dataset(str(dataset_dir), "documents", split="test")[0]
    pdf = (dataset_dir / doc["pdf_path"]).read_bytes()
    strips = StripCache(tmp_path / "cache").strips(pdf, StripSettings(), doc["doc_id"])
    processor = image_processor("qwen3-vl", max_pixels=1_605_632)
    for strip in strips[:2]:
        out = processor(images=[strip.image()], return_tensors="pt")
        t, h, w = (int(v) for v in out["image_grid_thw"][0])
        assert strip_tokens(processor, strip.width, strip.height) == t * h * w // processor.merge_size**2


@pytest.mark.browser
def test_budget_command_on_a_generated_dataset(dataset_dir: Path, tmp_path: Path) -> None:
    env = {**os.environ, "SYNTHDOC_CACHE_DIR": str(tmp_path / "cache"), "HF_DATASETS_OFFLINE": "1"}
    cmd = [sys.executable, "-m", "synthdocbench_tasks.cli", "budget", str(dataset_dir)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("processor qwen3-vl (max_pixels 16,777,216), 2 documents")
    assert any(line.startswith("image tokens per document: max ") for line in lines)
    assert any(line.startswith("max_model_len needed: ") for line in lines)
    assert "max_model_len 262,144 (the published qwen3-vl context):" in lines
    assert any(
        line.strip().startswith("as exported (max_pixels 16,777,216)") and "2 of 2" in line for line in lines
    )
    tight = subprocess.run(
        [*cmd, "--max-model-len", "20000"], capture_output=True, text=True, env=env, timeout=600
    )
    assert tight.returncode == 0, tight.stderr
    assert "max_model_len 20,000 (--max-model-len):" in tight.stdout
    assert "do not fit as exported: " in tight.stdout and "strip_max_pages" in tight.stdout
    bad = subprocess.run([*cmd, "--processor", "llava"], capture_output=True, text=True, env=env, timeout=120)
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "synthdocbench: --processor 'llava' is unknown: choose one of qwen3-vl, qwen2.5-vl"
    ]
