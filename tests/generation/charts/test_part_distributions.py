"""Box plots and histograms across an entity's parts (districts, firms, local areas): an additive
metric is drawn at the part's scale, so the parts add up to about their entity's total."""

from __future__ import annotations

import numpy as np
import pytest

from generation.charts.data import build_chart
from generation.charts.spec import ChartSlot
from generation.validate.plausibility import PART_SCALE_LIMIT, part_scale_ratio
from generation.world import space
from generation.world.numbers import NumberRegistry, NumberSpaceExhaustedError
from generation.world.table import FactTable

SLOT = ChartSlot(viz_id="viz-1-1", section_id="s1", section_number=1, section_title="S", index=1)


@pytest.mark.slow
def test_parts_of_an_additive_metric_add_up_to_about_their_entity() -> None:
    ratios: dict[str, list[float]] = {"histogram": [], "box": []}
    for i in range(0, len(space.pairs()), 3):
        topic = space.compose(i, space.PERIODS[i % len(space.PERIODS)])
        limits = space.limits_of(topic)
        assert limits is not None
        world = FactTable(topic, i, "doc", NumberRegistry())
        for m in (m for m in world.metrics if m.kind in ("level", "count")):
            for chart_type in ratios:
                try:
                    spec = build_chart(np.random.default_rng(i), chart_type, world, m, SLOT)
                except NumberSpaceExhaustedError:
                    continue
                chart = spec.chart
                axis = chart.axes.x if chart_type == "histogram" else chart.axes.y
                assert axis.label.endswith(" per " + axis.label.rsplit(" per ", 1)[-1]), axis.label
                ratio = part_scale_ratio(chart, m, topic.entities, limits)
                assert ratio <= PART_SCALE_LIMIT, (topic.key, chart.title, ratio)
                ratios[chart_type].append(ratio)
                values = [p.value for p in chart.data] if chart_type == "box" else []
                assert all(v < 1000 for v in values), (chart.title, values)
    assert len(ratios["histogram"]) >= 150 and len(ratios["box"]) >= 150
    assert min(ratios["histogram"]) >= 0.05


def test_an_intensive_metric_keeps_its_entity_level() -> None:
    topic = next(
        space.compose(i, space.PERIODS[-1])
        for i, p in enumerate(space.pairs())
        if p.theme["key"] == "connectivity"
    )
    world = FactTable(topic, 1, "doc", NumberRegistry())
    speed = world.metric("median mobile download speed")
    chart = build_chart(np.random.default_rng(1), "box", world, speed, SLOT).chart
    assert chart.axes.y.label == "Median mobile download speed"
    assert all(p.value == world.value(speed.name, p.label, chart.title[-4:]) for p in chart.data)
