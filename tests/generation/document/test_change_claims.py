"""The document stage's change claims (``document.change_claims``), on 40 plan-only paper-config
documents: each states a year of a time chart's series as a multiple of an earlier year's in its
own sentence, two or more sections from its chart, with a verdict the one separation gives."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from generation.document.change_claims import change_verdict
from generation.document.content import plan_document
from generation.plan.config import load_config

pytestmark = pytest.mark.slow

PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"


def test_change_claims_are_written_with_both_verdicts() -> None:
    config = load_config(PAPER, seed=7, n_docs=40)
    verdicts: Counter[bool | None] = Counter()
    reports = 0
    for index in range(40):
        m = plan_document(config, index).manifest
        order = {s.section_id: s.order for s in m.sections}
        found = []
        for fact in (f for f in m.text_facts if f.values.get("kind") == "change_claim"):
            v = fact.values
            chart = next(c for c in m.charts if c.vizId == v["viz_id"])
            first, last = (
                next((p for p in chart.data if (p.label, p.category) == (v[k], v.get("series"))), None)
                for k in ("start", "end")
            )
            assert first is not None and last is not None and int(last.label) - int(first.label) >= 2
            said = f"{v['claimed_value']} times its {first.label} level"
            assert said in fact.sentence and last.label in fact.sentence, fact.sentence
            assert abs(order[fact.section_id] - order[chart.section_id]) >= 2
            found.append(change_verdict(chart, first.value, last.value, float(v["claimed_value"])))
        verdicts.update(found)
        reports += bool(found)
    assert verdicts[None] == 0, verdicts
    assert reports >= 30, reports
    assert abs(verdicts[True] - verdicts[False]) <= 0.1 * sum(verdicts.values()), verdicts
