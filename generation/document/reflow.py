"""A second look at the printed pages: text flows into the gap a figure left (prose53).

Chromium has no page floats: a figure (or table) that does not fit under the text moves to the
next page whole, and the page it leaves can stay a third empty, since the text after the figure
cannot flow back. :func:`gap_blocks` reads a printed PDF (the figures' and tables' link
annotations, :mod:`generation.document.regions`) and names the blocks that open a page after
such a gap (:func:`generation.document.page_measures.gap_pages`); :data:`MOVE_PARAGRAPH` moves
the paragraph right after each of them before it, as a typesetter floats a figure past the
text that follows it. The renderer prints again, up to :data:`PASSES` times
(:meth:`generation.document.render.Renderer.render_pdf`). Only paragraphs move, only one past
each gap block per pass, and never past a heading, so every figure still follows the paragraph
that mentions it, and a paragraph stays in its section.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generation.document.page_measures import content_spans, gap_pages
from synthdocbench_tasks.mupdf import load_pymupdf

if TYPE_CHECKING:
    import pymupdf
else:
    pymupdf = load_pymupdf()

#: Prints of a document at most after the first: each moves text into the gaps the last one left.
PASSES = 3

#: Moves, for each id given, the paragraph right after that figure's or table's block to before
#: the block; returns the ids whose block moved a paragraph. A block is the figure's
#: ``.viz-block`` (figures sharing a row move together) or the table's link.
MOVE_PARAGRAPH = """(ids) => {
  const moved = [];
  for (const id of ids) {
    const target = document.getElementById(id);
    if (!target) continue;
    const block = target.closest('.viz-block') || target.closest('.table-link') || target;
    const next = block.nextElementSibling;
    if (next && next.tagName === 'P' && !next.classList.contains('lead')) {
      block.parentNode.insertBefore(next, block);
      moved.push(id);
    }
  }
  return moved;
}"""


def _block_tops(pdf: pymupdf.Document) -> dict[int, tuple[float, str]]:
    """For each page (1-based), the top (0..1000) and id of its highest figure or table link."""
    tops: dict[int, tuple[float, str]] = {}
    for page in pdf.pages():
        height = page.rect.height
        for link in page.get_links():
            name = link.get("nameddest") or ""
            if not name or name.startswith("fact-"):
                continue
            top = float(link["from"].y0) / height * 1000
            if page.number + 1 not in tops or top < tops[page.number + 1][0]:
                tops[page.number + 1] = (top, name)
    return tops


def gap_blocks(pdf_bytes: bytes) -> list[str]:
    """The ids of the figures and tables that open a page after a page left at least
    :data:`generation.document.page_measures.EMPTY` blank, in page order."""
    with pymupdf.open(stream=pdf_bytes, filetype="pdf") as pdf:
        tops = _block_tops(pdf)
        spans = content_spans(pdf)
        height = pdf[0].rect.height if len(pdf) else 1.0
    found = gap_pages(spans, {page: top for page, (top, _) in tops.items()}, height)
    return [tops[number + 1][1] for number in found]
