"""Which year of a two-year choice is the higher (comparison L2: two years of a series; L5: two
series that are years, named by their colours) is taken in turn over a run's documents
(``chart_common.year_side``), not drawn per question: drawn with chance 1/2, comparison L5
answered the earlier year 21 of 24 times on 200 plan-only reports of fresh seed 9357
(``bench/question_measures.py``, strategy "earlier year"), 10 of 22 with the turns.
"""

from __future__ import annotations

from collections import Counter

import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.build import slot_targets, turns
from generation.questions.chart_common import year_balanced, year_side
from generation.questions.common import Context, slot_verdict
from synthdocbench_tasks.schema import DataPoint, Difficulty
from tests.generation.questions.planned import PAPER

SEED, N_DOCS, SLOTS = 41, 120, 3


@pytest.mark.parametrize("level", ["L2", "L5"])
def test_the_documents_of_a_cell_take_the_two_sides_in_turn(level: Difficulty) -> None:
    """Over the run's documents whose chart slots target (comparison, level), the later and the
    earlier year come up equally often (one apart at most), whatever the seed's draws."""
    config = load_config(PAPER, seed=SEED, n_docs=1)
    ctx = Context.of(plan_document(config, 0).manifest)
    ctx.seed = SEED
    sides: Counter[bool] = Counter()
    for index in range(N_DOCS):
        if ("comparison", level) not in {(c, lv) for c, lv, _ in slot_targets("chart", SLOTS, index, SEED)}:
            continue
        ctx.turns = turns("chart", SLOTS, index, SEED)
        ctx.verdict = slot_verdict(ctx, "comparison", level)
        sides[year_side(ctx, level)] += 1
    assert sides[True] + sides[False] >= 10, sides
    assert abs(sides[True] - sides[False]) <= 1, sides


def _mark(label: str, series: str, value: float) -> DataPoint:
    return DataPoint(label=label, value=value, category=series)


def test_a_chart_offers_only_the_slots_side_of_its_two_year_pairs() -> None:
    """Pairs (higher first) of two series that are years: the later year higher at A, the
    earlier at B; a pair of other marks passes either way, and a chart whose pairs all go one
    way offers none of them."""
    later_up = (_mark("A", "2020", 5.0), _mark("A", "2010", 3.0))
    earlier_up = (_mark("B", "2010", 6.0), _mark("B", "2020", 2.0))
    other = (_mark("C", "Rail", 4.0), _mark("C", "Road", 1.0))
    pairs = [later_up, earlier_up, other]

    def series(p: DataPoint) -> str | None:
        return p.category

    assert year_balanced(pairs, series, later=True) == [later_up, other]
    assert year_balanced(pairs, series, later=False) == [earlier_up, other]
    assert year_balanced([later_up, other], series, later=False) == [other]
