"""Pushing an export: folder checks, dry run, and the two ways a real push fails offline."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from generation.export.dataset import DOCUMENT_SCHEMA, question_schema
from hf_card.card import CardInfo, DocumentStats, QuestionStats, build_card
from hf_card.push import PushError, push_dataset, validate_folder
from synthdocbench_tasks.schema import CATEGORIES, SUBSETS, AnswerValue, Question, make_position

ROOT = Path(__file__).resolve().parents[2]
DOC_ID = "sdb-3-00000"


def make_export(folder: Path, repo_id: str | None = "acme/synthdoc-mini") -> Path:
    """A complete export folder: one question per subset, one document, and its card (naming
    ``repo_id``; None: the placeholder ``ORG/NAME``)."""
    questions = [
        Question(
            question_id=f"{DOC_ID}-{subset}-001",
            doc_id=DOC_ID,
            subset=subset,
            question_type=subset,
            category=CATEGORIES[subset][0],
            difficulty="L2",
            question="Which region had the higher grid loss in 2022?",
            answer="The north had the higher loss, 7.4%.",
            answer_values=[
                AnswerValue(kind="label", text="north"),
                AnswerValue(kind="number", text="7.4%", value=7.4),
            ],
            reasoning=["Compare the two bars for 2022."],
            position=make_position(2, 3, "page"),
        )
        for subset in SUBSETS
    ]
    for q in questions:
        path = folder / "data" / q.subset / "test-00000-of-00001.parquet"
        path.parent.mkdir(parents=True)
        pq.write_table(pa.Table.from_pylist([q.model_dump()], schema=question_schema()), path)
    doc = {
        "doc_id": DOC_ID,
        "pdf_path": f"pdfs/{DOC_ID}.pdf",
        "manifest": "{}",
        "page_count": 3,
        "word_count": 1200,
        "chart_count": 2,
        "archetype": "dashboard",
        "topic": "Grid losses",
        "domain": "energy",
    }
    (folder / "pdfs").mkdir(parents=True)
    (folder / "pdfs" / f"{DOC_ID}.pdf").write_bytes(b"%PDF-1.7\n" + bytes(2048))
    (folder / "data" / "documents").mkdir(parents=True)
    pq.write_table(
        pa.Table.from_pylist([doc], schema=DOCUMENT_SCHEMA),
        folder / "data" / "documents" / "test-00000-of-00001.parquet",
    )
    info = CardInfo(
        documents=[DocumentStats(DOC_ID, 3, 1200, 2, "dashboard", ("bar", "line"))],
        questions=[QuestionStats(q.subset, q.category, q.difficulty) for q in questions],
        generation_config={"seed": 3, "n_docs": 1},
        regenerate_command="synthdocbench generate --config generation.yaml --seed 3 --n-docs 1 --out gen",
        repo_id=repo_id,
    )
    (folder / "README.md").write_text(build_card(folder, info), encoding="utf-8")
    (folder / "notes.txt").write_text("local notes, not uploaded", encoding="utf-8")
    return folder


def name_repo_in_card(folder: Path, repo_id: str) -> Path:
    """The card of an export made without ``--repo-id``, with the placeholder replaced."""
    card = folder / "README.md"
    card.write_text(card.read_text(encoding="utf-8").replace("ORG/NAME", repo_id), encoding="utf-8")
    return folder


def _closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_dry_run_lists_files_and_sizes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_export(tmp_path / "ds")
    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{_closed_port()}")  # any network use would fail
    result = push_dataset(folder, "acme/synthdoc-mini", dry_run=True)
    expected = [
        "README.md",
        *(f"data/{c}/test-00000-of-00001.parquet" for c in sorted([*SUBSETS, "documents"])),
        f"pdfs/{DOC_ID}.pdf",
    ]
    assert [f.path for f in result.files] == expected
    assert all(f.size == (folder / f.path).stat().st_size for f in result.files)
    assert result.total_bytes == sum((folder / p).stat().st_size for p in expected)
    assert result.dry_run and result.commit_url is None
    assert result.url.endswith("/datasets/acme/synthdoc-mini")
    text = str(result)
    assert text.startswith("would upload 6 files") and "data/documents/test-00000-of-00001.parquet" in text
    assert "notes.txt" not in text


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (lambda f: (f / "README.md").unlink(), "README.md (the dataset card) is missing"),
        (
            lambda f: (f / "data" / "complex" / "test-00000-of-00001.parquet").unlink(),
            "complex holds no Parquet",
        ),
        (
            lambda f: (f / "README.md").write_text("# no front matter\n"),
            "does not declare the 'chart' config",
        ),
        (lambda f: (f / "pdfs" / f"{DOC_ID}.pdf").unlink(), f"names the PDF 'pdfs/{DOC_ID}.pdf' but"),
        (
            lambda f: (f / "data" / "documents" / "test-00000-of-00001.parquet").write_bytes(b"PAR1trunc"),
            "is not a readable Parquet file",
        ),
    ],
)
def test_incomplete_folder_is_refused_before_any_upload(
    tmp_path: Path, damage: Callable[[Path], object], expected: str
) -> None:
    folder = make_export(tmp_path / "ds")
    damage(folder)
    with pytest.raises(PushError, match=re.escape(expected)) as info:
        push_dataset(folder, "acme/synthdoc-mini", dry_run=True)
    assert "synthdocbench export" in str(info.value) and "\n" not in str(info.value)


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(PushError, match="does not exist; run `synthdocbench export"):
        validate_folder(tmp_path / "nowhere")


@pytest.mark.parametrize("repo_id", ["just-a-name", "a/b/c", "acme/bad name"])
def test_bad_repo_id(tmp_path: Path, repo_id: str) -> None:
    folder = make_export(tmp_path / "ds")
    with pytest.raises(PushError, match="use ORG/NAME"):
        push_dataset(folder, repo_id, dry_run=True)


@pytest.mark.slow
def test_missing_token_says_how_to_log_in(tmp_path: Path) -> None:
    folder = make_export(tmp_path / "ds")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_TOKEN_PATH"}
    }
    env["HF_HOME"] = str(tmp_path / "empty-hf-home")  # no stored login
    env["HF_ENDPOINT"] = f"http://127.0.0.1:{_closed_port()}"
    code = f"from hf_card.push import push_dataset; push_dataset({str(folder)!r}, 'acme/synthdoc-mini')"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode != 0
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert "no Hugging Face token" in lines[0] and "hf auth login" in lines[0] and "HF_TOKEN" in lines[0]


def test_unreachable_hub_names_the_endpoint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_export(tmp_path / "ds")
    endpoint = f"http://127.0.0.1:{_closed_port()}"
    monkeypatch.setenv("HF_ENDPOINT", endpoint)
    with pytest.raises(PushError) as info:
        push_dataset(folder, "acme/synthdoc-mini", token="hf_not_a_real_token")
    message = str(info.value)
    assert f"cannot reach the Hugging Face Hub at {endpoint}" in message and "HF_ENDPOINT" in message
    assert "\n" not in message
