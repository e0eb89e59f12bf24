from __future__ import annotations

import io
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pymupdf
import pytest
from PIL import Image

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.strip_cache import StripCache
from synthdocbench_tasks.strips import StripSettings, build_strips

REPO = Path(__file__).resolve().parents[2]


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


@pytest.mark.browser
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
    # a full 5-page A4 strip at 144 DPI is 8,430 px tall, so it is rasterised smaller to fit
    assert strips[0].height == 7900
    assert build_strips(sample_pdf, StripSettings()) == strips  # deterministic, byte for byte


def _mixed_pdf() -> bytes:
    """Five A4 portrait pages and one A4 landscape page, each with text and a filled box."""
    doc = pymupdf.open()
    for n in range(6):
        width, height = (842, 595) if n == 3 else (595, 842)
        page = doc.new_page(width=width, height=height)
        page.insert_text((50, 80), f"Page {n + 1}: revenue by region", fontsize=16)
        page.insert_textbox(pymupdf.Rect(50, 100, width - 50, 300), "Net margin rose by 2.4 points. " * 10)
        page.draw_rect(pymupdf.Rect(60, 320, 60 + 40 * (n + 1), 500), fill=(0.8, 0.2, 0.1))
    data = doc.tobytes()
    doc.close()
    return bytes(data)


def test_pages_are_rasterised_once_at_the_final_scale() -> None:
    pdf = _mixed_pdf()
    settings = StripSettings()
    strips = build_strips(pdf, settings)
    assert [len(s.pages) for s in strips] == [5, 1]
    first = strips[0]
    assert max(first.width, first.height) <= settings.max_dimension
    assert first.height >= settings.max_dimension - 5  # it fills the cap, less than a pixel per page
    # the landscape page is the widest; portrait pages keep their own width, left-aligned
    widths = [p.width for p in first.pages]
    assert widths[3] == first.width > widths[0] == widths[1]
    # each page sits in its placement: its drawn box is where the page's scale puts it
    img = first.image()
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        for placement in first.pages:
            page = doc[placement.page - 1]
            zoom = placement.height / page.rect.height
            assert abs(placement.width - page.rect.width * zoom) <= 1.5
            x, y = (60 + 20 * placement.page) * zoom, placement.y + 410 * zoom  # inside the red box
            red, green, blue = img.getpixel((int(x), int(y)))
            assert red > 150 and green < 100 and blue < 100, placement
    # a one-page strip needs no shrinking: exactly 144 DPI
    assert (strips[1].width, strips[1].height) == (1190, 1684)


@pytest.mark.slow
def test_final_scale_is_close_to_rasterise_then_resize() -> None:
    """Rasterising at the final scale differs from 144 DPI + LANCZOS only in anti-aliasing."""
    import numpy as np

    pdf = _mixed_pdf()
    settings = StripSettings(max_pages=5)
    strip = build_strips(pdf, settings)[0]
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        pages = []
        for page in doc.pages(0, 5):
            pix = page.get_pixmap(dpi=144, alpha=False)
            pages.append(Image.frombytes("RGB", (pix.width, pix.height), pix.samples))
    canvas = Image.new("RGB", (max(p.width for p in pages), sum(p.height for p in pages)), "white")
    y = 0
    for page in pages:
        canvas.paste(page, (0, y))
        y += page.height
    reference = canvas.resize((strip.width, strip.height), Image.Resampling.LANCZOS)
    diff = np.abs(np.asarray(strip.image(), dtype=np.int16) - np.asarray(reference, dtype=np.int16))
    assert diff.mean() < 3.0  # grey levels out of 255, JPEG included


@pytest.mark.slow
def test_the_byte_cap_lowers_quality_before_size() -> None:
    pdf = _mixed_pdf()
    full = build_strips(pdf, StripSettings(max_pages=5))[0]
    capped = build_strips(pdf, StripSettings(max_pages=5, max_bytes=len(full.jpeg) - 1))[0]
    assert len(capped.jpeg) < len(full.jpeg) and (capped.width, capped.height) == (full.width, full.height)
    tiny = build_strips(pdf, StripSettings(max_pages=5, max_bytes=40_000))[0]
    assert len(tiny.jpeg) <= 40_000 and tiny.height < full.height
    assert tiny.pages[-1].y + tiny.pages[-1].height <= tiny.height + 1


@pytest.mark.slow
def test_hooks_import_no_pymupdf_and_strips_never_load_onnx(tmp_path: Path) -> None:
    (tmp_path / "doc.pdf").write_bytes(_mixed_pdf())
    script = f"""
import json, sys
from pathlib import Path
import synthdocbench_tasks.hooks
after_import = sorted(m for m in ("pymupdf", "fitz", "onnxruntime") if m in sys.modules)
from synthdocbench_tasks.strips import StripSettings, build_strips
from synthdocbench_tasks.pdf_text import TextSettings, extract_text
pdf = Path({str(tmp_path / "doc.pdf")!r}).read_bytes()
build_strips(pdf, StripSettings(max_pages=2))
extract_text(pdf, TextSettings())
skipped = ("onnxruntime", "pymupdf4llm", "pymupdf.layout")
loaded = sorted(m for m in sys.modules if m.split(".")[0] in skipped or m == "pymupdf.layout")
print(json.dumps({{"after_import": after_import, "onnx": loaded, "pymupdf": "pymupdf" in sys.modules}}))
"""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen == {"after_import": [], "onnx": [], "pymupdf": True}


@pytest.mark.browser
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


@pytest.mark.browser
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


@pytest.mark.browser
def test_damaged_cache_entry_is_rebuilt(sample_pdf: bytes, tmp_path) -> None:
    settings = StripSettings(max_pages=2, pages_per_strip=1, dpi=72)
    StripCache(tmp_path).strips(sample_pdf, settings, "d")
    layout = next(tmp_path.glob("strips/*/*/layout.json"))
    layout.write_text("{broken", encoding="utf-8")
    cache = StripCache(tmp_path)
    strips = cache.strips(sample_pdf, settings, "d")
    assert cache.rasterised == 1 and cache.rebuilt == 1 and len(strips) == 2


@pytest.mark.slow
@pytest.mark.parametrize(
    "overrides",
    [
        {"max_dimension": 1},
        {"max_dimension": 7, "pages_per_strip": 10},
        {"dpi": 1},
        {"dpi": 300, "pages_per_strip": 1, "max_dimension": 2000},
        {"pages_per_strip": 10, "max_bytes": 1000},
    ],
    ids=repr,
)
def test_hostile_settings_still_meet_every_cap(overrides: dict[str, int]) -> None:
    settings = StripSettings(**overrides)
    strips = build_strips(_mixed_pdf(), settings)
    assert sum(len(s.pages) for s in strips) == 6
    for strip in strips:
        assert (
            min(strip.width, strip.height) >= 1 and max(strip.width, strip.height) <= settings.max_dimension
        )
        assert len(strip.jpeg) <= settings.max_bytes
        assert strip.image().size == (strip.width, strip.height)
