"""Offline prose: sentence templates by rhetorical function, filled with topic vocabulary.

Filler sentences never contain a number other than a year of the topic's range, so the
only other numbers a document prints come from facts, tables and callouts, all drawn
through the number registry. Templates are used from a shuffled bag per function, so a
template repeats only after every other template of its function has been used.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from generation.grammar import fill_agreement, plural_of, with_article
from generation.topics import Topic, in_text

FUNCTIONS: tuple[str, ...] = ("context", "method", "finding", "caveat", "outlook", "transition")

_TEMPLATES: dict[str, tuple[str, ...]] = {
    "context": (
        "Few discussions of {topic} get far without touching on {concept}.",
        "{Entity} and {entity2} are often cited as reference points in debates about {concept}.",
        "The stakes for {kinds} are high, because {concept} <affects:concept> both {concept2} and "
        "resilience.",
        "Much of what is known about {concept} <comes:concept> from the work of {actor}.",
        "For {actor2}, {concept} <has:concept> become a test of whether commitments on {topic} are credible.",
        "The past decade has shown how sensitive {concept} <is:concept> to {driver}.",
        "{Topic} has moved from a specialist concern to a central question for {actor} and for the {kinds} "
        "that depend on {concept}.",
        "Much of the current debate about {topic} turns on {concept}, a factor that shapes how quickly "
        "{driver} <translates:driver> into lasting change.",
        "For most of the period covered here, the dominant force behind developments in {concept} has been "
        "{driver}.",
        "Observers in {entity} and {entity2} describe a landscape in which {concept} and {concept2} can no "
        "longer be treated separately.",
        "The starting point for this report is a simple observation: outcomes in {concept} vary far more "
        "between {kinds} than headline figures suggest.",
        "Interest in {concept} has grown steadily since {year}, helped by {driver} and by a wider public "
        "conversation about {topic}.",
        "{Actor} argued repeatedly that progress on {concept} is the missing link in discussions of {topic}.",
        "Behind the aggregate picture lie very different national and local stories, from {entity} to "
        "{entity2}.",
        "The relationship between {driver} and {concept} sits at the centre of this story.",
        "Policy makers increasingly frame {topic} as a question of {concept2} rather than of ambition alone.",
        "Decisions taken in the coming years about {concept} will shape outcomes well beyond the period "
        "covered here.",
        "The {kinds} in this report differ in their exposure to {driver}, and that difference colours almost "
        "every comparison that follows.",
        "Public attention tends to focus on {concept}, yet practitioners often point to {concept2} as the "
        "harder problem.",
        "The institutional setting matters as much as the numbers, since both {actor} and {actor2} influence "
        "the debate on {concept}.",
        "In {entity}, debates about {concept} are closely tied to {driver}.",
        "Since {year}, {concept} <has:concept> featured prominently in the work of {actor}.",
    ),
    "method": (
        "Series for {entity2} were checked against {source} before inclusion.",
        "Where figures for {a_kind} were missing, it was left out of the comparison rather than imputed.",
        "The indicators on {concept2} were compiled by {actor} and are used here with minimal adjustment.",
        "Each chart in this report identifies the source of its values in the accompanying notes.",
        "Definitions follow {source2} so that results for {entity} and {entity2} remain comparable.",
        "The analysis draws on {source}, cross-checked against {source2} wherever the two overlap.",
        "Indicators were harmonised so that {kinds} can be compared on a like-for-like basis, even where "
        "national definitions differ.",
        "Where a series was interrupted, the gap is left visible rather than filled with estimates.",
        "The comparisons rely on the latest complete year for each {kind}, which is not always the same "
        "calendar year.",
        "Each indicator was reviewed for breaks in methodology before it was included in the figures.",
        "The report treats {concept} as an outcome and {driver} as one of several explanatory factors, "
        "without claiming a strict causal link.",
        "Qualitative evidence from interviews with {actor} complements the quantitative series.",
        "Values are reported in the units used by the original publishers, and currency values are shown in "
        "nominal terms.",
        "The selection of {kinds} reflects data availability rather than any judgement about their relative "
        "importance.",
        "Revisions by the compilers of {source} can change recent values, so the latest observations should "
        "be read as provisional.",
        "To limit the influence of single years, the discussion emphasises direction and persistence over "
        "year-to-year movements.",
        "Coverage is strongest for {entity} and {entity2}, where reporting has been consistent for many "
        "years.",
        "For {entity}, the series from {source} was preferred because it extends further back.",
        "Where {source} and {source2} disagree, the report follows the source with the longer "
        "consistent record.",
        "Information on {concept} was coded from published documents and from consultations with {actor}.",
        "Indicators of {concept} and {concept2} were chosen because they are reported comparably "
        "across {kinds}.",
    ),
    "finding": (
        "The record of {entity2} points the same way, though less sharply.",
        "Few {kinds} managed to improve {concept} without also addressing {concept2}.",
        "The link between {concept} and {driver} appears strongest in {entity}.",
        "Where {actor} intervened early, {concept} held up better under pressure from {risk}.",
        "Progress in {entity} has been steadier than in most comparable {kinds}.",
        "The clearest pattern is the growing divergence between {kinds} that invested early in {concept} and "
        "those that did not.",
        "{Entity} illustrates how quickly {concept} can shift once the effects of {driver} take hold.",
        "The evidence points to {driver} as a more important influence on {concept} than is often assumed.",
        "Progress on {concept} has been uneven, with gains in some {kinds} offset by stagnation elsewhere.",
        "In several {kinds}, improvements in {concept} arrived only after changes in {concept2}.",
        "The experience of {entity} suggests that weak {concept2} can hold back progress even when funding "
        "is available.",
        "Where {actor} played a close role, outcomes in {concept} tended to improve more consistently.",
        "The data do not support the view that recent developments can be explained by {driver} alone.",
        "Differences between {entity} and {entity2} are larger for {concept} than for most other dimensions "
        "studied here.",
        "A recurring theme is that change in {concept} comes slowly, so the effects of today's choices will "
        "show up only gradually.",
        "Taken together, the indicators describe a system under strain but still capable of adjusting.",
        "The sharpest contrasts appear where strong pressure from {driver} meets weak {concept2}.",
        "Gains in {concept} have been more durable in {kinds} with stable institutions.",
        "{Entity} and {entity2} followed different paths on {concept}, yet both were shaped by {driver}.",
        "Where {concept} improved, {concept2} usually improved as well, though with a delay.",
        "The record of {entity} shows that {risk} can undo progress on {concept} within a short period.",
    ),
    "caveat": (
        "The figures for {entity2} should be treated as indicative rather than definitive.",
        "Because {source} changed <its:source> methods during the period, some breaks in the series are "
        "unavoidable.",
        "Part of the variation in {concept} reflects differences in how {kinds} are defined.",
        "These comparisons come with caveats, since definitions of {concept} still differ between {kinds}.",
        "Not every change in the data reflects a real change on the ground; some of it reflects better "
        "measurement.",
        "The period covered includes unusual shocks, and some movements may reverse as conditions normalise.",
        "Smaller {kinds} can show large swings from one year to the next, so their figures deserve "
        "particular caution.",
        "Survey-based indicators carry sampling error that the charts do not display.",
        "It would be a mistake to read any comparison here as a ranking of policy quality, because starting "
        "points differed widely.",
        "Reporting by {actor} has improved over time, which complicates comparisons with earlier years.",
        "Some of the apparent progress may reflect {driver} rather than any deliberate policy choice.",
        "The risk of {risk} is not captured well by any of the available indicators.",
        "Data for {entity} were revised during the preparation of this report, and later releases may "
        "differ.",
        "Averages conceal considerable variation within {kinds}, particularly between urban and rural areas.",
        "Firm causal claims would require a counterfactual that the available data cannot provide.",
        "Estimates of {concept} for {entity} rest on fewer observations than those for {entity2}.",
        "The link between {driver} and {concept} may run in both directions, which complicates "
        "interpretation.",
        "Comparisons between {entity} and {entity2} are sensitive to how {concept} <is:concept> defined.",
        "Exposure to {risk} is hard to measure, so conclusions about {concept} remain tentative.",
        "Reported changes in {concept} partly reflect shifts in how {actor} <collects:actor> and "
        "<publishes:actor> information.",
        "{Source} and {source2} do not always agree on {concept}, and the difference matters at the margin.",
    ),
    "outlook": (
        "The choices facing {actor} over {concept2} will shape the next stage of {topic}.",
        "Should {risk} intensify, the gains in {concept} could prove fragile.",
        "Progress in {entity} will be watched closely as a sign of what is possible for other {kinds}.",
        "Over time, {driver} <is:driver> likely to matter more for {concept} than <it:driver> "
        "<does:driver> today.",
        "Looking ahead, the balance between {driver} and {risk} will decide how much of the recent progress "
        "is sustained.",
        "The next phase is likely to depend less on ambition and more on delivery, particularly in "
        "{concept}.",
        "If the influence of {driver} persists, the {kinds} that have lagged so far could close part of the "
        "gap.",
        "Much will depend on whether {actor} can maintain momentum on {concept} through the next budget "
        "cycle.",
        "Scenarios that assume steady progress on {concept} look plausible, but they are sensitive to "
        "{risk}.",
        "Over the medium term, progress on {concept2} is likely to become the main test of policy "
        "credibility.",
        "A review of the approach to {concept} by {actor} is expected as new evidence becomes available.",
        "The coming years will show whether recent gains in {concept} were structural or cyclical.",
        "A stronger focus on {concept2} would help {kinds} prepare for {risk}.",
        "Better data on {concept} would allow earlier warning of problems and a faster policy response.",
        "The direction of travel is broadly clear, even if its pace remains uncertain.",
        "Coordination between {actor} and {actor2} will matter more as the work on {concept} becomes more "
        "complex.",
        "For {entity}, the main question is whether progress on {concept} can keep pace with {driver}.",
        "Attention is likely to shift towards {concept2} as the effects of {driver} become clearer.",
    ),
    "transition": (
        "The remainder of this section looks at {concept2} in more detail.",
        "It is worth pausing here to consider the experience of {entity2}.",
        "What follows sets these findings against the record of {entity}.",
        "The next step is to ask how {actor} responded to these pressures.",
        "The next part of the report turns from the overall picture to the specific role of {concept}.",
        "With this background in place, it is possible to look more closely at individual {kinds}.",
        "These observations frame the more detailed comparisons that follow.",
        "The following paragraphs examine how {driver} and {concept} have interacted.",
        "Before turning to policy, it is worth considering what the evidence says about {concept2}.",
        "This raises a broader question about the link between {concept} and {topic}.",
        "The discussion now moves from measurement to interpretation.",
        "A closer look at {entity} helps to make these points concrete.",
        "The same pattern recurs, in different forms, in the sections that follow.",
        "Against this backdrop, the remaining sections consider responses and risks in turn.",
        "The contrast between {entity} and {entity2} offers a useful bridge to the question of {concept2}.",
        "Turning to {concept}, the picture is more mixed.",
    ),
}

#: Draws before a repeated sentence is accepted (practically never reached).
_MAX_REDRAWS = 40

_OPENERS: tuple[str, ...] = (
    "In practice, ",
    "At the same time, ",
    "Moreover, ",
    "By contrast, ",
    "Even so, ",
    "In broad terms, ",
    "Equally, ",
    "For this reason, ",
    "In this respect, ",
    "On balance, ",
    "Seen from this angle, ",
    "In the same vein, ",
    "Put simply, ",
    "Importantly, ",
    "Not surprisingly, ",
    "As a result, ",
    "In several cases, ",
    "Perhaps more tellingly, ",
    "Over the period as a whole, ",
    "Read carefully, ",
    "To a large extent, ",
    "Then again, ",
    "In addition, ",
    "Above all, ",
    "Taken on its own, ",
    "Here too, ",
)

#: Optional closing clauses (before the final full stop); ``{...}`` slots as in the templates.
_TAILS: tuple[str, ...] = (
    ", at least in {entity}",
    ", according to {source}",
    ", as {actor} <has:actor> pointed out",
    ", a point that recurs throughout this report",
    ", particularly since {year}",
    ", judging by the record of {entity2}",
    ", even if the picture in {entity} is less clear",
    ", a view shared by {actor2}",
    ", especially where {driver} <is:driver> strongest",
    ", although {risk} <remains:risk> a concern",
    ", in line with earlier assessments by {actor}",
    ", which matters for {concept2} as well",
    ", as the experience of {entity2} shows",
    ", despite differences in how {kinds} report {concept}",
    ", not least because of {driver}",
    ", as discussions with {actor2} confirmed",
    ", with consequences for {concept2}",
    ", a theme {source2} also <highlights:source2>",
)

#: Rhetorical plan of a paragraph per section role (sentences cycle through it).
_PLANS: dict[str, tuple[str, ...]] = {
    "introduction": ("context", "context", "finding", "transition"),
    "background": ("context", "finding", "context", "caveat"),
    "method": ("method", "method", "caveat", "method"),
    "analysis": ("finding", "context", "caveat", "finding", "transition"),
    "policy": ("context", "finding", "outlook", "caveat"),
    "risks": ("caveat", "context", "caveat", "outlook"),
    "outlook": ("outlook", "finding", "outlook", "caveat"),
    "conclusion": ("finding", "outlook", "context", "outlook"),
}

_TITLES: dict[str, tuple[str, ...]] = {
    "introduction": ("Introduction", "Overview", "Why {concept} matters"),
    "background": ("Background and context", "How the debate took shape", "The policy landscape"),
    "method": ("Data and approach", "Sources and methods", "Measuring {concept}"),
    "analysis": (
        "{Concept} across {kinds}",
        "The role of {driver}",
        "{Concept} and {concept2}",
        "Patterns in {concept}",
        "Drivers of change: {driver}",
        "Comparing {kinds}",
        "A closer look at {entity}",
        "Regional contrasts",
    ),
    "policy": ("Policy responses", "Institutions and {concept}", "What governments have done"),
    "risks": ("Risks and uncertainties", "What could go wrong", "Pressure points: {risk}"),
    "outlook": ("Outlook", "The road ahead", "Scenarios and choices"),
    "conclusion": ("Conclusions", "Summary and implications", "Closing observations"),
}

_REASONS: dict[str, tuple[str, ...]] = {
    "positive": (
        "clearer rules for investors",
        "early evidence of lower costs",
        "faster delivery on the ground",
        "stronger protection for vulnerable groups",
        "better coordination between agencies",
        "a more predictable planning horizon",
    ),
    "negative": (
        "the burden it places on smaller operators",
        "weak enforcement provisions",
        "the absence of dedicated funding",
        "a rushed consultation process",
        "the risk of unintended price effects",
        "its limited reach outside major centres",
    ),
    "mixed": (
        "a sound design held back by slow implementation",
        "gains in some regions and setbacks in others",
        "welcome ambition paired with unclear funding",
        "benefits that have yet to reach smaller players",
    ),
}

_RECEPTION: dict[str, tuple[str, ...]] = {
    "positive": (
        "{Actor} welcomed {subject}, pointing to {reason}.",
        "{Actor} praised {subject} for {reason}.",
    ),
    "negative": (
        "{Actor} criticised {subject}, citing {reason}.",
        "{Actor} opposed {subject} because of {reason}.",
    ),
    "mixed": (
        "{Actor} gave {subject} a mixed reception, noting {reason}.",
        "{Actor} offered only qualified support for {subject}, describing {reason}.",
    ),
}

_CLAIMS: dict[str, tuple[str, ...]] = {
    "target": (
        "{Actor} had set a target of {q} for {phrase}.",
        "The official target for {phrase}, set by {actor}, was {q}.",
    ),
    "forecast": (
        "{Actor} had forecast {phrase} at {q}.",
        "A forecast published by {actor} put {phrase} at {q}.",
    ),
    "earlier estimate": (
        "An earlier estimate by {actor} placed {phrase} at {q}.",
        "{Actor} initially estimated {phrase} at {q}, a figure later revised.",
    ),
    "threshold": (
        "{Actor} <treats:actor> {q} as the critical threshold for {phrase}.",
        "For {phrase}, {actor} regarded {q} as the threshold that would trigger a policy review.",
    ),
}

_METRIC_FACTS: tuple[str, ...] = (
    "In {year}, {metric} in {entity} stood at {q}, according to {source}.",
    "{Source} put {metric} in {entity} at {q} in {year}.",
    "{Entity} recorded {metric} of {q} in {year}.",
    "By {year}, {metric} in {entity} had reached {q}.",
)

_TREND_FACTS: tuple[str, ...] = (
    "Between {start} and {end}, {phrase} {direction}.",
    "{Phrase} {direction} between {start} and {end}, a pattern followed closely by {actor}.",
    "Over the years from {start} to {end}, {phrase} {direction}.",
)

_EVENT_FACTS: tuple[str, ...] = (
    "In {year}, {actor} {event}.",
    "{Actor} {event} in {year}.",
    "It was in {year} that {actor} {event}.",
)

_CHART_MENTIONS: dict[str, tuple[str, ...]] = {
    "generic": (
        "Figure {n} presents {metric} for a selection of {kinds}.",
        "The evidence on {metric} is summarised visually in Figure {n}.",
        "Figure {n} sets out {metric}, drawing on the sources described earlier.",
        "How {metric} is distributed is the subject of Figure {n}.",
    ),
    "single": (
        "Figure {n} compares {metric} across a selection of {kinds}.",
        "As Figure {n} shows, {metric} differs markedly between {kinds}, which is why later sections "
        "treat them "
        "separately.",
        "The spread of {metric} between {kinds} is set out in Figure {n}.",
    ),
    "grouped_bar": (
        "Figure {n} places {metric} for each {kind} side by side for several years, so shifts in the "
        "ordering "
        "are easy to follow.",
        "How {metric} changed between the years compared is the subject of Figure {n}.",
    ),
    "stacked_bar": (
        "Figure {n} breaks {mix} down by {part_kind} for each {kind}, showing the composition as well as the "
        "total.",
        "The make-up of {mix} differs between {kinds}, as the stacked bars of Figure {n} make clear.",
    ),
    "line": (
        "Figure {n} traces {metric} in {subject} over time.",
        "The path of {metric} in {subject}, plotted in Figure {n}, is discussed here in the light of "
        "{driver}.",
    ),
    "multi_line": (
        "Figure {n} follows {metric} over time in several {kinds}, so their trajectories can be compared "
        "directly.",
        "The trajectories in Figure {n} show that {metric} has not moved in step across {kinds}.",
    ),
    "pie": (
        "Figure {n} shows how {mix} in {subject} is divided between {part_kinds}.",
        "The composition of {mix} in {subject} by {part_kind} is shown in Figure {n}.",
    ),
    "scatter": (
        "Figure {n} plots {metric} against {x_metric}, one point per {kind}, to show whether the two move "
        "together.",
        "Whether higher {x_metric} goes with higher {metric} is the question behind Figure {n}.",
    ),
}

_CHART_FOLLOW_UPS: tuple[str, ...] = (
    "The highlighted items are the ones that recur in the discussion below.",
    "Readers should attend to the relative position of the items rather than to any single value.",
    "The figure is a reference point for several arguments made later in the report.",
    "The underlying series is described in the notes on sources.",
    "The pattern it reveals is consistent with the qualitative evidence gathered for this report.",
    "Its message is easier to grasp from the shape of the marks than from a table.",
    "The choice of items follows the coverage of the underlying sources.",
    "It should be read together with the caveats set out in the section on data and approach.",
)


def cap(text: str) -> str:
    """Upper-case the first character only (keeps proper nouns and acronyms intact)."""
    return text[:1].upper() + text[1:]


def plural(noun: str) -> str:
    """``category`` -> ``categories``, ``source`` -> ``sources`` (inflect, not a suffix rule)."""
    return plural_of(noun)


def count_words(text: str) -> int:
    return len(text.split())


class ProseWriter:
    """Writes the sentences of one document; all randomness comes from ``rng``."""

    def __init__(self, rng: np.random.Generator, topic: Topic) -> None:
        self.rng = rng
        self.topic = topic
        self._bags: dict[str, list[int]] = {}
        self._seen: set[str] = set()

    # ---------------------------------------------------------------- helpers
    def _choice(self, items: Sequence[str]) -> str:
        return items[int(self.rng.integers(len(items)))]

    def _two(self, items: Sequence[str]) -> tuple[str, str]:
        # Two distinct indices from two integer draws (rng.choice without replacement is ~20x slower).
        i = int(self.rng.integers(len(items)))
        j = int(self.rng.integers(len(items) - 1))
        return items[i], items[j + (j >= i)]

    def _slots(self) -> dict[str, str]:
        t = self.topic
        concept, concept2 = self._two(t.concepts)
        entity, entity2 = (in_text(t, e) for e in self._two(t.entities))
        actor, actor2 = self._two(t.actors)
        source, source2 = self._two(t.sources)
        first, last = t.years
        slots = {
            "topic": t.phrase,
            "concept": concept,
            "concept2": concept2,
            "driver": self._choice(t.drivers),
            "risk": self._choice(t.risks),
            "entity": entity,
            "entity2": entity2,
            "actor": actor,
            "actor2": actor2,
            "source": source,
            "source2": source2,
            "kind": t.entity_kind,
            "kinds": t.entity_kind_plural,
            "a_kind": with_article(t.entity_kind),
            "year": str(int(self.rng.integers(first, last - 2))),
        }
        slots.update({cap(k): cap(v) for k, v in list(slots.items())})
        return slots

    def _next_template(self, function: str) -> str:
        bag = self._bags.get(function)
        if not bag:
            bag = [int(i) for i in self.rng.permutation(len(_TEMPLATES[function]))]
            self._bags[function] = bag
        return _TEMPLATES[function][bag.pop()]

    # ---------------------------------------------------------------- filler
    def sentence(self, function: str, opener: bool = True) -> str:
        """One filler sentence of a rhetorical function (no numbers other than a topic year).

        ``opener`` allows a connective such as "Moreover," in front (not for stand-alone quotes).
        A sentence already written in this document is redrawn; after the first collisions the
        redraws also add a closing clause and an opener, so long documents stay free of repeats.
        """
        if function not in _TEMPLATES:
            raise ValueError(f"unknown rhetorical function {function!r}; choose from {', '.join(FUNCTIONS)}")
        text = ""
        for attempt in range(_MAX_REDRAWS):
            template = self._next_template(function)
            slots = self._slots()
            text = cap(fill_agreement(template, slots).format(**slots))
            if attempt >= 2 or self.rng.random() < 0.12:
                text = self._with_tail(text, slots)
            lead = text.split(",")[0]
            starts_with_marker = "," in text and len(lead.split()) <= 4
            may_open = opener and not template.startswith("{") and not starts_with_marker
            if may_open and self.rng.random() < (0.6 if attempt >= 1 else 0.2):
                text = self._choice(_OPENERS) + text[:1].lower() + text[1:]
            if text not in self._seen:
                break
        self._seen.add(text)
        return text

    def _with_tail(self, text: str, slots: dict[str, str]) -> str:
        if not text.endswith(".") or text.count(",") >= 2:
            return text
        return text[:-1] + fill_agreement(self._choice(_TAILS), slots).format(**slots) + "."

    def paragraph(self, role: str, inserts: Sequence[str] = (), n_sentences: int | None = None) -> str:
        """A paragraph following the role's rhetorical plan, with ``inserts`` placed inside it."""
        plan = _PLANS.get(role, _PLANS["analysis"])
        n = n_sentences if n_sentences is not None else int(self.rng.integers(4, 7))
        offset = int(self.rng.integers(len(plan)))
        sentences = [self.sentence(plan[(offset + i) % len(plan)]) for i in range(n)]
        for text in inserts:
            sentences.insert(int(self.rng.integers(1, len(sentences) + 1)), text)
        return " ".join(sentences)

    def section_title(self, role: str, used: set[str]) -> str:
        options = list(_TITLES[role])
        for i in self.rng.permutation(len(options)):
            title = cap(options[int(i)].format(**self._slots()))
            if title not in used:
                return title
        return f"{cap(self._choice(self.topic.concepts))} in focus"

    def subheading(self) -> str:
        options = (
            "{Concept} in practice",
            "The case of {entity}",
            "{Driver} and its limits",
            "Evidence on {concept}",
            "Where {concept} falls short",
            "Lessons from {entity}",
        )
        return cap(self._choice(options).format(**self._slots()))

    # ---------------------------------------------------------------- charts and tables
    def chart_mention(
        self,
        figure: int,
        chart_type: str,
        metric: str,
        subject: str | None = None,
        x_metric: str | None = None,
    ) -> str:
        """Qualitative sentences about a figure; they name what is plotted, never a value."""
        t = self.topic
        family = {
            "bar": "single",
            "horizontal_bar": "single",
            "lollipop": "single",
            "area": "line",
            "donut": "pie",
        }.get(chart_type, chart_type)
        slots = self._slots()
        slots.update(
            n=str(figure),
            metric=metric,
            subject=in_text(t, subject or t.entities[0]),
            x_metric=x_metric or "",
            mix=t.mix.name,
            part_kind=t.mix.part_kind,
            part_kinds=plural(t.mix.part_kind),
        )
        mentions = _CHART_MENTIONS.get(family, _CHART_MENTIONS["generic"])
        first = cap(self._choice(mentions).format(**slots))
        unused = [f for f in _CHART_FOLLOW_UPS if f not in self._seen]
        follow_up = self._choice(unused) if unused else self.sentence("finding")
        self._seen.add(follow_up)
        return f"{first} {follow_up}"

    def table_mention(self, number: int) -> str:
        t = self.topic
        options = (
            f"Table {number} brings together several indicators for a group of {t.entity_kind_plural}.",
            f"For reference, Table {number} lists selected indicators side by side.",
            f"Table {number} complements the figures with indicators that are not charted elsewhere.",
        )
        return self._choice(options)

    # ---------------------------------------------------------------- fact sentences
    def metric_fact(self, entity: str, metric: str, year: str, q: str) -> str:
        template = self._choice(_METRIC_FACTS)
        entity = in_text(self.topic, entity)
        return cap(
            template.format(
                year=year,
                metric=metric,
                entity=entity,
                Entity=cap(entity),
                q=q,
                source=self._choice(self.topic.sources),
                Source=cap(self._choice(self.topic.sources)),
            )
        )

    def claim_fact(self, relation: str, actor: str, phrase: str, q: str) -> str:
        template = fill_agreement(self._choice(_CLAIMS[relation]), {"actor": actor})
        return cap(template.format(actor=actor, Actor=cap(actor), phrase=phrase, q=q))

    def trend_fact(self, phrase: str, direction: str, start: str, end: str) -> str:
        template = self._choice(_TREND_FACTS)
        actor = self._choice(self.topic.actors)
        return cap(
            template.format(
                phrase=phrase, Phrase=cap(phrase), direction=direction, start=start, end=end, actor=actor
            )
        )

    def event_fact(self, year: str, actor: str, event: str) -> str:
        template = self._choice(_EVENT_FACTS)
        return cap(template.format(year=year, actor=actor, Actor=cap(actor), event=event))

    def reception_fact(self, actor: str, stance: str, subject: str, reason: str) -> str:
        template = self._choice(_RECEPTION[stance])
        return cap(template.format(actor=actor, Actor=cap(actor), subject=subject, reason=reason))

    def reason(self, stance: str) -> str:
        return self._choice(_REASONS[stance])

    # ---------------------------------------------------------------- callouts
    def abstract(self) -> str:
        t = self.topic
        first, last = t.years
        return " ".join(
            [
                f"This report examines {t.phrase} from {first} to {last}, "
                f"drawing on {self._choice(t.sources)}.",
                f"It compares {t.entity_kind_plural} on {self._choice(t.concepts)} and "
                f"{self._choice(t.concepts)}, and asks how far {self._choice(t.drivers)} explains the "
                "differences between them.",
                self.sentence("finding"),
                f"It closes with the main risks, notably {self._choice(t.risks)}, "
                "and the choices they imply.",
            ]
        )
