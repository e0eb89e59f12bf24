"""The validity defects a complex question can carry, read from the record and its manifest:
questions whose hop can be skipped or whose answer does not tell the right hop from a wrong one.

- ``colour_names_many_marks``: the question finds "the <colour> mark" where that colour draws
  several marks (a series) and the question names no label that picks one of them.
- ``period_is_whole_series``: a period the text gives (a credited period, two events' years) that
  is its series' whole span on the chart, or a total or mean over every mark of the series: the
  answer is then the chart's first-to-last change, its last value or its mean, and the text step
  decides nothing.
- ``period_printed``: an L4 question prints both years of the period its text hop should supply.
- ``text_year_at_edge``: the question prints one end of its period and leaves the other to the
  text, and that year is its series' first or last on the chart: "from the year <development> to
  2021" where the development's year is where the chart starts, so taking the chart's edge
  answers it and the text step decides nothing.
- ``neighbour_unseparated``: one mark read through a hop, where a mark the hop could wrongly land
  on (the next period of its series, another series at its period) reads within the answer's
  tolerance and no scored label or year tells the two apart.
- ``half_mark_scored``: "which mark is it?" scores one of the two names a mark on a multi-series
  chart needs (its label, its series) and the question names neither the other.
- ``series_from_text``: "which series of the chart is the policy credited with?" (a question
  citing a stated cause and a reception of its policy, scoring the cause's series) where the text
  alone leaves one series: the report credits no other policy the question's voices judged with
  another series of that chart, so the colour (the chart step) decides nothing.

``bench/question_measures.py`` prints each count; the tests hold them at zero.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from generation.charts.colours import colour_of
from generation.questions.phrasing import effective_tol, point_key
from synthdocbench_tasks.schema import Chart, DataPoint, DocumentManifest, Question

DEFECTS = (
    "colour_names_many_marks",
    "period_is_whole_series",
    "period_printed",
    "text_year_at_edge",
    "neighbour_unseparated",
    "half_mark_scored",
    "series_from_text",
)


def _chart(m: DocumentManifest, q: Question) -> Chart | None:
    refs = [u.ref for u in q.evidence_units or [] if u.kind == "chart"]
    return next((c for c in m.charts if c.vizId in refs), None)


def _points(chart: Chart, q: Question) -> list[DataPoint]:
    keys = {point_key(p): p for p in chart.data}
    return [keys[r.label] for r in q.required_data_points if r.label in keys]


def _series(chart: Chart, p: DataPoint) -> list[DataPoint]:
    return [x for x in chart.data if x.category == p.category]


def _scored(q: Question) -> tuple[set[str], set[float]]:
    """The labels (lower case, with aliases) and the numbers an answer scores."""
    labels = {t.lower() for v in q.answer_values if v.kind == "label" for t in [v.text, *v.aliases]}
    numbers = {float(v.value) for v in q.answer_values if v.kind == "number" and v.value is not None}
    return labels, numbers


def _names_label(p: DataPoint, labels: set[str], numbers: set[float]) -> bool:
    if p.label.lower() in labels:
        return True
    return bool(re.fullmatch(r"\d{4}", p.label)) and float(p.label) in numbers


def _says(text: str, name: str) -> bool:
    return bool(re.search(rf"\b{re.escape(name.lower())}\b", text))


def _asks_mark(q: Question) -> bool:
    """True when the question asks which mark it is about."""
    return bool(re.search(r"\bwhich mark\b|\bname that mark\b", q.question, re.IGNORECASE))


def _asked(q: Question, chart: Chart) -> str:
    return q.question.replace(chart.title, "").lower()


def _finds_by_colour(q: Question, chart: Chart, p: DataPoint) -> bool:
    """True when the question finds the mark by its colour (not a series: "the pink series")."""
    colour = colour_of(chart, p)
    return bool(colour and re.search(rf"\b{colour} mark\b|\bmark in {colour}\b", _asked(q, chart)))


def _colour_many(q: Question, chart: Chart, p: DataPoint) -> bool:
    colour = colour_of(chart, p)
    if not _finds_by_colour(q, chart, p):
        return False
    same = [x for x in chart.data if colour_of(chart, x) == colour]
    return len(same) > 1 and p.label.lower() not in _asked(q, chart)


def _whole_series(chart: Chart, points: list[DataPoint]) -> bool:
    if len(points) < 3:
        return False
    return {point_key(x) for x in _series(chart, points[0])} == {point_key(x) for x in points}


def text_years(m: DocumentManifest, q: Question, chart: Chart) -> set[str]:
    """The years (``year``, ``start``, ``end``) the question's text facts give that the question,
    its chart's title left out, does not print: the period the text step supplies."""
    asked = _asked(q, chart)
    facts = {f.fact_id: f for f in m.text_facts}
    years = {
        str(fact.values.get(key, ""))
        for u in q.evidence_units or []
        if u.kind == "text"
        and (fact := facts.get(u.ref)) is not None
        and fact.values.get("kind") != "chart_claim"
        for key in ("year", "start", "end")
    }
    return {y for y in years if re.fullmatch(r"\d{4}", y) and not _says(asked, y)}


def whole_span(m: DocumentManifest, q: Question) -> list[str]:
    """The first and last year of the complex question's series where the period its text gives
    is that whole span (or it aggregates every mark of the series); empty otherwise."""
    chart = _chart(m, q) if q.subset == "complex" else None
    points = _points(chart, q) if chart is not None else []
    if chart is None or not points:
        return []
    if not (_whole_series(chart, points) or _text_span_whole(m, q, chart, points)):
        return []
    own = _series(chart, points[0])
    return [own[0].label, own[-1].label]


def edge_year(m: DocumentManifest, q: Question) -> str | None:
    """The one year of a complex question's period that its text step supplies, where the question
    prints the period's other end and that year is the first or last of its series on the chart
    (``text_year_at_edge``); None otherwise."""
    chart = _chart(m, q) if q.subset == "complex" else None
    points = _points(chart, q) if chart is not None else []
    if chart is None or len(points) < 2:
        return None
    given = text_years(m, q, chart)
    if len(given) != 1:
        return None
    year = given.pop()
    own = sorted(x.label for x in _series(chart, points[0]) if re.fullmatch(r"\d{4}", x.label))
    ends = {points[0].label, points[-1].label}
    printed = any(_says(_asked(q, chart), end) for end in ends - {year})
    return year if own and year in {own[0], own[-1]} and year in ends and printed else None


def _text_span_whole(m: DocumentManifest, q: Question, chart: Chart, points: list[DataPoint]) -> bool:
    """The years the text gives are the first and last year of the question's series."""
    years = sorted(x.label for x in _series(chart, points[0]) if re.fullmatch(r"\d{4}", x.label))
    return len(years) >= 3 and text_years(m, q, chart) == {years[0], years[-1]}


def _period_printed(q: Question, chart: Chart, points: list[DataPoint]) -> bool:
    if q.difficulty != "L4" or len(points) < 2:
        return False
    asked = _asked(q, chart)
    return all(_says(asked, x.label) for x in (points[0], points[-1]))


def _candidates(chart: Chart, p: DataPoint) -> list[DataPoint]:
    """The marks a hop to ``p`` could land on instead: its neighbours in its series, and the
    marks of other series at its label."""
    own = _series(chart, p)
    i = next(k for k, x in enumerate(own) if x is p)
    near = [own[k] for k in (i - 1, i + 1) if 0 <= k < len(own)]
    return near + [x for x in chart.data if x.label == p.label and x.category != p.category]


def _near(q: Question, chart: Chart, p: DataPoint) -> list[DataPoint]:
    """The candidates of :func:`_candidates` within the tolerance of the answer's last number."""
    numbers = [v for v in q.answer_values if v.kind == "number" and v.value is not None]
    if not numbers:
        return []
    last = numbers[-1]
    tol = effective_tol(last.value or 0.0, last.abs_tol, last.rel_tol) / _scale(q, len(numbers) - 1)
    return [c for c in _candidates(chart, p) if abs(c.value - p.value) <= tol]


def _scale(q: Question, index: int) -> float:
    """The factor the derivation of the ``index``-th number answer value scales its chart reading
    by (1000 for a gap of 0.08 billion USD asked in million USD; 1 without a ``scale`` step)."""
    at = [i for i, v in enumerate(q.answer_values) if v.kind == "number" and v.value is not None][index]
    factor = 1.0
    for d in q.derivations or []:
        for step in d.steps if d.value_index == at and d.steps else ():
            if step.op == "scale":
                factor *= next((abs(o.value) for o in step.operands if o.source == "constant"), 1.0) or 1.0
    return factor


def _unseparated(q: Question, chart: Chart, p: DataPoint) -> bool:
    """True when a candidate within tolerance differs from ``p`` only in a part (its label, its
    series) that the answer does not score and the question does not name."""
    labels, scored = _scored(q)
    asked = _asked(q, chart)
    label_told = _names_label(p, labels, scored) or _says(asked, p.label)
    series_told = p.category is not None and (p.category.lower() in labels or _says(asked, p.category))
    for c in _near(q, chart, p):
        if not ((c.label != p.label and label_told) or (c.category != p.category and series_told)):
            return True
    return False


def _half_mark(q: Question, chart: Chart, p: DataPoint) -> bool:
    if p.category is None or len({x.category for x in chart.data}) < 2 or not _asks_mark(q):
        return False
    labels, numbers = _scored(q)
    has_label, has_series = _names_label(p, labels, numbers), p.category.lower() in labels
    if has_label == has_series:
        return False  # both scored, or the question does not ask which mark it is
    label_unique = sum(x.label == p.label for x in chart.data) == 1
    series_unique = len(_series(chart, p)) == 1
    asked = _asked(q, chart)
    if has_label:
        return not (label_unique or _says(asked, p.category))
    return not (series_unique or _says(asked, p.label))


def text_series(m: DocumentManifest, q: Question) -> set[str] | None:
    """The series a reader of the text alone could give where ``q`` asks which series of its chart
    a policy is credited with (it cites a stated cause on that chart and a reception, and scores
    the cause's series): the series of that chart the report credits a policy with that every
    reception voice the question names judged (any judged policy where it names none). None
    for other questions."""
    chart = _chart(m, q) if q.subset == "complex" else None
    cited = [m.text_facts[i].values for i in q.required_facts]
    own = [
        v for v in cited if chart is not None and v.get("kind") == "cause" and v.get("viz_id") == chart.vizId
    ]
    labels, _ = _scored(q)
    if chart is None or not any(v.get("kind") == "reception" for v in cited):
        return None
    if not any((v.get("series") or "").lower() in labels for v in own):
        return None
    receptions = [f.values for f in m.text_facts if f.values.get("kind") == "reception"]
    judged: dict[str, set[str]] = {}
    for r in receptions:
        judged.setdefault(r.get("subject", ""), set()).add(r.get("actor", ""))
    asked = q.question.lower()
    named = {a for voices in judged.values() for a in voices if a and _says(asked, a.lower())}
    return {
        f.values.get("series", "")
        for f in m.text_facts
        if f.values.get("kind") == "cause"
        and f.values.get("viz_id") == chart.vizId
        and f.values.get("series")
        and named <= judged.get(f.values.get("cause", ""), set())
        and f.values.get("cause", "") in judged
    }


def complex_defects(m: DocumentManifest, q: Question) -> set[str]:
    """The defects of :data:`DEFECTS` that the complex question ``q`` carries (empty otherwise),
    and ``neighbour_in_tolerance`` where a wrong hop's mark reads within the tolerance."""
    chart = _chart(m, q) if q.subset == "complex" else None
    points = _points(chart, q) if chart is not None else []
    if chart is None or not points:
        return set()
    found = set()
    if _colour_many(q, chart, points[0]):
        found.add("colour_names_many_marks")
    if whole_span(m, q):
        found.add("period_is_whole_series")
    if _period_printed(q, chart, points):
        found.add("period_printed")
    if edge_year(m, q):
        found.add("text_year_at_edge")
    if len(points) == 1 and _near(q, chart, points[0]):
        found.add("neighbour_in_tolerance")  # not a defect where a scored label tells them apart
    if len(points) == 1 and _unseparated(q, chart, points[0]):
        found.add("neighbour_unseparated")
    if len(points) == 1 and _half_mark(q, chart, points[0]):
        found.add("half_mark_scored")
    series = text_series(m, q)
    if series is not None and len(series) <= 1:
        found.add("series_from_text")
    return found


def defect_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> tuple[Counter[str], Counter[str]]:
    """Per defect: how many complex questions carry it, and how many could (its denominator:
    questions finding a mark by its colour, aggregates or text periods of two years, L4 questions
    with a period, questions leaving one year of their period to the text, single-mark questions,
    single-mark questions on a multi-series chart, questions asking which series a policy is
    credited with)."""
    found: Counter[str] = Counter()
    could: Counter[str] = Counter()
    for m, q in pairs:
        chart = _chart(m, q) if q.subset == "complex" else None
        points = _points(chart, q) if chart is not None else []
        if chart is None or not points:
            continue
        could["colour_names_many_marks"] += _finds_by_colour(q, chart, points[0])
        could["period_is_whole_series"] += len(points) >= 3 or len(text_years(m, q, chart)) >= 2
        could["period_printed"] += q.difficulty == "L4" and len(points) >= 2
        could["text_year_at_edge"] += len(points) >= 2 and len(text_years(m, q, chart)) == 1
        could["neighbour_unseparated"] += len(points) == 1
        could["half_mark_scored"] += len(points) == 1 and points[0].category is not None and _asks_mark(q)
        could["series_from_text"] += text_series(m, q) is not None
        found.update(complex_defects(m, q))
    return found, could
