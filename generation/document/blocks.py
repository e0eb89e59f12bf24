"""The blocks of each section: paragraphs filled to the word budget, metric cards, callouts, pull
quotes and the academic abstract, and word counts of a plan.
"""

from __future__ import annotations

import math

import numpy as np

from generation.charts.data import value_text
from generation.charts.registry import chart_type
from generation.charts.spec import quantity
from generation.document.claims import free_triple
from generation.document.prose import ProseWriter, cap, count_words
from generation.document.sections import SectionContent
from generation.plan.doc_plan import (
    Block,
    CalloutBlock,
    ChartBlock,
    DocumentPlan,
    HeadingBlock,
    ParagraphBlock,
    TableBlock,
)
from generation.world.table import FactTable
from synthdocbench_tasks.schema import (
    Chart,
    Table,
    TextFact,
)

#: Rough length of a paragraph (filler and fact-table sentences), used only to decide how many to write.
_PARAGRAPH_WORDS = 94
#: Rough length of one sentence of prose, used to size each paragraph to what is left of the budget.
_SENTENCE_WORDS = 18
#: Sentences of a paragraph sized to the budget (a paragraph holding text facts may have fewer).
_MIN_SENTENCES, _MAX_SENTENCES = 1, 8


def _metric_cards(
    rng: np.random.Generator, world: FactTable, covered: set[tuple[str, str, str]]
) -> CalloutBlock:
    """A strip of 3–4 key figures (``"<figure> | <caption>"``) from the fact table that no chart
    or fact reports."""
    items = []
    for _ in range(int(rng.integers(3, 5))):
        m, entity, year = free_triple(rng, world.topic, covered)
        metric = world.metrics[m]
        text = value_text(world.value(metric.name, entity, year), metric.decimals)
        items.append(f"{quantity(text, metric.unit_label)} | {cap(metric.name)}, {entity}, {year}")
    return CalloutBlock(style="metric_cards", items=items)


def section_callouts(
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
        # A filler finding for now: section_blocks repeats one of the section's own data
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


def _compared(chart: Chart) -> list[str]:
    """What a chart compares: a multi-line chart's series, another chart's labels."""
    if chart_type(chart.chartType).mention_series:
        return [p.category for p in chart.data if p.category]
    return [p.label for p in chart.data]


def section_blocks(
    rng: np.random.Generator,
    writer: ProseWriter,
    role: str,
    number: int,
    content: SectionContent,
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
        x_metric = chart.axes.x.label.lower() if chart_type(chart.chartType).mention_x_metric else None
        mention = writer.chart_mention(
            chart.figure_number,
            chart.chartType,
            spec.metric.name,
            subject=spec.subject,
            x_metric=x_metric,
            highlights=bool(chart.visualProperties.highlightedItems),
            items=_compared(chart),
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
        round(max(budget - fixed_words, 0) / _PARAGRAPH_WORDS),
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
    paragraphs = _budget_paragraphs(rng, writer, role, inserts, fact_ids, budget - fixed_words)
    _quote_own_findings(writer, anchors, first_data)
    blocks: list[Block] = list(lead)
    # Anchors go after evenly spaced paragraphs, never before the first one.
    slots = sorted(int(1 + k * n_paragraphs / max(len(anchors), 1)) for k in range(len(anchors)))
    heading_at = n_paragraphs // 2 if n_paragraphs >= 4 else -1
    a = 0
    for i, paragraph in enumerate(paragraphs):
        if i == heading_at:
            under = paragraph.text if isinstance(paragraph, ParagraphBlock) else ""
            blocks.append(HeadingBlock(text=writer.subheading(under), level=3))
        blocks.append(paragraph)
        while a < len(anchors) and slots[a] <= i + 1:
            blocks.extend(anchors[a][1])
            a += 1
    for _, rest in anchors[a:]:
        blocks.extend(rest)
    return blocks, text_facts


def _budget_paragraphs(
    rng: np.random.Generator,
    writer: ProseWriter,
    role: str,
    inserts: list[list[str]],
    fact_ids: list[list[str]],
    words: int,
) -> list[Block]:
    """The section's paragraphs, holding ``inserts`` (text facts) and together about ``words`` words.

    Each paragraph is sized to what is left: the words not yet written, shared among the
    paragraphs still to write, less its own text facts, in sentences of about
    :data:`_SENTENCE_WORDS` words (a little jitter keeps paragraph lengths varied; the last one
    takes the rest exactly). So the budget holds at every length, whatever a paragraph's
    fixed parts (facts, claims, interpretations) add.
    """
    paragraphs: list[Block] = []
    left = words
    n = len(inserts)
    for i in range(n):
        own = left / (n - i) - sum(count_words(t) for t in inserts[i])
        jitter = 0.0 if i == n - 1 else float(rng.uniform(-0.75, 0.75))
        n_sentences = min(max(round(own / _SENTENCE_WORDS + jitter), _MIN_SENTENCES), _MAX_SENTENCES)
        text = writer.paragraph(role, inserts[i], n_sentences=n_sentences)
        left -= count_words(text)
        paragraphs.append(ParagraphBlock(text=text, fact_ids=fact_ids[i]))
    return paragraphs


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


def ground_plan_abstract(writer: ProseWriter, blocks: list[Block], finding: str | None) -> None:
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
