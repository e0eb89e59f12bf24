"""Judge spec strings (SYNTHDOC_JUDGE) and build_judge."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from judge import (
    JudgeSpec,
    JudgeSpecError,
    OfflineJudge,
    OpenAIJudge,
    build_judge,
    parse_judge_spec,
    spec_forms,
)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("offline", JudgeSpec("offline")),
        (" NONE ", JudgeSpec("none")),
        ("openai:gpt-5", JudgeSpec("openai", "gpt-5")),
        (
            "openai:Qwen/Qwen3-VL-8B-Instruct@http://localhost:8000/v1/",
            JudgeSpec("openai", "Qwen/Qwen3-VL-8B-Instruct", "http://localhost:8000/v1"),
        ),
        (
            "OpenAI:gpt-4o@https://gateway.example/v1",
            JudgeSpec("openai", "gpt-4o", "https://gateway.example/v1"),
        ),
    ],
)
def test_valid_specs(spec: str, expected: JudgeSpec) -> None:
    parsed = parse_judge_spec(spec)
    assert parsed == expected
    assert parse_judge_spec(str(parsed)) == parsed


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("", "is empty"),
        ("   ", "is empty"),
        ("gpt-5", "names no known judge"),
        ("anthropic:claude", "names no known judge"),
        ("openai:", "has no model after 'openai:'"),
        ("openai:@http://x/v1", "has no model after 'openai:'"),
        ("openai:m@localhost:8000", "has a base URL that is not http(s)://"),
    ],
)
def test_bad_specs_name_the_valid_choices(spec: str, why: str) -> None:
    with pytest.raises(JudgeSpecError, match=r"^[^\n]+$") as info:
        parse_judge_spec(spec)
    message = str(info.value)
    assert why in message
    assert f"choose one of {spec_forms()}" in message


def test_build_judge_kinds(tmp_path: Path) -> None:
    assert build_judge("none") is None
    assert isinstance(build_judge(JudgeSpec("offline")), OfflineJudge)
    judge = build_judge(
        "openai:m",
        base_url="http://127.0.0.1:1/v1",
        api_key="k",
        cache_dir=tmp_path / "c",
        timeout=5,
        max_attempts=2,
    )
    assert isinstance(judge, OpenAIJudge)
    assert (judge.name, judge.prompt_version, judge.endpoint) == (
        "openai:m",
        "rubric-v2",
        "http://127.0.0.1:1/v1",
    )
    assert (judge.timeout, judge.max_attempts) == (5.0, 2)
    assert judge.cache is not None and judge.cache.path.parent == tmp_path / "c"
    assert not (tmp_path / "c").exists()  # building opens nothing
    in_spec = build_judge("openai:m@http://127.0.0.1:2/v1", base_url="http://127.0.0.1:1/v1", api_key="k")
    assert isinstance(in_spec, OpenAIJudge) and in_spec.endpoint == "http://127.0.0.1:2/v1"
    with pytest.raises(JudgeSpecError):
        build_judge("bogus")


def test_importing_the_package_does_no_work(tmp_path: Path) -> None:
    """No project imports, no threads, no files written (cache, home) on import."""
    code = (
        "import sys, threading, judge\n"
        "mine = ('synthdocbench_tasks', 'generation', 'hf_card')\n"
        "project = [m for m in sys.modules if m.split('.')[0] in mine]\n"
        "print(project, threading.active_count())\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {"PYTHONPATH": str(root), "HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[] 1"
    assert list(tmp_path.iterdir()) == []
