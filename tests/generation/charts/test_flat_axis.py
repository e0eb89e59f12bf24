"""A flat series is drawn flat: the value axis spans a share of the values' magnitude, so a
series that barely moves (40.2 to 40.8, "broadly flat") does not fill the plot as if it rose
strongly, while a series that rises or falls still spans much of it. Measured on what Chromium
draws (the line's and the y axis's boxes in the printed document), over generated line charts."""

from __future__ import annotations

import pytest

from generation.document.content import plan_document
from generation.document.render import Renderer
from generation.plan.config import GenerationConfig
from generation.questions.common import direction
from synthdocbench_tasks.schema import Chart
from tests.generation.chart_docs import RENDERERS, print_charts

pytestmark = pytest.mark.browser

#: Generated documents of line charts only (about one line in eight is flat).
CONFIG = GenerationConfig(seed=1811, target_pages=12, min_charts=10, max_charts=10, chart_types=["line"])
#: Most of the plot's height a flat series' line may cover.
FLAT_SHARE = 0.2
#: Least of the plot's height a rising or falling series' line covers (the scale stays readable).
MOVING_SHARE = 0.25

#: (chart id, line height / plot height) of every drawn single-series line, per renderer: the
#: D3 line and y axis, or matplotlib's axes patch and its one path of more than two points.
_EXTENTS = {
    "d3": """() => [...document.querySelectorAll('.chart[data-viz]')].map((el) => {
  const line = el.querySelector('path.mark.line');
  const axis = el.querySelector('.axis-y .domain');
  return [el.getAttribute('data-viz'), line.getBBox().height / axis.getBBox().height];
})""",
    "matplotlib": """() => [...document.querySelectorAll('svg.chart-svg-mpl')].map((svg) => {
  const axes = svg.querySelector('g[id$="patch_2"] path');
  const line = [...svg.querySelectorAll('g[id*="line2d_"] path')]
    .filter((p) => (p.getAttribute('d').match(/L/g) || []).length >= 2)[0];
  return [svg.id, line.getBBox().height / axes.getBBox().height];
})""",
}


def _line_charts(moved: str, count: int) -> list[Chart]:
    """``count`` generated single-series line charts (no printed values) whose series ``moved``."""
    found: list[Chart] = []
    for index in range(60):
        for chart in plan_document(CONFIG, index).manifest.charts:
            if chart.chartType == "line" and direction([p.value for p in chart.data]) == moved:
                chart.visualProperties.valueReading = "axis"
                found.append(chart)
        if len(found) >= count:
            return found[:count]
    raise AssertionError(f"only {len(found)} generated line charts {moved}")


@pytest.mark.parametrize(
    ("moved", "check"), [("was broadly flat", "flat"), ("rose", "moving"), ("fell", "moving")]
)
@pytest.mark.parametrize("drawn_by", RENDERERS)
def test_a_line_covers_the_plot_as_much_as_it_moves(
    renderer: Renderer, drawn_by: str, moved: str, check: str
) -> None:
    charts = _line_charts(moved, 12)
    print_charts(renderer, charts, drawn_by)
    extents = dict(renderer.evaluate(_EXTENTS[drawn_by]))
    assert len(extents) == len(charts)
    if check == "flat":
        tall = {k: round(v, 2) for k, v in extents.items() if v > FLAT_SHARE}
        assert not tall, f"flat series drawn over more than {FLAT_SHARE:.0%} of the plot: {tall}"
    else:
        short = {k: round(v, 2) for k, v in extents.items() if v < MOVING_SHARE}
        assert not short, f"series that {moved} drawn over less than {MOVING_SHARE:.0%} of the plot: {short}"
