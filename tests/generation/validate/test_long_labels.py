"""Long names in wide fonts stay inside their chart and clear of each other (issue 24, point 5).

Seed 9749's paper documents drew sector names such as "Professional and scientific activities"
in the brutalist archetype's monospace font: row names of horizontal charts ran out of the
chart at the left, a sparkline panel title ran into the next panel, a callout over one
lollipop was crossed by the next one's stem, and the callouts of two neighbouring highlighted
bars overprinted each other. Each case is drawn here on a real PDF and checked as
``synthdocbench validate`` checks it."""

from __future__ import annotations

import math

import pymupdf
import pytest

from generation.document.render import Renderer
from generation.validate.legibility import DocumentLegibility, check_document
from synthdocbench_tasks.schema import Chart, DataPoint
from tests.generation.chart_docs import failing, labelled_chart, print_charts, region_rect, series_points

pytestmark = pytest.mark.browser

SECTORS = (
    "Information and communication",
    "Professional and scientific activities",
    "Transportation and storage",
    "Health and social work",
    "Manufacturing",
    "Construction",
)


def _clean(found: DocumentLegibility, viz: str = "viz-s1-1") -> set[str]:
    """The chart's words, after asserting that no word fails a text check."""
    for check in ("clipped", "overlap", "crossed", "contrast"):
        assert failing(found, check) == [], check
    return {w.text for w in found.charts[viz].words}


@pytest.mark.parametrize("chart_type", ["horizontal_bar", "bullet", "diverging_bar", "dumbbell"])
def test_long_row_names_wrap_inside_a_horizontal_chart(renderer: Renderer, chart_type: str) -> None:
    values = (5.4, 12.6, 13.4, 8.8, 9.9, 4.1)
    if chart_type == "dumbbell":
        data = series_points(SECTORS[:3], {"2015": values[:3], "2021": (7.1, 14.0, 12.2)})
    elif chart_type == "bullet":
        data = [
            DataPoint(label=s, value=v, metadata={"target": str(round(v * 1.15, 1))})
            for s, v in zip(SECTORS[:3], values, strict=False)
        ]
    else:
        signed = (
            [v if i % 2 else -v for i, v in enumerate(values)] if chart_type == "diverging_bar" else values
        )
        data = [DataPoint(label=s, value=v) for s, v in zip(SECTORS, signed, strict=True)]
    chart = labelled_chart(chart_type, data, highlightedItems=[SECTORS[2]])
    pdf, manifest = print_charts(renderer, [chart], "d3", archetype="brutalist")
    words = _clean(check_document(manifest, pdf))
    assert {"Professional", "scientific", "activities", "Transportation"} <= words


def test_long_panel_titles_of_a_sparkline_grid_wrap(renderer: Renderer) -> None:
    years = tuple(str(y) for y in range(2010, 2019))
    panels = ("Accommodation and food services", "Wholesale and retail trade", SECTORS[1], SECTORS[3])
    rows = {p: tuple(20.0 + k + i * 0.7 for i in range(len(years))) for k, p in enumerate(panels)}
    rows |= {"Manufacturing": rows[SECTORS[3]], "Construction": rows[panels[0]]}
    colours = dict.fromkeys(rows, "#767676") | {"Construction": "#DD4F2A"}
    chart = labelled_chart(
        "sparkline_grid", series_points(years, rows), colorMap=colours, highlightedItems=["Construction"]
    )
    chart.visualProperties.valueReading, chart.visualProperties.hasLegend = "axis", False
    pdf, manifest = print_charts(renderer, [chart], "d3", archetype="brutalist")
    words = _clean(check_document(manifest, pdf))
    assert {"Professional", "scientific", "activities", "Accommodation"} <= words


def test_a_long_callout_is_not_crossed_by_a_later_mark(renderer: Renderer) -> None:
    names = ("Public administration", "Transportation and storage", "Construction", SECTORS[0])
    names += ("Manufacturing", SECTORS[1], "Health and social work")
    values = (40.8, 26.2, 29.1, 21.3, 37.8, 30.3, 44.4)
    data = [DataPoint(label=s, value=v) for s, v in zip(names, values, strict=True)]
    colours = dict.fromkeys(names, "#767676") | {SECTORS[0]: "#DD4F2A"}
    chart = labelled_chart(
        "lollipop", data, colorMap=colours, highlightedItems=[SECTORS[0]], hasGridlines=True
    )
    pdf, manifest = print_charts(renderer, [chart], "d3", archetype="brutalist")
    words = _clean(check_document(manifest, pdf))
    assert "▼" in words and "communication" in words


def test_callouts_of_neighbouring_highlights_do_not_overprint(renderer: Renderer) -> None:
    programmes = ("Wage Subsidy", "Digital Skills Academy", "Rural Works Scheme", "Youth Guarantee")
    programmes += ("Start-up Grant", "Skills Bootcamps")
    values = {
        "Job search support": (181.8, 181.1, 154.2, 12.3, 22.9, 51.3),
        "Administration": (63.4, 41.1, 96.1, 18.7, 6.5, 53.8),
        "Training": (100.9, 115.6, 152.3, 21.1, 11.9, 44.7),
    }
    colours = {"Administration": "#8C564B", "Job search support": "#FF7F0E", "Training": "#1F77B4"}
    highlights = [programmes[2], programmes[1]]
    chart = labelled_chart(
        "stacked_bar", series_points(programmes, values), colorMap=colours, highlightedItems=highlights
    )
    pdf, manifest = print_charts(renderer, [chart], "d3", archetype="academic")
    words = _clean(check_document(manifest, pdf))
    assert {"Academy", "Rural", "Scheme"} <= words


BUBBLES = (
    ("Information and communication", 13.5, "6.42", "10.73"),
    ("Manufacturing", 5.9, "13.11", "19.93"),
    ("Transportation and storage", 28.5, "12.81", "13.31"),
    ("Public administration", 17.6, "16.93", "15.12"),
    ("Health and social work", 21.2, "16.87", "14.41"),
    ("Construction", 32.6, "14.25", "15.09"),
    ("Professional and scientific activities", 23.7, "13.78", "20.07"),
    ("Accommodation and food services", 30.5, "20.92", "21.01"),
    ("Financial and insurance activities", 11.2, "20.48", "17.75"),
)


def test_bubble_names_sit_beside_their_own_bubble(renderer: Renderer) -> None:
    """Seed 9749's bubble chart moved one name 300 px away, beside other bubbles, and ran
    another into the size key. Each name now sits beside its own bubble, nearer its edge than
    any other bubble's, inside the plot, on two rows where one does not fit."""
    data = [DataPoint(label=n, value=v, metadata={"size": s, "x": x}) for n, v, s, x in BUBBLES]
    colours = {n: "#767676" for n, *_ in BUBBLES} | {BUBBLES[0][0]: "#DD4F2A"}
    chart = labelled_chart("bubble", data, colorMap=colours, highlightedItems=[BUBBLES[0][0]], hasLegend=True)
    chart.visualProperties.valueReading = "axis"
    pdf, manifest = print_charts(renderer, [chart], "d3", archetype="brutalist")
    found = check_document(manifest, pdf)
    words = _clean(found)
    assert {"Accommodation", "Professional", "scientific", "activities", "Financial"} <= words
    assert failing(found, "covers") == []
    names = [n for n, *_ in BUBBLES]
    assert nearest_mark_problems(pdf, manifest.charts[0], names) == []


def nearest_mark_problems(pdf: bytes, chart: Chart, names: list[str]) -> list[str]:
    """Names nearer another bubble's edge than their own, read off the PDF. A name's box is its
    first word's and its last word's (the nearest of that text to the first), whichever lies
    nearer; filled circles are matched to the data in the order of their x (a linear scale)."""
    region = chart.regions[0]
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        page = doc[region.page - 1]
        clip = region_rect(page, region)
        circles = [
            ((d["rect"].tl + d["rect"].br) / 2, d["rect"].width / 2)
            for d in page.get_drawings()
            if d.get("fill") is not None
            and clip.contains(d["rect"])
            and d["rect"].width >= 4
            and abs(d["rect"].width - d["rect"].height) < 0.8
            and any(i[0] == "c" for i in d["items"])
        ]
        words = [(w[4], pymupdf.Rect(w[:4])) for w in page.get_text("words", clip=clip)]
    by_x = sorted(chart.data, key=lambda p: float(p.metadata["x"]))
    own = dict(zip((p.label for p in by_x), sorted(circles, key=lambda c: c[0].x), strict=True))

    def edge(box: pymupdf.Rect, circle: tuple[pymupdf.Point, float]) -> float:
        c, r = circle
        return math.hypot(max(box.x0 - c.x, 0, c.x - box.x1), max(box.y0 - c.y, 0, c.y - box.y1)) - r

    problems = []
    for name in names:
        first = next(box for text, box in words if text == name.split()[0])
        last = min(
            (box for text, box in words if text == name.split()[-1]), key=lambda b: b.tl.distance_to(first.tl)
        )
        box = min((first, last), key=lambda b: edge(b, own[name]))
        nearest = min(circles, key=lambda c: edge(box, c))
        if edge(box, own[name]) > edge(box, nearest) + 0.5:
            mine, other = edge(box, own[name]), edge(box, nearest)
            problems.append(f"{name}: {mine:.1f} pt from its bubble, {other:.1f} from another")
    return problems


KNOT = (
    ("Lithuania", 0.191, "1.07"),
    ("Norway", 0.274, "2.41"),
    ("Latvia", 0.208, "1.69"),
    ("Finland", 0.246, "2.68"),
    ("Denmark", 0.245, "1.51"),
    ("Ireland", 0.279, "1.75"),
    ("Sweden", 0.485, "4.67"),
    ("United Kingdom", 3.002, "23.39"),
)


@pytest.mark.parametrize("archetype", ["infographic", "academic"])
def test_knotted_scatter_names_are_led_out_or_left_out(renderer: Renderer, archetype: str) -> None:
    """One large point squeezes the rest into a knot (seed 9749, Figure 10 of sdb-9749-00052:
    seven names over each other). Names that fit beside no mark go further out on a leader
    line; a name with no clear spot is left out rather than printed over another."""
    data = [DataPoint(label=n, value=v, metadata={"x": x}) for n, v, x in KNOT]
    colours = {n: "#767676" for n, *_ in KNOT} | {"Lithuania": "#DD4F2A"}
    chart = labelled_chart("scatter", data, colorMap=colours, highlightedItems=["Lithuania"], hasLegend=False)
    chart.visualProperties.valueReading = "axis"
    pdf, manifest = print_charts(renderer, [chart], "d3", archetype=archetype)
    found = check_document(manifest, pdf)
    words = _clean(found)
    assert failing(found, "covers") == []
    assert {"Lithuania", "Sweden", "United", "Kingdom"} <= words
    # 5 of 8 in the academic layout since value axes of non-negative values stop at zero
    # (world47: no margin below the knot for a name to go to; 6 before); none covers another
    assert len(words & {n for n, *_ in KNOT}) >= 5


def test_a_tile_too_small_for_its_name_is_named_in_a_key(renderer: Renderer) -> None:
    """A tile 1/36 of the largest (seed 9767, Figure 16 of sdb-9767-00035) tore "Construction"
    into five hyphenated pieces and printed its value over the tile's outline. A tile whose name
    needs more than one break, or more rows than it is tall, is named in a key under the tiles."""
    items = ("Trade and transport", "Agriculture", "Other services", "Industry", "Public services")
    items += ("Construction",)
    values = (0.36, 0.32, 0.04, 0.03, 0.02, 0.01)
    palette = ("#FF7F0E", "#8C564B", "#008080", "#1F77B4", "#2CA02C", "#9467BD")
    data = [DataPoint(label=k, value=v) for k, v in zip(items, values, strict=True)]
    colours = dict(zip(items, palette, strict=True))
    highlights = ["Construction"]
    chart = labelled_chart("treemap", data, colorMap=colours, hasLegend=False, highlightedItems=highlights)
    pdf, manifest = print_charts(renderer, [chart], "d3", archetype="academic")
    words = _clean(check_document(manifest, pdf))
    assert {"Construction:", "0.01", "Public", "0.36"} <= words
    assert not any(w.endswith("-") for w in words)
