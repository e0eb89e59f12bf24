"""What the chart-reading builders share: mark helpers, series, events of the text, the draft loop.

Every builder reads marks straight from the chart metadata and computes the answer in
code. A mark whose value is written anywhere in the text is never asked for, and numbers
are asked only from charts a reader can read numbers from (an axis or printed labels).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from functools import partial

import numpy as np

from generation.charts.registry import level_then_changes, parts_of_one_whole, types_in
from generation.document.anchors import concerned, concerns, report_entities
from generation.questions.common import (
    Context,
    Draft,
    series_of,
    tol_of,
    wanted,
)
from generation.questions.event_steps import enough_years
from generation.questions.phrasing import (
    fmt_num,
    is_year,
    mentions,
    title_subject,
    value_unit,
    with_unit,
)
from generation.world.topics import with_article
from synthdocbench_tasks.schema import Chart, DataPoint, Difficulty

Maker = Callable[[Context, Chart, np.random.Generator], Draft | None]
#: Types whose marks follow an ordered (time) x axis.
ORDERED_TYPES: tuple[str, ...] = types_in("temporal")
#: Types whose marks add up to a total worth asking for.
ADDITIVE_TYPES: tuple[str, ...] = types_in("additive")
#: Types where a mark's share of the total may be asked.
SHARE_TYPES: tuple[str, ...] = types_in("share_of_total")


def mean_needs_no_reading(chart: Chart, marks: Sequence[DataPoint]) -> bool:
    """A mean (or total) of ``marks`` is no reading of the chart: every part of one whole in %
    (it is 100 over their count) or a waterfall's level together with its changes (a mean of
    unlike quantities)."""
    if level_then_changes(chart):
        return chart.data[0] in marks
    return parts_of_one_whole(chart) and value_unit(chart) == "%" and len(marks) == len(chart.data)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def val(chart: Chart, p: DataPoint) -> str:
    return with_unit(fmt_num(p.value), value_unit(chart))


def ordered_series(chart: Chart) -> dict[str | None, list[DataPoint]]:
    """Series whose marks follow an ordered x axis (time), with at least two marks."""
    groups = series_of(chart)
    if chart.chartType not in ORDERED_TYPES and not all(is_year(p.label) for p in chart.data):
        return {}
    return {k: v for k, v in groups.items() if len(v) >= 2 and len({p.label for p in v}) == len(v)}


def series_name(chart: Chart, series: str | None) -> str:
    """How a question names one series of ``chart``: its legend name; the one series of a time
    chart by its title's subject (``the unemployment rate in Belize``: the text speaks of the
    quantity, not of a plot, and the entity keeps it apart from other charts of the quantity);
    else ``the plotted`` axis quantity."""
    if series:
        return with_article(series)
    subject = title_subject(chart)
    if chart.data and all(is_year(p.label) for p in chart.data) and " by " not in f" {subject} ":
        return subject if subject.startswith("the ") else f"the {subject}"
    label = chart.axes.y.label.strip()
    if not label:
        return "the plotted value"
    if label[1:2].islower():
        label = label[0].lower() + label[1:]
    return f"the plotted {label}"


def separable(chart: Chart, a: float, b: float) -> bool:
    """Two values a reader can tell apart: their gap exceeds both reading tolerances."""
    return abs(a - b) > 2 * (tol_of(chart, a) + tol_of(chart, b)) and abs(a - b) > 1e-9


Pair = tuple[DataPoint, DataPoint]


def side_balanced(
    pairs: Sequence[Pair], side: Callable[[Pair], bool | None], wanted_side: bool, ties: bool = True
) -> list[Pair]:
    """The (higher, lower) ``pairs`` a which-is-higher question may ask where a reader could
    guess the higher mark by something other than the marks (``side``: True or False for a pair
    a guess would get right or wrong, None for one it does not apply to). A chart offers the
    pairs with a side only where some have each, and then only those of ``wanted_side`` (taken
    in turn over the run's documents): availability does not depend on the side, so the guess
    is right as often as wrong. Pairs without a side pass unchanged; without ``ties``, only on a
    chart that offers none with a side (where the pairs of one side outnumber the other's, the
    pairs without a side would be asked more often on the other side's turns, and the guess
    would be right more often than not where it applies)."""
    sides = {side(p) for p in pairs} - {None}
    if not sides:
        return list(pairs)
    kept = wanted_side if len(sides) == 2 else None
    return [p for p in pairs if side(p) == kept or (ties and side(p) is None)]


def year_balanced(
    pairs: Sequence[Pair], year_of: Callable[[DataPoint], str | None], later: bool
) -> list[Pair]:
    """:func:`side_balanced` on the years two marks may stand for (``year_of``: a mark's year,
    its label or its series), the side being the later year higher (``later``: the slot's,
    :func:`year_side`): a series mostly runs one way, and a metric with a known direction does
    so by design, so "the later year" answered two in three of these choices (41 of 61 in whole
    runs of fresh seeds 6563 and 7451)."""

    def side(pair: Pair) -> bool | None:
        hi, lo = (year_of(p) for p in pair)
        return None if not (hi and lo and is_year(hi) and is_year(lo) and hi != lo) else int(hi) > int(lo)

    return side_balanced(pairs, side, later)


def mention_balanced(pairs: Sequence[Pair], sentences: Sequence[str], more: bool) -> list[Pair]:
    """:func:`side_balanced` on how often the report's text (``sentences``) names the two marks'
    series (``phrasing.mentions``), the side being the one named more often higher (``more``:
    the slot's, :func:`mention_side`). Which of two colours' series is higher was the one the
    text names more in 8 of 9 comparison L5 questions (audit58): a reader counting names in the
    text answered without the chart. Two series that are years keep the side
    :func:`year_balanced` takes: whichever year the text names more, that side's turns make it
    the higher as often as the other (filtered twice, a chart whose kept pairs all have one
    year higher offered none: comparison L5 two-year choices 22 -> 9 on seed 9024)."""

    def side(pair: Pair) -> bool | None:
        if all(is_year(str(p.category)) for p in pair):
            return None
        hi, lo = (mentions(sentences, str(p.category)) for p in pair)
        return None if hi == lo else hi > lo

    return side_balanced(pairs, side, more, ties=False)


#: Which year of a two-year choice is the higher, the slot's side (:func:`year_side`).
YEAR_SIDES: tuple[str, str] = ("later", "earlier")


def year_side(ctx: Context, level: Difficulty) -> bool:
    """Whether the slot's two-year choice has the later year higher, taken in turn over the run's
    documents (``common.wanted``), as verdicts and directions are. Drawn per question with
    chance 1/2, the side was noise a run kept: comparison L5 answered the earlier year 21 of 24
    times on 200 plan-only reports of seed 9357; in turn, 10 of 22."""
    return wanted(ctx, "comparison", YEAR_SIDES, level) == YEAR_SIDES[0]


#: Whether a two-series choice's higher series is the one the text names more, by turns: each
#: side for two turns running, so that with :func:`year_side` (one turn each) a run's four
#: turns hold every pairing of the two sides.
MENTION_SIDES: tuple[str, ...] = ("more", "more", "fewer", "fewer")


def mention_side(ctx: Context, level: Difficulty) -> bool:
    """Whether the slot's two-series choice has the series the text names more higher, taken in
    turn over the run's documents (``common.wanted``), as :func:`year_side` is."""
    return wanted(ctx, "comparison", MENTION_SIDES, level) == MENTION_SIDES[0]


def answer_place_drawn(pairs: Sequence[Pair], rng: np.random.Generator) -> list[Pair]:
    """``pairs`` (the answer's mark first) in a drawn order whose answers' legend places are
    drawn uniformly: the pairs' series in an order drawn from ``rng``, the pairs sorted by
    their answer's series in it (pairs in a drawn order within a series). Pairs taken in data
    order answered the first legend entries: the first two series of a chart are the first
    pair at every label, so which of two colours is larger named the first legend entry in 15
    of 28 (chance 31%, review57 on seed 4751). A series never the larger of a pair passes its
    turn to the next drawn, so each series that can be the answer is it equally often."""
    legend = list(dict.fromkeys(p.category for pair in pairs for p in pair))
    drawn = {legend[int(i)]: rank for rank, i in enumerate(rng.permutation(len(legend)))}
    shuffled_pairs = [pairs[int(i)] for i in rng.permutation(len(pairs))]
    return sorted(shuffled_pairs, key=lambda pair: drawn[pair[0].category])


#: Types whose marks are drawn in value order by construction (a funnel narrows stage by stage):
#: which of two marks is larger, or which is the highest or lowest, follows from their places.
VALUE_ORDERED_TYPES = frozenset({"funnel"})


def order_given(chart: Chart) -> bool:
    """Which mark is larger follows from where the marks stand (:data:`VALUE_ORDERED_TYPES`)."""
    return chart.chartType in VALUE_ORDERED_TYPES


def mark_use(ctx: Context, chart: Chart, key: str) -> bool:
    """Reserve one use of a chart's evidence (and note that the chart has been used)."""
    if not ctx.claim(f"{chart.vizId}:{key}"):
        return False
    ctx.used.add(f"viz:{chart.vizId}")
    return True


def event_years(ctx: Context, chart: Chart) -> list[tuple[int, str, Callable[[str | None], bool]]]:
    """(fact index, year, about) of events, in another section, whose year the chart's x axis
    shows (of three or more: ``event_steps.enough_years``) and which concern the chart
    (:mod:`generation.document.anchors`); ``about(series)`` tells whether the event concerns that
    series (a question reads the event's own)."""
    if not enough_years(chart):
        return []  # on a chart of two years the text's year is never needed, or a coin flip
    labels = {p.label for p in chart.data}
    entities = report_entities(ctx.manifest)
    out: list[tuple[int, str, Callable[[str | None], bool]]] = []
    for i in ctx.facts_of("event"):
        fact = ctx.manifest.text_facts[i]
        year = fact.values.get("year", "")
        actor = fact.values.get("actor", "")
        if year in labels and fact.section_id != chart.section_id and concerned(chart, actor, entities):
            out.append((i, year, partial(concerns, chart, actor, entities)))
    return out


def event_phrase(ctx: Context, fact_index: int) -> str:
    v = ctx.manifest.text_facts[fact_index].values
    return f"{v.get('actor', '')} {v.get('event', '')}".strip()


def first_draft(ctx: Context, rng: np.random.Generator, makers: Sequence[Maker]) -> Draft | None:
    """The first draft any maker builds, chart by chart in ``ctx.charts`` order."""
    for chart in ctx.charts(rng):
        for make in makers:
            draft = make(ctx, chart, rng)
            if draft:
                return draft
    return None


def shuffled_makers(makers: Sequence[Maker], rng: np.random.Generator) -> list[Maker]:
    return [makers[int(i)] for i in rng.permutation(len(makers))]


def winner(ctx: Context, rng: np.random.Generator, makers: Sequence[Maker]) -> Maker | None:
    """The maker whose draft :func:`first_draft` would take (tried on copies of the context and
    the stream): a maker that then looks for the slot's own answer (a direction, an extreme
    year's place) on any chart keeps the kinds of question in their shares."""
    probe, trial = ctx.fork(), copy.deepcopy(rng)
    for chart in probe.charts(trial):
        for make in makers:
            if make(probe, chart, trial):
                return make
    return None
