"""Rules on the evidence units of complex (multi-hop) questions (issue 23, Tables 13 and 14).

Each returns its problems as one-line details; ``check_evidence`` runs them all as
``(rule, detail)`` pairs for the rule table of :mod:`generation.validate`:

- ``evidence_units``: the question lists its units (``Question.evidence_units``): 2 to 4, at
  least one a chart or table, from at least two sections, and they are exactly its cited facts
  and chart (each unit's section is the manifest's).
- ``restated_unit``: the question text does not already state a unit: a text unit's content
  (an event's year, a figure's value, a trend's period or direction, a stance together with its
  actor, a cause together with its period) or a chart unit's asked value (chart titles masked).
- ``level_operation``: the level fits the derivation's operations (Table 13): L1 only ``read``;
  L2 a comparison (``difference``, ``abs_difference``, ``ratio``, ``percent_change``,
  ``percent_of``); L3 a ``sum`` or ``mean`` over at least three chart marks; L4 a stated cause
  among the units; L5 an encoding word (colour, legend, highlight, marker) in the question, and
  the question does not name the chart unit's series (the encoding is the only way to it).
- ``category_evidence``: historical / timeline: at least two units dated to different years in
  different sections; impact / reception: evaluative statements (receptions, credited causes)
  from at least two sections.
- ``chart_needed`` (needs the PDF's words): at least one asked chart value is not printed
  anywhere outside the figures and tables, so the chart must be read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from generation.charts.colours import names_encoding
from generation.questions.phrasing import drawn_forms, fmt_num
from generation.validate.pdf_words import Word
from generation.validate.text_rules import leak_index
from synthdocbench_tasks.schema import Chart, Derivation, DocumentManifest, Question, Region, TextFact

RULES: tuple[str, ...] = (
    "evidence_units",
    "restated_unit",
    "level_operation",
    "category_evidence",
    "chart_needed",
)
MIN_UNITS, MAX_UNITS = 2, 4
COMPARE_OPS = frozenset({"difference", "abs_difference", "ratio", "percent_change", "percent_of"})
AGGREGATE_OPS = frozenset({"sum", "mean"})
STANCE_WORDS: dict[str, tuple[str, ...]] = {
    "positive": ("positive", "positively", "favourable", "favourably", "supportive", "welcomed", "praised"),
    "negative": ("negative", "negatively", "critical", "critically", "opposed", "criticised", "sceptical"),
    "mixed": ("mixed", "ambivalent", "divided", "qualified"),
}
_EVALUATIVE = ("reception", "cause")


def _has(text: str, phrase: str) -> bool:
    return (
        bool(phrase) and re.search(rf"(?<![\w.]){re.escape(phrase.lower())}(?![\w]|\.\d)", text) is not None
    )


def _masked(manifest: DocumentManifest, q: Question) -> str:
    text = q.question
    for c in manifest.charts:
        text = text.replace(c.title, " ")
    return text.lower()


def _facts(manifest: DocumentManifest, q: Question) -> list[TextFact]:
    return [manifest.text_facts[i] for i in q.required_facts if 0 <= i < len(manifest.text_facts)]


def _chart(manifest: DocumentManifest, q: Question) -> Chart | None:
    return next((c for c in manifest.charts if c.index == q.chart_index), None)


def unit_problems(manifest: DocumentManifest, q: Question) -> list[str]:
    units = q.evidence_units
    if units is None:
        return ["the question lists no evidence units"]
    out = []
    if not MIN_UNITS <= len(units) <= MAX_UNITS:
        out.append(f"{len(units)} evidence units; a complex question combines {MIN_UNITS} to {MAX_UNITS}")
    if not any(u.kind in ("chart", "table") for u in units):
        out.append("no evidence unit is a chart or table")
    if len({u.section_id for u in units}) < 2:
        out.append(f"every evidence unit is in section {units[0].section_id if units else '?'}")
    facts = {f.fact_id: f.section_id for f in _facts(manifest, q)}
    charts = {c.vizId: c.section_id for c in manifest.charts}
    tables = {t.table_id: t.section_id for t in manifest.tables}
    for u in units:
        home = {"text": facts, "chart": charts, "table": tables}[u.kind].get(u.ref)
        if home is None:
            out.append(f"{u.kind} unit {u.ref!r} is not cited evidence of the manifest")
        elif home != u.section_id:
            out.append(f"{u.kind} unit {u.ref!r} is in section {home}, not {u.section_id}")
    texts = {u.ref for u in units if u.kind == "text"}
    if texts != set(facts):
        out.append("the text units are not the question's required facts")
    chart = _chart(manifest, q)
    if chart is not None and chart.vizId not in {u.ref for u in units if u.kind == "chart"}:
        out.append(f"the question's chart {chart.vizId} is not among its units")
    return out


def _fact_restated(text: str, v: dict[str, str]) -> str | None:
    kind = v.get("kind")
    if kind == "event" and _has(text, v.get("year", "")):
        return f"the year {v['year']} of the event"
    if kind == "metric" and _has(text, v.get("value", "")):
        return f"the figure {v['value']}"
    if kind in ("chart_claim", "change_claim") and _has(text, v.get("claimed_value", "")):
        return f"the stated {v.get('relation', 'figure')} {v['claimed_value']}"
    if kind == "trend_claim":
        if _has(text, v.get("start", "")) and _has(text, v.get("end", "")):
            return f"the period {v['start']}-{v['end']} of the trend statement"
        if _has(text, v.get("direction", "")):
            return f"the direction {v['direction']!r} of the trend statement"
    if kind == "cause" and _has(text, v.get("cause", "")) and _has(text, v.get("start", "")):
        return f"the cause {v['cause']!r} with its period"
    stance_words = STANCE_WORDS.get(v.get("stance", ""), ())
    if kind == "reception" and _has(text, v.get("actor", "")) and any(_has(text, w) for w in stance_words):
        return f"the stance of {v['actor']}"
    return None


def restated_problems(manifest: DocumentManifest, q: Question) -> list[str]:
    text = _masked(manifest, q)
    out = []
    for f in _facts(manifest, q):
        found = _fact_restated(text, f.values)
        if found:
            out.append(f"the question states {found} ({f.fact_id})")
    for ref in q.required_data_points:
        if any(_has(text, form) for form in drawn_forms(ref.value) if len(form) > 1 or ref.value >= 10):
            out.append(f"the question states the chart value {fmt_num(ref.value)} of {ref.label!r}")
            break
    return out


def operations(q: Question) -> set[str]:
    return {s.op for d in q.derivations or [] for s in d.steps}


def _aggregates(d: Derivation) -> bool:
    for s in d.steps:
        marks = [o for o in s.operands if o.source == "point"]
        if s.op in AGGREGATE_OPS and len(marks) >= 3:
            return True
    return False


def level_problems(manifest: DocumentManifest, q: Question) -> list[str]:
    ops = operations(q)
    level = q.difficulty
    if level == "L1" and ops - {"read"}:
        return [
            f"an L1 question reads one element; its derivation applies {', '.join(sorted(ops - {'read'}))}"
        ]
    if level == "L1" and not q.required_data_points:
        return ["an L1 complex question reads a chart or table element; it cites none"]
    if level == "L2" and not ops & COMPARE_OPS:
        return [f"an L2 question compares; its derivation applies {', '.join(sorted(ops)) or 'nothing'}"]
    if level == "L3" and not any(_aggregates(d) for d in q.derivations or []):
        return ["an L3 question is a total or mean over at least three elements; its derivation has none"]
    if level == "L4" and not any(f.values.get("kind") == "cause" for f in _facts(manifest, q)):
        return ["an L4 question infers from a cause the text states; it cites none"]
    if level == "L5":
        text = _masked(manifest, q)
        if not names_encoding(text):
            return ["an L5 question identifies its element by a visual encoding; the question names none"]
        named = {r.label.split(" (")[-1].rstrip(")") for r in q.required_data_points if "(" in r.label}
        if any(_has(text, n) for n in named):
            return [
                f"an L5 question names the series ({', '.join(sorted(named))}), so the encoding is not needed"
            ]
    return []


def _years(manifest: DocumentManifest, q: Question) -> list[tuple[str, str]]:
    """(year, section) of each dated unit: events, causes and trends by their years, chart marks by label."""
    out = []
    for f in _facts(manifest, q):
        for key in ("year", "start", "end"):
            if f.values.get(key, "").isdigit():
                out.append((f.values[key], f.section_id))
    chart = _chart(manifest, q)
    if chart is not None:
        out += [
            (r.label.split(" ")[0], chart.section_id) for r in q.required_data_points if r.label[:4].isdigit()
        ]
    return out


def category_problems(manifest: DocumentManifest, q: Question) -> list[str]:
    if q.category == "historical_timeline":
        dated = _years(manifest, q)
        if not any(y1 != y2 and s1 != s2 for y1, s1 in dated for y2, s2 in dated):
            return ["a timeline question needs two units dated to different years in different sections"]
    if q.category == "impact_reception":
        sections = {f.section_id for f in _facts(manifest, q) if f.values.get("kind") in _EVALUATIVE}
        if len(sections) < 2:
            return ["an impact / reception question needs evaluative statements from two sections"]
    return []


def _inside(word: Word, regions: Sequence[Region]) -> bool:
    return any(
        r.page == word.page and r.bbox[0] <= word.x <= r.bbox[2] and r.bbox[1] <= word.y <= r.bbox[3]
        for r in regions
    )


def chart_needed_problems(
    manifest: DocumentManifest, q: Question, words: Sequence[Word], index: dict[str, list[int]]
) -> list[str]:
    """Empty when some asked chart value is printed nowhere outside the figures and tables."""
    if not words or not q.required_data_points:
        return []
    figures = [r for c in manifest.charts for r in c.regions] + [
        r for t in manifest.tables for r in t.regions
    ]
    for ref in q.required_data_points:
        positions = {i for form in drawn_forms(ref.value) for i in index.get(form, ())}
        if not any(not _inside(words[i], figures) for i in positions):
            return []
    return ["every chart value the question needs is also printed in the text, so the chart is not needed"]


def _index(words: Sequence[Word], index: dict[str, list[int]] | None) -> dict[str, list[int]]:
    if index is not None:
        return index
    return leak_index(list(words)) if words else {}


def check_evidence(
    manifest: DocumentManifest,
    q: Question,
    words: Sequence[Word] = (),
    index: dict[str, list[int]] | None = None,
) -> list[tuple[str, str]]:
    """Every (rule, detail) a complex question fails on its evidence units; nothing for other subsets."""
    if q.subset != "complex":
        return []
    checks = {
        "evidence_units": unit_problems(manifest, q),
        "restated_unit": restated_problems(manifest, q),
        "level_operation": level_problems(manifest, q),
        "category_evidence": category_problems(manifest, q),
        "chart_needed": chart_needed_problems(manifest, q, words, _index(words, index)),
    }
    return [(rule, d) for rule, details in checks.items() for d in details]
