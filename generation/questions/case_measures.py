"""Spelled-out labels capitalised inside a sentence (review49).

A chart's labels are capitalised as a legend or axis prints them ("Twenty-five to thirty-four",
"Sixty-five and over"); a question template that puts such a label mid-sentence printed "Why
... did Twenty-five to thirty-four move". :func:`capitalised_mid_sentence` finds, in a question's
question and answer texts, the labels of its report's charts that begin with a spelled-out
number, printed with their capital anywhere but at a sentence's start;
``bench/question_measures.py`` prints the count per subset.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from generation.questions.phrasing import SENTENCE_START
from generation.questions.phrasing import spelled_labels as phrasing_spelled
from synthdocbench_tasks.schema import DocumentManifest, Question


def spelled_labels(manifest: DocumentManifest) -> set[str]:
    """The report's chart labels and series that begin with a capitalised spelled-out number."""
    return phrasing_spelled(manifest.charts)


def capitalised_mid_sentence(text: str, labels: Iterable[str]) -> list[str]:
    """The ``labels`` printed in ``text`` with their capital where no sentence starts."""
    out = []
    for label in labels:
        for m in re.finditer(re.escape(label), text):
            if not SENTENCE_START.search(text[: m.start()]):
                out.append(label)
    return out


def case_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counter[str]:
    """Per subset: questions printing a spelled-out label (``<subset>/of``) and those printing one
    capitalised mid-sentence in their question or answer (``<subset>``)."""
    out: Counter[str] = Counter()
    labels: dict[str, set[str]] = {}
    for manifest, q in pairs:
        spelled = labels.setdefault(manifest.doc_id, spelled_labels(manifest))
        texts = (q.question, q.answer)
        if not any(label.lower() in t.lower() for label in spelled for t in texts):
            continue
        out[f"{q.subset}/of"] += 1
        out[q.subset] += any(capitalised_mid_sentence(t, spelled) for t in texts)
    return out


def render(counts: Counter[str]) -> str:
    """One line: per subset, the questions with a spelled-out label capitalised mid-sentence."""
    subsets = sorted(k for k in counts if "/" not in k)
    said = ", ".join(f"{s} {counts[s]} of {counts[f'{s}/of']}" for s in subsets)
    return f"questions with a spelled-out label capitalised mid-sentence (case_measures): {said or 'none'}"
