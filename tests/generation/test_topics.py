"""The topic bank is broad and plausible, and archetypes follow the 0.6 / 0.4 rule."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from generation.rng import stage_rng
from generation.topics import (
    ARCHETYPE_PREFERENCE,
    DOMAINS,
    all_topics,
    choose_archetype,
    choose_topic,
    in_text,
    topic_by_key,
)
from synthdocbench_tasks.schema import ARCHETYPES

CURRENCIES = {"USD", "EUR"}


def test_bank_spans_every_domain_with_enough_topics() -> None:
    topics = all_topics()
    assert len(topics) >= 14
    assert {t.domain for t in topics} == set(DOMAINS)
    assert len({t.key for t in topics}) == len(topics)


@pytest.mark.parametrize("topic", all_topics(), ids=lambda t: t.key)
def test_topic_has_what_a_long_report_needs(topic) -> None:  # type: ignore[no-untyped-def]
    assert len(set(topic.entities)) == len(topic.entities) >= 8
    assert len(topic.metrics) >= 4
    assert len({m.name for m in topic.metrics}) == len(topic.metrics)
    assert len(topic.events) >= 8 and len(topic.subjects) >= 3 and len(topic.actors) >= 4
    assert len(topic.mix.parts) >= 5
    first, last = topic.years
    assert last - first >= 9
    for metric in (*topic.metrics, topic.mix.metric):
        assert 0 < metric.low < metric.high < 1000, metric
        # Units carry no digits, so every number in the prose comes from the number registry.
        assert not re.search(r"\d", metric.unit_label), metric.unit_label
        if metric.unit in CURRENCIES:
            assert metric.scale, f"{metric.name} is money and needs a scale word"
        if "share" in metric.name.split() or metric.name in ("unemployment rate", "headline inflation"):
            assert metric.unit == "%", metric.name
    for text in (*topic.entities, *topic.actors, *topic.events, *topic.concepts, topic.title):
        assert not re.search(r"\d", text), text


def test_units_are_domain_appropriate() -> None:
    euro = topic_by_key("eurozone-inflation")
    units = {m.name: m.unit_label for m in euro.metrics}
    assert units["unemployment rate"] == "%"
    ai = topic_by_key("ai-adoption")
    assert {m.name: m.unit_label for m in ai.metrics}["AI software spending"] == "billion USD"


def test_unknown_topic_key_names_the_choices() -> None:
    with pytest.raises(KeyError, match="choose one of"):
        topic_by_key("no-such-topic")


def test_in_text_adds_articles_and_basin_words() -> None:
    sea = topic_by_key("energy-transition-sea")
    assert in_text(sea, "Philippines") == "the Philippines"
    assert in_text(sea, "Vietnam") == "Vietnam"
    assert in_text(topic_by_key("river-basins"), "Nile") == "the Nile basin"
    assert in_text(topic_by_key("ai-adoption"), "Financial services") == "financial services"


def test_topic_choice_is_deterministic_and_varied() -> None:
    picks = [choose_topic(stage_rng(7, "t", i)).key for i in range(60)]
    assert picks == [choose_topic(stage_rng(7, "t", i)).key for i in range(60)]
    assert len(set(picks)) >= 10


def test_archetype_follows_domain_preference_and_uniform_rest() -> None:
    allowed = list(ARCHETYPES)
    counts = Counter(choose_archetype(stage_rng(1, "a", i), "health", allowed) for i in range(3000))
    # academic: 0.6 * 0.4 + 0.4 / 6 = 0.307; every archetype still occurs through the uniform 40%.
    assert set(counts) == set(ARCHETYPES)
    assert 0.26 < counts["academic"] / 3000 < 0.36
    assert counts["academic"] == max(counts.values())
    least = min(ARCHETYPE_PREFERENCE["health"], key=ARCHETYPE_PREFERENCE["health"].__getitem__)
    assert counts[least] / 3000 > 0.05


def test_archetype_is_restricted_to_allowed() -> None:
    for i in range(50):
        assert choose_archetype(stage_rng(2, "a", i), "health", ["brutalist", "magazine"]) in {
            "brutalist",
            "magazine",
        }
    with pytest.raises(ValueError, match=r"config\.archetypes"):
        choose_archetype(stage_rng(2, "a", 0), "health", [])
