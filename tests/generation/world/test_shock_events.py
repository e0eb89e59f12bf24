"""An event that answers the shock of a theme's premise (the theme's ``after_shock``: "reopened
borders to leisure travellers", "created a strategic chip stockpile") is dated after the shock's
first year, in the report's text and in its timelines; other events keep their draw."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.plan.doc_plan import DocumentPlan
from generation.validate.plausibility import shock_event_breaks
from generation.world import space
from generation.world.topics import events_for_years, may_happen, shock_year

PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"
_SHOCKED = ("tourism-recovery@", "semiconductors@")


def _tourism(period: tuple[int, int]) -> space.Topic:
    i = next(i for i, p in enumerate(space.pairs()) if p.theme["key"] == "tourism-recovery")
    return space.compose(i, period)


def test_the_tourism_and_chip_themes_name_the_events_that_answer_their_shocks() -> None:
    bound = {t["key"]: set(t.get("after_shock", [])) for t in space.themes()}
    assert "reopened borders to leisure travellers" in bound["tourism-recovery"]
    assert "created a strategic chip stockpile" in bound["semiconductors"]
    topic = _tourism((2011, 2025))
    assert shock_year(topic) == 2020
    assert not may_happen(topic, "reopened borders to leisure travellers", "2020")
    assert may_happen(topic, "reopened borders to leisure travellers", "2021")
    assert may_happen(topic, "introduced a tourist tax", "2012")
    # a period that ends before the shock has no place for such an event
    assert not may_happen(_tourism((2006, 2020)), "reopened borders to leisure travellers", "2020")


def test_an_order_keeps_its_draw_unless_an_event_cannot_happen_in_its_year() -> None:
    topic = _tourism((2011, 2025))
    events = [
        "reopened borders to leisure travellers",
        "introduced a tourist tax",
        "capped cruise ship calls",
    ]
    assert events_for_years(topic, events, ["2021", "2013"]) == events
    moved = events_for_years(topic, events, ["2013", "2022", "2015"])
    assert moved == [
        "introduced a tourist tax",
        "reopened borders to leisure travellers",
        "capped cruise ship calls",
    ]


def _plans(seed: int, n: int) -> Iterator[DocumentPlan]:
    config = load_config(PAPER, seed=seed, n_docs=space.space_size())
    found = 0
    for index in range(space.space_size()):
        if found < n and space.topic_for(seed, index).key.startswith(_SHOCKED):
            found += 1
            yield plan_document(config, index)


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


@pytest.mark.slow
@pytest.mark.parametrize("seed", (2, 3))
def test_planned_reports_date_no_shock_answer_before_the_shock(seed: int) -> None:
    """Before: 'reopened borders to leisure travellers' in 2009 and 'ran a domestic travel voucher
    scheme' in 2013 (15 of 16 such events, 200 plans of seed 1249). The tourism and chip reports
    of a whole run (24 of each seed): no such event in the text or a timeline in or before the
    shock's first year (2020 for tourism, 2021 for chips)."""
    counted, early = 0, []
    for plan in _plans(seed, 24):
        lines, n = shock_event_breaks(plan.manifest)
        counted, early = counted + n, early + lines
        topic = space.topic_by_title(plan.manifest.topic)
        assert topic is not None
        first = shock_year(topic) or 0
        for text in _strings(plan.model_dump()):
            hit = re.match(r"^(\d{4}) \| .* (" + "|".join(map(re.escape, topic.after_shock)) + ")$", text)
            counted += hit is not None
            if hit and int(hit.group(1)) <= first:
                early.append(text)
    assert counted >= 4 and early == [], (counted, early[:5])
