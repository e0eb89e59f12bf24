"""Statistics of the report: ACC, bootstrap CIs, paired tests, judge agreement, trends.

Every function takes plain sequences (scores already filtered to valid 0..10 values) and
returns plain numbers, so each can be checked on small hand-made inputs. Resampling uses
``numpy.random.Generator(PCG64(seed))`` created inside each call: a statistic's CI does
not depend on what was computed before it.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ..records import ACC_THRESHOLD, accuracy, passed

DEFAULT_RESAMPLES = 2000
DEFAULT_SEED = 42
CONFIDENCE = 0.95

NAN = math.nan


@dataclass(frozen=True)
class Estimate:
    """A point estimate with a percentile bootstrap interval (NaN bounds when undefined)."""

    value: float
    lo: float = NAN
    hi: float = NAN

    @property
    def half_width(self) -> float:
        return (self.hi - self.lo) / 2


def hits(scores: ArrayLike, threshold: float = ACC_THRESHOLD) -> np.ndarray:
    """1.0 for each score that :func:`~synthdocbench_tasks.records.passed`, else 0.0."""
    return np.array([float(passed(s, threshold)) for s in np.asarray(scores, dtype=float).tolist()])


def mean(values: ArrayLike) -> float:
    arr = np.asarray(values, dtype=float)
    return float(np.mean(arr)) if arr.size else NAN


def _cluster_index(clusters: Sequence[Hashable] | None, n: int) -> np.ndarray:
    if clusters is None:
        return np.arange(n)
    if len(clusters) != n:
        raise ValueError(f"{len(clusters)} cluster labels for {n} values")
    codes: dict[Hashable, int] = {}
    return np.array([codes.setdefault(c, len(codes)) for c in clusters], dtype=int)


#: Draw matrices up to this many entries are kept for later cells (int64: 128 MiB).
_SHARED_DRAWS = 1 << 24


@functools.lru_cache(maxsize=2)
def _shared_draws(seed: int, resamples: int, n_clusters: int) -> np.ndarray:
    """The cluster indices ``PCG64(seed)`` draws for ``resamples`` resamples of ``n_clusters``:
    they depend on nothing else, so every cell of that size shares them (read-only)."""
    draws = _draws(seed, resamples, n_clusters)
    draws.flags.writeable = False
    return draws


def _draws(seed: int, resamples: int, n_clusters: int) -> np.ndarray:
    rng = np.random.Generator(np.random.PCG64(seed))
    return rng.integers(0, n_clusters, size=(resamples, n_clusters))


def _cluster_bootstrap(
    arr: np.ndarray,
    clusters: Sequence[Hashable] | None,
    resamples: int,
    seed: int,
    confidence: float,
) -> tuple[np.ndarray, float, float]:
    """Bootstrap means of ``arr`` (non-empty), clusters resampled whole, and their CI bounds.

    The draws of a size and seed are made once and shared by every cell of that size (the
    same draws each call made for itself, so the same figures bit for bit)."""
    codes = _cluster_index(clusters, arr.size)
    n_clusters = int(codes.max()) + 1
    sums = np.bincount(codes, weights=arr, minlength=n_clusters)
    counts = np.bincount(codes, minlength=n_clusters).astype(float)
    if resamples * n_clusters <= _SHARED_DRAWS:
        draws = _shared_draws(seed, resamples, n_clusters)
    else:
        draws = _draws(seed, resamples, n_clusters)
    drawn = np.take(sums, draws).sum(axis=1)
    # answers resampled one by one: every resample holds n_clusters answers (that sum of ones is exact)
    sizes = float(n_clusters) if clusters is None else np.take(counts, draws).sum(axis=1)
    stats = drawn / sizes
    alpha = (1 - confidence) / 2
    lo, hi = np.quantile(stats, [alpha, 1 - alpha])
    return stats, float(lo), float(hi)


def bootstrap_mean(
    values: ArrayLike,
    clusters: Sequence[Hashable] | None = None,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    confidence: float = CONFIDENCE,
) -> Estimate:
    """Mean of ``values`` with a percentile bootstrap CI.

    Without ``clusters`` questions are resampled; with them whole clusters (documents) are
    resampled with replacement and the statistic is the pooled mean of the drawn clusters
    (a cluster bootstrap), which widens the interval when answers within a document
    are correlated.
    """
    arr = np.asarray(values, dtype=float)
    if arr.size == 0:
        return Estimate(NAN)
    point = float(arr.mean())
    _, lo, hi = _cluster_bootstrap(arr, clusters, resamples, seed, confidence)
    return Estimate(point, lo, hi)


def bootstrap_accuracy(
    scores: ArrayLike,
    clusters: Sequence[Hashable] | None = None,
    *,
    threshold: float = ACC_THRESHOLD,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> Estimate:
    return bootstrap_mean(hits(scores, threshold), clusters, resamples=resamples, seed=seed)


@dataclass(frozen=True)
class PairedTest:
    """Difference ``mean(a) - mean(b)`` on paired items, its CI and a two-sided p-value."""

    n: int
    mean_a: float
    mean_b: float
    diff: Estimate
    p_value: float


def paired_bootstrap(
    a: ArrayLike,
    b: ArrayLike,
    clusters: Sequence[Hashable] | None = None,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    confidence: float = CONFIDENCE,
) -> PairedTest:
    """Paired bootstrap of ``mean(a) - mean(b)`` (a and b measured on the same items).

    Items (or whole clusters) are resampled together for both systems. The p-value is the
    share of resampled differences, re-centred on zero (the null), at least as far from zero
    as the observed difference, with the usual +1 correction: ``(1 + k) / (1 + B)``.
    """
    xa, xb = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if xa.shape != xb.shape:
        raise ValueError(f"paired samples differ in length: {xa.size} vs {xb.size}")
    if xa.size == 0:
        return PairedTest(0, NAN, NAN, Estimate(NAN), NAN)
    d = xa - xb
    observed = float(d.mean())
    stats, lo, hi = _cluster_bootstrap(d, clusters, resamples, seed, confidence)
    extreme = int(np.sum(np.abs(stats - observed) >= abs(observed) - 1e-12))
    p = (1 + extreme) / (1 + resamples)
    return PairedTest(
        int(d.size), float(xa.mean()), float(xb.mean()), Estimate(observed, lo, hi), min(p, 1.0)
    )


def pearson_r(x: ArrayLike, y: ArrayLike) -> float:
    """Pearson correlation; NaN with fewer than two pairs or a constant sequence."""
    xa, ya = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if xa.shape != ya.shape:
        raise ValueError(f"sequences differ in length: {xa.size} vs {ya.size}")
    if xa.size < 2:
        return NAN
    dx, dy = xa - xa.mean(), ya - ya.mean()
    denom = math.sqrt(float(dx @ dx) * float(dy @ dy))
    return float(dx @ dy) / denom if denom > 0 else NAN


def within_k(x: ArrayLike, y: ArrayLike, k: float = 1.0) -> float:
    """Share of pairs with ``|x - y| <= k`` (the paper's w1 for k = 1)."""
    xa, ya = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if xa.shape != ya.shape:
        raise ValueError(f"sequences differ in length: {xa.size} vs {ya.size}")
    return float(np.mean(np.abs(xa - ya) <= k)) if xa.size else NAN


@dataclass(frozen=True)
class Agreement:
    """Two judges' scores of the same answers (paper Tables 8-9)."""

    n: int
    pearson_r: float
    w1: float
    acc_ref: float
    acc_alt: float
    delta_acc: Estimate  # ACC(alt) - ACC(ref), paired bootstrap CI
    mean_abs_diff: float


def judge_agreement(
    ref: ArrayLike,
    alt: ArrayLike,
    *,
    threshold: float = ACC_THRESHOLD,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> Agreement:
    r_arr, a_arr = np.asarray(ref, dtype=float), np.asarray(alt, dtype=float)
    test = paired_bootstrap(hits(a_arr, threshold), hits(r_arr, threshold), resamples=resamples, seed=seed)
    mad = float(np.mean(np.abs(r_arr - a_arr))) if r_arr.size else NAN
    return Agreement(
        n=int(r_arr.size),
        pearson_r=pearson_r(r_arr, a_arr),
        w1=within_k(r_arr, a_arr, 1.0),
        acc_ref=accuracy(r_arr.tolist(), threshold),
        acc_alt=accuracy(a_arr.tolist(), threshold),
        delta_acc=test.diff,
        mean_abs_diff=mad,
    )


@dataclass(frozen=True)
class LogisticFit:
    """``P(correct) = sigmoid(intercept + slope * x)`` fitted by maximum likelihood."""

    n: int
    intercept: float
    slope: float
    slope_se: float
    p_value: float
    converged: bool

    def predict(self, x: float) -> float:
        return 1.0 / (1.0 + math.exp(-(self.intercept + self.slope * x)))


def logistic_trend(x: ArrayLike, y: ArrayLike, *, max_iter: int = 100) -> LogisticFit:
    """One-predictor logistic regression by Newton-Raphson, with a Wald test of the slope.

    Returns NaNs (``converged`` False) when the fit is undefined: fewer than 3 points, a
    constant predictor or outcome, or separation (the estimates run off to infinity).
    """
    from scipy import stats as sps

    xa, ya = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    nan_fit = LogisticFit(int(xa.size), NAN, NAN, NAN, NAN, False)
    if xa.size < 3 or np.ptp(xa) == 0 or np.ptp(ya) == 0:
        return nan_fit
    design = np.column_stack([np.ones_like(xa), xa])
    beta = np.zeros(2)
    for _ in range(max_iter):
        p = 1.0 / (1.0 + np.exp(-(design @ beta)))
        w = p * (1 - p)
        hessian = design.T @ (design * w[:, None])
        try:
            step = np.linalg.solve(hessian, design.T @ (ya - p))
        except np.linalg.LinAlgError:
            return nan_fit
        beta = beta + step
        if np.max(np.abs(step)) < 1e-10:
            break
        if np.max(np.abs(beta)) > 30:  # separation: the likelihood has no finite maximum
            return nan_fit
    else:
        return nan_fit
    p = 1.0 / (1.0 + np.exp(-(design @ beta)))
    cov = np.linalg.inv(design.T @ (design * (p * (1 - p))[:, None]))
    se = math.sqrt(float(cov[1, 1]))
    z = float(beta[1]) / se
    return LogisticFit(int(xa.size), float(beta[0]), float(beta[1]), se, float(2 * sps.norm.sf(abs(z))), True)


def binned_means(x: ArrayLike, y: ArrayLike, edges: Sequence[float]) -> list[tuple[float, float, int, float]]:
    """``(lo, hi, n, mean y)`` per bin ``(lo, hi]`` (the first bin also takes ``x == lo``)."""
    xa, ya = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    out = []
    for i, (lo, hi) in enumerate(itertools.pairwise(edges)):
        mask = (xa > lo) & (xa <= hi)
        if i == 0:
            mask |= xa == lo
        out.append((float(lo), float(hi), int(mask.sum()), mean(ya[mask])))
    return out


def ranking(values: dict[str, float]) -> list[str]:
    """Names by value, best first (NaN last; ties by name)."""

    def key(k: str) -> tuple[bool, float, str]:
        v = values[k]
        return (math.isnan(v), 0.0 if math.isnan(v) else -v, k)

    return sorted(values, key=key)
