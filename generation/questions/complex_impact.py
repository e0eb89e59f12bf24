"""Complex impact/reception questions: who received a subject how, and why."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from generation.questions.chart import cap
from generation.questions.common import Context, Draft, Value, label_value, shuffled
from generation.questions.complex_core import ADVERB, STANCE_ALIASES, _sections_differ
from generation.questions.phrasing import pick
from synthdocbench_tasks.schema import AnswerValue, Difficulty, TextFact


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

    def actor_value(self) -> AnswerValue:
        """Who held the stance (the leading article is optional in an answer)."""
        bare = self.actor.removeprefix("the ").removeprefix("The ")
        return label_value(bare, [self.actor] if bare != self.actor else [])


def _receptions(ctx: Context) -> list[Reception]:
    return [
        Reception(i, ctx.manifest.text_facts[i])
        for i in ctx.facts_of("reception")
        if ctx.manifest.text_facts[i].values.get("stance") in STANCE_ALIASES
    ]


def impact_reception(ctx: Context, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    recs = _receptions(ctx)
    if level in ("L1", "L2", "L4"):
        pairs = [
            (a, b)
            for a, b in combinations(recs, 2)
            if a.stance != b.stance and a.actor != b.actor and _sections_differ(a.fact, b.fact)
        ]
        for a, b in shuffled(pairs, rng):
            if ctx.claim(f"reception:{a.index}|{b.index}:{level}"):
                return _who_said(a, b, rng) if level == "L1" else _contrast(a, b, level, rng)
        return None
    if level == "L3":
        triples = [
            t
            for t in combinations(recs, 3)
            if len({(r.actor, r.subject) for r in t}) == 3
            and len({r.stance for r in t}) >= 2
            and _sections_differ(*(r.fact for r in t))
        ]
        for t in shuffled(triples, rng):
            if ctx.claim("reception:" + "|".join(str(r.index) for r in t)):
                return _survey(list(t), rng)
    return None


def _about(r: Reception) -> str:
    return f"{r.actor} on {r.subject}"


def _who_said(a: Reception, b: Reception, rng: np.random.Generator) -> Draft:
    q = pick(
        rng,
        [
            f"According to the report, who reacted {ADVERB[a.stance]} to {a.subject}, and who reacted "
            f"{ADVERB[b.stance]} to {b.subject}?",
            f"Name the two voices the report cites: the one that took a {a.stance} view of {a.subject}, "
            "and the "
            f"one that took a {b.stance} view of {b.subject}.",
        ],
    )
    ans = f"The first was {a.actor}; the second, {b.actor}."
    steps = [
        f"Find the {a.stance} reaction to {a.subject} ({a.fact.section_id}): {a.actor}.",
        f"Find the {b.stance} reaction to {b.subject} ({b.fact.section_id}): {b.actor}.",
    ]
    values: list[Value] = [a.actor_value(), b.actor_value()]
    return Draft("impact_reception", "L1", q, ans, values, steps, facts=[a.index, b.index])


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
        values: list[Value] = [a.actor_value(), a.stance_value(), b.actor_value(), b.stance_value()]
    else:
        q = pick(
            rng,
            [
                f"Why did {a.actor} take a {a.stance} view of {a.subject}, while {b.actor} was {b.stance} "
                "about "
                f"{b.subject}?",
                f"What reasons does the report give for the {a.stance} reaction of {a.actor} to "
                f"{a.subject} and "
                f"the {b.stance} reaction of {b.actor} to {b.subject}?",
            ],
        )
        ans = f"{cap(a.actor)} pointed to {a.reason}; {b.actor}, by contrast, cited {b.reason}."
        steps = [
            f"Find {_about(a)} ({a.fact.section_id}).",
            f"Find {_about(b)} ({b.fact.section_id}).",
            f"Extract the reasons: {a.reason}; {b.reason}.",
            "Relate each reason to the stance it supports.",
        ]
        values = [a.actor_value(), label_value(a.reason), b.actor_value(), label_value(b.reason)]
    return Draft("impact_reception", level, q, ans, values, steps, facts=[a.index, b.index])


def _survey(recs: list[Reception], rng: np.random.Generator) -> Draft:
    pairs = "; ".join(f"{r.actor} on {r.subject}" for r in recs)
    q = pick(
        rng,
        [
            f"Across the report, how did each of these react: {pairs}?",
            f"Summarise the reception the report records ({pairs}): who was positive, who negative, who "
            "mixed?",
        ],
    )
    ans = cap("; ".join(f"{r.actor} reacted {ADVERB[r.stance]} to {r.subject}" for r in recs) + ".")
    steps = [f"Find {_about(r)} ({r.fact.section_id}): {r.stance}." for r in recs]
    steps.append("Group the actors by stance.")
    values: list[Value] = [v for r in recs for v in (r.actor_value(), r.stance_value())]
    return Draft("impact_reception", "L3", q, ans, values, steps, facts=[r.index for r in recs])
