"""Whether a model class sees the strips at the benchmark's resolution, and the record of
the strip settings a run used (issue 14.2).

lmms-eval 0.7.3's transformers classes for Qwen VL models resize every image to at most
``max_pixels`` (their default is well below a strip); the vLLM and OpenAI-compatible chat
classes send strips at full size. :func:`resolution_warning` says so in one line before a
run; :func:`run_record` is what ``synthdocbench eval`` adds to each results file it wrote
(key :data:`RECORD_KEY`) and what ``synthdocbench check`` reports for a plain lmms-eval run.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict
from pathlib import Path
from typing import Any

from .sampling import parse_model_args, sent_settings
from .strips import StripSettings

#: A full five-page strip at the tasks' default settings (144 DPI), in pixels (docs/vllm.md §2).
STRIP_SIZE = (1117, 7900)
STRIP_PIXELS = STRIP_SIZE[0] * STRIP_SIZE[1]
#: A ``max_pixels`` that keeps every strip whole (what docs/vllm.md recommends).
FULL_RESOLUTION_MAX_PIXELS = 16_777_216
#: lmms-eval 0.7.3 model classes that shrink each image to ``max_pixels``, and their default.
SHRINKING_CLASSES: dict[str, int] = {
    "qwen2_vl": 602_112,
    "qwen2_5_vl": 1_605_632,
    "qwen3_vl": 1_605_632,
}
#: The top-level key ``synthdocbench eval`` adds to each results file.
RECORD_KEY = "synthdocbench"


def model_max_pixels(model: str | None, model_args: str | None) -> int | None:
    """The pixel cap a model class puts on each image; None when it keeps the full size (or
    when it is not one of :data:`SHRINKING_CLASSES`, or ``max_pixels`` is not an integer)."""
    if model not in SHRINKING_CLASSES:
        return None
    raw = parse_model_args(model_args).get("max_pixels")
    if raw is None:
        return SHRINKING_CLASSES[model]
    try:
        return int(float(raw))
    except ValueError:
        return None  # lmms-eval refuses it with its own message


def shrunk_size(max_pixels: int) -> tuple[int, int, int]:
    """(width, height, DPI per page) of a full strip resized to ``max_pixels`` (aspect kept)."""
    scale = min(1.0, math.sqrt(max_pixels / STRIP_PIXELS))
    return round(STRIP_SIZE[0] * scale), round(STRIP_SIZE[1] * scale), round(144 * scale)


def resolution_warning(model: str | None, model_args: str | None) -> str | None:
    """One line when ``model`` with ``model_args`` will shrink strips below the benchmark's
    resolution, naming the argument that keeps it; else None."""
    cap = model_max_pixels(model, model_args)
    if cap is None or cap >= STRIP_PIXELS:
        return None
    width, height, dpi = shrunk_size(cap)
    given = "max_pixels" in parse_model_args(model_args)
    why = f"max_pixels={cap}" if given else f"its default max_pixels={cap}"
    return (
        f"warning: --model {model} resizes each strip to at most {cap:,} pixels ({why}): a full "
        f"{STRIP_SIZE[0]:,} x {STRIP_SIZE[1]:,} strip becomes about {width} x {height:,} (~{dpi} DPI "
        f"per page instead of 144), so results are not comparable with full-resolution runs; add "
        f"max_pixels={FULL_RESOLUTION_MAX_PIXELS} to --model_args to keep the benchmark's resolution "
        "(docs/vllm.md section 2)"
    )


def _vision_strip_settings(configs: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Per synthdoc task that shows strips: every strip setting it ran with (defaults filled)."""
    out: dict[str, dict[str, int]] = {}
    for task, cfg in sorted(configs.items()):
        kwargs = cfg.get("lmms_eval_specific_kwargs") if isinstance(cfg, dict) else None
        if not isinstance(kwargs, dict):
            continue
        flat = {k: v for k, v in kwargs.items() if k != "default"}
        if not any(str(k).startswith("strip_") for k in flat):
            continue  # text tasks and MMDocBench tasks have no strips
        out[task] = asdict(StripSettings.from_kwargs(flat))
    return out


def _generation_sent(model: str | None, model_args: str | None, configs: dict[str, Any]) -> dict[str, Any]:
    """Per task of this package: the ``max_new_tokens`` and ``temperature`` the model class sent."""
    out: dict[str, Any] = {}
    for task, cfg in sorted(configs.items()):
        if not isinstance(cfg, dict) or not str(task).startswith(("synthdoc", "mmdocbench")):
            continue
        gen = cfg.get("generation_kwargs")
        out[task] = sent_settings(model, model_args, gen if isinstance(gen, dict) else {})
    return out


def _prompt_styles(configs: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for task, cfg in sorted(configs.items()):
        kwargs = cfg.get("lmms_eval_specific_kwargs") if isinstance(cfg, dict) else None
        if isinstance(kwargs, dict) and "prompt_style" in kwargs:
            out[task] = str(kwargs["prompt_style"])
    return out


def run_record(results: dict[str, Any]) -> dict[str, Any]:
    """What a run's results say about its protocol: the strip settings per task and what the
    model class does to them, the generation settings it sent, prompt styles and ``--limit``."""
    raw_config, raw_configs = results.get("config"), results.get("configs")
    config: dict[str, Any] = raw_config if isinstance(raw_config, dict) else {}
    configs: dict[str, Any] = raw_configs if isinstance(raw_configs, dict) else {}
    model = str(config.get("model")) if config.get("model") is not None else None
    model_args = config.get("model_args")
    args_text = model_args if isinstance(model_args, str) else None
    cap = model_max_pixels(model, args_text)
    return {
        "strip_settings": _vision_strip_settings(configs),
        "model_max_pixels": cap,
        "full_resolution": cap is None or cap >= STRIP_PIXELS,
        "generation": _generation_sent(model, args_text, configs),
        "prompt_style": _prompt_styles(configs),
        "limit": config.get("limit"),
    }


def record_in_results(output_path: str | None, since: float) -> list[Path]:
    """Add :func:`run_record` under :data:`RECORD_KEY` to each results file written since
    ``since`` under ``output_path``; returns the files changed."""
    if not output_path or not Path(output_path).is_dir():
        return []
    from .atomic import write_text_atomic

    changed: list[Path] = []
    for path in sorted(Path(output_path).rglob("*_results.json")):
        if path.stat().st_mtime < since:
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # the run check names an unreadable results file
        if not isinstance(data, dict):
            continue
        record = run_record(data)
        if not record["strip_settings"] and not record["generation"]:
            continue
        data[RECORD_KEY] = record
        write_text_atomic(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        changed.append(path)
    return changed


def describe(record: dict[str, Any]) -> list[str]:
    """Lines for ``synthdocbench check``: the strip settings, and what the model did to them."""
    lines = []
    for task, s in record["strip_settings"].items():
        lines.append(
            f"strips of {task}: {s['dpi']} DPI, {s['pages_per_strip']} pages per strip, at most "
            f"{s['max_dimension']} px and {s['max_bytes']:,} bytes, JPEG quality {s['jpeg_quality']}"
        )
    for task, sent in record.get("generation", {}).items():
        temperature = "not sent" if sent["temperature"] is None else f"{sent['temperature']:g}"
        lines.append(
            f"generation of {task}: max_new_tokens {sent['max_new_tokens']} sent (task asks "
            f"{sent['task_max_new_tokens']}), temperature {temperature}"
        )
    if record["strip_settings"] and not record["full_resolution"]:
        width, height, dpi = shrunk_size(int(record["model_max_pixels"]))
        lines.append(
            f"the model class capped images at {record['model_max_pixels']:,} pixels: strips were seen "
            f"at about {width} x {height:,} (~{dpi} DPI per page), not at the benchmark's resolution"
        )
    return lines
