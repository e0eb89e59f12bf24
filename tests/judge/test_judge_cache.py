"""The on-disk cache: a rerun makes zero HTTP calls; only valid judgements are kept."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from judge import JudgeError, JudgeItem, JudgementCache, build_judge, cache_key
from judge.openai_judge import OpenAIJudge
from tests.judge.judge_chat_stub import ChatStub, Reply

ITEMS = [
    JudgeItem("q1", "ref 1", "cand 1"),
    JudgeItem("q2", "ref 2", "cand 2"),
    JudgeItem("q3", "ref 3", "cand 3"),
]


def cached_judge(stub: ChatStub, cache_dir: Path) -> OpenAIJudge:
    judge = build_judge(f"openai:stub-judge@{stub.base_url}", api_key="k", cache_dir=cache_dir)
    assert isinstance(judge, OpenAIJudge)
    return judge


def test_rerun_makes_zero_calls(chat_stub: ChatStub, tmp_path: Path) -> None:
    first = cached_judge(chat_stub, tmp_path).score_many(ITEMS, concurrency=3)
    assert len(chat_stub.chat_requests) == 3
    assert not any(j.cached for j in first)

    rerun = cached_judge(chat_stub, tmp_path)  # a new process would see the same file
    second = rerun.score_many(ITEMS, concurrency=3)
    assert len(chat_stub.chat_requests) == 3
    assert all(j.cached for j in second)
    assert [(j.score, j.judgement, j.judge, j.prompt_version) for j in second] == [
        (j.score, j.judgement, j.judge, j.prompt_version) for j in first
    ]
    usage = rerun.usage.snapshot()
    assert (usage.calls, usage.cache_hits) == (0, 3)


def test_a_different_candidate_is_a_miss(chat_stub: ChatStub, tmp_path: Path) -> None:
    judge = cached_judge(chat_stub, tmp_path)
    judge.score(ITEMS[0])
    judge.score(JudgeItem("q1", "ref 1", "cand 1, revised"))
    assert len(chat_stub.chat_requests) == 2


def test_another_judge_model_or_template_is_a_miss(chat_stub: ChatStub, tmp_path: Path) -> None:
    cached_judge(chat_stub, tmp_path).score(ITEMS[0])
    other_model = build_judge(f"openai:other-model@{chat_stub.base_url}", api_key="k", cache_dir=tmp_path)
    assert other_model is not None and not other_model.score(ITEMS[0]).cached
    template = tmp_path / "rubric_v2.txt"  # same name and version, different text
    template.write_text(
        "Grade.\n$question\n$reference\n<candidate_answer>\n$candidate\n</candidate_answer>\n"
    )
    edited = build_judge(
        f"openai:stub-judge@{chat_stub.base_url}", api_key="k", cache_dir=tmp_path, template=template
    )
    assert edited is not None and edited.prompt_version == "rubric-v2"
    assert not edited.score(ITEMS[0]).cached
    assert len(chat_stub.chat_requests) == 3


def test_unscored_replies_are_not_cached(chat_stub: ChatStub, tmp_path: Path) -> None:
    chat_stub.script = [Reply(content="no json at all")]
    judge = cached_judge(chat_stub, tmp_path)
    assert judge.score(ITEMS[0]).valid is False
    again = judge.score(ITEMS[0])
    assert (again.valid, again.cached) == (True, False)
    assert len(chat_stub.chat_requests) == 2
    assert judge.score(ITEMS[0]).cached


def test_cache_is_thread_safe_and_persistent(tmp_path: Path) -> None:
    cache = JudgementCache(tmp_path)
    assert not cache.path.exists()  # nothing opened until used

    def write(worker: int) -> None:
        for n in range(50):
            key = cache_key("m", "v1", f"q{worker}-{n}", "r", "c")
            cache.put(key, "m", "v1", n % 11, f"w{worker}")
            assert cache.get(key) == (n % 11, f"w{worker}")

    threads = [threading.Thread(target=write, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(cache) == 200
    cache.close()
    reopened = JudgementCache(tmp_path)
    assert reopened.get(cache_key("m", "v1", "q3-49", "r", "c")) == (49 % 11, "w3")
    assert reopened.get(cache_key("m", "v1", "q3-49", "r", "c2")) is None


def test_cache_key_separates_fields() -> None:
    assert cache_key("m", "v", "ab", "c", "d") != cache_key("m", "v", "a", "bc", "d")
    assert len(cache_key("m", "v", "q", "r", "c")) == 64


def test_a_failed_batch_keeps_what_was_scored(chat_stub: ChatStub, tmp_path: Path) -> None:
    chat_stub.script = [Reply(), Reply(status=400, error_message="context too long")]
    with pytest.raises(JudgeError, match="HTTP 400 \\(context too long\\)"):
        cached_judge(chat_stub, tmp_path).score_many(ITEMS, concurrency=1)
    assert len(chat_stub.chat_requests) == 2
    resumed = cached_judge(chat_stub, tmp_path).score_many(ITEMS, concurrency=2)
    assert [j.cached for j in resumed] == [True, False, False]
    assert len(chat_stub.chat_requests) == 4
