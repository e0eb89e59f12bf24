"""What a reader notices in planned reports (review50, ``generation.document.prose_measures``):
the counters find what they name, and the planned reports carry none of the fixed defects."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.document.prose_measures import ProseCounts, plan_counts
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
