"""Which words of change fit a change: the one rule the prose follows (prose53).

A reader calls a series *flat* ("broadly flat", "stable", "little changed") when its values stay
within a narrow band of their level, and *moving* ("rose", "fell", "a decline") when they do not.
The band is :data:`FLAT_BAND`: a series is flat when its highest and lowest values lie at most
that share of its mean level apart (:func:`is_flat`; for two values, their change). So
"broadly flat" never stands beside a change of 3.9%, and "rose" never beside a move of 0.1%.
"Sharply" and its kin ask for a move of at least :data:`SHARP_MOVE`.

The prose's trend claims state "was broadly flat" only of a flat stretch
(:func:`generation.document.claims.trend_claims`), its fact-table sentences state a rise or a fall
only of a change that is not flat (:func:`generation.document.prose_facts.build_claims`), and
:mod:`generation.document.prose_measures` counts the sentences that break the rule.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Widest band, as a share of the mean level, within which values count as flat.
FLAT_BAND = 0.025
#: Smallest change, as a share of the mean level, that "sharply" or "steeply" may describe.
SHARP_MOVE = 0.10

#: Words of a rise and of a fall (the fact-table checker reads them too).
UP_WORDS = frozenset(
    ["rose", "rise", "increased", "increase", "climbed", "climb", "grew", "grow", "higher", "upward"]
)
DOWN_WORDS = frozenset(
    ["fell", "fall", "declined", "decline", "decreased", "decrease", "dropped", "drop", "lower", "downward"]
)
#: Words (or phrases) saying that a value did not move.
FLAT_WORDS = ("flat", "stable", "steady", "unchanged", "little changed", "stagnated", "stagnant")
#: Words saying that a value moved by much.
SHARP_WORDS = ("sharply", "steeply", "markedly", "dramatically", "surged", "soared", "plunged", "slumped")


def relative_spread(values: Sequence[float]) -> float:
    """How far apart the highest and lowest of ``values`` lie, as a share of their mean size."""
    scale = sum(abs(v) for v in values) / len(values) if values else 0.0
    if scale == 0:
        return 0.0
    return (max(values) - min(values)) / scale


def relative_change(values: Sequence[float]) -> float:
    """The change from the first of ``values`` to the last, as a share of their mean size."""
    scale = sum(abs(v) for v in values) / len(values) if values else 0.0
    return 0.0 if scale == 0 else (values[-1] - values[0]) / scale


def is_flat(values: Sequence[float]) -> bool:
    """Whether ``values`` stay within :data:`FLAT_BAND` of their level: what "flat" may describe,
    and what "rose" or "fell" may not."""
    return relative_spread(values) <= FLAT_BAND


def word_slip(values: Sequence[float], *, up: bool, down: bool, flat: bool, sharp: bool) -> str | None:
    """Why words of change (``up``, ``down``, ``flat``, ``sharp``: which kinds a sentence uses)
    do not fit ``values`` (a series from its first year to its last), or None when they fit:
    "flat" said of values that are not flat, "against" a rise said of a fall (or the reverse),
    "move" a rise or fall whose two ends are flat, "sharp" a sharp move smaller than
    :data:`SHARP_MOVE`."""
    change, ends = relative_change(values), [values[0], values[-1]]
    if flat and not is_flat(values):
        return "flat"
    if (up and change < 0) or (down and change > 0):
        return "against"
    if (up or down) and is_flat(ends):
        return "move"
    if sharp and abs(change) < SHARP_MOVE:
        return "sharp"
    return None
