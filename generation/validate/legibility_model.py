"""What the legibility check finds (:mod:`generation.validate.legibility`): the checks' names,
a chart's words and the checks each fails, and the tally ``synthdocbench validate`` prints."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generation.validate.chart_words import PrintedWord

if TYPE_CHECKING:
    from generation.validate.legibility import DocumentLegibility

#: The checks, in report order.
CHECKS: tuple[str, ...] = (
    "contrast",
    "overlap",
    "clipped",
    "small",
    "crossed",
    "covers",
    "misplaced",
    "astray",
)


class LegibilityError(ValueError):
    """The PDF cannot be read for the legibility check; one line for the user."""


@dataclass(frozen=True)
class Finding:
    check: str  # one of CHECKS
    viz_id: str
    chart_type: str
    page: int
    text: str
    detail: str


@dataclass
class ChartLegibility:
    viz_id: str
    chart_type: str
    words: list[PrintedWord] = field(default_factory=list)
    #: index into ``words`` -> the checks that word fails
    failing: dict[int, set[str]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    #: indices into ``words`` of the words checked, None for all (the others are read, as
    #: the words a checked one may overprint, and never fail)
    checked: set[int] | None = None
    #: values the planner counts printed (``reading.value_printed``) that no word of the chart prints
    unlabelled: int = 0

    def to_check(self) -> Iterator[tuple[int, PrintedWord]]:
        """(index, word) of the words checked."""
        return ((i, w) for i, w in enumerate(self.words) if self.checked is None or i in self.checked)

    def fail(self, i: int, check: str, detail: str) -> None:
        w = self.words[i]
        if check in self.failing.setdefault(i, set()):
            return
        self.failing[i].add(check)
        self.findings.append(Finding(check, self.viz_id, self.chart_type, w.page, w.text, detail))


@dataclass
class LegibilityTally:
    """Words checked and failing per chart type and check, summed over documents."""

    documents: int = 0
    charts: Counter[str] = field(default_factory=Counter)
    words: Counter[str] = field(default_factory=Counter)
    failures: dict[str, Counter[str]] = field(default_factory=dict)
    unlabelled: Counter[str] = field(default_factory=Counter)
    examples: list[Finding] = field(default_factory=list)

    def add(self, doc: DocumentLegibility, *, keep_examples: int = 20) -> None:
        self.documents += 1
        for chart in doc.charts.values():
            self.charts[chart.chart_type] += 1
            self.words[chart.chart_type] += len(chart.words)
            self.unlabelled[chart.chart_type] += chart.unlabelled
            counts = self.failures.setdefault(chart.chart_type, Counter())
            for checks in chart.failing.values():
                counts.update(checks)
            room = keep_examples - len(self.examples)
            if room > 0:
                self.examples.extend(chart.findings[:room])

    def total(self, check: str) -> int:
        return sum(c.get(check, 0) for c in self.failures.values())

    def table(self, examples: int = 5) -> str:
        """One line per chart type: charts, words, and words failing each check."""
        head = f"{'chart type':<18}{'charts':>7}{'words':>8}" + "".join(f"{c:>10}" for c in CHECKS)
        head += f"{'unlabelled':>12}"
        lines = [
            f"Legibility of chart text on the PDF ({self.documents} documents; words failing each check; "
            "unlabelled: values counted printed that no label prints):",
            head,
        ]
        for t in sorted(self.charts):
            row = self.failures.get(t, Counter())
            lines.append(
                f"{t:<18}{self.charts[t]:>7}{self.words[t]:>8}"
                + "".join(f"{row.get(c, 0):>10}" for c in CHECKS)
                + f"{self.unlabelled[t]:>12}"
            )
        lines.append(
            f"{'all':<18}{sum(self.charts.values()):>7}{sum(self.words.values()):>8}"
            + "".join(f"{self.total(c):>10}" for c in CHECKS)
            + f"{sum(self.unlabelled.values()):>12}"
        )
        for f in self.examples[:examples]:
            lines.append(f"  {f.viz_id} ({f.chart_type}, page {f.page}) [{f.check}] {f.text!r}: {f.detail}")
        return "\n".join(lines)


def normalise(text: str) -> str:
    # as validate's text-leak rule reads printed values: unsigned, without unit symbols
    return unicodedata.normalize("NFKC", text).strip("()[]{}\"'“”‘’:;,.!?▼▶◀◆ $€£%+-−*")


def word_form(w: PrintedWord) -> str:
    """The word as questions' forms are matched against it."""
    return normalise(w.text).lower()


def tokens(text: str) -> list[str]:
    return [t for t in (normalise(p).lower() for p in text.split()) if t]
