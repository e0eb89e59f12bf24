"""The second chart renderer: matplotlib -> inline SVG, drawn server-side from Table 17 metadata.

It exists for the paper's open question on rendering familiarity (§5): the same chart
(same data, colours from ``colorMap``, legend, gridlines, highlighted items and data
labels as ``visualProperties`` say, same title) drawn by a library other than D3, so a
model's scores can be compared across renderers with everything else held fixed.

``render_chart_svg(chart, width, height, style)`` returns an ``<svg>`` element ready to
inline in HTML: text stays text (``svg.fonttype = none``, so it is extractable from the
PDF), every id is prefixed with ``mpl-<vizId>-`` (many charts share one page), and the
output is byte-identical for the same inputs (fixed hash salt, no date, no metadata).
Every type of :data:`generation.charts.registry.REGISTRY` is drawn, following the data
conventions of ``docs/data-layout.md``. matplotlib is imported inside functions (Agg).
"""

from __future__ import annotations

import io
import re
import textwrap
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from generation.charts.spec import chart_decimals
from synthdocbench_tasks.schema import Chart

if TYPE_CHECKING:
    from matplotlib.figure import Figure
from generation.charts.mpl_bars import (
    _draw_diverging,
    _draw_dumbbell,
    _draw_funnel,
    _draw_grouped,
    _draw_hbars,
    _draw_vbars,
)
from generation.charts.mpl_common import (
    _GENERIC,
    _PT_PER_PX,
    INK,
    ChartRenderError,
    ChartStyle,
    _at_least,
    _Ctx,
    _t,
    _tidy,
    _value_axis_of,
    _wrap,
)
from generation.charts.mpl_lines import _draw_lines, _draw_scatter, _draw_slope, _draw_sparklines
from generation.charts.mpl_parts import (
    _draw_box,
    _draw_bullet,
    _draw_heatmap,
    _draw_pie,
    _draw_radar,
    _draw_sankey,
    _draw_treemap,
)


def _rc_params(chart: Chart, prefix: str, fonts: list[str], pt: float) -> dict[str, Any]:
    """matplotlib settings of one chart's figure: fonts, colours, spines, deterministic SVG ids."""
    return {
        "svg.fonttype": "none",
        "svg.hashsalt": chart.vizId,
        "svg.id": f"{prefix}svg",
        "font.family": fonts,
        "font.size": pt,
        "axes.titlesize": pt * 1.12,
        "axes.labelsize": pt,
        "axes.labelweight": "bold",
        "axes.edgecolor": "#555555",
        "axes.labelcolor": "#333333",
        "text.color": INK,
        "xtick.color": "#555555",
        "ytick.color": "#555555",
        "xtick.labelcolor": INK,
        "ytick.labelcolor": INK,
        "xtick.labelsize": pt,
        "ytick.labelsize": pt,
        "legend.fontsize": pt,
        "legend.frameon": False,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "figure.dpi": 72,
        "savefig.dpi": 72,
        "path.simplify": False,
        "axes.unicode_minus": False,
    }


def render_chart_svg(
    chart: Chart,
    width_px: float,
    height_px: float,
    style: ChartStyle | None = None,
    *,
    show_title: bool = True,
) -> str:
    """``chart`` drawn by matplotlib as an inline ``<svg>`` element filling ``width_px`` x ``height_px``.

    The SVG scales to its container (``width``/``height`` 100%, ``viewBox`` in points),
    so at the given CSS size its text has ``style.font_px``. Raises :class:`ChartRenderError`
    for a type without a drawer or data that break the type's conventions.
    """
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure

    style = style or ChartStyle()
    if chart.chartType not in DRAWERS:
        raise ChartRenderError(f"{chart.vizId}: chart type {chart.chartType!r} has no matplotlib drawing")
    ctx = _Ctx(
        chart=chart,
        style=style,
        width_px=width_px,
        decimals=chart_decimals(chart),
        unit=_value_axis_of(chart).unit or "",
        highlighted=set(chart.visualProperties.highlightedItems),
    )
    prefix = f"mpl-{chart.vizId}-"
    fonts = list(available_fonts(style.font_family))
    pt = _at_least(style.font_px * _PT_PER_PX)
    rc = _rc_params(chart, prefix, fonts, pt)
    with matplotlib.rc_context(rc):  # type: ignore[arg-type]  # keys are checked by matplotlib
        from matplotlib.layout_engine import ConstrainedLayoutEngine

        engine = ConstrainedLayoutEngine(w_pad=4 / 72, h_pad=4 / 72, wspace=0.04, hspace=0.04)
        fig = Figure(figsize=(width_px / 96, height_px / 96), layout=engine, facecolor="none")
        if show_title:
            fig.suptitle(
                _t(_fitted_title(chart.title, width_px, pt * 1.25, fonts)),
                fontweight="bold",
                fontsize=pt * 1.25,
            )
        try:
            DRAWERS[chart.chartType](fig, ctx)
        except (KeyError, ValueError, ZeroDivisionError) as exc:
            raise ChartRenderError(
                f"{chart.vizId}: cannot draw {chart.chartType} from its data: {exc}; see docs/data-layout.md"
            ) from exc
        _tidy(fig)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None}, transparent=True)
    return _inline_svg(buf.getvalue(), prefix, chart.title)


@cache
def available_fonts(stack: tuple[str, ...]) -> tuple[str, ...]:
    """The families of ``stack`` that matplotlib can measure (others would only log warnings).

    Generic names are dropped; DejaVu Sans, which matplotlib ships, closes the list.
    """
    from matplotlib import font_manager

    manager = font_manager.fontManager
    known = {f.name for f in manager.ttflist}
    if any(f not in known and f not in _GENERIC for f in stack):
        # matplotlib's font cache predates fonts installed later: add the system's new files.
        seen = {f.fname for f in manager.ttflist}
        for path in sorted(font_manager.findSystemFonts()):
            if path not in seen:
                try:
                    manager.addfont(path)
                except (OSError, RuntimeError, ValueError):
                    continue
        known = {f.name for f in manager.ttflist}
    found = [f for f in stack if f in known]
    return tuple(dict.fromkeys([*found, "DejaVu Sans"]))


_ID = re.compile(r'\bid="([^"]+)"')


def _fitted_title(title: str, width_px: float, size_pt: float, fonts: list[str]) -> str:
    """The title wrapped so that every line, measured in its bold font, fits the figure: the
    average-width guess of ``_wrap`` lets a line of wide letters run past the edge, where the
    SVG clips its last characters ("… 2014–201")."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    prop = FontProperties(family=fonts or None, weight="bold", size=size_pt)
    measure = TextToPath()
    room = width_px * 0.75 * 0.96  # pt, less the figure's padding
    text = _wrap(title, width_px, size_pt / 0.75)
    per_line = max(len(line) for line in text.split("\n"))
    while per_line > 12 and any(
        measure.get_text_width_height_descent(_t(line), prop, ismath=False)[0] > room
        for line in text.split("\n")
    ):
        per_line -= 2
        text = "\n".join(textwrap.wrap(title, per_line))
    return text


def _inline_svg(svg: str, prefix: str, title: str) -> str:
    """Drop the XML prologue and metadata, prefix every id, make the root scale to its box."""
    start = svg.index("<svg")
    svg = svg[start:]
    svg = re.sub(r"\s*<metadata>.*?</metadata>", "", svg, flags=re.S)
    ids = set(_ID.findall(svg))
    svg = _ID.sub(
        lambda m: f'id="{m.group(1) if m.group(1).startswith(prefix) else prefix + m.group(1)}"', svg
    )

    def ref(m: re.Match[str]) -> str:
        name = m.group(2)
        return f"{m.group(1)}{prefix + name if name in ids else name}"

    svg = re.sub(r'(url\(#|href="#)([^)"]+)', ref, svg)
    head_end = svg.index(">")
    head = svg[:head_end]
    head = re.sub(r'\swidth="[^"]*"', ' width="100%"', head, count=1)
    head = re.sub(r'\sheight="[^"]*"', ' height="100%"', head, count=1)
    label = title.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    head += f' class="chart-svg-mpl" role="img" aria-label="{label}" preserveAspectRatio="xMidYMid meet"'
    # No ligatures: Chromium would print "tt" or "ti" as one glyph that the text layer splits
    # into a wide glyph and a zero-width one, which reads as two overprinted words.
    head += ' style="font-variant-ligatures: none"'
    return (head + svg[head_end:]).strip() + "\n"


#: One drawing function per chart type of :data:`generation.charts.registry.REGISTRY`.
DRAWERS: dict[str, Callable[[Figure, _Ctx], None]] = {
    "bar": lambda f, c: _draw_vbars(f, c, "bar"),
    "histogram": lambda f, c: _draw_vbars(f, c, "histogram"),
    "waterfall": lambda f, c: _draw_vbars(f, c, "waterfall"),
    "horizontal_bar": lambda f, c: _draw_hbars(f, c, "bar"),
    "lollipop": lambda f, c: _draw_hbars(f, c, "lollipop"),
    "funnel": _draw_funnel,
    "diverging_bar": _draw_diverging,
    "grouped_bar": lambda f, c: _draw_grouped(f, c, False),
    "stacked_bar": lambda f, c: _draw_grouped(f, c, True),
    "dumbbell": _draw_dumbbell,
    "line": lambda f, c: _draw_lines(f, c, "line"),
    "area": lambda f, c: _draw_lines(f, c, "area"),
    "multi_line": lambda f, c: _draw_lines(f, c, "multi_line"),
    "stacked_area": lambda f, c: _draw_lines(f, c, "stacked_area"),
    "slope": _draw_slope,
    "sparkline_grid": _draw_sparklines,
    "scatter": lambda f, c: _draw_scatter(f, c, False),
    "bubble": lambda f, c: _draw_scatter(f, c, True),
    "pie": lambda f, c: _draw_pie(f, c, False),
    "donut": lambda f, c: _draw_pie(f, c, True),
    "treemap": _draw_treemap,
    "heatmap": _draw_heatmap,
    "box": _draw_box,
    "radar": _draw_radar,
    "bullet": _draw_bullet,
    "sankey": _draw_sankey,
}


#: The chart types the matplotlib renderer draws: every type of the registry (a test checks it).
