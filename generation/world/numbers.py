"""Number strings of one document: how values print, and the registry that keeps them apart.

Every number a document prints is taken through one :class:`NumberRegistry`, so two
different facts never print the same number string: a value a chart draws is then never
written in the prose or the tables. A value with ``d`` decimals always has a non-zero last
decimal, so the display precision of a chart is recoverable from its data.
"""

from __future__ import annotations

import re

import numpy as np

_NUMBER = re.compile(r"\d+(?:\.\d+)?")


class NumberSpaceExhaustedError(RuntimeError):
    """No unused number is left in a range; widen the metric's range or use more decimals."""


def canonical_number(text: str) -> str:
    """``"40.0"``, ``"40"`` and ``"040"`` all become ``"40"``; ``"4.20"`` becomes ``"4.2"``."""
    value = float(text)
    out = f"{value:.6f}".rstrip("0").rstrip(".")
    return out if out not in ("", "-0") else "0"


def number_strings_in(text: str) -> set[str]:
    """Canonical forms of every number written in ``text`` (digits, optionally one decimal point).

    A comma splits numbers (``"1,234"`` is ``{"1", "234"}``): this compares number strings.
    For the values a sentence states, thousands separators included, see
    :func:`generation.questions.phrasing.numbers_in`.
    """
    return {canonical_number(m) for m in _NUMBER.findall(text)}


def value_text(value: float, decimals: int) -> str:
    """A value as a chart, table or sentence prints it."""
    return f"{value:.{decimals}f}"


def exact_decimals(value: float) -> int:
    """The decimals ``value`` prints with, none dropped (``4.25`` -> 2, ``4.0`` -> 0)."""
    text = canonical_number(repr(value))
    return len(text.split(".")[1]) if "." in text else 0


class NumberRegistry:
    """Number strings already printed somewhere in one document."""

    def __init__(self) -> None:
        self._used: set[str] = set()

    def reserve(self, text: str) -> None:
        self._used.add(canonical_number(text))

    def used(self, text: str) -> bool:
        return canonical_number(text) in self._used

    def acceptable(self, value: float, decimals: int) -> bool:
        """Unused, and shows exactly ``decimals`` decimals (no trailing zero)."""
        text = value_text(value, decimals)
        if decimals > 0 and text.endswith("0"):
            return False
        return not self.used(text)

    def take(self, value: float, decimals: int) -> float:
        text = value_text(value, decimals)
        self.reserve(text)
        return float(text)

    def nearest(self, value: float, decimals: int, low: float, high: float) -> float:
        """The acceptable value closest to ``value`` inside ``[low, high]`` (ties go up), reserved."""
        step = 10.0**-decimals
        base = round(value, decimals)
        for k in range(int((high - low) / step) + 2):
            for candidate in (round(base + k * step, decimals), round(base - k * step, decimals)):
                if low <= candidate <= high and candidate > 0 and self.acceptable(candidate, decimals):
                    return self.take(candidate, decimals)
        raise NumberSpaceExhaustedError(
            f"no unused {decimals}-decimal number left in [{low}, {high}]; "
            "widen the metric range in generation/world/topics.py"
        )

    def snapshot(self) -> frozenset[str]:
        return frozenset(self._used)

    def restore(self, snapshot: frozenset[str]) -> None:
        self._used = set(snapshot)

    def draw(self, rng: np.random.Generator, low: float, high: float, decimals: int) -> float:
        """A fresh value uniform in ``[low, high]``, rounded to ``decimals``, and reserve it."""
        for _ in range(400):
            value = round(float(rng.uniform(low, high)), decimals)
            if low <= value <= high and value > 0 and self.acceptable(value, decimals):
                return self.take(value, decimals)
        raise NumberSpaceExhaustedError(
            f"no unused {decimals}-decimal number left in [{low}, {high}]; "
            "widen the metric range in generation/world/topics.py"
        )

    def draw_flexible(
        self, rng: np.random.Generator, low: float, high: float, decimals: int
    ) -> tuple[float, int]:
        """Like :meth:`draw`, adding up to two decimals when the range is crowded: (value, decimals)."""
        for extra in range(3):
            try:
                return self.draw(rng, low, high, decimals + extra), decimals + extra
            except NumberSpaceExhaustedError:
                if extra == 2:
                    raise
        raise AssertionError("unreachable")

    def draw_column(
        self, rng: np.random.Generator, low: float, high: float, decimals: int, n: int
    ) -> tuple[list[float], int]:
        """``n`` fresh values shown with one precision, adding decimals when the range is crowded."""
        before = self.snapshot()
        for extra in range(3):
            try:
                return [self.draw(rng, low, high, decimals + extra) for _ in range(n)], decimals + extra
            except NumberSpaceExhaustedError:
                self.restore(before)
                if extra == 2:
                    raise
        raise AssertionError("unreachable")

    def draw_near(
        self, rng: np.random.Generator, target: float, spread: float, low: float, high: float, decimals: int
    ) -> float:
        """A fresh value near ``target`` (within ``spread``, clipped to the range)."""
        return self.draw(rng, max(low, target - spread), min(high, target + spread), decimals)
