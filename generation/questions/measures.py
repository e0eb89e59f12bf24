"""What a question record measures, read from the record alone: its evidence set, its operation,
its verdict and how many evidence units it combines (whether it restates one of them needs the
report's manifest: ``generation.validate.question_rules.restates``).

``synthdocbench stats`` tallies these (:mod:`generation.questions.stats`) and validation's
question rules check them (:mod:`generation.validate.question_rules`), so both use one definition.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from generation.charts.reading import own_figure, printed, value_printed
from generation.questions.common import AGGREGATES
from generation.questions.phrasing import reading_decimals
from synthdocbench_tasks.schema import DocumentManifest, Question

#: Label answers that are a verdict, by class.
VERDICTS: dict[str, str] = {
    "matches": "matches",
    "contradicts": "contradicts",
    "above": "above",
    "below": "below",
}
#: A run is balanced when no verdict class holds more than this share of its category.
MAX_VERDICT_SHARE = 0.55
#: Words that state a direction of movement.
DIRECTION = re.compile(
    r"\b(rose|rise[sn]?|rising|increase[sd]?|increasing|grew|grow(?:s|n|ing)?|climb(?:ed|s|ing)?|"
    r"fell|fall(?:s|en|ing)?|decrease[sd]?|decreasing|declin(?:e|ed|es|ing)|dropp?(?:ed|s|ing)?|"
    r"flat|stable|unchanged|steady|upward|downward)\b",
    re.IGNORECASE,
)
_READS = frozenset({"read"})


def evidence_key(q: Question) -> tuple[object, ...]:
    """The evidence set of a question: its chart, its marks and its facts."""
    marks = tuple(sorted(r.label for r in q.required_data_points))
    return (q.chart_index, marks, tuple(sorted(q.required_facts)))


def operations(q: Question) -> list[tuple[str, int]]:
    """(op, operand count) of every step of every derivation of ``q``."""
    return [(s.op, len(s.operands)) for d in q.derivations or [] for s in d.steps]


def operation_name(q: Question) -> str:
    """The question's operation: its non-read ops joined (``mean``, ``abs_difference+mean``),
    ``read`` when it only reads numbers, ``label`` when it asks for no number."""
    ops = sorted({op for op, _ in operations(q) if op not in _READS})
    if ops:
        return "+".join(ops)
    return "read" if q.derivations else "label"


def chart_keys(q: Question) -> set[str]:
    """The charts a question reads: its chart (``#<index>``) and any chart its derivations name."""
    found = {f"#{q.chart_index}"} if q.chart_index is not None else set()
    for d in q.derivations or []:
        for s in d.steps:
            found |= {o.viz_id for o in s.operands if o.viz_id}
    return found


def evidence_units(q: Question) -> int:
    """Evidence units a question combines: its evidence trace where it has one (complex
    questions), else its text facts plus the charts it reads (a chart read by ``chart_index`` and
    by its derivations counts once)."""
    if q.evidence_units:
        return len(q.evidence_units)
    charts = {q.chart_index} if q.chart_index is not None else set()
    vizs = {o.viz_id for d in q.derivations or [] for s in d.steps for o in s.operands if o.viz_id}
    return len(q.required_facts) + max(len(charts), len(vizs))


def evidence_sections(q: Question) -> int | None:
    """Sections the units of a question's evidence trace lie in; None without a trace."""
    return len({u.section_id for u in q.evidence_units}) if q.evidence_units else None


def verdict_of(q: Question) -> str | None:
    """The verdict class a question's answer holds (matches, contradicts, above, below), if any."""
    for v in q.answer_values:
        if v.kind == "label" and v.text in VERDICTS:
            return VERDICTS[v.text]
    return None


#: Label answers picked from a closed set, by family: a verdict, the side a value lies on, a
#: direction of movement, a voice's stance. A model answering a family's largest class scores its
#: share, so each should hold its classes in near-equal shares per (category, level).
FAMILIES: dict[str, str] = {
    "matches": "verdict",
    "contradicts": "verdict",
    "above": "side",
    "below": "side",
    "higher": "side",
    "lower": "side",
    "rose": "direction",
    "fell": "direction",
    "was broadly flat": "direction",
    "positive": "stance",
    "negative": "stance",
    "mixed": "stance",
}


def closed_answers(q: Question) -> list[tuple[str, str]]:
    """(family, class) of every answer ``q`` picks from a closed set: its label answers of
    :data:`FAMILIES`, and for a question that names two marks and asks which one (its answer
    names one of them), whether the answer is the one named ``first`` or ``second``."""
    labels = [v.text for v in q.answer_values if v.kind == "label"]
    out = [(FAMILIES[t], t) for t in labels if t in FAMILIES]
    # a mark label "Series (label)" is named by its inner label
    names = list(dict.fromkeys(re.sub(r".*\((.+)\)$", r"\1", r.label) for r in q.required_data_points))
    at = {n: q.question.find(n) for n in names if n in q.question}
    picked = [t for t in labels if t in at]
    if len(at) == 2 and len(picked) == 1:
        out.append(("which_of_two", "first" if at[picked[0]] == min(at.values()) else "second"))
    return out


def closed_balance(questions: Iterable[Question]) -> dict[tuple[str, str, str], Counter[str]]:
    """((category, level, family) -> class -> answers) over :func:`closed_answers`, and
    (category, "all", family) pooled over the levels."""
    out: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    for q in questions:
        for family, answer in closed_answers(q):
            out[(q.category, q.difficulty, family)][answer] += 1
            out[(q.category, "all", family)][answer] += 1
    return dict(out)


def verdict_balance(questions: Iterable[Question]) -> dict[str, Counter[str]]:
    """(category -> verdict class -> questions) over the verdict-bearing questions."""
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for q in questions:
        verdict = verdict_of(q)
        if verdict is not None:
            out[q.category][verdict] += 1
    return dict(out)


def unbalanced(balance: dict[str, Counter[str]], bound: float = MAX_VERDICT_SHARE) -> list[str]:
    """Categories whose largest verdict class holds more than ``bound`` of it."""
    out = []
    for category, counts in sorted(balance.items()):
        total = sum(counts.values())
        top, n = counts.most_common(1)[0]
        if total and n / total > bound:
            out.append(f"{category}: {top} is {n} of {total} verdicts ({n / total:.0%} > {bound:.0%})")
    return out


@dataclass(frozen=True)
class ClaimFeatures:
    """What a verify_with_chart question's claim looks like from outside its verdict."""

    #: the verdict: the chart matches the claim
    matches: bool
    #: |claimed - charted| / |charted|
    gap: float
    chart_type: str
    #: the chart prints its values (else they are read off its axis)
    labelled: bool
    #: target, forecast, earlier estimate, threshold
    relation: str
    #: decimals the claimed value is printed with
    decimals: int
    #: the claimed value is above the mark
    above: bool
    #: the mark's value relative to the chart's largest (a claim about a small mark, or a large one)
    size: float
    #: |claimed - charted| relative to the chart's largest value (the gap on the chart's scale)
    scaled_gap: float


#: The features of :class:`ClaimFeatures` a rule may try besides the gap.
FEATURES = ("chart_type", "labelled", "relation", "decimals", "above")


def claim_features(manifest: DocumentManifest, q: Question) -> ClaimFeatures | None:
    """The claim of a verify_with_chart question, its chart and its verdict; None for other
    questions."""
    if q.category != "verify_with_chart" or not q.required_facts:
        return None
    values = manifest.text_facts[q.required_facts[0]].values
    chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
    if chart is None or "claimed_value" not in values:
        return None
    series = values.get("series")
    point = next(
        (p for p in chart.data if p.label == values.get("label") and series in (None, p.category)),
        None,
    )
    if point is None or point.value == 0:
        return None
    text = values["claimed_value"].replace(",", "")
    claimed = float(text)
    return ClaimFeatures(
        matches=verdict_of(q) == "matches",
        gap=abs(claimed - point.value) / abs(point.value),
        chart_type=chart.chartType,
        labelled=printed(chart),
        relation=values.get("relation", ""),
        decimals=len(text.partition(".")[2]),
        above=claimed > point.value,
        size=abs(point.value) / max(abs(p.value) for p in chart.data),
        scaled_gap=abs(claimed - point.value) / max(abs(p.value) for p in chart.data),
    )


def claim_gap(manifest: DocumentManifest, q: Question) -> tuple[bool, float] | None:
    """(the chart matches the claim, |claimed - charted| / |charted|) of a verify_with_chart
    question: how far the text's figure sits from the mark, relative to the mark."""
    features = claim_features(manifest, q)
    return None if features is None else (features.matches, features.gap)


def threshold_accuracy(gaps: Sequence[tuple[bool, float]]) -> float:
    """The best accuracy any one threshold on the relative gap reaches at telling matched claims
    from contradicted ones (1.0: the gap gives the verdict away; the majority share: it says
    nothing more than the class sizes)."""
    if not gaps:
        return 0.0
    best = 0
    for t in sorted({g for _, g in gaps}):
        closer = sum(m == (g <= t) for m, g in gaps)
        best = max(best, closer, len(gaps) - closer)
    majority = sum(m for m, _ in gaps)
    return max(best, majority, len(gaps) - majority) / len(gaps)


def feature_accuracy(claims: Sequence[ClaimFeatures], name: str) -> float:
    """The best accuracy a rule on one feature (of :data:`FEATURES`) reaches at telling
    matched claims from contradicted ones: each value of the feature guesses its own majority
    (the majority share: the feature says nothing)."""
    tally: dict[object, Counter[bool]] = defaultdict(Counter)
    for claim in claims:
        tally[getattr(claim, name)][claim.matches] += 1
    right = sum(max(counts.values()) for counts in tally.values())
    return right / len(claims) if claims else 0.0


def unprinted_asked(manifest: DocumentManifest, q: Question) -> bool | None:
    """Whether ``q`` needs a value its labelled chart prints nowhere (a stacked segment too thin for
    its label, ``reading.value_printed``), which validation's ``illegible`` rule refuses on the
    PDF; None when its chart prints no values."""
    chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
    if chart is None or not printed(chart) or not q.required_data_points:
        return None
    shown = {p.value for p in chart.data if value_printed(chart, p)}
    return any(r.value not in shown for r in q.required_data_points)


def band_values_printed(manifest: DocumentManifest) -> tuple[int, int]:
    """(values the planner counts printed, all values) of the report's labelled stacked areas
    (``reading.own_figure``, ``reading.value_printed``): how much of such a chart a question can read."""
    charts = [c for c in manifest.charts if own_figure(c) and printed(c)]
    return sum(value_printed(c, p) for c in charts for p in c.data), sum(len(c.data) for c in charts)


#: A number with decimals (not one inside a longer run of digits and points).
_DECIMAL = re.compile(r"(?<![\d.])\d[\d,]*\.(\d+)(?!\.?\d)")


def _places(value: float) -> int:
    """The fewest decimals (up to 3, as charts print) that print ``value`` exactly."""
    return next((d for d in (0, 1, 2) if abs(value - round(value, d)) < 1e-9), 3)


def reading_rounded(q: Question) -> set[int]:
    """The answer values (by index) ``q`` gives as a total or mean at its reading's precision, no
    finer than its tolerance (``common.derived_value`` rounds one of axis readings so: "about 144"
    for four unlabelled bars whose values sum to 143.87)."""
    out: set[int] = set()
    for d in q.derivations or []:
        if not {s.op for s in d.steps} & AGGREGATES:
            continue
        a = q.answer_values[d.value_index]
        places = len(a.text.replace(",", "").partition(".")[2])
        if a.abs_tol and places == reading_decimals(a.abs_tol):
            out.add(d.value_index)
    return out


def rounded_to_reading(q: Question) -> bool:
    """Whether ``q`` gives a total or mean at its reading's precision (:func:`reading_rounded`):
    its readings carry more decimals on purpose."""
    return bool(reading_rounded(q))


def step_rounds_derived(q: Question) -> bool | None:
    """Whether the answer or a reasoning step prints a number ``q`` derives rounded to fewer
    decimals than it has: a number answer below its own text's decimals, or the sum of the marks
    it reads below their decimals ("the total is 0.37" for readings adding up to 0.373: the
    worked steps disagree with the readings; not a total or mean given at its reading's precision,
    :func:`rounded_to_reading`); None when ``q`` derives no such number."""
    derived = [
        (a.value, len(m.group(1)))
        for a in q.answer_values
        if a.kind == "number" and a.value is not None
        for m in [_DECIMAL.search(a.text)]
        if m
    ]
    if len(q.required_data_points) >= 2 and not rounded_to_reading(q):
        total = sum(r.value for r in q.required_data_points)
        derived.append((total, max(_places(total), *(_places(r.value) for r in q.required_data_points))))
    if not any(d for _, d in derived):
        return None
    # a reading, a number the answer gives (a text's threshold) or one the question states (a
    # level a series crosses) is no rounding, whatever it equals
    asked = {float(m.group(0).replace(",", "")) for m in _DECIMAL.finditer(q.question)}
    read = {r.value for r in q.required_data_points} | {v for v, _ in derived} | asked
    for text in [q.answer, *q.reasoning]:
        for m in _DECIMAL.finditer(text.split("[calc:")[0]):
            shown, places = float(m.group(0).replace(",", "")), len(m.group(1))
            if shown in read:
                continue
            if any(places < d and shown == round(v, places) != round(v, d) for v, d in derived):
                return True
    return False
