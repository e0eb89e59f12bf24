"""Spelled-out labels are capitalised only where a sentence starts (review49: "Why ... did
Twenty-five to thirty-four move"), on 60 plan-only paper-config documents, and the counter finds
such a label mid-sentence; so are legend names that are common nouns ("the average of Fixed
wireless", questions52), while a country's, a city's or a firm's name keeps its capital."""

from __future__ import annotations

import pytest

from generation.plan.doc_plan import DocumentPlan
from generation.questions.case_measures import capitalised_mid_sentence, case_counts, common_counts
from generation.questions.phrasing import common_names, in_sentence_case, spelled_labels
from generation.world.entities import countries
from generation.world.space import topic_by_title
from synthdocbench_tasks.schema import Question
from tests.generation.questions.planned import planned_run, question_pairs

Run = list[tuple[DocumentPlan, list[Question]]]

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


def test_a_legend_name_is_lower_cased_outside_a_quoted_title() -> None:
    text = "In the chart titled 'Food prices, 2020', how did Food move? Food rose; so did Fixed wireless."
    fixed = in_sentence_case(text, {"Food", "Fixed wireless"}, keep=["Food prices, 2020"])
    said = "In the chart titled 'Food prices, 2020', how did food move? Food rose; so did fixed wireless."
    assert fixed == said


@pytest.fixture(scope="module")
def run() -> Run:
    return planned_run(3187, 60)


@pytest.mark.slow
def test_no_question_capitalises_a_common_legend_name_mid_sentence(run: Run) -> None:
    """On main 3a2a05e with the counter: 41 of 57 chart, 20 of 43 complex and 26 of 41 cross-modal
    questions printing such a name print it capitalised mid-sentence."""
    counts = common_counts(question_pairs(run))
    subsets = [k for k in counts if "/" not in k]
    assert sum(counts[f"{s}/of"] for s in subsets) >= 100, counts  # questions printing such a name
    assert {s: counts[s] for s in subsets} == dict.fromkeys(subsets, 0), counts
    names = set().union(*(common_names(p.manifest.charts, topic_by_title(p.manifest.topic)) for p, _ in run))
    series = {x.category for p, _ in run for c in p.manifest.charts for x in c.data}
    places = {c.name for c in countries()} & series
    assert len(places) >= 5, places  # countries named in legends keep their capital
    assert not names & places, names & places


@pytest.mark.slow
def test_no_question_capitalises_a_spelled_out_label_mid_sentence(run: Run) -> None:
    counts = case_counts(question_pairs(run))
    subsets = [k for k in counts if "/" not in k]
    assert sum(counts[f"{s}/of"] for s in subsets) >= 12, counts  # questions printing such a label
    assert {s: counts[s] for s in subsets} == dict.fromkeys(subsets, 0), counts
    for plan, questions in run:
        spelled = spelled_labels(plan.manifest.charts)
        for q in questions:
            for step in q.reasoning:
                assert capitalised_mid_sentence(step, spelled) == [], step
