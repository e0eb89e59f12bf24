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
C = 0.5  # inverse L2 strength
OUT = ROOT / "judge" / "certainty_coefficients.py"
#: every labelled set: name -> (questions file, answers file)
SETS: dict[str, tuple[str, str]] = {
    "labelled": ("offline_questions.json", "offline_labelled.yaml"),
    "labelled_v2": ("offline_labelled_v2_questions.json", "offline_labelled_v2.yaml"),
    "heldout": ("offline_heldout_questions.json", "offline_heldout.yaml"),
    **{f"v{i}": (f"offline_heldout_v{i}_questions.json", f"offline_heldout_v{i}.yaml") for i in range(3, 25)},
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

    @property
    def wrong(self) -> bool:
        return (self.got >= PASS) != (self.label >= PASS)


def judge_sets(names: Sequence[str] = tuple(SETS)) -> list[Judged]:
    """Every answer of the named sets with the current judge's verdict and features."""
    judge = OfflineJudge()
    out = []
    for name in names:
        for q, label, _style, text in ls.labelled(*SETS[name]):
            item = JudgeItem(q["question"], q["reference"], text, q["answer_values"])
            verdict, reading = judge.score(item), judge.reading(item)
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
            out.append(Judged(name, label, verdict.score, bool(verdict.certain), settled, promotable, x, px))
    return out


@dataclass(frozen=True)
class Model:
    """Fitted coefficients and threshold, as ``judge/certainty_coefficients.py`` stores them."""

    weights: tuple[float, ...]
    bias: float
    threshold: float
    pass_weights: tuple[float, ...] = ()
    pass_bias: float = 0.0
    pass_threshold: float = 1.0

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
    fails = [r for r in rows if r.x is not None and r.got < PASS]
    weights, bias = _regression([r.x for r in fails], [r.wrong for r in fails])
    draft = Model(weights, bias, 0.0)
    threshold, wrong = 0.0, 0
    for k, (chance, is_wrong) in enumerate(sorted((draft.chance(r), r.wrong) for r in _open_fails(rows)), 1):
        wrong += is_wrong
        if wrong <= MAX_WRONG * k:
            threshold = chance
    passes = [r for r in rows if r.px is not None and r.got >= PASS]
    pass_weights, pass_bias = _regression([r.px for r in passes], [r.wrong for r in passes])
    draft = Model(weights, bias, 0.0, pass_weights, pass_bias)
    cut = round(threshold + 1e-9, 9)
    return Model(weights, bias, cut, pass_weights, pass_bias, _pass_threshold(draft, rows))


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


def loso_certain(rows: Sequence[Judged]) -> list[bool]:
    """Each row's certainty from a model fitted on every other set."""
    out: dict[int, bool] = {}
    for name in dict.fromkeys(r.set for r in rows):
        model = fit([r for r in rows if r.set != name])
        out.update({i: model.certain(r) for i, r in enumerate(rows) if r.set == name})
    return [out[i] for i in range(len(rows))]


def source(model: Model) -> str:
    """``judge/certainty_coefficients.py`` for ``model`` (ruff-formatted: one weight a line)."""
    weights = "".join(
        f"    {w!r},  # {name}\n" for w, name in zip(model.weights, certainty_model.NAMES, strict=True)
    )
    pass_weights = "".join(
        f"    {w!r},  # {name}\n"
        for w, name in zip(model.pass_weights, certainty_model.PASS_NAMES, strict=True)
    )
    return (
        '"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""\n\n'
        f"FAIL_WEIGHTS: tuple[float, ...] = (\n{weights})\n"
        f"FAIL_BIAS = {model.bias!r}\n"
        f"FAIL_THRESHOLD = {model.threshold!r}\n"
        f"PASS_WEIGHTS: tuple[float, ...] = (\n{pass_weights})\n"
        f"PASS_BIAS = {model.pass_bias!r}\n"
        f"PASS_THRESHOLD = {model.pass_threshold!r}\n"
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
