"""Page strips: what a model sees of a document (paper Table 19).

A PDF is rasterised with PyMuPDF at ``dpi``, capped at ``max_pages``, and every
``pages_per_strip`` pages are stacked into one vertical strip, resized so its longest
side is at most ``max_dimension`` pixels and JPEG-encoded under ``max_bytes``. Each
strip records where every page landed (offset and scale), so a box a model draws on a
strip maps back to page coordinates.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field

import pymupdf
from PIL import Image

from .errors import SynthDocUserError


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
            f"-dim{self.max_dimension}-bytes{self.max_bytes}-q{self.jpeg_quality}"
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
    try:
        doc = pymupdf.open(stream=pdf, filetype="pdf")
    except Exception as exc:  # PyMuPDF raises several types for broken files
        raise SynthDocUserError(
            f"document {name}: the PDF cannot be opened ({exc}); regenerate or re-export the dataset"
        ) from None
    if doc.page_count == 0:
        raise SynthDocUserError(f"document {name}: the PDF has no pages; regenerate or re-export the dataset")
    return doc


def _render_page(page: pymupdf.Page, dpi: int) -> Image.Image:
    pix = page.get_pixmap(dpi=dpi, alpha=False)
    return Image.frombytes("RGB", (pix.width, pix.height), pix.samples)


def _encode(img: Image.Image, settings: StripSettings) -> tuple[bytes, Image.Image]:
    """JPEG under the byte cap: lower the quality first, then the size."""
    quality = settings.jpeg_quality
    while True:
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=quality, optimize=True)
        data = buf.getvalue()
        if len(data) <= settings.max_bytes:
            return data, img
        if quality > 50:
            quality -= 10
            continue
        new_size = (max(1, int(img.width * 0.85)), max(1, int(img.height * 0.85)))
        img = img.resize(new_size, Image.Resampling.LANCZOS)


def build_strips(pdf: bytes, settings: StripSettings, name: str = "document") -> list[Strip]:
    """Rasterise a PDF into vertical strips of ``pages_per_strip`` pages each."""
    doc = open_pdf(pdf, name)
    try:
        n_pages = min(doc.page_count, settings.max_pages)
        strips: list[Strip] = []
        for start in range(0, n_pages, settings.pages_per_strip):
            numbers = range(start, min(start + settings.pages_per_strip, n_pages))
            images = [_render_page(doc[i], settings.dpi) for i in numbers]
            width = max(im.width for im in images)
            height = sum(im.height for im in images)
            canvas = Image.new("RGB", (width, height), "white")
            offsets = []
            y = 0
            for im in images:
                canvas.paste(im, (0, y))
                offsets.append((y, im.width, im.height))
                y += im.height
            scale = min(1.0, settings.max_dimension / max(width, height))
            if scale < 1.0:
                size = (max(1, round(width * scale)), max(1, round(height * scale)))
                canvas = canvas.resize(size, Image.Resampling.LANCZOS)
            jpeg, final = _encode(canvas, settings)
            sx = final.width / width
            sy = final.height / height
            placements = [
                PagePlacement(page=i + 1, x=0, y=round(off * sy), width=round(w * sx), height=round(h * sy))
                for i, (off, w, h) in zip(numbers, offsets, strict=True)
            ]
            strips.append(Strip(jpeg=jpeg, width=final.width, height=final.height, pages=placements))
        return strips
    finally:
        doc.close()
