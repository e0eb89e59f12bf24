"""Optional LLM rewriting against a real loopback OpenAI-compatible server (the judge tests' stub)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from generation.config import GenerationConfig, RewriteConfig
from generation.content import plan_document, plan_word_count
from generation.plan import ParagraphBlock
from generation.rewrite import RewriteError, check_rewrite, rewrite_plan
from tests.judge.judge_chat_stub import ChatStub, Recorded, Reply

PLAN_CONFIG = GenerationConfig(seed=3, target_pages=8, min_charts=4, max_charts=4)


@pytest.fixture
def stub() -> Iterator[ChatStub]:
    server = ChatStub().start()
    yield server
    server.stop()


def _paragraph(req: Recorded) -> str:
    return req.prompt.split("PARAGRAPH:\n", 1)[1]


def _polite(req: Recorded) -> Reply:
    """A faithful rewrite: swaps one common word, keeps every sentence listed under KEEP."""
    return Reply(content=re.sub(r"\bthe\b", "this", _paragraph(req), count=1))


def test_check_rewrite_rules() -> None:
    original = "Figure 2 shows it. In 2019, output in Chile stood at 41.5 units. Growth was slow."
    keep = ["In 2019, output in Chile stood at 41.5 units."]
    assert (
        check_rewrite(
            original, "Figure 2 shows this. In 2019, output in Chile stood at 41.5 units. Slow.", keep
        )
        is None
    )
    assert "missing" in str(
        check_rewrite(original, "Figure 2 shows it. Output was 41.5 units. Slow growth.", keep)
    )
    assert "repeated" in str(check_rewrite(original, f"Figure 2. {keep[0]} {keep[0]}", keep))
    assert (
        check_rewrite(original, f"Figure 2 shows it. {keep[0]} It hit 77.2.", keep)
        == "introduces numbers ['77.2']"
    )
    assert "references" in str(check_rewrite(original, f"The chart shows it. {keep[0]} Slow growth.", keep))
    assert "length ratio" in str(
        check_rewrite(original, f"Figure 2 shows it. {keep[0]} " + "word " * 40, keep)
    )
    assert check_rewrite(original, "  ", keep) == "empty rewrite"


@pytest.mark.slow
def test_rewrite_keeps_facts_and_rejects_a_dropped_fact(stub: ChatStub) -> None:
    plan = plan_document(PLAN_CONFIG, 0)
    sentences = {f.fact_id: f.sentence for f in plan.manifest.text_facts}
    paragraphs = [b for s in plan.sections for b in s.blocks if isinstance(b, ParagraphBlock)]
    with_fact = next(i for i, b in enumerate(paragraphs) if b.fact_ids)
    dropped = sentences[paragraphs[with_fact].fact_ids[0]]

    def responder(req: Recorded) -> Reply:
        text = _paragraph(req)
        if dropped in text:  # this rewrite loses a fact sentence: must be rejected
            return Reply(content=text.replace(dropped, "A figure was reported."))
        return _polite(req)

    stub.responder = responder
    config = RewriteConfig(base_url=stub.base_url, model="stub-judge", max_paragraphs=with_fact + 3)
    new, report = rewrite_plan(plan, config)
    assert len(stub.chat_requests) == with_fact + 3
    body = stub.chat_requests[0].body
    assert body["model"] == "stub-judge" and body["temperature"] == 0.0
    assert report.rejected == 1 and report.accepted == with_fact + 2
    assert "fact sentence missing" in report.reasons[0]
    new_paragraphs = [b for s in new.sections for b in s.blocks if isinstance(b, ParagraphBlock)]
    assert new_paragraphs[with_fact] == paragraphs[with_fact]  # original kept
    changed = [i for i, (a, b) in enumerate(zip(paragraphs, new_paragraphs, strict=True)) if a != b]
    assert len(changed) == with_fact + 2 and with_fact not in changed
    everything = " ".join(b.text for b in new_paragraphs)
    for sentence in sentences.values():
        assert everything.count(sentence) == 1
    assert new.manifest.word_count == plan_word_count(new)
    assert plan_document(PLAN_CONFIG, 0) == plan  # the input plan is not modified


@pytest.mark.slow
def test_unreachable_endpoint_is_one_line() -> None:
    plan = plan_document(PLAN_CONFIG, 1)
    config = RewriteConfig(base_url="http://127.0.0.1:9/v1", model="m", timeout_s=2)
    with pytest.raises(RewriteError, match=r"rewrite endpoint http://127.0.0.1:9/v1 failed") as info:
        rewrite_plan(plan, config)
    assert "\n" not in str(info.value)
