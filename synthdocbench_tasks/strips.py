"""Page strips: what a model sees of a document (paper Table 19).

A PDF is capped at ``max_pages`` and every ``pages_per_strip`` pages are stacked into one
vertical strip whose longest side is at most ``max_dimension`` pixels: each page is
rasterised once with PyMuPDF at ``dpi``, or directly at the smaller scale that makes the
stacked strip fit (no resize afterwards), and each strip is JPEG-encoded once under
``max_bytes``. Each strip records where every page landed (offset and size), so a box a
model draws on a strip maps back to page coordinates.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING

from PIL import Image

from .errors import SynthDocUserError
from .mupdf import load_pymupdf

if TYPE_CHECKING:
    import pymupdf

#: Bump when the strips a setting produces would change (2: rasterised at the final scale).
STRIP_FORMAT = 2


def int_overrides(fields: Iterable[str], prefix: str, kwargs: dict[str, object] | None) -> dict[str, int]:
    """The integer ``fields`` of a settings class that ``kwargs`` sets, as ``<prefix>_<field>``."""
    values: dict[str, int] = {}
    for name in fields:
        raw = (kwargs or {}).get(f"{prefix}_{name}")
        if raw is None:
            continue
        try:
            values[name] = int(str(raw))
        except ValueError:
            raise SynthDocUserError(
                f"{prefix} setting {prefix}_{name} must be an integer, got {raw!r}"
            ) from None
    return values


@dataclass(frozen=True)
class StripSettings:
    dpi: int = 144
    max_pages: int = 120
    pages_per_strip: int = 5
    max_dimension: int = 7900
    max_bytes: int = 4 * 1000 * 1000
    jpeg_quality: int = 90

    def __post_init__(self) -> None:
        for name in ("dpi", "max_pages", "pages_per_strip", "max_dimension", "max_bytes"):
            if getattr(self, name) < 1:
                raise SynthDocUserError(
                    f"strip setting {name} must be a positive integer, got {getattr(self, name)}"
                )
        if not 10 <= self.jpeg_quality <= 95:
            raise SynthDocUserError(
                f"strip setting jpeg_quality must be within 10..95, got {self.jpeg_quality}"
            )

    def key(self) -> str:
        """A file-name-safe key: one cache entry per distinct setting."""
        return (
            f"dpi{self.dpi}-max{self.max_pages}-per{self.pages_per_strip}"
            f"-dim{self.max_dimension}-bytes{self.max_bytes}-q{self.jpeg_quality}-v{STRIP_FORMAT}"
        )

    @classmethod
    def from_kwargs(cls, kwargs: dict[str, object] | None) -> StripSettings:
        """Build from a task's ``lmms_eval_specific_kwargs`` (keys ``strip_<field>``)."""
        return cls(**int_overrides(cls.__dataclass_fields__, "strip", kwargs))


@dataclass(frozen=True)
class PagePlacement:
    """Where one PDF page sits inside its strip, in strip pixels."""

    page: int  # 1-based page number in the PDF
    x: int
    y: int
    width: int
    height: int


@dataclass(frozen=True)
class Strip:
    jpeg: bytes
    width: int
    height: int
    pages: list[PagePlacement] = field(default_factory=list)

    def image(self) -> Image.Image:
        img = Image.open(io.BytesIO(self.jpeg))
        img.load()
        return img

    def layout(self) -> dict[str, object]:
        return {"width": self.width, "height": self.height, "pages": [asdict(p) for p in self.pages]}


def open_pdf(pdf: bytes, name: str) -> pymupdf.Document:
    """Open PDF bytes; a corrupt or empty file is one clear line naming the document."""
    fitz = load_pymupdf()
    try:
        doc = fitz.open(stream=pdf, filetype="pdf")
    except Exception as exc:  # PyMuPDF raises several types for broken files
        raise SynthDocUserError(
            f"document {name}: the PDF cannot be opened ({exc}); regenerate or re-export the dataset"
        ) from None
    if doc.page_count == 0:
        raise SynthDocUserError(f"document {name}: the PDF has no pages; regenerate or re-export the dataset")
    return doc


def _pixel_sizes(fitz: ModuleType, pages: list[pymupdf.Page], zoom: float) -> list[tuple[int, int]]:
    """The pixmap size of each page at ``zoom``, as PyMuPDF will round it."""
    matrix = fitz.Matrix(zoom, zoom)
    sizes = []
    for page in pages:
        box = (page.rect * matrix).irect
        sizes.append((box.width, box.height))
    return sizes


def strip_zoom(
    fitz: ModuleType, pages: list[pymupdf.Page], settings: StripSettings
) -> tuple[float, list[tuple[int, int]]]:
    """The zoom (pixels per point) at which ``pages`` stacked fit the caps, and their pixel sizes.

    ``dpi`` unless the stacked strip would be longer than ``max_dimension``; then the zoom
    that makes the longest side exactly fit, stepped down while PyMuPDF's outward rounding
    of each page to whole pixels still overshoots.
    """
    zoom = settings.dpi / 72
    widest = max(page.rect.width for page in pages)
    tallest = sum(page.rect.height for page in pages)
    longest = max(widest, tallest)
    if longest * zoom > settings.max_dimension:
        zoom = settings.max_dimension / longest
    # at least one pixel per page side; a cap smaller than that is met by resizing afterwards
    shortest = min(min(page.rect.width, page.rect.height) for page in pages)
    zoom = max(zoom, 1.0 / max(shortest, 1e-3))
    sizes = _pixel_sizes(fitz, pages, zoom)
    for _ in range(16):
        side = max(max(w for w, _ in sizes), sum(h for _, h in sizes))
        if side <= settings.max_dimension:
            break
        smaller = zoom * (settings.max_dimension - 0.5) / side
        smaller_sizes = _pixel_sizes(fitz, pages, smaller)
        if min(min(size) for size in smaller_sizes) < 1:
            break
        zoom, sizes = smaller, smaller_sizes
    return zoom, sizes


def _render(fitz: ModuleType, page: pymupdf.Page, zoom: float) -> Image.Image:
    pix = page.get_pixmap(matrix=fitz.Matrix(zoom, zoom), alpha=False)
    # frombytes copies the pixels (by contract), so the image outlives the pixmap
    return Image.frombytes("RGB", (pix.width, pix.height), pix.samples_mv, "raw", "RGB", pix.stride)


def encode_jpeg(img: Image.Image, settings: StripSettings) -> tuple[bytes, Image.Image]:
    """One JPEG encode at ``jpeg_quality``; only over ``max_bytes``: lower the quality, then the size."""
    quality = settings.jpeg_quality
    while True:
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=quality)
        data = buf.getvalue()
        if len(data) <= settings.max_bytes:
            return data, img
        if quality > 50:
            quality -= 10
            continue
        new_size = (max(1, int(img.width * 0.85)), max(1, int(img.height * 0.85)))
        img = img.resize(new_size, Image.Resampling.LANCZOS)


def stack_pages(
    fitz: ModuleType, pages: list[pymupdf.Page], settings: StripSettings
) -> tuple[Image.Image, list[tuple[int, int]]]:
    """The pages rasterised once each at the strip's final scale, stacked top to bottom.

    Returns the strip and each page's size in it.
    """
    zoom, sizes = strip_zoom(fitz, pages, settings)
    canvas = Image.new("RGB", (max(w for w, _ in sizes), sum(h for _, h in sizes)), "white")
    y = 0
    for i, page in enumerate(pages):
        image = _render(fitz, page, zoom)
        if image.size != sizes[i]:  # PyMuPDF rounded differently than predicted: make room
            sizes[i] = image.size
            grown = Image.new("RGB", (max(w for w, _ in sizes), sum(h for _, h in sizes)), "white")
            grown.paste(canvas.crop((0, 0, canvas.width, y)), (0, 0))
            canvas = grown
        canvas.paste(image, (0, y))
        y += image.height
    return canvas, sizes


def build_strips(
    pdf: bytes, settings: StripSettings, name: str = "document", pages: int | None = None
) -> list[Strip]:
    """Rasterise a PDF into vertical strips of ``pages_per_strip`` pages each.

    ``pages``: the page count the document's row records (``pdf_pages``); a PDF with another
    count is refused before anything is rasterised (one line naming the document).

    Every page is rasterised once, directly at the scale its strip needs (``dpi``, or less
    so that the stacked strip's longest side is at most ``max_dimension``), and every strip
    is JPEG-encoded once. The result depends only on the PDF and the settings.
    """
    fitz = load_pymupdf()
    doc = open_pdf(pdf, name)
    try:
        if pages is not None and doc.page_count != pages:
            raise SynthDocUserError(
                f"document {name}: its PDF has {doc.page_count} pages but its documents row says {pages}: "
                "the PDF is not the one exported with the row; re-export the dataset"
            )
        n_pages = min(doc.page_count, settings.max_pages)
        strips: list[Strip] = []
        for start in range(0, n_pages, settings.pages_per_strip):
            numbers = list(range(start, min(start + settings.pages_per_strip, n_pages)))
            chosen = [doc[i] for i in numbers]
            canvas, sizes = stack_pages(fitz, chosen, settings)
            width, height = canvas.size
            if max(width, height) > settings.max_dimension:  # only if PyMuPDF's rounding surprised us
                scale = settings.max_dimension / max(width, height)
                size = (max(1, int(width * scale)), max(1, int(height * scale)))
                canvas = canvas.resize(size, Image.Resampling.LANCZOS)
            jpeg, final = encode_jpeg(canvas, settings)
            sx, sy = final.width / width, final.height / height
            placements = []
            y = 0
            for number, (w, h) in zip(numbers, sizes, strict=True):
                placements.append(
                    PagePlacement(
                        page=number + 1, x=0, y=round(y * sy), width=round(w * sx), height=round(h * sy)
                    )
                )
                y += h
            strips.append(Strip(jpeg=jpeg, width=final.width, height=final.height, pages=placements))
        return strips
    finally:
        doc.close()
