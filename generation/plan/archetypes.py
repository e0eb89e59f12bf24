"""The six layout archetypes of the paper's Table 16, as data.

One :class:`ArchetypeStyle` per archetype holds what both the page and the charts need:
font stacks (local names of Debian font packages, never web fonts), the chart palette,
how figures are placed and how large they are. Layout turns a style into the CSS custom
properties of the page (so the stylesheets and charts.js read the same values) and into
the figure slots whose sizes the matplotlib renderer draws at; the archetype stylesheets
(``assets/<archetype>.css``) add each archetype's auxiliary components.

Fonts, by Debian package (all TrueType: Chromium embeds CFF-flavoured OpenType fonts
as Type 3, so those are avoided): fonts-crosextra-caladea (Caladea), fonts-crosextra-carlito
(Carlito), fonts-lato (Lato), fonts-roboto-unhinted (Roboto, Roboto Condensed),
fonts-jetbrains-mono (JetBrains Mono), fonts-liberation2 and fonts-dejavu-core (already
required). Every stack ends in DejaVu, so a machine without the others still renders,
with other metrics (page counts and chart text widths then differ from a full install).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from synthdocbench_tasks.schema import ARCHETYPES

#: How the figures of one layout block are arranged (Table 16 "chart placement").
Placement = Literal["hero", "grid", "inline", "breakout", "stack", "bleed"]
#: One figure's place in its block: the full row (``full``), the large lead figure of a
#: magazine spread (``hero``) or one cell of a two-column row (``half``).
SlotKind = Literal["full", "hero", "half"]

_SANS_FALLBACK = ("DejaVu Sans", "sans-serif")
_SERIF_FALLBACK = ("DejaVu Serif", "serif")
_MONO_FALLBACK = ("DejaVu Sans Mono", "monospace")


@dataclass(frozen=True)
class ArchetypeStyle:
    """Everything about an archetype that is a number, a font or a colour."""

    name: str
    #: Font mood of Table 16.
    mood: str
    placement: Placement
    #: Table 16: at most this many charts share one layout block.
    max_charts_per_block: int
    body_font: tuple[str, ...]
    head_font: tuple[str, ...]
    chart_font: tuple[str, ...]
    mono_font: tuple[str, ...]
    palette: tuple[str, ...]
    #: Chart drawing heights in CSS px: a figure alone in its row, the hero, a half-width cell.
    chart_height: int = 345
    hero_height: int = 390
    half_height: int = 300
    #: Horizontal inset of the narrative text column on each side (figures break out of it), px.
    text_inset: int = 0
    figure_border: int = 0
    figure_pad_x: int = 10
    gap: int = 14

    def css_variables(self) -> dict[str, str]:
        """The custom properties this style sets on ``:root`` (read by the CSS and charts.js)."""
        return {
            "--body-font": css_font_stack(self.body_font),
            "--head-font": css_font_stack(self.head_font),
            "--chart-font": css_font_stack(self.chart_font),
            "--mono-font": css_font_stack(self.mono_font),
            "--palette": ",".join(self.palette),
            "--chart-h": f"{self.chart_height}px",
            "--chart-h-hero": f"{self.hero_height}px",
            "--chart-h-small": f"{self.half_height}px",
            "--text-inset": f"{self.text_inset}px",
            "--fig-border": f"{self.figure_border}px",
            "--fig-pad-x": f"{self.figure_pad_x}px",
            "--gap": f"{self.gap}px",
        }


def css_font_stack(fonts: tuple[str, ...]) -> str:
    """``("Lato", "sans-serif")`` -> ``"Lato", sans-serif`` (generic families unquoted)."""
    generic = {"serif", "sans-serif", "monospace"}
    return ", ".join(f if f in generic else f'"{f}"' for f in fonts)


@dataclass(frozen=True)
class FigureSlot:
    """Where one figure of a block goes and the size of its drawing area in CSS px."""

    kind: SlotKind
    width: int
    height: int


STYLES: dict[str, ArchetypeStyle] = {
    "magazine": ArchetypeStyle(
        name="magazine",
        mood="editorial",
        placement="hero",
        max_charts_per_block=3,
        body_font=("Caladea", "Liberation Serif", *_SERIF_FALLBACK),
        head_font=("Caladea", "Liberation Serif", *_SERIF_FALLBACK),
        chart_font=("Lato", "Liberation Sans", *_SANS_FALLBACK),
        mono_font=("JetBrains Mono", *_MONO_FALLBACK),
        palette=("#8c1c3a", "#e07a5f", "#3d405b", "#81b29a", "#f2cc8f", "#5f0f40", "#0f4c5c", "#9a8c98"),
        hero_height=400,
        half_height=290,
    ),
    "dashboard": ArchetypeStyle(
        name="dashboard",
        mood="technical",
        placement="grid",
        max_charts_per_block=4,
        body_font=("Lato", "Liberation Sans", *_SANS_FALLBACK),
        head_font=("Lato", "Liberation Sans", *_SANS_FALLBACK),
        chart_font=("Lato", "Liberation Sans", *_SANS_FALLBACK),
        mono_font=("JetBrains Mono", *_MONO_FALLBACK),
        palette=("#0b5cad", "#17a398", "#f2a541", "#e4572e", "#6c4f9e", "#29335c", "#8aa1b1", "#c3423f"),
        chart_height=330,
        half_height=300,
        figure_border=1,
        figure_pad_x=8,
        gap=12,
    ),
    "academic": ArchetypeStyle(
        name="academic",
        mood="scholarly",
        placement="inline",
        max_charts_per_block=2,
        body_font=("Liberation Serif", *_SERIF_FALLBACK),
        head_font=("Liberation Serif", *_SERIF_FALLBACK),
        chart_font=("Liberation Sans", *_SANS_FALLBACK),
        mono_font=("DejaVu Sans Mono", "monospace"),
        palette=("#35608d", "#c0504d", "#6f9a3a", "#8064a2", "#d08a2e", "#4bacc6", "#7f7f7f", "#9e480e"),
        chart_height=320,
        half_height=280,
    ),
    "editorial": ArchetypeStyle(
        name="editorial",
        mood="narrative",
        placement="breakout",
        max_charts_per_block=2,
        body_font=("DejaVu Serif", "serif"),
        head_font=("DejaVu Serif", "serif"),
        chart_font=("Carlito", "Liberation Sans", *_SANS_FALLBACK),
        mono_font=("DejaVu Sans Mono", "monospace"),
        palette=("#2f4858", "#33658a", "#86bbd8", "#f6ae2d", "#f26419", "#758e4f", "#5e548e", "#9f86c0"),
        text_inset=56,
    ),
    "infographic": ArchetypeStyle(
        name="infographic",
        mood="bold",
        placement="stack",
        max_charts_per_block=4,
        body_font=("Roboto", "Liberation Sans", *_SANS_FALLBACK),
        head_font=("Roboto Condensed", "Roboto", *_SANS_FALLBACK),
        chart_font=("Roboto", "Liberation Sans", *_SANS_FALLBACK),
        mono_font=("JetBrains Mono", *_MONO_FALLBACK),
        palette=("#ff6b35", "#004e89", "#1a936f", "#f7c548", "#c1292e", "#7768ae", "#2ec4b6", "#3d3b30"),
        chart_height=330,
        figure_pad_x=14,
    ),
    "brutalist": ArchetypeStyle(
        name="brutalist",
        mood="raw/monospace",
        placement="bleed",
        max_charts_per_block=2,
        body_font=("JetBrains Mono", "Liberation Mono", *_MONO_FALLBACK),
        head_font=("JetBrains Mono", "Liberation Mono", *_MONO_FALLBACK),
        chart_font=("JetBrains Mono", "Liberation Mono", *_MONO_FALLBACK),
        mono_font=("JetBrains Mono", "Liberation Mono", *_MONO_FALLBACK),
        palette=("#000000", "#ff2a2a", "#0033ff", "#00a86b", "#ff9f1c", "#7a7a7a", "#9b5de5", "#f15bb5"),
        figure_border=4,
        figure_pad_x=2,
    ),
}


def style_of(archetype: str) -> ArchetypeStyle:
    """The style of ``archetype``; a clear error for an unknown name."""
    try:
        return STYLES[archetype]
    except KeyError:
        raise ValueError(
            f"unknown archetype {archetype!r}; expected one of {', '.join(ARCHETYPES)}"
        ) from None


def slot_kinds(placement: Placement, n: int) -> list[SlotKind]:
    """The slot of each of ``n`` figures sharing a block (Table 16 chart placement).

    magazine: a hero figure, then smaller ones (two share a row); dashboard: a 2-column
    grid; academic: inline, two side by side as sub-figures; editorial, infographic and
    brutalist: one figure per row (breakout column, full-width stack, full bleed: the
    drawing runs edge to edge inside a heavy frame; Chromium clips anything outside the
    page margins, so a bleed past the text column would lose the figure's edges).
    """
    if n < 1:
        raise ValueError("a block holds at least one figure")
    if placement == "hero":
        if n == 1:
            return ["hero"]
        rest: list[SlotKind] = ["full"] if n == 2 else ["half"] * (n - 1)
        return ["hero", *rest]
    if placement in ("grid", "inline") and n >= 2:
        kinds: list[SlotKind] = ["half"] * n
        if n % 2 == 1:
            kinds[-1] = "full"
        return kinds
    return ["full"] * n


def figure_slots(style: ArchetypeStyle, n: int, content_width: int) -> list[FigureSlot]:
    """Drawing sizes of the ``n`` figures of one block on a text column ``content_width`` px wide.

    The same numbers reach the page as CSS custom properties (``css_variables``), so the
    browser gives each chart exactly this box and a server-side drawing fills it unscaled.
    """
    row = content_width
    frame = 2 * (style.figure_pad_x + style.figure_border)
    out = []
    for kind in slot_kinds(style.placement, n):
        if kind == "half":
            width = (row - style.gap) // 2 - frame
            height = style.half_height
        else:
            width = row - frame
            height = style.hero_height if kind == "hero" else style.chart_height
        if kind == "full" and n > 1 and style.placement == "hero":
            height = style.half_height
        out.append(FigureSlot(kind=kind, width=width, height=height))
    return out
