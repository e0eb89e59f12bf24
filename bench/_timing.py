"""What the bench scripts share: interleaved repetitions and ratios paired within a repetition.

On a shared machine the load drifts during a run; running every variant once per repetition,
in an order that rotates between repetitions (A B, B A for two; A B C, B C A, C A B for
three), lets that drift hit all of them alike, and ratios are taken between figures measured
in the same repetition.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TypeVar

K = TypeVar("K")


def rotation(names: Sequence[K], rep: int) -> list[K]:
    """The order of repetition ``rep``: ``names`` rotated left by ``rep`` places."""
    k = rep % len(names)
    return [*names[k:], *names[:k]]


def stopwatch(fn: Callable[[], object]) -> Callable[[], float]:
    """``fn`` as a variant for :func:`interleave`: it returns the wall seconds ``fn`` took."""

    def timed() -> float:
        start = time.perf_counter()
        fn()
        return time.perf_counter() - start

    return timed


def interleave(
    variants: Mapping[K, Callable[[], float]], repeat: int
) -> Iterator[tuple[list[K], dict[K, float]]]:
    """Run each variant once per repetition in :func:`rotation` order; yield each repetition's
    order and the seconds each variant reported (a variant times itself, so that it can leave
    checks out of its figure; wrap a plain function with :func:`stopwatch`)."""
    names = list(variants)
    for rep in range(repeat):
        order = rotation(names, rep)
        yield order, {name: variants[name]() for name in order}


def collect(variants: Mapping[K, Callable[[], float]], repeat: int) -> dict[K, list[float]]:
    """The seconds of every repetition of each variant (see :func:`interleave`)."""
    times: dict[K, list[float]] = {name: [] for name in variants}
    for _, seconds in interleave(variants, repeat):
        for name, value in seconds.items():
            times[name].append(value)
    return times


def paired_ratios(numerators: Sequence[float], denominators: Sequence[float]) -> tuple[float, str]:
    """The median of the ratios taken within each repetition, and those ratios as ``"a, b, c"``."""
    ratios = [n / d for n, d in zip(numerators, denominators, strict=True)]
    return statistics.median(ratios), ", ".join(f"{r:.2f}" for r in ratios)


def paired_summary(numerators: Sequence[float], denominators: Sequence[float]) -> str:
    """The ratios taken within each repetition as ``"median 1.23x [min 1.10, max 1.40] (a, b, c)"``."""
    ratios = [n / d for n, d in zip(numerators, denominators, strict=True)]
    each = ", ".join(f"{r:.2f}" for r in ratios)
    return f"median {statistics.median(ratios):.2f}x [{min(ratios):.2f}, {max(ratios):.2f}] (paired: {each})"
