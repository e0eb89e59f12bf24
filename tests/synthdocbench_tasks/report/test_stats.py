"""Every statistic of the report on small hand-made inputs whose answers are known."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps

from synthdocbench_tasks.report import stats


def test_accuracy_counts_scores_at_or_above_the_threshold() -> None:
    assert stats.accuracy([0, 5, 6, 10]) == 0.5
    assert stats.accuracy([0, 5, 6, 10], threshold=5) == 0.75
    assert math.isnan(stats.accuracy([]))
    assert stats.mean([2, 4, 9]) == 5.0


def test_pearson_r_of_fixed_lists() -> None:
    assert stats.pearson_r([1, 2, 3], [1, 3, 2]) == pytest.approx(0.5)
    assert stats.pearson_r([1, 2, 3, 4, 5], [2, 4, 6, 8, 10]) == pytest.approx(1.0)
    assert stats.pearson_r([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]) == pytest.approx(-1.0)
    x, y = [0, 3, 7, 10, 2, 8], [1, 2, 8, 9, 4, 6]
    assert stats.pearson_r(x, y) == pytest.approx(sps.pearsonr(x, y)[0])
    assert math.isnan(stats.pearson_r([5, 5, 5], [1, 2, 3]))  # constant: undefined
    assert math.isnan(stats.pearson_r([1], [1]))


def test_within_one_point_on_crafted_pairs() -> None:
    # differences 1, 2, 0, 1 -> three of four within one point
    assert stats.within_k([0, 5, 10, 6], [1, 7, 10, 5]) == 0.75
    assert stats.within_k([0, 5], [2, 3], k=2) == 1.0
    with pytest.raises(ValueError):
        stats.within_k([1, 2], [1])


def test_judge_agreement_on_crafted_scores() -> None:
    ref = [0, 5, 10, 6, 7, 2]
    alt = [1, 7, 10, 5, 9, 2]  # alt passes 1, 2, 4 (3/6); ref passes 2, 3, 4 (3/6)
    ag = stats.judge_agreement(ref, alt)
    assert ag.n == 6
    assert ag.w1 == pytest.approx(4 / 6)
    assert ag.pearson_r == pytest.approx(sps.pearsonr(ref, alt)[0])
    assert ag.acc_ref == 0.5 and ag.acc_alt == 0.5 and ag.delta_acc.value == 0.0
    lenient = stats.judge_agreement([2, 3, 4, 6], [6, 7, 4, 6])  # alt passes two more of four
    assert lenient.delta_acc.value == pytest.approx(0.5)
    assert lenient.mean_abs_diff == pytest.approx(2.0)


def test_bootstrap_ci_contains_the_true_mean_and_is_deterministic() -> None:
    rng = np.random.Generator(np.random.PCG64(0))
    hits = (rng.random(400) < 0.3).astype(float)
    est = stats.bootstrap_mean(hits)
    assert est.lo < 0.3 < est.hi
    assert est.value == pytest.approx(hits.mean())
    assert 0.03 < est.half_width < 0.06  # about 1.96 * sqrt(0.3 * 0.7 / 400) = 0.045
    assert stats.bootstrap_mean(hits) == est  # seed 42 by default
    assert stats.bootstrap_mean(hits, seed=1) != est


def test_bootstrap_ci_covers_the_true_mean_about_95_percent_of_the_time() -> None:
    rng = np.random.Generator(np.random.PCG64(123))
    covered = 0
    for i in range(200):
        sample = (rng.random(200) < 0.4).astype(float)
        est = stats.bootstrap_mean(sample, resamples=500, seed=i)
        covered += est.lo <= 0.4 <= est.hi
    assert 0.88 <= covered / 200 <= 0.99


def test_bootstrap_edge_cases() -> None:
    assert math.isnan(stats.bootstrap_mean([]).value)
    assert stats.bootstrap_mean([7.0]) == stats.Estimate(7.0, 7.0, 7.0)
    assert stats.bootstrap_accuracy([6, 6, 6]) == stats.Estimate(1.0, 1.0, 1.0)


def test_cluster_bootstrap_widens_the_ci_when_documents_are_all_or_nothing() -> None:
    docs = [f"d{i}" for i in range(10) for _ in range(10)]
    scores = [10.0 if i % 2 == 0 else 0.0 for i in range(10) for _ in range(10)]
    by_q = stats.bootstrap_accuracy(scores)
    by_doc = stats.bootstrap_accuracy(scores, docs)
    assert by_q.value == by_doc.value == 0.5
    assert by_q.half_width == pytest.approx(0.1, abs=0.02)  # sqrt(.25/100) * 1.96
    assert by_doc.half_width == pytest.approx(0.3, abs=0.06)  # sqrt(.25/10) * 1.96
    # one question per document: the cluster bootstrap is the question bootstrap
    singles = [f"q{i}" for i in range(100)]
    assert stats.bootstrap_accuracy(scores, singles) == by_q


def test_paired_bootstrap_detects_a_real_gap() -> None:
    a = [1.0] * 80 + [0.0] * 20
    b = [1.0] * 20 + [0.0] * 80
    test = stats.paired_bootstrap(a, b)
    assert test.n == 100 and test.mean_a == 0.8 and test.mean_b == 0.2
    assert test.diff.value == pytest.approx(0.6)
    assert test.diff.lo > 0.4 and test.diff.hi < 0.8
    assert test.p_value == pytest.approx(1 / 2001)


def test_paired_bootstrap_finds_no_gap_where_there_is_none() -> None:
    same = [1.0, 0.0, 1.0, 1.0, 0.0] * 20
    assert stats.paired_bootstrap(same, same).p_value == 1.0
    a = [1.0, 0.0] * 50  # same ACC, disagreeing on every question
    b = [0.0, 1.0] * 50
    test = stats.paired_bootstrap(a, b)
    assert test.diff.value == 0.0 and test.diff.lo < 0 < test.diff.hi and test.p_value == 1.0
    # 11 questions only A gets, 9 only B gets, 80 both or neither: a 2-point gap that is noise
    a = [1.0] * 11 + [0.0] * 9 + [1.0] * 40 + [0.0] * 40
    b = [0.0] * 11 + [1.0] * 9 + [1.0] * 40 + [0.0] * 40
    small = stats.paired_bootstrap(a, b)
    assert small.diff.value == pytest.approx(0.02) and small.diff.lo < 0 < small.diff.hi
    assert small.p_value > 0.5


def test_paired_bootstrap_by_document_is_wider() -> None:
    docs = [i // 10 for i in range(100)]
    a = [1.0 if (i // 10) % 2 == 0 else 0.0 for i in range(100)]
    b = [0.0] * 100
    by_q = stats.paired_bootstrap(a, b)
    by_doc = stats.paired_bootstrap(a, b, docs)
    assert by_q.diff.value == by_doc.diff.value == 0.5
    assert by_doc.diff.half_width > 2 * by_q.diff.half_width
    assert by_doc.p_value > by_q.p_value


def test_logistic_trend_matches_the_closed_form_for_a_binary_predictor() -> None:
    # x = 0: 3 of 10 correct; x = 1: 7 of 10 -> intercept logit(.3), slope logit(.7) - logit(.3)
    x = [0.0] * 10 + [1.0] * 10
    y = [1.0] * 3 + [0.0] * 7 + [1.0] * 7 + [0.0] * 3
    fit = stats.logistic_trend(x, y)
    logit = lambda p: math.log(p / (1 - p))  # noqa: E731
    assert fit.converged
    assert fit.intercept == pytest.approx(logit(0.3))
    assert fit.slope == pytest.approx(logit(0.7) - logit(0.3))
    assert fit.slope_se == pytest.approx(math.sqrt(2 / (10 * 0.3 * 0.7)))
    z = fit.slope / fit.slope_se
    assert fit.p_value == pytest.approx(2 * sps.norm.sf(z))
    assert fit.predict(0.0) == pytest.approx(0.3) and fit.predict(1.0) == pytest.approx(0.7)


def test_logistic_trend_is_undefined_without_variation_or_with_separation() -> None:
    assert not stats.logistic_trend([0.1, 0.5, 0.9], [1.0, 1.0, 1.0]).converged
    assert not stats.logistic_trend([0.5, 0.5, 0.5], [1.0, 0.0, 1.0]).converged
    separated = stats.logistic_trend([0.1, 0.2, 0.3, 0.7, 0.8, 0.9], [1, 1, 1, 0, 0, 0])
    assert not separated.converged and math.isnan(separated.slope)
    flat = stats.logistic_trend([0.1, 0.1, 0.9, 0.9], [1, 0, 1, 0])
    assert (
        flat.converged and flat.slope == pytest.approx(0.0, abs=1e-9) and flat.p_value == pytest.approx(1.0)
    )


def test_binned_means_and_ranking() -> None:
    bins = stats.binned_means([0.0, 0.1, 0.5, 0.9, 1.0], [1, 0, 1, 0, 0], [0.0, 0.5, 1.0])
    assert bins == [(0.0, 0.5, 3, pytest.approx(2 / 3)), (0.5, 1.0, 2, 0.0)]
    assert stats.ranking({"a": 0.2, "b": math.nan, "c": 0.9, "d": 0.2}) == ["c", "a", "d", "b"]


def _gathered(values: np.ndarray, clusters: list[str] | None, resamples: int, seed: int) -> np.ndarray:
    """The bootstrap means as first drawn: cluster indices per resample, drawn sums gathered."""
    codes = stats._cluster_index(clusters, values.size)
    n = int(codes.max()) + 1
    sums = np.bincount(codes, weights=values, minlength=n)
    counts = np.bincount(codes, minlength=n).astype(float)
    draws = np.random.Generator(np.random.PCG64(seed)).integers(0, n, size=(resamples, n))
    return sums[draws].sum(axis=1) / counts[draws].sum(axis=1)


def _means(values: np.ndarray, clusters: list[str] | None, resamples: int, seed: int) -> np.ndarray:
    return stats._resampled_means(values[:, None], clusters, resamples, seed)[:, 0]


def test_counted_draws_give_the_gathered_bootstrap_and_are_drawn_once_per_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the class shortcut, every resample counts its cluster draws: the gathered
    bootstrap bit for bit for whole numbers (exact sums), to rounding otherwise, in blocks too."""
    monkeypatch.setattr(stats, "_MULTINOMIAL_COST", math.inf)
    rng = np.random.default_rng(5)
    stats._shared_counts.cache_clear()
    for n in (1, 2, 9, 250, 1001):
        clusters = [f"doc{i // 9}" for i in range(n)]
        for values in (
            rng.integers(0, 2, n).astype(float),  # hits
            rng.integers(0, 11, n).astype(float),  # judge scores
            rng.integers(-1, 2, n).astype(float),  # paired differences of hits
        ):
            for labels in (None, clusters):
                assert (
                    _means(values, labels, 400, 42).tobytes() == _gathered(values, labels, 400, 42).tobytes()
                )
        floats = rng.random(n)
        np.testing.assert_allclose(
            _means(floats, None, 400, 42), _gathered(floats, None, 400, 42), rtol=1e-12
        )
    monkeypatch.setattr(stats, "_BLOCK", 1000)  # resamples in blocks of a few rows: the same stream
    values = rng.integers(0, 11, 300).astype(float)
    assert _means(values, None, 50, 3).tobytes() == _gathered(values, None, 50, 3).tobytes()
    # every cell of one size and seed shares one count matrix: two per cell (questions, documents)
    monkeypatch.setattr(stats, "_BLOCK", 1 << 23)
    stats._shared_counts.cache_clear()
    scores = rng.integers(0, 11, 90).astype(float)
    docs = [f"doc{i // 9}" for i in range(90)]
    for _model in range(3):  # three models asking the same questions
        stats.bootstrap_accuracy(scores, resamples=300)
        stats.bootstrap_accuracy(scores, docs, resamples=300)
        stats.bootstrap_mean(scores, resamples=300)
        stats.bootstrap_mean(scores, docs, resamples=300)
    info = stats._shared_counts.cache_info()
    assert (info.misses, info.hits) == (2, 10)


@pytest.mark.slow
def test_class_counts_are_the_same_bootstrap_as_cluster_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """Judge scores fall into at most 11 classes: drawing the class counts (a multinomial) gives
    the distribution of bootstrap means that drawing every answer gives (within Monte Carlo error)."""
    rng = np.random.default_rng(11)
    scores = rng.integers(0, 11, 3000).astype(float)
    docs = [f"doc{i // 9}" for i in range(3000)]
    hit = (scores >= 6).astype(float)
    stats._shared_counts.cache_clear()
    by_class = {name: _means(v, c, 20000, 1) for name, v, c in (("s", scores, None), ("h", hit, None))}
    assert stats._shared_counts.cache_info().misses == 0  # no cluster index was drawn
    monkeypatch.setattr(stats, "_MULTINOMIAL_COST", math.inf)
    by_draw = {name: _means(v, c, 20000, 2) for name, v, c in (("s", scores, None), ("h", hit, None))}
    for name in by_class:
        a, b = by_class[name], by_draw[name]
        assert a.mean() == pytest.approx(b.mean(), abs=4 * b.std() / math.sqrt(20000))
        assert a.std() == pytest.approx(b.std(), rel=0.03)
        assert np.quantile(a, [0.025, 0.975]) == pytest.approx(
            np.quantile(b, [0.025, 0.975]), abs=b.std() / 10
        )
    # hits resampled one by one: the mean of a resample is Binomial(n, p) / n
    p, n = hit.mean(), hit.size
    assert by_class["h"].std() == pytest.approx(math.sqrt(p * (1 - p) / n), rel=0.03)
    # documents: fewer classes than documents/6 only when documents repeat; both ways agree
    monkeypatch.undo()
    doc_hits = np.repeat(rng.integers(0, 2, 200), 9).astype(float)  # all-or-nothing documents: 2 classes
    doc_labels = [f"doc{i // 9}" for i in range(doc_hits.size)]
    a = _means(doc_hits, doc_labels, 20000, 3)
    monkeypatch.setattr(stats, "_MULTINOMIAL_COST", math.inf)
    b = _means(doc_hits, doc_labels, 20000, 4)
    assert a.std() == pytest.approx(b.std(), rel=0.03) and a.mean() == pytest.approx(b.mean(), abs=0.002)
    assert docs  # the question-level clusters above are the answers themselves


def test_classes_are_numpys_unique_rows_in_its_order() -> None:
    rng = np.random.default_rng(3)
    cases = [
        np.column_stack([rng.integers(0, 2, 500), rng.integers(0, 11, 500), np.ones(500)]),
        np.column_stack([rng.integers(-3, 4, 300), rng.integers(1, 9, 300), rng.random(300).round(1)]),
        np.array([[2.0, 1.0]]),
        np.array([[1.0, np.nan], [1.0, np.nan], [0.0, 2.0]]),
    ]
    for keys in cases:
        keys = keys.astype(float)
        classes, members = stats._classes(keys)
        expected, counts = np.unique(keys, axis=0, return_counts=True)
        np.testing.assert_array_equal(classes, expected)
        np.testing.assert_array_equal(members, counts)


def _domain(values: np.ndarray, codes: list[int], n: int, resamples: int, seed: int) -> np.ndarray:
    return stats._domain_resampled_means(values[:, None], np.asarray(codes), n, resamples, seed)[:, 0]


def test_a_domain_of_every_cluster_is_the_cluster_bootstrap_bit_for_bit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every cluster in the domain (numbered in order of first appearance): the very draws and
    means of the counted cluster bootstrap; with no resample left out."""
    monkeypatch.setattr(stats, "_MULTINOMIAL_COST", math.inf)
    rng = np.random.default_rng(8)
    for n in (1, 9, 250, 1001):
        labels = [f"doc{i // 9}" for i in range(n)]
        codes = stats._cluster_index(labels, n).tolist()
        for values in (rng.integers(0, 11, n).astype(float), rng.integers(0, 2, n).astype(float)):
            got = _domain(values, codes, max(codes) + 1, 400, 42)
            assert got.tobytes() == _means(values, labels, 400, 42).tobytes()
    scores = rng.integers(0, 11, 90).astype(float)
    codes = [i // 9 for i in range(90)]
    (acc, score) = stats.domain_bootstrap_means([stats.hits(scores), scores], codes, 10, resamples=300)
    assert acc == stats.bootstrap_accuracy(scores, codes, resamples=300)
    assert score == stats.bootstrap_mean(scores, codes, resamples=300)


def _run(rng: np.random.Generator, n_docs: int, per_doc: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Scores of a run whose documents differ in difficulty (answers within one are correlated),
    each answer in stratum 0, 1 or 2 (a stratum is in some documents only)."""
    docs = np.repeat(np.arange(n_docs), per_doc)
    ease = rng.normal(0.0, 2.5, n_docs)[docs]
    scores = np.clip(np.rint(5 + ease + rng.normal(0.0, 2.0, docs.size)), 0, 10)
    strata = rng.choice(3, size=docs.size, p=[0.2, 0.3, 0.5])
    strata[(docs % 4 == 0) & (strata == 0)] = 1  # stratum 0: in three documents of four
    return docs, scores, strata


def test_a_domain_resamples_as_its_own_clusters_would(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stratum's means when all of the run's documents are resampled have the spread and the
    percentiles of resampling the stratum's own documents (within Monte Carlo error)."""
    monkeypatch.setattr(stats, "_SHARED_COUNTS", 1 << 26)  # 20,000 resamples of 600 documents
    docs, scores, strata = _run(np.random.default_rng(21), 600, 9)
    for stratum in (0, 1, 2):
        mask = strata == stratum
        domain = _domain(scores[mask], docs[mask].tolist(), 600, 20000, 5)
        own = _means(scores[mask], [f"d{d}" for d in docs[mask]], 20000, 6)
        assert len(domain) == 20000  # a stratum in hundreds of documents: no resample misses it
        assert domain.mean() == pytest.approx(own.mean(), abs=4 * own.std() / math.sqrt(20000))
        assert domain.std() == pytest.approx(own.std(), rel=0.04)
        assert np.quantile(domain, [0.025, 0.975]) == pytest.approx(
            np.quantile(own, [0.025, 0.975]), abs=own.std() / 8
        )


def test_domain_intervals_cover_the_stratum_mean_about_95_percent_of_the_time() -> None:
    """Runs drawn from one population of documents: the stratum's 95% interval by documents
    holds the population's stratum mean in about 95% of them (the question-level interval,
    blind to the documents, in far fewer)."""
    population = _run(np.random.default_rng(0), 40000, 9)
    truth = population[1][population[2] == 0].mean()
    rng = np.random.default_rng(1)
    by_doc = by_question = 0
    for i in range(200):
        chosen = rng.choice(40000, size=60, replace=False)  # a run: 60 documents of the population
        rows = np.flatnonzero(np.isin(population[0], chosen))
        docs = np.searchsorted(np.sort(chosen), population[0][rows])
        mask = population[2][rows] == 0
        scores = population[1][rows][mask]
        (est,) = stats.domain_bootstrap_means([scores], docs[mask], 60, resamples=500, seed=i)
        by_doc += est.lo <= truth <= est.hi
        q = stats.bootstrap_mean(scores, resamples=500, seed=i)
        by_question += q.lo <= truth <= q.hi
    assert 0.89 <= by_doc / 200 <= 0.99
    assert by_question / 200 < 0.8


def test_domains_of_a_run_share_one_draw_and_a_tiny_domain_keeps_its_value() -> None:
    stats._shared_counts.cache_clear()
    docs, scores, strata = _run(np.random.default_rng(4), 50, 9)
    for stratum in (0, 1, 2):
        mask = strata == stratum
        stats.domain_bootstrap_means([scores[mask]], docs[mask], 50, resamples=300)
    info = stats._shared_counts.cache_info()
    assert (info.misses, info.hits) == (1, 2)
    # one document of 50 holds the stratum: the resamples that drew it all give its mean
    (one,) = stats.domain_bootstrap_means([[3.0, 5.0]], [7, 7], 50, resamples=300)
    assert one == stats.Estimate(4.0, 4.0, 4.0)
    (empty,) = stats.domain_bootstrap_means([[]], [], 50)
    assert math.isnan(empty.value) and math.isnan(empty.lo) and math.isnan(empty.hi)


@pytest.mark.parametrize(
    "keys",
    [
        np.array([[3.0, 27.0, 3.0], [0.0, 0.0, 1.0], [9.0, 90.0, 9.0]]),  # hits, score sums, sizes
        np.array([[-2.0, 1.0], [5.0, -7.0], [0.0, 3.0]]),  # whole-number differences
        np.array([[0.5, 7.25], [1.0, 2.0], [0.0, 10.0]]),  # not whole: float64
        np.array([[2.0**23, 1.0], [1.0, 1.0], [0.0, 1.0]]),  # whole, too large for float32 sums
    ],
    ids=["counts", "differences", "fractions", "large"],
)
def test_the_shared_counts_product_is_float64s_to_the_bit(keys: np.ndarray) -> None:
    """The shared counts are kept in float32; their product with the keys of a cell is the
    product float64 counts give, to the bit (float32 where it is exact, else float64)."""
    stats._shared_counts.cache_clear()
    counts = stats._shared_counts(7, 300, len(keys))
    assert counts.dtype == np.float32 and (counts.sum(axis=1) == len(keys)).all()
    want = counts.astype(float) @ keys
    got = stats._product(counts, keys, len(keys))
    assert got.dtype == np.float64 and np.array_equal(got, want)
    assert np.array_equal(stats._product(counts.astype(float), keys, len(keys)), want)
