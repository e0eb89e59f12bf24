"""The content stage: topic, archetype, sections, charts, tables, text facts and prose of one document.

``plan_document(config, index)`` is the entry point. Everything it draws comes from
``stage_rng(config.seed, "content.<part>", doc_id)`` streams, so the same seed and config
give the same plan, and changing one part (say the prose) leaves the others' draws alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from generation.charts.colours import colour_of
from generation.charts.data import (
    LINE_FAMILY,
    SUPPORTED_CHART_TYPES,
    ChartSlot,
    ChartSpec,
    NumberRegistry,
    NumberSpaceExhaustedError,
    build_chart,
    build_table,
    mark_measure,
    quantity,
    series_direction,
    value_reading_options,
    value_text,
)
from generation.document.layout import chart_types_for
from generation.document.prose import ProseWriter, cap, count_words
from generation.document.prose_facts import build_claims
from generation.plan.config import GenerationConfig, ModalityMix
from generation.plan.doc_plan import (
    Block,
    CalloutBlock,
    ChartBlock,
    DocumentPlan,
    HeadingBlock,
    ParagraphBlock,
    SectionPlan,
    TableBlock,
)
from generation.plan.rng import doc_id_for, stage_rng
from generation.world.table import FactTable
from generation.world.topics import Metric, Topic, choose_archetype, choose_topic, in_text
from synthdocbench_tasks.schema import (
    CHART_TYPES,
    Chart,
    DocumentManifest,
    Section,
    Table,
    TextFact,
    position_bucket,
)

MIN_SECTIONS, MAX_SECTIONS = 8, 12
MIN_TABLES, MAX_TABLES = 2, 4
#: Rough length of a paragraph (filler and fact-table sentences), used only to decide how many to write.
_PARAGRAPH_WORDS = 94
#: Entity kinds that can themselves act in an event sentence ("Chile cut tariffs ...").
_ACTING_KINDS = {"country", "state", "economy", "city", "education system", "market"}
_CLAIM_RELATIONS = ("target", "forecast", "earlier estimate", "threshold")
#: Claims about the fact table drawn for the prose (more than a report's paragraphs can state).
_DATA_CLAIMS = 500


def allowed_chart_types(requested: list[str], renderer: str = "d3") -> list[str]:
    """The chart types to draw: those with a data builder that ``renderer`` can draw, restricted to
    ``requested`` when it is non-empty."""

    drawable = [t for t in SUPPORTED_CHART_TYPES if t in chart_types_for(renderer)]
    if not requested:
        return drawable
    unknown = [t for t in requested if t not in CHART_TYPES]
    if unknown:
        raise ValueError(
            f"unknown chart types {unknown} in chart_types; choose from {', '.join(CHART_TYPES)}"
        )
    allowed = [t for t in requested if t in drawable]
    if not allowed:
        raise ValueError(
            f"none of chart_types {requested} has a data builder and a {renderer} drawer yet; "
            f"choose from {', '.join(drawable)}"
        )
    return list(dict.fromkeys(allowed))


@dataclass(frozen=True)
class PageModel:
    """How one archetype fills A4 pages: ``pages ≈ overhead + words / words_per_page + charts * chart_pages
    + tables * table_pages``. Fitted on rendered PDFs by ``bench/calibrate_pages.py``."""

    words_per_page: float
    chart_pages: float
    table_pages: float
    overhead: float


#: Page models per archetype (re-fit with ``python bench/calibrate_pages.py`` after layout changes).
PAGE_MODELS: dict[str, PageModel] = {
    "magazine": PageModel(words_per_page=446.9, chart_pages=0.539, table_pages=0.462, overhead=0.36),
    "dashboard": PageModel(words_per_page=552.8, chart_pages=0.473, table_pages=0.410, overhead=-0.88),
    "academic": PageModel(words_per_page=502.1, chart_pages=0.480, table_pages=0.456, overhead=0.33),
    "editorial": PageModel(words_per_page=343.9, chart_pages=0.500, table_pages=0.404, overhead=0.31),
    "infographic": PageModel(words_per_page=470.7, chart_pages=0.512, table_pages=0.481, overhead=0.13),
    "brutalist": PageModel(words_per_page=389.7, chart_pages=0.568, table_pages=0.429, overhead=-0.09),
}


def target_words(
    target_pages: int,
    n_charts: int,
    n_tables: int = MIN_TABLES,
    archetype: str = "editorial",
    n_sections: int = MIN_SECTIONS,
) -> int:
    """Words of text (prose, tables, callouts) that fill ``target_pages`` A4 pages next to the figures."""
    model = PAGE_MODELS[archetype]
    text_pages = target_pages - model.overhead - model.chart_pages * n_charts - model.table_pages * n_tables
    return int(max(model.words_per_page * text_pages, 120 * n_sections))


#: Readable range of the body text density (font size and line height relative to the archetype's).
DENSITY_RANGE: tuple[float, float] = (0.72, 1.35)


def text_density(
    words: float,
    target_pages: int,
    n_charts: int,
    n_tables: int = MIN_TABLES,
    archetype: str = "editorial",
    n_sections: int = MIN_SECTIONS,
) -> tuple[float, int]:
    """(density, words): the body text density at which ``words`` fill ``target_pages`` next to the figures.

    Text at density ``d`` (font size and line height times ``d``) holds about ``words_per_page / d²``
    words per page, so ``d = sqrt(words_per_page * text_pages / words)``: below 1 when the words
    are more than the page target holds at the archetype's own size. ``d`` is clipped to
    :data:`DENSITY_RANGE`; the words are then what fills the page target at the clipped density,
    so the page target holds either way.
    """
    model = PAGE_MODELS[archetype]
    text_pages = target_pages - model.overhead - model.chart_pages * n_charts - model.table_pages * n_tables
    capacity = model.words_per_page * max(text_pages, 0.5)
    low, high = DENSITY_RANGE
    exact = math.sqrt(capacity / max(words, 1.0))
    density = round(min(max(exact, low), high), 4)
    if density != round(exact, 4):
        words = capacity / (density * density)
    return density, int(max(words, 120 * n_sections))


def draw_real(rng: np.random.Generator, low: float, high: float, mode: float | None) -> float:
    """A real number in ``[low, high]``: uniform, or triangular with its peak at ``mode`` (one draw)."""
    u = float(rng.random())
    if mode is None or low == high:
        return low + u * (high - low)
    split = (mode - low) / (high - low)
    if u < split:
        return low + math.sqrt(u * (high - low) * (mode - low))
    return high - math.sqrt((1 - u) * (high - low) * (high - mode))


def mix_counts(target_pages: int, mix: ModalityMix, archetype: str) -> tuple[int, int]:
    """(charts, tables) that give ``mix``'s chart and table shares of ``target_pages`` pages."""
    model = PAGE_MODELS[archetype]
    charts, tables, _ = mix.shares()
    n_charts = max(1, round(charts * target_pages / model.chart_pages))
    n_tables = round(tables * target_pages / model.table_pages)
    return n_charts, n_tables


def draw_count(rng: np.random.Generator, low: int, high: int, mode: int | None) -> int:
    """An integer in ``[low, high]``: uniform, or triangular with its peak at ``mode``.

    Exactly one uniform draw whatever the bounds, so other draws of the stream do not move
    when a range changes.
    """
    u = float(rng.random())
    if mode is None or low == high:
        return low + min(int(u * (high - low + 1)), high - low)
    a, c, b = float(low), mode + 0.5, float(high + 1)
    split = (c - a) / (b - a)
    x = a + math.sqrt(u * (b - a) * (c - a)) if u < split else b - math.sqrt((1 - u) * (b - a) * (b - c))
    return min(max(int(x), low), high)


def _pick(rng: np.random.Generator, n: int) -> int:
    """An index below ``n`` from exactly one uniform draw (stream position independent of ``n``)."""
    return min(int(float(rng.random()) * n), n - 1)


def evidence_window(n_charts: int, position: float | None, n_evidence: int) -> list[int]:
    """1-based chart indices (k of K = ``n_charts``) the evidence charts occupy, centred on ``position``."""
    if position is None:
        return []
    m = min(n_evidence, n_charts)
    start = round(position * n_charts - (m - 1) / 2)
    start = min(max(start, 1), n_charts - m + 1)
    return list(range(start, start + m))


def evidence_chart_indices(config: GenerationConfig, n_charts: int) -> list[int]:
    """The chart indices (k of K) a question about the configured evidence depth should use.

    Empty when ``config.evidence_depth`` is None. The question stage calls this with
    ``K = len(manifest.charts)``; the charts at these indices carry the same data whatever the depth.
    """
    return evidence_window(n_charts, config.evidence_position(), config.evidence_charts)


def chart_order(n_charts: int, position: float | None, n_evidence: int) -> list[int]:
    """The 1-based index of each chart identity: identity ``j`` < ``n_evidence`` goes to the evidence
    window, the others fill the remaining indices in order (identity order when ``position`` is None)."""
    window = evidence_window(n_charts, position, n_evidence)
    if not window:
        return list(range(1, n_charts + 1))
    rest = [k for k in range(1, n_charts + 1) if k not in window]
    return window + rest


def section_roles(n: int) -> list[str]:
    """Rhetorical role of each of ``n`` sections (8 to 12): fixed frame, analysis in the middle."""
    if not MIN_SECTIONS <= n <= MAX_SECTIONS:
        raise ValueError(f"a document has {MIN_SECTIONS} to {MAX_SECTIONS} sections, got {n}")
    return (
        ["introduction", "background", "method"]
        + ["analysis"] * (n - 7)
        + [
            "policy",
            "risks",
            "outlook",
            "conclusion",
        ]
    )


def spread(rng: np.random.Generator, n_items: int, n_sections: int) -> list[int]:
    """Non-decreasing 0-based section positions for items spread evenly from start to end.

    Item ``k`` of ``n`` lands in a section whose relative position ``order / n_sections``
    lies in ``(k / n, (k + 1) / n]``, so three items fall in the early, middle and late thirds.
    """
    out = []
    for k in range(n_items):
        lo = k * n_sections // n_items + 1
        hi = max(lo, (k + 1) * n_sections // n_items)
        out.append(min(n_sections, int(rng.integers(lo, hi + 1))) - 1)
    if n_items >= 3:
        # Integer rounding can leave a third empty; move the item nearest its middle into it.
        for bucket in ("early", "middle", "late"):
            orders = [o for o in range(1, n_sections + 1) if position_bucket(o / n_sections) == bucket]
            if orders and not any(position_bucket((s + 1) / n_sections) == bucket for s in out):
                k = {"early": 0, "middle": n_items // 2, "late": n_items - 1}[bucket]
                out[k] = orders[int(rng.integers(len(orders)))] - 1
        out.sort()
    return out


@dataclass
class _Fact:
    section: int
    sentence: str
    values: dict[str, str]


@dataclass
class _SectionContent:
    charts: list[ChartSpec] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    facts: list[_Fact] = field(default_factory=list)
    callouts: list[CalloutBlock] = field(default_factory=list)


def _chart_type_sequence(rng: np.random.Generator, allowed: list[str], n: int) -> list[str]:
    """``n`` types cycling through shuffled ``allowed``; at least two line-family charts when possible."""
    types: list[str] = []
    while len(types) < n:
        types += [allowed[int(i)] for i in rng.permutation(len(allowed))]
    types = types[:n]
    lines = [t for t in allowed if t in LINE_FAMILY]
    if lines and n >= 2:
        while sum(t in LINE_FAMILY for t in types) < 2:
            others = [i for i, t in enumerate(types) if t not in LINE_FAMILY]
            types[others[int(rng.integers(len(others)))]] = lines[int(rng.integers(len(lines)))]
    return types


def _build_with_fallback(
    rng: np.random.Generator,
    chart_type: str,
    allowed: list[str],
    world: FactTable,
    metric: Metric,
    slot: ChartSlot,
) -> ChartSpec:
    """``build_chart``, or when the fact table cannot fill the type, the next allowed types in turn."""
    start = allowed.index(chart_type) if chart_type in allowed else 0
    candidates = [chart_type] + [t for t in allowed[start + 1 :] + allowed[:start] if t != chart_type]
    for candidate in candidates[:-1]:
        try:
            return build_chart(rng, candidate, world, metric, slot)
        except NumberSpaceExhaustedError:
            continue
    return build_chart(rng, candidates[-1], world, metric, slot)


def _build_charts(
    rng: np.random.Generator,
    world: FactTable,
    types: list[str],
    allowed: list[str],
    order: list[int],
    chart_sections: list[int],
    sections: list[Section],
) -> list[ChartSpec]:
    """Build chart identity ``j`` (type ``types[j]``) at index ``order[j]``; returns them in identity order.

    Charts are built in identity order, so a chart's data does not depend on where it is placed.
    """
    slots: dict[int, ChartSlot] = {}
    per_section: dict[int, int] = {}
    for k, s in enumerate(chart_sections, start=1):
        per_section[s] = per_section.get(s, 0) + 1
        section = sections[s]
        slots[k] = ChartSlot(
            viz_id=f"viz-{section.order}-{per_section[s]}",
            section_id=section.section_id,
            section_number=section.order,
            section_title=section.title,
            index=k,
        )
    metric_order = [world.metrics[int(i)] for i in rng.permutation(len(world.metrics))]
    specs: list[ChartSpec] = []
    for j, chart_type in enumerate(types):
        metric = metric_order[j % len(metric_order)]
        specs.append(_build_with_fallback(rng, chart_type, allowed, world, metric, slots[order[j]]))
    readings = {s.chart.visualProperties.valueReading for s in specs}
    if len(readings) == 1:
        flexible = [s for s in specs if len(value_reading_options(s.chart.chartType)) > 1]
        if flexible:
            vp = flexible[int(rng.integers(len(flexible)))].chart.visualProperties
            vp.valueReading = "axis" if vp.valueReading == "data_labels" else "data_labels"
    return specs


def _claimed_value(
    rng: np.random.Generator, value: float, decimals: int, registry: NumberRegistry
) -> float | None:
    """A value 8–35% away from ``value``, fresh in the registry, or None when none is found."""
    for _ in range(200):
        factor = 1 + float(rng.uniform(0.08, 0.35)) * (1 if rng.random() < 0.5 else -1)
        claimed = round(value * factor, decimals)
        ratio = abs(claimed - value) / abs(value)
        if claimed > 0 and 0.08 <= ratio <= 0.35 and registry.acceptable(claimed, decimals):
            return registry.take(claimed, decimals)
    return None


def _chart_claims(
    rng: np.random.Generator,
    writer: ProseWriter,
    topic: Topic,
    specs: list[ChartSpec],
    n_sections: int,
    section_of: dict[str, int],
    registry: NumberRegistry,
) -> list[_Fact]:
    facts: list[_Fact] = []
    wanted = int(rng.integers(3, 6))
    order = _colour_first([int(i) for i in rng.permutation(len(specs))], lambda i: _coloured(specs[i].chart))
    for first, i in enumerate(order):
        if len(facts) >= wanted:
            break
        spec = specs[int(i)]
        chart = spec.chart
        home = section_of[chart.section_id]
        eligible = [s for s in range(n_sections) if abs(s - home) >= 2]
        marks = [int(j) for j in rng.permutation(len(chart.data))]
        if first == 0:  # the first claim is on a mark a reader can find by its colour, when one exists
            named = {j for j, p in enumerate(chart.data) if colour_of(chart, p) is not None}
            marks = _colour_first(marks, named.__contains__)
        for j in marks:
            point = chart.data[int(j)]
            claimed = _claimed_value(rng, point.value, spec.decimals, registry)
            if claimed is None:
                continue
            if spec.metric.unit == "%" and claimed >= 100:
                continue
            relation = _CLAIM_RELATIONS[int(rng.integers(len(_CLAIM_RELATIONS)))]
            actor = topic.actors[int(rng.integers(len(topic.actors)))]
            claimed_text = value_text(claimed, spec.decimals)
            sentence = writer.claim_fact(
                relation, actor, mark_measure(spec, point, topic), quantity(claimed_text, spec.unit)
            )
            values = {"kind": "chart_claim", "viz_id": chart.vizId, "label": point.label}
            if point.category:  # the mark is named by label and series (grouped, stacked, heatmap ...)
                values["series"] = point.category
            values.update(claimed_value=claimed_text, unit=spec.unit, relation=relation)
            facts.append(_Fact(eligible[_pick(rng, len(eligible))], sentence, values))
            break
    return facts


def _coloured(chart: Chart) -> bool:
    """True when some mark of ``chart`` has a colour a reader can name (:mod:`generation.charts.colours`)."""
    return any(colour_of(chart, p) is not None for p in chart.data)


def _colour_first(order: list[int], coloured: Callable[[int], bool]) -> list[int]:
    """``order`` with its first coloured item moved to the front (evidence for colour questions)."""
    found = next((i for i in order if coloured(i)), None)
    return order if found is None else [found, *(i for i in order if i != found)]


def _trend_claims(
    rng: np.random.Generator,
    writer: ProseWriter,
    specs: list[ChartSpec],
    n_sections: int,
    section_of: dict[str, int],
) -> list[_Fact]:
    candidates: list[tuple[ChartSpec, str | None]] = []
    for spec in specs:
        if spec.chart.chartType not in LINE_FAMILY:
            continue
        for series in dict.fromkeys(p.category for p in spec.chart.data):
            candidates.append((spec, series))
    facts: list[_Fact] = []
    order = [int(i) for i in rng.permutation(len(candidates))]

    def coloured(i: int) -> bool:
        spec, series = candidates[i]
        return any(colour_of(spec.chart, p) is not None for p in spec.chart.data if p.category == series)

    for i in _colour_first(order, coloured)[: int(rng.integers(2, 4))]:
        spec, series = candidates[int(i)]
        points = [p for p in spec.chart.data if p.category == series]
        direction = series_direction([p.value for p in points])
        if direction is None:
            continue
        home = section_of[spec.chart.section_id]
        eligible = [s for s in range(n_sections) if s != home]
        phrase = f"{spec.metric.name} in {in_text(writer.topic, series or spec.subject or '')}"
        start, end = points[0].label, points[-1].label
        values = {"kind": "trend_claim", "viz_id": spec.chart.vizId}
        if series:
            values["series"] = series
        values.update(direction=direction, start=start, end=end)
        facts.append(
            _Fact(
                eligible[_pick(rng, len(eligible))],
                writer.trend_fact(phrase, direction, start, end),
                values,
            )
        )
    return facts


def _free_triple(
    rng: np.random.Generator, topic: Topic, covered: set[tuple[str, str, str]]
) -> tuple[int, str, str]:
    """A (metric index, entity, year) that no chart, table or earlier fact reports."""
    first, last = topic.years
    for _ in range(500):
        m = int(rng.integers(len(topic.metrics)))
        entity = topic.entities[int(rng.integers(len(topic.entities)))]
        year = str(int(rng.integers(first, last + 1)))
        if (topic.metrics[m].name, entity, year) not in covered:
            covered.add((topic.metrics[m].name, entity, year))
            return m, entity, year
    raise NumberSpaceExhaustedError(f"every metric, entity and year of {topic.key} is already reported")


def _metric_facts(
    rng: np.random.Generator,
    writer: ProseWriter,
    world: FactTable,
    n_sections: int,
    covered: set[tuple[str, str, str]],
) -> list[_Fact]:
    n = int(rng.integers(4, 7))
    facts: list[_Fact] = []
    for s in spread(rng, n, n_sections):
        m, entity, year = _free_triple(rng, world.topic, covered)
        metric = world.metrics[m]
        text = value_text(world.value(metric.name, entity, year), metric.decimals)
        sentence = writer.metric_fact(entity, metric.name, year, quantity(text, metric.unit_label))
        values = {
            "kind": "metric",
            "entity": entity,
            "metric": metric.name,
            "year": year,
            "value": text,
            "unit": metric.unit_label,
        }
        facts.append(_Fact(s, sentence, values))
    return facts


def _event_actor(rng: np.random.Generator, topic: Topic) -> str:
    if topic.entity_kind in _ACTING_KINDS:
        return in_text(topic, topic.entities[int(rng.integers(len(topic.entities)))])
    return topic.actors[int(rng.integers(len(topic.actors)))]


def _events(
    rng: np.random.Generator, writer: ProseWriter, topic: Topic, n_sections: int
) -> tuple[list[_Fact], list[tuple[str, str, str]]]:
    """Event facts (4–5, distinct years, spread over the document) and the unused events for timelines."""
    first, last = topic.years
    years = [str(y) for y in range(first, last + 1)]
    year_order = [years[int(i)] for i in rng.permutation(len(years))]
    event_order = [topic.events[int(i)] for i in rng.permutation(len(topic.events))]
    n = int(rng.integers(4, 6))
    sections = spread(rng, n, n_sections)
    facts = []
    for k in range(n):
        actor = _event_actor(rng, topic)
        values = {"kind": "event", "year": year_order[k], "actor": actor, "event": event_order[k]}
        facts.append(_Fact(sections[k], writer.event_fact(year_order[k], actor, event_order[k]), values))
    spare = [
        (year_order[n + k], _event_actor(rng, topic), event_order[n + k])
        for k in range(min(len(event_order), len(year_order)) - n)
    ]
    return facts, sorted(spare)


def _receptions(rng: np.random.Generator, writer: ProseWriter, topic: Topic, n_sections: int) -> list[_Fact]:
    n = min(len(topic.subjects), int(rng.integers(3, 5)))
    subjects = [topic.subjects[int(i)] for i in rng.permutation(len(topic.subjects))[:n]]
    stances = ("positive", "negative", "mixed")
    facts = []
    for k, s in enumerate(spread(rng, n, n_sections)):
        stance = stances[k] if k < 3 else stances[int(rng.integers(3))]
        actor = topic.actors[int(rng.integers(len(topic.actors)))]
        reason = writer.reason(stance)
        values = {
            "kind": "reception",
            "actor": actor,
            "stance": stance,
            "subject": subjects[k],
            "reason": reason,
        }
        facts.append(_Fact(s, writer.reception_fact(actor, stance, subjects[k], reason), values))
    return facts


def _metric_cards(
    rng: np.random.Generator, world: FactTable, covered: set[tuple[str, str, str]]
) -> CalloutBlock:
    """A strip of 3–4 key figures (``"<figure> | <caption>"``) from the fact table that no chart
    or fact reports."""
    items = []
    for _ in range(int(rng.integers(3, 5))):
        m, entity, year = _free_triple(rng, world.topic, covered)
        metric = world.metrics[m]
        text = value_text(world.value(metric.name, entity, year), metric.decimals)
        items.append(f"{quantity(text, metric.unit_label)} | {cap(metric.name)}, {entity}, {year}")
    return CalloutBlock(style="metric_cards", items=items)


def _callouts(
    rng: np.random.Generator,
    writer: ProseWriter,
    world: FactTable,
    archetype: str,
    n_sections: int,
    spare_events: list[tuple[str, str, str]],
    covered: set[tuple[str, str, str]],
) -> dict[int, list[CalloutBlock]]:
    """Auxiliary components suited to the archetype (Table 16), by 0-based section."""
    out: dict[int, list[CalloutBlock]] = {}
    topic = world.topic

    def add(section: int, block: CalloutBlock) -> None:
        out.setdefault(section, []).append(block)

    def somewhere(k: int) -> list[int]:
        return [int(s) for s in sorted(rng.choice(np.arange(1, n_sections), size=k, replace=False))]

    def quote() -> CalloutBlock:
        # A filler finding for now: _section_blocks repeats one of the section's own data
        # sentences in its place once they are written (kept as the fallback, and so that the
        # prose drawn after it stays the same).
        return CalloutBlock(style="pull_quote", items=[writer.sentence("finding", opener=False)])

    if archetype == "academic":
        add(0, CalloutBlock(style="abstract", items=[writer.abstract()]))
    elif archetype == "magazine":
        for s in somewhere(int(rng.integers(2, 4))):
            add(s, quote())
    elif archetype == "dashboard":
        add(0, _metric_cards(rng, world, covered))
        for s in somewhere(int(rng.integers(1, 3))):
            add(s, _metric_cards(rng, world, covered))
    elif archetype == "editorial":
        speakers = [topic.actors[int(i)] for i in rng.permutation(len(topic.actors))]
        for s, actor in zip(somewhere(int(rng.integers(2, 4))), speakers, strict=False):
            add(
                s,
                CalloutBlock(
                    style="block_quote", items=[writer.sentence("outlook", opener=False), f"— {cap(actor)}"]
                ),
            )
    elif archetype == "infographic":
        if len(spare_events) >= 3:
            items = [f"{year} | {cap(actor)} {event}" for year, actor, event in spare_events[:4]]
            add(1, CalloutBlock(style="timeline", items=items))
        for s in somewhere(int(rng.integers(1, 3))):
            add(s, _metric_cards(rng, world, covered))
    else:  # brutalist: oversized numbers and stamped quotes
        for s in somewhere(2):
            add(s, _metric_cards(rng, world, covered))
        add(int(rng.integers(1, n_sections)), quote())
    return out


def _table_words(table: Table) -> int:
    return (
        count_words(table.title)
        + sum(count_words(c) for c in table.columns)
        + sum(count_words(c) for row in table.rows for c in row)
    )


def _callout_words(block: CalloutBlock) -> int:
    return sum(count_words(i) for i in block.items)


def _section_blocks(
    rng: np.random.Generator,
    writer: ProseWriter,
    role: str,
    number: int,
    content: _SectionContent,
    budget: int,
) -> tuple[list[Block], list[TextFact]]:
    """Lay out one section: an opening paragraph, then charts, tables and callouts among filler prose."""
    section_id = f"s{number}"
    first_data = len(writer.data_sentences)
    anchors: list[tuple[float, list[Block]]] = []
    fixed_words = 0
    # Random positions; figures keep figure order and tables keep table order.
    chart_keys = sorted(float(x) for x in rng.random(len(content.charts)))
    table_keys = sorted(float(x) for x in rng.random(len(content.tables)))
    for key, spec in zip(chart_keys, content.charts, strict=True):
        chart = spec.chart
        x_metric = chart.axes.x.label.lower() if chart.chartType == "scatter" else None
        mention = writer.chart_mention(
            chart.figure_number, chart.chartType, spec.metric.name, subject=spec.subject, x_metric=x_metric
        )
        text = f"{mention} {writer.paragraph(role, n_sentences=int(rng.integers(1, 3)), quiet=True)}"
        anchors.append((key, [ParagraphBlock(text=text), ChartBlock(viz_id=chart.vizId)]))
        fixed_words += count_words(text)
    for key, table in zip(table_keys, content.tables, strict=True):
        more = writer.paragraph(role, n_sentences=int(rng.integers(1, 3)), quiet=True)
        text = f"{writer.table_mention(table.index)} {more}"
        anchors.append((key, [ParagraphBlock(text=text), TableBlock(table_id=table.table_id)]))
        fixed_words += count_words(text) + _table_words(table)
    lead: list[Block] = []
    for callout in content.callouts:
        fixed_words += _callout_words(callout)
        if callout.style == "abstract" or (number == 1 and callout.style == "metric_cards"):
            lead.append(callout)
        else:
            anchors.append((float(rng.random()), [callout]))
    anchors.sort(key=lambda a: a[0])
    n_paragraphs = max(
        1 + len(anchors) // 2,
        math.ceil(len(content.facts) / 2),
        math.ceil(max(budget - fixed_words, 0) / _PARAGRAPH_WORDS),
    )
    inserts: list[list[str]] = [[] for _ in range(n_paragraphs)]
    fact_ids: list[list[str]] = [[] for _ in range(n_paragraphs)]
    text_facts: list[TextFact] = []
    for k, fact in enumerate(content.facts, start=1):
        p = int(rng.integers(n_paragraphs))
        while len(inserts[p]) >= 2:
            p = (p + 1) % n_paragraphs
        fact_id = f"fact-{number}-{k}"
        inserts[p].append(fact.sentence)
        fact_ids[p].append(fact_id)
        text_facts.append(
            TextFact(fact_id=fact_id, sentence=fact.sentence, values=fact.values, section_id=section_id)
        )
    paragraphs: list[Block] = [
        ParagraphBlock(text=writer.paragraph(role, inserts[i]), fact_ids=fact_ids[i])
        for i in range(n_paragraphs)
    ]
    _quote_own_findings(writer, anchors, first_data)
    blocks: list[Block] = list(lead)
    # Anchors go after evenly spaced paragraphs, never before the first one.
    slots = sorted(int(1 + k * n_paragraphs / max(len(anchors), 1)) for k in range(len(anchors)))
    heading_at = n_paragraphs // 2 if n_paragraphs >= 4 else -1
    a = 0
    for i, paragraph in enumerate(paragraphs):
        if i == heading_at:
            blocks.append(HeadingBlock(text=writer.subheading(), level=3))
        blocks.append(paragraph)
        while a < len(anchors) and slots[a] <= i + 1:
            blocks.extend(anchors[a][1])
            a += 1
    for _, rest in anchors[a:]:
        blocks.extend(rest)
    return blocks, text_facts


def _quote_own_findings(
    writer: ProseWriter, anchors: list[tuple[float, list[Block]]], first_data: int
) -> None:
    """Pull quotes repeat a finding the section states (a data sentence without numbers), as a
    magazine's pull quotes do, so what a quote claims is checked against the fact table."""
    used: set[str] = set()
    for _, group in anchors:
        for j, block in enumerate(group):
            if isinstance(block, CalloutBlock) and block.style == "pull_quote":
                finding = writer.quotable(first_data, used)
                if finding is not None:
                    used.add(finding)
                    group[j] = CalloutBlock(style="pull_quote", items=[finding])


def _ground_abstract(writer: ProseWriter, blocks: list[Block], finding: str | None) -> None:
    """The abstract (among the first section's ``blocks``) states one of the report's data
    findings in place of its filler finding."""
    for j, block in enumerate(blocks):
        if isinstance(block, CalloutBlock) and block.style == "abstract" and block.items:
            grounded = writer.ground_abstract(block.items[0], finding)
            blocks[j] = CalloutBlock(style="abstract", items=[grounded])


def _block_words(block: Block) -> int:
    if isinstance(block, (ParagraphBlock, HeadingBlock)):
        return count_words(block.text)
    if isinstance(block, CalloutBlock):
        return _callout_words(block)
    return 0


def plan_word_count(plan: DocumentPlan) -> int:
    """Words the document prints outside its charts: titles, prose, headings, callouts, tables."""
    words = count_words(plan.title) + count_words(plan.subtitle)
    words += sum(count_words(s.title) for s in plan.manifest.sections)
    words += sum(_block_words(b) for sp in plan.sections for b in sp.blocks)
    return words + sum(_table_words(t) for t in plan.manifest.tables)


@dataclass(frozen=True)
class DocumentTargets:
    """What the content stage aims for in one document (recorded next to the measured manifest)."""

    archetype: str
    target_pages: int
    n_charts: int
    n_tables: int
    n_sections: int
    words: int
    #: Chart indices (k of K) placed at the configured evidence depth (empty: charts spread).
    evidence_charts: list[int]
    #: Body text density (None: the config sets no word range, so text is at density 1).
    density: float | None = None

    def as_json(self) -> dict[str, object]:
        return {
            "archetype": self.archetype,
            "target_pages": self.target_pages,
            "n_charts": self.n_charts,
            "n_tables": self.n_tables,
            "n_sections": self.n_sections,
            "target_words": self.words,
            "evidence_charts": self.evidence_charts,
        } | ({} if self.density is None else {"density": self.density})


def document_targets(config: GenerationConfig, index: int, archetype: str | None = None) -> DocumentTargets:
    """Target pages, counts and words of document ``index``: every length and mix axis in one place.

    The page target comes from its own stream (``content.pages``), so changing the length axis
    changes no other draw of the document.
    """
    doc_id = doc_id_for(config.seed, index)
    if archetype is None:
        topic = choose_topic(stage_rng(config.seed, "content.topic", doc_id))
        archetype = choose_archetype(
            stage_rng(config.seed, "content.archetype", doc_id), topic.domain, list(config.archetypes)
        )
    pages_rng = stage_rng(config.seed, "content.pages", doc_id)
    target_pages = draw_count(pages_rng, config.min_pages, config.max_pages, config.pages_mode)
    structure = stage_rng(config.seed, "content.structure", doc_id)
    n_charts = draw_count(structure, config.min_charts, config.max_charts, config.charts_mode)
    n_sections = draw_count(structure, MIN_SECTIONS, MAX_SECTIONS, None)
    n_tables = draw_count(structure, MIN_TABLES, MAX_TABLES, None)
    if config.modality_mix is not None:
        n_charts, n_tables = mix_counts(target_pages, config.modality_mix, archetype)
    words = target_words(target_pages, n_charts, n_tables, archetype, n_sections)
    density = None
    if config.words is not None:
        w = config.words
        drawn = draw_real(stage_rng(config.seed, "content.words", doc_id), w.min, w.max, w.mode)
        density, words = text_density(drawn, target_pages, n_charts, n_tables, archetype, n_sections)
    return DocumentTargets(
        archetype=archetype,
        target_pages=target_pages,
        n_charts=n_charts,
        n_tables=n_tables,
        n_sections=n_sections,
        words=words,
        evidence_charts=evidence_window(n_charts, config.evidence_position(), config.evidence_charts),
        density=density,
    )


def plan_document(config: GenerationConfig, index: int) -> DocumentPlan:
    """Plan document ``index`` of the run: manifest (no regions, page count 0) and ordered blocks."""
    doc_id = doc_id_for(config.seed, index)

    def rng(part: str) -> np.random.Generator:
        return stage_rng(config.seed, f"content.{part}", doc_id)

    topic = choose_topic(rng("topic"))
    archetype = choose_archetype(rng("archetype"), topic.domain, list(config.archetypes))
    allowed = allowed_chart_types(config.chart_types, config.renderer)
    target = document_targets(config, index, archetype)
    n_charts, n_tables, n_sections = target.n_charts, target.n_tables, target.n_sections
    roles = section_roles(n_sections)

    writer = ProseWriter(rng("prose"), topic)
    titles: set[str] = set()
    sections = []
    for i, role in enumerate(roles, start=1):
        title = writer.section_title(role, titles)
        titles.add(title)
        sections.append(Section(section_id=f"s{i}", title=title, order=i))
    section_of = {s.section_id: i for i, s in enumerate(sections)}

    registry = NumberRegistry()
    world = FactTable(topic, config.seed, doc_id, registry)
    first, last = topic.years
    for number in range(0, max(n_sections, n_charts, n_tables, 12) + 1):
        registry.reserve(str(number))
    for year in range(first - 10, last + 11):
        registry.reserve(str(year))

    charts_rng = rng("charts")
    types = _chart_type_sequence(charts_rng, allowed, n_charts)
    chart_sections = spread(charts_rng, n_charts, n_sections)
    order = chart_order(n_charts, config.evidence_position(), config.evidence_charts)
    specs = _build_charts(charts_rng, world, types, allowed, order, chart_sections, sections)
    covered: set[tuple[str, str, str]] = set().union(*(s.covered for s in specs))

    tables_rng = rng("tables")
    tables: list[Table] = []
    for k, s in enumerate(spread(tables_rng, n_tables, n_sections), start=1):
        table, triples = build_table(tables_rng, world, f"table-{k}", k, sections[s].section_id, covered)
        covered |= triples
        tables.append(table)

    facts_rng = rng("facts")
    facts = _chart_claims(facts_rng, writer, topic, specs, n_sections, section_of, registry)
    facts += _trend_claims(facts_rng, writer, specs, n_sections, section_of)
    facts += _metric_facts(facts_rng, writer, world, n_sections, covered)
    events, spare_events = _events(facts_rng, writer, topic, n_sections)
    facts += events
    facts += _receptions(facts_rng, writer, topic, n_sections)

    callouts = _callouts(rng("callouts"), writer, world, archetype, n_sections, spare_events, covered)
    # Last: the prose's own reading of the fact table (values nothing else shows; own streams).
    claims = build_claims(rng("prose.claims"), world, covered, _DATA_CLAIMS)
    writer.attach_claims(claims, rng("prose.data"))

    contents = [_SectionContent() for _ in sections]
    by_index = sorted(specs, key=lambda spec: spec.chart.index)
    for spec in by_index:
        contents[section_of[spec.chart.section_id]].charts.append(spec)
    for table in tables:
        contents[section_of[table.section_id]].tables.append(table)
    for fact in facts:
        contents[fact.section].facts.append(fact)
    for s, blocks_of in callouts.items():
        contents[s].callouts.extend(blocks_of)

    weights_rng = rng("weights")
    weights = np.array(
        [
            (0.7 if role in ("introduction", "conclusion", "method") else 1.0) * weights_rng.uniform(0.8, 1.2)
            for role in roles
        ]
    )
    budgets = [int(target.words * w / weights.sum()) for w in weights]

    layout_rng = rng("layout")
    section_plans: list[SectionPlan] = []
    text_facts: list[TextFact] = []
    analysis_data: int | None = None  # where the data sentences of the first analysis section start
    for i, (section, role) in enumerate(zip(sections, roles, strict=True)):
        if role == "analysis" and analysis_data is None:
            analysis_data = len(writer.data_sentences)
        blocks, section_facts = _section_blocks(
            layout_rng, writer, role, section.order, contents[i], budgets[i]
        )
        section_plans.append(SectionPlan(section_id=section.section_id, blocks=blocks))
        text_facts += section_facts
    _ground_abstract(writer, section_plans[0].blocks, writer.quotable(analysis_data or 0))

    title = topic.title
    subtitle = f"A data report on {topic.phrase}, {first}–{last}"

    manifest = DocumentManifest(
        doc_id=doc_id,
        seed=config.seed,
        topic=topic.title,
        domain=topic.domain,
        archetype=archetype,
        renderer=config.renderer,
        page_count=0,
        word_count=0,
        sections=sections,
        charts=[s.chart.model_copy(update={"renderer": config.renderer}) for s in by_index],
        tables=tables,
        text_facts=text_facts,
        world=world.as_world(),
    )
    density = 1.0 if target.density is None else target.density
    plan = DocumentPlan(
        manifest=manifest, title=title, subtitle=subtitle, sections=section_plans, density=density
    )
    plan.manifest.word_count = plan_word_count(plan)
    return plan
