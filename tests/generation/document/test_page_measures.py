"""What a reader notices on rendered pages (``generation.document.page_measures``), real Chromium:
metric-card values and the magazine's opening paragraphs keep their words whole in the PDF's
text layer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generation.charts.d3 import load_d3
from generation.document.content import plan_document
from generation.document.layout import render_html
from generation.document.page_measures import PageCounts, document_counts
from generation.document.render import Renderer
from generation.plan.config import GenerationConfig, WordRange

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # renders 8 short reports (about 90 s alone)

#: Reports per archetype: brutalist prints 30 pt card values, magazine an oversized first letter.
_DOCS = 4


def _counts(renderer: Renderer, tmp_path: Path, archetype: str) -> PageCounts:
    config = GenerationConfig(
        seed=17,
        target_pages=14,
        min_charts=5,
        max_charts=6,
        archetypes=[archetype],
        words=WordRange(min=7000, max=7500),
    )
    total = PageCounts()
    d3 = load_d3(None)
    for index in range(_DOCS):
        plan = plan_document(config, index)
        folder = tmp_path / f"{archetype}-{index}"
        folder.mkdir()
        html = render_html(plan, d3)
        (folder / "document.html").write_text(html, encoding="utf-8")
        (folder / "document.pdf").write_bytes(renderer.render_pdf(html, name=plan.manifest.doc_id).pdf)
        (folder / "manifest.json").write_text(
            json.dumps(plan.manifest.model_dump(mode="json")), encoding="utf-8"
        )
        total.add(document_counts(folder))
    return total


def test_metric_card_values_keep_their_words_whole(renderer: Renderer, tmp_path: Path) -> None:
    """On main, brutalist's 30 pt values broke mid-word in their cards ("billi" / "on")."""
    counts = _counts(renderer, tmp_path, "brutalist")
    assert counts.values >= 10, "too few metric cards to test anything"
    assert counts.split_values == 0


def test_opening_paragraphs_keep_their_first_word_whole(renderer: Renderer, tmp_path: Path) -> None:
    """On main, the magazine's floated drop cap was read apart from its word ("B" ... "razil")."""
    counts = _counts(renderer, tmp_path, "magazine")
    assert counts.leads >= 10, "too few opening paragraphs to test anything"
    assert counts.split_leads == 0
