"""What a complex question's level makes a reader do (Tables 13 and 14), read from the record and
its manifest (complex55); ``bench/question_measures.py`` prints each count:

- ``steps``: the steps a question needs (:func:`steps`): find each text passage it cites, match a
  colour in a legend where it names one, read each chart mark, and apply each arithmetic
  operation of its derivation (a change of unit included; ``read`` is not one). Per (category,
  level) the mean; a category whose mean does not grow from L1 to L2 to L3 sets its levels by
  something other than the chain it asks for (:func:`flat_levels`).
- ``no_arithmetic``: a technical / quantitative question (Table 14: multi-step arithmetic,
  unit conversions, trade-offs on recovered evidence) whose derivation applies no arithmetic
  operation: one look-up (:func:`computes`).
- ``one_read``: an L3 question whose mean or total over a period one single reading answers
  (``period_measures.reading_defects``, the rule of every period question), per category.
- ``waterfall_level``: a technical L1 question on a waterfall that reads its starting level bar
  (a reader takes the one bar the chart states as a level, not a change).
- ``value_twice``: an answer naming a mark twice in a row, "X (X)".
- ``event_gap``: a timeline change between two dated developments (L2, L5 by colour) reads its
  series at both years; per level, how many marks apart they are (:func:`event_gap`), and against
  it the share of one-mark spans a uniform draw over the spans its series allows would give (a
  series of ``n`` marks allows 1 to ``n - 2``: ``n - 1`` is its whole run). A one-mark span is
  one step a reader takes off two neighbouring points.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from itertools import pairwise

from generation.charts.colours import names_encoding
from generation.charts.registry import level_then_changes
from generation.questions.period_measures import reading_defects
from generation.questions.phrasing import point_key
from synthdocbench_tasks.schema import DocumentManifest, Question

COMPLEX = ("historical_timeline", "technical_quantitative", "impact_reception")
LEVELS = ("L1", "L2", "L3", "L4", "L5")
_TWICE = re.compile(r"\b([^():;,]{6,}?) \(\1\)", re.IGNORECASE)


def arithmetic(q: Question) -> list[str]:
    """The operations of ``q``'s derivations other than ``read``, one per step."""
    return [s.op for d in q.derivations or [] for s in d.steps if s.op != "read"]


def computes(q: Question) -> bool:
    """True when ``q``'s derivation applies at least one arithmetic operation."""
    return bool(arithmetic(q))


def steps(q: Question) -> int:
    """Find each cited passage, match a colour the question names, read each mark, compute each
    operation: the length of the chain a reader follows."""
    passages = sum(u.kind == "text" for u in q.evidence_units or [])
    colour = 1 if q.difficulty == "L5" and names_encoding(q.question) else 0
    return passages + colour + len(q.required_data_points) + len(arithmetic(q))


def one_read(q: Question) -> bool | None:
    """For an L3 complex question over three or more readings: one reading answers it
    (``period_measures.reading_defects``, which applies ``one_read_answers``' rule); else None."""
    if q.subset != "complex" or q.difficulty != "L3":
        return None
    found = reading_defects(q)
    return None if found is None else "one_reading" in found


def waterfall_level(m: DocumentManifest, q: Question) -> bool | None:
    """For a technical L1 question on a waterfall: whether it reads the starting level bar."""
    if (q.category, q.difficulty) != ("technical_quantitative", "L1"):
        return None
    chart = next((c for c in m.charts if c.index == q.chart_index), None)
    if chart is None or not level_then_changes(chart):
        return None
    return any(r.label.endswith(" level") for r in q.required_data_points)


def event_gap(m: DocumentManifest, q: Question) -> tuple[int, int] | None:
    """For a timeline change between two dated developments (two event facts, two marks of one
    series): (marks apart, the spans its series allows, ``n - 2`` of ``n`` marks); else None."""
    if q.category != "historical_timeline" or q.difficulty not in ("L2", "L5"):
        return None
    facts = {f.fact_id: f for f in m.text_facts}
    texts = [facts[u.ref] for u in q.evidence_units or [] if u.kind == "text" and u.ref in facts]
    chart = next((c for c in m.charts if c.index == q.chart_index), None)
    if chart is None or len(texts) != 2 or any(f.values.get("kind") != "event" for f in texts):
        return None
    keys = {point_key(p): p for p in chart.data}
    marks = [keys[r.label] for r in q.required_data_points if r.label in keys]
    if len(marks) != 2 or marks[0].category != marks[1].category:
        return None
    series = [point_key(p) for p in chart.data if p.category == marks[0].category]
    at = sorted(series.index(point_key(p)) for p in marks)
    return at[1] - at[0], len(series) - 2


def level_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counter[str]:
    """``steps <category> <level>`` (summed) and ``asked <category> <level>``; ``no_arithmetic``
    and ``technical``; ``one_read <category>`` and ``one_read/of <category>``; ``waterfall_level``
    and ``/of``; ``value_twice`` and ``complex``; ``event_gap <level> <marks apart>``, ``/of`` and
    ``event_gap_uniform_one <level>`` (a uniform draw's expected one-mark spans, in thousandths)."""
    out: Counter[str] = Counter()
    for m, q in pairs:
        if q.subset != "complex":
            continue
        cell = f"{q.category} {q.difficulty}"
        out["complex"] += 1
        out[f"asked {cell}"] += 1
        out[f"steps {cell}"] += steps(q)
        if q.category == "technical_quantitative":
            out["technical"] += 1
            out["no_arithmetic"] += not computes(q)
            out[f"no_arithmetic {q.difficulty}"] += not computes(q)
        found = one_read(q)
        if found is not None:
            out[f"one_read/of {q.category}"] += 1
            out[f"one_read {q.category}"] += found
        level = waterfall_level(m, q)
        if level is not None:
            out["waterfall_level/of"] += 1
            out["waterfall_level"] += level
        out["value_twice"] += bool(_TWICE.search(q.answer))
        gap = event_gap(m, q)
        if gap is not None:
            out[f"event_gap/of {q.difficulty}"] += 1
            out[f"event_gap {q.difficulty} {gap[0]}"] += 1
            out[f"event_gap_uniform_one {q.difficulty}"] += round(1000 / max(1, gap[1]))
    return out


def mean_steps(counts: Counter[str], category: str, level: str) -> float | None:
    asked = counts[f"asked {category} {level}"]
    return counts[f"steps {category} {level}"] / asked if asked else None


def flat_levels(counts: Counter[str]) -> list[str]:
    """The categories whose mean step count does not grow from L1 to L2 to L3."""
    out = []
    for category in COMPLEX:
        means = [mean_steps(counts, category, lv) for lv in LEVELS[:3]]
        known = [x for x in means if x is not None]
        if any(b <= a for a, b in pairwise(known)):
            out.append(category)
    return out


def render(counts: Counter[str]) -> list[str]:
    """The counters, a few lines."""
    lines = ["\ncomplex levels and steps (complex_level_measures)"]
    for category in COMPLEX:
        said = ", ".join(
            f"{lv} {m:.1f}" for lv in LEVELS if (m := mean_steps(counts, category, lv)) is not None
        )
        lines.append(f"  mean steps {category}: {said}")
    flat = ", ".join(flat_levels(counts)) or "none"
    lines.append(f"  categories whose steps do not grow L1 < L2 < L3: {flat}")
    per_level = ", ".join(f"{lv} {counts[f'no_arithmetic {lv}']}" for lv in LEVELS)
    lines.append(
        f"  technical questions without arithmetic: {counts['no_arithmetic']} of {counts['technical']} "
        f"({per_level})"
    )
    said = ", ".join(f"{c} {counts[f'one_read {c}']} of {counts[f'one_read/of {c}']}" for c in COMPLEX)
    lines.append(f"  L3 means or totals one reading answers: {said}")
    lines.append(
        f"  technical L1 on a waterfall reading its level bar: {counts['waterfall_level']} of "
        f"{counts['waterfall_level/of']}; answers naming a mark twice, X (X): {counts['value_twice']} "
        f"of {counts['complex']}"
    )
    for level in ("L2", "L5"):
        n = counts[f"event_gap/of {level}"]
        gaps = sorted(int(k.rsplit(" ", 1)[1]) for k in counts if k.startswith(f"event_gap {level} "))
        said = ", ".join(f"{g}: {counts[f'event_gap {level} {g}']}" for g in gaps)
        uniform = counts[f"event_gap_uniform_one {level}"] / 1000
        lines.append(
            f"  timeline {level} between two developments, marks apart: {said or 'none'}; one apart "
            f"{counts[f'event_gap {level} 1']} of {n} (uniform over allowed spans {uniform:.1f})"
        )
    return lines
