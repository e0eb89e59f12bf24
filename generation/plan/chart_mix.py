"""How often each chart type is drawn: the paper's mix, or a config's own weights.

The paper's Figure 13 shows its corpus's chart types as a long tail led by bar, line and
scatter charts, the specialised forms (dumbbell, sankey, lollipop) in the tail, 24 types in
all. Its counts are not printed, only that order, so :data:`PAPER_CHART_MIX` weights the
types by rank, ``1 / rank`` (Zipf's law: the first type about a quarter of all charts, the last
about one in a hundred), with the common forms of reports after the three the caption names.
A report then draws bars several times and a sankey rarely, where drawing each type once
before any repeats (the default, ``chart_type_weights`` unset) makes every type equally common.

The paper's mix is opt-in (``chart_type_weights: paper``) until the question builders hold their
invariants on it: on the fixed-seed tests it surfaced a complex total over years of a stock, a
claim on a two-measure mark not naming its measure, and an integrate L3 mean of two readings
(fixed), besides moving many fixed-seed floors (world56's report).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

#: The chart types from the most drawn to the least (the paper's Figure 13 leads with bar, line
#: and scatter; the rest ordered from the forms common in data reports to the specialised ones).
PAPER_CHART_ORDER: tuple[str, ...] = (
    "bar",
    "line",
    "scatter",
    "grouped_bar",
    "multi_line",
    "horizontal_bar",
    "stacked_bar",
    "pie",
    "area",
    "heatmap",
    "donut",
    "histogram",
    "box",
    "bubble",
    "stacked_area",
    "waterfall",
    "dumbbell",
    "lollipop",
    "sankey",
    "radar",
    "treemap",
    "slope",
    "diverging_bar",
    "funnel",
    "bullet",
    "sparkline_grid",
)

#: Each type's weight, ``1 / rank`` in :data:`PAPER_CHART_ORDER`.
PAPER_CHART_MIX: dict[str, float] = {t: 1 / rank for rank, t in enumerate(PAPER_CHART_ORDER, start=1)}


def chart_type_shares(allowed: Sequence[str], weights: Mapping[str, float] | Literal["paper"]) -> list[float]:
    """The share each of ``allowed`` is drawn with, in its order (summing to 1): ``weights`` (the
    paper's mix for ``"paper"``) restricted to ``allowed``; a type the weights leave out takes
    their smallest weight, so every allowed type is drawn."""
    mix = PAPER_CHART_MIX if weights == "paper" else weights
    floor = min(mix.values(), default=1.0)
    raw = [float(mix.get(t, floor)) for t in allowed]
    total = sum(raw)
    return [w / total for w in raw]
