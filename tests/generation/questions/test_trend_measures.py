"""The single-step counter (``generation.questions.trend_measures.one_step``): a direction question
reading two neighbouring marks of a series of three or more counts; one reading a longer run, or
a two-year series' whole run, does not; a question stating no direction is not counted at all."""

from __future__ import annotations

from generation.questions.trend_measures import one_step, one_step_counts
from synthdocbench_tasks.schema import AnswerValue, Chart, DataPoint, DataRef, DocumentManifest, Question


def _manifest() -> DocumentManifest:
    data = [
        DataPoint(label=str(y), value=v, category="a")
        for y, v in zip(range(2001, 2005), (1, 2, 3, 4), strict=True)
    ]
    chart = Chart.model_construct(chartType="line", title="t", data=data, index=0)
    return DocumentManifest.model_construct(charts=[chart])


def _question(years: tuple[int, int], answer: str, level: str = "L4") -> Question:
    refs = [DataRef(label=f"{y} (a)", value=float(y - 2000)) for y in years]
    values = [AnswerValue(kind="label", text=answer)]
    return Question.model_construct(
        category="trend_pattern",
        difficulty=level,
        chart_index=0,
        required_data_points=refs,
        answer_values=values,
    )


def test_one_step_counts_neighbouring_marks_only() -> None:
    m = _manifest()
    assert one_step(m, _question((2003, 2004), "rose")) is True
    assert one_step(m, _question((2001, 2003), "rose")) is False
    assert one_step(m, _question((2003, 2004), "higher")) is None  # a side, not a direction
    two = m.charts[0].model_copy(update={"data": m.charts[0].data[:2]})
    slope = m.model_copy(update={"charts": [two]})
    assert one_step(slope, _question((2001, 2002), "rose")) is False  # a two-year series' whole run
    pairs = [(m, _question((2003, 2004), "rose")), (m, _question((2001, 2004), "was broadly flat", "L2"))]
    assert one_step_counts(pairs) == {("trend_pattern", "L4"): [1, 1], ("trend_pattern", "L2"): [1, 0]}
