"""What a dated event is about: the series of a chart a question may chain the event to.

A question that finds a year through an event ("in the year Brazil launched a subsidy, what
was ...") tells a causal or chronological story only when the event concerns what the chart
shows there: the chart's own place (its title ends "in Brazil, 2015–2022": every series) or the
series read (a multi-line chart's "Brazil" line). An actor that is no entity of the report
(unions, a ministry: the report's own setting) concerns every chart. The generator
(``generation.document.events``) places events by this rule, the question builders
(``chart_common.event_years``, ``complex_timeline``) chain by it and
``generation.questions.event_measures`` counts the questions that break it.
"""

from __future__ import annotations

import re
from functools import cache

from synthdocbench_tasks.schema import Chart, DocumentManifest

#: Every series of a chart (an actor that is no entity of the report concerns them all).
ANY: frozenset[str | None] = frozenset({"*"})


def entity_of(actor: str, entities: frozenset[str]) -> str | None:
    """The entity an event's actor names ("the Philippines" -> "Philippines"), or None."""
    for name in (actor, actor.removeprefix("the ")):
        if name in entities:
            return name
    return None


def concerned(chart: Chart, actor: str, entities: frozenset[str]) -> frozenset[str | None]:
    """The series of ``chart`` (``None``: a chart's one series) an event by ``actor`` concerns:
    :data:`ANY` for an actor that is no entity of ``entities``; every series when the title
    names the actor's place; the actor's own series; else none."""
    entity = entity_of(actor, entities)
    if entity is None:
        return ANY
    series = frozenset(p.category for p in chart.data)
    if _title_place(chart.title) in (actor, entity):
        return series
    return frozenset({entity}) & series


def concerns(chart: Chart, actor: str, entities: frozenset[str], series: str | None) -> bool:
    """True when an event by ``actor`` concerns ``series`` of ``chart``."""
    found = concerned(chart, actor, entities)
    return found is ANY or series in found


@cache
def _title_place(title: str) -> str:
    """The place a title ends with: "Goods exports in Finland, 2011–2019" -> "Finland"."""
    m = re.search(r" in ((?:(?! in ).)+?)(?:, [^,]*\d{4}[^,]*)?$", title)
    return m.group(1) if m else ""


def report_entities(manifest: DocumentManifest) -> frozenset[str]:
    """The entities of the report's fact table."""
    return frozenset(f.entity for f in manifest.world.facts)
