"""A chart whose numbers a reader cannot read still carries a chart question (questions52).

A sparkline grid drawn without its data labels has no axis to read a number off
(``registry.LABEL_ONLY_TYPES``), so no builder asked anything of it; in a report whose other
charts the cross-modal and complex questions had filled (each chart carries two questions), a
chart-reading slot found no chart at all (fresh seed 7057, report 147: 599 chart questions of
200 documents). Trend L2 asks such a chart the direction its line clearly takes, with no number.

Sparkline grids are drawn unlabelled in about half the reports that have one, so every sparkline
grid of many planned documents is asked as the generator may draw it, unlabelled.
"""

from __future__ import annotations

import numpy as np
import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.build import make_questions
from generation.questions.chart import BUILDERS
from generation.questions.common import Context
from generation.questions.phrasing import numbers_readable
from synthdocbench_tasks.schema import Chart, DocumentManifest
from tests.generation.questions.planned import PAPER

pytestmark = pytest.mark.slow

SEED, N_DOCS = 1321, 60


def _unlabelled(chart: Chart) -> Chart:
    visual = chart.visualProperties.model_copy(update={"valueReading": "axis"})
    return chart.model_copy(update={"visualProperties": visual})


@pytest.fixture(scope="module")
def grids() -> list[DocumentManifest]:
    """Each planned report with a sparkline grid, that grid drawn without labels."""
    config = load_config(PAPER, seed=SEED, n_docs=N_DOCS)
    out = []
    for i in range(N_DOCS):
        m = plan_document(config, i).manifest
        if any(c.chartType == "sparkline_grid" for c in m.charts):
            charts = [_unlabelled(c) if c.chartType == "sparkline_grid" else c for c in m.charts]
            out.append(m.model_copy(update={"charts": charts}))
    return out


def test_an_unlabelled_sparkline_grid_carries_a_trend_question(grids: list[DocumentManifest]) -> None:
    """On main 3a2a05e: 0 of 41 unlabelled grids carry one."""
    asked = 0
    for m in grids:
        grid = next(c for c in m.charts if c.chartType == "sparkline_grid")
        assert not numbers_readable(grid)
        ctx = Context.of(m.model_copy(update={"charts": [grid]}))
        draft = BUILDERS["trend_pattern"](ctx, "L2", np.random.default_rng([SEED, grid.index]))
        if draft is not None:
            asked += 1
            assert all(v.kind != "number" for v in draft.answer_values), draft.answer_values
    assert len(grids) >= 8, len(grids)
    assert asked >= len(grids) // 2, (asked, len(grids))


def test_every_report_with_an_unlabelled_grid_gets_its_chart_questions(grids: list[DocumentManifest]) -> None:
    config = load_config(PAPER, seed=SEED, n_docs=N_DOCS)
    for m in grids:
        made = [q for q in make_questions(m, config) if q.subset == "chart"]
        assert len(made) == config.questions_per_subset, (m.doc_id, [c.chartType for c in m.charts])
