"""How the charted time series are shaped, and where year answers land (issue peaks46).

A world whose series nearly all run one way from the first year to the last puts every peak and
trough at a chart's end, so "in which year did it peak?" is answered by the chart's first or
last year, and a text event's year decides nothing in a "since the event" question. Read from
the manifest and question records alone; ``bench/question_measures.py`` prints them:

- per series of four or more years on a chart: strictly monotone, and with its maximum and
  minimum at the two ends;
- per question whose label answer is one of its chart's years (three or more years): at the
  chart's first or last year, against ``2 / n`` that uniform answers would give; where it sits
  over the whole range (first, interior, last: a shift to "never at the end" would show too);
  and whether the chart's metric has a known real direction (``Chart.value_trend``), whose
  extremes world knowledge places at an end (peaks47); the same again for the extreme-year
  answers alone (the year a series peaks, its highest or lowest of three or more marks).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from itertools import pairwise

from synthdocbench_tasks.schema import AnswerValue, Chart, DataRef, DocumentManifest, Question

YEAR = re.compile(r"^(1[89]|20)\d{2}$")
#: Fewest years a series needs to count as a time series here.
MIN_YEARS = 4


def year_series(chart: Chart) -> list[list[float]]:
    """The chart's series over its year labels (one list of values a series, years in order)."""
    by_series: dict[str | None, dict[int, float]] = defaultdict(dict)
    for p in chart.data:
        if YEAR.match(p.label):
            by_series[p.category][int(p.label)] = p.value
    return [[values[y] for y in sorted(values)] for values in by_series.values()]


def is_monotone(seq: list[float]) -> bool:
    """Whether ``seq`` strictly rises or strictly falls from each value to the next."""
    steps = {(b > a) - (b < a) for a, b in pairwise(seq)}
    return len(steps) == 1 and 0 not in steps


def extremes_at_ends(seq: list[float]) -> bool:
    """Whether the maximum and the minimum of ``seq`` are its first and last values."""
    return {seq.index(max(seq)), seq.index(min(seq))} == {0, len(seq) - 1}


def year_place(chart: Chart, answers: Sequence[AnswerValue]) -> tuple[int, int] | None:
    """(the place of a question's year answer among its chart's years, how many years the chart
    has), or None when ``answers`` hold no label that is one of three or more years of the chart."""
    years = sorted({int(p.label) for p in chart.data if YEAR.match(p.label)})
    labels = [a.text for a in answers if a.kind == "label"]
    answer = next((int(x) for x in labels if YEAR.match(x)), None)
    if answer is None or len(years) < 3 or answer not in years:
        return None
    return years.index(answer), len(years)


def is_extreme(refs: Sequence[DataRef], index: int, chart: Chart) -> bool:
    """Whether a question's year answer (place ``index`` of ``chart``'s years) is the highest or
    the lowest of the three or more marks it reads (``refs``: a peak, an extreme)."""
    year = sorted({p.label for p in chart.data if YEAR.match(p.label)})[index]
    values = [r.value for r in refs]
    at = [r.value for r in refs if r.label.split(" (")[0] == year]  # "2014 (Syria)"
    return len(values) >= 3 and len(at) == 1 and at[0] in (max(values), min(values))


def place_name(index: int, n: int) -> str:
    """``first``, ``last`` or ``interior``: where place ``index`` of ``n`` lies."""
    return "first" if index == 0 else "last" if index == n - 1 else "interior"


def shape_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counter[str]:
    """Counts: ``series``, ``monotone``, ``ends`` over the charts' series of 4+ years (each
    document once); over the questions answered by a year ``years asked``, ``at end``,
    ``uniform`` (expected at end, x1000), ``first``, ``interior``, ``last`` and ``directed`` (on a
    metric with a known direction), and the same for ``extreme`` answers (:func:`is_extreme`)
    and per ``<category> <level>``."""
    out: Counter[str] = Counter()
    seen: set[str] = set()
    for m, q in pairs:
        charts = {c.vizId: c for c in m.charts}
        if m.doc_id not in seen:
            seen.add(m.doc_id)
            for seq in (s for c in m.charts for s in year_series(c) if len(s) >= MIN_YEARS):
                out["series"] += 1
                out["monotone"] += is_monotone(seq)
                out["ends"] += extremes_at_ends(seq)
        ref = next((u.ref for u in q.evidence_units or [] if u.kind == "chart" and u.ref in charts), None)
        chart = charts[ref] if ref is not None else None
        found = year_place(chart, q.answer_values) if chart is not None else None
        if chart is None or found is None:
            continue
        where = place_name(*found)
        extreme = ["extreme "] if is_extreme(q.required_data_points, found[0], chart) else []
        for prefix in ("", *extreme, f"{q.category} {q.difficulty} "):
            out[f"{prefix}years asked"] += 1
            out[f"{prefix}at end"] += where != "interior"
            out[f"{prefix}uniform"] += round(2000 / found[1])
            out[f"{prefix}{where}"] += 1
            out[f"{prefix}directed"] += chart.value_trend != "any"
    return out


def _places(counts: Counter[str], cell: str = "") -> str:
    return (
        f"{counts[f'{cell}at end']} of {counts[f'{cell}years asked']} (uniform "
        f"~{counts[f'{cell}uniform'] / 1000:.1f}); first / interior / last {counts[f'{cell}first']} / "
        f"{counts[f'{cell}interior']} / {counts[f'{cell}last']}; on a directed metric "
        f"{counts[f'{cell}directed']}"
    )


def render(counts: Counter[str]) -> list[str]:
    """The series shapes, then the year answers at a chart's end, pooled and per (category, level)."""
    lines = [
        "",
        f"series shapes (shape_measures): series of {MIN_YEARS}+ years {counts['series']}; strictly "
        f"monotone {counts['monotone']}; maximum and minimum at the two ends {counts['ends']}",
        f"year answers at the chart's first or last year: {_places(counts)}",
        f"  of them a peak or extreme of 3+ marks: {_places(counts, 'extreme ')}",
    ]
    cells = sorted(k[: -len(" years asked")] for k in counts if k.endswith(" years asked") and " L" in k)
    lines += [f"  {cell}: {_places(counts, f'{cell} ')}" for cell in cells]
    return lines
