"""Answers that name a series by its place in the legend (review57).

A question whose answer is one of its chart's series (three or more, in legend order: the data
order every renderer keeps) is guessed without the marks by naming the first legend entry, or
the last, as often as the builders pick that place. Where the pick is fair, each place is right
with ``1 / series``; a builder that takes the first eligible series of a chart makes the first
entry the answer far more often (timeline L5 picked it in 16 of 18 on main, seed 4746, against
28% by chance). :func:`legend_counts` tallies, per (subset, category, level), the answers at the
first and last place and the chance of each; :func:`render` prints them with the first place's
95% Clopper-Pearson interval and flags an interval above chance.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from scipy.stats import binomtest

from generation.questions.common import series_of
from synthdocbench_tasks.schema import DocumentManifest, Question

#: A chart needs this many series for a place in its legend to be a guess worth counting.
MIN_SERIES = 3


def legend_place(manifest: DocumentManifest, q: Question) -> tuple[int, int] | None:
    """(the answer's place in its chart's legend, the number of series) of a question answering
    one of its chart's series by name; None for any other question."""
    chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
    if chart is None:
        return None
    series = [s for s in series_of(chart) if s is not None]
    if len(series) < MIN_SERIES:
        return None
    named = [v.text for v in q.answer_values if v.kind == "label" and v.text in series]
    return (series.index(named[0]), len(series)) if named else None


def legend_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> dict[str, Counter[str]]:
    """Per ``"<subset> <category> <level>"``: ``n``, ``first``, ``last`` and ``chance`` (the sum
    of ``1 / series``, the first place's expected count were the pick uniform)."""
    out: dict[str, Counter[str]] = {}
    for manifest, q in pairs:
        found = legend_place(manifest, q)
        if found is None:
            continue
        place, n = found
        cell = out.setdefault(f"{q.subset} {q.category} {q.difficulty}", Counter())
        cell["n"] += 1
        cell["first"] += place == 0
        cell["last"] += place == n - 1
        cell["chance"] += round(1000 / n)  # thousandths, so the tally stays whole
    return out


def first_above_chance(cell: Counter[str]) -> bool:
    """Whether the first place's 95% interval lies above the chance a uniform pick gives it."""
    low = binomtest(cell["first"], cell["n"]).proportion_ci(0.95).low
    return bool(low > cell["chance"] / 1000 / cell["n"])


def render(counts: dict[str, Counter[str]]) -> list[str]:
    lines = ["answers naming a series, by legend place (legend_measures): first / last / n, chance"]
    for key, cell in sorted(counts.items()):
        chance = cell["chance"] / 1000 / cell["n"]
        flag = "  first above chance" if first_above_chance(cell) else ""
        lines.append(
            f"  {key}: first {cell['first']}, last {cell['last']} of {cell['n']}; chance {chance:.0%}{flag}"
        )
    return lines
