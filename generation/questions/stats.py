"""Counts of a question set: subset x category x level, where the evidence sits, and what the
questions measure (evidence units, restated units, verdict balance, operation per level,
shared evidence sets, charts carrying more than two questions, figure-number references).

``question_stats(questions, restates)`` works on Question records (from ``make_questions`` or read
back from questions.jsonl); ``restates`` is validation's test of a question that states what it
asks to find (it needs the report's manifest, which later stages hold); ``QuestionStats.render()``
prints the tables that ``synthdocbench stats`` shows.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from generation.questions.measures import (
    MAX_VERDICT_SHARE,
    chart_keys,
    evidence_key,
    evidence_sections,
    evidence_units,
    operation_name,
    verdict_of,
)
from synthdocbench_tasks.schema import CATEGORIES, DIFFICULTIES, SUBSETS, Question

#: How a question names its chart by number ("Figure 4").
_FIGURE_NUMBER = re.compile(r"\bFigure \d+")
#: A chart carrying more questions of one report than this counts as overloaded.
_MAX_PER_CHART = 2

BUCKETS = ("early", "middle", "late")


@dataclass
class QuestionStats:
    total: int = 0
    documents: int = 0
    #: (subset, category, level) -> questions
    cells: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    #: (subset, bucket) -> questions whose primary evidence lies in that third
    positions: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: (subset, evidence units) -> questions; subset -> questions with a chart unit
    units: Counter[tuple[str, int]] = field(default_factory=Counter)
    #: (subset, sections) -> questions with an evidence trace whose units lie in that many sections
    sections: Counter[tuple[str, int]] = field(default_factory=Counter)
    with_chart: Counter[str] = field(default_factory=Counter)
    #: subset -> questions that state what they ask to find (validation's ``restated_claim`` and
    #: ``restated_unit``); None when not measured
    restated: Counter[str] | None = None
    #: (subset, category, verdict class) -> questions
    verdicts: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    #: (subset, level, operation) -> questions
    operations: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    #: subset -> pairs of one report's questions (the later in this subset) with one evidence set
    shared: Counter[str] = field(default_factory=Counter)
    #: charts that carry more than two questions of their report
    overloaded: int = 0
    #: chart questions that name their figure by number
    figure_numbers: int = 0

    def subset_count(self, subset: str) -> int:
        return sum(n for (s, _, _), n in self.cells.items() if s == subset)

    def category_count(self, category: str) -> int:
        return sum(n for (_, c, _), n in self.cells.items() if c == category)

    def level_count(self, subset: str | None, level: str) -> int:
        return sum(n for (s, _, lv), n in self.cells.items() if lv == level and subset in (None, s))

    def bucket_share(self, subset: str, bucket: str) -> float:
        n = sum(self.positions[(subset, b)] for b in BUCKETS)
        return self.positions[(subset, bucket)] / n if n else 0.0

    def render(self) -> str:
        """Plain-text tables: category x level per subset, level totals, position histogram."""
        levels = list(DIFFICULTIES)
        width = max(len(c) for cats in CATEGORIES.values() for c in cats) + 2
        lines = [f"{self.total} questions over {self.documents} documents"]
        header = (
            f"{'subset / category':<{width + 2}}" + "".join(f"{lv:>6}" for lv in levels) + f"{'total':>8}"
        )
        for subset in SUBSETS:
            lines += ["", header]
            for cat in CATEGORIES[subset]:
                row = [self.cells[(subset, cat, lv)] for lv in levels]
                lines.append(f"  {cat:<{width}}" + "".join(f"{n:>6}" for n in row) + f"{sum(row):>8}")
            row = [self.level_count(subset, lv) for lv in levels]
            lines.append(f"{subset:<{width + 2}}" + "".join(f"{n:>6}" for n in row) + f"{sum(row):>8}")
        row = [self.level_count(None, lv) for lv in levels]
        lines += [
            "",
            f"{'all subsets':<{width + 2}}" + "".join(f"{n:>6}" for n in row) + f"{sum(row):>8}",
            "",
        ]
        lines.append(f"{'position (primary evidence)':<{width + 2}}" + "".join(f"{b:>10}" for b in BUCKETS))
        for subset in SUBSETS:
            cells = [
                f"{self.positions[(subset, b)]:>4} {self.bucket_share(subset, b):>4.0%}" for b in BUCKETS
            ]
            lines.append(f"  {subset:<{width}}" + "".join(f"{c:>10}" for c in cells))
        return "\n".join(lines + self.render_measures())

    def render_measures(self) -> list[str]:
        """What the questions measure, per subset (issue 23's figures)."""
        lines = ["", "what the questions measure"]
        for subset in SUBSETS:
            n = self.subset_count(subset)
            if not n:
                continue
            hist = sorted((k, c) for (s, k), c in self.units.items() if s == subset)
            lines.append(f"  {subset} ({n} questions)")
            lines.append("    evidence units: " + ", ".join(f"{k}: {c}" for k, c in hist))
            lines.append(f"    with a chart unit: {self.with_chart[subset] / n:.0%}")
            spread = sorted((k, c) for (s, k), c in self.sections.items() if s == subset)
            if spread:
                lines.append("    sections per traced question: " + ", ".join(f"{k}: {c}" for k, c in spread))
            if self.restated is not None:
                restated = self.restated[subset]
                lines.append(f"    restating what it asks to find: {restated} ({restated / n:.0%})")
            lines.append(f"    pairs sharing an evidence set: {self.shared[subset]}")
            for cat in CATEGORIES[subset]:
                counts = {v: c for (s, k, v), c in self.verdicts.items() if (s, k) == (subset, cat)}
                if counts:
                    total = sum(counts.values())
                    top = max(counts.values()) / total
                    flag = "" if top <= MAX_VERDICT_SHARE else f"  (> {MAX_VERDICT_SHARE:.0%})"
                    said = ", ".join(f"{v} {c}" for v, c in sorted(counts.items()))
                    lines.append(f"    verdicts {cat}: {said}; largest {top:.0%}{flag}")
            for level in DIFFICULTIES:
                ops = Counter(
                    {o: c for (s, lv, o), c in self.operations.items() if (s, lv) == (subset, level)}
                )
                if ops:
                    lines.append(f"    {level}: " + ", ".join(f"{o} {c}" for o, c in ops.most_common()))
        chart_n = self.subset_count("chart")
        share = self.figure_numbers / chart_n if chart_n else 0.0
        lines.append(f"  chart questions naming a figure number: {self.figure_numbers} ({share:.0%})")
        lines.append(f"  charts carrying more than {_MAX_PER_CHART} questions of a report: {self.overloaded}")
        return lines


def question_stats(
    questions: Iterable[Question], restates: Callable[[Question], bool] | None = None
) -> QuestionStats:
    """Counts per subset x category x level and a position histogram per subset; with
    ``restates``, the questions it holds restated per subset."""
    stats = QuestionStats(restated=None if restates is None else Counter())
    docs: set[str] = set()
    by_doc: dict[str, list[Question]] = defaultdict(list)
    for q in questions:
        stats.total += 1
        docs.add(q.doc_id)
        by_doc[q.doc_id].append(q)
        stats.cells[(q.subset, q.category, q.difficulty)] += 1
        stats.positions[(q.subset, q.position.bucket)] += 1
        _measure(stats, q)
        if stats.restated is not None and restates is not None:
            stats.restated[q.subset] += restates(q)
    for report in by_doc.values():
        _measure_report(stats, report)
    stats.documents = len(docs)
    return stats


def _measure(stats: QuestionStats, q: Question) -> None:
    stats.units[(q.subset, evidence_units(q))] += 1
    sections = evidence_sections(q)
    if sections is not None:
        stats.sections[(q.subset, sections)] += 1
    stats.with_chart[q.subset] += bool(chart_keys(q))
    verdict = verdict_of(q)
    if verdict is not None:
        stats.verdicts[(q.subset, q.category, verdict)] += 1
    stats.operations[(q.subset, q.difficulty, operation_name(q))] += 1
    if q.subset == "chart":
        stats.figure_numbers += bool(_FIGURE_NUMBER.search(q.question))


def _measure_report(stats: QuestionStats, report: list[Question]) -> None:
    """Shared evidence sets and overloaded charts of one report's questions."""
    seen: Counter[tuple[object, ...]] = Counter()
    load: Counter[str] = Counter()
    for q in report:
        key = evidence_key(q)
        stats.shared[q.subset] += seen[key]
        seen[key] += 1
        for chart in chart_keys(q):
            load[chart] += 1
    stats.overloaded += sum(1 for n in load.values() if n > _MAX_PER_CHART)
