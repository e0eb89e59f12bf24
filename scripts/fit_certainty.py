"""Fit the offline judge's certainty model (``judge/certainty_model.py``) on the labelled sets.

Usage: ``PYTHONPATH=$PWD python scripts/fit_certainty.py`` rewrites
``judge/certainty_coefficients.py``; ``--check`` only says whether the stored coefficients are
what the fit gives now (a judge rule change that moves the readings needs a refit).

Every answer of every labelled set (``bench/judge_certainty.py`` lists them) is judged; each
verdict is wrong when it falls on the other side of the pass mark than its label. A logistic
regression (scikit-learn, L2, lbfgs: deterministic) over the fails estimates the chance that a
fail is wrong from the model's features; the threshold is the largest at which at most
:data:`MAX_WRONG` of the uncertain fails it would make certain are wrong. Uncertain passes are
never promoted (docs/protocol.md, judge18 round). A second regression over the passes
(judge19) estimates the chance that a pass is wrong from :func:`certainty_model.pass_features`;
a pass the rules are sure of is made uncertain above the lowest threshold at which at least
:data:`MIN_WRONG_SHARE` (and :data:`MIN_WRONG` answers) of the fitting sets' sure passes above
it are wrong; where no threshold has that support the threshold is 1.0 and no pass is demoted.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge import JudgeItem, OfflineJudge, certainty_model  # noqa: E402
from tests.judge import labelled_sets as ls  # noqa: E402

PASS = 6
MAX_WRONG = 0.01  # the most wrong verdicts among the uncertain fails the model makes certain
MIN_WRONG_SHARE = 0.10  # a pass is demoted only where this share of sure passes like it is wrong
MIN_WRONG = 3  # ... and at least this many of them
#: The sets written to be held out that the operating point of uncertain passes is fitted on
#: (judge26: the first-run sets of README's judge table; older sets were tuned on for longer)
OPERATING_SETS = frozenset(f"v{i}" for i in range(13, 27))
MAX_FALSE_PASS = 0.03  # issue 25: false passes at most 3% of label-fails ...
MIN_AGREEMENT = 0.90  # ... at pass/fail agreement of at least 90%, on each set
C = 0.5  # inverse L2 strength
OUT = ROOT / "judge" / "certainty_coefficients.py"
#: every labelled set: name -> (questions file, answers file)
SETS: dict[str, tuple[str, str]] = {
    "labelled": ("offline_questions.json", "offline_labelled.yaml"),
    "labelled_v2": ("offline_labelled_v2_questions.json", "offline_labelled_v2.yaml"),
    "heldout": ("offline_heldout_questions.json", "offline_heldout.yaml"),
    **{f"v{i}": (f"offline_heldout_v{i}_questions.json", f"offline_heldout_v{i}.yaml") for i in range(3, 38)},
}


@dataclass(frozen=True)
class Judged:
    """One labelled answer with the judge's verdict and, where the model weighs it, its features."""

    set: str
    label: int
    got: int
    certain: bool  # as the verdict says
    settled: bool  # as the rules alone say
    promotable: bool  # an uncertain fail the model may make certain (certainty_model.promotable)
    x: tuple[float, ...] | None  # None: the rules alone decide (empty, abstaining, spraying)
    px: tuple[float, ...] | None = None  # the pass model's features (None where x is None)
    scored: int | None = None  # the verdict's score (``got`` less a risky pass's lean), as judged

    @property
    def wrong(self) -> bool:
        return (self.got >= PASS) != (self.label >= PASS)

    @property
    def rx(self) -> tuple[float, ...]:
        """The risky-pass model's features (judge26)."""
        assert self.x is not None and self.px is not None
        return tuple(certainty_model.risky_of(self.x, self.px))


def judge_sets(names: Sequence[str] = tuple(SETS)) -> list[Judged]:
    """Every answer of the named sets with the current judge's verdict and features."""
    judge = OfflineJudge()
    return [
        judged(judge, name, q, label, text)
        for name in names
        for q, label, _style, text in ls.labelled(*SETS[name])
    ]


def judged(judge: OfflineJudge, name: str, q: dict, label: int, text: str) -> Judged:
    """One labelled answer of set ``name`` to question ``q``: the judge's verdict and features."""
    item = JudgeItem(q["question"], q["reference"], text, q["answer_values"])
    verdict, reading = judge.score(item), judge.reading(item)
    got = verdict.score if reading is None else reading.score  # the best reading's score
    x = (
        None
        if reading is None
        else tuple(certainty_model.features(text, item.question, item.reference, reading))
    )
    px = (
        None
        if reading is None
        else tuple(certainty_model.pass_features(text, item.question, item.reference, reading))
    )
    settled = bool(verdict.certain) if reading is None else reading.settled
    promotable = reading is not None and certainty_model.promotable(reading)
    return Judged(name, label, got, bool(verdict.certain), settled, promotable, x, px, verdict.score)


@dataclass(frozen=True)
class Model:
    """Fitted coefficients and threshold, as ``judge/certainty_coefficients.py`` stores them."""

    weights: tuple[float, ...]
    bias: float
    threshold: float
    pass_weights: tuple[float, ...] = ()
    pass_bias: float = 0.0
    pass_threshold: float = 1.0
    risky_weights: tuple[float, ...] = ()
    risky_bias: float = 0.0
    risky_threshold: float = 1.0  # an uncertain pass at or above it is scored as a fail (judge26)

    def chance(self, r: Judged) -> float:
        assert r.x is not None
        return _logistic(self.bias, self.weights, r.x)

    def pass_chance(self, r: Judged) -> float:
        assert r.px is not None
        return _logistic(self.pass_bias, self.pass_weights, r.px)

    def demotes(self, r: Judged) -> bool:
        """A pass the rules are sure of that the pass model makes uncertain."""
        return _sure_pass(r) and self.pass_chance(r) >= self.pass_threshold

    def certain(self, r: Judged) -> bool:
        """The rules' certainty less the passes the model demotes, or an uncertain fail it promotes."""
        return (r.settled and not self.demotes(r)) or (r.promotable and self.chance(r) < self.threshold)

    def leans(self, r: Judged) -> bool:
        """An uncertain pass the pass model finds risky enough to score as a fail."""
        return r.px is not None and r.got >= PASS and not self.certain(r) and self.risky(r)

    def risky(self, r: Judged) -> bool:
        return self.risky_threshold < 1.0 and self.risky_chance(r) >= self.risky_threshold

    def risky_chance(self, r: Judged) -> float:
        return _logistic(self.risky_bias, self.risky_weights, r.rx)

    def score(self, r: Judged) -> int:
        """The offline score with this model: the best reading's, a risky uncertain pass failed."""
        return min(r.got, PASS - 1) if self.leans(r) else r.got


def _logistic(bias: float, weights: Sequence[float], x: Sequence[float]) -> float:
    return 1 / (1 + math.exp(-(bias + sum(a * v for a, v in zip(weights, x, strict=True)))))


def _sure_pass(r: Judged) -> bool:
    return r.px is not None and r.settled and r.got >= PASS


def _open_fails(rows: Sequence[Judged]) -> list[Judged]:
    return [r for r in rows if r.promotable]


def _regression(x: Sequence[Sequence[float]], y: Sequence[bool]) -> tuple[tuple[float, ...], float]:
    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(C=C, max_iter=5000)
    model.fit(x, y)
    return tuple(round(float(w), 6) for w in model.coef_[0]), round(float(model.intercept_[0]), 6)


def fit(rows: Sequence[Judged]) -> Model:
    """The model fitted on the fails of ``rows``; its threshold the largest at which at most
    :data:`MAX_WRONG` of the uncertain fails it promotes are wrong. With it, the pass model
    (:func:`_pass_threshold`)."""
    fails = [(r.x, r.wrong) for r in rows if r.x is not None and r.got < PASS]
    weights, bias = _regression([x for x, _ in fails], [wrong for _, wrong in fails])
    draft = Model(weights, bias, 0.0)
    threshold, wrong = 0.0, 0
    for k, (chance, is_wrong) in enumerate(sorted((draft.chance(r), r.wrong) for r in _open_fails(rows)), 1):
        wrong += is_wrong
        if wrong <= MAX_WRONG * k:
            threshold = chance
    passes = [(r.px, r.wrong) for r in rows if r.px is not None and r.got >= PASS]
    pass_weights, pass_bias = _regression([x for x, _ in passes], [wrong for _, wrong in passes])
    draft = Model(weights, bias, 0.0, pass_weights, pass_bias)
    cut = round(threshold + 1e-9, 9)
    return _with_risky(Model(weights, bias, cut, pass_weights, pass_bias, _pass_threshold(draft, rows)), rows)


def _pass_threshold(draft: Model, rows: Sequence[Judged]) -> float:
    """The lowest chance above which at least :data:`MIN_WRONG_SHARE` (and :data:`MIN_WRONG`) of
    the sure passes of ``rows`` are wrong; 1.0 (no demotion) where none is."""
    threshold, wrong = 1.0, 0
    ranked = sorted(((draft.pass_chance(r), r.wrong) for r in rows if _sure_pass(r)), reverse=True)
    for k, (chance, is_wrong) in enumerate(ranked, 1):
        wrong += is_wrong
        if wrong >= MIN_WRONG and wrong >= MIN_WRONG_SHARE * k:
            threshold = chance
    return threshold if threshold == 1.0 else round(threshold - 1e-9, 9)


def loso_verdicts(rows: Sequence[Judged]) -> list[tuple[int, bool]]:
    """Each row's offline score and certainty from a model fitted on every other set."""
    out: dict[int, tuple[int, bool]] = {}
    for name in dict.fromkeys(r.set for r in rows):
        model = fit([r for r in rows if r.set != name])
        out.update({i: (model.score(r), model.certain(r)) for i, r in enumerate(rows) if r.set == name})
    return [out[i] for i in range(len(rows))]


def _uncertain_passes(model: Model, rows: Sequence[Judged]) -> list[Judged]:
    return [r for r in rows if r.px is not None and r.got >= PASS and not model.certain(r)]


def _with_risky(model: Model, rows: Sequence[Judged]) -> Model:
    """``model`` with the risky-pass model (judge26): a regression over the uncertain passes of
    ``rows`` and the threshold :func:`_risky_threshold` picks from chances cross-fitted by set."""
    risky = _uncertain_passes(model, rows)
    if len({r.wrong for r in risky}) < 2:
        return model
    weights, bias = _regression([r.rx for r in risky], [r.wrong for r in risky])
    chances: list[float] = [0.0] * len(risky)
    for name in dict.fromkeys(r.set for r in risky):  # each set's chances from a fit without it
        inside = [i for i, r in enumerate(risky) if r.set == name]
        rest = [r for r in risky if r.set != name]
        if len({r.wrong for r in rest}) == 2:
            w, b = _regression([r.rx for r in rest], [r.wrong for r in rest])
            for i in inside:
                chances[i] = _logistic(b, w, risky[i].rx)
    threshold = _risky_threshold(model, rows, list(zip(risky, chances, strict=True)))
    return dataclasses.replace(model, risky_weights=weights, risky_bias=bias, risky_threshold=threshold)


def _risky_threshold(model: Model, rows: Sequence[Judged], ranked: Sequence[tuple[Judged, float]]) -> float:
    """The operating point of the uncertain passes, on the :data:`OPERATING_SETS` among ``rows``:
    the highest threshold (fewest passes failed) at which their pooled false passes are at most
    :data:`MAX_FALSE_PASS` with every one of them at :data:`MIN_AGREEMENT` or more; where none
    is, the threshold with the fewest false passes that keeps that agreement; 1.0 (no pass
    failed) where the sets are not among ``rows`` or failing passes only costs."""
    names = sorted({r.set for r in rows if r.set in OPERATING_SETS})
    if not names:
        return 1.0
    wrong = {n: sum(r.wrong for r in rows if r.set == n) for n in names}
    size = {n: sum(r.set == n for r in rows) for n in names}
    fails = sum(r.label < PASS for r in rows if r.set in OPERATING_SETS)
    fp = sum(r.label < PASS <= r.got for r in rows if r.set in OPERATING_SETS)
    if fp <= MAX_FALSE_PASS * fails:
        return 1.0
    best, best_fp = 1.0, fp
    order = sorted(((c, r) for r, c in ranked if r.set in OPERATING_SETS), key=lambda t: -t[0])
    for k, (chance, r) in enumerate(order):
        wrong[r.set] += -1 if r.wrong else 1
        fp -= r.wrong
        if k + 1 < len(order) and order[k + 1][0] == chance:
            continue  # a threshold fails every pass at its chance
        if any(wrong[n] > (1 - MIN_AGREEMENT) * size[n] for n in names):
            continue
        if fp < best_fp:
            best, best_fp = chance, fp
        if fp <= MAX_FALSE_PASS * fails:
            return round(chance - 1e-9, 9)
    return best if best == 1.0 else round(best - 1e-9, 9)


def source(model: Model) -> str:
    """``judge/certainty_coefficients.py`` for ``model`` (ruff-formatted: one weight a line)."""
    weights = "".join(
        f"    {w!r},  # {name}\n" for w, name in zip(model.weights, certainty_model.NAMES, strict=True)
    )
    pass_weights = "".join(
        f"    {w!r},  # {name}\n"
        for w, name in zip(model.pass_weights, certainty_model.PASS_NAMES, strict=True)
    )
    risky_weights = "".join(
        f"    {w!r},  # {name}\n"
        for w, name in zip(model.risky_weights, certainty_model.RISKY_NAMES, strict=True)
    )
    return (
        '"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""\n\n'
        f"FAIL_WEIGHTS: tuple[float, ...] = (\n{weights})\n"
        f"FAIL_BIAS = {model.bias!r}\n"
        f"FAIL_THRESHOLD = {model.threshold!r}\n"
        f"PASS_WEIGHTS: tuple[float, ...] = (\n{pass_weights})\n"
        f"PASS_BIAS = {model.pass_bias!r}\n"
        f"PASS_THRESHOLD = {model.pass_threshold!r}\n"
        f"RISKY_WEIGHTS: tuple[float, ...] = (\n{risky_weights})\n"
        f"RISKY_BIAS = {model.risky_bias!r}\n"
        f"RISKY_THRESHOLD = {model.risky_threshold!r}\n"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare the stored coefficients")
    args = parser.parse_args(argv)
    text = source(fit(judge_sets()))
    if args.check:
        same = OUT.read_text(encoding="utf-8") == text
        print("the stored coefficients are the fit's" if same else f"{OUT} differs from the fit: rerun it")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
