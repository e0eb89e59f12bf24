"""Every list of judge choices the project prints comes from the judge registry.

A backend registered in the test (and removed afterwards) must appear in the error lines of
``SYNTHDOC_JUDGE`` unset or wrong (live runs, :mod:`synthdocbench_tasks.judging`) and of
``synthdocbench judge`` without a usable ``--judge`` (the real CLI entry point, in process,
so that the registration is seen); ``--batch`` lists only backends whose judges can send
Batch API jobs.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge import BackendEntry, BackendSettings, OpenAIJudge, register_backend, spec_forms, unregister_backend
from judge.backends.base import Backend
from synthdocbench_tasks import cli
from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.judging import build_session
from synthdocbench_tasks.settings import JudgeLimits, load_settings

FAKE_FORMS = "fakejudge:MODEL or fakejudge:MODEL@BASE_URL"
BATCHY_FORMS = "batchyjudge:MODEL or batchyjudge:MODEL@BASE_URL"
SECRET = "sk-fakejudgesecret0123456789"
PREFIX = "synthdocbench: "


def _never_built(settings: BackendSettings) -> Backend:
    raise AssertionError(f"no test here builds a judge ({settings.model})")


def _batch_judge() -> type[OpenAIJudge]:
    return OpenAIJudge


FAKE = BackendEntry(
    name="fakejudge",
    summary="a test-only chat endpoint",
    backend=_never_built,
    api_key_env="FAKEJUDGE_API_KEY",
)
#: A backend whose judges are OpenAI judges, so it can send Batch API jobs.
BATCHY = BackendEntry(name="batchyjudge", summary="a test-only batch endpoint", backend=_never_built,
                      judge_type=_batch_judge)  # fmt: skip


@pytest.fixture
def registered() -> Iterator[None]:
    register_backend(FAKE)
    register_backend(BATCHY)
    try:
        yield
    finally:
        unregister_backend(FAKE.name)
        unregister_backend(BATCHY.name)


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("SYNTHDOC_JUDGE", "SYNTHDOC_JUDGE_BASE_URL", "SYNTHDOC_JUDGE_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SYNTHDOC_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path


def _session_error() -> str:
    with pytest.raises(SynthDocUserError) as info:
        build_session(load_settings(), JudgeLimits())
    text = str(info.value)
    assert "\n" not in text and text.startswith(PREFIX)
    return text.removeprefix(PREFIX)


def _log(folder: Path) -> Path:
    record = {"question_id": "q1", "doc_id": 0, "subset": "chart", "question": "How many?",
              "reference": "There were 12.", "answer": "", "score": None, "judge": "none",
              "valid": False, "failure": "not_judged",
              "answer_values": [{"kind": "number", "text": "12", "value": 12.0, "unit": ""}]}  # fmt: skip
    path = folder / "run" / "20250101_samples_synthdoc_chart.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps({"doc_id": 0, "filtered_resps": ["12"], "acc": record, "score": record}) + "\n"
    )
    return path


def _cli_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one stderr line of ``synthdocbench judge ARGS``, run through the real entry point."""
    monkeypatch.setattr(sys, "argv", ["synthdocbench", "judge", *args])
    with pytest.raises(SystemExit) as info:
        cli.main()
    assert info.value.code == 2
    captured = capsys.readouterr()
    (line,) = captured.err.strip().splitlines()
    assert captured.out == "" and line.startswith(PREFIX)
    return line.removeprefix(PREFIX)


def test_an_unset_judge_lists_a_registered_backend(registered: None, env: Path) -> None:
    text = _session_error()
    assert text.startswith("no judge selected: set SYNTHDOC_JUDGE to one of: offline (")
    assert f"{FAKE_FORMS} (a test-only chat endpoint; key from FAKEJUDGE_API_KEY)" in text
    assert "openai:MODEL or openai:MODEL@BASE_URL" in text and BATCHY_FORMS in text
    assert "none (record answers only, judge later)" in text


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("fakejudge", "names no known judge"),  # a backend name without a model
        ("fakejudge:", "has no model after 'fakejudge:'"),  # truncated
        ("fakejudge:m@ftp://host/v1", "has a base URL that is not http(s)"),
        (f"claude:{SECRET}\nrm -rf /", "names no known judge"),  # hostile: a key and a second line
    ],
)
def test_a_bad_spec_lists_a_registered_backend(
    registered: None, env: Path, monkeypatch: pytest.MonkeyPatch, spec: str, why: str
) -> None:
    monkeypatch.setenv("SYNTHDOC_JUDGE", spec)
    text = _session_error()
    assert text.startswith("SYNTHDOC_JUDGE=") and why in text
    assert f"{FAKE_FORMS} (a test-only chat endpoint; key from FAKEJUDGE_API_KEY)" in text
    assert SECRET not in text


def test_without_the_registration_the_backend_is_gone(env: Path) -> None:
    text = _session_error()
    assert "fakejudge" not in text and "openai:MODEL or openai:MODEL@BASE_URL" in text


def test_the_judge_command_without_a_judge_lists_a_registered_backend(
    registered: None, env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _log(env)
    line = _cli_error(monkeypatch, capsys, str(log))
    forms = spec_forms("MODEL", "BASE_URL", none=False)
    assert line == f"no judge given: pass --judge {forms} (or set SYNTHDOC_JUDGE)"
    assert f"{FAKE_FORMS}, {BATCHY_FORMS}" in line
    none = _cli_error(monkeypatch, capsys, str(log), "--judge", "none")
    assert none.startswith("--judge none scores nothing: pass --judge offline, ") and FAKE_FORMS in none
    bad = _cli_error(monkeypatch, capsys, str(log), "--judge", f"fakejudge={SECRET}")
    assert "names no known judge" in bad and "fakejudge:<model> or fakejudge:<model>@<base_url>" in bad
    assert SECRET not in bad
    assert not any(p.name.startswith("judged-") for p in log.parent.iterdir()) and sorted(
        log.parent.iterdir()
    ) == [log]


def test_batch_lists_only_backends_that_can_send_batch_jobs(
    registered: None, env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    line = _cli_error(monkeypatch, capsys, str(_log(env)), "--judge", "offline", "--batch")
    assert line.startswith(
        f"--batch needs an API judge (--judge openai:MODEL or openai:MODEL@BASE_URL, {BATCHY_FORMS}), not "
    )
    assert "fakejudge" not in line
