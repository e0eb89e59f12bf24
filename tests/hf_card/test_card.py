"""The dataset card built from Parquet files on disk, parsed back with huggingface_hub."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from datasets import Features
from huggingface_hub import DatasetCard

from generation.export.dataset import DOCUMENT_SCHEMA, question_schema
from hf_card.card import (
    CONFIGS,
    CardError,
    CardInfo,
    DocumentStats,
    QuestionStats,
    build_card,
    describe_fields,
    generator_version,
    size_category,
)
from synthdocbench_tasks.schema import (
    CATEGORIES,
    DOCUMENT_COLUMNS,
    SUBSETS,
    AnswerValue,
    Question,
    Region,
    Subset,
    make_position,
)

ROOT = Path(__file__).resolve().parents[2]
COMMAND = "synthdocbench generate --config generation.yaml --seed 11 --n-docs 2 --out gen"


def _question(doc_id: str, subset: Subset, n: int) -> Question:
    category = CATEGORIES[subset][n % 3]
    return Question(
        question_id=f"{doc_id}-{subset}-{n:03d}",
        doc_id=doc_id,
        subset=subset,
        question_type=subset,
        category=category,
        difficulty=("L1", "L2", "L3", "L4", "L5")[n % 5],
        question=f"What does figure {n + 1} report for wind capacity in 2021?",
        answer=f"It reports {40 + n} GW.",
        answer_values=[AnswerValue(kind="number", text=f"{40 + n} GW", value=40.0 + n, unit="GW")],
        reasoning=["Find the figure.", "Read the 2021 point."],
        chart_index=n + 1,
        chart_title=f"Wind capacity, figure {n + 1}",
        chart_type="line",
        evidence=[Region(page=n + 1, bbox=[100.0, 200.0, 800.0, 600.0])],
        position=make_position(n % 4 + 1, 4, "chart"),
    )


def write_export(folder: Path, per_subset: int = 2, *, seed: int = 11) -> CardInfo:
    """Parquet files for the four configs, written with pyarrow; returns the matching card info."""
    docs = [
        DocumentStats(
            f"sdb-{seed}-{i:05d}", 24 + i, 9800 + 250 * i, 4, ("magazine", "academic")[i], ("line",) * 4
        )
        for i in range(2)
    ]
    questions = [_question(docs[n % 2].doc_id, s, n) for s in SUBSETS for n in range(per_subset)]
    for subset in SUBSETS:
        rows = [q.model_dump() for q in questions if q.subset == subset]
        path = folder / "data" / subset / "test-00000-of-00001.parquet"
        path.parent.mkdir(parents=True)
        pq.write_table(pa.Table.from_pylist(rows, schema=question_schema()), path)
    doc_rows = [
        {
            "doc_id": d.doc_id,
            "pdf_path": f"pdfs/{d.doc_id}.pdf",
            "manifest": "{}",
            "page_count": d.page_count,
            "word_count": d.word_count,
            "chart_count": d.chart_count,
            "archetype": d.archetype,
            "topic": "Offshore wind build-out",
            "domain": "energy",
        }
        for d in docs
    ]
    (folder / "data" / "documents").mkdir(parents=True)
    pq.write_table(
        pa.Table.from_pylist(doc_rows, schema=DOCUMENT_SCHEMA),
        folder / "data" / "documents" / "test-00000-of-00001.parquet",
    )
    return CardInfo(
        documents=docs,
        questions=[QuestionStats(q.subset, q.category, q.difficulty) for q in questions],
        generation_config={"seed": seed, "n_docs": 2, "renderer": "d3", "questions_per_subset": per_subset},
        regenerate_command=COMMAND + "\nsynthdocbench export gen --out dataset",
    )


def test_front_matter_parses_and_matches_the_files(tmp_path: Path) -> None:
    info = write_export(tmp_path)
    card = DatasetCard(build_card(tmp_path, info))
    meta = card.data.to_dict()
    assert meta["license"] == "apache-2.0"
    assert meta["language"] == ["en"]
    assert meta["task_categories"] == ["visual-question-answering", "document-question-answering"]
    assert meta["annotations_creators"] == ["machine-generated"]
    assert meta["pretty_name"] == "SynthDocBench"
    assert meta["size_categories"] == ["n<1K"]
    default, *named = meta["configs"]
    assert default == {
        "config_name": "default",
        "default": True,
        "data_files": [{"split": "test", "path": [f"data/{c}/*.parquet" for c in SUBSETS]}],
    }
    assert named == [
        {"config_name": c, "data_files": [{"split": "test", "path": f"data/{c}/*.parquet"}]} for c in CONFIGS
    ]
    default_info, *infos = meta["dataset_info"]
    assert default_info["splits"][0]["num_examples"] == sum(
        pq.read_metadata(tmp_path / "data" / c / "test-00000-of-00001.parquet").num_rows for c in SUBSETS
    )
    for declared in infos:
        path = tmp_path / "data" / declared["config_name"] / "test-00000-of-00001.parquet"
        assert Features._from_yaml_list(declared["features"]) == Features.from_arrow_schema(
            pq.read_schema(path)
        )
        (split,) = declared["splits"]
        assert split["num_examples"] == pq.read_metadata(path).num_rows
        assert declared["download_size"] == path.stat().st_size


def test_card_has_the_usual_sections_and_validates_offline(tmp_path: Path) -> None:
    """huggingface_hub's card model (no network: ``validate`` would ask the Hub) and the
    sections a Hub reader expects (issue 27.3)."""
    text = build_card(tmp_path, write_export(tmp_path))
    card = DatasetCard(text)
    DatasetCard(card.content)  # round-trips
    assert card.data.license == "apache-2.0"
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    for section in ("Quick start", "Dataset structure", "How it was generated", "Intended use",
                    "Limitations", "License", "Citation"):  # fmt: skip
        assert f"## {section}" in headings
    assert "The SynthDocBench authors" not in text and "author        = {{ServiceNow}}" in text
    assert "https://github.com/ServiceNow/SynthDocBench" in text
    assert f"made by `synthdocbench` {generator_version()}" in text
    assert "SYNTHDOC_JUDGE=" in text and "max_new_tokens=512" in text


def test_body_describes_every_column_and_how_to_regenerate(tmp_path: Path) -> None:
    text = build_card(tmp_path, write_export(tmp_path))
    for column in [*Question.model_fields, *DOCUMENT_COLUMNS]:
        assert f"| `{column}` |" in text
    for nested in (
        "answer_values[].rel_tol",
        "evidence[].bbox",
        "position.bucket",
        "required_data_points[].value",
    ):
        assert f"| `{nested}` |" in text
    assert COMMAND in text and "seed: 11" in text and "root seed (here 11)" in text
    assert "SynthDocBench: Controlled Benchmark for Long-Context Visual Document Understanding" in text
    assert "| `chart` | 1 | 1 | 0 | 0 | 0 | 2 |" in text  # difficulty counts
    assert "Replace `ORG/NAME`" in text


def test_every_contract_field_has_a_description() -> None:
    rows = describe_fields(question_schema(), "chart") + describe_fields(DOCUMENT_SCHEMA, "documents")
    assert all(r["meaning"] for r in rows)
    documented = {r["name"] for r in rows}
    assert set(Question.model_fields) | set(DOCUMENT_COLUMNS) <= documented


def test_undescribed_column_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CardError, match="'shoe_size' of config 'chart' has no description"):
        describe_fields(pa.schema([("shoe_size", pa.int64())]), "chart")


def test_card_is_deterministic_and_independent_of_input_order(tmp_path: Path) -> None:
    info = write_export(tmp_path, per_subset=5)
    first = build_card(tmp_path, info)
    shuffled = list(info.questions)
    random.Random(3).shuffle(shuffled)
    again = dataclasses.replace(info, questions=shuffled, documents=list(reversed(info.documents)))
    assert build_card(tmp_path, again) == first


def test_repo_id_goes_into_the_usage_example(tmp_path: Path) -> None:
    info = dataclasses.replace(write_export(tmp_path), repo_id="acme/synthdoc-mini")
    text = build_card(tmp_path, info)
    assert 'load_dataset("acme/synthdoc-mini", "chart", split="test")' in text
    assert "ORG/NAME" not in text


def test_counts_that_disagree_with_the_files_are_refused(tmp_path: Path) -> None:
    info = write_export(tmp_path)
    short = dataclasses.replace(info, questions=list(info.questions)[1:])
    with pytest.raises(CardError, match="data/chart has 2 rows but the card info counts 1"):
        build_card(tmp_path, short)


def test_missing_config_folder_is_named(tmp_path: Path) -> None:
    info = write_export(tmp_path)
    for f in (tmp_path / "data" / "complex").iterdir():
        f.unlink()
    with pytest.raises(CardError, match="data/complex holds no Parquet files"):
        build_card(tmp_path, info)


def test_template_without_front_matter_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CardError, match="lost the configs front matter"):
        build_card(tmp_path, write_export(tmp_path), template="# {{ pretty_name }}\n")


@pytest.mark.parametrize(
    ("n", "tag"), [(0, "n<1K"), (999, "n<1K"), (1000, "1K<n<10K"), (1788, "1K<n<10K"), (250_000, "100K<n<1M")]
)
def test_size_category(n: int, tag: str) -> None:
    assert size_category(n) == tag


@pytest.mark.slow
def test_hf_card_does_not_import_generation() -> None:
    code = (
        "import sys, hf_card.card, hf_card.push\n"
        "bad = sorted(m for m in sys.modules if m == 'generation' or m.startswith('generation.'))\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_card_says_where_the_pdfs_are_and_how_to_pin_a_revision(tmp_path: Path) -> None:
    info = dataclasses.replace(write_export(tmp_path), repo_id="acme/synthdoc-mini")
    text = build_card(tmp_path, info)
    assert "| `pdf_path` | string |" in text and "`pdfs/<doc_id>.pdf`" in text
    assert 'hf_hub_download("acme/synthdoc-mini", documents[0]["pdf_path"], repo_type="dataset")' in text
    assert "SYNTHDOC_DATASET=acme/synthdoc-mini@REVISION" in text
    assert "raw PDF bytes" not in text


def test_the_export_loads_by_its_path_alone_and_by_config(tmp_path: Path) -> None:
    """``load_dataset(PATH)`` loads the default config, the union of the three subsets
    (issue 27.3); ``load_dataset(PATH, "chart")`` one subset. A local folder needs no network."""
    from datasets import load_dataset

    folder = tmp_path / "ds"
    info = write_export(folder)
    (folder / "README.md").write_text(build_card(folder, info), encoding="utf-8")
    cache = str(tmp_path / "cache")
    everything = load_dataset(str(folder), split="test", cache_dir=cache)
    chart = load_dataset(str(folder), "chart", split="test", cache_dir=cache)
    assert sorted(set(everything["subset"])) == sorted(SUBSETS)
    assert everything.num_rows == sum(1 for q in info.questions)
    assert set(chart["subset"]) == {"chart"} and chart.num_rows < everything.num_rows


def test_the_pdfs_config_is_a_column_datasets_reads(tmp_path: Path) -> None:
    """The ``pdfs`` config (issue 27.3): the PDFs as a ``datasets`` ``Pdf`` column."""
    from datasets import Pdf, load_dataset

    from hf_card.card import pdf_schema

    folder = tmp_path / "ds"
    info = write_export(folder)
    pdf = b"%PDF-1.7\n" + bytes(100)
    rows = [{"doc_id": d.doc_id, "pdf": {"bytes": pdf, "path": f"{d.doc_id}.pdf"}} for d in info.documents]
    (folder / "data" / "pdfs").mkdir()
    pq.write_table(pa.Table.from_pylist(rows, schema=pdf_schema()), folder / "data" / "pdfs" / "test.parquet")
    text = build_card(folder, info)
    (folder / "README.md").write_text(text, encoding="utf-8")
    meta = DatasetCard(text).data.to_dict()
    assert [c["config_name"] for c in meta["configs"]][-1] == "pdfs" and '"pdfs", split="test"' in text
    loaded = load_dataset(str(folder), "pdfs", split="test", cache_dir=str(tmp_path / "cache"))
    assert isinstance(loaded.features["pdf"], Pdf)
    raw = loaded.cast_column("pdf", Pdf(decode=False))
    assert [r["doc_id"] for r in raw] == [d.doc_id for d in info.documents]
    assert raw[0]["pdf"]["bytes"] == pdf
    assert load_dataset(str(folder), split="test", cache_dir=str(tmp_path / "cache")).num_rows == len(
        info.questions
    )
