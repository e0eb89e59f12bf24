"""The report's dated events, stated causes and receptions (``generation.document.events``), over
120 planned paper-config documents (audit43 C3, C8, C14).

On the generator before these were mended (main 083b918, these 120 documents): 236 events about
an entity no chart of years is about in that year, 110 credited periods ending in their chart's
last year (a uniform draw: 90.9, two standard deviations above: 106.7), 18 of 72 reception and
8 of 30 cause sentences giving a plural policy a singular verb or pronoun.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from generation.document.anchors import concerned, entity_of, report_entities
from generation.document.content import plan_document
from generation.document.events import _at_drawn_gap
from generation.plan.config import load_config
from generation.questions.event_measures import plural_policy_singular
from synthdocbench_tasks.schema import DocumentManifest

pytestmark = pytest.mark.slow

PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"
SEED, N_DOCS = 41, 120


@cache
def _manifests() -> tuple[DocumentManifest, ...]:
    config = load_config(PAPER, seed=SEED, n_docs=N_DOCS)
    return tuple(plan_document(config, i).manifest for i in range(N_DOCS))


def _years(labels: list[str]) -> list[str]:
    years = list(dict.fromkeys(labels))
    return years if all(y.isdigit() for y in years) else []


def test_every_event_of_an_entity_is_about_a_chart_of_that_year() -> None:
    """An event whose actor is an entity of the report concerns a chart of years that shows its
    year (its place, or its own series): a question can chain it to that entity's value."""
    stray, events = [], 0
    for m in _manifests():
        entities = report_entities(m)
        for f in m.text_facts:
            v = f.values
            if v.get("kind") != "event" or entity_of(v["actor"], entities) is None:
                continue
            events += 1
            charts = [c for c in m.charts if v["year"] in _years([p.label for p in c.data])]
            if not any(concerned(c, v["actor"], entities) for c in charts):
                stray.append((m.doc_id, f.sentence))
    assert events >= 300
    assert stray == []


def test_credited_periods_end_in_the_last_year_no_more_than_a_uniform_draw() -> None:
    """A credited period (3+ years) ends in its chart's last year about as often as a uniform
    draw of periods gives (2 / (n - 1) for n years), within two standard deviations."""
    ends = expected = variance = 0.0
    n = 0
    for m in _manifests():
        charts = {c.vizId: c for c in m.charts}
        for f in m.text_facts:
            v = f.values
            if v.get("kind") != "cause":
                continue
            years = _years([p.label for p in charts[v["viz_id"]].data])
            share = 2 / (len(years) - 1)
            n += 1
            ends += v["end"] == years[-1]
            expected += share
            variance += share * (1 - share)
    assert n >= 250
    assert ends <= expected + 2 * math.sqrt(variance), (ends, expected)


def test_reception_and_cause_sentences_agree_with_a_plural_policy() -> None:
    totals = {"reception": 0, "reception/of": 0, "cause": 0, "cause/of": 0}
    for m in _manifests():
        for key, count in plural_policy_singular(m).items():
            totals[key] += count
    assert totals["reception/of"] >= 40 and totals["cause/of"] >= 15, totals
    assert (totals["reception"], totals["cause"]) == (0, 0), totals


def test_a_threads_next_event_sits_at_a_uniformly_drawn_gap() -> None:
    """``events._at_drawn_gap``: from 2012 over 2010-2020 the gaps 1-8 are equally likely (a year
    each side for 1 and 2), where a draw over the years gave a gap of 1 or 2 in 4 of 10 draws."""
    options = [str(y) for y in range(2010, 2021) if y != 2012]
    drawn = [_at_drawn_gap(np.random.default_rng(k), options, 2012) for k in range(800)]
    gaps = [abs(int(years[0]) - 2012) for years in drawn]
    assert all(len({abs(int(y) - 2012) for y in years}) == 1 for years in drawn)
    assert abs(gaps.count(1) / 800 - 1 / 8) < 0.04  # 800 draws: a standard error of 0.012
    assert abs(gaps.count(8) / 800 - 1 / 8) < 0.04
