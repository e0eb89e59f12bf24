"""Impact / reception complex questions: how voices in different sections judged a policy the
report credits with a chart series' path, put together with what the chart shows over that period."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from generation.questions import common as qc
from generation.questions import complex_core as cc
from generation.questions.chart import cap
from generation.questions.common import Context, Draft, Value, label_value
from generation.questions.phrasing import pick
from generation.world.grammar import agree, is_plural, object_pronoun
from synthdocbench_tasks.schema import AnswerValue, Difficulty, TextFact

CATEGORY = "impact_reception"

STANCE_ALIASES: dict[str, list[str]] = {
    "positive": [
        "favourably",
        "favorably",
        "positively",
        "favourable",
        "favorable",
        "supportive",
        "welcomed",
        "praised",
        "approving",
    ],
    "negative": [
        "critically",
        "negatively",
        "critical",
        "unfavourable",
        "unfavorable",
        "opposed",
        "sceptical",
        "skeptical",
    ],
    "mixed": ["with mixed feelings", "ambivalent", "divided", "mixed feelings", "both", "qualified"],
}
ADVERB = {"positive": "favourably", "negative": "critically", "mixed": "with mixed feelings"}
#: The stances in a fixed order: the slot's stance is taken in turn over them (``common.wanted``).
STANCES: tuple[str, ...] = tuple(STANCE_ALIASES)


@dataclass
class Reception:
    index: int
    fact: TextFact

    @property
    def actor(self) -> str:
        return self.fact.values.get("actor", "")

    @property
    def stance(self) -> str:
        return self.fact.values.get("stance", "")

    @property
    def subject(self) -> str:
        return self.fact.values.get("subject", "")

    def stance_value(self) -> AnswerValue:
        return label_value(self.stance, STANCE_ALIASES.get(self.stance, []))

    def view(self) -> str:
        it = object_pronoun(self.subject)
        return f"{self.actor} ({self.fact.section_id}) judged {it} {ADVERB[self.stance]}"


@dataclass
class Credit:
    """A stated cause, the receptions of that cause (different sections) and its chart period."""

    index: int
    fact: TextFact
    receptions: list[Reception]
    span: cc.Span

    @property
    def cause(self) -> str:
        return self.fact.values["cause"]

    def voices(self) -> str:
        return " and ".join(r.actor for r in self.receptions)

    def judged(self) -> str:
        it = object_pronoun(self.cause)
        return "; ".join(f"{r.actor} judged {it} {ADVERB[r.stance]}" for r in self.receptions)

    def steps(self) -> list[str]:
        found = [
            f"Find the receptions of {self.cause}: " + "; ".join(r.view() for r in self.receptions) + "."
        ]
        found.append(
            f"Find the period and series the report credits to {self.cause} ({self.fact.section_id}): "
            f"{self.span.name}, {cc.years_of(self.span)}."
        )
        return found


def _credits(ctx: Context, rng: np.random.Generator, level: Difficulty) -> list[Credit]:
    recs = [
        Reception(i, ctx.manifest.text_facts[i])
        for i in ctx.facts_of("reception")
        if ctx.manifest.text_facts[i].values.get("stance") in STANCE_ALIASES
    ]
    out = []
    for i in qc.shuffled(ctx.facts_of("cause"), rng):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        on = [r for r in recs if r.subject == v.get("cause") and r.fact.section_id != fact.section_id]
        chart = ctx.chart(v.get("viz_id", ""))
        if not on or chart is None:
            continue
        picked = [on[0], *[r for r in on[1:] if r.fact.section_id != on[0].fact.section_id][:1]]
        s = cc.span(ctx, chart, v.get("series") or None, v["start"], v["end"])
        # a credited period that is its series' whole span leaves the text nothing to give: the
        # answer is the chart's last value or its first-to-last change
        if (
            s is not None
            and not s.whole
            and f"cause:{i}:impact" not in ctx.used
            and ctx.fact_free(i, chart, "complex")
        ):
            out.append(Credit(i, fact, picked, s))
    # no level prints the credited period: one ending in the last year comes first by chance only
    return cc.ends_balanced(out, lambda c: c.span, rng)


def impact_reception(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    found = _credits(ctx, rng, level)
    if level == "L5":
        found = stance_first(found, qc.wanted(ctx, CATEGORY, STANCES, level))
    for c in found:
        builder = {"L1": _read_end, "L2": _change, "L3": _period, "L4": _why, "L5": _by_colour}[level]
        draft = builder(ctx, c, rng)
        if draft is not None:
            ctx.claim(f"cause:{c.index}:impact")
            return draft
    why = (
        ("no series a colour names beside another policy's" if level == "L5" else "no draft")
        if found
        else "no credited policy left"
    )
    ctx.miss(f"{CATEGORY} {level}: {why}")
    return None


def stance_first(credits: list[Credit], stance: str) -> list[Credit]:
    """``credits`` with their receptions of ``stance`` first, and the credits that have one before
    the others (each group in its order). L5's two credits of one chart are judged in stances
    that together cover all three (``document.events.reception_text_facts`` cycles them), so the
    first stance its answer names is the slot's, taken in turn over the run's documents
    (``common.wanted``); left to the receptions' order it was "negative" in 17 of 29 questions
    over two seeds (audit58) and "mixed" in 10 of 20 on 200 plan-only reports of seed 9024."""
    ordered = [replace(c, receptions=sorted(c.receptions, key=lambda r: r.stance != stance)) for c in credits]
    return sorted(ordered, key=lambda c: c.receptions[0].stance != stance)


def _facts(c: Credit) -> list[int]:
    return [r.index for r in c.receptions] + [c.index]


def _stances(c: Credit) -> list[Value]:
    return [r.stance_value() for r in c.receptions]


def _read_end(ctx: Context, c: Credit, rng: np.random.Generator) -> Draft:
    s = c.span
    it, they = object_pronoun(c.cause), agree(c.cause, "it")
    q = pick(
        rng,
        [
            f"How did {c.voices()} judge {c.cause}, and what value does {s.fig} show for {s.name} "
            f"at the end of the period the report credits to {it}?",
            f"The report links {c.cause} to {s.name}. How {agree(c.cause, 'was')} {they} received by "
            f"{c.voices()}, and where does {s.fig} put {s.name} in the last year of the period {they} "
            f"{agree(c.cause, 'is')} credited with?",
        ],
    )
    ans = f"{cap(c.judged())}; the credited period ends in {s.last.label}, when {s.fig} shows {s.at(s.last)}."
    steps = [
        *c.steps()[:1],
        f"Find the credited period ({c.fact.section_id}) and read its last year in {s.fig}: {s.at(s.last)}.",
    ]
    # the year is scored: a hop to a neighbouring year can read within the value's tolerance
    year = qc.exact_value(qc.fact_term(ctx, c.index, "end"), None)
    values: list[Value] = [*_stances(c), year, qc.read_value(s.chart, s.last)]
    return Draft(CATEGORY, "L1", q, ans, values, steps, [s.chart], [s.last], _facts(c))


def _change(ctx: Context, c: Credit, rng: np.random.Generator) -> Draft:
    s = c.span
    ch = cc.change(s)
    it = object_pronoun(c.cause)
    q = pick(
        rng,
        [
            f"How much did {s.name} change in {s.fig} over the period the report credits to "
            f"{c.cause}, and how "
            f"did {c.voices()} view that policy?",
            f"Set the reception of {c.cause} by {c.voices()} beside the chart: by how much did "
            f"{s.name} move in "
            f"{s.fig} over the years the report attributes to {it}?",
        ],
    )
    ans = f"{cap(c.judged())}; from {cc.years_of(s)} {s.name} moved {cc.moved(s, ch)}."
    steps = [
        *c.steps(),
        f"Read both ends in {s.fig} and subtract: {cc.subtraction(s, ch)}.",
    ]
    values: list[Value] = [*_stances(c), ch]
    return Draft(CATEGORY, "L2", q, ans, values, steps, [s.chart], [s.first, s.last], _facts(c))


def _period(ctx: Context, c: Credit, rng: np.random.Generator) -> Draft | None:
    s = c.span
    asked = cc.ask_aggregate(
        ctx,
        s,
        rng,
        lambda f: [
            f"Over the years the report credits to {c.cause}, what is the {f.what} of {s.name} in {s.fig}, "
            f"and how did {c.voices()} judge that policy?",
            f"What {f.what} value does {s.fig} give for {s.name} across the period attributed to "
            f"{c.cause}, and what did {c.voices()} make of {object_pronoun(c.cause)}?",
        ],
    )
    if asked is None:
        return None
    found, q = asked
    num, what, step = found.num, found.what, found.step
    ans = f"{cap(c.judged())}; over {cc.years_of(s)} the {what} value for {s.name} comes to {cc.said(num)}."
    steps = [*c.steps(), step]
    values: list[Value] = [*_stances(c), num]
    return Draft(CATEGORY, "L3", q, ans, values, steps, [s.chart], list(s.marks), _facts(c))


def _why(ctx: Context, c: Credit, rng: np.random.Generator) -> Draft | None:
    """L4: the cause the report states for a series' path, the change over the period it covers
    (from the text: not restated, not the whole series) and how that cause was received."""
    s = c.span
    if not cc.sole_cause(ctx, c.index):
        return None
    ch = cc.change(s)
    it = "they" if is_plural(s.name) else "it"
    q = pick(
        rng,
        [
            f"Why, according to the report, did {s.name} move as {it} did in {s.fig} over the years the "
            f"report explains, by how much did {it} change over them, and how was that cause received?",
            f"What does the report hold responsible for how {s.name} developed over the stretch of years "
            f"it explains, how large was the change {s.fig} shows over it, and what did commentators "
            "make of that factor?",
        ],
    )
    ans = (
        f"{cap(c.fact.values['actor'])} {agree(c.fact.values['actor'], 'credits')} {c.cause} for "
        f"{cc.years_of(s)}; {s.name} changed by {ch.said()} "
        f"({s.at(s.first)} to {s.at(s.last)}), and {c.judged()}."
    )
    steps = [
        f"Find the cause stated for {s.name} and its period ({c.fact.section_id}): {c.cause}, "
        f"{cc.years_of(s)}.",
        *c.steps()[:1],
        f"Read both ends in {s.fig} and subtract: {cc.subtraction(s, ch)}.",
    ]
    values: list[Value] = [cc.label(c.cause), ch, *_stances(c)]
    return Draft(CATEGORY, "L4", q, ans, values, steps, [s.chart], [s.first, s.last], _facts(c))


def _rivals(ctx: Context, c: Credit) -> list[int]:
    """The other stated causes on the credit's chart, each on another series, whose policy the
    report's voices judge: where there is one, the text names two policies on the chart and only
    the chart (the series' colour) tells which is credited with which series."""
    judged = {ctx.manifest.text_facts[i].values.get("subject") for i in ctx.facts_of("reception")}
    out = []
    for i in ctx.facts_of("cause"):
        v = ctx.manifest.text_facts[i].values
        other = v.get("viz_id") == c.span.chart.vizId and (v.get("series") or None) != c.span.series
        if i != c.index and other and v.get("cause") in judged:
            out.append(i)
    return out


def _by_colour(ctx: Context, c: Credit, rng: np.random.Generator) -> Draft | None:
    """L5: the series a colour names, and how the policy credited with its path was received. The
    report credits another judged policy with another series of the chart (:func:`_rivals`), so
    the text alone leaves two answers and the colour decides."""
    s = c.span
    colour = s.colour()
    if colour is None or not _rivals(ctx, c):
        return None
    q = pick(
        rng,
        [
            f"The report credits policies with the paths of series in {s.fig}. Which series is drawn in "
            f"{colour}, and how was the policy credited with its course received?",
            f"Which series does {s.fig} draw in {colour}, and what did the report's commentators make of "
            "the policy the report credits for its course?",
        ],
    )
    ans = f"The {colour} series is {s.name}; the report credits {c.cause}, and {c.judged()}."
    steps = [
        f"Match the colour in the legend of {s.fig}: {colour} is {s.name}.",
        f"Find what the report credits for {s.name} ({c.fact.section_id}): {c.cause}.",
        *c.steps()[:1],
    ]
    values: list[Value] = [cc.label(s.name), *_stances(c)]
    return Draft(CATEGORY, "L5", q, ans, values, steps, [s.chart], [s.last], _facts(c))
