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
from functools import partial

import numpy as np

# Re-exported: colour words have one definition, in generation.charts.colours.
from generation.charts.colours import colour_name as colour_name
from generation.charts.colours import colour_of as colour_of
from generation.charts.colours import unambiguous_colours as unambiguous_colours
from generation.charts.names import common_noun
from generation.charts.reading import STACKED_TYPES as STACKED_TYPES
from generation.charts.reading import colour_keyed as colour_keyed
from generation.charts.reading import effective_tol as effective_tol
from generation.charts.reading import nice_step as nice_step
from generation.charts.reading import printed as printed
from generation.charts.reading import read_tolerance as read_tolerance
from generation.charts.registry import (
    HORIZONTAL_TYPES,
    LABEL_ONLY_TYPES,
    chart_type,
    holds_two_measures,
    level_then_changes,
)
from generation.charts.registry import chart_type as registry_chart_type
from generation.world.grammar import with_article, with_the
from generation.world.topics import Topic
from generation.world.topics import with_article as entity_name
from synthdocbench_tasks.schema import Chart, DataPoint, Difficulty, DocumentManifest

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
    """A number as the answer prints it: the fewest decimals that print it exactly (at most 3,
    as the charts print scaled metrics), else three significant digits and at least 2 decimals,
    unless told. A reference never prints a value rounded past what its chart shows ("0.04"
    for a bar labelled 0.041 read as a 2% miss against a 1% tolerance).

    Thousands separators only from 10,000 on, so years and ordinary values stay plain.
    """
    if decimals is None:
        decimals = next((d for d in (0, 1, 2, 3) if abs(value - round(value, d)) < 1e-9), -1)
        if decimals < 0:
            magnitude = int(np.floor(np.log10(abs(value))))
            decimals = min(max(2, 2 - magnitude), 6)
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


def mentions(sentences: Sequence[str], name: str) -> int:
    """How often ``sentences`` (a report's text facts) name ``name``: a reader's count."""
    return sum(s.count(name) for s in sentences)


def is_year(text: str) -> bool:
    return bool(re.fullmatch(r"(19|20)\d\d", text.strip()))


def value_unit(chart: Chart) -> str | None:
    """Unit of the chart's value axis (x for horizontal layouts, else y)."""
    horizontal = chart.chartType in HORIZONTAL_TYPES
    first, second = (chart.axes.x, chart.axes.y) if horizontal else (chart.axes.y, chart.axes.x)
    return first.unit if first.unit else second.unit


def numbers_readable(chart: Chart) -> bool:
    """Whether a reader can read the chart's numbers: printed labels, or a value axis."""
    return printed(chart) or chart.chartType not in LABEL_ONLY_TYPES


def decimals_of(*values: float) -> int:
    """The most decimals (0-3, as charts print them) any of the values needs when printed."""
    need = 0
    for v in values:
        need = max(need, next((d for d in (0, 1, 2) if abs(v - round(v, d)) < 1e-9), 3))
    return need


def enough_decimals(value: float, decimals: int) -> int:
    """``decimals``, or more (up to 6) until the printed value is within 0.5% of ``value``: a
    mean of marks labelled 0.107, 0.060 and 0.062 prints 0.076, not 0.08, which a reader who
    worked it out to 0.076 would take for another figure."""
    while decimals < 6 and abs(round(value, decimals) - value) > 0.005 * abs(value):
        decimals += 1
    return decimals


def shared_decimals(values: Sequence[float], decimals: int) -> int:
    """The decimals (``decimals`` or more) that print each of ``values`` within 0.5% of itself
    (:func:`enough_decimals`): a mean and a gap worked out from it printed alike, so the answer's
    arithmetic holds as printed (a mean of 0.801 printed 0.80 beside a gap of 0.061 does not)."""
    return max(enough_decimals(v, decimals) for v in values)


def rounding_tol(decimals: int) -> float:
    return 0.5 * 10 ** (-decimals)


def reading_decimals(tolerance: float) -> int:
    """The decimals a figure known to within ``tolerance`` supports: its last printed digit no
    finer than the tolerance (2.3 -> 0, 0.23 -> 1, 0.05 -> 2; an exact figure: 6)."""
    if tolerance <= 0:
        return 6
    return max(0, math.ceil(-math.log10(tolerance) - 1e-9))


def figure_ref(chart: Chart) -> str:
    return f"Figure {chart.figure_number} ('{chart.title}')"


_YEARS_TAIL = re.compile(r",?\s*(?:in\s+)?\d{4}(?:\s*(?:–|-|,|and)\s*\d{4})*\s*$")
#: Weights of the ways a question points at its chart: the title's words, a description, the
#: section, the figure number (figure numbers stay a minority: retrieval is not caption matching).
REF_WEIGHTS: dict[str, float] = {"title": 0.35, "description": 0.3, "section": 0.2, "figure": 0.15}


def kind_noun(chart_type: str) -> str:
    """``bar chart``, ``box plot``, ``Sankey diagram``..."""
    return registry_chart_type(chart_type).reader_noun


def _lower_first(text: str) -> str:
    return text[0].lower() + text[1:] if text[1:2].islower() else text


def value_measure(chart: Chart) -> str:
    """The measure on the chart's value axis, in running text (``water utility investment``)."""
    label = chart.axes.y.label.strip()
    return _lower_first(label) if label else ""


def title_subject(chart: Chart) -> str:
    """``core inflation in Belgium``: the chart's title without its years, in running text."""
    return _lower_first(_YEARS_TAIL.sub("", chart.title).strip() or chart.title)


def chart_description(chart: Chart) -> str:
    """``the line chart of core inflation in Belgium``: the chart's kind and its title's subject."""
    return f"the {kind_noun(chart.chartType)} of {title_subject(chart)}"


def chart_refs(chart: Chart, charts: Sequence[Chart], sections: dict[str, str]) -> dict[str, str]:
    """The ways a question may point at ``chart`` (by form), each naming no other of ``charts``;
    ``sections`` maps a section id to its title."""
    forms = {"title": f"the chart titled '{chart.title}'", "figure": f"Figure {chart.figure_number}"}
    description = chart_description(chart)
    if sum(chart_description(c) == description for c in charts) == 1:
        forms["description"] = description
    same_place = [c for c in charts if (c.section_id, c.chartType) == (chart.section_id, chart.chartType)]
    if len(same_place) == 1 and chart.section_id in sections:
        forms["section"] = f"the {kind_noun(chart.chartType)} in the section '{sections[chart.section_id]}'"
    return forms


def refer(text: str, chart: Chart, forms: dict[str, str], rng: np.random.Generator) -> str:
    """``text`` with its ``Figure N ('title')`` reference to ``chart`` written in one of ``forms``
    (drawn by :data:`REF_WEIGHTS`); a second reference becomes "that chart"."""
    canonical = figure_ref(chart)
    at = text.find(canonical)
    if at < 0:
        return text
    elsewhere = text[:at] + text[at + len(canonical) :]
    # "the area chart of energy use in X ... for the energy use in X": the series already says it
    repeated = "description" in forms and title_subject(chart) in elsewhere and len(forms) > 1
    names = [name for name in REF_WEIGHTS if name in forms and not (repeated and name == "description")]
    weights = np.array([REF_WEIGHTS[name] for name in names])
    form = forms[names[int(rng.choice(len(names), p=weights / weights.sum()))]]
    if at == 0 or text[:at].rstrip().endswith((".", "?", "!")):
        form = form[:1].upper() + form[1:]
    rest = text[at + len(canonical) :].replace(canonical, "that chart")
    return text[:at] + form + rest


def joins_two_items(point: DataPoint) -> bool:
    """Whether the mark is a flow from one item to another (a sankey's): asked "which item" it
    is, a reader may name the item it leaves or the flow."""
    return {"source", "target"} <= point.metadata.keys()


def mark_phrase(chart: Chart, point: DataPoint) -> str:
    """How a reader names one mark of the chart (the type's record may say: ``ChartType.mark``)."""
    record = chart_type(chart.chartType)
    if holds_two_measures(chart) and value_measure(chart):
        # a mark of a scatter or bubble chart carries two measures: say which one is meant
        return f"{with_the(value_measure(chart))} in {point.label}"
    if level_then_changes(chart) and point.label.endswith(" level"):
        return f"the {point.label}"  # a waterfall's first bar, not one of its steps
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
        # "the Social protection segment for Lithuania", not "Lithuania (Social protection)"
        return f"the {point.category} {record.mark_noun} for {entity_name(point.label)}"
    if is_year(point.label):
        return f"the {point.label} value"
    return point.label


def point_key(point: DataPoint) -> str:
    """The ``required_data_points`` label of a mark: ``label`` or ``label (series)``."""
    return f"{point.label} ({point.category})" if point.category else point.label


#: A label's first word spelled out as a number ("Fifteen to nineteen", "Sixty-five and over"):
#: a common noun a legend capitalises, which a sentence capitalises only at its start.
SPELLED = re.compile(
    r"(?:One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Eleven|Twelve|Thirteen|Fourteen|Fifteen"
    r"|Sixteen|Seventeen|Eighteen|Nineteen|Twenty|Thirty|Forty|Fifty|Sixty|Seventy|Eighty|Ninety)"
    r"(?:-[a-z]+)?\b"
)
#: Text before a sentence's start: nothing, or a full stop, question or exclamation mark and space.
SENTENCE_START = re.compile(r"(?:^|[.?!]\s+)$")


def spelled_labels(charts: Sequence[Chart]) -> set[str]:
    """The labels and series of ``charts`` that begin with a capitalised spelled-out number."""
    names = {n for c in charts for p in c.data for n in (p.label, p.category or "")}
    return {n for n in names if SPELLED.match(n)}


def common_names(charts: Sequence[Chart], topic: Topic | None) -> set[str]:
    """The legend (series) names of ``charts`` that are common nouns, capitalised only as a legend
    prints them ("the average of fixed wireless"): :func:`generation.charts.names.common_noun`."""
    return {p.category for c in charts for p in c.data if p.category and common_noun(p.category, topic)}


def titles(manifest: DocumentManifest) -> list[str]:
    """The chart and section titles a question may quote (kept as printed: :func:`in_sentence_case`)."""
    return [c.title for c in manifest.charts] + [s.title for s in manifest.sections]


def in_sentence_case(text: str, labels: Sequence[str] | set[str], keep: Sequence[str] = ()) -> str:
    """``text`` with each of ``labels`` (:func:`spelled_labels`, :func:`common_names`) lower-cased
    where it stands inside a sentence ("Why did twenty-five to thirty-four move"), kept capitalised
    where a sentence starts or inside one of the titles ``keep`` quotes ("the chart titled 'Fixed
    wireless ...'"): every question template's words pass here once (``build.draft_to_question``)."""
    quoted = [(m.start(), m.end()) for title in keep if title for m in re.finditer(re.escape(title), text)]
    for label in sorted(labels, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(label)}(?!\w)", partial(_cased, quoted=quoted), text)
    return text


def _cased(m: re.Match[str], quoted: Sequence[tuple[int, int]] = ()) -> str:
    """A label as :func:`in_sentence_case` prints it where ``m`` found it."""
    said = m.group(0)
    if SENTENCE_START.search(m.string[: m.start()]) or any(a <= m.start() < b for a, b in quoted):
        return said
    return said[:1].lower() + said[1:]


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
