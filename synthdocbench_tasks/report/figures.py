"""PNG figures of the report (matplotlib, Agg canvas; no pyplot global state)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from ..records import passed
from ..schema import CATEGORIES, SUBSETS
from .analyses import POSITION_BUCKETS, POSITION_EDGES
from .context import SUBSET_NAMES, Context, group_by
from .stats import accuracy, binned_means, logistic_trend

DPI = 120


def _figure(width: float, height: float) -> Any:
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _save(fig: Any, path: Path) -> Path:
    fig.savefig(path, dpi=DPI)
    return path


def _acc(answers: list[Any], threshold: float) -> float:
    return accuracy([a.score for a in answers if a.score is not None], threshold)


def subset_bars(ctx: Context, path: Path) -> Path:
    """Figure 12: ACC per subset per model, with question-level CIs."""
    labels = [r.label for r in ctx.systems]
    fig = _figure(max(6.0, 1.2 * len(labels) + 3), 4.0)
    ax = fig.add_subplot()
    width = 0.8 / len(SUBSETS)
    x = np.arange(len(labels))
    for i, s in enumerate(SUBSETS):
        cells = [ctx.cell([a for a in r.answers if a.subset == s]) for r in ctx.systems]
        vals = np.array([c.acc.value for c in cells])
        err = np.array([[c.acc.value - c.acc.lo, c.acc.hi - c.acc.value] for c in cells]).T
        ax.bar(
            x + (i - 1) * width,
            np.nan_to_num(vals),
            width,
            yerr=np.nan_to_num(err),
            capsize=2,
            label=SUBSET_NAMES[s],
        )
    ax.set_xticks(x, labels, rotation=20, ha="right")
    ax.set_ylim(0, 1.05)
    ax.set_ylabel(f"ACC (score ≥ {ctx.threshold:g})")
    ax.legend()
    return _save(fig, path)


def category_heatmap(ctx: Context, path: Path) -> Path:
    """Figure 7: categories (rows, grouped by subset) x models (columns), red 0 to green 1."""
    import matplotlib

    present = {a.category for r in ctx.systems for a in r.answers}
    rows = [c for s in SUBSETS for c in CATEGORIES[s] if c in present]
    rows += sorted(present - set(rows))
    data = np.full((len(rows), len(ctx.systems)), np.nan)
    for j, r in enumerate(ctx.systems):
        groups = group_by(r.answers, lambda a: a.category)
        for i, cat in enumerate(rows):
            data[i, j] = _acc(groups.get(cat, []), ctx.threshold)
    fig = _figure(max(5.0, 1.1 * len(ctx.systems) + 3), 0.45 * len(rows) + 1.8)
    ax = fig.add_subplot()
    image = ax.imshow(
        np.ma.masked_invalid(data), cmap=matplotlib.colormaps["RdYlGn"], vmin=0, vmax=1, aspect="auto"
    )
    ax.set_xticks(range(len(ctx.systems)), [r.label for r in ctx.systems], rotation=20, ha="right")
    ax.set_yticks(range(len(rows)), rows)
    for i in range(len(rows)):
        for j in range(len(ctx.systems)):
            if not math.isnan(data[i, j]):
                ax.text(j, i, f"{data[i, j]:.2f}", ha="center", va="center", fontsize=8)
    subset_of = {c: s for s in SUBSETS for c in CATEGORIES[s]}
    for i in range(1, len(rows)):
        if subset_of.get(rows[i]) != subset_of.get(rows[i - 1]):
            ax.axhline(i - 0.5, color="black", linewidth=1.5)
    fig.colorbar(image, ax=ax, label="ACC")
    return _save(fig, path)


def position_figure(ctx: Context, path: Path) -> Path:
    """Figure 10: chart-reading ACC by bucket (bars) and by relative position (bins + logistic fit)."""
    fig = _figure(11.0, 4.0)
    bars, trend = fig.subplots(1, 2)
    width = 0.8 / max(1, len(ctx.systems))
    grid = np.linspace(0, 1, 101)
    for i, r in enumerate(ctx.systems):
        chart = [a for a in r.answers if a.subset == "chart"]
        groups = group_by(chart, lambda a: a.position_bucket)
        vals = [_acc(groups.get(b, []), ctx.threshold) for b in POSITION_BUCKETS]
        bars.bar(
            np.arange(3) + (i - (len(ctx.systems) - 1) / 2) * width, np.nan_to_num(vals), width, label=r.label
        )
        pts = [a for a in chart if a.position is not None and a.score is not None]
        x = [float(a.position or 0.0) for a in pts]
        y = [float(passed(a.score or 0, ctx.threshold)) for a in pts]
        bins = binned_means(x, y, POSITION_EDGES)
        centers = [(lo + hi) / 2 for lo, hi, n, _ in bins if n]
        line = trend.plot(centers, [m for _, _, n, m in bins if n], "o", label=r.label)
        fit = logistic_trend(x, y)
        if fit.converged:
            trend.plot(grid, [fit.predict(g) for g in grid], "-", color=line[0].get_color(), alpha=0.7)
    bars.set_xticks(range(3), [b.capitalize() for b in POSITION_BUCKETS])
    bars.set_ylim(0, 1.05)
    bars.set_ylabel("Chart-reading ACC")
    bars.set_title("By position bucket")
    trend.set_xlim(0, 1)
    trend.set_ylim(-0.05, 1.05)
    trend.set_xlabel("Relative evidence position p = k/K")
    trend.set_title("Binned ACC (dots) and logistic fit (lines)")
    bars.legend(fontsize=8)
    return _save(fig, path)


def score_histograms(ctx: Context, path: Path) -> Path:
    """Figure 9: distribution of judge scores 0..10 per model."""
    n = len(ctx.systems)
    cols = min(n, 4)
    rows = math.ceil(n / cols)
    fig = _figure(3.2 * cols, 2.6 * rows)
    axes = np.atleast_1d(fig.subplots(rows, cols, sharey=True)).ravel()
    for ax, r in zip(axes, ctx.systems, strict=False):
        scores = np.array([a.score for a in r.valid() if a.score is not None])
        counts = np.bincount(np.rint(scores).astype(int), minlength=11)[:11]
        ax.bar(range(11), counts / max(1, counts.sum()), color="#4c72b0")
        ax.axvline(ctx.threshold - 0.5, color="grey", linestyle="--", linewidth=1)
        ax.set_title(r.label, fontsize=9)
        ax.set_xticks(range(0, 11, 2))
        ax.set_xlabel("judge score")
    axes[0].set_ylabel("share of answers")
    for ax in axes[n:]:
        ax.set_visible(False)
    return _save(fig, path)


def domain_figure(ctx: Context, path: Path) -> Path:
    """Figure 11: per model, ACC per domain grouped by subset, diamonds = overall per domain."""
    domain_of = ctx.doc_field("domain")
    domains = sorted({domain_of(a) or "unknown" for r in ctx.systems for a in r.answers})
    n = len(ctx.systems)
    fig = _figure(max(6.0, 1.1 * len(domains) + 2), 3.2 * n)
    axes = np.atleast_1d(fig.subplots(n, 1, squeeze=False)).ravel()
    width = 0.8 / len(SUBSETS)
    x = np.arange(len(domains))
    for ax, r in zip(axes, ctx.systems, strict=True):
        groups = group_by(r.answers, domain_of)
        for i, s in enumerate(SUBSETS):
            vals = [_acc([a for a in groups.get(d, []) if a.subset == s], ctx.threshold) for d in domains]
            ax.bar(x + (i - 1) * width, np.nan_to_num(vals), width, label=SUBSET_NAMES[s])
        overall = [_acc(groups.get(d, []), ctx.threshold) for d in domains]
        ax.plot(x, overall, "kD", label="overall")
        ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
        ax.set_xticks(x, domains, rotation=20, ha="right")
        ax.set_ylim(0, 1.05)
        ax.set_title(r.label, fontsize=10)
        ax.set_ylabel("ACC")
    axes[0].legend(fontsize=8, ncols=4)
    return _save(fig, path)


FIGURES = {
    "fig12_acc_by_subset.png": subset_bars,
    "fig07_category_heatmap.png": category_heatmap,
    "fig10_position.png": position_figure,
    "fig09_score_distribution.png": score_histograms,
    "fig11_domain.png": domain_figure,
}
