"""Shared wording rules of question generation and validation.

Number formatting, units, colour names (defined in :mod:`generation.charts.colours`), the token
definition used by the overlap rule, and the difficulty rule (how many reasoning steps each
level may have). Generation and validation both import these so that they apply the same definitions.
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import Sequence

import numpy as np

# Re-exported: colour words have one definition, in generation.charts.colours.
from generation.charts.colours import colour_name as colour_name
from generation.charts.colours import colour_of as colour_of
from generation.charts.colours import unambiguous_colours as unambiguous_colours
from generation.charts.registry import HORIZONTAL_TYPES, LABEL_ONLY_TYPES, chart_type, types_in
from generation.document.grammar import with_article
from synthdocbench_tasks.schema import Chart, DataPoint, Difficulty

#: Allowed number of reasoning steps per difficulty (inclusive). L1 is a direct look-up,
#: L2 a comparison, L3 an aggregation or computation, L4 domain reasoning over chart and
#: text, L5 visual interpretation (what a colour or highlight encodes, then a read-off).
STEP_RANGES: dict[Difficulty, tuple[int, int]] = {
    "L1": (1, 2),
    "L2": (2, 3),
    "L3": (3, 4),
    "L4": (3, 5),
    "L5": (2, 4),
}

#: Types whose marks sit on top of each other: a layer is the gap between two readings.
STACKED_TYPES: tuple[str, ...] = types_in("stacked")

#: Direction of a series from its first to its last point, relative to the mean magnitude
#: of the points in between: a change of at most FLAT_FRACTION is "broadly flat", at least
#: TREND_FRACTION a rise or fall; anything in between is ambiguous and never asked.
FLAT_FRACTION = 0.04
TREND_FRACTION = 0.10
DIRECTION_RULE = "a change within 4% of the series mean counts as flat, 10% or more as a rise or fall"

_TOKEN_RE = re.compile(r"[a-z0-9]+(?:[.,][0-9]+)*")

STOPWORDS: frozenset[str] = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "and",
        "or",
        "but",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "as",
        "than",
        "what",
        "which",
        "who",
        "whom",
        "how",
        "did",
        "does",
        "do",
        "has",
        "have",
        "had",
        "there",
        "their",
        "they",
        "them",
        "he",
        "she",
        "his",
        "her",
        "we",
        "our",
        "you",
        "your",
        "i",
        "not",
        "no",
        "yes",
        "so",
        "if",
        "then",
        "into",
        "over",
        "between",
        "per",
    ]
)


def tokens(text: str) -> list[str]:
    """Lower-case word tokens: runs of letters/digits, numbers keep their inner ``.``/``,``."""
    return _TOKEN_RE.findall(text.lower())


def fmt_num(value: float, decimals: int | None = None) -> str:
    """A number as the answer prints it: minimal decimals (at most 2) unless told.

    Thousands separators only from 10,000 on, so years and ordinary values stay plain.
    """
    if decimals is None:
        decimals = 0
        for d in (0, 1, 2):
            if abs(value - round(value, d)) < 1e-9:
                decimals = d
                break
        else:
            decimals = 2
    rounded = round(value, decimals)
    if rounded == 0:
        rounded = 0.0  # no "-0"
    text = f"{rounded:,.{decimals}f}" if abs(rounded) >= 10000 else f"{rounded:.{decimals}f}"
    return text


def with_unit(number: str, unit: str | None) -> str:
    """``42`` + ``%`` -> ``42%``; ``4.2`` + ``billion USD`` -> ``4.2 billion USD``."""
    if not unit:
        return number
    if unit in ("%", "pp"):
        return f"{number}{unit}" if unit == "%" else f"{number} percentage points"
    if unit.startswith(("$", "€", "£")) and len(unit) == 1:
        return f"{unit}{number}"
    return f"{number} {unit}"


def diff_unit(unit: str | None) -> str | None:
    """The unit of a difference of two values: percentage points for percentages."""
    return "pp" if unit == "%" else unit


def article(phrase: str) -> str:
    """``a target`` / ``an earlier estimate`` / ``a unit`` / ``an hour`` (by sound, via inflect)."""
    return with_article(phrase)


def is_year(text: str) -> bool:
    return bool(re.fullmatch(r"(19|20)\d\d", text.strip()))


def value_unit(chart: Chart) -> str | None:
    """Unit of the chart's value axis (x for horizontal layouts, else y)."""
    horizontal = chart.chartType in HORIZONTAL_TYPES
    first, second = (chart.axes.x, chart.axes.y) if horizontal else (chart.axes.y, chart.axes.x)
    return first.unit if first.unit else second.unit


def nice_step(span: float, count: int = 5) -> float:
    """The tick step D3's ``ticks(count)`` picks for an axis of this span (1, 2, 5 x 10^k)."""
    if span <= 0:
        return 1.0
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    error = raw / power
    factor = (
        10 if error >= math.sqrt(50) else 5 if error >= math.sqrt(10) else 2 if error >= math.sqrt(2) else 1
    )
    return float(factor * power)


def read_tolerance(chart: Chart) -> tuple[float, float]:
    """(abs_tol, rel_tol) for a value read off this chart.

    Printed data labels: 1% relative. Read against an axis: 5% relative, or a tenth of the
    axis tick step, whichever is larger (so small values near zero stay readable); twice
    that for a layer of a stacked chart (the difference of two readings).
    """
    if chart.visualProperties.valueReading == "data_labels":
        return 0.0, 0.01
    axis = chart.axes.x if chart.chartType in HORIZONTAL_TYPES else chart.axes.y
    values = [p.value for p in chart.data]
    if axis.range and len(axis.range) == 2:
        span = abs(axis.range[1] - axis.range[0])
    else:
        span = max([*values, 0.0]) - min([*values, 0.0])
    factor = 2 if chart.chartType in STACKED_TYPES else 1
    return round(0.1 * factor * nice_step(span), 10), 0.05 * factor


def numbers_readable(chart: Chart) -> bool:
    """Whether a reader can read the chart's numbers: printed labels, or a value axis."""
    return chart.visualProperties.valueReading == "data_labels" or chart.chartType not in LABEL_ONLY_TYPES


def effective_tol(value: float, abs_tol: float, rel_tol: float) -> float:
    return max(abs_tol, rel_tol * abs(value))


def decimals_of(*values: float) -> int:
    """The most decimals (0-2) any of the values needs when printed."""
    need = 0
    for v in values:
        for d in (0, 1, 2):
            if abs(v - round(v, d)) < 1e-9:
                need = max(need, d)
                break
        else:
            need = 2
    return need


def rounding_tol(decimals: int) -> float:
    return 0.5 * 10 ** (-decimals)


def figure_ref(chart: Chart) -> str:
    return f"Figure {chart.figure_number} ('{chart.title}')"


def mark_phrase(chart: Chart, point: DataPoint) -> str:
    """How a reader names one mark of the chart (the type's record may say: ``ChartType.mark``)."""
    record = chart_type(chart.chartType)
    if record.mark is not None:
        fields = {
            "label": point.label,
            "category": point.category,
            "source": point.metadata.get("source"),
            "target": point.metadata.get("target"),
        }
        needed = {name for _, name, _, _ in string.Formatter().parse(record.mark) if name}
        if all(fields[name] for name in needed):
            return record.mark.format(**fields)
        if record.mark_fallback is not None:
            return record.mark_fallback.format(**fields)
    if point.category:
        if is_year(point.label):
            return f"{point.category} in {point.label}"
        return f"{point.label} ({point.category})"
    if is_year(point.label):
        return f"the {point.label} value"
    return point.label


def point_key(point: DataPoint) -> str:
    """The ``required_data_points`` label of a mark: ``label`` or ``label (series)``."""
    return f"{point.label} ({point.category})" if point.category else point.label


def pick(rng: np.random.Generator, options: Sequence[str]) -> str:
    return options[int(rng.integers(len(options)))]


def numbers_in(text: str) -> set[float]:
    """Every number written in a text (commas as thousands separators)."""
    found: set[float] = set()
    for m in re.finditer(r"\d[\d,]*(?:\.\d+)?", text):
        raw = m.group(0).rstrip(",").replace(",", "")
        try:
            found.add(round(float(raw), 6))
        except ValueError:
            continue
    return found


def drawn_forms(value: float) -> set[str]:
    """The ways a renderer may print a value (unsigned): ``1234.5``, ``1,234.5``, ``42.0``..."""
    v = abs(value)
    forms = {fmt_num(v)}
    for d in (0, 1, 2):
        if abs(v - round(v, d)) < 1e-9:
            forms.add(f"{v:.{d}f}")
            forms.add(f"{v:,.{d}f}")
    return forms
