"""Integrate-sources questions combine the text and the chart (Table 14: neither source alone is
sufficient): ``crossmodal_measures.separate_lookups`` counts those that quote the text's figure
and read the chart apart. Held at every level. L3's claim-hop form was two lookups ("what threshold
does the text give for X in 2020, and what is the average of X from 2018 to 2020 in the chart?":
audit58, 24 of 24 integrate L3 on 200 plan-only reports of seed 9357); integ58 works the text's
figure and the chart's readings into one number (the mean's gap from the figure, the figure's
share of the parts' total).
"""

from __future__ import annotations

from collections import Counter

import pytest

from generation.questions.crossmodal_measures import separate_lookups
from tests.generation.questions.planned import planned_run

pytestmark = pytest.mark.slow

SEED, N_DOCS = 41, 30


def test_integrate_questions_combine_the_two_sources() -> None:
    asked: Counter[str] = Counter()
    apart: Counter[str] = Counter()
    for plan, questions in planned_run(SEED, N_DOCS):
        for q in questions:
            if q.category == "integrate_sources":
                asked[q.difficulty] += 1
                apart[q.difficulty] += separate_lookups(plan.manifest, q)
    assert sum(asked[lv] for lv in ("L1", "L2", "L4", "L5")) >= 15, asked
    assert asked["L3"] >= 3, asked
    assert all(apart[lv] == 0 for lv in ("L1", "L2", "L3", "L4", "L5")), (apart, asked)
