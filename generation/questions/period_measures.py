"""Questions on the period a text statement covers, and direction verdicts (review55, questions54).

These counters read question records and their manifest alone (plan-only runs, or released data).

A *period question* is an integrate_sources L3 or technical_quantitative L3 question whose
number is the mean or total of one series over the years a text statement (a trend claim, or
the cause the report credits) covers. Its defects:

- ``one_reading``: a single reading of the period lies within the answer's tolerance of the mean
  (for a total, that reading times the number of years lies within it of the total): one read
  answers it, and the sum the question claims is skipped (:func:`reading_gives`);
- ``middle_reading``: the middle reading of the period does (a reader's natural guess);
- ``ambiguous_period``: the series has another text statement whose period differs, so "the
  period the text covers" does not say which passage is meant (:func:`other_periods`);
- ``false_source``: the statement defining the period is a trend the chart does not bear out
  ("rose" where the series is flat), so the question builds on a sentence that is wrong.

:func:`verdict_counts` counts the direction verdicts a reader can dispute, over every question:
``contradicts`` said of a trend claim whose sign the chart shows, moving under
:data:`~generation.questions.phrasing.FLAT_FRACTION` (the claim only misses an unseen threshold),
and of them those moving by over half the prose's flat band (:func:`leans_to`, which the
generator refuses);
``was broadly flat`` said of a series that leaves the prose's flat band
(``document.change_words.FLAT_BAND``) or swings by :data:`~generation.questions.phrasing.TREND_FRACTION`.

:func:`colour_skip_counts` counts the technical L5 questions whose asked label is found without
the colour step (``colour_hop_measures.relation_names_mark``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from generation.charts.reading import effective_tol
from generation.document.change_words import FLAT_BAND, relative_change, relative_spread
from generation.questions.colour_hop_measures import relation_names_mark
from generation.questions.common import direction
from generation.questions.phrasing import FLAT_FRACTION, TREND_FRACTION, point_key
from synthdocbench_tasks.schema import (
    AnswerValue,
    Chart,
    DataPoint,
    Derivation,
    DocumentManifest,
    Question,
    TextFact,
)

#: The (category, level) cells that ask a mean or total over the period a text statement covers.
PERIOD_CELLS = (("integrate_sources", "L3"), ("technical_quantitative", "L3"))
#: The text facts that define a period of a series (their ``start`` to ``end``).
PERIOD_KINDS = ("trend_claim", "cause")
PERIOD_DEFECTS = ("one_reading", "middle_reading", "ambiguous_period", "false_source")


def passes_for(v: AnswerValue, stated: float) -> bool:
    """``stated`` lies within the tolerance of answer value ``v`` (it scores as ``v``)."""
    return v.value is not None and abs(stated - v.value) <= effective_tol(v.value, v.abs_tol, v.rel_tol)


def reading_gives(answer: AnswerValue, readings: Sequence[float], factor: float) -> bool:
    """True when one of ``readings``, times ``factor`` (1 for a mean, the number of readings for a
    total, with any change of unit), lies within ``answer``'s tolerance: one read answers it."""
    return any(passes_for(answer, r * factor) for r in readings)


def period_key(values: dict[str, str]) -> tuple[str, str, str, str] | None:
    """A period fact's (chart, series, start, end), or None for a fact without a period."""
    if values.get("kind") not in PERIOD_KINDS or not values.get("start") or not values.get("end"):
        return None
    return values.get("viz_id", ""), values.get("series", ""), values["start"], values["end"]


def other_periods(facts: Sequence[TextFact], index: int) -> int:
    """How many other text statements on fact ``index``'s series cover a different period and
    could be the passage a question on "the period the text covers" means: any other period fact
    for a trend claim ("how it developed" fits a cause's sentence too), other causes for a cause
    (a question names it as the passage giving the reason)."""
    own = period_key(facts[index].values)
    if own is None:
        return 0
    kinds = PERIOD_KINDS if facts[index].values.get("kind") == "trend_claim" else ("cause",)
    others = [
        period_key(f.values) for i, f in enumerate(facts) if i != index and f.values.get("kind") in kinds
    ]
    return sum(o is not None and o[:2] == own[:2] and o[2:] != own[2:] for o in others)


def period_source(manifest: DocumentManifest, index: int) -> bool:
    """True when text fact ``index`` may define the period a question asks over: no other
    statement on its series covers another period (:func:`other_periods`), and a trend it states
    holds on its chart (:func:`trend_holds`): the one rule of every period question."""
    fact = manifest.text_facts[index]
    return not other_periods(manifest.text_facts, index) and trend_holds(manifest, fact)


def one_read_answers(answer: AnswerValue, readings: Sequence[float], total: bool = False) -> bool:
    """True when a single one of ``readings`` answers their mean (or, with ``total``, their sum)
    ``answer``, which may be in a smaller unit: the reading (times their count for a total) lies
    within the answer's tolerance. A question asking it is answered by one read."""
    raw = sum(readings) / (1 if total else max(len(readings), 1))
    if answer.value is None or not readings or raw == 0:
        return False
    return reading_gives(answer, readings, answer.value / raw * (len(readings) if total else 1))


def leans_to(span: Sequence[DataPoint], claimed: str) -> bool:
    """True when a series the question rule calls flat (``common.direction``) moves the way
    ``claimed`` ("rose", "fell") says by more than half the prose's flat band: a verdict that the
    chart contradicts the claim would hinge on where the band ends, which no reader sees."""
    values = [p.value for p in span]
    sign = {"rose": 1, "fell": -1}.get(claimed, 0)
    return direction(values) == "was broadly flat" and sign * relative_change(values) > FLAT_BAND / 2


def series_span(chart: Chart, series: str, start: str, end: str) -> list[DataPoint]:
    """The marks of ``series`` from label ``start`` to ``end`` (inclusive), or [] where absent."""
    marks = [p for p in chart.data if (p.category or "") == series]
    labels = [p.label for p in marks]
    if start not in labels or end not in labels:
        return []
    return marks[labels.index(start) : labels.index(end) + 1]


def _chart(manifest: DocumentManifest, viz_id: str) -> Chart | None:
    return next((c for c in manifest.charts if c.vizId == viz_id), None)


def read_aggregates(
    answers: Sequence[AnswerValue], derivations: Sequence[Derivation]
) -> list[tuple[AnswerValue, float, list[float]]]:
    """Every mean or total of chart readings a question (or a draft) asks: its number, the factor
    a single reading is scaled by, and the readings; the mean or total is the answer, or scaled to
    a smaller unit (not a gap to it, a share)."""
    out = []
    for d in derivations:
        step = next((s for s in d.steps if s.op in ("mean", "sum")), None)
        after = d.steps[d.steps.index(step) + 1 :] if step is not None else []
        answer = answers[d.value_index]
        if step is None or answer.value is None or step.result == 0 or any(s.op != "scale" for s in after):
            continue
        readings = [o.value for o in step.operands if o.source == "point" and o.value is not None]
        scale = answer.value / step.result
        out.append((answer, scale * (len(readings) if step.op == "sum" else 1), readings))
    return out


def reading_defects(q: Question) -> set[str] | None:
    """``one_reading`` and ``middle_reading`` where they hold of any of ``q``'s means or totals over
    three or more readings; None for a question asking no such number."""
    found = [f for f in read_aggregates(q.answer_values, q.derivations or []) if len(f[2]) >= 3]
    if not found:
        return None
    out = set()
    for answer, factor, readings in found:
        if reading_gives(answer, readings, factor):
            out.add("one_reading")
        if reading_gives(answer, [readings[len(readings) // 2]], factor):
            out.add("middle_reading")
    return out


def period_defects(manifest: DocumentManifest, q: Question) -> set[str] | None:
    """The defects (:data:`PERIOD_DEFECTS`) of period question ``q``; None for another question."""
    if (q.category, q.difficulty) not in PERIOD_CELLS:
        return None
    sources = [i for i in q.required_facts if period_key(manifest.text_facts[i].values) is not None]
    out = reading_defects(q)
    if not sources or out is None:
        return None
    if other_periods(manifest.text_facts, sources[0]):
        out.add("ambiguous_period")
    if not trend_holds(manifest, manifest.text_facts[sources[0]]):
        out.add("false_source")
    return out


def trend_holds(manifest: DocumentManifest, fact: TextFact) -> bool:
    """False for a trend claim whose direction its chart does not bear out; True otherwise."""
    v = fact.values
    chart = _chart(manifest, v.get("viz_id", ""))
    if v.get("kind") != "trend_claim" or chart is None:
        return True
    span = series_span(chart, v.get("series", ""), v.get("start", ""), v.get("end", ""))
    return len(span) >= 2 and direction([p.value for p in span]) == v.get("direction")


def period_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counter[tuple[str, ...]]:
    """(category, level, "asked") and (category, level, defect) counts over the period questions,
    and ("any", category, level, "asked" / "one_reading" / "middle_reading") over every question
    asking a mean or total of three or more readings."""
    out: Counter[tuple[str, ...]] = Counter()
    for manifest, q in pairs:
        cell = (q.category, q.difficulty)
        for found, key in ((reading_defects(q), ("any", *cell)), (period_defects(manifest, q), cell)):
            if found is None:
                continue
            out[(*key, "asked")] += 1
            for defect in found:
                out[(*key, defect)] += 1
    return out


def _read_span(manifest: DocumentManifest, q: Question) -> list[float]:
    """The values of the series ``q`` reads, from its first to its last read mark of that series."""
    chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
    if chart is None:
        return []
    by_key = {point_key(p): p for p in chart.data}
    read = [by_key[r.label] for r in q.required_data_points if r.label in by_key]
    if len(read) < 2 or read[0].category != read[-1].category:
        return []
    series = [p for p in chart.data if p.category == read[0].category]
    i, j = sorted((series.index(read[0]), series.index(read[-1])))
    return [p.value for p in series[i : j + 1]]


def _contradicted_span(manifest: DocumentManifest, q: Question) -> tuple[list[DataPoint], str] | None:
    """For a "contradicts" verdict on a trend claim of a rise or a fall: the span the claim covers
    and its direction; None for another question."""
    if not any(v.kind == "label" and v.text == "contradicts" for v in q.answer_values):
        return None
    facts = [manifest.text_facts[i].values for i in q.required_facts]
    v = next((f for f in facts if f.get("kind") == "trend_claim"), None)
    chart = _chart(manifest, v.get("viz_id", "")) if v is not None else None
    if v is None or chart is None or v.get("direction") not in ("rose", "fell"):
        return None
    span = series_span(chart, v.get("series", ""), v.get("start", ""), v.get("end", ""))
    return (span, v["direction"]) if len(span) >= 2 else None


def verdict_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counter[str]:
    """Counts of the direction verdicts a reader can dispute (see the module's docstring)."""
    out: Counter[str] = Counter()
    for manifest, q in pairs:
        found = _contradicted_span(manifest, q)
        if found is not None:
            span, claimed = found
            sign = 1 if claimed == "rose" else -1
            out["contradicts"] += 1
            out["contradicts_same_sign_small"] += (
                0 < sign * relative_change([p.value for p in span]) < FLAT_FRACTION
            )
            out["contradicts_leaning"] += leans_to(span, claimed)
        if any(v.kind == "label" and v.text == "was broadly flat" for v in q.answer_values):
            values = _read_span(manifest, q)
            if values:
                out["flat"] += 1
                out["flat_beyond_band"] += relative_spread(values) > FLAT_BAND
                out["flat_steady"] += abs(relative_change(values)) > FLAT_BAND
                out["flat_swing"] += relative_spread(values) >= TREND_FRACTION
    return out


def colour_skippable(manifest: DocumentManifest, q: Question) -> bool | None:
    """For a technical L5 question on a quoted figure: True when its asked label is found without
    the colour step (``colour_hop_measures.relation_names_mark``); None for another question."""
    if (q.category, q.difficulty) != ("technical_quantitative", "L5"):
        return None
    cited = [manifest.text_facts[i].values for i in q.required_facts]
    fact = next((v for v in cited if v.get("kind") == "chart_claim"), None)
    if fact is None:
        return None
    return relation_names_mark(manifest, fact.get("viz_id", ""), fact, "which series" in q.question.lower())


def colour_skip_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> list[int]:
    """[technical L5 questions on a quoted figure, of them whose colour step is skippable]."""
    out = [0, 0]
    for manifest, q in pairs:
        found = colour_skippable(manifest, q)
        if found is not None:
            out[0] += 1
            out[1] += found
    return out


def render(
    periods: Counter[tuple[str, ...]], verdicts: Counter[str], colour_skips: Sequence[int]
) -> list[str]:
    """The counters, one line each."""
    lines = ["\nmeans and totals of three or more readings one reading answers (period_measures)"]
    for key in sorted(k[:3] for k in periods if k[0] == "any" and k[3] == "asked"):
        asked = periods[(*key, "asked")]
        one, middle = periods[(*key, "one_reading")], periods[(*key, "middle_reading")]
        lines.append(f"  {key[1]} {key[2]}: {one} of {asked} (the middle reading: {middle})")
    lines.append("questions on the period a text statement covers (period_measures)")
    for category, level in PERIOD_CELLS:
        asked = periods[(category, level, "asked")]
        said = ", ".join(f"{d} {periods[(category, level, d)]}" for d in PERIOD_DEFECTS)
        lines.append(f"  {category} {level}: {asked} asked; {said}")
    lines.append(
        f"direction verdicts a reader can dispute: contradicts on a same-sign move under 4%: "
        f"{verdicts['contradicts_same_sign_small']} of {verdicts['contradicts']} (by over half the prose's "
        f"flat band, 1.25%: {verdicts['contradicts_leaning']}); broadly flat beyond the "
        f"prose's 2.5% band: {verdicts['flat_beyond_band']} of {verdicts['flat']}, moving over it end "
        f"to end: {verdicts['flat_steady']}, swinging 10% or more: "
        f"{verdicts['flat_swing']}"
    )
    lines.append(
        f"technical L5 asked labels found without the colour step: {colour_skips[1]} of {colour_skips[0]}"
    )
    return lines
