"""The document plan: what the content stage hands to layout and rendering.

A plan is a manifest without measurements (no regions, page count 0) plus the ordered
blocks of each section. Layout turns it into HTML; rendering and region measurement
fill in the manifest's regions and page count from the PDF.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from synthdocbench_tasks.schema import DocumentManifest


class _Block(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HeadingBlock(_Block):
    kind: Literal["heading"] = "heading"
    text: str
    level: int = Field(default=3, ge=2, le=4)


class ParagraphBlock(_Block):
    """Prose. ``fact_ids`` name the text facts whose sentences occur verbatim in ``text``."""

    kind: Literal["paragraph"] = "paragraph"
    text: str
    fact_ids: list[str] = Field(default_factory=list)


class ChartBlock(_Block):
    kind: Literal["chart"] = "chart"
    viz_id: str


class TableBlock(_Block):
    kind: Literal["table"] = "table"
    table_id: str


class CalloutBlock(_Block):
    """Auxiliary components of an archetype: pull quote, metric card strip, timeline band."""

    kind: Literal["callout"] = "callout"
    style: Literal["pull_quote", "metric_cards", "timeline", "abstract", "block_quote"]
    items: list[str]


Block = Annotated[
    HeadingBlock | ParagraphBlock | ChartBlock | TableBlock | CalloutBlock, Field(discriminator="kind")
]


class SectionPlan(_Block):
    section_id: str
    blocks: list[Block]


class DocumentPlan(_Block):
    manifest: DocumentManifest
    title: str
    subtitle: str
    sections: list[SectionPlan]
    #: Body text density: font size and line height relative to the archetype's (layout applies it).
    density: float = 1.0
