from __future__ import annotations

import io
import math

import pymupdf
import pytest
from PIL import Image

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.strip_cache import StripCache
from synthdocbench_tasks.strips import StripSettings, build_strips


def _pages(pdf: bytes) -> int:
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        return doc.page_count


def test_paper_defaults_match_table_19() -> None:
    s = StripSettings()
    assert (s.dpi, s.max_pages, s.pages_per_strip, s.max_dimension, s.max_bytes) == (
        144,
        120,
        5,
        7900,
        4_000_000,
    )


def test_strip_geometry_and_limits_on_generated_pdf(sample_pdf: bytes) -> None:
    n = _pages(sample_pdf)
    assert n >= 20
    strips = build_strips(sample_pdf, StripSettings())
    assert len(strips) == math.ceil(n / 5)
    covered = [p.page for s in strips for p in s.pages]
    assert covered == list(range(1, n + 1))
    for strip in strips:
        assert max(strip.width, strip.height) <= 7900
        assert len(strip.jpeg) <= 4_000_000
        img = Image.open(io.BytesIO(strip.jpeg))
        assert img.format == "JPEG" and img.size == (strip.width, strip.height)
        # pages are stacked top to bottom without gaps or overlaps
        ys = [p.y for p in strip.pages]
        assert ys[0] == 0 and ys == sorted(ys)
        for a, b in zip(strip.pages, strip.pages[1:], strict=False):
            assert abs(a.y + a.height - b.y) <= 1
        assert abs(strip.pages[-1].y + strip.pages[-1].height - strip.height) <= 1
    # a full 5-page A4 strip at 144 DPI is 8,420 px tall, so it must have been resized
    assert strips[0].height == 7900


def test_settings_override_pages_dpi_and_caps(sample_pdf: bytes) -> None:
    one = build_strips(sample_pdf, StripSettings(pages_per_strip=1, dpi=72, max_pages=3))
    assert len(one) == 3
    assert [s.pages[0].page for s in one] == [1, 2, 3]
    # A4 at 72 DPI is about 595 x 842 px and needs no resizing
    assert abs(one[0].width - 595) <= 2 and abs(one[0].height - 842) <= 2
    small = build_strips(sample_pdf, StripSettings(max_pages=5, max_bytes=150_000))
    assert len(small) == 1 and len(small[0].jpeg) <= 150_000


def test_from_kwargs_reads_task_overrides() -> None:
    s = StripSettings.from_kwargs({"strip_dpi": "216", "strip_pages_per_strip": 10, "prompt_style": "cot"})
    assert (s.dpi, s.pages_per_strip, s.max_pages) == (216, 10, 120)
    with pytest.raises(SynthDocUserError, match="strip_dpi must be an integer"):
        StripSettings.from_kwargs({"strip_dpi": "high"})
    with pytest.raises(SynthDocUserError, match="positive"):
        StripSettings(pages_per_strip=0)


def test_corrupt_pdf_is_one_clear_line() -> None:
    with pytest.raises(SynthDocUserError) as err:
        build_strips(b"%PDF-1.7 this is not really a pdf", StripSettings(), name="sdb-1-00001")
    message = str(err.value)
    assert "sdb-1-00001" in message and "cannot be opened" in message and "\n" not in message


def test_cache_rasterises_each_document_once_per_setting(sample_pdf: bytes, tmp_path) -> None:
    settings = StripSettings(max_pages=4, pages_per_strip=2, dpi=72)
    cache = StripCache(tmp_path)
    first = cache.strips(sample_pdf, settings, "d")
    again = cache.strips(sample_pdf, settings, "d")
    assert cache.rasterised == 1 and [s.jpeg for s in again] == [s.jpeg for s in first]
    # a fresh process (new cache object) reads the disk entry instead of rasterising
    fresh = StripCache(tmp_path)
    from_disk = fresh.strips(sample_pdf, settings, "d")
    assert fresh.rasterised == 0
    assert [s.jpeg for s in from_disk] == [s.jpeg for s in first]
    assert [s.pages for s in from_disk] == [s.pages for s in first]
    # another setting is another entry
    fresh.strips(sample_pdf, StripSettings(max_pages=4, pages_per_strip=4, dpi=72), "d")
    assert fresh.rasterised == 1


def test_damaged_cache_entry_is_rebuilt(sample_pdf: bytes, tmp_path) -> None:
    settings = StripSettings(max_pages=2, pages_per_strip=1, dpi=72)
    StripCache(tmp_path).strips(sample_pdf, settings, "d")
    layout = next(tmp_path.glob("strips/*/*/layout.json"))
    layout.write_text("{broken", encoding="utf-8")
    cache = StripCache(tmp_path)
    strips = cache.strips(sample_pdf, settings, "d")
    assert cache.rasterised == 1 and len(strips) == 2
