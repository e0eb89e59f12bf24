"""What a run's reports give away through their years and entity sets (review57), read from the
planned manifests and their questions:

- ``edge``: per (category, level) of the complex questions answering years on a chart of
  years, how often the earliest answer is the chart's first year and the latest its last, and
  the share uniformly drawn years would put there (``k / n`` for ``k`` years of ``n``): a year
  answer at the first year of "Water use in Yemen, 2013–2021" is printed by the chart's title.
- ``printed``: of those year answers, how many the question prints itself (its chart title's
  range included).
- ``windows``: each report's (first, last) year (its fact table's yearly periods): how many
  distinct windows and last years a run has, and the shortest and longest window.
- ``entity sets``: how many distinct entity sets the reports use, how many reports share their
  set with another of the same theme (title without its place), and how many share it at all.
- ``bare titles``: titles naming a country that takes "the" without it ("… in United States").

``bench/world_windows.py`` prints them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from generation.world.topics import articled
from synthdocbench_tasks.schema import DocumentManifest, Question

_YEAR = re.compile(r"^(?:19|20)\d\d$")
_YEARS_IN = re.compile(r"\b((?:19|20)\d\d)\b")
#: The words a title puts between its theme and its place.
_PLACE = re.compile(r"\s+(?:in|across|of)\s+.*$")


@dataclass
class WindowCounts:
    """The counts of one run (see the module docstring)."""

    #: "category Ln" -> questions, and those whose earliest year answer is the chart's first year
    #: ("first"), whose latest is its last ("last"), with one outside its years ("outside").
    edge: dict[str, Counter[str]] = field(default_factory=dict)
    #: "category Ln" -> sum over questions of k / n (k uniform years' chance of holding the first).
    chance: dict[str, float] = field(default_factory=dict)
    #: "category Ln" -> year answers the question prints.
    printed: Counter[str] = field(default_factory=Counter)
    windows: Counter[tuple[int, int]] = field(default_factory=Counter)
    entity_sets: Counter[frozenset[str]] = field(default_factory=Counter)
    theme_sets: Counter[tuple[str, frozenset[str]]] = field(default_factory=Counter)
    bare_titles: list[str] = field(default_factory=list)
    reports: int = 0


def _chart_years(m: DocumentManifest, q: Question) -> list[str]:
    refs = [u.ref for u in q.evidence_units or [] if u.kind == "chart"]
    chart = next((c for c in m.charts if c.vizId in refs), None)
    if chart is None:
        return []
    labels = sorted({p.label for p in chart.data})
    return labels if len(labels) >= 3 and all(_YEAR.match(lb) for lb in labels) else []


def _report_window(m: DocumentManifest) -> tuple[int, int] | None:
    years = sorted({int(f.period) for f in m.world.facts if _YEAR.match(f.period)})
    return (years[0], years[-1]) if years else None


def add_report(counts: WindowCounts, m: DocumentManifest, questions: Iterable[Question]) -> None:
    """Count one planned report and its questions."""
    counts.reports += 1
    window = _report_window(m)
    if window is not None:
        counts.windows[window] += 1
    entities = frozenset(f.entity for f in m.world.facts)
    counts.entity_sets[entities] += 1
    counts.theme_sets[(_PLACE.sub("", m.topic), entities)] += 1
    if articled(m.topic) != m.topic:
        counts.bare_titles.append(m.topic)
    for q in questions:
        if q.subset != "complex":
            continue
        answers = [a.text for a in q.answer_values if _YEAR.match(a.text)]
        years = _chart_years(m, q) if answers else []
        if not years:
            continue
        cell = f"{q.category} {q.difficulty}"
        places = counts.edge.setdefault(cell, Counter())
        places["questions"] += 1
        places["first"] += min(answers) == years[0]
        places["last"] += max(answers) == years[-1]
        places["outside"] += any(y not in years for y in answers)
        # k distinct years drawn uniformly from n: the earliest is the first year k / n of the time
        counts.chance[cell] = counts.chance.get(cell, 0.0) + len(set(answers)) / len(years)
        printed = _YEARS_IN.findall(q.question)
        counts.printed[cell] += any(y in printed for y in answers)


def render(counts: WindowCounts) -> list[str]:
    """The lines ``bench/world_windows.py`` prints."""
    out = [f"reports {counts.reports}"]
    out.append(
        "complex questions answering years on a chart of years: earliest answer at its first year,"
        " latest at its last, a uniform year's chance, a year outside it, a year printed in the question"
    )
    for cell in sorted(counts.edge):
        c = counts.edge[cell]
        n = c["questions"]
        out.append(
            f"  {cell:28} n={n:4} earliest answer at the first year {c['first'] / n:6.1%}  latest at the "
            f"last {c['last'] / n:6.1%}  chance {counts.chance[cell] / n:6.1%}  outside {c['outside']:3}  "
            f"printed {counts.printed[cell]}"
        )
    total = Counter[str]()
    for c in counts.edge.values():
        total.update(c)
    n_all = total["questions"] or 1
    out.append(
        f"  all: n={total['questions']} first {total['first'] / n_all:.1%} last {total['last'] / n_all:.1%} "
        f"chance {sum(counts.chance.values()) / n_all:.1%} printed {sum(counts.printed.values())}"
    )
    lengths = [b - a + 1 for a, b in counts.windows.elements()]
    lasts = Counter(b for _, b in counts.windows.elements())
    out.append(
        f"report windows: distinct {len(counts.windows)}, distinct last years {len(lasts)}, "
        f"length {min(lengths, default=0)}-{max(lengths, default=0)} years; most common "
        f"{counts.windows.most_common(4)}"
    )
    out.append(f"  last years {sorted(lasts.items())}")
    shared = sum(v for v in counts.entity_sets.values() if v > 1)
    theme_shared = sum(v for v in counts.theme_sets.values() if v > 1)
    out.append(
        f"entity sets: distinct {len(counts.entity_sets)}; reports sharing their set with another "
        f"{shared}, with another of the same theme {theme_shared}"
    )
    out.append(
        f"titles naming a country without its 'the': {len(counts.bare_titles)} {counts.bare_titles[:3]}"
    )
    return out
