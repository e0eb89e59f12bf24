"""What a reader notices in a report's prose and headings, counted on its plan (review50).

- ``degree_before_count``: body sentences that put a degree word ("the highest", "the lower")
  or "the ... of" straight before a metric named by a plural count noun ("Germany had the
  highest households with fixed broadband", "had the lowest employed people"): a count of
  things takes no degree; a figure for it does.
- ``unagreed_verb``: body sentences where a plural phrase of the topic's vocabulary (a driver,
  risk, concept, actor or source: "public subsidies", "high spectrum fees") opens a sentence or
  a clause ("whether", "once", "if", "because", "when") and is followed by a singular verb, or
  is followed by ", which" and one ("public subsidies, which has affected ...").
- ``repeated_subheadings``: subheadings whose text an earlier subheading of the same report
  already has ("Public subsidies and their limits" twice in one report).
- ``subheading_off_topic``: subheadings naming a concept, driver or entity ("The case of
  Ukraine", "Where network sharing falls short") that the paragraph under them does not mention.
- ``highlight_unmarked``: figure mentions saying the figure highlights items ("The highlighted
  items are the ones that recur ...") where the chart highlights none.
- ``metric_without_article``: a singular metric named as a series without its article
  ("In 2017, median mobile download speed in Russia stood at", "put customs clearance time in
  Iran at"): the metric followed by "in", after a word that is not an article.
- ``lead_in_repeats``: sentences opening with a lead-in of the bank's ``data_openers`` ("Read
  against the fact base, ...", "A detail that is easy to miss is that ...") that
  :data:`LEAD_IN_USES` earlier sentences of their report already opened with.
- ``frame_reuse``: body sentences whose *frame* (the sentence with every entity, metric, number
  and word of the topic's vocabulary masked) another sentence of the report shares. Unlike
  :func:`generation.document.prose_stats.template_mask` (entities and metrics only), this sees
  one template filled with two actors or drivers as the same sentence, as a reader does.
- ``source_doubled``: body sentences naming a source whose own head noun already says data
  after "data from" or "figures published in" ("Data from central bank trade data confirm").
- ``problem_in_good_frame``: body sentences slotting a theme noun that names a problem (a word of
  :data:`PROBLEM_WORDS`: "digital divides", "displacement") into a frame that presupposes a good
  ("countries that depend on digital divides", "gains in displacement", "weak non-tariff barriers").
- ``swapped_titles``: section titles "A and B" whose report also has a title "B and A".
- ``direction_slips``: body sentences naming a metric, an entity and two years whose words of
  change do not fit the table's values between those years by the rule of
  :mod:`generation.document.change_words` ("broadly flat" beside a move out of its band, "rose"
  beside a fall, "rose" or "decline" beside a flat change, "sharply" beside a small move), out
  of ``direction_sentences`` such sentences; a report's trend claims (text facts about a chart's
  stretch, some false on purpose) are counted apart: ``trend_flat_moving`` of ``trend_claims``
  take a stretch as flat (the chart stage's reading) that moves out of the band, whether the
  claim says so or, on purpose wrongly, says it rose or fell.

``bench/question_measures.py`` prints :func:`render` of :func:`prose_counts` over a plan-only run.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, fields
from functools import cache

from generation.charts.insights import series_direction
from generation.document.change_words import (
    DOWN_WORDS,
    FLAT_WORDS,
    SHARP_WORDS,
    UP_WORDS,
    is_flat,
    word_slip,
)
from generation.document.prose import DATA_NOUNS
from generation.document.prose_bank import bank
from generation.document.prose_facts import named_in, split_sentences
from generation.plan.doc_plan import Block, DocumentPlan, HeadingBlock, ParagraphBlock
from generation.world.grammar import agree, is_plural, with_the
from generation.world.space import topic_by_title
from generation.world.topics import Topic, in_text
from synthdocbench_tasks.schema import DocumentManifest, TextFact, World

#: How many sentences of a report may open with one lead-in before a reader notices it.
LEAD_IN_USES = 3
#: Degree words a metric phrase may follow only when it names a quantity, not a count of things.
_DEGREE = r"(?:highest|lowest|higher|lower|largest|smallest)"
#: Verbs the checks read after a phrase of the topic (those of the bank's markers and be/have/do).
_VERBS = frozenset(
    [
        "affects",
        "attributes",
        "blames",
        "calls",
        "changes",
        "collects",
        "comes",
        "connects",
        "credits",
        "does",
        "drives",
        "explains",
        "falls",
        "has",
        "is",
        "links",
        "matters",
        "places",
        "points",
        "publishes",
        "puts",
        "reads",
        "regards",
        "remains",
        "sees",
        "shows",
        "stands",
        "traces",
        "tracks",
        "translates",
        "treats",
        "uses",
        "warns",
        "was",
        "weighs",
    ]
)
_FIGURE = re.compile(r"\bFigure (\d+)\b")
#: Words that open a clause whose first words are its subject.
_CLAUSE = "whether|once|if|because|when"
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*%?")
#: Words marking a theme noun as a problem (the measure's lexicon, not the generator's).
PROBLEM_WORDS = frozenset(
    {
        "barriers",
        "closures",
        "deadweight",
        "displacement",
        "divides",
        "dropout",
        "e-waste",
        "empty",
        "exposure",
        "gaps",
        "hesitancy",
        "liabilities",
        "lock-in",
        "loss",
        "losses",
        "mismatch",
        "non-revenue",
        "overtourism",
        "particles",
        "queues",
        "resistance",
        "acidification",
        "scrap",
        "stress",
        "unemployment",
        "variability",
        "zero-dose",
    }
)
#: Frames that presuppose their noun is a good: before it, or after it.
_GOOD_BEFORE = (
    r"depend on|improve|improvements in|gains in|invested early in|weak|rests partly on"
    r"|credits? the position of .{1,60} to"
)
_GOOD_AFTER = r"improved|held up better"


@dataclass
class ProseCounts:
    """The counters of the module docstring, over some reports."""

    documents: int = 0
    sentences: int = 0
    degree_before_count: int = 0
    unagreed_verb: int = 0
    subheadings: int = 0
    repeated_subheadings: int = 0
    subheading_off_topic: int = 0
    highlight_unmarked: int = 0
    metric_without_article: int = 0
    lead_in_repeats: int = 0
    frame_reuse: int = 0
    source_doubled: int = 0
    problem_in_good_frame: int = 0
    section_titles: int = 0
    swapped_titles: int = 0
    direction_sentences: int = 0
    direction_slips: int = 0
    trend_claims: int = 0
    trend_flat_moving: int = 0

    def add(self, other: ProseCounts) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


def _vocabulary(topic: Topic) -> list[str]:
    return [*topic.drivers, *topic.risks, *topic.concepts, *topic.actors, *topic.sources]


@cache
def _topic_patterns(title: str) -> tuple[re.Pattern[str], re.Pattern[str] | None]:
    """The report's frame mask (every name of its topic) and its plural-phrase-singular-verb check."""
    topic = topic_by_title(title)
    if topic is None:
        raise ValueError(f"no topic titled {title!r}: plan the report with this checkout's world")
    names = {*_vocabulary(topic), *topic.entities, *(in_text(topic, e) for e in topic.entities)}
    names |= {m.name for m in topic.metrics} | {
        topic.mix.metric.name,
        topic.entity_kind,
        topic.entity_kind_plural,
    }
    mask = re.compile(
        r"(?<![\w-])(?:"
        + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if n)
        + r")(?![\w-])",
        re.I,
    )
    plural = sorted((re.escape(p) for p in _vocabulary(topic) if is_plural(p)), key=len, reverse=True)
    verbs = "|".join(sorted(v for v in _VERBS if agree("they", v) != v))
    subject = "|".join(plural)
    # The phrase as the subject: a sentence's (or a "whether", "once" ... clause's) first words, or
    # before ", which".
    check = (
        re.compile(
            rf"(?:(?:^|\b(?:{_CLAUSE}) )(?:{subject}) (?:{verbs})|(?:{subject}), which (?:{verbs}))\b",
            re.I,
        )
        if plural
        else None
    )
    return mask, check


@cache
def _subheading_patterns() -> tuple[re.Pattern[str], ...]:
    """The bank's subheadings as patterns whose one group is the name the heading fills in."""
    out = []
    for template in bank().subheadings:
        verb = re.sub(r"<(\w+):\w+>", lambda m: "(?:its|their)" if m.group(1) == "its" else r"\w+", template)
        parts = re.split(r"(\{\w+\}|\(\?:its\|their\)|\\w\+)", verb)
        pattern = "".join(
            p if p.startswith(("(?:", "\\w")) else "(.+)" if p.startswith("{") else re.escape(p)
            for p in parts
        )
        out.append(re.compile(f"^{pattern}$", re.I))
    return tuple(out)


def bare_metric_pattern(metrics: Iterable[str]) -> re.Pattern[str] | None:
    """A singular metric (one ``with_the`` gives "the") before "in", with the word before it."""
    single = sorted((m for m in metrics if with_the(m) != m), key=len, reverse=True)
    if not single:
        return None
    return re.compile(rf"(?:\b([\w-]+) )?(?<![\w-])(?:{'|'.join(re.escape(m) for m in single)}) in ", re.I)


def bare_metric(pattern: re.Pattern[str] | None, sentence: str) -> bool:
    """Whether ``sentence`` names a metric of ``pattern`` without an article (or degree word) before it."""
    words = {"the", "a", "an", *_DEGREE[3:-1].split("|")}
    return pattern is not None and any(
        (m.group(1) or "").lower() not in words for m in pattern.finditer(sentence)
    )


@cache
def _lead_in_patterns() -> tuple[re.Pattern[str], ...]:
    """The bank's data lead-ins as patterns matching a sentence's start (slots and verbs as words)."""
    out = []
    for opener in bank().data_openers:
        parts = re.split(r"(\{\w+\}|<\w+:\w+>)", opener.strip())
        pattern = "".join(_lead_in_part(p) for p in parts)
        out.append(re.compile(f"^{pattern}", re.I))
    return tuple(out)


def _lead_in_part(part: str) -> str:
    """A piece of a lead-in as a pattern: a slot is some words, a verb marker either of its forms."""
    if part.startswith("{"):
        return r"[\w' -]+?"
    if part.startswith("<"):
        verb = part[1:].split(":")[0]
        return f"(?:{verb}|{agree('they', verb)})"
    return re.escape(part)


def _lead_in_repeats(sentences: Iterable[str]) -> int:
    """Sentences opening with a lead-in that :data:`LEAD_IN_USES` earlier ones opened with."""
    used: Counter[int] = Counter()
    repeats = 0
    for sentence in sentences:
        k = next((k for k, p in enumerate(_lead_in_patterns()) if p.match(sentence)), None)
        if k is not None:
            repeats += used[k] >= LEAD_IN_USES
            used[k] += 1
    return repeats


def _degree_pattern(metrics: Iterable[str]) -> re.Pattern[str] | None:
    counted = sorted((m for m in metrics if is_plural(m)), key=len, reverse=True)
    if not counted:
        return None
    names = "|".join(re.escape(m) for m in counted)
    return re.compile(rf"\b(?:{_DEGREE} (?:{names})|the (?:{names}) of)\b", re.I)


def _under_subheadings(blocks: Sequence[Block]) -> Iterator[tuple[str, str]]:
    """Each subheading of a section and the paragraph right under it ("" when none follows)."""
    for k, block in enumerate(blocks):
        if isinstance(block, HeadingBlock) and block.level == 3:
            under = next((b.text for b in blocks[k + 1 :] if isinstance(b, ParagraphBlock)), "")
            yield block.text, under


def _fits(heading: str, under: str) -> bool:
    """Whether the name a subheading fills in (if any) occurs in the paragraph under it."""
    for pattern in _subheading_patterns():
        m = pattern.match(heading)
        if m:
            return m.group(1).lower() in under.lower()
    return True


@cache
def _source_pattern(title: str) -> re.Pattern[str] | None:
    """ "data from" or "figures published in" before a source of the report whose head says data."""
    topic = topic_by_title(title)
    named = (
        sorted((s for s in topic.sources if s.split()[-1] in DATA_NOUNS), key=len, reverse=True)
        if topic
        else []
    )
    if not named:
        return None
    return re.compile(rf"\b(?:data from|figures published in) (?:{'|'.join(map(re.escape, named))})\b", re.I)


@cache
def _problem_pattern(title: str) -> re.Pattern[str] | None:
    """A theme noun of :data:`PROBLEM_WORDS` in a frame that presupposes a good."""
    topic = topic_by_title(title)
    problems = [c for c in (topic.concepts if topic else ()) if PROBLEM_WORDS & set(c.lower().split())]
    if not problems:
        return None
    names = "|".join(re.escape(c) for c in sorted(problems, key=len, reverse=True))
    return re.compile(rf"\b(?:(?:{_GOOD_BEFORE}) (?:{names})|(?:{names}) (?:{_GOOD_AFTER}))\b", re.I)


def swapped_titles(titles: Sequence[str]) -> int:
    """Titles "A and B" of a report that also has "B and A"."""
    keys = {t.lower() for t in titles}
    pairs = (t.lower().split(" and ", 1) for t in titles if " and " in t)
    return sum(1 for p in pairs if f"{p[1]} and {p[0]}" in keys)


def _highlight_unmarked(plan: DocumentPlan, paragraph: str) -> bool:
    """Whether ``paragraph`` says its figure highlights items its chart does not highlight."""
    figure = _FIGURE.search(paragraph)
    if figure is None or "highlighted" not in paragraph:
        return False
    chart = next((c for c in plan.manifest.charts if c.figure_number == int(figure.group(1))), None)
    return chart is not None and not chart.visualProperties.highlightedItems


@cache
def _named_change_pattern(title: str) -> re.Pattern[str] | None:
    """The names of the report's topic (its subjects, drivers, concepts ...) holding a word of
    change ("the minimum wage rise"): a name, not the sentence's word for how a series moved."""
    topic = topic_by_title(title)
    if topic is None:
        return None
    metrics = {m.name.lower() for m in topic.metrics}
    names = [
        n
        for n in {*topic.subjects, *_vocabulary(topic)}
        if n.lower() not in metrics and set(re.findall(r"[a-z]+", n.lower())) & (UP_WORDS | DOWN_WORDS)
    ]
    if not names:
        return None
    return re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)), re.I)


def without_named_changes(sentence: str, title: str) -> str:
    """``sentence`` with the topic's names that hold a word of change blanked out."""
    pattern = _named_change_pattern(title)
    return sentence if pattern is None else pattern.sub("the subject", sentence)


_FLAT = re.compile(rf"\b(?:{'|'.join(FLAT_WORDS)})\b")
_SHARP = re.compile(rf"\b(?:{'|'.join(SHARP_WORDS)})\b")


def direction_slip(sentence: str, world: World) -> str | None:
    """Why the words of change of ``sentence`` (a metric, an entity and two years named) do not
    fit the table's values of that series between the years (:func:`change_words.word_slip`);
    "" when they fit, None when the sentence states no change."""
    named = named_in(sentence, world)
    if named is None or len(named[2]) < 2:
        return None
    name, entities, years, _, low = named
    words = set(re.findall(r"[a-z]+", low))
    up, down = bool(words & UP_WORDS), bool(words & DOWN_WORDS)
    flat, sharp = bool(_FLAT.search(low)), bool(_SHARP.search(low))
    if up == down and not (flat or sharp):
        return None
    start, end = sorted(years[:2])
    series = sorted(
        (f.period, f.value)
        for f in world.facts
        if f.metric == name and f.entity == entities[0] and not f.part and start <= f.period <= end
    )
    if len(series) < 2 or series[0][0] != start or series[-1][0] != end:
        return None
    values = [v for _, v in series]
    return word_slip(values, up=up and not down, down=down and not up, flat=flat, sharp=sharp) or ""


def _trend_stretch(manifest: DocumentManifest, fact: TextFact) -> list[float]:
    """The values of the chart stretch a trend claim is about."""
    chart = next(c for c in manifest.charts if c.vizId == fact.values["viz_id"])
    series = fact.values.get("series")
    points = [p for p in chart.data if (p.category or None) == (series or None)]
    labels = [p.label for p in points]
    first, last = labels.index(fact.values["start"]), labels.index(fact.values["end"])
    return [p.value for p in points[first : last + 1]]


def trend_flat_moving(manifest: DocumentManifest) -> tuple[int, int]:
    """(trend claims, those whose stretch the chart stage reads as flat though it moves out of
    :data:`change_words.FLAT_BAND`): "broadly flat" said of it, or a rise or fall said of it as a
    claim the chart is meant to contradict."""
    trends = [f for f in manifest.text_facts if f.values.get("kind") == "trend_claim"]
    moving = 0
    for fact in trends:
        values = _trend_stretch(manifest, fact)
        moving += series_direction(values) == "was broadly flat" and not is_flat(values)
    return len(trends), moving


def plan_counts(plan: DocumentPlan) -> ProseCounts:
    """:class:`ProseCounts` of one planned report (its paragraphs and subheadings)."""
    mask, unagreed = _topic_patterns(plan.manifest.topic)
    degree = _degree_pattern(m.name for m in plan.manifest.world.metrics)
    bare = bare_metric_pattern(m.name for m in plan.manifest.world.metrics)
    blocks = [b for s in plan.sections for b in s.blocks]
    sentences = [s for b in blocks if isinstance(b, ParagraphBlock) for s in split_sentences(b.text)]
    headings = [b.text for b in blocks if isinstance(b, HeadingBlock) and b.level == 3]
    off_topic = sum(
        1
        for section in plan.sections
        for heading, under in _under_subheadings(section.blocks)
        if not _fits(heading, under)
    )
    frames = Counter(_NUMBER.sub("#", mask.sub("X", s)) for s in sentences)
    doubled, problem = _source_pattern(plan.manifest.topic), _problem_pattern(plan.manifest.topic)
    titles = [s.title for s in plan.manifest.sections]
    trends = [f.sentence for f in plan.manifest.text_facts if f.values.get("kind") == "trend_claim"]
    slips = [
        direction_slip(without_named_changes(s, plan.manifest.topic), plan.manifest.world)
        for s in sentences
        if not any(t in s for t in trends)
    ]
    n_trends, flat_moving = trend_flat_moving(plan.manifest)
    return ProseCounts(
        documents=1,
        sentences=len(sentences),
        degree_before_count=sum(1 for s in sentences if degree is not None and degree.search(s)),
        unagreed_verb=sum(1 for s in sentences if unagreed is not None and unagreed.search(s)),
        subheadings=len(headings),
        repeated_subheadings=len(headings) - len(set(headings)),
        subheading_off_topic=off_topic,
        lead_in_repeats=_lead_in_repeats(sentences),
        metric_without_article=sum(1 for s in sentences if bare_metric(bare, s)),
        highlight_unmarked=sum(
            1 for b in blocks if isinstance(b, ParagraphBlock) and _highlight_unmarked(plan, b.text)
        ),
        frame_reuse=sum(n for n in frames.values() if n > 1),
        source_doubled=sum(1 for s in sentences if doubled is not None and doubled.search(s)),
        problem_in_good_frame=sum(1 for s in sentences if problem is not None and problem.search(s)),
        section_titles=len(titles),
        swapped_titles=swapped_titles(titles),
        direction_sentences=sum(1 for slip in slips if slip is not None),
        direction_slips=sum(1 for slip in slips if slip),
        trend_claims=n_trends,
        trend_flat_moving=flat_moving,
    )


def prose_counts(plans: Iterable[DocumentPlan]) -> ProseCounts:
    """:func:`plan_counts` summed over ``plans``."""
    total = ProseCounts()
    for plan in plans:
        total.add(plan_counts(plan))
    return total


def render(counts: ProseCounts) -> list[str]:
    """The counters as lines for ``bench/question_measures.py``."""
    n, reused = counts.sentences, counts.frame_reuse
    repeated = f"{counts.repeated_subheadings} of {counts.subheadings}"
    return [
        f"prose of {counts.documents} reports ({n} body sentences; generation.document.prose_measures)",
        f"  degree word before a count of things ('the highest households'): {counts.degree_before_count}",
        f"  plural phrase with a singular verb ('public subsidies, which has'): {counts.unagreed_verb}",
        f"  subheadings repeating an earlier one of their report: {repeated}",
        f"  subheadings naming what the paragraph under them does not mention: {counts.subheading_off_topic}",
        f"  figure mentions of highlighted items on a chart highlighting none: {counts.highlight_unmarked}",
        f"  singular metrics named without their article: {counts.metric_without_article}",
        f"  sentences opening with a lead-in used {LEAD_IN_USES} times before: {counts.lead_in_repeats}",
        f"  sentences sharing their frame (all names masked) with another of their report: {reused}"
        f" ({reused / n if n else 0.0:.1%})",
        f"  'data from' a source already named as data ('data from trade data'): {counts.source_doubled}",
        "  problem nouns in a frame presupposing a good ('depend on digital divides'):"
        f" {counts.problem_in_good_frame}",
        f"  section titles 'A and B' beside a 'B and A': {counts.swapped_titles} of {counts.section_titles}",
        "  words of change that do not fit the change ('broadly flat' beside -3.9%, 'rose' beside +0.1%):"
        f" {counts.direction_slips} of {counts.direction_sentences}",
        "  trend claims on a stretch taken as flat that moves out of the flat band:"
        f" {counts.trend_flat_moving} of {counts.trend_claims}",
    ]
