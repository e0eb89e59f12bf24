"""Direction questions a reader answers without the chart (issue trend45).

A metric with a known real direction (a theme's ``trend``, ``Chart.value_trend``: download speeds
rise, battery prices fall) draws series that move that way, so "did it rise, fall or stay flat?"
about it is answered from world knowledge. These counters read question records and their
manifest alone: the direction questions asked of such a metric, those whose answer is its
direction, and the rose / fell / flat shares of the answers per (category, level).

:func:`one_step_counts` counts, per (category, level), the direction questions whose two readings
are neighbouring marks of a series of three or more (review52): a "path" over one step, where a
direction needs a run of three or more points (``chart_trend._stretches``, the claims' stretches).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from generation.questions.phrasing import point_key
from synthdocbench_tasks.schema import DocumentManifest, Question

#: Answer labels that state which way a series moved, and the known direction each one gives.
MOVES: dict[str, str] = {"rose": "up", "fell": "down", "was broadly flat": "flat"}
#: A later period "higher" or "lower" than an earlier one is a direction too.
SIDES: dict[str, str] = {"higher": "up", "lower": "down"}


def moves_of(q: Question) -> list[str]:
    """The directions (up, down, flat) ``q``'s answer states, from its label answers."""
    return [found for v in q.answer_values if v.kind == "label" and (found := {**MOVES, **SIDES}.get(v.text))]


def known_trend(manifest: DocumentManifest, q: Question) -> str:
    """The known real direction of the metric ``q``'s chart draws ("up", "down", "any")."""
    chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
    return chart.value_trend if chart is not None else "any"


def trend_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counter[tuple[str, ...]]:
    """Counts of the direction questions: ``("asked",)`` all of them, ``("directed",)`` those
    asked of a metric with a known direction, ``("known",)`` those whose answer is that direction,
    and ``(category, level, move)`` the answers' directions per (category, level)."""
    out: Counter[tuple[str, ...]] = Counter()
    for manifest, q in pairs:
        moves = moves_of(q)
        if not moves:
            continue
        trend = known_trend(manifest, q)
        out[("asked",)] += 1
        out[("directed",)] += trend != "any"
        out[("known",)] += trend in moves
        for move in moves:
            out[(q.category, q.difficulty, move)] += 1
    return out


def render(counts: Counter[tuple[str, ...]]) -> list[str]:
    """The counters, one line each: world-knowable questions, then the shares per (category, level)."""
    asked = counts[("asked",)]
    lines = [
        "\ndirection questions (trend_measures): "
        f"{asked}; asked of a metric with a known direction: {counts[('directed',)]}; "
        f"answer is that direction: {counts[('known',)]}"
    ]
    cells = sorted({k[:2] for k in counts if len(k) == 3})
    for category, level in cells:
        moves = {m: counts[(category, level, m)] for m in ("up", "down", "flat")}
        total = sum(moves.values())
        top = max(moves, key=lambda m: moves[m])
        said = ", ".join(f"{m} {n}" for m, n in moves.items())
        lines.append(f"  {category} {level}: {said}; {top} {moves[top] / total:.1%} of {total}")
    return lines


def one_step(manifest: DocumentManifest, q: Question) -> bool | None:
    """True when ``q`` asks which way a series of three or more marks moved (rose, fell, flat)
    between two neighbouring marks of it (trend L4 from an event in the chart's last year but
    one; a slope chart's two-year series is its whole run); None for a question asking no
    direction, or not reading two marks of one series."""
    if not any(v.kind == "label" and v.text in MOVES for v in q.answer_values):
        return None
    chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
    if chart is None:
        return None
    by_key = {point_key(p): p for p in chart.data}
    read = [by_key[r.label] for r in q.required_data_points if r.label in by_key]
    if len(read) < 2 or read[0].category != read[-1].category:
        return None
    series = [p for p in chart.data if p.category == read[0].category]
    return len(series) >= 3 and abs(series.index(read[-1]) - series.index(read[0])) == 1


def one_step_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> dict[tuple[str, str], list[int]]:
    """((category, level) -> [direction questions reading two marks of a series, of them over one step])."""
    out: dict[tuple[str, str], list[int]] = {}
    for manifest, q in pairs:
        found = one_step(manifest, q)
        if found is not None:
            cell = out.setdefault((q.category, q.difficulty), [0, 0])
            cell[0] += 1
            cell[1] += found
    return out


def render_one_step(counts: dict[tuple[str, str], list[int]]) -> list[str]:
    """The total, then one line per (category, level)."""
    total = [sum(n for n, _ in counts.values()), sum(k for _, k in counts.values())]
    head = "direction questions over a single step of their series (trend_measures)"
    cells = [f"  {c} {lv}: {k} of {n}" for (c, lv), (n, k) in sorted(counts.items())]
    return [f"{head}: {total[1]} of {total[0]}", *cells]
