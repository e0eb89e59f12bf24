"""The cascade judge over a real loopback LLM judge that counts requests: the offline judge
decides the answers it is certain of, the LLM judge only the others (and items the offline
judge cannot score), each verdict names its judge, and the cache serves a rerun."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import OFFLINE_JUDGE_NAME, CascadeJudge, JudgeItem, JudgeSpecError, build_judge, parse_judge_spec
from tests.judge import offline_cases
from tests.judge.judge_chat_stub import ChatStub

pytestmark = pytest.mark.slow  # builds the openai client and a loopback server

QUESTIONS = offline_cases.questions()[:4]


def _items() -> tuple[list[JudgeItem], list[bool]]:
    """Per question: the reference (certain), a hedged answer (uncertain), the reference
    without facts (unscorable offline); and which go to the LLM judge."""
    items, asked = [], []
    for q in QUESTIONS:
        items.append(JudgeItem(q["question"], q["reference"], q["reference"], q["answer_values"]))
        asked.append(False)
        items.append(
            JudgeItem(q["question"], q["reference"], f"Probably {q['reference']}", q["answer_values"])
        )
        asked.append(True)
    items.append(JudgeItem("How many?", "There were 12.", "12"))
    asked.append(True)
    return items, asked


def _cascade(stub: ChatStub, cache: Path) -> CascadeJudge:
    judge = build_judge(f"offline+openai:stub-judge@{stub.base_url}", api_key="k", cache_dir=cache)
    assert isinstance(judge, CascadeJudge)
    return judge


def test_the_spec_names_the_cascade() -> None:
    spec = parse_judge_spec("Offline+openai:gpt-5@http://h/v1")
    assert (spec.kind, spec.model, spec.base_url, spec.cascade) == ("openai", "gpt-5", "http://h/v1", True)
    assert str(spec) == "offline+openai:gpt-5@http://h/v1"
    with pytest.raises(JudgeSpecError, match="names no known judge"):
        parse_judge_spec("offline+nosuch:m")


@pytest.mark.parametrize("many", [True, False])
def test_only_uncertain_answers_reach_the_llm_judge_and_a_rerun_asks_nothing(
    chat_stub: ChatStub, tmp_path: Path, many: bool
) -> None:
    items, asked = _items()
    judge = _cascade(chat_stub, tmp_path / "cache")
    verdicts = judge.score_many(items, concurrency=4) if many else [judge.score(i) for i in items]
    assert len(chat_stub.chat_requests) == sum(asked)
    for verdict, to_llm in zip(verdicts, asked, strict=True):
        assert verdict.judge == ("openai:stub-judge" if to_llm else OFFLINE_JUDGE_NAME)
        assert verdict.score == (8 if to_llm else 10) and verdict.certain
    assert judge.name == "offline+openai:stub-judge" and judge.usage.snapshot().calls == sum(asked)
    again = _cascade(chat_stub, tmp_path / "cache")
    cached = [again.cached(i) for i in items]
    assert [(c.score, c.judge) for c in cached if c is not None] == [(v.score, v.judge) for v in verdicts]
    assert all(c is not None and c.cached == a for c, a in zip(cached, asked, strict=True))
    assert [v.score for v in again.score_many(items)] == [v.score for v in verdicts]
    assert len(chat_stub.chat_requests) == sum(asked)  # both reruns were served without a request


def test_without_a_cache_an_uncertain_answer_has_no_offline_verdict(chat_stub: ChatStub) -> None:
    judge = build_judge(f"offline+openai:stub-judge@{chat_stub.base_url}", api_key="k")
    assert isinstance(judge, CascadeJudge)
    q = QUESTIONS[0]
    hedged = JudgeItem(q["question"], q["reference"], f"Probably {q['reference']}", q["answer_values"])
    assert judge.cached(hedged) is None  # a live run then asks the LLM judge
    assert (
        judge.cached(JudgeItem(q["question"], q["reference"], q["reference"], q["answer_values"])) is not None
    )
    assert chat_stub.chat_requests == []
