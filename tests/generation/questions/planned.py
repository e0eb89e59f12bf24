"""The plan-only paper-config runs question tests share: each document's plan and its questions
(nothing rendered), as ``synthdocbench generate`` plans them."""

from __future__ import annotations

from pathlib import Path

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.plan.doc_plan import DocumentPlan
from generation.questions.build import make_questions
from synthdocbench_tasks.schema import DocumentManifest, Question

PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"


def planned_run(seed: int, n_docs: int) -> list[tuple[DocumentPlan, list[Question]]]:
    """Documents ``0 .. n_docs - 1`` of ``configs/paper.yaml`` at ``seed``, each with its questions."""
    config = load_config(PAPER, seed=seed, n_docs=n_docs)
    out = []
    for index in range(n_docs):
        plan = plan_document(config, index)
        out.append((plan, make_questions(plan.manifest, config)))
    return out


def question_pairs(run: list[tuple[DocumentPlan, list[Question]]]) -> list[tuple[DocumentManifest, Question]]:
    """Every question of a run with its report's manifest."""
    return [(plan.manifest, q) for plan, questions in run for q in questions]
