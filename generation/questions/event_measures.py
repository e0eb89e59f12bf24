"""The validity defects of questions built on the report's dated events and stated causes
(audit43 C3 and C8), read from the record and its manifest:

- ``event_elsewhere``: a question chains a dated event to a chart's value, and the event's actor
  is an entity of the report that neither the chart (its title's place) nor a series the
  question reads is about (:mod:`generation.document.anchors`): a date looked up through an
  unrelated country, not a narrative. Events by an actor that is no entity of the report
  (unions, a ministry) concern every chart; ``event_actor_not_entity`` counts those questions.
- ``period_ends_last``: a question reads the period a stated cause is credited with, and the
  period ends in its chart's last year, where "the series' last value" answers without the text;
  ``period_ends_last_uniform`` is what a uniform draw of periods of three or more years would
  give (``2 / (n - 1)`` for ``n`` years).
- ``plural_policy_singular``: a reception or cause sentence whose policy takes a plural verb
  ("the holiday-let rules") but reads with a singular one or pronoun ("the holiday-let rules is
  flawed", "the burden it places"); per report, of its sentences on a plural policy.

``bench/question_measures.py`` prints them (the first two per (category, level)), with the
questions of each (category, level); the tests hold the first and the last at zero and the
second near its uniform share.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from generation.document.anchors import concerned, entity_of, report_entities
from generation.questions.phrasing import point_key
from generation.world.grammar import is_plural
from synthdocbench_tasks.schema import Chart, DocumentManifest, Question


def _chart(m: DocumentManifest, q: Question) -> Chart | None:
    refs = [u.ref for u in q.evidence_units or [] if u.kind == "chart"]
    return next((c for c in m.charts if c.vizId in refs), None)


def _years(chart: Chart) -> list[str]:
    labels = list(dict.fromkeys(p.label for p in chart.data))
    return labels if len(labels) >= 3 and all(lb.isdigit() for lb in labels) else []


def event_anchor(m: DocumentManifest, q: Question, entities: frozenset[str] | None = None) -> str | None:
    """How the events ``q`` chains to its chart relate to it: ``elsewhere`` when one names an entity
    the chart and the series read are not about, ``not_entity`` when one's actor is no entity of
    the report, ``own`` otherwise; None when ``q`` cites no event or no chart."""
    chart = _chart(m, q)
    facts = [m.text_facts[i].values for i in q.required_facts]
    events = [v for v in facts if v.get("kind") == "event"]
    if chart is None or not events:
        return None
    entities = report_entities(m) if entities is None else entities
    keys = {r.label for r in q.required_data_points}
    read = {p.category for p in chart.data if point_key(p) in keys}
    found = "own"
    for v in events:
        actor = v.get("actor", "")
        if entity_of(actor, entities) is None:
            found = "not_entity"
        elif not concerned(chart, actor, entities) & read:
            return "elsewhere"
    return found


def period_end(m: DocumentManifest, q: Question) -> tuple[bool, float] | None:
    """Whether the credited period ``q`` reads ends in its chart's last year, and the share of
    periods (three or more years) that would end there under a uniform draw; None when ``q``
    cites no stated cause on a chart of years."""
    charts = {c.vizId: c for c in m.charts}
    for i in q.required_facts:
        v = m.text_facts[i].values
        chart = charts.get(v.get("viz_id", "")) if v.get("kind") == "cause" else None
        years = _years(chart) if chart is not None else []
        if years:
            return v.get("end") == years[-1], 2 / (len(years) - 1)
    return None


#: What a policy named as a sentence's subject must not be followed by, when it is plural.
_SINGULAR_VERB = r"\s+(?:is|has|was)\b"
#: A pronoun in a reception or cause sentence: its templates use one only for the policy.
_PRONOUN = re.compile(r"\b(?:it|its)\b", re.IGNORECASE)


def plural_policy_singular(m: DocumentManifest) -> dict[str, int]:
    """Per kind (``reception``, ``cause``): the sentences on a plural policy that give it a
    singular verb or pronoun, and ``<kind>/of``: the sentences on a plural policy."""
    out = {"reception": 0, "reception/of": 0, "cause": 0, "cause/of": 0}
    for fact in m.text_facts:
        v = fact.values
        kind = v.get("kind", "")
        policy = v.get("subject" if kind == "reception" else "cause", "")
        if kind not in ("reception", "cause") or not policy or not is_plural(policy):
            continue
        rest = fact.sentence.replace(v.get("actor", ""), "")
        verb = re.search(re.escape(policy) + _SINGULAR_VERB, rest, re.IGNORECASE)
        out[f"{kind}/of"] += 1
        out[kind] += bool(verb or _PRONOUN.search(rest.replace(policy, "")))
    return out


def event_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> dict[str, float]:
    """Per ``<measure> <category> <level>``: the questions carrying each measure and ``<measure>/of``
    those it applies to (``period_ends_last_uniform`` sums the uniform shares), ``questions``
    (every question: a fix that drops slots shows there), and ``plural_policy_singular <kind>``
    summed over the reports (each report once)."""
    out: defaultdict[str, float] = defaultdict(float)
    entities: dict[str, frozenset[str]] = {}
    for m, q in pairs:
        cell = f"{q.category} {q.difficulty}"
        out[f"questions {cell}"] += 1
        if m.doc_id not in entities:
            for kind, n in plural_policy_singular(m).items():
                out[f"plural_policy_singular {kind}"] += n
        known = entities.setdefault(m.doc_id, report_entities(m))
        anchor = event_anchor(m, q, known)
        if anchor is not None:
            out[f"event_elsewhere/of {cell}"] += 1
            out[f"event_elsewhere {cell}"] += anchor == "elsewhere"
            out[f"event_actor_not_entity {cell}"] += anchor == "not_entity"
        end = period_end(m, q)
        if end is not None:
            out[f"period_ends_last/of {cell}"] += 1
            out[f"period_ends_last {cell}"] += end[0]
            out[f"period_ends_last_uniform {cell}"] += end[1]
    return dict(out)


def render(counts: dict[str, float]) -> list[str]:
    """One line per measure (all cells), then one per (category, level)."""
    lines = ["", "event and period measures (event_measures): questions carrying it, of those it applies to"]
    for name in ("event_elsewhere", "event_actor_not_entity", "period_ends_last"):
        of = name if name != "event_actor_not_entity" else "event_elsewhere"
        cells = sorted({k.split(" ", 1)[1] for k in counts if k.startswith(f"{of}/of ")})
        for c in ["", *(cells if name != "event_actor_not_entity" else [])]:
            found = sum(counts.get(f"{name} {k}", 0) for k in ([c] if c else cells))
            could = sum(counts.get(f"{of}/of {k}", 0) for k in ([c] if c else cells))
            uniform = sum(counts.get(f"period_ends_last_uniform {k}", 0) for k in ([c] if c else cells))
            extra = f" (uniform {uniform:.1f})" if name == "period_ends_last" else ""
            lines.append(f"{'    ' + c if c else '  ' + name}: {found:.0f} of {could:.0f}{extra}")
    for kind in ("reception", "cause"):
        found, could = (counts.get(f"plural_policy_singular {kind}{of}", 0) for of in ("", "/of"))
        lines.append(f"  plural_policy_singular, {kind} sentences: {found:.0f} of {could:.0f}")
    cells = sorted(k.split(" ", 1)[1] for k in counts if k.startswith("questions "))
    per_cell = ", ".join(f"{c} {counts[f'questions {c}']:.0f}" for c in cells)
    lines.append(f"  questions per (category, level): {per_cell}")
    return lines
