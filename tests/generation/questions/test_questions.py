"""Question generation on a hand-built manifest: determinism, schema, hand-checked answers."""

from __future__ import annotations

import math
import re
from collections import Counter

import numpy as np
import pytest

from generation.plan.config import GenerationConfig
from generation.questions.build import draft_to_question, make_questions
from generation.questions.chart import comparison, trend_pattern, value_reading
from generation.questions.common import Builder, Context, Draft, informative
from generation.questions.complex_impact import impact_reception
from generation.questions.complex_technical import technical_quantitative
from generation.questions.complex_timeline import historical_timeline
from generation.questions.crossmodal import compare_representations, integrate_sources, verify_with_chart
from generation.questions.phrasing import STEP_RANGES, read_tolerance
from generation.validate.derivation_rules import derivations
from generation.validate.rules import check_question
from synthdocbench_tasks.schema import (
    CATEGORIES,
    DIFFICULTIES,
    Difficulty,
    DocumentManifest,
    Question,
    Subset,
)
from tests.generation.manifest_fixture import (
    DOC_ID,
    PAGE_COUNT,
    build_all_types_manifest,
    build_manifest,
    section_page,
)

CONFIG = GenerationConfig(seed=11, questions_per_subset=5)


def _number(draft: Draft | Question, unit: str | None = None) -> list[float]:
    return [
        v.value
        for v in draft.answer_values
        if v.kind == "number" and v.value is not None and (unit is None or v.unit == unit)
    ]


def _drafts(
    builder: Builder, level: Difficulty, tries: int = 30, manifest: DocumentManifest | None = None
) -> list[Draft]:
    """Everything a builder produces on fresh contexts under many RNG seeds."""
    out = []
    for seed in range(tries):
        draft = builder(Context.of(manifest or build_manifest()), level, np.random.default_rng(seed))
        if draft is not None:
            out.append(draft)
    return out


def test_same_manifest_and_config_give_identical_questions() -> None:
    first = [q.model_dump() for q in make_questions(build_manifest(), CONFIG)]
    second = [q.model_dump() for q in make_questions(build_manifest(), CONFIG)]
    assert first == second
    other = [q.model_dump() for q in make_questions(build_manifest(), CONFIG.model_copy(update={"seed": 12}))]
    assert other != first


def test_each_subset_gets_its_quota_of_valid_records() -> None:
    questions = make_questions(build_manifest(), CONFIG)
    counts = Counter(q.subset for q in questions)
    # the fixture's six charts carry at most 12 questions (two per chart): the complex and the
    # verdict slots try their own cell first, then complex and cross-modal fill in turns, then
    # chart reading reads any chart left; the chart subset's event cells (comparison/trend L4)
    # try their own cell before the general fill (l4counts47), so here comparison L4 takes the
    # event chart a complex question took before (4 complex and cross-modal, 5 before; on 200
    # documents of fresh seed 3307 cross-modal and complex went 589/588 -> 592/587)
    assert counts["chart"] == 5 and counts["complex"] >= 2 and counts["cross_modal"] >= 1
    assert counts["complex"] + counts["cross_modal"] >= 4
    for q in questions:
        assert Question.model_validate_json(q.model_dump_json()) == q
        assert re.fullmatch(rf"{DOC_ID}-{q.subset}-0[1-5]", q.question_id)
        assert q.category in CATEGORIES[q.subset]
        lo, hi = STEP_RANGES[q.difficulty]
        assert lo <= len(q.reasoning) <= hi
        assert q.evidence, "fixture facts and charts all have regions"
    assert make_questions(build_manifest(), CONFIG.model_copy(update={"questions_per_subset": 0})) == []


def test_positions_follow_the_primary_evidence() -> None:
    manifest = build_manifest()
    for q in make_questions(manifest, CONFIG):
        if q.subset == "chart":
            assert (q.position.basis, q.position.index, q.position.count) == ("chart", q.chart_index, 6)
        else:
            page = section_page(manifest.text_facts[q.required_facts[0]].section_id)
            assert (q.position.basis, q.position.index, q.position.count) == ("page", page, PAGE_COUNT)


def test_generated_questions_pass_every_rule_over_many_seeds() -> None:
    manifest = build_manifest()
    categories: Counter[str] = Counter()
    levels: Counter[str] = Counter()
    for seed in range(8):
        for q in make_questions(manifest, GenerationConfig(seed=seed, questions_per_subset=4)):
            assert check_question(manifest, q, PAGE_COUNT, []) == []
            categories[q.category] += 1
            levels[q.difficulty] += 1
    assert set(categories) == {c for cats in CATEGORIES.values() for c in cats}
    assert set(levels) == set(DIFFICULTIES)


@pytest.mark.slow
def test_a_value_printed_in_a_table_is_never_asked() -> None:
    # Solar's 312 GW is in Table 1; every other mark of Figure 1 may be asked.
    for seed in range(10):
        for q in make_questions(build_manifest(), GenerationConfig(seed=seed, questions_per_subset=6)):
            assert all(not (p.label == "Solar" and p.value == 312) for p in q.required_data_points)


def test_reading_tolerances_depend_on_how_values_are_read() -> None:
    charts = {c.title: c for c in build_manifest().charts}
    # printed data labels: 1% relative
    assert read_tolerance(charts["Installed capacity by technology, 2022"]) == (0.0, 0.01)
    # axis 0..120 -> D3 picks a tick step of 20 for ~5 ticks; a tenth of it is 2 USD/MWh
    assert read_tolerance(charts["Average wholesale electricity price, 2015–2022"]) == (2.0, 0.05)


def test_integrate_sources_side_of_stated_claim_and_chart() -> None:
    # fact 3: forecast 47% vs Europe 2022 = 41%; fact 4: forecast 160 GW vs Hydro 145 GW: both below
    expected = {3: (47.0, 41.0), 4: (160.0, 145.0)}
    seen = set()
    for draft in _drafts(integrate_sources, "L2"):
        claimed, charted = expected[draft.facts[0]]
        seen.add(draft.facts[0])
        assert draft.answer_values[0].text == "below"
        assert _number(draft) == [claimed, charted]
        assert draft.points[0].value == charted
        assert str(int(claimed)) not in draft.question  # the claim is found in the text, not given
    assert seen == {3, 4}


def test_integrate_sources_l3_averages_the_text_period() -> None:
    for draft in _drafts(integrate_sources, "L3"):
        values = [p.value for p in draft.points]
        assert len(values) >= 3 and _number(draft)[-1] == pytest.approx(sum(values) / len(values))
        assert "2015" not in draft.question  # the period is the text's, found there


def test_compare_representations_verdicts() -> None:
    ctx = Context.of(build_manifest())
    rng = np.random.default_rng(0)
    verdicts = {}
    for _ in range(2):
        draft = compare_representations(ctx, "L2", rng)
        assert draft is not None
        verdicts[draft.facts[0]] = draft
    assert compare_representations(ctx, "L2", rng) is None  # both trend claims used
    prices, americas = verdicts[5], verdicts[6]
    # prices 48.5 -> 96.3 rose, as the text says
    assert [v.text for v in prices.answer_values[:2]] == ["matches", "rose"]
    assert _number(prices) == [48.5, 96.3]
    # the Americas share 19.1 -> 19.3 is flat although the text says it rose
    assert [v.text for v in americas.answer_values[:2]] == ["contradicts", "was broadly flat"]
    assert _number(americas) == [19.1, 19.3]


def test_a_slot_takes_only_evidence_with_its_drawn_verdict() -> None:
    # the fixture has one trend claim the chart bears out (fact 5) and one it contradicts (fact 6)
    for turn in range(2):
        ctx = Context.of(build_manifest())
        ctx.verdict = turn
        rng = np.random.default_rng(0)
        first = compare_representations(ctx, "L2", rng)
        assert first is not None
        wanted = first.answer_values[0].text
        # the claim with the drawn verdict is used up: the other verdict is not taken in its place
        assert compare_representations(ctx, "L2", rng) is None
        # integrate L2 (a side) and compare L2-L5 are asked only by their own slots, not by
        # another slot's attempt (compare L1, no verdict, is not gated, but the fixture's trend
        # claims end at their series' end, which compare L1 refuses since questions55; generated
        # reports ask it: test_review55)
        fresh = Context.of(build_manifest())
        fresh.verdict, fresh.target = turn, ("verify_with_chart", "L2")
        assert integrate_sources(fresh, "L2", np.random.default_rng(0)) is None
        assert compare_representations(fresh, "L2", np.random.default_rng(0)) is None
        # its own slot's attempt carries the verdict the slot drew
        fresh.target = ("compare_representations", "L2")
        again = compare_representations(fresh, "L2", np.random.default_rng(0))
        assert again is not None and again.answer_values[0].text == wanted
    drawn = set()
    for turn in range(2):
        ctx = Context.of(build_manifest())
        ctx.verdict = turn
        draft = compare_representations(ctx, "L2", np.random.default_rng(0))
        assert draft is not None
        drawn.add(draft.answer_values[0].text)
    assert drawn == {"matches", "contradicts"}  # consecutive turns draw both verdicts


def test_chart_reading_answers_match_hand_computed_values() -> None:
    histogram = [d for d in _drafts(trend_pattern, "L2") if d.charts[0].chartType == "histogram"]
    assert histogram, "the modal-bin question appears for some seed"
    assert histogram[0].answer_values[0].text == "30–40" and _number(histogram[0]) == [18]
    for draft in _drafts(comparison, "L2"):
        if "times" in draft.answer:  # ratio of the larger to the smaller mark
            hi, lo = draft.points
            assert _number(draft) == [pytest.approx(hi.value / lo.value)] and hi.value > lo.value
    for draft in _drafts(comparison, "L3"):
        numbers = _number(draft)
        values = [p.value for p in draft.points]
        if len(numbers) == 1:  # share of a mark in the chart's total
            assert numbers[0] == pytest.approx(
                next(p.value for p in draft.points if p.label in draft.answer) / sum(values) * 100
            )
        else:  # the gap between one mark and the mean of its series
            mean = sum(values) / len(values)
            assert numbers[0] == pytest.approx(mean)
            assert any(numbers[1] == pytest.approx(abs(v - mean)) for v in values)
    for draft in _drafts(value_reading, "L4"):  # value in the year of an event
        year = int(draft.answer_values[0].value or 0)
        assert {7: 2016, 8: 2019, 9: 2021}[draft.facts[0]] == year
        assert draft.points[0].label == str(year)
        assert math.isclose(_number(draft)[1], draft.points[0].value)


def test_highlight_and_colour_questions_are_level_five() -> None:
    drafts = _drafts(value_reading, "L5")
    assert drafts and all(d.difficulty == "L5" for d in drafts)
    # the fixture's highlighted bar chart is drawn sorted by value: its highlight is not asked
    # (its place gives it away, questions52); drawn in its own order, it is
    assert not [
        d for d in drafts if "highlight" in d.question and d.charts[0].visualProperties.sortOrder != "none"
    ]
    manifest = build_manifest()
    charts = [
        c.model_copy(update={"visualProperties": c.visualProperties.model_copy(update={"sortOrder": "none"})})
        for c in manifest.charts
    ]
    unsorted = _drafts(value_reading, "L5", manifest=manifest.model_copy(update={"charts": charts}))
    highlighted = [d for d in unsorted if d.charts[0].visualProperties.highlightedItems]
    # its value only: the pointer beside it prints "Wind" (questions53)
    assert highlighted and "Wind" in highlighted[0].answer and _number(highlighted[0]) == [268]
    assert [v.kind for v in highlighted[0].answer_values] == ["number"]
    colour = [d for d in drafts if d.charts[0].chartType in ("multi_line", "grouped_bar")]
    for d in colour:
        assert any(word in d.question for word in ("blue", "red", "green", "grey"))


@pytest.mark.slow
def test_planned_documents_cover_every_category() -> None:
    from generation.document.content import plan_document

    # four questions per subset: twelve per report is what two questions per chart leave room for
    # (with six, chart reading, filled last, finds no ordered chart left for a trend question);
    # six reports: since the world's series turn (peaks46) the first five ask no trend question
    # (measured: trend_pattern only in the sixth of eight, an L2), before it the fourth and fifth did
    config = GenerationConfig(seed=5, questions_per_subset=4)
    categories: set[str] = set()
    for index in range(6):
        manifest = plan_document(config, index).manifest
        questions = make_questions(manifest, config)
        assert questions == make_questions(manifest, config)
        for q in questions:
            categories.add(q.category)
            # regions are not measured yet, so evidence pages cannot be checked here
            assert check_question(manifest, q, 1000, []) == []
    assert categories == {c for cats in CATEGORIES.values() for c in cats}


def _question(manifest: DocumentManifest, subset: Subset, draft: Draft) -> Question:
    return draft_to_question(Context.of(manifest), subset, 1, draft)


def test_every_chart_type_gets_reading_and_comparison_and_ordered_types_a_trend() -> None:
    manifest = build_all_types_manifest()
    for chart in manifest.charts:
        made = {}
        cases: tuple[tuple[str, Builder, Difficulty], ...] = (
            ("value_reading", value_reading, "L1"),
            ("comparison", comparison, "L2"),
            ("trend_pattern", trend_pattern, "L2"),
        )
        for category, builder, level in cases:
            ctx = Context.of(manifest)
            ctx.preferred, ctx.strict = (chart.index,), True
            draft = builder(ctx, level, np.random.default_rng(chart.index))
            if draft is None:
                continue
            assert draft.charts == [chart] and draft.category == category
            q = _question(manifest, "chart", draft)
            assert check_question(manifest, q, manifest.page_count, []) == [], (chart.chartType, q.question)
            made[category] = q
        assert {"value_reading", "comparison"} <= set(made), chart.chartType
        ordered = chart.chartType in ("line", "area", "multi_line", "stacked_area", "sparkline_grid", "slope")
        assert ("trend_pattern" in made) == (ordered or chart.chartType == "histogram"), chart.chartType
        # a number is asked only where a reader can read it
        if chart.chartType == "sankey":
            assert "flow from" in made["value_reading"].question


def test_level_five_reads_what_a_colour_marker_or_size_encodes() -> None:
    manifest = build_all_types_manifest()
    by_type = {c.chartType: c for c in manifest.charts}
    expected = {
        "bullet": (value_reading, "target"),
        "box": (value_reading, "maximum"),
        "bubble": (comparison, "West"),  # sizes 5, 14, 41, 86: West's bubble is largest
        "heatmap": (comparison, "West"),  # the largest value sits in row Beta, column West
        "multi_line": (trend_pattern, "Alpha"),
    }
    for kind, (builder, label) in expected.items():
        seen = []
        for seed in range(12):
            ctx = Context.of(manifest)
            ctx.preferred, ctx.strict = (by_type[kind].index,), True
            draft = builder(ctx, "L5", np.random.default_rng(seed))
            if draft is not None:
                q = _question(manifest, "chart", draft)
                assert check_question(manifest, q, manifest.page_count, []) == []
                seen += [v.text for v in q.answer_values if v.kind == "label"]
        assert label in seen, (kind, seen)


@pytest.mark.slow  # 7-12 s: it plans every question of the fixture
def test_numbers_carry_derivations_and_percentage_gaps_are_points() -> None:
    manifest = build_manifest()
    pp = 0
    # the fixture's percentage changes read off an axis are too loose to ask (11 ± 2.9 pp):
    # its differences in percentage points come from the pie's shares, in a few seeds of 40
    for seed in range(40):
        for q in make_questions(manifest, GenerationConfig(seed=seed, questions_per_subset=5)):
            numbers = [i for i, v in enumerate(q.answer_values) if v.kind == "number"]
            calc = derivations(q)
            assert set(calc) == set(numbers), (q.question_id, q.reasoning[-1])
            assert all(calc[i].steps[-1].result == q.answer_values[i].value for i in numbers)
            assert q.reasoning[-1].endswith("]") or not numbers
            for v in q.answer_values:
                if v.unit == "pp":
                    pp += 1
                    assert f"{v.text} percentage points" in q.answer
                    assert not re.search(rf"(?<![\d.]){re.escape(v.text)}%", q.answer)
    assert pp > 0, "the fixture's percentage chart yields differences in percentage points"


def test_cross_modal_and_complex_have_lookup_and_visual_levels() -> None:
    cases: tuple[tuple[Builder, Difficulty], ...] = (
        (verify_with_chart, "L1"),
        (integrate_sources, "L1"),
        # compare_representations L1 is not here: it reads the level in the last year of a text
        # period that ends before its series does, and the fixture's claims end at the series' end
        # (generated reports ask it: test_review55)
        (historical_timeline, "L1"),
        (impact_reception, "L1"),  # technical L1: no builder (build.EMPTY_CELLS), a look-up computes nothing
        (verify_with_chart, "L5"),
        (integrate_sources, "L5"),
        (compare_representations, "L5"),
        # historical_timeline L5 (a colour series' change between two dated events) is not here:
        # every such change in the fixture is looser than a quarter of itself (Europe: 5 ± 3.1
        # points read off a 0-50 axis); generated reports ask it (test_question_balance)
        (technical_quantitative, "L5"),
    )
    for builder, level in cases:
        # as ``build`` asks them: a draft with a number looser than a quarter of itself is not asked
        drafts = [d for d in _drafts(builder, level) if informative(d)]
        assert drafts, (builder.__name__, level)
        for d in drafts:
            q = _question(build_manifest(), "cross_modal" if builder in CROSS else "complex", d)
            assert check_question(build_manifest(), q, PAGE_COUNT, []) == [], (builder.__name__, q.question)
    # a direct look-up computes nothing: every number is a plain reading or a stated fact (since
    # questions55 the stated fact may be the year the text gives and the question leaves out)
    manifest = build_manifest()
    plain = {p.value for c in manifest.charts for p in c.data} | {
        float(x) for f in manifest.text_facts for x in f.values.values() if _is_number(x)
    }
    for d in _drafts(integrate_sources, "L1"):
        numbers = [v.value for v in d.answer_values if v.value is not None]
        assert numbers and all(n in plain for n in numbers), numbers


CROSS = (verify_with_chart, integrate_sources, compare_representations)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
