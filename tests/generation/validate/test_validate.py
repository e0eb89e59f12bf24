"""Validation rules: each rejects a crafted bad question; the leak check runs on a real PDF."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pymupdf
import pytest

from generation.charts.colours import colour_names
from generation.charts.data import value_text
from generation.charts.reading import printed
from generation.charts.spec import chart_decimals
from generation.plan.config import GenerationConfig
from generation.questions.build import draft_to_question, make_questions
from generation.questions.chart import value_reading
from generation.questions.common import Context
from generation.questions.phrasing import fmt_num
from generation.validate.derivation_rules import derivations
from generation.validate.folder import validate_dir
from generation.validate.pdf_words import Word
from generation.validate.rules import RULES, validate_questions
from generation.validate.text_rules import leak_index
from synthdocbench_tasks.schema import DocumentManifest, Operand, Question, Region, make_position
from tests.generation.manifest_fixture import CHART_BOX, PAGE_COUNT, build_manifest

Placed = tuple[int, float, float, str]


def _pdf(
    texts: Sequence[Placed] = (),
    pages: int = PAGE_COUNT,
    manifest: DocumentManifest | None = None,
    skip: Sequence[str] = (),
) -> bytes:
    """A real PDF with ``pages`` A4 pages and text at (page, x, y) in 0..1000 page units, plus
    what the document (the fixture by default) prints where its manifest says: each chart's
    title under the chart and a labelled chart's values inside it, each fact's sentence in its
    region (except the charts and facts
    whose ids are in ``skip``)."""
    doc = pymupdf.open()
    for _ in range(pages):
        doc.new_page(width=595, height=842)
    m = manifest or build_manifest()

    def rect(page: pymupdf.Page, box: Sequence[float]) -> pymupdf.Rect:
        w, h = page.rect.width, page.rect.height
        return pymupdf.Rect(box[0] / 1000 * w, box[1] / 1000 * h, box[2] / 1000 * w, box[3] / 1000 * h)

    titles: list[Placed] = [
        (r.page, r.bbox[0], r.bbox[3] - 20, f"Figure {c.figure_number}. {c.title}")
        for c in m.charts
        for r in c.regions
        if c.vizId not in skip
    ]
    for fact in m.text_facts:
        r = fact.regions[0]
        if r.page <= pages and fact.fact_id not in skip:
            page = doc[r.page - 1]
            assert (
                page.insert_textbox(
                    rect(page, [r.bbox[0], r.bbox[1], r.bbox[2], r.bbox[1] + 38]), fact.sentence, fontsize=6
                )
                >= 0
            )
    for c in m.charts:  # a labelled chart prints its values inside its region, as a renderer does
        r = c.regions[0] if c.regions else None
        if r is not None and printed(c) and c.vizId not in skip and r.page <= pages:
            page = doc[r.page - 1]
            shown = "   ".join(value_text(d.value, chart_decimals(c)) for d in c.data)
            box = [r.bbox[0] + 20, r.bbox[1] + 20, r.bbox[2] - 20, r.bbox[1] + 200]
            assert page.insert_textbox(rect(page, box), shown, fontsize=8) >= 0
    for page_no, x, y, text in [*titles, *texts]:
        if page_no > pages:
            continue
        p = doc[page_no - 1]
        p.insert_text((x / 1000 * p.rect.width, y / 1000 * p.rect.height), text, fontsize=11)
    data = doc.tobytes()
    doc.close()
    return data


@pytest.fixture(scope="module")
def manifest() -> DocumentManifest:
    return build_manifest()


@pytest.fixture(scope="module")
def questions(manifest: DocumentManifest) -> list[Question]:
    return make_questions(manifest, GenerationConfig(seed=3, questions_per_subset=4))


def _rules(manifest: DocumentManifest, q: Question, pdf: bytes | None = None) -> set[str]:
    result = validate_questions(manifest, [q], pdf or _pdf())
    assert bool(result.accepted) != bool(result.rejected)
    assert all(r.question_id == q.question_id and r.rule in RULES and r.detail for r in result.rejected)
    return {r.rule for r in result.rejected}


def _pick(questions: list[Question], **match: object) -> Question:
    return next(q for q in questions if all(getattr(q, k) == v for k, v in match.items()))


def test_generated_questions_are_accepted(manifest: DocumentManifest, questions: list[Question]) -> None:
    result = validate_questions(manifest, questions, _pdf())
    assert result.rejected == []
    assert result.accepted == questions


def test_reference_rule(manifest: DocumentManifest, questions: list[Question]) -> None:
    chart_q = _pick(questions, subset="chart")
    # a question whose chart is gone also loses the chart names the overlap rule discounts: the
    # fixture's first chart question since this stop's merge copies enough of them to trip it
    assert (
        {"reference", "numeric"}
        <= _rules(manifest, chart_q.model_copy(update={"chart_index": 42}))
        <= {
            "reference",
            "numeric",
            "overlap",
        }
    )
    assert "reference" in _rules(manifest, chart_q.model_copy(update={"chart_title": "Some other chart"}))
    bad_point = chart_q.required_data_points[0].model_copy(update={"value": 1234.5})
    bad = chart_q.model_copy(update={"required_data_points": [bad_point, *chart_q.required_data_points[1:]]})
    assert "reference" in _rules(manifest, bad)
    multi = _pick(questions, subset="complex")
    text = ["A sentence the document never printed.", *multi.required_facts_text[1:]]
    assert _rules(manifest, multi.model_copy(update={"required_facts_text": text})) == {"reference"}
    assert "reference" in _rules(manifest, multi.model_copy(update={"required_facts": [999]}))
    single_source = multi.model_copy(
        update={
            "required_facts": multi.required_facts[:1],
            "required_facts_text": multi.required_facts_text[:1],
            "fact_sources": multi.fact_sources[:1],
        }
    )
    if single_source.chart_index is None:
        assert "reference" in _rules(manifest, single_source)


def test_numeric_rule_reports_the_mismatch(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = next(q for q in questions if any(v.kind == "number" for v in q.answer_values))
    values = [
        v.model_copy(update={"value": (v.value or 0.0) + 0.7}) if v.kind == "number" else v
        for v in q.answer_values
    ]
    result = validate_questions(manifest, [q.model_copy(update={"answer_values": values})], _pdf())
    numeric = [r for r in result.rejected if r.rule == "numeric"]
    assert numeric and "from the manifest, but the answer value is" in numeric[0].detail


def test_answer_length_and_values_in_answer(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = _pick(questions, subset="chart")
    assert {"answer_length", "answer_values_in_answer"} <= _rules(
        manifest, q.model_copy(update={"answer": "Yes."})
    )
    number = next(v for v in q.answer_values if v.kind == "number")
    stripped = q.answer.replace(number.text, "an unstated amount")
    assert _rules(manifest, q.model_copy(update={"answer": stripped})) == {"answer_values_in_answer"}


def test_internal_ids_are_rejected(manifest: DocumentManifest, questions: list[Question]) -> None:
    """A question or answer that names a section, chart or table id (never printed) is rejected;
    the same text naming the section by its title passes the rule."""
    q = _pick(questions, subset="cross_modal")
    section = manifest.sections[-1]
    named = [
        q.model_copy(update={"question": f"{q.question[:-1]} (see section {section.section_id})?"}),
        q.model_copy(update={"answer": f"{q.answer} The chart is {manifest.charts[0].vizId}."}),
    ]
    for bad in named:
        assert "internal_id" in _rules(manifest, bad)
    titled = q.model_copy(update={"question": f"{q.question[:-1]} (see the section '{section.title}')?"})
    assert "internal_id" not in _rules(manifest, titled)


def test_overlap_and_answer_in_question(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = _pick(questions, subset="cross_modal")
    number = next(v for v in q.answer_values if v.kind == "number")
    # an answer that restates the question and adds only its value (a long worked answer after the
    # restated question may stay under the limit: the rule counts the answer's share of copies)
    parrot = f"{q.question} {number.text}"
    assert "overlap" in _rules(manifest, q.model_copy(update={"answer": parrot}))
    leaky = f"{q.question} (Hint: it is {number.text}.)"
    # (a number of the cited claim restates the claim too)
    assert _rules(manifest, q.model_copy(update={"question": leaky})) - {"restated_claim"} == {
        "answer_in_question"
    }


def test_difficulty_must_match_reasoning_steps(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = next(q for q in questions if q.subset == "complex" and q.difficulty in ("L3", "L4"))
    assert _rules(manifest, q.model_copy(update={"reasoning": q.reasoning[-1:]})) == {"difficulty_steps"}
    long = [*q.reasoning[:-1], "Check again.", "And again.", "Once more.", "Done.", q.reasoning[-1]]
    assert _rules(manifest, q.model_copy(update={"reasoning": long})) == {"difficulty_steps"}


def test_evidence_pages_and_document_identity(manifest: DocumentManifest, questions: list[Question]) -> None:
    q = _pick(questions, subset="complex")
    far = [*q.evidence, Region(page=PAGE_COUNT + 5, bbox=[0, 0, 10, 10])]
    assert _rules(manifest, q.model_copy(update={"evidence": far})) == {"evidence_pages"}
    assert _rules(manifest, q, _pdf(pages=PAGE_COUNT - 10)) == {"evidence_pages"} or not q.evidence
    assert "schema" in _rules(manifest, q.model_copy(update={"doc_id": "sdb-7-99999"}))


def test_unreadable_pdf_is_one_clear_line(manifest: DocumentManifest, questions: list[Question]) -> None:
    with pytest.raises(ValueError, match="cannot be opened") as info:
        validate_questions(manifest, questions, b"not a pdf")
    assert "\n" not in str(info.value)


def test_leak_check_on_a_real_pdf(manifest: DocumentManifest) -> None:
    draft = value_reading(Context.of(manifest), "L1", np.random.default_rng(2))
    assert draft is not None
    chart, point = draft.charts[0], draft.points[0]
    [region] = chart.regions
    ctx = Context.of(manifest)
    q = draft_to_question(ctx, "chart", 1, draft)
    assert q.evidence == chart.regions and q.position == make_position(chart.index, 6, "chart")
    drawn = fmt_num(point.value) + ("%" if chart.axes.y.unit == "%" else "")
    x_in = (CHART_BOX[0] + CHART_BOX[2]) / 2
    y_in = (CHART_BOX[1] + CHART_BOX[3]) / 2
    other_page = region.page + 2 if region.page + 2 <= PAGE_COUNT else region.page - 2
    inside: list[Placed] = [(region.page, x_in, y_in, drawn), (region.page, 100, 150, "Body text about it.")]
    # the value drawn as the chart's data label, a page number and a "Figure N" reference are fine
    harmless: list[Placed] = [
        (other_page, 500, 960, fmt_num(point.value)),
        (other_page, 100, 200, f"see Figure {fmt_num(point.value)}"),
    ]
    assert _rules(manifest, q, _pdf(inside + harmless)) == set()
    # the value printed inside another figure (say, as one of its axis ticks) is no leak either
    others = [(r, c) for c in manifest.charts if c.index != chart.index for r in c.regions]
    if others:
        r, _ = others[0]
        tick: list[Placed] = [(r.page, (r.bbox[0] + r.bbox[2]) / 2, (r.bbox[1] + r.bbox[3]) / 2, drawn)]
        assert _rules(manifest, q, _pdf(inside + tick)) == set()

    def free_y(page: int) -> float:
        """A height at x=100 on ``page`` that no figure covers (body text)."""
        regions = [r for c in manifest.charts for r in c.regions if r.page == page]
        return next(
            y
            for y in range(150, 900, 25)
            if not any(r.bbox[0] <= 100 <= r.bbox[2] and r.bbox[1] <= y <= r.bbox[3] for r in regions)
        )

    # the same value written in the body text of another page, or on the chart's page outside it, leaks
    for page in (other_page, region.page):
        y = free_y(page)
        leak: list[Placed] = [(page, 100, y, f"In that year it reached {drawn}, a record.")]
        result = validate_questions(manifest, [q], _pdf(inside + leak))
        assert [r.rule for r in result.rejected] == ["text_leak"]
        assert f"page {page}" in result.rejected[0].detail


def test_leak_check_only_applies_to_chart_questions(
    manifest: DocumentManifest, questions: list[Question]
) -> None:
    q = _pick(questions, subset="cross_modal")
    text = [(1, 100, 400, f"Value {fmt_num(p.value)} here.") for p in q.required_data_points]
    assert _rules(manifest, q, _pdf(text)) == set()


def test_evidence_must_resolve_to_the_page_that_prints_it(
    manifest: DocumentManifest, questions: list[Question]
) -> None:
    chart_q = _pick(questions, subset="chart")
    chart = next(c for c in manifest.charts if c.index == chart_q.chart_index)
    result = validate_questions(manifest, [chart_q], _pdf(skip=[chart.vizId]))
    assert [r.rule for r in result.rejected] == ["evidence_pages"]
    assert f"title of Figure {chart.figure_number}" in result.rejected[0].detail
    cross = _pick(questions, subset="cross_modal")
    fact = manifest.text_facts[cross.required_facts[0]]
    assert _rules(manifest, cross, _pdf(skip=[fact.fact_id])) == {"evidence_pages"}
    # a region that points at the wrong page is caught the same way
    moved = fact.model_copy(
        update={"regions": [r.model_copy(update={"page": r.page + 1}) for r in fact.regions]}
    )
    facts = [moved if f.fact_id == fact.fact_id else f for f in manifest.text_facts]
    shifted = manifest.model_copy(update={"text_facts": facts})
    assert "evidence_pages" in {r.rule for r in validate_questions(shifted, [cross], _pdf()).rejected}


def test_numbers_are_recomputed_from_their_derivations(
    manifest: DocumentManifest, questions: list[Question]
) -> None:
    q = next(q for q in questions if len(derivations(q)) >= 2 and q.required_data_points)
    calc = derivations(q)
    assert calc and all(d.steps for d in calc.values())
    # swapping the first two points of every derivation gives other numbers
    swapped = [
        d.model_copy(
            update={
                "steps": [
                    s.model_copy(
                        update={
                            "operands": [
                                o.model_copy(update={"index": 1 - o.index})
                                if o.source == "point" and o.index < 2
                                else o
                                for o in s.operands
                            ]
                        }
                    )
                    for s in d.steps
                ]
            }
        )
        for d in calc.values()
    ]
    if swapped != list(calc.values()):
        assert "numeric" in _rules(manifest, q.model_copy(update={"derivations": swapped}))
    # a derivation that names evidence the question does not cite is an error, not a guess
    first = next(iter(calc.values()))
    uncited = first.model_copy(
        update={
            "steps": [
                first.steps[0].model_copy(
                    update={
                        "op": "difference",
                        "operands": [
                            Operand(source="point", index=9, value=1.0),
                            Operand(source="fact", index=7, value=1.0),
                        ],
                    }
                )
            ]
        }
    )
    numeric = [
        r.detail
        for r in validate_questions(
            manifest, [q.model_copy(update={"derivations": [uncited]})], _pdf()
        ).rejected
        if r.rule == "numeric"
    ]
    assert any("no derivation" in d for d in numeric) and any("p9" in d for d in numeric)


def test_levels_must_fit_what_the_reasoning_does(
    manifest: DocumentManifest, questions: list[Question]
) -> None:
    # seed 3's fixture questions hold no L5 since complex55 (technical L1 slots trade levels): the
    # next seeds' do
    more = (
        q
        for seed in range(4, 10)
        for q in make_questions(manifest, GenerationConfig(seed=seed, questions_per_subset=4))
    )
    l5 = next(q for q in (*questions, *more) if q.difficulty == "L5")
    plain = [
        s.replace("colour", "shade").replace("legend", "key").replace("highlight", "emphasis")
        for s in l5.reasoning
    ]
    plain = [s.replace("Colour", "Shade").replace("accent", "other").replace("marker", "line") for s in plain]
    # a colour's own name is an encoding word too ("Match blue to the series")
    names = re.compile(r"\b(" + "|".join(map(re.escape, colour_names())) + r")\b", re.IGNORECASE)
    plain = [names.sub("that", s) for s in plain]
    assert "difficulty_steps" in _rules(manifest, l5.model_copy(update={"reasoning": plain}))
    computed = next(
        q for q in questions if any(s.op != "read" for d in derivations(q).values() for s in d.steps)
    )
    steps = [computed.reasoning[0], computed.reasoning[-1]]
    as_lookup = computed.model_copy(update={"difficulty": "L1", "reasoning": steps})
    details = [r.detail for r in validate_questions(manifest, [as_lookup], _pdf()).rejected]
    assert any("an L1 look-up computes nothing" in d for d in details)


def _write_run(root: Path, manifest: DocumentManifest, questions: list[Question], pdf: bytes) -> Path:
    folder = root / "docs" / manifest.doc_id
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_text(manifest.model_dump_json(), encoding="utf-8")
    (folder / "document.pdf").write_bytes(pdf)
    (folder / "questions.jsonl").write_text("".join(q.model_dump_json() + "\n" for q in questions))
    rejected = {"question_id": f"{manifest.doc_id}-chart-09", "rule": "text_leak", "detail": "value printed"}
    (folder / "rejected.jsonl").write_text(json.dumps(rejected) + "\n")
    (folder / "DONE").write_text("")
    (root / "config.json").write_text(GenerationConfig(seed=3, questions_per_subset=4).model_dump_json())
    (root / "docs" / "sdb-7-00002").mkdir()  # an unfinished document
    return root


def test_validate_dir_counts_failures_per_rule(
    tmp_path: Path, manifest: DocumentManifest, questions: list[Question]
) -> None:
    bad = _pick(questions, subset="complex")
    broken = bad.model_copy(update={"answer": "Yes."})
    run = _write_run(
        tmp_path,
        manifest,
        [*questions[:-1], broken] if questions[-1] == bad else [broken, *questions],
        _pdf(),
    )
    report = validate_dir(run)
    assert report.documents == 1 and report.checked == len(questions) + (0 if questions[-1] == bad else 1)
    assert report.failures["answer_length"] == 1 and report.failures["answer_values_in_answer"] == 1
    assert report.recorded == {"text_leak": 1}
    assert report.unreadable == [("sdb-7-00002", "unfinished (no DONE file)")] and not report.ok
    text = report.summary()
    assert "answer_length" in text and "fail" in text and "sdb-7-00002" in text
    assert text.splitlines()[0].startswith("Validated 1 documents")
    again = validate_dir(run, regenerate=True)
    assert again.regenerated and again.checked == len(questions) and again.passed == len(questions)
    assert not again.failures
    with pytest.raises(FileNotFoundError, match="no docs/ folder"):
        validate_dir(tmp_path / "nowhere")


def test_fact_sentence_is_read_inside_its_region_whatever_sits_between_in_reading_order(
    manifest: DocumentManifest, questions: list[Question]
) -> None:
    q = next(q for q in questions if q.required_facts)
    fact = manifest.text_facts[q.required_facts[0]]
    r = fact.regions[0]
    words = fact.sentence.split()
    half = len(words) // 2
    x0, y0 = r.bbox[0] + 5, r.bbox[1] + 10
    outside_y = r.bbox[3] + 40 if r.bbox[3] + 40 < 900 else r.bbox[1] - 40
    split: list[Placed] = [
        (r.page, x0, y0, " ".join(words[:half])),
        (r.page, x0, outside_y, "Figure 19. Fab utilisation rate 2017 2020"),  # a figure beside the text
        (r.page, x0, y0 + 12, " ".join(words[half:])),
    ]
    assert "evidence_pages" not in _rules(manifest, q, _pdf(split, skip=[fact.fact_id]))
    elsewhere: list[Placed] = [(r.page, x0, outside_y, fact.sentence)]
    assert "evidence_pages" in _rules(manifest, q, _pdf(elsewhere, skip=[fact.fact_id]))


def test_validate_dir_gives_the_same_report_with_any_number_of_workers(
    tmp_path: Path, manifest: DocumentManifest, questions: list[Question]
) -> None:
    run = _write_run(
        tmp_path, manifest, [*questions[:-1], questions[-1].model_copy(update={"answer": "No."})], _pdf()
    )
    second = manifest.model_copy(update={"doc_id": "sdb-7-00003"}, deep=True)
    folder = run / "docs" / second.doc_id
    folder.mkdir()
    (folder / "manifest.json").write_text(second.model_dump_json(), encoding="utf-8")
    (folder / "document.pdf").write_bytes(b"%PDF-1.7 truncated")  # a damaged document
    (folder / "questions.jsonl").write_text("")
    (folder / "DONE").write_text("")
    serial = validate_dir(run, workers=1)
    assert serial.unreadable[0][0] == "sdb-7-00002" and serial.unreadable[1][0] == "sdb-7-00003"
    assert "cannot be opened" in serial.unreadable[1][1] and serial.failures["answer_length"] == 1
    parallel = validate_dir(run, workers=2)
    assert parallel.summary(examples=50) == serial.summary(examples=50)
    assert parallel.rejections == serial.rejections and parallel.legibility == serial.legibility
    with pytest.raises(ValueError, match="workers must be at least 1"):
        validate_dir(run, workers=0)


def test_leak_index_finds_every_printed_form_in_reading_order() -> None:
    words = [
        Word(1, 100, 100, "(42.0%),", False, ""),
        Word(1, 200, 100, "42", False, "Figure"),
        Word(2, 100, 500, "“1,234.5”", False, "reached"),
        Word(2, 150, 500, "", False, ""),  # an empty word (a lone punctuation mark) is harmless
    ]
    index = leak_index(words)
    assert index["42.0"] == [0] and index["42"] == [1] and index["1,234.5"] == [2] and index[""] == [3]
    assert leak_index([]) == {}
