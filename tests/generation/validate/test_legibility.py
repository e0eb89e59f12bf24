"""Legibility of chart text, checked on real PDFs printed by Chromium (issue 11, point 3).

Three kinds of test: the checker finds each known failure in a page built to show it
(and nothing in a clean one); every chart type, drawn by charts.js and by matplotlib, passes
every check on a real document; and each failure the issue lists stays fixed at its
source (the matplotlib renderer's own cases are in ``test_mpl_legibility.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

import numpy as np
import pymupdf
import pytest

from generation.charts.d3 import load_d3
from generation.charts.reading import value_printed
from generation.document.layout import render_html
from generation.document.regions import measure_document
from generation.document.render import Renderer
from generation.plan.doc_plan import CalloutBlock
from generation.validate import marks
from generation.validate.legibility import DocumentLegibility, asked_forms, check_document
from generation.validate.legibility_geometry import boxes_overlap
from generation.validate.legibility_model import CHECKS, LegibilityError, LegibilityTally
from generation.validate.legibility_pixels import contrast_ratio
from synthdocbench_tasks.schema import (
    CHART_TYPES,
    Axis,
    DataPoint,
    DataRef,
    DocumentManifest,
    Question,
    Region,
)
from tests.generation.all_types import type_chart
from tests.generation.chart_docs import (
    RENDERERS,
    failing,
    labelled_chart,
    print_charts,
    region_rect,
    series_points,
)
from tests.generation.sample_plan import sample_plan

pytestmark = pytest.mark.browser


# --- the measures -------------------------------------------------------------------------


def test_wcag_contrast_ratio_matches_known_pairs() -> None:
    assert float(contrast_ratio((0, 0, 0), (255, 255, 255))) == pytest.approx(21.0)
    assert float(contrast_ratio((255, 255, 255), (255, 255, 255))) == pytest.approx(1.0)
    # #767676 on white is the classic lightest grey that passes AA (4.54:1); #777777 fails.
    assert float(contrast_ratio((0x76,) * 3, (255,) * 3)) == pytest.approx(4.54, abs=0.01)
    assert float(contrast_ratio((0x77,) * 3, (255,) * 3)) < 4.5
    many = contrast_ratio(np.array([0, 0, 0]), np.array([[255, 255, 255], [0, 0, 0]]))
    assert many.shape == (2,)


def test_oriented_boxes_overlap_only_when_they_touch() -> None:
    a = ((0.0, 0.0), (10.0, 0.0), (10.0, 5.0), (0.0, 5.0))
    b = ((9.0, 4.0), (20.0, 4.0), (20.0, 9.0), (9.0, 9.0))
    c = ((11.0, 0.0), (20.0, 0.0), (20.0, 5.0), (11.0, 5.0))
    diamond = ((10.5, -3.0), (13.0, 2.5), (10.5, 8.0), (8.0, 2.5))  # its corner box meets a, its body too
    far_diamond = ((14.0, -3.0), (16.5, 2.5), (14.0, 8.0), (11.5, 2.5))
    assert boxes_overlap(a, b) and boxes_overlap(a, diamond)
    assert not boxes_overlap(a, c) and not boxes_overlap(a, far_diamond)


# --- the checker on pages built to fail -------------------------------------------------


_HOSTILE = """<!doctype html><html><head><style>
  body {{ margin: 0; font-family: sans-serif; }}
  .fig {{ position: absolute; width: 320px; height: 150px; }}
  svg {{ overflow: visible; }}  /* as charts.js draws them: text past the edge still prints */
  svg text {{ font-size: 12px; fill: #222; }}
  {extra_css}
</style></head><body>{figures}<script>window.__chartsDone = true;</script></body></html>"""


def _hostile_doc(
    renderer: Renderer, figures: list[str], extra_css: str = ""
) -> tuple[bytes, DocumentManifest]:
    """Figures as SVG in absolutely placed boxes; each box is one chart region (measured
    from the PDF's page size, not guessed)."""
    html = "".join(
        f'<div class="fig" style="left:{20 + 340 * (k % 2)}px; top:{20 + 180 * (k // 2)}px">'
        f'<svg width="320" height="150">{svg}</svg></div>'
        for k, svg in enumerate(figures)
    )
    pdf = renderer.render_pdf(_HOSTILE.format(extra_css=extra_css, figures=html), name="hostile").pdf
    manifest = sample_plan([], sections=1, with_table=False).manifest
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        # Chromium prints with the project's page margins: find the first figure's origin
        # from a marker word each figure starts with.
        page = doc[0]
        w, h = page.rect.width, page.rect.height
        charts = []
        for k in range(len(figures)):
            marker = next(r for r in page.search_for(f"M{k}") if page.get_textbox(r).strip() == f"M{k}")
            scale = 0.75  # CSS px -> pt
            x0, y0 = marker.x0 - 4 * scale, marker.y0 - 2 * scale
            box = (x0, y0, x0 + 320 * scale, y0 + 150 * scale)
            chart = type_chart("bar", k + 1).model_copy(
                update={
                    "vizId": f"hostile-{k}",
                    "index": k + 1,
                    "regions": [
                        Region(
                            page=1,
                            bbox=[box[0] / w * 1000, box[1] / h * 1000, box[2] / w * 1000, box[3] / h * 1000],
                        )
                    ],
                }
            )
            charts.append(chart)
    return pdf, manifest.model_copy(update={"charts": charts})


def _with_marker(k: int, body: str) -> str:
    return f'<text x="4" y="12">M{k}</text>{body}'


#: One figure a check: each fails the check its comment names (0 passes every check).
_FAILURES = [
    # 0: clean, dark on white, a point beside it
    _with_marker(0, '<circle cx="50" cy="56" r="3" fill="#2ca02c"/><text x="60" y="60">Clean 42.5</text>'),
    # 1: heatmap case: a label meant white on a dark cell, forced dark by the stylesheet
    _with_marker(
        1,
        '<rect x="50" y="40" width="80" height="40" fill="#08306b"/>'
        '<text x="60" y="65" fill="#fff">86.1</text>',
    ),
    # 2: dumbbell case: "739" and "749" printed over each other
    _with_marker(2, '<text x="60" y="60">739</text><text x="66" y="60">749</text>'),
    # 3: stacked-area case: a white label centred on the area's edge, half on white paper
    _with_marker(
        3,
        '<rect x="100" y="30" width="120" height="60" fill="#1f77b4"/>'
        '<text x="100" y="65" text-anchor="middle" style="fill:#fff">23.7</text>',
    ),
    # 4: radar case: an axis title printed over the top spoke label
    _with_marker(
        4,
        '<text x="200" y="60" text-anchor="middle">Access</text>'
        '<text x="203" y="58" style="font-weight:bold">Output (units)</text>',
    ),
    # 5: too small: 8 px = 6 pt
    _with_marker(5, '<text x="60" y="60" style="font-size:8px">12.5</text>'),
    # 6: sparkline case: a moved label's plate painted over its own point
    _with_marker(
        6,
        '<circle cx="75" cy="56" r="3" fill="#2ca02c"/>'
        '<rect x="58" y="47" width="36" height="14" fill="#fff"/><text x="60" y="60">54.4%</text>',
    ),
    # 7: a highlight line drawn through a label with no plate
    _with_marker(
        7,
        '<line x1="40" y1="56" x2="140" y2="56" stroke="#d62728" stroke-width="2"/>'
        '<text x="60" y="60">42.5</text>',
    ),
    # 8: clipped by the chart: runs past the region's right edge (nothing to its right)
    _with_marker(8, '<text x="270" y="60">Overflowing label</text>'),
]


def test_checker_passes_clean_text_and_finds_each_failure(renderer: Renderer) -> None:
    pdf, manifest = _hostile_doc(renderer, _FAILURES)
    found = check_document(manifest, pdf)
    by_chart = {viz: {c for i in r.failing for c in r.failing[i]} for viz, r in found.charts.items()}
    assert by_chart["hostile-0"] == set(), failing(found, "contrast")
    assert "contrast" in by_chart["hostile-1"]
    assert "overlap" in by_chart["hostile-2"]
    assert "contrast" in by_chart["hostile-3"]
    assert "overlap" in by_chart["hostile-4"]
    assert by_chart["hostile-5"] == {"small"}
    assert by_chart["hostile-6"] == {"covers"}
    assert by_chart["hostile-7"] == {"crossed"}
    assert "clipped" in by_chart["hostile-8"]
    # The overprinted "739"/"749" is split back into two words, whatever the text layer merged.
    words = {w.text for w in found.charts["hostile-2"].words}
    assert {"739", "749"} <= words, words


def test_checking_only_the_asked_words_gives_their_verdicts(renderer: Renderer) -> None:
    # generation checks only the words its questions look for (``forms``): each of them fails
    # the same checks as when every word is checked, and the questions get the same answers
    pdf, manifest = _hostile_doc(renderer, _FAILURES)
    asked = [
        (1, "Clean", 42.5),
        (2, "Cell", 86.1),
        (3, "Pair", 739.0),
        (4, "Band", 23.7),
        (5, "Access (units)", 1.0),
        (6, "Tiny", 12.5),
        (7, "Point", 54.4),
        (8, "Crossed", 42.5),
        (9, "Overflowing label", 1.0),
    ]
    questions = [
        Question.model_construct(
            question_id=f"q{k}", chart_index=k, required_data_points=[DataRef(label=label, value=value)]
        )
        for k, label, value in asked
    ]
    full = check_document(manifest, pdf)
    forms = asked_forms(manifest, questions)
    only = check_document(manifest, pdf, forms=forms)
    checked = 0
    for viz, chart in only.charts.items():
        assert chart.words == full.charts[viz].words
        assert chart.checked is not None and set(chart.failing) <= chart.checked
        for i in chart.checked:
            assert chart.failing.get(i) == full.charts[viz].failing.get(i), (viz, chart.words[i].text)
        checked += len(chart.checked)
    assert 0 < checked < sum(len(c.words) for c in full.charts.values())
    problems = [only.question_problems(manifest, q) for q in questions]
    assert problems == [full.question_problems(manifest, q) for q in questions]
    refused = {q.chart_index for q, p in zip(questions, problems, strict=True) if p}
    assert refused == {2, 3, 4, 5, 6, 7, 8, 9}, problems


def test_question_about_an_illegible_value_is_refused(renderer: Renderer) -> None:
    figures = [
        _with_marker(0, '<text x="60" y="60">42.5</text>'),
        _with_marker(
            1, '<rect x="50" y="40" width="80" height="40" fill="#08306b"/><text x="60" y="65">86.1</text>'
        ),
        # printed with a sign and a unit, as waterfalls and percentage charts print values
        _with_marker(
            2, '<text x="60" y="60" style="font-size:7px">+12.5%</text><text x="60" y="90">4.0</text>'
        ),
    ]
    pdf, manifest = _hostile_doc(renderer, figures)
    found = check_document(manifest, pdf)

    def asks(index: int, value: float) -> Question:
        ref = DataRef(label="Northfield", value=value)
        return Question.model_construct(
            question_id=f"q{index}", chart_index=index, required_data_points=[ref]
        )

    assert found.question_problems(manifest, asks(1, 42.5)) == []
    problems = found.question_problems(manifest, asks(2, 86.1))
    assert len(problems) == 1 and "86.1" in problems[0] and "contrast" in problems[0]
    small = found.question_problems(manifest, asks(3, 12.5))
    assert len(small) == 1 and "small" in small[0]
    assert found.question_problems(manifest, asks(3, 4.0)) == []
    assert found.question_problems(manifest, asks(3, 99.0)) == []  # not printed: read from the axis
    assert found.question_problems(manifest, asks(7, 86.1)) == []  # no such chart: the reference rule's job


def test_text_hidden_by_a_clip_path_is_clipped(renderer: Renderer) -> None:
    svg = _with_marker(
        0,
        '<defs><clipPath id="c"><rect x="0" y="0" width="100" height="150"/></clipPath></defs>'
        '<g clip-path="url(#c)"><text x="200" y="60">Hidden 55.0</text></g>',
    )
    pdf, manifest = _hostile_doc(renderer, [svg])
    found = check_document(manifest, pdf)
    hidden = [f for f in found.findings if f.text in ("Hidden", "55.0")]
    if not hidden:  # Chromium dropped the clipped text from the text layer: nothing to mislead
        assert "55.0" not in pymupdf.open(stream=pdf, filetype="pdf")[0].get_text()
    else:
        assert {f.check for f in hidden} == {"clipped"}


def test_unreadable_pdf_is_one_clear_error() -> None:
    manifest = sample_plan([], sections=1, with_table=False).manifest
    with pytest.raises(LegibilityError, match="cannot be opened"):
        check_document(manifest, b"%PDF-1.7 truncated")


def test_chart_without_regions_or_on_a_missing_page_is_skipped(renderer: Renderer) -> None:
    pdf, manifest = print_charts(renderer, [type_chart("bar", 1)], "d3")
    lost = manifest.charts[0].model_copy(update={"regions": [Region(page=99, bbox=[0, 0, 10, 10])]})
    found = check_document(manifest.model_copy(update={"charts": [lost]}), pdf)
    assert found.charts[lost.vizId].words == []


# --- every chart type, as each renderer draws it -------------------------------------------


@dataclass(frozen=True)
class AllTypes:
    """A document of every chart type, with and without data labels, and its findings."""

    drawn_by: str
    pdf: bytes = field(repr=False)
    manifest: DocumentManifest = field(repr=False)
    found: DocumentLegibility = field(repr=False)


@pytest.fixture(scope="module", params=RENDERERS)
def all_types(renderer: Renderer, request: pytest.FixtureRequest) -> AllTypes:
    charts = [type_chart(t, i + 1, data_labels=dl) for dl in (False, True) for i, t in enumerate(CHART_TYPES)]
    pdf, manifest = print_charts(renderer, charts, request.param)
    return AllTypes(request.param, pdf, manifest, check_document(manifest, pdf))


@pytest.mark.parametrize("check", CHECKS)
def test_every_chart_type_passes_each_check_on_the_pdf(all_types: AllTypes, check: str) -> None:
    manifest, found = all_types.manifest, all_types.found
    assert {c.chartType for c in manifest.charts} == set(CHART_TYPES)
    assert {c.renderer for c in manifest.charts} == {all_types.drawn_by}
    for chart in manifest.charts:
        assert found.charts[chart.vizId].words, f"{chart.chartType}: no text found in its region"
    assert failing(found, check) == []


def test_tally_reports_every_type_and_check(all_types: AllTypes) -> None:
    tally = LegibilityTally()
    tally.add(all_types.found)
    table = tally.table()
    assert set(tally.charts) == set(CHART_TYPES) and all(n == 2 for n in tally.charts.values())
    for name in (*CHART_TYPES, *CHECKS):
        assert name in table


def _centres_of_get_drawings(page: pymupdf.Page, clip: pymupdf.Rect) -> list[tuple[float, float]]:
    # the rule as it read PyMuPDF's get_drawings (Rect and Point objects for every path)
    out = []
    for d in page.get_drawings():
        r, fill = d["rect"], d.get("fill")
        if fill is None or min(fill) > marks._PAPER or not clip.intersects(r):
            continue
        if not marks.MIN_WIDTH <= r.width <= marks.MAX_WIDTH or abs(r.width - r.height) >= marks._ROUND:
            continue
        if any(item[0] == "c" for item in d["items"]):
            out.append(((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2))
    return out


def test_marker_centres_are_those_of_get_drawings(all_types: AllTypes) -> None:
    # marker_centres reads the cheaper get_cdrawings: the same markers, in the same order
    seen = 0
    with pymupdf.open(stream=all_types.pdf, filetype="pdf") as doc:
        for chart in all_types.manifest.charts:
            for region in chart.regions:
                page = doc[region.page - 1]
                w, h = page.rect.width, page.rect.height
                x0, y0, x1, y1 = region.bbox
                clip = pymupdf.Rect(x0 * w / 1000, y0 * h / 1000, x1 * w / 1000, y1 * h / 1000)
                centres = marks.marker_centres(page, clip)
                assert centres == _centres_of_get_drawings(page, clip), chart.chartType
                seen += len(centres)
    assert seen > 20


def _ligature_letters(pdf: bytes, manifest: DocumentManifest) -> list[str]:
    """Letters in chart regions that share their pen position with the next character: the
    second letter of a ligature ("tt", "fi"), printed as part of the glyph before it."""
    out = []
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        for chart in manifest.charts:
            for region in chart.regions:
                page = doc[region.page - 1]
                blocks = page.get_text("rawdict", clip=region_rect(page, region))["blocks"]
                for span in (s for b in blocks for line in b.get("lines", []) for s in line["spans"]):
                    text = "".join(ch["c"] for ch in span["chars"])
                    for ch, after in pairwise(span["chars"]):
                        (x0, y0), (x1, y1) = ch["origin"], after["origin"]
                        if ch["c"].isalpha() and abs(x1 - x0) + abs(y1 - y0) < 0.01:
                            out.append(f"{chart.chartType}: {ch['c']!r} in {text!r}")
    return out


def test_chart_text_and_captions_print_one_glyph_per_letter(all_types: AllTypes) -> None:
    """No ligatures in a figure: a ligature's second letter has no box of its own in the text
    layer, so a word read by glyph boxes could split there and overprint itself."""
    assert _ligature_letters(all_types.pdf, all_types.manifest) == []


# --- the cases of issue 11, fixed at their source --------------------------------------------


def _spans(pdf: bytes, manifest: DocumentManifest, viz: str) -> list[tuple[str, int]]:
    chart = next(c for c in manifest.charts if c.vizId == viz)
    r = chart.regions[0]
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        page = doc[r.page - 1]
        return [
            (s["text"].strip(), int(s["color"]))
            for b in page.get_text("dict", clip=region_rect(page, r))["blocks"]
            for line in b.get("lines", [])
            for s in line["spans"]
            if s["text"].strip()
        ]


def test_heatmap_labels_on_dark_cells_print_white(renderer: Renderer) -> None:
    data = series_points(("2020", "2021", "2022"), {"North": (12.0, 40.5, 88.0), "South": (95.5, 20.0, 67.0)})
    heatmap = labelled_chart("heatmap", data, colorMap={"low": "#f7fbff", "high": "#08306b"})
    pdf, manifest = print_charts(renderer, [heatmap], "d3")
    found = check_document(manifest, pdf)
    assert failing(found, "contrast") == [] and failing(found, "small") == []
    colours = dict(_spans(pdf, manifest, "viz-s1-1"))
    assert colours["95.5"] == 0xFFFFFF and colours["88.0"] == 0xFFFFFF  # darkest cells
    assert colours["12.0"] != 0xFFFFFF  # lightest cell keeps dark ink


def test_radar_axis_title_and_close_values_do_not_overprint(renderer: Renderer) -> None:
    axes = ("Access", "Cost", "Quality", "Speed", "Reach")
    values = {
        "Public sector": (739.0, 520.0, 610.0, 300.0, 450.0),
        "Private sector": (749.0, 515.0, 200.0, 640.0, 455.0),
    }
    pdf, manifest = print_charts(renderer, [labelled_chart("radar", series_points(axes, values))], "d3")
    found = check_document(manifest, pdf)
    assert failing(found, "overlap") == [] and failing(found, "clipped") == []
    words = {w.text for w in found.charts["viz-s1-1"].words}
    assert {"739", "749", "Access", "Output"} <= words


def test_radar_crowded_values_never_overprint(renderer: Renderer) -> None:
    """One spoke ten times the others (seed 9979) puts every other dot in a knot near the
    centre, among the ring labels: a value with no free spot beside its dot goes further out
    on a leader line, or is left unprinted (the rings still read it), never onto another text."""
    axes = ("Sweden", "Lithuania", "Finland", "Norway", "Latvia", "Ireland", "United Kingdom")
    values = {
        "2017": (0.643, 0.195, 0.421, 0.243, 0.194, 0.465, 5.131),
        "2020": (0.571, 0.214, 0.446, 0.222, 0.163, 0.501, 5.441),
    }
    pdf, manifest = print_charts(renderer, [labelled_chart("radar", series_points(axes, values))], "d3")
    found = check_document(manifest, pdf)
    assert failing(found, "overlap") == [] and failing(found, "clipped") == []
    assert failing(found, "covers") == []
    words = {w.text for w in found.charts["viz-s1-1"].words}
    small = {f"{v:.3f}" for series in values.values() for v in series if v < 1}
    assert {"5.131", "5.441", "Sweden", "Latvia"} <= words and len(words & small) >= 10


def test_radar_leaders_never_cross_a_ring_value(renderer: Renderer) -> None:
    """One spoke several times the others (seed 9697, Figure 5 of sdb-9697-00007) knots the
    other dots round the centre: the leader of a value placed further out ran through the ring
    value "100". A leader now takes a path clear of every text where one exists, and the ring
    values sit above the leaders on their plates, so no line runs through one."""
    axes = ("Serbia", "North Macedonia", "Portugal", "Albania", "Greece", "Italy")
    values = {
        "2020": (53.6, 25.4, 77.1, 14.3, 93.7, 373.1),
        "2023": (58.9, 26.9, 85.7, 16.6, 94.4, 396.5),
        "2024": (58.8, 27.6, 88.3, 17.3, 95.7, 407.7),
    }
    colours = {"2020": "#2CA02C", "2023": "#9467BD", "2024": "#808000"}
    radar = labelled_chart(
        "radar",
        series_points(axes, values),
        colorMap=colours,
        highlightedItems=["Portugal"],
        hasGridlines=True,
    )
    pdf, manifest = print_charts(renderer, [radar], "d3", archetype="editorial")
    found = check_document(manifest, pdf)
    for check in ("crossed", "overlap", "covers", "clipped"):
        assert failing(found, check) == [], check
    words = {w.text for w in found.charts["viz-s1-1"].words}
    printed = {f"{v:.1f}" for series in values.values() for v in series}
    assert {"100", "200", "Italy"} <= words and len(words & printed) >= 16


@pytest.mark.parametrize("chart_type", ["lollipop", "line", "scatter"])
def test_a_y_title_longer_than_the_plot_prints_on_two_rows(renderer: Renderer, chart_type: str) -> None:
    """A rotated y-axis title longer than the plot is tall stuck out of the chart at the top
    (seed 9733, Figure 7 of sdb-9733-00004: '...dose (million people)' clipped); it now prints
    on two rows in a wider left margin, every word inside the chart, none over a tick label."""
    chart = type_chart(chart_type, 1)
    axes = chart.axes.model_copy(
        update={
            "y": Axis(
                label="Children receiving the third diphtheria dose", type="linear", unit="million people"
            )
        }
    )
    pdf, manifest = print_charts(
        renderer, [chart.model_copy(update={"axes": axes})], "d3", archetype="academic"
    )
    found = check_document(manifest, pdf)
    for check in ("clipped", "overlap", "crossed"):
        assert failing(found, check) == [], check
    words = [w.text for w in found.charts["viz-s1-1"].words]
    assert {"Children", "diphtheria", "(million", "people)"} <= set(words)


@pytest.mark.parametrize("chart_type", ["donut", "pie"])
def test_thin_neighbouring_slices_label_apart(renderer: Renderer, chart_type: str) -> None:
    """Three thin slices side by side at the top (seed 9739, Figure 8 of sdb-9739-00025) put
    their "name: value" labels on one spot; each side's labels now stack a line apart, outside
    the circle, led to their slices."""
    items = ("Content", "Software", "Devices", "Connectivity", "Teacher training", "Technical support")
    values = (41.6, 40.8, 5.6, 4.8, 4.0, 3.2)
    data = [DataPoint(label=k, value=v) for k, v in zip(items, values, strict=True)]
    palette = ("#8C564B", "#FF7F0E", "#9467BD", "#1F77B4", "#2CA02C", "#008080")
    chart = labelled_chart(
        chart_type,
        data,
        colorMap=dict(zip(items, palette, strict=True)),
        hasLegend=False,
        highlightedItems=[],
    )
    pdf, manifest = print_charts(renderer, [chart], "d3", archetype="academic")
    found = check_document(manifest, pdf)
    for check in ("overlap", "clipped", "crossed", "contrast"):
        assert failing(found, check) == [], check
    words = {w.text.rstrip(":") for w in found.charts["viz-s1-1"].words}
    assert {"3.2", "4.0", "4.8", "5.6", "Teacher", "Technical", "Connectivity"} <= words


def test_a_treemap_word_wider_than_its_tile_is_hyphenated(renderer: Renderer) -> None:
    """A narrow tile (seed 9739, Figure 16 of sdb-9739-00039) printed 'Independent' past its
    edge, white on the paper; a word wider than its tile now breaks with a hyphen."""
    items = ("Online shops", "Operator stores", "Supermarkets", "Electronics chains", "Independent shops")
    values = (0.147, 0.124, 0.122, 0.094, 0.041)
    palette = ("#2CA02C", "#9467BD", "#8C564B", "#FF7F0E", "#1F77B4")
    data = [DataPoint(label=k, value=v) for k, v in zip(items, values, strict=True)]
    chart = labelled_chart(
        "treemap", data, colorMap=dict(zip(items, palette, strict=True)), hasLegend=False, highlightedItems=[]
    )
    pdf, manifest = print_charts(renderer, [chart], "d3")
    found = check_document(manifest, pdf)
    for check in ("contrast", "clipped", "overlap"):
        assert failing(found, check) == [], check
    words = {w.text for w in found.charts["viz-s1-1"].words}
    assert {"0.041", "shops", "Supermarkets"} <= words and "Independent" not in words


def test_a_highlighted_thin_segment_keeps_its_label_clear_of_the_outline(renderer: Renderer) -> None:
    """The outline of a highlighted stack ran through the labels of its thin segments (seed
    9743, Figure 13 of sdb-9743-00033: '0.057' and '0.051' crossed); the outline's width now
    counts against the room a segment needs for its label."""
    countries = ("Serbia", "Albania", "North Macedonia", "Greece", "Slovenia", "Spain")
    values = {
        "Households": (0.057, 0.011, 0.015, 0.101, 0.031, 0.489),
        "Industry": (0.042, 0.027, 0.033, 0.051, 0.024, 0.521),
        "Commerce": (0.052, 0.025, 0.028, 0.089, 0.016, 0.281),
    }
    colours = {"Households": "#9467BD", "Industry": "#FF7F0E", "Commerce": "#1F77B4"}
    chart = labelled_chart(
        "stacked_bar",
        series_points(countries, values),
        colorMap=colours,
        highlightedItems=["Serbia", "Greece"],
    )
    pdf, manifest = print_charts(renderer, [chart], "d3", archetype="magazine")
    found = check_document(manifest, pdf)
    for check in ("crossed", "contrast", "overlap"):
        assert failing(found, check) == [], check
    words = {w.text for w in found.charts["viz-s1-1"].words}
    # the labels are those ``reading.value_printed`` names (Greece's 0.101 and 0.089, highlighted,
    # under 11% of the axis, print none since slots45: the planner asks no such value)
    drawn = manifest.charts[0]
    assert {"0.489", "0.521"} | {f"{p.value:.3f}" for p in drawn.data if value_printed(drawn, p)} <= words
    assert "0.101" not in words


def test_dumbbell_close_values_print_apart(renderer: Renderer) -> None:
    rows = (("Northfield", 739.0, 749.0), ("Southport", 402.0, 405.0), ("Eastbrook", 120.0, 880.0))
    data = [
        DataPoint(label=r, value=v, category=s) for r, a, b in rows for s, v in (("2015", a), ("2023", b))
    ]
    dumbbell = labelled_chart("dumbbell", data, highlightedItems=["Northfield"])
    pdf, manifest = print_charts(renderer, [dumbbell], "d3")
    found = check_document(manifest, pdf)
    assert failing(found, "overlap") == [] and failing(found, "clipped") == []
    texts = [t for t, _ in _spans(pdf, manifest, "viz-s1-1")]
    assert "739" in texts and "749" in texts
    assert not any("73949" in t or "74939" in t for t in texts)


def test_stacked_area_end_labels_sit_inside_their_band(renderer: Renderer) -> None:
    years = ("2018", "2019", "2020", "2021")
    rows = {"Cars": (23.7, 30.1, 35.5, 41.3), "Vans": (51.1, 48.0, 44.2, 40.9), "Buses": (2.0, 2.4, 2.1, 2.2)}
    palette = {"Cars": "#1f77b4", "Vans": "#ff7f0e", "Buses": "#2ca02c"}
    area = labelled_chart("stacked_area", series_points(years, rows), colorMap=palette, highlightedItems=[])
    pdf, manifest = print_charts(renderer, [area], "d3")
    found = check_document(manifest, pdf)
    assert failing(found, "contrast") == [] and failing(found, "overlap") == []
    words = {w.text for w in found.charts["viz-s1-1"].words}
    assert {"23.7", "41.3", "51.1", "40.9"} <= words  # first and last labels printed (inside)
    assert "2.0" not in words  # a band thinner than the text gets no label


def test_a_metric_card_wider_than_its_column_does_not_shrink_the_charts(renderer: Renderer) -> None:
    """Brutalist prints card values at 30 pt: "37.48 million subscriptions" is wider than its
    card. A line wider than the page makes Chromium shrink every page to fit, and chart text
    then prints under 7 pt (21+ findings per check over 40 documents); the value wraps instead."""
    plan = sample_plan(["bar", "line"], archetype="brutalist", sections=1, with_table=False)
    cards = next(
        b for b in plan.sections[0].blocks if isinstance(b, CalloutBlock) and b.style == "metric_cards"
    )
    cards.items = [
        f"{v} million subscriptions | Subscriptions in {y}" for v, y in (("37.48", 2020), ("41.9", 2023))
    ]
    cards.items += ["12.5% | Share of rural households", "803.1 kilotonnes | Emissions avoided"]
    pdf = renderer.render_pdf(render_html(plan, load_d3()), name=plan.manifest.doc_id).pdf
    manifest = measure_document(pdf, plan.manifest).manifest
    found = check_document(manifest, pdf)
    assert found.charts and failing(found, "small") == []
    sizes = [w.size for c in found.charts.values() for w in c.words]
    assert min(sizes) >= 7.4  # 10 px chart text prints at 7.5 pt when nothing is shrunk


def test_a_value_its_labelled_chart_does_not_print_is_refused(renderer: Renderer) -> None:
    """A stacked segment thinner than its text gets no label, yet a labelled chart's values are
    asked at a label's precision (1%): on fresh seed 4673, 7 of 1,076 rendered questions asked
    such a segment (0.052 against 0.041 million km² on a 0-4 axis). Validation refuses them."""
    countries = ("Japan", "Germany", "France")
    values = {"Forest": (2.4, 1.1, 1.7), "Wetland": (0.052, 0.041, 0.61), "Cropland": (0.9, 1.3, 1.2)}
    chart = labelled_chart("stacked_bar", series_points(countries, values))
    pdf, manifest = print_charts(renderer, [chart], "d3")
    found = check_document(manifest, pdf)
    words = {w.text for w in found.charts[manifest.charts[0].vizId].words}
    assert "0.610" in words and "0.052" not in words  # the thin segment prints no label

    def asks(*refs: tuple[str, float]) -> Question:
        points = [DataRef(label=label, value=value) for label, value in refs]
        return Question.model_construct(
            question_id="q", chart_index=manifest.charts[0].index, required_data_points=points
        )

    assert found.question_problems(manifest, asks(("France (Wetland)", 0.61), ("Japan (Forest)", 2.4))) == []
    problems = found.question_problems(manifest, asks(("Japan (Wetland)", 0.052), ("France (Wetland)", 0.61)))
    assert len(problems) == 1 and "0.052" in problems[0] and "prints no label" in problems[0], problems
    axis_read = manifest.charts[0].model_copy(
        update={
            "visualProperties": manifest.charts[0].visualProperties.model_copy(
                update={"valueReading": "axis"}
            )
        }
    )
    unlabelled = manifest.model_copy(update={"charts": [axis_read]})
    assert found.question_problems(unlabelled, asks(("Japan (Wetland)", 0.052))) == []  # read off the axis
