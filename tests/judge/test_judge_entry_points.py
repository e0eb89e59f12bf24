"""Judge backends found through the ``synthdocbench.judge_backends`` entry-point group.

A real distribution is installed the way pip lays one out (a package and its
``*.dist-info`` with ``entry_points.txt``) into a temporary folder on ``sys.path``: its
backend is listed without being imported, loaded the first time its name is resolved,
judges through the one LLM judge, names itself ``backend:model`` in verdicts, and is
selectable in a fresh process (``synthdocbench judge``, as inside an lmms-eval run) with
nothing registered by hand. Broken entry points are one clear line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge import JudgeItem, JudgeSpecError, LLMJudge, backend_names, build_judge, parse_judge_spec
from judge.choices import ENTRY_POINT_GROUP, unregister_backend
from judge.registry import BUILT_IN_BACKENDS
from synthdocbench_tasks.rejudge import judged_folder

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = '''
"""A judge backend distributed as its own package (test fixture)."""

from judge.backends.base import BackendSettings, Completion
from judge.choices import BackendEntry

REPLY = '{"score": 7, "judgement": "Close enough (entry-point judge)."}'


class EchoBackend:
    kind = "epjudge"

    def __init__(self, settings: BackendSettings) -> None:
        self.model = settings.model
        self.settings = settings
        self.calls = 0

    @property
    def endpoint(self) -> str:
        return self.settings.base_url

    @property
    def cache_name(self) -> str:
        return self.model

    @property
    def longest_request(self) -> float:
        return 1.0

    def complete(self, messages, *, max_tokens=None, temperature=0.0):
        self.calls += 1
        return Completion(text=REPLY, prompt_tokens=10, completion_tokens=5)

    def preflight(self) -> None:
        pass

    def close(self) -> None:
        pass


ENTRY = BackendEntry(
    name="epjudge",
    summary="a backend from an installed package (test)",
    backend=EchoBackend,
    default_base_url="http://epjudge.invalid/v1",
)


def broken():
    raise RuntimeError("this backend's module is broken")


NOT_AN_ENTRY = 42
'''
ITEM = JudgeItem("How many?", "There were 12.", "About 12.")


def _install(site: Path, points: dict[str, str]) -> Path:
    """A distribution in ``site`` the way pip writes one, declaring ``points``."""
    (site / "epjudge_pkg").mkdir(parents=True)
    (site / "epjudge_pkg" / "__init__.py").write_text(PACKAGE, encoding="utf-8")
    info = site / "epjudge_pkg-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: epjudge-pkg\nVersion: 0.1\n", encoding="utf-8"
    )
    lines = "".join(f"{name} = {target}\n" for name, target in points.items())
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{lines}", encoding="utf-8")
    (info / "RECORD").write_text("", encoding="utf-8")
    return site


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = _install(
        tmp_path / "site",
        {
            "epjudge": "epjudge_pkg:ENTRY",
            "brokenjudge": "epjudge_pkg:broken",
            "oddjudge": "epjudge_pkg:NOT_AN_ENTRY",
            "misnamed": "epjudge_pkg:ENTRY",
        },
    )
    monkeypatch.syspath_prepend(str(folder))
    yield folder
    for name in ("epjudge",):
        unregister_backend(name)
    sys.modules.pop("epjudge_pkg", None)


def test_an_installed_backend_is_listed_before_it_is_loaded(site: Path) -> None:
    names = backend_names()
    assert {"epjudge", "brokenjudge"} <= set(names)
    assert names[: len(BUILT_IN_BACKENDS)] == tuple(e.name for e in BUILT_IN_BACKENDS)
    assert "epjudge_pkg" not in sys.modules  # listed lazily: nothing imported


def test_an_installed_backend_is_selected_by_its_spec_and_names_itself(site: Path, tmp_path: Path) -> None:
    spec = parse_judge_spec("epjudge:m1")
    assert (spec.kind, spec.model) == ("epjudge", "m1") and "epjudge_pkg" in sys.modules
    judge = build_judge("epjudge:m1", cache_dir=tmp_path / "cache")
    assert type(judge) is LLMJudge and judge.name == "epjudge:m1"
    verdict = judge.score(ITEM)
    assert (verdict.score, verdict.judge, verdict.valid) == (7, "epjudge:m1", True)
    again = build_judge("epjudge:m1", cache_dir=tmp_path / "cache")
    assert again is not None and again.cached(ITEM) is not None  # the one cache serves it too
    cascade = build_judge("offline+epjudge:m1")
    assert cascade is not None and cascade.name == "offline+epjudge:m1"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("brokenjudge", "cannot be loaded: RuntimeError: this backend's module is broken"),
        ("oddjudge", "is not a judge.choices.BackendEntry (got int)"),
        ("misnamed", "names itself 'epjudge': the two names must agree"),
    ],
)
def test_a_broken_entry_point_is_one_line(site: Path, name: str, why: str) -> None:
    with pytest.raises(JudgeSpecError, match=r"^[^\n]+$") as info:
        parse_judge_spec(f"{name}:m")
    assert why in str(info.value) and ENTRY_POINT_GROUP in str(info.value)


@pytest.mark.slow
def test_an_installed_backend_judges_in_a_fresh_process(site: Path, tmp_path: Path) -> None:
    """``synthdocbench judge`` in its own process (as in an lmms-eval run): nothing registers it by hand."""
    record = {"question_id": "q1", "doc_id": "d1", "subset": "chart", "question": "How many?",
              "reference": "There were 12.", "answer": "about twelve", "score": None,
              "answer_values": [{"kind": "number", "text": "12", "value": 12.0, "unit": "", "abs_tol": 0.0,
                                 "rel_tol": 0.0, "aliases": []}]}  # fmt: skip
    log = tmp_path / "run" / "20250101_samples_synthdoc_chart.jsonl"
    log.parent.mkdir()
    log.write_text(json.dumps({"doc_id": 0, "filtered_resps": ["about twelve"], "acc": record}) + "\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SYNTHDOC_", "OPENAI_"))}
    env.update(PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]), SYNTHDOC_CACHE_DIR=str(tmp_path / "cache"))
    cmd = [sys.executable, "-m", "synthdocbench_tasks.cli", "judge", str(log), "--judge", "epjudge:m2"]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    (line,) = (log.parent / judged_folder("epjudge:m2") / log.name).read_text().splitlines()
    judged = json.loads(line)["acc"]
    assert (judged["score"], judged["judge"], judged["certain"]) == (7, "epjudge:m2", True)
