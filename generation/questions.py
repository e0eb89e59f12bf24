"""Question generation: chart-reading, cross-modal and multi-hop questions from a manifest.

``make_questions`` asks ``config.questions_per_subset`` questions per subset. Each slot
gets a (category, difficulty) target from a per-document rotation, so over many
documents every category of Table 14 and every level of Table 13 is populated; when
the document has no evidence for that target, the slot falls back to another level of
the same category, then to the other categories. Every answer is computed in code from
the manifest (see ``questions_chart``, ``questions_crossmodal``, ``questions_complex``).

Difficulty rule (``phrasing.STEP_RANGES``, enforced by ``validate``): the reasoning has
L1 1-2 steps (read-off), L2 2-3 (comparison), L3 3-4 (aggregation / computation),
L4 3-5 (chart plus text, domain reasoning), L5 2-3 (what a colour or highlight encodes).
"""

from __future__ import annotations

import numpy as np

from generation.config import GenerationConfig
from generation.questions_chart import BUILDERS as CHART_BUILDERS
from generation.questions_common import Builder, Context, Draft, informative
from generation.questions_complex import BUILDERS as COMPLEX_BUILDERS
from generation.questions_crossmodal import BUILDERS as CROSSMODAL_BUILDERS
from generation.rng import stage_rng
from synthdocbench_tasks.schema import (
    CATEGORIES,
    DIFFICULTIES,
    SUBSETS,
    Difficulty,
    DocumentManifest,
    Position,
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

_MAX_RETRIES = 50
_BUILDERS: dict[str, Builder] = {**CHART_BUILDERS, **CROSSMODAL_BUILDERS, **COMPLEX_BUILDERS}


def make_questions(manifest: DocumentManifest, config: GenerationConfig) -> list[Question]:
    """All questions of one document, subset by subset; same inputs give identical output."""
    ctx = Context.of(manifest)
    questions: list[Question] = []
    for subset in SUBSETS:
        rng = stage_rng(config.seed, "questions", manifest.doc_id, subset)
        drafts = _fill_slots(ctx, subset, config.questions_per_subset, rng, config.seed)
        for n, draft in enumerate(drafts, start=1):
            questions.append(_to_question(ctx, subset, n, draft))
    return questions


def slot_targets(subset: Subset, count: int, rng: np.random.Generator) -> list[tuple[str, Difficulty]]:
    """(category, level) targets for ``count`` slots: categories in a rotated cycle,
    levels in a shuffled cycle, both drawn from ``rng``."""
    cats = list(CATEGORIES[subset])
    shift = int(rng.integers(len(cats)))
    cats = cats[shift:] + cats[:shift]
    levels = [DIFFICULTIES[i] for i in rng.permutation(len(DIFFICULTIES))]
    return [(cats[j % len(cats)], levels[j % len(levels)]) for j in range(count)]


def _fill_slots(ctx: Context, subset: Subset, count: int, rng: np.random.Generator, seed: int) -> list[Draft]:
    drafts: list[Draft] = []
    level_order = [DIFFICULTIES[i] for i in rng.permutation(len(DIFFICULTIES))]
    for slot, (category, level) in enumerate(slot_targets(subset, count, rng)):
        others = [c for c in CATEGORIES[subset] if c != category]
        start = level_order.index(level)
        levels = level_order[start:] + level_order[:start]
        attempts = [(category, lv) for lv in levels] + [(c, lv) for c in others for lv in levels]
        for cat, lv in attempts:
            draft = _build(
                ctx, cat, lv, stage_rng(seed, "questions", ctx.manifest.doc_id, subset, slot, cat, lv)
            )
            if draft is not None:
                drafts.append(draft)
                break
    return drafts


def _build(ctx: Context, category: str, level: Difficulty, rng: np.random.Generator) -> Draft | None:
    """The builder's first informative draft. A builder reserves the evidence it used, so
    asking again after an uninformative draft moves on to other evidence."""
    for _ in range(_MAX_RETRIES):
        draft = _BUILDERS[category](ctx, level, rng)
        if draft is None or informative(draft):
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
    n_charts = max([len(m.charts)] + [c.index for c in m.charts])
    if subset == "chart" and draft.charts:
        return make_position(draft.charts[0].index, n_charts, "chart")
    primary = [m.text_facts[i].regions for i in draft.facts[:1]] + [c.regions for c in draft.charts[:1]]
    for regions in primary:
        if regions and 1 <= regions[0].page <= m.page_count:
            return make_position(regions[0].page, m.page_count, "page")
    if draft.charts:
        return make_position(draft.charts[0].index, n_charts, "chart")
    orders = [s.order for s in m.sections] or [1]
    section = m.text_facts[draft.facts[0]].section_id if draft.facts else ""
    order = max(1, ctx.section_order(section))
    return make_position(min(order, max(orders)), max(orders), "page")


def _to_question(ctx: Context, subset: Subset, n: int, draft: Draft) -> Question:
    facts = [ctx.manifest.text_facts[i] for i in draft.facts]
    chart = draft.charts[0] if draft.charts else None
    return Question(
        question_id=f"{ctx.manifest.doc_id}-{subset}-{n:02d}",
        doc_id=ctx.manifest.doc_id,
        subset=subset,
        question_type=QUESTION_TYPES[subset],
        category=draft.category,
        difficulty=draft.difficulty,
        question=draft.question,
        answer=draft.answer,
        answer_values=draft.answer_values,
        reasoning=draft.reasoning,
        required_facts=list(draft.facts),
        required_facts_text=[f.sentence for f in facts],
        fact_sources=[f.section_id for f in facts],
        chart_index=chart.index if chart else None,
        chart_title=chart.title if chart else None,
        chart_type=chart.chartType if chart else None,
        required_data_points=draft.data_refs(),
        evidence=_regions(draft, ctx),
        position=_position(ctx, subset, draft),
    )
