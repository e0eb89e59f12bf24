"""Counts of a question set: subset x category x level, and where the evidence sits.

``question_stats(questions)`` works on Question records (from ``make_questions`` or read
back from questions.jsonl); ``QuestionStats.render()`` prints the tables that
``synthdocbench stats`` shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from synthdocbench_tasks.schema import CATEGORIES, DIFFICULTIES, SUBSETS, Question

BUCKETS = ("early", "middle", "late")


@dataclass
class QuestionStats:
    total: int = 0
    documents: int = 0
    #: (subset, category, level) -> questions
    cells: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    #: (subset, bucket) -> questions whose primary evidence lies in that third
    positions: Counter[tuple[str, str]] = field(default_factory=Counter)

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
        return "\n".join(lines)


def question_stats(questions: Iterable[Question]) -> QuestionStats:
    """Counts per subset x category x level and a position histogram per subset."""
    stats = QuestionStats()
    docs: set[str] = set()
    for q in questions:
        stats.total += 1
        docs.add(q.doc_id)
        stats.cells[(q.subset, q.category, q.difficulty)] += 1
        stats.positions[(q.subset, q.position.bucket)] += 1
    stats.documents = len(docs)
    return stats
