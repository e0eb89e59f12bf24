"""The questions whose answer depends on a mark a reader cannot tell from another series' mark
drawn over it (:mod:`generation.questions.overlap`): ``bench/question_measures.py`` prints the
count per subset and chart type; the tests hold it at zero."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from generation.questions.overlap import overlapping, swap_moves_answer
from synthdocbench_tasks.schema import Chart, DataPoint, DocumentManifest, Question


def _charts(m: DocumentManifest, q: Question) -> list[Chart]:
    refs = [u.ref for u in q.evidence_units or [] if u.kind == "chart"]
    return [c for c in m.charts if c.vizId in refs or c.index == q.chart_index]


def _resolve(charts: list[Chart], label: str) -> DataPoint | None:
    """The mark a ``required_data_points`` label names (``label`` or ``label (series)``)."""
    for chart in charts:
        for p in chart.data:
            if label == (f"{p.label} ({p.category})" if p.category else p.label):
                return p
    return None


def hidden_mark_asked(
    m: DocumentManifest, q: Question, slots: Mapping[str, str] | None = None
) -> tuple[bool, str] | None:
    """(whether a swap of an overlapping pair moves ``q``'s answer, the chart type of the pair)
    for a question reading a mark that overlaps another series' mark, at the slot ``slots`` gives
    each chart's vizId (the layout's ``chart_slots``; else the smallest it can be drawn in); None
    otherwise."""
    charts = _charts(m, q)
    points = [_resolve(charts, r.label) for r in q.required_data_points]
    if not charts or any(p is None for p in points):
        return None
    marks = [p for p in points if p is not None]
    at = slots or {}
    hidden = [
        c
        for c in charts
        if any(overlapping(c, p, at.get(c.vizId)) for p in marks if any(x is p for x in c.data))
    ]
    if not hidden:
        return None
    moves = swap_moves_answer(charts, marks, q.answer_values, q.derivations or [], slots)
    return moves, hidden[0].chartType


def hidden_counts(
    pairs: Iterable[tuple[DocumentManifest, Question]], drawn: Mapping[str, Mapping[str, str]] | None = None
) -> Counter[tuple[str, str, bool]]:
    """(subset, chart type, whether a swap moves the answer) of every question reading an
    overlapping mark, in the slot each chart is drawn in where ``drawn`` gives it (per doc_id, per
    vizId: the slot's kind), else in the smallest it can be drawn in."""
    found: Counter[tuple[str, str, bool]] = Counter()
    for m, q in pairs:
        got = hidden_mark_asked(m, q, (drawn or {}).get(m.doc_id))
        if got is not None:
            found[q.subset, got[1], got[0]] += 1
    return found


def render(found: Counter[tuple[str, str, bool]], where: str = "") -> list[str]:
    moved = sum(n for (_, _, moves), n in found.items() if moves)
    out = [
        f"questions reading a mark drawn over another series' mark at its label{where} (overlap_measures): "
        f"{moved} whose answer a swap moves beyond tolerance, of {sum(found.values())} reading one"
    ]
    for (subset, kind, moves), n in sorted(found.items()):
        out.append(f"  {subset} {kind} {'swap moves answer' if moves else 'swap within tolerance'}: {n}")
    return out
