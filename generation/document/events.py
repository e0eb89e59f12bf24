"""Narrative text facts: dated events with their actors, and the reception (stances) of the report's
subjects.
"""

from __future__ import annotations

import numpy as np

from generation.document.prose import ProseWriter
from generation.document.sections import SectionFact, spread
from generation.world.topics import Topic, in_text

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


def reception_text_facts(
    rng: np.random.Generator, writer: ProseWriter, topic: Topic, n_sections: int
) -> list[SectionFact]:
    n = min(len(topic.subjects), int(rng.integers(3, 5)))
    subjects = [topic.subjects[int(i)] for i in rng.permutation(len(topic.subjects))[:n]]
    stances = ("positive", "negative", "mixed")
    facts = []
    for k, s in enumerate(spread(rng, n, n_sections)):
        stance = stances[k] if k < 3 else stances[int(rng.integers(3))]
        actor = topic.actors[int(rng.integers(len(topic.actors)))]
        reason = writer.reason(stance)
        values = {
            "kind": "reception",
            "actor": actor,
            "stance": stance,
            "subject": subjects[k],
            "reason": reason,
        }
        facts.append(SectionFact(s, writer.reception_fact(actor, stance, subjects[k], reason), values))
    return facts
