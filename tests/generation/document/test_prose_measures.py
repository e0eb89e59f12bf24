"""What a reader notices in planned reports (review50, ``generation.document.prose_measures``):
the counters find what they name, and the planned reports carry none of the fixed defects."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.document.prose import DATA_NOUNS, cap
from generation.document.prose_facts import split_sentences
from generation.document.prose_measures import (
    PROBLEM_WORDS,
    ProseCounts,
    bare_metric,
    bare_metric_pattern,
    plan_counts,
    swapped_titles,
)
from generation.plan.config import load_config
from generation.plan.doc_plan import DocumentPlan, HeadingBlock, ParagraphBlock, SectionPlan
from generation.world.grammar import is_plural
from generation.world.space import topic_by_title

pytestmark = pytest.mark.slow  # plans 48 reports (about 20 s alone)

_PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"
#: Documents planned per seed; two seeds of the paper configuration (no browser).
_DOCS = 24


@cache
def _plans() -> tuple[DocumentPlan, ...]:
    return tuple(
        plan_document(load_config(_PAPER, seed=seed, n_docs=_DOCS), i)
        for seed in (3, 13)
        for i in range(_DOCS)
    )


@cache
def _counts() -> tuple[ProseCounts, ...]:
    return tuple(plan_counts(p) for p in _plans())


def _with(plan: DocumentPlan, texts: list[str], headings: list[str] = ()) -> DocumentPlan:  # type: ignore[assignment]
    blocks = [ParagraphBlock(text=t) for t in texts] + [HeadingBlock(text=h, level=3) for h in headings]
    return plan.model_copy(update={"sections": [SectionPlan(section_id="s-1", blocks=blocks)]})


def _count_metric(plan: DocumentPlan) -> str:
    return next(m.name for m in plan.manifest.world.metrics if is_plural(m.name))


def test_counters_find_what_they_name() -> None:
    plan = next(p for p in _plans() if any(is_plural(m.name) for m in p.manifest.world.metrics))
    metric, entity = _count_metric(plan), plan.manifest.world.facts[0].entity
    bad = [f"{entity} had the highest {metric} in 2015.", f"{entity} held the lower {metric} of the pair."]
    good = [
        f"{entity} had the highest figure for {metric} in 2015.",
        f"{entity} stood above the rest on {metric}.",
    ]
    assert plan_counts(_with(plan, bad)).degree_before_count == 2
    assert plan_counts(_with(plan, good)).degree_before_count == 0
    topic = topic_by_title(plan.manifest.topic)
    assert topic is not None
    driver = next(d for d in (*topic.drivers, *topic.risks) if is_plural(d))
    slips = [
        f"Part of it reflects {driver}, which has affected {entity}.",
        f"Whether {driver} changes it is next.",
    ]
    agreed = [
        f"Part of it reflects {driver}, which have affected {entity}.",
        f"Progress on {driver} has been slow.",
    ]
    assert plan_counts(_with(plan, slips)).unagreed_verb == 2
    assert plan_counts(_with(plan, agreed)).unagreed_verb == 0
    single = next(m.name for m in plan.manifest.world.metrics if not is_plural(m.name))
    bare = [f"In 2015, {single} in {entity} stood at 4.", f"Figure 2 traces {single} in {entity}."]
    articled = [
        f"In 2015, the {single} in {entity} stood at 4.",
        f"{entity} had the highest {single} in 2015.",
    ]
    assert plan_counts(_with(plan, bare)).metric_without_article == 2
    assert plan_counts(_with(plan, articled)).metric_without_article == 0
    headings = ["Where it falls short", "The case of it", "Where it falls short"]
    assert plan_counts(_with(plan, [], headings)).repeated_subheadings == 1
    concept = topic.concepts[0]
    alone = plan_counts(_with(plan, [], [f"Evidence on {concept}"]))  # no paragraph under it
    assert alone.subheading_off_topic == 1
    under = [HeadingBlock(text=f"Evidence on {concept}"), ParagraphBlock(text=f"Work on {concept} is slow.")]
    fits = plan.model_copy(update={"sections": [SectionPlan(section_id="s-1", blocks=under)]})
    assert plan_counts(fits).subheading_off_topic == 0
    frames = plan_counts(_with(plan, ["Ann saw 3 cats.", "Ann saw 4 cats.", "Bob ran."]))
    assert frames.frame_reuse == 2


def test_planned_reports_put_no_degree_word_before_a_count_of_things() -> None:
    """On main, 'Germany had the highest households with fixed broadband' and its kin."""
    counted = [p for p in _plans() if any(is_plural(m.name) for m in p.manifest.world.metrics)]
    assert len(counted) >= 10, "too few reports with a metric that counts things to test anything"
    paragraphs = " ".join(
        b.text for p in counted for s in p.sections for b in s.blocks if isinstance(b, ParagraphBlock)
    )
    assert paragraphs.count("figure for ") > 20  # the claims that took a degree word are still written
    found = {p.manifest.doc_id: c.degree_before_count for p, c in zip(_plans(), _counts(), strict=True)}
    assert {d: n for d, n in found.items() if n} == {}


def test_planned_reports_agree_a_plural_subject_with_its_verb() -> None:
    """On main, 'Whether budget cuts changes that picture ...', 'public subsidies, which has ...'."""
    found = {p.manifest.doc_id: c.unagreed_verb for p, c in zip(_plans(), _counts(), strict=True)}
    assert {d: n for d, n in found.items() if n} == {}


def test_planned_subheadings_are_unrepeated_and_name_what_follows() -> None:
    """On main, 'Public subsidies and their limits' twice in one report and 'The case of Ukraine'
    over a paragraph about Poland and France."""
    counts = list(zip(_plans(), _counts(), strict=True))
    assert sum(c.subheadings for _, c in counts) > 200
    repeated = {p.manifest.doc_id: c.repeated_subheadings for p, c in counts if c.repeated_subheadings}
    off_topic = {p.manifest.doc_id: c.subheading_off_topic for p, c in counts if c.subheading_off_topic}
    assert (repeated, off_topic) == ({}, {})


def test_figure_mentions_point_to_highlighted_items_only_where_the_chart_highlights_some() -> None:
    """On main, 'The highlighted items are the ones that recur ...' under a funnel, donut or
    treemap that highlights nothing."""
    plain = next(c for p in _plans() for c in p.manifest.charts if not c.visualProperties.highlightedItems)
    plan = next(p for p in _plans() if plain in p.manifest.charts)
    said = f"Figure {plain.figure_number} shows it. The highlighted items are the ones that recur below."
    assert plan_counts(_with(plan, [said])).highlight_unmarked == 1
    found = {p.manifest.doc_id: c.highlight_unmarked for p, c in zip(_plans(), _counts(), strict=True)}
    assert {d: n for d, n in found.items() if n} == {}


def test_new_counters_find_what_they_name() -> None:
    """'data from' a source named as data, a problem noun in a frame for a good, swapped titles."""
    plan, topic = next(
        (p, t)
        for p in _plans()
        if (t := topic_by_title(p.manifest.topic)) is not None
        and any(s.split()[-1] in DATA_NOUNS for s in t.sources)
        and any(PROBLEM_WORDS & set(c.lower().split()) for c in t.concepts)
    )
    source = next(s for s in topic.sources if s.split()[-1] in DATA_NOUNS)
    problem = next(c for c in topic.concepts if PROBLEM_WORDS & set(c.lower().split()))
    bad = [f"Data from {source} confirm that it rose.", f"Where {problem} improved, little else did."]
    good = [f"{cap(source)} confirm that it rose.", f"Few made headway on {problem} without help."]
    counts = plan_counts(_with(plan, [*bad, f"Countries that depend on {problem} are few."]))
    assert (counts.source_doubled, counts.problem_in_good_frame) == (1, 2)
    counts = plan_counts(_with(plan, good))
    assert (counts.source_doubled, counts.problem_in_good_frame) == (0, 0)
    assert swapped_titles(["Risks and rewards", "Outlook", "Rewards and risks", "Trade and aid"]) == 2


def test_planned_reports_name_sources_and_problems_in_frames_that_fit() -> None:
    """On main, 'Data from central bank trade data confirm that ...' and 'the countries that
    depend on digital divides', 'gains in displacement', 'weak non-tariff barriers'."""
    topics = [topic_by_title(p.manifest.topic) for p in _plans()]
    with_data = sum(1 for t in topics if t and any(s.split()[-1] in DATA_NOUNS for s in t.sources))
    with_problems = sum(1 for t in topics if t and any(PROBLEM_WORDS & set(c.split()) for c in t.concepts))
    assert min(with_data, with_problems) >= 10, "too few reports with such a source or concept to test"
    counts = list(zip(_plans(), _counts(), strict=True))
    doubled = {p.manifest.doc_id: c.source_doubled for p, c in counts if c.source_doubled}
    problem = {p.manifest.doc_id: c.problem_in_good_frame for p, c in counts if c.problem_in_good_frame}
    assert (doubled, problem) == ({}, {})
    paragraphs = " ".join(
        b.text for p in _plans() for s in p.sections for b in s.blocks if isinstance(b, ParagraphBlock)
    )
    assert paragraphs.count(" confirm that ") > 20  # the lead-in naming a source is still written


#: The frames left naming a metric bare: the event stage's sentences crediting a policy with a
#: series' path, which the questions quote, and a pie part's measure ("the Staff part of
#: immunisation spending", "the rail share of inland freight moved"; charts/data.py's).
_LEFT_FRAMES = re.compile(
    r"most of the change in|behind how|What happened to|with shaping| (?:part|share) of "
)


def test_planned_fact_and_figure_sentences_give_a_singular_metric_its_article() -> None:
    """On main, 'In 2017, median mobile download speed in Russia stood at ...', 'Figure 3 traces
    mean fine particle concentration in Malawi over time', 'put customs clearance time in Iran at'."""
    bare, seen = [], 0
    for plan in _plans():
        pattern = bare_metric_pattern(m.name for m in plan.manifest.world.metrics)
        for block in (b for s in plan.sections for b in s.blocks if isinstance(b, ParagraphBlock)):
            for sentence in split_sentences(block.text):
                seen += pattern is not None and bool(pattern.search(sentence))
                if bare_metric(pattern, sentence) and not _LEFT_FRAMES.search(sentence):
                    bare.append(sentence)
    assert seen > 500, "too few sentences naming a singular metric to test anything"
    assert bare == []


def test_direction_counter_finds_words_that_do_not_fit_the_change() -> None:
    from generation.document.change_words import FLAT_BAND, word_slip
    from generation.document.prose_measures import direction_slip

    assert word_slip([100.0, 96.1], up=False, down=False, flat=True, sharp=False) == "flat"
    inside = 100.0 + 100 * FLAT_BAND / 2
    assert word_slip([100.0, inside], up=False, down=False, flat=True, sharp=False) is None
    assert word_slip([100.0, 90.0], up=True, down=False, flat=False, sharp=False) == "against"
    assert word_slip([100.0, 100.1], up=True, down=False, flat=False, sharp=False) == "move"
    assert word_slip([100.0, 104.0], up=True, down=False, flat=False, sharp=True) == "sharp"
    assert word_slip([100.0, 104.0], up=True, down=False, flat=False, sharp=False) is None
    # a stretch whose ends agree but which humps in between is not flat
    assert word_slip([100.0, 106.0, 100.5], up=False, down=False, flat=True, sharp=False) == "flat"
    world = _plans()[0].manifest.world
    series: dict[tuple[str, str], dict[str, float]] = {}
    for f in world.facts:
        if not f.part:
            series.setdefault((f.metric, f.entity), {})[f.period] = f.value
    (metric, entity), values = next((k, v) for k, v in series.items() if len(v) >= 2)
    years = sorted(values)
    start, end = years[0], years[-1]
    said = f"Between {start} and {end}, {metric} in {entity}"
    rising = values[end] > values[start]
    assert direction_slip(f"{said} {'fell' if rising else 'rose'}.", world) == "against"
    assert direction_slip(f"{said} {'rose' if rising else 'fell'}.", world) in ("", "move")
    assert direction_slip(f"In {start}, {metric} in {entity} was high.", world) is None
    # a name of the topic holding a word of change is no word of how a series moved
    from generation.document.prose_measures import without_named_changes

    title = "Labour Market Outcomes by Age Group in Japan"
    masked = without_named_changes("Youth employment fell after the minimum wage rise.", title)
    assert masked == "Youth employment fell after the subject."


def test_planned_reports_use_words_of_change_that_fit_the_change() -> None:
    """No "broadly flat" beside a move out of the flat band, no "rose" beside a flat change, and
    no trend claim (true, or false on purpose) on a stretch the chart stage reads as flat but
    that moves out of the band (48 reports; main's prose had hundreds of such sentences)."""
    total = ProseCounts()
    for counts in _counts():
        total.add(counts)
    assert total.direction_sentences > 48 * 20
    assert total.direction_slips == 0
    assert total.trend_claims > 48 and total.trend_flat_moving == 0
