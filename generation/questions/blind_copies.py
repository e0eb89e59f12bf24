"""A blind model copying a number the question set prints (blind54): is a number answer printed
where a reader without the chart sees it?

Per number answer (``blind_features.Numeric``), three sources a model reads: the question itself,
the text facts it cites, and the report's other questions (one question may print the figure
another asks for: "the 2019 value of 45.2 ..." beside "what was the 2019 value?"). From the other
questions the model reads the one sharing most of the question's words (1- and 2-grams), as a
model matching a question to its neighbour would. Its guess is one of the source's printed numbers
(years left out), drawn at random (seeded); :func:`copy_counts` scores it against the answer's own
tolerance and, as a control, against the answer of another TEST question of the same
(category, level) (a seeded shuffle): a copy that beats its control is a number the questions
give away.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import numpy as np
from scipy.stats import binomtest

from generation.questions.blind_features import Numeric, grams, printed_numbers

#: Where a model may find a number to copy.
SOURCES = ("question", "cited facts", "nearest other question")


def nearest(question: str, others: Sequence[str]) -> str:
    """The one of ``others`` sharing most word grams with ``question`` (the first on a tie)."""
    mine = grams(question)
    return max(others, key=lambda o: len(mine & grams(o)), default="")


def source_numbers(n: Numeric, source: str) -> list[float]:
    """The numbers ``source`` prints for ``n`` (:data:`SOURCES`)."""
    texts = {"question": [n.question], "cited facts": list(n.cited)}.get(source)
    return printed_numbers(texts if texts is not None else [nearest(n.question, n.others)])


def copy_counts(rows: Sequence[Numeric], seed: int = 0) -> dict[tuple[str, str, str], list[int]]:
    """((category, level, source) -> [answers whose source prints a number, guesses within
    tolerance, control guesses within tolerance]); (all, all, source) pools the cells."""
    rng = np.random.default_rng(seed)
    by_cell: dict[tuple[str, str], list[int]] = defaultdict(list)
    for k, n in enumerate(rows):
        by_cell[n.category, n.level].append(k)
    control = list(range(len(rows)))
    for ks in by_cell.values():
        for k, j in zip(ks, rng.permutation(ks), strict=True):
            control[k] = int(j)
    out: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for k, n in enumerate(rows):
        for source in SOURCES:
            found = source_numbers(n, source)
            if not found:
                continue
            guess = found[int(rng.integers(len(found)))]
            for key in ((n.category, n.level, source), ("all", "all", source)):
                out[key][0] += 1
                out[key][1] += n.within(guess)
                out[key][2] += rows[control[k]].within(guess)
    return dict(out)


def copy_tells(counts: dict[tuple[str, str, str], list[int]]) -> list[tuple[str, ...]]:
    """The cells whose copies' 95% interval lies above their control's."""
    out = []
    for key, (n, hit, ctrl) in counts.items():
        if binomtest(hit, n).proportion_ci(0.95)[0] > binomtest(ctrl, n).proportion_ci(0.95)[1]:
            out.append(key)
    return sorted(out)


def render_copies(counts: dict[tuple[str, str, str], list[int]]) -> list[str]:
    """Per (category, level, source): answers it applies to, copies within tolerance [95% CI]
    against the control's, flagged COPY TELL where the intervals do not overlap."""
    lines = ["blind copies of a printed number (TEST): within tolerance / n [95% CI] vs control"]
    flagged = set(copy_tells(counts))
    for key in sorted(counts, key=lambda k: (k[0] == "all", k)):
        n, hit, ctrl = counts[key]
        low, high = binomtest(hit, n).proportion_ci(0.95)
        flag = "  COPY TELL" if key in flagged else ""
        lines.append(
            f"  {' '.join(key)}: {hit}/{n} {hit / n:.2f} [{low:.2f}, {high:.2f}] vs control {ctrl}/{n} "
            f"{ctrl / n:.2f}{flag}"
        )
    return lines
