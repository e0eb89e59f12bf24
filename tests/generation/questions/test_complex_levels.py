"""What a complex level makes a reader do (complex55, ``complex_level_measures``), over 40
plan-only paper reports of fresh seed 4743: technical questions compute, no L3 mean or total is
answered by one reading, the steps grow from L1 to L3, no answer names a mark twice, and no
level is emptied. On main before complex55 (200 reports of 4743): technical questions without
arithmetic 93 of 236, timeline L3 one reading 42 of 56, impact L3 34 of 49, "X (X)" 2."""

from __future__ import annotations

from collections import Counter
from functools import cache

import numpy as np
import pytest

from generation.questions.build import EMPTY_CELLS
from generation.questions.common import Context
from generation.questions.complex import technical_quantitative
from generation.questions.complex_core import Span, ends_balanced
from generation.questions.complex_level_measures import COMPLEX, LEVELS, flat_levels, level_counts
from generation.questions.complex_timeline import _by_length
from synthdocbench_tasks.schema import DocumentManifest, Question
from tests.generation.manifest_fixture import build_manifest
from tests.generation.questions.planned import planned_run, question_pairs

SEED, N_DOCS = 4743, 40


@cache
def _pairs() -> tuple[tuple[DocumentManifest, Question], ...]:
    return tuple(question_pairs(planned_run(SEED, N_DOCS)))


@cache
def _counts() -> Counter[str]:
    return level_counts(_pairs())


@pytest.mark.slow
def test_every_technical_question_computes() -> None:
    counts = _counts()
    assert counts["technical"] > 0
    assert counts["no_arithmetic"] == 0, {lv: counts[f"no_arithmetic {lv}"] for lv in LEVELS}


@pytest.mark.slow
def test_no_complex_l3_mean_is_one_reading() -> None:
    counts = _counts()
    assert counts["one_read/of historical_timeline"] > 0
    assert {c: counts[f"one_read {c}"] for c in COMPLEX} == dict.fromkeys(COMPLEX, 0)


@pytest.mark.slow
def test_steps_grow_with_the_level_and_no_level_is_empty() -> None:
    counts = _counts()
    assert flat_levels(counts) == []
    per_level = Counter(q.difficulty for _, q in _pairs() if q.subset == "complex")
    complex_total = sum(per_level.values())
    # every level keeps at least a tenth of the complex questions (a fifth each is the target)
    assert all(per_level[lv] >= complex_total / 10 for lv in LEVELS), per_level


@pytest.mark.slow
def test_no_answer_names_a_mark_twice() -> None:
    assert _counts()["value_twice"] == 0


def test_technical_l1_is_an_empty_cell() -> None:
    assert ("technical_quantitative", "L1") in EMPTY_CELLS
    ctx = Context.of(build_manifest())
    assert technical_quantitative(ctx, "L1", np.random.default_rng(0)) is None


def test_periods_ending_last_come_first_at_the_uniform_share() -> None:
    """``ends_balanced`` puts a period ending in its series' last year first about as often as a
    uniform draw of periods ends there (2 / (n - 1): 1/3 for the fixture's seven years)."""
    m = build_manifest()
    chart = next(c for c in m.charts if any(p.category == "Europe" for p in c.data))
    europe = [p for p in chart.data if p.category == "Europe"]
    late, early = Span(chart, "Europe", europe[2:]), Span(chart, "Europe", europe[:4])
    assert late.ends_last and not early.ends_last
    firsts = [ends_balanced([early, late], lambda s: s, np.random.default_rng(k))[0] for k in range(400)]
    share = sum(s is late for s in firsts) / len(firsts)
    assert abs(share - 1 / 3) < 0.07, share  # 400 draws: a standard error of 0.024


def test_event_spans_follow_a_uniform_length_not_the_pairs() -> None:
    """``complex_timeline._by_length`` puts first the span nearest a length drawn uniformly over
    those its series allows (1 to 5 marks apart of the fixture's seven years): with three pairs a
    year apart and one each 3 and 5 years apart, drawn pairs put a one-year span first 3 in 5 times;
    the length draw about 0.2 + 0.2 * 3/4 = 0.35 (a target of 2 ties 1 and 3)."""
    m = build_manifest()
    chart = next(c for c in m.charts if any(p.category == "Europe" for p in c.data))
    europe = [p for p in chart.data if p.category == "Europe"]
    spans = [Span(chart, "Europe", europe[k : k + 2]) for k in range(3)]
    spans += [Span(chart, "Europe", europe[1:5]), Span(chart, "Europe", europe[0:6])]
    found = [(None, None, s) for s in spans]
    firsts = []
    for k in range(400):
        rng = np.random.default_rng(k)
        drawn = [found[int(i)] for i in rng.permutation(len(found))]
        firsts.append(len(_by_length(drawn, rng)[0][2].marks) - 1)  # type: ignore[arg-type]
    shares = {gap: firsts.count(gap) / len(firsts) for gap in (1, 3, 5)}
    assert abs(shares[1] - 0.35) < 0.07, shares  # 400 draws: a standard error of 0.024
    assert abs(shares[5] - 0.3) < 0.07, shares  # targets 5 and half of 4


@pytest.mark.slow
def test_timeline_changes_between_developments_are_not_mostly_one_year() -> None:
    """Timeline L2 and L5 changes between two developments' years a year apart: no more than a
    uniform draw over each series' allowed spans would give, plus a margin for a small sample
    (``complex_level_measures.event_gap``; review57: L2 35% and 28% on seeds 4718 and 4729)."""
    counts = _counts()
    asked = counts["event_gap/of L2"] + counts["event_gap/of L5"]
    one_apart = counts["event_gap L2 1"] + counts["event_gap L5 1"]
    uniform = (counts["event_gap_uniform_one L2"] + counts["event_gap_uniform_one L5"]) / 1000
    assert asked >= 5, asked
    assert one_apart <= uniform + 2, (one_apart, uniform, asked)
