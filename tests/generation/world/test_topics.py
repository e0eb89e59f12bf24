"""The topic bank is broad and plausible, ships as package data that loads to the same records,
refuses a malformed file in one line, and archetypes follow the 0.6 / 0.4 rule."""

from __future__ import annotations

import fnmatch
import hashlib
import json
import re
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import tomllib

from generation.plan.rng import stage_rng
from generation.world.space import compose, space_size
from generation.world.space import domains as space_domains
from generation.world.topics import (
    ARCHETYPE_PREFERENCE,
    DATA_FILE,
    DOMAINS,
    Funnel,
    Topic,
    TopicBankError,
    all_topics,
    articled,
    choose_archetype,
    choose_topic,
    funnel_of,
    in_text,
    load_bank,
    named_with_article,
    topic_by_key,
)
from synthdocbench_tasks.schema import ARCHETYPES

CURRENCIES = {"USD", "EUR"}


def test_bank_spans_every_domain_with_enough_topics() -> None:
    topics = all_topics()
    assert len(topics) >= 14
    assert {t.domain for t in topics} <= set(DOMAINS)
    assert set(space_domains()) == set(DOMAINS)  # the topic space covers every domain
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
    products = next(
        t for t in (compose(i, (2006, 2020)) for i in range(space_size())) if t.entity_kind == "product"
    )
    assert [in_text(products, e) for e in ("Smartphones", "Smart TVs", "Games consoles")] == [
        "the market for smartphones",
        "the market for smart TVs",
        "the market for games consoles",
    ]


def test_names_that_take_an_article_get_it_in_running_text() -> None:
    assert articled("United Kingdom leads; what does Figure 2 give for Philippines?") == (
        "The United Kingdom leads; what does Figure 2 give for the Philippines?"
    )
    assert articled("Minerals (United Kingdom). Americas trails the Middle East") == (
        "Minerals (the United Kingdom). The Americas trails the Middle East"
    )
    kept = "in the Netherlands, 'Tourist arrivals in the United States' and the Bahamas' share"
    assert articled(kept) == kept


def test_a_reports_rivers_take_their_article_in_its_questions() -> None:
    basins = next(
        t for t in (compose(i, (2006, 2020)) for i in range(space_size())) if t.entity_kind == "basin"
    )
    rivers = named_with_article(basins)
    assert "Nile" in rivers and named_with_article(topic_by_key("ai-adoption")) == ()
    text = "Danube rose; what is the threshold for Irrigation in Nile and in the Nile basin?"
    assert articled(text, rivers) == (
        "The Danube rose; what is the threshold for Irrigation in the Nile and in the Nile basin?"
    )
    assert articled(text) == text  # without the report's own names nothing changes


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


# --- the bank as package data ------------------------------------------------------------------

#: sha256 of the bank's records (topics, their funnels, and the Python types of every metric
#: range) as the literal in generation/world/topics.py gave them before the bank became a data file.
BANK_DIGEST = "d751e08019154b2a4de07ec2e7683e7a0e1417233239f445fdf73eacba1eff84"


def bank_digest(topics: tuple[Topic, ...], funnels: list[Funnel]) -> str:
    ranges = [
        [(type(m.low).__name__, type(m.high).__name__, m.kind) for m in (*t.metrics, t.mix.metric)]
        for t in topics
    ]
    return hashlib.sha256((repr(topics) + repr(funnels) + repr(ranges)).encode()).hexdigest()


def test_the_packaged_bank_gives_the_same_records_as_the_old_literal() -> None:
    topics = all_topics()
    assert bank_digest(topics, [funnel_of(t) for t in topics]) == BANK_DIGEST
    assert all_topics() is topics  # read once


def test_the_bank_file_ships_as_package_data() -> None:
    path = resources.files("generation.world") / "data" / DATA_FILE
    assert path.is_file()
    pyproject = tomllib.loads((Path(__file__).parents[3] / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = pyproject["tool"]["setuptools"]["package-data"]["generation.world"]
    assert any(fnmatch.fnmatch(f"data/{DATA_FILE}", pattern) for pattern in shipped), shipped


def _packaged() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (resources.files("generation.world") / "data" / DATA_FILE).read_text("utf-8")
    )
    return data


def _broken(tmp_path: Path, edit: Any) -> Path:
    data = _packaged()
    edit(data)
    path = tmp_path / DATA_FILE
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_copy_of_the_bank_file_loads_to_the_same_records(tmp_path: Path) -> None:
    bank = load_bank(_broken(tmp_path, lambda d: None))
    assert bank_digest(bank.topics, [bank.funnels[t.key] for t in bank.topics]) == BANK_DIGEST
    assert list(bank.funnels) == list(_packaged()["funnels"])  # order kept


def _first_metric(d: dict[str, Any]) -> dict[str, Any]:
    metric: dict[str, Any] = d["topics"][0]["metrics"][0]
    return metric


MALFORMED: list[tuple[str, Any, str]] = [
    ("a range given as text", lambda d: _first_metric(d).update(low="4"), "topics.0.metrics.0.low"),
    ("a range given as true", lambda d: _first_metric(d).update(high=True), "topics.0.metrics.0.high"),
    ("a missing field", lambda d: d["topics"][2].pop("entities"), "topics.2.entities: Field required"),
    ("an unknown field", lambda d: d["topics"][0].update(colour="red"), "topics.0.colour: Extra inputs"),
    ("an unknown kind", lambda d: _first_metric(d).update(kind="ratio"), "topics.0.metrics.0.kind"),
    ("a year range of three", lambda d: d["topics"][1].update(years=[2000, 2010, 2020]), "topics.1.years"),
    ("a topic twice", lambda d: d["topics"].append(d["topics"][0]), "is used more than once"),
    ("a topic without a funnel", lambda d: d["funnels"].pop("ai-adoption"), "'ai-adoption' has no entry in"),
    ("an unknown domain", lambda d: d["topics"][0].update(domain="sports"), "has domain 'sports'"),
    ("no topics at all", lambda d: d.update(topics=[]), "topics: List should have at least 1 item"),
]


@pytest.mark.parametrize(("name", "edit", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_bank_file_is_one_clear_line(tmp_path: Path, name: str, edit: Any, message: str) -> None:
    path = _broken(tmp_path, edit)
    with pytest.raises(TopicBankError) as err:
        load_bank(path)
    text = str(err.value)
    assert "\n" not in text and text.startswith(str(path)) and message in text, (name, text)
    assert text.endswith("fix the file or reinstall synthdocbench")


def test_a_truncated_or_missing_bank_file_is_one_clear_line(tmp_path: Path) -> None:
    text = (resources.files("generation.world") / "data" / DATA_FILE).read_text("utf-8")
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(TopicBankError, match=r"cut\.json: Invalid JSON: EOF while parsing") as err:
        load_bank(cut)
    assert "\n" not in str(err.value)
    with pytest.raises(TopicBankError, match=r"absent\.json: cannot be read"):
        load_bank(tmp_path / "absent.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(TopicBankError, match=r"binary\.json: cannot be read"):
        load_bank(binary)
