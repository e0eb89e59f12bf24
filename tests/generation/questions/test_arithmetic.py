"""Tolerances of numbers worked out from two operands (generation.questions.arithmetic)."""

from __future__ import annotations

import math

import pytest

from generation.questions.arithmetic import difference_term, finest, gap_value
from generation.questions.common import Term, derived_value, pinned, point_term
from generation.world.derivation import Leaf
from synthdocbench_tasks.schema import Axis, Chart, DataPoint, VisualProperties
from tests.generation.manifest_fixture import _chart as _fixture_chart


def _chart(reading: str, values: list[float]) -> Chart:
    return _fixture_chart(
        "s1",
        1,
        "bar",
        "Return rate by product, 2019",
        Axis(label="Product", type="categorical"),
        Axis(label="Rate", type="linear", unit="%", range=[0, 10]),
        [DataPoint(label=f"P{i}", value=v) for i, v in enumerate(values)],
        VisualProperties(colorEncoding="single", valueReading=reading),
    )


def _stated(value: float) -> Term:
    return Term(0.0, Leaf("fact", "0", "claimed_value", value), exact=True)


@pytest.mark.parametrize(("label", "claim"), [(8.46, 8.7), (31.6, 36.0), (1.359, 1.65), (120.0, 112.5)])
def test_a_gap_between_a_printed_label_and_a_stated_figure_carries_a_percent_of_itself(
    label: float, claim: float
) -> None:
    chart = _chart("data_labels", [label, 5.0])
    read = point_term(chart, chart.data[0])
    assert read.exact and read.tol == pytest.approx(0.01 * label)  # a reading keeps its 1%
    gap = difference_term(read, _stated(claim), "abs_difference")
    assert gap.tol == pytest.approx(0.01 * abs(label - claim))
    assert pinned(gap_value(read, _stated(claim), "%").av)


def test_a_gap_read_off_an_axis_keeps_the_readings_tolerance_and_is_not_asked_when_loose() -> None:
    chart = _chart("axis", [8.0, 5.0])
    read = point_term(chart, chart.data[0])
    assert not read.exact
    near, far = gap_value(read, _stated(8.9), "%"), gap_value(read, _stated(3.0), "%")
    assert near.av.abs_tol == pytest.approx(read.tol + 0.05)  # 0.9 ± 0.45: not asked
    assert not pinned(near.av)
    assert pinned(far.av)  # 5 ± 0.45


def test_two_marks_of_a_labelled_chart_differ_exactly_and_two_read_ones_in_quadrature() -> None:
    labelled, axis = _chart("data_labels", [30.1, 28.8]), _chart("axis", [30.1, 28.8])
    a, b = (point_term(labelled, p) for p in labelled.data)
    assert difference_term(b, a).tol == pytest.approx(0.013)
    c, d = (point_term(axis, p) for p in axis.data)
    assert difference_term(d, c).tol == pytest.approx(math.hypot(c.tol, d.tol))
    assert difference_term(b, c).tol == pytest.approx(math.hypot(b.tol, c.tol))  # one read: not exact


def test_a_derived_number_prints_as_finely_as_its_finest_input() -> None:
    """``finest``: chart values as charts print them, computed figures as printed, and a floor."""
    assert finest(0.63, 1.0) == 2
    assert finest(0.63, 1.0, least=3) == 3
    mean, gap = derived_value(_stated(0.0862), None, 2), derived_value(_stated(0.0182), None, 4)
    assert (mean.text, gap.text) == ("0.086", "0.0182")
    assert finest(mean, gap) == 4  # so the mean beside the gap prints 0.0862 and the subtraction holds
