"""End to end: the cascade judge (``offline+openai:MODEL@URL``) through the real lmms-eval CLI
(``synthdocbench eval``) and ``synthdocbench judge``, against a loopback LLM judge that counts
its requests. The offline judge decides the answers it is certain of; only the uncertain ones
are sent to the LLM judge, whose verdicts are cached, so a rerun asks nothing. Offline-only
runs count the uncertain answers per task (``uncertain``)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge import OFFLINE_JUDGE_NAME, JudgeItem, OfflineJudge
from synthdocbench_tasks.rejudge import judged_folder
from tests.helpers.lmms_eval_run import (
    read_jsonl,
    results,
    run,
    samples_log,
    synthdoc_run_env,
    synthdocbench_eval_cmd,
)
from tests.judge.judge_chat_stub import ChatStub
from tests.judge.loopback import serve

pytestmark = [pytest.mark.browser, pytest.mark.lmms_eval]

TASK = "synthdoc_chart"
LIMIT = 3
# Answers the offline judge may not read (numbers in words of a language or script it does not
# read yet), tried in turn: the test uses the first one it marks uncertain on every chart
# question, so it keeps testing the cascade as the judge learns to read more (a hedge is no such
# answer: a failing answer whose doubts could only lower its score is certain). No comma:
# lmms-eval splits model_args on commas.
UNREAD = ("Примерно сорок два.", "大约四十二。", "Ungefähr zweiundvierzig Komma fünf Punkte oder so.")
ABSTAINS = "Not found in the document."


def _unread_answer(generated_dir: Path) -> str:
    questions = [
        json.loads(line)
        for path in sorted(generated_dir.glob("docs/*/questions.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    chart = [q for q in questions if q["subset"] == "chart"]
    judge = OfflineJudge()
    for answer in UNREAD:
        items = [JudgeItem(q["question"], q["answer"], answer, q["answer_values"]) for q in chart]
        if all(not judge.score(item).certain for item in items):
            return answer
    raise AssertionError("the offline judge is certain of every candidate answer: add one it cannot read")


@pytest.fixture()
def stub() -> Iterator[ChatStub]:
    yield from serve(ChatStub())


def _eval(dataset_dir: Path, tmp_path: Path, out: Path, judge: str, response: str) -> dict[str, Any]:
    cmd = synthdocbench_eval_cmd(
        "--model", "dummy",
        "--model_args", f"response={response}",
        "--tasks", TASK,
        "--limit", str(LIMIT),
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    env = synthdoc_run_env(dataset_dir, tmp_path, judge=judge)
    env = {k: v for k, v in env.items() if not k.startswith("OPENAI_")}
    proc = run(cmd, env, timeout=900)
    data = results(out, proc)
    data["_records"] = [line["acc"] for line in read_jsonl(samples_log(out, TASK, proc))]
    data["_log"] = samples_log(out, TASK, proc)
    return data


def test_the_cascade_asks_the_llm_judge_only_for_uncertain_answers(
    generated_dir: Path, dataset_dir: Path, tmp_path: Path, stub: ChatStub
) -> None:
    unread = _unread_answer(generated_dir)  # the answer the model gives on every question below
    # offline alone: every unread answer is scored by its best reading and counted uncertain
    offline = _eval(dataset_dir, tmp_path, tmp_path / "offline", "offline", unread)
    assert offline["results"][TASK]["uncertain,none"] == LIMIT
    assert all(r["certain"] is False and r["judge"] == OFFLINE_JUDGE_NAME for r in offline["_records"])

    cascade = f"offline+openai:stub-judge@{stub.base_url}"
    hedged = _eval(dataset_dir, tmp_path, tmp_path / "hedged", cascade, unread)
    assert len(stub.chat_requests) == LIMIT  # every answer was uncertain: each asked once
    assert all(r["judge"] == "openai:stub-judge" and r["score"] == 8 for r in hedged["_records"])
    assert hedged["results"][TASK]["uncertain,none"] == 0  # the LLM judge decided them

    sure = _eval(dataset_dir, tmp_path, tmp_path / "sure", cascade, ABSTAINS)
    assert len(stub.chat_requests) == LIMIT  # certain answers never reach the LLM judge
    assert all(r["judge"] == OFFLINE_JUDGE_NAME and r["certain"] is True for r in sure["_records"])

    again = _eval(dataset_dir, tmp_path, tmp_path / "again", cascade, unread)
    assert len(stub.chat_requests) == LIMIT  # the cache answered the rerun
    assert [r["score"] for r in again["_records"]] == [8] * LIMIT

    # `synthdocbench judge` on the offline run's log, a mix of certain and uncertain answers
    log = offline["_log"]
    lines = read_jsonl(log)
    for i, line in enumerate(lines):
        if i % 2 == 0:
            line["filtered_resps"] = [line["acc"]["reference"]]
    mixed = tmp_path / "mixed" / log.name
    mixed.parent.mkdir()
    mixed.write_text("".join(json.dumps(line) + "\n" for line in lines))
    judge = OfflineJudge()
    uncertain = sum(
        not judge.score(
            JudgeItem(r["question"], r["reference"], line["filtered_resps"][0], r["answer_values"])
        ).certain
        for line in lines
        for r in [line["acc"]]
    )
    assert 0 < uncertain < len(lines)
    stub_before = len(stub.chat_requests)
    env = synthdoc_run_env(dataset_dir, tmp_path / "judge-cmd", judge="offline")
    cmd = [sys.executable, "-m", "synthdocbench_tasks.cli", "judge", str(mixed), "--judge", cascade]
    for attempt in range(2):
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr
        asked = len(stub.chat_requests) - stub_before
        assert asked == uncertain, (attempt, asked, uncertain)  # the rerun is served by the cache
    out = mixed.parent / judged_folder(f"offline+openai:stub-judge@{stub.base_url}") / mixed.name
    if not out.exists():
        (out,) = list(mixed.parent.glob(f"judged-*/{mixed.name}"))
    judges = [json.loads(x)["acc"]["judge"] for x in out.read_text().splitlines()]
    assert (
        judges.count("openai:stub-judge") == uncertain
        and judges.count(OFFLINE_JUDGE_NAME) == len(lines) - uncertain
    )
