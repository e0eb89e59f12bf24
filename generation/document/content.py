"""The content stage: topic, archetype, sections, charts, tables, text facts and prose of one document.

``plan_document(config, index)`` is the entry point. Everything it draws comes from
``stage_rng(config.seed, "content.<part>", doc_id)`` streams, so the same seed and config
give the same plan, and changing one part (say the prose) leaves the others' draws alone.
"""

from __future__ import annotations

import numpy as np

from generation.charts.data import (
    NumberRegistry,
    NumberSpaceExhaustedError,
    build_chart,
    build_table,
)
from generation.charts.palette import apply_report_colours
from generation.charts.registry import drawn_by, value_reading_options
from generation.charts.spec import LINE_FAMILY, ChartSlot, ChartSpec
from generation.document.blocks import ground_plan_abstract, plan_word_count, section_blocks, section_callouts
from generation.document.change_claims import change_claims
from generation.document.claims import DATA_CLAIMS, chart_claims, metric_text_facts, trend_claims
from generation.document.events import narrative_text_facts
from generation.document.prose import ProseWriter, count_words
from generation.document.prose_facts import build_claims
from generation.document.sections import SectionContent, SectionFact, chart_order, section_roles, spread
from generation.document.targets import document_targets
from generation.plan.chart_mix import chart_type_shares
from generation.plan.config import GenerationConfig
from generation.plan.doc_plan import (
    CalloutBlock,
    DocumentPlan,
    SectionPlan,
)
from generation.plan.rng import doc_id_for, stable_digest, stage_rng
from generation.world.space import topic_for
from generation.world.table import FactTable
from generation.world.topics import Metric, choose_archetype
from synthdocbench_tasks.schema import (
    CHART_TYPES,
    DocumentManifest,
    Section,
    Table,
    TextFact,
)


def allowed_chart_types(requested: list[str], renderer: str = "d3") -> list[str]:
    """The chart types to draw: those with a data builder that ``renderer`` can draw, restricted to
    ``requested`` when it is non-empty."""

    drawable = list(drawn_by(renderer))
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


def chart_type_sequence(
    rng: np.random.Generator, allowed: list[str], n: int, key: tuple[object, ...], shares: list[float] | None
) -> list[str]:
    """``n`` types: drawn independently from ``allowed`` with ``shares`` (a report may repeat a
    common type, as the paper's do), or without shares cycling through ``allowed`` in rounds,
    each round ordered by per-type digests of ``key`` (every type equally common); at least two
    line-family charts when possible."""
    if shares is not None:
        types = [allowed[int(i)] for i in rng.choice(len(allowed), size=n, p=shares)]
    else:
        types = []
        rounds = 0
        while len(types) < n:
            types += sorted(allowed, key=lambda t: stable_digest(*key, "chart-type", rounds, t))
            rounds += 1
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


def _distinct_chart(
    rng: np.random.Generator,
    chart_type: str,
    allowed: list[str],
    world: FactTable,
    metric_order: list[Metric],
    j: int,
    slot: ChartSlot,
    titles: set[str],
) -> ChartSpec:
    """Chart identity ``j`` on metric ``j`` of ``metric_order``, or, where its title is an earlier
    chart's (one measure drawn for one period twice: a pie and a donut of one mix), on the next
    metrics in turn: a question naming its chart by title must name one chart of the report. A
    metric no allowed type can draw (a diverging bar of a metric that only rises, where one type
    is allowed) also passes to the next; the last one's error is raised when none can."""
    n = len(metric_order)
    spec: ChartSpec | None = None
    for k in range(n):
        try:
            spec = _build_with_fallback(rng, chart_type, allowed, world, metric_order[(j + k) % n], slot)
        except NumberSpaceExhaustedError:
            if k == n - 1 and spec is None:
                raise
            continue
        if spec.chart.title not in titles:
            break
    assert spec is not None
    return spec


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
        used = {s.chart.title for s in specs}
        slot = slots[order[j]]
        specs.append(_distinct_chart(rng, chart_type, allowed, world, metric_order, j, slot, used))
    apply_report_colours([s.chart for s in specs])  # a category keeps one colour in every chart
    readings = {s.chart.visualProperties.valueReading for s in specs}
    if len(readings) == 1:
        flexible = [s for s in specs if len(value_reading_options(s.chart.chartType)) > 1]
        if flexible:
            vp = flexible[int(rng.integers(len(flexible)))].chart.visualProperties
            vp.valueReading = "axis" if vp.valueReading == "data_labels" else "data_labels"
    return specs


Triple = tuple[str, str, str]


def _sections(writer: ProseWriter, roles: list[str]) -> list[Section]:
    """One section per role, each with a title no other section has."""
    titles: set[str] = set()
    sections = []
    for i, role in enumerate(roles, start=1):
        title = writer.section_title(role, titles)
        titles.add(title)
        sections.append(Section(section_id=f"s{i}", title=title, order=i))
    return sections


def _reserve_numbers(registry: NumberRegistry, largest_count: int, first: int, last: int) -> None:
    """Keep small counts (figure, table and section numbers) and the years around the topic's
    period out of the values charts and prose may print."""
    for number in range(0, largest_count + 1):
        registry.reserve(str(number))
    for year in range(first - 10, last + 11):
        registry.reserve(str(year))


def _charts(
    rng: np.random.Generator,
    config: GenerationConfig,
    doc_id: str,
    world: FactTable,
    allowed: list[str],
    n_charts: int,
    sections: list[Section],
) -> list[ChartSpec]:
    """The report's charts: types (by the config's mix from their own stream, else in rounds by
    per-type digests), sections, evidence order, then data."""
    key = (config.seed, doc_id)
    if config.chart_type_weights is None:
        types = chart_type_sequence(rng, allowed, n_charts, key, None)
    else:
        shares = chart_type_shares(allowed, config.chart_type_weights)
        type_rng = stage_rng(config.seed, "content.chart-types", doc_id)
        types = chart_type_sequence(type_rng, allowed, n_charts, key, shares)
    chart_sections = spread(rng, n_charts, len(sections))
    order = chart_order(n_charts, config.evidence_position(), config.evidence_charts)
    return _build_charts(rng, world, types, allowed, order, chart_sections, sections)


def _tables(
    rng: np.random.Generator, world: FactTable, n_tables: int, sections: list[Section], covered: set[Triple]
) -> list[Table]:
    """The report's tables, spread over its sections; ``covered`` takes the facts they show. When
    the charts and earlier tables hold every fact a table could show (a small topic with many
    charts), the report has fewer tables rather than no report (seed 1979, document 193 of the
    paper config failed to plan)."""
    tables: list[Table] = []
    for k, s in enumerate(spread(rng, n_tables, len(sections)), start=1):
        try:
            table, triples = build_table(rng, world, f"table-{k}", k, sections[s].section_id, covered)
        except NumberSpaceExhaustedError:
            break
        covered |= triples
        tables.append(table)
    return tables


def _word_budgets(rng: np.random.Generator, roles: list[str], words: int) -> list[int]:
    """The document's words shared among sections (framing sections get less)."""
    weights = np.array(
        [
            (0.7 if role in ("introduction", "conclusion", "method") else 1.0) * rng.uniform(0.8, 1.2)
            for role in roles
        ]
    )
    return [int(words * w / weights.sum()) for w in weights]


def _contents(
    n_sections: int,
    section_of: dict[str, int],
    charts: list[ChartSpec],
    tables: list[Table],
    facts: list[SectionFact],
    callouts: dict[int, list[CalloutBlock]],
) -> list[SectionContent]:
    """What each section holds: its charts (in index order), tables, text facts and callouts."""
    contents = [SectionContent() for _ in range(n_sections)]
    for spec in charts:
        contents[section_of[spec.chart.section_id]].charts.append(spec)
    for table in tables:
        contents[section_of[table.section_id]].tables.append(table)
    for fact in facts:
        contents[fact.section].facts.append(fact)
    for s, blocks_of in callouts.items():
        contents[s].callouts.extend(blocks_of)
    return contents


def _heading_words(title: str, subtitle: str, sections: list[Section]) -> int:
    """Words of the title, subtitle and section headings (printed outside the sections' budgets)."""
    return count_words(title) + count_words(subtitle) + sum(count_words(s.title) for s in sections)


def _lay_out(
    rng: np.random.Generator,
    writer: ProseWriter,
    sections: list[Section],
    roles: list[str],
    contents: list[SectionContent],
    budgets: list[int],
) -> tuple[list[SectionPlan], list[TextFact]]:
    """Each section's blocks and the text facts they state; the abstract quotes a finding of the
    first analysis section."""
    section_plans: list[SectionPlan] = []
    text_facts: list[TextFact] = []
    analysis_data: int | None = None  # where the data sentences of the first analysis section start
    for i, (section, role) in enumerate(zip(sections, roles, strict=True)):
        if role == "analysis" and analysis_data is None:
            analysis_data = len(writer.data_sentences)
        blocks, section_facts = section_blocks(rng, writer, role, section.order, contents[i], budgets[i])
        section_plans.append(SectionPlan(section_id=section.section_id, blocks=blocks))
        text_facts += section_facts
    ground_plan_abstract(writer, section_plans[0].blocks, writer.quotable(analysis_data or 0))
    return section_plans, text_facts


def plan_document(config: GenerationConfig, index: int) -> DocumentPlan:
    """Plan document ``index`` of the run: manifest (no regions, page count 0) and ordered blocks."""
    doc_id = doc_id_for(config.seed, index)

    def rng(part: str) -> np.random.Generator:
        return stage_rng(config.seed, f"content.{part}", doc_id)

    topic = topic_for(config.seed, index)
    archetype = choose_archetype(rng("archetype"), topic.domain, list(config.archetypes))
    allowed = allowed_chart_types(config.chart_types, config.renderer)
    target = document_targets(config, index, archetype)
    n_charts, n_tables, n_sections = target.n_charts, target.n_tables, target.n_sections
    roles = section_roles(n_sections)

    writer = ProseWriter(rng("prose"), topic)
    sections = _sections(writer, roles)
    section_of = {s.section_id: i for i, s in enumerate(sections)}

    registry = NumberRegistry()
    world = FactTable(topic, config.seed, doc_id, registry)
    first, last = topic.years
    _reserve_numbers(registry, max(n_sections, n_charts, n_tables, 12), first, last)

    specs = _charts(rng("charts"), config, doc_id, world, allowed, n_charts, sections)
    covered: set[tuple[str, str, str]] = set().union(*(s.covered for s in specs))

    tables = _tables(rng("tables"), world, n_tables, sections, covered)

    facts_rng = rng("facts")
    facts = chart_claims(facts_rng, writer, topic, specs, n_sections, section_of, registry)
    facts += trend_claims(facts_rng, writer, specs, n_sections, section_of)
    facts += change_claims(rng("facts.change"), writer, specs, n_sections, section_of, registry, facts)
    facts += metric_text_facts(facts_rng, writer, world, n_sections, covered)
    narrative, spare_events = narrative_text_facts(
        facts_rng, rng("facts.causes"), writer, topic, specs, n_sections, section_of
    )
    facts += narrative

    callouts = section_callouts(rng("callouts"), writer, world, archetype, n_sections, spare_events, covered)
    # Last: the prose's own reading of the fact table (values nothing else shows; own streams).
    claims = build_claims(rng("prose.claims"), world, covered, DATA_CLAIMS)
    writer.attach_claims(claims, rng("prose.data"))

    by_index = sorted(specs, key=lambda spec: spec.chart.index)
    contents = _contents(len(sections), section_of, by_index, tables, facts, callouts)
    subtitle = f"A data report on {topic.phrase}, {first}–{last}"
    words = target.words - _heading_words(topic.title, subtitle, sections)
    budgets = _word_budgets(rng("weights"), roles, words)
    section_plans, text_facts = _lay_out(rng("layout"), writer, sections, roles, contents, budgets)

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
        manifest=manifest,
        title=topic.title,
        subtitle=subtitle,
        sections=section_plans,
        density=density,
    )
    plan.manifest.word_count = plan_word_count(plan)
    return plan
