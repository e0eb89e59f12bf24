"""The content stage plans valid, varied, deterministic documents that keep their promises.

Promises checked: chart values never appear in text, tables or callouts; text facts follow
the conventions the question generator relies on; charts spread over the document; word
count follows the target page count.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from generation.charts.data import number_strings_in, value_text
from generation.charts.insights import series_direction
from generation.charts.reading import axis_tolerance, value_tolerance
from generation.charts.registry import chart_type
from generation.charts.spec import chart_decimals
from generation.document.change_claims import change_verdict
from generation.document.claims import MATCH_TOLS, MIN_STRETCH, MISS_TOLS, stated_amount
from generation.document.content import allowed_chart_types, plan_document
from generation.document.targets import PAGE_MODELS, DocumentTargets, document_targets, target_words
from generation.plan.config import GenerationConfig, load_config
from generation.plan.doc_plan import (
    CalloutBlock,
    ChartBlock,
    DocumentPlan,
    ParagraphBlock,
    TableBlock,
)
from generation.plan.rng import doc_id_for
from synthdocbench_tasks.schema import CHART_TYPES, DocumentManifest
from tests.generation.sample_plan import printed_texts

CONFIG = GenerationConfig(seed=11)
INDICES = range(6)


@cache
def _plan(index: int) -> DocumentPlan:
    return plan_document(CONFIG, index)


def _paragraphs(plan: DocumentPlan) -> list[tuple[str, ParagraphBlock]]:
    return [(s.section_id, b) for s in plan.sections for b in s.blocks if isinstance(b, ParagraphBlock)]


def test_same_config_and_index_give_identical_plans() -> None:
    first = plan_document(CONFIG, 3).model_dump_json()
    assert plan_document(GenerationConfig(seed=11), 3).model_dump_json() == first
    assert plan_document(CONFIG, 4).model_dump_json() != first
    assert plan_document(GenerationConfig(seed=12), 3).model_dump_json() != first


@pytest.mark.slow
def test_documents_vary_in_topic_and_archetype() -> None:
    manifests = [plan_document(CONFIG, i).manifest for i in range(24)]
    assert len({m.topic for m in manifests}) >= 8
    assert len({m.archetype for m in manifests}) >= 4
    assert len({m.domain for m in manifests}) >= 5


@pytest.mark.parametrize("index", INDICES)
def test_manifest_is_valid_and_well_formed(index: int) -> None:
    plan = _plan(index)
    m = DocumentManifest.model_validate_json(plan.manifest.model_dump_json())
    assert m.doc_id == doc_id_for(CONFIG.seed, index) and m.seed == CONFIG.seed
    assert m.page_count == 0 and m.renderer == CONFIG.renderer
    assert 8 <= len(m.sections) <= 12
    assert [s.section_id for s in m.sections] == [f"s{i}" for i in range(1, len(m.sections) + 1)]
    assert len({s.title for s in m.sections}) == len(m.sections)
    assert [p.section_id for p in plan.sections] == [s.section_id for s in m.sections]
    assert CONFIG.min_charts <= len(m.charts) <= CONFIG.max_charts
    assert [c.index for c in m.charts] == list(range(1, len(m.charts) + 1))
    assert all(c.figure_number == c.index and not c.regions for c in m.charts)
    for chart in m.charts:
        number, _ = re.fullmatch(r"viz-(\d+)-(\d+)", chart.vizId).groups()  # type: ignore[union-attr]
        assert chart.section_id == f"s{number}"
    assert 2 <= len(m.tables) <= 4
    for table in m.tables:
        assert 3 <= len(table.columns) <= 6 and 4 <= len(table.rows) <= 8
    assert {c.visualProperties.valueReading for c in m.charts} == {"data_labels", "axis"}


@pytest.mark.parametrize("index", INDICES)
def test_every_chart_and_table_is_placed_once_in_order(index: int) -> None:
    plan = _plan(index)
    placed = [(s.section_id, b.viz_id) for s in plan.sections for b in s.blocks if isinstance(b, ChartBlock)]
    assert placed == [(c.section_id, c.vizId) for c in plan.manifest.charts]
    tables = [
        (s.section_id, b.table_id) for s in plan.sections for b in s.blocks if isinstance(b, TableBlock)
    ]
    assert tables == [(t.section_id, t.table_id) for t in plan.manifest.tables]


@pytest.mark.parametrize("index", INDICES)
def test_charts_appear_early_middle_and_late(index: int) -> None:
    m = _plan(index).manifest
    n = len(m.sections)
    orders = {s.section_id: s.order for s in m.sections}
    positions = [orders[c.section_id] / n for c in m.charts]
    assert min(positions) <= 1 / 3 and max(positions) > 2 / 3
    assert any(1 / 3 < p <= 2 / 3 for p in positions)


@pytest.mark.parametrize("index", INDICES)
def test_fact_sentences_are_stated_exactly_once_where_listed(index: int) -> None:
    plan = _plan(index)
    paragraphs = _paragraphs(plan)
    everything = " ".join(printed_texts(plan))
    for fact in plan.manifest.text_facts:
        section_number = fact.section_id.removeprefix("s")
        assert re.fullmatch(rf"fact-{section_number}-\d+", fact.fact_id)
        assert everything.count(fact.sentence) == 1, fact.sentence
        holders = [(sid, p) for sid, p in paragraphs if fact.fact_id in p.fact_ids]
        assert len(holders) == 1
        sid, paragraph = holders[0]
        assert sid == fact.section_id and fact.sentence in paragraph.text
    listed = [fid for _, p in paragraphs for fid in p.fact_ids]
    assert sorted(listed) == sorted(f.fact_id for f in plan.manifest.text_facts)


def _stated(v: dict[str, str], key: str) -> str:
    """A fact's figure with its unit as its sentence prints it (``claims.stated_amount``)."""
    return stated_amount(float(v[key]), len(v[key].partition(".")[2]), v["unit"])


@pytest.mark.parametrize("index", INDICES)
def test_fact_conventions_hold(index: int) -> None:
    m = _plan(index).manifest
    charts = {c.vizId: c for c in m.charts}
    order = {s.section_id: s.order for s in m.sections}
    kinds = Counter(f.values["kind"] for f in m.text_facts)
    assert kinds["chart_claim"] >= 3 and kinds["metric"] >= 4
    assert kinds["event"] >= 4 and kinds["reception"] >= 3
    # about series of a metric without a known direction (world knowledge would judge the others)
    free = sum(
        len({p.category for p in c.data})
        for c in m.charts
        if c.chartType in ("line", "multi_line", "area") and c.value_trend == "any"
    )
    assert kinds["trend_claim"] >= min(2, free)
    verdicts: Counter[bool] = Counter()
    changes: Counter[bool] = Counter()
    for fact in m.text_facts:
        v = fact.values
        assert all(isinstance(x, str) for x in v.values())
        if v["kind"] == "chart_claim":
            chart = charts[v["viz_id"]]
            matches = [p for p in chart.data if p.label == v["label"] and p.category == v.get("series")]
            assert len(matches) == 1, "label (and series) must name exactly one mark"
            drawn = matches[0].value
            claimed = float(v["claimed_value"])
            # a claim matches (within 0.95 reading tolerances) or misses (by 2-3 tolerances of the
            # mark read off the axis, on a chart that prints its values too), never in between
            gap = abs(claimed - drawn) / value_tolerance(chart, drawn)
            far = abs(claimed - drawn) / axis_tolerance(chart, drawn)
            miss = MISS_TOLS[0] - 1e-9 <= far <= MISS_TOLS[1] + 1e-9
            assert claimed != drawn and (gap <= MATCH_TOLS or miss)
            # ... and a miss never prints as the drawn value rounded to the claim's precision
            shown = len(v["claimed_value"].partition(".")[2])
            assert gap <= MATCH_TOLS or value_text(drawn, shown) != v["claimed_value"], v
            verdicts[gap <= MATCH_TOLS] += 1
            assert abs(order[fact.section_id] - order[chart.section_id]) >= 2
            assert value_text(drawn, chart_decimals(chart)) not in number_strings_in(fact.sentence)
            assert v["relation"] in {"target", "forecast", "earlier estimate", "threshold"}
            # the claim's figure as its sentence prints it (a value under one a scale lower)
            assert _stated(v, "claimed_value") in fact.sentence and v["unit"] == (
                chart.axes.y.unit or chart.axes.x.unit
            )
        elif v["kind"] == "chart_quote":  # beside a claim on its chart, another mark's figure: a miss
            chart = charts[v["viz_id"]]
            matches = [p for p in chart.data if p.label == v["label"] and p.category == v.get("series")]
            assert len(matches) == 1 and _stated(v, "claimed_value") in fact.sentence, v
            far = abs(float(v["claimed_value"]) - matches[0].value) / axis_tolerance(chart, matches[0].value)
            assert MISS_TOLS[0] - 1e-9 <= far <= MISS_TOLS[1] + 1e-9, v
            beside = [f.values for f in m.text_facts if f.section_id == fact.section_id]
            assert any(b["kind"] == "chart_claim" and b["viz_id"] == v["viz_id"] for b in beside), v
        elif v["kind"] == "trend_claim":
            chart = charts[v["viz_id"]]
            points = [p for p in chart.data if p.category == v.get("series")]
            labels = [p.label for p in points]
            i, j = labels.index(v["start"]), labels.index(v["end"])
            # a stretch of MIN_STRETCH or more marks, never the whole of a longer series
            assert j - i + 1 >= min(MIN_STRETCH, len(points))
            assert (i, j) != (0, len(points) - 1) or len(points) <= MIN_STRETCH
            actual = series_direction([p.value for p in points[i : j + 1]])
            assert actual is not None and abs(order[fact.section_id] - order[chart.section_id]) >= 2
            verdicts[actual == v["direction"]] += 1
            # "was broadly flat" agrees with a plural subject ("arrivals … were broadly flat")
            assert v["direction"] in fact.sentence or v["direction"].replace("was", "were") in fact.sentence
            assert number_strings_in(fact.sentence) == {v["start"], v["end"]}
        elif v["kind"] == "change_claim":  # a later year as a multiple of an earlier one
            chart = charts[v["viz_id"]]
            first, last = (
                next((p for p in chart.data if (p.label, p.category) == (v[k], v.get("series"))), None)
                for k in ("start", "end")
            )
            assert first is not None and last is not None
            found = change_verdict(chart, first.value, last.value, float(v["claimed_value"]))
            assert found is not None and abs(order[fact.section_id] - order[chart.section_id]) >= 2
            changes[found] += 1
            said = f"{v['claimed_value']} times its {v['start']} level"
            assert said in fact.sentence and v["end"] in fact.sentence
        elif v["kind"] == "metric":
            assert _stated(v, "value") in fact.sentence and v["year"] in fact.sentence
            assert v["entity"].lower() in fact.sentence.lower()
        elif v["kind"] == "event":
            assert v["year"] in fact.sentence and v["event"] in fact.sentence
        elif v["kind"] == "reception":
            assert v["stance"] in {"positive", "negative", "mixed"}
            # the subject may open the sentence, capitalised ("The export ban drew ...")
            assert v["subject"].lower() in fact.sentence.lower() and v["reason"] in fact.sentence
        elif v["kind"] == "cause":  # a stated cause: series and period, never the direction
            chart = charts[v["viz_id"]]
            assert abs(order[fact.section_id] - order[chart.section_id]) >= 2
            assert v["cause"] in fact.sentence and {v["start"], v["end"]} <= number_strings_in(fact.sentence)
            labels = [p.label for p in chart.data if p.category == v.get("series")]
            assert labels.index(v["end"]) - labels.index(v["start"]) >= 2
            assert not re.search(r"\b(rose|fell|grew|declined|increased|decreased)\b", fact.sentence)
        else:
            pytest.fail(f"unknown fact kind {v['kind']}")
    # verdicts alternate: claims that match their chart and claims that do not, within one
    assert abs(verdicts[True] - verdicts[False]) <= 2, verdicts
    assert abs(changes[True] - changes[False]) <= 1, changes
    events = [f for f in m.text_facts if f.values["kind"] == "event"]
    assert len({f.values["year"] for f in events}) == len(events)
    assert len({f.section_id for f in events}) >= 3


@pytest.mark.parametrize("index", INDICES)
def test_chart_mentions_are_qualitative(index: int) -> None:
    plan = _plan(index)
    for _, paragraph in _paragraphs(plan):
        for figure in re.findall(r"Figure (\d+)", paragraph.text):
            assert 1 <= int(figure) <= len(plan.manifest.charts)
        if "Figure" in paragraph.text and not paragraph.fact_ids:
            # Numbers in a figure mention are figure numbers or years only.
            for number in number_strings_in(paragraph.text):
                assert float(number) <= len(plan.manifest.charts) or 1900 < float(number) < 2100


def test_prose_is_varied_not_one_template() -> None:
    plan = _plan(0)
    sentences = [s for _, p in _paragraphs(plan) for s in re.split(r"(?<=\.) ", p.text)]
    assert len(sentences) > 200
    assert len(set(sentences)) / len(sentences) > 0.85
    openings = Counter(" ".join(s.split()[:3]) for s in sentences)
    assert openings.most_common(1)[0][1] / len(sentences) < 0.05


@pytest.mark.slow
def test_word_count_follows_the_target() -> None:
    short = GenerationConfig(seed=5, target_pages=12, min_charts=6, max_charts=6)
    long = GenerationConfig(seed=5, target_pages=48, min_charts=6, max_charts=6)
    for index in range(2):
        a = plan_document(short, index).manifest.word_count
        b = plan_document(long, index).manifest.word_count
        assert 0.85 * document_targets(short, index).words <= a <= 1.3 * document_targets(short, index).words
        assert 0.9 * document_targets(long, index).words <= b <= 1.15 * document_targets(long, index).words
        assert b > 3 * a


@pytest.mark.slow
@pytest.mark.parametrize(("pages", "slack"), [(15, 0.10), (25, 0.05), (50, 0.05), (100, 0.05)])
def test_every_length_keeps_its_word_budget(pages: int, slack: float) -> None:
    """Each section's paragraphs are sized to what is left of its budget, so the words stay
    within 5% of the target at Table 1's lengths (24-91 pages). Below them the fixed parts (text
    facts, which do not shrink with length) can take a larger share: 10% at 15 pages."""
    config = GenerationConfig(seed=64, target_pages=pages)
    for index in range(3):
        words = plan_document(config, index).manifest.word_count
        target = document_targets(config, index).words
        assert (1 - slack) * target <= words <= (1 + slack) * target, (index, words, target)


def test_target_words_fill_the_page_model() -> None:
    for archetype, model in PAGE_MODELS.items():
        words = target_words(50, 16, 3, archetype)
        text_pages = 50 - model.overhead - 16 * model.chart_pages - 3 * model.table_pages
        assert words == int(model.words_per_page * text_pages)
        assert target_words(80, 16, 3, archetype) > words > target_words(30, 16, 3, archetype)


def test_twenty_thousand_words_have_no_repeated_sentence() -> None:
    config = GenerationConfig(seed=9, target_pages=72, min_charts=14, max_charts=14)
    for index in range(2):
        plan = plan_document(config, index)
        assert plan.manifest.word_count >= 20000
        sentences = [s for _, p in _paragraphs(plan) for s in re.split(r"(?<=\.) (?=[A-Z])", p.text)]
        assert len(sentences) > 900
        repeated = [s for s, n in Counter(sentences).items() if n > 1]
        assert repeated == []
        # Variety beyond exact repeats: no three-word opening starts more than 4% of sentences.
        openings = Counter(" ".join(s.split()[:3]) for s in sentences)
        assert openings.most_common(1)[0][1] / len(sentences) < 0.04


def test_word_count_counts_what_is_printed() -> None:
    plan = _plan(1)
    assert plan.manifest.word_count == sum(len(t.split()) for t in printed_texts(plan))


def test_archetypes_and_chart_types_follow_the_config() -> None:
    config = GenerationConfig(
        seed=2, archetypes=["academic"], chart_types=["pie", "line", "bar"], min_charts=5
    )
    for index in range(3):
        plan = plan_document(config, index)
        assert plan.manifest.archetype == "academic"
        assert {c.chartType for c in plan.manifest.charts} <= {"pie", "line", "bar"}
        first = plan.sections[0].blocks[0]
        assert isinstance(first, CalloutBlock) and first.style == "abstract"
    dashboard = plan_document(GenerationConfig(seed=2, archetypes=["dashboard"]), 0)
    styles = {b.style for s in dashboard.sections for b in s.blocks if isinstance(b, CalloutBlock)}
    assert styles == {"metric_cards"}
    for section in dashboard.sections:
        for block in section.blocks:
            if isinstance(block, CalloutBlock):
                assert all(re.fullmatch(r"\d+(\.\d+)?(%| .+) \| .+, \d{4}", item) for item in block.items)


def test_bad_chart_types_are_one_clear_error() -> None:
    with pytest.raises(ValueError, match=r"unknown chart types \['pies'\]"):
        allowed_chart_types(["pies"])
    undrawable = [t for t in CHART_TYPES if t not in allowed_chart_types([])]
    if undrawable:  # types of the schema that the generator cannot draw yet
        with pytest.raises(ValueError, match="has a data builder and a d3 drawer yet"):
            plan_document(GenerationConfig(chart_types=undrawable[:1]), 0)
    assert allowed_chart_types(["line", "bar", "line"]) == ["line", "bar"]


# --- pull quotes and the abstract state the report's own findings ---------------------------


def _callouts_of(plan: DocumentPlan, style: str) -> list[tuple[str, CalloutBlock]]:
    return [
        (s.section_id, b)
        for s in plan.sections
        for b in s.blocks
        if isinstance(b, CalloutBlock) and b.style == style
    ]


def test_pull_quotes_repeat_a_checked_finding_of_their_section() -> None:
    from generation.document.prose_facts import check_sentence

    config = GenerationConfig(seed=5, archetypes=["magazine"])
    grounded = 0
    quotes = 0
    for index in range(4):
        plan = plan_document(config, index)
        world = plan.manifest.world
        for section_id, block in _callouts_of(plan, "pull_quote"):
            quotes += 1
            (quote,) = block.items
            body = " ".join(
                b.text
                for s in plan.sections
                if s.section_id == section_id
                for b in s.blocks
                if isinstance(b, ParagraphBlock)
            )
            verdict = check_sentence(quote, world)
            if verdict.claim:
                grounded += 1
                assert verdict.true, (quote, verdict.reason)
                assert quote[1:] in body, "a pull quote repeats its own section's sentence"
                assert all(re.fullmatch(r"(19|20)\d\d", n) for n in re.findall(r"\d+(?:\.\d+)?", quote)), (
                    quote
                )
                assert quote[:1].isupper() and not quote.startswith(("In the underlying data", "By way of"))
    assert quotes >= 6
    assert grounded >= quotes * 0.8, f"only {grounded} of {quotes} pull quotes state a finding"


def test_the_abstract_states_a_finding_of_the_report() -> None:
    from generation.document.prose_facts import check_sentence

    config = GenerationConfig(seed=2, archetypes=["academic"])
    for index in range(3):
        plan = plan_document(config, index)
        ((_, block),) = _callouts_of(plan, "abstract")
        sentences = re.split(r"(?<=\.) (?=[A-Z])", block.items[0])
        checked = [check_sentence(s, plan.manifest.world) for s in sentences]
        assert any(v.claim and v.true for v in checked), block.items[0]
        assert not any(v.claim and not v.true for v in checked)
        scope = sentences[1]
        first, second = re.match(r"It compares .+? on (.+?) and (.+?), and asks", scope).groups()  # type: ignore[union-attr]
        assert first != second, scope


@cache
def _paper_plans() -> tuple[DocumentPlan, ...]:
    from pathlib import Path

    from generation.plan.config import load_config

    config = load_config(Path(__file__).parents[3] / "configs" / "paper.yaml")
    return tuple(plan_document(config, index) for index in range(40))


@pytest.mark.slow
def test_no_missed_claim_of_40_paper_documents_is_its_value_rounded() -> None:
    """A text claim that misses its chart is never the charted value rounded to the claim's
    precision: "an earlier estimate of 0.04" against a mark labelled 0.041 reads as the same
    figure, though it is 2.4 reading tolerances off (a held-out seed asked such a claim as
    "contradicts"). Misses are off by 2-3 tolerances *and* print as another figure."""
    claims = 0
    for plan in _paper_plans():
        charts = {c.vizId: c for c in plan.manifest.charts}
        for fact in plan.manifest.text_facts:
            v = fact.values
            if v["kind"] != "chart_claim":
                continue
            chart = charts[v["viz_id"]]
            mark = (v["label"], v.get("series"))
            drawn = next(p.value for p in chart.data if (p.label, p.category) == mark)
            gap = abs(float(v["claimed_value"]) - drawn) / value_tolerance(chart, drawn)
            shown = len(v["claimed_value"].partition(".")[2])
            claims += 1
            assert gap <= MATCH_TOLS or value_text(drawn, shown) != v["claimed_value"], (fact.sentence, drawn)
    assert claims >= 160


@pytest.mark.slow
def test_no_claim_of_40_paper_documents_names_the_target_its_chart_draws() -> None:
    """A claim about a chart that draws its own target (a bullet's marker) is a forecast or an
    earlier estimate, never a "target" or "threshold", which a reader would take for the marker
    rather than the bar the claim is about (fresh seed 5903: 2 of its 4 such claims did)."""
    claims = 0
    for plan in _paper_plans():
        charts = {c.vizId: c for c in plan.manifest.charts}
        for fact in plan.manifest.text_facts:
            v = fact.values
            if v["kind"] == "chart_claim" and chart_type(charts[v["viz_id"]].chartType).has("target_marker"):
                claims += 1
                assert v["relation"] not in ("target", "threshold"), fact.sentence
    assert claims >= 3  # 3 in these 40 documents when written


@pytest.mark.slow
def test_every_pull_quote_and_abstract_of_40_paper_documents_states_a_checked_finding() -> None:
    """On the paper's config every pull quote and abstract states a finding of the fact table
    (25 pull quotes and 8 abstracts in the first 40 documents when it was written; 27 and 3 since
    the topic space changed which archetypes the first 40 documents draw)."""
    from generation.document.prose_facts import check_sentence, split_sentences

    counts = Counter[str]()
    for plan in _paper_plans():
        for style in ("pull_quote", "abstract"):
            for _, block in _callouts_of(plan, style):
                counts[style] += 1
                # (split as the prose checks split: "Micronesia, Fed. Sts." ends no sentence)
                verdicts = [check_sentence(s, plan.manifest.world) for s in split_sentences(block.items[0])]
                assert any(v.claim and v.true for v in verdicts), (style, block.items[0])
                assert not any(v.claim and not v.true for v in verdicts), (style, block.items[0])
    assert counts["pull_quote"] >= 10 and counts["abstract"] >= 3, counts


@pytest.mark.slow
def test_no_two_charts_of_a_report_share_a_title() -> None:
    """A question names its chart by title, so a title names one chart of the report. Two charts
    of one measure for one period (a pie and a donut of one mix) shared a title in 11 of 120
    planned paper documents of seed 6007 before each chart took a metric no earlier title used."""
    from pathlib import Path

    from generation.plan.config import load_config

    config = load_config(Path(__file__).parents[3] / "configs" / "paper.yaml").model_copy(
        update={"seed": 6007, "n_docs": 40}
    )
    repeated = []
    for i in range(40):
        titles = Counter(c.title for c in plan_document(config, i).manifest.charts)
        repeated += [f"{i}: {t}" for t, n in titles.items() if n > 1]
    assert not repeated, repeated


def test_a_topic_whose_facts_are_all_charted_gets_fewer_tables_not_no_report(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Document 193 of seed 1979 (paper config) charted every year of its topic's metrics before
    its fourth table; planning it raised NumberSpaceExhaustedError, so `generate` failed for the
    whole run. Such a document now has the tables the topic's facts allow, numbered and placed in
    order. Which documents run short moved with every re-draw of the world (none of 200 of seeds
    1979, 6007, 9973 or 2803 since world52's per-entity moves), so here every document is asked
    for twenty tables more than its target, more than any topic's facts can fill."""
    from dataclasses import replace

    from generation.document import content

    def more_tables(config: GenerationConfig, index: int, archetype: str | None = None) -> DocumentTargets:
        target = document_targets(config, index, archetype)
        return replace(target, n_tables=target.n_tables + 20)

    monkeypatch.setattr(content, "document_targets", more_tables)
    config = load_config(Path("configs/paper.yaml"), seed=1979, n_docs=3)
    plan = plan_document(config, 0)
    target = more_tables(config, 0, plan.manifest.archetype)
    tables = [t.table_id for t in plan.manifest.tables]
    assert 0 < len(tables) < target.n_tables
    assert tables == [f"table-{k}" for k in range(1, len(tables) + 1)]
    DocumentManifest.model_validate(plan.manifest.model_dump())
