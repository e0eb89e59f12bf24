"""The mean a verify L3 or integrate L3 question asks bears on its claim (review49), on 60
plan-only paper-config documents.

A claim states one figure for one entity, series and year. Its L3 hop (``crossmodal_claims.Hop``)
averages that entity's own series over the claim's year and the two before it (the first three
where fewer come before), never the whole series; else, on a stacked chart of one period, adds up
the parts of the claim's own bar; else asks how far the claim's mark lies from the mean of its
own period's marks. Before, "the mean of" the whole series or of all values sat beside the claim
(on fresh seed 6257's 200 documents every one of 43 verify L3 and 61 integrate L3 group means).
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from generation.questions.crossmodal_claims import WINDOW
from generation.questions.crossmodal_measures import mean_off_claim
from generation.validate.question_rules import text_given_problems
from generation.validate.rules import check_question
from synthdocbench_tasks.schema import DocumentManifest, Question
from tests.generation.questions.planned import planned_run, question_pairs

pytestmark = pytest.mark.slow

SEED, N_DOCS = 3187, 60


@pytest.fixture(scope="module")
def asked() -> list[tuple[DocumentManifest, Question]]:
    pairs = question_pairs(planned_run(SEED, N_DOCS))
    return [(m, q) for m, q in pairs if mean_off_claim(m, q) is not None]


def test_l3_hops_bear_on_their_claim(asked: list[tuple[DocumentManifest, Question]]) -> None:
    cells = Counter(q.category for _, q in asked)
    # 16: 19 since questions55's integrate L3 refuses a text figure standing in for its mark (20 before);
    # 12: 13 since questions56 sets each subset's level cycle apart (build.LEVEL_SHIFTS), which moves
    # which reports' slots target L3 on these 60 documents (cross-modal L3 over 200 plan-only reports:
    # 80 -> 79 on fresh seed 4794, 84 -> 87 on fresh 6137)
    assert set(cells) == {"verify_with_chart", "integrate_sources"} and sum(cells.values()) >= 12, cells
    assert [q.question for m, q in asked if mean_off_claim(m, q)] == []
    assert [q.question for m, q in asked if text_given_problems(m, q)] == []
    # the question rules a plan can be checked by (the PDF's pages and words apart)
    failed = [
        (rule, q.question)
        for m, q in asked
        for rule, _ in check_question(m, q, 60, [])
        if rule not in ("evidence_pages", "text_leak", "plausibility")
    ]
    assert failed == []
    # every answer number's last operation: integrate L3 ends in the gap of the years' mean from
    # the text's figure since integ58, the mean its own answer number
    kinds = Counter(d.steps[-1].op for _, q in asked for d in q.derivations or [] if d.steps)
    assert kinds["mean"] and kinds["abs_difference"], kinds  # years of the entity, gaps from a period's mean


def test_a_years_mean_names_the_years_it_averages(asked: list[tuple[DocumentManifest, Question]]) -> None:
    means = [(q, d.steps[-1]) for _, q in asked for d in q.derivations or [] if d.steps[-1].op == "mean"]
    assert means
    for q, step in means:
        refs = [q.required_data_points[o.index].label for o in step.operands]
        years = sorted(y for r in refs for y in re.findall(r"\b(?:19|20)\d\d\b", r))
        assert len(years) == WINDOW and f"from {years[0]} to {years[-1]} ({WINDOW} years)" in q.question, (
            q.question,
            refs,
        )


def test_a_one_series_charts_peers_are_its_one_period(asked: list[tuple[DocumentManifest, Question]]) -> None:
    """On a chart of one series the peers of a claim's mark are every mark (audit59: checked, the
    intended set): such a chart plots one period (a year in its title) over entities, bins,
    stages or flows. Its marks never carry years (a one-series time chart has no peers:
    ``period_peers``), and a waterfall's level with its changes is no mean
    (``mean_needs_no_reading``)."""
    found = 0
    for m, q in asked:
        chart = next(c for c in m.charts if c.index == q.chart_index)
        if len({p.category for p in chart.data}) != 1 or " marks)" not in q.question:
            continue
        found += 1
        labels = [r.label.split(" (")[0] for r in q.required_data_points]
        assert sorted(labels) == sorted(p.label for p in chart.data), (q.question, labels)
        assert not any(re.fullmatch(r"(19|20)\d\d", x) for x in labels), labels
        assert chart.chartType != "waterfall", q.question
    assert found >= 3, found
