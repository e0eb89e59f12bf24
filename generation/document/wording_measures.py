"""Words a reader stumbles on in a report's prose, counted on its plan (review55's English list).

- ``capitalised_labels``: a chart's label that is a common noun (a mix part, a sector, a field:
  :func:`generation.charts.names.common_noun`) printed with its label's capital inside a sentence
  ("the Independent shops part of sales value", "jobs held from Public services"); a label in
  quotes (a funnel's stage, as printed) is not counted.
- ``lowercased_places``: a label with one capital that keeps it (a country, a continent)
  printed in lower case inside a sentence ("the africa share").
- ``scale_under_one``: a number under one before a scale word ("0.46 million people",
  "0.32 billion USD"): a reader writes 460,000 people, 320 million USD.
- ``pattern_followed_by``: "a pattern followed closely by trade unions", a shape that reads the
  actor as a series following another.
- ``kinds_misnamed``: a figure mention calling the chart's items by the report's entity noun
  ("a selection of age groups") where the chart compares none of the report's entities (its
  bars are sectors, fields or years).
- ``repeated_phrases``: sentences that say a two-word phrase twice ("graduates by field in Ghana
  by field", "rising drug resistance can erode progress on drug resistance"), the report's names
  (its entities as a sentence names them, its charts' labels, its units) and numbers masked first.
- ``year_range_series``: chart marks whose series is named by a span of years ("2015–2020")
  rather than by what it holds.
- ``much_known_come``: "Much of what is known about digital divides come from ...", a verb agreed
  with the noun before it rather than with its subject ("much ... comes").
- ``template_repeats``: sentences whose template (:func:`generation.document.prose_stats.template_mask`:
  numbers, entities and metrics masked) more than two other sentences of the same report share
  (the third and later uses of a template are counted).

``bench/wording_measures.py --config configs/paper.yaml --seed S --n-docs 200`` prints
:func:`render` of :func:`wording_counts` over a plan-only run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields

from generation.charts.names import common_noun, in_sentence
from generation.document.prose_facts import split_sentences
from generation.document.prose_stats import names_pattern, repeated_phrase, template_mask
from generation.plan.doc_plan import CalloutBlock, ChartBlock, DocumentPlan, ParagraphBlock
from generation.world.space import topic_by_title
from generation.world.topics import Topic, in_text

_SCALE_UNDER_ONE = re.compile(r"(?<![\d.,])0\.\d+ (?:thousand|million|billion|trillion)\b")
_MUCH_KNOWN_COME = re.compile(r"\bMuch of what is known about [^.]*? come from\b")
_PATTERN_FOLLOWED = re.compile(r"\bpattern followed (?:closely )?by\b")
#: Text in single quotes ("the 'Applied' stage"): a label as printed.
_QUOTED = re.compile(r"(?<![\w'])'[^']*'(?!\w)")  # not an apostrophe: "employers' federations"
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_YEAR_RANGE = re.compile(r"^\s*(?:19|20)\d\d\s*[–-]\s*(?:19|20)\d\d\s*$")
#: A report's template may serve this many of its sentences before a use counts as a repeat.
TEMPLATE_USES = 2


@dataclass
class WordingCounts:
    """The counters of the module docstring, over some reports."""

    documents: int = 0
    capitalised_labels: int = 0
    lowercased_places: int = 0
    scale_under_one: int = 0
    pattern_followed_by: int = 0
    chart_mentions: int = 0
    kinds_misnamed: int = 0
    sentences: int = 0
    repeated_phrases: int = 0
    year_range_series: int = 0
    template_repeats: int = 0
    much_known_come: int = 0

    def add(self, other: WordingCounts) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


def body_texts(plan: DocumentPlan) -> Iterator[str]:
    """The report's running text: paragraphs, pull and block quotes, the abstract."""
    for section in plan.sections:
        for block in section.blocks:
            if isinstance(block, ParagraphBlock):
                yield block.text
            elif isinstance(block, CalloutBlock) and block.style in ("pull_quote", "block_quote", "abstract"):
                yield from block.items


def chart_labels(plan: DocumentPlan) -> set[str]:
    """Every name a chart of the report prints for a mark or a series, and every part of its table."""
    labels = {x for chart in plan.manifest.charts for p in chart.data for x in (p.label, p.category) if x}
    return labels | {f.part for f in plan.manifest.world.facts if f.part}


def _mid_sentence(name: str) -> re.Pattern[str]:
    """``name`` as a whole phrase after a lower-case word (so not a sentence's first word)."""
    return re.compile(rf"(?<=[a-z,;] ){re.escape(name)}(?![\w-])")


def label_case_slips(texts: Iterable[str], labels: Iterable[str], topic: Topic | None) -> tuple[int, int]:
    """(common-noun labels capitalised inside a sentence, capitalised labels printed lower-case)."""
    names = [x for x in labels if x[:1].isupper() and not any(ch.isdigit() for ch in x)]
    common = [_mid_sentence(x) for x in names if common_noun(x, topic)]
    # a one-capital proper name ("Africa"; not "Wage Subsidy", a programme whose words recur in
    # common phrases such as "the wage subsidy rate")
    single = [x for x in names if not any(ch.isupper() for ch in x[1:])]
    proper = [_mid_sentence(x.lower()) for x in single if not common_noun(x, topic)]
    unquoted = [_QUOTED.sub(" ", t) for t in texts]
    capitalised = sum(len(p.findall(t)) for p in common for t in unquoted)
    lowered = sum(len(p.findall(t)) for p in proper for t in unquoted)
    return capitalised, lowered


def _mentions(plan: DocumentPlan) -> Iterator[tuple[str, str]]:
    """(the first sentence of the paragraph before each chart, the chart's viz id)."""
    for section in plan.sections:
        for before, block in zip(section.blocks, section.blocks[1:], strict=False):
            if isinstance(block, ChartBlock) and isinstance(before, ParagraphBlock):
                yield _SENTENCE_END.split(before.text, maxsplit=1)[0], block.viz_id


def kinds_misnamed(plan: DocumentPlan, topic: Topic) -> tuple[int, int]:
    """(figure mentions, those naming the report's entities by their plural noun for a chart whose
    labels and series hold none of the report's entities)."""
    entities = set(topic.entities)
    noun = re.compile(rf"\b{re.escape(topic.entity_kind_plural)}\b", re.I)
    # the noun inside a phrase of the topic's vocabulary is not the chart's items ("migration to cities")
    phrases = [*topic.drivers, *topic.risks, *topic.concepts, *topic.actors, *topic.sources]
    vocabulary = re.compile("|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True)), re.I)
    charts = {c.vizId: c for c in plan.manifest.charts}
    mentions = misnamed = 0
    for sentence, viz_id in _mentions(plan):
        mentions += 1
        names = {x for p in charts[viz_id].data for x in (p.label, p.category) if x}
        misnamed += bool(noun.search(vocabulary.sub(" ", sentence))) and not names & entities
    return mentions, misnamed


def _names_pattern(plan: DocumentPlan, topic: Topic) -> re.Pattern[str] | None:
    """The report's names as its sentences print them: entities (as a sentence names them and as
    labels), chart labels and series, units of measure."""
    labels = chart_labels(plan) | set(topic.entities)
    forms = {x for e in labels for x in (e, in_sentence(e, topic))} | {
        in_text(topic, e) for e in topic.entities
    }
    units = {m.unit for m in plan.manifest.world.metrics if m.unit}
    units |= {u for c in plan.manifest.charts for u in (c.axes.x.unit, c.axes.y.unit) if u}
    forms |= units | {u.partition(" ")[2] for u in units}  # "460 thousand people": the scale a step lower
    return names_pattern(forms)


def year_range_series(plan: DocumentPlan) -> int:
    """Chart marks whose series is named by a span of years ("2015–2020")."""
    return sum(
        bool(p.category and _YEAR_RANGE.match(p.category)) for c in plan.manifest.charts for p in c.data
    )


def template_repeats(sentences: list[str], plan: DocumentPlan) -> int:
    """The sentences of one report whose masked template :data:`TEMPLATE_USES` earlier sentences
    of it already used."""
    world = plan.manifest.world
    entities = {f.entity for f in world.facts} | {f.part for f in world.facts if f.part} | chart_labels(plan)
    metrics = {m.name for m in world.metrics} | {m.unit for m in world.metrics if m.unit != "%"}
    mask = template_mask(sorted(entities), sorted(metrics))
    uses: dict[str, int] = {}
    repeats = 0
    for sentence in sentences:
        template = mask(sentence)
        uses[template] = uses.get(template, 0) + 1
        repeats += uses[template] > TEMPLATE_USES
    return repeats


def plan_counts(plan: DocumentPlan) -> WordingCounts:
    """:class:`WordingCounts` of one planned report."""
    topic = topic_by_title(plan.manifest.topic)
    if topic is None:
        raise ValueError(f"no topic titled {plan.manifest.topic!r} in this checkout's world")
    texts = list(body_texts(plan))
    capitalised, lowered = label_case_slips(texts, chart_labels(plan), topic)
    mentions, misnamed = kinds_misnamed(plan, topic)
    sentences = [s for t in texts for s in split_sentences(t)]
    names = _names_pattern(plan, topic)
    return WordingCounts(
        documents=1,
        capitalised_labels=capitalised,
        lowercased_places=lowered,
        scale_under_one=sum(len(_SCALE_UNDER_ONE.findall(t)) for t in texts),
        pattern_followed_by=sum(len(_PATTERN_FOLLOWED.findall(t)) for t in texts),
        chart_mentions=mentions,
        kinds_misnamed=misnamed,
        sentences=len(sentences),
        repeated_phrases=sum(repeated_phrase(s, names) is not None for s in sentences),
        year_range_series=year_range_series(plan),
        template_repeats=template_repeats(sentences, plan),
        much_known_come=sum(len(_MUCH_KNOWN_COME.findall(t)) for t in texts),
    )


def wording_counts(plans: Iterable[DocumentPlan]) -> WordingCounts:
    """:func:`plan_counts` summed over ``plans``."""
    total = WordingCounts()
    for plan in plans:
        total.add(plan_counts(plan))
    return total


def render(counts: WordingCounts) -> list[str]:
    """The counters as lines."""
    return [
        f"wording of {counts.documents} reports (generation.document.wording_measures)",
        "  common-noun labels capitalised inside a sentence ('the Housing part'):"
        f" {counts.capitalised_labels}",
        f"  capitalised labels printed lower-case ('the africa share'): {counts.lowercased_places}",
        f"  numbers under one before a scale word ('0.46 million people'): {counts.scale_under_one}",
        f"  'a pattern followed closely by <actor>': {counts.pattern_followed_by}",
        "  figure mentions calling a chart's items by the report's entity noun where it shows none:"
        f" {counts.kinds_misnamed} of {counts.chart_mentions}",
        "  sentences saying a two-word phrase twice ('graduates by field in Ghana by field'):"
        f" {counts.repeated_phrases} of {counts.sentences}",
        f"  chart marks whose series is named by a span of years ('2015–2020'): {counts.year_range_series}",
        f"  sentences whose template more than {TEMPLATE_USES} earlier sentences of the report used:"
        f" {counts.template_repeats}",
        f"  'much of what is known about <plural> come from': {counts.much_known_come}",
    ]
