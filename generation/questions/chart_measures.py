"""What a chart question's answer claims beyond what its question names, read from the record and
its manifest (review55).

- :func:`rank_beyond_scope`: an answer ranking a mark "overall" (first overall, last overall)
  where the question asks among the marks of one series: the rank holds of that series, and
  another series of the chart may hold a higher (or lower) mark.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from synthdocbench_tasks.schema import DocumentManifest, Question

_OVERALL = re.compile(r"\b(first|last|highest|lowest)\s+overall\b", re.IGNORECASE)


def rank_beyond_scope(manifest: DocumentManifest, q: Question) -> bool | None:
    """For an answer ranking a mark (a rank word, or "overall"): True when it says "overall" and
    the question reads fewer marks than its chart plots; None for an answer ranking nothing."""
    ranked = _OVERALL.search(q.answer) or re.search(r"\b(on top|at the bottom|ranks)\b", q.answer)
    if ranked is None or q.chart_index is None:
        return None
    chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
    if chart is None:
        return None
    return bool(_OVERALL.search(q.answer)) and len(q.required_data_points) < len(chart.data)


def rank_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counter[str]:
    """``asked`` (answers ranking a mark) and ``beyond`` (of them, "overall" over one series)."""
    out: Counter[str] = Counter()
    for manifest, q in pairs:
        found = rank_beyond_scope(manifest, q)
        if found is not None:
            out["asked"] += 1
            out["beyond"] += found
    return out


def render(counts: Counter[str]) -> str:
    """The counter as one line."""
    return (
        f"answers ranking a mark 'overall' where the question reads one series of the chart "
        f"(chart_measures.rank_beyond_scope): {counts['beyond']} of {counts['asked']}"
    )
