"""Trend answers other than a direction (``trend_forms``): the first year a series crosses a
round level, right by construction and counted by ``trend_form_measures``."""

from __future__ import annotations

import re
from functools import cache

import numpy as np
import pytest

from generation.questions.chart_common import ordered_series
from generation.questions.common import Context, Draft, tol_of
from generation.questions.trend_forms import crossings, first_crossing, round_between
from judge import JudgeItem, build_judge
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
def test_crossings_over_every_chart_of_40_reports_are_first_and_clear() -> None:
    """Every chart of 40 plan-only paper reports (not only those a trend slot drew): a crossing
    question names the year it reads last, every earlier year it reads lies on the other side of
    the level it prints by over twice its reading tolerance, and that year lies past it too."""
    asked = 0
    for m in {id(m): m for m, _ in _pairs()}.values():
        for chart in m.charts:
            draft = first_crossing(Context.of(m), chart, np.random.default_rng(chart.index))
            if draft is None:
                continue
            asked += 1
            read, year = draft.points, draft.answer_values[0].text
            level = float(re.findall(r"(?:above|below) (-?[\d,.]+)", draft.question)[0].replace(",", ""))
            upward = read[-1].value > level
            sign = 1 if upward else -1
            assert year == read[-1].label, draft.question
            assert sign * (read[-1].value - level) > 2 * tol_of(chart, read[-1].value), draft.question
            assert all(sign * (level - p.value) > 2 * tol_of(chart, p.value) for p in read[:-1]), (
                draft.question
            )
    assert asked >= 20, asked


#: Right answers in the question's own words: the side it asks about, said of the year asked.
_SIDE_ECHOES = (
    "It first goes {side} {level} in {year}, at {value}.",
    "{year}: the first year {side} {level}, with {value}.",
    "The series {way} {level} for the first time in {year} ({value}).",
)


def crossing_drafts(seed: int, n_docs: int) -> list[Draft]:
    """A crossing question on every chart of ``n_docs`` plan-only paper reports that allows one."""
    out = []
    for plan, _ in planned_run(seed, n_docs):
        ctx = Context.of(plan.manifest)
        for chart in plan.manifest.charts:
            draft = first_crossing(ctx, chart, np.random.default_rng(chart.index))
            if draft is not None:
                out.append(draft)
    return out


def side_echo_failures(drafts: list[Draft]) -> tuple[int, int, int, int]:
    """(right answers the offline judge fails, right answers, wrong answers it passes, wrong
    answers): each draft answered right in the phrasings of ``_SIDE_ECHOES``, which restate the
    side the question asks about ("It first goes above 27% in 2012, at 28.5%"), and wrong with
    the earlier year the reference names as the nearest miss ("... in 2011, at 25.8%", alone or
    with the side). A reference that says only "every earlier year stays below 27%" reads as
    "below", the opposite of a right "above"."""
    judge = build_judge("offline")
    assert judge is not None
    counts = [0, 0, 0, 0]
    for d in drafts:
        m = re.search(r"\b(above|below) (-?\d[\d,.]*.*?)(?= for the first time|, | and |\?)", d.question)
        miss = re.search(r"\((?:highest|lowest) (.+?) in (\d{4})\)", d.answer)
        assert m is not None and miss is not None, d.question
        side, level = m.group(1), m.group(2)
        way = "rises above" if side == "above" else "falls below"
        year, value = d.answer_values[0].text, d.answer.split(", at ", 1)[1].split(";", 1)[0]
        right = [f.format(side=side, level=level, year=year, value=value, way=way) for f in _SIDE_ECHOES]
        wrong = [
            f"It first goes {side} {level} in {miss.group(2)}, at {miss.group(1)}.",
            f"{miss.group(2)}, at {miss.group(1)}.",
        ]
        values = [v.model_dump() for v in d.answer_values]
        for texts, k in ((right, 0), (wrong, 2)):
            for text in texts:
                passed = judge.score(JudgeItem(d.question, d.answer, text, values)).score >= 6
                counts[k] += passed if k else not passed
                counts[k + 1] += 1
    return counts[0], counts[1], counts[2], counts[3]


@pytest.mark.slow
def test_a_right_answer_in_the_question_s_words_passes() -> None:
    """Every crossing question of 40 plan-only reports, answered right in three phrasings that
    restate the question's side word, and wrong with the nearest earlier year."""
    failed, right, passed, wrong = side_echo_failures(crossing_drafts(SEED, N_DOCS))
    assert right >= 60 and wrong >= 40, (right, wrong)
    assert failed == 0 and passed == 0, (failed, right, passed, wrong)
