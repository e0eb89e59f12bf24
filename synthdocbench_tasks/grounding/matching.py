"""One-to-one alignment: Hungarian assignment (scipy) and the ordered 2-D table alignment."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np


def one_to_one(rewards: np.ndarray) -> list[tuple[int, int]]:
    """Row/column pairs of the assignment with maximum total reward (rectangular allowed)."""
    if rewards.size == 0:
        return []
    # scipy.optimize costs ~2 s to import; every CLI command imported it through this module
    from scipy.optimize import linear_sum_assignment

    rows, cols = linear_sum_assignment(rewards, maximize=True)
    return [(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]


def align_ordered(n: int, m: int, reward: Callable[[int, int], float]) -> tuple[list[tuple[int, int]], float]:
    """Order-preserving alignment of two sequences (skips allowed) maximising total reward."""
    score = np.zeros((n + 1, m + 1))
    back = np.zeros((n + 1, m + 1), dtype=np.int8)  # 0 diagonal, 1 skip in first, 2 skip in second
    back[1:, 0] = 1
    back[0, 1:] = 2
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            options = (score[i - 1, j - 1] + reward(i - 1, j - 1), score[i - 1, j], score[i, j - 1])
            best = int(np.argmax(options))
            score[i, j] = options[best]
            back[i, j] = best
    pairs: list[tuple[int, int]] = []
    i, j = n, m
    while i > 0 or j > 0:
        if back[i, j] == 0:
            i, j = i - 1, j - 1
            pairs.append((i, j))
        elif back[i, j] == 1:
            i -= 1
        else:
            j -= 1
    return pairs[::-1], float(score[n, m])


def align_grid(
    gold_shape: tuple[int, int], pred_shape: tuple[int, int], reward: Callable[[int, int, int, int], float]
) -> dict[tuple[int, int], tuple[int, int]]:
    """Factored 2-D alignment of two tables (as in GriTS): rows are aligned as sequences
    whose match reward is the best alignment of their cells, columns likewise; every
    (aligned row, aligned column) pair maps a predicted cell to a gold cell.
    ``reward(gold_row, gold_col, pred_row, pred_col)``; returns {pred cell: gold cell}."""
    (gr, gc), (pr, pc) = gold_shape, pred_shape

    def rows_reward(g: int, p: int) -> float:
        return align_ordered(gc, pc, lambda a, b: reward(g, a, p, b))[1]

    def cols_reward(g: int, p: int) -> float:
        return align_ordered(gr, pr, lambda a, b: reward(a, g, b, p))[1]

    row_pairs, _ = align_ordered(gr, pr, rows_reward)
    col_pairs, _ = align_ordered(gc, pc, cols_reward)
    return {(p_row, p_col): (g_row, g_col) for g_row, p_row in row_pairs for g_col, p_col in col_pairs}
