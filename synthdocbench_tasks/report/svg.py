"""A small SVG plotting kit for the report's figures: axes with ticks and labels, bars with
error bars, lines, markers, text and a legend, written as SVG text directly (no plotting
library: the report's figures are bars, dots, lines and a heatmap, and the browser sets the
text). Coordinates are pixels at 100 per inch, rounded to 0.1; the output is deterministic."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

#: matplotlib's default colour cycle ("tab10"), so both renderings of a figure look alike.
TAB10 = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
)
#: ColorBrewer's RdYlGn (matplotlib's ``RdYlGn``), 0 to 1 in 10 equal steps.
RDYLGN = (
    "#a50026",
    "#d73027",
    "#f46d43",
    "#fdae61",
    "#fee08b",
    "#ffffbf",
    "#d9ef8b",
    "#a6d96a",
    "#66bd63",
    "#1a9850",
    "#006837",
)
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
FONT_SIZE = 13.0
#: Average advance of a character, in font sizes (DejaVu Sans): text width estimates for layout.
CHAR_WIDTH = 0.6


def escape(text: str) -> str:
    """``text`` as XML character data (``xml.sax.saxutils.escape``, whose import costs more
    than drawing every figure)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def text_width(text: str, size: float = FONT_SIZE) -> float:
    return len(text) * size * CHAR_WIDTH


def _n(value: float) -> str:
    """A coordinate as SVG text: 0.1 px steps, no trailing zeros."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def colour(value: float, stops: Sequence[str] = RDYLGN) -> str:
    """The colour of ``value`` (0..1, clipped) on a colour map of equally spaced ``stops``."""
    where = min(max(value, 0.0), 1.0) * (len(stops) - 1)
    i = min(int(where), len(stops) - 2)
    t = where - i
    a, b = (tuple(int(s[k : k + 2], 16) for k in (1, 3, 5)) for s in stops[i : i + 2])
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


def nice_ticks(lo: float, hi: float, target: int = 7) -> list[float]:
    """Round tick values covering ``lo``..``hi``, about ``target`` of them (steps 1, 2, 2.5 or 5
    times a power of ten)."""
    if not hi > lo:
        return [lo]
    raw = (hi - lo) / max(1, target - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw * 0.999)
    first = math.ceil(lo / step - 1e-9)
    return [round(k * step, 10) for k in range(first, math.floor(hi / step + 1e-9) + 1)]


def tick_labels(values: Sequence[float]) -> list[str]:
    """Tick values with the fewest decimals that show each exactly, the same for all (as
    matplotlib labels them: ``0.0 0.2 ... 1.0``)."""
    decimals = next((d for d in range(6) if all(abs(round(v, d) - v) < 1e-9 for v in values)), 6)
    return [f"{v:.{decimals}f}" for v in values]


@dataclass
class Canvas:
    """An SVG document being drawn: ``width`` x ``height`` pixels, white."""

    width: float
    height: float
    parts: list[str] = field(default_factory=list)

    def rect(self, x: float, y: float, w: float, h: float, fill: str, extra: str = "") -> None:
        self.parts.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(max(w, 0.0))}" height="{_n(max(h, 0.0))}" '
            f'fill="{fill}"{extra}/>'
        )

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        stroke: str = "#000",
        width: float = 1.0,
        dash: str = "",
    ) -> None:
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(
            f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{stroke}" '
            f'stroke-width="{width:g}"{dashed}/>'
        )

    def polyline(self, points: Sequence[tuple[float, float]], stroke: str, width: float = 1.5) -> None:
        coords = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self.parts.append(
            f'<polyline points="{coords}" fill="none" stroke="{stroke}" stroke-width="{width:g}" '
            'stroke-opacity="0.7"/>'
        )

    def marker(self, x: float, y: float, fill: str, shape: str = "circle", size: float = 8.0) -> None:
        r = size / 2
        if shape == "diamond":
            corners = ((x, y - r * 1.4), (x + r * 1.1, y), (x, y + r * 1.4), (x - r * 1.1, y))
            pts = " ".join(f"{_n(a)},{_n(b)}" for a, b in corners)
            self.parts.append(f'<polygon points="{pts}" fill="{fill}"/>')
        else:
            self.parts.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}"/>')

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = FONT_SIZE,
        anchor: str = "middle",
        rotate: float = 0.0,
        bold: bool = False,
    ) -> None:
        """``text`` with its baseline's ``anchor`` point (start, middle, end) at ``x``, its
        vertical middle at ``y``, turned ``rotate`` degrees about that point."""
        turn = f' transform="rotate({rotate:g} {_n(x)} {_n(y)})"' if rotate else ""
        weight = ' font-weight="bold"' if bold else ""
        self.parts.append(
            f'<text x="{_n(x)}" y="{_n(y + size * 0.35)}" font-size="{size:g}" text-anchor="{anchor}"'
            f"{weight}{turn}>{escape(text)}</text>"
        )

    def svg(self, title: str) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(self.width)}" height="{_n(self.height)}" '
            f'viewBox="0 0 {_n(self.width)} {_n(self.height)}" font-family="{FONT}">'
        )
        body = [f"<title>{escape(title)}</title>", '<rect width="100%" height="100%" fill="#fff"/>']
        return "\n".join([head, *body, *self.parts, "</svg>"]) + "\n"


@dataclass
class Axes:
    """A plot area of ``canvas`` at ``(x, y)`` (top left), ``w`` x ``h`` pixels, showing data
    ``xlim`` by ``ylim``."""

    canvas: Canvas
    x: float
    y: float
    w: float
    h: float
    xlim: tuple[float, float]
    ylim: tuple[float, float]

    def px(self, value: float) -> float:
        lo, hi = self.xlim
        return self.x + (value - lo) / (hi - lo) * self.w

    def py(self, value: float) -> float:
        lo, hi = self.ylim
        return self.y + self.h - (value - lo) / (hi - lo) * self.h

    def frame(self) -> None:
        c = self.canvas
        c.parts.append(
            f'<rect x="{_n(self.x)}" y="{_n(self.y)}" width="{_n(self.w)}" height="{_n(self.h)}" '
            'fill="none" stroke="#000" stroke-width="0.8"/>'
        )

    def yticks(self, values: Sequence[float], labels: Sequence[str] | None = None) -> None:
        for value, label in zip(values, labels or tick_labels(values), strict=True):
            y = self.py(value)
            self.canvas.line(self.x - 4, y, self.x, y, width=0.8)
            self.canvas.text(self.x - 6, y, label, anchor="end")

    def xticks(self, values: Sequence[float], labels: Sequence[str] | None = None, rotate: float = 0) -> None:
        base = self.y + self.h
        for value, label in zip(values, labels or tick_labels(values), strict=True):
            x = self.px(value)
            self.canvas.line(x, base, x, base + 4, width=0.8)
            if rotate:
                self.canvas.text(x, base + 12, label, anchor="end", rotate=-rotate)
            else:
                self.canvas.text(x, base + 13, label)

    def bar(
        self, x: float, width: float, value: float, fill: str, err: tuple[float, float] | None = None
    ) -> None:
        """A bar from 0 to ``value`` centred on ``x`` (data units), with an error bar ``err``
        (lo, hi) where both are finite."""
        left, right = self.px(x - width / 2), self.px(x + width / 2)
        top, zero = self.py(max(value, 0.0)), self.py(max(self.ylim[0], 0.0))
        self.canvas.rect(left, top, right - left, zero - top, fill)
        if err is not None and all(math.isfinite(e) for e in err):
            mid, lo, hi = self.px(x), self.py(err[0]), self.py(err[1])
            self.canvas.line(mid, lo, mid, hi, width=1)
            for y in (lo, hi):
                self.canvas.line(mid - 2.5, y, mid + 2.5, y, width=1)

    def hline(self, value: float, stroke: str = "#808080", width: float = 1.0, dash: str = "4,3") -> None:
        y = self.py(value)
        self.canvas.line(self.x, y, self.x + self.w, y, stroke, width, dash)

    def vline(self, value: float, stroke: str = "#808080", width: float = 1.0, dash: str = "4,3") -> None:
        x = self.px(value)
        self.canvas.line(x, self.y, x, self.y + self.h, stroke, width, dash)

    def title(self, text: str, size: float = FONT_SIZE + 1) -> None:
        self.canvas.text(self.x + self.w / 2, self.y - 10, text, size=size)

    def ylabel(self, text: str, offset: float) -> None:
        self.canvas.text(self.x - offset, self.y + self.h / 2, text, rotate=-90)

    def xlabel(self, text: str, offset: float) -> None:
        self.canvas.text(self.x + self.w / 2, self.y + self.h + offset, text)


def legend(canvas: Canvas, x: float, y: float, entries: Sequence[tuple[str, str, str]]) -> float:
    """A legend in one row from ``(x, y)`` (the row's middle): ``(label, colour, kind)`` with
    kind ``bar``, ``dot``, ``diamond`` or ``line``; returns where the row ends."""
    for label, fill, kind in entries:
        if kind == "bar":
            canvas.rect(x, y - 5, 14, 10, fill)
        elif kind == "line":
            canvas.line(x, y, x + 14, y, fill, 2)
        else:
            canvas.marker(x + 7, y, fill, "diamond" if kind == "diamond" else "circle")
        canvas.text(x + 19, y, label, anchor="start", size=FONT_SIZE - 1)
        x += 19 + text_width(label, FONT_SIZE - 1) + 14
    return x


def rotated_height(labels: Sequence[str], degrees: float, size: float = FONT_SIZE) -> float:
    """How far tick labels turned ``degrees`` reach below their anchor."""
    longest = max((text_width(s, size) for s in labels), default=0.0)
    angle = math.radians(degrees)
    return longest * math.sin(angle) + size * math.cos(angle)
