"""Narrative text facts: dated events with their actors, the causes the report states for a
chart series' path over a period, and the reception (stances) of the report's subjects.

Complex questions (``generation.questions.complex``) read them: a cause names a policy or
driver, the series and the period but not the direction (the chart shows it), so "why did X
move as it did" needs chart and text; each policy a cause names is judged by two voices in
sections at least two apart, in varied wording (several verbs per stance).
"""

from __future__ import annotations

import numpy as np

from generation.charts.spec import LINE_FAMILY, ChartSpec
from generation.document.grammar import fill_agreement
from generation.document.prose import ProseWriter, cap
from generation.document.sections import SectionFact, spread
from generation.world.topics import Topic, in_text

#: A stated cause: a source credits a policy or driver with a series' path over a period. The
#: direction is not stated (the chart shows it), so a "why" question needs chart and text.
CAUSE_TEMPLATES: tuple[str, ...] = (
    "{Actor} <attributes:actor> most of the change in {phrase} between {start} and {end} to {cause}.",
    "According to {actor}, {cause} was the main factor behind how {phrase} developed from {start} to {end}.",
    "What happened to {phrase} from {start} to {end} owes much to {cause}, in the assessment of {actor}.",
    "{Actor} <credits:actor> {cause} with shaping {phrase} over the years {start} to {end}.",
)

#: Evaluative statements, several verbs per stance (impact / reception reads them across sections).
RECEPTION_TEMPLATES: dict[str, tuple[str, ...]] = {
    "positive": (
        "{Actor} welcomed {subject}, pointing to {reason}.",
        "{Actor} praised {subject} for {reason}.",
        "In the view of {actor}, {subject} has been a success, not least because of {reason}.",
        "{Actor} <calls:actor> {subject} a clear step forward, citing {reason}.",
        "{Subject} won the backing of {actor}, who highlighted {reason}.",
    ),
    "negative": (
        "{Actor} criticised {subject}, citing {reason}.",
        "{Actor} opposed {subject} because of {reason}.",
        "For {actor}, {subject} has fallen short, chiefly through {reason}.",
        "{Actor} <warns:actor> that {subject} is flawed, pointing to {reason}.",
        "{Subject} drew sharp objections from {actor} over {reason}.",
    ),
    "mixed": (
        "{Actor} gave {subject} a mixed reception, noting {reason}.",
        "{Actor} offered only qualified support for {subject}, describing {reason}.",
        "{Actor} <sees:actor> both promise and problems in {subject}, given {reason}.",
        "Opinion within {actor} on {subject} remains divided, reflecting {reason}.",
    ),
}


#: Entity kinds that can themselves act in an event sentence ("Chile cut tariffs ...").
_ACTING_KINDS = {"country", "state", "economy", "city", "education system", "market"}


def _event_actor(rng: np.random.Generator, topic: Topic) -> str:
    if topic.entity_kind in _ACTING_KINDS:
        return in_text(topic, topic.entities[int(rng.integers(len(topic.entities)))])
    return topic.actors[int(rng.integers(len(topic.actors)))]


def event_text_facts(
    rng: np.random.Generator, writer: ProseWriter, topic: Topic, n_sections: int
) -> tuple[list[SectionFact], list[tuple[str, str, str]]]:
    """Event facts (4–5, distinct years, spread over the document) and the unused events for timelines."""
    first, last = topic.years
    years = [str(y) for y in range(first, last + 1)]
    year_order = [years[int(i)] for i in rng.permutation(len(years))]
    event_order = [topic.events[int(i)] for i in rng.permutation(len(topic.events))]
    n = int(rng.integers(4, 6))
    sections = spread(rng, n, n_sections)
    facts = []
    for k in range(n):
        actor = _event_actor(rng, topic)
        values = {"kind": "event", "year": year_order[k], "actor": actor, "event": event_order[k]}
        facts.append(
            SectionFact(sections[k], writer.event_fact(year_order[k], actor, event_order[k]), values)
        )
    spare = [
        (year_order[n + k], _event_actor(rng, topic), event_order[n + k])
        for k in range(min(len(event_order), len(year_order)) - n)
    ]
    return facts, sorted(spare)


def _years(spec: ChartSpec) -> list[str]:
    labels = list(dict.fromkeys(p.label for p in spec.chart.data))
    return labels if len(labels) >= 4 and all(lb.isdigit() for lb in labels) else []


def _far_sections(home: int, n_sections: int) -> list[int]:
    far = [s for s in range(n_sections) if abs(s - home) >= 2]
    return far or [s for s in range(n_sections) if s != home]


def _mover(spec: ChartSpec, start: str, end: str) -> str | None:
    """The series with the largest absolute change from ``start`` to ``end`` (a clear leader:
    at least 1.25 times the runner-up), or None."""
    change: dict[str | None, float] = {}
    for series in dict.fromkeys(p.category for p in spec.chart.data):
        at = {p.label: p.value for p in spec.chart.data if p.category == series}
        if start in at and end in at:
            change[series] = abs(at[end] - at[start])
    ranked = sorted(change.items(), key=lambda kv: -kv[1])
    if not ranked or ranked[0][1] == 0:
        return None
    if len(ranked) > 1 and ranked[0][1] < 1.25 * ranked[1][1]:
        return None
    return ranked[0][0] or ""


def _period(rng: np.random.Generator, spec: ChartSpec, event_years: list[str]) -> tuple[str, str, str] | None:
    """(start, end, series) of at least three years with a clear mover; starting in an event's
    year when one fits. Up to eight draws."""
    years = _years(spec)
    at_events = [y for y in years[:-2] if y in event_years]
    for attempt in range(8):
        starts = at_events if attempt < 4 and at_events else years[:-2]
        start = starts[int(rng.integers(len(starts)))]
        ends = years[years.index(start) + 2 :]
        end = ends[int(rng.integers(len(ends)))]
        series = _mover(spec, start, end)
        if series is not None:
            return start, end, series
    return None


def cause_text_facts(
    rng: np.random.Generator,
    topic: Topic,
    specs: list[ChartSpec],
    n_sections: int,
    section_of: dict[str, int],
    event_years: list[str],
) -> list[SectionFact]:
    """3-4 stated causes, each on a time chart's clearest mover over a period of at least three
    years (multi-series charts first), in a section at least two away from the chart's; a period
    starts in an event's year when a chart covers one. Causes are the topic's subjects (policies)
    first, then its drivers, each used once."""
    charts = [s for s in specs if s.chart.chartType in LINE_FAMILY and _years(s)]
    order = [charts[int(i)] for i in rng.permutation(len(charts))]
    order.sort(key=lambda s: len({p.category for p in s.chart.data}) < 2)
    causes = [topic.subjects[int(i)] for i in rng.permutation(len(topic.subjects))]
    causes += [topic.drivers[int(i)] for i in rng.permutation(len(topic.drivers))]
    wanted = int(rng.integers(3, 5))
    out: list[SectionFact] = []
    for spec in order:
        if len(out) >= min(wanted, len(causes)):
            break
        found = _period(rng, spec, event_years)
        if found is None:
            continue
        start, end, series = found
        cause = causes[len(out)]
        actor = topic.actors[int(rng.integers(len(topic.actors)))]
        phrase = f"{spec.metric.name} in {in_text(topic, series or spec.subject or '')}"
        template = CAUSE_TEMPLATES[int(rng.integers(len(CAUSE_TEMPLATES)))]
        sentence = fill_agreement(template, {"actor": actor}).format(
            Actor=cap(actor), actor=actor, phrase=phrase, start=start, end=end, cause=cause
        )
        values = {"kind": "cause", "viz_id": spec.chart.vizId}
        if series:
            values["series"] = series
        values.update(start=start, end=end, cause=cause, actor=actor)
        far = _far_sections(section_of[spec.chart.section_id], n_sections)
        out.append(SectionFact(far[int(rng.integers(len(far)))], cap(sentence), values))
    return out


def reception_text_facts(
    rng: np.random.Generator, writer: ProseWriter, topic: Topic, n_sections: int, focus: list[str]
) -> list[SectionFact]:
    """Evaluative statements: two on each subject in ``focus`` (the stated causes that are
    subjects), by different actors with different stances, in sections at least two apart; then
    one on each of one or two other subjects. Stances cycle from a drawn start."""
    stances = ("positive", "negative", "mixed")
    others = [s for s in topic.subjects if s not in focus]
    plan: list[tuple[str, bool]] = []
    for subject in (s for s in focus if s in topic.subjects):
        plan += [(subject, False), (subject, True)]
    for k in rng.permutation(len(others))[: int(rng.integers(1, 3))]:
        plan.append((others[int(k)], False))
    facts: list[SectionFact] = []
    first = int(rng.integers(3))
    for k, (subject, second) in enumerate(plan):
        stance = stances[(first + k) % 3]
        used = {f.values["actor"] for f in facts if f.values["subject"] == subject}
        actors = [a for a in topic.actors if a not in used]
        actor = actors[int(rng.integers(len(actors)))]
        sections = _far_sections(facts[-1].section, n_sections) if second else list(range(n_sections))
        section = sections[int(rng.integers(len(sections)))]
        reason = writer.reason(stance)
        templates = RECEPTION_TEMPLATES[stance]
        template = fill_agreement(templates[int(rng.integers(len(templates)))], {"actor": actor})
        sentence = template.format(
            Actor=cap(actor), actor=actor, subject=subject, Subject=cap(subject), reason=reason
        )
        values = {"kind": "reception", "actor": actor, "stance": stance, "subject": subject, "reason": reason}
        facts.append(SectionFact(section, cap(sentence), values))
    return facts


def narrative_text_facts(
    rng: np.random.Generator,
    causes_rng: np.random.Generator,
    writer: ProseWriter,
    topic: Topic,
    specs: list[ChartSpec],
    n_sections: int,
    section_of: dict[str, int],
) -> tuple[list[SectionFact], list[tuple[str, str, str]]]:
    """Events, then stated causes (from ``causes_rng``), then receptions (two on each policy a
    cause names), and the unused events for timelines."""
    events, spare = event_text_facts(rng, writer, topic, n_sections)
    years = [e.values["year"] for e in events]
    causes = cause_text_facts(causes_rng, topic, specs, n_sections, section_of, years)
    receptions = reception_text_facts(rng, writer, topic, n_sections, [c.values["cause"] for c in causes])
    return events + causes + receptions, spare
