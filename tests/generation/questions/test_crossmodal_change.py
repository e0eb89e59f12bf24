"""Verify L4 (``crossmodal_change``): a claim of a year of a series as a multiple of an earlier
year's, judged by two readings and their ratio, on plan-only paper-config documents."""

from __future__ import annotations

from collections import Counter

import pytest

from generation.document.change_claims import change_verdict
from generation.questions.common import find_point
from generation.questions.crossmodal_measures import asks_no_more
from generation.questions.measures import verdict_of
from synthdocbench_tasks.schema import DocumentManifest, Question
from tests.generation.questions.planned import planned_run, question_pairs

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pairs() -> list[tuple[DocumentManifest, Question]]:
    return question_pairs(planned_run(7, 40))


def test_every_verify_l4_needs_two_readings_and_their_ratio(
    pairs: list[tuple[DocumentManifest, Question]],
) -> None:
    l4 = [(m, q) for m, q in pairs if q.category == "verify_with_chart" and q.difficulty == "L4"]
    assert len(l4) >= 8, len(l4)
    for m, q in l4:
        facts = [m.text_facts[i].values for i in q.required_facts]
        assert [f["kind"] for f in facts] == ["change_claim"], (q.question_id, facts)
        v = facts[0]
        chart = next(c for c in m.charts if c.vizId == v["viz_id"])
        first, last = (find_point(chart, v[k], v.get("series")) for k in ("start", "end"))
        assert first is not None and last is not None and int(last.label) > int(first.label)
        # the two marks, read and divided: no one mark bears the claim out
        assert sorted(r.value for r in q.required_data_points) == sorted([first.value, last.value])
        found = change_verdict(chart, first.value, last.value, float(v["claimed_value"]))
        assert found is not None and verdict_of(q) == ("matches" if found else "contradicts")
        numbers = [a for a in q.answer_values if a.kind == "number"]
        if found:
            assert not numbers, q.answer_values  # a match's ratio is the text's own figure
        else:
            assert len(numbers) == 1 and numbers[0].value == pytest.approx(
                last.value / first.value, abs=0.006
            )


def test_no_verify_l4_asks_only_what_a_verify_l2_asks(pairs: list[tuple[DocumentManifest, Question]]) -> None:
    questions = [q for _, q in pairs]
    within, asked = asks_no_more(questions, "verify_with_chart", "L4", "L2")
    assert asked >= 8 and within == 0, (within, asked)
    verdicts = Counter(
        verdict_of(q) for q in questions if q.category == "verify_with_chart" and q.difficulty == "L4"
    )
    assert min(verdicts.values()) >= 0.35 * asked, verdicts
