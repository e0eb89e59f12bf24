"""What every analysis needs: the runs, one main run per model, the options."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

import numpy as np

from .records import Answer, DocumentInfo, Run
from .stats import (
    ACC_THRESHOLD,
    Estimate,
    accuracy,
    bootstrap_means,
    domain_bootstrap_means,
    hits,
    ranking,
)

SUBSET_NAMES = {"chart": "Chart", "cross_modal": "Cross-modal", "complex": "Complex"}


@dataclass
class Context:
    runs: list[Run]
    systems: list[Run]  # the main run of each model, best overall ACC first
    primary_judge: str
    docs: DocumentInfo
    resamples: int
    seed: int
    threshold: float = ACC_THRESHOLD
    #: Cells already computed, by the identity of their answers (the runs hold them all).
    _cells: dict[tuple[int, ...], CellStats] = field(default_factory=dict, repr=False)
    #: What a section found that another part of the report asks for again, by name.
    found: dict[str, Any] = field(default_factory=dict, repr=False)
    #: Each run's answers (by identity) and its documents, numbered in sorted order.
    _documents: list[tuple[frozenset[int], dict[str, int]]] = field(default_factory=list, repr=False)

    def cell(self, answers: Sequence[Answer]) -> CellStats:
        """:func:`cell_stats` of ``answers``, computed once per set of answers (in their order);
        the document CIs resample the documents of their run (answers of one run)."""
        key = tuple(map(id, answers))
        found = self._cells.get(key)
        if found is None:
            found = cell_stats(
                answers,
                resamples=self.resamples,
                seed=self.seed,
                threshold=self.threshold,
                documents=self._run_documents(key),
            )
            self._cells[key] = found
        return found

    def _run_documents(self, answers: tuple[int, ...]) -> dict[str, int] | None:
        """The numbered documents of the run whose answers (by identity) ``answers`` are
        (None: not the answers of one run)."""
        if not self._documents:
            for run in self.runs:
                numbered = {doc: i for i, doc in enumerate(sorted({a.doc_id for a in run.answers}))}
                self._documents.append((frozenset(map(id, run.answers)), numbered))
        return next((numbered for ids, numbered in self._documents if ids.issuperset(answers)), None)

    def doc_field(self, name: str) -> Callable[[Answer], str | None]:
        def get(a: Answer) -> str | None:
            row = self.docs.by_doc.get(a.doc_id)
            value = row.get(name) if row else None
            return str(value) if value not in (None, "") else None

        return get


_SCORE, _DOC_ID = attrgetter("score"), attrgetter("doc_id")


@dataclass(frozen=True)
class CellStats:
    n: int
    n_valid: int
    acc: Estimate
    acc_doc: Estimate
    score: Estimate
    score_doc: Estimate


def cell_stats(
    answers: Sequence[Answer],
    *,
    resamples: int,
    seed: int,
    threshold: float = ACC_THRESHOLD,
    documents: Mapping[str, int] | None = None,
) -> CellStats:
    """ACC and mean score of the valid answers, with question- and document-level CIs (ACC
    and score resampled together: the same draws each would get alone). ``documents``: all the
    documents of the answers' run, numbered; the document CIs then resample those
    (:func:`~.stats.domain_bootstrap_means`: the answers are a domain of them), else the
    answers' own documents."""
    valid = [a for a in answers if a.score is not None]
    scores = np.fromiter(map(_SCORE, valid), dtype=float, count=len(valid))  # loops in C
    columns = [hits(scores, threshold), scores]
    acc, score = bootstrap_means(columns, resamples=resamples, seed=seed)
    if documents is None:
        documents = {doc: i for i, doc in enumerate(sorted({a.doc_id for a in valid}))}
    codes = np.fromiter(map(documents.__getitem__, map(_DOC_ID, valid)), dtype=np.intp, count=len(valid))
    acc_doc, score_doc = domain_bootstrap_means(
        columns, codes, len(documents), resamples=resamples, seed=seed
    )
    return CellStats(
        n=len(answers), n_valid=len(valid), acc=acc, acc_doc=acc_doc, score=score, score_doc=score_doc
    )


def run_accuracy(run: Run, threshold: float = ACC_THRESHOLD) -> float:
    return accuracy([a.score for a in run.valid() if a.score is not None], threshold)


def primary_judge(runs: Sequence[Run]) -> str:
    """The judge that scored the most models (then the most answers, then by name)."""
    models: dict[str, set[str]] = defaultdict(set)
    answers: Counter[str] = Counter()
    for r in runs:
        models[r.judge].add(r.model)
        answers[r.judge] += len(r.valid())
    return sorted(models, key=lambda j: (-len(models[j]), -answers[j], j))[0]


def main_runs(runs: Sequence[Run], judge: str) -> list[Run]:
    """One run per model label: the one under ``judge`` if any, else the one with most scores."""
    by_label: dict[str, list[Run]] = defaultdict(list)
    for r in runs:
        by_label[r.label].append(r)
    chosen = []
    for group in by_label.values():
        under = [r for r in group if r.judge == judge]
        chosen.append(under[0] if under else max(group, key=lambda r: (len(r.valid()), r.judge)))
    order = ranking({r.label: run_accuracy(r) for r in chosen})
    return sorted(chosen, key=lambda r: order.index(r.label))


def group_by(answers: Sequence[Answer], key: Callable[[Answer], str | None]) -> dict[str, list[Answer]]:
    out: dict[str, list[Answer]] = defaultdict(list)
    for a in answers:
        out[key(a) or "unknown"].append(a)
    return out
