"""The numbers of the report's figures (paper Figures 7, 9, 10, 11, 12), gathered from the
runs as the :data:`~.plots.FigureData` that :mod:`~.plots` draws with matplotlib."""

from __future__ import annotations

from collections.abc import Callable

from ..record_rules import passed
from ..strata import CATEGORIES, SUBSETS
from .analyses import POSITION_BUCKETS, POSITION_EDGES
from .context import SUBSET_NAMES, Context, group_by
from .plots import (
    FIT_GRID,
    DomainFigure,
    FigureData,
    Heatmap,
    Histograms,
    PositionFigure,
    Series,
    SubsetBars,
)
from .records import Answer
from .stats import Estimate, accuracy, binned_means, logistic_trend


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
