"""Questions that measure what the paper says (claims42), on 200 plan-only paper-config documents.

Verify questions confirm or refute a claim of what a value was (a forecast, an estimate), never a
rule someone set (a target, a threshold: a chart lies above or below it, which contradicts
nothing); no claim the text calls revised is judged "matches"; compare_representations names the
measure and the figure (a report plots an entity on several charts); comparison L4 names its two
options in a drawn order; each (category, level) with a verdict holds the verdicts in equal shares.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from scipy.stats import binomtest

from generation.document.claims import RULE_RELATIONS, STATED_RELATIONS
from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.build import make_questions, slot_targets
from generation.questions.crossmodal import VERDICT_CELLS
from generation.questions.measures import MAX_VERDICT_SHARE, verdict_balance
from generation.questions.phrasing import chart_refs
from synthdocbench_tasks.schema import DocumentManifest, Question

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
# the audit's seed: the old code's verify L5 held 40 "matches" of 58 here
SEED, N_DOCS = 5471, 200
#: Comparison L4 questions that ask which of two series was higher: only two that swap order in
#: some year are asked so (``generation.questions.event_steps``), 7 here (28 asked before).
ASKED_L4 = 5


def level_tilts(questions: list[Question], seed: int, n_docs: int) -> list[str]:
    """The (category, level) cells of :data:`VERDICT_CELLS` whose verdicts are tilted. A cell asked
    only by its own slots holds the drawn split (even to one), less the slots without their
    question; verify, which other slots fall back to at L1-L4, holds no verdict significantly
    above :data:`MAX_VERDICT_SHARE` (one-sided binomial test, 5%)."""
    slots: Counter[tuple[str, str]] = Counter()
    for index in range(n_docs):
        targets = slot_targets("cross_modal", 3, index, seed)
        slots.update((c, lv) for c, lv, _ in targets if (c, lv) in VERDICT_CELLS)
    out = []
    for category, level in sorted(VERDICT_CELLS):
        counts = verdict_balance(q for q in questions if (q.category, q.difficulty) == (category, level))
        held = [*sorted(counts.get(category, Counter()).values(), reverse=True), 0, 0]
        most, least, n = held[0], held[1], held[0] + held[1]
        if category == "verify_with_chart":
            tilted = n > 0 and binomtest(most, n, MAX_VERDICT_SHARE, alternative="greater").pvalue < 0.05
        else:
            tilted = most - least > 1 + slots[(category, level)] - n
        if tilted:
            out.append(f"{category} {level}: {most} of {n}")
    return out


@pytest.fixture(scope="module")
def run() -> list[tuple[DocumentManifest, list[Question]]]:
    config = load_config(ROOT / "configs" / "paper.yaml", seed=SEED, n_docs=N_DOCS)
    out = []
    for index in range(N_DOCS):
        manifest = plan_document(config, index).manifest
        out.append((manifest, make_questions(manifest, config)))
    return out


def _asked(
    run: list[tuple[DocumentManifest, list[Question]]], category: str
) -> list[tuple[DocumentManifest, Question]]:
    return [(m, q) for m, qs in run for q in qs if q.category == category]


def _labels(q: Question) -> list[str]:
    return [v.text for v in q.answer_values if v.kind == "label"]


def test_verify_asks_only_claims_of_a_value(run: list[tuple[DocumentManifest, list[Question]]]) -> None:
    verify = _asked(run, "verify_with_chart")
    assert len(verify) >= 200  # 262 here (303 on seed 8317 before, 253 after)
    relations = Counter(m.text_facts[q.required_facts[0]].values["relation"] for m, q in verify)
    assert set(relations) <= set(STATED_RELATIONS), relations
    for m, q in verify:
        sentence = m.text_facts[q.required_facts[0]].sentence
        # an estimate the text calls revised (or only initial) is never judged in line with the chart
        assert not (re.search(r"revised|initially", sentence) and "matches" in _labels(q)), sentence
    # targets and thresholds stay in the text, asked where they make sense (above or below them)
    integrate = _asked(run, "integrate_sources")
    ruled = [
        q for m, q in integrate if m.text_facts[q.required_facts[0]].values.get("relation") in RULE_RELATIONS
    ]
    assert len(ruled) >= 40, len(ruled)
    assert not any("contradicts" in _labels(q) or "matches" in _labels(q) for q in ruled)


def test_compare_names_the_measure_and_the_figure(run: list[tuple[DocumentManifest, list[Question]]]) -> None:
    compare = _asked(run, "compare_representations")
    # 80 after stop 48's re-drawn world (landlocked, per-entity moves); questions54 refuses a
    # compare L3 mean one reading answers (74 here with a stricter flat rule it then dropped);
    # 70 since prose55 (claims printed a scale lower reserve their number: other claims drawn)
    assert len(compare) >= 70
    for m, q in compare:
        fact = m.text_facts[q.required_facts[0]]
        chart = next(c for c in m.charts if c.title == q.chart_title)
        sections = {s.section_id: s.title for s in m.sections}
        # the measure and the series as the text's sentence names them ("fertiliser use in Myanmar")
        assert fact.values["subject"].lower() in q.question.lower(), (q.question, fact.sentence)
        forms = chart_refs(chart, m.charts, sections).values()
        assert any(form in q.question for form in forms), q.question


def test_comparison_l4_names_its_options_in_a_drawn_order(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    first_in_data = first_is_answer = asked = 0
    for m, q in _asked(run, "comparison"):
        if q.difficulty != "L4" or not _labels(q):
            continue  # the gap alone, of two series that never swap order: no option to pick
        chart = next(c for c in m.charts if c.title == q.chart_title)
        named = [re.sub(r".*\((.+)\)$", r"\1", ref.label) for ref in q.required_data_points]
        at = sorted(named, key=q.question.find)
        series = [p.category for p in chart.data]
        asked += 1
        first_in_data += series.index(at[0]) < series.index(at[1])
        first_is_answer += at[0] == _labels(q)[-1]
    assert asked >= ASKED_L4
    # in data order the option named first was always the one plotted first (30 of 32), and the
    # answer 62%. About 30 questions a seed: the order is drawn per question, so at 5% a test any
    # change to the documents failed one of the two counts in ten by chance (9 of 30 after charts of
    # a report took distinct titles, and again once readings another chart labels were not asked,
    # p = 0.043; 17 of 28 on seed 6007), so each count is held at 1%
    for count in (first_in_data, first_is_answer):
        assert binomtest(count, asked).pvalue >= 0.01, (count, asked)


def test_each_level_holds_the_verdicts_in_equal_shares(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    """A level whose answers are mostly one verdict can be guessed: verify L5 held 40 "matches" of
    58 here (other L5 slots fell back to it when their own question found no mark of the colour
    and verdict they drew, so its attempts' verdicts were tilted; now only its own slots ask it)."""
    questions = [q for _, qs in run for q in qs]
    assert level_tilts(questions, SEED, N_DOCS) == []
