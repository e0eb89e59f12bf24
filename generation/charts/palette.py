"""One visual language per report (issue 24, point 5): a category keeps one colour.

A category (a series, a part of a mix, an entity, a year drawn as a series) that is coloured
in several charts of a report is drawn in the same colour in every one of them, so a reader
(and an L5 question) can lean on the report's colours. Colours come from
:data:`CATEGORY_PALETTE`: each is the swatch of an everyday colour word
(:data:`generation.charts.colours.COLOUR_WORDS`), so questions name it unambiguously, and every
two are at least :data:`MIN_DELTA_E` apart (CIEDE2000). Colours with another meaning are
reserved (:data:`RESERVED`): the highlight accent, the annotation red, the neutral grey of
single-hue charts and the target marker are never a category's colour, and every palette
colour stays :data:`MIN_DELTA_E` from each of them.

Only charts whose colour encodes a category (``colorEncoding`` "categorical: ...") take report
colours; colour that encodes a value (single hue, a sign, a role, a sequential scale) keeps its
own meaning. :func:`report_colours` colours the categories of a report like a graph: categories
drawn together in one chart get different colours; the most used categories choose first, and
each takes the palette colour the report has used least (so a report with no more categories
than colours gives each category its own colour).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from generation.charts.colours import COLOUR_WORDS
from synthdocbench_tasks.schema import Chart

#: The colour words a category may be drawn in, in order of preference (red is left out:
#: it is close to the highlight accent and the annotation red; grey is the single-hue base,
#: yellow and light blue are too pale for a line on paper, black is the target marker).
CATEGORY_WORDS: tuple[str, ...] = (
    "blue",
    "orange",
    "green",
    "purple",
    "brown",
    "teal",
    "pink",
    "olive",
    "navy",
    "magenta",
    "cyan",
)
_SWATCH = dict(COLOUR_WORDS)
#: The category colours, as ``#RRGGBB`` (the swatch of each word of :data:`CATEGORY_WORDS`).
CATEGORY_PALETTE: tuple[str, ...] = tuple("#{:02X}{:02X}{:02X}".format(*_SWATCH[w]) for w in CATEGORY_WORDS)
#: Every two category colours, and every category colour and reserved colour, are at least
#: this far apart (CIEDE2000; 10 is "clearly different at a glance").
MIN_DELTA_E = 15.0

#: Colours with a meaning of their own, never a category's colour.
RESERVED: dict[str, str] = {
    "highlight": "#DD4F2A",  # a highlighted mark of a single-hue chart
    "annotation": "#B3001B",  # annotation text and highlighted series labels (base.css, mpl)
    "base": "#767676",  # every mark of a single-hue chart: colour that says "no category"
    "target": "#222222",  # the target marker of a bullet chart
}


def is_categorical(chart: Chart) -> bool:
    """Whether the chart's colours name categories (a legend, series, parts)."""
    return chart.visualProperties.colorEncoding.startswith("categorical")


def report_colours(charts: Sequence[Chart]) -> dict[str, str]:
    """One palette colour per category of the report's categorical charts: {category: colour}.

    Categories drawn in one chart always differ; a category that would find every colour taken
    by the categories it is drawn with (more than the palette holds) is left out and keeps the
    colour its charts give it (:func:`apply_report_colours` keeps each chart's colours distinct)."""
    keys = [list(c.visualProperties.colorMap) for c in charts if is_categorical(c)]
    uses: Counter[str] = Counter(k for ks in keys for k in ks)
    first: dict[str, int] = {}
    together: dict[str, set[str]] = {}
    for ks in keys:
        for k in ks:
            first.setdefault(k, len(first))
            together.setdefault(k, set()).update(o for o in ks if o != k)
    used: Counter[str] = Counter()
    out: dict[str, str] = {}
    for key in sorted(first, key=lambda k: (-uses[k], -len(together[k]), first[k])):
        taken = {out[o] for o in together[key] if o in out}
        free = [c for c in CATEGORY_PALETTE if c not in taken]
        if not free:
            continue
        choice = min(free, key=lambda c: (used[c], CATEGORY_PALETTE.index(c)))
        out[key] = choice
        used[choice] += 1
    return out


def apply_report_colours(charts: Sequence[Chart]) -> None:
    """Recolour the categorical charts of one report (in place) with :func:`report_colours`."""
    colours = report_colours(charts)
    for chart in charts:
        if not is_categorical(chart):
            continue
        cmap = chart.visualProperties.colorMap
        fixed = {k: colours[k] for k in cmap if k in colours}
        spare = [c for c in CATEGORY_PALETTE if c not in fixed.values()]
        chart.visualProperties.colorMap = {
            k: fixed[k] if k in fixed else spare.pop(0) if spare else v for k, v in cmap.items()
        }
