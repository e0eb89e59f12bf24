"""Balance of planned documents' questions: every category and level, evidence spread evenly."""

from __future__ import annotations

from collections import Counter

import pytest

from generation.document.content import plan_document
from generation.plan.config import GenerationConfig
from generation.questions.build import EMPTY_CELLS, make_questions, slot_targets
from generation.questions.stats import BUCKETS, QuestionStats, question_stats
from synthdocbench_tasks.schema import CATEGORIES, DIFFICULTIES, SUBSETS, Question

pytestmark = pytest.mark.slow

N_DOCS = 30


@pytest.fixture(scope="module")
def questions() -> list[Question]:
    config = GenerationConfig(seed=3, n_docs=N_DOCS, questions_per_subset=3)
    out: list[Question] = []
    for index in range(N_DOCS):
        out += make_questions(plan_document(config, index).manifest, config)
    return out


@pytest.fixture(scope="module")
def stats(questions: list[Question]) -> QuestionStats:
    return question_stats(questions)


def test_every_subset_category_and_level_is_populated(stats: QuestionStats) -> None:
    assert stats.documents == N_DOCS
    for subset in SUBSETS:
        # complex and cross-modal fill first, slot by slot, and chart reading reads the charts left
        # (two questions per chart): a few complex and cross-modal slots find their evidence taken
        # (complex here 85 of 90; seeds 3-6 of this config: 340 of 360, 346 before numbers looser
        # than a quarter of themselves were no longer asked: a claim's gap read off an axis; 83 of
        # 90 since questions54 refuses means one reading answers; complex 80 since complex55 refuses
        # them at timeline and impact L3 too and asks no technical L1: fresh 4743, 200 reports,
        # complex 565 -> 548; cross-modal 80 of 90 since questions55 (integrate L3 refuses a text
        # figure standing in for its mark, integrate L1 needs a read-off the text locates; 200
        # documents of seed 4722: cross-modal 572 -> 563)
        # cross-modal 76 of 90 on this stop's merge (questions55, complex55, prose55 together)
        # complex 76 of 90 since questions56 sets each subset's level cycle apart (build.LEVEL_SHIFTS:
        # other slots of these 30 reports target complex L4/L5; over 200 plan-only reports complex
        # 564 -> 552 on fresh seed 4794, 562 -> 565 on fresh 6137)
        # 75 since complex56 draws a thread's next event at a uniform gap (the text facts move;
        # 200 plan-only reports: cross-modal 551 -> 555 on fresh 6693, 551 -> 551 on 7124)
        # 73 with world55's report windows on top (200 plan-only reports of seed 6248: 548 -> 553)
        assert stats.subset_count(subset) >= 3 * N_DOCS - {"complex": 14, "cross_modal": 17}.get(subset, 7)
        for category in CATEGORIES[subset]:
            assert stats.category_count(category) >= 4, category
        for level in DIFFICULTIES:
            # the cycle gives each level 18 of a subset's 90 slots; complex L4/L5 (a credited cause, a
            # series by its colour) and chart L4 (a text fact's chart, often taken by complex) fall back
            # to the nearest level, L3, when their evidence is gone
            low, high = (6, 30) if subset == "complex" and level in ("L4", "L5") else (15, 21)
            if subset == "complex" and level == "L1":
                # here 22 (20 before trend45: trend claims skip metrics of known direction, so a
                # complex slot built on one falls back; L4 19 -> 17, L3 21 -> 18, L5 8 -> 10; on
                # 200 paper documents of seeds 1801 / 1823 complex holds 576 / 581, 566 / 581 before)
                # 23 since questions56 sets each subset's level cycle apart (build.LEVEL_SHIFTS) and
                # since complex56 draws a thread's next event at a uniform gap (complex L1 137 -> 141
                # of 553 -> 550 on 6693)
                # 24 on world56's merge (world55's reports; 200 plan-only reports of seed 6248: complex
                # L1 139 -> 139, 25.1% -> 24.8%)
                high = 24
            if subset == "complex" and level == "L2":
                # 23 here on this stop's merge (questions56's per-subset level cycles, complex56's
                # spans by length and world55's reports together; each alone kept it at 21 or under)
                high = 23
            if subset in ("chart", "complex") and level in ("L3", "L4"):
                # chart L4 here 11 (seeds 4-6 of this config: 17, 12, 15)
                low, high = min(low, 10), max(high, 26)
            if subset == "cross_modal" and level in ("L3", "L4", "L5"):
                # a slot that finds no claim with its drawn verdict falls back to the nearest level
                # with a question that carries none (integrate L4 on a miss, integrate L3 on a claim's
                # group mean); L5 also needs a colour-keyed mark (here L3 23, L4 23 and L5 9; seeds
                # 4-6 of this config: L3 20, 24, 20, L4 28, 24, 24 and L5 6, 8, 9; L5 7 here with
                # world55's reports, 200-report shares 11.3% -> 12.1% on seed 4764; L3 6 here on
                # world56's merge, 200 plan-only reports of seed 6248: L3 81 -> 78, 14.8% -> 14.1%)
                low, high = min(low, 6 if level in ("L3", "L5") else 9), max(high, 28)
            assert low <= stats.level_count(subset, level) <= high, (subset, level)


def test_chart_reading_evidence_is_spread_over_the_thirds(stats: QuestionStats) -> None:
    # the slots target each third equally; a slot whose third has no chart left with room (these
    # documents hold 8-12 charts, two questions each, and chart reading fills last) reads another
    # third: 3-6 of 90 here, which moves a third by up to 5 points (on main before the verdict
    # slots filled first, seed 6 of this config already gave 28/28/34). Over the 200 documents of
    # configs/paper.yaml the thirds hold 33-34% each (docs/questions.md).
    for bucket in BUCKETS:
        assert abs(stats.bucket_share("chart", bucket) - 1 / 3) <= 0.06, bucket


def test_every_question_has_a_position(questions: list[Question]) -> None:
    for q in questions:
        assert q.position.bucket in BUCKETS and 0 < q.position.relative <= 1
        if q.subset == "chart":
            assert q.position.basis == "chart" and q.position.index == q.chart_index


def test_slot_cycles_balance_categories_levels_and_buckets() -> None:
    for subset in SUBSETS:
        cells: Counter[tuple[str, str]] = Counter()
        buckets: Counter[tuple[str, str]] = Counter()
        for index in range(45):
            targets = slot_targets(subset, 3, index, seed=0)
            assert len({c for c, _, _ in targets}) == 3 and len({b for _, _, b in targets}) == 3
            assert len({lv for _, lv, _ in targets}) == 3
            for category, level, bucket in targets:
                cells[(category, level)] += 1
                buckets[(category, bucket)] += 1
        assert set(buckets.values()) == {15} and len(buckets) == 9
        assert all(sum(n for (c, _), n in cells.items() if c == cat) == 45 for cat in CATEGORIES[subset])
        assert all(sum(n for (_, lv), n in cells.items() if lv == level) == 27 for level in DIFFICULTIES)
        if subset == "cross_modal":
            assert set(cells.values()) == {9} and len(cells) == 15
            continue
        if subset == "complex":
            # technical has no L1 (a look-up computes nothing): its L1 slots trade levels with the
            # document's timeline or impact slot, which take every L1
            assert not set(cells) & EMPTY_CELLS and len(cells) == 14, cells
            assert cells[("historical_timeline", "L1")] + cells[("impact_reception", "L1")] == 27
            assert min(cells.values()) >= 6, cells
            continue
        # comparison and trend have no L1 (one element read off): their L1 slots trade levels
        # with the document's value-reading slot, which takes every L1
        assert not set(cells) & EMPTY_CELLS and cells[("value_reading", "L1")] == 27
        others = [n for (c, _), n in cells.items() if c != "value_reading"]
        assert len(others) == 8 and min(others) >= 9, cells


def test_a_reports_slots_target_every_level() -> None:
    """Three slots a subset take three consecutive levels of five; the subsets' windows are set
    apart (``build.LEVEL_SHIFTS``), so each report targets all five. Drawn independently per subset
    they could nearly coincide: on seed 6137 every report's slots missed one level in all subsets."""
    for seed in range(40):
        for index in range(15):
            levels = {lv for s in SUBSETS for _, lv, _ in slot_targets(s, 3, index, seed)}
            assert levels == set(DIFFICULTIES), (seed, index, levels)


def test_stats_table_prints_every_cell(stats: QuestionStats) -> None:
    text = stats.render()
    for category in (c for cats in CATEGORIES.values() for c in cats):
        assert category in text
    assert f"{stats.total} questions over {N_DOCS} documents" in text
    assert "early" in text and "late" in text
