"""Chart questions whose answer does not need the step they claim (audit45), read from the
record and its manifest; ``bench/question_measures.py`` prints "N of M" per defect:

- ``pair_order_fixed``: comparison L4 asking which of two series was higher in the year of a text
  event, whose two series keep one order in every year of the chart (the year decides nothing);
- ``direction_fixed``: trend_pattern L4 (direction since a text event) whose direction is the same
  from every earlier year of the chart (:func:`generation.questions.event_steps.direction_turns`);
- ``two_year_text_step``: a question that looks a year up in the text (an event's, a credited
  period's) on a chart of only two years;
- ``stacked_reach``: comparison L5's colour comparison on a stacked chart whose larger segment is
  stacked below the other (on the page the other reaches further) and which asks what "reaches
  further" or "is higher";
- ``funnel_order``: an L2/L3 question on a funnel whose stage answer (the larger of two stages,
  the lowest or highest) is the first or last stage it names (a funnel narrows by construction).

Beside them a share, not a defect: of comparison L4's "which was higher" questions whose event
concerns one of the two series only, those whose answer is the event's series (near half when the
answer is drawn apart from the event; the event names its series in the question).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from generation.charts.registry import chart_type
from generation.document.anchors import concerns, report_entities
from generation.questions.chart_common import order_given
from generation.questions.event_steps import chart_years, direction_turns, order_turns
from generation.questions.phrasing import point_key
from synthdocbench_tasks.schema import Chart, DataPoint, DocumentManifest, Question

DEFECTS = ("pair_order_fixed", "direction_fixed", "two_year_text_step", "stacked_reach", "funnel_order")
_YEAR_KEYS = ("year", "start", "end")


def _chart(m: DocumentManifest, q: Question) -> Chart | None:
    refs = [u.ref for u in q.evidence_units or [] if u.kind == "chart"]
    return next((c for c in m.charts if c.vizId in refs), None)


def _points(chart: Chart, q: Question) -> list[DataPoint]:
    """The chart's marks the question reads, in its ``required_data_points`` order."""
    by_key = {point_key(p): p for p in chart.data}
    return [by_key[r.label] for r in q.required_data_points if r.label in by_key]


def _labels(q: Question) -> list[str]:
    return [a.text for a in q.answer_values if a.kind == "label"]


def pair_order_fixed(chart: Chart, q: Question) -> bool | None:
    if (q.category, q.difficulty) != ("comparison", "L4"):
        return None
    points = _points(chart, q)
    if len(points) != 2 or not {p.category for p in points} & set(_labels(q)):
        return None  # a gap-only question: which is higher is not asked
    return not order_turns(chart, points[0].category, points[1].category)


def direction_fixed(chart: Chart, q: Question) -> bool | None:
    if (q.category, q.difficulty) != ("trend_pattern", "L4"):
        return None
    points = _points(chart, q)
    if len(points) != 2 or points[0].category != points[1].category:
        return None
    series = [p for p in chart.data if p.category == points[0].category]
    return not direction_turns([p.value for p in series], series.index(points[0]))


def two_year_text_step(m: DocumentManifest, chart: Chart, q: Question) -> bool | None:
    years = {
        m.text_facts[i].values.get(k, "")
        for i in q.required_facts
        if m.text_facts[i].values.get("kind") != "chart_claim"
        for k in _YEAR_KEYS
    }
    hidden = {
        y for y in years if len(y) == 4 and y.isdigit() and y not in q.question.replace(chart.title, "")
    }
    return (len(chart_years(chart)) == 2) if hidden else None


def stacked_reach(chart: Chart, q: Question) -> bool | None:
    if not chart_type(chart.chartType).member("stacked") or (q.category, q.difficulty) != (
        "comparison",
        "L5",
    ):
        return None
    order = list(dict.fromkeys(p.category for p in chart.data))
    labels = [x for x in _labels(q) if x in order]
    if len(labels) != 2:
        return None
    worded = any(w in q.question for w in ("reach further", "higher"))
    return worded and order.index(labels[0]) < order.index(labels[1])


def funnel_order(chart: Chart, q: Question) -> bool | None:
    if not order_given(chart) or q.difficulty not in ("L2", "L3"):
        return None
    stages = [p.label for p in chart.data]
    answers = [x for x in _labels(q) if x in stages]
    if not answers:
        return None
    named = [s for s in stages if s in q.question]
    pool = named if len(named) >= 2 else stages
    return answers[0] in (pool[0], pool[-1])


def event_series_answer(m: DocumentManifest, chart: Chart, q: Question) -> bool | None:
    """Whether comparison L4's answer is the one of its two series its event concerns (None: no
    which-higher answer, or the event concerns both or neither)."""
    if (q.category, q.difficulty) != ("comparison", "L4"):
        return None
    events = [i for i in q.required_facts if m.text_facts[i].values.get("kind") == "event"]
    if not events:
        return None
    return event_names_answer(m, chart, events[0], _points(chart, q), _labels(q))


def event_names_answer(
    m: DocumentManifest, chart: Chart, event: int, points: list[DataPoint], labels: list[str]
) -> bool | None:
    """Whether the answer among two marks' series (the first of ``labels`` that names one) is the
    series text fact ``event`` concerns; None when it concerns both or there is no such answer."""
    answer = [x for x in labels if x in {p.category for p in points}]
    if len(points) != 2 or not answer:
        return None
    actor = m.text_facts[event].values.get("actor", "")
    about = [p.category for p in points if concerns(chart, actor, report_entities(m), p.category)]
    return answer[0] == about[0] if len(about) == 1 else None


def step_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> tuple[Counter[str], Counter[str]]:
    """(questions carrying each defect, questions it applies to), by ``<defect>`` and
    ``<defect> <category> <level>``."""
    found: Counter[str] = Counter()
    could: Counter[str] = Counter()
    for m, q in pairs:
        chart = _chart(m, q)
        if chart is None:
            continue
        results = {
            "pair_order_fixed": pair_order_fixed(chart, q),
            "direction_fixed": direction_fixed(chart, q),
            "two_year_text_step": two_year_text_step(m, chart, q),
            "stacked_reach": stacked_reach(chart, q),
            "funnel_order": funnel_order(chart, q),
            "event_series_answer": event_series_answer(m, chart, q),
        }
        for name, hit in results.items():
            if hit is not None:
                for key in (name, f"{name} {q.category} {q.difficulty}"):
                    could[key] += 1
                    found[key] += hit
    return found, could


def render(found: Counter[str], could: Counter[str]) -> list[str]:
    """One line per defect, then its (category, level) cells."""
    lines = [
        "",
        "text steps and page wordings (step_measures): questions carrying it, of those it applies to",
    ]
    for name in DEFECTS:
        lines.append(f"  {name}: {found[name]} of {could[name]}")
        cells = sorted(k for k in could if k.startswith(f"{name} "))
        lines += [f"    {k.split(' ', 1)[1]}: {found[k]} of {could[k]}" for k in cells]
    share = "event_series_answer"
    lines.append(
        f"  comparison L4 answers the event's own series (near half): {found[share]} of {could[share]}"
    )
    return lines
