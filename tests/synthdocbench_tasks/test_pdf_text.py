"""The text-only baseline's document text, extracted from a real generated PDF."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.pdf_text import PageContents, TextCache, TextSettings, extract_text, read_words

pytestmark = pytest.mark.browser


def _normalised(text: str) -> str:
    return " ".join(text.split())


def test_every_page_is_marked_and_its_prose_kept(sample_pdf: bytes) -> None:
    text = extract_text(sample_pdf, TextSettings())
    with pymupdf.open(stream=sample_pdf, filetype="pdf") as pdf:
        n_pages = pdf.page_count
        # the first page is always within the 60,000-character cap; a later one may be cut
        longest = max(pdf[0].get_text().splitlines(), key=len)
    assert len(text) <= 60_000
    if len(text) < 60_000:  # nothing was cut: every page is there, in order
        marks = [text.index(f"[Page {i}]") for i in range(1, n_pages + 1)]
        assert marks == sorted(marks)
    assert _normalised(longest) in _normalised(text)


def test_wrapped_lines_are_joined_into_paragraphs(tmp_path: Path) -> None:
    sentence = "The harbour authority reported revenue of 48.6 million euros in 2023, up from the year before"
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=400)
    page.insert_text((20, 30), "Annual review", fontsize=16)
    # a narrow box wraps the sentence over several lines
    assert page.insert_textbox(pymupdf.Rect(20, 60, 200, 300), sentence, fontsize=11) >= 0
    pdf = doc.tobytes()
    doc.close()
    text = extract_text(pdf, TextSettings())
    assert text.splitlines()[0] == "[Page 1]"
    paragraphs = text.split("\n\n")
    assert "Annual review" in paragraphs[0] and sentence in paragraphs


def test_the_character_cap_and_page_cap_apply(sample_pdf: bytes) -> None:
    assert len(extract_text(sample_pdf, TextSettings(max_chars=1000))) == 1000
    one_page = extract_text(sample_pdf, TextSettings(max_pages=1))
    assert one_page.startswith("[Page 1]") and "[Page 2]" not in one_page


def test_each_document_is_extracted_once_per_setting(sample_pdf: bytes, tmp_path: Path) -> None:
    cache = TextCache(tmp_path)
    first = cache.text(sample_pdf, TextSettings(), "doc")
    assert cache.text(sample_pdf, TextSettings(), "doc") == first
    assert cache.extracted == 1
    short = cache.text(sample_pdf, TextSettings(max_chars=200), "doc")
    assert cache.extracted == 2 and short == first[:200]
    assert len(list(tmp_path.glob("text/*/*.txt"))) == 2
    fresh = TextCache(tmp_path)  # a new process reads the disk cache
    assert fresh.text(sample_pdf, TextSettings(), "doc") == first and fresh.extracted == 0


def test_bad_settings_and_bad_pdfs_are_one_clear_line() -> None:
    with pytest.raises(SynthDocUserError, match="text_max_chars must be an integer"):
        TextSettings.from_kwargs({"text_max_chars": "lots"})
    with pytest.raises(SynthDocUserError, match="text_max_pages must be a positive integer"):
        TextSettings.from_kwargs({"text_max_pages": 0})
    assert TextSettings.from_kwargs({"text_max_chars": "500", "prompt_style": "text"}).max_chars == 500
    with pytest.raises(SynthDocUserError) as info:
        extract_text(b"not a pdf", TextSettings(), "broken-doc")
    assert "broken-doc" in str(info.value) and "\n" not in str(info.value)


def test_page_contents_give_the_pages_own_words_text_and_pixels(sample_pdf: bytes) -> None:
    # a generated document with its charts, and a link annotation as the unpublished PDF has them
    with pymupdf.open(stream=sample_pdf, filetype="pdf") as doc:
        doc[0].insert_link({"kind": pymupdf.LINK_URI, "from": pymupdf.Rect(40, 40, 300, 200), "uri": "#x"})
        contents = PageContents(doc)
        words = read_words(doc, contents)
        assert [p.words for p in words] == [tuple(page.get_text("words", sort=False)) for page in doc]
        assert sum(len(p.words) for p in words) > 100
        small = pymupdf.TOOLS.set_small_glyph_heights()
        pymupdf.TOOLS.set_small_glyph_heights(True)  # as the legibility check reads glyphs
        try:
            for page in list(doc)[:6]:
                w, h = page.rect.width, page.rect.height
                for clip in (pymupdf.Rect(0, 0, w / 2, h / 3), pymupdf.Rect(w / 4, h / 3, w, h)):
                    text = contents.textpage(page.number, pymupdf.TEXTFLAGS_TEXT, clip).extractText()
                    assert text == page.get_text("text", clip=clip)
                    flags = pymupdf.TEXT_PRESERVE_WHITESPACE
                    raw = contents.textpage(page.number, flags, clip).extractRAWDICT()
                    assert raw == page.get_text("rawdict", clip=clip, flags=flags)
                    zoom = pymupdf.Matrix(3, 3)
                    pix = contents.pixmap(page.number, zoom, clip, pymupdf.csRGB)
                    want = page.get_pixmap(matrix=zoom, clip=clip, alpha=False, colorspace=pymupdf.csRGB)
                    assert (pix.width, pix.height, pix.samples) == (want.width, want.height, want.samples)
        finally:
            pymupdf.TOOLS.set_small_glyph_heights(small)
