"""A value axis of non-negative values never prints a negative tick: the margin below the
smallest value stops at zero (charts.js' ``valueDomain``, ``mpl_common._floor_at_zero``); a
slope chart of tourist arrivals ran its axis to -2. Measured on what Chromium draws, over
generated charts whose values come close to zero (the cases the margin pushed below it)."""

from __future__ import annotations

from itertools import zip_longest

import pytest

from generation.document.content import plan_document
from generation.document.render import Renderer
from generation.plan.config import GenerationConfig
from synthdocbench_tasks.schema import Chart
from tests.generation.chart_docs import RENDERERS, print_charts

pytestmark = pytest.mark.browser

#: Chart types whose value axis does not start at zero by design (small multiples left out: one
#: axis per panel in matplotlib).
TYPES = ["slope", "scatter", "bubble", "box", "multi_line", "line"]
CONFIG = GenerationConfig(seed=2803, target_pages=12, min_charts=10, max_charts=10, chart_types=TYPES)
#: Share of the values' range the axis leaves below the smallest value (charts.js' pad).
PAD = 0.08

#: Per chart, per value axis ("y"; "x" too for scatter and bubble): the tick texts with their
#: centres and the axis's lower end, in page pixels (D3's axis line, matplotlib's plot patch).
_AXES = {
    "d3": """() => [...document.querySelectorAll('.chart[data-viz]')].map((el) => {
  const axis = (w) => {
    const line = el.querySelector(`.axis-${w} .domain`);
    if (!line) return null;
    const r = line.getBoundingClientRect();
    const ticks = [...el.querySelectorAll(`.axis-${w} .tick text`)].map((t) => {
      const b = t.getBoundingClientRect();
      return [t.textContent, w === 'y' ? b.y + b.height / 2 : b.x + b.width / 2];
    });
    return [ticks, w === 'y' ? r.bottom : r.left];
  };
  return [el.getAttribute('data-viz'), {y: axis('y'), x: axis('x')}];
})""",
    "matplotlib": """() => [...document.querySelectorAll('svg.chart-svg-mpl')].map((svg) => {
  const r = svg.querySelector('g[id$="patch_2"] path').getBoundingClientRect();
  const axis = (w) => [[...svg.querySelectorAll(`g[id*="${w}tick_"] text`)].map((t) => {
    const b = t.getBoundingClientRect();
    return [t.textContent, w === 'y' ? b.y + b.height / 2 : b.x + b.width / 2];
  }), w === 'y' ? r.bottom : r.left];
  return [svg.id, {y: axis('y'), x: axis('x')}];
})""",
}


def _number(text: str) -> float | None:
    try:
        return float(text.strip().replace("\u2212", "-").replace(",", ""))
    except ValueError:
        return None


def _lower_end(ticks: list[tuple[str, float]], lower: float) -> float | None:
    """The value at an axis's lower end, from its two furthest-apart numeric ticks (in tick
    steps: 0 is the lowest tick, -1 a whole step below it), or None with fewer than two."""
    read = sorted({(v, pos) for text, pos in ticks if (v := _number(text)) is not None})
    if len(read) < 2 or read[0][0] == read[-1][0]:
        return None
    (v0, p0), (v1, p1) = read[0], read[-1]
    value = v0 + (lower - p0) * (v1 - v0) / (p1 - p0)
    step = (v1 - v0) / (len(read) - 1)
    return value / step


def _values(chart: Chart) -> list[float]:
    """Every value a chart's value axes span (a scatter's x, a box's whiskers)."""
    keys = ("x", "min", "max")
    return [p.value for p in chart.data] + [
        float(p.metadata[k]) for p in chart.data for k in keys if k in p.metadata
    ]


def _near_zero(count: int) -> list[Chart]:
    """``count`` generated charts of non-negative values whose smallest lies within PAD of the
    range above zero (an axis padded below it by PAD of the range would cross zero), taken in
    turn from each chart type found, so that several types are drawn."""
    found: dict[str, list[Chart]] = {}
    for index in range(80):
        for chart in plan_document(CONFIG, index).manifest.charts:
            values = _values(chart)
            if chart.chartType in TYPES and 0 <= min(values) < PAD * (max(values) - min(values)):
                chart.visualProperties.valueReading = "axis"
                found.setdefault(chart.chartType, []).append(chart)
        if sum(map(len, found.values())) >= 2 * count and len(found) >= 4:
            break
    turns = [c for row in zip_longest(*found.values()) for c in row if c is not None]
    if len(turns) < count:
        raise AssertionError(f"only {len(turns)} generated charts with values near zero")
    return turns[:count]


@pytest.mark.parametrize("drawn_by", RENDERERS)
def test_no_value_axis_of_non_negative_values_runs_below_zero(renderer: Renderer, drawn_by: str) -> None:
    charts = _near_zero(12)
    assert len({c.chartType for c in charts}) >= 4, sorted(c.chartType for c in charts)
    print_charts(renderer, charts, drawn_by)
    drawn = {
        key.removeprefix("mpl-").removesuffix("-svg"): axes
        for key, axes in renderer.evaluate(_AXES[drawn_by])
    }
    assert sorted(drawn) == sorted(c.vizId for c in charts)
    below, read = [], 0
    for chart in charts:
        axes = drawn[chart.vizId]
        which = ("y", "x") if chart.chartType in ("scatter", "bubble") else ("y",)
        for w in which:
            end = _lower_end(*axes[w]) if axes[w] else None
            read += end is not None
            if end is not None and end < -0.02:  # two hundredths of a tick step: pixel rounding
                below.append((chart.chartType, chart.title, w, round(end, 2)))
    assert read >= len(charts) and below == [], (read, len(below), below[:4])
