"""Rules on what a chart or cross-modal question measures (issue 23), and on a report's set.

Per question (:func:`question_checks`, run by :func:`generation.validate.rules.check_question`):

- ``restated_claim``: a cross-modal question may name the topic, entity or period of the text
  claim it cites, never the claim itself: not its number, not its direction (rose, fell, flat...)
  and not the outcome of a comparison (one of "above" / "below", "higher" / "lower"... without
  the other).
- ``level_operation``: the level fits what the derivation program does (Table 13): L1 reads
  one chart element and computes nothing; L2 uses at least two elements; L3 sums or averages
  at least three; L4 joins a text fact with a chart element; L5 names a visual encoding, and a
  colour only where the colour is the only key to the element (a series told apart by the
  legend, not a mark whose label is printed beside it).
- ``labelled_elsewhere``: no number a question reads off its chart's axis is printed as a data
  label on another chart of the report (several charts draw one series: the question would need
  no reading of its own chart; :mod:`generation.questions.elsewhere`), and no mark's value it
  reads is stated within its tolerance by a chart claim it does not cite.
- ``text_given``: no answer value a cross-modal question asks for is given by its cited text
  (:mod:`generation.questions.crossmodal_measures`): a chart reading within its tolerance of a
  number the text states, a share of a stated figure with 100% within its tolerance, or a
  period left to the text that is the chart's whole span. Verify questions too: they ask the
  charted value only where the chart contradicts the text. Complex questions: no period their
  text gives (a credited period, two events' years) is their series' whole span
  (:func:`generation.questions.complex_measures.whole_span`), nor is the one year they leave to
  the text their series' first or last (:func:`~generation.questions.complex_measures.edge_year`).

Per report (:func:`set_problems`, run by :func:`generation.validate.rules.validate_questions`):

- ``shared_evidence``: no two questions cite the same evidence set (chart, marks and facts);
- ``chart_load``: no chart carries more than :data:`MAX_PER_CHART` questions.

Per run (:func:`generation.questions.measures.verdict_balance` and ``unbalanced``): the share of
each verdict class per category; a run is
balanced when no class holds more than :data:`MAX_VERDICT_SHARE` of its category.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from generation.questions.common import MAX_PER_CHART
from generation.questions.complex_measures import edge_year, whole_span
from generation.questions.crossmodal_measures import text_given, whole_span_period
from generation.questions.elsewhere import (
    claims_stating,
    data_labels,
    labelled_elsewhere,
    readings,
    stated_uncited,
)
from generation.questions.measures import (
    DIRECTION,
    MAX_VERDICT_SHARE,
    evidence_key,
    operation_name,
    operations,
    unbalanced,
    verdict_balance,
)
from generation.questions.phrasing import colour_keyed, fmt_num, numbers_in, unambiguous_colours
from generation.validate.evidence import restated_problems
from synthdocbench_tasks.schema import Chart, DocumentManifest, Question

RULES: tuple[str, ...] = (
    "restated_claim",
    "level_operation",
    "labelled_elsewhere",
    "text_given",
    "shared_evidence",
    "chart_load",
)
SUBSETS_CHECKED: frozenset[str] = frozenset({"chart", "cross_modal"})

#: Comparison words: naming one side of a pair without the other states the comparison.
_SIDES: tuple[tuple[str, str], ...] = (
    (r"\babove\b", r"\bbelow\b"),
    (r"\bhigher\b", r"\blower\b"),
    (r"\bexceed(?:s|ed)?\b", r"\b(?:fall|falls|fell) short\b"),
    (r"\bovershoot", r"\bundershoot"),
)
_ENCODING = re.compile(
    r"colou?r|legend|marker|line style|dashed|dotted|highlight|accent|whisker|bubble|intens|shade",
    re.IGNORECASE,
)
_READS = frozenset({"read"})
_AGGREGATES = frozenset({"sum", "mean"})


def question_checks(manifest: DocumentManifest, q: Question, chart: Chart | None) -> dict[str, list[str]]:
    """(rule -> problems) of the per-question rules of this module."""
    return {
        "restated_claim": restated_claim(manifest, q),
        "level_operation": level_operation(manifest, q, chart),
        "labelled_elsewhere": labelled_elsewhere_rule(manifest, q),
        "text_given": text_given_problems(manifest, q),
    }


def labelled_elsewhere_rule(manifest: DocumentManifest, q: Question) -> list[str]:
    """Numbers the question reads off its chart's axis that another chart prints as a data label,
    and marks' values that a chart claim the question does not cite states within tolerance."""
    labels, stated = data_labels(manifest), claims_stating(manifest)
    out = []
    for r in readings(manifest, q):
        others = labelled_elsewhere(labels, r.chart, r.value) if r.off_axis else frozenset()
        if others:
            where = ", ".join(sorted(others))
            out.append(f"reads {r.mark} ({fmt_num(r.value)}) off the axis, a data label of {where}")
        claims = stated_uncited(stated, r.chart, r.point, q.required_facts) if r.key == "value" else ()
        if claims:
            said = ", ".join(manifest.text_facts[i].fact_id for i in sorted(claims))
            out.append(f"reads {r.mark} ({fmt_num(r.value)}), which a claim it does not cite states ({said})")
    return out


def text_given_problems(manifest: DocumentManifest, q: Question) -> list[str]:
    """What of a cross-modal answer the cited text gives away, and a complex question's text
    period that is its chart's whole span or whose one text year is its series' edge (see the
    module's docstring)."""
    if q.subset == "complex" and (ends := whole_span(manifest, q)):
        return [f"the period it leaves to the text ({'–'.join(ends)}) is its chart's whole span"]
    if q.subset == "complex" and (year := edge_year(manifest, q)):
        return [f"the year it leaves to the text ({year}) is where its series starts or ends on the chart"]
    if q.subset != "cross_modal":
        return []
    out = text_given(manifest, q)
    years = _period(manifest, q)
    printed = all(re.search(rf"\b{re.escape(y)}\b", q.question) for y in years)
    if whole_span_period(manifest, q) and not printed:
        out.append(f"the period it leaves to the text ({'–'.join(years)}) is its chart's whole span")
    return out


def _period(manifest: DocumentManifest, q: Question) -> list[str]:
    """The first and last year of the trend claims a question cites."""
    facts = [manifest.text_facts[i].values for i in q.required_facts if 0 <= i < len(manifest.text_facts)]
    return [v[k] for v in facts if v.get("kind") == "trend_claim" for k in ("start", "end") if v.get(k)]


def restates(manifest: DocumentManifest, q: Question) -> bool:
    """The question already states what it should make the reader find: a cross-modal question
    its text claim (``restated_claim``), a complex question one of its units (``restated_unit``).
    ``synthdocbench stats`` counts these, so its figure is the validation rules' own."""
    if q.subset == "complex":
        return bool(restated_problems(manifest, q))
    return bool(restated_claim(manifest, q))


def restated_claim(manifest: DocumentManifest, q: Question) -> list[str]:
    """What of its text claim a cross-modal question already states."""
    if q.subset != "cross_modal":
        return []
    out: list[str] = []
    named: set[float] = set()
    for ref in q.required_data_points:  # the 70–80 bin names its numbers, not a claim's
        named |= numbers_in(ref.label)
    asked = numbers_in(q.question) - named
    for i in q.required_facts:
        if not 0 <= i < len(manifest.text_facts):
            continue
        fact = manifest.text_facts[i]
        kind = fact.values.get("kind")
        # the claim's subject, named as its sentence names it ("the population exposed above the
        # guideline in Zambia"), and the report's names (a chart's title) state no comparison and
        # no direction
        said = fact.values.get("subject", "")
        text = re.sub(re.escape(said), " ", q.question, flags=re.IGNORECASE) if said else q.question
        text = _without_names(manifest, text)
        if kind in ("chart_claim", "change_claim"):  # a mark's value, or a ratio of two
            try:
                claimed = round(float(fact.values["claimed_value"]), 6)
            except (KeyError, ValueError):
                continue
            if claimed in asked or round(abs(claimed), 6) in asked:
                out.append(f"states the claimed value {fact.values['claimed_value']} of {fact.fact_id}")
        elif kind == "trend_claim":
            found = DIRECTION.search(text)
            if found:
                out.append(f"states a direction ({found.group(0)!r}) for the claim of {fact.fact_id}")
        else:
            continue
        for one, other in _SIDES:
            a, b = re.search(one, text, re.I), re.search(other, text, re.I)
            if bool(a) != bool(b):
                said = (a or b).group(0)  # type: ignore[union-attr]
                out.append(f"states the comparison ({said!r}) of {fact.fact_id}")
    return out


def _without_names(manifest: DocumentManifest, text: str) -> str:
    """``text`` without the report's chart titles and axis labels, section titles, series and mark
    labels (a metric called "groundwater decline" states no claim)."""
    names = [c.title for c in manifest.charts] + [s.title for s in manifest.sections]
    names += [a.label for c in manifest.charts for a in (c.axes.x, c.axes.y)]
    names += [n for c in manifest.charts for p in c.data for n in (p.label, p.category or "")]
    for name in sorted({n for n in names if len(n) >= 3}, key=len, reverse=True):
        text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
    return text


def colour_problem(chart: Chart, q: Question) -> list[str]:
    """A colour the question names (or asks for) that keys no legend series: the element it
    marks is named on an axis or beside its marks, so the colour is not the only way to find it."""
    colours = unambiguous_colours(chart)
    words = {w for w in colours.values() if re.search(rf"\b{re.escape(w)}\b", q.question, re.IGNORECASE)}
    words |= {v.text for v in q.answer_values if v.kind == "label" and v.text in colours.values()}
    keys = [k for k, w in colours.items() if w in words]
    if not keys:
        return []
    keyed = [k for k in keys if any(p.category == k and colour_keyed(chart, p) for p in chart.data)]
    if keyed:
        return []
    return [f"L5 asks for the colour of {keys[0]!r}, which the chart labels directly (no legend series)"]


def level_operation(manifest: DocumentManifest, q: Question, chart: Chart | None) -> list[str]:
    """Where the level does not fit the operation (Table 13), for chart and cross-modal questions."""
    if q.subset not in SUBSETS_CHECKED:
        return []
    ops = operations(q)
    points, facts = len(q.required_data_points), len(q.required_facts)
    level = q.difficulty
    if level == "L1":
        if points > 1 or any(op not in _READS for op, _ in ops):
            return [f"L1 reads one element, but uses {points} marks and does {operation_name(q)}"]
    elif level == "L2":
        if points + facts < 2:
            return ["L2 compares at least two elements, but cites one"]
    elif level == "L3":
        if not any(op in _AGGREGATES and n >= 3 for op, n in ops):
            return [f"L3 is a sum or mean over at least three elements, but does {operation_name(q)}"]
    elif level == "L4":
        if facts < 1 or points < 1:
            return ["L4 joins a text fact with a chart element"]
    elif level == "L5":
        named = chart is not None and any(
            re.search(rf"\b{re.escape(w)}\b", q.question, re.IGNORECASE)
            for w in unambiguous_colours(chart).values()
        )
        if not named and not _ENCODING.search(q.question):
            return ["L5 asks about a visual encoding, but the question names none"]
        if chart is not None:
            return colour_problem(chart, q)
    return []


def charts_of(manifest: DocumentManifest, q: Question) -> set[int]:
    """Index of every chart a question reads (its chart, and any chart its derivations name)."""
    index = {c.vizId: c.index for c in manifest.charts}
    found = {q.chart_index} if q.chart_index is not None else set()
    for d in q.derivations or []:
        for s in d.steps:
            found |= {index[o.viz_id] for o in s.operands if o.viz_id in index}
    return found


def set_problems(manifest: DocumentManifest, questions: list[Question]) -> dict[str, list[tuple[str, str]]]:
    """(question id -> (rule, detail)) of the report-level rules, in question order: the later of
    two questions with one evidence set, and every question past the second on one chart."""
    out: dict[str, list[tuple[str, str]]] = defaultdict(list)
    first: dict[tuple[object, ...], str] = {}
    load: Counter[int] = Counter()
    for q in questions:
        key = evidence_key(q)
        if key in first:
            out[q.question_id].append(("shared_evidence", f"cites the same evidence as {first[key]}"))
        else:
            first[key] = q.question_id
        for c in sorted(charts_of(manifest, q)):
            load[c] += 1
            if load[c] > MAX_PER_CHART:
                out[q.question_id].append(
                    ("chart_load", f"chart {c} already carries {MAX_PER_CHART} questions of this report")
                )
    return dict(out)


__all__ = ["MAX_VERDICT_SHARE", "RULES", "question_checks", "set_problems", "unbalanced", "verdict_balance"]
