"""Where the extreme years the builders draft land (issue peaks47), over many slots per report.

A run asks a few extreme years per hundred reports (the year a series peaks or bottoms out, its
highest or lowest mark), too few to tell their places from chance, so the builders that ask them
each draft many slots on one report, every slot from a fresh context and stream: where each year
answer lies among its chart's years (``shape_measures.place_name``), the chance ``2 / n`` a
uniform answer has of an end, and whether the chart's metric has a known direction.
``bench/extreme_years.py`` prints the counts; ``tests/generation/questions/test_extreme_years.py``
holds them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

import numpy as np

from generation.questions.chart import BUILDERS
from generation.questions.common import Context
from generation.questions.shape_measures import is_extreme, place_name, year_place
from synthdocbench_tasks.schema import Difficulty, DocumentManifest

#: The builders (and levels) whose makers ask a chart's extreme mark.
SLOTS: tuple[tuple[str, Difficulty], ...] = (
    ("trend_pattern", "L2"),
    ("value_reading", "L2"),
    ("comparison", "L5"),
)


class Placed(NamedTuple):
    """One extreme-year answer a slot drafted."""

    category: str
    place: str
    uniform: float
    directed: bool


def drafted_places(manifest: DocumentManifest, seed: int, index: int, tries: int) -> list[Placed]:
    """The extreme-year answers of ``tries`` slots per builder of :data:`SLOTS` on ``manifest``."""
    ctx = Context.of(manifest)
    out = []
    for k in range(tries):
        for b, (category, level) in enumerate(SLOTS):
            draft = BUILDERS[category](ctx.fork(), level, np.random.default_rng([seed, index, k, b]))
            chart = draft.charts[0] if draft and draft.charts else None
            found = year_place(chart, draft.answer_values) if draft and chart else None
            if draft and chart and found and is_extreme(draft.data_refs(), found[0], chart):
                out.append(Placed(category, place_name(*found), 2 / found[1], chart.value_trend != "any"))
    return out


def render(placed: Iterable[Placed]) -> list[str]:
    """Per builder and pooled: answers, first / interior / last, at an end against uniform, directed."""
    found = list(placed)
    lines = []
    for category in (None, *(c for c, _ in SLOTS)):
        cell = [p for p in found if category in (None, p.category)]
        where = Counter(p.place for p in cell)
        lines.append(
            f"  {category or 'all'}: {len(cell)} extreme years; first / interior / last {where['first']} / "
            f"{where['interior']} / {where['last']}; at an end {where['first'] + where['last']} (uniform "
            f"~{sum(p.uniform for p in cell):.1f}); on a directed metric {sum(p.directed for p in cell)}"
        )
    return lines
