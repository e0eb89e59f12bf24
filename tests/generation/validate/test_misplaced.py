"""Value labels sit by their own mark (the legibility check's ``misplaced``), on real PDFs.

A sparkline grid's labels, moved beside their point where the next year's label took the room
above it, sat over the next year's point and read as its value (review of stop 46); the check
counted none. :func:`generation.validate.marks.misplaced` pairs labels with markers and names
those nearer another marker than their own; charts.js keeps a moved label nearer its own dot.
"""

from __future__ import annotations

import pytest

from generation.charts.reading import value_printed
from generation.document.render import Renderer
from generation.plan.rng import stage_rng
from generation.validate.legibility import check_document
from generation.validate.marks import misplaced
from synthdocbench_tasks.schema import Chart
from tests.generation.chart_docs import failing, labelled_chart, series_points

#: Panels of the grids below (up to six; long names wrap).
NAMES = ("Northern Territory", "South", "East Coast", "West", "Central Vale", "Harbour Point")


def _box(x: float, y: float, w: float = 20.0, h: float = 8.0) -> tuple[tuple[float, float], ...]:
    """A label's glyph box centred on (x, y)."""
    return ((x - w / 2, y + h / 2), (x + w / 2, y + h / 2), (x + w / 2, y - h / 2), (x - w / 2, y - h / 2))


def test_pairing_names_a_label_sitting_over_the_next_point() -> None:
    dots = [(float(x), 50.0) for x in range(0, 200, 25)]  # a flat line, a point every 25 pt
    above = [_box(x, 42.0) for x, _ in dots]
    assert misplaced(above, dots) == {}
    moved = [*above]
    moved[2] = _box(dots[3][0], 58.0)  # the third label moved under the fourth point
    assert set(misplaced(moved, dots)) == {2, 3}  # two labels as near one dot, none by the third
    moved[2] = _box(dots[3][0] + 4.0, 60.0)  # further off: still read as the fourth point's
    assert 2 in misplaced(moved, dots)
    assert misplaced([], dots) == {} and misplaced(above, []) == {}


def _grid(seed: int) -> Chart:
    """A labelled sparkline grid of 4-6 panels over 6-10 years (as the chart stage draws them),
    values a random walk."""
    rng = stage_rng(seed, "misplaced-sparklines")
    panels, years = int(rng.integers(4, 7)), int(rng.integers(6, 11))
    labels = tuple(str(2010 + k) for k in range(years))
    rows = {
        name: tuple(round(float(v), 1) for v in 40 + rng.normal(0, 4, years).cumsum())
        for name in NAMES[:panels]
    }
    return labelled_chart("sparkline_grid", series_points(labels, rows), highlightedItems=[NAMES[1]])


@pytest.mark.browser
@pytest.mark.parametrize("archetype", ["dashboard", "academic", "editorial", "brutalist"])
def test_sparkline_labels_sit_by_their_own_points(renderer: Renderer, archetype: str) -> None:
    """Twelve grids per layout (half and full slots): no label sits nearer another point than its
    own or away from it (``astray``: main moved 89 labels in dashboard, 136 in brutalist, a row
    or more off their points), none overprints another, and every value the planner counts
    printed (``panel_labels``) is printed, and no other: a third to half of them."""
    from tests.generation.chart_docs import print_charts

    charts = [_grid(seed) for seed in range(12)]
    pdf, manifest = print_charts(renderer, charts, "d3", archetype=archetype)
    found = check_document(manifest, pdf)
    assert failing(found, "misplaced") == [] and failing(found, "astray") == []
    assert failing(found, "overlap") == [] and failing(found, "covers") == []
    planned = shown = 0
    for c in manifest.charts:
        words = [w.text for w in found.charts[c.vizId].words]
        planned += sum(value_printed(c, p) for p in c.data)
        shown += sum(1 for w in words if w in {f"{p.value:.1f}" for p in c.data})  # the value labels
        for p in c.data:
            assert f"{p.value:.1f}" in words or not value_printed(c, p), (c.vizId, p.label, p.category)
    assert shown == planned >= 0.3 * sum(len(c.data) for c in manifest.charts), (shown, planned)


def _tangle(seed: int) -> Chart:
    """A labelled multi-line chart of 3-4 series over 7-9 years whose lines run close together
    and cross (their labels meet and move), values random walks from one level."""
    rng = stage_rng(seed, "misplaced-multi-line")
    series, years = int(rng.integers(3, 5)), int(rng.integers(7, 10))
    labels = tuple(str(2012 + k) for k in range(years))
    rows = {
        name: tuple(round(float(v), 1) for v in 150 + rng.normal(0, 6, years).cumsum())
        for name in NAMES[:series]
    }
    return labelled_chart("multi_line", series_points(labels, rows))


@pytest.mark.browser
@pytest.mark.parametrize("archetype", ["dashboard", "brutalist"])
def test_multi_line_labels_sit_by_their_own_series_dots(renderer: Renderer, archetype: str) -> None:
    """Twelve tangled multi-line charts per layout: no value label sits nearer another series' dot
    than its own, or away from its own (main: 185 in dashboard, 83 in brutalist, moved beside
    another series' dot or a row off their own), and every value the planner counts printed
    (``line_labels``) is printed."""
    from tests.generation.chart_docs import print_charts

    pdf, manifest = print_charts(renderer, [_tangle(seed) for seed in range(12)], "d3", archetype=archetype)
    found = check_document(manifest, pdf)
    wrong = failing(found, "misplaced") + failing(found, "astray")
    assert wrong == [], (len(wrong), wrong[:5])
    assert failing(found, "overlap") == [] and failing(found, "covers") == []
    for c in manifest.charts:
        words = {w.text for w in found.charts[c.vizId].words}
        assert all(f"{p.value:.1f}" in words for p in c.data if value_printed(c, p)), c.vizId
