"""Data markers read off the printed PDF, for the legibility check's ``covers`` test.

A marker is a small filled round mark (a line chart's point, a dumbbell's or radar's dot, a
scatter point): a vector path of curves 2-12 pt across, about as wide as it is tall, not
paper-white. A chart word whose glyph box holds a marker's centre hides that marker (the
word's plate is painted over it) or is itself cut by it, so a reader can neither see the dot
nor read the label cleanly (issue 24, point 5).

A reader pairs a value label with the marker nearest to it. :func:`misplaced` finds the labels
that sit nearer another marker than their own (the legibility check's ``misplaced`` test): a
sparkline's label moved beside its point, over the next year's point, is read as that year's.
:func:`astray` finds those that sit far from their own (``astray``): moved a row above it, over
another label, a label is read as belonging to no point in particular.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pymupdf
from scipy.optimize import linear_sum_assignment

#: Markers are this wide, in pt (bubbles and pie slices are larger; ticks and glyphs smaller).
MIN_WIDTH, MAX_WIDTH = 2.0, 12.0
#: A marker's width and height differ by less than this (pt): it is round.
_ROUND = 0.8
#: A label's nearest marker must be nearer than its own by this much (pt) to misplace it (ties).
TIE_PT = 1.0
#: A label farther than this (pt) from its own marker has left it: drawn above its point it sits
#: about 4 pt off, moved beside it about 5; moved a row up or down, 12 or more.
ASTRAY_PT = 8.0
#: A fill whose every channel is above this is paper or a label plate, not a marker.
_PAPER = 0.95

Point = tuple[float, float]


def marker_centres(page: pymupdf.Page, clip: pymupdf.Rect) -> list[Point]:
    """The centre of every data marker drawn on ``page`` inside ``clip``.

    The paths come from ``get_cdrawings`` (what ``get_drawings`` builds its dictionaries from,
    with plain tuples for points: a chart page has tens of thousands); the rectangle of a
    filled path is made a :class:`pymupdf.Rect` as ``get_drawings`` makes it, so the tests below
    are those of ``get_drawings``' paths."""
    out: list[Point] = []
    for d in page.get_cdrawings():
        fill = d.get("fill")
        if fill is None or min(fill) > _PAPER:
            continue
        r = pymupdf.Rect(d["rect"])
        if not clip.intersects(r):
            continue
        if not MIN_WIDTH <= r.width <= MAX_WIDTH or abs(r.width - r.height) >= _ROUND:
            continue
        if any(item[0] == "c" for item in d["items"]):
            out.append(((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2))
    return out


def inside(corners: Sequence[Point], p: Point) -> bool:
    """Whether ``p`` lies in the convex quadrilateral ``corners`` (in order, either winding)."""
    signs = []
    for k in range(4):
        (ax, ay), (bx, by) = corners[k], corners[(k + 1) % 4]
        signs.append((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax))
    return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)


def _gap(corners: Sequence[Point], p: Point) -> float:
    """Distance (pt) from ``p`` to the axis-aligned box around ``corners`` (0 inside)."""
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    dx = max(min(xs) - p[0], 0.0, p[0] - max(xs))
    dy = max(min(ys) - p[1], 0.0, p[1] - max(ys))
    return float(np.hypot(dx, dy))


def _paired(
    labels: Sequence[Sequence[Point]], centres: Sequence[Point]
) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """The gaps of every label to every marker, and the one-to-one pairing (label, marker) at the
    least total distance: the pairing a correctly labelled chart draws, each label beside its point."""
    gaps = np.array([[_gap(c, p) for p in centres] for c in labels])
    rows, cols = linear_sum_assignment(gaps)
    return gaps, [(int(i), int(j)) for i, j in zip(rows, cols, strict=True)]


def misplaced(labels: Sequence[Sequence[Point]], centres: Sequence[Point]) -> dict[int, float]:
    """The value labels (glyph-box corners) that sit nearer another marker than their own, with
    how much nearer (pt).

    A label's own marker is the one :func:`_paired` gives it; a label whose nearest marker is nearer
    than that one by more than :data:`TIE_PT` is read as that marker's value, and so is the label
    paired with that marker where it sits no nearer to it (two labels as near one dot: a reader
    cannot tell which is its value). Labels the pairing leaves out (more labels than markers) are
    not judged."""
    if not labels or not centres:
        return {}
    gaps, pairs = _paired(labels, centres)
    holder = {j: i for i, j in pairs}
    out: dict[int, float] = {}
    for i, j in pairs:
        nearest = int(gaps[i].argmin())
        nearer = float(gaps[i, j] - gaps[i, nearest])
        if nearer <= TIE_PT:
            continue
        out[i] = nearer
        other = holder.get(nearest)
        if other is not None and gaps[other, nearest] >= gaps[i, nearest] - TIE_PT:
            out.setdefault(other, 0.0)
    return out


def astray(labels: Sequence[Sequence[Point]], centres: Sequence[Point]) -> dict[int, float]:
    """The value labels (glyph-box corners) farther than :data:`ASTRAY_PT` from their own marker
    (:func:`_paired`), with how far (pt): a label moved a row or more off its point, above another
    label or below the line, is not read as that point's even where no other point is nearer."""
    if not labels or not centres:
        return {}
    gaps, pairs = _paired(labels, centres)
    return {i: float(gaps[i, j]) for i, j in pairs if gaps[i, j] > ASTRAY_PT}
