"""Counts of the cross-modal and comparison validity defects (claims42), per plan-only run.

* ``verify on a rule``: verify questions about a claim that states a rule someone set (a
  target, a threshold), not what the value was;
* ``verify revised judged matches``: verify questions whose claim the text calls revised (or
  only initial) and whose verdict is "matches";
* ``verdicts per level``: the largest verdict's share per (category, level) of the cross-modal
  categories with a verdict;
* ``compare without measure / figure``: compare_representations questions that do not name the
  measure (the chart's title words or its y axis) or the figure;
* ``comparison L4 first-named``: comparison L4 questions whose answer is the option named first;
* ``integrate answered by two lookups side by side`` (audit58): integrate_sources questions per
  level that quote the text's figure and read the chart apart
  (:func:`generation.questions.crossmodal_measures.separate_lookups`);
* ``integrate L1/L4 from the text alone`` (audit43 C0): integrate_sources L1/L4 questions whose
  every number is stated in the cited text or given away by it
  (:func:`generation.questions.crossmodal_measures.from_text_alone`);
* ``verify matches reading given by the text`` (C2): verify questions judged "matches" whose
  chart reading lies within its tolerance of the text's figure;
* ``verify claim between the verdicts`` / ``verify claim on the other side`` (audit45 C10):
  verify questions whose claim the one separation (``claims.claim_verdict``: the same on a
  labelled chart and on one read off its axis) gives no verdict or the other one, per kind of
  chart (``crossmodal_measures.verify_separation``);
* ``verify answer part from the text`` (C2): verify questions with a number answer value the
  cited text states or gives away (``crossmodal_measures.verify_text_parts``);
* ``<category> L<n> whole-span period`` (C13): questions on a trend claim whose period is its
  series' whole span on the chart (``crossmodal_measures.whole_span_period``);
* ``<category> L<n> stated figure beside a chart number`` (review55): questions answering a
  figure the text states and a number worked out from chart readings, where the figure lies
  within 5% of its mark, and where it stands in for the mark (the worked-out number passes with
  it: ``crossmodal_measures.text_for_mark``);
* ``questions whose read-off the text locates``: per cell, those reading a mark whose year only
  a cited fact gives (``crossmodal_measures.located_by_text``: text and chart combined);
* ``cross-modal questions <category> L<n>``: questions per cell (the question mix).
"""

from __future__ import annotations

import re
from collections import Counter

from generation.charts.reading import printed
from generation.questions.crossmodal_measures import (
    from_text_alone,
    located_by_text,
    separate_lookups,
    text_for_mark,
    text_given,
    verify_separation,
    verify_text_parts,
    whole_span_period,
)
from generation.questions.measures import verdict_of
from generation.questions.phrasing import chart_refs, title_subject
from synthdocbench_tasks.schema import DocumentManifest, Question

RULES = ("target", "threshold")
_REVISED = re.compile(r"revised|initially|preliminary", re.I)
_VERDICTS = ("matches", "contradicts")


def _fact_values(manifest: DocumentManifest, q: Question) -> dict[str, str]:
    facts = [manifest.text_facts[i] for i in q.required_facts]
    return facts[0].values if facts else {}


def _labels(q: Question) -> list[str]:
    return [v.text for v in q.answer_values if v.kind == "label"]


def count(manifest: DocumentManifest, questions: list[Question]) -> Counter[str]:
    """The defect counts of one document's questions (keys: ``<defect>`` and ``<defect>/of``)."""
    out: Counter[str] = Counter()
    charts = {c.title: c for c in manifest.charts}
    sections = {s.section_id: s.title for s in manifest.sections}
    for q in questions:
        labels = _labels(q)
        verdict = verdict_of(q)
        if q.subset == "cross_modal":
            out.update(_text_counts(manifest, q, verdict))
        if q.category in ("verify_with_chart", "compare_representations") and verdict:
            out[f"verdict {q.category} {q.difficulty} {verdict}"] += 1
        if q.category == "verify_with_chart":
            values = _fact_values(manifest, q)
            out["verify/of"] += 1
            out["verify on a rule"] += values.get("relation") in RULES
            facts = [manifest.text_facts[i].sentence for i in q.required_facts]
            revised = any(_REVISED.search(s) for s in facts)
            out["verify revised/of"] += revised
            out["verify revised judged matches"] += revised and verdict == "matches"
        elif q.category == "compare_representations":
            chart = charts.get(q.chart_title or "")
            out["compare/of"] += 1
            text = q.question.lower()
            forms = chart_refs(chart, manifest.charts, sections).values() if chart is not None else []
            named = any(form.lower() in text for form in forms)
            out["compare without figure"] += not named
            # the measure: the chart title's words before its first " in " ("food price inflation")
            # and before a grouping ("fertiliser use by country": a question names one country's)
            measure = title_subject(chart).split(" in ")[0].split(" by ")[0] if chart is not None else ""
            words = re.findall(r"[a-z]{3,}", measure.lower())
            out["compare without measure"] += not (words and all(w in text for w in words))
        elif q.category == "comparison" and q.difficulty == "L4" and labels:
            points = [p.label for p in q.required_data_points]
            names = [re.sub(r".*\((.+)\)$", r"\1", n) for n in points]
            at = {n: q.question.find(n) for n in names if n in q.question}
            if len(at) == 2:
                out["comparison L4/of"] += 1
                out["comparison L4 first-named"] += min(at, key=lambda n: at[n]) == labels[-1]
    return out


def _text_counts(manifest: DocumentManifest, q: Question, verdict: str | None) -> Counter[str]:
    """The audit43 counts of one cross-modal question (see the module's docstring)."""
    out: Counter[str] = Counter()
    cell = f"{q.category} {q.difficulty}"
    out[f"cross-modal questions {cell}"] += 1
    out[f"text locates a mark {cell}"] += located_by_text(manifest, q)
    if q.category == "integrate_sources":
        out[f"integrate/of {q.difficulty}"] += 1
        out[f"integrate two lookups {q.difficulty}"] += separate_lookups(manifest, q)
    if q.category == "integrate_sources" and q.difficulty in ("L1", "L4"):
        out["integrate L1/L4/of"] += 1
        out["integrate L1/L4 from the text alone"] += from_text_alone(manifest, q)
    found = text_for_mark(q.answer_values, q.derivations or [])
    if found is not None:
        out[f"text for mark/of {cell}"] += 1
        out[f"text for mark near {cell}"] += found[0]
        out[f"text for mark stands {cell}"] += found[1]
    if q.category == "verify_with_chart" and verdict == "matches":
        out["verify matches/of"] += 1
        out["verify matches reading given by the text"] += bool(text_given(manifest, q))
    if q.category == "verify_with_chart":
        out["verify answer part from the text"] += bool(verify_text_parts(manifest, q))
        where = verify_separation(manifest, q, verdict)
        chart = next((c for c in manifest.charts if c.title == q.chart_title), None)
        kind = "labelled" if chart is not None and printed(chart) else "axis"
        if where is not None:
            out[f"verify/of {kind}"] += 1
            out[f"verify claim {where} {kind}"] += 1
    if any(manifest.text_facts[i].values.get("kind") == "trend_claim" for i in q.required_facts):
        out[f"trend/of {cell}"] += 1
        out[f"trend whole-span period {cell}"] += whole_span_period(manifest, q)
    return out


def render(counts: Counter[str]) -> list[str]:
    """One line per defect class, then the verdict split per (category, level)."""
    lines = ["", "validity defects (claims42)"]
    for name, whole in (
        ("verify on a rule", "verify/of"),
        ("verify revised judged matches", "verify revised/of"),
        ("compare without figure", "compare/of"),
        ("compare without measure", "compare/of"),
        ("comparison L4 first-named", "comparison L4/of"),
        ("integrate L1/L4 from the text alone", "integrate L1/L4/of"),
        ("verify matches reading given by the text", "verify matches/of"),
        ("verify answer part from the text", "verify/of"),
    ):
        lines.append(f"  {name}: {counts[name]} of {counts[whole]}")
    lines.append(
        "  integrate answered by two lookups side by side (crossmodal_measures.separate_lookups): "
        + ", ".join(
            f"L{n} {counts[f'integrate two lookups L{n}']} of {counts[f'integrate/of L{n}']}"
            for n in range(1, 6)
        )
    )
    for kind in ("labelled", "axis"):
        of = counts[f"verify/of {kind}"]
        for where in ("between", "other"):
            said = "between the verdicts" if where == "between" else "on the other side"
            lines.append(f"  verify claim {said} ({kind}): {counts[f'verify claim {where} {kind}']} of {of}")
    for key in sorted(k for k in counts if k.startswith("trend/of ")):
        cell = key.removeprefix("trend/of ")
        lines.append(
            f"  {cell} whole-span period: {counts[f'trend whole-span period {cell}']} of {counts[key]}"
        )
    for key in sorted(k for k in counts if k.startswith("text for mark/of ")):
        cell = key.removeprefix("text for mark/of ")
        lines.append(
            f"  {cell} stated figure beside a chart number: within 5% of its mark "
            f"{counts[f'text for mark near {cell}']}, standing in for the mark "
            f"{counts[f'text for mark stands {cell}']} of {counts[key]} (crossmodal_measures.text_for_mark)"
        )
    cells = sorted(k for k in counts if k.startswith("cross-modal questions "))
    lines.append(
        "  questions whose read-off the text locates (crossmodal_measures.located_by_text): "
        + ", ".join(
            f"{k.rsplit(' ', 2)[1][:7]} {k[-2:]} {counts['text locates a mark ' + k[22:]]} of {counts[k]}"
            for k in cells
        )
    )
    lines.append(
        "  questions per cell: " + ", ".join(f"{k.rsplit(' ', 2)[1][:7]} {k[-2:]} {counts[k]}" for k in cells)
    )
    cells = sorted({k.rsplit(" ", 1)[0] for k in counts if k.startswith("verdict ")})
    for cell in cells:
        got = {v: counts[f"{cell} {v}"] for v in _VERDICTS}
        total = sum(got.values())
        lines.append(
            f"  {cell.removeprefix('verdict ')}: matches {got['matches']}, contradicts {got['contradicts']}; "
            f"largest {max(got.values()) / total:.0%}"
        )
    return lines
