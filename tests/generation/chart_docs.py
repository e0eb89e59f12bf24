"""Hand-made charts printed in a real document by Chromium, for the rendering tests.

One place for what ``test_legibility.py``, ``test_mpl_legibility.py``, ``test_render.py`` and
``test_regions.py`` each did by hand: print a dashboard document of given charts with either
renderer and measure its regions, turn a manifest region into a PDF rectangle, list the
findings of one legibility check, and build a data-labelled chart of given points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pymupdf

from generation.charts.d3 import load_d3
from generation.document.layout import plan_with_renderer, render_html
from generation.document.regions import measure_regions
from generation.document.render import Renderer
from generation.plan.doc_plan import ChartBlock
from generation.validate.legibility import DocumentLegibility
from synthdocbench_tasks.schema import Chart, DataPoint, DocumentManifest, Region
from tests.generation.all_types import type_chart
from tests.generation.sample_plan import sample_plan

#: The two chart renderers a document can be drawn with.
RENDERERS: tuple[str, ...] = ("d3", "matplotlib")


def print_charts(
    renderer: Renderer, charts: list[Chart], drawn_by: str, archetype: str = "dashboard"
) -> tuple[bytes, DocumentManifest]:
    """A real document of ``charts`` drawn by ``drawn_by`` (charts.js or matplotlib) in the
    layout ``archetype``, printed by Chromium without a script error or a network request,
    regions measured."""
    plan = sample_plan([], archetype=archetype, sections=1, with_table=False)
    for k, chart in enumerate(charts):
        chart.vizId, chart.index, chart.figure_number = f"viz-s1-{k + 1}", k + 1, k + 1
    plan.manifest.charts = charts
    plan.sections[0].blocks.extend(ChartBlock(viz_id=c.vizId) for c in charts)
    plan = plan_with_renderer(plan, drawn_by)
    script = load_d3() if drawn_by == "d3" else ""
    result = renderer.render_pdf(render_html(plan, script), name=plan.manifest.doc_id)
    assert result.console_errors == [] and result.blocked_requests == []
    return measure_regions(result.pdf, plan.manifest)


def failing(found: DocumentLegibility, check: str) -> list[str]:
    """The findings of one legibility check, one readable line each."""
    return [f"{f.chart_type}: {f.text!r} {f.detail}" for f in found.findings if f.check == check]


def labelled_chart(chart_type: str, data: list[DataPoint], **visual: object) -> Chart:
    """A data-labelled chart of ``chart_type`` showing ``data``, with ``visual`` properties changed."""
    chart = type_chart(chart_type, 1, data_labels=True)
    props = chart.visualProperties.model_copy(update=visual) if visual else chart.visualProperties
    return chart.model_copy(update={"data": data, "visualProperties": props})


def series_points(labels: Sequence[str], rows: Mapping[str, Sequence[float]]) -> list[DataPoint]:
    """One point per label and series: ``rows`` maps a series to its values, in label order."""
    return [
        DataPoint(label=label, value=value, category=series)
        for series, values in rows.items()
        for label, value in zip(labels, values, strict=True)
    ]


def region_rect(page: pymupdf.Page, region: Region) -> pymupdf.Rect:
    """A region's box (thousandths of the page) in the page's points."""
    w, h = page.rect.width, page.rect.height
    x1, y1, x2, y2 = region.bbox
    return pymupdf.Rect(x1 * w / 1000, y1 * h / 1000, x2 * w / 1000, y2 * h / 1000)
