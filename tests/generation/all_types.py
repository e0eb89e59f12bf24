"""Charts of every type in schema.CHART_TYPES, built by the data conventions of docs/data-layout.md.

The content stage fills only the types it has data builders for; these hand-made charts
cover the rest too, so each renderer can be checked on every type. Deterministic: values
come from :func:`generation.plan.rng.stage_rng`.
"""

from __future__ import annotations

from generation.plan.rng import stage_rng
from synthdocbench_tasks.schema import CHART_TYPES, Axes, Axis, Chart, DataPoint, VisualProperties

ITEMS = ("Northfield", "Southport", "Eastbrook", "Westmoor", "Central Vale", "Harbour Point")
SERIES = ("Public sector", "Private sector", "Non-profit")
YEARS = ("2017", "2018", "2019", "2020", "2021", "2022")
#: Series-keyed types (their colorMap, legend and highlight are about series).
SERIES_TYPES = (
    "grouped_bar",
    "stacked_bar",
    "diverging_bar",
    "dumbbell",
    "slope",
    "multi_line",
    "stacked_area",
)


def _data(chart_type: str, v: list[float]) -> list[DataPoint]:
    it = iter(v)
    if chart_type in ("grouped_bar", "stacked_bar", "dumbbell"):
        return [DataPoint(label=i, value=next(it), category=s) for i in ITEMS[:4] for s in SERIES[:2]]
    if chart_type == "diverging_bar":
        return [
            DataPoint(label=i, value=next(it) * (-1 if s == SERIES[1] else 1), category=s)
            for i in ITEMS[:5]
            for s in SERIES[:2]
        ]
    if chart_type == "slope":
        return [DataPoint(label=y, value=next(it), category=i) for i in ITEMS[:4] for y in ("2015", "2023")]
    if chart_type in ("multi_line", "stacked_area"):
        return [DataPoint(label=y, value=next(it), category=s) for s in SERIES[:2] for y in YEARS]
    if chart_type == "sparkline_grid":
        return [DataPoint(label=y, value=next(it), category=i) for i in ITEMS[:4] for y in YEARS]
    if chart_type in ("line", "area"):
        return [DataPoint(label=y, value=next(it)) for y in YEARS]
    if chart_type == "heatmap":
        return [DataPoint(label=y, value=next(it), category=s) for s in SERIES for y in YEARS[:5]]
    if chart_type in ("scatter", "bubble"):
        out = []
        for k, name in enumerate(ITEMS[:6]):
            meta = {"x": str(11 + 7 * k)}
            if chart_type == "bubble":
                meta["size"] = str(4 + 3 * k)
            out.append(DataPoint(label=name, value=next(it), category=SERIES[k % 2], metadata=meta))
        return out
    if chart_type == "histogram":
        return [
            DataPoint(
                label=f"{10 * k}–{10 * k + 10}",
                value=next(it),
                metadata={"lo": str(10 * k), "hi": str(10 * k + 10)},
            )
            for k in range(6)
        ]
    if chart_type == "waterfall":  # a starting level, then signed changes
        return [DataPoint(label="2017 level", value=next(it))] + [
            DataPoint(label=y, value=round(next(it) - 57.5, 1)) for y in YEARS[1:]
        ]
    if chart_type == "box":
        out = []
        for name in ITEMS[:5]:
            med = next(it)
            meta = {
                "min": str(med - 31.5),
                "q1": str(med - 12.5),
                "q3": str(med + 14.5),
                "max": str(med + 33.5),
            }
            out.append(DataPoint(label=name, value=med, metadata=meta))
        return out
    if chart_type == "radar":
        axes = ("Access", "Cost", "Quality", "Speed", "Reach")
        return [DataPoint(label=a, value=next(it), category=s) for s in SERIES[:2] for a in axes]
    if chart_type == "bullet":
        return [DataPoint(label=name, value=next(it), metadata={"target": str(70.5)}) for name in ITEMS[:4]]
    if chart_type == "sankey":
        links = [
            ("Grants", "Schools"),
            ("Grants", "Clinics"),
            ("Loans", "Schools"),
            ("Loans", "Roads"),
            ("Schools", "Staff"),
            ("Clinics", "Staff"),
        ]
        return [
            DataPoint(label=f"{s} → t", value=next(it), metadata={"source": s, "target": t}) for s, t in links
        ]
    return [DataPoint(label=name, value=next(it)) for name in ITEMS[:6]]


def type_chart(chart_type: str, index: int, *, section_id: str = "s1", data_labels: bool = False) -> Chart:
    """One chart of ``chart_type`` (any of CHART_TYPES) with a legend, gridlines and one highlight."""
    if chart_type not in CHART_TYPES:
        raise ValueError(chart_type)
    rng = stage_rng(0, "all-types", chart_type, index)
    values = [round(float(x), 1) for x in rng.uniform(20, 95, size=40)]
    data = _data(chart_type, values)
    if chart_type == "sankey":  # labels name both ends
        data = [
            d.model_copy(update={"label": f"{d.metadata['source']} → {d.metadata['target']}"}) for d in data
        ]
    series = list(dict.fromkeys(d.category for d in data if d.category))
    palette = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd")
    if chart_type == "waterfall":
        color_map = {"level": "#4c72b0", "increase": "#2ca02c", "decrease": "#d62728"}
    elif chart_type == "heatmap":
        color_map = {"low": "#f7fbff", "high": "#08306b"}
    elif series:
        color_map = dict(zip(series, palette, strict=False))
    else:
        color_map = {d.label: ("#dd4f2a" if k == 1 else "#4c72b0") for k, d in enumerate(data)}
    if chart_type == "bullet":
        color_map["target"] = "#111111"
    highlight = series[0] if chart_type in SERIES_TYPES else data[1].label
    return Chart(
        vizId=f"viz-{section_id}-{index}",
        chartType=chart_type,
        title=f"Service output across districts, {chart_type.replace('_', ' ')} view",
        axes=Axes(
            x=Axis(label="District", type="categorical"), y=Axis(label="Output", type="linear", unit="units")
        ),
        data=data,
        visualProperties=VisualProperties(
            colorEncoding="categorical: one colour per series" if series else "single hue",
            colorMap=color_map,
            hasLegend=bool(series),
            hasGridlines=True,
            highlightedItems=[highlight],
            annotationCount=1,
            valueReading="data_labels" if data_labels else "axis",
        ),
        sourceContext="Synthetic figures for renderer tests.",
        section_id=section_id,
        index=index,
        figure_number=index,
    )


def drawn_labels(chart: Chart) -> set[str]:
    """The names a drawing of ``chart`` must print: items, series, axes or nodes by type."""
    if chart.chartType == "sankey":
        return {d.metadata["source"] for d in chart.data} | {d.metadata["target"] for d in chart.data}
    labels = {d.label for d in chart.data}
    if chart.chartType in ("sparkline_grid",):
        return {d.category for d in chart.data if d.category} | {YEARS[0], YEARS[-1]}
    cats = {d.category for d in chart.data if d.category}
    if chart.chartType in ("scatter", "bubble"):
        return labels | (cats if chart.visualProperties.hasLegend else set())
    return labels | cats
