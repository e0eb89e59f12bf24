"""Spelled-out labels are capitalised only where a sentence starts (review49: "Why ... did
Twenty-five to thirty-four move"), on 60 plan-only paper-config documents, and the counter finds
such a label mid-sentence."""

from __future__ import annotations

import pytest

from generation.questions.case_measures import capitalised_mid_sentence, case_counts
from generation.questions.phrasing import in_sentence_case, spelled_labels
from tests.generation.questions.planned import planned_run, question_pairs

AGES = {"Twenty-five to thirty-four", "Sixty-five and over"}


def test_a_label_is_capitalised_only_at_a_sentence_start() -> None:
    text = (
        "Twenty-five to thirty-four rose. Why did Twenty-five to thirty-four move? See Sixty-five and over."
    )
    fixed = in_sentence_case(text, AGES)
    said = (
        "Twenty-five to thirty-four rose. Why did twenty-five to thirty-four move? See sixty-five and over."
    )
    assert fixed == said
    assert sorted(capitalised_mid_sentence(text, AGES)) == sorted(AGES)
    assert capitalised_mid_sentence(fixed, AGES) == []


@pytest.mark.slow
def test_no_question_capitalises_a_spelled_out_label_mid_sentence() -> None:
    run = planned_run(3187, 60)
    counts = case_counts(question_pairs(run))
    subsets = [k for k in counts if "/" not in k]
    assert sum(counts[f"{s}/of"] for s in subsets) >= 12, counts  # questions printing such a label
    assert {s: counts[s] for s in subsets} == dict.fromkeys(subsets, 0), counts
    for plan, questions in run:
        spelled = spelled_labels(plan.manifest.charts)
        for q in questions:
            for step in q.reasoning:
                assert capitalised_mid_sentence(step, spelled) == [], step
