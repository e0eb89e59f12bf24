"""What a reader notices on the rendered pages, counted from a generated folder's PDFs (prose52).

- ``gap_pages``: pages (not a document's last) whose content ends with at least :data:`EMPTY`
  of the page's text area left blank while the next page opens with a figure: the figure did
  not fit under the text, and nothing flowed into the gap.
- ``split_values``: metric-card values (``<div class="metric-value">`` of the page) with a word
  the PDF's text layer cuts in two ("3.089 / billi / on" in the brutalist layout, whose 30 pt
  values are wider than a card).
- ``split_leads``: opening paragraphs (``<p class="lead">``, the magazine's drop cap) whose
  first word the text layer reads as two ("T" and "he"), so a search for it fails.

``bench/page_measures.py OUT`` prints :func:`render` of :func:`folder_counts`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, fields
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING

from synthdocbench_tasks.mupdf import load_pymupdf

if TYPE_CHECKING:
    import pymupdf
else:
    pymupdf = load_pymupdf()

#: Share of a page's text area left blank above which a reader notices the gap.
EMPTY = 0.3
#: How far (0..1000 of the page) below a page's first content a figure may start and still open it.
_OPENS = 30.0


@dataclass
class PageCounts:
    """The counters of the module docstring, over some documents."""

    documents: int = 0
    pages: int = 0
    gap_pages: int = 0
    values: int = 0
    split_values: int = 0
    leads: int = 0
    split_leads: int = 0

    def add(self, other: PageCounts) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


class _Texts(HTMLParser):
    """The text of each metric-card value and the first word of each lead paragraph."""

    def __init__(self) -> None:
        super().__init__()
        self.values: list[str] = []
        self.leads: list[str] = []
        self._into: list[str] | None = None
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if self._into is not None:
            self._depth += 1
        elif tag == "div" and "metric-value" in classes:
            self._into, self._depth = self.values, 1
            self.values.append("")
        elif tag == "p" and "lead" in classes:
            self._into, self._depth = self.leads, 1
            self.leads.append("")

    def handle_endtag(self, tag: str) -> None:
        if self._into is not None:
            self._depth -= 1
            if self._depth == 0:
                self._into = None

    def handle_data(self, data: str) -> None:
        if self._into is not None:
            self._into[-1] += data


def _whole(value: list[str], words: list[str]) -> bool:
    """Whether the text layer reads ``value``'s words in a row, each whole ("3.089 billion", not
    "3.089" "billi" "on")."""
    n = len(value)
    return any(words[i : i + n] == value for i, w in enumerate(words) if w == value[0])


def _boxes(page: pymupdf.Page) -> list[tuple[float, float]]:
    """The top and bottom (points) of what is drawn or written on ``page``, less page-sized fills."""
    boxes = (pymupdf.Rect(box) & page.rect for _, box in page.get_bboxlog())
    return [(b.y0, b.y1) for b in boxes if not b.is_empty and b.height < page.rect.height * 0.8]


def _content_spans(pdf: pymupdf.Document) -> list[tuple[float, float] | None]:
    """Each page's content top and bottom, without what repeats at one height on most pages
    (running heads, page numbers, a page panel's rules), or None for an empty page."""
    pages = [_boxes(pdf[i]) for i in range(pdf.page_count)]
    repeated = Counter(y for boxes in pages for y in {round(y0) for y0, _ in boxes})
    furniture = {y for y, n in repeated.items() if n >= 0.8 * len(pages) and len(pages) > 2}
    spans: list[tuple[float, float] | None] = []
    for boxes in pages:
        body = [(y0, y1) for y0, y1 in boxes if round(y0) not in furniture]
        spans.append((min(y0 for y0, _ in body), max(y1 for _, y1 in body)) if body else None)
    return spans


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _figure_tops(manifest: dict[str, object]) -> dict[int, float]:
    """The top (0..1000) of the highest figure or table of each page."""
    tops: dict[int, float] = {}
    for key in ("charts", "tables"):
        objects = manifest.get(key, [])
        assert isinstance(objects, list)
        for obj in objects:
            for region in obj.get("regions", []):
                page, top = int(region["page"]), float(region["bbox"][1])
                tops[page] = min(top, tops.get(page, top))
    return tops


def content_spans(pdf: pymupdf.Document) -> list[tuple[float, float] | None]:
    """Each page's content top and bottom (points), or None for an empty page (:func:`_content_spans`)."""
    return _content_spans(pdf)


def gap_pages(
    spans: list[tuple[float, float] | None], figure_tops: dict[int, float], height: float
) -> list[int]:
    """The pages (1-based, not the last) left at least :data:`EMPTY` of the text area blank
    before a page that opens with a figure or table (``figure_tops``: page -> top of its highest
    figure or table, 0..1000 of the page; ``spans`` from :func:`content_spans`)."""
    known = [s for s in spans if s is not None]
    # the text area: where most pages start and end (a full page ends at its foot)
    top, bottom = (
        (quantile([s[0] for s in known], 0.25), quantile([s[1] for s in known], 0.75))
        if known
        else (0.0, 1.0)
    )
    found = []
    for number, span in enumerate(spans[:-1], start=1):
        after = spans[number]
        if span is None or after is None or number + 1 not in figure_tops:
            continue
        blank = (bottom - span[1]) / (bottom - top)
        if blank >= EMPTY and figure_tops[number + 1] <= after[0] / height * 1000 + _OPENS:
            found.append(number)
    return found


def document_counts(folder: Path) -> PageCounts:
    """:class:`PageCounts` of one generated document folder (``document.pdf``, ``.html``, manifest)."""
    texts = _Texts()
    texts.feed((folder / "document.html").read_text(encoding="utf-8"))
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    figure_tops = _figure_tops(manifest)
    with pymupdf.open(folder / "document.pdf") as pdf:
        read = [[w[4] for w in page.get_text("words", sort=False)] for page in pdf]
        spans = _content_spans(pdf)
        height = pdf[0].rect.height if len(pdf) else 1.0
    gaps = len(gap_pages(spans, figure_tops, height))
    words = [w for page in read for w in page]
    # a drop cap is its own word, read anywhere on its page ("B", "1.", "Overview", "razil")
    on_page = [set(page) for page in read]
    split_values = sum(1 for v in texts.values if v.split() and not _whole(v.split(), words))
    firsts = [lead.split()[0] for lead in texts.leads if lead.split()]
    split_leads = sum(1 for w in firsts if len(w) > 1 and any({w[:1], w[1:]} <= page for page in on_page))
    return PageCounts(1, len(spans), gaps, len(texts.values), split_values, len(firsts), split_leads)


def folder_counts(out: Path) -> PageCounts:
    """:func:`document_counts` summed over the finished documents of a ``generate`` folder."""
    total = PageCounts()
    for folder in sorted(p.parent for p in (out / "docs").glob("*/DONE")):
        total.add(document_counts(folder))
    return total


def render(counts: PageCounts, label: str = "") -> Iterable[str]:
    """The counters as lines."""
    c = counts
    yield f"pages of {c.documents} documents{label} ({c.pages} pages; generation.document.page_measures)"
    yield f"  pages >= {EMPTY:.0%} empty before a page opening with a figure: {c.gap_pages}"
    yield f"  metric-card values with a word the text layer cuts in two: {c.split_values} of {c.values}"
    yield f"  lead paragraphs whose first word the text layer cuts in two: {c.split_leads} of {c.leads}"
