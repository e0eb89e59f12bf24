"""Spelled-out labels capitalised inside a sentence (review49).

A chart's labels are capitalised as a legend or axis prints them ("Twenty-five to thirty-four",
"Sixty-five and over"); a question template that puts such a label mid-sentence printed "Why
... did Twenty-five to thirty-four move". :func:`capitalised_mid_sentence` finds, in a question's
question and answer texts, the labels of its report's charts that begin with a spelled-out
number, printed with their capital anywhere but at a sentence's start;
``bench/question_measures.py`` prints the count per subset.

**Legend names** (questions52). A series a legend names with a capital ("Fixed wireless", "Food")
is a common noun inside a sentence ("the average of Fixed wireless" should read "of fixed
wireless"); a country's, a city's or a firm's name is not (``phrasing.common_names`` decides).
:func:`common_counts` counts, per subset, the questions printing such a name and those printing
it capitalised mid-sentence outside a title they quote.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from generation.questions.phrasing import SENTENCE_START, common_names, titles
from generation.questions.phrasing import spelled_labels as phrasing_spelled
from generation.world.space import topic_by_title
from synthdocbench_tasks.schema import DocumentManifest, Question


def spelled_labels(manifest: DocumentManifest) -> set[str]:
    """The report's chart labels and series that begin with a capitalised spelled-out number."""
    return phrasing_spelled(manifest.charts)


def capitalised_mid_sentence(text: str, labels: Iterable[str], keep: Iterable[str] = ()) -> list[str]:
    """The ``labels`` printed in ``text`` with their capital where no sentence starts, outside
    the titles ``keep`` (a quoted chart or section title keeps its own words)."""
    quoted = [(m.start(), m.end()) for title in keep if title for m in re.finditer(re.escape(title), text)]
    out = []
    for label in labels:
        for m in re.finditer(rf"(?<!\w){re.escape(label)}(?!\w)", text):
            inside = any(a <= m.start() < b for a, b in quoted)
            if not SENTENCE_START.search(text[: m.start()]) and not inside:
                out.append(label)
    return out


def common_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counter[str]:
    """Per subset: questions printing a legend name that is a common noun (``<subset>/of``) and
    those printing one capitalised mid-sentence in their question, answer or steps (``<subset>``)."""
    out: Counter[str] = Counter()
    found: dict[str, tuple[set[str], list[str]]] = {}
    for manifest, q in pairs:
        if manifest.doc_id not in found:
            names = common_names(manifest.charts, topic_by_title(manifest.topic))
            found[manifest.doc_id] = (names, titles(manifest))
        names, keep = found[manifest.doc_id]
        texts = (q.question, q.answer, *q.reasoning)
        if not any(
            re.search(rf"(?<!\w){re.escape(n)}(?!\w)", t, re.IGNORECASE) for n in names for t in texts
        ):
            continue
        out[f"{q.subset}/of"] += 1
        out[q.subset] += any(capitalised_mid_sentence(t, names, keep) for t in texts)
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


def render(counts: Counter[str], what: str = "a spelled-out label") -> str:
    """One line: per subset, the questions with ``what`` capitalised mid-sentence."""
    subsets = sorted(k for k in counts if "/" not in k)
    said = ", ".join(f"{s} {counts[s]} of {counts[f'{s}/of']}" for s in subsets)
    return f"questions with {what} capitalised mid-sentence (case_measures): {said or 'none'}"
