"""The words of a chart's text as the PDF prints them, for :mod:`generation.validate.legibility`.

Each word is a run of characters of one span between whitespace, split again where the pen
steps back (a second label printed over the first), with its glyph box oriented along the text
direction: from the baseline up to the cap height and down to the descenders.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pymupdf

from synthdocbench_tasks.pdf_text import PageContents

_ASCENT = 0.72  # cap height as a share of the font size (above the baseline)
_DESCENT = 0.18  # descender depth as a share of the font size (below the baseline)
_OVERPRINT = 0.25  # a pen step back by this share of the font size starts another label


@dataclass(frozen=True)
class PrintedWord:
    """One word of chart text: its glyph box oriented along the text direction."""

    viz_id: str
    page: int  # 1-based
    text: str
    size: float  # pt
    color: tuple[int, int, int]
    bbox: tuple[float, float, float, float]  # axis-aligned, pt
    corners: tuple[tuple[float, float], ...]  # oriented glyph box, pt


@dataclass(frozen=True)
class _Glyph:
    c: str
    origin: tuple[float, float]
    bbox: tuple[float, float, float, float]


def _word_box(chars: list[_Glyph], size: float, direction: tuple[float, float]) -> PrintedWord | None:
    """The oriented glyph box of a run of characters (baseline to cap height, plus descenders)."""
    dx, dy = direction
    nx, ny = dy, -dx  # "up" from the baseline, in page coordinates (y grows downwards)
    ox, oy = chars[0].origin
    lx, ly = chars[-1].origin
    bx0, by0, bx1, by1 = chars[-1].bbox
    axis_aligned = abs(dx) > 0.99 or abs(dy) > 0.99
    advance = abs((bx1 - bx0) * dx + (by1 - by0) * dy) if axis_aligned else size * 0.55
    length = (lx - ox) * dx + (ly - oy) * dy + advance
    if length <= 0:
        return None
    up, down = _ASCENT * size, _DESCENT * size
    corners = (
        (ox - nx * down, oy - ny * down),
        (ox + dx * length - nx * down, oy + dy * length - ny * down),
        (ox + dx * length + nx * up, oy + dy * length + ny * up),
        (ox + nx * up, oy + ny * up),
    )
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    text = "".join(ch.c for ch in chars)
    return PrintedWord("", 0, text, size, (0, 0, 0), (min(xs), min(ys), max(xs), max(ys)), corners)


def _split_overprints(
    chars: list[_Glyph], size: float, direction: tuple[float, float]
) -> Iterator[list[_Glyph]]:
    """Runs of characters whose pen position never steps back: a step back by more than a
    quarter of the font size (kerning, as in "y,", steps back less) or half a character
    means a second label printed over the first."""
    dx, dy = direction
    run: list[_Glyph] = []
    pen = 0.0
    for ch in chars:
        at = ch.origin[0] * dx + ch.origin[1] * dy
        x0, y0, x1, y1 = ch.bbox
        width = abs((x1 - x0) * dx + (y1 - y0) * dy)
        if run and at < pen - max(_OVERPRINT * size, width / 2):
            yield run
            run = []
        run.append(ch)
        pen = at + width
    if run:
        yield run


def page_words(contents: PageContents, number: int, clip: pymupdf.Rect, viz_id: str) -> list[PrintedWord]:
    """Words of the page ``number`` (0-based) whose glyph boxes touch ``clip`` (whitespace splits
    words; so do overprints)."""
    out: list[PrintedWord] = []
    grown = pymupdf.Rect(clip.x0 - 40, clip.y0 - 40, clip.x1 + 40, clip.y1 + 40)
    raw = contents.textpage(number, pymupdf.TEXT_PRESERVE_WHITESPACE, grown).extractRAWDICT()
    for block in raw.get("blocks", []):
        for line in block.get("lines", []):
            direction = (float(line["dir"][0]), float(line["dir"][1]))
            for span in line["spans"]:
                color = int(span["color"])
                rgb = ((color >> 16) & 255, (color >> 8) & 255, color & 255)
                size = float(span["size"])
                glyphs = [
                    _Glyph(str(ch["c"]), (float(ch["origin"][0]), float(ch["origin"][1])), tuple(ch["bbox"]))
                    for ch in span["chars"]
                ]
                run: list[_Glyph] = []
                for ch in [*glyphs, None]:
                    if ch is not None and not ch.c.isspace():
                        run.append(ch)
                        continue
                    for part in _split_overprints(run, size, direction) if run else ():
                        box = _word_box(part, size, direction)
                        if box is None or not pymupdf.Rect(box.bbox).intersects(clip):
                            continue
                        out.append(
                            PrintedWord(viz_id, number + 1, box.text, size, rgb, box.bbox, box.corners)
                        )
                    run = []
    return out
