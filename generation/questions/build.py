"""Question generation: chart-reading, cross-modal and multi-hop questions from a manifest.

``make_questions`` asks ``config.questions_per_subset`` questions per subset. Slot ``j`` of
document ``d`` gets a (category, level, position bucket) target from fixed cycles over
``k = d * count + j`` (see :func:`slot_targets`), so over any run of documents the
categories of Table 14, the levels of Table 13 and the early / middle / late thirds of
chart-reading evidence are all balanced, deterministically. When the document has no
evidence for a target, the slot keeps the level and tries the subset's other categories,
then the other levels; chart-reading slots try charts in the target bucket before the others.
With ``config.evidence_depth`` set, chart-reading questions use the charts the content
stage placed at that depth instead of the bucket cycle.

Every answer is computed in code from the manifest (``questions_chart``,
``questions_crossmodal``, ``questions_complex``), and every number carries the program that
recomputes it (the question's ``derivations``, also printed as ``[calc: ...]`` at the end of
the reasoning; see ``questions_common`` and ``derivation``).

Difficulty rule (``phrasing.STEP_RANGES``, enforced by ``validate``): the reasoning has
L1 1-2 steps (read-off), L2 2-3 (comparison), L3 3-4 (aggregation / computation),
L4 3-5 (chart plus text, domain reasoning), L5 2-4 (what a colour, highlight or marker
encodes, then a read-off or a comparison).
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import permutations
from typing import Literal

import numpy as np

from generation.document.sections import evidence_chart_indices
from generation.plan.config import GenerationConfig
from generation.plan.rng import stable_digest, stage_rng
from generation.questions.chart import BUILDERS as CHART_BUILDERS
from generation.questions.common import Builder, Context, Draft, informative, slot_verdict, wanted
from generation.questions.complex import BUILDERS as COMPLEX_BUILDERS
from generation.questions.complex import evidence_units
from generation.questions.crossmodal import BUILDERS as CROSSMODAL_BUILDERS
from generation.questions.crossmodal import VERDICT_CELLS
from generation.questions.crossmodal_claims import SIDES
from generation.questions.overlap import reads_hidden_mark
from generation.questions.phrasing import (
    chart_refs,
    common_names,
    in_sentence_case,
    refer,
    spelled_labels,
    titles,
)
from generation.world.space import topic_by_title
from generation.world.topics import articled, named_with_article
from synthdocbench_tasks.schema import (
    CATEGORIES,
    DIFFICULTIES,
    SUBSETS,
    Difficulty,
    DocumentManifest,
    Position,
    PositionBucket,
    Question,
    Region,
    Subset,
    make_position,
)

QUESTION_TYPES: dict[Subset, str] = {
    "chart": "chart_reading",
    "cross_modal": "cross_modal",
    "complex": "multi_hop",
}
BUCKETS: tuple[PositionBucket, ...] = ("early", "middle", "late")
#: The order slots are filled in (after the slots with a drawn verdict, see ``make_questions``): a
#: group of several subsets fills slot by slot, in turn.
FILL_ORDER: tuple[tuple[Subset, ...], ...] = (("complex", "cross_modal"), ("chart",))

#: (category, level) cells no builder fills (Table 13's L1 reads one element: there is nothing to
#: compare or to follow over time, and no arithmetic for a technical question, Table 14: a stated
#: figure's mark read off was a look-up, 68 of 236 technical questions on 200 reports of seed 4743);
#: a slot the cycle gives one trades levels with another slot.
EMPTY_CELLS: frozenset[tuple[str, str]] = frozenset(
    {("comparison", "L1"), ("trend_pattern", "L1"), ("technical_quantitative", "L1")}
)

#: How far each subset's level cycle is shifted from the run's drawn start: three slots take three
#: consecutive levels (of five), so windows two apart cover all five in every report. Drawn
#: independently per subset, the windows of seed 6137 were 2, 2 and 3 apart by level: every report's
#: slots missed one level in all subsets. Chart reading, whose builders fill most slots at their
#: level (L1-L5 103-132 of 120 a level on 200 reports of fresh seed 4794, against cross-modal L5's
#: 58), takes the level only one subset targets.
LEVEL_SHIFTS: dict[Subset, int] = {"cross_modal": 0, "chart": 2, "complex": 4}

#: (subset, level) of the slots that, when their own category has no evidence in the first pass,
#: try the subset's other categories at their level before the slots fill in turn: a series or
#: mark found by its colour (complex L5) is the scarcest evidence, and such a slot otherwise
#: came to the other categories only after other questions took the colour-keyed marks (complex
#: L5 28 of 214 on the balance test's seeds; 38 with this pass).
#: When that pass comes (:func:`_first_pass`), per (subset, level): L5 after the cross-modal slots
#: with a drawn verdict (technical L5 reads their claims), before the technical slots. (A complex L4
#: wide pass first of all gave technical 49-51% of complex questions on 200 reports of fresh seeds
#: 9322 and 9327, with two charts a second credited policy each: complex54.)
WIDE_LEVELS: dict[tuple[Subset, Difficulty], float] = {("complex", "L5"): 1.5}
#: When a complex L4 slot tries its own cell: first of all, before the other complex slots take the
#: report's stated causes on their charts (one question per cause and chart: ``Context.fact_free``).
#: With a second credited policy (``document.events``) and timeline L4 on any period short of its
#: series' whole span, complex L4 68 -> 89 of 200 plan-only reports of fresh seed 9322 and 66 -> 81
#: on fresh 9327 (complex54; on 40 reports of 9322 the first two alone gave 16, with this pass 20).
L4_PASS = -1
#: Chart-reading cells that look a text event's year up on a chart of 3+ years whose series swap
#: order or turn (``event_steps``): few charts qualify, and complex and cross-modal questions, which
#: fill first, had filled them (two questions a chart). Traced on fresh seed 2903 (200 documents,
#: ``bench/l4_slots.py``): 41 of 93 such slots lost their cell, 23 of them to full charts.
EVENT_CELLS: frozenset[tuple[str, str]] = frozenset({("comparison", "L4"), ("trend_pattern", "L4")})
#: When those slots try their own cell (:func:`_first_pass`): after the other subsets' first passes
#: (their scarce slots keep their place), before any slot's general fill.
EVENT_PASS = 2.5
#: What a slot tries in a first pass: its own cell, its own level, or (None) every attempt.
Only = Literal["cell", "level"] | None

_MAX_RETRIES = 50
_BUILDERS: dict[str, Builder] = {**CHART_BUILDERS, **CROSSMODAL_BUILDERS, **COMPLEX_BUILDERS}
_DOC_INDEX = re.compile(r"-(\d+)$")


def make_questions(
    manifest: DocumentManifest, config: GenerationConfig, misses: Counter[str] | None = None
) -> list[Question]:
    """All questions of one document, subset by subset; same inputs give identical output.

    First the slots that need scarce evidence try their own category and level (the complex ones
    but technical, then the cross-modal ones whose question carries a drawn verdict,
    ``crossmodal.VERDICT_CELLS``; see :func:`_fill_slots`). Then slots are filled in
    :data:`FILL_ORDER`: the subsets whose questions need particular evidence (a claim and the
    chart it is about; dated or credited facts and a chart over their years) take turns slot by
    slot, and chart reading, which can read any chart, comes last. Each chart carries at most two
    questions of a report, so filling chart reading first used up the charts the text's claims
    and developments are about and left complex slots empty. ``misses`` (when given) gains the
    reasons builders found no draft (``Context.miss``)."""
    ctx = Context.of(manifest)
    ctx.preferred = tuple(_evidence_charts(config, manifest))
    ctx.seed = config.seed
    index = doc_index(manifest.doc_id)
    count = config.questions_per_subset
    targets = {s: slot_targets(s, count, index, config.seed) for s in SUBSETS}
    for subset in SUBSETS:
        ctx.turns.update(turns(subset, count, index, config.seed))
    if ("integrate_sources", "L2") in {(c, lv) for c, lv, _ in targets["cross_modal"]}:
        ctx.verdict = slot_verdict(ctx, "integrate_sources", "L2")
        ctx.spare, ctx.verdict = wanted(ctx, "integrate_sources", SIDES, "L2"), None
    targets["chart"] = _arranged(ctx, targets["chart"], config.seed)
    drafts = _fill_slots(ctx, targets, count, config.seed)
    if misses is not None:
        misses.update(ctx.misses)
    return [draft_to_question(ctx, s, n, d) for s in SUBSETS for n, d in enumerate(drafts[s], start=1)]


def _first_pass(subset: Subset, category: str, level: str) -> float | None:
    """When a slot tries its own category and level before the others fill (lower first), or None:
    complex slots but technical (dated or credited facts and a chart over their years), then the
    cross-modal slots whose question carries a drawn verdict (a claim of that verdict: a report
    holds two or three), then technical complex slots (which read those claims too), then the
    chart-reading slots of :data:`EVENT_CELLS`."""
    if subset == "chart":
        return EVENT_PASS if (category, level) in EVENT_CELLS else None
    if subset == "complex":
        return L4_PASS if level == "L4" else 2 if category == "technical_quantitative" else 0
    return 1 if (category, level) in VERDICT_CELLS else None


def _fill_slots(
    ctx: Context, targets: dict[Subset, list[tuple[str, Difficulty, PositionBucket]]], count: int, seed: int
) -> dict[Subset, list[Draft]]:
    """Every slot's draft: first the slots that need scarce evidence try their own category and
    level (:func:`_first_pass`), before other questions use that evidence up; then every slot not
    yet filled, in :data:`FILL_ORDER`, with all its attempts."""
    order = [(subset, slot) for turn in FILL_ORDER for slot in range(count) for subset in turn]
    found: dict[tuple[Subset, int], list[Draft]] = {}
    passes: list[tuple[float, Subset, int, Only]] = []
    for subset, slot in order:
        first = _first_pass(subset, *targets[subset][slot][:2])
        passes += [(first, subset, slot, "cell")] if first is not None else []
        passes += (
            [(WIDE_LEVELS[key], subset, slot, "level")]
            if (key := (subset, targets[subset][slot][1])) in WIDE_LEVELS
            else []
        )
    for _, subset, slot, only in sorted(passes, key=lambda p: p[0]):
        if (subset, slot) not in found:
            own = _fill(ctx, subset, targets[subset][slot : slot + 1], seed, slot, only=only)
            found.update({(subset, slot): _drafts(own)} if own else {})
    for subset, slot in order:
        if (subset, slot) not in found:
            found[(subset, slot)] = _drafts(_fill(ctx, subset, targets[subset][slot : slot + 1], seed, slot))
    return {s: [d for slot in range(count) for d in found[(s, slot)]] for s in SUBSETS}


def _drafts(found: list[tuple[Draft, int]]) -> list[Draft]:
    return [draft for draft, _ in found]


def doc_index(doc_id: str) -> int:
    """The run index in ``sdb-<seed>-<index>``; a stable digest for any other id."""
    m = _DOC_INDEX.search(doc_id)
    return int(m.group(1)) if m else stable_digest("doc-index", doc_id) % 1_000_003


def slot_targets(
    subset: Subset, count: int, index: int, seed: int = 0
) -> list[tuple[str, Difficulty, PositionBucket]]:
    """(category, level, position bucket) of each of ``count`` slots of document ``index``.

    With ``k = index * count + j``: the category cycles with ``j + index`` (distinct within
    a document), the level with ``k`` and the bucket with ``j + 2 * index``; each cycle
    starts at a run-wide offset drawn from the seed, the level cycle's shifted per subset by
    :data:`LEVEL_SHIFTS` (so a report's slots target every level). For three slots, every 45 consecutive
    documents hold each (category, bucket) pair equally often, each category and each level
    equally often, and each (category, level) pair equally often except that a slot whose pair
    is an :data:`EMPTY_CELLS` one trades its level with a slot of its document that can take it
    (chart L1 is all value reading, its comparison and trend slots go to L2-L5).
    """
    cats = CATEGORIES[subset]
    offsets = stage_rng(seed, "questions.targets", subset).integers(0, 60, size=3)
    level_offset = int(stage_rng(seed, "questions.levels").integers(0, 60)) + LEVEL_SHIFTS[subset]
    out: list[tuple[str, Difficulty, PositionBucket]] = []
    for j in range(count):
        k = index * count + j
        category = cats[(j + index + int(offsets[0])) % len(cats)]
        level = DIFFICULTIES[(k + level_offset) % len(DIFFICULTIES)]
        bucket = BUCKETS[(j + 2 * index + int(offsets[2])) % len(BUCKETS)]
        out.append((category, level, bucket))
    return _trade_levels(out)


def _trade_levels(
    targets: list[tuple[str, Difficulty, PositionBucket]],
) -> list[tuple[str, Difficulty, PositionBucket]]:
    """``targets`` with every slot on an empty cell given the level of another slot that can take
    its own level (the slots keep their category and bucket, the document its levels)."""
    out = list(targets)
    for i, (cat, lv, bucket) in enumerate(out):
        if (cat, lv) not in EMPTY_CELLS:
            continue
        for j, (other, lv_j, bucket_j) in enumerate(out):
            if (other, lv) not in EMPTY_CELLS and (cat, lv_j) not in EMPTY_CELLS:
                out[i], out[j] = (cat, lv_j, bucket), (other, lv, bucket_j)
                break
    return out


def turns(subset: Subset, count: int, index: int, seed: int = 0) -> dict[tuple[str, str | None], int]:
    """How many documents before ``index`` target each (category, level) of ``subset``, and each
    category at any level (key ``(category, None)``). The slot cycles repeat every
    ``categories x levels`` documents, so this counts one cycle and the part before ``index``."""
    period = len(CATEGORIES[subset]) * len(DIFFICULTIES)

    def tally(indices: range) -> Counter[tuple[str, str | None]]:
        out: Counter[tuple[str, str | None]] = Counter()
        for i in indices:
            for category, level, _ in slot_targets(subset, count, i, seed):
                out[(category, level)] += 1
                out[(category, None)] += 1
        return out

    cycles, rest = divmod(index, period)
    whole, part = tally(range(period)), tally(range(rest))
    return {key: cycles * whole[key] + part[key] for key in whole}


def _evidence_charts(config: GenerationConfig, manifest: DocumentManifest) -> list[int]:
    """Chart indices the configured evidence depth placed (empty when the depth is not set)."""
    if getattr(config, "evidence_depth", None) is None:
        return []

    return list(evidence_chart_indices(config, len(manifest.charts)))


def _attempts(subset: Subset, category: str, level: Difficulty) -> list[tuple[str, Difficulty, bool]]:
    """(category, level, strict) in the order a slot tries them: the target level first, then
    the other levels (nearest first); within a level the target category first. Chart-reading
    slots try each level within the target bucket (strict) before any bucket."""
    cats = [category] + [c for c in CATEGORIES[subset] if c != category]
    i = DIFFICULTIES.index(level)
    levels = sorted(DIFFICULTIES, key=lambda lv: (abs(DIFFICULTIES.index(lv) - i), DIFFICULTIES.index(lv)))
    passes = (True, False) if subset == "chart" else (False,)
    return [(c, lv, strict) for lv in levels for strict in passes for c in cats]


def _arranged(
    ctx: Context, targets: list[tuple[str, Difficulty, PositionBucket]], seed: int
) -> list[tuple[str, Difficulty, PositionBucket]]:
    """Chart-reading slots with their buckets arranged: the first arrangement (the cycle's own
    first) under which the most slots get their target level inside their bucket (and then their
    target category), tried on a copy of the context. Permuting buckets among a document's slots
    keeps the run's bucket counts as the cycle set them."""
    if ctx.preferred:
        return targets
    best, best_hits = targets, -1
    for buckets in dict.fromkeys(permutations([b for _, _, b in targets])):
        trial = [(c, lv, b) for (c, lv, _), b in zip(targets, buckets, strict=True)]
        probe = ctx.fork()
        hits = sum(score for _, score in _fill(probe, "chart", trial, seed))
        if hits > best_hits:
            best, best_hits = trial, hits
        if hits == 3 * len(targets):
            break
    return best


def _fill(
    ctx: Context,
    subset: Subset,
    targets: list[tuple[str, Difficulty, PositionBucket]],
    seed: int,
    first: int = 0,
    only: Only = None,
) -> list[tuple[Draft, int]]:
    """(draft, score) for every slot that could be filled (slots numbered from ``first``): 2 when
    the draft has the slot's level and bucket, plus 1 when it has the slot's category. With
    ``only`` a slot tries only its own cell (category and level) or its own level."""
    out: list[tuple[Draft, int]] = []
    for slot, (category, level, bucket) in enumerate(targets, start=first):
        ctx.bucket = bucket if subset == "chart" else None
        # a slot draws its verdict first; a question with a verdict is built only at the slot's
        # own category and level, with evidence that has the drawn verdict (see ``wanted``)
        ctx.verdict, ctx.target = slot_verdict(ctx, category, level), (category, level)
        found = _attempt(ctx, subset, category, level, seed, slot, only)
        if found is not None:
            out.append(found)
    ctx.bucket, ctx.strict, ctx.verdict, ctx.target = None, False, None, None
    return out


def _attempt(
    ctx: Context,
    subset: Subset,
    category: str,
    level: Difficulty,
    seed: int,
    slot: int,
    only: Only = None,
) -> tuple[Draft, int] | None:
    """The first draft of a slot's attempts (see :func:`_attempts`; with ``only`` those at its
    own cell or level), with its score."""
    for cat, lv, strict in _attempts(subset, category, level):
        if (only and lv != level) or (only == "cell" and cat != category):
            continue
        ctx.strict = strict
        rng = stage_rng(seed, "questions", ctx.manifest.doc_id, subset, slot, cat, lv, strict)
        draft = _build(ctx, cat, lv, rng)
        if draft is not None:
            exact = lv == level and (strict or subset != "chart")
            return draft, 2 * exact + (cat == category)
    return None


def _build(ctx: Context, category: str, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    """The builder's first informative draft that reads no mark hidden under another series'
    (:mod:`generation.questions.overlap`). A builder reserves the evidence it used, so asking
    again after a draft not taken moves on to other evidence."""
    for _ in range(_MAX_RETRIES):
        draft = _BUILDERS[category](ctx, level, rng)
        if draft is None:
            return None
        if informative(draft) and ctx.admits(draft) and not reads_hidden_mark(draft):
            ctx.take(draft)
            return draft
    return None


def _regions(draft: Draft, ctx: Context) -> list[Region]:
    out: list[Region] = []
    facts = [ctx.manifest.text_facts[i] for i in draft.facts]
    for item_regions in [f.regions for f in facts] + [c.regions for c in draft.charts]:
        for r in item_regions:
            if r not in out:
                out.append(r)
    return out


def _position(ctx: Context, subset: Subset, draft: Draft) -> Position:
    """k/K of the chart for chart reading; otherwise the page of the primary evidence.

    Unmeasured manifests (a plan: no regions, no page count) fall back to the chart's
    k/K, or to the section's order among the sections.
    """
    m = ctx.manifest
    if subset == "chart" and draft.charts:
        return make_position(draft.charts[0].index, ctx.chart_count, "chart")
    primary = [m.text_facts[i].regions for i in draft.facts[:1]] + [c.regions for c in draft.charts[:1]]
    for regions in primary:
        if regions and 1 <= regions[0].page <= m.page_count:
            return make_position(regions[0].page, m.page_count, "page")
    if draft.charts:
        return make_position(draft.charts[0].index, ctx.chart_count, "chart")
    orders = [s.order for s in m.sections] or [1]
    section = m.text_facts[draft.facts[0]].section_id if draft.facts else ""
    order = max(1, ctx.section_order(section))
    return make_position(min(order, max(orders)), max(orders), "page")


def draft_to_question(ctx: Context, subset: Subset, n: int, draft: Draft) -> Question:
    """The record of a draft: id ``<doc_id>-<subset>-<n>``, evidence regions, position, the
    derivation of every number (as programs), and the reasoning that prints them as ``[calc: ...]``."""
    facts = [ctx.manifest.text_facts[i] for i in draft.facts]
    chart = draft.charts[0] if draft.charts else None
    rng = stage_rng(ctx.seed, "questions.refs", ctx.manifest.doc_id, subset, n)
    sections = {s.section_id: s.title for s in ctx.manifest.sections}
    question = draft.question
    for c in draft.charts:
        question = refer(question, c, chart_refs(c, ctx.manifest.charts, sections), rng)
    topic = topic_by_title(ctx.manifest.topic)
    rivers = named_with_article(topic) if topic is not None else ()
    # a sankey names its nodes only inside its flows; a legend name that is a common noun, only there
    names = spelled_labels(ctx.manifest.charts) | common_names(ctx.manifest.charts, topic)
    keep = titles(ctx.manifest)
    return Question(
        question_id=f"{ctx.manifest.doc_id}-{subset}-{n:02d}",
        doc_id=ctx.manifest.doc_id,
        subset=subset,
        question_type=QUESTION_TYPES[subset],
        category=draft.category,
        difficulty=draft.difficulty,
        question=in_sentence_case(articled(question, rivers), names, keep),
        answer=in_sentence_case(articled(draft.answer, rivers), names, keep),
        answer_values=draft.answer_values,
        reasoning=[in_sentence_case(step, names, keep) for step in draft.full_reasoning()],
        required_facts=list(draft.facts),
        required_facts_text=[f.sentence for f in facts],
        fact_sources=[f.section_id for f in facts],
        chart_index=chart.index if chart else None,
        chart_title=chart.title if chart else None,
        chart_type=chart.chartType if chart else None,
        required_data_points=draft.data_refs(),
        evidence=_regions(draft, ctx),
        position=_position(ctx, subset, draft),
        derivations=draft.derivations(),
        evidence_units=evidence_units(ctx, draft),
    )
