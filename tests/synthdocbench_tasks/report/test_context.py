"""A cell's document CI resamples every document of its run (the cell is a domain of them)."""

from __future__ import annotations

from pathlib import Path

from synthdocbench_tasks.report import stats
from synthdocbench_tasks.report.context import Context, cell_stats
from synthdocbench_tasks.report.records import Answer, DocumentInfo, Run


def _answer(i: int, doc: str, subset: str, score: float | None) -> Answer:
    return Answer(
        question_id=f"q{i}",
        doc_id=doc,
        subset=subset,
        category="c",
        difficulty="L1",
        position_bucket="early",
        position=0.1,
        chart_type=None,
        answer="a",
        score=score,
        status="valid" if score is not None else "unscored",
        judge="offline:v1",
    )


def _run(name: str, docs: list[str]) -> Run:
    answers = [
        _answer(i, doc, "chart" if i % 3 else "complex", None if i % 11 == 5 else float((i * 7) % 11))
        for i, doc in enumerate(d for d in docs for _ in range(6))
    ]
    return Run(model=name, judge="offline:v1", source=name, files=[Path(name)], answers=answers, label=name)


def test_a_cells_document_interval_resamples_the_documents_of_its_run() -> None:
    first = _run("m1", [f"d{i:02d}" for i in range(30)])
    second = _run("m2", [f"d{i:02d}" for i in range(30, 42)])  # other documents, fewer
    ctx = Context([first, second], [first, second], "offline:v1", DocumentInfo(), 300, 42)
    for run, n_docs in ((first, 30), (second, 12)):
        numbered = {doc: i for i, doc in enumerate(sorted({a.doc_id for a in run.answers}))}
        complex_ = [a for a in run.answers if a.subset == "complex"]
        valid = [a for a in complex_ if a.score is not None]
        scores = [float(a.score) for a in valid if a.score is not None]
        codes = [numbered[a.doc_id] for a in valid]
        acc_doc, score_doc = stats.domain_bootstrap_means(
            [stats.hits(scores), scores], codes, n_docs, resamples=300, seed=42
        )
        cell = ctx.cell(complex_)
        assert (cell.acc_doc, cell.score_doc) == (acc_doc, score_doc)
        by_question = stats.bootstrap_means([stats.hits(scores), scores], resamples=300, seed=42)
        assert [cell.acc, cell.score] == by_question  # as ever
        # the run's every answer: a domain of every document, the cluster bootstrap itself
        whole = ctx.cell(run.answers)
        assert whole == cell_stats(run.answers, resamples=300, seed=42)
    mixed = ctx.cell([*first.answers[:6], *second.answers[:6]])  # not one run's: their own documents
    assert mixed == cell_stats([*first.answers[:6], *second.answers[:6]], resamples=300, seed=42)


def test_a_runs_valid_answers_follow_its_answers() -> None:
    run = _run("m", ["d1", "d2"])
    scored = [a for a in run.answers if a.score is not None]
    assert run.valid() == scored and run.valid() is run.valid()  # found once
    run.answers = run.answers[:3]
    assert run.valid() == [a for a in run.answers if a.score is not None]
    run.answers.append(_answer(99, "d3", "chart", 4.0))
    assert run.valid()[-1].question_id == "q99"
