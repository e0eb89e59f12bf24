"""The legibility checks read off word boxes and marker positions: ``overlap``, ``small``,
``clipped`` (outside its region), ``covers`` and ``misplaced``."""

from __future__ import annotations

import pymupdf

from generation.charts.reading import printed, value_printed
from generation.charts.registry import CHART_TYPE_NAMES, chart_type
from generation.charts.spec import chart_decimals
from generation.validate.legibility_model import ChartLegibility, word_form
from generation.validate.marks import astray, inside, marker_centres, misplaced
from synthdocbench_tasks.schema import Chart

#: Line types, whose value labels sit above their dots with no leader (a line, an area, a multi-line
#: chart; a sparkline grid: a panel a series), where the ``misplaced`` and ``astray`` checks find a
#: label's own dot by pairing alone: a multi-line chart's label moved beside another series' dot is
#: read as that series' value. Where labels are led to their dots (radar, slope, dumbbell) their
#: colours and leader lines decide which is whose (``tests/generation/charts/test_label_attribution.py``
#: checks those); a scatter's labels name their points.
PAIRED_TYPES: frozenset[str] = frozenset(
    t.name for t in map(chart_type, CHART_TYPE_NAMES) if t.member("line")
)
MIN_SIZE_PT = 7.0
EDGE_PT = 1.0  # a word may stick out of its region by this much (glyph side bearings)
_SHRINK_PT = 0.6  # glyph boxes are shrunk by this before testing overlap (touching is fine)


def _project(corners: tuple[tuple[float, float], ...], axis: tuple[float, float]) -> tuple[float, float]:
    values = [x * axis[0] + y * axis[1] for x, y in corners]
    return min(values), max(values)


def shrunk(corners: tuple[tuple[float, float], ...], by: float) -> tuple[tuple[float, float], ...]:
    cx = sum(c[0] for c in corners) / 4
    cy = sum(c[1] for c in corners) / 4
    out = []
    for x, y in corners:
        vx, vy = x - cx, y - cy
        norm = (vx * vx + vy * vy) ** 0.5 or 1.0
        out.append((x - vx / norm * by, y - vy / norm * by))
    return tuple(out)


def boxes_overlap(a: tuple[tuple[float, float], ...], b: tuple[tuple[float, float], ...]) -> bool:
    """Whether two convex quadrilaterals intersect (separating axis theorem)."""
    for quad in (a, b):
        for k in range(4):
            (x0, y0), (x1, y1) = quad[k], quad[(k + 1) % 4]
            axis = (y0 - y1, x1 - x0)
            lo_a, hi_a = _project(a, axis)
            lo_b, hi_b = _project(b, axis)
            if hi_a <= lo_b or hi_b <= lo_a:
                return False
    return True


def check_overlaps(result: ChartLegibility) -> None:
    words = result.words
    boxes = [shrunk(w.corners, _SHRINK_PT) for w in words]
    checked = result.checked
    for i in range(len(words)):
        for j in range(i + 1, len(words)):
            if checked is not None and i not in checked and j not in checked:
                continue
            a, b = words[i].bbox, words[j].bbox
            if a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]:
                continue
            if boxes_overlap(boxes[i], boxes[j]):
                if checked is None or i in checked:
                    result.fail(i, "overlap", f"overprints {words[j].text!r}")
                if checked is None or j in checked:
                    result.fail(j, "overlap", f"overprints {words[i].text!r}")


def check_sizes_and_edges(
    result: ChartLegibility, regions: dict[int, list[pymupdf.Rect]], pages: dict[int, pymupdf.Rect]
) -> None:
    for i, w in result.to_check():
        if w.size < MIN_SIZE_PT - 0.01:
            result.fail(i, "small", f"{w.size:.2f} pt < {MIN_SIZE_PT:g} pt")
        box = pymupdf.Rect(w.bbox)
        inside_page = pages[w.page]
        if not any(_contains(r, box, EDGE_PT) for r in regions.get(w.page, [])) or not _contains(
            inside_page, box, 0.0
        ):
            result.fail(
                i, "clipped", f"sticks out of the chart region or page at {tuple(round(v) for v in w.bbox)}"
            )


def check_markers(
    result: ChartLegibility, page_no: int, page: pymupdf.Page, clip: pymupdf.Rect, values: set[int]
) -> None:
    """``covers``, ``misplaced`` and ``astray``: ``values`` are the indices of the chart's value labels."""
    on_page = [(i, w) for i, w in result.to_check() if w.page == page_no]
    centres = marker_centres(page, clip) if on_page else []
    for i, w in on_page:
        hit = next((c for c in centres if inside(w.corners, c)), None)
        if hit is not None:
            result.fail(i, "covers", f"covers a data marker at ({hit[0]:.0f}, {hit[1]:.0f})")
    words = result.words
    labels = [i for i in sorted(values) if words[i].page == page_no and clip.intersects(words[i].bbox)]
    checked = {i for i, _ in on_page}
    corners = [words[i].corners for i in labels]
    for k, nearer in misplaced(corners, centres).items():
        if labels[k] in checked:
            why = f"sits {nearer:.1f} pt nearer another data marker than its own" if nearer else ""
            result.fail(labels[k], "misplaced", why or "sits as near its data marker as another value label")
    for k, far in astray(corners, centres).items():
        if labels[k] in checked:
            result.fail(labels[k], "astray", f"sits {far:.1f} pt from its own data marker")


def value_labels(result: ChartLegibility, chart: Chart) -> set[int]:
    """Indices of the words that print a value of ``chart`` as its labels do (its own decimals),
    on a chart whose labels :func:`~generation.validate.marks.misplaced` judges (:data:`PAIRED_TYPES`;
    a multi-line chart only as charts.js draws it: matplotlib's label pass does not yet keep a label
    by its own series' dot, 3 misplaced and 1 astray on the all-types document of
    ``test_legibility.py``)."""
    if not printed(chart) or chart.chartType not in PAIRED_TYPES:
        return set()
    if chart.renderer == "matplotlib" and chart_type(chart.chartType).member("multi_series"):
        return set()
    places = chart_decimals(chart)
    forms = {f"{abs(p.value):,.{places}f}" for p in chart.data if value_printed(chart, p)}
    return {i for i, w in enumerate(result.words) if word_form(w) in forms}


def _contains(outer: pymupdf.Rect, inner: pymupdf.Rect, tolerance: float) -> bool:
    return (
        inner.x0 >= outer.x0 - tolerance
        and inner.y0 >= outer.y0 - tolerance
        and inner.x1 <= outer.x1 + tolerance
        and inner.y1 <= outer.y1 + tolerance
    )
