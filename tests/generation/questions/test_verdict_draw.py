"""The verdicts slots draw before their evidence (issue 23, point 3), on any seed and any run.

A slot draws its verdict from its place in the run's sequence for its own category and level
(:func:`generation.questions.common.slot_verdict`, :func:`generation.questions.common.wanted`).
Whatever the seed and however many documents a run has, the drawn verdicts of every
verdict-bearing category split evenly: each (category, level) alternates, so a category is off an
even split by at most one per level. (The realized questions, which also depend on the evidence a
report holds, are measured in ``test_question_measures.py`` over 20 paper-config documents.)
"""

from __future__ import annotations

from collections import Counter

import pytest

from generation.questions.build import slot_targets, turns
from generation.questions.chart_compare import _above_average, _l3_makers
from generation.questions.common import Context, slot_verdict, wanted
from tests.generation.manifest_fixture import build_manifest

pytestmark = pytest.mark.slow

#: (subset, category) -> (the verdict classes, the levels that carry one)
VERDICT_CELLS: dict[tuple[str, str], tuple[tuple[str, str], tuple[str, ...]]] = {
    ("cross_modal", "verify_with_chart"): (("matches", "contradicts"), ("L1", "L2", "L3", "L4", "L5")),
    ("cross_modal", "compare_representations"): (("matches", "contradicts"), ("L2", "L3", "L4", "L5")),
    ("cross_modal", "integrate_sources"): (("above", "below"), ("L2",)),
    ("chart", "comparison"): (("above", "below"), ("L3",)),
}


def drawn(seed: int, n_docs: int) -> list[dict[str, Counter[str]]]:
    """Per run length 1..``n_docs``: category -> verdict -> the slots of the run that drew it."""
    ctx = Context.of(build_manifest())
    ctx.seed = seed
    out: dict[str, Counter[str]] = {category: Counter() for _, category in VERDICT_CELLS}
    runs = []
    for index in range(n_docs):
        for subset in ("chart", "cross_modal"):
            ctx.turns = turns(subset, 3, index, seed)
            for category, level, _ in slot_targets(subset, 3, index, seed):
                cell = VERDICT_CELLS.get((subset, category))
                if cell is None or level not in cell[1]:
                    continue
                ctx.verdict, ctx.target = slot_verdict(ctx, category, level), (category, level)
                out[category][wanted(ctx, category, cell[0], level)] += 1
        runs.append({c: Counter(v) for c, v in out.items()})
    return runs


def test_drawn_verdicts_split_evenly_on_any_seed_and_run_length() -> None:
    for seed in (0, 7, 41, 98765):
        runs = drawn(seed, 200)
        for n_docs in (20, 37, 200):
            for category, counts in runs[n_docs - 1].items():
                levels = next(cell[1] for (_, c), cell in VERDICT_CELLS.items() if c == category)
                (_, most), (_, least) = counts.most_common()
                assert most - least <= len(levels), (seed, n_docs, category, counts)


def test_the_chart_comparison_asks_a_side_in_half_its_turns() -> None:
    # of every four turns, two try the gap to the average first, one for each side
    ctx = Context.of(build_manifest())
    firsts = []
    for turn in range(8):
        ctx.turns = {("comparison", "L3"): turn}
        firsts.append(_l3_makers(ctx)[0] is _above_average)
    assert sum(firsts) == 4
