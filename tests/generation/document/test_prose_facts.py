"""Prose tied to the report's fact table (issue 11, point 5) and prose templates as package
data (issue 15, point 4): every number a sentence prints is the table's value for the named
metric, entity and year; every direction, order and ratio word agrees with the table; no
claim reads a value a chart shows; the templates load from package data, and a broken bank
file fails with one line.
"""

from __future__ import annotations

import itertools
import re
from functools import cache
from pathlib import Path

import pytest
import yaml

from generation.document.content import plan_document
from generation.document.prose import ProseWriter
from generation.document.prose_bank import BANK_FILE, ProseBankError, bank, parse_bank
from generation.document.prose_facts import (
    RATIO_PHRASES,
    Claim,
    amount,
    build_claims,
    check_sentence,
    ratio_phrase,
    render_claim,
    split_sentences,
)
from generation.document.prose_stats import body_sentences, document_share
from generation.plan.config import load_config
from generation.plan.doc_plan import DocumentPlan, ParagraphBlock
from generation.plan.rng import stage_rng
from generation.questions.phrasing import drawn_forms
from generation.world.grammar import is_plural, singular_of, with_article, with_the
from generation.world.numbers import NumberRegistry, value_text
from generation.world.table import FactTable
from generation.world.topics import Metric, Topic, all_topics, in_text
from synthdocbench_tasks.schema import DocumentManifest, World, WorldFact, WorldMetric

_PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"
_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9“\"(‘])")


@cache
def _plans() -> tuple[DocumentPlan, ...]:
    """Six documents of the paper configuration, planned (no browser)."""
    config = load_config(_PAPER)
    return tuple(plan_document(config, i) for i in range(6))


def _paragraphs(plan: DocumentPlan) -> list[str]:
    return [b.text for s in plan.sections for b in s.blocks if isinstance(b, ParagraphBlock)]


def _sentences(plan: DocumentPlan) -> list[str]:
    return [s for p in _paragraphs(plan) for s in _SPLIT.split(p) if s.strip()]


def _claim_facts(manifest: DocumentManifest) -> set[str]:
    """Text facts a cross-modal question checks against a chart (an actor's target or forecast, a
    stated trend, a change as a multiple of an earlier year): half of them disagree with the chart on
    purpose (the verdict is drawn first); and the quote beside a claim about a mark named by its
    colour (``chart_quote``), an estimate for another mark of that chart that misses it on purpose,
    so that no value question is answered by it."""
    kinds = ("chart_claim", "trend_claim", "change_claim", "chart_quote")
    return {f.sentence for f in manifest.text_facts if f.values.get("kind") in kinds}


# --- a hostile reading of the generated prose --------------------------------------------------

_NUM = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?!\w|\.\d)")
_YEARS = re.compile(r"(?<![\w.])(?:19|20)\d\d(?!\w|\.\d)")
_REF = re.compile(r"\b(?:Figure|Table|Section)\s+\d+")


_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}


def _in_unit(number: str, scale_after: str, unit: str) -> float:
    """``number`` (with the word printed after it) in ``unit``: "807" before "thousand" is 0.807
    million units."""
    return float(number) * _SCALE.get(scale_after, 1.0) / _SCALE.get(unit.partition(" ")[0], 1.0)


def _independent_number_check(sentence: str, world: World) -> list[str]:
    """Every number the sentence prints, other than years and references, must be the table's
    value (as printed, or a scale lower: "807 thousand units" for 0.807 million units) of a metric
    the sentence names, for an entity and a year it names."""
    text = _REF.sub(" ", sentence)
    low = text.lower()
    years = set(_YEARS.findall(text))
    numbers = [(m.group(0), low[m.end() :].split(" ", 2)[1:2]) for m in _NUM.finditer(text)]
    numbers = [(n, after) for n, after in numbers if n not in years]
    if not numbers:
        return []
    named_metrics = {m.name: m for m in world.metrics if m.name.lower() in low}
    named_entities = {f.entity for f in world.facts if f.entity.lower() in low}
    errors = []
    for n, after in numbers:
        ok = any(
            f.metric in named_metrics
            and f.entity in named_entities
            and f.period in years
            and not f.part
            and value_text(f.value, named_metrics[f.metric].decimals)
            == value_text(
                _in_unit(n, "".join(after), named_metrics[f.metric].unit), named_metrics[f.metric].decimals
            )
            for f in world.facts
        )
        if not ok:
            errors.append(f"{n!r} in {sentence!r} is no value of a named metric, entity and year")
    return errors


def test_every_number_in_the_prose_is_the_fact_table_value_it_names() -> None:
    checked = 0
    for plan in _plans():
        m = plan.manifest
        skip = _claim_facts(m)
        for sentence in _sentences(plan):
            if any(f in sentence for f in skip):
                continue
            errors = _independent_number_check(sentence, m.world)
            assert errors == [], errors
            checked += bool(_NUM.sub("", _YEARS.sub("", sentence)) != sentence)
    assert checked > 300  # the prose does print figures


def test_every_claim_in_the_prose_agrees_with_the_fact_table() -> None:
    for plan in _plans():
        m = plan.manifest
        skip = _claim_facts(m)
        verdicts = [(s, check_sentence(s, m.world)) for s in _sentences(plan) if s not in skip]
        wrong = [(s, v.reason) for s, v in verdicts if v.claim and not v.true]
        assert wrong == []
        assert sum(v.true for _, v in verdicts) / len(verdicts) >= 0.25, m.doc_id


def test_every_paragraph_states_a_figure_of_the_report() -> None:
    for plan in _plans():
        world = plan.manifest.world
        facts = [f.sentence for f in plan.manifest.text_facts]
        for paragraph in _paragraphs(plan):
            tied = any(f in paragraph for f in facts) or any(
                check_sentence(s, world).true for s in _SPLIT.split(paragraph)
            )
            assert tied, paragraph


def test_no_prose_figure_is_a_value_a_chart_plots() -> None:
    """A chart question asks for a plotted value: the prose must not print it (text_leak)."""
    for plan in _plans():
        m = plan.manifest
        plotted = {form for c in m.charts for p in c.data for form in drawn_forms(p.value)}
        skip = _claim_facts(m)
        for sentence in _sentences(plan):
            if sentence in skip or any(f.sentence == sentence for f in m.text_facts):
                continue
            years = set(_YEARS.findall(sentence))
            printed = {n for n in _NUM.findall(_REF.sub(" ", sentence)) if n not in years}
            assert not printed & plotted, (sentence, printed & plotted)


def test_claims_only_read_triples_nothing_else_shows() -> None:
    topic = all_topics()[2]
    world = FactTable(topic, 7, "doc", NumberRegistry())
    shown = {(m.name, e, y) for m in world.metrics for e in topic.entities[:5] for y in world.years[:6]}
    for name, entity, year in sorted(shown):
        world.value(name, entity, year)
    covered = set(shown)
    claims = build_claims(stage_rng(7, "test", "claims"), world, covered, 300)
    assert len(claims) >= 100
    facts = {(f.metric, f.entity, f.period): f.value for f in world.as_world().facts}
    for claim in claims:
        assert not set(_triples(claim)) & shown, claim
        assert all(t in covered for t in _triples(claim))
        assert [facts[t] for t in _triples(claim)] == list(claim.values)
    printing = sum(c.prints_numbers for c in claims)
    assert printing <= 0.2 * len(claims) + 1


def _triples(claim: Claim) -> list[tuple[str, str, str]]:
    if len(claim.periods) == 2:
        return [(claim.metric.name, claim.entities[0], p) for p in claim.periods]
    return [(claim.metric.name, e, claim.periods[0]) for e in claim.entities]


# --- check_sentence against hostile, truncated and failing sentences -------------------------


def _world() -> World:
    facts = [
        ("chip output", "Japan", "2019", 41.2),
        ("chip output", "Japan", "2023", 37.5),
        ("chip output", "Taiwan", "2019", 83.0),
        ("chip output", "Germany", "2019", 12.4),
        ("fab utilisation rate", "Japan", "2019", 81.3),
        ("fab utilisation rate", "France", "2019", 77.0),
    ]
    return World(
        metrics=[
            WorldMetric(name="chip output", unit="million wafers", kind="count", decimals=1),
            WorldMetric(name="fab utilisation rate", unit="%", kind="rate", decimals=1),
        ],
        facts=[WorldFact(metric=m, entity=e, period=p, value=v) for m, e, p, v in facts],
    )


@pytest.mark.parametrize(
    ("sentence", "claim", "true"),
    [
        ("In 2019, chip output in Japan stood at 41.2 million wafers.", True, True),
        ("In 2019, chip output in Japan stood at 41.3 million wafers.", True, False),  # one digit off
        ("In 2023, chip output in Japan stood at 41.2 million wafers.", True, False),  # wrong year
        ("In 2019, chip output in Taiwan stood at 41.2 million wafers.", True, False),  # wrong entity
        ("Chip output in Japan fell between 2019 and 2023.", True, True),
        ("Chip output in Japan rose between 2019 and 2023.", True, False),
        ("The series for Japan shows chip output lower in 2023 than in 2019.", True, True),
        (
            "Chip output in Japan fell from 41.2 million wafers in 2019 to 37.5 million wafers in 2023.",
            True,
            True,
        ),
        (
            "Chip output in Japan fell from 41.2 million wafers in 2019 to 36.5 million wafers in 2023.",
            True,
            False,
        ),
        ("In 2019, chip output was higher in Taiwan than in Japan.", True, True),
        ("In 2019, chip output was higher in Japan than in Taiwan.", True, False),
        ("Germany trailed Japan on chip output in 2019.", True, True),
        ("Taiwan ranked first on chip output in 2019, above both Japan and Germany.", True, True),
        ("Japan ranked first on chip output in 2019, above both Taiwan and Germany.", True, False),
        ("Germany ranked last on chip output in 2019, below both Japan and Taiwan.", True, True),
        ("In 2019, chip output in Taiwan was about twice the level in Japan.", True, True),
        ("In 2019, chip output in Japan was about half the level in Taiwan.", True, True),
        ("In 2019, chip output in Taiwan was about three times the level in Japan.", True, False),
        # France has no chip output in the table (only a utilisation rate)
        ("In 2019, chip output was higher in Taiwan than in France.", True, False),
        ("Chip output in Germany rose between 2019 and 2023.", True, False),  # no 2023 value
        # no claim: names no entity, no metric, or makes no checkable statement
        ("Chip output matters for the whole region.", False, False),
        ("Japan and Taiwan are often compared.", False, False),
        ("Figure 4 traces chip output in Japan over time.", False, False),
        ("In 2019, chip output in Japan stood at", False, False),  # truncated
        ("", False, False),
    ],
)
def test_check_sentence(sentence: str, claim: bool, true: bool) -> None:
    verdict = check_sentence(sentence, _world())
    assert (verdict.claim, verdict.true) == (claim, true), verdict.reason
    if claim and not true:
        assert verdict.reason  # says what is wrong


def test_ratio_phrases_are_bands_without_overlap() -> None:
    assert ratio_phrase(2.0) == "about twice" and ratio_phrase(0.5) == "about half"
    assert ratio_phrase(1.7) is None and ratio_phrase(10.0) is None
    bands = sorted((lo, hi) for lo, hi, _ in RATIO_PHRASES)
    assert all(a[1] < b[0] for a, b in itertools.pairwise(bands))


def test_amounts_print_units_in_the_right_number() -> None:
    weeks = Metric(name="average wait", unit="weeks", low=1, high=40, decimals=0, kind="level")
    assert amount(1.0, weeks) == "1 week"
    assert amount(3.0, weeks) == "3 weeks"
    share = Metric(name="share", unit="%", low=1, high=99, decimals=1, kind="share")
    assert amount(41.25, share) == "41.2%" or amount(41.25, share) == "41.3%"
    people = Metric(name="care recipients", unit="people", low=1, high=9, decimals=0, scale="million")
    assert amount(1.0, people) == "1 million people"


# --- grammar over many generated paragraphs -------------------------------------------------


def _writer_paragraphs(topic: Topic, seed: int, n: int) -> tuple[list[str], FactTable]:
    world = FactTable(topic, seed, f"grammar-{topic.key}", NumberRegistry())
    writer = ProseWriter(stage_rng(seed, "test-prose-facts", topic.key), topic)
    claims = build_claims(stage_rng(seed, "test-claims", topic.key), world, set(), 400)
    writer.attach_claims(claims, stage_rng(seed, "test-data", topic.key))
    roles = ("introduction", "background", "method", "analysis", "policy", "risks", "outlook", "conclusion")
    return [writer.paragraph(roles[i % len(roles)]) for i in range(n)], world


_ARTICLE = re.compile(r"\b([Aa]n?) ([A-Za-z][\w-]*)")
_ONE_PLURAL = re.compile(r"(?<![\d.,])1 (years|weeks|days|months|points|beds|hours|units|people)\b")


@pytest.mark.parametrize("topic", all_topics(), ids=lambda t: t.key)
def test_many_paragraphs_have_no_grammar_slips(topic: Topic) -> None:
    paragraphs, world = _writer_paragraphs(topic, 11, 60)
    text = " ".join(paragraphs)
    assert "<" not in text and ">" not in text and "{" not in text
    assert "Trade unions treats" not in text
    assert "A earlier estimate" not in text and "a earlier estimate" not in text
    assert _ONE_PLURAL.search(text) is None
    slips = [
        m.group(0)
        for m in _ARTICLE.finditer(text)
        if with_article(m.group(2)).split()[0] != m.group(1).lower()
    ]
    assert slips == []
    for metric in world.metrics:
        wrong = "was" if is_plural(metric.name) else "were"
        assert f"{metric.name} {wrong} " not in text.lower(), metric.name
    # and every data sentence it wrote is right about its table
    table = world.as_world()
    for sentence in (s for p in paragraphs for s in _SPLIT.split(p)):
        verdict = check_sentence(sentence, table)
        assert not verdict.claim or verdict.true, (sentence, verdict.reason)


def test_each_template_names_its_subject_first() -> None:
    """check_sentence reads the first-named entity as the subject; each template must keep it so."""
    topic = next(t for t in all_topics() if len(t.entities) >= 3)
    metric = Metric(name="chip output", unit="million wafers", low=1, high=99, decimals=1, kind="count")
    e = topic.entities
    for key, templates in bank().data.items():
        periods = ("2015", "2020") if key.startswith("change") else ("2019",)
        claim = Claim(key, metric, (e[0], e[1], e[2]), periods, (1.0, 2.0, 3.0), "about half")
        for template in templates:
            sentence = render_claim(template, claim, topic)
            first = min(
                (sentence.lower().find(in_text(topic, x).lower()), x)
                for x in e[:3]
                if in_text(topic, x).lower() in sentence.lower()
            )
            assert first[1] == e[0], (key, sentence)


# --- determinism ----------------------------------------------------------------------------


def test_same_seed_and_config_give_the_same_prose_and_table() -> None:
    config = load_config(_PAPER)
    first = plan_document(config, 2)
    again = plan_document(config, 2)
    assert first.model_dump_json() == again.model_dump_json()
    other = plan_document(load_config(_PAPER, seed=1), 2)
    assert _paragraphs(other) != _paragraphs(first)


def test_share_measured_on_the_html_matches_the_plan() -> None:
    plan = _plans()[0]
    page = "".join(f"<p>{t}</p>" for t in _paragraphs(plan))
    share = document_share(page, plan.manifest)
    assert share.sentences == len(body_sentences(page))
    # an actor's target (a text fact) differs from the chart on purpose: a fact, no contradiction
    assert share.contradicting == 0
    assert share.share >= 0.25


# --- the template bank as package data ------------------------------------------------------


def test_bank_is_package_data_read_once() -> None:
    from importlib import resources

    assert resources.files("generation.document").joinpath(BANK_FILE).is_file()
    assert bank() is bank()
    assert set(bank().templates) >= {"context", "method", "finding", "caveat", "outlook", "transition"}


def _bank_data() -> dict[str, object]:
    text = (
        Path(__file__)
        .resolve()
        .parents[3]
        .joinpath("generation", "document", BANK_FILE)
        .read_text(encoding="utf-8")
    )
    data = yaml.safe_load(text)
    assert isinstance(data, dict)
    return data


def test_a_bank_without_a_section_fails_with_one_line() -> None:
    data = _bank_data()
    del data["interpretations"]
    with pytest.raises(ProseBankError, match="no 'interpretations' section") as err:
        parse_bank(data)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("section", "value", "message"),
    [
        ("openers", "Moreover, ", "non-empty list"),
        ("openers", [], "non-empty list"),
        ("openers", ["ok", 3], "non-empty list"),
        ("templates", ["a"], "map names to lists"),
        ("templates", {"context": ["x"]}, "lacks the functions"),
    ],
)
def test_a_malformed_bank_fails_with_one_line(section: str, value: object, message: str) -> None:
    data = _bank_data()
    data[section] = value
    with pytest.raises(ProseBankError, match=message) as err:
        parse_bank(data)
    assert "\n" not in str(err.value)


def test_a_truncated_bank_file_fails_with_one_line() -> None:
    path = Path(__file__).resolve().parents[3].joinpath("generation", "document", BANK_FILE)
    text = path.read_text(encoding="utf-8")
    truncated = yaml.safe_load(text[: len(text) // 3].rsplit("\n", 1)[0])
    with pytest.raises(ProseBankError):
        parse_bank(truncated)
    with pytest.raises(ProseBankError, match="mapping"):
        parse_bank("just a string")


def test_stats_count_a_tampered_sentence_as_a_contradiction_not_a_fact() -> None:
    plan = _plans()[1]
    m = plan.manifest
    facts = {f.sentence for f in m.text_facts}
    true_changes = [
        s for s in _sentences(plan) if " rose " in s and s not in facts and check_sentence(s, m.world).true
    ]
    assert true_changes
    honest = true_changes[0]
    tampered = honest.replace(" rose ", " fell ")
    number = next((n for n in _NUM.findall(honest) if n not in _YEARS.findall(honest)), None)
    pages = {
        "honest": f"<p>{honest}</p>",
        "direction": f"<p>{tampered}</p>",
        "truncated": f"<p>{honest[: len(honest) // 3]}</p>",
    }
    if number:
        pages["number"] = f"<p>{honest.replace(number, number + '1', 1)}</p>"
    shares = {k: document_share(v, m) for k, v in pages.items()}
    assert (shares["honest"].with_fact, shares["honest"].contradicting) == (1, 0)
    assert (shares["direction"].with_fact, shares["direction"].contradicting) == (0, 1)
    assert shares["truncated"].with_fact == 0
    if number:
        assert (shares["number"].with_fact, shares["number"].contradicting) == (0, 1)
    assert "1 contradict the fact table" in shares["direction"].line()


@pytest.mark.parametrize(
    ("phrase", "plural_"),
    [
        ("firms using AI in production", True),  # a plural noun before a participle is the head
        ("new dwellings completed", True),
        ("teachers trained in digital pedagogy", True),
        ("grid balancing services", True),
        ("humanitarian funding received", False),
        ("fab investment announced", False),
        ("installed solar capacity", False),  # a leading participle is a modifier
        ("recorded security incidents", True),
        ("", False),
    ],
)
def test_metric_names_take_the_right_verb_and_article(phrase: str, plural_: bool) -> None:
    assert is_plural(phrase) is plural_
    if phrase:
        assert with_the(phrase) == (phrase if plural_ else f"the {phrase}")
    assert with_the("the OECD") == "the OECD"
    assert singular_of("weeks") == "week" and singular_of("days per year") == "day per year"
    assert singular_of("GW") == "GW" and singular_of("") == ""


def test_quotable_takes_quiet_findings_only_and_drops_the_opener() -> None:
    """Pull quotes and abstracts repeat data sentences that print no number, never twice, and
    fall back (None) when a stretch of prose states none."""
    topic = all_topics()[0]
    metric = Metric(name="chip output", unit="million wafers", low=1, high=99, decimals=1, kind="count")
    e = topic.entities
    printing = Claim("value", metric, (e[0],), ("2019",), (4.2,))
    quiet = Claim("compare_higher", metric, (e[0], e[1]), ("2019",), (4.2, 3.1))
    writer = ProseWriter(stage_rng(0, "test-prose", "quotes"), topic)
    assert writer.quotable() is None  # nothing written yet
    writer.attach_claims([printing], stage_rng(0, "test-prose", "quotes-data"))
    assert writer.data_sentence() is not None
    assert writer.quotable() is None  # the only finding prints a number
    written = []
    for k in range(40):  # until one of the quiet findings has a lead-in
        writer.attach_claims([quiet], stage_rng(k, "test-prose", "quotes-data"))
        written.append(writer.data_sentence())
        bare = writer.quotable(start=len(writer.data_sentences) - 1)
        assert bare is not None and written[-1] is not None and written[-1].endswith(bare[1:])
        if bare != written[-1]:
            break
    assert bare != written[-1] and bare[:1].isupper() and bare.endswith(".")
    assert writer.quotable(start=len(writer.data_sentences)) is None  # past the end
    used = {writer.quotable(start=i) or "" for i in range(len(writer.data_sentences))}
    assert writer.quotable(used=used) is None  # already quoted


def test_ground_abstract_replaces_only_its_own_filler_finding() -> None:
    writer = ProseWriter(stage_rng(0, "test-prose", "abstract"), all_topics()[0])
    text = writer.abstract()
    assert writer.abstract_finding is not None and writer.abstract_finding in text
    assert writer.ground_abstract(text, None) == text
    assert (
        writer.ground_abstract("An abstract someone else wrote.", "X rose.")
        == "An abstract someone else wrote."
    )
    grounded = writer.ground_abstract(text, "X rose.")
    assert "X rose." in grounded and writer.abstract_finding not in grounded
    assert len(grounded.split(". ")) == len(text.split(". "))


def test_a_sentence_does_not_end_inside_an_entity_name() -> None:
    # country names of the World Bank's short list carry abbreviations: "Micronesia, Fed. Sts."
    text = "Costs rose. On core inflation, Micronesia, Fed. Sts. stood behind St. Lucia in 2010. It ends."
    assert split_sentences(text) == [
        "Costs rose.",
        "On core inflation, Micronesia, Fed. Sts. stood behind St. Lucia in 2010.",
        "It ends.",
    ]
