"""What of a cross-modal question's answer the cited text alone gives away (audit43: C0, C2, C13),
read from the record and its manifest.

- :func:`text_given`: the answer values a reader finds without the chart. A chart reading (or a
  mean of readings) lies within its tolerance of a number a cited claim states (the text's
  figure passes as the reading); a share of a stated figure has 100% within its tolerance
  ("100%" passes).
- :func:`whole_span_period`: the period of a cited trend claim is its series' whole span on the
  chart (printed in the title), so the text's period is found without the text.

Validation rejects a question with either (``text_given`` in
:mod:`generation.validate.question_rules`), verify questions included (they ask the charted
value only of a claim the chart contradicts).
For verify questions (audit45: C10, C2):

- :func:`verify_separation`: whether the question's claim sits where the one separation of
  :func:`generation.document.claims.claim_verdict` puts its verdict (the same on a chart that
  prints its values and on one read off its axis), or between the two verdicts, or on the
  other side;
- :func:`verify_text_parts`: the answer values the cited text states or gives away (the text's
  own figure, or a reading within its tolerance of it);
- :func:`mean_off_claim`: a verify L3 or integrate L3 question on a claim about one mark
  whose mean is not over the claim's own entity in years around its own, nor a total of its own
  bar's parts, nor the gap of its mark from its period's mean (review49: "the mean of the whole
  series" beside a claim about one year plays no part in the claim);
- :func:`asks_no_more`: the questions of a level whose answer parts (:func:`answer_parts`),
  evidence and marks read a lower level's question of the same verdict also asks (verify L4
  against L2).

``bench/question_measures.py`` prints the counts (``bench/_validity.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from generation.document.claims import MATCH_SHARE, claim_verdict, text_decimals
from generation.questions.crossmodal_claims import entity_parts, period_peers, year_series
from generation.questions.measures import FAMILIES, evidence_units, verdict_of
from generation.questions.period_measures import passes_for
from generation.questions.phrasing import point_key
from generation.world.derivation import compute
from synthdocbench_tasks.schema import AnswerValue, Derivation, DocumentManifest, Operand, Question

#: A share or a ratio of a stated figure is answered "100%" by a reader who takes the chart to
#: bear the text out.
PIVOT = 100.0


def _stated(manifest: DocumentManifest, q: Question) -> list[float]:
    """The numbers the question's cited claims state (their ``claimed_value``)."""
    out = []
    for i in q.required_facts:
        if 0 <= i < len(manifest.text_facts):
            raw = manifest.text_facts[i].values.get("claimed_value")
            try:
                out.append(float(str(raw).replace(",", "")))
            except ValueError:
                continue
    return out


def _given(d: Derivation, v: AnswerValue, stated: list[float]) -> str | None:
    """Why ``v`` (worked out by ``d`` from the chart) is given by the text, or None."""
    if len(d.steps) != 1 or v.value is None:
        return None
    step = d.steps[0]
    sources = [o.source for o in step.operands]
    if step.op == "percent_of" and sources == ["point", "fact"]:
        return f"the share {v.text}% has {PIVOT:g}% within its tolerance" if passes_for(v, PIVOT) else None
    if (
        step.op not in ("read", "mean")
        or set(sources) != {"point"}
        or {o.key for o in step.operands} != {"value"}
    ):
        return None
    near = [x for x in stated if passes_for(v, x)]
    what = "reading" if step.op == "read" else "mean"
    return f"the {what} {v.text} is within its tolerance of the text's {near[0]:g}" if near else None


def text_given(manifest: DocumentManifest, q: Question) -> list[str]:
    """The number answer values of a cross-modal question that its cited text gives away."""
    if q.subset != "cross_modal":
        return []
    stated = _stated(manifest, q)
    out = []
    for d in q.derivations or []:
        if 0 <= d.value_index < len(q.answer_values):
            why = _given(d, q.answer_values[d.value_index], stated)
            if why:
                out.append(why)
    return out


def from_text_alone(manifest: DocumentManifest, q: Question) -> bool:
    """Every number of the answer is stated in the cited text or given away by it (a reader who
    never finds the chart scores in full)."""
    numbers = [i for i, v in enumerate(q.answer_values) if v.kind == "number"]
    if q.subset != "cross_modal" or not numbers or not q.derivations:
        return False
    stated = _stated(manifest, q)
    by = {d.value_index: d for d in q.derivations}
    for i in numbers:
        d = by.get(i)
        if d is None:
            return False
        facts = all(o.source == "fact" for s in d.steps for o in s.operands)
        if not facts and _given(d, q.answer_values[i], stated) is None:
            return False
    return True


def whole_span_period(manifest: DocumentManifest, q: Question) -> bool:
    """A cited trend claim covers its series' whole span (three or more marks) on its chart."""
    charts = {c.vizId: c for c in manifest.charts}
    for i in q.required_facts:
        if not 0 <= i < len(manifest.text_facts):
            continue
        v = manifest.text_facts[i].values
        chart = charts.get(v.get("viz_id", ""))
        if v.get("kind") != "trend_claim" or chart is None:
            continue
        labels = [p.label for p in chart.data if p.category == (v.get("series") or None)]
        if len(labels) >= 3 and (v.get("start"), v.get("end")) == (labels[0], labels[-1]):
            return True
    return False


def verify_separation(manifest: DocumentManifest, q: Question, verdict: str | None) -> str | None:
    """Where a verify question's claim sits against its ``verdict``: ``"separated"`` where the one
    separation gives that verdict, ``"between"`` where it gives none (too near its mark for a
    contradiction, too far or not the label's rounding for a match), ``"other"`` where it gives
    the other verdict; None when the question has no claim about a mark."""
    facts = [manifest.text_facts[i].values for i in q.required_facts if 0 <= i < len(manifest.text_facts)]
    v = next((f for f in facts if f.get("kind") == "chart_claim"), None)
    chart = next((c for c in manifest.charts if v and c.vizId == v.get("viz_id")), None)
    if v is None or chart is None or verdict is None:
        return None
    point = next((p for p in chart.data if p.label == v["label"] and p.category == v.get("series")), None)
    try:
        claimed = float(v["claimed_value"].replace(",", ""))
    except (KeyError, ValueError):
        return None
    if point is None:
        return None
    found = claim_verdict(chart, point.value, claimed, text_decimals(v["claimed_value"]))
    if found is None:
        return "between"
    return "separated" if found == (verdict == "matches") else "other"


def verify_text_parts(manifest: DocumentManifest, q: Question) -> list[str]:
    """The number answer values of a verify question its cited text states (derived from text
    facts alone) or gives away (:func:`text_given`): parts a reader answers without the chart."""
    out = text_given(manifest, q)
    for d in q.derivations or []:
        if 0 <= d.value_index < len(q.answer_values) and all(
            o.source == "fact" for s in d.steps for o in s.operands
        ):
            out.append(f"the text's own figure {q.answer_values[d.value_index].text}")
    return out


def mean_off_claim(manifest: DocumentManifest, q: Question) -> bool | None:
    """Whether the mean (or total) a verify L3 or integrate L3 question on a claim about one mark
    asks bears on nothing the claim is about. It bears on the claim where it averages a stretch of
    years of the claim's own entity and series holding the claim's year, shorter than that
    series' whole span, adds up the parts of the claim's own bar on a stacked chart of one period
    (:func:`~generation.questions.crossmodal_claims.entity_parts`), or is the gap of the claim's
    mark from the mean of its own period's marks (``period_peers``); not where it is a mean over
    other entities or over the whole series beside a claim about one of its years (a mean the
    claim plays no part in). None for other questions (a trend claim's period mean included)."""
    if q.category not in ("verify_with_chart", "integrate_sources") or q.difficulty != "L3":
        return None
    facts = [manifest.text_facts[i].values for i in q.required_facts if 0 <= i < len(manifest.text_facts)]
    v = next((f for f in facts if f.get("kind") == "chart_claim"), None)
    chart = next((c for c in manifest.charts if v and c.vizId == v.get("viz_id")), None)
    if v is None or chart is None:
        return None
    point = next((p for p in chart.data if p.label == v["label"] and p.category == v.get("series")), None)
    steps = [s for d in q.derivations or [] for s in d.steps if s.op in ("mean", "sum")]
    if point is None or not steps:
        return None
    refs = [q.required_data_points[o.index].label for o in steps[-1].operands if o.source == "point"]
    if steps[-1].op == "sum":
        parts = {point_key(p) for p in entity_parts(chart, point)}
        return not (len(parts) >= 3 and set(refs) == parts)
    if set(refs) == {point_key(p) for p in period_peers(chart, point)}:
        return not _gap_of(q, point_key(point))
    series = [point_key(p) for p in year_series(chart, point)]
    if not set(refs) <= set(series) or point_key(point) not in refs or len(refs) >= len(series):
        return True
    at = sorted(series.index(r) for r in refs)
    return at != list(range(at[0], at[0] + len(at)))


def _gap_of(q: Question, mark: str) -> bool:
    """A derivation of ``q`` ends in the gap between ``mark`` (its reading, or the figure the
    cited text states for it: integrate L3, audit58) and a mean."""
    for d in q.derivations or []:
        last = d.steps[-1]
        sources = {o.source for o in last.operands}
        marks = {q.required_data_points[o.index].label for o in last.operands if o.source == "point"}
        if last.op == "abs_difference" and sources == {"point", "step"} and marks == {mark}:
            return True
        if last.op == "abs_difference" and sources == {"fact", "step"}:
            return True
    return False


def answer_parts(q: Question) -> frozenset[str]:
    """What a question's answer scores, by kind: each closed family it picks from (``verdict``,
    ``side``, ...; :data:`generation.questions.measures.FAMILIES`), ``number`` for a number and
    ``label`` for any other label (a colour, a series)."""
    return frozenset(
        "number" if v.kind == "number" else FAMILIES.get(v.text, "label") for v in q.answer_values
    )


def asks_no_more(questions: Iterable[Question], category: str, level: str, lower: str) -> tuple[int, int]:
    """(the questions of ``category`` at ``level`` whose answer parts, evidence units and chart
    marks read a question of ``lower`` with the same verdict also asks, the questions of
    ``category`` at ``level``): a level that only repeats a lower one with a part left out."""
    at = [q for q in questions if q.category == category and q.difficulty in (level, lower)]
    below = {
        (verdict_of(q), evidence_units(q), len(q.required_data_points), answer_parts(q))
        for q in at
        if q.difficulty == lower
    }
    asked = [q for q in at if q.difficulty == level]
    kept = [
        q
        for q in asked
        if any(
            v == verdict_of(q)
            and units >= evidence_units(q)
            and marks >= len(q.required_data_points)
            and parts >= answer_parts(q)
            for v, units, marks, parts in below
        )
    ]
    return len(kept), len(asked)


def _replayed(d: Derivation, swap: Operand, value: float) -> float:
    """``d`` run again with operand ``swap`` (a mark's reading) replaced by ``value``."""
    results: list[float] = []
    for step in d.steps:
        args = [
            value
            if o == swap
            else results[o.index]
            if o.source == "step"
            else (o.value if o.value is not None else 0.0)
            for o in step.operands
        ]
        results.append(compute(step.op, args))
    return results[-1]


def text_for_mark(
    answers: Sequence[AnswerValue], derivations: Sequence[Derivation]
) -> tuple[bool, bool] | None:
    """For an answer with a number the text states (a derivation reading one fact) beside one
    worked out from chart readings: (the stated figure lies within ``claims.MATCH_SHARE`` of the
    reading nearest it; the worked-out number, redone with that reading replaced by the stated
    figure, still passes). The second is the defect: the chart's reading of the mark the text
    states adds nothing, the question is two lookups (review55 on integrate L3). None for another
    answer. Records and drafts alike (``Draft.derivations()``)."""
    stated = [
        o.value
        for d in derivations
        if len(d.steps) == 1 and d.steps[0].op == "read"
        for o in d.steps[0].operands
        if o.source == "fact" and o.value is not None
    ]
    worked = [d for d in derivations if any(o.source == "point" for s in d.steps for o in s.operands)]
    if not stated or not worked:
        return None
    near, stands = False, False
    for d in worked:
        marks = [o for s in d.steps for o in s.operands if o.source == "point" and o.value is not None]
        for figure in stated if marks else []:
            mark = min(marks, key=lambda o: abs((o.value or 0.0) - figure))
            reading = mark.value or 0.0
            near |= abs(figure - reading) <= MATCH_SHARE * abs(reading)
            stands |= passes_for(answers[d.value_index], _replayed(d, mark, figure))
    return near, stands


def located_by_text(manifest: DocumentManifest, q: Question) -> bool:
    """Whether the text locates a mark the question reads: the mark's year (its label) is not in
    the question but a cited fact gives it (a claim's year, a trend claim's start or end). A
    cross-modal question that names every mark it reads and asks the text's figure beside it is
    two lookups side by side; one whose read-off needs the text's year combines the two (Table 14:
    neither source alone is sufficient; review55 on integrate L1 and compare L1)."""
    given = {
        manifest.text_facts[i].values.get(key, "")
        for i in q.required_facts
        if 0 <= i < len(manifest.text_facts)
        for key in ("label", "start", "end")
    }
    text = q.question.lower()
    for ref in q.required_data_points:
        label = ref.label.split(" (")[0].strip()
        if label in given and label.lower() not in text:
            return True
    return False


#: Closed answers that set the text's figure against the chart's reading (a verdict, a side).
_COMPARING = frozenset({"matches", "contradicts", "above", "below"})


def separate_lookups(manifest: DocumentManifest, q: Question) -> bool:
    """Whether ``q`` is two lookups side by side (Table 14's integrate: neither source alone is
    sufficient): no number of its answer is worked out from a text figure and a chart reading
    together (every derivation reads text facts only or chart marks only), no closed answer
    sets one against the other (a verdict, a side) and the text locates none of its marks
    (:func:`located_by_text`). "What threshold does the text give for X in 2020, and what is the
    average of X from 2018 to 2020 in the chart?" quotes the text and reads the chart apart."""
    if any(v.kind == "label" and v.text in _COMPARING for v in q.answer_values):
        return False
    for d in q.derivations or []:
        sources = {o.source for step in d.steps for o in step.operands}
        if {"fact", "point"} <= sources:
            return False
    return not located_by_text(manifest, q)
