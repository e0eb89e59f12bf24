"""Questions spread over chart types and levels (review57 points 2 and 3, ``spread_measures``),
and cross-modal claims drawn chart by chart."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np
import pytest

from generation.questions.crossmodal_claims import charts_in_turn
from generation.questions.spread_measures import CHARTS, level_counts, over_asked, render_types, type_counts
from synthdocbench_tasks.schema import DIFFICULTIES, SUBSETS, Chart, DocumentManifest, Question
from tests.generation.questions.planned import planned_run

#: A small seed no other test of this folder plans with this count.
SEED = 11
Report = tuple[DocumentManifest, list[Question]]


@pytest.fixture(scope="module")
def reports() -> list[Report]:
    return [(plan.manifest, questions) for plan, questions in planned_run(SEED, 8)]


@dataclass
class _Claim:
    chart: Chart
    n: int


@pytest.mark.slow
def test_type_counts_tally_every_chart_and_every_question_on_a_chart(reports: list[Report]) -> None:
    counts = type_counts(reports)
    assert sum(counts[CHARTS].values()) == sum(len(m.charts) for m, _ in reports)
    for subset in SUBSETS:
        on_chart = [q for _, qs in reports for q in qs if q.subset == subset and q.chart_type]
        assert sum(counts[subset].values()) == len(on_chart)
        assert set(counts[subset]) <= set(counts[CHARTS])
        assert over_asked(counts, subset) >= 1.0  # some type holds at least its share
    lines = render_types(counts)
    assert len(lines) == 2 + len(counts[CHARTS])


@pytest.mark.slow
def test_level_counts_count_the_reports_lacking_a_level(reports: list[Report]) -> None:
    counts = level_counts(reports)
    for subset in SUBSETS:
        made = [q for _, qs in reports for q in qs if q.subset == subset]
        assert sum(counts[subset][lv] for lv in DIFFICULTIES) == len(made)
        for lv in DIFFICULTIES:
            lacking = sum(not any(q.subset == subset and q.difficulty == lv for q in qs) for _, qs in reports)
            assert counts[subset][f"no {lv}"] == lacking


@pytest.mark.slow
def test_a_builder_taking_the_first_claim_picks_each_chart_equally_often(reports: list[Report]) -> None:
    """One chart holds six claims, two others one each: shuffled as one list the first chart came
    first in 6 of 8 draws; in turn, each chart comes first in a third."""
    charts = reports[0][0].charts[:3]
    found = [_Claim(charts[0], n) for n in range(6)] + [_Claim(charts[1], 6), _Claim(charts[2], 7)]
    firsts = Counter(charts_in_turn(found, np.random.default_rng(k))[0].chart.index for k in range(900))
    assert set(firsts) == {c.index for c in charts}
    assert all(240 <= n <= 360 for n in firsts.values()), firsts
    ordered = charts_in_turn(found, np.random.default_rng(1))
    assert sorted(c.n for c in ordered) == list(range(8))
    # every chart's first claim comes before any chart's second
    assert len({c.chart.index for c in ordered[:3]}) == 3
