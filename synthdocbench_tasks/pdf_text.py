"""The project's one PDF text reader: paragraph text for the text-only baseline of the paper
(§4.1, Figure 5), and the positioned words generation measures and validates against.

PyMuPDF extracts each page's text blocks; lines that continue a paragraph (same left edge,
a gap smaller than a line) are joined back into it, so a paragraph is one line of text and
paragraphs, headings and chart labels are separated by blank lines. Pages are marked
``[Page N]`` and the whole is cut at ``max_chars`` (60,000 in the paper). Each document is extracted once per
setting: kept in memory for the last few documents and on disk under
``<cache>/text/<pdf sha256>/<setting key>.txt``, written atomically and sealed with its
sha256 and size (a damaged entry is extracted again, with a warning), so every question of
a document and every rerun reuses it.

:func:`read_words` gives each page's words with their boxes, in content-stream order
(Chromium writes reading order), as :class:`PageWords`; generation reads them once per
document (word count, leak and evidence checks). :class:`PageContents` interprets each page once
for every text page and pixmap generation makes of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .doc_cache import BadEntryError, DocCache, read_sealed, write_sealed
from .errors import SynthDocUserError
from .mupdf import load_pymupdf
from .strips import int_overrides, open_pdf

if TYPE_CHECKING:
    import pymupdf

#: Bump when the text a setting produces would change.
TEXT_FORMAT = 3  # 3: entries sealed with their digest
_JOIN_GAP = 0.85  # a gap below this share of the line height continues the paragraph
_JOIN_INDENT = 3.0  # points


def page_text(page: pymupdf.Page) -> str:
    """The page's text blocks, wrapped lines joined into paragraphs, blank lines between them."""
    paragraphs: list[list[str]] = []
    previous: tuple[float, float, float] | None = None  # x0, y1, height of the last line
    for x0, y0, _x1, y1, text, _number, kind in page.get_text("blocks"):
        line = " ".join(str(text).split())
        if kind != 0 or not line:
            continue
        height = max(y1 - y0, 1e-6)
        continues = (
            previous is not None
            and abs(x0 - previous[0]) <= _JOIN_INDENT
            and 0 <= y0 - previous[1] < _JOIN_GAP * previous[2]
            and 0.8 <= height / previous[2] <= 1.25
        )
        if continues:
            paragraphs[-1].append(line)
        else:
            paragraphs.append([line])
        previous = (x0, y1, height)
    return "\n\n".join(_join_lines(lines) for lines in paragraphs)


#: One word as PyMuPDF reports it: x0, y0, x1, y1 (points), text, block, line, word number.
RawWord = tuple[float, float, float, float, str, int, int, int]


@dataclass(frozen=True)
class PageWords:
    """The words of one page (``number`` is 1-based), with the page's size in points."""

    number: int
    width: float
    height: float
    words: tuple[RawWord, ...]


class PageContents:
    """A document's pages, each interpreted once (a MuPDF display list) for every text page and
    pixmap made of it.

    ``page.get_text`` and ``page.get_pixmap`` read the page's content stream again on every call,
    and that reading is most of what they cost. Here a page is read into a display list on first
    use and every text page and pixmap of it is made from that list: the same device runs over the
    same content, so the words, text and pixels are those of the page's own methods (a text page's
    clip is its media box, as ``page.get_textpage(clip)`` makes it; ``tests/synthdocbench_tasks/
    test_pdf_text.py`` compares them). ``number`` is 0-based, as ``doc[number]``."""

    def __init__(self, doc: pymupdf.Document) -> None:
        self.doc = doc
        self._lists: dict[int, pymupdf.DisplayList] = {}

    def display_list(self, number: int) -> pymupdf.DisplayList:
        found = self._lists.get(number)
        if found is None:
            found = self._lists[number] = self.doc[number].get_displaylist()
        return found

    def textpage(self, number: int, flags: int, clip: pymupdf.Rect | None = None) -> pymupdf.TextPage:
        """``doc[number].get_textpage(clip, flags)``, from the page's display list."""
        fitz = load_pymupdf()
        mupdf = fitz.mupdf
        listed = self.display_list(number).this
        box = mupdf.fz_bound_display_list(listed) if clip is None else fitz.JM_rect_from_py(clip)
        stext = mupdf.FzStextPage(box)
        device = mupdf.fz_new_stext_device(stext, mupdf.FzStextOptions(flags))
        infinite = mupdf.FzRect(mupdf.FzRect.Fixed_INFINITE)
        mupdf.fz_run_display_list(listed, device, mupdf.FzMatrix(), infinite, mupdf.FzCookie())
        mupdf.fz_close_device(device)
        return fitz.TextPage(stext)  # (its extract methods need no parent page)

    def pixmap(
        self, number: int, matrix: pymupdf.Matrix, clip: pymupdf.Rect, colorspace: pymupdf.Colorspace
    ) -> pymupdf.Pixmap:
        """``doc[number].get_pixmap(matrix=, clip=, colorspace=, alpha=False)``, from the display list."""
        return self.display_list(number).get_pixmap(
            matrix=matrix, colorspace=colorspace, alpha=False, clip=clip
        )


def read_words(doc: pymupdf.Document, contents: PageContents | None = None) -> list[PageWords]:
    """Every page's words in content-stream order (not sorted by position: sorting would
    interleave the lines of side-by-side columns and break sentences apart); with ``contents``,
    made from its display lists (the same words)."""
    if contents is None:
        contents = PageContents(doc)
    words_flags = load_pymupdf().TEXTFLAGS_WORDS
    out = []
    for page in doc.pages():
        words = tuple(contents.textpage(page.number, words_flags).extractWORDS())
        out.append(PageWords(page.number + 1, page.rect.width, page.rect.height, words))
    return out


def _join_lines(lines: list[str]) -> str:
    text = lines[0]
    for line in lines[1:]:
        text += line if text.endswith("-") else f" {line}"
    return text


@dataclass(frozen=True)
class TextSettings:
    max_chars: int = 60_000
    max_pages: int = 120

    def __post_init__(self) -> None:
        for name in ("max_chars", "max_pages"):
            if getattr(self, name) < 1:
                raise SynthDocUserError(
                    f"text setting text_{name} must be a positive integer, got {getattr(self, name)}"
                )

    def key(self) -> str:
        return f"chars{self.max_chars}-pages{self.max_pages}-v{TEXT_FORMAT}"

    @classmethod
    def from_kwargs(cls, kwargs: dict[str, object] | None) -> TextSettings:
        """Build from a task's ``lmms_eval_specific_kwargs`` (keys ``text_<field>``)."""
        return cls(**int_overrides(cls.__dataclass_fields__, "text", kwargs))


def extract_text(pdf: bytes, settings: TextSettings, name: str = "document") -> str:
    """The PDF's text, page by page, at most ``settings.max_chars`` characters."""
    doc = open_pdf(pdf, name)
    try:
        parts: list[str] = []
        size = 0
        for i in range(min(doc.page_count, settings.max_pages)):
            page = f"[Page {i + 1}]\n{page_text(doc[i])}"
            parts.append(page)
            size += len(page) + 2
            if size >= settings.max_chars:
                break
        return "\n\n".join(parts)[: settings.max_chars]
    finally:
        doc.close()


class TextCache(DocCache[str]):
    """Extract each document once per setting; thread-safe, on disk and in memory."""

    kind = "text"
    suffix = ".txt"
    default_memory_docs = 8

    @property
    def extracted(self) -> int:
        """How many documents this cache had to extract."""
        return self.computed

    def text(self, pdf: bytes, settings: TextSettings, name: str) -> str:
        return self._get(pdf, settings.key(), lambda: extract_text(pdf, settings, name))

    def _read(self, path: Path) -> str | None:
        payload = read_sealed(path)
        if payload is None:
            return None
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            raise BadEntryError("not UTF-8 text") from None

    def _write(self, path: Path, value: str) -> None:
        write_sealed(path, value.encode("utf-8"))
