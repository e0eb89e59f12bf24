"""How a run's reports mix their chart types (review57 item 10), read from planned manifests.

The paper's corpus (its Figure 13, 24 types) is a long tail led by bar, line and scatter charts,
with a report drawing its common types more than once. The counts here say how far a run is
from that:

- ``shares``: each type's share of all charts of the run, and how many types are drawn at all;
- ``top3``: the share of the three most drawn types;
- ``repeats``: per report, its charts less its distinct types (a report drawing bar twice and
  line three times repeats 3), summed and as a mean, and the reports with any repeat;
- ``most of one type``: the largest number of charts of one type in one report.

``bench/chart_mix.py`` prints them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from synthdocbench_tasks.schema import DocumentManifest


@dataclass
class ChartMixCounts:
    """The counts of one run (see the module docstring)."""

    reports: int = 0
    charts: int = 0
    #: chart type -> charts of that type over the run
    types: Counter[str] = field(default_factory=Counter)
    #: charts less distinct types, summed over the reports
    repeats: int = 0
    reports_with_repeats: int = 0
    most_of_one_type: int = 0

    def share(self, chart_type: str) -> float:
        """``chart_type``'s share of the run's charts (0 before any chart)."""
        return self.types[chart_type] / self.charts if self.charts else 0.0

    def top_share(self, k: int = 3) -> float:
        """The share of the ``k`` most drawn types."""
        return sum(n for _, n in self.types.most_common(k)) / self.charts if self.charts else 0.0


def add_report(counts: ChartMixCounts, manifest: DocumentManifest) -> None:
    """Count one report's charts into ``counts``."""
    kinds = Counter(c.chartType for c in manifest.charts)
    repeats = len(manifest.charts) - len(kinds)
    counts.reports += 1
    counts.charts += len(manifest.charts)
    counts.types.update(kinds)
    counts.repeats += repeats
    counts.reports_with_repeats += repeats > 0
    counts.most_of_one_type = max(counts.most_of_one_type, max(kinds.values(), default=0))


def render(counts: ChartMixCounts, target: dict[str, float] | None = None) -> list[str]:
    """The counts as lines; ``target`` (type -> share the config asks for) printed beside."""
    mean = counts.repeats / counts.reports if counts.reports else 0.0
    lines = [
        f"chart types of {counts.reports} reports ({counts.charts} charts; plan.chart_mix_measures)",
        f"  types drawn: {len(counts.types)}; top 3 share: {counts.top_share():.1%}",
        f"  repeats (charts less distinct types): {counts.repeats}, {mean:.2f} per report;"
        f" reports with a repeat: {counts.reports_with_repeats} of {counts.reports};"
        f" most of one type in a report: {counts.most_of_one_type}",
    ]
    for chart_type, n in counts.types.most_common():
        aim = f"  (config {target.get(chart_type, 0.0):.1%})" if target else ""
        lines.append(f"  {chart_type:15} {n:5}  {counts.share(chart_type):6.1%}{aim}")
    return lines
