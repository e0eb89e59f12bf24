"""Trend answers other than a direction (``trend_forms``): the first year a series crosses a
round level, right by construction and counted by ``trend_form_measures``."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from generation.questions.chart_common import ordered_series
from generation.questions.common import Context, tol_of
from generation.questions.phrasing import point_key
from generation.questions.trend_form_measures import answer_form, form_counts
from generation.questions.trend_forms import crossings, first_crossing, round_between
from synthdocbench_tasks.schema import DocumentManifest, Question
from tests.generation.manifest_fixture import build_manifest
from tests.generation.questions.planned import planned_run, question_pairs

SEED, N_DOCS = 4743, 40


@cache
def _pairs() -> tuple[tuple[DocumentManifest, Question], ...]:
    return tuple(question_pairs(planned_run(SEED, N_DOCS)))


def test_round_between_takes_the_coarsest_round_number_inside() -> None:
    assert round_between(3.2, 3.9) == 3.5
    assert round_between(28.4, 33.1) == 30
    assert round_between(10.46, 10.97) == 10.5
    assert round_between(0.0412, 0.0418) == 0.0415
    assert round_between(5.0, 5.0) is None


def test_every_crossing_of_the_fixture_is_first_and_clear() -> None:
    """Europe's marks set to 30, 32, 60, 20, 31, 75, 5 (%): every crossing the rule allows has each
    earlier year on the other side of its level, by more than twice the reading tolerance; the
    years whose value lies within the earlier ones (2018's 31) cross nothing."""
    m = build_manifest()
    chart = next(c for c in m.charts if any(p.category == "Europe" for p in c.data))
    values = [30, 32, 60, 20, 31, 75, 5]
    points = [
        p.model_copy(update={"value": v})
        for p, v in zip(ordered_series(chart)["Europe"], values, strict=True)
    ]
    found = crossings(chart, points)
    assert {(k, upward) for k, upward, _ in found} == {(2, True), (3, False), (5, True), (6, False)}
    for k, upward, level in found:
        sign = 1 if upward else -1
        assert sign * (points[k].value - level) > 2 * tol_of(chart, points[k].value)
        assert all(sign * (level - p.value) > 2 * tol_of(chart, p.value) for p in points[:k])


def test_a_crossing_question_names_the_first_year_past_its_level() -> None:
    m = build_manifest()
    ctx = Context.of(m)
    asked = [d for c in m.charts if (d := first_crossing(ctx, c, np.random.default_rng(3))) is not None]
    assert asked
    for draft in asked:
        assert draft.difficulty == "L2" and draft.category == "trend_pattern"
        assert draft.answer_values[0].text == draft.points[-1].label


@pytest.mark.slow
def test_crossing_answers_hold_and_directions_do_not_dominate() -> None:
    """Over 40 plan-only paper reports: each crossing question (a year and its value) names the
    first year of its series on the far side of the level it prints, and directions answer less
    than two thirds of the trend questions (74% on fresh seed 6693 before the crossings)."""
    crossing = 0
    for m, q in _pairs():
        if q.category != "trend_pattern" or "first" not in q.question or answer_form(q) == "direction":
            continue
        chart = next(c for c in m.charts if c.index == q.chart_index)
        keys = {point_key(p): p for p in chart.data}
        read = [keys[r.label] for r in q.required_data_points]
        if q.answer_values[0].text != read[-1].label or len(read) < 3:
            continue
        crossing += 1
        upward = read[-1].value > max(p.value for p in read[:-1])
        assert upward or read[-1].value < min(p.value for p in read[:-1]), q.question
    counts = form_counts(q for _, q in _pairs())
    total = sum(n for (lv, _), n in counts.items() if lv == "all")
    assert crossing > 0
    assert counts["all", "direction"] < 2 / 3 * total, counts
