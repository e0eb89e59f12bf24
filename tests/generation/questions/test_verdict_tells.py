"""Verdicts that cannot be guessed (issue 23, point 3), on 100 plan-only paper-config documents.

The cross-modal slots whose question carries a drawn verdict fill first in their report, and
integrate L2 and compare L2-L5 are asked only by their own slots, so those categories hold the
drawn split less the few slots that found no claim of their verdict. And no single feature of a
verify claim tells its verdict well: not its distance from its mark relative to the mark (the
content stage pairs each miss with a match as far away, see :mod:`generation.document.claims`),
nor whether its chart prints its values, nor how many decimals it is printed with.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.build import make_questions, slot_targets
from generation.questions.crossmodal import VERDICT_CELLS
from generation.questions.measures import (
    ClaimFeatures,
    claim_features,
    feature_accuracy,
    threshold_accuracy,
    unbalanced,
    verdict_balance,
)
from synthdocbench_tasks.schema import Question

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
    balance = verdict_balance(questions)
    # asked only by their own slots, and most slots find a claim of their verdict (here 19 of 20
    # integrate L2 slots, main before: 26 of 40 on seed 0's 200 documents; 57 of 80 compare
    # L2-L5 slots: an L3 question needs a period to average, L5 a series found by its colour)
    for category, levels, found in (("integrate_sources", 1, 0.85), ("compare_representations", 4, 0.65)):
        asked = sum(balance[category].values())
        assert found * slots[category] <= asked <= slots[category], (category, asked, slots[category])
        # the drawn split is even to one per level; a slot without its question moves it by one
        (_, most), (_, least) = balance[category].most_common()
        assert most - least <= levels + slots[category] - asked, (category, balance[category])
    assert unbalanced({"verify_with_chart": balance["verify_with_chart"]}) == []


def test_no_single_feature_of_a_claim_tells_its_verdict(
    run: tuple[list[Question], list[ClaimFeatures]],
) -> None:
    _, claims = run
    assert len(claims) >= 120
    majority = Counter(c.matches for c in claims).most_common(1)[0][1] / len(claims)
    assert majority <= 0.55
    # measured here: 0.69 (main before this change: 0.77); a match on a chart read off its axis
    # sits as far from its mark, relatively, as the miss it is paired with
    assert threshold_accuracy([(c.matches, c.gap) for c in claims]) <= 0.72
    # the pairs do not trade that tell for another one: the kind of chart (0.56; shuffled verdicts
    # 0.54), the printed decimals (0.60; 0.55), the gap on the chart's scale (0.73; main 0.78) and
    # the mark's size (0.72; main 0.61, the price: a match that far off needs a small mark)
    assert feature_accuracy(claims, "labelled") <= 0.60
    assert feature_accuracy(claims, "decimals") <= 0.63
    assert threshold_accuracy([(c.matches, c.scaled_gap) for c in claims]) <= 0.76
    assert threshold_accuracy([(c.matches, c.size) for c in claims]) <= 0.75


def test_feature_accuracy_is_the_best_rule_on_one_feature() -> None:
    def claim(matches: bool, labelled: bool) -> ClaimFeatures:
        return ClaimFeatures(matches, 0.01, "bar", labelled, "target", 1, True, 0.5, 0.01)

    even = [claim(True, True), claim(False, True), claim(True, False), claim(False, False)]
    assert feature_accuracy(even, "labelled") == 0.5
    told = [claim(True, True), claim(True, True), claim(False, False), claim(False, True)]
    assert feature_accuracy(told, "labelled") == 0.75
