"""Narrative text facts: dated events with their actors, the causes the report states for a
chart series' path over a period, and the reception (stances) of the report's subjects.

Complex questions (``generation.questions.complex``) read them: a cause names a policy or
driver, the series and the period but not the direction (the chart shows it), so "why did X
move as it did" needs chart and text; each policy a cause names is judged by two voices in
sections at least two apart, in varied wording (several verbs per stance: the ``reception``
templates of ``data/prose.yaml``). Verbs and pronouns agree with the policy they are about ("the
merger conditions have fallen short", "the burden they place").
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generation.charts.spec import LINE_FAMILY, ChartSpec
from generation.document.anchors import concerned, concerns
from generation.document.prose import ProseWriter, cap
from generation.document.prose_bank import bank
from generation.document.sections import SectionFact, spread
from generation.world.grammar import fill_agreement
from generation.world.topics import Topic, events_for_years, in_text, may_happen

#: A stated cause: a source credits a policy or driver with a series' path over a period. The
#: direction is not stated (the chart shows it), so a "why" question needs chart and text.
CAUSE_TEMPLATES: tuple[str, ...] = (
    "{Actor} <attributes:actor> most of the change in {phrase} between {start} and {end} to {cause}.",
    "According to {actor}, {cause} <was:cause> the main factor behind how {phrase} developed "
    "from {start} to {end}.",
    "What happened to {phrase} from {start} to {end} owes much to {cause}, in the assessment of {actor}.",
    "{Actor} <credits:actor> {cause} with shaping {phrase} over the years {start} to {end}.",
)

#: Entity kinds that can themselves act in an event sentence ("Chile cut tariffs ...").
_ACTING_KINDS = {"country", "state", "economy", "city", "education system", "market"}


def _event_actor(rng: np.random.Generator, topic: Topic) -> str:
    if topic.entity_kind in _ACTING_KINDS:
        return in_text(topic, topic.entities[int(rng.integers(len(topic.entities)))])
    return topic.actors[int(rng.integers(len(topic.actors)))]


@dataclass(frozen=True)
class _Thread:
    """Whom a run of events is about: ``actor`` (None: the topic's actors, which concern every
    chart); ``reach``: per year, how many series of the report's charts of years it concerns
    there (:mod:`generation.document.anchors`); ``start``: the start of a period the report
    credits to a cause on its series (the thread's first event falls there), if any."""

    actor: str | None
    reach: dict[str, int]
    start: str | None = None


def _reach(topic: Topic, specs: list[ChartSpec]) -> dict[str | None, dict[str, int]]:
    """Per actor of events (each entity; None where entities do not act): per year, the series
    of charts of years it concerns there."""
    entities = frozenset(topic.entities)
    acting = topic.entity_kind in _ACTING_KINDS
    out: dict[str | None, dict[str, int]] = {}
    for spec in specs:
        years = list(dict.fromkeys(p.label for p in spec.chart.data))
        if len(years) < 2 or not all(y.isdigit() for y in years):
            continue
        for actor in [in_text(topic, e) for e in topic.entities] if acting else [None]:
            about = concerned(spec.chart, actor, entities) if actor else {p.category for p in spec.chart.data}
            for p in spec.chart.data if about else []:
                if p.category in about:
                    out.setdefault(actor, {})[p.label] = out.get(actor, {}).get(p.label, 0) + 1
    return out


def _threads(
    rng: np.random.Generator, topic: Topic, specs: list[ChartSpec], causes: list[SectionFact], n: int
) -> list[_Thread]:
    """``n`` threads, one an actor (but None): the first stated cause's series from its period's
    start; the actors by how many series of charts of years they concern (ties drawn), the
    causes' among them opening at their periods' starts."""
    reach = _reach(topic, specs)
    entities = frozenset(topic.entities)
    by_id = {s.chart.vizId: s for s in specs}
    causal: list[_Thread] = []
    for cause in causes:
        chart, series = by_id[cause.values["viz_id"]].chart, cause.values.get("series") or None
        actor = next((a for a in reach if a is None or concerns(chart, a, entities, series)), "")
        if actor != "":
            causal.append(_Thread(actor, reach[actor], cause.values["start"]))
    order = rng.permutation(len(reach))
    ranked = sorted(zip(reach, order, strict=True), key=lambda a: (-sum(reach[a[0]].values()), int(a[1])))
    out = causal[:1]
    for actor, _ in ranked:
        if len(out) < n and (actor is None or actor not in {t.actor for t in out}):
            out.append(next((t for t in causal if t.actor == actor), _Thread(actor, reach[actor])))
    return out


def _dated(
    rng: np.random.Generator, topic: Topic, specs: list[ChartSpec], causes: list[SectionFact], n: int
) -> list[tuple[str, str]]:
    """(year, actor) of ``n`` events in distinct years. Each is about an entity some chart of
    years is about, in a year it covers (drawn by how many such series cover it), so a question
    chaining the event to the chart tells that entity's story, not a date looked up through
    another country; events alternate between ``n - 2`` threads (:func:`_threads`: two events
    each for timelines of one entity, but a fifth event's thread), each opening at its cause's
    period start when it has one. Without charts of years: any entity (or actor), any year."""
    first, last = topic.years
    free = [str(y) for y in range(first, last + 1)]
    threads = _threads(rng, topic, specs, causes, max(1, n - 2))
    out: list[tuple[str, str]] = []
    for k in range(n):
        thread = threads[k % len(threads)] if threads else _Thread(None, {})
        options = [y for y in free if thread.reach.get(y)] or free
        if k >= len(threads) and threads:  # the thread's next event: a gap drawn uniformly
            options = _at_drawn_gap(rng, options, int(out[k % len(threads)][0]))
        weights = np.array([thread.reach.get(y, 1) for y in options], dtype=float)
        drawn = options[int(rng.choice(len(options), p=weights / weights.sum()))]
        year = str(thread.start) if k < len(threads) and thread.start in free else drawn
        free.remove(year)
        out.append((year, thread.actor or _event_actor(rng, topic)))
    return out


def _at_drawn_gap(rng: np.random.Generator, options: list[str], after: int) -> list[str]:
    """The years of ``options`` at one distance from year ``after``, that distance drawn
    uniformly over those ``options`` allow. Years drawn by weight alone put a thread's two events
    a year apart as often as any two years of a window are (2 / n of n years), and timeline
    changes between them were one step a reader takes off two neighbouring marks (review57:
    timeline L2 35% and 28% on seeds 4718 and 4729; ``complex_level_measures.event_gap``)."""
    gaps = sorted({abs(int(y) - after) for y in options})
    gap = gaps[int(rng.integers(len(gaps)))]
    return [y for y in options if abs(int(y) - after) == gap]


def event_text_facts(
    rng: np.random.Generator,
    writer: ProseWriter,
    topic: Topic,
    n_sections: int,
    specs: list[ChartSpec],
    causes: list[SectionFact],
) -> tuple[list[SectionFact], list[tuple[str, str, str]]]:
    """Event facts (4–5, distinct years, spread over the document; see :func:`_dated`) and the
    unused events for timelines."""
    event_order = [topic.events[int(i)] for i in rng.permutation(len(topic.events))]
    n = int(rng.integers(4, 6))
    sections = spread(rng, n, n_sections)
    dated = _dated(rng, topic, specs, causes, n)
    event_order = events_for_years(topic, event_order, [year for year, _ in dated])
    facts = []
    for k, (year, actor) in enumerate(dated):
        values = {"kind": "event", "year": year, "actor": actor, "event": event_order[k]}
        facts.append(SectionFact(sections[k], writer.event_fact(year, actor, event_order[k]), values))
    first, last = topic.years
    taken = {year for year, _ in dated}
    left = [str(y) for y in range(first, last + 1) if str(y) not in taken]
    years = [left[int(i)] for i in rng.permutation(len(left))]
    tail = events_for_years(topic, event_order[n:], years)
    spare = [(years[k], _event_actor(rng, topic), tail[k]) for k in range(min(len(tail), len(years)))]
    return facts, sorted(s for s in spare if may_happen(topic, s[2], s[0]))


def _years(spec: ChartSpec) -> list[str]:
    labels = list(dict.fromkeys(p.label for p in spec.chart.data))
    return labels if len(labels) >= 4 and all(lb.isdigit() for lb in labels) else []


def _far_sections(home: int, n_sections: int) -> list[int]:
    far = [s for s in range(n_sections) if abs(s - home) >= 2]
    return far or [s for s in range(n_sections) if s != home]


def _mover(spec: ChartSpec, start: str, end: str, taken: frozenset[str] = frozenset()) -> str | None:
    """The series with the largest absolute change from ``start`` to ``end`` (a clear leader:
    at least 1.25 times the runner-up) of those not in ``taken``, or None."""
    change: dict[str | None, float] = {}
    for series in dict.fromkeys(p.category for p in spec.chart.data if p.category not in taken):
        at = {p.label: p.value for p in spec.chart.data if p.category == series}
        if start in at and end in at:
            change[series] = abs(at[end] - at[start])
    ranked = sorted(change.items(), key=lambda kv: -kv[1])
    if not ranked or ranked[0][1] == 0:
        return None
    if len(ranked) > 1 and ranked[0][1] < 1.25 * ranked[1][1]:
        return None
    return ranked[0][0] or ""


def _period(
    rng: np.random.Generator, spec: ChartSpec, taken: frozenset[str] = frozenset()
) -> tuple[str, str, str] | None:
    """(start, end, series) of at least three years with a clear mover among the series not in
    ``taken`` (those an earlier cause on the chart is credited with), padded inside the chart's
    years: the period starts in the chart's first year (ends in its last) as often as a year
    drawn uniformly from the chart would be it, ``1 / n``, and is drawn uniformly among the
    periods so padded. Uniform periods started in the first year ``2 / (n - 1)`` of the time
    (a quarter of impact L1 answers on seed 4764), a year the chart's title prints. Up to eight
    periods so padded are tried (redrawing the padding too favoured long periods, which have a
    clear mover more often)."""
    years = _years(spec)
    n = len(years)
    periods = [(i, j) for i in range(n) for j in range(i + 2, n)]
    at_first, at_last = rng.random() < 1 / max(n, 1), rng.random() < 1 / max(n, 1)
    padded = [(i, j) for i, j in periods if (i == 0) == at_first and (j == n - 1) == at_last] or periods
    for k in rng.permutation(len(padded))[:8]:
        i, j = padded[int(k)]
        start, end = years[i], years[j]
        series = _mover(spec, start, end, taken)
        if series is not None:
            return start, end, series
    return None


def _credits(
    rng: np.random.Generator, specs: list[ChartSpec], wanted: int
) -> list[tuple[ChartSpec, str, str, str]]:
    """(chart, start, end, series) of the periods the report credits to a cause: one on each of
    ``wanted`` time charts (multi-series charts first), then, on each multi-series chart among
    them, one on another series (:data:`SECOND_CREDITS` at most): the text then credits two
    policies on one chart, and only the chart (a series' colour, its path) tells which is which."""
    charts = [s for s in specs if s.chart.chartType in LINE_FAMILY and _years(s)]
    order = [charts[int(i)] for i in rng.permutation(len(charts))]
    order.sort(key=lambda s: len({p.category for p in s.chart.data}) < 2)
    first: list[tuple[ChartSpec, str, str, str]] = []
    for spec in order:
        found = _period(rng, spec) if len(first) < wanted else None
        first += [(spec, *found)] if found is not None else []
    paired: list[tuple[ChartSpec, str, str, str]] = []
    alone: list[tuple[ChartSpec, str, str, str]] = []
    for credit in first:
        spec, series = credit[0], credit[3]
        room = len(paired) < 2 * SECOND_CREDITS and series
        found = _period(rng, spec, frozenset({series})) if room else None
        if found is None:
            alone.append(credit)
        else:
            paired += [credit, (spec, *found)]
    return paired + alone


#: How many charts carry a second credited period (another series, another policy).
SECOND_CREDITS = 1


def cause_text_facts(
    rng: np.random.Generator,
    topic: Topic,
    specs: list[ChartSpec],
    n_sections: int,
    section_of: dict[str, int],
) -> list[SectionFact]:
    """3-4 stated causes, each on a time chart's clearest mover over a period of at least three
    years (multi-series charts first), and a second on up to :data:`SECOND_CREDITS` of the
    multi-series ones (:func:`_credits`), each in a section at least two away from the chart's (an
    event about the series then opens the period, :func:`_dated`). Causes are the topic's subjects
    (policies) first, then its drivers, each used once: the two causes of one chart come first,
    so both are policies the report's voices judge."""
    causes = [topic.subjects[int(i)] for i in rng.permutation(len(topic.subjects))]
    causes += [topic.drivers[int(i)] for i in rng.permutation(len(topic.drivers))]
    wanted = int(rng.integers(3, 5))
    out: list[SectionFact] = []
    for spec, start, end, series in _credits(rng, specs, wanted)[: len(causes)]:
        cause = causes[len(out)]
        actor = topic.actors[int(rng.integers(len(topic.actors)))]
        phrase = f"{spec.metric.name} in {in_text(topic, series or spec.subject or '')}"
        template = CAUSE_TEMPLATES[int(rng.integers(len(CAUSE_TEMPLATES)))]
        sentence = fill_agreement(template, {"actor": actor, "cause": cause}).format(
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
        reason = fill_agreement(writer.reason(stance), {"subject": subject})
        templates = bank().reception[stance]
        template = fill_agreement(
            templates[int(rng.integers(len(templates)))], {"actor": actor, "subject": subject}
        )
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
    """Events, stated causes (drawn first, from ``causes_rng``: an event opens a credited period),
    then receptions (two on each policy a cause names), and the unused events for timelines."""
    causes = cause_text_facts(causes_rng, topic, specs, n_sections, section_of)
    events, spare = event_text_facts(rng, writer, topic, n_sections, specs, causes)
    receptions = reception_text_facts(rng, writer, topic, n_sections, [c.values["cause"] for c in causes])
    return events + causes + receptions, spare
