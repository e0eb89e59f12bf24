"""Which mark a chart's value label sits next to, read from the printed PDF (issue 24, point 5).

A value label is attributed to its own mark when the nearest dot to the label's box has the
colour of the label's series (dots within
:data:`TIE` of each other tie), or when a leader line runs from the label to a dot of that colour.
Labels whose value two series share are left out (their series cannot be told from the text).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import pymupdf

from synthdocbench_tasks.schema import Chart, DocumentManifest
from tests.generation.chart_docs import region_rect

#: Dots this much (points) nearer than a label's own dot still tie with it (coincident values).
TIE = 1.0
_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


@dataclass(frozen=True)
class Attribution:
    """One value label: its chart, text, and whether its nearest mark is its own."""

    chart_type: str
    text: str
    own: bool


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


def _same(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return all(abs(x - y) < 0.02 for x, y in zip(a, b, strict=False))


def _dots(page: pymupdf.Page, clip: pymupdf.Rect) -> list[tuple[pymupdf.Point, tuple[float, ...]]]:
    """Centre and fill of every small round filled mark in ``clip`` (not white plates)."""
    out = []
    for d in page.get_drawings():
        r, fill = d["rect"], d.get("fill")
        if fill is None or not clip.intersects(r) or min(fill) > 0.95:
            continue
        if 2.0 <= r.width <= 12 and abs(r.width - r.height) < 0.8 and any(i[0] == "c" for i in d["items"]):
            out.append(((r.tl + r.br) / 2, tuple(fill)))
    return out


def _leaders(page: pymupdf.Page, clip: pymupdf.Rect) -> list[tuple[pymupdf.Point, pymupdf.Point]]:
    return [
        (i[1], i[2])
        for d in page.get_drawings()
        if d.get("color") is not None and clip.intersects(d["rect"]) and (d.get("width") or 1) <= 1.0
        for i in d["items"]
        if i[0] == "l"
    ]


def _gap(rect: pymupdf.Rect, p: pymupdf.Point) -> float:
    return math.hypot(max(rect.x0 - p.x, 0, p.x - rect.x1), max(rect.y0 - p.y, 0, p.y - rect.y1))


def _series_of(chart: Chart, text: str) -> str | None:
    m = _NUMBER.fullmatch(text.strip().rstrip("%"))
    if not m or "." not in text:  # the test charts' values carry a decimal, tick labels none
        return None
    value = float(m.group(0).replace(",", ""))
    cats = {d.category or "" for d in chart.data if abs(d.value - value) < 0.051}
    return cats.pop() if len(cats) == 1 else None


def attributions(pdf: bytes, manifest: DocumentManifest) -> list[Attribution]:
    """Every attributable value label of ``manifest``'s charts, with whether it sits by its own mark."""
    out: list[Attribution] = []
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        for chart in manifest.charts:
            region = chart.regions[0]
            page = doc[region.page - 1]
            clip = region_rect(page, region)
            dots, leaders = _dots(page, clip), _leaders(page, clip)
            for w in page.get_text("words", clip=clip):
                series = _series_of(chart, w[4])
                if series is None or not dots:
                    continue
                box = pymupdf.Rect(w[:4])
                colour = _rgb(str(chart.visualProperties.colorMap[series]))
                nearest = min(_gap(box, d[0]) for d in dots)
                mine = min((_gap(box, d[0]) for d in dots if _same(d[1], colour)), default=math.inf)
                own = mine <= nearest + TIE or any(
                    min(_gap(box, a), _gap(box, b)) < 3
                    and any(_same(c, colour) and min(abs(a - p), abs(b - p)) < 2.5 for p, c in dots)
                    for a, b in leaders
                )
                out.append(Attribution(chart.chartType, w[4], own))
    return out
