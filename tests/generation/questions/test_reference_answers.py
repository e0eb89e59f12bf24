"""Every reference answer must satisfy its own answer_values under the offline judge.

This ties the question generator to the judge: a reference sentence that drops or rewords
a key fact would make correct model answers look wrong.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.plan.config import GenerationConfig, load_config
from generation.questions.build import make_questions
from generation.questions.measures import reading_rounded
from generation.validate.rules import check_question
from judge import JudgeItem, build_judge
from synthdocbench_tasks.schema import Question
from tests.generation.manifest_fixture import build_all_types_manifest

PAPER = Path(__file__).parents[3] / "configs" / "paper.yaml"


def _check(questions: list[Question]) -> int:
    judge = build_judge("offline")
    assert judge is not None
    for q in questions:
        values = [v.model_dump() for v in q.answer_values]
        verdict = judge.score(JudgeItem(q.question, q.answer, q.answer, values))
        assert verdict.score == 10, (q.question_id, q.answer, verdict.judgement)
        abstain = judge.score(JudgeItem(q.question, q.answer, "Not found in the document.", values))
        assert abstain.score == 0
    return len(questions)


@pytest.mark.slow
def test_reference_answers_score_ten_and_abstention_zero() -> None:
    config = GenerationConfig(seed=11, n_docs=12)
    seen = 0
    for index in range(config.n_docs):
        seen += _check(make_questions(plan_document(config, index).manifest, config))
    # main: 103 of 108; 99 since this stop's claim-bound L3 hops and topic re-draw (cross-modal 36 ->
    # 30 on these short default-config reports; 592 -> 578 on 200 paper reports of fresh seed 7057)
    # 96 on this stop's merged generator (complex asks no technical L1; chart and cross-modal L3
    # refuse means one reading gives); 92 on world56's merge (world55's report windows and entity
    # draws on these short reports; every reference answer still scores 10; 200 paper reports of
    # seed 6248 ask more: 1701 -> 1713)
    assert seen >= config.n_docs * 3 * config.questions_per_subset - 17


@pytest.mark.slow
def test_reference_answers_on_every_chart_type() -> None:
    manifest = build_all_types_manifest()
    seen = 0
    for seed in range(6):
        questions = make_questions(manifest, GenerationConfig(seed=seed, questions_per_subset=9))
        for q in questions:
            assert check_question(manifest, q, manifest.page_count, []) == [], q.question
        seen += _check(questions)
    # nine questions per subset outrun one report's claims: each evidence set is asked once, each
    # chart at most twice (issue 23)
    assert seen >= 90


def _printed_off(q: Question) -> list[str]:
    out = []
    rounded = reading_rounded(q)  # a total or mean of axis readings, at the reading's precision
    for i, v in enumerate(q.answer_values):
        if v.kind != "number" or v.value is None or v.value == 0 or i in rounded:
            continue
        shown = float(v.text.replace(",", ""))
        if abs(shown - v.value) > 0.005 * abs(v.value):
            out.append(f"{q.question_id}: {v.text!r} printed for {v.value}")
    return out


@pytest.mark.slow
def test_reference_numbers_print_within_half_a_percent_of_their_value() -> None:
    """A reference never rounds a value past what its chart prints ("0.04" for a mark labelled
    0.041, "0.08" for a mean of 0.0763): 16 of 266 questions of 30 paper documents did, and a
    judge reading the reference takes a correct 0.041 for another figure."""
    config = load_config(PAPER).model_copy(update={"seed": 64, "n_docs": 20})
    questions = [q for i in range(20) for q in make_questions(plan_document(config, i).manifest, config)]
    assert len(questions) >= 150
    assert [bad for q in questions for bad in _printed_off(q)] == []
