"""The PDF's words as validation reads them: positioned tokens per page, running headers and
footers left out.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from typing import NamedTuple

from generation.questions.phrasing import (
    tokens,
)
from synthdocbench_tasks.mupdf import load_pymupdf
from synthdocbench_tasks.pdf_text import PageWords, read_words


class Word(NamedTuple):
    """One word of the PDF (a named tuple: a document has tens of thousands)."""

    page: int
    x: float  # centre, 0..1000 of the page width
    y: float
    text: str
    alone: bool  # the only word on its line
    previous: str


def read_pdf_words(pdf: bytes) -> list[PageWords]:
    pymupdf = load_pymupdf()
    try:
        doc = pymupdf.open(stream=pdf, filetype="pdf")
    except Exception as exc:  # pymupdf raises its own error types
        raise ValueError(f"validate_questions: the PDF cannot be opened ({exc})") from exc
    with doc:
        return read_words(doc)


def words_of(pages: list[PageWords]) -> list[Word]:
    """The words of every page, centres on the 0..1000 page scale, in reading order."""
    words: list[Word] = []
    for page in pages:
        lines = Counter((w[5], w[6]) for w in page.words)
        previous = ""
        for w in page.words:
            x = (w[0] + w[2]) / 2 / page.width * 1000
            y = (w[1] + w[3]) / 2 / page.height * 1000
            words.append(Word(page.number, x, y, str(w[4]), lines[(w[5], w[6])] == 1, previous))
            previous = str(w[4])
    return words


def running_header_or_footer(w: Word) -> bool:
    """A word alone on its line in the top or bottom 8% of the page (a page number)."""
    return w.alone and (w.y < 80 or w.y > 920)


def tokens_by_page(words: list[Word], page_count: int) -> dict[int, list[str]]:
    """Each page's words as tokens (NFKC, so ligatures read as letters), without page numbers,
    so a sentence that runs over a page break still reads as one."""
    out: dict[int, list[str]] = {n: [] for n in range(1, page_count + 1)}
    known: dict[str, list[str]] = {}  # a document prints a few thousand distinct words
    for w in words:
        if not running_header_or_footer(w):
            found = known.get(w.text)
            if found is None:
                found = known[w.text] = tokens(unicodedata.normalize("NFKC", w.text))
            out[w.page] += found
    return out
