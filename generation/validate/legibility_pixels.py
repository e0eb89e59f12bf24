"""The legibility checks read off the rasterised page: ``contrast`` (WCAG 2, against the pixels
behind each word), ``clipped`` (in the text layer but not painted) and ``crossed``."""

from __future__ import annotations

import numpy as np
import pymupdf

from generation.validate.chart_words import PrintedWord
from generation.validate.legibility_geometry import shrunk
from generation.validate.legibility_model import ChartLegibility
from synthdocbench_tasks.pdf_text import PageContents

MIN_CONTRAST = 4.5  # WCAG 2 AA for normal text
#: A word fails the contrast check when more than this share of its box is below MIN_CONTRAST.
MAX_LOW_CONTRAST_SHARE = 0.25
ZOOM = 3.0  # rasterisation scale (216 dpi)
_PAINTED = 24  # summed RGB difference for a pixel to count as painted by the text
_CROSS_SHRINK_PT = 0.8  # the glyph box is shrunk by this before looking for a crossing line
_CROSS_MIN_AREA = 0.02  # a crossing covers at least this share of the shrunk box ...
_CROSS_SPAN = 0.85  # ... and runs through this share of its rows or columns


def _linear(c: np.ndarray) -> np.ndarray:
    """sRGB channels 0..1 to linear light."""
    return np.asarray(np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4))


#: :func:`_linear` of every 8-bit channel value: pixels are looked up, not raised to a power
#: (the same numbers, element by element).
_LINEAR_8BIT = _linear(np.arange(256, dtype=float) / 255.0)


def relative_luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG 2 relative luminance of sRGB colours (..., 3) with channels 0..255."""
    rgb = np.asarray(rgb)
    lin = _LINEAR_8BIT[rgb] if rgb.dtype == np.uint8 else _linear(np.asarray(rgb, dtype=float) / 255.0)
    return np.asarray(lin @ np.array([0.2126, 0.7152, 0.0722]))


def contrast_ratio(a: np.ndarray | tuple[int, int, int], b: np.ndarray | tuple[int, int, int]) -> np.ndarray:
    """WCAG 2 contrast ratio (1..21) between sRGB colours (broadcasting)."""
    la, lb = relative_luminance(np.asarray(a)), relative_luminance(np.asarray(b))
    return np.asarray((np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05))


def pixels(contents: PageContents, number: int, clip: pymupdf.Rect) -> tuple[pymupdf.Pixmap, np.ndarray]:
    """The pixmap of ``clip`` on the page ``number`` (0-based) and its RGB samples, a view of its
    memory (no copy): valid only while the caller holds the pixmap."""
    pix = contents.pixmap(number, pymupdf.Matrix(ZOOM, ZOOM), clip, pymupdf.csRGB)
    pixels = np.frombuffer(pix.samples_mv, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)
    return pix, pixels[:, :, :3]


def check_pixels(
    result: ChartLegibility, clip: pymupdf.Rect, page_no: int, with_text: np.ndarray, without_text: np.ndarray
) -> None:
    """Contrast against the pixels behind each word, and whether the word is painted at all."""
    height, width = with_text.shape[:2]
    for i, w in result.to_check():
        if w.page != page_no:
            continue
        x0 = int(max(0, (w.bbox[0] - clip.x0) * ZOOM))
        y0 = int(max(0, (w.bbox[1] - clip.y0) * ZOOM))
        x1 = int(min(width, (w.bbox[2] - clip.x0) * ZOOM + 1))
        y1 = int(min(height, (w.bbox[3] - clip.y0) * ZOOM + 1))
        if x1 <= x0 or y1 <= y0:
            continue
        mask = _inside_mask(w.corners, clip, x0, y0, x1, y1)
        if not mask.any():
            continue
        shown = with_text[y0:y1, x0:x1][mask]
        behind = without_text[y0:y1, x0:x1][mask]
        painted = np.abs(shown.astype(int) - behind.astype(int)).sum(axis=1) > _PAINTED
        # Pixels the text paints in a colour close to its own are its glyphs (anti-aliased
        # edges included); everything else in the box is what the reader sees around them:
        # the page behind, or a halo the text paints in a contrasting colour.
        ink = painted & (contrast_ratio(np.asarray(w.color), shown) < MIN_CONTRAST)
        ground = shown[~ink]
        ratios = contrast_ratio(np.asarray(w.color), ground) if len(ground) else np.ones(1)
        low = float((ratios < MIN_CONTRAST).mean())
        if low > MAX_LOW_CONTRAST_SHARE:
            worst = float(np.quantile(ratios, MAX_LOW_CONTRAST_SHARE))
            hexed = "#{:02x}{:02x}{:02x}".format(*w.color)
            result.fail(i, "contrast", f"{worst:.1f}:1 behind {low:.0%} of the word (text {hexed})")
        elif not painted.any():
            result.fail(i, "clipped", "in the text layer but not painted (hidden or clipped)")
        elif _crossed(w, clip, without_text):
            result.fail(i, "crossed", "a line or mark edge runs through it (no plate behind it)")


def _crossed(w: PrintedWord, clip: pymupdf.Rect, without_text: np.ndarray) -> bool:
    """Whether low-contrast pixels behind the word (the page without its text) run through
    its glyph box: a line or a mark's edge crossing the label."""
    height, width = without_text.shape[:2]
    corners = shrunk(w.corners, _CROSS_SHRINK_PT)
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    x0, y0 = int(max(0, (min(xs) - clip.x0) * ZOOM)), int(max(0, (min(ys) - clip.y0) * ZOOM))
    x1 = int(min(width, (max(xs) - clip.x0) * ZOOM + 1))
    y1 = int(min(height, (max(ys) - clip.y0) * ZOOM + 1))
    if x1 - x0 < 3 or y1 - y0 < 3:
        return False
    mask = _inside_mask(corners, clip, x0, y0, x1, y1)
    if not mask.any():
        return False
    low = np.zeros(mask.shape, dtype=bool)
    low[mask] = contrast_ratio(np.asarray(w.color), without_text[y0:y1, x0:x1][mask]) < MIN_CONTRAST
    rows, cols = np.asarray(mask.any(axis=1)), np.asarray(mask.any(axis=0))
    across_rows, across_cols = np.asarray(low.any(axis=1)), np.asarray(low.any(axis=0))
    span = max(float(across_rows[rows].mean()), float(across_cols[cols].mean()))
    return bool(low.sum() >= _CROSS_MIN_AREA * mask.sum() and span >= _CROSS_SPAN)


def _inside_mask(
    corners: tuple[tuple[float, float], ...], clip: pymupdf.Rect, x0: int, y0: int, x1: int, y1: int
) -> np.ndarray:
    """Pixels of the box [x0:x1, y0:y1] whose centres lie in the oriented glyph box.

    A pixel is inside when, for each edge, it lies on the side of the opposite corner (or on the
    edge). A glyph box whose edges all run along the axes (most words) is the product of a row
    and a column test, with the same verdicts: an edge along y = ay tests ``py - ay`` against
    the sign of ``cy - ay`` alone, exactly what the general test's products reduce to."""
    px = np.arange(x0, x1) / ZOOM + clip.x0 + 0.5 / ZOOM
    py = np.arange(y0, y1) / ZOOM + clip.y0 + 0.5 / ZOOM
    edges = [(corners[k], corners[(k + 1) % 4], corners[(k + 2) % 4]) for k in range(4)]
    if all(a[0] == b[0] or a[1] == b[1] for a, b, _ in edges):
        rows, cols = np.ones(py.shape, dtype=bool), np.ones(px.shape, dtype=bool)
        for (ax, ay), (bx, by), (cx, cy) in edges:
            if by == ay and bx != ax:  # along x: the rows on the opposite corner's side
                rows &= _same_side(py - ay, cy - ay)
            elif bx == ax and by != ay:  # along y: the columns
                cols &= _same_side(px - ax, cx - ax)
        return np.asarray(rows[:, None] & cols[None, :])
    inside = np.ones((len(py), len(px)), dtype=bool)
    px, py = px[None, :], py[:, None]
    for (ax, ay), (bx, by), (cx, cy) in edges:
        side = np.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax))
        inside &= np.sign((bx - ax) * (py - ay) - (by - ay) * (px - ax)) * side >= 0
    return inside


def _same_side(offsets: np.ndarray, corner: float) -> np.ndarray:
    """Whether each offset from an edge is zero or of the sign of the opposite corner's offset."""
    if corner > 0:
        return np.asarray(offsets >= 0)
    if corner < 0:
        return np.asarray(offsets <= 0)
    return np.ones(offsets.shape, dtype=bool)
