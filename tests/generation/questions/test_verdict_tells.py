"""Verdicts that cannot be guessed (issue 23, point 3), on 100 plan-only paper-config documents.

The cross-modal slots whose question carries a drawn verdict fill first in their report, and
integrate L2 and compare L2-L5 are asked only by their own slots, so those categories hold the
drawn split less the few slots that found no claim of their verdict. A verify claim's verdict
is one separation on every chart (:func:`generation.document.claims.claim_verdict`): a match is
what the chart shows at its precision, never more than 5% from its mark (the paper's
tolerance), a miss 2-3 axis reading tolerances off, 10% or more, whether the chart prints its
values or not. So its distance from its mark, which only a reading of the mark gives, separates
the verdicts; and nothing seen without reading the values (whether the chart prints them, the
claim's decimals, the mark's size) tells the verdict.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from generation.charts.colours import colour_of
from generation.document.claims import MATCH_SHARE
from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.build import make_questions, slot_targets, turns
from generation.questions.common import Context, find_point, label_value, point_term, wanted
from generation.questions.crossmodal import VERDICT_CELLS
from generation.questions.crossmodal_claims import SIDES
from generation.questions.measures import (
    ClaimFeatures,
    claim_features,
    closed_answers,
    feature_accuracy,
    threshold_accuracy,
    unbalanced,
    verdict_balance,
)
from synthdocbench_tasks.schema import DataRef, DocumentManifest, Question
from tests.generation.questions.test_crossmodal_validity import level_tilts

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
SEED, N_DOCS = 5, 100


@pytest.fixture(scope="module")
def run() -> tuple[list[Question], list[ClaimFeatures]]:
    config = load_config(ROOT / "configs" / "paper.yaml", seed=SEED, n_docs=N_DOCS)
    questions: list[Question] = []
    claims: list[ClaimFeatures] = []
    for index in range(N_DOCS):
        manifest = plan_document(config, index).manifest
        made = make_questions(manifest, config)
        questions += made
        claims += [f for q in made if (f := claim_features(manifest, q)) is not None]
    return questions, claims


def test_the_slots_with_a_drawn_verdict_get_their_question(
    run: tuple[list[Question], list[ClaimFeatures]],
) -> None:
    questions, _ = run
    slots: Counter[str] = Counter()
    for index in range(N_DOCS):
        targets = slot_targets("cross_modal", 3, index, SEED)
        slots.update(c for c, lv, _ in targets if (c, lv) in VERDICT_CELLS)
    # integrate L5 may say on which side a miss lies too (where its gap is read too loosely to ask)
    balance = verdict_balance(
        q for q in questions if (q.category, q.difficulty) != ("integrate_sources", "L5")
    )
    # asked only by their own slots, and most slots find a claim of their verdict (here 18 of 20
    # integrate L2 slots, main before: 26 of 40 on seed 0's 200 documents; 47 of 80 compare
    # L2-L5 slots, 49 before household consumption replaced the price basket's weights, 59 and 51
    # on 100 documents of seeds 0 and 9991: an L3 question needs a period
    # to average, L5 a series found by its colour, and a setting keeps fewer entities since small
    # ones whose bands are too crowded to print are left out; other categories fill the rest;
    # 43 of 80 since trend claims skip metrics with a known direction, trend45; 36 of 80 since world51
    # re-draws the topics, while 200 fresh reports hold as many as before: 79 -> 89 on seed 6389,
    # 89 -> 82 on 7933; 30 of 80 with questions54's compare L3 rule (a mean one reading answers is
    # refused) and a stricter flat rule it then dropped; fresh 9107 with both: compare 72 -> 54;
    # 24 of 80 with the stop-50 merge (prose54's wording, complex54's credits) on top: fresh 8673,
    # 200 reports, compare 71 -> 48, most of it L3, 24 -> 6, whose means one reading gave); integrate
    # 15 of 20 since world55's report windows (18 before; 200 plan-only reports of seed 6248 hold
    # integrate L2 33 -> 31, the drawn verdicts still even: above 16 / below 18)
    for category, levels, found in (("integrate_sources", 1, 0.75), ("compare_representations", 4, 0.28)):
        asked = sum(balance[category].values())
        assert found * slots[category] <= asked <= slots[category], (category, asked, slots[category])
        # the drawn split is even to one per level; a slot without its question moves it by one
        (_, most), (_, least) = balance[category].most_common()
        assert most - least <= levels + slots[category] - asked, (category, balance[category])
    # verify 69 of 119 "matches" here on this stop's merge (58%; 200 plan-only reports of fresh
    # seeds 6471 and 6582 hold 118 of 237 and 124 of 234, 50% and 53%): these 100 reports' sample
    assert unbalanced({"verify_with_chart": balance["verify_with_chart"]}, bound=0.58) == []


def test_each_level_holds_the_verdicts_in_equal_shares(
    run: tuple[list[Question], list[ClaimFeatures]],
) -> None:
    """Per (category, level), not only per category (see :func:`level_tilts`; the run of seed
    5471 in test_crossmodal_validity is the one where the old code's verify L5 tilt shows)."""
    questions, _ = run
    assert level_tilts(questions, SEED, N_DOCS) == []


def test_no_single_feature_of_a_claim_tells_its_verdict(
    run: tuple[list[Question], list[ClaimFeatures]],
) -> None:
    _, claims = run
    # 94 here since verify L4 asks change claims (crossmodal_change), not a mark's claim (106 before;
    # 119 when a fallback took either verdict, 122 before audit45; 83 since this stop's claim-bound L3
    # hops and topic re-draw; 76 since questions53 asks one fact on one chart once per report)
    assert len(claims) >= 70
    majority = Counter(c.matches for c in claims).most_common(1)[0][1] / len(claims)
    # 0.557 here on this stop's merge (49 of 88; the verify verdicts of 200 fresh reports of 6471
    # and 6582 are 50% and 53% "matches")
    # 0.571 since integ58 (integrate L3 takes other claims, moving which are left to verify); the
    # verify verdicts of 200 plan-only reports stay 50% (127/125 on 9357) and 51% (122/128 on 9691)
    assert majority <= 0.58
    assert all(c.gap <= MATCH_SHARE + 1e-9 for c in claims if c.matches)
    assert all(c.gap >= 0.10 - 1e-9 for c in claims if not c.matches)
    # one separation (audit45): the distance, which only a reading of the mark gives, tells the
    # verdict on every chart (0.81 before, when a miss on a labelled chart sat 2-3% off, as near
    # as a match read off an axis, and which verdict it got followed the labels)
    assert threshold_accuracy([(c.matches, c.gap) for c in claims]) == 1.0
    # what needs no reading of the values tells little: the kind of chart (0.53; shuffled verdicts
    # 0.54), the printed decimals (0.54; 0.55), the mark's size (0.61; 0.72 with far matches)
    assert feature_accuracy(claims, "labelled") <= 0.60
    assert feature_accuracy(claims, "decimals") <= 0.63
    assert threshold_accuracy([(c.matches, c.size) for c in claims]) <= 0.66


def test_feature_accuracy_is_the_best_rule_on_one_feature() -> None:
    def claim(matches: bool, labelled: bool) -> ClaimFeatures:
        return ClaimFeatures(matches, 0.01, "bar", labelled, "target", 1, True, 0.5, 0.01)

    even = [claim(True, True), claim(False, True), claim(True, False), claim(False, False)]
    assert feature_accuracy(even, "labelled") == 0.5
    told = [claim(True, True), claim(True, True), claim(False, False), claim(False, True)]
    assert feature_accuracy(told, "labelled") == 0.75


#: A run no other test plans (fresh when this test was written): the L5 questions that ask on
#: which side of a text's figure the chart lies, after a side drawn per slot.
SIDE_SEED, SIDE_DOCS = 3251, 150
_SIDE_CELLS = (("technical_quantitative", "L5", "complex"), ("integrate_sources", "L5", "cross_modal"))


@pytest.fixture(scope="module")
def side_run() -> list[tuple[DocumentManifest, list[Question]]]:
    config = load_config(ROOT / "configs" / "paper.yaml", seed=SIDE_SEED, n_docs=SIDE_DOCS)
    out = []
    for index in range(SIDE_DOCS):
        manifest = plan_document(config, index).manifest
        out.append((manifest, make_questions(manifest, config)))
    return out


def _drawn_side(manifest: DocumentManifest, index: int, category: str, level: str) -> str:
    """The side the document's own slot at (``category``, ``level``) draws (as ``make_questions``)."""
    ctx = Context.of(manifest)
    ctx.seed = SIDE_SEED
    for subset in ("chart", "cross_modal", "complex"):
        ctx.turns.update(turns(subset, 3, index, SIDE_SEED))
    return wanted(ctx, category, SIDES, level)


def test_an_l5_side_question_asks_its_slots_drawn_side(
    side_run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    """Main before the draw asked the side of whichever miss on a mark found by colour the report
    had (one per report): here 11 of the 17 side questions asked at their own slot were off the
    slot's draw (0 of 12 after)."""
    asked, off = 0, []
    for index, (manifest, questions) in enumerate(side_run):
        for category, level, subset in _SIDE_CELLS:
            own = [(c, lv) for c, lv, _ in slot_targets(subset, 3, index, SIDE_SEED)].count((category, level))
            sides = [
                side
                for q in questions
                if (q.category, q.difficulty) == (category, level)
                for family, side in closed_answers(q)
                if family == "side"
            ]
            if own == 1 and len(sides) == 1:
                asked += 1
                if sides[0] != _drawn_side(manifest, index, category, level):
                    off.append(f"{manifest.doc_id} {category} {level}: {sides[0]}")
    # 9 after the session-45 merges (12 before); 7 since questions56 set each subset's level cycle
    # apart (build.LEVEL_SHIFTS), which moves which reports' own slots target these cells
    assert asked >= 7
    # a slot whose drawn side has no miss to ask falls back, and a later slot's builder draws the
    # cell's next turn: sdb-3251-00075 since stop 48's re-drawn histograms (1 of 9); main before
    # the draw was 11 of 17 off
    assert len(off) <= max(1, asked // 10), off


def _colour_misses(manifest: DocumentManifest) -> tuple[set[str], set[str]]:
    """The sides of a report's chart claims the chart contradicts, and of those on a mark a
    reader finds by its colour."""
    sides: set[str] = set()
    coloured: set[str] = set()
    for fact in manifest.text_facts:
        values = fact.values
        chart = next((c for c in manifest.charts if c.vizId == values.get("viz_id")), None)
        point = find_point(chart, values.get("label", ""), values.get("series")) if chart else None
        if values.get("kind") != "chart_claim" or chart is None or point is None:
            continue
        claimed = float(values["claimed_value"].replace(",", ""))
        if abs(point.value - claimed) > point_term(chart, point).tol:
            side = "above" if point.value > claimed else "below"
            sides.add(side)
            coloured |= {side} if colour_of(chart, point) is not None else set()
    return sides, coloured


def test_a_report_puts_a_miss_of_each_side_on_a_mark_found_by_colour(
    side_run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    """So that an L5 slot finds the side it drew: main before put only a report's first miss on
    such a mark (here 23 of the 150 reports with misses on both sides had both on one; 68 after,
    the second on a chart of its own kind only)."""
    both = [coloured for sides, coloured in map(_colour_misses, (m for m, _ in side_run)) if len(sides) == 2]
    assert len(both) >= 50
    assert sum(len(c) == 2 for c in both) >= 0.35 * len(both)


def test_closed_answers_name_each_family_and_which_of_two(
    side_run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    q = next(q for _, qs in side_run for q in qs if q.category == "verify_with_chart")
    verdict = q.model_copy(
        update={"answer_values": [label_value("contradicts"), label_value("below"), label_value("Chile")]}
    )
    assert closed_answers(verdict) == [("verdict", "contradicts"), ("side", "below")]
    two = q.model_copy(
        update={
            "question": "Which is larger, Chile or Mexico?",
            "answer_values": [label_value("Mexico")],
            "required_data_points": [DataRef(label="Chile", value=1.0), DataRef(label="Mexico", value=2.0)],
        }
    )
    assert closed_answers(two) == [("which_of_two", "second")]
