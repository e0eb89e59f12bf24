"""Slope, radar and dumbbell value labels sit by their own marks (issue 24, point 5).

Read on the printed PDF, for both renderers, over several charts of each type: a value
label's nearest dot is a dot of its own series, or a leader line runs from the label to one.
"""

from __future__ import annotations

import pytest

from generation.document.render import Renderer
from tests.generation.all_types import type_chart
from tests.generation.chart_docs import RENDERERS, print_charts
from tests.generation.label_marks import attributions

pytestmark = pytest.mark.browser

#: Charts per type and renderer (type_chart's index seeds the values).
SEEDS = range(1, 7)
#: The share of labels that must sit by their own mark. Radar values of two series that
#: almost coincide leave a few labels nearer the other series' dot (see the lead's notes).
FLOOR = {"slope": 0.97, "dumbbell": 1.0, "radar": 0.9}


@pytest.mark.parametrize("drawn_by", RENDERERS)
@pytest.mark.parametrize("chart_type", sorted(FLOOR))
def test_value_labels_sit_by_their_own_marks(renderer: Renderer, drawn_by: str, chart_type: str) -> None:
    if chart_type == "radar" and drawn_by == "matplotlib":
        pytest.skip("matplotlib radars draw no dots at the vertices")
    charts = [type_chart(chart_type, seed, data_labels=True) for seed in SEEDS]
    pdf, manifest = print_charts(renderer, charts, drawn_by)
    found = attributions(pdf, manifest)
    assert len(found) >= 8 * len(SEEDS), len(found)  # most labels are attributable
    own = sum(a.own for a in found) / len(found)
    assert own >= FLOOR[chart_type], [a.text for a in found if not a.own]
