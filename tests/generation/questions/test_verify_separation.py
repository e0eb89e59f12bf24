"""One separation of verify verdicts on every chart, and no verify answer part the text gives
(audit45 C10, C2), on plan-only paper-config documents.

C10: a verify question's verdict followed whether its chart printed data labels: a claim 2-3% off
its mark was "contradicts" on a labelled chart and "matches" on one read off its axis. Now a
match is what the chart shows at its precision (on a labelled chart the printed label rounded to
the claim's precision, on either kind within one axis reading tolerance and 5% of the mark) and a
miss is off by at least max(1.5 axis reading tolerances, 10% of the mark) on every chart.
C2: a "matches" answer asked the charted value, which the text's figure passes for; now every
number a verify answer asks needs the chart. The checks here restate the rule from the chart's
own tolerances (not from ``claims.claim_verdict``), so they run against any version of the code.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from generation.charts.reading import effective_tol, printed, value_tolerance
from generation.charts.spec import chart_decimals
from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.build import make_questions
from generation.questions.measures import verdict_of
from generation.world.numbers import value_text
from synthdocbench_tasks.schema import Chart, DataPoint, DocumentManifest, Question

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
#: A run no other test plans (fresh when this test was written). Main's code here: 19 of 77 verify
#: claims off the one separation (misses 2-3% from a printed label), 77 answer parts the text gives.
SEED, N_DOCS = 1742, 120


@pytest.fixture(scope="module")
def verify() -> list[tuple[DocumentManifest, Question]]:
    config = load_config(ROOT / "configs" / "paper.yaml", seed=SEED, n_docs=N_DOCS)
    out = []
    for index in range(N_DOCS):
        manifest = plan_document(config, index).manifest
        out += [
            (manifest, q)
            for q in make_questions(manifest, config)
            if q.category == "verify_with_chart" and not _of_change_claim(manifest, q)
        ]
    return out


def _of_change_claim(manifest: DocumentManifest, q: Question) -> bool:
    """Verify L4 asks a change claim (a ratio of two marks, verifyl4): test_crossmodal_change
    checks its one separation; the checks here read a claim of one mark."""
    return manifest.text_facts[q.required_facts[0]].values.get("kind") == "change_claim"


def _axis_tol(chart: Chart, value: float) -> float:
    """The tolerance of ``value`` read off the chart's axis, as if it printed no labels."""
    vp = chart.visualProperties.model_copy(update={"valueReading": "axis"})
    return value_tolerance(chart.model_copy(update={"visualProperties": vp}), value)


def _claim(manifest: DocumentManifest, q: Question) -> tuple[Chart, DataPoint, str]:
    v = manifest.text_facts[q.required_facts[0]].values
    chart = next(c for c in manifest.charts if c.vizId == v["viz_id"])
    point = next(p for p in chart.data if p.label == v["label"] and p.category == v.get("series"))
    return chart, point, v["claimed_value"]


def _label_rounded(chart: Chart, value: float, said: str) -> bool:
    """``said`` is the printed label rounded to its own precision (an integer label: to 5s)."""
    shown = len(said.partition(".")[2])
    decimals = chart_decimals(chart)
    steps = {10.0**-shown, 5.0 if decimals == 0 else 10.0 ** -(decimals - 1)}
    return any(value_text(round(value / s) * s, shown) == said for s in steps)


def test_every_verify_claim_is_a_match_or_a_miss_by_one_margin(
    verify: list[tuple[DocumentManifest, Question]],
) -> None:
    kinds: Counter[tuple[bool, str]] = Counter()
    wrong = []
    for manifest, q in verify:
        chart, point, said = _claim(manifest, q)
        value, claimed, labelled = point.value, float(said), printed(chart)
        off, tol = abs(claimed - value), _axis_tol(chart, value)
        verdict = verdict_of(q)
        kinds[(labelled, str(verdict))] += 1
        if verdict == "matches":
            ok = off <= min(tol, 0.05 * abs(value)) and (not labelled or _label_rounded(chart, value, said))
        else:
            ok = verdict == "contradicts" and off >= max(1.5 * tol, 0.10 * abs(value)) - 1e-9
        if not ok:
            wrong.append((q.question_id, verdict, labelled, value, said, round(off / abs(value), 3)))
    # one-mark claims: 53 of 60 reports since verify L4 asks change claims, 49 since questions53
    # asks one fact on one chart once per subset; 120 reports since a verdict-and-kind cell held 7
    # of 51 at 60 (fresh 7674, 200 reports: 46 / 42 labelled, 35 / 41 unlabelled matches / misses)
    assert len(verify) >= 90, len(verify)
    # both verdicts on both kinds of chart: the kind tells no verdict
    assert all(kinds[(labelled, v)] >= 8 for labelled in (True, False) for v in ("matches", "contradicts")), (
        kinds
    )
    assert wrong == [], f"{len(wrong)} of {len(verify)} verify claims off the one separation: {wrong[:5]}"


def test_no_verify_answer_part_is_given_by_the_text(verify: list[tuple[DocumentManifest, Question]]) -> None:
    given = []
    for manifest, q in verify:
        _, _, said = _claim(manifest, q)
        stated = float(said)
        derived = {d.value_index: d for d in q.derivations or []}
        for i, v in enumerate(q.answer_values):
            if v.kind != "number" or v.value is None:
                continue
            near = abs(stated - v.value) <= effective_tol(v.value, v.abs_tol, v.rel_tol)
            d = derived.get(i)
            textual = d is not None and all(o.source == "fact" for s in d.steps for o in s.operands)
            if near or textual:
                given.append((q.question_id, q.difficulty, verdict_of(q), v.text, said))
    # a verify answer still asks numbers: the charted value of every miss, the mean at L3
    assert sum(v.kind == "number" for _, q in verify for v in q.answer_values) >= len(verify) // 3
    assert given == [], f"{len(given)} verify answer parts the text gives: {given[:5]}"


def test_claim_verdict_is_one_separation_for_labelled_and_axis_charts(
    verify: list[tuple[DocumentManifest, Question]],
) -> None:
    """The same claims about the same mark get the same verdict, or none, whether its chart prints
    its values or not; a labelled chart only narrows a match to the label's rounding."""
    from generation.document.claims import claim_verdict  # here: the checks above run on any code

    for manifest, q in verify:
        chart, point, said = _claim(manifest, q)
        shown = len(said.partition(".")[2])
        swapped = "axis" if printed(chart) else "data_labels"
        vp = chart.visualProperties.model_copy(update={"valueReading": swapped})
        other = chart.model_copy(update={"visualProperties": vp})
        value = point.value
        for factor in (0.5, 0.9, 0.97, 0.99, 1.0, 1.01, 1.03, 1.1, 1.2, 2.0):
            claimed = round(value * factor, shown)
            got = {claim_verdict(c, value, claimed, shown) for c in (chart, other)}
            # a miss on one is a miss on the other; a match on one is a match or none on the other
            assert got in ({False}, {True}, {None}, {True, None}), (q.question_id, value, claimed, got)
    labelled = next(
        c
        for m, _ in verify
        for c in m.charts
        if printed(c) and chart_decimals(c) == 1 and _axis_tol(c, 41.2) <= 0.05 * 41.2
    )
    assert claim_verdict(labelled, 41.2, 41.0, 0) is True  # "41" for a printed 41.2
    assert claim_verdict(labelled, 41.2, 42.0, 0) is None  # "about 42": neither verdict
    assert claim_verdict(labelled, 41.2, 46.0, 0) is False  # 11.7% off
