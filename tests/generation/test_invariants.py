"""The generator's invariants over many documents (slow tier), not over a few chosen ones.

Each holds on the first 40 documents of ``configs/paper.yaml`` (its own seed, what a user
generates): no chart value is written anywhere else in the report, the report shows one world,
every question applies only operations its metric's kind admits, a category keeps one colour
in every chart of its report; and on 40 rendered documents every chart's text passes the
legibility checks. False positives are handled by the checks
themselves ("Figure 4" states no value 4.0), never by choosing documents that pass."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from generation.charts.d3 import load_d3
from generation.charts.data import number_strings_in, value_text
from generation.charts.palette import CATEGORY_PALETTE, is_categorical
from generation.charts.spec import chart_decimals
from generation.document.content import plan_document
from generation.document.layout import render_html
from generation.document.regions import measure_document
from generation.document.render import Renderer
from generation.plan.config import GenerationConfig, load_config
from generation.plan.doc_plan import DocumentPlan
from generation.questions.build import make_questions
from generation.validate.consistency import consistency, world_mismatches
from generation.validate.derivation_rules import ill_posed_operations
from generation.validate.legibility import check_document
from generation.validate.text_rules import without_references
from tests.generation.sample_plan import printed_texts

ROOT = Path(__file__).resolve().parents[2]
N_DOCS = 40

pytestmark = pytest.mark.slow


def _paper() -> GenerationConfig:
    return load_config(ROOT / "configs" / "paper.yaml")


@pytest.fixture(scope="module")
def plans() -> list[DocumentPlan]:
    config = _paper()
    return [plan_document(config, index) for index in range(N_DOCS)]


def _printed_with_context(plan: DocumentPlan) -> list[str]:
    """The printed texts, a table's cells read row by row with its title and columns (a cell
    alone says nothing of what its number is)."""
    tables = {c for t in plan.manifest.tables for row in t.rows for c in row}
    texts = [t for t in printed_texts(plan) if t not in tables]
    for table in plan.manifest.tables:
        texts += [" ".join([table.title, *table.columns, *row]) for row in table.rows]
    return texts


def test_no_chart_value_is_written_anywhere_else(plans: list[DocumentPlan]) -> None:
    """A chart's value is printed nowhere else beside the mark's name: an equal number of another
    metric and entity is no leak (seed 0's report 14 prints South Korea's 15.1 weeks' wait in a
    table and draws Russia's informal care at 15.1% in a donut)."""
    leaks = []
    for plan in plans:
        texts = [
            (text.lower(), number_strings_in(without_references(text)))
            for text in _printed_with_context(plan)
        ]
        for chart in plan.manifest.charts:
            d = chart_decimals(chart)
            for point in chart.data:
                shown = {*number_strings_in(value_text(point.value, d))}
                if "x" in point.metadata:
                    shown |= number_strings_in(point.metadata["x"])
                names = [n.lower() for n in (point.label, point.category) if n]
                for text, written in texts:
                    if shown & written and any(n in text for n in names):
                        leaks.append(f"{chart.vizId}: {sorted(shown & written)}")
    assert leaks == []


def test_the_check_ignores_reference_numbers_but_not_values() -> None:
    assert number_strings_in(without_references("As Figure 4 and Table 12 show on page 3")) == set()
    assert number_strings_in(without_references("Figure 2 puts the rate at 4.0")) == {"4"}


def test_every_report_shows_one_world(plans: list[DocumentPlan]) -> None:
    pairs = 0
    for plan in plans:
        result = consistency(plan.manifest)
        assert result.agreeing == result.pairs, result.examples
        assert world_mismatches(plan.manifest) == []
        pairs += result.pairs
    assert pairs >= 40 * 3, "the reports show facts more than once"


def test_every_question_applies_only_operations_its_kind_admits(plans: list[DocumentPlan]) -> None:
    config = _paper()
    checked = Counter[str]()
    for plan in plans:
        manifest = plan.manifest
        for q in make_questions(manifest, config):
            chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
            assert ill_posed_operations(manifest, q, chart) == [], q.question_id
            checked[q.subset] += 1
    assert min(checked.values()) >= N_DOCS * 3 * 0.9, checked


@pytest.mark.browser
def test_chart_text_of_40_rendered_documents_is_legible() -> None:
    # Small reports (the default config's length), so that 40 render in the slow tier's budget;
    # chart sizes and styles come from the archetypes, not from the length.
    config = GenerationConfig(seed=0, n_docs=N_DOCS, min_pages=6, max_pages=8, min_charts=4, max_charts=6)
    findings: Counter[str] = Counter()
    charts = 0
    d3_js = load_d3()
    with Renderer() as renderer:
        for index in range(N_DOCS):
            plan = plan_document(config, index)
            pdf = renderer.render_pdf(render_html(plan, d3_js), name=plan.manifest.doc_id).pdf
            manifest = measure_document(pdf, plan.manifest).manifest
            found = check_document(manifest, pdf)
            charts += len(found.charts)
            findings.update(f"{f.check} in {f.chart_type}" for f in found.findings)
    assert charts >= N_DOCS * 4
    assert dict(findings) == {}


def test_every_recurring_category_keeps_one_colour(plans: list[DocumentPlan]) -> None:
    """Issue 24 point 5: a category coloured in several charts of a report has one colour in
    all of them, and no chart draws two of its categories in one colour."""
    recurring = 0
    for plan in plans:
        colours: dict[str, set[str]] = {}
        charts: Counter[str] = Counter()
        for chart in plan.manifest.charts:
            if not is_categorical(chart):
                continue
            cmap = chart.visualProperties.colorMap
            assert len(set(cmap.values())) == len(cmap), (plan.manifest.doc_id, chart.vizId, cmap)
            assert set(cmap.values()) <= set(CATEGORY_PALETTE), cmap
            for key, colour in cmap.items():
                colours.setdefault(key, set()).add(colour)
                charts[key] += 1
        mixed = {k: v for k, v in colours.items() if charts[k] > 1 and len(v) > 1}
        assert mixed == {}, plan.manifest.doc_id
        recurring += sum(n > 1 for n in charts.values())
    assert recurring >= N_DOCS * 3, "the reports colour few categories more than once"


def test_colour_and_size_scales_name_a_metric_of_the_report(plans: list[DocumentPlan]) -> None:
    """A heatmap's colour legend and a sankey's band widths print the value axis title: it names
    the metric the values measure (it named the row dimension, "Country (%)"), with its unit."""
    checked = 0
    for plan in plans:
        metrics = {m.name.lower(): m.unit for m in plan.manifest.world.metrics}
        for chart in plan.manifest.charts:
            if chart.chartType in ("heatmap", "sankey"):
                axis = chart.axes.y
                assert axis.label.lower() in metrics and axis.unit, (chart.chartType, axis)
                checked += 1
    assert checked >= 5
