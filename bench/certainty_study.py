"""Can a learned certainty reach issue 25's certain targets on sets it was not fitted on? (study61)

Usage: ``PYTHONPATH=$PWD python bench/certainty_study.py [--sets v27,...,v39] [--cache DIR]
[--workers 2] [--learners logistic-judge,logistic-new,boosting-new] [--importance]``

Judges every answer of the labelled sets v27..v39 once (``bench/_certainty_rows.py``; ``--cache``
keeps the judge's outputs) and measures, leave-one-set-out (fit on all sets but one, score the
left-out set, pool the left-out results), how well a learned "is this verdict wrong?" model
(label pass != best reading's pass) separates the verdicts the judge may call certain:

* baseline: the verdicts as the judge gives them (stored coefficients, fitted on v3..v37: tuned
  figures on v27..v37), and ``scripts/fit_certainty.py``'s fit refitted on the other study sets
  (its risky-pass point is fitted on v13..v26 only, so it fails no pass here);
* ``logistic-judge``: a logistic regression over the features the judge computes
  (``certainty_model`` fail, pass and risky features, doubts, score, settled);
* ``logistic-new``: the same plus the study's new generic features (second readings of the last
  line / last sentence / final statement, markup, non-ASCII letters, numbers, lines, length
  against the reference's, asked labels verbatim);
* ``boosting-new``: a gradient-boosted tree model (scikit-learn HistGradientBoostingClassifier, no
  early stopping: deterministic) over the same features; ``boosting-judge`` over the judge's alone
  (which of the two, the learner or the new features, carries a gain).

Each learner's operating threshold is chosen on its training fold only: from out-of-fold chances
of the training sets (grouped inner folds), the largest certain share whose certain agreement is
at least the aim (97, 98, 99%) and whose certain false passes are at most 1% of certain
label-fails. A risky-pass model (same learner, fitted on the training passes) fails an uncertain
pass above a threshold that maximises training agreement with false passes at most 3% of
label-fails. Printed per operating point: pooled left-out certain share, certain agreement,
certain false passes (of certain label-fails), certain false fails, all-answers agreement and false
passes, and the worst left-out set; then a curve by rank (each left-out set's least risky 60..90%
made certain, no label used), the features that carry the models and the answer styles of the
remaining certain errors (counts only). Deterministic: no global random state.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

# on shared cores, OpenMP threads spinning against each other slow the boosted model tenfold
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np

_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._certainty_rows import JUDGE_NAMES, PASS, SURFACE_NAMES, Answer, answers, judge_features, surface
from scripts.fit_certainty import loso_verdicts

STUDY_SETS = tuple(f"v{i}" for i in range(27, 40))
LEARNERS = ("logistic-judge", "logistic-new", "boosting-new", "boosting-judge")
AIMS = (0.97, 0.98, 0.99)
MAX_CFP = 0.01  # issue 25: certain false passes at most 1% of certain label-fails
MAX_FP = 0.03  # ... and false passes at most 3% of all label-fails
INNER_FOLDS = 4
RANDOM_STATE = 7919  # sklearn's permutations (importance); the models themselves draw nothing
SHARES = (0.65, 0.7, 0.75)
GRID = 240  # candidate cuts per side (passes, fails)


@dataclass(frozen=True)
class Data:
    """The study's rows as arrays."""

    sets: np.ndarray  # set name of each answer
    label_pass: np.ndarray
    judge_pass: np.ndarray  # the best reading passes
    styles: tuple[str, ...]
    judge_x: np.ndarray
    new_x: np.ndarray

    @property
    def wrong(self) -> np.ndarray:
        return np.asarray(self.label_pass != self.judge_pass)


def data_of(found: Sequence[Answer]) -> Data:
    """Arrays of the answers' labels, verdicts and features."""
    judge_x = np.array([judge_features(a.judged) for a in found], dtype=float)
    extra = np.array([surface(a) for a in found], dtype=float)
    return Data(
        sets=np.array([a.judged.set for a in found]),
        label_pass=np.array([a.judged.label >= PASS for a in found]),
        judge_pass=np.array([a.judged.got >= PASS for a in found]),
        styles=tuple(a.style for a in found),
        judge_x=judge_x,
        new_x=np.hstack([judge_x, extra]),
    )


@dataclass(frozen=True)
class Figures:
    """Agreement figures over some answers: ``certain`` and ``scored`` pass decide them."""

    n: int
    certain: int
    certain_right: int
    certain_fails: int  # certain label-fails
    certain_fp: int
    certain_ff: int
    right: int
    fails: int
    fp: int

    def cells(self) -> str:
        share = self.certain / max(1, self.n)
        agree = self.certain_right / max(1, self.certain)
        cfp = self.certain_fp / max(1, self.certain_fails)
        return (
            f"{share:6.1%} {agree:6.1%} {self.certain_fp:>3}/{self.certain_fails:<4} {cfp:5.1%}"
            f" {self.certain_ff:>4}"
            f" | {self.right / max(1, self.n):6.1%} {self.fp / max(1, self.fails):5.1%}"
        )


def figures(label: np.ndarray, scored: np.ndarray, certain: np.ndarray) -> Figures:
    right = label == scored
    fails = ~label
    return Figures(
        n=len(label),
        certain=int(certain.sum()),
        certain_right=int((right & certain).sum()),
        certain_fails=int((fails & certain).sum()),
        certain_fp=int((fails & scored & certain).sum()),
        certain_ff=int((label & ~scored & certain).sum()),
        right=int(right.sum()),
        fails=int(fails.sum()),
        fp=int((fails & scored).sum()),
    )


def row(name: str, d: Data, scored: np.ndarray, certain: np.ndarray) -> str:
    """Pooled figures and the worst left-out set's (lowest certain agreement, most certain FP)."""
    pooled = figures(d.label_pass, scored, certain)
    per = [
        figures(d.label_pass[m], scored[m], certain[m]) for m in (d.sets == s for s in dict.fromkeys(d.sets))
    ]
    agree = [f.certain_right / max(1, f.certain) for f in per]
    shares = [f.certain / f.n for f in per]
    cfp = [f.certain_fp / max(1, f.certain_fails) for f in per]
    return (
        f"{name:<36} {pooled.cells()} | worst agree {min(agree):6.1%} max cFP {max(cfp):5.1%}"
        f" share {min(shares):4.0%}..{max(shares):4.0%}"
    )


HEADER = (
    f"{'':<36} {'share':>6} {'c.agr':>6} {'cFP':>8} {'cFP%':>5} {'cFF':>4} | {'agree':>6} {'FP%':>5}"
    " | left-out sets' spread"
)


def learner(kind: str) -> object:
    """A fresh, deterministic classifier of ``kind`` (``logistic-*`` or ``boosting-*``)."""
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    if kind.startswith("logistic"):
        return make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=5000))
    return HistGradientBoostingClassifier(
        max_iter=200,
        learning_rate=0.05,
        max_leaf_nodes=15,
        min_samples_leaf=20,
        l2_regularization=1.0,
        early_stopping=False,
        random_state=RANDOM_STATE,
    )


def fitted(kind: str, x: np.ndarray, y: np.ndarray) -> object:
    model = learner(kind)
    model.fit(x, y)  # type: ignore[attr-defined]
    return model


def chances(model: object, x: np.ndarray) -> np.ndarray:
    return np.asarray(model.predict_proba(x)[:, 1])  # type: ignore[attr-defined]


def fit_chances(kind: str, x: np.ndarray, y: np.ndarray, train: np.ndarray, test: np.ndarray) -> np.ndarray:
    """Chances of ``test`` rows from a model fitted on ``train`` rows (a constant where the
    training rows hold one class)."""
    if len(set(y[train].tolist())) < 2:
        return np.full(int(test.sum()), float(y[train].mean()) if train.any() else 0.0)
    return chances(fitted(kind, x[train], y[train]), x[test])


def out_of_fold(kind: str, x: np.ndarray, y: np.ndarray, sets: np.ndarray, train: np.ndarray) -> np.ndarray:
    """Chances of every row, those of ``train`` from grouped inner folds of its sets (the rest 0)."""
    names = sorted(set(sets[train].tolist()))
    out = np.zeros(len(y))
    for k in range(INNER_FOLDS):
        held = np.isin(sets, names[k::INNER_FOLDS]) & train
        out[held] = fit_chances(kind, x, y, train & ~held, held)
    return out


@dataclass(frozen=True)
class Cut:
    """An operating point: a pass is certain at a wrong chance at or below ``passes``, a fail at
    or below ``fails``."""

    passes: float
    fails: float

    def certain(self, p: np.ndarray, judge_pass: np.ndarray) -> np.ndarray:
        return np.asarray(np.where(judge_pass, p <= self.passes, p <= self.fails))


def _side(p: np.ndarray, d: Data, rows: np.ndarray, passing: bool) -> tuple[np.ndarray, ...]:
    """Candidate cuts of the ``rows`` the judge passes (or fails): chance, answers made certain,
    wrong ones among them; a grid of :data:`GRID` steps, cut only between distinct chances."""
    m = rows & (d.judge_pass == passing)
    order = np.argsort(p[m], kind="stable")
    ranked, wrong = p[m][order], np.append(0, np.cumsum(d.wrong[m][order]))
    n = len(ranked)
    ks = np.unique(np.round(np.linspace(0, n, GRID + 1)).astype(int))
    ks = np.array([k for k in ks if k in (0, n) or ranked[k - 1] < ranked[k]], dtype=int)
    cuts = np.array([float("-inf") if k == 0 else ranked[k - 1] for k in ks])
    return cuts, ks, wrong[ks]


def choose_cut(
    p: np.ndarray, d: Data, rows: np.ndarray, aim: float | None, share: float | None, max_cfp: float = MAX_CFP
) -> Cut:
    """The operating point on ``rows``: with ``aim``, the largest certain share whose certain
    agreement is at least ``aim``; with ``share``, the best certain agreement at that share or
    more; both with certain false passes at most ``max_cfp`` of certain label-fails (where
    no cut keeps that at the share, the fewest certain false passes)."""
    pc, pk, pw = _side(p, d, rows, True)
    fc, fk, fw = _side(p, d, rows, False)
    n = pk[:, None] + fk[None, :]
    wrong = pw[:, None] + fw[None, :]
    fp = np.broadcast_to(pw[:, None], n.shape)
    label_fails = pw[:, None] + (fk - fw)[None, :]
    cfp_ok = fp <= max_cfp * label_fails + 1e-9
    if aim is not None:
        value = np.where(cfp_ok & (wrong <= (1 - aim) * n + 1e-9), n - wrong / (n.max() + 1), -1.0)
    else:
        wide = n >= (share or 0.0) * int(rows.sum())
        agree = 1 - wrong / np.maximum(1, n)
        rate = fp / np.maximum(1, label_fails)
        value = np.where(wide & cfp_ok, 2 + agree, np.where(wide, 1 - rate + agree * 1e-3, -1.0))
    i, j = np.unravel_index(int(np.argmax(value)), value.shape)
    return Cut(float(pc[i]), float(fc[j]))


def risky_threshold(q: np.ndarray, d: Data, rows: np.ndarray, certain: np.ndarray) -> float:
    """The chance at or above which an uncertain pass of ``rows`` is failed: the most agreement
    with false passes at most :data:`MAX_FP` of label-fails (else the fewest false passes)."""
    fails = int((~d.label_pass & rows).sum())
    fp0 = int((~d.label_pass & d.judge_pass & rows).sum())
    open_pass = rows & d.judge_pass & ~certain
    order = np.argsort(-q[open_pass], kind="stable")
    ranked = q[open_pass][order]
    caught = np.append(0, np.cumsum(d.wrong[open_pass][order]))
    j = np.arange(len(caught))
    fp = fp0 - caught
    gain = caught - (j - caught)  # agreement gained by failing the top j
    cut = np.append(True, np.append(ranked[1:] < ranked[:-1], True))
    feasible = cut & (fp <= MAX_FP * fails)
    pick = np.nonzero(feasible)[0]
    fewest = int(np.nonzero(cut)[0][np.argmin(fp[cut])])
    best = int(pick[np.argmax(gain[pick])]) if pick.size else fewest
    return float("inf") if best == 0 else float(ranked[best - 1])


#: the operating points: (aim, None) aimed at a certain agreement, (None, share) at a share
POINTS: tuple[tuple[float | None, float | None], ...] = (
    *((a, None) for a in AIMS),
    *((None, s) for s in SHARES),
)


def point_name(point: tuple[float | None, float | None]) -> str:
    aim, share = point
    return f"aim {aim:.0%}" if aim is not None else f"share {share:.0%}"


@dataclass(frozen=True)
class Fold:
    """A learner's left-out results: each row's wrong chance and risky-pass chance, and per
    operating point the certainty and the offline pass (risky uncertain passes failed)."""

    p: np.ndarray
    q: np.ndarray
    certain: dict[str, np.ndarray]
    scored: dict[str, np.ndarray]


def loso(kind: str, d: Data) -> Fold:
    """Leave-one-set-out: each set's chances and operating points from the other sets alone."""
    x = d.judge_x if kind.endswith("judge") else d.new_x
    p, q = np.zeros(len(d.sets)), np.zeros(len(d.sets))
    names = [point_name(t) for t in POINTS]
    certain = {n: np.zeros(len(d.sets), dtype=bool) for n in names}
    scored = {n: d.judge_pass.copy() for n in names}
    for name in dict.fromkeys(d.sets):
        test, train = d.sets == name, d.sets != name
        p_in = out_of_fold(kind, x, d.wrong, d.sets, train)
        q_in = out_of_fold(kind, x, d.wrong, d.sets, train & d.judge_pass)
        p[test] = fit_chances(kind, x, d.wrong, train, test)
        q[test] = fit_chances(kind, x, d.wrong, train & d.judge_pass, test)
        for point, label in zip(POINTS, names, strict=True):
            cut = choose_cut(p_in, d, train, *point)
            lean = risky_threshold(q_in, d, train, cut.certain(p_in, d.judge_pass))
            certain[label][test] = cut.certain(p[test], d.judge_pass[test])
            scored[label][test] = d.judge_pass[test] & ~(~certain[label][test] & (q[test] >= lean))
    return Fold(p, q, certain, scored)


def hindsight(p: np.ndarray, d: Data, share: float, max_cfp: float) -> np.ndarray:
    """The certainty of the best cut at ``share`` chosen on the left-out answers themselves, labels
    included: a bound on what the chances can separate, not a forecast."""
    every = np.ones(len(p), dtype=bool)
    return choose_cut(p, d, every, None, share, max_cfp).certain(p, d.judge_pass)


def baseline(found: Sequence[Answer], d: Data) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """The offline pass and certainty of the judge's rules alone, of its verdicts as stored, and
    of its fit refitted leaving each set out."""
    judged = [a.judged for a in found]
    stored = np.array([(r.got if r.scored is None else r.scored) >= PASS for r in judged])
    refit = loso_verdicts(judged)
    return {
        "rules alone (settled)": (d.judge_pass, np.array([r.settled for r in judged])),
        "as judged (stored fit)": (stored, np.array([r.certain for r in judged])),
        "fit_certainty LOSO refit": (
            np.array([s >= PASS for s, _ in refit]),
            np.array([c for _, c in refit]),
        ),
    }


def separation(kind: str, d: Data, p: np.ndarray) -> str:
    """How well the pooled left-out chances rank wrong verdicts above right ones (ROC AUC), over
    the passes (false passes) and over the fails (false fails) apart."""
    from sklearn.metrics import roc_auc_score

    auc = [roc_auc_score(d.wrong[m], p[m]) for m in (d.judge_pass, ~d.judge_pass)]
    return f"{kind}: left-out ROC AUC of the wrong chance, passes {auc[0]:.3f}, fails {auc[1]:.3f}"


def report(kind: str, d: Data, fold: Fold) -> list[str]:
    """A learner's lines: per operating point chosen on training, then in hindsight."""
    lines = [row(f"{kind} {n}", d, fold.scored[n], fold.certain[n]) for n in fold.certain]
    for share in SHARES:
        lines.append(
            row(f"{kind} hindsight {share:.0%}", d, d.judge_pass, hindsight(fold.p, d, share, MAX_CFP))
        )
    for share in SHARES:
        sure = hindsight(fold.p, d, share, 1.0)
        lines.append(row(f"{kind} hindsight {share:.0%} any cFP", d, d.judge_pass, sure))
    return lines


def coefficients(d: Data, top: int) -> list[str]:
    """The largest standardised weights of ``logistic-new`` fitted on every set."""
    model = fitted("logistic-new", d.new_x, d.wrong)
    weights = model.steps[-1][1].coef_[0]  # type: ignore[attr-defined]
    names = (*JUDGE_NAMES, *SURFACE_NAMES)
    order = np.argsort(-np.abs(weights), kind="stable")[:top]
    return [f"  {weights[i]:+.2f}  {names[i]}" for i in order]


def importance(d: Data, top: int) -> list[str]:
    """Permutation importance (drop in left-out ROC AUC) of ``boosting-new``'s features, averaged
    over the leave-one-set-out folds."""
    from sklearn.inspection import permutation_importance

    names = (*JUDGE_NAMES, *SURFACE_NAMES)
    total = np.zeros(len(names))
    folds = list(dict.fromkeys(d.sets))
    for name in folds:
        test, train = d.sets == name, d.sets != name
        model = fitted("boosting-new", d.new_x[train], d.wrong[train])
        found = permutation_importance(
            model, d.new_x[test], d.wrong[test], scoring="roc_auc", n_repeats=3, random_state=RANDOM_STATE
        )
        total += found.importances_mean
    order = np.argsort(-total, kind="stable")[:top]
    return [f"  {total[i] / len(folds):+.4f}  {names[i]}" for i in order]


def error_styles(d: Data, certain: np.ndarray, scored: np.ndarray, top: int) -> list[str]:
    """Answer styles of the certain errors: counts of false passes and false fails."""
    rows = list(zip(d.styles, certain, d.label_pass, scored, strict=True))
    fp = Counter(style for style, sure, lab, got in rows if sure and got and not lab)
    ff = Counter(style for style, sure, lab, got in rows if sure and lab and not got)
    both = fp + ff
    return [f"  {style:<24} {n:>3}  (FP {fp[style]}, FF {ff[style]})" for style, n in both.most_common(top)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sets", default=",".join(STUDY_SETS), help="comma-separated set names")
    parser.add_argument("--cache", type=Path, help="a folder keeping the judge's outputs between runs")
    parser.add_argument("--workers", type=int, default=1, help="processes judging the sets")
    parser.add_argument("--learners", default=",".join(LEARNERS), help=f"some of {', '.join(LEARNERS)}")
    parser.add_argument(
        "--importance", action="store_true", help="also boosting-new's permutation importance"
    )
    args = parser.parse_args(argv)
    names = [s for s in args.sets.split(",") if s]
    kinds = [k for k in args.learners.split(",") if k]
    if bad := [k for k in kinds if k not in LEARNERS]:
        parser.error(f"unknown learner {bad[0]!r}; the learners are {', '.join(LEARNERS)}")
    found = answers(names, args.cache, args.workers)
    d = data_of(found)
    wrong = int(d.wrong.sum())
    print(f"{len(found)} answers of {len(names)} sets; {wrong} best readings disagree with the label")
    print(HEADER)
    base = baseline(found, d)
    print("\n".join(row(name, d, scored, certain) for name, (scored, certain) in base.items()))
    folds = {}
    for kind in kinds:
        folds[kind] = loso(kind, d)
        print("\n".join(report(kind, d, folds[kind])))
        print(separation(kind, d, folds[kind].p))
        sys.stdout.flush()
    print("\nlogistic-new fitted on every set, largest standardised weights (+: a wrong verdict):")
    print("\n".join(coefficients(d, 20)))
    if args.importance:
        print("\nboosting-new, permutation importance (left-out ROC AUC drop, mean over folds):")
        print("\n".join(importance(d, 20)))
    print("\nas judged: styles of the certain errors (counts)")
    print(
        "\n".join(error_styles(d, base["as judged (stored fit)"][1], base["as judged (stored fit)"][0], 15))
    )
    for kind, fold in folds.items():
        for point in ("aim 98%", "share 70%"):
            print(f"\n{kind} {point}: styles of the certain errors left (counts)")
            print("\n".join(error_styles(d, fold.certain[point], fold.scored[point], 15)))


if __name__ == "__main__":
    main()
