"""Every reference answer must satisfy its own answer_values under the offline judge.

This ties the question generator to the judge: a reference sentence that drops or rewords
a key fact would make correct model answers look wrong.
"""

from __future__ import annotations

from generation.config import GenerationConfig
from generation.content import plan_document
from generation.questions import make_questions
from judge import JudgeItem, build_judge


def test_reference_answers_score_ten_and_abstention_zero() -> None:
    judge = build_judge("offline")
    assert judge is not None
    config = GenerationConfig(seed=11, n_docs=12)
    seen = 0
    for index in range(config.n_docs):
        manifest = plan_document(config, index).manifest
        for q in make_questions(manifest, config):
            values = [v.model_dump() for v in q.answer_values]
            verdict = judge.score(JudgeItem(q.question, q.answer, q.answer, values))
            assert verdict.score == 10, (q.question_id, q.answer, verdict.judgement)
            abstain = judge.score(JudgeItem(q.question, q.answer, "Not found in the document.", values))
            assert abstain.score == 0
            seen += 1
    assert seen >= config.n_docs * 3 * config.questions_per_subset - 6
