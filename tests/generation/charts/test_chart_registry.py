"""The chart-type registry is the one list of types: builders, both drawers and families agree with it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from generation.charts import data as chart_data
from generation.charts import mpl as mpl_charts
from generation.charts.d3 import CHARTS_JS_PARTS, charts_script
from generation.charts.data import NumberRegistry, build_chart
from generation.charts.registry import (
    CHART_TYPE_NAMES,
    FAMILIES,
    HORIZONTAL_TYPES,
    LABEL_ONLY_TYPES,
    LABELLED_TYPES,
    NO_GRID_TYPES,
    REGISTRY,
    chart_type,
    drawn_by,
    types_in,
    value_reading_options,
)
from generation.charts.spec import ChartSlot
from generation.document.layout import chart_spec
from generation.document.prose_bank import bank
from generation.plan.rng import stage_rng
from generation.validate.consistency import READERS
from generation.world.topics import Metric, topic_by_key
from synthdocbench_tasks.schema import CHART_TYPES

GENERATION = Path(__file__).resolve().parents[3] / "generation"
ASSETS = GENERATION / "charts" / "assets"


def _d3_drawers() -> set[str]:
    return set(re.findall(r"^\s*SUPPORTED\.(\w+) =", charts_script(), re.MULTILINE))


def test_every_type_has_a_record_a_builder_and_two_drawers() -> None:
    assert CHART_TYPE_NAMES == CHART_TYPES, "registry order and names follow schema.CHART_TYPES"
    assert all(name == record.name for name, record in REGISTRY.items())
    assert set(chart_data.DATA_BUILDERS) == set(REGISTRY), "chart_data.DATA_BUILDERS keys"
    assert set(mpl_charts.DRAWERS) == set(drawn_by("matplotlib")), (
        "mpl_charts.DRAWERS keys = matplotlib types"
    )
    assert _d3_drawers() == set(drawn_by("d3")), "charts.js SUPPORTED table = d3 types"


def test_every_record_names_a_reader_and_a_mention_that_exist() -> None:
    # The one-world check reads a type through its record; a reader name it lacks would fail loudly.
    mentions = bank().chart_mentions
    for record in REGISTRY.values():
        assert record.world_reader is None or record.world_reader in READERS, record
        assert record.mention in mentions, (
            f"{record.name}: no chart_mentions.{record.mention} in the prose bank"
        )
        assert record.mark_fallback is None or record.mark is not None, record


def test_only_builders_and_drawers_compare_against_type_names() -> None:
    # Everything else decides by the type's record: the comparison finder is ast-based.
    allowed = (
        {"charts/registry.py"}
        | {
            str(p.relative_to(GENERATION))
            for p in GENERATION.glob("charts/*.py")
            if p.stem.startswith(("data_", "mpl_"))
        }
        | {"charts/data.py", "charts/mpl.py", "charts/build_common.py", "charts/insights.py"}
    )
    found = [
        f"{path.relative_to(GENERATION)}:{line}"
        for path in sorted(GENERATION.rglob("*.py"))
        if str(path.relative_to(GENERATION)) not in allowed
        for line in _type_name_comparisons(path)
    ]
    assert found == [], "compare a record field instead of a type name"


def _type_name_comparisons(path: Path) -> list[int]:
    names = set(CHART_TYPES)
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            if any(isinstance(c, ast.Constant) and c.value in names for c in ast.walk(node)):
                lines.append(node.lineno)
        elif (
            isinstance(node, ast.Dict)
            and sum(isinstance(k, ast.Constant) and k.value in names for k in node.keys) > 1
        ):
            lines.append(node.lineno)
    return lines


def test_charts_js_is_its_parts_each_under_600_lines() -> None:
    """charts.js ships as parts (the project keeps a module under 600 lines), joined in one order."""
    assert sorted(p.name for p in ASSETS.glob("*.js")) == sorted(CHARTS_JS_PARTS)
    sizes = {part: len((ASSETS / part).read_text(encoding="utf-8").splitlines()) for part in CHARTS_JS_PARTS}
    assert max(sizes.values()) <= 600, sizes
    script = charts_script()
    assert script == "".join((ASSETS / part).read_text(encoding="utf-8") for part in CHARTS_JS_PARTS)
    assert script.startswith("/*") and "\n(function () {\n" in script and script.endswith("\n})();\n")


def test_charts_js_keeps_no_list_of_type_names() -> None:
    # Outside the drawer table, a type name in charts.js would be a second list to keep in step.
    script = charts_script()
    listed = re.findall(r"\[\s*\"(\w+)\"\s*,\s*\"(\w+)\"", script)
    assert not [pair for pair in listed if set(pair) & set(REGISTRY)], listed


def test_unknown_type_is_one_clear_error() -> None:
    with pytest.raises(ValueError, match=r"^unknown chart type 'nonesuch'; choose from bar, "):
        chart_type("nonesuch")
    with pytest.raises(ValueError, match="no data builder"):
        build_chart(stage_rng(0, "x"), "nonesuch", topic_by_key("tb-control"), _metric(), _slot())


def test_families_are_consistent() -> None:
    assert set(FAMILIES) == {f for t in REGISTRY.values() for f in t.families}, "every family is used"
    line, temporal, stacked = set(types_in("line")), set(types_in("temporal")), set(types_in("stacked"))
    assert line < temporal and stacked < set(types_in("multi_series"))
    # A share of the total needs marks that add up: additive values or the parts of one whole.
    assert set(types_in("share_of_total")) <= set(types_in("additive")) | set(types_in("whole"))
    assert not set(types_in("additive")) & set(types_in("whole"))
    for t in REGISTRY.values():
        assert t.readings in (("data_labels", "axis"), ("data_labels",), ("axis",)), t.name
        if t.readings == ("data_labels",):  # no axis drawn: nothing to read against or grid
            assert not t.axis_readable and not t.gridlines, t.name
        if t.horizontal:
            assert t.axis_readable and t.name not in temporal, t.name
    assert set(LABELLED_TYPES) <= set(LABEL_ONLY_TYPES) and set(NO_GRID_TYPES) == set(LABELLED_TYPES)
    assert not set(HORIZONTAL_TYPES) & temporal, "time runs along x"


def _slot() -> ChartSlot:
    return ChartSlot(viz_id="viz-1-1", section_id="s1", section_number=1, section_title="Data", index=1)


def _metric() -> Metric:
    return topic_by_key("tb-control").metrics[0]


@pytest.mark.parametrize("name", CHART_TYPE_NAMES)
def test_built_charts_match_their_record(name: str) -> None:
    """What a record says of a type is what its builder makes and what charts.js is told."""
    record = chart_type(name)
    topic = topic_by_key("energy-transition-sea")
    readings: set[str] = set()
    for seed in range(6):
        spec = build_chart(
            stage_rng(seed, "registry", name), name, topic, topic.metrics[seed % 3], _slot(), NumberRegistry()
        )
        chart = spec.chart
        assert chart.chartType == name
        readings.add(chart.visualProperties.valueReading)
        multi = record.member("multi_series")
        assert all(bool(p.category) == multi for p in chart.data), "series iff multi_series"
        assert chart_spec(chart)["valueAxis"] == record.value_axis
        if record.horizontal:
            assert chart.axes.x.type == "linear" and chart.axes.y.type == "categorical"
        if record.member("line"):
            assert chart.axes.x.type == "time"
        if not record.gridlines:
            assert not chart.visualProperties.hasGridlines
        if record.member("temporal"):
            assert all(re.fullmatch(r"(19|20)\d\d", p.label or "") for p in chart.data), "time along x"
        if record.member("stacked") or (record.member("additive") and not multi):
            assert all(p.value > 0 for p in chart.data), "parts that add up are positive"
    assert readings == set(value_reading_options(name)), "the builder uses every allowed reading"
