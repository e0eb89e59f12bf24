"""The learned question-only adversary (``generation.questions.blind_features``): it finds a
planted tell, flags nothing where answers are random, and never reads the chart's values."""

from __future__ import annotations

import numpy as np
import pytest

from generation.questions.blind_features import (
    Closed,
    Numeric,
    closed_rows,
    numeric_rows,
    score,
    score_numbers,
    tell,
)
from tests.generation.questions.planned import planned_run

CLASSES = ("rose", "fell", "was broadly flat")
FILLER = ("the series", "this metric", "the chart's line", "the values", "the figures")


def _directions(n: int, seed: int, planted: bool) -> list[Closed]:
    """Synthetic direction choices; where ``planted``, the word "climb" marks "rose" answers."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        right = CLASSES[int(rng.integers(3))]
        word = "climb" if planted and right == "rose" else str(rng.choice(["move", "change", "go"]))
        question = f"Did {rng.choice(FILLER)} {word} between 2015 and 2020: rise, fall or stay flat?"
        out.append(Closed("trend_pattern", "L2", "direction", question, CLASSES, right, CLASSES))
    return out


def _places(n: int, seed: int) -> list[Closed]:
    """Synthetic year choices whose right year is drawn at random."""
    rng = np.random.default_rng(seed)
    years = tuple(str(y) for y in range(2015, 2021))
    return [
        Closed(
            "value_reading",
            "L5",
            "year",
            f"Which year does the chart highlight in {rng.choice(FILLER)}?",
            years,
            years[int(rng.integers(len(years)))],
        )
        for _ in range(n)
    ]


def test_the_learner_finds_a_planted_word_and_names_it() -> None:
    pickers, cells = score(_directions(150, 1, True), _directions(150, 2, True))
    cell = cells["trend_pattern", "L2", "direction"]
    assert cell.flagged
    assert cell.right / cell.n > 0.45  # "climb" gives every "rose" (a third): 1/3 + 2/3 * 1/2
    assert "rose|q:climb" in [name for name, _ in tell(pickers["direction"], cell.picked, top=3)]


def test_the_learner_flags_no_family_whose_answers_are_random() -> None:
    for seed in range(2):
        _, cells = score(
            _directions(150, 10 + seed, False) + _places(150, 20 + seed),
            _directions(150, 30 + seed, False) + _places(150, 40 + seed),
        )
        assert cells["trend_pattern", "L2", "direction"].n == 150
        assert not [key for key, cell in cells.items() if cell.flagged]


def test_the_number_regressor_beats_its_control_only_where_words_give_the_answer() -> None:
    rng = np.random.default_rng(3)

    def rows(n: int, told: bool) -> list[Numeric]:
        out = []
        for _ in range(n):
            k = int(rng.integers(4))
            value = [12.0, 340.0, 5600.0, 0.8][k] if told else float(rng.lognormal(4, 2))
            question = f"What was the {['rate', 'count', 'total', 'share'][k]} in the chart?"
            out.append(Numeric("value_reading", "L1", question, value, rel_tol=0.05))
        return out

    cells, carried = score_numbers(rows(200, True), rows(200, True))
    told = cells["all", "all"]
    assert told[1] > 0.6 * told[0] and told[2] < 0.35 * told[0]
    assert {"q:count", "q:total"} & {name for name, _ in carried}
    random = score_numbers(rows(200, False), rows(200, False))[0]["all", "all"]
    assert random[1] < 0.1 * random[0]


@pytest.mark.slow
def test_rows_never_read_the_charts_values() -> None:
    for plan, questions in planned_run(23, 3):
        manifest = plan.manifest
        scaled = manifest.model_copy(deep=True)
        for chart in scaled.charts:
            for point in chart.data:
                point.value = point.value * 3 + 1
        assert closed_rows(manifest, questions) == closed_rows(scaled, questions)
        assert numeric_rows(manifest, questions) == numeric_rows(scaled, questions)
        for row in closed_rows(manifest, questions):
            assert row.right in row.options and len(set(row.options)) == len(row.options) >= 2
