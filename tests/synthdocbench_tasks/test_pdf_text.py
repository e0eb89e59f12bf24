"""The text-only baseline's document text, extracted from a real generated PDF."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.pdf_text import TextCache, TextSettings, extract_text

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
