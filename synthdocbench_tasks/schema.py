"""Data contracts of SynthDocBench: what a published dataset promises.

Every artifact passed between stages (manifest JSON, question JSONL, Parquet rows) is
validated by these models. Field names follow the paper's Table 17 (chart metadata,
camelCase) and Table 18 (question records, snake_case) where those tables name them.
Bump ``SCHEMA_VERSION`` on any change a reader would notice.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

# the strata are schema's names too (the report and the viewer read them without the models)
from .strata import CATEGORIES, DIFFICULTIES, SUBSETS, Difficulty, PositionBucket, Subset  # noqa: F401

SCHEMA_VERSION = "1.4"
#: 1.1: the manifest records the report's fact table (``world``) and each chart's ``value_kind``.
#: 1.2: each question records how its numbers follow from the evidence (``derivations``).
#: 1.3: each question lists the evidence units it combines (``evidence_units``).
#: 1.4: a metric kind ``intensive`` (averages, prices, times, yields: values that never add up)
#:      and stocks marked (``WorldMetric.stock``, ``Chart.value_stock``: no total over years).

#: What a metric measures, which decides the operations that make sense on it:
#: ``level`` (a stock or flow in a unit: GW, USD), ``count`` (whole things: incidents),
#: ``rate`` (a ratio per time or population: inflation, growth, incidence), ``share``
#: (a part of a whole in %), ``index`` (a score on an arbitrary scale), ``intensive`` (a typical
#: or per-unit magnitude that does not add up across entities or years: an average wait, a
#: price per kWh, a clearance time, a yield per hectare, a temperature anomaly).
MetricKind = Literal["level", "count", "rate", "share", "index", "intensive"]
METRIC_KINDS: tuple[MetricKind, ...] = ("level", "count", "rate", "share", "index", "intensive")


#: Chart types the generator can draw (the paper's Figure 13 names; grows with the generator).
CHART_TYPES: tuple[str, ...] = (
    "bar",
    "horizontal_bar",
    "grouped_bar",
    "stacked_bar",
    "diverging_bar",
    "line",
    "multi_line",
    "area",
    "stacked_area",
    "scatter",
    "bubble",
    "pie",
    "donut",
    "histogram",
    "box",
    "heatmap",
    "radar",
    "waterfall",
    "treemap",
    "sankey",
    "funnel",
    "bullet",
    "dumbbell",
    "lollipop",
    "slope",
    "sparkline_grid",
)

#: Layout archetypes of the paper's Table 16.
ARCHETYPES: tuple[str, ...] = (
    "magazine",
    "dashboard",
    "academic",
    "editorial",
    "infographic",
    "brutalist",
)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=False)


class Region(_Model):
    """A rectangle on one page of the rendered PDF.

    ``page`` is 1-based; ``bbox`` is ``[x1, y1, x2, y2]`` on a 0..1000 scale of that
    page's width and height, measured on the PDF (never guessed from HTML).
    """

    page: int = Field(ge=1)
    bbox: list[float] = Field(min_length=4, max_length=4)

    @field_validator("bbox")
    @classmethod
    def _ordered_in_range(cls, v: list[float]) -> list[float]:
        x1, y1, x2, y2 = v
        if not (0 <= x1 <= x2 <= 1000 and 0 <= y1 <= y2 <= 1000):
            raise ValueError(f"bbox must be ordered and within 0..1000, got {v}")
        return v


class Axis(_Model):
    label: str
    type: Literal["categorical", "linear", "time", "none"] = "categorical"
    unit: str | None = None
    range: list[float] | None = None


class Axes(_Model):
    x: Axis
    y: Axis


class DataPoint(_Model):
    """One rendered mark (Table 17 ``data``)."""

    label: str
    value: float
    category: str | None = None
    metadata: dict[str, str] = Field(default_factory=dict)


class Insight(_Model):
    """A typed fact derived from a chart's data (Table 17 ``insights``)."""

    type: Literal["maximum", "minimum", "comparison", "gap", "trend", "outlier", "proportion"]
    text: str
    labels: list[str] = Field(default_factory=list)
    value: float | None = None


class VisualProperties(_Model):
    colorEncoding: str  # noqa: N815 - Table 17 field name
    colorMap: dict[str, str] = Field(default_factory=dict)  # noqa: N815
    sortOrder: Literal["none", "ascending", "descending"] = "none"  # noqa: N815
    hasLegend: bool = False  # noqa: N815
    hasGridlines: bool = False  # noqa: N815
    highlightedItems: list[str] = Field(default_factory=list)  # noqa: N815
    annotationCount: int = 0  # noqa: N815
    #: How a reader gets the values: printed data labels, or reading against an axis.
    valueReading: Literal["data_labels", "axis"] = "axis"  # noqa: N815


class Chart(_Model):
    """Table 17 metadata of one visualisation, plus where it sits in the document."""

    vizId: str  # noqa: N815
    chartType: str  # noqa: N815
    title: str
    axes: Axes
    data: list[DataPoint] = Field(min_length=1)
    insights: list[Insight] = Field(default_factory=list)
    visualProperties: VisualProperties  # noqa: N815
    sourceContext: str  # noqa: N815
    section_id: str
    #: 1-based order of the chart in the document (k of K) and its printed figure number.
    index: int = Field(ge=1)
    figure_number: int = Field(ge=1)
    renderer: Literal["d3", "matplotlib"] = "d3"
    regions: list[Region] = Field(default_factory=list)
    #: Kind of the metric the chart's values measure (None in manifests before schema 1.1).
    value_kind: MetricKind | None = None
    #: The metric is a stock (schema 1.4): its values at several dates do not add up.
    value_stock: bool = False
    #: The metric's known real direction (its theme's ``trend``: "up", "down", else "any"):
    #: whether it rose or fell is known without the chart, so no question asks it (additive in 1.4).
    value_trend: Literal["up", "down", "any"] = "any"

    @field_validator("chartType")
    @classmethod
    def _known_type(cls, v: str) -> str:
        if v not in CHART_TYPES:
            raise ValueError(f"unknown chartType {v!r}; expected one of {', '.join(CHART_TYPES)}")
        return v


class Table(_Model):
    table_id: str
    title: str
    section_id: str
    index: int = Field(ge=1)
    columns: list[str]
    rows: list[list[str]]
    regions: list[Region] = Field(default_factory=list)


class TextFact(_Model):
    """A fact stated verbatim in the prose, which cross-modal and complex questions cite."""

    fact_id: str
    sentence: str
    values: dict[str, str] = Field(default_factory=dict)
    section_id: str
    regions: list[Region] = Field(default_factory=list)


class Section(_Model):
    section_id: str
    title: str
    order: int = Field(ge=1)


class WorldMetric(_Model):
    """A metric of the report's fact table: its name, unit (with any scale word) and kind."""

    name: str
    unit: str
    kind: MetricKind
    decimals: int = Field(ge=0)
    #: a stock (installed capacity): adds up across entities at one date, never over years
    stock: bool = False


class WorldFact(_Model):
    """One cell of the fact table the report shows: metric x entity x period (x part of a mix)."""

    metric: str
    entity: str
    period: str
    part: str = ""
    value: float


class World(_Model):
    """The report's one fact table: every number a chart, table, card or sentence shows of a
    (metric, entity, period[, part]) is this value."""

    metrics: list[WorldMetric] = Field(default_factory=list)
    facts: list[WorldFact] = Field(default_factory=list)

    def metric(self, name: str) -> WorldMetric | None:
        return next((m for m in self.metrics if m.name == name), None)


class DocumentManifest(_Model):
    """Everything known about one generated document (one JSON file per document)."""

    schema_version: str = SCHEMA_VERSION
    doc_id: str
    seed: int
    topic: str
    domain: str
    archetype: str
    renderer: Literal["d3", "matplotlib"] = "d3"
    page_count: int = Field(ge=0)
    word_count: int = Field(ge=0)
    sections: list[Section]
    charts: list[Chart] = Field(default_factory=list)
    tables: list[Table] = Field(default_factory=list)
    text_facts: list[TextFact] = Field(default_factory=list)
    #: The fact table the document's numbers come from (empty before schema 1.1).
    world: World = Field(default_factory=World)

    @field_validator("archetype")
    @classmethod
    def _known_archetype(cls, v: str) -> str:
        if v not in ARCHETYPES:
            raise ValueError(f"unknown archetype {v!r}; expected one of {', '.join(ARCHETYPES)}")
        return v


class AnswerValue(_Model):
    """A structured fact the answer must contain, checked by the offline judge.

    A number matches when it lies within ``max(abs_tol, rel_tol * |value|)`` of ``value``;
    a label matches when the text or one of its aliases appears in the answer.
    """

    kind: Literal["number", "label"]
    text: str
    value: float | None = None
    unit: str | None = None
    abs_tol: float = Field(default=0.0, ge=0)
    rel_tol: float = Field(default=0.0, ge=0)
    aliases: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _number_has_value(self) -> AnswerValue:
        if self.kind == "number" and self.value is None:
            raise ValueError("a number answer value needs 'value'")
        return self


class DataRef(_Model):
    """A ``{label, value}`` pair a question needs (Table 18 ``required_data_points``)."""

    label: str
    value: float


class Position(_Model):
    """Relative position of the primary evidence: k/K of charts, or page/pages."""

    index: int = Field(ge=1)
    count: int = Field(ge=1)
    relative: float = Field(ge=0, le=1)
    bucket: PositionBucket
    basis: Literal["chart", "page"]


def position_bucket(relative: float) -> PositionBucket:
    """Equal thirds of the document, as in the paper's Table 4."""
    if relative <= 1 / 3:
        return "early"
    if relative <= 2 / 3:
        return "middle"
    return "late"


def make_position(index: int, count: int, basis: Literal["chart", "page"]) -> Position:
    relative = index / count
    return Position(
        index=index, count=count, relative=round(relative, 6), bucket=position_bucket(relative), basis=basis
    )


#: The closed set of operations a derivation step may apply (``generation.world.derivation`` runs them):
#: ``read`` (one evidence number as is), ``sum``, ``mean``, ``difference`` (a - b),
#: ``abs_difference`` (|a - b|), ``ratio`` (a / b), ``percent_of`` (a / b * 100),
#: ``share_of_total`` (part / total * 100, the total a ``sum`` step), ``percent_change``
#: ((end - start) / start * 100), ``cagr`` (start, end, years: ((end / start) ** (1 / years) - 1)
#: * 100), ``average_change`` (start, end, years: (end - start) / years), ``scale`` (x * factor).
DerivationOp = Literal[
    "read",
    "sum",
    "mean",
    "difference",
    "abs_difference",
    "ratio",
    "percent_of",
    "share_of_total",
    "percent_change",
    "cagr",
    "average_change",
    "scale",
]
OperandSource = Literal["point", "fact", "step", "constant"]


class Operand(_Model):
    """One input of a derivation step.

    ``point``: required data point ``index`` of the question's chart, its ``value``, its
    ``label`` read as a number (a year on a time axis) or a number of its metadata (``key``);
    ``fact``: the number ``values[key]`` of required fact ``index`` (the position in
    ``required_facts``); ``step``: the result of an earlier step ``index`` of the same
    derivation; ``constant``: ``value`` itself. ``ref`` names the evidence for a reader (the
    mark as ``required_data_points`` labels it, the fact id) and ``viz_id`` its chart; ``value``
    is the number as the generator read it (validation reads it again from the manifest).
    """

    source: OperandSource
    index: int = Field(default=0, ge=0)
    key: str = "value"
    ref: str = ""
    viz_id: str | None = None
    value: float


class DerivationStep(_Model):
    """One operation on numbers of the evidence or on earlier steps' results."""

    op: DerivationOp
    operands: list[Operand] = Field(min_length=1)
    result: float


class Derivation(_Model):
    """How number answer value ``value_index`` follows from the cited evidence: the steps run
    in order and the last one's result is the answer value (in ``unit``)."""

    value_index: int = Field(ge=0)
    steps: list[DerivationStep] = Field(min_length=1)
    unit: str | None = None


class EvidenceUnit(_Model):
    """One unit of evidence a question combines: a chart, a table or a text fact (by ``ref``:
    the chart's ``vizId``, the table's ``table_id``, the fact's ``fact_id``), its section and
    where it is printed (empty on a plan, before rendering)."""

    kind: Literal["chart", "table", "text"]
    ref: str
    section_id: str
    regions: list[Region] = Field(default_factory=list)


class Question(_Model):
    """One question record (Table 18, plus what evaluation needs)."""

    schema_version: str = SCHEMA_VERSION
    question_id: str
    doc_id: str
    subset: Subset
    question_type: str
    category: str
    difficulty: Difficulty
    question: str
    answer: str
    answer_values: list[AnswerValue] = Field(min_length=1)
    reasoning: list[str] = Field(min_length=1)
    required_facts: list[int] = Field(default_factory=list)
    required_facts_text: list[str] = Field(default_factory=list)
    fact_sources: list[str] = Field(default_factory=list)
    chart_index: int | None = None
    chart_title: str | None = None
    chart_type: str | None = None
    required_data_points: list[DataRef] = Field(default_factory=list)
    evidence: list[Region] = Field(default_factory=list)
    position: Position
    #: One derivation per number answer value (None in records before schema 1.2, whose only
    #: derivation is the ``[calc: ...]`` text at the end of the reasoning).
    derivations: list[Derivation] | None = None
    #: The evidence units the question combines, each with kind, section and regions (None in
    #: records before schema 1.3).
    evidence_units: list[EvidenceUnit] | None = None

    @model_validator(mode="after")
    def _category_in_subset(self) -> Question:
        if self.category not in CATEGORIES[self.subset]:
            allowed = ", ".join(CATEGORIES[self.subset])
            raise ValueError(f"category {self.category!r} is not in subset {self.subset!r} ({allowed})")
        return self


#: Columns of the ``documents`` Parquet config (one row per document).
DOCUMENT_COLUMNS: tuple[str, ...] = (
    "doc_id",
    "pdf_path",
    "manifest",
    "page_count",
    "pdf_sha256",
    "pdf_pages",
    "word_count",
    "chart_count",
    "archetype",
    "topic",
    "domain",
)
