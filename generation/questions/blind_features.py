"""A learned question-only adversary (blind52): what a model trained on questions finds without
the chart.

``guess_measures`` counts fixed blind strategies (first option, the metric's known direction ...).
Here a model learns its own from TRAIN documents and is scored on disjoint TEST documents, as
hypothesis-only baselines found annotation artefacts in NLI that fixed heuristics missed.

What it reads, per closed answer (a ``guess_measures.Choice``): the question's words (1- and
2-grams, numbers folded to ``YEAR`` / ``NUM``), its category, level and chart type, the chart's
title words and the metric's known direction, and per option its place among the options, its
class (a class family's: "rose", "above" ...), its own words, whether the question names it and
how often the report's text facts (and the facts the question cites) mention it. What it never
reads: the chart's values, its marks, its labels' order beyond the options' own.

One logistic regression per family scores every option of a choice (each class or place crossed
with the question's features, a conditional logit); its pick is the highest-scoring option.
Per (category, level, family) :func:`score` gives TEST accuracy, chance (``1 / len(options)``),
the TEST accuracy of TRAIN's majority class or place, a 95% Clopper-Pearson interval, and a flag
where the interval's lower bound exceeds both. :func:`tell` names the features that carry a cell.

Numbers: a ridge regression from the same question words (and the numbers the question and its
cited facts print, which a reader sees) to the answer's signed log, scored by the share of TEST
answers it gets within the question's own tolerance, against the same model fit to shuffled
TRAIN answers.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import numpy as np
from scipy.stats import binomtest

from generation.questions.guess_measures import choices
from synthdocbench_tasks.schema import DocumentManifest, Question

_WORD = re.compile(r"[a-z]+|\d+(?:\.\d+)?")


def words(text: str) -> list[str]:
    """``text``'s lower-case words and numbers, a year as ``YEAR`` and any other number as ``NUM``."""
    out = []
    for w in _WORD.findall(text.lower()):
        if w[0].isdigit():
            w = "YEAR" if re.fullmatch(r"(19|20)\d\d", w) else "NUM"
        out.append(w)
    return out


def grams(text: str) -> set[str]:
    """``text``'s word 1- and 2-grams (:func:`words`)."""
    w = words(text)
    return set(w) | {f"{a} {b}" for a, b in pairwise(w)}


@dataclass(frozen=True)
class Closed:
    """One closed answer as the adversary sees it (synthetic rows in tests build it directly)."""

    category: str
    level: str
    family: str
    question: str
    options: tuple[str, ...]
    right: str
    #: a class family's classes in their fixed order; empty for the place families (years, items)
    classes: tuple[str, ...] = ()
    chart_type: str = ""
    trend: str = "any"
    title: str = ""
    #: the report's text facts (what a reader sees of the text) and those the question cites
    text: tuple[str, ...] = ()
    cited: tuple[str, ...] = ()
    #: the report's other questions, which a model given the report's question set reads too
    others: tuple[str, ...] = ()

    @property
    def cell(self) -> tuple[str, str, str]:
        return (self.category, self.level, self.family)


def _others(questions: Sequence[Question], k: int) -> tuple[str, ...]:
    """The texts of ``questions`` but the ``k``-th (one report's other questions)."""
    return tuple(q.question for j, q in enumerate(questions) if j != k)


def closed_rows(manifest: DocumentManifest, questions: Iterable[Question]) -> list[Closed]:
    """Every closed answer (``guess_measures.choices``) of ``questions`` on ``manifest``."""
    out = []
    asked = list(questions)
    for k, q in enumerate(asked):
        chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
        cited = tuple(manifest.text_facts[i].sentence for i in q.required_facts)
        for c in choices(manifest, q):
            family = c.kind.split(" ", 2)[2]
            out.append(
                Closed(
                    q.category,
                    q.difficulty,
                    family,
                    q.question,
                    c.options,
                    c.right,
                    c.classes,
                    q.chart_type or "",
                    c.trend,
                    chart.title if chart is not None else "",
                    c.text,
                    cited,
                    _others(asked, k),
                )
            )
    return out


def slot(c: Closed, i: int) -> str:
    """What option ``i`` of ``c`` is, the same across choices: its class, else its place."""
    if c.classes:
        return c.options[i]
    n = len(c.options)
    return "first" if i == 0 else "last" if i == n - 1 else "middle"


def guess_key(c: Closed, i: int) -> str:
    """Option ``i`` of ``c`` as one fixed guess picks it: its class, else its exact place
    (``"place 0"``, ``"place 1"`` ... or ``"last"``), so TRAIN's majority is one option."""
    if c.classes:
        return c.options[i]
    return "last" if i == len(c.options) - 1 else f"place {i}"


def _shared(c: Closed) -> set[str]:
    """The choice's own features, crossed with each option's slot."""
    out = {f"cat={c.category}", f"lvl={c.category} {c.level}", f"chart={c.chart_type}", f"trend={c.trend}"}
    out |= {f"n={len(c.options)}"} | {f"q:{g}" for g in grams(c.question)}
    return out | {f"title:{w}" for w in words(c.title)}


def _mentions(option: str, texts: Sequence[str]) -> int:
    pattern = re.compile(rf"(?<!\w){re.escape(option)}(?!\w)", re.IGNORECASE)
    return sum(len(pattern.findall(t)) for t in texts)


def _option_rows(c: Closed) -> list[dict[str, float]]:
    shared = _shared(c)
    return [option_features(c, i, shared) for i in range(len(c.options))]


def option_features(c: Closed, i: int, shared: set[str] | None = None) -> dict[str, float]:
    """Option ``i`` of ``c``'s features: its slot and exact place, each crossed with the choice's
    features, its own words, and whether the question, the text and the cited facts name it."""
    o, s = c.options[i], slot(c, i)
    out: dict[str, float] = {f"slot={s}": 1.0, f"place={i}": 1.0}
    out |= {f"{s}|{f}": 1.0 for f in (_shared(c) if shared is None else shared)}
    out |= {f"option:{w}": 1.0 for w in words(o)}
    named = _mentions(o, [c.question])
    in_text, in_cited = _mentions(o, c.text), _mentions(o, c.cited)
    counts = [_mentions(x, c.text) for x in c.options]
    out["named in question"] = float(named > 0)
    out["named alone in question"] = float(
        named > 0 and sum(_mentions(x, [c.question]) > 0 for x in c.options) == 1
    )
    out["text mentions (log)"] = math.log1p(in_text)
    out["most in text"] = float(in_text > 0 and counts.count(max(counts)) == 1 and in_text == max(counts))
    out["in cited facts"] = float(in_cited > 0)
    out[f"{s}|tpl={template(c)}|chart={c.chart_type}"] = 1.0
    return out | _length(c, i) | _repeats(c, i) | _year_place(c, i)


def template(c: Closed) -> str:
    """The question's wording without what varies between its instances: its first six words
    that are no option's, title's nor number (the template a question was drawn from)."""
    drop = {w for o in c.options for w in words(o)} | set(words(c.title)) | {"YEAR", "NUM"}
    return " ".join([w for w in words(c.question) if w not in drop][:6])


def _unique_top(values: Sequence[float], i: int) -> bool:
    return values[i] == max(values) and values.count(max(values)) == 1


def _length(c: Closed, i: int) -> dict[str, float]:
    """Option ``i``'s length against the others': the longest, the shortest, its share of the mean."""
    lengths = [float(len(o)) for o in c.options]
    return {
        "longest option": float(_unique_top(lengths, i)),
        "shortest option": float(_unique_top([-x for x in lengths], i)),
        "length / mean length": lengths[i] * len(lengths) / sum(lengths),
    }


def _repeats(c: Closed, i: int) -> dict[str, float]:
    """How often the report's other questions name option ``i``, and whether they name it most."""
    counts = [float(_mentions(o, c.others)) for o in c.options]
    return {
        "other questions name it (log)": math.log1p(counts[i]),
        "other questions name it most": float(counts[i] > 0 and _unique_top(counts, i)),
    }


def _year_place(c: Closed, i: int) -> dict[str, float]:
    """A year option against the years the question prints: before all, after all, or among them."""
    said = [int(y) for y in re.findall(r"(?<!\d)(?:19|20)\d\d(?!\d)", c.question)]
    if not said or not re.fullmatch(r"(19|20)\d\d", c.options[i]):
        return {}
    year = int(c.options[i])
    where = "before" if year < min(said) else "after" if year > max(said) else "among"
    return {f"year {where} the question's years": 1.0}


@dataclass
class Picker:
    """A fitted family model: a vectorizer and a logistic regression scoring options."""

    vectorizer: Any
    model: Any
    #: TRAIN's most common right option as one fixed guess picks it (:func:`guess_key`), for a
    #: TEST cell TRAIN lacks
    majority: str

    def picks(self, rows: Sequence[Closed]) -> list[str]:
        """The option each of ``rows`` scores highest on (one batch)."""
        features = [f for c in rows for f in _option_rows(c)]
        if not features:
            return []
        scores = np.asarray(self.model.decision_function(self.vectorizer.transform(features)))
        out, at = [], 0
        for c in rows:
            out.append(c.options[int(np.argmax(scores[at : at + len(c.options)]))])
            at += len(c.options)
        return out


def fit(train: Sequence[Closed], c_reg: float = 1.0) -> Picker | None:
    """A :class:`Picker` fitted on ``train`` (one family); None where TRAIN has one class only."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    rows = [f for c in train for f in _option_rows(c)]
    ys = [int(o == c.right) for c in train for o in c.options]
    if len(set(ys)) < 2:
        return None
    vectorizer = DictVectorizer()
    model = LogisticRegression(C=c_reg, max_iter=2000)
    model.fit(vectorizer.fit_transform(rows), ys)
    majority = Counter(guess_key(c, c.options.index(c.right)) for c in train).most_common(1)[0][0]
    return Picker(vectorizer, model, majority)


@dataclass
class Cell:
    """One (category, level, family)'s TEST record."""

    n: int = 0
    right: int = 0
    chance: float = 0.0
    majority: int = 0
    picked: list[Closed] = field(default_factory=list)

    def interval(self) -> tuple[float, float]:
        low, high = binomtest(self.right, self.n).proportion_ci(0.95)
        return float(low), float(high)

    @property
    def bar(self) -> float:
        """What the model must beat: chance or TRAIN's majority class, whichever is higher."""
        return max(self.chance, self.majority) / self.n

    @property
    def flagged(self) -> bool:
        return self.n > 0 and self.interval()[0] > self.bar


def score(
    train: Sequence[Closed], test: Sequence[Closed]
) -> tuple[dict[str, Picker], dict[tuple[str, ...], Cell]]:
    """One :class:`Picker` per family on ``train``, and each TEST (category, level, family)'s
    :class:`Cell`, with (family, "all", family) cells pooling a family's levels."""
    by_family: dict[str, list[Closed]] = defaultdict(list)
    for c in train:
        by_family[c.family].append(c)
    pickers = {f: p for f, rows in by_family.items() if (p := fit(rows)) is not None}
    majority = _majorities(train)
    cells: dict[tuple[str, ...], Cell] = defaultdict(Cell)
    asked: dict[str, list[Closed]] = defaultdict(list)
    for c in test:
        if c.family in pickers:
            asked[c.family].append(c)
    for family, rows in asked.items():
        for c, picked in zip(rows, pickers[family].picks(rows), strict=True):
            _tally(cells, c, picked, majority.get(c.cell, pickers[family].majority))
    return pickers, dict(cells)


def _tally(cells: dict[tuple[str, ...], Cell], c: Closed, picked: str, majority: str) -> None:
    """Count ``c`` in its cell and its family's pooled cell."""
    key = guess_key(c, c.options.index(c.right))
    for where in (c.cell, ("all", "all", c.family)):
        cell = cells[where]
        cell.n += 1
        cell.right += picked == c.right
        cell.chance += 1 / len(c.options)
        cell.majority += key == majority
        cell.picked.append(c)


def _majorities(train: Sequence[Closed]) -> dict[tuple[str, str, str], str]:
    """Each TRAIN (category, level, family)'s most common right option (:func:`guess_key`)."""
    counts: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    for c in train:
        counts[c.cell][guess_key(c, c.options.index(c.right))] += 1
    return {cell: found.most_common(1)[0][0] for cell, found in counts.items()}


def tell(picker: Picker, rows: Sequence[Closed], top: int = 8) -> list[tuple[str, float]]:
    """The features that carry ``picker``'s picks on ``rows``: each feature's weight times how much
    more the right option has it than the others on average, summed over ``rows``, largest first."""
    names = picker.vectorizer.get_feature_names_out()
    weights = np.asarray(picker.model.coef_[0])
    total = np.zeros(len(names))
    for c in rows:
        x = picker.vectorizer.transform(_option_rows(c)).toarray()
        right = c.options.index(c.right)
        others = np.delete(x, right, axis=0).mean(axis=0)
        total += weights * (x[right] - others)
    order = np.argsort(-total)[:top]
    return [(str(names[i]), float(total[i] / max(1, len(rows)))) for i in order if total[i] > 0]


def render_closed(cells: dict[tuple[str, ...], Cell]) -> list[str]:
    """Per (category, level, family): n, accuracy [95% CI], chance, TRAIN-majority accuracy, flag."""
    lines = ["learned blind picks on closed answers (TEST): right / n, rate [95% CI] vs chance, majority"]
    for key in sorted(cells, key=lambda k: (k[0] == "all", k)):
        c = cells[key]
        low, high = c.interval()
        flag = "  LEARNED TELL" if c.flagged else ""
        lines.append(
            f"  {' '.join(key)}: {c.right}/{c.n} {c.right / c.n:.2f} [{low:.2f}, {high:.2f}] vs chance "
            f"{c.chance / c.n:.2f}, majority {c.majority / c.n:.2f}{flag}"
        )
    return lines


@dataclass(frozen=True)
class Numeric:
    """One number answer as the adversary sees it: the question, what it may read, the answer."""

    category: str
    level: str
    question: str
    value: float
    abs_tol: float = 0.0
    rel_tol: float = 0.0
    chart_type: str = ""
    unit: str = ""
    title: str = ""
    cited: tuple[str, ...] = ()
    #: the report's other questions (:attr:`Closed.others`)
    others: tuple[str, ...] = ()

    def within(self, guess: float) -> bool:
        """Whether ``guess`` lies within the answer's own tolerance (the offline judge's rule)."""
        return abs(guess - self.value) <= max(self.abs_tol, self.rel_tol * abs(self.value))


def numeric_rows(manifest: DocumentManifest, questions: Iterable[Question]) -> list[Numeric]:
    """Every number answer of ``questions`` on ``manifest``."""
    out = []
    asked = list(questions)
    for k, q in enumerate(asked):
        chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
        cited = tuple(manifest.text_facts[i].sentence for i in q.required_facts)
        title = chart.title if chart is not None else ""
        for v in q.answer_values:
            if v.kind == "number" and v.value is not None:
                out.append(
                    Numeric(
                        q.category,
                        q.difficulty,
                        q.question,
                        v.value,
                        v.abs_tol,
                        v.rel_tol,
                        q.chart_type or "",
                        v.unit or "",
                        title,
                        cited,
                        _others(asked, k),
                    )
                )
    return out


def signed_log(v: float) -> float:
    """``v`` on a signed log scale (``sign(v) * log10(1 + |v|)``), so sizes of many orders fit."""
    return math.copysign(math.log10(1 + abs(v)), v)


def from_signed_log(y: float) -> float:
    """The inverse of :func:`signed_log`."""
    return math.copysign(10 ** abs(y) - 1, y)


def printed_numbers(texts: Iterable[str]) -> list[float]:
    """The numbers ``texts`` print, years left out."""
    found = (float(x.replace(",", "")) for t in texts for x in re.findall(r"-?\d[\d,]*(?:\.\d+)?", t))
    return [x for x in found if not (x.is_integer() and 1900 <= x <= 2099)]


def number_features(n: Numeric) -> dict[str, float]:
    """What the regressor reads: the question's words, its cell, chart type, unit and chart title
    words, and the (signed log) median, least and greatest of the numbers the question and its
    cited facts print (an answer sized like one of them)."""
    out = {f"q:{g}": 1.0 for g in grams(n.question)} | {f"title:{w}": 1.0 for w in words(n.title)}
    out |= {f"cat={n.category}": 1.0, f"lvl={n.category} {n.level}": 1.0, f"chart={n.chart_type}": 1.0}
    out[f"unit={n.unit}"] = 1.0
    for name, texts in (("question", [n.question]), ("cited", list(n.cited))):
        found = printed_numbers(texts)
        if found:
            out[f"{name} number (log)"] = signed_log(float(np.median(found)))
            out[f"{name} least number (log)"] = signed_log(min(found))
            out[f"{name} greatest number (log)"] = signed_log(max(found))
            out[f"{name} prints a number"] = 1.0
    return out


def score_numbers(
    train: Sequence[Numeric], test: Sequence[Numeric], seed: int = 0
) -> tuple[dict[tuple[str, str], list[int]], list[tuple[str, float]]]:
    """((category, level) -> [TEST answers, within tolerance, within tolerance for the control]):
    a ridge regression on :func:`number_features` to the signed log answer, and the same fitted to
    TRAIN's answers shuffled (seeded); ("all", "all") pools every cell. With it, the features that
    carry the TEST answers it gets within tolerance (weight times value, mean over them), largest
    first."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import Ridge

    vectorizer = DictVectorizer()
    x = vectorizer.fit_transform([number_features(n) for n in train])
    y = np.array([signed_log(n.value) for n in train])
    model = Ridge(alpha=1.0).fit(x, y)
    control = Ridge(alpha=1.0).fit(x, np.random.default_rng(seed).permutation(y))
    xt = vectorizer.transform([number_features(n) for n in test])
    guesses, shuffled = model.predict(xt), control.predict(xt)
    out: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    hits = []
    for k, (n, g, s) in enumerate(zip(test, guesses, shuffled, strict=True)):
        hit = n.within(from_signed_log(float(g)))
        hits += [k] if hit else []
        for key in ((n.category, n.level), ("all", "all")):
            out[key][0] += 1
            out[key][1] += hit
            out[key][2] += n.within(from_signed_log(float(s)))
    carried = np.asarray(xt[hits].multiply(model.coef_).mean(axis=0)).ravel() if hits else np.zeros(0)
    names = vectorizer.get_feature_names_out()
    top = [(str(names[i]), float(carried[i])) for i in np.argsort(-np.abs(carried))[:8] if carried[i]]
    return dict(out), top


def render_numbers(cells: dict[tuple[str, str], list[int]]) -> list[str]:
    """Per (category, level): TEST number answers, the share within tolerance [95% CI] against the
    shuffled-answer control's [95% CI], flagged where the two intervals do not overlap."""
    lines = ["learned blind guesses on number answers (TEST): within tolerance / n [95% CI] vs control"]
    for key in sorted(cells, key=lambda k: (k[0] == "all", k)):
        n, hit, ctrl = cells[key]
        low, high = binomtest(hit, n).proportion_ci(0.95)
        c_low, c_high = binomtest(ctrl, n).proportion_ci(0.95)
        flag = "  LEARNED TELL" if low > c_high else ""
        lines.append(
            f"  {' '.join(key)}: {hit}/{n} {hit / n:.2f} [{low:.2f}, {high:.2f}] vs control {ctrl}/{n} "
            f"{ctrl / n:.2f} [{c_low:.2f}, {c_high:.2f}]{flag}"
        )
    return lines
