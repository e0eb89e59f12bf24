"""Colour words a reader would use, chosen by perceptual distance (issue 11, point 4).

A colour is named by the nearest of a small set of everyday colour words, measured as
CIEDE2000 ΔE in CIELAB (via ``coloraide``), and only when that name wins clearly: it is
within :data:`MAX_DELTA_E` of the colour, and the next-nearest name is at least
:data:`MARGIN` times as far. ``#1f77b4`` is "blue"; ``#bcbd22`` (between yellow and olive)
and ``#dd4f2a`` (between red and orange) get no name, so no question calls them anything.
"""

from __future__ import annotations

import re
from functools import cache

from coloraide import Color

from synthdocbench_tasks.schema import Chart, DataPoint

#: Everyday colour words and a typical sRGB value for each.
COLOUR_WORDS: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("red", (214, 39, 40)),
    ("orange", (255, 127, 14)),
    ("yellow", (240, 210, 30)),
    ("olive", (128, 128, 0)),
    ("green", (44, 160, 44)),
    ("teal", (0, 128, 128)),
    ("cyan", (23, 190, 207)),
    ("blue", (31, 119, 180)),
    ("light blue", (120, 180, 230)),
    ("navy", (20, 40, 110)),
    ("purple", (148, 103, 189)),
    ("pink", (240, 130, 190)),
    ("magenta", (200, 40, 160)),
    ("brown", (140, 86, 75)),
    ("maroon", (128, 0, 0)),
    ("grey", (127, 127, 127)),
    ("black", (20, 20, 20)),
    ("white", (255, 255, 255)),
)
#: Words that name a visual encoding other than a colour: an L5 question identifies its element
#: by one of these or a colour word, and one of its reasoning steps reads it.
ENCODING_WORDS: tuple[str, ...] = (
    "colour",
    "color",
    "legend",
    "highlight",
    "marker",
    "accent",
    "line style",
    "dashed",
    "whisker",
    "bubble",
    "intens",
)


def colour_names() -> tuple[str, ...]:
    """Every colour word a question may use: the names of :data:`COLOUR_WORDS`, and "gray"."""
    return (*(name for name, _ in COLOUR_WORDS), "gray")


@cache
def _encoding_words() -> re.Pattern[str]:
    """An encoding word at the start of a word ("highlighted", "intensity"), or a colour word."""
    encodings = "|".join(map(re.escape, ENCODING_WORDS))
    colours = "|".join(map(re.escape, sorted(colour_names(), key=len, reverse=True)))
    return re.compile(rf"\b(?:{encodings})|\b(?:{colours})\b")


def names_encoding(text: str) -> bool:
    """Whether lower-cased ``text`` names a visual encoding or a colour (as words: "credits" names
    no red)."""
    return _encoding_words().search(text) is not None


#: The nearest word must be at most this far (CIEDE2000) ...
MAX_DELTA_E = 12.0
#: ... and the second-nearest at least this many times as far.
MARGIN = 2.0


@cache
def _words() -> tuple[tuple[str, Color], ...]:
    return tuple((name, Color("srgb", [c / 255 for c in rgb])) for name, rgb in COLOUR_WORDS)


def _parse(colour: str) -> Color | None:
    text = colour.strip().lower()
    if not text:
        return None
    try:
        parsed = Color(text)
    except (ValueError, TypeError):
        return None
    return parsed.convert("srgb")


@cache
def nearest_words(colour: str) -> tuple[tuple[str, float], ...]:
    """Every colour word with its CIEDE2000 distance to ``colour``, nearest first (empty if
    the colour cannot be parsed)."""
    parsed = _parse(colour)
    if parsed is None:
        return ()
    ranked = ((name, float(parsed.delta_e(ref, method="2000"))) for name, ref in _words())
    return tuple(sorted(ranked, key=_by_distance))


def _by_distance(item: tuple[str, float]) -> float:
    return item[1]


def colour_name(colour: str) -> str | None:
    """The colour word for a CSS colour when one wins clearly (``#1f77b4`` -> ``blue``); None
    when the colour cannot be read or sits between two words (``#bcbd22``, ``#dd4f2a``)."""
    ranked = nearest_words(colour)
    if len(ranked) < 2:
        return None
    (name, best), (_, second) = ranked[0], ranked[1]
    if best > MAX_DELTA_E or second < MARGIN * best:
        return None
    return name


def unambiguous_colours(chart: Chart) -> dict[str, str]:
    """colorMap keys whose colour has a clear word that no other key's colour shares: {key: word}."""
    named = {k: colour_name(v) for k, v in chart.visualProperties.colorMap.items()}
    counts: dict[str, int] = {}
    for name in named.values():
        if name:
            counts[name] = counts.get(name, 0) + 1
    return {k: n for k, n in named.items() if n and counts[n] == 1}


def colour_of(chart: Chart, point: DataPoint) -> str | None:
    """The colour word a reader matches to this mark (its series, else its own label), when the
    word is clear and no other key of the colour map shares it."""
    colours = unambiguous_colours(chart)
    if point.category is not None and point.category in chart.visualProperties.colorMap:
        return colours.get(point.category)
    return colours.get(point.label)
