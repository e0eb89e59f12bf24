"""Export of a generation folder to the published dataset layout, read back through `datasets`.

The generation folder is built here from the schema models (three small reports with real
PDFs made by PyMuPDF), written the way docs/data-layout.md says the generator writes it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pymupdf
import pytest
from datasets import Features, Pdf, load_dataset
from huggingface_hub import DatasetCard

from generation.export.dataset import (
    DOCUMENT_SCHEMA,
    PARQUET_NAME,
    ExportError,
    ExportSummary,
    export_dataset,
    question_schema,
)
from generation.plan.config import GenerationConfig
from generation.run.atomic import dumps_json, write_jsonl_atomic
from synthdocbench_tasks.schema import (
    DOCUMENT_COLUMNS,
    SUBSETS,
    AnswerValue,
    Axes,
    Axis,
    Chart,
    DataPoint,
    DataRef,
    DocumentManifest,
    Insight,
    Question,
    Region,
    Section,
    Table,
    TextFact,
    VisualProperties,
    make_position,
)

SEED = 7
CONFIGS = (*SUBSETS, "documents")
REGIONS = ["Asia", "Europe", "North America", "Latin America"]
TOPICS = [
    ("Utility-scale solar deployment", "energy"),
    ("Urban rail ridership after 2020", "transport"),
    ("Coffee supply chains in East Africa", "agriculture"),
]


def _pdf(title: str, pages: int) -> bytes:
    doc = pymupdf.open()
    for k in range(1, pages + 1):
        page = doc.new_page()
        page.insert_text((72, 72), title, fontsize=16)
        page.insert_text((72, 110), f"Page {k} of {pages}: regional capacity rose again this year.")
    return doc.tobytes()


def _manifest(index: int) -> DocumentManifest:
    doc_id = f"sdb-{SEED}-{index:05d}"
    topic, domain = TOPICS[index]
    values = [round(228.5 / (i + 1) + 3.1 * index, 1) for i in range(len(REGIONS))]
    bar = Chart(
        vizId="viz-s1-1",
        chartType="bar",
        title=f"Installed capacity by region, 2023 (report {index})",
        axes=Axes(x=Axis(label="Region"), y=Axis(label="Capacity", type="linear", unit="GW", range=[0, 260])),
        data=[DataPoint(label=r, value=v) for r, v in zip(REGIONS, values, strict=True)],
        insights=[
            Insight(type="maximum", text="Asia leads installed capacity.", labels=["Asia"], value=values[0])
        ],
        visualProperties=VisualProperties(colorEncoding="single", hasGridlines=True, sortOrder="descending"),
        sourceContext="Regional installation statistics summarised in the overview.",
        section_id="s1",
        index=1,
        figure_number=1,
        regions=[Region(page=1, bbox=[80.0, 300.5, 920.0, 640.0])],
    )
    line = Chart(
        vizId="viz-s2-2",
        chartType="line",
        title="Average module price, 2019-2023",
        axes=Axes(x=Axis(label="Year", type="time"), y=Axis(label="Price", type="linear", unit="USD/W")),
        data=[DataPoint(label=str(2019 + i), value=round(0.38 - 0.05 * i, 2)) for i in range(5)],
        visualProperties=VisualProperties(colorEncoding="single", valueReading="data_labels"),
        sourceContext="Price survey discussed in the market section.",
        section_id="s2",
        index=2,
        figure_number=2,
        regions=[Region(page=2, bbox=[100.0, 150.0, 900.0, 480.0])],
    )
    return DocumentManifest(
        doc_id=doc_id,
        seed=SEED * 1000 + index,
        topic=topic,
        domain=domain,
        archetype=("magazine", "dashboard", "academic")[index],
        page_count=3,
        word_count=1450 + 37 * index,
        sections=[
            Section(section_id="s1", title="Overview", order=1),
            Section(section_id="s2", title="Market prices", order=2),
            Section(section_id="s3", title="Outlook — what comes next", order=3),
        ],
        charts=[bar, line],
        tables=[
            Table(
                table_id="tbl-s3-1",
                title="Planned additions",
                section_id="s3",
                index=1,
                columns=["Region", "GW"],
                rows=[["Asia", "120"], ["Europe", "35"]],
                regions=[Region(page=3, bbox=[90.0, 100.0, 910.0, 300.0])],
            )
        ],
        text_facts=[
            TextFact(
                fact_id="f1",
                sentence="Module prices fell by 27% between 2022 and 2023.",
                values={"change": "-27%"},
                section_id="s2",
                regions=[Region(page=2, bbox=[90.0, 520.0, 910.0, 560.0])],
            )
        ],
    )


def _on_the_bar_chart(m: DocumentManifest, number: int, **fields: Any) -> Question:
    """Chart question ``number`` of ``m``, read from its first chart (the bar chart)."""
    bar = m.charts[0]
    return Question(
        doc_id=m.doc_id,
        question_id=f"{m.doc_id}-chart-{number:03d}",
        subset="chart",
        question_type="chart_reading",
        chart_index=1,
        chart_title=bar.title,
        chart_type="bar",
        evidence=bar.regions,
        position=make_position(1, 2, "chart"),
        **fields,
    )


def _questions(m: DocumentManifest, with_complex: bool = True) -> list[Question]:
    bar, line = m.charts
    asia = bar.data[0]
    gap = round(asia.value - bar.data[1].value, 1)
    qs = [
        _on_the_bar_chart(
            m,
            2,
            category="comparison",
            difficulty="L2",
            question=f"In '{bar.title}', how much larger is Asia than Europe?",
            answer=f"Asia exceeds Europe by {gap} GW.",
            answer_values=[AnswerValue(kind="number", text="gap", value=gap, unit="GW")],
            reasoning=["Read Asia's bar.", "Read Europe's bar.", "Subtract."],
            required_data_points=[DataRef(label=d.label, value=d.value) for d in bar.data[:2]],
        ),
        _on_the_bar_chart(
            m,
            1,
            category="value_reading",
            difficulty="L1",
            question=f"What capacity does '{bar.title}' show for Asia?",
            answer=f"Asia has {asia.value} GW of installed capacity.",
            answer_values=[
                AnswerValue(
                    kind="number", text=f"{asia.value} GW", value=asia.value, unit="GW", rel_tol=0.02
                ),
                AnswerValue(kind="label", text="Asia", aliases=["Asian region"]),
            ],
            reasoning=["Find the bar chart in the overview.", "Read the Asia bar against the axis."],
            required_data_points=[DataRef(label="Asia", value=asia.value)],
        ),
        Question(
            doc_id=m.doc_id,
            question_id=f"{m.doc_id}-xm-001",
            subset="cross_modal",
            question_type="cross_modal",
            category="verify_with_chart",
            difficulty="L4",
            question="The text says module prices fell by 27% from 2022 to 2023. Does the price chart agree?",
            answer="Yes: the chart falls from 0.23 to 0.18 USD/W, about 22%, close to the claimed 27%.",
            answer_values=[
                AnswerValue(kind="number", text="0.18 USD/W", value=0.18, unit="USD/W", abs_tol=0.01)
            ],
            reasoning=["Locate the claim in Market prices.", "Read 2022 and 2023 from the line chart."],
            required_facts_text=[m.text_facts[0].sentence],
            fact_sources=["s2"],
            chart_index=2,
            chart_title=line.title,
            chart_type="line",
            required_data_points=[DataRef(label=d.label, value=d.value) for d in line.data[3:]],
            evidence=[*line.regions, *m.text_facts[0].regions],
            position=make_position(2, 2, "chart"),
        ),
    ]
    if with_complex:
        qs.append(
            Question(
                doc_id=m.doc_id,
                question_id=f"{m.doc_id}-cx-001",
                subset="complex",
                question_type="multi_hop",
                category="technical_quantitative",
                difficulty="L3",
                question="What is the combined capacity of Asia and Europe plus their planned additions?",
                answer=f"About {round(asia.value + bar.data[1].value + 155, 1)} GW in total.",
                answer_values=[
                    AnswerValue(
                        kind="number",
                        text="total",
                        value=round(asia.value + bar.data[1].value + 155, 1),
                        unit="GW",
                    )
                ],
                reasoning=["Read both bars.", "Read the planned additions table.", "Add the four numbers."],
                required_facts=[0, 1],
                required_facts_text=["Asia: 120 GW planned", "Europe: 35 GW planned"],
                fact_sources=["s3", "s3"],
                evidence=[*bar.regions, *m.tables[0].regions],
                position=make_position(3, 3, "page"),
            )
        )
    return qs


@dataclass
class Written:
    """What a test generation folder holds, for comparison with the export."""

    config: GenerationConfig
    manifests: dict[str, DocumentManifest] = field(default_factory=dict)
    questions: dict[str, Question] = field(default_factory=dict)
    pdfs: dict[str, bytes] = field(default_factory=dict)


@dataclass
class Exported:
    written: Written
    root: Path
    gen: Path
    ds: Path
    summary: ExportSummary


def make_generation_folder(root: Path, n_docs: int = 3, with_complex: bool = True) -> Written:
    """Write GEN/ as the generator does; return what was written, for comparison."""
    config = GenerationConfig(seed=SEED, n_docs=n_docs, min_pages=4, max_pages=4, min_charts=2, max_charts=2)
    (root / "docs").mkdir(parents=True)
    (root / "config.json").write_text(dumps_json(config.model_dump(mode="json")), encoding="utf-8")
    written = Written(config)
    for index in range(n_docs):
        m = _manifest(index)
        d = root / "docs" / m.doc_id
        d.mkdir()
        written.pdfs[m.doc_id] = _pdf(m.topic, m.page_count)
        (d / "document.pdf").write_bytes(written.pdfs[m.doc_id])
        (d / "document.html").write_text(f"<html><body><h1>{m.topic}</h1></body></html>", encoding="utf-8")
        (d / "manifest.json").write_text(dumps_json(m.model_dump(mode="json")), encoding="utf-8")
        qs = _questions(m, with_complex)
        write_jsonl_atomic(d / "questions.jsonl", [q.model_dump(mode="json") for q in qs])
        (d / "DONE").write_text("ok\n", encoding="utf-8")
        written.manifests[m.doc_id] = m
        written.questions.update({q.question_id: q for q in qs})
    return written


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Exported:
    root = tmp_path_factory.mktemp("export")
    written = make_generation_folder(root / "gen")
    summary = export_dataset(root / "gen", root / "ds")
    return Exported(written, root, root / "gen", root / "ds", summary)


def test_layout_and_summary(exported: Exported) -> None:
    ds = exported.ds
    pdfs = [f"pdfs/{doc_id}.pdf" for doc_id in sorted(exported.written.manifests)]
    data = sorted(f"data/{c}/{PARQUET_NAME}" for c in (*CONFIGS, "pdfs"))
    assert sorted(_files(ds)) == ["README.md", *data, *pdfs]
    assert exported.summary.rows == {"chart": 6, "cross_modal": 3, "complex": 3, "documents": 3}
    assert exported.summary.skipped == ()
    assert "chart 6" in str(exported.summary)
    assert not [p for p in ds.parent.iterdir() if p.name.startswith(".")], "temp folder left behind"


@pytest.mark.parametrize("subset", SUBSETS)
def test_question_configs_round_trip_through_load_dataset(
    exported: Exported, subset: str, tmp_path: Path
) -> None:
    rows = load_dataset(str(exported.ds), subset, split="test", cache_dir=str(tmp_path))
    got = [Question.model_validate(r) for r in rows]
    expected = sorted(
        (q for q in exported.written.questions.values() if q.subset == subset), key=lambda q: q.question_id
    )
    assert got == expected
    assert [q.question_id for q in got] == sorted(q.question_id for q in got)


def test_parquet_file_loads_with_data_files(exported: Exported, tmp_path: Path) -> None:
    path = exported.ds / "data" / "chart" / PARQUET_NAME
    rows = load_dataset("parquet", data_files={"test": str(path)}, split="test", cache_dir=str(tmp_path))
    assert rows.num_rows == 6
    first = Question.model_validate(rows[0])
    assert first == exported.written.questions[first.question_id]
    assert rows.features == Features.from_arrow_schema(question_schema())


def test_documents_config_round_trips_pdf_and_manifest(exported: Exported, tmp_path: Path) -> None:
    rows = load_dataset(str(exported.ds), "documents", split="test", cache_dir=str(tmp_path))
    assert tuple(rows.column_names) == DOCUMENT_COLUMNS
    assert rows["doc_id"] == sorted(exported.written.manifests)
    for row in rows:
        manifest = exported.written.manifests[row["doc_id"]]
        assert row["pdf_path"] == f"pdfs/{row['doc_id']}.pdf"
        data = (exported.ds / row["pdf_path"]).read_bytes()
        assert data == exported.written.pdfs[row["doc_id"]]
        with pymupdf.open(stream=data, filetype="pdf") as pdf:
            assert pdf.page_count == manifest.page_count == row["page_count"]
            assert manifest.topic in pdf[0].get_text()
        assert DocumentManifest.model_validate_json(row["manifest"]) == manifest
        assert row["manifest"] == (exported.gen / "docs" / row["doc_id"] / "manifest.json").read_text()
        assert (row["chart_count"], row["word_count"]) == (len(manifest.charts), manifest.word_count)
        assert (row["archetype"], row["topic"], row["domain"]) == (
            manifest.archetype,
            manifest.topic,
            manifest.domain,
        )


def test_card_declares_exactly_the_exported_files(exported: Exported, tmp_path: Path) -> None:
    ds = exported.ds
    card = DatasetCard.load(ds / "README.md")
    meta = card.data.to_dict()
    default, *named = meta["configs"]
    assert [c["config_name"] for c in named] == [*CONFIGS, "pdfs"]  # pdfs: the PDFs as a Pdf column
    assert default["config_name"] == "default" and default["default"] is True  # load_dataset(PATH)
    everything = load_dataset(str(ds), split="test", cache_dir=str(tmp_path))
    assert everything.num_rows == sum(exported.summary.rows[s] for s in ("chart", "cross_modal", "complex"))
    infos = {i["config_name"]: i for i in meta["dataset_info"]}
    for config in named:
        name = config["config_name"]
        (data_files,) = config["data_files"]
        if name == "pdfs":
            pdfs = load_dataset(str(ds), name, split="test", cache_dir=str(tmp_path))
            raw = pdfs.cast_column("pdf", Pdf(decode=False))
            assert all(r["pdf"]["bytes"] == (ds / "pdfs" / f"{r['doc_id']}.pdf").read_bytes() for r in raw)
            assert raw.num_rows == exported.summary.rows["documents"]
            continue
        assert data_files["split"] == "test"
        assert sorted(ds.glob(data_files["path"])) == [ds / "data" / name / PARQUET_NAME]
        schema = pq.read_schema(ds / "data" / name / PARQUET_NAME)
        assert Features._from_yaml_list(infos[name]["features"]) == Features.from_arrow_schema(schema)
        (split,) = infos[name]["splits"]
        assert (split["name"], split["num_examples"]) == ("test", exported.summary.rows[name])
        loaded = load_dataset(str(ds), name, split="test", cache_dir=str(tmp_path))
        assert loaded.features == Features.from_arrow_schema(schema)
    assert meta["size_categories"] == ["n<1K"]
    assert f"--seed {SEED}" in card.text and "synthdocbench export gen --out dataset" in card.text


def test_schemas_follow_the_data_contract() -> None:
    assert question_schema().names == list(Question.model_fields)
    assert tuple(DOCUMENT_SCHEMA.names) == DOCUMENT_COLUMNS
    position = question_schema().field("position").type
    assert [f.name for f in position] == ["index", "count", "relative", "bucket", "basis"]


def test_export_is_byte_identical(exported: Exported) -> None:
    root = exported.root
    again = export_dataset(exported.gen, root / "ds-again")
    assert again.rows == exported.summary.rows
    assert _files(root / "ds-again") == _files(exported.ds)
    export_dataset(exported.gen, root / "ds-again")  # replacing a previous export in place
    assert _files(root / "ds-again") == _files(exported.ds)


def test_empty_subset_keeps_its_columns(tmp_path: Path) -> None:
    make_generation_folder(tmp_path / "gen", n_docs=1, with_complex=False)
    summary = export_dataset(tmp_path / "gen", tmp_path / "ds")
    assert summary.rows["complex"] == 0
    assert any("subset complex has no questions" in w for w in summary.warnings)
    path = tmp_path / "ds" / "data" / "complex" / PARQUET_NAME
    table = pq.read_table(path)
    assert table.num_rows == 0 and table.schema.equals(question_schema())
    card = DatasetCard.load(tmp_path / "ds" / "README.md").data.to_dict()
    (info,) = [i for i in card["dataset_info"] if i["config_name"] == "complex"]
    assert info["splits"][0]["num_examples"] == 0
    assert Features._from_yaml_list(info["features"]) == Features.from_arrow_schema(question_schema())
    chart = load_dataset(str(tmp_path / "ds"), "chart", split="test", cache_dir=str(tmp_path / "cache"))
    assert chart.num_rows == 2


def test_document_without_done_is_skipped(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    written = make_generation_folder(tmp_path / "gen")
    unfinished = sorted(written.manifests)[1]
    (tmp_path / "gen" / "docs" / unfinished / "DONE").unlink()
    summary = export_dataset(tmp_path / "gen", tmp_path / "ds")
    assert summary.skipped == (unfinished,)
    assert len(summary.warnings) == 1 and unfinished in summary.warnings[0]
    assert unfinished in caplog.text
    assert summary.rows == {"chart": 4, "cross_modal": 2, "complex": 2, "documents": 2}
    docs = pq.read_table(tmp_path / "ds" / "data" / "documents" / PARQUET_NAME)
    assert unfinished not in docs.column("doc_id").to_pylist()
    for subset in SUBSETS:
        ids = pq.read_table(tmp_path / "ds" / "data" / subset / PARQUET_NAME).column("doc_id").to_pylist()
        assert unfinished not in ids


def _export_fails(gen: Path, out: Path) -> str:
    with pytest.raises(ExportError) as info:
        export_dataset(gen, out)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_corrupt_manifest_is_one_clear_line_and_keeps_the_old_export(tmp_path: Path) -> None:
    written = make_generation_folder(tmp_path / "gen")
    export_dataset(tmp_path / "gen", tmp_path / "ds")
    before = _files(tmp_path / "ds")
    bad = tmp_path / "gen" / "docs" / sorted(written.manifests)[2] / "manifest.json"
    bad.write_text(bad.read_text()[:200], encoding="utf-8")
    message = _export_fails(tmp_path / "gen", tmp_path / "ds")
    assert str(bad) in message and "not valid JSON" in message and "line " in message and "DONE" in message
    assert _files(tmp_path / "ds") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ds", "gen"], "temp folder left behind"


def test_invalid_manifest_names_the_field(tmp_path: Path) -> None:
    written = make_generation_folder(tmp_path / "gen")
    bad = tmp_path / "gen" / "docs" / sorted(written.manifests)[0] / "manifest.json"
    data = json.loads(bad.read_text())
    data["archetype"] = "scrapbook"
    bad.write_text(dumps_json(data), encoding="utf-8")
    message = _export_fails(tmp_path / "gen", tmp_path / "ds")
    assert str(bad) in message and "archetype" in message and "scrapbook" in message
    assert not (tmp_path / "ds").exists()


def test_corrupt_question_line_names_file_and_line(tmp_path: Path) -> None:
    written = make_generation_folder(tmp_path / "gen")
    path = tmp_path / "gen" / "docs" / sorted(written.manifests)[0] / "questions.jsonl"
    lines = path.read_text().splitlines()
    lines[1] = lines[1][:40]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    message = _export_fails(tmp_path / "gen", tmp_path / "ds")
    assert f"{path} line 2: not valid JSON" in message


def test_invalid_question_names_line_and_field(tmp_path: Path) -> None:
    written = make_generation_folder(tmp_path / "gen")
    path = tmp_path / "gen" / "docs" / sorted(written.manifests)[0] / "questions.jsonl"
    lines = path.read_text().splitlines()
    record = json.loads(lines[2])
    record["category"] = "value_reading"  # a chart category on a cross_modal question
    lines[2] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    message = _export_fails(tmp_path / "gen", tmp_path / "ds")
    assert f"{path} line 3: invalid question" in message and "value_reading" in message


def test_missing_generation_folder(tmp_path: Path) -> None:
    message = _export_fails(tmp_path / "nowhere", tmp_path / "ds")
    assert "does not exist" in message and "synthdocbench generate" in message


def test_no_finished_documents(tmp_path: Path) -> None:
    written = make_generation_folder(tmp_path / "gen", n_docs=1)
    (tmp_path / "gen" / "docs" / next(iter(written.manifests)) / "DONE").unlink()
    assert "no finished documents" in _export_fails(tmp_path / "gen", tmp_path / "ds")


def test_no_questions_at_all(tmp_path: Path) -> None:
    written = make_generation_folder(tmp_path / "gen", n_docs=2)
    for doc_id in written.manifests:
        (tmp_path / "gen" / "docs" / doc_id / "questions.jsonl").write_text("", encoding="utf-8")
    assert "no questions" in _export_fails(tmp_path / "gen", tmp_path / "ds")
    assert not (tmp_path / "ds").exists()


def test_refuses_to_overwrite_a_folder_that_is_not_an_export(tmp_path: Path) -> None:
    make_generation_folder(tmp_path / "gen", n_docs=1)
    (tmp_path / "ds").mkdir()
    (tmp_path / "ds" / "notes.txt").write_text("keep me", encoding="utf-8")
    assert "notes.txt" in _export_fails(tmp_path / "gen", tmp_path / "ds")
    assert (tmp_path / "ds" / "notes.txt").read_text() == "keep me"


def test_pdf_that_disagrees_with_its_manifest(tmp_path: Path) -> None:
    written = make_generation_folder(tmp_path / "gen", n_docs=2)
    doc_id = sorted(written.manifests)[1]
    pdf = tmp_path / "gen" / "docs" / doc_id / "document.pdf"
    pdf.write_bytes(_pdf("Shortened report", 2))
    assert f"{pdf} has 2 pages but its manifest says 3" in _export_fails(tmp_path / "gen", tmp_path / "ds")
    pdf.write_bytes(b"<html>not a pdf</html>")
    assert f"{pdf} is not a PDF" in _export_fails(tmp_path / "gen", tmp_path / "ds")
    pdf.write_bytes(b"%PDF-1.7\n" + bytes(100))
    assert f"{pdf} is not a readable PDF" in _export_fails(tmp_path / "gen", tmp_path / "ds")
