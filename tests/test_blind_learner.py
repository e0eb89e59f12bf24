"""bench/blind_learner.py: the printed report names a planted tell and its carrier, and TRAIN and
TEST seeds that overlap are refused with one line saying which."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from bench.blind_learner import report, uncited
from generation.questions.blind_features import Closed, Numeric

ROOT = Path(__file__).resolve().parents[1]
CLASSES = ("rose", "fell", "was broadly flat")


def _planted(n: int, seed: int) -> list[Closed]:
    """Direction choices whose question says "climb" where the answer is "rose"."""
    rng = np.random.default_rng(seed)
    answers = [CLASSES[int(k)] for k in rng.integers(3, size=n)]
    return [
        Closed(
            "trend_pattern",
            "L2",
            "direction",
            f"Did it {'climb' if a == 'rose' else 'move'}?",
            CLASSES,
            a,
            CLASSES,
        )
        for a in answers
    ]


def test_the_report_flags_a_planted_tell_and_prints_what_carries_it() -> None:
    numbers = [
        Numeric("value_reading", "L1", f"What was the {w} in the chart?", v, rel_tol=0.05)
        for w, v in [("rate", 12.0), ("total", 5600.0)] * 40
    ]
    lines = report((_planted(150, 1), numbers), (_planted(150, 2), numbers))
    flagged = next(line for line in lines if line.startswith("  trend_pattern L2 direction:"))
    assert flagged.endswith("LEARNED TELL")
    assert any(
        line.startswith("  tell of trend_pattern L2 direction:") and "rose|q:climb" in line for line in lines
    )
    assert any(line.startswith("  what carries the answers within tolerance:") for line in lines)
    assert any(line.startswith("blind copies of a printed number") for line in lines)


def _quoted(n: int, seed: int) -> list[Closed]:
    """Item choices whose cited fact names the answer (a reader does not know which fact is cited)."""
    rng = np.random.default_rng(seed)
    items = ("Rail", "Road", "Air", "Sea", "Pipelines")
    out = []
    for _ in range(n):
        right = items[int(rng.integers(5))]
        cited = (f"The report expects {right} to reach 40% by 2030.",)
        out.append(
            Closed("technical_quantitative", "L5", "item", "Which mark is it?", items, right, cited=cited)
        )
    return out


@pytest.mark.slow
def test_without_cited_facts_the_cited_tell_is_gone() -> None:
    numbers = [Numeric("value_reading", "L1", "What was the rate?", 12.0, rel_tol=0.05)] * 20
    train, test = (_quoted(150, 3), numbers), (_quoted(150, 4), numbers)
    flagged = "  technical_quantitative L5 item:"
    assert next(line for line in report(train, test) if line.startswith(flagged)).endswith("LEARNED TELL")
    line = next(line for line in report(uncited(train), uncited(test)) if line.startswith(flagged))
    assert not line.endswith("LEARNED TELL"), line


@pytest.mark.slow
def test_overlapping_seeds_are_refused() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "blind_learner.py"),
            "--train-seeds",
            "5",
            "6",
            "--test-seeds",
            "6",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 2
    assert "seeds [6] are both TRAIN and TEST" in done.stderr.splitlines()[-1]
