"""Direction questions a reader answers without the chart (issue trend45).

A metric with a known real direction (a theme's ``trend``, ``Chart.value_trend``: download speeds
rise, battery prices fall) draws series that move that way, so "did it rise, fall or stay flat?"
about it is answered from world knowledge. These counters read question records and their
manifest alone: the direction questions asked of such a metric, those whose answer is its
direction, and the rose / fell / flat shares of the answers per (category, level).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

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
