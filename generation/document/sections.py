"""Where things go in a report: the evidence window of chart positions, the chart order, section
roles, how items spread over sections, and the records of a section's content.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from generation.charts.spec import ChartSpec
from generation.plan.config import GenerationConfig
from generation.plan.doc_plan import (
    CalloutBlock,
)
from synthdocbench_tasks.schema import (
    Table,
    position_bucket,
)

MIN_SECTIONS, MAX_SECTIONS = 8, 12


def pick_index(rng: np.random.Generator, n: int) -> int:
    """An index below ``n`` from exactly one uniform draw (stream position independent of ``n``)."""
    return min(int(float(rng.random()) * n), n - 1)


def evidence_window(n_charts: int, position: float | None, n_evidence: int) -> list[int]:
    """1-based chart indices (k of K = ``n_charts``) the evidence charts occupy, centred on ``position``."""
    if position is None:
        return []
    m = min(n_evidence, n_charts)
    start = round(position * n_charts - (m - 1) / 2)
    start = min(max(start, 1), n_charts - m + 1)
    return list(range(start, start + m))


def evidence_chart_indices(config: GenerationConfig, n_charts: int) -> list[int]:
    """The chart indices (k of K) a question about the configured evidence depth should use.

    Empty when ``config.evidence_depth`` is None. The question stage calls this with
    ``K = len(manifest.charts)``; the charts at these indices carry the same data whatever the depth.
    """
    return evidence_window(n_charts, config.evidence_position(), config.evidence_charts)


def chart_order(n_charts: int, position: float | None, n_evidence: int) -> list[int]:
    """The 1-based index of each chart identity: identity ``j`` < ``n_evidence`` goes to the evidence
    window, the others fill the remaining indices in order (identity order when ``position`` is None)."""
    window = evidence_window(n_charts, position, n_evidence)
    if not window:
        return list(range(1, n_charts + 1))
    rest = [k for k in range(1, n_charts + 1) if k not in window]
    return window + rest


def section_roles(n: int) -> list[str]:
    """Rhetorical role of each of ``n`` sections (8 to 12): fixed frame, analysis in the middle."""
    if not MIN_SECTIONS <= n <= MAX_SECTIONS:
        raise ValueError(f"a document has {MIN_SECTIONS} to {MAX_SECTIONS} sections, got {n}")
    return (
        ["introduction", "background", "method"]
        + ["analysis"] * (n - 7)
        + [
            "policy",
            "risks",
            "outlook",
            "conclusion",
        ]
    )


def spread(rng: np.random.Generator, n_items: int, n_sections: int) -> list[int]:
    """Non-decreasing 0-based section positions for items spread evenly from start to end.

    Item ``k`` of ``n`` lands in a section whose relative position ``order / n_sections``
    lies in ``(k / n, (k + 1) / n]``, so three items fall in the early, middle and late thirds.
    """
    out = []
    for k in range(n_items):
        lo = k * n_sections // n_items + 1
        hi = max(lo, (k + 1) * n_sections // n_items)
        out.append(min(n_sections, int(rng.integers(lo, hi + 1))) - 1)
    if n_items >= 3:
        # Integer rounding can leave a third empty; move the item nearest its middle into it.
        for bucket in ("early", "middle", "late"):
            orders = [o for o in range(1, n_sections + 1) if position_bucket(o / n_sections) == bucket]
            if orders and not any(position_bucket((s + 1) / n_sections) == bucket for s in out):
                k = {"early": 0, "middle": n_items // 2, "late": n_items - 1}[bucket]
                out[k] = orders[int(rng.integers(len(orders)))] - 1
        out.sort()
    return out


@dataclass
class SectionFact:
    section: int
    sentence: str
    values: dict[str, str]


@dataclass
class SectionContent:
    charts: list[ChartSpec] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    facts: list[SectionFact] = field(default_factory=list)
    callouts: list[CalloutBlock] = field(default_factory=list)
