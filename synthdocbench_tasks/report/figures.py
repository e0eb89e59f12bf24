"""The numbers of the report's figures (paper Figures 7, 9, 10, 11, 12), drawn by
:mod:`~.figures_svg` (SVG, the default) or :mod:`~.figures_png` (matplotlib PNG,
``--figures png``): both draw the same :class:`FigureData`."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from ..record_rules import passed
from ..strata import CATEGORIES, SUBSETS
from .analyses import POSITION_BUCKETS, POSITION_EDGES
from .context import SUBSET_NAMES, Context, group_by
from .records import Answer
from .stats import Estimate, accuracy, binned_means, logistic_trend

#: The relative positions the logistic fits of Figure 10 are drawn at.
FIT_GRID = tuple(i / 100 for i in range(101))


@dataclass(frozen=True)
class Series:
    """One model's values in a figure: ``values`` (NaN where undefined) and, where drawn,
    their intervals ``(lo, hi)``."""

    label: str
    values: list[float]
    intervals: list[tuple[float, float]] = field(default_factory=list)


@dataclass(frozen=True)
class SubsetBars:
    """Figure 12: ACC per subset (one bar group per model) with question-level CIs."""

    models: list[str]
    subsets: list[Series]  # per subset: one value per model
    threshold: float


@dataclass(frozen=True)
class Heatmap:
    """Figure 7: ACC of categories (rows, grouped by subset) by models (columns)."""

    rows: list[str]
    models: list[str]
    values: list[list[float]]  # [row][model], NaN where a model has no answer
    breaks: list[int]  # row indices where the subset changes


@dataclass(frozen=True)
class PositionFigure:
    """Figure 10: chart-reading ACC by position bucket (bars) and by relative position
    (binned means as dots, logistic fits as lines where they converged)."""

    buckets: list[str]
    bars: list[Series]  # per model: one value per bucket
    points: list[tuple[list[float], list[float]]]  # per model: bin centres, binned ACC
    fits: list[list[float] | None]  # per model: the fit at FIT_GRID


@dataclass(frozen=True)
class Histograms:
    """Figure 9: the share of each judge score 0..10 per model."""

    panels: list[Series]  # per model: 11 shares
    threshold: float


@dataclass(frozen=True)
class DomainFigure:
    """Figure 11: per model, ACC per domain by subset, and overall per domain."""

    domains: list[str]
    panels: list[tuple[str, list[Series], list[float]]]  # model, per subset by domain, overall


FigureData = SubsetBars | Heatmap | PositionFigure | Histograms | DomainFigure


def _acc(answers: list[Answer], threshold: float) -> float:
    return accuracy([a.score for a in answers if a.score is not None], threshold)


def subset_bars(ctx: Context) -> SubsetBars:
    series = []
    for s in SUBSETS:
        cells = [ctx.cell([a for a in r.answers if a.subset == s]).acc for r in ctx.systems]
        series.append(Series(SUBSET_NAMES[s], [c.value for c in cells], [_bounds(c) for c in cells]))
    return SubsetBars([r.label for r in ctx.systems], series, ctx.threshold)


def _bounds(estimate: Estimate) -> tuple[float, float]:
    return (estimate.lo, estimate.hi)


def category_heatmap(ctx: Context) -> Heatmap:
    present = {a.category for r in ctx.systems for a in r.answers}
    rows = [c for s in SUBSETS for c in CATEGORIES[s] if c in present]
    rows += sorted(present - set(rows))
    groups = [group_by(r.answers, lambda a: a.category) for r in ctx.systems]
    values = [[_acc(g.get(cat, []), ctx.threshold) for g in groups] for cat in rows]
    subset_of = {c: s for s in SUBSETS for c in CATEGORIES[s]}
    breaks = [i for i in range(1, len(rows)) if subset_of.get(rows[i]) != subset_of.get(rows[i - 1])]
    return Heatmap(rows, [r.label for r in ctx.systems], values, breaks)


def position_figure(ctx: Context) -> PositionFigure:
    bars, points, fits = [], [], []
    for r in ctx.systems:
        chart = [a for a in r.answers if a.subset == "chart"]
        groups = group_by(chart, lambda a: a.position_bucket)
        bars.append(Series(r.label, [_acc(groups.get(b, []), ctx.threshold) for b in POSITION_BUCKETS]))
        pts = [a for a in chart if a.position is not None and a.score is not None]
        x = [float(a.position or 0.0) for a in pts]
        y = [float(passed(a.score or 0, ctx.threshold)) for a in pts]
        bins = [(lo, hi, m) for lo, hi, n, m in binned_means(x, y, POSITION_EDGES) if n]
        points.append(([(lo + hi) / 2 for lo, hi, _ in bins], [m for _, _, m in bins]))
        fit = logistic_trend(x, y)
        fits.append([fit.predict(g) for g in FIT_GRID] if fit.converged else None)
    return PositionFigure([b.capitalize() for b in POSITION_BUCKETS], bars, points, fits)


def score_histograms(ctx: Context) -> Histograms:
    panels = []
    for r in ctx.systems:
        counts = [0] * 11
        for a in r.valid():
            k = round(a.score or 0)
            if 0 <= k <= 10:
                counts[k] += 1
        total = max(1, sum(counts))
        panels.append(Series(r.label, [c / total for c in counts]))
    return Histograms(panels, ctx.threshold)


def domain_figure(ctx: Context) -> DomainFigure:
    domain_of = ctx.doc_field("domain")
    domains = sorted({domain_of(a) or "unknown" for r in ctx.systems for a in r.answers})
    panels = []
    for r in ctx.systems:
        groups = group_by(r.answers, domain_of)
        series = [
            Series(
                SUBSET_NAMES[s],
                [_acc([a for a in groups.get(d, []) if a.subset == s], ctx.threshold) for d in domains],
            )
            for s in SUBSETS
        ]
        panels.append((r.label, series, [_acc(groups.get(d, []), ctx.threshold) for d in domains]))
    return DomainFigure(domains, panels)


#: Each figure's file stem and the function that gathers its numbers.
FIGURES: dict[str, Callable[[Context], FigureData]] = {
    "fig12_acc_by_subset": subset_bars,
    "fig07_category_heatmap": category_heatmap,
    "fig10_position": position_figure,
    "fig09_score_distribution": score_histograms,
    "fig11_domain": domain_figure,
}


def finite(value: float) -> float:
    """``value``, or 0 where it is NaN (a bar of no height)."""
    return 0.0 if math.isnan(value) else value
