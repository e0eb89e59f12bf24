"""Prose with a point, and every stated claim true over the whole fact table (issue 24, points 3
and 4): superlatives and ranks hold over every entity of the metric in the year (or say "of
the three", naming them); no two sentences of a report contradict each other; a tampered table
is caught; a paragraph states a claim, its evidence and an interpretation; few sentences of a
report share a masked template; nothing is appended to a finished sentence; headings agree in
number with the topic phrase they name.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.document.prose import ProseWriter
from generation.document.prose_bank import INTERPRETATION_OF, ProseBank, bank
from generation.document.prose_facts import (
    Claim,
    check_sentence,
    contradictions,
    cross_contradictions,
    split_sentences,
)
from generation.document.prose_stats import (
    MAX_TEMPLATE_REUSE,
    manifest_mask,
    sentences_share,
    template_mask,
    template_reuse,
)
from generation.plan.config import GenerationConfig, load_config
from generation.plan.doc_plan import CalloutBlock, DocumentPlan, ParagraphBlock
from generation.plan.rng import stage_rng
from generation.world.grammar import fill_agreement, is_plural
from generation.world.space import PERIODS, compose, space_size
from generation.world.topics import Metric, Topic, all_topics
from synthdocbench_tasks.schema import World, WorldFact, WorldMetric

PAPER = Path(__file__).parents[3] / "configs" / "paper.yaml"
#: A seed no other test uses (5309 is the held-out seed of the issue's before/after figures).
SEED = 77


@cache
def _paper_plan(index: int) -> DocumentPlan:
    return plan_document(load_config(PAPER, seed=SEED), index)


def _sentences(plan: DocumentPlan) -> list[str]:
    """Body sentences of a plan: paragraphs, pull quotes, abstracts, block quotes (as printed)."""
    out: list[str] = []
    for section in plan.sections:
        for block in section.blocks:
            if isinstance(block, ParagraphBlock):
                out += split_sentences(block.text)
            elif isinstance(block, CalloutBlock) and block.style in ("pull_quote", "abstract", "block_quote"):
                out += [s for item in block.items if not item.startswith("—") for s in split_sentences(item)]
    return out


def _checked(plan: DocumentPlan) -> list[str]:
    """Body sentences other than text facts (an actor's target differs from the table on purpose)."""
    facts = [f.sentence for f in plan.manifest.text_facts]
    return [s for s in _sentences(plan) if not any(f in s for f in facts)]


# --- superlatives and ranks over the whole table ----------------------------------------------

_WORLD = World(
    metrics=[WorldMetric(name="chip output", unit="million wafers", kind="count", decimals=1)],
    facts=[
        WorldFact(metric="chip output", entity=e, period="2019", value=v)
        for e, v in (("Japan", 41.2), ("Korea", 30.5), ("Taiwan", 20.1), ("China", 55.0))
    ],
)


@pytest.mark.parametrize(
    ("sentence", "true"),
    [
        # true among the three named, false over the table: China is higher still
        ("Japan ranked first on chip output in 2019, above both Korea and Taiwan.", False),
        ("In 2019, Japan had the highest chip output.", False),
        (
            "Of the three compared in 2019, Japan, Korea and Taiwan, Japan had the highest chip output.",
            True,
        ),
        ("In 2019, China had the highest chip output.", True),
        ("Taiwan had the lowest chip output in 2019.", True),
        (
            "Of the three compared in 2019, Japan, Korea and China, Japan had the lowest chip output.",
            False,
        ),
        # "of the three" naming fewer than three is read over the whole table
        ("Of the three, Japan had the highest chip output in 2019.", False),
    ],
)
def test_superlatives_hold_over_the_whole_table_unless_limited_to_three_named(
    sentence: str, true: bool
) -> None:
    verdict = check_sentence(sentence, _WORLD)
    assert verdict.claim and verdict.true is true, verdict.reason


def test_two_sentences_that_cannot_both_be_true_are_a_contradiction() -> None:
    pairs = [
        (
            "In 2019, chip output was higher in Japan than in Korea.",
            "Korea was ahead of Japan on chip output in 2019.",
        ),
        ("In 2019, Japan had the highest chip output.", "In 2019, China had the highest chip output."),
        ("In 2019, Japan had the highest chip output.", "China was ahead of Japan on chip output in 2019."),
        (
            "Chip output in Japan rose between 2015 and 2019.",
            "Chip output in Japan fell between 2015 and 2019.",
        ),
    ]
    for a, b in pairs:
        assert len(cross_contradictions([a, b], _WORLD)) == 1, (a, b)
    agreeing = [
        "In 2019, chip output was higher in Japan than in Korea.",
        "Of the three compared in 2019, Korea, Taiwan and Japan, Korea had the lowest chip output.",
        "In 2019, China had the highest chip output.",
        "Chip output in Japan rose between 2015 and 2019.",
        "Chip output in Korea fell between 2015 and 2019.",
    ]
    assert cross_contradictions(agreeing, _WORLD) == []


_LEAD_WORLD = World(
    metrics=[WorldMetric(name="graduate employment rate", unit="%", kind="rate", decimals=1)],
    facts=[
        WorldFact(metric="graduate employment rate", entity=e, period=p, value=v)
        for e, p, v in (
            ("Philippines", "2016", 59.1),
            ("Philippines", "2022", 55.0),
            ("Indonesia", "2016", 72.3),
            ("Netherlands", "2016", 80.4),
            ("United States", "2016", 66.0),
        )
    ],
)


@pytest.mark.parametrize(
    ("sentence", "true"),
    [
        # a lead-in names a source or actor whose words ("higher", "lower house") say nothing
        (
            "As higher education statistics show, in 2016, the Philippines sat below Indonesia on "
            "the graduate employment rate.",
            True,
        ),
        (
            "As higher education statistics show, in 2016, Indonesia sat below the Philippines on "
            "the graduate employment rate.",
            False,
        ),
        (
            "Data from higher education statistics confirm that the graduate employment rate in the "
            "Philippines declined between 2016 and 2022.",
            True,
        ),
        (
            "Data from higher education statistics confirm that the graduate employment rate in the "
            "Philippines rose between 2016 and 2022.",
            False,
        ),
        (
            "As the lower house noted, the Netherlands was ahead of the United States on the graduate "
            "employment rate in 2016.",
            True,
        ),
        # entities with an article, at the start of a sentence and inside it
        ("The Philippines had the lowest graduate employment rate in 2016.", True),
        ("In 2016, the United States had the highest graduate employment rate.", False),
        (
            "Of the three compared in 2016, the Netherlands, Indonesia and the United States, the "
            "Netherlands had the highest graduate employment rate.",
            True,
        ),
    ],
)
def test_lead_ins_and_names_with_an_article_are_read_right(sentence: str, true: bool) -> None:
    verdict = check_sentence(sentence, _LEAD_WORLD)
    assert verdict.claim and verdict.true is true, verdict.reason


def test_a_lead_in_makes_no_contradiction_between_sentences() -> None:
    agreeing = [
        "As higher education statistics show, in 2016, the Philippines sat below Indonesia on the "
        "graduate employment rate.",
        "In 2016, the graduate employment rate was higher in Indonesia than in the Philippines.",
        "Data from higher education statistics confirm that the graduate employment rate in the "
        "Philippines declined between 2016 and 2022.",
        "The graduate employment rate in the Philippines fell between 2016 and 2022.",
    ]
    assert cross_contradictions(agreeing, _LEAD_WORLD) == []
    # the lead-in sentences are read: each conflicts with its opposite
    ahead = "In 2016, the Philippines was ahead of Indonesia on the graduate employment rate."
    rose = "The graduate employment rate in the Philippines rose between 2016 and 2022."
    assert len(cross_contradictions([agreeing[0], ahead], _LEAD_WORLD)) == 1
    assert len(cross_contradictions([agreeing[2], rose], _LEAD_WORLD)) == 1


@pytest.mark.slow
def test_every_claim_of_40_paper_documents_is_true_over_the_whole_table() -> None:
    """Over 40 paper-config plans: 0 sentences contradict the table (numbers, directions,
    orders, ratios, ranks and superlatives) and 0 pairs of sentences contradict each other;
    the rank sentences are many and every one says "of the three" and names all three."""
    ranks = 0
    for index in range(40):
        plan = _paper_plan(index)
        world = plan.manifest.world
        sentences = _checked(plan)
        wrong = [(s, v.reason) for s in sentences if (v := check_sentence(s, world)).claim and not v.true]
        assert wrong == [], wrong[:3]
        assert cross_contradictions(sentences, world) == []
        for s in sentences:
            if re.search(r"\b(highest|lowest|ranked first|ranked last)\b", s):
                ranks += 1
                assert "of the three" in s.lower(), s
    assert ranks >= 200


def _a_ranked_sentence() -> tuple[str, World, list[str], str, str, str, list[WorldFact]]:
    """The first "had the highest ... of the three" sentence of the first documents that names
    two or more entities of its metric and year, with its document's text, world and exemptions."""
    for index in range(6):
        plan = plan_document(GenerationConfig(seed=SEED), index)
        world = plan.manifest.world
        text = " ".join(b.text for s in plan.sections for b in s.blocks if isinstance(b, ParagraphBlock))
        exempt = [f.sentence for f in plan.manifest.text_facts]
        for rank in split_sentences(text):
            if "had the highest" not in rank or "of the three" not in rank.lower():
                continue
            metric = next((m.name for m in world.metrics if m.name in rank), None)
            years = re.findall(r"\b(?:19|20)\d\d\b", rank)
            if metric is None or not years:
                continue
            named = [
                f
                for f in world.facts
                if f.metric == metric and f.period == years[0] and f.entity in rank and not f.part
            ]
            if len(named) >= 2:
                return text, world, exempt, rank, metric, years[0], named
    raise AssertionError("no ranked sentence naming two entities in the first 6 documents")


def test_a_tampered_table_is_caught() -> None:
    """Raise another entity above a ranked subject in the table: the rank sentence (and the
    paragraph holding it) is reported as a contradiction; restore it and none is."""
    text, world, exempt, rank, metric, year, named = _a_ranked_sentence()
    assert contradictions(text, world, exempt=exempt) == []
    verdict = check_sentence(rank, world)
    assert verdict.claim and verdict.true
    top = max(named, key=lambda f: f.value)
    other = next(f for f in named if f is not top)
    tampered = world.model_copy(deep=True)
    for fact in tampered.facts:
        if (
            fact.metric == other.metric
            and fact.entity == other.entity
            and fact.period == year
            and not fact.part
        ):
            fact.value = top.value * 2 + 1
    assert not check_sentence(rank, tampered).true
    assert any(other.entity in r for r in contradictions(text, tampered, exempt=exempt))
    # a superlative without "of the three" is read over every entity: tamper one never named
    unnamed = next(
        f
        for f in world.facts
        if f.metric == metric and f.period == year and f.entity not in rank and not f.part
    )
    bare = f"In {year}, {top.entity} had the highest {metric}."
    assert check_sentence(bare, world).true is (
        top.value
        == max(f.value for f in world.facts if f.metric == metric and f.period == year and not f.part)
    )
    for fact in tampered.facts:
        if fact.metric == metric and fact.entity == unnamed.entity and fact.period == year and not fact.part:
            fact.value = top.value * 3 + 1
    assert not check_sentence(bare, tampered).true


# --- template reuse, paragraph plan, tails -----------------------------------------------------


def test_masked_template_masks_numbers_years_entities_and_metrics() -> None:
    mask = template_mask(["Japan", "the Netherlands", "Netherlands"], ["chip output", "million wafers"])
    a = mask("In 2019, chip output in Japan stood at 41.2 million wafers.")
    b = mask("In 2021, chip output in the Netherlands stood at 3.5 million wafers.")
    assert a == b == "In #, <M> in <E> stood at # <M>."
    assert template_reuse([a, b, "Something else."], lambda s: s) == pytest.approx(2 / 3)


def test_masked_names_match_as_with_one_boundary_test_per_name() -> None:
    # the pattern tests the word boundaries once around all the names: where the longest name
    # ends inside a word ("chip outputs") the next one that ends at a boundary is taken, as
    # with a lookbehind and lookahead written around each name
    entities, metrics = (
        ["Japan", "Japan Inc", "Netherlands", "the Netherlands"],
        ["chip output", "chip", "output"],
    )
    names = sorted(
        {**dict.fromkeys(entities, "<E>"), **dict.fromkeys(metrics, "<M>")}.items(), key=lambda n: -len(n[0])
    )
    per_name = re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n, _ in names), re.I)
    tags = {n.lower(): t for n, t in names}
    mask = template_mask(entities, metrics)
    for sentence in (
        "Chip outputs of Japan Inc. and JAPAN INCA rose; chip output in the Netherlands-based plants fell.",
        "Non-Japan chip-output, the netherlands' chip OUTPUT and chipoutput of Japanese firms in 2021.",
        "Output of Japan Inc, chip output of the Netherlands (41.2%) and -3.5 in Netherlands.",
    ):
        expected = per_name.sub(lambda m: tags[m.group(0).lower()], sentence)
        assert mask(sentence) == re.sub(r"(?<![\w<])[-−+]?\d+(?:[.,]\d+)*%?(?![\w>])", "#", expected)


@pytest.mark.slow
def test_template_reuse_is_at_most_15_percent_in_each_of_20_paper_documents() -> None:
    worst = 0.0
    for index in range(20):
        plan = _paper_plan(index)
        sentences = _sentences(plan)
        assert len(sentences) > 400  # the shortest (27 pages, 22 charts) holds its 9,604-word target
        reuse = template_reuse(sentences, manifest_mask(plan.manifest))
        assert reuse <= MAX_TEMPLATE_REUSE, (index, reuse)
        assert sentences_share(sentences, plan.manifest).max_reuse == pytest.approx(reuse)
        worst = max(worst, reuse)
    assert worst > 0  # the measure sees something


def _claim(template: str) -> Claim:
    metric = Metric(name="chip output", unit="million wafers", low=1, high=99, decimals=1, kind="count")
    entities = all_topics()[0].entities
    if template.startswith("change"):
        return Claim(template, metric, (entities[0],), ("2015", "2019"), (20.0, 30.0))
    return Claim(template, metric, tuple(entities[:3]), ("2019",), (30.0, 20.0, 10.0), ratio="about twice")


def test_a_paragraph_states_a_claim_then_interprets_it() -> None:
    """Claim first, maybe evidence on the same metric, then an interpretation of the claim's
    family (no year, no number, so it asserts nothing the table could contradict)."""
    topic = all_topics()[0]
    kinds = list(INTERPRETATION_OF)
    for k, kind in enumerate(kinds):
        writer = ProseWriter(stage_rng(k, "test-point", kind), topic)
        claim = _claim(kind)
        writer.attach_claims([claim], stage_rng(k, "test-point", "data"))
        sentences = split_sentences(writer.paragraph("analysis", n_sentences=4))
        assert sentences[0] == writer.data_sentences[0][0]
        interpretation = sentences[1]
        assert not re.search(r"\d", interpretation), interpretation
        family = bank().interpretations[INTERPRETATION_OF[kind]]
        patterns = [_template_regex(t) for t in family]
        assert any(p.fullmatch(interpretation[:1].lower() + interpretation[1:]) for p in patterns), (
            interpretation
        )


def _template_regex(template: str) -> re.Pattern[str]:
    rx = re.escape(template)
    rx = re.sub(r"\\\{[^}]*\\\}", ".+?", rx)
    rx = re.sub(r"<[^>]*>", r"\\w+", rx)
    return re.compile(rx, re.I)


def test_no_clause_is_appended_to_a_finished_sentence() -> None:
    """Every filler sentence is one template of its function (after any connective opener):
    the bank has no tails any more, and nothing is added after the template's full stop."""
    assert "tails" not in ProseBank.__dataclass_fields__
    openers = tuple(bank().openers)
    for topic in all_topics()[:6]:
        writer = ProseWriter(stage_rng(3, "test-point", topic.key), topic)
        for function, templates in bank().templates.items():
            patterns = [_template_regex(t) for t in templates]
            for _ in range(40):
                text = writer.sentence(function)
                core = next((text[len(o) :] for o in openers if text.startswith(o)), text)
                assert any(p.fullmatch(core) for p in patterns), (function, text)


# --- agreement of headings ---------------------------------------------------------------------

_AGREEING = (
    (re.compile(r"^Why (.+) (matters|matter)$"), "matters"),
    (re.compile(r"^(.+) and (its|their) limits$"), "its"),
    (re.compile(r"^Where (.+) (falls|fall) short$"), "falls"),
)
#: Present-tense verbs that must agree with the slot before them.
_VERBS = re.compile(r"\{(\w+)\} (is|has|was|matters|falls|remains|shows|comes|does|seems|needs)\b")


@pytest.mark.slow
def test_headings_agree_in_number_over_every_topic() -> None:
    """Every concept, driver and risk of every topic (the topic space's and the bank's) in every
    heading template that names it: the verb agrees with it in number (inflect)."""
    templates = [t for ts in bank().titles.values() for t in ts] + list(bank().subheadings)
    assert not [t for t in templates if _VERBS.search(t)], "a heading verb without an agreement marker"
    seen = 0
    # every topic of the topic space (the documents' topics) and of the bank, each phrase once
    phrases: dict[tuple[str, str], Topic] = {}
    for topic in (*all_topics(), *(compose(i, PERIODS[0]) for i in range(space_size()))):
        for field in ("concepts", "drivers", "risks"):
            for value in getattr(topic, field):
                phrases.setdefault((field, value), topic)
    assert len(phrases) > 500
    for (field, value), topic in phrases.items():
        slots = {"concept": value, "driver": value, "risk": value, "concept2": value}
        slots |= {k.capitalize(): value[:1].upper() + value[1:] for k in list(slots)}
        slots |= {"kinds": topic.entity_kind_plural, "entity": topic.entities[0]}
        slots |= {"Entity": topic.entities[0]}
        for template in templates:
            if "{" + field[:-1] not in template.lower():
                continue
            heading = fill_agreement(template, slots).format(**slots)
            for pattern, singular in _AGREEING:
                m = pattern.match(heading)
                if m:
                    seen += 1
                    assert is_plural(m.group(1)) is (m.group(2) != singular), heading
    assert seen > 100
    writer = ProseWriter(stage_rng(0, "test-point", "titles"), all_topics()[0])
    titles = {writer.section_title("introduction", set()) for _ in range(60)}
    assert not [t for t in titles if re.search(r"\w+s matters$", t) and is_plural(t[4:-8])], titles


def test_topic_vocabulary_holds_no_word_the_checker_reads() -> None:
    """Lead-ins and interpretations name actors, sources, drivers, concepts and risks; none of
    them may hold a word of order or change, or the checker would misread a sentence."""
    cues = re.compile(
        r"\b(rose|rise|increased?|climb(ed)?|gr[eo]w|higher|upward|fell|fall|declined?|decreased?|"
        r"dropp?(ed)?|lower|downward|ahead|exceeded|above|trailed|behind|below|highest|lowest|largest|smallest)\b",
        re.I,
    )
    for topic in all_topics():
        for field in ("actors", "sources", "drivers", "concepts", "risks"):
            bad = [v for v in getattr(topic, field) if cues.search(v)]
            assert bad == [], (topic.key, field, bad)
    for opener in bank().data_openers:
        assert not cues.search(opener), opener


def test_a_unit_that_is_also_a_metric_name_is_not_read_as_the_metric() -> None:
    """ "46.1 thousand dwellings for new dwellings completed": the unit after the number names
    the mix metric "dwellings", yet the sentence is about new dwellings completed."""
    world = World(
        metrics=[
            WorldMetric(name="new dwellings completed", unit="thousand dwellings", kind="count", decimals=1),
            WorldMetric(name="dwellings", unit="thousand dwellings", kind="count", decimals=1),
        ],
        facts=[WorldFact(metric="new dwellings completed", entity="Toronto", period="2020", value=46.1)],
    )
    sentence = "Toronto recorded a figure of 46.1 thousand dwellings for new dwellings completed in 2020."
    verdict = check_sentence(sentence, world)
    assert verdict.claim and verdict.true, verdict.reason
    assert not check_sentence(sentence.replace("46.1", "46.2"), world).true
