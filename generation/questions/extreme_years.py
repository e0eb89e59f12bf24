"""Where an extreme year may be asked (issue peaks47): the year a series peaks, its highest or
lowest mark, a heatmap's darkest column.

Most series have their extremes at a chart's first or last year (a trend, the arcsine law of a
random walk), and the first series that offers one was asked, so "in which year was it highest?"
was answered by an end year about three times as often as uniform answers would be, and a metric
with a known real direction (``Chart.value_trend``) peaks at the end that direction gives. So:

- no extreme year is asked of a metric with a known direction;
- a slot whose maker would answer an extreme year asks one only in a document that offers one
  both at a chart's first or last year and between them, and draws which with the uniform chance
  (an end with 2 in n for a chart of n years): a run's extreme years land at an end as often as
  uniform answers would, not more (answering the last year would score) and not never (an
  interior year would be a tell of its own). A document that offers one place only asks an
  extreme that is no year, or the slot takes another kind of question.
"""

from __future__ import annotations

import copy
from functools import partial
from typing import Literal, Protocol

import numpy as np

from generation.questions.chart_common import first_draft, separable
from generation.questions.common import Context, Draft
from generation.questions.phrasing import is_year
from generation.questions.shape_measures import year_place
from synthdocbench_tasks.schema import Chart, DataPoint

#: Where an extreme mark may lie: a chart's first or last year, a year between them, no year.
Place = Literal["end", "interior", "none"]


class PlacedMaker(Protocol):
    """A maker whose answer is a chart's extreme mark, taking one at ``place`` (any without)."""

    def __call__(
        self, ctx: Context, chart: Chart, rng: np.random.Generator, place: Place | None = None
    ) -> Draft | None: ...


def asks_extreme(chart: Chart, mark: DataPoint, place: Place | None = None) -> bool:
    """Whether a question may answer that ``mark`` is ``chart``'s extreme: a year never on a
    metric with a known direction, and, with ``place``, only a mark there."""
    years = sorted({p.label for p in chart.data if is_year(p.label)})
    if mark.label not in years:
        return place in (None, "none")
    if chart.value_trend != "any" or place == "none":
        return False
    return place is None or (mark.label in (years[0], years[-1])) == (place == "end")


def side_extreme(
    chart: Chart, points: list[DataPoint], highest: bool, place: Place | None
) -> tuple[bool, DataPoint] | None:
    """(whether it is the highest, the mark) of the extreme of ``points`` a question may ask:
    the drawn side's (``highest``), or for a slot placed at an end or between them the other
    side's where only that lies there; None where neither stands apart from its runner-up."""
    for side in [highest] if place in (None, "none") else [highest, not highest]:
        ranked = sorted(points, key=lambda p: p.value, reverse=side)
        if separable(chart, ranked[0].value, ranked[1].value) and asks_extreme(chart, ranked[0], place):
            return side, ranked[0]
    return None


def _trial(ctx: Context, rng: np.random.Generator, maker: PlacedMaker, place: Place | None) -> Draft | None:
    """The draft ``maker`` would take at ``place``, tried on copies of the context and stream."""
    return first_draft(ctx.fork(), copy.deepcopy(rng), [partial(maker, place=place)])


def _years(draft: Draft | None) -> int | None:
    """How many years the chart of ``draft``'s year answer has (None: no year answer)."""
    found = year_place(draft.charts[0], draft.answer_values) if draft and draft.charts else None
    return found[1] if found else None


def end_chance(end_years: int, interior_years: int) -> float:
    """The chance of asking the end year where one chart of ``end_years`` offers it and one of
    ``interior_years`` an interior year: the end comes up as often as 2 / n of the chart asked,
    p * 2/n_e + (1 - p) * 2/n_i = p (2 / n for both when they have the same years)."""
    e, i = 2 / end_years, 2 / interior_years
    return i / (1 - e + i)


def placed_draft(ctx: Context, rng: np.random.Generator, maker: PlacedMaker) -> Draft | None:
    """``maker``'s draft; where its answer would be a year, one at the place the slot draws
    among a chart's ends and its interior (both offered, else no year: see the module). The
    draw comes before the trials, so that they see the stream the draft is made from."""
    if _years(_trial(ctx, rng, maker, None)) is None:
        return first_draft(ctx, rng, [partial(maker, place=None)])
    draw = rng.random()
    at_end, inside = _years(_trial(ctx, rng, maker, "end")), _years(_trial(ctx, rng, maker, "interior"))
    place: Place = "none"
    if at_end and inside:
        place = "end" if draw < end_chance(at_end, inside) else "interior"
    return first_draft(ctx, rng, [partial(maker, place=place)])
