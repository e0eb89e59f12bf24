"""Ground-truth regions measured on the rendered PDF.

Layout wraps every figure, table and text-fact sentence in an internal link, so Chromium
writes one link annotation (named destination = the object's id) per object and page
fragment. Here they are read back with PyMuPDF, turned into :class:`Region` objects
(page 1-based, bbox on a 0..1000 scale of the page), and then removed, together with the
named destinations, so the published PDF carries no helper links. The cleaned PDF is
saved deterministically (fixed metadata and file ID, no dates).

:func:`measure_document` also returns every page's words (read once here, with
:func:`synthdocbench_tasks.pdf_text.read_words`), which question validation reuses.
PyMuPDF is loaded without its layout/ONNX parts (:mod:`synthdocbench_tasks.mupdf`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from synthdocbench_tasks.mupdf import load_pymupdf
from synthdocbench_tasks.pdf_text import PageContents, PageWords, read_words
from synthdocbench_tasks.schema import DocumentManifest, Region

if TYPE_CHECKING:
    import pymupdf
else:
    pymupdf = load_pymupdf()

_TOLERANCE_PT = 2.0


class RegionError(RuntimeError):
    """The PDF does not locate an object as expected; the message names document and object."""


def _normalise(rect: pymupdf.Rect, page: pymupdf.Page) -> list[float]:
    w, h = page.rect.width, page.rect.height

    def scale(v: float, size: float) -> float:
        return round(min(1000.0, max(0.0, v / size * 1000.0)), 2)

    return [scale(rect.x0, w), scale(rect.y0, h), scale(rect.x1, w), scale(rect.y1, h)]


def _collect_links(
    doc: pymupdf.Document,
) -> tuple[dict[str, dict[int, pymupdf.Rect]], dict[int, list[dict[str, Any]]]]:
    """Named-destination links: id -> {0-based page -> union of its rects on that page}; and the
    links themselves by 0-based page, for :func:`_strip_helpers` (each page's links read once)."""
    found: dict[str, dict[int, pymupdf.Rect]] = {}
    helpers: dict[int, list[dict[str, Any]]] = {}
    for page in doc.pages():
        for link in page.get_links():
            name = link.get("nameddest")
            if not name:
                continue
            helpers.setdefault(page.number, []).append(link)
            per_page = found.setdefault(name, {})
            rect = pymupdf.Rect(link["from"])
            per_page[page.number] = per_page[page.number] | rect if page.number in per_page else rect
    return found, helpers


def _regions(doc: pymupdf.Document, per_page: dict[int, pymupdf.Rect]) -> list[Region]:
    return [Region(page=p + 1, bbox=_normalise(per_page[p], doc[p])) for p in sorted(per_page)]


def _strip_helpers(doc: pymupdf.Document, helpers: dict[int, list[dict[str, Any]]]) -> None:
    """Delete the named-destination links (as :func:`_collect_links` read them: nothing has
    changed the pages' links since) and the named destinations."""
    for number, links in helpers.items():
        page = doc[number]
        for link in links:
            page.delete_link(link)
    doc.xref_set_key(doc.pdf_catalog(), "Dests", "null")


def _squash(text: str) -> str:
    """Text without whitespace or soft hyphens: a caption may wrap anywhere, even after a dash."""
    return "".join(text.replace("\u00ad", "").split())


def _title_inside(contents: PageContents, title: str, per_page: dict[int, pymupdf.Rect]) -> bool:
    """Whether the title's text is printed inside the region (on any of its pages)."""
    wanted = _squash(title)
    for p, rect in per_page.items():
        t = _TOLERANCE_PT
        box = pymupdf.Rect(rect.x0 - t, rect.y0 - t, rect.x1 + t, rect.y1 + t)
        if wanted in _squash(contents.textpage(p, pymupdf.TEXTFLAGS_TEXT, box).extractText()):
            return True
    return False


def _finalise(doc: pymupdf.Document, doc_id: str, title: str) -> bytes:
    doc.set_metadata(
        {
            "title": title,
            "producer": "SynthDocBench",
            "creator": "SynthDocBench (Chromium)",
            "creationDate": "",
            "modDate": "",
        }
    )
    digest = hashlib.sha256(doc_id.encode("utf-8")).hexdigest()[:32].upper()
    doc.xref_set_key(-1, "ID", f"[<{digest}><{digest}>]")
    return doc.tobytes(garbage=4, deflate=True, no_new_id=True)


@dataclass(frozen=True)
class MeasuredDocument:
    """The published PDF, the manifest with what was measured, and every page's words."""

    pdf: bytes
    manifest: DocumentManifest
    words: list[PageWords]


def measure_regions(pdf: bytes, manifest: DocumentManifest) -> tuple[bytes, DocumentManifest]:
    """Regions, page count and word count measured on ``pdf``; the PDF without helper links.

    Raises :class:`RegionError` when a chart, table or fact has no link annotation, or a
    chart's title is not inside its measured region.
    """
    measured = measure_document(pdf, manifest)
    return measured.pdf, measured.manifest


def _measurable_copy(manifest: DocumentManifest) -> DocumentManifest:
    """A copy of ``manifest`` that :func:`measure_document` may write to without touching it: its
    charts, tables and text facts are copies (their ``regions`` are set), the rest is shared and
    only read. A deep copy of the whole manifest cost about 45 ms of CPU a paper document."""
    return manifest.model_copy(
        update={
            "charts": [chart.model_copy() for chart in manifest.charts],
            "tables": [table.model_copy() for table in manifest.tables],
            "text_facts": [fact.model_copy() for fact in manifest.text_facts],
        }
    )


def measure_document(pdf: bytes, manifest: DocumentManifest) -> MeasuredDocument:
    """:func:`measure_regions`, keeping the words it read (those of the published PDF: removing
    the helper links changes no text)."""
    doc_id = manifest.doc_id
    try:
        doc = pymupdf.open(stream=pdf, filetype="pdf")
    except Exception as exc:  # PyMuPDF raises its own FileDataError subclasses
        raise RegionError(f"{doc_id}: the rendered PDF cannot be opened: {exc}") from exc
    with doc:
        links, helpers = _collect_links(doc)
        contents = PageContents(doc)  # each page read once for its title checks and its words
        out = _measurable_copy(manifest)
        for chart in out.charts:
            if chart.vizId not in links:
                raise RegionError(
                    f"{doc_id}: no link annotation for chart {chart.vizId}; the figure was not rendered "
                    "inside its <a href> wrapper"
                )
            if not _title_inside(contents, chart.title, links[chart.vizId]):
                raise RegionError(
                    f"{doc_id}: the title of chart {chart.vizId} ({chart.title!r}) is not inside its region"
                )
            chart.regions = _regions(doc, links[chart.vizId])
        for table in out.tables:
            if table.table_id not in links:
                raise RegionError(f"{doc_id}: no link annotation for table {table.table_id}")
            table.regions = _regions(doc, links[table.table_id])
        for fact in out.text_facts:
            if fact.fact_id not in links:
                raise RegionError(f"{doc_id}: no link annotation for text fact {fact.fact_id}")
            fact.regions = _regions(doc, links[fact.fact_id])
        out.page_count = doc.page_count
        words = read_words(doc, contents)
        out.word_count = sum(len(page.words) for page in words)
        _strip_helpers(doc, helpers)
        cleaned = _finalise(doc, doc_id, doc.metadata.get("title", "") if doc.metadata else "")
    return MeasuredDocument(cleaned, out, words)
