"""The colour-hop counter (``generation.questions.colour_hop_measures``): a question finding a mark
by its colour counts as named by the text while the report quotes figures for that mark of its
chart only, and no longer once the report quotes one for another mark of the chart too."""

from __future__ import annotations

import pytest

from generation.questions.colour_hop_measures import colour_hop_counts, finds_by_colour, text_names_mark
from synthdocbench_tasks.schema import DocumentManifest, Question, TextFact
from tests.generation.questions.planned import planned_run

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def found() -> list[tuple[DocumentManifest, Question]]:
    return [
        (plan.manifest, q)
        for plan, questions in planned_run(41, 40)
        for q in questions
        if finds_by_colour(plan.manifest, q) and q.category == "technical_quantitative"
    ]


def test_a_technical_l5_colour_question_is_found_and_its_lone_claim_names_the_mark(
    found: list[tuple[DocumentManifest, Question]],
) -> None:
    assert len(found) >= 3
    for manifest, q in found:
        assert q.difficulty == "L5" and "mark" in q.question
        cited = [manifest.text_facts[i] for i in q.required_facts]
        assert any(f.values.get("kind") == "chart_claim" for f in cited)
    counts = colour_hop_counts(found)
    assert sum(n for n, _ in counts.values()) == len(found)


def test_a_second_quoted_mark_on_the_chart_leaves_the_colour_to_decide(
    found: list[tuple[DocumentManifest, Question]],
) -> None:
    for manifest, q in found:
        chart = next(c for c in manifest.charts if c.index == q.chart_index)
        claim = next(
            f for i in q.required_facts if (f := manifest.text_facts[i]).values.get("kind") == "chart_claim"
        )
        other = next(p for p in chart.data if p.label != claim.values["label"])
        second = TextFact(
            fact_id="extra",
            sentence=f"A forecast put {other.label} at 1.",
            values={**claim.values, "label": other.label},
            section_id=claim.section_id,
        )
        # the report's other quoted figures for marks of this chart made plain facts (in place, as
        # questions cite facts by index): the text names the mark
        alone = [
            f
            if f is claim
            or f.values.get("kind") not in ("chart_claim", "chart_quote")
            or f.values.get("viz_id") != chart.vizId
            else f.model_copy(update={"values": {**f.values, "kind": "plain"}})
            for f in manifest.text_facts
        ]
        lone = manifest.model_copy(update={"text_facts": alone})
        assert text_names_mark(lone, q)
        assert not text_names_mark(lone.model_copy(update={"text_facts": [*alone, second]}), q)


def test_no_colour_question_has_its_mark_named_by_the_text(
    found: list[tuple[DocumentManifest, Question]],
) -> None:
    """The report quotes a figure for another mark of another colour beside each claim a colour
    question uses (``document.claims._companion``). On main b164a16 every one of these was named."""
    named = [q.question_id for m, q in found if text_names_mark(m, q)]
    assert named == [], (len(named), len(found))
