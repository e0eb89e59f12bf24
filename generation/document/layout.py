"""Layout: a DocumentPlan -> one self-contained HTML document in one of the six archetypes.

The HTML needs no network: fonts are local (Debian packages, see
:mod:`generation.plan.archetypes`), styles are inline, and charts are either drawn in the page
by D3 (inlined) from their Table 17 specs, or, when the plan's ``manifest.renderer`` is
``"matplotlib"``, embedded as server-side SVG from :mod:`generation.charts.mpl`. Either
way each figure, table and text-fact sentence is wrapped in an internal link
(``<a href="#id">`` around an element with that id) so that Chromium emits one PDF link
annotation per object; :mod:`generation.document.regions` reads them back as ground-truth regions.

Archetypes (Table 16) differ in chart placement (figure slots, see
:func:`generation.plan.archetypes.figure_slots`), fonts and palette (CSS custom properties made
from the archetype's style), and auxiliary components, which are rendered from the
callout blocks the content stage emits plus a few archetype-specific page furniture
(chapter markers, reading-progress cues, icon strips, stamps).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import jinja2

from generation.charts.band_labels import band_frame, banded
from generation.charts.d3 import charts_script
from generation.charts.mpl import render_chart_svg
from generation.charts.mpl_common import ChartStyle
from generation.charts.panel_labels import year_ticks
from generation.charts.reading import own_figure, value_printed
from generation.charts.registry import chart_type, drawn_by
from generation.document.render import CONTENT_WIDTH_PX
from generation.plan.archetypes import STYLES, ArchetypeStyle, FigureSlot, figure_slots, style_of
from generation.plan.doc_plan import (
    CalloutBlock,
    ChartBlock,
    DocumentPlan,
    HeadingBlock,
    ParagraphBlock,
    TableBlock,
)
from synthdocbench_tasks.schema import ARCHETYPES, Chart

#: Chart types that charts.js draws: every type of the registry (a test checks the script's table).

#: Table 16: at most this many charts share one layout block, per archetype.
MAX_CHARTS_PER_BLOCK: dict[str, int] = {name: s.max_charts_per_block for name, s in STYLES.items()}
#: Renderers a plan may name (``DocumentManifest.renderer``).
RENDERERS: tuple[str, ...] = ("d3", "matplotlib")


class LayoutError(ValueError):
    """A plan that cannot be laid out; the message names the document and the problem."""


@dataclass
class _Figure:
    chart: Chart
    slot: FigureSlot
    #: Inline SVG markup when matplotlib draws the chart; empty when D3 draws it in the page.
    svg: str = ""


@dataclass
class _Item:
    """One thing the template draws, in reading order."""

    kind: str
    text: str = ""
    level: int = 3
    number: str = ""
    lead: bool = False
    segments: list[tuple[str, str | None]] = field(default_factory=list)
    charts: list[Chart] = field(default_factory=list)
    figures: list[_Figure] = field(default_factory=list)
    table: Any = None
    style: str = ""
    items: list[tuple[str, str]] = field(default_factory=list)


@cache
def _asset(name: str) -> str:
    return resources.files("generation.document").joinpath("assets", name).read_text(encoding="utf-8")


@cache  # built once per process: Jinja compiles and caches the template in it
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FunctionLoader(_asset),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


@cache
def document_template() -> jinja2.Template:
    """The document's template, compiled once per process (about 0.1 s of CPU: Jinja parses it,
    generates Python and compiles that); a generation pool's run compiles it before its workers
    fork (:func:`generation.run.pipeline.fill_caches`), so they inherit it."""
    return _environment().get_template("document.html.j2")


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


def callout_items(block: CalloutBlock) -> list[tuple[str, str]]:
    """The parts of a callout, as the content stage writes them.

    metric_cards ``"<figure with unit> | <caption>"`` -> (figure, caption); timeline
    ``"<year> | <event>"`` -> (year, event); block_quote ``[quote, "— Actor"]`` -> one
    (quote, attribution) pair; pull_quote and abstract -> (text, "") per item. An item
    without ``|`` keeps its whole text in the first place.
    """
    if block.style in ("metric_cards", "timeline"):
        pairs = []
        for item in block.items:
            head, sep, tail = item.partition("|")
            pairs.append((head.strip(), tail.strip()) if sep else (item.strip(), ""))
        return pairs
    if block.style == "block_quote":
        quote = block.items[0] if block.items else ""
        attribution = " ".join(block.items[1:]).strip()
        return [(quote, attribution)]
    return [(item, "") for item in block.items]


def _pulls_up(style: ArchetypeStyle) -> bool:
    """Whether figures of this archetype share rows, so a chart may join the figure just above it."""
    return style.placement in ("hero", "grid", "inline")


def _joins(item: _Item, chart: Chart, cap: int) -> bool:
    """Whether ``chart`` may share the figure block ``item``: a chart whose labels are planned for a
    figure of its own (``reading.own_figure``) never shares one, with another chart or a third."""
    return (
        item.kind == "figures"
        and len(item.charts) < cap
        and not own_figure(chart)
        and not any(own_figure(c) for c in item.charts)
    )


def _section_items(
    plan: DocumentPlan, section_order: int, blocks: list[Any], style: ArchetypeStyle
) -> list[_Item]:
    """The section's blocks as template items; consecutive charts share a block (Table 16 maximum).

    Where figures share rows (magazine, dashboard, academic), a chart separated from the
    previous figure block only by one paragraph joins that block and the paragraph moves
    above it, so a figure spread forms without putting any figure before its mention. A chart
    the chart stage plans for a figure of its own (``reading.own_figure``: a labelled stacked
    area) gets a block of its own, so it is drawn at least as large as its labels are planned for.
    """
    doc_id = plan.manifest.doc_id
    charts = {c.vizId: c for c in plan.manifest.charts}
    tables = {t.table_id: t for t in plan.manifest.tables}
    sentences = {f.fact_id: f.sentence for f in plan.manifest.text_facts}
    cap = style.max_charts_per_block
    items: list[_Item] = []
    subsection = 0
    for block in blocks:
        if isinstance(block, ChartBlock):
            if block.viz_id not in charts:
                raise LayoutError(f"{doc_id}: chart block names {block.viz_id!r}, which the manifest lacks")
            chart = charts[block.viz_id]
            last = items[-1] if items else None
            if last is not None and _joins(last, chart, cap):
                last.charts.append(chart)
            elif (
                _pulls_up(style)
                and len(items) >= 2
                and items[-1].kind == "paragraph"
                and _joins(items[-2], chart, cap)
            ):
                paragraph = items.pop()
                items.insert(len(items) - 1, paragraph)
                items[-1].charts.append(chart)
            else:
                items.append(_Item(kind="figures", charts=[chart]))
        elif isinstance(block, TableBlock):
            if block.table_id not in tables:
                raise LayoutError(f"{doc_id}: table block names {block.table_id!r}, which the manifest lacks")
            items.append(_Item(kind="table", table=tables[block.table_id]))
        elif isinstance(block, ParagraphBlock):
            segments = _segments(doc_id, block, sentences)
            first = not any(i.kind == "paragraph" for i in items)
            # A raised initial only on plain opening text: a fact sentence keeps its plain first word.
            lead = first and bool(segments) and segments[0][1] is None and segments[0][0][:1].isalpha()
            items.append(_Item(kind="paragraph", segments=segments, lead=lead))
        elif isinstance(block, HeadingBlock):
            subsection += 1
            items.append(
                _Item(
                    kind="heading", text=block.text, level=block.level, number=f"{section_order}.{subsection}"
                )
            )
        elif isinstance(block, CalloutBlock):
            items.append(_Item(kind="callout", style=block.style, items=callout_items(block)))
    return items


def _check(plan: DocumentPlan) -> None:
    m = plan.manifest
    if m.archetype not in ARCHETYPES:
        raise LayoutError(f"{m.doc_id}: unknown archetype {m.archetype!r}")
    if m.renderer not in RENDERERS:
        raise LayoutError(f"{m.doc_id}: unknown renderer {m.renderer!r}; use one of {', '.join(RENDERERS)}")
    drawable = drawn_by(m.renderer)
    for chart in m.charts:
        if chart.renderer != m.renderer:
            raise LayoutError(
                f"{m.doc_id}: chart {chart.vizId} says renderer {chart.renderer!r} but the document says "
                f"{m.renderer!r}; set both (layout.plan_with_renderer does)"
            )
        if chart.chartType not in drawable:
            library = "charts.js" if m.renderer == "d3" else "the matplotlib renderer"
            raise LayoutError(
                f"{m.doc_id}: chart {chart.vizId} has type {chart.chartType!r}, which {library} cannot draw; "
                f"use one of {', '.join(drawable)}"
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


def plan_with_renderer(plan: DocumentPlan, renderer: str) -> DocumentPlan:
    """A copy of ``plan`` whose document and charts name ``renderer`` (``"d3"`` or ``"matplotlib"``).

    Everything else, and so every question, stays the same: the rendering-familiarity control.
    """
    if renderer not in RENDERERS:
        raise ValueError(f"unknown renderer {renderer!r}; use one of {', '.join(RENDERERS)}")
    out = plan.model_copy(deep=True)
    out.manifest.renderer = renderer  # type: ignore[assignment]
    for chart in out.manifest.charts:
        chart.renderer = renderer  # type: ignore[assignment]
    return out


def chart_spec(chart: Chart) -> dict[str, Any]:
    """What charts.js needs to draw one chart: Table 17 fields (no regions), from the
    chart-type registry which axis carries the values (``valueAxis``: ``"x"`` or ``"y"``), and
    whether each mark's value is printed (``printed``: ``reading.value_printed``, which the
    question planner reads too), and a stacked area's frame (``bandFrame``: the margins and
    the smallest plot its labels are planned for, ``band_labels.band_frame``) and a grid's
    ``xTicks`` (``panel_labels.year_ticks``)."""
    spec = chart.model_dump(
        mode="json", include={"vizId", "chartType", "title", "axes", "data", "visualProperties"}
    )
    spec["valueAxis"] = chart_type(chart.chartType).value_axis
    for item, point in zip(spec["data"], chart.data, strict=True):
        item["printed"] = value_printed(chart, point)  # the segments and bands charts.js labels
    if banded(chart):
        spec["bandFrame"] = band_frame(chart).spec()  # the margins its labels are planned for
    if chart_type(chart.chartType).panels:
        spec["xTicks"] = list(year_ticks(chart))  # the years under each panel's axis
    return spec


def _item_slots(item: _Item, style: ArchetypeStyle) -> list[tuple[Chart, FigureSlot]]:
    """Each chart of a figure block with its slot."""
    return list(zip(item.charts, figure_slots(style, len(item.charts), CONTENT_WIDTH_PX), strict=True))


def chart_slots(plan: DocumentPlan) -> dict[str, FigureSlot]:
    """The slot each chart of ``plan`` is drawn in, by vizId (as :func:`render_html` lays it out)."""
    style = style_of(plan.manifest.archetype)
    return {
        chart.vizId: slot
        for section in _sections(plan, style)
        for item in section["items"]
        if item.kind == "figures"
        for chart, slot in _item_slots(item, style)
    }


def _sections(plan: DocumentPlan, style: ArchetypeStyle) -> list[dict[str, Any]]:
    """The plan's sections in reading order, each with its items (figure blocks formed)."""
    titles = {s.section_id: s for s in plan.manifest.sections}
    ordered = sorted(plan.sections, key=lambda s: titles[s.section_id].order)
    return [
        {
            "id": sp.section_id,
            "order": titles[sp.section_id].order,
            "title": titles[sp.section_id].title,
            "items": _section_items(plan, titles[sp.section_id].order, list(sp.blocks), style),
        }
        for sp in ordered
    ]


def _place_figures(sections: list[dict[str, Any]], style: ArchetypeStyle, renderer: str) -> None:
    """Give every figure its slot, and its SVG when matplotlib draws it."""
    chart_style = None
    if renderer == "matplotlib":
        chart_style = ChartStyle(font_family=style.chart_font, palette=style.palette)
    for section in sections:
        for item in section["items"]:
            if item.kind != "figures":
                continue
            for chart, slot in _item_slots(item, style):
                svg = ""
                if chart_style is not None:
                    svg = render_chart_svg(chart, slot.width, slot.height, chart_style)
                item.figures.append(_Figure(chart=chart, slot=slot, svg=svg))


def _mark_kpi_strip(sections: list[dict[str, Any]], archetype: str) -> None:
    """Dashboard: the document's first metric-card callout becomes the KPI strip."""
    if archetype != "dashboard":
        return
    for section in sections:
        for item in section["items"]:
            if item.kind == "callout" and item.style == "metric_cards":
                item.style = "kpi_strip"
                return


def density_css(density: float) -> str:
    """CSS that scales the body text (font size, and so line height, and paragraph spacing) by ``density``.

    Empty at density 1, so such a document's HTML is what it was before densities existed.
    Figures, chart text, captions, tables and headings have fixed sizes and do not change.
    """
    if density == 1.0:
        return ""
    return (
        "/* Text density: body text scaled to fit the document's words to its page target. */\n"
        f":root {{ --density: {density:g}; }}\n"
        "body { font-size: calc(var(--body-size) * var(--density)); }\n"
        "p { margin-bottom: calc(11px * var(--density)); }\n"
    )


def render_html(plan: DocumentPlan, d3_js: str) -> str:
    """The complete, self-contained HTML document of ``plan``.

    With ``manifest.renderer == "d3"`` the charts are drawn in the page by ``d3_js``
    (inlined) and charts.js; with ``"matplotlib"`` they are inline SVG and no script draws
    anything (``d3_js`` is then not used).
    """
    _check(plan)
    m = plan.manifest
    style = style_of(m.archetype)
    sections = _sections(plan, style)
    _place_figures(sections, style, m.renderer)
    _mark_kpi_strip(sections, m.archetype)
    d3_drawn = m.renderer == "d3"
    specs = {c.vizId: chart_spec(c) for c in m.charts} if d3_drawn else {}
    template = document_template()
    return template.render(
        plan=plan,
        manifest=m,
        style=style,
        sections=sections,
        section_count=len(sections),
        root_css=":root { " + " ".join(f"{k}: {v};" for k, v in style.css_variables().items()) + " }",
        base_css=_asset("base.css"),
        archetype_css=_asset(f"{m.archetype}.css") + density_css(plan.density),
        d3_drawn=d3_drawn,
        d3_js=d3_js if d3_drawn else "",
        charts_js=charts_script() if d3_drawn else "",
        specs_json=_script_json(specs),
    )
