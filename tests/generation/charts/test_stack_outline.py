"""Two readings of the charts54 review, held over planned paper-config charts (fresh seed 9888):
a highlighted stacked bar's outline covers none of its segments' fills (``generation.charts.outline``),
and a sparkline grid names a year under its panels at least every three years, so no year is more
than one from a named one (``panel_labels.year_ticks``); both as charts.js and matplotlib print them."""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from pathlib import Path

import pymupdf
import pytest

from generation.charts.band_labels import LABEL_SLOT_PX, TICK_CHAR_PX
from generation.charts.outline import outlined, segment_fills
from generation.charts.panel_labels import (
    FRAME_X,
    MOST_STEP,
    PANEL_LEFT,
    PANEL_RIGHT,
    X_PADDING,
    YEAR_GAP_PX,
    panel_columns,
    year_ticks,
)
from generation.document.content import plan_document
from generation.document.layout import chart_slots
from generation.document.render import Renderer
from generation.plan.config import load_config
from generation.plan.doc_plan import DocumentPlan
from synthdocbench_tasks.schema import Chart
from tests.generation.chart_docs import failing, print_charts, region_rect

pytestmark = pytest.mark.slow

SEED, N_DOCS, MAX_CHARTS = 9888, 80, 6


@cache
def _plans() -> tuple[DocumentPlan, ...]:
    config = load_config(Path("configs/paper.yaml"), seed=SEED, n_docs=N_DOCS)
    return tuple(plan_document(config, i) for i in range(N_DOCS))


def _charts(kind: str) -> list[Chart]:
    return [c for p in _plans() for c in p.manifest.charts if c.chartType == kind]


def _years(chart: Chart) -> list[str]:
    return list(dict.fromkeys(p.label for p in chart.data))


def test_every_planned_grid_names_a_year_at_least_every_three_that_fit_its_narrowest_panel() -> None:
    grids = _charts("sparkline_grid")
    assert len(grids) >= 40, len(grids)
    for chart in grids:
        years, ticks = _years(chart), year_ticks(chart)
        named = [years.index(y) for y in ticks]
        assert named[0] == 0 and named == sorted(named), (chart.title, ticks)
        steps = {b - a for a, b in pairwise(named)}
        assert len(steps) <= 1 and max(steps, default=1) <= MOST_STEP, (chart.title, ticks)
        assert all(min(abs(k - t) for t in named) <= 1 for k in range(len(years))), (chart.title, ticks)
        cols = panel_columns(len({p.category for p in chart.data}))
        span = (LABEL_SLOT_PX[0] - FRAME_X) / cols - PANEL_LEFT - PANEL_RIGHT
        pitch = span / (len(years) - 1 + 2 * X_PADDING)
        room = TICK_CHAR_PX * max(len(y) for y in years) + YEAR_GAP_PX
        assert max(steps, default=len(years)) * pitch >= room, (chart.title, ticks, pitch)


def test_every_planned_grid_is_drawn_at_least_as_wide_as_its_year_ticks_are_planned_for() -> None:
    widths = [
        slot.width
        for p in _plans()
        for viz, slot in chart_slots(p).items()
        for c in p.manifest.charts
        if c.vizId == viz and c.chartType == "sparkline_grid"
    ]
    assert len(widths) >= 40 and min(widths) >= LABEL_SLOT_PX[0], sorted(widths)[:3]


def test_no_planned_outline_covers_a_segment_however_thin() -> None:
    bars = [c for c in _charts("stacked_bar") if outlined(c)]
    fills = [f for c in bars for f in segment_fills(c).values()]
    assert len(bars) >= 10 and min(h for h, _ in fills) < 2.2, (len(bars), min(fills))
    assert all(visible == height for height, visible in fills)


def _dark_strokes_over_fills(pdf: bytes, chart: Chart, page_rect: pymupdf.Rect) -> tuple[int, list[str]]:
    """(the dark outlines drawn in the chart, those painted over a fill they overlap)."""
    page = pymupdf.open(stream=pdf, filetype="pdf")[chart.regions[0].page - 1]
    drawn = [d for d in page.get_drawings() if d["rect"].intersects(page_rect)]
    fills = [d for d in drawn if d.get("fill") and max(d["fill"]) < 0.97 and d["rect"].height > 0]
    dark = [
        d
        for d in drawn
        if d.get("color") is not None and max(d["color"]) < 0.2 and (d.get("width") or 0) >= 1.2
    ]
    covering = [
        f"outline {o['seqno']} over fill {f['seqno']} {f['rect']}"
        for o in dark
        for f in fills
        if (o is f or o["seqno"] > f["seqno"]) and o["rect"].intersects(f["rect"])
    ]
    return len(dark), covering


@pytest.mark.browser
@pytest.mark.parametrize("drawn_by", ["d3", "matplotlib"])
def test_a_printed_outline_is_painted_under_every_segment(renderer: Renderer, drawn_by: str) -> None:
    bars = [c for c in _charts("stacked_bar") if outlined(c)][:MAX_CHARTS]
    pdf, manifest = print_charts(renderer, [c.model_copy(deep=True) for c in bars], drawn_by)
    page = pymupdf.open(stream=pdf, filetype="pdf")[0]
    for chart in manifest.charts:
        outlines, covering = _dark_strokes_over_fills(pdf, chart, region_rect(page, chart.regions[0]))
        assert outlines >= 1 and covering == [], (chart.title, covering[:3])


@pytest.mark.browser
@pytest.mark.parametrize("drawn_by", ["d3", "matplotlib"])
def test_a_printed_grid_names_its_ticked_years_under_every_panel(renderer: Renderer, drawn_by: str) -> None:
    grids = sorted(_charts("sparkline_grid"), key=lambda c: -len(_years(c)))[:MAX_CHARTS]
    assert any(len(year_ticks(c)) > 2 for c in grids)
    pdf, manifest = print_charts(renderer, [c.model_copy(deep=True) for c in grids], drawn_by)
    from generation.validate.legibility import check_document

    found = check_document(manifest, pdf)
    for check in ("overlap", "clipped"):
        assert failing(found, check) == [], check
    for chart in manifest.charts:
        words = [w.text for w in found.charts[chart.vizId].words]
        panels = len({p.category for p in chart.data})
        for year in year_ticks(chart):
            assert words.count(year) >= panels, (chart.title, year, words.count(year), panels)
        unnamed = set(_years(chart)) - set(year_ticks(chart)) - set(chart.title.split())
        assert not unnamed & set(words), (chart.title, unnamed & set(words))
