"""Batch judging (judge/batch.py) against a real loopback server of the files and batches endpoints."""

from __future__ import annotations

import fcntl
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge import JudgeError, JudgeItem, JudgementCache, JudgeRequestError, JudgeUnavailable, OpenAIJudge
from judge.batch import BatchReport, judge_in_batch, prompt_set_digest
from tests.judge.batch_stub import Answer, BatchStub, ErrorLine, HttpLine
from tests.judge.loopback import serve

POLL = 0.05
ITEMS = [JudgeItem(f"What is value {i}?", f"{i} units", f"about {i} units") for i in range(6)]


@pytest.fixture
def stub() -> Iterator[BatchStub]:
    yield from serve(BatchStub())


def make_judge(url: str, cache: Path) -> OpenAIJudge:
    return OpenAIJudge(
        "stub-judge",
        base_url=url,
        api_key="sk-test",
        cache=JudgementCache(cache),
        max_attempts=2,
        backoff_initial=0.01,
        backoff_max=0.02,
        timeout=5.0,
    )


def run(judge: OpenAIJudge, items: list[JudgeItem] = ITEMS, **kw: object) -> BatchReport:
    return judge_in_batch(judge, items, poll_interval=POLL, **kw)  # type: ignore[arg-type]


def state_files(cache: Path) -> list[Path]:
    return sorted((cache / "batches").glob("*.json")) if (cache / "batches").exists() else []


def items_state(judge: OpenAIJudge, cache: Path) -> Path:
    """The state file a batch of ``ITEMS`` for ``judge`` is recorded in (its lock: ``.lock``)."""
    digest = prompt_set_digest("stub-judge", judge.endpoint, [judge.key(item) for item in ITEMS])
    return cache / "batches" / f"{digest}.json"


def number(prompt: str) -> int:
    """The item index named in a rendered prompt ("What is value 3?")."""
    return int(prompt.split("What is value ", 1)[1].split("?", 1)[0])


def test_happy_path_fills_the_cache_and_an_online_rerun_asks_nothing(stub: BatchStub, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    judge = make_judge(stub.base_url, cache)
    events: list[str] = []
    report = run(judge, [*ITEMS, ITEMS[0]], on_event=events.append)  # a repeated item is asked once
    assert [(a.judgement.score, a.judgement.valid) for a in report.answers if a.judgement] == [(8, True)] * 7
    assert all(a.error is None for a in report.answers)
    assert (report.requests, report.completed, report.failed) == (6, 6, 0)
    assert (report.prompt_tokens, report.completion_tokens) == (600, 120)
    assert report.batch_ids == ["batch_1"] and not report.resumed
    assert stub.count("POST", "/v1/files") == 1 and stub.count("POST", "/v1/batches") == 1
    assert stub.count("POST", "/v1/chat/completions") == 0
    (lines,) = stub.uploads()
    assert len(lines) == 6 and len({line["custom_id"] for line in lines}) == 6
    for line in lines:
        assert (line["method"], line["url"]) == ("POST", "/v1/chat/completions")
        assert line["body"]["model"] == "stub-judge" and line["body"]["temperature"] == 0
        assert "What is value" in line["body"]["messages"][0]["content"]
    assert stub.batches["batch_1"].metadata == {
        "synthdocbench_prompt_set": prompt_set_digest(
            "stub-judge", judge.endpoint, [x["custom_id"] for x in lines]
        )
    }
    assert state_files(cache) == []  # done: nothing left to resume
    assert any("submitted batch_1" in e for e in events) and any("batch_1 is completed" in e for e in events)
    assert report.cost(2.5, 10.0) == pytest.approx((600 * 2.5 + 120 * 10.0) / 1e6)
    assert report.cost(None, None) is None
    assert "estimated cost 0.0027" in report.summary(2.5, 10.0)
    assert "600 tokens in, 120 tokens out" in report.summary() and "cost" not in report.summary()
    usage = judge.usage.snapshot()  # the batch's HTTP requests are the judge's calls; its prompts are counted
    assert (usage.calls, usage.retries, usage.batch_requests) == (len(stub.requests), 0, 6)
    assert (usage.prompt_tokens, usage.completion_tokens, usage.scored, usage.unscored) == (600, 120, 6, 0)
    assert usage.summary().startswith(
        f"judge usage: {len(stub.requests)} calls (0 retries), 6 batch requests, 600 tokens in, "
        "120 tokens out"
    )
    judge.close()

    online = make_judge(stub.base_url, cache)
    verdicts = online.score_many(ITEMS, concurrency=3)
    assert all(v.cached and v.score == 8 for v in verdicts)
    assert stub.count("POST", "/v1/chat/completions") == 0
    again = run(online)  # a batch rerun: everything cached, nothing submitted
    assert again.requests == 0 and stub.count("POST", "/v1/batches") == 1
    online.close()


def test_partial_failures_are_answers_without_verdicts_and_a_rerun_asks_only_for_them(
    stub: BatchStub, tmp_path: Path
) -> None:
    def answer(_cid: str, prompt: str, _n: int) -> str | HttpLine | ErrorLine | None:
        i = number(prompt)
        answers: dict[int, Answer] = {
            1: ErrorLine("rate_limit_exceeded", "token limit reached for this batch"),
            2: HttpLine(500, "the model crashed"),
            3: "I think it is fine, maybe a 7?",  # no JSON verdict
            4: None,  # no line at all
        }
        return answers.get(i, '{"score": 3, "judgement": "Wrong unit."}')

    stub.answer = answer
    cache = tmp_path / "cache"
    judge = make_judge(stub.base_url, cache)
    report = run(judge)
    by_item = report.answers
    assert [by_item[i].judgement.score for i in (0, 5)] == [3, 3]  # type: ignore[union-attr]
    assert by_item[1].judgement is None and "token limit reached" in str(by_item[1].error)
    assert "rate_limit_exceeded" in str(by_item[1].error) and "batch_1" in str(by_item[1].error)
    assert by_item[2].judgement is None and "HTTP 500: the model crashed" in str(by_item[2].error)
    assert by_item[3].judgement is not None and not by_item[3].judgement.valid
    assert by_item[3].judgement.score == -1 and by_item[3].error is None
    assert by_item[4].judgement is None and "returned no line for this prompt" in str(by_item[4].error)
    assert (report.completed, report.failed) == (3, 3)  # 200 lines: 0, 3, 5
    assert len(JudgementCache(cache)) == 2
    assert state_files(cache) == []

    stub.answer = lambda _cid, _prompt, _n: '{"score": 9, "judgement": "Right."}'
    rerun = run(make_judge(stub.base_url, cache))
    assert stub.count("POST", "/v1/batches") == 2
    assert sorted(number(x["body"]["messages"][0]["content"]) for x in stub.uploads()[1]) == [1, 2, 3, 4]
    assert [a.judgement.score for a in rerun.answers] == [3, 9, 9, 9, 9, 3]  # type: ignore[union-attr]


def test_an_expired_batch_keeps_its_lines_and_the_rest_is_resubmitted_once(
    stub: BatchStub, tmp_path: Path
) -> None:
    stub.plans = [["in_progress", "expired"]]
    stub.answer = lambda _cid, prompt, n: (
        None if n == 1 and number(prompt) >= 3 else '{"score": 6, "judgement": "ok"}'
    )
    cache = tmp_path / "cache"
    report = run(make_judge(stub.base_url, cache))
    assert report.batch_ids == ["batch_1", "batch_2"]
    assert all(a.judgement is not None and a.judgement.score == 6 for a in report.answers)
    second = stub.uploads()[1]
    assert sorted(number(x["body"]["messages"][0]["content"]) for x in second) == [3, 4, 5]
    assert state_files(cache) == []


def test_a_batch_expired_twice_reports_the_rest_with_the_reason(stub: BatchStub, tmp_path: Path) -> None:
    stub.plans = [["expired"], ["cancelled"]]
    stub.answer = lambda _cid, prompt, n: '{"score": 6, "judgement": "ok"}' if number(prompt) < n else None
    report = run(make_judge(stub.base_url, tmp_path / "cache"))
    assert stub.count("POST", "/v1/batches") == 2  # resubmitted once, not more
    assert [a.judgement is not None for a in report.answers] == [True, True, False, False, False, False]
    assert "batch_2 was cancelled before answering this prompt" in str(report.answers[2].error)
    assert report.failed == 4


def test_a_failed_batch_gives_every_prompt_its_reason(stub: BatchStub, tmp_path: Path) -> None:
    stub.plans = [["validating", "failed"]]
    report = run(make_judge(stub.base_url, tmp_path / "cache"), ITEMS[:2])
    assert [a.error for a in report.answers] == [
        "judge batch batch_1 failed (the input file is not valid)"
    ] * 2
    assert stub.count("POST", "/v1/batches") == 1


def test_a_restart_mid_poll_polls_the_recorded_batch_and_never_submits_twice(
    stub: BatchStub, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    stub.gate.clear()  # the batch stays in progress

    def interrupted(_seconds: float) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(make_judge(stub.base_url, cache), sleep=interrupted)
    (state_path,) = state_files(cache)
    state = json.loads(state_path.read_text())
    assert (state["batch_id"], state["input_file_id"], state["round"]) == ("batch_1", "file-1", 1)
    stub.gate.set()
    report = run(make_judge(stub.base_url, cache))
    assert report.resumed and report.batch_ids == ["batch_1"]
    assert all(a.judgement is not None and a.judgement.valid for a in report.answers)
    assert stub.count("POST", "/v1/batches") == 1 and stub.count("POST", "/v1/files") == 1
    assert state_files(cache) == []


def test_a_run_stopped_between_upload_and_create_reuses_the_upload(stub: BatchStub, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    stub.fail_batch_create = 400
    with pytest.raises(JudgeRequestError) as info:
        run(make_judge(stub.base_url, cache))
    assert "\n" not in str(info.value) and "rerun the same command to resume it" in str(info.value)
    (state_path,) = state_files(cache)
    assert json.loads(state_path.read_text())["batch_id"] is None
    report = run(make_judge(stub.base_url, cache))
    assert report.resumed and all(a.judgement is not None for a in report.answers)
    assert stub.count("POST", "/v1/files") == 1  # the recorded upload was used
    assert stub.count("GET", "/v1/batches") == 1  # looked for a batch made before the stop


def test_an_endpoint_down_while_polling_is_one_line_and_a_rerun_resumes(
    stub: BatchStub, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    stub.gate.clear()
    polls = 0

    def go_down(_seconds: float) -> None:
        nonlocal polls
        polls += 1
        stub.down_status = 503

    failing = make_judge(stub.base_url, cache)
    with pytest.raises(JudgeUnavailable) as info:
        run(failing, sleep=go_down)
    message = str(info.value)
    assert "\n" not in message and "HTTP 503" in message and "polling batch batch_1" in message
    usage = failing.usage.snapshot()  # the failed polls count too: 2 attempts, 1 of them a retry
    assert (usage.calls, usage.retries, usage.batch_requests) == (len(stub.requests), 1, 6)
    assert "rerun the same command to resume it" in message and "sk-test" not in message
    stub.down_status = None
    stub.gate.set()
    report = run(make_judge(stub.base_url, cache))
    assert report.resumed and stub.count("POST", "/v1/batches") == 1


def test_an_unreachable_endpoint_is_one_line_and_records_nothing(
    closed_port_url: str, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    with pytest.raises(JudgeUnavailable) as info:
        run(make_judge(closed_port_url, cache))
    message = str(info.value)
    assert "\n" not in message and "uploading the batch input failed" in message
    assert "could not be reached" in message and state_files(cache) == []


def test_hostile_and_truncated_output_files_lose_only_their_lines(stub: BatchStub, tmp_path: Path) -> None:
    def mangle(data: bytes) -> bytes:
        lines = data.decode().splitlines()
        first = json.loads(lines[0])
        forged = dict(first, custom_id="not-a-prompt-of-this-batch")
        twin = json.loads(lines[1])
        twin["response"]["body"]["choices"][0]["message"]["content"] = '{"score": 0, "judgement": "twin"}'
        noise = ["not json {", "[1, 2]", json.dumps({"custom_id": 7}), json.dumps(forged)]
        return "\n".join([*noise, *lines[:-1], json.dumps(twin), lines[-1][:40]]).encode()  # last line cut

    stub.output_override = mangle
    cache = tmp_path / "cache"
    report = run(make_judge(stub.base_url, cache))
    valid = [a for a in report.answers if a.judgement is not None]
    assert len(valid) == 5 and all(a.judgement.score == 8 for a in valid)  # type: ignore[union-attr]
    (cut,) = [a for a in report.answers if a.judgement is None]
    assert "returned no line for this prompt" in str(cut.error)
    assert len(JudgementCache(cache)) == 5


def test_a_damaged_state_file_is_ignored(stub: BatchStub, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    judge = make_judge(stub.base_url, cache)
    path = items_state(judge, cache)
    path.parent.mkdir(parents=True)
    path.write_text('{"version": 1, "digest": "x", "batch_id": ')  # torn
    report = run(judge)
    assert all(a.judgement is not None for a in report.answers) and not report.resumed
    assert not path.exists()


def test_bad_arguments_are_refused(stub: BatchStub, tmp_path: Path) -> None:
    judge = make_judge(stub.base_url, tmp_path / "cache")
    with pytest.raises(ValueError, match="poll_interval"):
        judge_in_batch(judge, ITEMS, poll_interval=float("nan"))
    bare = OpenAIJudge("stub-judge", base_url=stub.base_url, api_key="sk-test")
    with pytest.raises(ValueError, match="state_dir"):
        judge_in_batch(bare, ITEMS)


def test_a_restart_while_the_resubmitted_batch_runs_resumes_that_batch(
    stub: BatchStub, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    stub.plans = [["expired"], ["in_progress", "in_progress", "completed"]]
    stub.answer = lambda _cid, prompt, n: (
        None if n == 1 and number(prompt) % 2 else '{"score": 5, "judgement": "ok"}'
    )

    def stop_once_resubmitted(_seconds: float) -> None:
        if "batch_2" in stub.batches:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(make_judge(stub.base_url, cache), sleep=stop_once_resubmitted)
    (state_path,) = state_files(cache)
    assert json.loads(state_path.read_text())["batch_id"] == "batch_2"
    report = run(make_judge(stub.base_url, cache))  # the uncached prompts now are those of batch_2
    assert report.resumed and report.batch_ids == ["batch_2"]
    assert [a.judgement.score for a in report.answers] == [5] * 6  # type: ignore[union-attr]
    assert stub.count("POST", "/v1/batches") == 2 and state_files(cache) == []


def test_a_recorded_batch_the_endpoint_does_not_know_is_one_line(stub: BatchStub, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    judge = make_judge(stub.base_url, cache)
    path = items_state(judge, cache)
    path.parent.mkdir(parents=True)
    state = {
        "version": 1,
        "digest": path.stem,
        "input_file_id": "file-x",
        "batch_id": "batch_gone",
        "round": 1,
    }
    path.write_text(json.dumps(state))
    with pytest.raises(JudgeRequestError) as info:
        run(judge)
    message = str(info.value)
    assert "\n" not in message and "HTTP 404" in message and "no batch batch_gone" in message
    assert "delete that file to submit the prompts anew" in message and str(path) in message
    assert stub.count("POST", "/v1/batches") == 0


def test_verdicts_the_cache_cannot_take_are_downloaded_again_not_paid_twice(
    stub: BatchStub, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    (cache / "judge_cache.sqlite3").mkdir(parents=True)  # the cache file cannot be opened
    report = run(make_judge(stub.base_url, cache))
    assert all(a.judgement is not None and a.judgement.valid for a in report.answers)  # still returned
    assert len(state_files(cache)) == 1  # kept: the verdicts are not in the cache
    (cache / "judge_cache.sqlite3").rmdir()
    again = run(make_judge(stub.base_url, cache))
    assert again.resumed and again.batch_ids == ["batch_1"] and state_files(cache) == []
    assert stub.count("POST", "/v1/batches") == 1 and len(JudgementCache(cache)) == 6


def test_a_second_run_on_the_same_cache_waits_for_the_first(stub: BatchStub, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    judge = make_judge(stub.base_url, cache)
    lock = cache / "batches" / ".lock"
    lock.parent.mkdir(parents=True)
    with open(lock, "a") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # as another process running a batch
        with pytest.raises(JudgeError) as info:
            run(judge)
    assert "another run is judging as a batch" in str(info.value) and "\n" not in str(info.value)
    assert stub.count("POST", "/v1/files") == 0
    assert all(a.judgement is not None for a in run(judge).answers)  # once it is gone
    assert sorted(p.name for p in (cache / "batches").iterdir()) == []  # lock removed


A, B = ITEMS[:3], ITEMS[3:]


def _uploaded_prompts(stub: BatchStub) -> list[str]:
    return [line["custom_id"] for upload in stub.uploads() for line in upload]


def _interrupted_run(stub: BatchStub, cache: Path, items: list[JudgeItem]) -> None:
    stub.gate.clear()  # the batch stays in progress until the gate opens

    def interrupted(_seconds: float) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(make_judge(stub.base_url, cache), items, sleep=interrupted)
    stub.gate.set()


def test_an_interrupted_ab_batch_then_a_then_ab_uploads_each_prompt_once(
    stub: BatchStub, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    _interrupted_run(stub, cache, A + B)
    (recorded,) = state_files(cache)
    judge = make_judge(stub.base_url, cache)
    assert sorted(json.loads(recorded.read_text())["keys"]) == sorted(judge.key(i) for i in A + B)
    only_a = run(judge, A)  # another set of logs: the pending batch is collected first
    assert only_a.resumed and only_a.batch_ids == ["batch_1"]
    assert all(a.judgement is not None and a.judgement.valid for a in only_a.answers)
    both = run(make_judge(stub.base_url, cache), A + B)  # B's verdicts came with that batch
    assert all(a.judgement is not None and a.judgement.valid for a in both.answers)
    uploaded = _uploaded_prompts(stub)
    assert len(uploaded) == len(set(uploaded)) == 6  # every prompt paid once
    assert stub.count("POST", "/v1/batches") == 1 and state_files(cache) == []
    assert list((cache / "batches").iterdir()) == []  # no state, temp or lock file left


def test_a_rerun_on_more_logs_submits_only_the_prompts_no_batch_holds(
    stub: BatchStub, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    _interrupted_run(stub, cache, A)
    (cache / "batches" / ".0123abcd.json.tmp1").write_text("{")  # a state write killed before its rename
    (cache / "batches" / "0123abcd.lock").write_text("")  # a lock file of an older version
    report = run(make_judge(stub.base_url, cache), A + B)
    assert report.resumed and report.batch_ids == ["batch_1", "batch_2"]
    assert all(a.judgement is not None and a.judgement.valid for a in report.answers)
    judge = make_judge(stub.base_url, cache)
    first, second = stub.uploads()
    assert sorted(x["custom_id"] for x in first) == sorted(judge.key(i) for i in A)
    assert sorted(x["custom_id"] for x in second) == sorted(judge.key(i) for i in B)
    assert list((cache / "batches").iterdir()) == []  # stale temp and lock files cleaned


def test_a_recorded_batch_of_another_judge_is_left_alone(stub: BatchStub, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _interrupted_run(stub, cache, A)
    (recorded,) = state_files(cache)
    state = json.loads(recorded.read_text())
    digest = prompt_set_digest("another-judge", state["endpoint"], state["keys"])
    other = recorded.with_name(f"{digest}.json")
    other.write_text(json.dumps({**state, "model": "another-judge", "digest": digest}))
    recorded.unlink()
    report = run(make_judge(stub.base_url, cache), A)
    assert not report.resumed and report.batch_ids == ["batch_2"]
    assert state_files(cache) == [other]  # that judge's run collects it
