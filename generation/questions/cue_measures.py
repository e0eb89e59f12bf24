"""Questions whose words send the reader to something the chart does not draw (review49).

**A highlight colour.**
Every renderer draws a highlighted mark with a heavy outline (charts.js ``finishHighlight``,
matplotlib ``_highlight``) and most often a pointer beside it; its fill is the accent colour only
where the chart is single-hue (``_Build.visual``: a colour map of the accent and one base colour),
and d3 draws a single line's highlighted year in the line's own colour. On a treemap, pie,
donut or sankey (a colour per mark), a waterfall or diverging bar (a colour per sign) or a
heatmap (a colour scale), "the mark drawn in a highlight colour" names a cue that is not there:
the mark is found by its outline, and a reader looking for the colour finds several.

:func:`colour_cue_counts` counts, per (category, level), the questions naming a highlight or
accent colour and those whose chart does not draw one.

**An item, for a flow.** A sankey's mark is a flow between two items (its source and target,
each drawn as a node bar and named beside it); a question asking "which item does it belong to"
of a flow has two answers a reader may give, the item it leaves (on "spending flows from item to
country", the chart's own word) and the flow. :func:`item_of_flow_counts` counts the questions
asking for an item whose answer is a flow. ``bench/question_measures.py`` prints both counts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable

from generation.charts.registry import chart_type
from generation.charts.spec import ACCENT_COLOUR
from generation.questions.phrasing import joins_two_items
from synthdocbench_tasks.schema import Chart, DocumentManifest, Question

#: A question's words asking which item a mark is.
ITEM_ASKED = re.compile(r"\bwhich item\b", re.IGNORECASE)
#: A question's words naming the highlight's colour as the way to find it.
COLOUR_CUE = re.compile(r"\b(?:highlight|accent) colou?r\b", re.IGNORECASE)


def accent_drawn(chart: Chart) -> bool:
    """Whether the chart fills its highlighted marks, and no other, in the accent colour."""
    visual = chart.visualProperties
    if not visual.highlightedItems:
        return False
    if chart.renderer == "d3" and chart_type(chart.chartType).member("line"):
        return False  # charts.js draws a single line's highlighted year in the line's colour
    marked = set(visual.highlightedItems)
    return all(visual.colorMap.get(k) == ACCENT_COLOUR for k in marked) and not any(
        colour == ACCENT_COLOUR for k, colour in visual.colorMap.items() if k not in marked
    )


def names_missing_colour(manifest: DocumentManifest, question: Question) -> bool | None:
    """True where the question names a highlight colour its chart does not draw, False where the
    chart draws it, None where the question names none."""
    if not COLOUR_CUE.search(question.question):
        return None
    refs = [u.ref for u in question.evidence_units or [] if u.kind == "chart"]
    charts = [c for c in manifest.charts if c.vizId in refs]
    return not any(accent_drawn(c) for c in charts)


def colour_cue_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> tuple[Counter, Counter]:
    """Per (category, level): the questions naming a highlight colour, and those whose chart
    draws none."""
    named: Counter[tuple[str, str]] = Counter()
    missing: Counter[tuple[str, str]] = Counter()
    for manifest, question in pairs:
        found = names_missing_colour(manifest, question)
        if found is None:
            continue
        cell = (question.category, question.difficulty)
        named[cell] += 1
        missing[cell] += found
    return named, missing


def item_of_flow_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> tuple[int, int]:
    """The questions asking "which item", and those of them whose answer is a flow."""
    asked = flows = 0
    for manifest, question in pairs:
        if not ITEM_ASKED.search(question.question):
            continue
        asked += 1
        refs = {u.ref for u in question.evidence_units or [] if u.kind == "chart"}
        labels = [v.text for v in question.answer_values if v.kind == "label"]
        charts = [c for c in manifest.charts if c.vizId in refs]
        flows += any(joins_two_items(p) for c in charts for p in c.data if p.label in labels)
    return asked, flows


def render(named: Counter, missing: Counter) -> list[str]:
    """The counts, one line per (category, level) naming a highlight colour."""
    total = sum(named.values())
    lines = [
        "questions naming a highlight colour their chart does not draw (cue_measures): "
        f"{sum(missing.values())} of {total}"
    ]
    lines += [f"  {c} {lv}: {missing[c, lv]} of {n}" for (c, lv), n in sorted(named.items())]
    return lines


def named_by_highlight(manifest: DocumentManifest, question: Question) -> bool | None:
    """Whether an L5 question asks for a series by its colour (a label answer that is a series of
    its chart) that the chart highlights: a highlighted item is named on the chart (a "▼ name"
    callout, a line's or band's "◀ name" label), so the question's hop is answered by the
    pointer's wording, not the colour. None for other questions (the highlight questions, which
    ask for the highlighted mark itself, included)."""
    if question.difficulty != "L5" or "highlight" in question.question.lower():
        return None
    refs = [u.ref for u in question.evidence_units or [] if u.kind == "chart"]
    charts = [c for c in manifest.charts if c.vizId in refs or c.title == question.chart_title]
    labels = {v.text for v in question.answer_values if v.kind == "label"}
    series = {p.category for c in charts for p in c.data if p.category in labels}
    if not series:
        return None
    marked = {k for c in charts for k in c.visualProperties.highlightedItems}
    return bool(series & marked)


def highlight_named_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counter[str]:
    """Per (subset, category): L5 questions asking a series by its colour (``<cell>/of``) and
    those whose series the chart's highlight names (``<cell>``)."""
    return _l5_counts(pairs, named_by_highlight)


def pointer_answered(manifest: DocumentManifest, question: Question) -> bool | None:
    """Whether an L5 question's answer names an item its chart highlights: every renderer may put
    a pointer ("▼ 40–50", "◀ Spain") beside a highlighted mark naming it, so "which item is
    highlighted", "which year", or "which mark is drawn in the accent colour" is answered by the
    pointer's words, not by reading the chart. None for other levels."""
    if question.difficulty != "L5":
        return None
    refs = {u.ref for u in question.evidence_units or [] if u.kind == "chart"}
    charts = [c for c in manifest.charts if c.vizId in refs or c.index == question.chart_index]
    marked = {k for c in charts for k in c.visualProperties.highlightedItems}
    said = {t for v in question.answer_values for t in [v.text, *v.aliases]}
    return bool(said & marked)


def pointer_answered_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counter[str]:
    """Per (category L5): the L5 questions (``<cell>/of``) and those a highlight's pointer answers."""
    return _l5_counts(pairs, pointer_answered)


def _l5_counts(
    pairs: Iterable[tuple[DocumentManifest, Question]],
    check: Callable[[DocumentManifest, Question], bool | None],
) -> Counter[str]:
    """Per category: the L5 questions ``check`` applies to (``<cell>/of``) and those it finds."""
    out: Counter[str] = Counter()
    for manifest, q in pairs:
        found = check(manifest, q)
        if found is not None:
            out[f"{q.category} L5/of"] += 1
            out[f"{q.category} L5"] += found
    return out
