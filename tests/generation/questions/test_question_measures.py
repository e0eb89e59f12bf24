"""What the questions of 20 paper-config documents measure (issue 23), plan-only.

No cross-modal question restates its claim, verdicts are balanced per category, every chart
and cross-modal L3 sums or averages, no two questions of a report share an evidence set, no
chart carries more than two questions of its report, at most half the chart questions name a
figure number, and every reference answer's verbs agree with their subjects.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.build import make_questions
from generation.questions.common import pinned
from generation.questions.measures import (
    chart_keys,
    claim_gap,
    evidence_key,
    operations,
    threshold_accuracy,
    unbalanced,
    verdict_balance,
)
from generation.validate.question_rules import restated_claim, restates, set_problems
from generation.world.grammar import PREPOSITIONS, is_plural
from synthdocbench_tasks.schema import DocumentManifest, Question

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
N_DOCS = 20
#: A verb right after its subject's head noun: "exercise days was", "the rate is".
_VERB = re.compile(r"\b([A-Za-z]+)\s+(was|is|has|were|are|have)\b")
_ARTICLES = frozenset({"The", "A", "An"})
_NOT_NOUNS = frozenset({"that", "which", "who", "it", "this", "there", "what", "each", "one", "series"})


@pytest.fixture(scope="module")
def run() -> list[tuple[DocumentManifest, list[Question]]]:
    config = load_config(ROOT / "configs" / "paper.yaml", seed=41, n_docs=N_DOCS)
    out = []
    for index in range(N_DOCS):
        manifest = plan_document(config, index).manifest
        out.append((manifest, make_questions(manifest, config)))
    return out


def _all(run: list[tuple[DocumentManifest, list[Question]]]) -> list[Question]:
    return [q for _, qs in run for q in qs]


def disagreements(answer: str) -> list[str]:
    """``noun verb`` pairs of ``answer`` whose verb does not agree with the (common) noun before it."""
    out = []
    for m in _VERB.finditer(answer):
        head, verb = m.group(1), m.group(2)
        if head[0].isupper() or head.lower() in _NOT_NOUNS:
            continue  # names ("Philippines is") and pronouns
        before = answer[: m.start()].split()[-1:]
        if before and before[0][0].isupper() and before[0] not in _ARTICLES:
            continue  # the end of a mark's name ("the dot for Games consoles is")
        if PREPOSITIONS & {w.lower() for w in answer[: m.start()].split()[-4:]}:
            continue  # the noun ends a phrase after its head ("people in the ... age group were";
            # agreement_measures checks such names whole)
        if is_plural(head) != (verb in ("were", "are", "have")):
            out.append(m.group(0))
    return out


def test_the_grammar_check_finds_a_disagreement() -> None:
    assert disagreements("Japan's Arctic military exercise days was 121 days in 2019.") == ["days was"]
    assert disagreements("The unemployment rate was 5.2%; exports were higher.") == []
    assert disagreements("The days was 4.") == ["days was"]
    assert disagreements("The 2010 dot for Games consoles is about 2.04 times that of Headphones.") == []
    assert (
        disagreements("The employed people in the twenty to twenty-four age group were broadly flat.") == []
    )


def test_every_reference_answer_is_grammatical(run: list[tuple[DocumentManifest, list[Question]]]) -> None:
    bad = [(q.question_id, d) for q in _all(run) for d in disagreements(q.answer)]
    assert bad == []


def test_counts_survive(run: list[tuple[DocumentManifest, list[Question]]]) -> None:
    counts = Counter(q.subset for q in _all(run))
    # complex here 57 of 60 (58 before a number looser than a quarter of itself went unasked), 55
    # since a text fact is asked on one chart once per subset (questions53; fresh 7789, 200
    # reports: complex 585 -> 578, cross-modal 584 -> 573); complex 54 since complex55 refuses
    # timeline and impact L3 means one reading answers and asks no technical L1 (fresh 4743: 565 -> 548)
    # complex 53 since world55's report windows and entity draws (200 plan-only reports of seed 6248
    # ask more: complex 553 -> 560, cross-modal 548 -> 553)
    floor = {"chart": 3 * N_DOCS - 5, "cross_modal": 3 * N_DOCS - 5, "complex": 3 * N_DOCS - 7}
    assert all(counts[s] >= floor[s] for s in floor), counts


def test_no_cross_modal_question_restates_its_claim(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    for manifest, questions in run:
        for q in questions:
            if q.subset == "cross_modal":
                assert restated_claim(manifest, q) == [], q.question
            assert not restates(manifest, q), q.question


def test_verdicts_are_balanced_per_category(run: list[tuple[DocumentManifest, list[Question]]]) -> None:
    balance = verdict_balance(_all(run))
    assert {"verify_with_chart", "compare_representations", "integrate_sources", "comparison"} <= set(balance)
    # 20 documents hold 5-30 verdicts per category: the largest class may exceed an even split by
    # three or by a tenth (a paper-config run of 200 documents keeps it within 55%: docs/questions.md;
    # verify_with_chart 14 of 22 here since the world's series turn, peaks46, and 53.3% / 53.0% of
    # 240 / 236 on 200 documents of seeds 2411 / 2453, 53.1% before; 16 of 25 here since verify L4
    # asks change claims, verifyl4, and 118 of 234 on 200 documents of fresh seed 3529)
    for category, counts in balance.items():
        total = sum(counts.values())
        assert max(counts.values()) <= total / 2 + max(4, total / 10), (category, counts)
    assert unbalanced({"x": Counter(matches=3, contradicts=1)}) == [
        "x: matches is 3 of 4 verdicts (75% > 55%)"
    ]


def test_the_size_of_a_discrepancy_separates_the_verdicts(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    gaps = [g for manifest, qs in run for q in qs if (g := claim_gap(manifest, q)) is not None]
    # 15 here: verify L4 asks change claims (a ratio of two marks, verifyl4), not one mark's gap
    assert len(gaps) >= 12 and {m for m, _ in gaps} == {True, False}
    # one separation on every chart (claims.claim_verdict): a match within 5% of its mark, a miss
    # 10% or more off, so the distance, which only a reading of the mark gives, tells them apart
    # (main before audit45: 0.79 here, when a miss on a labelled chart sat as near as a match read
    # off an axis and the verdict followed the labels); what needs no reading tells nothing
    # (test_verdict_tells.py)
    assert threshold_accuracy(gaps) == 1.0
    assert threshold_accuracy([(True, 0.01), (True, 0.02), (False, 0.1), (False, 0.2)]) == 1.0
    assert threshold_accuracy([(True, 0.01), (False, 0.02), (True, 0.03), (False, 0.04)]) == 0.75


def test_every_l3_sums_or_averages(run: list[tuple[DocumentManifest, list[Question]]]) -> None:
    for q in _all(run):
        if q.subset in ("chart", "cross_modal") and q.difficulty == "L3":
            assert any(op in ("sum", "mean") and n >= 3 for op, n in operations(q)), q.question


def test_no_shared_evidence_and_at_most_two_questions_per_chart(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    for manifest, questions in run:
        assert set_problems(manifest, questions) == {}
        keys = [evidence_key(q) for q in questions]
        assert len(keys) == len(set(keys))
        load = Counter(c for q in questions for c in chart_keys(q))
        assert max(load.values()) <= 2


def test_chart_references_mix_forms(run: list[tuple[DocumentManifest, list[Question]]]) -> None:
    chart = [q for q in _all(run) if q.subset == "chart"]
    numbered = sum(bool(re.search(r"\bFigure \d+", q.question)) for q in chart)
    assert numbered <= len(chart) / 2
    assert sum("titled '" in q.question for q in chart) >= len(chart) / 5
    assert sum("in the section '" in q.question for q in chart) >= 1


def test_questions_read_as_a_reader_would_write_them(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    """No internal id (section, chart or table); a name that takes an article has it ("the United
    States"); a year mark is asked by its year, not as "the 2019 value"; a chart described by its
    title's subject is not followed by that subject again ("the area chart of X ... for the X")."""
    seen: Counter[str] = Counter()
    for manifest, questions in run:
        ids = {s.section_id for s in manifest.sections} | {c.vizId for c in manifest.charts}
        ids |= {t.table_id for t in manifest.tables}
        for q in questions:
            text = f"{q.question} {q.answer}"
            assert not [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)], text
            for name in ("United States", "United Kingdom", "Philippines", "Netherlands", "Americas"):
                for m in re.finditer(name, text):
                    seen[name] += 1
                    before = text[: m.start()]
                    assert before.endswith(("the ", "The ", "'")), text
            assert not re.search(r"for the \d{4} value\?", q.question), q.question
            assert not re.search(r"of the [\d.,]+ total\b", q.answer), q.answer  # the total's unit
            # "arrivals averages"; not a noun ending a phrase after for / of / in ("the rate in the
            # market for wearables moves")
            for m in re.finditer(
                r"(?<!\bfor )(?<!\bof )(?<!\bin )\b([a-z]+) (averages|moves|tops)\b", q.answer
            ):
                assert m.group(1) in _NOT_NOUNS or not is_plural(m.group(1)), q.answer
            for c in manifest.charts:
                of = re.escape(c.title.split(",")[0].lower())
                assert not re.search(rf"chart of {of}\b.* the {of}\b", q.question.lower()), q.question
    assert sum(seen.values()) >= 5, seen  # the run names such countries


def test_stats_count_complex_units_from_their_trace(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    from generation.questions.stats import question_stats

    stats = question_stats(_all(run))
    units = {k: c for (s, k), c in stats.units.items() if s == "complex"}
    sections = {k: c for (s, k), c in stats.sections.items() if s == "complex"}
    assert units and set(units) <= {2, 3, 4} and sum(units.values()) == stats.subset_count("complex")
    assert sections and min(sections) >= 2 and sum(sections.values()) == sum(units.values())
    assert stats.with_chart["complex"] == stats.subset_count("complex")
    assert "sections per traced question: " in stats.render()


def test_every_number_asked_is_pinned_and_a_loose_gap_is_asked_as_a_side(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    """No number is asked with a tolerance over a quarter of itself (a claim 2-3 reading
    tolerances off a mark read off an axis: "8 ± 3.9"); a colour question on such a claim asks on
    which side of the text's figure the chart puts the mark instead."""
    loose = [(q.question_id, v.text) for q in _all(run) for v in q.answer_values if not pinned(v)]
    assert loose == []
    sides = []
    for m, qs in run:
        for q in qs:
            if q.difficulty != "L5" or q.category not in ("integrate_sources", "technical_quantitative"):
                continue
            if any(v.text in ("above", "below") for v in q.answer_values):
                # by index: a report may hold two charts of one title (seed 41's report 7 does)
                charts = [c for c in m.charts if c.index == q.chart_index]
                assert len(charts) == 1 and f"'{charts[0].title}'" in q.answer, q.question_id
                sides.append(charts[0].visualProperties.valueReading)
    assert sides and set(sides) == {"axis"}, sides


def test_a_claim_question_names_the_mark_as_the_claims_sentence_does(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    """A claim's mark is named as its sentence names it ("the rail share of inland freight moved
    in Trinidad and Tobago in 2021"), not by the chart's label alone ("Rail", which a report's
    other pie may also draw: fresh seed 4877 had 21 of 62 claim questions name a mark shared by
    two or more charts and neither the chart nor the measure)."""
    asked = 0
    for m, qs in run:
        for q in qs:
            for k in q.required_facts:
                fact = m.text_facts[k]
                if fact.values.get("kind") != "chart_claim":
                    continue
                subject = fact.values["subject"].lower()
                assert subject in fact.sentence.lower(), fact.sentence
                assert subject in (q.question + " " + q.answer).lower(), (q.question_id, subject)
                asked += 1
    assert asked >= 40


_SUBTRACTION = re.compile(r"\|(-?\d+(?:\.\d+)?) - (-?\d+(?:\.\d+)?)\| = (-?\d+(?:\.\d+)?)")


def _decimals(text: str) -> int:
    return len(text.partition(".")[2])


def test_a_gap_is_printed_no_finer_than_what_it_is_worked_out_from(
    run: list[tuple[DocumentManifest, list[Question]]],
) -> None:
    """A gap from a mean (or between two means) is printed no finer than the figures the
    reasoning subtracts, so its arithmetic holds as printed ("|0.74 - 0.80| = 0.061" did not:
    the mean is printed as finely as the gap needs, 0.801)."""
    found = 0
    for q in _all(run):
        for step in q.reasoning:
            for a, b, gap in _SUBTRACTION.findall(step):
                found += 1
                assert _decimals(gap) <= max(_decimals(a), _decimals(b)), (q.question_id, step)
                assert abs(abs(float(a) - float(b)) - float(gap)) <= 10.0 ** -_decimals(gap) + 1e-9, step
    assert found >= 5  # 9 in these 20 documents when written
