"""The adversary's feature families added by blind54 (``blind_features``: option length, the
question's template crossed with its chart type, options the report's other questions name, a
year against the question's years, the sizes of the numbers a question prints; ``blind_copies``:
a number copied from the question set): each finds a tell planted in synthetic rows, names the
feature that carries it, and flags nothing where the answers are random."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from generation.questions.blind_copies import copy_counts, copy_tells
from generation.questions.blind_features import Closed, Numeric, score, score_numbers, tell

ITEMS = ("Rail", "Road freight", "Air", "Inland waterways", "Sea", "Pipelines and other transport")
YEARS = tuple(str(y) for y in range(2012, 2021))
CHARTS = ("bar", "pie", "line", "treemap")
ASKS = ("Which item does the chart single out", "Which category is drawn highest", "Name the leading item")
#: Each test fits several logistic regressions on hundreds of rows (seconds each on a loaded machine).
pytestmark = pytest.mark.slow

Plant = Callable[[np.random.Generator, tuple[str, ...]], tuple[str, str, str, tuple[str, ...]]]


def _random(rng: np.random.Generator, options: tuple[str, ...]) -> tuple[str, str, str, tuple[str, ...]]:
    """A random answer, template and chart type; two other questions naming random options."""
    others = tuple(f"What was the value of {rng.choice(options)} in the chart?" for _ in range(2))
    return str(rng.choice(options)), str(rng.choice(ASKS)), str(rng.choice(CHARTS)), others


def _rows(n: int, seed: int, plant: Plant, years: bool = False) -> list[Closed]:
    """``n`` item (or year) choices of three to six options; ``plant`` draws each one's answer,
    question stem, chart type and other questions."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        k = int(rng.integers(3, 7))
        pool = YEARS if years else ITEMS
        options = tuple(sorted(rng.choice(pool, size=k, replace=False), key=pool.index))
        right, stem, chart, others = plant(rng, options)
        family = "year" if years else "item"
        span = ""
        if years:
            i, j = sorted(rng.choice(k, size=2, replace=False))
            if plant is _after:
                i, j, right = (1, j, options[0]) if rng.random() < 0.5 else (i, k - 2, options[-1])
                i, j = min(i, j), max(i, j, 1)
            span = f" between {options[i]} and {options[j]}"
        question = f"{stem} in the {chart} chart{span}?"
        out.append(
            Closed("value_reading", "L2", family, question, options, right, chart_type=chart, others=others)
        )
    return out


def _longest(rng: np.random.Generator, options: tuple[str, ...]) -> tuple[str, str, str, tuple[str, ...]]:
    _, stem, chart, others = _random(rng, options)
    return max(options, key=len), stem, chart, others


def _template(rng: np.random.Generator, options: tuple[str, ...]) -> tuple[str, str, str, tuple[str, ...]]:
    """On the second stem the first option on a pie and the last on a bar; random elsewhere."""
    right, _, _, others = _random(rng, options)
    stem, chart = str(rng.choice(ASKS[:2])), str(rng.choice(CHARTS[:2]))
    if stem == ASKS[1]:
        right = options[0] if chart == "pie" else options[-1]
    return right, stem, chart, others


def _repeated(rng: np.random.Generator, options: tuple[str, ...]) -> tuple[str, str, str, tuple[str, ...]]:
    """Another question of the report names the answer (and one other option)."""
    right, stem, chart, _ = _random(rng, options)
    other = str(rng.choice([o for o in options if o != right]))
    return right, stem, chart, (f"How large was {right}?", f"How large was {other} or {right} combined?")


def _after(rng: np.random.Generator, options: tuple[str, ...]) -> tuple[str, str, str, tuple[str, ...]]:
    """Stands in for the year rows' plant: :func:`_rows` prints a span leaving out the first or
    the last year (each half the time) and answers the year it leaves out, so the place alone is
    right half the time and the year's side of the span always."""
    return _random(rng, options)


def _carried(plant: Plant, want: str, years: bool = False) -> None:
    pickers, cells = score(_rows(300, 1, plant, years), _rows(200, 2, plant, years))
    family = "year" if years else "item"
    cell = cells["value_reading", "L2", family]
    assert cell.flagged, (cell.right, cell.n)
    names = [name for name, _ in tell(pickers[family], cell.picked, top=4)]
    assert any(want in name for name in names), names


def test_the_longest_option_is_found() -> None:
    _carried(_longest, "longest option")


def test_a_template_on_one_chart_type_is_found() -> None:
    _carried(_template, "tpl=which category is drawn highest")


def test_an_option_other_questions_name_is_found() -> None:
    _carried(_repeated, "other questions name it")


def test_a_year_outside_the_question_years_is_found() -> None:
    _carried(_after, "the question's years", years=True)


def test_random_answers_flag_nothing_with_the_new_families() -> None:
    for seed in range(2):
        _, cells = score(
            _rows(300, 10 + seed, _random) + _rows(300, 20 + seed, _random, years=True),
            _rows(300, 30 + seed, _random) + _rows(300, 40 + seed, _random, years=True),
        )
        assert cells["value_reading", "L2", "item"].n == 300
        assert not [key for key, cell in cells.items() if cell.flagged]


def _numbers(n: int, seed: int, told: bool) -> list[Numeric]:
    """Gaps whose question prints three figures; where ``told`` the answer is the largest of them
    and the nearest other question prints it too."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        printed = rng.lognormal(3, 2, size=3).round(1)
        value = float(printed.max()) if told else float(rng.lognormal(3, 2))
        question = (
            f"Of {printed[0]}, {printed[1]} and {printed[2]} million, how far above the mean is the gap?"
        )
        shown = value if told else float(rng.lognormal(3, 2))
        others = (
            f"What is the gap in tonnes of the series, given {shown:.1f} million?",
            "Which year peaked?",
        )
        out.append(Numeric("comparison", "L3", question, value, rel_tol=0.02, others=others))
    return out


def test_the_regressor_reads_the_greatest_number_the_question_prints() -> None:
    cells, carried = score_numbers(_numbers(300, 1, True), _numbers(300, 2, True))
    told = cells["all", "all"]
    assert told[1] > 0.5 * told[0] and told[2] < 0.2 * told[0]
    assert "question greatest number (log)" in [name for name, _ in carried[:3]]
    random = score_numbers(_numbers(300, 3, False), _numbers(300, 4, False))[0]["all", "all"]
    assert random[1] < 0.1 * random[0]


def test_a_number_another_question_prints_is_copied() -> None:
    told = copy_counts(_numbers(300, 5, True))
    assert ("comparison", "L3", "nearest other question") in copy_tells(told)
    assert told["comparison", "L3", "nearest other question"][1] > 0.9 * 300
    random = copy_counts(_numbers(300, 6, False))
    assert not copy_tells(random)
