"""Complex multi-hop questions (Table 14): historical timeline, technical / quantitative,
impact / reception. Each combines 2-4 evidence units from at least two sections.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from generation.phrasing import decimals_of, figure_ref, fmt_num, pick, value_unit, with_unit
from generation.questions_chart import cap, ordered_series, series_name, val
from generation.questions_common import (
    Builder,
    Context,
    Draft,
    cagr_value,
    derived_value,
    difference_value,
    exact_value,
    find_point,
    label_value,
    pct_change_value,
    read_value,
    tol_of,
)
from synthdocbench_tasks.schema import AnswerValue, Difficulty, TextFact

STANCE_ALIASES: dict[str, list[str]] = {
    "positive": ["positively", "favourable", "favorable", "supportive", "welcomed", "praised", "approving"],
    "negative": [
        "negatively",
        "critical",
        "unfavourable",
        "unfavorable",
        "opposed",
        "sceptical",
        "skeptical",
    ],
    "mixed": ["ambivalent", "divided", "mixed feelings", "both"],
}

SMALLER_UNIT = {"billion": "million", "million": "thousand"}


ADVERB = {"positive": "positively", "negative": "negatively", "mixed": "with mixed views"}


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _shuffled(items: list, rng: np.random.Generator) -> list:
    return [items[i] for i in rng.permutation(len(items))]


def _sections_differ(*facts: TextFact) -> bool:
    return len({f.section_id for f in facts}) >= 2


# --- historical timeline ---------------------------------------------------------------


@dataclass
class Event:
    index: int
    fact: TextFact
    year: int

    @property
    def what(self) -> str:
        return f"{self.fact.values.get('actor', '')} {self.fact.values.get('event', '')}".strip()


def _events(ctx: Context) -> list[Event]:
    out = []
    for i in ctx.facts_of("event"):
        fact = ctx.manifest.text_facts[i]
        try:
            out.append(Event(i, fact, int(fact.values.get("year", ""))))
        except ValueError:
            continue
    return out


def historical_timeline(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    events = _events(ctx)
    if level == "L2":
        return _two_events(ctx, events, rng)
    if level == "L3":
        return _three_events(ctx, events, rng)
    if level == "L4":
        return _events_on_chart(ctx, events, rng)
    return None


def _event_pairs(events: list[Event], rng: np.random.Generator) -> list[tuple[Event, Event]]:
    pairs = [
        (a, b) for a, b in combinations(events, 2) if a.year != b.year and _sections_differ(a.fact, b.fact)
    ]
    return _shuffled(pairs, rng)


def _two_events(ctx: Context, events: list[Event], rng: np.random.Generator) -> Draft | None:
    for a, b in _event_pairs(events, rng):
        if not ctx.claim(f"events:{a.index}|{b.index}"):
            continue
        early, late = (a, b) if a.year < b.year else (b, a)
        gap = late.year - early.year
        q = pick(
            rng,
            [
                f"Which came first: {a.what}, or {b.what}? How many years separate the two?",
                f"Of the two developments the report describes, {a.what} and {b.what}, which happened "
                "earlier, and by how many years?",
            ],
        )
        ans = f"First, in {early.year}, {early.what}; then, in {late.year}, {late.what}, {gap} years later."
        steps = [
            f"Find the year of the first development ({a.fact.section_id}): {a.year}.",
            f"Find the year of the second ({b.fact.section_id}): {b.year}.",
            f"Compare and subtract: {late.year} - {early.year} = {gap}.",
        ]
        values = [exact_value(float(early.year), None), exact_value(float(late.year), None)]
        values.append(exact_value(float(gap), "years"))
        return Draft("historical_timeline", "L2", q, ans, values, steps, facts=[a.index, b.index])
    return None


def _three_events(ctx: Context, events: list[Event], rng: np.random.Generator) -> Draft | None:
    triples = [
        t
        for t in combinations(events, 3)
        if len({e.year for e in t}) == 3 and _sections_differ(*(e.fact for e in t))
    ]
    for triple in _shuffled(triples, rng):
        if not ctx.claim("events:" + "|".join(str(e.index) for e in triple)):
            continue
        listed = "; ".join(f"({k}) {e.what}" for k, e in zip("abc", triple, strict=True))
        order = sorted(triple, key=lambda e: e.year)
        q = pick(
            rng,
            [
                "Put these developments from the report in chronological order, with the year of each: "
                f"{listed}.",
                f"In what sequence did the following happen, and when? {listed}.",
            ],
        )
        ans = "The order is: " + ", then ".join(f"{e.what} ({e.year})" for e in order) + "."
        steps = [f"Find the year of {e.what} ({e.fact.section_id}): {e.year}." for e in triple]
        steps.append("Sort by year: " + " < ".join(str(e.year) for e in order) + ".")
        values = [exact_value(float(e.year), None) for e in order]
        return Draft("historical_timeline", "L3", q, ans, values, steps, facts=[e.index for e in triple])
    return None


def _events_on_chart(ctx: Context, events: list[Event], rng: np.random.Generator) -> Draft | None:
    for a, b in _event_pairs(events, rng):
        early, late = (a, b) if a.year < b.year else (b, a)
        for chart in _shuffled(list(ctx.manifest.charts), rng):
            for series in ordered_series(chart):
                p0 = find_point(chart, str(early.year), series)
                p1 = find_point(chart, str(late.year), series)
                if p0 is None or p1 is None or not (ctx.readable(p0) and ctx.readable(p1)):
                    continue
                if not ctx.claim(f"events-chart:{a.index}|{b.index}"):
                    return None
                fig, name = figure_ref(chart), series_name(chart, series)
                unit = value_unit(chart)
                change = difference_value(
                    p1.value, tol_of(chart, p1.value), p0.value, tol_of(chart, p0.value), unit
                )
                q = (
                    f"According to {fig}, how much did {name} change between the year {early.what} "
                    f"and the year {late.what}?"
                )
                ans = (
                    f"{cap(early.what)} in {early.year} and {late.what} in {late.year}; over that span the "
                    "chart "
                    f"shows {name} moving from {val(chart, p0)} to {val(chart, p1)}, a change of "
                    f"{with_unit(change.text, change.unit)}."
                )
                steps = [
                    f"Find the year of the first development ({early.fact.section_id}): {early.year}.",
                    f"Find the year of the second ({late.fact.section_id}): {late.year}.",
                    f"Read {name} in {early.year} from {fig}: {val(chart, p0)}.",
                    f"Read it in {late.year}: {val(chart, p1)}.",
                    f"Subtract: {fmt_num(p1.value)} - {fmt_num(p0.value)} = {change.text}.",
                ]
                values = [
                    exact_value(float(early.year), None),
                    exact_value(float(late.year), None),
                    read_value(chart, p0),
                    read_value(chart, p1),
                    change,
                ]
                return Draft(
                    "historical_timeline",
                    "L4",
                    q,
                    ans,
                    values,
                    steps,
                    [chart],
                    [p0, p1],
                    [early.index, late.index],
                )
    return None


# --- technical / quantitative ----------------------------------------------------------


@dataclass
class Metric:
    index: int
    fact: TextFact
    entity: str
    metric: str
    year: int
    value: float
    unit: str

    def text(self) -> str:
        return with_unit(fmt_num(self.value), self.unit)


def _metrics(ctx: Context) -> list[Metric]:
    out = []
    for i in ctx.facts_of("metric"):
        f = ctx.manifest.text_facts[i]
        v = f.values
        try:
            out.append(
                Metric(i, f, v["entity"], v["metric"], int(v["year"]), float(v["value"]), v.get("unit", ""))
            )
        except (KeyError, ValueError):
            continue
    return out


def technical_quantitative(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    metrics = _metrics(ctx)
    if level == "L2":
        return _metric_difference(ctx, metrics, rng)
    if level == "L3":
        first, second = (_growth, _conversion) if rng.random() < 0.5 else (_conversion, _growth)
        return first(ctx, metrics, rng) or second(ctx, metrics, rng)
    if level == "L4":
        return _chart_cagr(ctx, rng)
    return None


def _same_year_pairs(metrics: list[Metric], rng: np.random.Generator) -> list[tuple[Metric, Metric]]:
    pairs = [
        (a, b)
        for a, b in combinations(metrics, 2)
        if a.metric == b.metric
        and a.unit == b.unit
        and a.year == b.year
        and a.entity != b.entity
        and a.value != b.value
        and _sections_differ(a.fact, b.fact)
    ]
    return _shuffled(pairs, rng)


def _metric_difference(ctx: Context, metrics: list[Metric], rng: np.random.Generator) -> Draft | None:
    for a, b in _same_year_pairs(metrics, rng):
        if not ctx.claim(f"metrics:{a.index}|{b.index}:diff"):
            continue
        hi, lo = (a, b) if a.value > b.value else (b, a)
        diff = derived_value(hi.value - lo.value, hi.unit, 0.0, decimals_of(hi.value, lo.value))
        q = pick(
            rng,
            [
                f"In {a.year}, whose {a.metric} was larger, {possessive(a.entity)} or "
                f"{possessive(b.entity)}, "
                "and by how much?",
                f"Comparing the {a.metric} the report gives for {a.entity} and {b.entity} in {a.year}, "
                "which is higher and what is the difference?",
            ],
        )
        ans = (
            f"{cap(hi.entity)} led with {hi.text()} against {lo.text()}, a difference of "
            f"{with_unit(diff.text, hi.unit)}."
        )
        steps = [
            f"Find {possessive(a.entity)} figure ({a.fact.section_id}): {a.text()}.",
            f"Find {possessive(b.entity)} figure ({b.fact.section_id}): {b.text()}.",
            f"Subtract: {fmt_num(hi.value)} - {fmt_num(lo.value)} = {diff.text}.",
        ]
        values = [label_value(hi.entity), diff]
        return Draft("technical_quantitative", "L2", q, ans, values, steps, facts=[a.index, b.index])
    return None


def _growth(ctx: Context, metrics: list[Metric], rng: np.random.Generator) -> Draft | None:
    pairs = [
        (a, b) if a.year < b.year else (b, a)
        for a, b in combinations(metrics, 2)
        if a.entity == b.entity
        and a.metric == b.metric
        and a.unit == b.unit
        and a.year != b.year
        and a.value > 0
        and b.value > 0
        and _sections_differ(a.fact, b.fact)
    ]
    for a, b in _shuffled(pairs, rng):
        if not ctx.claim(f"metrics:{a.index}|{b.index}:growth"):
            continue
        years = b.year - a.year
        pct = pct_change_value(a.value, 0.0, b.value, 0.0)
        cagr = cagr_value(a.value, 0.0, b.value, 0.0, years)
        q = pick(
            rng,
            [
                f"By what percentage did {possessive(a.entity)} {a.metric} change between {a.year} and "
                f"{b.year}, and "
                "what compound annual growth rate does that imply?",
                f"Using the figures the report gives for {possessive(a.entity)} {a.metric} in {a.year} and "
                f"{b.year}, "
                "compute the total percentage change and the average annual (compound) rate.",
            ],
        )
        ans = (
            f"It went from {a.text()} to {b.text()}: a {pct.text}% change overall, "
            f"or about {cagr.text}% a year compounded over {years} years."
        )
        steps = [
            f"Find the {a.year} figure ({a.fact.section_id}): {a.text()}.",
            f"Find the {b.year} figure ({b.fact.section_id}): {b.text()}.",
            f"Percentage change: ({fmt_num(b.value)} - {fmt_num(a.value)}) / {fmt_num(a.value)} = "
            f"{pct.text}%.",
            f"CAGR over {years} years: ({fmt_num(b.value)} / {fmt_num(a.value)})^(1/{years}) - 1 = "
            f"{cagr.text}%.",
        ]
        return Draft("technical_quantitative", "L3", q, ans, [pct, cagr], steps, facts=[a.index, b.index])
    return None


def _conversion(ctx: Context, metrics: list[Metric], rng: np.random.Generator) -> Draft | None:
    for a, b in _same_year_pairs(metrics, rng):
        scale, _, rest = a.unit.partition(" ")
        if scale not in SMALLER_UNIT or not ctx.claim(f"metrics:{a.index}|{b.index}:sum"):
            continue
        new_unit = f"{SMALLER_UNIT[scale]} {rest}".strip()
        total = a.value + b.value
        converted = derived_value(total * 1000, new_unit, 0.0, 0)
        q = pick(
            rng,
            [
                f"What was the combined {a.metric} of {a.entity} and {b.entity} in {a.year}, expressed in "
                f"{new_unit}?",
                f"Add up the {a.year} {a.metric} of {a.entity} and {b.entity} and state the total in "
                f"{new_unit}.",
            ],
        )
        ans = (
            f"Together they come to {with_unit(fmt_num(total), a.unit)}, "
            f"which is {with_unit(converted.text, new_unit)}."
        )
        steps = [
            f"Find {possessive(a.entity)} figure ({a.fact.section_id}): {a.text()}.",
            f"Find {possessive(b.entity)} figure ({b.fact.section_id}): {b.text()}.",
            f"Add them: {fmt_num(total)} {a.unit}.",
            f"Convert {scale} to {SMALLER_UNIT[scale]} (x 1,000): {converted.text} {new_unit}.",
        ]
        return Draft("technical_quantitative", "L3", q, ans, [converted], steps, facts=[a.index, b.index])
    return None


def _chart_cagr(ctx: Context, rng: np.random.Generator) -> Draft | None:
    for i in _shuffled(ctx.facts_of("trend_claim"), rng):
        fact = ctx.manifest.text_facts[i]
        v = fact.values
        chart = ctx.chart(v.get("viz_id", ""))
        if chart is None or chart.section_id == fact.section_id:
            continue
        series = v.get("series") or None
        if series not in ordered_series(chart):
            continue
        p0, p1 = find_point(chart, v.get("start", ""), series), find_point(chart, v.get("end", ""), series)
        try:
            years = int(v.get("end", "")) - int(v.get("start", ""))
        except ValueError:
            continue
        if p0 is None or p1 is None or years <= 0 or p0.value <= 0 or p1.value <= 0:
            continue
        if not (ctx.readable(p0) and ctx.readable(p1)) or not ctx.claim(f"trend:{i}:cagr"):
            continue
        fig, name = figure_ref(chart), series_name(chart, series)
        cagr = cagr_value(p0.value, tol_of(chart, p0.value), p1.value, tol_of(chart, p1.value), years)
        q = pick(
            rng,
            [
                f"The text discusses how {name} developed between {p0.label} and {p1.label}. What compound "
                "annual growth rate does the chart imply for that period?",
                f"For the period the report singles out for {name}, what average yearly (compound) growth "
                "rate do the charted values give?",
            ],
        )
        ans = (
            f"{fig} shows {name} at {val(chart, p0)} in {p0.label} and {val(chart, p1)} in {p1.label}, "
            f"a compound annual rate of {cagr.text}% over {years} years."
        )
        steps = [
            f"Find the text's statement about {name} ({fact.section_id}): {p0.label} to {p1.label}.",
            f"Locate the chart of {name} in another section: {fig}.",
            f"Read {p0.label}: {val(chart, p0)}.",
            f"Read {p1.label}: {val(chart, p1)}.",
            f"CAGR: ({fmt_num(p1.value)} / {fmt_num(p0.value)})^(1/{years}) - 1 = {cagr.text}%.",
        ]
        values = [cagr, read_value(chart, p0), read_value(chart, p1)]
        return Draft("technical_quantitative", "L4", q, ans, values, steps, [chart], [p0, p1], [i])
    return None


# --- impact / reception ----------------------------------------------------------------


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

    @property
    def reason(self) -> str:
        return self.fact.values.get("reason", "")

    def stance_value(self) -> AnswerValue:
        return label_value(self.stance, STANCE_ALIASES.get(self.stance, []))


def _receptions(ctx: Context) -> list[Reception]:
    return [
        Reception(i, ctx.manifest.text_facts[i])
        for i in ctx.facts_of("reception")
        if ctx.manifest.text_facts[i].values.get("stance") in STANCE_ALIASES
    ]


def impact_reception(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    recs = _receptions(ctx)
    if level in ("L2", "L4"):
        pairs = [
            (a, b)
            for a, b in combinations(recs, 2)
            if a.stance != b.stance and a.actor != b.actor and _sections_differ(a.fact, b.fact)
        ]
        for a, b in _shuffled(pairs, rng):
            if ctx.claim(f"reception:{a.index}|{b.index}:{level}"):
                return _contrast(a, b, level, rng)
        return None
    if level == "L3":
        triples = [
            t
            for t in combinations(recs, 3)
            if len({r.actor for r in t}) == 3
            and len({r.stance for r in t}) >= 2
            and _sections_differ(*(r.fact for r in t))
        ]
        for t in _shuffled(triples, rng):
            if ctx.claim("reception:" + "|".join(str(r.index) for r in t)):
                return _survey(list(t), rng)
    return None


def _about(r: Reception) -> str:
    return f"{r.actor} on {r.subject}"


def _contrast(a: Reception, b: Reception, level: Difficulty, rng: np.random.Generator) -> Draft:
    same = a.subject == b.subject
    topic = a.subject if same else f"{a.subject} and {b.subject} respectively"
    if level == "L2":
        q = pick(
            rng,
            [
                f"How did {a.actor} and {b.actor} differ in their reactions to {topic}?",
                f"Compare the views the report attributes to {a.actor} and {b.actor} on {topic}.",
            ],
        )
        ans = (
            f"{cap(a.actor)} responded {ADVERB[a.stance]}, citing {a.reason}, whereas {b.actor} "
            f"responded {ADVERB[b.stance]}, pointing to {b.reason}."
        )
        steps = [
            f"Find {_about(a)} ({a.fact.section_id}): {a.stance}.",
            f"Find {_about(b)} ({b.fact.section_id}): {b.stance}.",
            "Contrast the two stances.",
        ]
        values = [a.stance_value(), b.stance_value()]
    else:
        q = pick(
            rng,
            [
                f"Why did {a.actor} take a {a.stance} view of {a.subject}, while {b.actor} was {b.stance} "
                f"about {b.subject}?",
                f"What reasons does the report give for the {a.stance} reaction of {a.actor} to {a.subject} "
                f"and the {b.stance} reaction of {b.actor} to {b.subject}?",
            ],
        )
        ans = f"{cap(a.actor)} pointed to {a.reason}; {b.actor}, by contrast, cited {b.reason}."
        steps = [
            f"Find {_about(a)} ({a.fact.section_id}).",
            f"Find {_about(b)} ({b.fact.section_id}).",
            f"Extract the reasons: {a.reason}; {b.reason}.",
            "Relate each reason to the stance it supports.",
        ]
        values = [label_value(a.reason), label_value(b.reason)]
    return Draft("impact_reception", level, q, ans, values, steps, facts=[a.index, b.index])


def _survey(recs: list[Reception], rng: np.random.Generator) -> Draft:
    names = ", ".join(r.actor for r in recs[:-1]) + f" and {recs[-1].actor}"
    q = pick(
        rng,
        [
            f"Across the report, how did {names} each react to the developments they commented on?",
            f"Summarise the reception by {names}: who was positive, who negative, who mixed, and about what?",
        ],
    )
    ans = "; ".join(f"{r.actor} reacted {ADVERB[r.stance]} to {r.subject}" for r in recs) + "."
    ans = cap(ans)
    steps = [f"Find {_about(r)} ({r.fact.section_id}): {r.stance}." for r in recs]
    steps.append("Group the actors by stance.")
    values = [r.stance_value() for r in recs]
    return Draft("impact_reception", "L3", q, ans, values, steps, facts=[r.index for r in recs])


BUILDERS: dict[str, Builder] = {
    "historical_timeline": historical_timeline,
    "technical_quantitative": technical_quantitative,
    "impact_reception": impact_reception,
}
