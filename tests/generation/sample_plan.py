"""A small hand-built DocumentPlan covering every drawable chart type.

Used by the rendering tests and handy for previewing archetypes without the content stage.
Deterministic: every number comes from :func:`generation.plan.rng.stage_rng`.
"""

from __future__ import annotations

from generation.charts.registry import HORIZONTAL_TYPES
from generation.plan.config import GenerationConfig
from generation.plan.doc_plan import (
    Block,
    CalloutBlock,
    ChartBlock,
    DocumentPlan,
    HeadingBlock,
    ParagraphBlock,
    SectionPlan,
    TableBlock,
)
from generation.plan.rng import doc_id_for, stage_rng
from synthdocbench_tasks.schema import (
    Axes,
    Axis,
    Chart,
    DataPoint,
    DocumentManifest,
    Section,
    Table,
    TextFact,
    VisualProperties,
)

_WORDS = [
    "the",
    "regional",
    "market",
    "expanded",
    "while",
    "operating",
    "costs",
    "remained",
    "broadly",
    "stable",
    "across",
    "most",
    "quarters",
    "analysts",
    "noted",
    "that",
    "investment",
    "in",
    "new",
    "capacity",
    "offset",
    "weaker",
    "demand",
    "from",
    "export",
    "customers",
    "and",
    "several",
    "programmes",
    "were",
    "reorganised",
    "to",
    "improve",
    "delivery",
    "reliability",
    "for",
    "households",
    "and",
    "firms",
]
_ITEMS = ("North", "South", "East", "West", "Central", "Coastal", "Upland", "Metro")
_SERIES = ("Alpha", "Beta", "Gamma")
_YEARS = tuple(str(y) for y in range(2016, 2024))


def _prose(rng_words: list[str], n: int) -> str:
    text = " ".join(rng_words[:n])
    return text[0].upper() + text[1:] + "."


def _data(chart_type: str, values: list[float]) -> list[DataPoint]:
    """Marks of ``chart_type`` following the data conventions of docs/data-layout.md."""
    v = iter(values)
    if chart_type in ("grouped_bar", "stacked_bar", "dumbbell", "radar"):
        items = _ITEMS[:5] if chart_type == "radar" else _ITEMS[:4]
        return [DataPoint(label=i, value=next(v), category=s) for i in items for s in _SERIES[:2]]
    if chart_type in ("multi_line", "stacked_area", "sparkline_grid"):
        series = _SERIES[:3] if chart_type == "sparkline_grid" else _SERIES[:2]
        return [DataPoint(label=y, value=next(v), category=s) for s in series for y in _YEARS[:6]]
    if chart_type == "slope":
        return [
            DataPoint(label=y, value=next(v), category=s) for s in _SERIES for y in (_YEARS[0], _YEARS[-1])
        ]
    if chart_type in ("line", "area"):
        return [DataPoint(label=y, value=next(v)) for y in _YEARS]
    if chart_type == "heatmap":
        return [DataPoint(label=y, value=next(v), category=s) for s in _SERIES for y in _YEARS[:5]]
    if chart_type in ("scatter", "bubble"):
        pts = []
        for i, name in enumerate(_ITEMS[:6]):
            meta = {"x": str(10 + 7 * i)}
            if chart_type == "bubble":
                meta["size"] = str(5 + 3 * i)
            pts.append(DataPoint(label=name, value=next(v), category=_SERIES[i % 2], metadata=meta))
        return pts
    if chart_type == "histogram":
        return [
            DataPoint(
                label=f"{10 * i}–{10 * i + 10}",
                value=next(v),
                metadata={"lo": str(10 * i), "hi": str(10 * i + 10)},
            )
            for i in range(6)
        ]
    if chart_type == "waterfall":  # a starting level, then the signed change of each year (data-layout.md)
        start = [DataPoint(label=f"{_YEARS[0]} level", value=next(v))]
        return start + [DataPoint(label=y, value=next(v) - 40) for y in _YEARS[1:6]]
    if chart_type == "diverging_bar":  # one series: each entity's signed change over the period
        return [DataPoint(label=name, value=next(v) - 40, category="2015–2023") for name in _ITEMS[:6]]
    if chart_type == "box":
        pts = []
        for name in _ITEMS[:5]:
            m = next(v)
            meta = {"min": str(m - 11), "q1": str(m - 4.5), "q3": str(m + 5.5), "max": str(m + 13)}
            pts.append(DataPoint(label=name, value=m, metadata=meta))
        return pts
    if chart_type == "sankey":
        return [
            DataPoint(label=f"{s} → {t}", value=next(v), metadata={"source": s, "target": t})
            for s in _SERIES[:2]
            for t in _ITEMS[:3]
        ]
    if chart_type == "bullet":
        return [DataPoint(label=n, value=next(v), metadata={"target": str(next(v))}) for n in _ITEMS[:4]]
    if chart_type == "funnel":
        return [DataPoint(label=n, value=float(100 - 15 * i)) for i, n in enumerate(_ITEMS[:5])]
    return [DataPoint(label=name, value=next(v)) for name in _ITEMS[:6]]


def sample_chart(
    chart_type: str,
    *,
    index: int,
    section_id: str,
    seed: int = 0,
    data_labels: bool = False,
    legend: bool = True,
    gridlines: bool = True,
    sort_order: str = "none",
) -> Chart:
    """One chart of ``chart_type`` with deterministic values and a highlighted item."""
    rng = stage_rng(seed, "sample-chart", chart_type, index)
    values = [float(x) for x in rng.integers(12, 95, size=40)]
    data = _data(chart_type, values)
    category_axis = Axis(label="Region", type="categorical")
    value_axis = Axis(label="Output", type="linear", unit="units")
    series_keyed = ("multi_line", "stacked_area", "sparkline_grid", "slope", "heatmap")
    first_key = data[0].category if chart_type in series_keyed else data[0].label
    series = sorted({d.category for d in data if d.category})
    color_map = {s: c for s, c in zip(series, ("#1f77b4", "#ff7f0e", "#2ca02c"), strict=False)}
    return Chart(
        vizId=f"viz-{section_id}-{index}",
        chartType=chart_type,
        title=f"Indicator {index} by region ({chart_type.replace('_', ' ')})",
        axes=Axes(x=value_axis, y=category_axis)
        if chart_type in HORIZONTAL_TYPES
        else Axes(x=category_axis, y=value_axis),
        data=data,
        visualProperties=VisualProperties(
            colorEncoding="series" if series else "single",
            colorMap=color_map,
            sortOrder=sort_order,  # type: ignore[arg-type]
            hasLegend=legend and bool(series),
            hasGridlines=gridlines,
            highlightedItems=[first_key or ""],
            annotationCount=1,
            valueReading="data_labels" if data_labels else "axis",
        ),
        sourceContext=f"Section {section_id} narrative",
        section_id=section_id,
        index=index,
        figure_number=index,
    )


def sample_plan(
    chart_types: list[str],
    *,
    doc_id: str = "sdb-0-00000",
    seed: int = 0,
    archetype: str = "academic",
    sections: int = 3,
    paragraphs_per_section: int = 3,
    words_per_paragraph: int = 120,
    with_table: bool = True,
) -> DocumentPlan:
    """A plan whose charts (one per type, spread over the sections) and prose are synthetic."""
    rng = stage_rng(seed, "sample-plan", doc_id)
    section_ids = [f"s{i + 1}" for i in range(sections)]
    charts: list[Chart] = []
    facts: list[TextFact] = []
    tables: list[Table] = []
    plans: list[SectionPlan] = []
    for si, sid in enumerate(section_ids):
        blocks: list[Block] = []
        mine = chart_types[si::sections]
        if si == 0:
            blocks.append(
                CalloutBlock(style="abstract", items=["A synthetic report used to test the renderer."])
            )
            blocks.append(
                CalloutBlock(style="metric_cards", items=["Sites: 14", "Staff: 2,310", "Budget: 4.2 bn"])
            )
        for pi in range(paragraphs_per_section):
            words = list(rng.choice(_WORDS, size=words_per_paragraph))
            text = _prose(words, words_per_paragraph)
            fact_ids: list[str] = []
            if pi == 0:
                fact = TextFact(
                    fact_id=f"fact-{sid}-1",
                    sentence=f"In section {si + 1} the audited total reached {100 + 17 * si} thousand units.",
                    values={"total": str(100 + 17 * si)},
                    section_id=sid,
                )
                facts.append(fact)
                text = f"{text} {fact.sentence} {_prose(words[::-1], 30)}"
                fact_ids.append(fact.fact_id)
            blocks.append(ParagraphBlock(text=text, fact_ids=fact_ids))
            if pi == 1:
                blocks.append(HeadingBlock(text=f"Detail {si + 1}.{pi}", level=3))
            todo = mine[pi : pi + 1] if pi < paragraphs_per_section - 1 else mine[pi:]
            for chart_type in todo:
                chart = sample_chart(
                    chart_type,
                    index=len(charts) + 1,
                    section_id=sid,
                    seed=seed,
                    data_labels=len(charts) % 2 == 1,
                )
                charts.append(chart)
                blocks.append(ChartBlock(viz_id=chart.vizId))
        if with_table and si == sections - 1:
            table = Table(
                table_id="tbl-1",
                title="Summary of regional indicators",
                section_id=sid,
                index=1,
                columns=["Region", "Sites", "Share"],
                rows=[[name, str(3 + i), f"{10 + i}%"] for i, name in enumerate(_ITEMS[:5])],
            )
            tables.append(table)
            blocks.append(TableBlock(table_id=table.table_id))
            blocks.append(CalloutBlock(style="pull_quote", items=["Capacity, not demand, set the pace."]))
        plans.append(SectionPlan(section_id=sid, blocks=blocks))
    manifest = DocumentManifest(
        doc_id=doc_id,
        seed=seed,
        topic="Regional infrastructure output",
        domain="economics",
        archetype=archetype,
        page_count=0,
        word_count=0,
        sections=[
            Section(section_id=sid, title=f"Section heading {i + 1}", order=i + 1)
            for i, sid in enumerate(section_ids)
        ],
        charts=charts,
        tables=tables,
        text_facts=facts,
    )
    return DocumentPlan(
        manifest=manifest, title="Synthetic Test Report", subtitle="Renderer check", sections=plans
    )


#: Chart types the sample planner uses when the config names none.
SAMPLE_CHART_TYPES: tuple[str, ...] = ("bar", "line", "grouped_bar", "pie", "scatter", "horizontal_bar")


def plan_sample_document(config: GenerationConfig, index: int) -> DocumentPlan:
    """A small planner with the content stage's signature (for tests and previews)."""
    doc_id = doc_id_for(config.seed, index)
    types = list(config.chart_types) or list(SAMPLE_CHART_TYPES)
    n_charts = max(1, min(len(types), config.min_charts))
    return sample_plan(
        types[:n_charts],
        doc_id=doc_id,
        seed=config.seed,
        archetype=config.archetypes[index % len(config.archetypes)],
        sections=2,
        paragraphs_per_section=2,
        words_per_paragraph=80,
    )


def printed_texts(plan: DocumentPlan) -> list[str]:
    """Every piece of text the document prints outside its charts."""
    out = [plan.title, plan.subtitle] + [s.title for s in plan.manifest.sections]
    for section in plan.sections:
        for block in section.blocks:
            if isinstance(block, (ParagraphBlock, HeadingBlock)):
                out.append(block.text)
            elif isinstance(block, CalloutBlock):
                out.extend(block.items)
    for table in plan.manifest.tables:
        out += [table.title, *table.columns, *(c for row in table.rows for c in row)]
    return out
