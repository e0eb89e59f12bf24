"""Questions that find a mark by its colour where the report's text already names it (blind52).

A question of the form "the report quotes a target for the blue mark in Figure 6: which mark is
it, and how far is its charted value from that figure?" means its colour hop to name the mark.
Where the report quotes a figure for one mark of that chart only, the text names the mark
("... had set a target of 24% for the devices share ..."), and a reader who never finds the
colour answers which mark it is: the learned adversary (``bench/blind_learner.py``) picked it
20 times of 20 on the cited facts alone. :func:`colour_hop_counts` counts, per (category,
level), the questions finding a mark by its colour and those whose report quotes figures
(``chart_claim`` facts) for that one mark of its chart only; ``bench/question_measures.py``
prints them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from generation.charts.colours import colour_of
from synthdocbench_tasks.schema import DocumentManifest, Question


def finds_by_colour(manifest: DocumentManifest, q: Question) -> bool:
    """True when ``q`` names its mark by the colour its chart draws it in ("the blue mark")."""
    chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
    if chart is None or not q.required_data_points:
        return False
    ref = q.required_data_points[0]
    p = next((x for x in chart.data if x.value == ref.value and x.label in ref.label), None)
    colour = colour_of(chart, p) if p is not None else None
    asked = q.question.replace(chart.title, "")
    return bool(colour and re.search(rf"\b{re.escape(colour)} mark\b", asked))


def claimed_marks(manifest: DocumentManifest, viz_id: str) -> set[tuple[str, str]]:
    """The (label, series) of the marks of chart ``viz_id`` the report quotes a figure for (a
    claim questions ask, or a quote beside one: ``document.claims._companion``)."""
    return {
        (f.values.get("label", ""), f.values.get("series", ""))
        for f in manifest.text_facts
        if f.values.get("kind") in ("chart_claim", "chart_quote") and f.values.get("viz_id") == viz_id
    }


def text_names_mark(manifest: DocumentManifest, q: Question) -> bool:
    """True when ``q`` cites a figure the report quotes for a mark of its chart, and the report
    quotes figures for that one mark of the chart only (the text names it)."""
    chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
    if chart is None:
        return False
    cited = [manifest.text_facts[i].values for i in q.required_facts]
    quoted = any(v.get("kind") == "chart_claim" and v.get("viz_id") == chart.vizId for v in cited)
    return quoted and len(claimed_marks(manifest, chart.vizId)) == 1


def relation_names_mark(
    manifest: DocumentManifest, viz_id: str, fact: dict[str, str], by_label: bool
) -> bool:
    """True when a question asking by colour for the mark of figure ``fact`` (a ``chart_claim``)
    on chart ``viz_id`` needs no colour: the report quotes a figure of its kind (its relation: a
    target, a forecast) for that one mark of the chart, or, where the question names the mark's
    label too (``by_label``: "the green mark for 2013"), for that one mark with the label. The
    question names the kind, so the text names the mark (review55: 3 of 57, 6 of 46)."""
    marks = {
        (f.values.get("label", ""), f.values.get("series", ""))
        for f in manifest.text_facts
        if f.values.get("kind") in ("chart_claim", "chart_quote")
        and f.values.get("viz_id") == viz_id
        and f.values.get("relation") == fact.get("relation")
        and (not by_label or f.values.get("label") == fact.get("label"))
    }
    return len(marks) <= 1


def colour_hop_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> dict[tuple[str, str], list[int]]:
    """((category, level) -> [questions finding a mark by colour, of them the text names the mark])."""
    out: dict[tuple[str, str], list[int]] = {}
    for m, q in pairs:
        if finds_by_colour(m, q):
            cell = out.setdefault((q.category, q.difficulty), [0, 0])
            cell[0] += 1
            cell[1] += text_names_mark(m, q)
    return out


def render(counts: dict[tuple[str, str], list[int]]) -> list[str]:
    """One line per (category, level) and the total."""
    total = Counter[int]()
    lines = []
    for (category, level), (found, named) in sorted(counts.items()):
        total[0] += found
        total[1] += named
        lines.append(f"  {category} {level}: {named} of {found}")
    head = (
        "questions finding a mark by its colour whose report quotes figures for that mark of its chart "
        f"only (colour_hop_measures: the text names it): {total[1]} of {total[0]}"
    )
    return [f"\n{head}", *lines]
