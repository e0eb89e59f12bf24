"""How long a report is and what it holds: pages, words, text density, the modality mix and the
counts the content stage aims for (``DocumentTargets``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from generation.document.sections import MAX_SECTIONS, MIN_SECTIONS, evidence_window
from generation.plan.config import GenerationConfig, ModalityMix
from generation.plan.rng import doc_id_for, stage_rng
from generation.world.space import topic_for
from generation.world.topics import choose_archetype

MIN_TABLES, MAX_TABLES = 2, 4


@dataclass(frozen=True)
class PageModel:
    """How one archetype fills A4 pages: ``pages ≈ overhead + words / words_per_page + charts * chart_pages
    + tables * table_pages``. Fitted on rendered PDFs by ``bench/calibrate_pages.py``."""

    words_per_page: float
    chart_pages: float
    table_pages: float
    overhead: float


#: Page models per archetype (re-fit with ``python bench/calibrate_pages.py`` after layout changes).
PAGE_MODELS: dict[str, PageModel] = {
    "magazine": PageModel(words_per_page=446.9, chart_pages=0.539, table_pages=0.462, overhead=0.36),
    "dashboard": PageModel(words_per_page=552.8, chart_pages=0.473, table_pages=0.410, overhead=-0.88),
    "academic": PageModel(words_per_page=502.1, chart_pages=0.480, table_pages=0.456, overhead=0.33),
    "editorial": PageModel(words_per_page=343.9, chart_pages=0.500, table_pages=0.404, overhead=0.31),
    "infographic": PageModel(words_per_page=470.7, chart_pages=0.512, table_pages=0.481, overhead=0.13),
    "brutalist": PageModel(words_per_page=389.7, chart_pages=0.568, table_pages=0.429, overhead=-0.09),
}


def target_words(
    target_pages: int,
    n_charts: int,
    n_tables: int = MIN_TABLES,
    archetype: str = "editorial",
    n_sections: int = MIN_SECTIONS,
) -> int:
    """Words of text (prose, tables, callouts) that fill ``target_pages`` A4 pages next to the figures."""
    model = PAGE_MODELS[archetype]
    text_pages = target_pages - model.overhead - model.chart_pages * n_charts - model.table_pages * n_tables
    return int(max(model.words_per_page * text_pages, 120 * n_sections))


#: Readable range of the body text density (font size and line height relative to the archetype's).
DENSITY_RANGE: tuple[float, float] = (0.72, 1.35)


def text_density(
    words: float,
    target_pages: int,
    n_charts: int,
    n_tables: int = MIN_TABLES,
    archetype: str = "editorial",
    n_sections: int = MIN_SECTIONS,
) -> tuple[float, int]:
    """(density, words): the body text density at which ``words`` fill ``target_pages`` next to the figures.

    Text at density ``d`` (font size and line height times ``d``) holds about ``words_per_page / d²``
    words per page, so ``d = sqrt(words_per_page * text_pages / words)``: below 1 when the words
    are more than the page target holds at the archetype's own size. ``d`` is clipped to
    :data:`DENSITY_RANGE`; the words are then what fills the page target at the clipped density,
    so the page target holds either way.
    """
    model = PAGE_MODELS[archetype]
    text_pages = target_pages - model.overhead - model.chart_pages * n_charts - model.table_pages * n_tables
    capacity = model.words_per_page * max(text_pages, 0.5)
    low, high = DENSITY_RANGE
    exact = math.sqrt(capacity / max(words, 1.0))
    density = round(min(max(exact, low), high), 4)
    if density != round(exact, 4):
        words = capacity / (density * density)
    return density, int(max(words, 120 * n_sections))


def draw_real(rng: np.random.Generator, low: float, high: float, mode: float | None) -> float:
    """A real number in ``[low, high]``: uniform, or triangular with its peak at ``mode`` (one draw)."""
    u = float(rng.random())
    if mode is None or low == high:
        return low + u * (high - low)
    split = (mode - low) / (high - low)
    if u < split:
        return low + math.sqrt(u * (high - low) * (mode - low))
    return high - math.sqrt((1 - u) * (high - low) * (high - mode))


def mix_counts(target_pages: int, mix: ModalityMix, archetype: str) -> tuple[int, int]:
    """(charts, tables) that give ``mix``'s chart and table shares of ``target_pages`` pages."""
    model = PAGE_MODELS[archetype]
    charts, tables, _ = mix.shares()
    n_charts = max(1, round(charts * target_pages / model.chart_pages))
    n_tables = round(tables * target_pages / model.table_pages)
    return n_charts, n_tables


def draw_count(rng: np.random.Generator, low: int, high: int, mode: int | None) -> int:
    """An integer in ``[low, high]``: uniform, or triangular with its peak at ``mode``.

    Exactly one uniform draw whatever the bounds, so other draws of the stream do not move
    when a range changes.
    """
    u = float(rng.random())
    if mode is None or low == high:
        return low + min(int(u * (high - low + 1)), high - low)
    a, c, b = float(low), mode + 0.5, float(high + 1)
    split = (c - a) / (b - a)
    x = a + math.sqrt(u * (b - a) * (c - a)) if u < split else b - math.sqrt((1 - u) * (b - a) * (b - c))
    return min(max(int(x), low), high)


@dataclass(frozen=True)
class DocumentTargets:
    """What the content stage aims for in one document (recorded next to the measured manifest)."""

    archetype: str
    target_pages: int
    n_charts: int
    n_tables: int
    n_sections: int
    words: int
    #: Chart indices (k of K) placed at the configured evidence depth (empty: charts spread).
    evidence_charts: list[int]
    #: Body text density (None: the config sets no word range, so text is at density 1).
    density: float | None = None

    def as_json(self) -> dict[str, object]:
        return {
            "archetype": self.archetype,
            "target_pages": self.target_pages,
            "n_charts": self.n_charts,
            "n_tables": self.n_tables,
            "n_sections": self.n_sections,
            "target_words": self.words,
            "evidence_charts": self.evidence_charts,
        } | ({} if self.density is None else {"density": self.density})


def document_targets(config: GenerationConfig, index: int, archetype: str | None = None) -> DocumentTargets:
    """Target pages, counts and words of document ``index``: every length and mix axis in one place.

    The page target comes from its own stream (``content.pages``), so changing the length axis
    changes no other draw of the document.
    """
    doc_id = doc_id_for(config.seed, index)
    if archetype is None:
        topic = topic_for(config.seed, index)
        archetype = choose_archetype(
            stage_rng(config.seed, "content.archetype", doc_id), topic.domain, list(config.archetypes)
        )
    pages_rng = stage_rng(config.seed, "content.pages", doc_id)
    target_pages = draw_count(pages_rng, config.min_pages, config.max_pages, config.pages_mode)
    structure = stage_rng(config.seed, "content.structure", doc_id)
    n_charts = draw_count(structure, config.min_charts, config.max_charts, config.charts_mode)
    n_sections = draw_count(structure, MIN_SECTIONS, MAX_SECTIONS, None)
    n_tables = draw_count(structure, MIN_TABLES, MAX_TABLES, None)
    if config.modality_mix is not None:
        n_charts, n_tables = mix_counts(target_pages, config.modality_mix, archetype)
    words = target_words(target_pages, n_charts, n_tables, archetype, n_sections)
    density = None
    if config.words is not None:
        w = config.words
        drawn = draw_real(stage_rng(config.seed, "content.words", doc_id), w.min, w.max, w.mode)
        density, words = text_density(drawn, target_pages, n_charts, n_tables, archetype, n_sections)
    return DocumentTargets(
        archetype=archetype,
        target_pages=target_pages,
        n_charts=n_charts,
        n_tables=n_tables,
        n_sections=n_sections,
        words=words,
        evidence_charts=evidence_window(n_charts, config.evidence_position(), config.evidence_charts),
        density=density,
    )
