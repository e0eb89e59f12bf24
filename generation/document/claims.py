"""Text facts anchored in the charts and the fact table: claims about a chart's values and trends
(what cross-modal questions pair with the chart) and metric sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from generation.charts.colours import colour_of
from generation.charts.data import NumberRegistry, NumberSpaceExhaustedError, mark_measure, value_text
from generation.charts.insights import series_direction
from generation.charts.reading import axis_tolerance, colour_keyed, printed, value_tolerance
from generation.charts.registry import chart_type
from generation.charts.spec import LINE_FAMILY, ChartSpec, chart_decimals, quantity
from generation.document.change_words import is_flat
from generation.document.prose import ProseWriter
from generation.document.prose_facts import printed_amount
from generation.document.sections import SectionFact, pick_index, spread
from generation.world.table import FactTable
from generation.world.topics import Topic, in_text
from synthdocbench_tasks.schema import Chart, DataPoint

#: Relations that state what the value was (a forecast, an estimate): a chart confirms or refutes
#: them, so verify questions ask only about these (the paper's verify subtype: "a quantitative
#: claim"). A target or a threshold is a rule someone set, not a statement of the value: a chart
#: lies above or below it, which contradicts nothing.
STATED_RELATIONS = ("forecast", "earlier estimate")
RULE_RELATIONS = ("target", "threshold")
#: A report's first pair of claims (a match and a miss, see :func:`chart_claims`) states values;
#: each later pair, and the odd miss, states values with this chance, else rules. Whole pairs, so
#: that the claims verify can ask hold a match and a miss of each kind of chart, as a report does.
STATED_SHARE = 0.5
_RULES = dict.fromkeys(RULE_RELATIONS, 1 / len(RULE_RELATIONS))
#: The relations a claim that must state a value takes: one about a chart that draws its own target
#: (a bullet's marker: a "target" or "threshold" the text gives would read as that marker, not as
#: the bar it is about), and one on a mark found by its colour.
_STATED = dict.fromkeys(STATED_RELATIONS, 1 / len(STATED_RELATIONS))


#: Claims about the fact table drawn for the prose (more than a report's paragraphs can state).
DATA_CLAIMS = 500


#: Where a text claim sits from the value it is about, in reading tolerances. A claim that
#: matches states the value rounded one decimal coarser (an integer to a multiple of 5), within
#: 0.95 tolerances of its chart (:func:`generation.charts.reading.value_tolerance`: 1% of the
#: value on a chart that prints its values, 5% or more on one read off its axis) and never the
#: value as printed; one that does not is off by 2-3 tolerances of the mark read off the chart's
#: axis, on a chart that prints its values too (:func:`generation.charts.reading.axis_tolerance`,
#: so 10% or more), rounded the same way, so the two kinds print alike. Questions take the
#: verdict from :func:`claim_verdict`, one separation on every chart that both kinds clear.
MATCH_TOLS = 0.95
MISS_TOLS = (2.0, 3.0)
#: A claim's verdict must hold for anyone who reads its mark as precisely as its chart allows,
#: and agree with the paper's own 5% tolerance: a claim that matches is never further from its
#: mark than :data:`MATCH_SHARE` of it (a "matching" forecast 14% off its mark reads as wrong);
#: one that misses is 10% or more off. A match on a chart that prints its values sits under 1%
#: from its mark; one read off its axis 2-5% away. So how far a claim sits from its mark, which
#: only a reading gives, separates the verdicts on every chart; claims come in pairs of one match
#: and one miss on charts of one kind, half the pairs on each kind, so that nothing read without
#: the chart's values (its kind, the mark's size, the claim's precision or relation) tells the
#: verdict (docs/questions.md gives the measured figures).
PAIRS: dict[str, float] = {"labelled": 0.5, "axis": 0.5}
#: (verdict matches, kind of chart, how far from its mark) of a pair's claims, in the order they
#: are placed. Kinds: "labelled" on a chart that prints its values, "axis" on one read off its
#: axis, "same" of the kind the claim before it got (a chart of the wanted kind may allow no such
#: claim: then the pair's other claim follows it to the other kind). Distances: "any" as far as
#: the verdict allows, "far" drawn from :data:`AXIS_PAIR_GAP`, "same" as far (relatively) as the
#: claim before it.
_PAIR_PLANS: dict[str, tuple[tuple[bool, str, str], ...]] = {
    "labelled": ((True, "labelled", "any"), (False, "same", "any")),
    "axis": ((True, "axis", "far"), (False, "same", "any")),
}
AXIS_PAIR_GAP = (0.02, 0.05)
#: A claim that matches sits at most this share of its mark's value away.
MATCH_SHARE = 0.05
#: A claim placed "as far" as another lands within this factor of that distance either way.
GAP_WINDOW = 1.3


def claim_step(decimals: int) -> tuple[float, int]:
    """(rounding step, printed decimals) of a claim about values printed with ``decimals``."""
    if decimals <= 0:
        return 5.0, 0
    return 10.0 ** -(decimals - 1), decimals - 1


#: The one separation of a claim's verdicts, the same on every chart (a chart's data labels must
#: not tell the verdict): a claim the chart contradicts is off its mark by at least
#: :data:`MISS_MARGIN` reading tolerances of the mark read off the chart's axis, whether or not
#: the chart prints its values (5% of the mark, or a tenth of a tick step where that is more,
#: twice both for a stacked layer: :func:`generation.charts.reading.axis_tolerance`), and by at
#: least :data:`MISS_FLOOR` of the mark. A reader of the axis errs by up to one tolerance, so
#: 1.5 leaves half a tolerance either way, and 10% is twice the paper's 5% tolerance: a reader of
#: either kind of chart sees the miss. A claim the chart matches is what the chart shows at the
#: precision it gives: within one axis tolerance and :data:`MATCH_SHARE` of its mark, and on a
#: chart that prints its values the printed label rounded to the claim's precision ("41" for a
#: label of 41.2, never "42"). Claims between the two are neither written nor asked.
MISS_MARGIN = 1.5
MISS_FLOOR = 0.10


def claim_verdict(chart: Chart, value: float, claimed: float, shown: int) -> bool | None:
    """Whether a claim of ``claimed`` (printed with ``shown`` decimals) about a mark of ``value``
    on ``chart`` matches it (True), contradicts it (False) or lies between the two (None)."""
    off, tol = abs(claimed - value), axis_tolerance(chart, value)
    if off >= max(MISS_MARGIN * tol, MISS_FLOOR * abs(value)) * (1 - 1e-9):
        return False
    if off > min(tol, MATCH_SHARE * abs(value)):
        return None
    return True if not printed(chart) or rounds_to_label(chart, value, claimed, shown) else None


def rounds_to_label(chart: Chart, value: float, claimed: float, shown: int) -> bool:
    """``claimed`` is the printed label of ``value`` rounded to the claim's ``shown`` decimals (by
    a claim's step, :func:`claim_step`: an integer label to a multiple of 5)."""
    label = round(value, chart_decimals(chart))
    steps = {claim_step(chart_decimals(chart))[0], 10.0**-shown}
    said = value_text(claimed, shown)
    return any(value_text(round(round(label / step) * step, shown), shown) == said for step in steps)


def text_decimals(text: str) -> int:
    """The decimals a number is printed with (``"41.20"`` -> 2)."""
    return len(text.partition(".")[2])


def stated_amount(value: float, decimals: int, unit: str) -> str:
    """A figure with its unit as a claim's sentence prints it: a value under one before a scale
    word a scale lower ("460 thousand people" for 0.46 million people, the same value to the same
    precision: :func:`generation.document.prose_facts.printed_amount`), any other as its chart."""
    return quantity(*printed_amount(value, decimals, unit))


def _stepped_free(registry: NumberRegistry, value: float, decimals: int, unit: str) -> bool:
    """Whether the number a sentence prints for ``value`` a scale lower (if it does) is one no
    other figure of the report prints ("460" beside a chart's 460), reserving it if so."""
    text = printed_amount(value, decimals, unit)[0]
    if text == value_text(value, decimals):
        return True
    if registry.used(text):
        return False
    registry.reserve(text)
    return True


def _claimed_value(
    rng: np.random.Generator,
    chart: Chart,
    value: float,
    matches: bool,
    decimals: int,
    registry: NumberRegistry,
    above: bool = True,
    gap: float | None = None,
    unit: str = "",
) -> tuple[float, int] | None:
    """(claimed value, printed decimals) that matches ``value`` or misses it (on the ``above``
    side), fresh in the registry, or None when this value allows no such claim. With ``gap`` the
    claim sits that far from the value, relative to it (within :data:`GAP_WINDOW`); else a match
    on a chart with printed labels rounds the label, one read off an axis sits 0.6-1 of its reach
    away (0.95 tolerances, at most :data:`MATCH_SHARE` of the value), and a miss 2-3 tolerances
    of the mark read off the axis; either only where :func:`claim_verdict` gives its verdict."""
    # a match within its chart's reading tolerance, a miss in tolerances of its mark read off the
    # axis on every chart (the one separation of :func:`claim_verdict`)
    tol = value_tolerance(chart, value) if matches else axis_tolerance(chart, value)
    labelled = printed(chart)
    step, shown = claim_step(decimals)
    low, high = (0.0, MATCH_TOLS) if matches else MISS_TOLS
    # a match's reach: within its tolerance, and never further than MATCH_SHARE of the value
    reach = min(MATCH_TOLS * tol, MATCH_SHARE * abs(value)) if matches else high * tol
    if gap is not None and not low * tol <= gap * abs(value) * GAP_WINDOW <= high * tol * GAP_WINDOW**2:
        return None  # this mark is read too precisely, or too loosely, for a claim that far off
    for _ in range(1 if matches and labelled and gap is None else 40):
        sign = (1 if rng.random() < 0.5 else -1) if matches else (1 if above else -1)
        if gap is not None:
            target = value + sign * gap * abs(value) * float(np.exp(rng.uniform(-1, 1) * np.log(GAP_WINDOW)))
        elif matches:
            target = value if labelled else value + sign * float(rng.uniform(0.6, 1.0)) * reach
        else:
            target = value + sign * float(rng.uniform(*MISS_TOLS)) * tol
        claimed = round(round(target / step) * step, shown)
        off = abs(claimed - value)
        ok = low * tol <= off <= (reach if matches else high * tol) and off > 0
        ok = ok and claim_verdict(chart, value, claimed, shown) is matches
        ok = ok and (gap is None or _within(off / abs(value), gap))
        if matches:
            ok = ok and value_text(claimed, shown) != value_text(value, decimals)
        else:
            # a miss is never the value rounded to the claim's precision (0.04 against a
            # mark labelled 0.041 reads as the same figure, however many tolerances apart)
            ok = ok and off <= 0.5 * abs(value) and value_text(claimed, shown) != value_text(value, shown)
        ok = ok and claimed > 0 and registry.acceptable(claimed, shown)
        if ok and _stepped_free(registry, claimed, shown, unit):  # ``unit``: the sentence's
            return registry.take(claimed, shown), shown
    return None


def _within(found: float, wanted: float) -> bool:
    return wanted / GAP_WINDOW <= found <= wanted * GAP_WINDOW


def chart_claims(
    rng: np.random.Generator,
    writer: ProseWriter,
    topic: Topic,
    specs: list[ChartSpec],
    n_sections: int,
    section_of: dict[str, int],
    registry: NumberRegistry,
) -> list[SectionFact]:
    """4-6 claims about chart marks, each on its own chart, in a section two or more away from
    it: pairs of a miss and a match of a drawn kind (:data:`PAIRS`), and one more miss when the
    count is odd (so a report holds at least as many claims the chart contradicts: they serve
    two kinds of question, a verdict and on which side or how far off the chart is). Misses
    alternate above and below their marks. Each claim takes the next chart, in a drawn order, of
    its kind with a mark that allows it (a chart of the other kind, or another distance, only
    when none does); the first claim of each verdict, and the first miss of each side (the
    second side's on a chart of its own kind), goes to a mark a reader finds by its colour where
    there is one (the evidence of colour questions, which ask a miss's side on its drawn side:
    ``crossmodal_claims.side_drawn``)."""
    wanted = int(rng.integers(4, 7))
    above = bool(rng.random() < 0.5)
    quotes = rng.spawn(1)[0]  # the quotes' own stream: the claims draw as they did without them
    names = list(PAIRS)
    plan: list[tuple[bool, str, str]] = []
    stated: list[bool] = []  # each claim's: it states a value (else a rule), drawn per pair
    for n in range(wanted // 2):
        plan += _PAIR_PLANS[names[int(rng.choice(len(names), p=list(PAIRS.values())))]]
        stated += [n == 0 or bool(rng.random() < STATED_SHARE)] * 2
    if wanted % 2:
        plan.append((False, "labelled" if rng.random() < PAIRS["labelled"] else "axis", "any"))
        stated.append(bool(rng.random() < STATED_SHARE))
    order = [
        i
        for i in (int(i) for i in rng.permutation(len(specs)))
        if _eligible(specs[i], section_of, n_sections)
    ]
    facts: list[SectionFact] = []
    # (verdict, side) of the claims on a mark found by its colour (a match's side counts as above)
    keyed: set[tuple[bool, bool]] = set()
    last: float | None = None
    got, digits = "axis", -1  # the kind of chart the claim before got, and its printed decimals
    for (matches, kind, rule), states in zip(plan, stated, strict=True):
        labelled = (got if kind == "same" else kind) == "labelled"
        gaps = dict.fromkeys((*_gaps(rng, rule, last), None))
        # charts of the claim's kind first, at each distance in turn, then the others
        # (the second claim of a pair: with the decimals of the first's, so that how precisely a
        # claim is printed does not tell its verdict either)
        same = [i for i in order if kind == "same" and specs[i].decimals == digits]
        by_kind = [
            [i for i in dict.fromkeys([*same, *order]) if _labelled(specs[i]) == want]
            for want in (labelled, not labelled)
        ]
        tries = [(i, g, False) for charts in by_kind for g in gaps for i in charts]
        if (matches, matches or above) not in keyed:
            colour = [[i for i in charts if _coloured(specs[i].chart)] for charts in by_kind]
            if any(m == matches for m, _ in keyed):
                # a miss of the other side: on a chart of its own kind only, so that whether a
                # chart prints its values still tells no verdict
                colour = colour[:1]
            tries = [(i, g, True) for charts in colour for g in gaps for i in charts] + tries
        relations = _STATED if states else _RULES
        claim = partial(
            _claim, rng, writer, topic, registry, matches=matches, above=above, relations=relations
        )
        found = next(((f, k) for i, g, k in tries if (f := claim(specs[i], gap=g, keyed=k))), None)
        last = None
        if found is None:
            continue
        (spec, mark, last), on_colour = found
        got, digits = "labelled" if _labelled(spec) else "axis", spec.decimals
        order = [i for i in order if specs[i] is not spec]
        home = section_of[spec.chart.section_id]
        eligible = [s for s in range(n_sections) if abs(s - home) >= 2]
        facts.append(SectionFact(eligible[pick_index(rng, len(eligible))], *mark))
        also = _companion(quotes, writer, topic, registry, spec, mark[1])
        facts += [SectionFact(facts[-1].section, *also)] if also else []
        if on_colour:
            keyed.add((matches, matches or above))
        above = above if matches else not above
    return facts


def _gaps(rng: np.random.Generator, rule: str, last: float | None) -> tuple[float | None, ...]:
    """The distances (relative to the mark) a claim placed by ``rule`` tries in turn, before any
    distance: "far" one drawn from :data:`AXIS_PAIR_GAP`, then 2-3% (where no mark allows the
    drawn one: as far as a miss on a chart that prints its values); "same" the distance of the
    claim before it (``last``); "any" none."""
    if rule == "far":
        near = float(rng.uniform(*MISS_TOLS)) / 100
        return float(np.exp(rng.uniform(*np.log(AXIS_PAIR_GAP)))), near
    return (last,) if rule == "same" else ()


def _labelled(spec: ChartSpec) -> bool:
    return printed(spec.chart)


def _eligible(spec: ChartSpec, section_of: dict[str, int], n_sections: int) -> bool:
    """A chart with a section two or more away from its own, where a claim about it can sit."""
    home = section_of[spec.chart.section_id]
    return any(abs(s - home) >= 2 for s in range(n_sections))


def _claim(
    rng: np.random.Generator,
    writer: ProseWriter,
    topic: Topic,
    registry: NumberRegistry,
    spec: ChartSpec,
    *,
    matches: bool,
    above: bool,
    gap: float | None,
    keyed: bool,
    relations: dict[str, float],
) -> tuple[ChartSpec, tuple[str, dict[str, str]], float] | None:
    """(the chart, the claim's sentence and values, its distance from its mark relative to the
    mark) of a claim with this verdict, ``gap`` away (see :func:`_claimed_value`), about a mark
    of ``spec``'s chart (``keyed``: one a reader finds by its colour), of one of ``relations``
    (drawn by weight); None if no mark allows one."""
    chart = spec.chart
    marks = [int(j) for j in rng.permutation(len(chart.data))]
    if keyed:
        marks = [j for j in marks if _keyed(chart, chart.data[j])]
    for j in marks:
        point = chart.data[j]
        found = _claimed_value(
            rng, chart, point.value, matches, spec.decimals, registry, above, gap, spec.unit
        )
        if found is None:
            continue
        claimed, shown = found
        if spec.metric.unit == "%" and claimed >= 100:
            continue
        # a claim found by its colour (one of each verdict, the evidence of colour questions) states a
        # value: verify questions, which can ask only such claims, need one of each verdict
        stated = keyed or chart_type(chart.chartType).has("target_marker")
        weights = _STATED if stated else relations
        relation = str(rng.choice(list(weights), p=list(weights.values())))
        actor = topic.actors[int(rng.integers(len(topic.actors)))]
        claimed_text = value_text(claimed, shown)
        measure = mark_measure(spec, point, topic)
        sentence = writer.claim_fact(relation, actor, measure, stated_amount(claimed, shown, spec.unit))
        values = {"kind": "chart_claim", "viz_id": chart.vizId, "label": point.label}
        if point.category:  # the mark is named by label and series (grouped, stacked, heatmap ...)
            values["series"] = point.category
        # the mark as the sentence names it (questions name it so: "Rail" is on more than one chart)
        values.update(claimed_value=claimed_text, unit=spec.unit, relation=relation, subject=measure)
        return spec, (sentence, values), abs(claimed - point.value) / abs(point.value)
    return None


def _companion(
    rng: np.random.Generator,
    writer: ProseWriter,
    topic: Topic,
    registry: NumberRegistry,
    spec: ChartSpec,
    values: dict[str, str],
) -> tuple[str, dict[str, str]] | None:
    """A figure of the same relation quoted for another mark, of another colour (of the claim's
    label where one is), of a claim's chart where a colour names the claim's mark, so that a
    question finding that mark by its colour needs the colour: with one quoted mark the text names
    it (blind53, ``colour_hop_measures``). It misses its mark by 2-3 tolerances (a value question
    on that mark is not answered by the text) and is of its own kind, ``chart_quote``: no question
    asks it. None where the claim's mark has no colour name, or no other mark allows a quote."""
    chart, label = spec.chart, values["label"]
    coloured = next(p for p in chart.data if p.label == label and p.category == values.get("series"))
    colour = colour_of(chart, coloured)
    others = [p for p in chart.data if colour is not None and colour_of(chart, p) not in (None, colour)]
    up = bool(rng.random() < 0.5)
    tries = [(p, side) for p in sorted(others, key=lambda p: p.label != label) for side in (up, not up)]
    for point, above in tries:
        found = _claimed_value(rng, chart, point.value, False, spec.decimals, registry, above, unit=spec.unit)
        if found is None or (spec.metric.unit == "%" and found[0] >= 100):
            continue
        text = stated_amount(*found, spec.unit)
        actor = topic.actors[int(rng.integers(len(topic.actors)))]
        measure = mark_measure(spec, point, topic)
        quote = {"kind": "chart_quote", "viz_id": chart.vizId, "label": point.label, "subject": measure}
        quote.update({"series": point.category} if point.category else {})
        quote.update(claimed_value=value_text(*found), unit=spec.unit, relation=values["relation"])
        return writer.claim_fact(values["relation"], actor, measure, text), quote
    return None


def _keyed(chart: Chart, point: DataPoint) -> bool:
    """A mark a reader finds only by its colour (a legend series) and whose colour has a name."""
    return colour_keyed(chart, point) and colour_of(chart, point) is not None


def _coloured(chart: Chart) -> bool:
    """True when some mark of ``chart`` is found by a colour a reader can name."""
    return any(_keyed(chart, p) for p in chart.data)


def _colour_first(order: list[int], coloured: Callable[[int], bool], count: int = 1) -> list[int]:
    """``order`` with its first ``count`` coloured items moved to the front (evidence for colour
    questions: two of them take both verdicts)."""
    found = [i for i in order if coloured(i)][:count]
    return [*found, *(i for i in order if i not in found)]


#: What a false claim says for each direction: either other one (a series that rose 10% or more
#: was not broadly flat), so false claims say each direction as often as true ones.
_WRONG: dict[str, tuple[str, ...]] = {
    "rose": ("fell", "was broadly flat"),
    "fell": ("rose", "was broadly flat"),
    "was broadly flat": ("rose", "fell"),
}


def trend_claims(
    rng: np.random.Generator,
    writer: ProseWriter,
    specs: list[ChartSpec],
    n_sections: int,
    section_of: dict[str, int],
) -> list[SectionFact]:
    """2-3 statements of how a line chart's series moved over a stretch of its years
    (:func:`_stretch`), each in a section two or more away from its chart. Verdicts alternate
    from a drawn start: a true statement gives the stretch's direction, a false one either other
    direction. The first two (one true, one false) are about two
    series of one chart where a chart has two, one found by its colour where there is: a question
    about either finds the same kind of key, so neither verdict is easier to ask. No claim is about
    a metric with a known real direction (a theme's ``trend``): world knowledge would tell a rise
    of download speeds true and a fall of them false without the chart."""
    candidates: list[tuple[ChartSpec, str | None, list[DataPoint], str]] = []
    for spec in specs:
        if spec.chart.chartType not in LINE_FAMILY or not _eligible(spec, section_of, n_sections):
            continue
        if spec.metric.trend != "any":
            continue
        for series in dict.fromkeys(p.category for p in spec.chart.data):
            found = _stretch(rng, [p for p in spec.chart.data if p.category == series])
            if found is not None:
                candidates.append((spec, series, *found))
    facts: list[SectionFact] = []
    order = [int(i) for i in rng.permutation(len(candidates))]
    matches = bool(rng.random() < 0.5)

    def coloured(i: int) -> bool:
        spec, _, points, _ = candidates[i]
        return any(_keyed(spec.chart, p) for p in points)

    order = _pair_first(order, [c[0].chart.vizId for c in candidates], coloured)
    for i in order[: int(rng.integers(2, 4))]:
        spec, series, points, actual = candidates[i]
        home = section_of[spec.chart.section_id]
        eligible = [s for s in range(n_sections) if abs(s - home) >= 2]
        wrong = _WRONG[actual]
        direction = actual if matches else wrong[pick_index(rng, len(wrong))]
        matches = not matches
        phrase = f"{spec.metric.name} in {in_text(writer.topic, series or spec.subject or '')}"
        start, end = points[0].label, points[-1].label  # the stretch, never the whole series
        values = {"kind": "trend_claim", "viz_id": spec.chart.vizId}
        if series:
            values["series"] = series
        # the series as the sentence names it, with its measure (a report plots an entity on many charts)
        values.update(direction=direction, start=start, end=end, subject=phrase)
        facts.append(
            SectionFact(
                eligible[pick_index(rng, len(eligible))],
                writer.trend_fact(phrase, direction, start, end),
                values,
            )
        )
    return facts


#: The fewest marks a trend claim's stretch covers (a direction over two years is a change).
MIN_STRETCH = 3


def _stretch(rng: np.random.Generator, points: list[DataPoint]) -> tuple[list[DataPoint], str] | None:
    """(marks, direction) of a stretch of a series a trend claim states: :data:`MIN_STRETCH` or
    more consecutive marks whose direction is clear-cut: a direction drawn uniformly (a stretch
    of it where the series has one, else any such stretch: a report's claims rise, fall and stay
    flat about as often), never the whole series where it is longer than that (its span is
    printed in the chart's title: a question on "the period the text covers" would need no
    text); the whole of a shorter series. None when no stretch has a clear direction."""
    n = len(points)
    if n <= MIN_STRETCH:
        pairs = [(0, n - 1)]
    else:
        pairs = [(i, j) for i in range(n) for j in range(i + MIN_STRETCH - 1, n) if (i, j) != (0, n - 1)]
    clear = [(i, j, d) for i, j in pairs if (d := _direction([p.value for p in points[i : j + 1]]))]
    if not clear:
        return None
    want = list(_WRONG)[int(rng.integers(len(_WRONG)))]
    found = [c for c in clear if c[2] == want] or clear
    i, j, moved = found[int(rng.integers(len(found)))]
    return points[i : j + 1], moved


def _direction(values: list[float]) -> str | None:
    """The chart stage's clear-cut direction of ``values`` (:func:`series_direction`), "was broadly
    flat" only where the values are flat by the prose's rule (:func:`change_words.is_flat`): a
    stretch that moves 3.9% is neither said to be flat nor, by a claim meant to be false, said
    to have risen or fallen against a flat chart."""
    moved = series_direction(values)
    return None if moved == "was broadly flat" and not is_flat(values) else moved


def _pair_first(order: list[int], chart_of: list[str], coloured: Callable[[int], bool]) -> list[int]:
    """``order`` with two items of one chart first (of the first chart, in ``order``, with two
    coloured items, else with two items), else its first two coloured items first."""
    for want in (coloured, lambda i: True):
        seen: dict[str, int] = {}
        for i in (i for i in order if want(i)):
            if chart_of[i] in seen:
                pair = [seen[chart_of[i]], i]
                return [*pair, *(j for j in order if j not in pair)]
            seen[chart_of[i]] = i
    return _colour_first(order, coloured, 2)


def free_triple(
    rng: np.random.Generator, topic: Topic, covered: set[tuple[str, str, str]]
) -> tuple[int, str, str]:
    """A (metric index, entity, year) that no chart, table or earlier fact reports."""
    first, last = topic.years
    for _ in range(500):
        m = int(rng.integers(len(topic.metrics)))
        entity = topic.entities[int(rng.integers(len(topic.entities)))]
        year = str(int(rng.integers(first, last + 1)))
        if (topic.metrics[m].name, entity, year) not in covered and topic.metrics[m].exists(year):
            covered.add((topic.metrics[m].name, entity, year))
            return m, entity, year
    raise NumberSpaceExhaustedError(f"every metric, entity and year of {topic.key} is already reported")


def metric_text_facts(
    rng: np.random.Generator,
    writer: ProseWriter,
    world: FactTable,
    n_sections: int,
    covered: set[tuple[str, str, str]],
) -> list[SectionFact]:
    n = int(rng.integers(4, 7))
    facts: list[SectionFact] = []
    for s in spread(rng, n, n_sections):
        while True:  # a value printed a scale lower prints a number no other figure prints
            m, entity, year = free_triple(rng, world.topic, covered)
            metric = world.metrics[m]
            value = world.value(metric.name, entity, year)
            if _stepped_free(world.registry, value, metric.decimals, metric.unit_label):
                break
        text = value_text(value, metric.decimals)
        sentence = writer.metric_fact(
            entity, metric.name, year, stated_amount(value, metric.decimals, metric.unit_label)
        )
        values = {
            "kind": "metric",
            "entity": entity,
            "metric": metric.name,
            "year": year,
            "value": text,
            "unit": metric.unit_label,
        }
        facts.append(SectionFact(s, sentence, values))
    return facts
