"""Prose that reads as written: agreement, articles, plurals (issue 11, point 5), and the
measure of how much prose carries a figure of the report."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from generation.document.prose import ProseWriter, plural
from generation.document.prose_bank import FUNCTIONS
from generation.document.prose_stats import (
    FactShare,
    body_sentences,
    carries_figure,
    document_share,
    fact_share,
)
from generation.plan.rng import stage_rng
from generation.world.entities import countries
from generation.world.grammar import (
    agree,
    agreed,
    count_noun,
    fill_agreement,
    is_plural,
    plural_of,
    said_of,
    with_article,
)
from generation.world.topics import Topic, all_topics, in_text

_TOPICS = all_topics()

# --- grammar ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "plural_"),
    [
        ("trade unions", True),
        ("national grid operators", True),
        ("the energy ministries", True),
        ("employers' federations", True),
        ("the Asian Development Bank", False),
        ("the ASEAN Centre for Energy", False),
        ("the regulator", False),
        ("curtailment on congested lines", False),  # head noun before the preposition
        ("shortfalls in grid investment", True),
        ("grid flexibility", False),
        ("power purchase agreements", True),
        ("new shipping economics", False),
        ("progress", False),
        ("the OECD", False),
        ("falling module prices", True),
        ("tax and regulation", True),
        # a country or a firm is one body, whatever inflect makes of its last word
        ("Yemen", False),
        ("the United States", False),
        ("Trinidad and Tobago", False),
        ("the Philippines", False),
        ("Robson & Sons", False),
        ("Losses", True),
        ("Kenya (Car loans)", False),  # a mark named with its series in parentheses
        ("Losses (Kenya)", True),
        # a capitalised category whose "and" joins lower-case words is one category: its head decides
        ("Business and law", False),
        ("Sixty-five and over", False),
        ("Wholesale and retail trade", False),
        ("Accommodation and food services", True),
        ("Germany and France", True),
        ("trade unions and employers", True),
        # an irregular participle after a plural head, a head before "without" (grammar47)
        ("units sold", True),
        ("jobs held", True),
        ("people without basic sanitation", True),
        ("the United Arab Emirates in 2025", False),  # a country with a qualifier
        ("the Philippines (Smart speakers)", False),
    ],
)
def test_number_of_noun_phrases(phrase: str, plural_: bool) -> None:
    assert is_plural(phrase) is plural_


def test_every_country_takes_a_singular_verb() -> None:
    assert [c.name for c in countries() if agree(c.name, "moves") != "moves"] == []


def test_verbs_agree_with_their_subject() -> None:
    assert agree("trade unions", "treats") == "treat"
    assert agree("the regulator", "treats") == "treats"
    assert agree("national utility reports", "its") == "their"
    assert agree("the ministry", "has") == "has" and agree("port authorities", "has") == "have"
    assert agree("falling module prices", "is") == "are"
    assert agree("trade unions", "Treats") == "Treat"


def test_a_predicate_agrees_with_its_subject() -> None:
    assert (
        said_of("the emissions in Bangladesh", "was broadly flat")
        == "the emissions in Bangladesh were broadly flat"
    )
    assert said_of("Households", "is larger") == "Households are larger"
    assert said_of("Germany", "reaches 4%") == "Germany reaches 4%"
    assert (
        agreed("units sold", "rose") == "rose"
        and agreed("units sold", "was broadly flat") == "were broadly flat"
    )


def test_articles_and_counts() -> None:
    assert with_article("earlier estimate") == "an earlier estimate"
    assert with_article("target") == "a target"
    assert with_article("unit") == "a unit"
    assert with_article("hour") == "an hour"
    assert with_article("EU target") == "an EU target"
    assert with_article("UN agency") == "a UN agency"
    assert count_noun(1, "year") == "1 year"
    assert count_noun(3, "year") == "3 years"
    assert count_noun("1.5", "year") == "1.5 years"
    assert count_noun(0, "year") == "0 years"
    assert plural_of("category") == "categories" and plural("source") == "sources"


def test_agreement_markers_fill_and_refuse_unknown_slots() -> None:
    slots = {"actor": "trade unions"}
    assert fill_agreement("{Actor} <treats:actor> {q} as a limit.", slots) == "{Actor} treat {q} as a limit."
    assert fill_agreement("no markers here", slots) == "no markers here"
    with pytest.raises(KeyError, match="names no slot"):
        fill_agreement("{risk} <remains:risk> high", slots)


# --- the known slips ----------------------------------------------------------------------


def _topic(actor_plural: bool) -> Topic:
    return next(t for t in _TOPICS if any(is_plural(a) == actor_plural for a in t.actors))


def test_threshold_claim_agrees_with_a_plural_and_a_singular_actor() -> None:
    writer = ProseWriter(stage_rng(0, "test-prose", "claims"), _TOPICS[0])
    seen: set[str] = set()
    for _ in range(40):
        seen.add(writer.claim_fact("threshold", "trade unions", "the wage share", "40%"))
        seen.add(writer.claim_fact("threshold", "the regulator", "the wage share", "40%"))
    joined = " ".join(seen)
    assert "Trade unions treats" not in joined and "the regulator treat " not in joined.lower()
    assert "Trade unions treat 40%" in joined and "The regulator treats 40%" in joined


_ARTICLE = re.compile(r"\b([Aa]n?) ([A-Za-z][\w-]*)")


def _article_slips(text: str) -> list[str]:
    out = []
    for m in _ARTICLE.finditer(text):
        expected = with_article(m.group(2)).split()[0]
        if m.group(1).lower() != expected:
            out.append(m.group(0))
    return out


def _agreement_slips(text: str, topic: Topic) -> list[str]:
    """A plural subject of the topic followed by a singular verb, or the reverse, in the
    templates' subject-verb spots (the issue's "Trade unions treats")."""
    out = []
    for phrase in (*topic.actors, *topic.sources, *topic.concepts, *topic.drivers, *topic.risks):
        wrong = (
            r"(treat|have pointed|collect|highlight|affect)"
            if not is_plural(phrase)
            else (r"(treats|has pointed|collects|highlights|remains|affects|changed its)")
        )
        out += [m.group(0) for m in re.finditer(rf"\b{re.escape(phrase)} (also )?{wrong}\b", text, re.I)]
    return out


@pytest.mark.parametrize("topic", _TOPICS[:: max(1, len(_TOPICS) // 8)], ids=lambda t: t.key)
def test_generated_prose_has_no_article_or_agreement_slips(topic: Topic) -> None:
    writer = ProseWriter(stage_rng(3, "test-prose", topic.key), topic)
    sentences = [writer.sentence(f) for f in FUNCTIONS for _ in range(40)]
    sentences += [writer.claim_fact("threshold", a, "the index", "12.5") for a in topic.actors]
    sentences += [writer.claim_fact("earlier estimate", a, "the index", "12.5") for a in topic.actors]
    text = " ".join(sentences)
    assert "<" not in text and ">" not in text, "an agreement marker was left in the prose"
    assert _article_slips(text) == []
    assert _agreement_slips(text, topic) == []


def test_same_seed_same_prose() -> None:
    def write(seed: int) -> list[str]:
        writer = ProseWriter(stage_rng(seed, "test-prose", "det"), _TOPICS[1])
        return [writer.paragraph(role) for role in ("introduction", "analysis", "risks", "outlook")]

    assert write(5) == write(5)
    assert write(5) != write(6)


# --- how much prose carries a figure -------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "carries"),
    [
        ("In 2019, output in Chile stood at 41.2%, according to the census.", True),
        ("Malaysia recorded 1,250 new charging points in 2021.", True),
        ("The index fell by -3.5 points.", True),
        ("Since 2019, grid flexibility has featured prominently.", False),
        ("As Figure 4 shows, the gap widened.", False),
        ("Table 12 lists the indicators.", False),
        ("Between 2015 and 2023, the share rose steadily.", False),
        ("", False),
    ],
)
def test_a_sentence_carries_a_figure_when_it_prints_a_number(sentence: str, carries: bool) -> None:
    assert carries_figure(sentence) is carries


def test_body_sentences_come_from_paragraphs_only() -> None:
    page = (
        "<h2>Results 2020</h2><p>First sentence. Output rose to 4.5% in 2020. The "
        "<a href='#f'>gap</a> closed.</p><figcaption>Figure 1. Output, 2020</figcaption>"
        "<blockquote>Prices matter.</blockquote><p>Unclosed paragraph"
    )
    sentences = body_sentences(page)
    assert sentences == [
        "First sentence.",
        "Output rose to 4.5% in 2020.",
        "The gap closed.",
        "Prices matter.",
    ]
    share = document_share(page)
    assert (share.sentences, share.with_fact) == (4, 1)
    assert document_share("") == FactShare(documents=1)


def test_fact_share_of_a_folder_skips_unfinished_documents(tmp_path: Path) -> None:
    for name, done in (("a", True), ("b", False)):
        folder = tmp_path / "docs" / name
        folder.mkdir(parents=True)
        (folder / "document.html").write_text(
            "<p>Output reached 12.5 units. Nothing else.</p>", encoding="utf-8"
        )
        if done:
            (folder / "DONE").write_text("", encoding="utf-8")
    total = fact_share(tmp_path)
    assert (total.documents, total.sentences, total.with_fact) == (1, 2, 1)
    assert "1 of 2 (50.0%" in total.line()
    assert fact_share(tmp_path / "missing").sentences == 0


def test_prose_writer_keeps_filler_free_of_numbers() -> None:
    # Filler may print only topic years; a number in filler would pass for a fact.
    rng = np.random.default_rng(0)
    topic = _TOPICS[int(rng.integers(len(_TOPICS)))]
    writer = ProseWriter(stage_rng(1, "test-prose", "filler"), topic)
    assert not any(carries_figure(writer.sentence(f)) for f in FUNCTIONS for _ in range(20))


def test_slot_draws_are_those_of_one_scalar_draw_each() -> None:
    # _slots_from draws its eleven indices in one call: the numbers of eleven scalar draws in order
    def pair(rng: np.random.Generator, items: tuple[str, ...]) -> tuple[str, str]:
        i, j = int(rng.integers(len(items))), int(rng.integers(len(items) - 1))
        return items[i], items[j + (j >= i)]

    for topic in _TOPICS[:20]:
        writer = ProseWriter(stage_rng(0, "test-prose", topic.key), topic)
        rng, again = np.random.default_rng(7), np.random.default_rng(7)
        for _ in range(5):
            assert rng.random() == again.random()  # a draw of another kind between them, as in a paragraph
            slots = writer._slots_from(rng)
            assert (slots["concept"], slots["concept2"]) == pair(again, topic.concepts)
            assert (slots["entity"], slots["entity2"]) == tuple(
                in_text(topic, e) for e in pair(again, topic.entities)
            )
            assert (slots["actor"], slots["actor2"]) == pair(again, topic.actors)
            assert (slots["source"], slots["source2"]) == pair(again, topic.sources)
            assert slots["driver"] == topic.drivers[int(again.integers(len(topic.drivers)))]
            assert slots["risk"] == topic.risks[int(again.integers(len(topic.risks)))]
            assert slots["year"] == str(int(again.integers(topic.years[0], topic.years[1] - 2)))
        assert rng.random() == again.random()  # both streams end where they would
