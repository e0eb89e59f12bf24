"""Cross-modal answers need the chart and the text (audit43), on 80 plan-only paper-config documents.

Integrate L1 / L4 read a mark whose value lies outside its tolerance of the text's figure (else
the figure passes as the reading and "100%" as the share: the whole answer comes from the text);
a trend claim covers a stretch of three or more years of its series, never the whole series
where it is longer (its span is in the chart's title, so "the period the text covers" would need
no text), and states the direction that stretch takes; validation's ``text_given`` rule passes
every generated question.
"""

from __future__ import annotations

from collections import Counter

import pytest

from generation.charts.insights import series_direction
from generation.questions.crossmodal_measures import from_text_alone, text_given, whole_span_period
from generation.validate.question_rules import text_given_problems
from synthdocbench_tasks.schema import DocumentManifest, Question
from tests.generation.questions.planned import planned_run

pytestmark = pytest.mark.slow

SEED, N_DOCS = 5383, 80


@pytest.fixture(scope="module")
def run() -> list[tuple[DocumentManifest, list[Question]]]:
    return [(plan.manifest, questions) for plan, questions in planned_run(SEED, N_DOCS)]


def test_integrate_l1_l4_need_the_chart(run: list[tuple[DocumentManifest, list[Question]]]) -> None:
    asked = [
        (m, q)
        for m, qs in run
        for q in qs
        if q.category == "integrate_sources" and q.difficulty in ("L1", "L4")
    ]
    # main's code: most of them answered in full from the text; 31 -> 24 since questions54 (integrate
    # L3's claim hops take contradicted claims where a matched claim's mean is one reading)
    assert len(asked) >= 22
    assert [q.question for m, q in asked if from_text_alone(m, q)] == []
    assert [q.question for m, q in asked if text_given(m, q)] == []


def test_trend_claims_cover_a_stretch_not_the_whole_series(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    spans: Counter[str] = Counter()
    for m, _ in run:
        charts = {c.vizId: c for c in m.charts}
        for f in m.text_facts:
            v = f.values
            if v.get("kind") != "trend_claim":
                continue
            series = [p for p in charts[v["viz_id"]].data if p.category == (v.get("series") or None)]
            labels = [p.label for p in series]
            i, j = labels.index(v["start"]), labels.index(v["end"])
            stretch = [p.value for p in series[i : j + 1]]
            whole = (i, j) == (0, len(labels) - 1)
            spans["whole" if whole else "stretch"] += 1
            assert j - i + 1 >= min(3, len(labels)), f.sentence
            assert not whole or len(labels) <= 3, f.sentence  # main's code: every claim is whole
            assert series_direction(stretch) is not None, f.sentence  # the stretch has a clear direction
            assert v["start"] in f.sentence and v["end"] in f.sentence
    assert spans["stretch"] >= 100 and spans["whole"] <= spans["stretch"] // 20, spans


def test_true_trend_claims_state_their_stretch_direction(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    """A compare question judged "matches" cites a claim whose direction is the stretch's own."""
    seen = 0
    for m, qs in run:
        for q in qs:
            if q.category != "compare_representations" or not q.required_facts:
                continue
            v = m.text_facts[q.required_facts[0]].values
            labels = {a.text for a in q.answer_values if a.kind == "label"}
            if "matches" in labels and v.get("kind") == "trend_claim":  # not a change claim (questions55)
                chart = next(c for c in m.charts if c.vizId == v["viz_id"])
                series = [p for p in chart.data if p.category == (v.get("series") or None)]
                names = [p.label for p in series]
                stretch = series[names.index(v["start"]) : names.index(v["end"]) + 1]
                assert series_direction([p.value for p in stretch]) == v["direction"], q.question
                seen += 1
    # 8 since questions56 set each subset's level cycle apart (build.LEVEL_SHIFTS) and on world56's
    # merge (world55's report windows; 10 before), each stating its stretch's direction
    assert seen >= 8


def test_integrate_period_is_left_to_the_text(run: list[tuple[DocumentManifest, list[Question]]]) -> None:
    asked = [(m, q) for m, qs in run for q in qs if (q.category, q.difficulty) == ("integrate_sources", "L3")]
    assert len(asked) >= 5
    assert [q.question for m, q in asked if whole_span_period(m, q)] == []


def test_no_generated_question_breaks_the_text_given_rule(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    assert [(q.question, p) for m, qs in run for q in qs for p in text_given_problems(m, q)] == []


def test_the_cross_modal_slots_stay_filled(run: list[tuple[DocumentManifest, list[Question]]]) -> None:
    """Integrate L1/L4 no longer take matched claims: L3's group means keep those slots filled."""
    cells = Counter((q.category, q.difficulty) for _, qs in run for q in qs if q.subset == "cross_modal")
    # 233 of 240 (238 before verify45's crossmodal._both_verdicts, 237 with it; trend45's trend
    # claims skip metrics with a known direction, so compare_representations has fewer claims:
    # fresh seed 2333, 200 documents, cross-modal 595 -> 586 of 600)
    # 232 after stop 48's merges (sorted charts ask no L5 highlight, coastal freight reports)
    # 230 after questions54 (234 on main: compare L3 6 -> 1, verify L3 19 -> 16 refuse means one
    # reading answers)
    # 224 after questions55 (integrate L3 refuses a text figure standing in for its mark, L1 needs a
    # read-off the text locates: 200 documents of seed 4722, cross-modal 572 -> 563)
    assert sum(cells.values()) >= 0.93 * 3 * N_DOCS, cells
    # integrate L3 9 here on this stop's merge (world56 asks three other years at least of an
    # integrate L3 against others; 200 plan-only reports of seed 6248: cross-modal L3 81 -> 78)
    # 7 since integ58 works the figure and the hop into one number (pinned, the figure not standing in
    # for its mark): 200 plan-only reports, integrate L3 24 -> 23 on seed 9357, 27 -> 25 on 9691
    assert cells[("integrate_sources", "L3")] >= 7, cells
