"""Secrets never leave the judge: redact_secrets, and credentials written into a judge URL.

Also: ``import judge`` does not import ``openai`` (it is imported when a client is built).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from judge import JudgeError, JudgeItem, JudgeSpecError, JudgeUnavailable, build_judge, parse_judge_spec
from judge.redact import redact_secrets
from tests.judge.judge_chat_stub import ChatStub, Reply

SECRET = "s3cr3t-Value-42"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("https://user:s3cr3t@gateway.example/v1", "https://***@gateway.example/v1"),
        ("http://token@127.0.0.1:8000/v1/chat", "http://***@127.0.0.1:8000/v1/chat"),
        ("https://h/v1?api-key=abc123&model=x", "https://h/v1?api-key=***&model=x"),
        ("https://h/v1?model=x&API_KEY=abc123", "https://h/v1?model=x&API_KEY=***"),
        ("https://h/v1?key=abc&token=def#frag", "https://h/v1?key=***&token=***#frag"),
        ("Authorization: Bearer abcdef.ghij-123", "Authorization: Bearer ***"),
        ("key sk-proj-AbCdEf0123456789 leaked", "key *** leaked"),
        ("nothing secret here: a key result, 4.2 billion", "nothing secret here: a key result, 4.2 billion"),
        ("", ""),
    ],
)
def test_redact_secrets(text: str, expected: str) -> None:
    assert redact_secrets(text) == expected


def test_values_of_secret_environment_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SYNTHDOC_JUDGE_API_KEY", SECRET)
    monkeypatch.setenv("MY_SERVICE_TOKEN", "tok/with spaces+")
    monkeypatch.setenv("HOME_DIR_SECRET", "yes")  # too short to replace everywhere
    text = f"failed with key {SECRET} (url-encoded s3cr3t-Value-42) and tok/with spaces+"
    text += " and tok%2Fwith%20spaces%2B"
    assert redact_secrets(text) == "failed with key *** (url-encoded ***) and *** and ***"
    assert redact_secrets("yes, it is") == "yes, it is"


def test_hostile_input_to_redact() -> None:
    assert redact_secrets(None) == "None"  # type: ignore[arg-type]
    assert redact_secrets("http://" + "a" * 100_000) == "http://" + "a" * 100_000
    assert redact_secrets("x://" + "@" * 10_000) == "x://" + "@" * 10_000  # no user-info: kept
    many = ("ab://" + "c" * 2000 + " ") * 500  # many schemes, no user-info: one pass, unchanged
    assert redact_secrets(many) == many
    assert redact_secrets("a://u:p@h " * 3) == "a://***@h " * 3


def test_credentials_in_a_judge_url_never_surface(closed_port_url: str) -> None:
    host = closed_port_url.removeprefix("http://")
    url = f"http://alice:{SECRET}@{host}?api-key={SECRET}"
    spec = f"openai:stub-judge@{url}"
    judge = build_judge(spec, api_key="k", max_attempts=1)
    assert judge is not None
    assert SECRET not in judge.endpoint and SECRET not in judge.name  # type: ignore[attr-defined]
    with pytest.raises(JudgeUnavailable) as preflight:
        judge.preflight()
    with pytest.raises(JudgeError) as scoring:
        judge.score(JudgeItem("q", "r", "c"))
    for message in (str(preflight.value), str(scoring.value), judge.usage.summary()):  # type: ignore[attr-defined]
        assert SECRET not in message
        assert "***@" in message or "judge usage" in message
    with pytest.raises(JudgeSpecError) as bad_spec:
        parse_judge_spec(f"openai:@https://bob:{SECRET}@gateway.example/v1")
    assert SECRET not in str(bad_spec.value)


def test_userinfo_credentials_still_reach_the_server(chat_stub: ChatStub) -> None:
    """Redaction is for display: the request itself still carries what the user wrote."""
    chat_stub.script = [Reply()]
    url = chat_stub.base_url.replace("http://", f"http://alice:{SECRET}@")
    judge = build_judge(f"openai:stub-judge@{url}", api_key="k", max_attempts=1)
    assert judge is not None
    assert judge.score(JudgeItem("q", "r", "c")).valid
    assert judge.endpoint == chat_stub.base_url.replace("http://", "http://***@")  # type: ignore[attr-defined]


@pytest.mark.slow
def test_importing_judge_does_not_import_openai() -> None:
    root = Path(__file__).resolve().parents[2]
    code = (
        "import sys, judge\n"
        "assert 'openai' not in sys.modules, 'judge imported openai'\n"
        "j = judge.build_judge('openai:m@http://127.0.0.1:9/v1')\n"
        "assert 'openai' not in sys.modules, 'building a judge imported openai'\n"
        "j.client()\n"
        "assert 'openai' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
