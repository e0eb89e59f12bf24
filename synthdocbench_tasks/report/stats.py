"""Statistics of the report: ACC, bootstrap CIs, paired tests, judge agreement, trends.

Every function takes plain sequences (scores already filtered to valid 0..10 values) and
returns plain numbers, so each can be checked on small hand-made inputs. Resampling uses
``numpy.random.Generator(PCG64(seed))`` created inside each call: a statistic's CI does
not depend on what was computed before it, only on its values, seed and resamples (and,
for :func:`domain_bootstrap_means`, the number of clusters the values are a domain of). A
resample's mean is computed from how often it drew each cluster, or each class of identical
clusters (a count matrix multiplied once for all the statistics of a cell), not by gathering
the drawn values (see :func:`_resampled_means`).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ..record_rules import ACC_THRESHOLD, accuracy

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
    return (np.asarray(scores, dtype=float) >= threshold).astype(float)  # records.passed, vectorised


def mean(values: ArrayLike) -> float:
    arr = np.asarray(values, dtype=float)
    return float(np.mean(arr)) if arr.size else NAN


def _cluster_index(clusters: Sequence[Hashable] | None, n: int) -> np.ndarray:
    """Each value's cluster as 0, 1, ... in order of first appearance."""
    if clusters is None:
        return np.arange(n)
    if len(clusters) != n:
        raise ValueError(f"{len(clusters)} cluster labels for {n} values")
    codes = {c: i for i, c in enumerate(dict.fromkeys(clusters))}
    return np.fromiter(map(codes.__getitem__, clusters), dtype=np.intp, count=n)


#: Count matrices up to this many entries are kept for later cells of their size (128 MiB each).
_SHARED_COUNTS = 1 << 24
#: Resamples drawn at a time: a block of draws and counts stays within ~64 MiB at any size.
_BLOCK = 1 << 23


def _draw_counts(
    seed: int, resamples: int, n_clusters: int, dtype: type[np.floating[Any]] = np.float64
) -> Iterator[np.ndarray]:
    """How often each cluster is drawn in each resample, ``(rows, n_clusters)`` blocks of
    counts (``dtype``) in resample order: ``PCG64(seed)`` draws ``resamples`` rows of
    ``n_clusters`` cluster indices (the same stream in blocks as at once) and each row's
    draws are counted."""
    rng = np.random.Generator(np.random.PCG64(seed))
    rows = max(1, _BLOCK // n_clusters)
    for first in range(0, resamples, rows):
        block = min(rows, resamples - first)
        # int32: the stream int64 draws would give (tested), drawn faster; a block is < 2**31
        draws = rng.integers(0, n_clusters, size=(block, n_clusters), dtype=np.int32)
        draws += np.arange(block, dtype=np.int32)[:, None] * np.int32(n_clusters)
        counts = np.bincount(draws.ravel(), minlength=block * n_clusters)
        yield counts.reshape(block, n_clusters).astype(dtype)


@functools.lru_cache(maxsize=3)
def _shared_counts(seed: int, resamples: int, n_clusters: int) -> np.ndarray:
    """:func:`_draw_counts` of a size and seed as one read-only matrix: they depend on nothing
    else, so every cell of that size shares them. In float32 (a count is at most
    ``n_clusters``, below :data:`_EXACT32` at any size kept): half the bytes that every cell's
    product reads (:func:`_product`)."""
    counts = np.concatenate(list(_draw_counts(seed, resamples, n_clusters, np.float32)))
    counts.flags.writeable = False
    return counts


#: Multiply-adds of one matrix product below which OpenBLAS stays on one thread: above it,
#: its threads cost 10-100x the product on a busy machine (2,000 x 556 by 3 columns: 17 ms,
#: in row blocks under this size 2 ms).
_ONE_THREAD = 1 << 17


#: float32 holds every integer of magnitude below this exactly.
_EXACT32 = 1 << 24


def _product(counts: np.ndarray, keys: np.ndarray, draws: int) -> np.ndarray:
    """``counts @ keys`` in float64, in blocks of rows small enough for one BLAS thread (the
    same sums), each row of ``counts`` summing to ``draws``. float32 counts are multiplied in
    float32 when ``keys`` are whole numbers below :data:`_EXACT32` over ``draws``: every
    product and partial sum is then a whole number below 2**24, exact in float32, so the sums
    are those of float64 to the bit; else each block is taken to float64 first."""
    exact = counts.dtype == np.float32 and _whole_below(keys, _EXACT32 // max(draws, 1))
    keys = keys.astype(np.float32) if exact else keys
    rows = max(1, _ONE_THREAD // (counts.shape[1] * keys.shape[1]))
    blocks = [counts[i : i + rows] for i in range(0, counts.shape[0], rows)]
    return np.concatenate([(b if b.dtype == keys.dtype else b.astype(float)) @ keys for b in blocks]).astype(
        float, copy=False
    )


def _whole_below(values: np.ndarray, bound: int) -> bool:
    """Whether every value is a whole number of magnitude below ``bound``."""
    return bool(
        values.size == 0 or (np.abs(values).max() < bound and np.array_equal(values, np.rint(values)))
    )


#: Draw class counts (a multinomial) when the clusters fall into fewer classes than their
#: number over this: a binomial draw costs about as much as this many index draws.
_MULTINOMIAL_COST = 6


def _classes(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of ``keys`` in lexicographic order and how often each occurs:
    ``np.unique(keys, axis=0, return_counts=True)`` by one ``lexsort`` (20x faster)."""
    if np.isnan(keys).any():  # NaN never equals itself: leave it to numpy's rules
        return np.unique(keys, axis=0, return_counts=True)
    ordered = keys[np.lexsort(keys.T[::-1])]  # lexsort's last key is the primary one
    first = np.ones(len(ordered), dtype=bool)
    np.any(ordered[1:] != ordered[:-1], axis=1, out=first[1:])
    starts = np.flatnonzero(first)
    return ordered[starts], np.diff(np.append(starts, len(ordered)))


def _resampled_means(
    columns: np.ndarray, clusters: Sequence[Hashable] | None, resamples: int, seed: int
) -> np.ndarray:
    """Bootstrap means of each column of ``columns`` (``n x k``, n > 0), clusters resampled
    whole, the same resamples for every column: ``(resamples, k)``.

    A resample draws ``m`` of the ``m`` clusters with replacement; its mean is the drawn
    clusters' sums over their size, ``(W @ sums) / (W @ sizes)`` with ``W`` how often each
    cluster was drawn. Clusters with the same sums and size are interchangeable, so the
    resample only depends on how often each such class was drawn, which is multinomial
    (``m`` draws, a class's share of the clusters its probability). When the clusters fall
    into few classes (answers' judge scores, hits, whole-number differences: at most 11
    classes) those counts are drawn directly, one multinomial per resample; otherwise
    ``m`` cluster indices per resample (shared by every cell of that size and seed) are
    counted. Either way it is the same bootstrap distribution, computed for all columns at
    once."""
    codes = _cluster_index(clusters, columns.shape[0])
    n_clusters = int(codes.max()) + 1
    if clusters is None:
        keys = np.column_stack([columns, np.ones(n_clusters)])
    else:
        sums = [np.bincount(codes, weights=col, minlength=n_clusters) for col in columns.T]
        keys = np.column_stack([*sums, np.bincount(codes, minlength=n_clusters).astype(float)])
    classes, members = _classes(keys)
    if len(classes) * _MULTINOMIAL_COST < n_clusters:
        rng = np.random.Generator(np.random.PCG64(seed))
        counts = rng.multinomial(n_clusters, members / n_clusters, size=resamples).astype(float)
        drawn = counts @ classes
    else:
        if resamples * n_clusters <= _SHARED_COUNTS:
            blocks: Iterable[np.ndarray] = [_shared_counts(seed, resamples, n_clusters)]
        else:
            blocks = _draw_counts(seed, resamples, n_clusters)
        drawn = np.concatenate([_product(w, keys, n_clusters) for w in blocks])
    return drawn[:, :-1] / drawn[:, -1:]


def _interval(stats: np.ndarray, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    """The percentile interval of each column of ``stats``."""
    alpha = (1 - confidence) / 2
    lo, hi = np.quantile(stats, [alpha, 1 - alpha], axis=0)
    return lo, hi


def bootstrap_means(
    columns: Sequence[ArrayLike],
    clusters: Sequence[Hashable] | None = None,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    confidence: float = CONFIDENCE,
) -> list[Estimate]:
    """:func:`bootstrap_mean` of each of ``columns`` (of equal length, over the same items),
    computed together: each gets the estimate it would get alone."""
    arr = np.column_stack([np.asarray(c, dtype=float) for c in columns]) if columns else np.empty((0, 0))
    if arr.size == 0:
        return [Estimate(NAN) for _ in columns]
    lo, hi = _interval(_resampled_means(arr, clusters, resamples, seed), confidence)
    return [Estimate(float(m), float(a), float(b)) for m, a, b in zip(arr.mean(axis=0), lo, hi, strict=True)]


def domain_bootstrap_means(
    columns: Sequence[ArrayLike],
    codes: ArrayLike,
    n_clusters: int,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    confidence: float = CONFIDENCE,
) -> list[Estimate]:
    """Cluster-bootstrap means of ``columns`` (of equal length) whose items lie in clusters
    ``codes`` (each 0 .. ``n_clusters`` - 1), the items a domain of all ``n_clusters`` clusters:
    the answers of a stratum (a subset, a difficulty, a category) among all the documents of
    their run. Each resample draws ``n_clusters`` of all the clusters with replacement, the
    draws every domain of the same clusters and seed shares (one count matrix, drawn once,
    :func:`_shared_counts`), and its statistic is the pooled mean of the domain's items in the
    drawn clusters. A resample that drew none of the domain's clusters has no mean and is left
    out: the interval is that of the domain as observed.

    This is the bootstrap of a domain mean under cluster sampling: the documents are sampled,
    a stratum of answers is not. To first order it has the variance of resampling the
    domain's own ``m`` clusters ``m`` times: with ``a_i`` a cluster's residual sum (its sum
    minus the mean times its size, zero outside the domain, summing to zero), the drawn
    numerator's variance is ``sum(a_i**2) - sum(a_i)**2 / n`` either way. With every cluster
    in the domain it is the cluster bootstrap of :func:`bootstrap_means` by ``codes``."""
    arr = np.column_stack([np.asarray(c, dtype=float) for c in columns]) if columns else np.empty((0, 0))
    if arr.size == 0:
        return [Estimate(NAN) for _ in columns]
    means = _domain_resampled_means(arr, np.asarray(codes, dtype=np.intp), n_clusters, resamples, seed)
    if not len(means):  # every resample missed the domain: no interval
        return [Estimate(float(m)) for m in arr.mean(axis=0)]
    lo, hi = _interval(means, confidence)
    return [Estimate(float(m), float(a), float(b)) for m, a, b in zip(arr.mean(axis=0), lo, hi, strict=True)]


def _domain_resampled_means(
    columns: np.ndarray, codes: np.ndarray, n_clusters: int, resamples: int, seed: int
) -> np.ndarray:
    """The means of :func:`domain_bootstrap_means`, ``(kept resamples, k)`` for ``columns``
    ``n x k`` (n > 0): the resamples that drew a cluster of the domain, in order."""
    if len(codes) != columns.shape[0]:
        raise ValueError(f"{len(codes)} cluster codes for {columns.shape[0]} values")
    sums = [np.bincount(codes, weights=col, minlength=n_clusters) for col in columns.T]
    keys = np.column_stack([*sums, np.bincount(codes, minlength=n_clusters).astype(float)])
    drawn = _domain_sums(keys, resamples, seed)
    drawn = drawn[drawn[:, -1] > 0]
    return drawn[:, :-1] / drawn[:, -1:]


def _domain_sums(keys: np.ndarray, resamples: int, seed: int) -> np.ndarray:
    """``W @ keys`` with ``W`` the ``(resamples, n)`` counts of ``n`` clusters drawn ``n`` times
    (:func:`_draw_counts`; shared by every call of that size and seed where it fits in
    :data:`_SHARED_COUNTS`): only the columns of the clusters ``keys`` counts items in, when
    they are few."""
    n_clusters = keys.shape[0]
    if resamples * n_clusters > _SHARED_COUNTS:
        return np.concatenate(
            [_product(w, keys, n_clusters) for w in _draw_counts(seed, resamples, n_clusters)]
        )
    counts = _shared_counts(seed, resamples, n_clusters)
    used = np.flatnonzero(keys[:, -1])
    if len(used) * 2 < n_clusters:
        return _product(counts[:, used], keys[used], n_clusters)
    return _product(counts, keys, n_clusters)


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
    (estimate,) = bootstrap_means([values], clusters, resamples=resamples, seed=seed, confidence=confidence)
    return estimate


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
    stats = _resampled_means(d[:, None], clusters, resamples, seed)[:, 0]
    (lo,), (hi,) = _interval(stats[:, None], confidence)
    extreme = int(np.sum(np.abs(stats - observed) >= abs(observed) - 1e-12))
    p = (1 + extreme) / (1 + resamples)
    return PairedTest(
        int(d.size), float(xa.mean()), float(xb.mean()), Estimate(observed, float(lo), float(hi)), min(p, 1.0)
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
    return LogisticFit(
        int(xa.size), float(beta[0]), float(beta[1]), se, math.erfc(abs(z) / math.sqrt(2)), True
    )


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
