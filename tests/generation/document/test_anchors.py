"""What a dated event is about (``generation.document.anchors``): the chart's place, its series,
or every chart for an actor that is no entity of the report."""

from __future__ import annotations

from generation.document.anchors import ANY, concerned, concerns, entity_of
from synthdocbench_tasks.schema import Axes, Axis, Chart, DataPoint, VisualProperties

ENTITIES = frozenset({"Brazil", "India", "Philippines", "Niger", "Nigeria"})


def _chart(title: str, series: tuple[str | None, ...] = (None,)) -> Chart:
    data = [DataPoint(label=str(y), value=1.0 + y % 7, category=s) for s in series for y in range(2015, 2020)]
    return Chart(
        vizId="viz-1-1",
        chartType="line" if series == (None,) else "multi_line",
        title=title,
        axes=Axes(x=Axis(label="Year", type="time"), y=Axis(label="Value", type="linear")),
        data=data,
        visualProperties=VisualProperties(colorEncoding="categorical"),
        sourceContext="",
        section_id="s1",
        index=1,
        figure_number=1,
    )


def test_the_actor_names_an_entity_with_or_without_its_article() -> None:
    assert entity_of("the Philippines", ENTITIES) == "Philippines"
    assert entity_of("Brazil", ENTITIES) == "Brazil"
    assert entity_of("trade unions", ENTITIES) is None


def test_a_chart_of_one_place_concerns_that_place_only() -> None:
    line = _chart("Goods exports in Brazil, 2015–2019")
    assert concerned(line, "Brazil", ENTITIES) == {None}
    assert concerned(line, "India", ENTITIES) == frozenset()
    stacked = _chart("Exports by product group in the Philippines, 2015–2019", ("Chemicals", "Minerals"))
    assert concerned(stacked, "the Philippines", ENTITIES) == {"Chemicals", "Minerals"}
    # "Niger" is not the place of a chart of Nigeria (whole names only)
    assert concerned(_chart("Goods exports in Nigeria, 2015–2019"), "Niger", ENTITIES) == frozenset()
    # the last " in " of the title is the place: "change in exports in Brazil"
    assert concerned(_chart("Year-on-year change in goods exports in Brazil, 2015–2019"), "Brazil", ENTITIES)


def test_a_chart_of_several_places_concerns_the_actors_own_series() -> None:
    chart = _chart("Goods exports in selected countries, 2015–2019", ("Brazil", "India"))
    assert concerned(chart, "Brazil", ENTITIES) == {"Brazil"}
    assert concerns(chart, "Brazil", ENTITIES, "Brazil") and not concerns(chart, "Brazil", ENTITIES, "India")
    assert concerned(chart, "Nigeria", ENTITIES) == frozenset()


def test_an_actor_that_is_no_entity_concerns_every_chart() -> None:
    chart = _chart("Goods exports in selected countries, 2015–2019", ("Brazil", "India"))
    assert concerned(chart, "trade unions", ENTITIES) is ANY
    assert concerns(chart, "trade unions", ENTITIES, "India")
