"""Layout: a DocumentPlan -> one self-contained HTML document (D3 and chart specs inlined).

The HTML needs no network: D3 is inlined, fonts are local (Debian packages), styles are
inline. Each figure, table and text-fact sentence is wrapped in an internal link
(``<a href="#id">`` around an element with that id) so that Chromium emits one PDF link
annotation per object; :mod:`generation.regions` reads them back as ground-truth regions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import jinja2

from generation.plan import (
    CalloutBlock,
    ChartBlock,
    DocumentPlan,
    HeadingBlock,
    ParagraphBlock,
    TableBlock,
)
from synthdocbench_tasks.schema import ARCHETYPES, Chart

#: Chart types that charts.js draws (a test checks this against the script itself).
SUPPORTED_CHART_TYPES: tuple[str, ...] = (
    "area",
    "bar",
    "bubble",
    "donut",
    "dumbbell",
    "funnel",
    "grouped_bar",
    "heatmap",
    "histogram",
    "horizontal_bar",
    "line",
    "lollipop",
    "multi_line",
    "pie",
    "scatter",
    "stacked_area",
    "stacked_bar",
    "waterfall",
)

#: Table 16: at most this many charts share one layout block, per archetype.
MAX_CHARTS_PER_BLOCK: dict[str, int] = {
    "magazine": 3,
    "dashboard": 4,
    "academic": 2,
    "editorial": 2,
    "infographic": 4,
    "brutalist": 2,
}


class LayoutError(ValueError):
    """A plan that cannot be laid out; the message names the document and the problem."""


@dataclass
class _Item:
    """One thing the template draws, in reading order."""

    kind: str
    text: str = ""
    level: int = 3
    segments: list[tuple[str, str | None]] = field(default_factory=list)
    charts: list[Chart] = field(default_factory=list)
    table: Any = None
    style: str = ""
    items: list[tuple[str, str]] = field(default_factory=list)


@cache
def _asset(name: str) -> str:
    return resources.files("generation").joinpath("assets", name).read_text(encoding="utf-8")


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FunctionLoader(_asset),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def _script_json(obj: Any) -> str:
    """JSON safe to place inside a <script> element (no '<', '>' or '&' survive)."""
    text = json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _segments(doc_id: str, block: ParagraphBlock, sentences: dict[str, str]) -> list[tuple[str, str | None]]:
    """Split a paragraph into plain text and fact sentences (each tagged with its fact id)."""
    spans: list[tuple[int, int, str]] = []
    for fact_id in block.fact_ids:
        if fact_id not in sentences:
            raise LayoutError(
                f"{doc_id}: paragraph names fact {fact_id!r}, which the manifest does not define"
            )
        start = block.text.find(sentences[fact_id])
        if start < 0:
            raise LayoutError(
                f"{doc_id}: the sentence of fact {fact_id!r} does not occur verbatim in its paragraph; "
                "the content stage must place it unchanged"
            )
        spans.append((start, start + len(sentences[fact_id]), fact_id))
    spans.sort()
    out: list[tuple[str, str | None]] = []
    pos = 0
    for start, end, fact_id in spans:
        if start < pos:
            raise LayoutError(f"{doc_id}: fact {fact_id!r} overlaps another fact sentence in its paragraph")
        if start > pos:
            out.append((block.text[pos:start], None))
        out.append((block.text[start:end], fact_id))
        pos = end
    if pos < len(block.text):
        out.append((block.text[pos:], None))
    return out


def _callout_items(block: CalloutBlock) -> list[tuple[str, str]]:
    """Metric cards and timeline entries read ``"label: value"``; the rest are plain text."""
    if block.style not in ("metric_cards", "timeline"):
        return [(item, "") for item in block.items]
    pairs = []
    for item in block.items:
        head, sep, tail = item.partition(":")
        pairs.append((head.strip(), tail.strip()) if sep else (item, ""))
    return pairs


def _section_items(plan: DocumentPlan, blocks: list[Any], max_per_block: int) -> list[_Item]:
    doc_id = plan.manifest.doc_id
    charts = {c.vizId: c for c in plan.manifest.charts}
    tables = {t.table_id: t for t in plan.manifest.tables}
    sentences = {f.fact_id: f.sentence for f in plan.manifest.text_facts}
    items: list[_Item] = []
    for block in blocks:
        if isinstance(block, ChartBlock):
            if block.viz_id not in charts:
                raise LayoutError(f"{doc_id}: chart block names {block.viz_id!r}, which the manifest lacks")
            last = items[-1] if items else None
            if last is not None and last.kind == "figures" and len(last.charts) < max_per_block:
                last.charts.append(charts[block.viz_id])
            else:
                items.append(_Item(kind="figures", charts=[charts[block.viz_id]]))
        elif isinstance(block, TableBlock):
            if block.table_id not in tables:
                raise LayoutError(f"{doc_id}: table block names {block.table_id!r}, which the manifest lacks")
            items.append(_Item(kind="table", table=tables[block.table_id]))
        elif isinstance(block, ParagraphBlock):
            items.append(_Item(kind="paragraph", segments=_segments(doc_id, block, sentences)))
        elif isinstance(block, HeadingBlock):
            items.append(_Item(kind="heading", text=block.text, level=block.level))
        elif isinstance(block, CalloutBlock):
            items.append(_Item(kind="callout", style=block.style, items=_callout_items(block)))
    return items


def _check(plan: DocumentPlan) -> None:
    m = plan.manifest
    if m.archetype not in ARCHETYPES:
        raise LayoutError(f"{m.doc_id}: unknown archetype {m.archetype!r}")
    for chart in m.charts:
        if chart.chartType not in SUPPORTED_CHART_TYPES:
            raise LayoutError(
                f"{m.doc_id}: chart {chart.vizId} has type {chart.chartType!r}, which charts.js cannot draw; "
                f"use one of {', '.join(SUPPORTED_CHART_TYPES)}"
            )
    section_ids = {s.section_id for s in m.sections}
    for sp in plan.sections:
        if sp.section_id not in section_ids:
            raise LayoutError(
                f"{m.doc_id}: plan section {sp.section_id!r} is not among the manifest's sections"
            )
    placed = [b.viz_id for sp in plan.sections for b in sp.blocks if isinstance(b, ChartBlock)]
    missing = sorted({c.vizId for c in m.charts} - set(placed))
    if missing:
        raise LayoutError(f"{m.doc_id}: charts {missing} are in the manifest but placed in no section")
    if len(placed) != len(set(placed)):
        raise LayoutError(
            f"{m.doc_id}: a chart is placed more than once; each vizId must appear in one block"
        )


def chart_spec(chart: Chart) -> dict[str, Any]:
    """What charts.js needs to draw one chart (Table 17 fields, no regions)."""
    return chart.model_dump(
        mode="json", include={"vizId", "chartType", "title", "axes", "data", "visualProperties"}
    )


def render_html(plan: DocumentPlan, d3_js: str) -> str:
    """The complete, self-contained HTML document of ``plan`` with ``d3_js`` inlined."""
    _check(plan)
    m = plan.manifest
    max_per_block = MAX_CHARTS_PER_BLOCK[m.archetype]
    titles = {s.section_id: s for s in m.sections}
    sections = [
        {
            "id": sp.section_id,
            "order": titles[sp.section_id].order,
            "title": titles[sp.section_id].title,
            "items": _section_items(plan, list(sp.blocks), max_per_block),
        }
        for sp in sorted(plan.sections, key=lambda s: titles[s.section_id].order)
    ]
    specs = {c.vizId: chart_spec(c) for c in m.charts}
    template = _environment().get_template("document.html.j2")
    return template.render(
        plan=plan,
        manifest=m,
        sections=sections,
        base_css=_asset("base.css"),
        archetype_css=_asset(f"{m.archetype}.css"),
        d3_js=d3_js,
        charts_js=_asset("charts.js"),
        specs_json=_script_json(specs),
    )
