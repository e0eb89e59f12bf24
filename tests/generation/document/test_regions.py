"""Regions measured on real Chromium PDFs, helper links removed, deterministic output."""

from __future__ import annotations

import pymupdf
import pytest

from generation.charts.d3 import load_d3
from generation.document.layout import render_html
from generation.document.regions import RegionError, measure_document, measure_regions
from generation.document.render import Renderer
from synthdocbench_tasks.pdf_text import read_words
from synthdocbench_tasks.schema import DocumentManifest
from tests.generation.chart_docs import region_rect
from tests.generation.sample_plan import sample_plan

pytestmark = pytest.mark.browser

TYPES = ["bar", "multi_line", "grouped_bar", "pie", "scatter", "stacked_bar", "lollipop"]


@pytest.fixture(scope="module")
def rendered(renderer: Renderer) -> tuple[DocumentManifest, bytes, list[bytes]]:
    plan = sample_plan(TYPES, archetype="academic", sections=3)
    html = render_html(plan, load_d3())
    raw = [renderer.render_pdf(html, name=plan.manifest.doc_id).pdf for _ in range(2)]
    return plan.manifest, raw[0], raw


@pytest.fixture(scope="module")
def published(rendered: tuple[DocumentManifest, bytes, list[bytes]]) -> tuple[bytes, DocumentManifest]:
    """The first rendering, measured: the published PDF and the manifest with its regions."""
    manifest, raw, _ = rendered
    return measure_regions(raw, manifest)


def _grow(rect: pymupdf.Rect, d: float) -> pymupdf.Rect:
    return pymupdf.Rect(rect.x0 - d, rect.y0 - d, rect.x1 + d, rect.y1 + d)


def test_chart_regions_contain_their_titles_on_the_page(published: tuple[bytes, DocumentManifest]) -> None:
    pdf, measured = published
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        assert measured.page_count == doc.page_count >= 3
        for chart in measured.charts:
            assert chart.regions, chart.vizId
            for region in chart.regions:
                assert 1 <= region.page <= doc.page_count
                x1, y1, x2, y2 = region.bbox
                assert 0 <= x1 < x2 <= 1000 and 0 <= y1 < y2 <= 1000
                assert (x2 - x1) > 300 and (y2 - y1) > 200  # a figure, not a line of text
            page = doc[chart.regions[0].page - 1]
            box = _grow(region_rect(page, chart.regions[0]), 2)
            hits = page.search_for(chart.title)
            assert hits and any(box.contains(h) for h in hits)


def test_tables_and_facts_get_regions_holding_their_text(published: tuple[bytes, DocumentManifest]) -> None:
    pdf, measured = published
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        table = measured.tables[0]
        text = "".join(doc[r.page - 1].get_textbox(region_rect(doc[r.page - 1], r)) for r in table.regions)
        assert "Summary of regional indicators" in text and "Central\n7\n14%" in text
        for fact in measured.text_facts:
            assert fact.regions
            words = " ".join(
                doc[r.page - 1].get_textbox(_grow(region_rect(doc[r.page - 1], r), 1)) for r in fact.regions
            ).split()
            assert all(w in words for w in fact.sentence.split()[:3] + fact.sentence.split()[-3:]), (
                fact.fact_id
            )


def test_cleaned_pdf_has_no_helper_links_dates_or_dests(
    rendered: tuple[DocumentManifest, bytes, list[bytes]], published: tuple[bytes, DocumentManifest]
) -> None:
    _, raw, _ = rendered
    pdf, measured = published
    with pymupdf.open(stream=raw, filetype="pdf") as before:
        assert sum(len(p.get_links()) for p in before) >= len(TYPES)
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        assert sum(len(p.get_links()) for p in doc) == 0
        assert (
            doc.metadata is not None and doc.metadata["creationDate"] == "" and doc.metadata["modDate"] == ""
        )
        assert doc.xref_get_key(doc.pdf_catalog(), "Dests")[0] == "null"
        assert measured.word_count == sum(len(p.get_text("words")) for p in doc) > 1000


def test_same_plan_rendered_twice_gives_identical_manifest_and_pdf(
    rendered: tuple[DocumentManifest, bytes, list[bytes]],
) -> None:
    manifest, _, raws = rendered
    # Chromium stamps the time into the raw PDF (equal only within the same second);
    # the cleaned PDFs and the manifests must be byte-identical whatever the clock says.
    outs = [measure_regions(raw, manifest) for raw in raws]
    assert outs[0][1].model_dump_json() == outs[1][1].model_dump_json()
    assert outs[0][0] == outs[1][0]


def test_missing_annotation_and_misplaced_title_are_clear_errors(
    rendered: tuple[DocumentManifest, bytes, list[bytes]],
) -> None:
    manifest, raw, _ = rendered
    ghost = manifest.model_copy(deep=True)
    ghost.charts[0].vizId = "viz-ghost-1"
    with pytest.raises(RegionError, match="sdb-0-00000: no link annotation for chart viz-ghost-1"):
        measure_regions(raw, ghost)
    moved = manifest.model_copy(deep=True)
    moved.charts[0].title = "Section heading 1"  # exists in the PDF, but outside the figure
    with pytest.raises(RegionError, match=r"title of chart viz-s1-1 .* is not inside its region"):
        measure_regions(raw, moved)
    with pytest.raises(RegionError, match="cannot be opened"):
        measure_regions(b"not a pdf", manifest)


def test_table_split_across_pages_gets_one_region_per_page(renderer: Renderer) -> None:
    plan = sample_plan(["bar"], sections=1)
    table = plan.manifest.tables[0]
    table.rows = [[f"Site {i}", str(i), f"{i % 50}%"] for i in range(90)]
    raw = renderer.render_pdf(render_html(plan, load_d3()), name="split").pdf
    _, measured = measure_regions(raw, plan.manifest)
    pages = [region.page for region in measured.tables[0].regions]
    assert len(pages) >= 2 and pages == list(range(pages[0], pages[0] + len(pages)))


def test_words_read_while_measuring_are_those_of_the_published_pdf(
    rendered: tuple[DocumentManifest, bytes, list[bytes]],
) -> None:
    """Validation reuses the words measuring read on the raw PDF instead of reading the
    published one again: removing the helper links must change no word, box or order."""
    manifest, raw, _ = rendered
    measured = measure_document(raw, manifest)
    assert (measured.pdf, measured.manifest) == measure_regions(raw, manifest)
    with pymupdf.open(stream=measured.pdf, filetype="pdf") as doc:
        again = read_words(doc)
    assert measured.words == again
    assert [p.number for p in again] == list(range(1, measured.manifest.page_count + 1))
    assert measured.manifest.word_count == sum(len(p.words) for p in again) > 100


def test_measuring_copies_only_what_it_sets_and_leaves_the_plan_alone(
    rendered: tuple[DocumentManifest, bytes, list[bytes]],
) -> None:
    """The measured manifest gets new charts, tables and facts (their regions are set) and shares
    the rest with the plan's, which it only reads: no deep copy of the whole manifest per document
    (45 ms of CPU a paper document). The plan's manifest is left as it was."""
    manifest, raw, _ = rendered
    before = manifest.model_dump_json()
    measured = measure_document(raw, manifest).manifest
    assert manifest.model_dump_json() == before
    assert all(not obj.regions for obj in [*manifest.charts, *manifest.tables, *manifest.text_facts])
    objects = [*measured.charts, *measured.tables, *measured.text_facts]
    assert len(objects) > 10 and all(obj.regions for obj in objects)
    assert measured.sections is manifest.sections and measured.world is manifest.world
    originals = {id(obj) for obj in [*manifest.charts, *manifest.tables, *manifest.text_facts]}
    assert not originals & {id(obj) for obj in objects}
