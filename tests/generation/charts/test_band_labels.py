"""The values a labelled stacked area prints are those ``band_labels`` (``reading.value_printed``)
names, which the question planner reads: drawn by charts.js and by matplotlib, printed by
Chromium in the slots the document's layout gives them (a figure of its own), over the labelled
stacked areas of planned paper-config documents (seed 7151), with no two labels over each other."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from generation.charts.band_labels import LABEL_SLOT_PX, band_frame
from generation.charts.reading import value_printed
from generation.document.content import plan_document
from generation.document.render import CONTENT_WIDTH_PX, Renderer
from generation.plan.archetypes import figure_slots, style_of
from generation.plan.config import load_config
from generation.questions.phrasing import drawn_forms
from generation.validate.legibility import check_document
from synthdocbench_tasks.schema import ARCHETYPES, Chart
from tests.generation.chart_docs import failing, print_charts

SEED, N_DOCS, MAX_CHARTS = 7151, 120, 10


def test_the_labels_are_planned_for_the_smallest_slot_any_layout_draws_one_figure_in() -> None:
    slots = [figure_slots(style_of(a), 1, CONTENT_WIDTH_PX)[0] for a in ARCHETYPES]
    assert (min(s.width for s in slots), min(s.height for s in slots)) == LABEL_SLOT_PX


@cache
def _stacked_areas() -> tuple[Chart, ...]:
    """Labelled stacked areas of planned documents, as their plans drew them."""
    config = load_config(Path("configs/paper.yaml"), seed=SEED, n_docs=N_DOCS)
    out: list[Chart] = []
    for i in range(N_DOCS):
        out += [
            c
            for c in plan_document(config, i).manifest.charts
            if c.chartType == "stacked_area" and c.visualProperties.valueReading == "data_labels"
        ]
        if len(out) >= MAX_CHARTS:
            break
    return tuple(c.model_copy(deep=True) for c in out[:MAX_CHARTS])


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize(
    ("drawn_by", "archetype"),
    [("d3", "academic"), ("d3", "dashboard"), ("d3", "brutalist"), ("matplotlib", "academic")],
)
def test_a_labelled_stacked_area_prints_exactly_the_values_the_planner_counts_printed(
    renderer: Renderer, drawn_by: str, archetype: str
) -> None:
    """academic and dashboard put two consecutive charts side by side (half slots), but never a
    labelled stacked area (``reading.own_figure``); brutalist draws in a monospace font; charts.js
    logs an error (``print_charts`` fails on it) for a plot smaller than ``band_frame`` plans for.
    On main's code (every band value counted printed, charts.js testing only a band's height at
    the drawn size, matplotlib labelling every value, stacked areas paired in half slots), 229
    (academic), 237 (dashboard) and 90 (matplotlib) value labels printed over another; brutalist's
    full-width slots passed."""
    charts = list(_stacked_areas())
    unprinted = [p for c in charts for p in c.data if not value_printed(c, p)]
    assert len(charts) == MAX_CHARTS and unprinted, (len(charts), len(unprinted))
    assert all(band_frame(c).plot_width > 0 and band_frame(c).plot_height > 0 for c in charts)
    pdf, manifest = print_charts(renderer, [c.model_copy(deep=True) for c in charts], drawn_by, archetype)
    found = check_document(manifest, pdf)
    values = {f.lower() for c in charts for p in c.data for f in drawn_forms(p.value)}
    # the year ticks of a plot this narrow print over each other, rotated or not (left alone here)
    assert [f for f in found.findings if f.check == "overlap" and f.text.lower() in values] == []
    assert failing(found, "clipped") == []
    missing, extra = [], []
    for chart in manifest.charts:
        words = {w.text.lower() for w in found.charts[chart.vizId].words}
        shown = {f.lower() for p in chart.data if value_printed(chart, p) for f in drawn_forms(p.value)}
        for p in chart.data:
            forms = {f.lower() for f in drawn_forms(p.value)}
            if value_printed(chart, p) and not forms & words:
                missing.append((chart.title, p.label, p.category, p.value))
            elif not value_printed(chart, p) and not forms & shown and forms & words:
                extra.append((chart.title, p.label, p.category, p.value))
    assert missing == [] and extra == [], (missing, extra)
