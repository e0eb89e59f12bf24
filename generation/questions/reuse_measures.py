"""Two questions of one report built on the same text fact and the same chart (questions53).

A report whose complex technical question reads the period a stated cause covers on Figure 3
and whose complex impact question reads the same cause's period on the same figure asks nearly
the same thing twice: the second question's text hop is the first one's, and a reader who
answered one has the other's evidence in hand. :func:`shared_fact_pairs` finds, per report, the
pairs of questions that cite one text fact (``required_facts``) and read one chart (their chart
evidence units, else ``chart_index``); :func:`reuse_counts` counts them per pair of
(subset category level) cells; ``bench/question_measures.py`` prints them and the tests hold
them at zero.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from synthdocbench_tasks.schema import DocumentManifest, Question


def chart_refs(manifest: DocumentManifest, q: Question) -> set[str]:
    """The vizIds of the charts ``q`` reads: its chart evidence units, else its chart."""
    refs = {u.ref for u in q.evidence_units or [] if u.kind == "chart"}
    if q.chart_index is not None:
        refs |= {c.vizId for c in manifest.charts if c.index == q.chart_index}
    return refs


def fact_chart_keys(manifest: DocumentManifest, q: Question) -> set[tuple[int, str]]:
    """(text fact, chart) for every text fact ``q`` cites and every chart it reads."""
    return {(f, viz) for f in q.required_facts for viz in chart_refs(manifest, q)}


def cell(q: Question) -> str:
    return f"{q.category} {q.difficulty}"


def shared_fact_pairs(
    manifest: DocumentManifest, questions: Sequence[Question]
) -> list[tuple[Question, Question]]:
    """The pairs of questions of one subset of one report that cite one text fact and read one
    chart (subsets are scored as separate tasks: a cross-modal and a complex question may share
    one)."""
    keys = [fact_chart_keys(manifest, q) for q in questions]
    return [
        (questions[i], questions[j])
        for i, j in combinations(range(len(questions)), 2)
        if questions[i].subset == questions[j].subset and keys[i] & keys[j]
    ]


def reuse_counts(reports: Iterable[tuple[DocumentManifest, Sequence[Question]]]) -> Counter[str]:
    """Per (cell, cell) pair, sorted: how many question pairs of a report share a text fact and
    a chart; ``"reports"`` counts the reports holding one or more."""
    found: Counter[str] = Counter()
    for manifest, questions in reports:
        pairs = shared_fact_pairs(manifest, questions)
        found["reports"] += bool(pairs)
        for a, b in pairs:
            found[" + ".join(sorted((cell(a), cell(b))))] += 1
    return found


def render(found: Counter[str]) -> list[str]:
    total = sum(n for k, n in found.items() if k != "reports")
    out = [
        f"question pairs of a report citing one text fact on one chart (reuse_measures): {total} "
        f"in {found['reports']} reports"
    ]
    out += [f"  {k}: {n}" for k, n in sorted(found.items(), key=lambda kv: (-kv[1], kv[0])) if k != "reports"]
    return out
