"""Calibrated certainty (judge18 round, issue 25 point 3): is a verdict likely wrong?

The rule-based certainty (:func:`judge.certainty.settled`) marks a verdict uncertain for any of
its doubts. Many uncertain fails are right all the same. A small logistic model over signals
the judge already computes (its doubts, how many facts it matched or found contradicted) and
surface signals of the answer (length, numbers beside none of the item's, another script, a
conversion, "respectively", years the item never names) estimates the chance that a fail is
wrong; an uncertain fail under the fitted threshold (the largest at which at most
:data:`scripts.fit_certainty.MAX_WRONG` of the fitting sets' promoted fails are wrong) is made
certain. The coefficients are data (:mod:`judge.certainty_coefficients`), written by
``scripts/fit_certainty.py`` from the labelled sets, deterministic; ``bench/judge_certainty.py
--loso`` scores each set with a model fitted on the others.

A second model (judge19) weighs a pass the rules are sure of (:func:`pass_features`) and makes
it uncertain above its threshold (:func:`demoted`), never a fail. Fitted on the labelled sets
its threshold is 1.0: no threshold has the support the fit asks for (docs/protocol.md, judge19
round), so no pass is demoted until a refit finds one.

The judge26 round sets the operating point of the passes left uncertain (:func:`risky_pass`): an
offline-only run scores an uncertain answer by its best reading, and those readings carried most
false passes of the held-out sets. A third model (:func:`risky_features`: the pass model's
signals, the judge's doubts one by one, a contradicted fact, a fact unread), fitted on the
uncertain passes, estimates the chance that one is wrong; at or above its threshold the pass is
scored as a fail and stays uncertain, so a cascade still hands it to its LLM judge (issue 25's
targets weigh a false pass heavier than a false fail: at most 3% false passes, 90% agreement).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from judge import certainty_coefficients as fitted
from judge.offline_gates import COARSER_ROUNDING, NAME_VARIANT

PASS = 6
#: The judge's doubts the model weighs one by one (any other counts in ``doubts`` only).
DOUBTS = (
    "a label is not found (a paraphrase?)",
    "written in another script",
    "not written in English",
    "it names",
    "its last statement gives another value than an earlier one",
    "it offers alternatives",
    "it sets values out as a list of labels",
    "it states a value the reference does not give",
    "written with another language's letters",
    "it hedges",
    "a unit or scale other than the reference's",
    "written in a language the judge does not read",
    "another value in the asked unit is stated too",
    "one fact is read both cleanly and with a problem",
    "a value is failed for being the asked value rounded more coarsely",
    "a remark follows its answer",
    "it says the value moved the other way than the reference",
)
_NUM = re.compile(r"(?<![\w.])[-−]?\d[\d,.]*|[０-９]+")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_CONVERSION = re.compile(r"\d[^\d\n]{0,12}(?:\(\s*(?:=|≈|~|i\.e\.|about|or)?\s*[-−$€£]?\d|[=≈]\s*[-−$€£]?\d)")
_RESPECTIVELY = re.compile(r"(?i)\brespectively\b")
_POINTS = re.compile(r"(?i)\bpercentage\s+points?\b|\bp\.?p\.?\b|\bpts\b")
_NEGATION = re.compile(r"(?i)\b(?:not|no|never|neither|nor|none)\b|n't\b")
_SENTENCE = re.compile(r"[.!?。！？\n]+\s*")
_FULL_WIDTH = re.compile(r"[０-９％．，]")


@dataclass(frozen=True)
class Reading:
    """What the judge made of one answer, as the model reads it."""

    score: int
    settled: bool  # the rules' certainty (``certainty.settled`` and no misread name)
    doubts: tuple[str, ...]
    facts: int
    matched: int
    contradicted: int
    targets: tuple[float, ...]  # the asked values


def _numbers(text: str) -> list[float]:
    out = []
    for m in _NUM.finditer(text):
        raw = m.group(0).translate(str.maketrans("０１２３４５６７８９", "0123456789"))
        try:
            out.append(float(raw.rstrip(".,").replace("−", "-").replace(",", "")))
        except ValueError:
            continue
    return out


def _extra_numbers(text: str, known: str, targets: Sequence[float]) -> int:
    """Numbers of ``text`` near none of the asked values nor any number the item writes."""
    seen = list(targets) + _numbers(known)
    return sum(not any(abs(v - t) <= 0.05 * abs(t) + 1e-9 for t in seen) for v in _numbers(text))


def features(candidate: str, question: str, reference: str, reading: Reading) -> list[float]:
    """The model's inputs, in :data:`NAMES` order."""
    known = f"{question} {reference}"
    letters = [c for c in candidate if c.isalpha()]
    latin = sum(c.isascii() for c in letters) / max(1, len(letters))
    years = set(_YEAR.findall(candidate)) - set(_YEAR.findall(known))
    doubts = reading.doubts
    return [
        float(reading.settled),
        float(reading.score >= 10),
        float(len(doubts)),
        reading.matched / max(1, reading.facts),
        float(reading.contradicted > 0),
        math.log1p(len(candidate)) / 5,
        math.log1p(len(_numbers(candidate))),
        math.log1p(_extra_numbers(candidate, known, reading.targets)),
        float(latin < 0.7),
        float(bool(_FULL_WIDTH.search(candidate))),
        float(bool(_CONVERSION.search(candidate))),
        float(bool(_RESPECTIVELY.search(candidate))),
        float(bool(_POINTS.search(candidate)) and not _POINTS.search(known)),
        math.log1p(len(_NEGATION.findall(candidate))),
        float(bool(years)),
        math.log1p(len([s for s in _SENTENCE.split(candidate) if s.strip()])),
        float(reading.matched + reading.contradicted < reading.facts),
        *(float(any(d.startswith(name) for d in doubts)) for name in DOUBTS),
    ]


NAMES = (
    "settled", "full score", "doubts", "matched share", "contradicted", "length", "numbers",
    "extra numbers", "another script", "full-width digits", "conversion", "respectively",
    "percentage points", "negations", "a year the item never names", "sentences",
    "a fact unread",
    *(f"doubt: {d}" for d in DOUBTS),
)  # fmt: skip


def wrong_chance(x: Sequence[float]) -> float:
    """The fitted model's chance that a fail with features ``x`` disagrees with a grader."""
    if len(fitted.FAIL_WEIGHTS) != len(x):  # coefficients of another feature list: no promotion
        return 1.0
    z = fitted.FAIL_BIAS + sum(w * v for w, v in zip(fitted.FAIL_WEIGHTS, x, strict=True))
    return 1 / (1 + math.exp(-z))


_CAUSAL = re.compile(
    r"(?i)\b(?:because|due\s+to|owing\s+to|thanks\s+to|led\s+to|leads?\s+to|caus(?:e|ed|es|ing)|driven\s+by"
    r"|drove|result(?:ed|s|ing)?\s+(?:in|from)|as\s+a\s+result|reflect(?:s|ed|ing)?|after|before|then|followed)\b"
)
_HEDGED = re.compile(
    r"(?i)\b(?:might|may|could|possibly|perhaps|maybe|probably|likely|seems?|appears?|unclear|not\s+sure"
    r"|roughly|approximately|about|around|either|or)\b"
)
_FINALS = re.compile(
    r"(?i)\b(?:final\s+answer|answer\s*[:：]|in\s+conclusion|in\s+summary|therefore|thus|hence|overall"
    r"|actually|so\s+(?:the|it|this)\b)"
)
_BOLD = re.compile(r"\*\*([^*]+)\*\*|__([^_]+)__")


def _bold_elsewhere(candidate: str, known: str, targets: Sequence[float]) -> bool:
    """A markdown-bold number near none of the asked values nor any number the item writes."""
    bold = " ".join(a or b for a, b in _BOLD.findall(candidate))
    return _extra_numbers(bold, known, targets) > 0


def pass_features(candidate: str, question: str, reference: str, reading: Reading) -> list[float]:
    """The pass model's inputs, in :data:`PASS_NAMES` order: what makes a pass likely wrong
    (claims beyond the scored ones, causal or ordering words, hedges, competing conclusions,
    another script, a conversion, a long answer for a short reference, a bold value of its own)."""
    known = f"{question} {reference}"
    letters = [c for c in candidate if c.isalpha()]
    latin = sum(c.isascii() for c in letters) / max(1, len(letters))
    return [
        float(reading.settled),
        float(len(reading.doubts)),
        reading.matched / max(1, reading.facts),
        math.log((len(candidate) + 40) / (len(reference) + 40)),
        math.log1p(_extra_numbers(candidate, known, reading.targets)),
        math.log1p(len(_CAUSAL.findall(candidate))) - math.log1p(len(_CAUSAL.findall(reference))),
        math.log1p(len(_HEDGED.findall(candidate))),
        math.log1p(len(_FINALS.findall(candidate))),
        math.log1p(len(_NEGATION.findall(candidate))) - math.log1p(len(_NEGATION.findall(reference))),
        float(latin < 0.7),
        float(bool(_CONVERSION.search(candidate))),
        float(_bold_elsewhere(candidate, known, reading.targets)),
        float(bool(set(_YEAR.findall(candidate)) - set(_YEAR.findall(known)))),
    ]


PASS_NAMES = (
    "settled", "doubts", "matched share", "length against the reference's", "extra numbers",
    "causal or ordering words beyond the reference's", "hedges", "conclusion markers",
    "negations beyond the reference's", "another script", "conversion", "a bold value of its own",
    "a year the item never names",
)  # fmt: skip


#: Doubts that could hide a right answer the judge misread (a paraphrased label, a number said
#: in words, nothing scorable read, a conversion): a fail with one stays uncertain, whatever the
#: model says (issue 25 point 3: these are the answers a cascade hands to its LLM judge).
KEPT_OPEN = (
    "a label is not found (a paraphrase?)",
    "a number is asked and it writes none (said in words?)",
    "it commits to no scorable statement",
    "a unit or scale other than the reference's",
    # the gates' doubts about a fail (judge11): the value rounded more coarsely, a name spelled
    # like the asked one; tests/judge/test_offline_judge11.py holds them uncertain
    COARSER_ROUNDING,
    NAME_VARIANT,
)


def promotable(reading: Reading) -> bool:
    """An uncertain fail without a doubt of :data:`KEPT_OPEN`: one the model may make certain."""
    return not reading.settled and reading.score < PASS and not set(KEPT_OPEN) & set(reading.doubts)


def promoted(candidate: str, question: str, reference: str, reading: Reading) -> float | None:
    """The model's chance that an uncertain fail is wrong, when it is low enough to make the
    fail certain (None: the rules' certainty stands). Passes are never promoted: on answers
    nobody tuned on, passes the model would promote were wrong far more often than on its
    fitting sets (docs/protocol.md, judge18 round)."""
    if not promotable(reading):
        return None
    chance = wrong_chance(features(candidate, question, reference, reading))
    return chance if chance < fitted.FAIL_THRESHOLD else None


def pass_wrong_chance(x: Sequence[float]) -> float:
    """The fitted pass model's chance that a pass with features ``x`` disagrees with a grader."""
    if len(fitted.PASS_WEIGHTS) != len(x):  # coefficients of another feature list: no demotion
        return 0.0
    z = fitted.PASS_BIAS + sum(w * v for w, v in zip(fitted.PASS_WEIGHTS, x, strict=True))
    return 1 / (1 + math.exp(-z))


def demoted(candidate: str, question: str, reference: str, reading: Reading) -> float | None:
    """The pass model's chance that a pass the rules are sure of is wrong, when it is high enough
    to make the pass uncertain (handed to a cascade's LLM judge; the score stands). None: the
    rules' certainty stands (a fail, an uncertain pass, or a pass the model finds safe)."""
    if not reading.settled or reading.score < PASS or fitted.PASS_THRESHOLD >= 1.0:
        return None  # a threshold of 1.0 demotes nothing: no features computed for it
    chance = pass_wrong_chance(pass_features(candidate, question, reference, reading))
    return chance if chance >= fitted.PASS_THRESHOLD else None


def risky_features(candidate: str, question: str, reference: str, reading: Reading) -> list[float]:
    """The risky-pass model's inputs, in :data:`RISKY_NAMES` order: the pass model's, the judge's
    doubts one by one, a contradicted fact and a fact left unread."""
    fail_x = features(candidate, question, reference, reading)
    return risky_of(fail_x, pass_features(candidate, question, reference, reading))


def risky_of(fail_x: Sequence[float], pass_x: Sequence[float]) -> list[float]:
    """:func:`risky_features` from the fail model's features and the pass model's."""
    extra = [fail_x[NAMES.index(n)] for n in ("contradicted", "a fact unread")]
    return [*pass_x, *fail_x[-len(DOUBTS) :], *extra]


RISKY_NAMES = (*PASS_NAMES, *(f"doubt: {d}" for d in DOUBTS), "contradicted", "a fact unread")


def risky_chance(x: Sequence[float]) -> float:
    """The fitted risky-pass model's chance that an uncertain pass with features ``x`` is wrong."""
    if len(fitted.RISKY_WEIGHTS) != len(x):  # coefficients of another feature list: no lean
        return 0.0
    z = fitted.RISKY_BIAS + sum(w * v for w, v in zip(fitted.RISKY_WEIGHTS, x, strict=True))
    return 1 / (1 + math.exp(-z))


def risky_pass(
    candidate: str, question: str, reference: str, reading: Reading, demoted_risk: float | None
) -> float | None:
    """The risky-pass model's chance that an uncertain pass is wrong, when it is at or above
    :data:`certainty_coefficients.RISKY_THRESHOLD` (the pass is then scored as a fail offline,
    still uncertain); None: its best reading stands (a fail, a pass the rules and the pass model
    are sure of, or one the model finds safe enough). ``demoted_risk`` is :func:`demoted`'s."""
    uncertain = not reading.settled or demoted_risk is not None
    if not uncertain or reading.score < PASS or fitted.RISKY_THRESHOLD >= 1.0:
        return None
    chance = risky_chance(risky_features(candidate, question, reference, reading))
    return chance if chance >= fitted.RISKY_THRESHOLD else None
