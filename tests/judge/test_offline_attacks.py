"""Answers built to fool the offline judge (issue 9), on questions from the real generator.

Every attack the issue lists is replayed on every generated question it applies to: a
denied reference, a spray of numbers, the right value given to another country, a range
wider than the tolerance, a hedge that says the opposite, and a correct direction-only
answer (which must pass).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from generation.document.content import plan_document
from generation.plan.config import GenerationConfig
from generation.questions.build import make_questions
from judge import JudgeInputError, JudgeItem, OfflineJudge, build_judge
from synthdocbench_tasks.schema import Question
from tests.generation.manifest_fixture import build_all_types_manifest

pytestmark = pytest.mark.slow

PASS = 6
SPRAY = " ".join(f"{tenth / 10:.1f}" for tenth in range(1001))  # 0.0 0.1 ... 100.0


@cache
def _questions() -> tuple[Question, ...]:
    config = GenerationConfig(seed=11, n_docs=24)
    out = [q for i in range(config.n_docs) for q in make_questions(plan_document(config, i).manifest, config)]
    manifest = build_all_types_manifest()
    out += make_questions(manifest, GenerationConfig(seed=3, questions_per_subset=9))
    return tuple(out)


def _facts(q: Question) -> list[dict[str, Any]]:
    return [v.model_dump() for v in q.answer_values]


def _score(q: Question, candidate: str) -> int:
    return OfflineJudge().score(JudgeItem(q.question, q.answer, candidate, _facts(q))).score


def _labels(q: Question) -> list[str]:
    return [v.text for v in q.answer_values if v.kind == "label"]


def test_the_generated_questions_cover_every_category() -> None:
    assert len(_questions()) >= 150
    assert len({q.category for q in _questions()}) == 9


@pytest.mark.parametrize(
    "template",
    [
        "It is not true that {ref}",
        "It is false that {ref}",
        "It's not the case that {ref}",
        "Incorrect that {ref}",
    ],
)
def test_a_denied_reference_fails_on_every_question(template: str) -> None:
    for q in _questions():
        ref = q.answer[0].lower() + q.answer[1:]
        assert _score(q, template.format(ref=ref)) <= 1, (q.question_id, q.answer)


def _shows_a_scored_value(q: Question) -> bool:
    """Whether what the reference says a chart shows (up to the next comma or colon) holds one of
    the question's scored numbers."""
    found = re.search(r"\bshows\b([^,:;]*)", q.answer)
    numbers = [v.text for v in q.answer_values if v.kind == "number"]
    return bool(found) and any(n in found.group(1) for n in numbers)


def test_a_reference_with_not_inserted_fails() -> None:
    """Local negation: "does not show", "did not fall", "is not" in the reference's own words."""
    swaps = [
        (r"\bshows\b", "does not show"),
        (r"\bis\b", "is not"),
        (r"\bwas\b", "was not"),
        (r"\bfell\b", "did not fall"),
    ]
    tried = failed = 0
    for q in _questions():
        if re.search(r"\bshows\b", q.answer) and not _shows_a_scored_value(q):
            # since verify45 a verify answer asks the charted value only where the chart
            # contradicts the text and L3/L4 never: "does not show" would negate context
            continue
        for pattern, negation in swaps:
            if re.search(pattern, q.answer):
                candidate = re.sub(pattern, negation, q.answer)
                tried += 1
                failed += _score(q, candidate) < PASS
                break
    assert tried >= 90  # 97 (115 before verify45's answers dropped the matched charted value)
    assert failed / tried >= 0.9, f"{tried - failed} of {tried} negated references pass"


def test_a_spray_of_numbers_passes_under_three_percent() -> None:
    scores = [_score(q, SPRAY) for q in _questions()]
    passed = sum(s >= PASS for s in scores)
    assert passed / len(scores) < 0.03, f"{passed} of {len(scores)} questions pass a spray"
    assert max(scores) == 0


def test_a_spray_of_labels_fails() -> None:
    for q in _questions():
        if any(v.text in ("rose", "fell", "was broadly flat") for v in q.answer_values):
            candidate = f"{q.answer} Overall it rose, fell or was broadly flat depending on the year."
            assert _score(q, candidate) < PASS, q.question_id


def test_the_right_value_for_another_country_fails() -> None:
    """'Nigeria was higher': the answer's entity replaced by a country the question never names."""
    tried = 0
    for q in _questions():
        for name in _labels(q):
            if not re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+)?", name) or (
                name in q.question and q.subset != "chart"
            ):
                continue
            if "Nigeria" in q.question or "Nigeria" in q.answer or name not in q.answer:
                continue
            candidate = q.answer.replace(name, "Nigeria")
            tried += 1
            assert _score(q, candidate) < PASS, (q.question_id, candidate)
    # 6: 8 on this stop's generator (10 or more on main; fewer reference answers name a single-word
    # entity the question leaves out); each one tried must fail
    assert tried >= 6


def _one_fact_scores(
    question: str, reference: str, fact: dict[str, Any], candidates: tuple[str, ...]
) -> dict[str, int]:
    """The offline judge's score of each candidate answer to a question with one fact."""
    judge = OfflineJudge()
    return {c: judge.score(JudgeItem(question, reference, c, [fact])).score for c in candidates}


def test_a_range_wider_than_the_tolerance_fails() -> None:
    fact = {"kind": "number", "text": "75", "value": 75.0, "unit": "%", "abs_tol": 1.0}
    item = "What share of pupils had a device in 2020?"
    ranges = ("It was 70 to 80%.", "Between 70% and 80%.", "Roughly 70-80%.", "70% or 80%", "72 or 78%")
    scores = _one_fact_scores(item, "It was 75%.", fact, ranges)
    assert {c: s for c, s in scores.items() if s >= PASS} == {}
    exact = ("It was 75%.", "About 75 percent.", "0.75 of pupils", "75.4%")
    assert _one_fact_scores(item, "It was 75%.", fact, exact) == dict.fromkeys(exact, 10)


def test_a_range_around_every_generated_number_fails() -> None:
    tried = 0
    for q in _questions():
        numbers = [v for v in q.answer_values if v.kind == "number" and v.value]
        if len(q.answer_values) != 1 or not numbers:
            continue
        v = numbers[0]
        assert v.value is not None
        spread = max(3 * max(v.abs_tol, v.rel_tol * abs(v.value)), 0.2 * abs(v.value))
        low, high = v.value - spread, v.value + spread
        tried += 1
        assert _score(q, f"Somewhere between {low:.1f} and {high:.1f}.") < PASS, q.question_id
    assert tried >= 20


def test_the_issue_hedge_fails_where_the_answer_is_above() -> None:
    tried = 0
    for q in _questions():
        if "above" not in _labels(q):
            continue
        tried += 1
        for hedge in (
            "It falls short... less, not more.",
            "The value falls short of it: it is less, not more.",
        ):
            assert _score(q, hedge) < PASS, (q.question_id, hedge)
    assert tried >= 3


def test_loose_aliases_alone_do_not_match() -> None:
    judge = OfflineJudge()
    above = {"kind": "label", "text": "above", "aliases": ["higher", "exceeds", "more"]}
    below = {"kind": "label", "text": "below", "aliases": ["lower", "short", "less"]}
    mixed = {"kind": "label", "text": "mixed", "aliases": ["ambivalent", "divided", "both"]}
    q = "Is the charted value above or below the claim?"
    for candidate, fact in [
        ("There is more to it than that.", above),
        ("Short answer: it is unclear.", below),
        ("More or less, yes.", below),
        ("Both groups commented.", mixed),
    ]:
        assert judge.score(JudgeItem(q, "ref", candidate, [fact])).score == 0, candidate
    for candidate, fact in [
        ("It is more than the claim.", above),
        ("It falls short of the claim.", below),
        ("It is less than the claim.", below),
        ("They were ambivalent.", mixed),
    ]:
        assert judge.score(JudgeItem(q, "ref", candidate, [fact])).score == 10, candidate


@cache
def _how_did_trend_questions() -> tuple[Question, ...]:
    """'How did ...' trend questions over as many documents as it takes to find three (the
    chart templates vary their wording and chart reading fills last, so 24 documents may hold
    only one); bounded to 96 documents and two seeds."""

    def how_did(qs: Sequence[Question]) -> list[Question]:
        return [q for q in qs if q.category == "trend_pattern" and re.match(r"How did", q.question)]

    out = how_did(_questions())  # seed 11, documents 0-23
    for seed, first in ((11, 24), (12, 0)):
        config = GenerationConfig(seed=seed, n_docs=96)
        for i in range(first, config.n_docs):
            if len(out) >= 3:
                return tuple(out)
            out += how_did(make_questions(plan_document(config, i).manifest, config))
    return tuple(out)


def test_a_correct_direction_only_answer_passes_and_the_reverse_fails() -> None:
    questions = _how_did_trend_questions()
    assert len(questions) >= 3  # "How did ..." is one of several trend wordings
    for q in questions:
        direction = next(v.text for v in q.answer_values if v.text in ("rose", "fell", "was broadly flat"))
        opposite = {"rose": "fell", "fell": "rose", "was broadly flat": "rose sharply"}[direction]
        assert _best_reading(q, f"It {direction}.") >= PASS, (q.question_id, direction)
        assert _score(q, f"It {opposite}.") < PASS, (q.question_id, opposite)


def _best_reading(q: Question, candidate: str) -> int:
    """The verdict's score where it is certain or a pass; the best reading's where the judge is
    unsure of a pass it scored as a fail for its risk (judge26: a direction alone for a question
    of four facts is handed to a cascade's LLM judge, not failed for certain)."""
    item = JudgeItem(q.question, q.answer, candidate, _facts(q))
    verdict, reading = OfflineJudge().score(item), OfflineJudge().reading(item)
    if verdict.certain or verdict.score >= PASS or reading is None:
        return verdict.score
    assert "scored as a fail offline" in verdict.judgement, verdict.judgement
    return reading.score


def test_two_values_for_one_fact_fail() -> None:
    fact = {"kind": "number", "text": "815", "value": 815.0, "unit": "kg per hectare", "rel_tol": 0.01}
    q = "What level did the chart record for New Caledonia in 2019?"
    two_values = (
        "815 or 790 kg per hectare.",
        "It is 815 kg per hectare, or possibly 760 kg per hectare.",
        "Between 810 and 830 kg per hectare.",
        "815 kg per hectare; another reading gives 700 kg per hectare.",
    )
    scores = _one_fact_scores(q, "It is 815 kg per hectare.", fact, two_values)
    assert {c: s for c, s in scores.items() if s >= PASS} == {}
    context = ("815 kg per hectare in 2019, up from 171 kg per hectare in 2013.",)
    assert _one_fact_scores(q, "It is 815 kg per hectare.", fact, context) == dict.fromkeys(context, 10)


@pytest.mark.parametrize(
    ("candidate", "expected"),
    [
        ("Revenue fell by 79 million USD.", 10),  # a fall written without the sign
        ("A change of -79 million USD.", 10),
        ("Revenue rose by 79 million USD.", 0),
        ("Revenue ended 79,000,000 USD lower.", 10),
    ],
)
def test_a_negative_change_may_be_written_as_a_fall(candidate: str, expected: int) -> None:
    fact = {"kind": "number", "text": "-79", "value": -79.0, "unit": "million USD", "abs_tol": 2.0}
    verdict = OfflineJudge().score(JudgeItem("How much did revenue change?", "-79", candidate, [fact]))
    assert verdict.score == expected, verdict.judgement


def _asks_a_value(q: Question) -> bool:
    asks = r"\bwhat\s+(?:[\w'-]+\s+){0,3}value\b|\bhow\s+large\b|\bshow\s+for\b"
    # "Which item is it, and what is its average length of stay?" (a property of the item found)
    asks += r"|\bwhat\s+(?:is|was)\s+its\s+(?!(?:overall\s+)?direction\b)"
    return bool(re.search(asks, q.question))


def test_a_label_alone_on_a_question_that_asks_its_value_fails() -> None:
    """The asked value is the core (rubric 4-5: significant gaps): its labels alone, once or
    repeated, never pass, on every generated question that asks a value outright."""
    tried = 0
    for q in _questions():
        values = [v for v in q.answer_values if v.kind == "number" and v.unit]
        if not _labels(q) or not values or not _asks_a_value(q):
            continue
        tried += 1
        labels = " and ".join(_labels(q))
        for candidate in (f"{labels}.", f"{labels} " * 3_000):
            assert _score(q, candidate) < PASS, (q.question_id, candidate[:80])
    assert tried >= 5


def test_hostile_and_truncated_answers() -> None:
    q = next(q for q in _questions() if _labels(q))
    label = _labels(q)[0]
    for hostile in (
        "{" * 200_000,
        "9" * 200_000,
        f"{label} " * 30_000,
        "not " * 50_000 + q.answer,
        SPRAY * 20,
    ):
        started = time.perf_counter()
        assert _score(q, hostile) < PASS
        assert time.perf_counter() - started < 15  # bounded work: the last 20k characters are read
    truncated = q.answer[: len(q.answer) // 3]
    assert _score(q, truncated) < 10


def test_build_judge_offline_and_cached_give_the_same_verdict() -> None:
    judge = build_judge("offline")
    assert isinstance(judge, OfflineJudge)
    q = _questions()[0]
    item = JudgeItem(q.question, q.answer, q.answer, _facts(q))
    assert judge.cached(item) == judge.score(item)
    assert judge.name == "offline:offline-claims-v34" and judge.prompt_version == "claims-v34"


def test_malformed_answer_facts_still_raise() -> None:
    q = _questions()[0]
    for bad in ({"kind": "number", "text": "x", "value": float("nan")}, {"kind": "label", "text": ""}, None):
        with pytest.raises(JudgeInputError, match=r"^answer_values\[0\]"):
            OfflineJudge().score(JudgeItem(q.question, q.answer, q.answer, [bad]))  # type: ignore[list-item]


def _snapshot(question_id: str) -> dict[str, Any]:
    rows = json.loads((Path(__file__).parent / "data" / "offline_questions.json").read_text(encoding="utf-8"))
    return next(q for q in rows["questions"] if q["question_id"] == question_id)


@pytest.mark.parametrize(
    ("question_id", "candidate", "passes"),
    [
        ("sdb-11-00001-chart-01", "**Uganda (Rice)** is higher, by **3.4 million tonnes**.", True),
        ("sdb-11-00001-chart-01", "Burundi (Rice) is lower than Uganda (Rice) by 3.4 million tonnes.", True),
        (
            "sdb-11-00001-chart-01",
            "Burundi (Rice) is higher than Uganda (Rice) by 3.4 million tonnes.",
            False,
        ),
        ("sdb-11-00001-chart-01", "Uganda (Rice) trails Burundi (Rice) by 3.4 million tonnes.", False),
        (
            "sdb-11-00003-chart-02",
            "Malaysia. In 2021 its exports (~139 bn USD) exceeded Taiwan's by about 48 bn USD.",
            True,
        ),
        ("sdb-11-00003-chart-02", "Taiwan stood higher than Malaysia in 2021, by 48 billion USD.", False),
        ("sdb-11-00002-chart-01", "Myanmar — it decreased (≈78.2% → ≈49.1%).", True),
        ("sdb-11-00002-chart-01", "The grey line is India, falling from 78.2% to 49.1%.", False),
        (
            "sdb-11-00006-complex-02",
            "- Export promotion agencies: **positive**\n- Customs administrations: **negative**\n"
            "- Industry chambers: **mixed**",
            True,
        ),
        (
            "sdb-11-00006-complex-02",
            "- Export promotion agencies: negative\n- Customs administrations: positive\n"
            "- Industry chambers: mixed",
            False,
        ),
        (
            "sdb-11-00000-cross_modal-01",
            "Yes. It is consistent: Fiji decreased from 833 kg/ha to 387 kg/ha.",
            True,
        ),
        (
            "sdb-11-00000-cross_modal-01",
            "The chart does not bear out the text: Fiji rose from 387 to 833 kg/ha.",
            False,
        ),
        ("sdb-11-00000-chart-02", "Navy = 2012 (47.9%), blue = 2017 (23.7%); navy reaches higher.", True),
        (
            "sdb-11-00000-chart-02",
            "Blue stands for 2012 and navy for 2017; blue is higher at 47.9% versus 23.7%.",
            False,
        ),
        ("sdb-11-00001-cross_modal-01", "Pink; the chart's 5.3 Mt exceeds the 4.1 Mt threshold.", True),
        (
            "sdb-11-00001-cross_modal-01",
            "Wheat is pink; its 5.3 million tonnes is below the 4.1 million tonnes.",
            False,
        ),
        (
            "sdb-11-00005-complex-01",
            "It decreased by 79 million USD, from 435 (2015) to 356 million USD (2017).",
            True,
        ),
        (
            "sdb-11-00005-complex-01",
            "It increased by 79 million USD, from 356 (2015) to 435 million USD (2017).",
            False,
        ),
    ],
)
def test_formats_models_write_and_swaps_they_make(question_id: str, candidate: str, passes: bool) -> None:
    q = _snapshot(question_id)
    verdict = OfflineJudge().score(JudgeItem(q["question"], q["reference"], candidate, q["answer_values"]))
    assert (verdict.score >= PASS) == passes, verdict.judgement


def test_a_cue_inside_a_hyphenated_compound_is_not_a_comparison() -> None:
    """An event-anchored question names a third country; "leading-edge" is no claim that it leads."""
    from judge import JudgeItem, OfflineJudge

    item = JudgeItem(
        question=(
            "In the year China broke ground on a leading-edge fab, which was higher in Figure 3: "
            "Germany or Malaysia, and by how much?"
        ),
        reference="That year Germany was higher, at 18.99 weeks against 15.64 weeks, a gap of 3.35 weeks.",
        candidate=(
            "China broke ground on a leading-edge fab in 2015; that year Germany was higher, at 18.99 "
            "weeks versus 15.64 weeks for Malaysia, a gap of 3.35 weeks."
        ),
        answer_values=[
            {"kind": "label", "text": "Germany"},
            {"kind": "number", "text": "3.35 weeks", "value": 3.35, "unit": "weeks", "abs_tol": 0.01},
        ],
    )
    assert OfflineJudge().score(item).score == 10
    wrong = JudgeItem(
        item.question,
        item.reference,
        item.candidate.replace("Germany was", "Malaysia was"),
        item.answer_values,
    )
    assert OfflineJudge().score(wrong).score < 6


_OPPOSITE = {
    "rose": "fell",
    "fell": "rose",
    "increased": "decreased",
    "decreased": "increased",
    "grew": "shrank",
    "declined": "grew",
    "higher": "lower",
    "lower": "higher",
}


def test_a_reference_with_its_direction_reversed_is_scored_and_fails() -> None:
    """The reference with its direction word turned round: scored (never an error, held-out v4's
    first run with judge3 raised IndexError on such a reading) and never a pass."""
    turned = re.compile(r"\b(" + "|".join(_OPPOSITE) + r")\b")
    cases = [(q, turned.sub(lambda m: _OPPOSITE[m.group(1)], q.answer, count=1)) for q in _questions()]
    # one direction word only: a reference that names two (the text's and the chart's) turned
    # round at its first one is another answer, not the reversed one; "broadly flat" counts, as a
    # false trend claim may say it (trend45): "the text says it was broadly flat; the chart shows it
    # rose, so it contradicts the text" turned to "fell" still contradicts the text
    directions = re.compile(r"\b(" + "|".join(_OPPOSITE) + r"|broadly flat)\b")
    cases = [(q, text) for q, text in cases if text != q.answer and len(directions.findall(q.answer)) == 1]
    # 6 since this stop's generator changes re-drew seed 11's reports (10 before)
    assert len(cases) >= 5, len(cases)
    for q, text in cases:
        assert _score(q, text) < PASS, (q.question_id, text)
